// SPDX-License-Identifier: MIT
#pragma once
// Internal to the simulator: the order in which a pipeline stage runs forward and backward passes, and
// the driver that runs every stage's order with the sends between neighbouring stages.
#include "model/sim/layers.h"

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
/// backward), micro-batch (k div p·v)·p + k mod p. Preconditions: m % p == 0 for interleaved.
std::vector<PipelineOp> pipelineOrder(
    PipelineSchedule schedule, int stages, int microBatches, int virtualStages, int stage);

/// Runs every stage's ops (grad_accum passes) in dependency order; forwards wait for the previous virtual
/// stage's activations, backwards for the next one's gradients, each sent on the sender's pp lane.
/// A problem only if the orders deadlock (which would be a bug in pipelineOrder).
Problems runPipeline(Context& context, LayerRunner& layers, std::vector<StageState>& stages);

} // namespace tutor::model::sim
