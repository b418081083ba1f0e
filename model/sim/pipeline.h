// SPDX-License-Identifier: MIT
#pragma once
// Internal to the simulator: the order in which a pipeline stage runs forward and backward passes, and
// the driver that runs every stage's order with the sends between neighbouring stages.
#include "model/sim/layers.h"

#include <functional>
#include <vector>

namespace tutor::model::sim {

struct PipelineOp {
    bool forward = true;
    int microBatch = 0;
    int chunk = 0; ///< model chunk (virtual stage index chunk·pp + stage)
    bool operator==(const PipelineOp&) const = default;
};

/// One pass of `microBatches` micro-batches on `stage` of `stages`:
/// GPipe: all forwards, then all backwards (Huang et al. 2019).
/// 1F1B: min(p − stage − 1, m) warm-up forwards, then one forward and one backward alternately, then the
/// remaining backwards (PipeDream-Flush, Narayanan et al. 2021).
/// Interleaved: Megatron-LM's forward_backward_pipelining_with_interleaving: warm-up (p − stage − 1)·2 +
/// (v − 1)·p virtual micro-batches (all when m = p), chunk of the k-th = (k mod p·v) div p (reversed for
/// backward), micro-batch (k div p·v)·p + k mod p. Preconditions: m % p == 0 for interleaved. Written to `ops`.
void pipelineOrder(PipelineSchedule schedule, int stages, int microBatches, int virtualStages, int stage,
    std::vector<PipelineOp>& ops);

/// When a virtual stage's output for a micro-batch is available at its neighbour, and the event that brought it.
struct Arrival {
    Seconds at = -1;
    EventRef event;
    bool done() const { return at >= 0; }
};

/// Runs one op of `stage` (virtual stage `vs`) whose input is there (`input`; at 0 for the first forward and the
/// loss) and returns when its output is available at the neighbouring virtual stage (ignored for the last
/// forward and the first backward).
using OpRunner = std::function<Arrival(int stage, const PipelineOp& op, int vs, Arrival input)>;

/// Runs every stage's ops (grad_accum passes of totalMicroBatches / grad_accum each) in dependency order: forwards wait for the previous virtual stage's
/// activations, backwards for the next one's gradients. A problem only if the orders deadlock (a bug in
/// pipelineOrder). Shared by the full simulation and the metrics-only path, so both follow one schedule.
Problems drivePipeline(const Scenario& scenario, int totalMicroBatches, const OpRunner& run);

/// The sender's pp-lane event for an op's output (Megatron's scatter/gather: S / t per TP rank).
Bytes pipelineSendBytes(const Context& context);

/// drivePipeline with every op simulated layer by layer (LayerRunner) and every send an event on the pp lane.
Problems runPipeline(Context& context, LayerRunner& layers, std::vector<StageState>& stages);

} // namespace tutor::model::sim
