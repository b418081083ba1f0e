// SPDX-License-Identifier: MIT
#pragma once
// Internal to the simulator: one model chunk's forward or backward for one micro-batch, layer by layer,
// with the blocking TP and EP collectives between its compute, context parallelism's ring attention beside it and
// ZeRO-3 parameter gathers before it.
#include "model/sim/dp.h"

namespace tutor::model::sim {

/// A point of a backward pass where gradients become ready: what GradSync::gradReady is told on the step's last
/// micro-batch (layer −1: the head).
struct ReadyPoint {
    int chunk = 0;
    int layer = -1;
    ParamPart part = ParamPart::Mlp;
    Seconds at = 0;
    EventRef producer;
};

class LayerRunner {
public:
    LayerRunner(Context& context, GradSync& grads);
    /// Logs every gradient-ready point of the backward passes run from now on, on the step's last micro-batch or
    /// not (the metrics-only path replays a pass from them); nullptr stops.
    void logReadyPoints(std::vector<ReadyPoint>* log) { m_readyLog = log; }

    /// Forward of chunk `chunk` (layers of virtual stage chunk·pp + stage) for micro-batch `mb`, starting
    /// no earlier than `ready` (when its input arrived through `input`). Returns the last compute event. `paired`:
    /// the op runs beside one of the other direction (PipelineOp::paired), which comm.moe_ep_overlap hides MoE
    /// dispatch and combine behind.
    EventRef forward(StageState& stage, int chunk, int mb, Seconds ready, EventRef input, bool paired);
    /// Backward of the same chunk; on the step's last micro-batch it reports gradients to GradSync.
    EventRef backward(StageState& stage, int chunk, int mb, Seconds ready, EventRef input, bool paired);

private:
    const LayerSeconds& layerSeconds(int layer) const;
    /// Whether a layer's MLP block runs TP collectives around it: always when dense, m_moeBlockTp when MoE.
    bool mlpOverTp(bool moe) const { return !moe || m_moeBlockTp; }

    void layerForward(StageState& stage, int layer, int mb, EventKind kind);
    void layerBackward(StageState& stage, int chunk, int layer, int mb);
    EventRef compute(StageState& stage, EventKind kind, const char* what, Seconds seconds, int layer, int mb);
    /// A collective the compute stream waits for (TP, EP); skipped when the group has one rank. `seconds`, when
    /// given, is its duration instead of the collective model's for `bytes`.
    void blocking(StageState& stage, LaneKind lane, GroupKind group, Collective op, Bytes bytes, const char* what,
        int layer, int mb, std::optional<Seconds> seconds = std::nullopt);
    void tpComm(StageState& stage, Collective op, const char* what, int layer, int mb);
    /// MoE dispatch or combine: the all-to-all dispatcher's AllToAll, or the flex dispatcher's (m_epSeconds). In a
    /// paired op under comm.moe_ep_overlap it runs beside `partner` seconds of the other micro-batch's compute and
    /// the compute stream waits only for the rest; `after`: this op's compute that follows it at once.
    void epComm(StageState& stage, const char* what, int layer, int mb, Seconds partner, Seconds after);
    /// The TP collective before a block (AllGather with sequence parallelism, none without), pipelined with the
    /// block's first GEMM when comm.tp_overlap is on, blocking otherwise.
    void tpBefore(StageState& stage, const char* what, Seconds firstGemm, int layer, int mb);
    /// The TP collective after a block that ended with event `block` (ReduceScatter or AllReduce), pipelined
    /// with its last GEMM when comm.tp_overlap is on; `blockInput` is what the block waited for.
    void tpAfter(StageState& stage, const char* what, Seconds lastGemm, EventRef blockInput, int layer, int mb);
    /// Context parallelism's ring attention around an attention block of `block` seconds about to run: its cp − 1
    /// K/V exchanges (with dK/dV in backward) start after the block's `lead` seconds and run while the block
    /// computes; each block of keys is attended to once it has arrived, so the block cannot end before the ring's
    /// last exchange plus 1/cp of the core attention (`core`) and the `tail` after it. Moves st.computeFree on when
    /// the ring would make the block wait.
    void ringAttention(
        StageState& stage, bool backward, Seconds block, Seconds lead, Seconds core, Seconds tail, int layer, int mb);
    /// A collective's event of `bytes` in `group`, costed (or `seconds` long when given), not yet placed.
    Record commRecord(GroupKind group, Collective op, Bytes bytes, const char* what, int layer, int mb,
        std::optional<Seconds> seconds = std::nullopt) const;
    /// Gradients of `part` are ready now (st.computeFree), made by `producer`: GradSync hears of it on the step's last
    /// micro-batch (`last`), the log always.
    void gradientsReady(StageState& stage, int chunk, int layer, ParamPart part, EventRef producer, bool last);

    Context& m_context;
    GradSync& m_grads;
    EventRef m_input; ///< what the current op waited for; the op's first event depends on it
    Bytes m_epBytes = 0; ///< per dispatch: all-to-all's S, or what the flex dispatcher sends per rank
    std::optional<Seconds> m_epSeconds; ///< the flex dispatcher's time per dispatch; unset for the all-to-all
    Bytes m_tpBytes = 0;
    Bytes m_kvBytes = 0; ///< one K/V block of the context-parallel ring
    bool m_sp = false;
    bool m_tpOverlap = false;
    bool m_epOverlap = false; ///< comm.moe_ep_overlap
    /// An MoE block gathers and scatters its tokens over TP as a dense MLP does; not when its routed experts sit
    /// outside TP (parallel.etp 1) and it has no shared expert, which would still run over TP.
    bool m_moeBlockTp = true;
    bool m_paired = false; ///< the current op is paired (forward/backward)
    Seconds m_opBegin = 0; ///< when the current op started
    std::vector<ReadyPoint>* m_readyLog = nullptr;
};

} // namespace tutor::model::sim
