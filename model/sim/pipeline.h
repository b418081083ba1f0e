// SPDX-License-Identifier: MIT
#pragma once
// Internal to the simulator: the order in which a pipeline stage runs forward and backward passes, and
// the driver that runs every stage's order with the sends between neighbouring stages.
#include "model/sim/layers.h"

#include <array>
#include <vector>

namespace tutor::model::sim {

struct PipelineOp {
    bool forward = true;
    int microBatch = 0;
    int chunk = 0; ///< model chunk (virtual stage index chunk·pp + stage)
    /// In the steady state beside an op of the other direction (a forward with the backward after it, Megatron-Core's
    /// combined 1F1B pairs): what comm.moe_ep_overlap hides MoE dispatch and combine behind
    bool paired = false;
    bool operator==(const PipelineOp&) const = default;
};

/// One pass of `microBatches` micro-batches on `stage` of `stages`:
/// GPipe: all forwards, then all backwards (Huang et al. 2019).
/// 1F1B: min(p − stage − 1, m) warm-up forwards, then one forward and one backward alternately, then the
/// remaining backwards (PipeDream-Flush, Narayanan et al. 2021).
/// Interleaved: Megatron-LM's forward_backward_pipelining_with_interleaving: warm-up (p − stage − 1)·2 +
/// (v − 1)·p virtual micro-batches (all when m = p), chunk of the k-th = (k mod p·v) div p (reversed for
/// backward), micro-batch (k div p·v)·p + k mod p. Preconditions: m % p == 0 for interleaved. Written to `ops`.
/// Steady-state forwards and the backwards after them are `paired`; without pipelining, forward mb + 1 pairs with
/// backward mb.
void pipelineOrder(PipelineSchedule schedule, int stages, int microBatches, int virtualStages, int stage,
    std::vector<PipelineOp>& ops);

/// When a virtual stage's output for a micro-batch is available at its neighbour, and the event that brought it.
struct Arrival {
    Seconds at = -1;
    EventRef event;
    bool done() const { return at >= 0; }
};

/// The driver's per-thread arrays (drivePipeline): every stage's order and the arrivals between virtual stages.
struct PipelineScratch {
    int stages = 0;
    int virtualStages = 0;
    int total = 0;
    std::vector<PipelineOp> pass;
    std::vector<std::vector<PipelineOp>> orders;
    /// forwardOut[vs·total + mb]: activations of virtual stage vs ready at vs + 1; backwardOut: gradients of vs
    /// ready at vs − 1.
    std::vector<Arrival> forwardOut, backwardOut;
    std::vector<std::size_t> next;
    /// What `orders` were made for: a thread that drives alike pipelines in turn makes them once.
    std::array<int, 5> ordersFor {};
    /// This thread's arrays, filled for `total` micro-batches (grad_accum passes of total / grad_accum each).
    static PipelineScratch& prepare(const Scenario& scenario, int total);
    /// Gives very large arrays back; the deadlock problem if `deadlock`.
    Problems finish(const Scenario& scenario, bool deadlock);
};

/// Runs every stage's ops (grad_accum passes of totalMicroBatches / grad_accum each) in dependency order: forwards
/// wait for the previous virtual stage's activations, backwards for the next one's gradients. `run(stage, op, vs,
/// input)` runs one op of `stage` (virtual stage `vs`) whose input is there (`input`; at 0 for the first forward and
/// the loss) and returns when its output is available at the neighbouring virtual stage (ignored for the last
/// forward and the first backward); it must not drive another pipeline. A problem only if the orders deadlock (a bug
/// in pipelineOrder). Shared by the full simulation and the metrics-only path, so both follow one schedule.
template <class Run> Problems drivePipeline(const Scenario& scenario, int totalMicroBatches, Run&& run)
{
    auto& x = PipelineScratch::prepare(scenario, totalMicroBatches);
    const int p = x.stages, last = x.virtualStages - 1;
    const std::size_t total = static_cast<std::size_t>(x.total);
    std::size_t remaining = 0;
    for (int s = 0; s < p; ++s)
        remaining += x.orders[s].size();
    // Forwards travel up the stages and backwards down: sweeping both ways in turn lets each wave through in a round.
    for (bool up = true; remaining > 0; up = !up) {
        bool progress = false;
        for (int k = 0; k < p; ++k) {
            const int s = up ? k : p - 1 - k;
            const auto& order = x.orders[s];
            auto& next = x.next[s];
            while (next < order.size()) {
                const auto& op = order[next];
                const int vs = op.chunk * p + s;
                const auto mb = static_cast<std::size_t>(op.microBatch);
                Arrival input;
                if (op.forward && vs > 0) {
                    input = x.forwardOut[static_cast<std::size_t>(vs - 1) * total + mb];
                    if (!input.done())
                        break;
                } else if (!op.forward && vs < last) {
                    input = x.backwardOut[static_cast<std::size_t>(vs + 1) * total + mb];
                    if (!input.done())
                        break;
                } else {
                    input.at = 0; // the first stage's input, or the loss (this stage's own forward came first)
                }
                const Arrival out = run(s, op, vs, input);
                if (op.forward && vs < last)
                    x.forwardOut[static_cast<std::size_t>(vs) * total + mb] = out;
                else if (!op.forward && vs > 0)
                    x.backwardOut[static_cast<std::size_t>(vs) * total + mb] = out;
                ++next;
                --remaining;
                progress = true;
            }
        }
        if (!progress)
            return x.finish(scenario, true);
    }
    return x.finish(scenario, false);
}

/// The sender's pp-lane event for an op's output (Megatron's scatter/gather: S / t per TP rank).
Bytes pipelineSendBytes(const Context& context);

/// drivePipeline with every op simulated layer by layer (LayerRunner) and every send an event on the pp lane.
Problems runPipeline(Context& context, LayerRunner& layers, std::vector<StageState>& stages);

} // namespace tutor::model::sim
