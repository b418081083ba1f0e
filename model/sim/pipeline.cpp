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
            ops.push_back({ true, mb, 0 });
            ops.push_back({ false, mb, 0 });
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
            ops.push_back({ true, warmup + i, 0 });
            ops.push_back({ false, i, 0 });
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
    const auto op = [&](int k, bool forward) {
        const int inGroup = k % (p * v);
        int chunk = inGroup / p;
        if (!forward)
            chunk = v - chunk - 1;
        return PipelineOp { forward, (k / (p * v)) * p + k % p, chunk };
    };
    for (int k = 0; k < warmup; ++k)
        ops.push_back(op(k, true));
    for (int i = 0; i < total - warmup; ++i) {
        ops.push_back(op(warmup + i, true));
        ops.push_back(op(i, false));
    }
    for (int k = total - warmup; k < total; ++k)
        ops.push_back(op(k, false));
}

Problems drivePipeline(const Scenario& sc, int total, const OpRunner& run)
{
    const int passes = sc.batch.gradAccum;
    const int p = sc.parallel.pp, v = sc.parallel.virtualStages, m = total / passes;
    const int virtualStages = p * v;

    // Kept per thread: the layout search drives thousands of pipelines, and arrays allocated afresh each time
    // fault their pages in again (a third of a 64-stage pipeline's time).
    thread_local std::vector<PipelineOp> pass;
    thread_local std::vector<std::vector<PipelineOp>> orders;
    thread_local std::vector<Arrival> forwardOut, backwardOut;
    thread_local std::vector<std::size_t> next;
    orders.resize(std::max<std::size_t>(orders.size(), static_cast<std::size_t>(p)));
    for (int s = 0; s < p; ++s) {
        pipelineOrder(sc.parallel.schedule, p, m, v, s, pass);
        auto& order = orders[s];
        order.clear();
        order.reserve(pass.size() * passes);
        for (int k = 0; k < passes; ++k)
            for (auto op : pass) {
                op.microBatch += k * m;
                order.push_back(op);
            }
    }
    // forwardOut[vs·total + mb]: activations of virtual stage vs ready at vs + 1; backwardOut: gradients
    // of vs ready at vs − 1.
    forwardOut.assign(static_cast<std::size_t>(virtualStages) * total, Arrival {});
    backwardOut.assign(forwardOut.size(), Arrival {});
    next.assign(static_cast<std::size_t>(p), 0);
    // A very large step's arrays are not kept (`run` never drives another pipeline, so nothing else uses them).
    const auto release = [] {
        if (forwardOut.capacity() > (std::size_t { 1 } << 20)) {
            for (auto* out : { &forwardOut, &backwardOut })
                std::vector<Arrival>().swap(*out);
            std::vector<std::vector<PipelineOp>>().swap(orders);
        }
    };
    std::size_t remaining = 0;
    for (int s = 0; s < p; ++s)
        remaining += orders[s].size();
    while (remaining > 0) {
        bool progress = false;
        for (int s = 0; s < p; ++s) {
            while (next[s] < orders[s].size()) {
                const auto& op = orders[s][next[s]];
                const int vs = op.chunk * p + s;
                const std::size_t mb = static_cast<std::size_t>(op.microBatch);
                Arrival input;
                if (op.forward && vs > 0) {
                    input = forwardOut[(vs - 1) * total + mb];
                    if (!input.done())
                        break;
                } else if (!op.forward && vs < virtualStages - 1) {
                    input = backwardOut[(vs + 1) * total + mb];
                    if (!input.done())
                        break;
                } else {
                    input.at = 0; // the first stage's input, or the loss (this stage's own forward came first)
                }
                const auto out = run(s, op, vs, input);
                if (op.forward && vs < virtualStages - 1)
                    forwardOut[vs * total + mb] = out;
                else if (!op.forward && vs > 0)
                    backwardOut[vs * total + mb] = out;
                ++next[s];
                --remaining;
                progress = true;
            }
        }
        if (!progress) {
            release();
            return { Problem { "parallel.schedule", std::string(name(sc.parallel.schedule)),
                "the stages' orders wait on each other (deadlock); please report this scenario", {} } };
        }
    }
    release();
    return {};
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
            const auto out = layers.forward(st, op.chunk, op.microBatch, input.at, input.event);
            return vs < last ? send(st, vs, op.microBatch, true, out) : Arrival {};
        }
        const auto out = layers.backward(st, op.chunk, op.microBatch, input.at, input.event);
        return vs > 0 ? send(st, vs, op.microBatch, false, out) : Arrival {};
    });
}

} // namespace tutor::model::sim
