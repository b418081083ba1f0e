// SPDX-License-Identifier: MIT
#include "model/sim/dp.h"

#include "model/sim/compute.h"

#include <algorithm>

namespace tutor::model::sim {

GradSync::GradSync(Context& context, int stages)
    : m_context(context)
    , m_stages(static_cast<std::size_t>(stages))
    , m_dtypeBytes(sizeOf(context.scenario.comm.gradientDType()))
    , m_zero3(context.scenario.parallel.zeroStage == 3)
    , m_gatherAtStart(context.scenario.comm.overlapParamGather && context.scenario.parallel.zeroStage >= 1
          && context.scenario.parallel.zeroStage <= 2)
{
}

GradSync::StageBuckets& GradSync::stageBuckets(int stage)
{
    auto& st = m_stages[static_cast<std::size_t>(stage)];
    if (!st.built)
        build(stage);
    return st;
}

int GradSync::slot(int chunk, int layer, ParamPart part, int tensor) const
{
    const int base = chunk * slots();
    switch (part) {
    case ParamPart::Head:
        return base;
    case ParamPart::Embedding:
        return base + 1;
    case ParamPart::Mlp:
    case ParamPart::Attention:
        break;
    }
    const int local = m_context.localLayer[static_cast<std::size_t>(layer)];
    return base + 2 + 4 * local + (part == ParamPart::Attention ? 2 : 0) + tensor;
}

Bytes GradSync::layerBytes(int layer, ParamPart part) const
{
    const auto& m = m_context.scenario.model;
    const auto& p = m_context.scenario.parallel;
    const double h = m.hidden;
    double params = 0;
    switch (part) {
    case ParamPart::Head:
    case ParamPart::Embedding:
        params = h * m.vocab / p.tp;
        break;
    case ParamPart::Attention:
        params = attentionParamsPerRank(m, p.tp);
        break;
    case ParamPart::Mlp:
        params = mlpParamsPerRank(m, layer, p.tp, p.ep, p.expertTp());
        break;
    }
    return static_cast<Bytes>(params) * m_dtypeBytes;
}

void GradSync::build(int stage)
{
    const auto& sc = m_context.scenario;
    const int p = sc.parallel.pp, v = sc.parallel.virtualStages;
    auto& st = m_stages[static_cast<std::size_t>(stage)];
    st.built = true;
    st.slotBucket.assign(static_cast<std::size_t>(v) * slots(), -1);
    st.gatherEnd.assign(static_cast<std::size_t>(sc.model.layers), 0.0);
    if (m_zero3)
        return;
    const Bytes firstCap = static_cast<Bytes>(sc.comm.firstBucketMiB * MiB);
    const Bytes cap = static_cast<Bytes>(sc.comm.bucketMiB * MiB);
    // Backward order: the last chunk's gradients are final first, and within a chunk the last layer's.
    for (int chunk = v - 1; chunk >= 0; --chunk) {
        const int vs = chunk * p + stage;
        std::array<int, 2> open { -1, -1 }; // dense, expert
        std::array<bool, 2> first { true, true };
        const auto place = [&](int slotIndex, Bytes bytes, GroupKind group) {
            if (bytes <= 0 || m_context.costs.group(group).ranks <= 1)
                return;
            const int g = group == GroupKind::ExpertDp ? 1 : 0;
            if (open[g] < 0) {
                open[g] = static_cast<int>(st.buckets.size());
                Bucket b;
                b.group = group;
                b.id = open[g];
                st.buckets.push_back(b);
            }
            auto& b = st.buckets[open[g]];
            b.bytes += bytes;
            ++b.pending;
            st.slotBucket[slotIndex] = open[g];
            // PyTorch closes a bucket once it reaches its cap (compute_bucket_assignment_by_size).
            if (b.bytes >= (first[g] ? firstCap : cap)) {
                open[g] = -1;
                first[g] = false;
            }
        };
        if (vs == p * v - 1 && p > 1)
            place(slot(chunk, 0, ParamPart::Head), layerBytes(0, ParamPart::Head), GroupKind::Dp);
        for (int l = m_context.firstLayer(vs + 1) - 1; l >= m_context.firstLayer(vs); --l) {
            const bool expert = sc.model.isMoeLayer(l);
            const Bytes mlp = layerBytes(l, ParamPart::Mlp);
            if (expert) {
                // The routed experts reduce over the expert-data-parallel ranks, the shared expert over all of dp.
                const auto shared = static_cast<Bytes>(sharedExpertParams(sc.model) / sc.parallel.tp) * m_dtypeBytes;
                place(slot(chunk, l, ParamPart::Mlp, 0), mlp - shared, GroupKind::ExpertDp);
                if (shared > 0)
                    place(slot(chunk, l, ParamPart::Mlp, 1), shared, GroupKind::Dp);
            } else {
                const Bytes fc2 = mlp / sc.model.mlpMatrices();
                place(slot(chunk, l, ParamPart::Mlp, 0), fc2, GroupKind::Dp); // fc2: ffn × h
                place(slot(chunk, l, ParamPart::Mlp, 1), mlp - fc2, GroupKind::Dp); // fc1 (and gate): h × ffn
            }
            const Bytes attention = layerBytes(l, ParamPart::Attention);
            const auto proj = static_cast<Bytes>(sc.model.outWidth() * sc.model.hidden / sc.parallel.tp) * m_dtypeBytes;
            place(slot(chunk, l, ParamPart::Attention, 0), proj, GroupKind::Dp); // proj: heads·v width × h
            place(
                slot(chunk, l, ParamPart::Attention, 1), attention - proj, GroupKind::Dp); // QKV (MLA: its projections)
        }
        if (vs == 0)
            place(slot(chunk, 0, ParamPart::Embedding), layerBytes(0, ParamPart::Embedding), GroupKind::Dp);
    }
}

EventRef GradSync::issue(StageState& stage, Collective op, Bytes bytes, GroupKind group, Seconds ready, int layer,
    int bucket, const char* what)
{
    const int lane = m_context.builder.lane(stage.stage, LaneKind::DpComm);
    if (lane < 0)
        return {};
    Record e;
    e.kind = EventKind::Communication;
    e.style = LabelStyle::Numbered;
    e.prefix = name(op).data();
    e.what = what;
    e.number = bucket >= 0 ? bucket : layer;
    e.duration = m_context.costs.seconds(op, bytes, group);
    e.bytes = bytes;
    e.setCollective(op, group);
    e.layer = layer;
    e.bucket = bucket;
    return m_context.builder.add(lane, e, ready);
}

void GradSync::launch(StageState& stage, Bucket& b, Seconds ready)
{
    const auto op = m_context.scenario.parallel.zeroStage == 0 ? Collective::AllReduce : Collective::ReduceScatter;
    b.comm = issue(stage, op, b.bytes, b.group, std::max(ready, b.ready), -1, b.id, "bucket ");
    m_context.builder.depend(b.comm, b.producer);
    b.launched = true;
}

void GradSync::gradReady(StageState& stage, int chunk, int layer, ParamPart part, Seconds t, EventRef producer)
{
    auto& st = stageBuckets(stage.stage);
    const bool overlap = m_context.scenario.comm.overlap;
    if (m_zero3) {
        if (!overlap)
            return;
        if (part == ParamPart::Head) {
            reduceHead(stage, t, producer);
            return;
        }
        // FSDP/ZeRO-3 reduces one layer's gradients once its backward is done (attention comes last).
        if (part != ParamPart::Attention)
            return;
        Bytes bytes = layerBytes(layer, ParamPart::Attention) + layerBytes(layer, ParamPart::Mlp);
        if (layer == 0)
            bytes += layerBytes(0, ParamPart::Embedding);
        const auto ref = issue(stage, Collective::ReduceScatter, bytes, GroupKind::Dp, t, layer, -1, "L");
        m_context.builder.depend(ref, producer);
        return;
    }
    bool complete = false;
    for (int tensor = 0; tensor < 2; ++tensor) {
        if (tensor == 1 && (part == ParamPart::Head || part == ParamPart::Embedding))
            break;
        const int b = st.slotBucket[slot(chunk, layer, part, tensor)];
        if (b < 0)
            continue;
        auto& bucket = st.buckets[b];
        bucket.ready = std::max(bucket.ready, t);
        bucket.producer = producer;
        complete = --bucket.pending == 0 || complete;
    }
    if (!complete || !overlap)
        return;
    // DDP's reducer launches buckets strictly in order (Reducer::mark_bucket_ready).
    while (st.launchedUpTo < static_cast<int>(st.buckets.size()) && st.buckets[st.launchedUpTo].pending == 0)
        launch(stage, st.buckets[st.launchedUpTo++], t);
}

void GradSync::reduceHead(StageState& stage, Seconds t, EventRef producer)
{
    // The untied output head of the last pipeline stage is its own FSDP unit.
    const auto ref
        = issue(stage, Collective::ReduceScatter, layerBytes(0, ParamPart::Head), GroupKind::Dp, t, -1, -1, "head");
    m_context.builder.depend(ref, producer);
}

void GradSync::stageDone(StageState& stage)
{
    auto& st = stageBuckets(stage.stage);
    const auto& sc = m_context.scenario;
    const Seconds now = stage.computeFree;
    if (m_zero3) {
        if (!sc.comm.overlap) {
            const int p = sc.parallel.pp, v = sc.parallel.virtualStages;
            if (p > 1 && stage.stage == p - 1)
                reduceHead(stage, now, stage.lastCompute);
            // The stage's own layers, last first.
            for (int chunk = v - 1; chunk >= 0; --chunk) {
                const int vs = chunk * p + stage.stage;
                for (int l = m_context.firstLayer(vs + 1) - 1; l >= m_context.firstLayer(vs); --l) {
                    Bytes bytes = layerBytes(l, ParamPart::Attention) + layerBytes(l, ParamPart::Mlp);
                    if (l == 0)
                        bytes += layerBytes(0, ParamPart::Embedding);
                    const auto ref = issue(stage, Collective::ReduceScatter, bytes, GroupKind::Dp, now, l, -1, "L");
                    m_context.builder.depend(ref, stage.lastCompute);
                }
            }
        }
        return;
    }
    for (; st.launchedUpTo < static_cast<int>(st.buckets.size()); ++st.launchedUpTo)
        launch(stage, st.buckets[st.launchedUpTo], now);
}

Bytes GradSync::parameterBytes(const Bucket& b) const
{
    // ZeRO-1/2 gathers the updated parameters in comm.dtype, whatever the gradients travelled in.
    const double scale = static_cast<double>(sizeOf(m_context.scenario.comm.dtype)) / m_dtypeBytes;
    return static_cast<Bytes>(static_cast<double>(b.bytes) * scale);
}

void GradSync::gatherParameters(StageState& stage, Seconds ready, EventRef optimizer)
{
    if (m_zero3 || m_gatherAtStart || m_context.scenario.parallel.zeroStage == 0)
        return;
    // ZeRO-1/2: after the sharded optimizer step every rank gathers the updated parameters.
    for (auto& b : stageBuckets(stage.stage).buckets) {
        const auto ref = issue(stage, Collective::AllGather, parameterBytes(b), b.group, ready, -1, b.id, "params ");
        m_context.builder.depend(ref, optimizer);
    }
}

GradSync::StageBuckets& GradSync::withStepStartGathers(StageState& stage)
{
    auto& st = stageBuckets(stage.stage);
    if (!st.paramsIssued) {
        // Buckets were formed in backward order; the forward needs them the other way round.
        st.paramsIssued = true;
        for (auto b = st.buckets.rbegin(); b != st.buckets.rend(); ++b) {
            const auto ref = issue(stage, Collective::AllGather, parameterBytes(*b), b->group, 0, -1, b->id, "params ");
            b->gathered = ref.valid() ? m_context.builder.at(ref).end() : 0;
            st.paramsEnd = std::max(st.paramsEnd, b->gathered);
        }
    }
    return st;
}

Seconds GradSync::stepStartGathersEnd(StageState& stage)
{
    return m_gatherAtStart ? withStepStartGathers(stage).paramsEnd : 0;
}

Seconds GradSync::paramsGathered(StageState& stage, int chunk, int layer)
{
    if (!m_gatherAtStart)
        return 0;
    auto& st = withStepStartGathers(stage);
    Seconds ready = 0;
    const auto wait = [&](int slotIndex) {
        if (const int b = st.slotBucket[static_cast<std::size_t>(slotIndex)]; b >= 0)
            ready = std::max(ready, st.buckets[static_cast<std::size_t>(b)].gathered);
    };
    if (layer == 0)
        wait(slot(chunk, 0, ParamPart::Embedding));
    for (const auto part : { ParamPart::Attention, ParamPart::Mlp })
        for (int tensor = 0; tensor < 2; ++tensor)
            wait(slot(chunk, layer, part, tensor));
    return ready;
}

void GradSync::beginPass(int stage)
{
    auto& st = stageBuckets(stage);
    st.freshPass = true;
}

Seconds GradSync::gather(StageState& stage, int chunk, int layer, bool backward, Seconds t)
{
    auto& st = stageBuckets(stage.stage);
    const auto& sc = m_context.scenario;
    const int vs = chunk * sc.parallel.pp + stage.stage;
    const int first = m_context.firstLayer(vs), last = m_context.firstLayer(vs + 1) - 1;
    const int step = backward ? -1 : 1;
    if (st.freshPass || st.gatherStep != step) {
        st.freshPass = false;
        st.nextGather = backward ? last : first;
        st.gatherStep = step;
    }
    const int depth = sc.comm.overlap ? sc.comm.prefetchDepth : 0;
    const int target = std::clamp(layer + step * depth, first, last);
    while (st.nextGather >= first && st.nextGather <= last && (target - st.nextGather) * step >= 0) {
        const int l = st.nextGather;
        Bytes bytes = layerBytes(l, ParamPart::Attention) + layerBytes(l, ParamPart::Mlp);
        if (l == 0)
            bytes += layerBytes(0, ParamPart::Embedding);
        const auto ref
            = issue(stage, Collective::AllGather, bytes, GroupKind::Dp, t, l, -1, backward ? "bwd L" : "fwd L");
        st.gatherEnd[l] = ref.valid() ? m_context.builder.at(ref).end() : t;
        st.nextGather += step;
    }
    return st.gatherEnd[layer];
}

} // namespace tutor::model::sim
