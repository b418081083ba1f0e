// SPDX-License-Identifier: MIT
#include "model/sim/simulate.h"

#include "model/sim/compute.h"
#include "model/sim/memory.h"
#include "model/sim/pipeline.h"

#include <algorithm>

namespace tutor::model {

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

    sim::Context ctx { sc, hw, options, costs, builder };
    ctx.layersPerChunk = sc.model.layers / (p * par.virtualStages);
    ctx.totalMicroBatches = sc.batch.microBatches * sc.batch.gradAccum;
    ctx.flopsPerSecond = hw.peakFlops * sc.compute.efficiency;
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
