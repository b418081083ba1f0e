// SPDX-License-Identifier: MIT
#include "model/sim/pipeline.h"

#include <algorithm>
#include <string>

namespace tutor::model::sim {

void pipelineOrder(PipelineSchedule schedule, int p, int m, int v, int stage, std::vector<PipelineOp>& ops)
{
    ops.clear();
    ops.reserve(static_cast<std::size_t>(2) * m * v);
    if (p == 1 && v == 1) {
        for (int mb = 0; mb < m; ++mb) {
            ops.push_back({ true, mb, 0, mb > 0 });
            ops.push_back({ false, mb, 0, mb < m - 1 });
        }
        return;
    }
    switch (schedule) {
    case PipelineSchedule::GPipe:
        for (int mb = 0; mb < m; ++mb)
            ops.push_back({ true, mb, 0 });
        for (int mb = 0; mb < m; ++mb)
            ops.push_back({ false, mb, 0 });
        return;
    case PipelineSchedule::OneFOneB: {
        const int warmup = std::min(p - stage - 1, m);
        for (int mb = 0; mb < warmup; ++mb)
            ops.push_back({ true, mb, 0 });
        for (int i = 0; i < m - warmup; ++i) {
            ops.push_back({ true, warmup + i, 0, true });
            ops.push_back({ false, i, 0, true });
        }
        for (int mb = m - warmup; mb < m; ++mb)
            ops.push_back({ false, mb, 0 });
        return;
    }
    case PipelineSchedule::Interleaved:
        break;
    }
    const int total = m * v;
    int warmup = (p - stage - 1) * 2 + (v - 1) * p;
    if (m == p || warmup > total)
        warmup = total;
    const auto op = [&](int k, bool forward, bool paired) {
        const int inGroup = k % (p * v);
        int chunk = inGroup / p;
        if (!forward)
            chunk = v - chunk - 1;
        return PipelineOp { forward, (k / (p * v)) * p + k % p, chunk, paired };
    };
    for (int k = 0; k < warmup; ++k)
        ops.push_back(op(k, true, false));
    for (int i = 0; i < total - warmup; ++i) {
        ops.push_back(op(warmup + i, true, true));
        ops.push_back(op(i, false, true));
    }
    for (int k = total - warmup; k < total; ++k)
        ops.push_back(op(k, false, false));
}

PipelineScratch& PipelineScratch::prepare(const Scenario& sc, int total)
{
    // Kept per thread: the layout search drives thousands of pipelines, and arrays allocated afresh each time
    // fault their pages in again (a third of a 64-stage pipeline's time).
    thread_local PipelineScratch scratch;
    auto& x = scratch;
    const int passes = sc.batch.gradAccum;
    const int p = sc.parallel.pp, v = sc.parallel.virtualStages, m = total / passes;
    x.stages = p;
    x.virtualStages = p * v;
    x.total = total;
    const std::array<int, 5> key { static_cast<int>(sc.parallel.schedule), p, v, m, passes };
    const bool kept = x.orders.size() >= static_cast<std::size_t>(p) && key == x.ordersFor; // the last pipeline's
    x.orders.resize(std::max<std::size_t>(x.orders.size(), static_cast<std::size_t>(p)));
    x.ordersFor = key;
    for (int s = 0; !kept && s < p; ++s) {
        pipelineOrder(sc.parallel.schedule, p, m, v, s, x.pass);
        auto& order = x.orders[s];
        order.clear();
        order.reserve(x.pass.size() * passes);
        for (int k = 0; k < passes; ++k)
            for (auto op : x.pass) {
                op.microBatch += k * m;
                order.push_back(op);
            }
    }
    x.forwardOut.assign(static_cast<std::size_t>(x.virtualStages) * total, Arrival {});
    x.backwardOut.assign(x.forwardOut.size(), Arrival {});
    x.next.assign(static_cast<std::size_t>(p), 0);
    return x;
}

Problems PipelineScratch::finish(const Scenario& sc, bool deadlock)
{
    // A very large step's arrays are not kept.
    if (forwardOut.capacity() > (std::size_t { 1 } << 20)) {
        for (auto* out : { &forwardOut, &backwardOut })
            std::vector<Arrival>().swap(*out);
        std::vector<std::vector<PipelineOp>>().swap(orders);
    }
    if (!deadlock)
        return {};
    return { Problem { "parallel.schedule", std::string(name(sc.parallel.schedule)),
        "the stages' orders wait on each other (deadlock); please report this scenario", {} } };
}

Bytes pipelineSendBytes(const Context& ctx)
{
    // Megatron-LM's scatter/gather (Narayanan et al. 2021 §4.1): each TP rank sends only its 1/t of the
    // activation to its peer in the next stage (t NICs in parallel); the receiver AllGathers it over NVLink
    // (LayerRunner). With sequence parallelism the activation is already split that way.
    return ctx.activationBytes / ctx.scenario.parallel.tp;
}

Problems runPipeline(Context& ctx, LayerRunner& layers, std::vector<StageState>& stages)
{
    const int p = ctx.scenario.parallel.pp;
    const int last = p * ctx.scenario.parallel.virtualStages - 1;
    const Bytes sendBytes = pipelineSendBytes(ctx);
    const auto send = [&](StageState& st, int vs, int mb, bool forward, EventRef producer) -> Arrival {
        const int to = forward ? vs + 1 : vs - 1;
        const int lane = ctx.builder.lane(st.stage, LaneKind::PpComm);
        if (lane < 0 || to % p == st.stage)
            return { st.computeFree, producer };
        Record e;
        e.kind = EventKind::Communication;
        e.style = LabelStyle::Send;
        e.prefix = "send";
        e.what = forward ? "act" : "grad";
        e.number = to % p;
        e.duration = ctx.costs.seconds(Collective::SendRecv, sendBytes, GroupKind::Pp);
        e.bytes = sendBytes;
        e.setCollective(Collective::SendRecv, GroupKind::Pp);
        e.microBatch = mb;
        const auto ref = ctx.builder.add(lane, e, st.computeFree);
        ctx.builder.depend(ref, producer);
        return { ctx.builder.at(ref).end(), ref };
    };
    return drivePipeline(ctx.scenario, ctx.totalMicroBatches, [&](int s, const PipelineOp& op, int vs, Arrival input) {
        auto& st = stages[s];
        if (op.forward) {
            const auto out = layers.forward(st, op.chunk, op.microBatch, input.at, input.event, op.paired);
            return vs < last ? send(st, vs, op.microBatch, true, out) : Arrival {};
        }
        const auto out = layers.backward(st, op.chunk, op.microBatch, input.at, input.event, op.paired);
        return vs > 0 ? send(st, vs, op.microBatch, false, out) : Arrival {};
    });
}

} // namespace tutor::model::sim
