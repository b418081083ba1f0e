// SPDX-License-Identifier: MIT
#include "model/sim/simulate.h"

#include "model/sim/compute.h"
#include "model/sim/dp.h"
#include "model/sim/engine.h"
#include "model/sim/memory.h"
#include "model/sim/pipeline.h"

#include <algorithm>

namespace tutor::model {

namespace {
// After the last backward: the tied embedding's gradient AllReduce between the first and the last stage once
// their DP gradients are reduced (Megatron-LM finalize_model_grads), then the optimizer step on every stage, then
// ZeRO-1/2's parameter AllGather.
void finishStep(sim::Context& ctx, sim::GradSync& grads, std::vector<sim::StageState>& stages)
{
    const auto& sc = ctx.scenario;
    auto& b = ctx.builder;
    const int p = sc.parallel.pp;
    const auto settled = [&](const sim::StageState& st) {
        const int dp = b.lane(st.stage, LaneKind::DpComm);
        return std::max(st.computeFree, dp >= 0 ? b.laneFree(dp) : 0.0);
    };
    if (p > 1 && sc.model.tiedEmbeddings) {
        const Seconds ready = std::max(settled(stages.front()), settled(stages.back()));
        const auto bytes = static_cast<Bytes>(static_cast<double>(sc.model.vocab) * sc.model.hidden / sc.parallel.tp)
            * sizeOf(sc.comm.gradientDType());
        for (auto* st : { &stages.front(), &stages.back() }) {
            sim::Record e;
            e.kind = EventKind::Communication;
            e.style = sim::LabelStyle::Plain;
            e.prefix = "AllReduce";
            e.what = "embedding grad";
            e.duration = ctx.costs.seconds(Collective::AllReduce, bytes, GroupKind::Pp);
            e.bytes = bytes;
            e.setCollective(Collective::AllReduce, GroupKind::Pp);
            const auto ref = b.add(b.lane(st->stage, LaneKind::PpComm), e, ready);
            b.depend(ref, st->lastCompute);
            st->lastCompute = ref;
            st->computeFree = b.at(ref).end();
        }
    }
    const double shards = sc.parallel.zeroStage >= 1 ? sc.parallel.dp : 1;
    for (auto& st : stages) {
        sim::Record e;
        e.kind = EventKind::Optimizer;
        e.prefix = "opt";
        e.what = "Adam";
        e.style = sim::LabelStyle::Plain;
        e.duration = optimizerSeconds(paramsPerGpu(sc, st.stage) / shards, ctx.hardware) * st.slow;
        const auto ref = b.add(b.lane(st.stage, LaneKind::Compute), e, settled(st));
        b.depend(ref, st.lastCompute);
        st.lastCompute = ref;
        st.computeFree = b.at(ref).end();
        grads.gatherParameters(st, st.computeFree, ref);
    }
}
} // namespace

Result<Simulation> simulate(const Scenario& sc, const SimulateOptions& options)
{
    if (auto problems = validate(sc); !problems.empty())
        return problems;
    auto hardware = resolveHardware(sc.hardware);
    if (!hardware)
        return hardware.problems();
    const auto& hw = hardware.value();
    if (!(hw.peakFlops > 0))
        return Problem { "hardware.peak_TFLOPs", "0", "must be greater than 0", {} };

    const auto& par = sc.parallel;
    const int p = par.pp;
    sim::CommCosts costs(sim::makeGroups(sc, hw), sc.comm.dtype, options.freeCommunication);
    const bool moe = sc.model.moe.experts > 0;
    sim::Builder builder(p, par.tp > 1, par.dp > 1, p > 1, moe && par.ep > 1);

    auto kernels = kernelCosts(sc, hw);
    if (!kernels)
        return kernels.problems();
    sim::Context ctx { sc, hw, options, costs, builder };
    ctx.layersPerChunk = sc.model.layers / (p * par.virtualStages);
    ctx.totalMicroBatches = sc.batch.microBatches * sc.batch.gradAccum;
    ctx.kernels = kernels.value();
    ctx.activationBytes
        = static_cast<Bytes>(sc.batch.microBatchSize) * sc.model.seqLen * sc.model.hidden * sizeOf(sc.comm.dtype);

    // Room for every event of the compute and tp lanes: per layer and micro-batch up to 3 passes
    // (forward, recomputation, backward) of 2 compute and up to 4 TP events.
    const std::size_t perStage = static_cast<std::size_t>(sc.model.layers / p) * ctx.totalMicroBatches;
    const std::size_t passes = sc.compute.recompute == Recompute::Full ? 3 : 2;
    for (int s = 0; s < p; ++s) {
        builder.reserve(builder.lane(s, LaneKind::Compute), perStage * passes * 2 + 2 * ctx.totalMicroBatches);
        if (const int tp = builder.lane(s, LaneKind::TpComm); tp >= 0)
            builder.reserve(tp, perStage * passes * (par.sp ? 4 : 2));
    }

    std::vector<sim::StageState> stages(p);
    const int straggler = sc.straggler.rank >= 0 ? sc.straggler.rank / (par.tp * par.dp) : -1;
    for (int s = 0; s < p; ++s) {
        stages[s].stage = s;
        if (s == straggler)
            stages[s].slow = 1 + sc.straggler.slowdownPct / 100;
    }

    sim::GradSync grads(ctx, p);
    sim::LayerRunner layers(ctx, grads);
    if (auto problems = sim::runPipeline(ctx, layers, stages); !problems.empty())
        return problems;
    for (auto& st : stages)
        grads.stageDone(st);
    finishStep(ctx, grads, stages);
    if (!costs.problems().empty())
        return costs.problems();

    Simulation out;
    out.timeline = builder.finish(costs.groups(), options.labels);

    MetricsContext mc;
    mc.tokensPerStep = static_cast<double>(sc.batch.microBatchSize) * ctx.totalMicroBatches * par.dp * sc.model.seqLen;
    mc.modelFlopsPerToken = modelFlopsPerToken(sc.model);
    mc.peakFlops = hw.peakFlops;
    mc.gpus = static_cast<double>(par.dp) * par.tp * par.pp;
    mc.groupRanks = { par.tp, par.dp, std::min(2, p), par.ep };
    mc.memory = peakMemory(sc, hw.memoryBytes);
    out.metrics = measure(out.timeline, mc);
    return out;
}

} // namespace tutor::model
