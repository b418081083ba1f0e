// SPDX-License-Identifier: MIT
#include "model/sim/simulate.h"

#include "model/sim/compute.h"
#include "model/sim/dp.h"
#include "model/sim/engine.h"
#include "model/sim/memory.h"
#include "model/sim/pipeline.h"
#include "model/sim/stepmodel.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <span>

namespace tutor::model {

using sim::StepModel;

void sim::finishStep(sim::Context& ctx, sim::GradSync& grads, std::vector<sim::StageState>& stages)
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
    for (auto& st : stages) {
        sim::Record e;
        e.kind = EventKind::Optimizer;
        e.prefix = "opt";
        e.what = "Adam";
        e.style = sim::LabelStyle::Plain;
        // The optimizer steps the parameters whose states the GPU holds (its ZeRO shard: stageStateBytes).
        const double params = stageStateBytes(sc, st.stage).optimizer / kOptimizerBytesPerParam;
        e.duration = optimizerSeconds(params, ctx.hardware) * st.slow;
        const auto ref = b.add(b.lane(st.stage, LaneKind::Compute), e, settled(st));
        b.depend(ref, st.lastCompute);
        st.lastCompute = ref;
        st.computeFree = b.at(ref).end();
        grads.gatherParameters(st, st.computeFree, ref);
    }
}
Result<std::unique_ptr<StepModel>> sim::prepare(const Scenario& sc, const SimulateOptions& options)
{
    if (auto problems = validate(sc); !problems.empty())
        return problems;
    auto hardware = resolveHardware(sc.hardware);
    if (!hardware)
        return hardware.problems();
    if (!(hardware->peakFlops > 0))
        return Problem { "hardware.peak_TFLOPs", "0", "must be greater than 0", {} };
    auto kernels = kernelCosts(sc, hardware.value());
    if (!kernels)
        return kernels.problems();
    return std::make_unique<StepModel>(sc, std::move(hardware).value(), std::move(kernels).value(), options);
}

namespace {
/// Values that pass every range check one by one can still overflow together (10,000 layers of hidden 10^6 on
/// a 0.001 TFLOP/s GPU): no figure leaves the simulator unless it is finite.
Problems nonFinite(const StepMetrics& m)
{
    Problems problems;
    for (const auto& [value, name] :
        { std::pair { m.stepSeconds, "step_s" }, { m.computeSeconds, "compute_s" }, { m.commSeconds, "comm_s" },
            { m.exposedCommSeconds, "exposed_comm_s" }, { m.bubbleFraction, "bubble_fraction" },
            { m.tokensPerSecond, "tokens_per_s" }, { m.mfu, "mfu" }, { m.modelFlopsPerStep, "model_flops" } })
        if (!std::isfinite(value))
            problems.push_back({ std::string("metrics.") + name, formatNumber(value),
                "must be finite: the scenario's sizes and speeds together are beyond what the model computes "
                "(check hardware and model figures)" });
    return problems;
}
} // namespace

Result<Simulation> simulate(const Scenario& sc, const SimulateOptions& options)
{
    auto prepared = sim::prepare(sc, options);
    if (!prepared)
        return prepared.problems();
    auto& model = *prepared.value();
    auto& builder = model.builder();
    auto& ctx = model.context();
    const int p = sc.parallel.pp;

    // Room for every event of the compute and tp lanes: per layer and micro-batch up to 3 passes
    // (forward, recomputation, backward) of 2 compute and up to 4 TP events.
    const std::size_t perStage = static_cast<std::size_t>((sc.model.layers + p - 1) / p) * ctx.totalMicroBatches;
    const std::size_t passes = sc.compute.recompute == Recompute::Full ? 3 : 2;
    for (int s = 0; s < p; ++s) {
        builder.reserve(builder.lane(s, LaneKind::Compute), perStage * passes * 2 + 2 * ctx.totalMicroBatches);
        if (const int tp = builder.lane(s, LaneKind::TpComm); tp >= 0)
            builder.reserve(tp, perStage * passes * (sc.parallel.sp ? 4 : 2));
    }

    sim::GradSync grads(ctx, p);
    sim::LayerRunner layers(ctx, grads);
    if (auto problems = sim::runPipeline(ctx, layers, model.stages()); !problems.empty())
        return problems;
    for (auto& st : model.stages())
        grads.stageDone(st);
    sim::finishStep(ctx, grads, model.stages());
    if (!model.costs().problems().empty())
        return model.costs().problems();

    Simulation out;
    out.timeline = builder.finish(model.costs().groups(), options.labels);
    out.metrics = measure(out.timeline, model.metricsContext());
    if (auto problems = nonFinite(out.metrics); !problems.empty())
        return problems;
    return out;
}

bool hasMetricsOnlyPath(const Scenario& sc)
{
    // FSDP under pipelining gathers only in each chunk's first forward: its ops are not alike.
    return !(sc.compute.interference > 0) && !sc.parallel.fsdpUnderPipeline();
}

void releaseMetricsCaches()
{
    sim::releaseKeptPatterns();
}

Result<StepMetrics> simulateMetrics(const Scenario& sc, const SimulateOptions& options)
{
    if (!hasMetricsOnlyPath(sc)) {
        auto full = simulate(sc, { .freeCommunication = options.freeCommunication, .labels = false });
        if (!full)
            return full.problems();
        return full->metrics;
    }
    const auto checked = [](Result<std::optional<StepMetrics>> metrics) -> Result<StepMetrics> {
        if (!metrics)
            return metrics.problems();
        if (auto problems = nonFinite(**metrics); !problems.empty())
            return problems;
        return **metrics;
    };
    if (auto steady = sim::steadyStateMetrics(sc, options); !steady || steady->has_value())
        return checked(std::move(steady));
    auto prepared = sim::prepare(sc, options);
    if (!prepared)
        return prepared.problems();
    return checked(sim::metricsOnly(*prepared.value(), sc.batch.microBatches * sc.batch.gradAccum));
}

} // namespace tutor::model
