// SPDX-License-Identifier: MIT
#pragma once
// What one simulated training step amounts to: time, overlap, bubble, MFU, memory and a breakdown per
// parallel dimension. Computed from a Timeline (pure), so the window and the command line agree.
#include "model/sim/memory.h"
#include "model/sim/timeline.h"

#include <array>
#include <vector>

namespace tutor::model {

/// Communication of one parallel dimension on the critical stage (one GPU's view).
struct DimensionMetrics {
    LaneKind lane = LaneKind::DpComm;
    int calls = 0; ///< collectives issued
    Bytes bytes = 0; ///< Σ S (nccl-tests convention) of those collectives
    double busBytes = 0; ///< Σ S · busBandwidthFactor(op, group ranks): the volume term per rank
    Seconds seconds = 0; ///< Σ durations
    Seconds exposedSeconds = 0; ///< Σ Event::exposed: the part not hidden behind compute
    bool operator==(const DimensionMetrics&) const = default;
};

struct StepMetrics {
    Seconds stepSeconds = 0;
    int criticalStage = 0; ///< the stage with the most compute + exposed communication
    Seconds computeSeconds = 0; ///< busy time of the critical stage's compute lane
    Seconds commSeconds = 0; ///< Σ durations on the critical stage's communication lanes
    Seconds commUnionSeconds = 0; ///< time at least one communication lane of that stage is busy
    /// Time the critical stage communicates without computing. With no idle gaps this is ASTRA-sim's
    /// "exposed communication" = step − compute on the critical path.
    Seconds exposedCommSeconds = 0;
    /// HTA (HolisticTraceAnalysis) overlap: |compute ∩ comm| / |comm| on the critical stage, 0..1.
    double overlapHta = 0;
    /// OSU non-blocking benchmarks' overlap, max(0, 1 − (T_overall − T_compute) / T_pure_comm) with
    /// T_overall − T_compute = exposed communication and T_pure_comm = commSeconds, 0..1.
    double overlapOsu = 0;
    /// Mean over stages of idle time (neither computing nor communicating) ÷ step. With free communication:
    /// (p−1)/(m+p−1) for GPipe and 1F1B, (p−1)/(v·m+p−1) interleaved (Narayanan et al. 2021 §2.2).
    double bubbleFraction = 0;
    double tokensPerStep = 0;
    double tokensPerSecond = 0;
    double modelFlopsPerStep = 0; ///< 3·forward FLOPs per token × tokens, without recomputation
    double mfu = 0; ///< modelFlopsPerStep / (step · peak · GPUs), the peak of the GEMMs in use (fp8 or bf16)
    MemoryBreakdown memory;
    std::array<DimensionMetrics, kLaneKinds - 1> dimensions; ///< tp, dp, pp, ep, cp in LaneKind order
    std::size_t events = 0;
    bool operator==(const StepMetrics&) const = default;

    const DimensionMetrics& dimension(LaneKind lane) const { return dimensions[static_cast<int>(lane) - 1]; }
};

/// Figures the timeline alone does not carry.
struct MetricsContext {
    double tokensPerStep = 0;
    double modelFlopsPerToken = 0;
    double peakFlops = 0; ///< per GPU
    double gpus = 0;
    std::array<int, kLaneKinds - 1> groupRanks {}; ///< ranks in the tp, dp, pp, ep, cp groups (bus-bandwidth factor)
    MemoryBreakdown memory;
};

/// A time interval [begin, end) and the interval arithmetic the metrics are made of.
struct Interval {
    Seconds begin = 0;
    Seconds end = 0;
};
/// Sorted, disjoint intervals from possibly overlapping ones (`sorted`: already in begin order).
std::vector<Interval> merge(std::vector<Interval> intervals, bool sorted);
Seconds length(const std::vector<Interval>& intervals);
/// a ∩ b for two sorted, disjoint lists, and its length.
std::vector<Interval> intersect(const std::vector<Interval>& a, const std::vector<Interval>& b);
Seconds intersection(const std::vector<Interval>& a, const std::vector<Interval>& b);
/// |[begin, end) ∩ set| for a sorted, disjoint set.
Seconds covered(const std::vector<Interval>& set, Seconds begin, Seconds end);
/// The same for calls whose `begin` never decreases: `from` (0 at first) is the first interval they can still meet,
/// moved on by each call instead of a binary search.
Seconds covered(const std::vector<Interval>& set, Seconds begin, Seconds end, std::size_t& from);

/// One stage's figures before the critical stage is chosen: busy compute, Σ communication durations, the union
/// of its communication, the part of that union that overlaps compute, the exposed rest, per dimension.
struct StageFigures {
    Seconds compute = 0;
    Seconds commSum = 0;
    Seconds commUnion = 0;
    Seconds overlap = 0;
    Seconds exposed = 0;
    std::array<DimensionMetrics, kLaneKinds - 1> dimensions {};
    std::size_t events = 0;
};

/// Fills Event::exposed for every communication event (its time not covered by its stage's compute lane)
/// and returns the step's metrics. Lanes of one stage share Lane::stage. `extra` (one per stage, or empty) is
/// added to what the events give: the metrics-only path's ops that were not recorded as events.
StepMetrics measure(Timeline& timeline, const MetricsContext& context, const std::vector<StageFigures>& extra = {});

} // namespace tutor::model
