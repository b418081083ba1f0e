// SPDX-License-Identifier: MIT
#include "model/sim/layers.h"

#include <algorithm>
#include <utility>

namespace tutor::model::sim {

namespace {
const char* prefixOf(EventKind kind)
{
    switch (kind) {
    case EventKind::Backward:
        return "bwd";
    case EventKind::Recompute:
        return "rcp";
    default:
        return "fwd";
    }
}
// Short names keep most labels within std::string's small-buffer size (15 characters).
const char* shortName(Collective op)
{
    switch (op) {
    case Collective::AllReduce:
        return "AR";
    case Collective::ReduceScatter:
        return "RS";
    case Collective::AllGather:
        return "AG";
    case Collective::AllToAll:
        return "A2A";
    default:
        return name(op).data();
    }
}
Seconds pipelinedExtra(Seconds comm, Seconds gemm, int chunks)
{
    // Both split into `chunks` pieces: the pair takes the longer of the two plus one piece of the shorter (the
    // first piece of the AllGather before any GEMM piece can start, or the last ReduceScatter piece after the
    // last GEMM piece); what exceeds the GEMM alone is the communication left exposed.
    return std::max(comm, gemm) + std::min(comm, gemm) / chunks - gemm;
}
} // namespace

LayerRunner::LayerRunner(Context& context, GradSync& grads)
    : m_context(context)
    , m_grads(grads)
{
    const auto& sc = context.scenario;
    m_sp = sc.parallel.sp && sc.parallel.tp > 1;
    m_tpOverlap = m_sp && sc.comm.tpOverlap;
    m_epOverlap = sc.comm.moeEpOverlap && sc.parallel.ep > 1 && sc.model.moe.experts > 0;
    m_moeBlockTp = sc.parallel.expertTp() > 1 || sc.model.moe.sharedExpertFfn > 0;
    m_tpBytes = context.activationBytes;
    // MoE dispatch/combine: every token goes to top_k experts, padded to the capacity factor.
    const double tokens = static_cast<double>(sc.batch.microBatchSize) * (sc.model.seqLen / sc.parallel.cp)
        / (m_sp ? sc.parallel.tp : 1);
    m_epBytes = static_cast<Bytes>(tokens * sc.model.moe.topK * sc.model.moe.capacityFactor * sc.model.hidden)
        * sizeOf(sc.comm.dtype);
    // The flex dispatcher sends a token once per GPU and once per node that holds its experts (engine.h): copies of
    // the all-to-all's S / top_k.
    if (sc.comm.moeFlexDispatcher && sc.parallel.ep > 1 && sc.model.moe.experts > 0) {
        const auto& ep = context.costs.group(GroupKind::Ep);
        const auto copies = flexDispatchCopies(sc.model.moe, ep.ranks, ep.topology.gpusPerNode);
        const double tokenBytes = static_cast<double>(m_epBytes) / sc.model.moe.topK;
        m_epSeconds = context.costs.flexDispatchSeconds(tokenBytes, copies);
        m_epBytes = static_cast<Bytes>(tokenBytes * (copies.nvlink + copies.network));
    }
    // Ring attention: K and V (kvWidth, both) of this GPU's s / cp tokens and kv_heads / tp heads (Megatron-Core,
    // Transformer Engine's AttnFuncWithCPAndKVP2P).
    if (sc.parallel.cp > 1)
        m_kvBytes = static_cast<Bytes>(static_cast<double>(sc.batch.microBatchSize) * (sc.model.seqLen / sc.parallel.cp)
                        * sc.model.kvWidth() / sc.parallel.tp)
            * sizeOf(sc.comm.dtype);
}

const LayerSeconds& LayerRunner::layerSeconds(int layer) const
{
    return m_context.scenario.model.isMoeLayer(layer) ? m_context.kernels.moe : m_context.kernels.dense;
}

EventRef LayerRunner::compute(StageState& st, EventKind kind, const char* what, Seconds seconds, int layer, int mb)
{
    auto& b = m_context.builder;
    const int lane = b.lane(st.stage, LaneKind::Compute);
    const Seconds start = std::max(st.computeFree, b.laneFree(lane));
    Seconds duration = seconds * st.slow;
    // Interference: while gradient or parameter communication runs on the dp lane, kernels share SMs and
    // memory bandwidth, so compute overlapping it runs slower.
    if (const int dp = b.lane(st.stage, LaneKind::DpComm); dp >= 0 && m_context.scenario.compute.interference > 0) {
        const Seconds overlap = std::clamp(b.laneFree(dp) - start, 0.0, duration);
        duration += overlap * m_context.scenario.compute.interference;
    }
    Record e;
    e.kind = kind;
    e.prefix = prefixOf(kind);
    e.what = what;
    e.duration = duration;
    e.layer = layer;
    e.microBatch = mb;
    const auto ref = b.add(lane, e, start);
    b.depend(ref, st.lastCompute);
    b.depend(ref, std::exchange(m_input, {}));
    st.lastCompute = ref;
    st.computeFree = start + duration;
    return ref;
}

void LayerRunner::blocking(StageState& st, LaneKind laneKind, GroupKind group, Collective op, Bytes bytes,
    const char* what, int layer, int mb, std::optional<Seconds> seconds)
{
    auto& b = m_context.builder;
    const int lane = b.lane(st.stage, laneKind);
    if (lane < 0 || m_context.costs.group(group).ranks <= 1)
        return;
    const auto ref = b.add(lane, commRecord(group, op, bytes, what, layer, mb, seconds), st.computeFree);
    b.depend(ref, st.lastCompute);
    b.depend(ref, std::exchange(m_input, {}));
    st.lastCompute = ref;
    st.computeFree = b.at(ref).end();
}

void LayerRunner::tpComm(StageState& st, Collective op, const char* what, int layer, int mb)
{
    blocking(st, LaneKind::TpComm, GroupKind::Tp, op, m_tpBytes, what, layer, mb);
}

void LayerRunner::epComm(StageState& st, const char* what, int layer, int mb, Seconds partner, Seconds after)
{
    if (!m_epOverlap || !m_paired) {
        blocking(st, LaneKind::EpComm, GroupKind::Ep, Collective::AllToAll, m_epBytes, what, layer, mb, m_epSeconds);
        return;
    }
    auto& b = m_context.builder;
    const int lane = b.lane(st.stage, LaneKind::EpComm);
    if (lane < 0 || m_context.costs.group(GroupKind::Ep).ranks <= 1)
        return;
    const Record e = commRecord(GroupKind::Ep, Collective::AllToAll, m_epBytes, what, layer, mb, m_epSeconds);
    // Combined 1F1B: the transfer runs under the paired op's compute (`partner`). It is drawn under this op's own
    // compute, what ran since the op began and the lane's last transfer ended and the `after` seconds that follow it,
    // so it hides behind no more than those. The compute stream waits for the rest, and the hidden part slows the
    // compute it runs under by compute.interference (the transfer's kernels hold SMs: DeepEP and HybridEP take 16 to 32
    // of them).
    const Seconds before = std::max(0.0, st.computeFree - std::max(m_opBegin, b.laneFree(lane)));
    const Seconds hidden = std::min({ partner, e.duration, before + after });
    const auto ref = b.add(lane, e, st.computeFree - std::min(hidden, before));
    b.depend(ref, st.lastCompute);
    b.depend(ref, m_input);
    st.computeFree += e.duration - hidden + hidden * m_context.scenario.compute.interference;
}

void LayerRunner::ringAttention(
    StageState& st, bool backward, Seconds block, Seconds lead, Seconds core, Seconds tail, int layer, int mb)
{
    auto& b = m_context.builder;
    const int lane = b.lane(st.stage, LaneKind::CpComm);
    const int cp = m_context.scenario.parallel.cp;
    if (lane < 0 || m_kvBytes <= 0)
        return;
    // Backward passes the gradients of K and V around the ring with them.
    const Bytes step = backward ? 2 * m_kvBytes : m_kvBytes;
    Record e = commRecord(GroupKind::Cp, Collective::SendRecv, step, backward ? "kv+dkv" : "kv", layer, mb);
    e.prefix = "P2P";
    e.duration *= cp - 1;
    e.bytes *= cp - 1;
    const auto ref = b.add(lane, e, st.computeFree + lead * st.slow);
    b.depend(ref, st.lastCompute);
    const Seconds ringEnd = b.at(ref).end();
    const Seconds last = (core / cp + tail) * st.slow;
    st.computeFree = std::max(st.computeFree, ringEnd + last - block * st.slow);
}

Record LayerRunner::commRecord(GroupKind group, Collective op, Bytes bytes, const char* what, int layer, int mb,
    std::optional<Seconds> seconds) const
{
    Record e;
    e.kind = EventKind::Communication;
    e.prefix = shortName(op);
    e.what = what;
    e.duration = seconds ? *seconds : m_context.costs.seconds(op, bytes, group);
    e.bytes = bytes;
    e.setCollective(op, group);
    e.layer = layer;
    e.microBatch = mb;
    return e;
}

void LayerRunner::gradientsReady(StageState& st, int chunk, int layer, ParamPart part, EventRef producer, bool last)
{
    if (m_readyLog)
        m_readyLog->push_back({ chunk, layer, part, st.computeFree, producer });
    if (last)
        m_grads.gradReady(st, chunk, layer, part, st.computeFree, producer);
}

void LayerRunner::tpBefore(StageState& st, const char* what, Seconds firstGemm, int layer, int mb)
{
    if (!m_sp)
        return;
    if (!m_tpOverlap || firstGemm <= 0) {
        tpComm(st, Collective::AllGather, what, layer, mb);
        return;
    }
    auto& b = m_context.builder;
    const int lane = b.lane(st.stage, LaneKind::TpComm);
    if (lane < 0)
        return;
    const auto ref
        = b.add(lane, commRecord(GroupKind::Tp, Collective::AllGather, m_tpBytes, what, layer, mb), st.computeFree);
    b.depend(ref, st.lastCompute);
    const auto& e = b.at(ref);
    // The block starts once the first pieces have arrived; it still waits for the same events as without the
    // collective, so lastCompute stays.
    st.computeFree = e.start + pipelinedExtra(e.duration, firstGemm, m_context.costs.group(GroupKind::Tp).ranks);
}

void LayerRunner::tpAfter(StageState& st, const char* what, Seconds lastGemm, EventRef blockInput, int layer, int mb)
{
    const auto op = m_sp ? Collective::ReduceScatter : Collective::AllReduce;
    if (!m_tpOverlap || lastGemm <= 0) {
        tpComm(st, op, what, layer, mb);
        return;
    }
    auto& b = m_context.builder;
    const int lane = b.lane(st.stage, LaneKind::TpComm);
    if (lane < 0)
        return;
    const auto e = commRecord(GroupKind::Tp, op, m_tpBytes, what, layer, mb);
    const Seconds extra = pipelinedExtra(e.duration, lastGemm, m_context.costs.group(GroupKind::Tp).ranks);
    // Started while the block's last GEMM runs, so that it ends `extra` after the block.
    const auto ref = b.add(lane, e, st.computeFree + extra - e.duration);
    b.depend(ref, blockInput);
    st.lastCompute = ref;
    st.computeFree = std::max(st.computeFree, b.at(ref).end());
}

void LayerRunner::layerForward(StageState& st, int layer, int mb, EventKind kind)
{
    const auto& f = layerSeconds(layer);
    const bool moe = m_context.scenario.model.isMoeLayer(layer);
    // Megatron-LM: g = AllReduce after each block (sequence parallel: AllGather before, ReduceScatter after).
    tpBefore(st, "att", f.attentionForwardGemms.first, layer, mb);
    EventRef input = st.lastCompute;
    ringAttention(st, false, f.attentionForward, f.attentionForwardGemms.first, f.coreAttentionForward,
        f.attentionForwardGemms.last, layer, mb);
    compute(st, kind, "att", f.attentionForward, layer, mb);
    tpAfter(st, "att", f.attentionForwardGemms.last, input, layer, mb);
    const bool mlpTp = mlpOverTp(moe);
    if (mlpTp)
        tpBefore(st, "mlp", f.mlpForwardGemms.first, layer, mb);
    // Under comm.moe_ep_overlap the paired backward's MLP runs beside the dispatch, its attention beside the combine.
    if (moe)
        epComm(st, "disp", layer, mb, f.mlpBackwardTotal(), f.mlpForward);
    input = st.lastCompute;
    compute(st, kind, moe ? "moe" : "mlp", f.mlpForward, layer, mb);
    if (moe)
        epComm(st, "comb", layer, mb, f.attentionBackwardTotal(), 0);
    if (mlpTp)
        tpAfter(st, "mlp", f.mlpForwardGemms.last, input, layer, mb);
    if (kind == EventKind::Forward && layer == m_context.scenario.model.layers - 1)
        compute(st, kind, "head", m_context.kernels.headForward, -1, mb);
}

void LayerRunner::layerBackward(StageState& st, int chunk, int layer, int mb)
{
    const auto& sc = m_context.scenario;
    const bool last = mb == m_context.totalMicroBatches - 1;
    if (m_grads.zero3() && !m_grads.keepsGatheredParameters())
        st.computeFree = std::max(st.computeFree, m_grads.gather(st, chunk, layer, true, st.computeFree));
    if (sc.compute.recompute == Recompute::Full)
        layerForward(st, layer, mb, EventKind::Recompute);
    const auto& f = layerSeconds(layer);
    const bool moe = sc.model.isMoeLayer(layer);
    const bool mlpTp = mlpOverTp(moe);
    // torchtitan's op-level policy saves the reduce-scatters' outputs but not the all-gathers' (_save_list in
    // parallelize_llama.py): recomputing the block gathers the inputs of attention and of the MLP again, each beside
    // the first GEMM that reads it.
    if (sc.compute.recompute == Recompute::SelectiveOp) {
        tpBefore(st, "rcp att", f.attentionForwardGemms.first, layer, mb);
        if (mlpTp)
            tpBefore(st, "rcp mlp", f.mlpForwardGemms.first, layer, mb);
    }
    if (mlpTp)
        tpBefore(st, "mlp", f.mlpBackwardGemms.first, layer, mb);
    // Under comm.moe_ep_overlap the paired forward's attention runs beside the combine, its MLP beside the dispatch.
    if (moe)
        epComm(st, "comb", layer, mb, f.attentionForward, f.mlpBackwardTotal());
    EventRef input = st.lastCompute;
    // A selective recomputation repeats its part of the forward when that part's backward starts.
    const auto mlp = compute(st, EventKind::Backward, moe ? "moe" : "mlp", f.mlpBackwardTotal(), layer, mb);
    gradientsReady(st, chunk, layer, ParamPart::Mlp, mlp, last);
    if (moe)
        epComm(st, "disp", layer, mb, f.mlpForward, 0);
    if (mlpTp)
        tpAfter(st, "mlp", f.mlpBackwardGemms.last, input, layer, mb);
    tpBefore(st, "att", f.attentionBackwardGemms.first, layer, mb);
    const Seconds attention = f.attentionBackwardTotal();
    input = st.lastCompute;
    ringAttention(st, true, attention, f.attentionBackwardGemms.first, f.coreAttentionBackward,
        f.attentionBackwardGemms.last, layer, mb);
    const auto attn = compute(st, EventKind::Backward, "att", attention, layer, mb);
    gradientsReady(st, chunk, layer, ParamPart::Attention, attn, last);
    tpAfter(st, "att", f.attentionBackwardGemms.last, input, layer, mb);
    if (layer == 0)
        gradientsReady(st, chunk, layer, ParamPart::Embedding, st.lastCompute, last);
}

EventRef LayerRunner::forward(StageState& st, int chunk, int mb, Seconds ready, EventRef input, bool paired)
{
    const int p = m_context.scenario.parallel.pp;
    const int vs = chunk * p + st.stage;
    st.computeFree = std::max(st.computeFree, ready);
    m_input = input;
    m_paired = paired;
    m_opBegin = st.computeFree;
    if (vs > 0 && p > 1 && !m_sp)
        tpComm(st, Collective::AllGather, "recv", -1, mb);
    if (m_grads.zero3())
        m_grads.beginPass(st.stage);
    // With pipeline stages FSDP keeps what the first forward gathered until the step's end.
    const bool gathers = m_grads.zero3() && (!m_grads.keepsGatheredParameters() || mb == 0);
    for (int l = m_context.firstLayer(vs); l < m_context.firstLayer(vs + 1); ++l) {
        if (gathers)
            st.computeFree = std::max(st.computeFree, m_grads.gather(st, chunk, l, false, st.computeFree));
        else if (mb == 0)
            st.computeFree = std::max(st.computeFree, m_grads.paramsGathered(st, chunk, l));
        layerForward(st, l, mb, EventKind::Forward);
    }
    return st.lastCompute;
}

EventRef LayerRunner::backward(StageState& st, int chunk, int mb, Seconds ready, EventRef input, bool paired)
{
    const auto& sc = m_context.scenario;
    const int p = sc.parallel.pp;
    const int vs = chunk * p + st.stage;
    st.computeFree = std::max(st.computeFree, ready);
    m_input = input;
    m_paired = paired;
    m_opBegin = st.computeFree;
    if (vs < p * sc.parallel.virtualStages - 1 && p > 1 && !m_sp)
        tpComm(st, Collective::AllGather, "recv", -1, mb);
    if (m_grads.zero3())
        m_grads.beginPass(st.stage);
    const bool last = mb == m_context.totalMicroBatches - 1;
    if (m_context.firstLayer(vs + 1) == sc.model.layers) {
        const auto head = compute(st, EventKind::Backward, "head", m_context.kernels.headBackward, -1, mb);
        if (p > 1)
            gradientsReady(st, chunk, -1, ParamPart::Head, head, last);
    }
    for (int l = m_context.firstLayer(vs + 1) - 1; l >= m_context.firstLayer(vs); --l)
        layerBackward(st, chunk, l, mb);
    return st.lastCompute;
}

} // namespace tutor::model::sim
