// SPDX-License-Identifier: MIT
#pragma once
// What measured profiler traces say about communication, in the same terms as the simulator's metrics: per rank
// the compute, communication and exposed-communication time and HTA's overlap; per collective size the measured
// time and bus bandwidth beside the cost model's prediction; stragglers; and a Timeline of the GPU streams for the
// Gantt view. Pure functions of the traces (model/traces/kineto.h).
#include "model/collectives/hardware.h"
#include "model/sim/timeline.h"
#include "model/traces/kineto.h"

#include <optional>
#include <string>
#include <vector>

namespace tutor::model {

/// One rank's GPU time over the traced window, with HolisticTraceAnalysis' definitions
/// (hta/analyzers/communication_analysis.py): kernels of each type merged into disjoint intervals; overlap =
/// |compute ∩ communication| / |communication|.
struct RankFigures {
    int rank = 0;
    std::string source;
    Seconds window = 0; ///< first kernel start to last kernel end
    Seconds compute = 0; ///< |∪ compute kernels|
    Seconds communication = 0; ///< |∪ communication kernels|
    Seconds memory = 0; ///< |∪ memcpy/memset|
    Seconds overlap = 0; ///< |compute ∩ communication|
    Seconds exposed = 0; ///< communication − overlap: the time the rank communicates without computing
    double overlapHta = 0; ///< overlap / communication, 0..1 (0 when there is no communication)
    int computeKernels = 0;
    int commKernels = 0;
    /// Straggler estimate: median over the collectives matched across ranks of (longest kernel of that
    /// collective − this rank's kernel). A blocking collective ends on every rank at about the same time, so
    /// the rank that arrives last runs the shortest kernel and the others wait for it (HTA's straggler analysis
    /// rests on the same fact). Independent of the ranks' clocks.
    Seconds lateness = 0;
    double lastArrivalShare = 0; ///< share of the matched collectives this rank arrived last to, 0..1
    bool straggler = false;
    bool operator==(const RankFigures&) const = default;
};

/// All kernels of one collective at one size and group size, over every rank.
struct CollectiveFigures {
    Collective collective = Collective::AllReduce;
    Bytes bytes = 0; ///< S (nccl-tests convention); 0 when the trace does not say
    DType dtype = DType::Fp32;
    int groupSize = 0; ///< 0 unknown
    bool groupAssumed = false; ///< group size not in the trace: the world size was used
    int calls = 0; ///< kernels over all ranks
    Seconds totalSeconds = 0;
    Seconds medianSeconds = 0;
    Seconds minSeconds = 0;
    double busGBps = 0; ///< S / median · busBandwidthFactor; 0 when bytes or group are unknown
    std::optional<Seconds> predictedSeconds; ///< the cost model on the chosen hardware (predictCollectives)
    std::optional<double> predictedBusGBps;
    bool operator==(const CollectiveFigures&) const = default;
};

struct TraceAnalysis {
    std::vector<RankFigures> ranks; ///< in rank order
    std::vector<CollectiveFigures> collectives; ///< most total time first
    int matchedCollectives = 0; ///< collective instances seen on every rank (the straggler estimate's sample)
    int worldSize = 0; ///< from the traces (0 unknown)
    std::string deviceName;
    std::string ncclVersion;
    Problems warnings; ///< from the traces and the analysis (duplicate ranks, unmatched collectives)
    bool operator==(const TraceAnalysis&) const = default;
};

/// Ranks without a rank number get the lowest numbers not taken, in the order given; a rank number seen twice
/// is an error naming both files.
Result<TraceAnalysis> analyzeTraces(const std::vector<RankTrace>& traces);

/// The model's time and bus bandwidth for every collective with a known size and group: model::predict with
/// NCCL's automatic choice on `preset`, the group spread over nodes of `gpusPerNode` GPUs (the preset's when 0).
void predictCollectives(TraceAnalysis& analysis, const HardwarePreset& preset, int gpusPerNode = 0);

/// The preset whose GPU the trace's device name names ("NVIDIA H100 80GB HBM3" → an H100 preset), or nullopt.
std::optional<std::string> presetForDevice(const std::string& deviceName);

/// The traces as a Timeline for the Gantt view: per rank (Lane::stage = position in `traces`, at most maxRanks
/// ranks) one compute lane and one communication lane per CUDA stream that ran such kernels; compute kernels are
/// EventKind::Kernel, NCCL kernels EventKind::Communication with their collective and bytes. Times start at 0 at
/// the earliest kernel of each rank (clocks of different hosts need not agree). Kernels that overlap on one
/// stream (timestamp rounding) are clipped so that a lane's events never overlap.
Timeline traceTimeline(const std::vector<RankTrace>& traces, int maxRanks = 16);

} // namespace tutor::model
