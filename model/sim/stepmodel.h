// SPDX-License-Identifier: MIT
#pragma once
// Internal to the simulator: the checked scenario's model that simulate() and the metrics-only path
// (metricsonly.cpp) both run, the step's end they share, and the metrics-only path itself.
#include "model/sim/compute.h"
#include "model/sim/dp.h"
#include "model/sim/engine.h"
#include "model/sim/memory.h"

#include <memory>
#include <optional>

namespace tutor::model::sim {

/// The ranks of the tp, dp (with cp), pp, ep and cp groups in LaneKind order: their bus-bandwidth factors.
inline std::array<int, kLaneKinds - 1> groupRanks(const ParallelSpec& par)
{
    return { par.tp, par.gradientRanks(), std::min(2, par.pp), par.ep, par.cp };
}

// What simulate() and simulateMetrics() share: the checked scenario's hardware, kernel costs, collective costs,
// the lanes and the per-stage state.
class StepModel {
public:
    StepModel(const Scenario& sc, HardwarePreset hardware, KernelCosts kernels, const SimulateOptions& options)
        : m_hw(std::move(hardware))
        , m_costs(makeGroups(sc, m_hw), sc.comm.dtype, options.freeCommunication)
        , m_builder(makeBuilder(sc))
        , m_ctx { sc, m_hw, options, m_costs, m_builder }
        , m_stages(static_cast<std::size_t>(sc.parallel.pp))
    {
        const auto& par = sc.parallel;
        m_ctx.splitLayers(sc.model, par);
        m_ctx.totalMicroBatches = sc.batch.microBatches * sc.batch.gradAccum;
        m_ctx.kernels = std::move(kernels);
        // One micro-batch's activations on one context-parallel rank: its s / cp tokens.
        m_ctx.activationBytes = static_cast<Bytes>(sc.batch.microBatchSize) * (sc.model.seqLen / par.cp)
            * sc.model.hidden * sizeOf(sc.comm.dtype);
        const int straggler = sc.straggler.rank >= 0 ? sc.straggler.rank / (par.tp * par.cp * par.dp) : -1;
        for (int s = 0; s < par.pp; ++s) {
            m_stages[s].stage = s;
            if (s == straggler)
                m_stages[s].slow = 1 + sc.straggler.slowdownPct / 100;
        }
    }
    StepModel(const StepModel&) = delete;
    StepModel& operator=(const StepModel&) = delete;

    static Builder makeBuilder(const Scenario& sc)
    {
        const auto& par = sc.parallel;
        return Builder(par.pp, par.tp > 1, par.gradientRanks() > 1, par.pp > 1, sc.model.moe.experts > 0 && par.ep > 1,
            par.cp > 1);
    }

    Context& context() { return m_ctx; }
    Builder& builder() { return m_builder; }
    CommCosts& costs() { return m_costs; }
    std::vector<StageState>& stages() { return m_stages; }
    const HardwarePreset& hardware() const { return m_hw; }

    MetricsContext metricsContext() const
    {
        const auto& sc = m_ctx.scenario;
        const auto& par = sc.parallel;
        MetricsContext mc;
        mc.tokensPerStep
            = static_cast<double>(sc.batch.microBatchSize) * m_ctx.totalMicroBatches * par.dp * sc.model.seqLen;
        mc.modelFlopsPerToken = modelFlopsPerToken(sc.model);
        // MFU against the peak the GEMMs run at: an fp8 run measured against the bf16 peak would pass 100 %.
        mc.peakFlops = m_ctx.kernels.peakFlops;
        mc.gpus = static_cast<double>(par.gpus());
        mc.groupRanks = groupRanks(par);
        mc.memory = peakMemory(sc, m_hw.memoryBytes);
        return mc;
    }

private:
    HardwarePreset m_hw;
    CommCosts m_costs;
    Builder m_builder;
    Context m_ctx;
    std::vector<StageState> m_stages;
};

/// The scenario checked and its kernel costs computed, or the problems.
Result<std::unique_ptr<StepModel>> prepare(const Scenario& scenario, const SimulateOptions& options);

/// After the last backward: the tied embedding's gradient AllReduce between the first and the last stage once
/// their DP gradients are reduced (Megatron-LM finalize_model_grads), then the optimizer step on every stage, then
/// ZeRO-1/2's parameter AllGather.
void finishStep(Context& context, GradSync& grads, std::vector<StageState>& stages);

/// The metrics of `model`'s scenario from a run of `runMicroBatches` micro-batches: all of them, or, with the
/// steady-state shortcut, fewer (nullopt when the run's pairs do not repeat). metricsonly.cpp.
Result<std::optional<StepMetrics>> metricsOnly(StepModel& model, int runMicroBatches);
/// Frees the op patterns metricsOnly() keeps on this thread (releaseMetricsCaches()). metricsonly.cpp.
void releaseKeptPatterns();

} // namespace tutor::model::sim
