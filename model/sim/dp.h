// SPDX-License-Identifier: MIT
#pragma once
// Internal to the simulator: data-parallel gradient and parameter communication (DDP buckets, ZeRO-1/2/3).
#include "model/sim/engine.h"

namespace tutor::model::sim {

/// The parameter groups whose gradients become ready together during backward.
enum class ParamPart { Head, Embedding, Mlp, Attention };

class GradSync {
public:
    GradSync(Context& context, int stages);

    /// The final backward of the step (the last micro-batch; no_sync before it) produced the gradient of
    /// `part` of `layer` (global index) at time `t` through event `producer`. Launches a bucket's
    /// collective when it is complete and overlap is on.
    void gradReady(StageState& stage, int chunk, int layer, ParamPart part, Seconds t, EventRef producer);

    /// The stage ran its last backward: with overlap off every bucket is launched now; ZeRO-3 with overlap
    /// off ReduceScatters here.
    void stageDone(StageState& stage);
    /// ZeRO-1/2: the optimizer step (event `optimizer`, ending at `ready`) updated this rank's shard; every rank
    /// AllGathers the updated parameters.
    void gatherParameters(StageState& stage, Seconds ready, EventRef optimizer);

    /// comm.overlap_param_gather: when the parameters of `layer` in `chunk` (and, on the first virtual stage, the
    /// embedding) have been gathered after the previous step's optimizer step. The stage's gathers are issued at
    /// the step's start in forward order on first use; 0 without the option.
    Seconds paramsGathered(StageState& stage, int chunk, int layer);
    /// comm.overlap_param_gather: when the stage's last step-start gather ends (issuing them if not yet).
    Seconds stepStartGathersEnd(StageState& stage);

    /// ZeRO-3: the layer's parameters are gathered for micro-batch `mb` (forward or backward pass); issues
    /// AllGathers up to prefetch_depth layers ahead at `t`, within the layers of model chunk `chunk`.
    /// Returns when the layer's AllGather ends.
    Seconds gather(StageState& stage, int chunk, int layer, bool backward, Seconds t);
    /// ZeRO-3 with pipeline stages (ParallelSpec::fsdpUnderPipeline): parameters gathered once are kept.
    bool keepsGatheredParameters() const { return m_context.scenario.parallel.fsdpUnderPipeline(); }
    /// ZeRO-3: a new forward or backward pass starts; nothing has been gathered for it yet.
    void beginPass(int stage);

    bool zero3() const { return m_zero3; }
    /// ZeRO-1/2 with comm.overlap_param_gather: the first micro-batch's forward waits for the step-start gathers.
    bool gathersAtStart() const { return m_gatherAtStart; }
    /// For the metrics-only path's scratch ops, which are timed alone, away from the step's start.
    void withoutStepStartGathers() { m_gatherAtStart = false; }

private:
    /// ZeRO-3: the untied output head's ReduceScatter on the last pipeline stage.
    void reduceHead(StageState& stage, Seconds t, EventRef producer);

    struct Bucket {
        Bytes bytes = 0;
        int pending = 0; ///< parameter groups whose gradients are not ready yet
        GroupKind group = GroupKind::Dp;
        Seconds ready = 0;
        EventRef producer;
        EventRef comm; ///< the ReduceScatter / AllReduce
        Seconds gathered = 0; ///< overlap_param_gather: when its parameter AllGather ends
        int id = 0; ///< per stage, in launch order
        bool launched = false;
    };
    struct StageBuckets {
        std::vector<Bucket> buckets;
        std::vector<int> slotBucket; ///< per (chunk, slot): bucket index, −1 when not synchronised
        int launchedUpTo = 0;
        int nextGather = 0; ///< ZeRO-3: next layer to AllGather in the current pass
        bool freshPass = true; ///< ZeRO-3: nothing gathered yet in the current pass
        int gatherStep = 1; ///< +1 forward, −1 backward
        std::vector<Seconds> gatherEnd;
        bool built = false;
        bool paramsIssued = false; ///< overlap_param_gather: the step-start AllGathers are issued
        Seconds paramsEnd = 0; ///< and when the last one ends
    };

    // Gradient slots of a chunk: head, embedding, then per layer the MLP's two weight matrices (fc2, fc1;
    // one slot for all local experts) and the attention's two (output projection, QKV), the tensors
    // PyTorch DDP assigns to buckets.
    int slots() const { return 2 + 4 * m_context.layersPerChunk; }
    int slot(int chunk, int layer, ParamPart part, int tensor = 0) const;
    void build(int stage);
    /// The stage's buckets, planned on first use: the metrics-only path's scratch simulation meets a few stages.
    StageBuckets& stageBuckets(int stage);
    void launch(StageState& stage, Bucket& bucket, Seconds ready);
    Bytes layerBytes(int layer, ParamPart part) const;
    Bytes parameterBytes(const Bucket& bucket) const;
    StageBuckets& withStepStartGathers(StageState& stage);
    EventRef issue(StageState& stage, Collective op, Bytes bytes, GroupKind group, Seconds ready, int layer, int bucket,
        const char* what);

    Context& m_context;
    std::vector<StageBuckets> m_stages;
    int m_dtypeBytes = 2;
    bool m_zero3 = false;
    bool m_gatherAtStart = false; ///< ZeRO-1/2 with comm.overlap_param_gather
};

} // namespace tutor::model::sim
