// SPDX-License-Identifier: MIT
#pragma once
// Owns the collectives stage's request (collective, algorithm, protocol, ranks, nodes, size, preset) and
// re-runs the pure model stages when it changes: predict, candidates, makeSchedule, verify. Widgets only
// display what it emits (docs/HACKING.md, "Pages": widgets never call the cost model).
#include "model/collectives/costmodel.h"
#include "model/collectives/hardware.h"
#include "model/collectives/schedule.h"

#include <QObject>
#include <QString>
#include <optional>
#include <string>
#include <vector>

namespace tutor::app {

/// What the user chose in the parameter panel.
struct CollectivesParams {
    model::Collective op = model::Collective::AllReduce;
    model::Algorithm algorithm = model::Algorithm::Ring;
    model::Protocol protocol = model::Protocol::Auto;
    int ranks = 8;
    int nodes = 1;
    model::Bytes bytes = 64 * model::MiB;
    std::string presetId = "hgx-h100";
    /// "What if" overrides of the preset's links; a negative value (or 0 NICs) keeps the preset's figure.
    double intraAlphaUs = -1;
    double intraBandwidthGBps = -1;
    double interAlphaUs = -1;
    double interBandwidthGBps = -1; ///< per NIC
    int nicsPerNode = 0;
    bool sharp = false; ///< in-network reduction between nodes (CollNet)
    bool operator==(const CollectivesParams&) const = default;
};

/// Everything the stage shows for one set of parameters.
struct CollectivesResult {
    CollectivesParams params;
    model::Topology topology;
    bool topologyOk = false;
    model::Problems problems; ///< why there is no cost (empty when cost is set)
    std::optional<model::CollectiveCost> cost; ///< the chosen algorithm and protocol
    std::optional<model::CollectiveCost> autoPick; ///< what `auto` would choose for the same request
    /// What `auto` (NCCL's tuner) picks for the same machine at 8 B, 64 KiB, 1 MiB, 16 MiB, 256 MiB and 4 GiB.
    std::vector<model::CollectiveCost> picksBySize;
    std::vector<model::CollectiveCost> candidates; ///< every runnable pair, cheapest first
    /// Algorithms defined for the collective that this machine or rank count cannot run, with the reason.
    std::vector<std::pair<model::Algorithm, QString>> unavailable;
    std::optional<model::Schedule> schedule; ///< drawn when ranks ≤ kMaxDrawnRanks and defined
    QString scheduleNote; ///< why there is no schedule to draw
    bool verified = false; ///< the executor proved the schedule's final state
    QString verification; ///< the executor's detail on failure
    bool calibrated = false; ///< links come from live-lab measurements
};

class CollectivesController : public QObject {
    Q_OBJECT
public:
    explicit CollectivesController(QObject* parent = nullptr);

    const CollectivesParams& params() const { return m_params; }
    const CollectivesResult& result() const { return m_result; }

    /// Replaces the parameters and recomputes at once (the model is closed-form and fast for the drawn sizes).
    void setParams(const CollectivesParams& params);
    /// Links measured by the live lab replace the preset's intra- and/or inter-node link until cleared.
    void setCalibratedLinks(std::optional<model::Link> intra, std::optional<model::Link> inter);
    void clearCalibration();
    /// The live lab's calibrated profile (id kCalibratedPresetId), offered beside the presets; nullopt removes it.
    /// Recomputes once, with `params` (the preset chosen may change with the profile).
    void setCalibratedProfile(std::optional<model::HardwarePreset> profile, const CollectivesParams& params);
    const std::optional<model::HardwarePreset>& calibratedProfile() const { return m_profile; }
    static constexpr const char* kCalibratedPresetId = "custom-calibrated";

    /// The topology for `params`: a preset's links (the calibrated profile's for kCalibratedPresetId), `nodes`
    /// nodes of ranks/nodes GPUs each. Problems name the field ("nodes = 3: must divide ranks = 8").
    model::Result<model::Topology> topologyFor(const CollectivesParams& params) const;

signals:
    void updated();

private:
    void recompute();

    CollectivesParams m_params;
    CollectivesResult m_result;
    std::optional<model::Link> m_intra;
    std::optional<model::Link> m_inter;
    std::optional<model::HardwarePreset> m_profile;
};

} // namespace tutor::app
