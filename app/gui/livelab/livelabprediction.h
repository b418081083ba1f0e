#pragma once
// The model's side of the live lab: predicted times for the sizes that were measured, on the topology the
// worker reported (ranks spread over hosts), and the overlap the model expects. Pure functions over model
// values; the stage calls them and hands the numbers to the chart and tables.
#include "live/protocol/protocol.h"
#include "model/collectives/costmodel.h"
#include "model/measure/measurement.h"

#include <string>
#include <vector>

namespace tutor::app {

struct PredictedPoint {
    model::Bytes bytes = 0;
    model::Seconds seconds = 0;
};

/// The topology of a live run: `ranks` processes or GPUs on `hosts` machines (≥ 1) of `preset`'s kind.
/// One host: one node of `ranks` GPUs; several: hosts nodes of ranks / hosts GPUs (model::buildTopology's
/// rules: the hosts must divide the ranks).
model::Result<model::Topology> liveTopology(const model::HardwarePreset& preset, int ranks, int hosts);

/// model::predict for every size (Auto algorithm and protocol, as NCCL's tuner); sizes the model rejects
/// are left out and the first problem is put in `problem`.
std::vector<PredictedPoint> predictSizes(model::Collective op, model::DType dtype, const model::Topology& topology,
    const std::vector<model::Bytes>& sizes, std::string* problem = nullptr);

/// The distinct sizes of the out-of-place rows, ascending.
std::vector<model::Bytes> measuredSizes(const std::vector<model::Measurement>& measurements);

/// What the model expects of the overlap experiment: compute and communication on separate streams run fully
/// concurrently, so overall = max(compute, comm), HTA overlap = min(compute, comm) / comm and
/// OSU overlap = 100 − 100·(overall − compute) / comm, both clamped to [0, 100].
struct OverlapPrediction {
    double commUs = 0;
    double computeUs = 0;
    double overallUs = 0;
    double htaPct = 0;
    double osuPct = 0;
};
OverlapPrediction predictOverlap(double computeUs, double commUs);

} // namespace tutor::app
