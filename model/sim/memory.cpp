// SPDX-License-Identifier: MIT
#include "model/sim/memory.h"

#include "model/sim/compute.h"

#include <algorithm>

namespace tutor::model {

ModelStateBytes modelStateBytes(double psi, int zeroStage, int dp, double gradBytes)
{
    const double n = std::max(1, dp);
    const double k = kOptimizerBytesPerParam, g = gradBytes;
    switch (zeroStage) {
    case 1:
        return { 2 * psi, g * psi, k * psi / n };
    case 2:
        return { 2 * psi, g * psi / n, k * psi / n };
    case 3:
        return { 2 * psi / n, g * psi / n, k * psi / n };
    default:
        return { 2 * psi, g * psi, k * psi };
    }
}

int zeroStateSharding(const ParallelSpec& p)
{
    // FSDP under pipelining (torchtitan) keeps a chunk's gathered parameters and its unsharded gradients for the whole
    // step; only the optimizer states stay sharded, as with ZeRO-1.
    return p.fsdpUnderPipeline() ? 1 : p.zeroStage;
}

namespace {
double activationBytes(const Scenario& sc, Recompute recompute)
{
    // Context parallelism keeps s / cp tokens of every layer on each GPU.
    const double s = static_cast<double>(sc.model.seqLen) / sc.parallel.cp, b = sc.batch.microBatchSize,
                 h = sc.model.hidden, a = sc.model.heads;
    const double t = sc.parallel.tp;
    const bool sp = sc.parallel.sp && sc.parallel.tp > 1;
    // The softmax/dropout term (5as/h per sbh: scores, softmax output, dropout mask and output, all s×s per head)
    // that selective recomputation drops. FlashAttention never stores the s×s matrices (it keeps Q, K, V, the output
    // and one logsumexp per row), so with it the term is gone as well (Dao et al. 2022 §3.1; Korthikanti et al.
    // 2022 §4.1, Table 2).
    const double attention = sc.compute.flashAttention ? 0 : 5 * a * s / (h * t);
    switch (recompute) {
    case Recompute::Full:
        return 2 * s * b * h / (sp ? t : 1);
    case Recompute::Selective:
        return s * b * h * (sp ? 34 / t : 10 + 24 / t);
    case Recompute::SelectiveOp: {
        // torchtitan's op-level policy keeps, in bf16, the layer's input, the matmul outputs it does not recompute
        // (q, v, gate or fc1, and the gated MLP's down projection, whole before its reduction) and attention's output.
        const auto& m = sc.model;
        const double saved
            = h / (sp ? t : 1) + (m.qWidth() + m.outWidth() + m.kvWidth() / 2 + m.ffnSize()) / t + (m.gatedMlp ? h : 0);
        return 2 * s * b * saved + s * b * h * attention;
    }
    case Recompute::None:
        break;
    }
    return s * b * h * ((sp ? 34 / t : 10 + 24 / t) + attention);
}

// Parameters one GPU holds of a dense or an MoE layer: its share over tp, routed experts over ep and etp.
double layerParamsPerGpu(const Scenario& sc, bool moe)
{
    const auto& m = sc.model;
    const auto& p = sc.parallel;
    const double router = moe ? static_cast<double>(m.hidden) * m.moe.experts / p.tp : 0;
    return attentionParamsPerRank(m, p.tp) + mlpKindParamsPerRank(m, moe, p.tp, p.ep, p.expertTp()) + router;
}

// How many dense and how many MoE layers a pipeline stage holds: its model chunks s, s + pp, … (interleaved), each
// its own run of layers. Every layer of a kind holds the same parameters, so a stage's sums are counts times those.
struct LayerKinds {
    int dense = 0;
    int moe = 0;
};

LayerKinds stageLayerKinds(const Scenario& sc, int stage)
{
    const auto& m = sc.model;
    const auto& p = sc.parallel;
    LayerKinds kinds;
    for (int vs = stage; vs < p.pp * p.virtualStages; vs += p.pp) {
        const int end = chunkFirstLayer(m, p, vs + 1);
        for (int l = chunkFirstLayer(m, p, vs); l < end; ++l)
            ++(m.isMoeLayer(l) ? kinds.moe : kinds.dense);
    }
    return kinds;
}

// A stage without MoE layers (every layer of a dense model) counts none, so it holds no routed experts.
double routedExpertParams(const Scenario& sc, const LayerKinds& kinds)
{
    return kinds.moe * routedExpertParamsPerRank(sc.model, sc.parallel.ep, sc.parallel.expertTp());
}

double stageParams(const Scenario& sc, int stage, const LayerKinds& kinds)
{
    const auto& m = sc.model;
    const auto& p = sc.parallel;
    double sum = kinds.dense * layerParamsPerGpu(sc, false) + kinds.moe * layerParamsPerGpu(sc, true);
    // The input embedding on the first stage, the output head on the last (one matrix when tied on one stage).
    if (stage == 0)
        sum += embeddingParams(m) / p.tp;
    if (stage == p.pp - 1 && (p.pp > 1 || !m.tiedEmbeddings))
        sum += embeddingParams(m) / p.tp;
    return sum;
}
} // namespace

double activationBytesPerLayer(const Scenario& sc)
{
    return activationBytes(sc, sc.compute.recompute);
}

double routedExpertParamsPerGpu(const Scenario& sc, int stage)
{
    return routedExpertParams(sc, stageLayerKinds(sc, stage));
}

double paramsPerGpu(const Scenario& sc, int stage)
{
    return stageParams(sc, stage, stageLayerKinds(sc, stage));
}

double inFlightLayerPasses(const Scenario& sc, int stage)
{
    const int p = sc.parallel.pp, m = sc.batch.microBatches, v = sc.parallel.virtualStages;
    // The stage's own layers (an uneven split gives the first and the last stage one fewer per end chunk, or what
    // parallel.chunk_layers gives).
    double layersPerStage = 0;
    for (int vs = stage; vs < p * v; vs += p)
        layersPerStage += chunkFirstLayer(sc.model, sc.parallel, vs + 1) - chunkFirstLayer(sc.model, sc.parallel, vs);
    if (p == 1)
        return layersPerStage;
    switch (sc.parallel.schedule) {
    case PipelineSchedule::GPipe:
        return m * layersPerStage;
    case PipelineSchedule::OneFOneB:
        return std::min(m, p - stage) * layersPerStage;
    case PipelineSchedule::Interleaved: {
        const int warmup = std::min(m * v, (p - stage - 1) * 2 + (v - 1) * p);
        return (warmup + 1) * layersPerStage / v;
    }
    }
    return layersPerStage;
}

double bufferBytes(const Scenario& sc, int stage)
{
    const auto& m = sc.model;
    const auto& p = sc.parallel;
    const bool last = stage == p.pp - 1;
    double bytes = 0;
    if (last) {
        const double logits = static_cast<double>(sc.batch.microBatchSize) * m.seqLen / p.cp * m.vocab / p.tp;
        bytes += logits
            * (sc.compute.lossKernels() == Elementwise::Eager ? kLossEagerBytesPerLogit : kLossFusedBytesPerLogit);
    }
    // Outside pipelining (one stage), so the stage holds every layer.
    if (p.zeroStage == 3 && !p.fsdpUnderPipeline()) {
        const auto kinds = stageLayerKinds(sc, stage);
        const double largest = std::max(
            kinds.dense > 0 ? layerParamsPerGpu(sc, false) : 0.0, kinds.moe > 0 ? layerParamsPerGpu(sc, true) : 0.0);
        bytes += 2 * (1 + std::max(0, sc.comm.prefetchDepth)) * largest;
        if (last)
            bytes += 2 * embeddingParams(m) / p.tp;
    }
    return bytes;
}

ModelStateBytes stageStateBytes(const Scenario& sc, int stage)
{
    // Gradients are held in the type they are reduced in (comm.grad_dtype). The routed experts shard over their
    // expert-data-parallel ranks, the rest over dp · cp.
    const auto kinds = stageLayerKinds(sc, stage);
    const double experts = routedExpertParams(sc, kinds);
    const double gradBytes = static_cast<double>(sizeOf(sc.comm.gradientDType()));
    const int zero = zeroStateSharding(sc.parallel);
    const auto dense
        = modelStateBytes(stageParams(sc, stage, kinds) - experts, zero, sc.parallel.gradientRanks(), gradBytes);
    const auto routed = modelStateBytes(experts, zero, sc.parallel.expertDataRanks(), gradBytes);
    return { dense.params + routed.params, dense.grads + routed.grads, dense.optimizer + routed.optimizer };
}

MemoryBreakdown peakMemory(const Scenario& sc, Bytes capacityBytes)
{
    MemoryBreakdown best;
    best.totalBytes = -1;
    const double perLayer = activationBytesPerLayer(sc);
    // Full recomputation rebuilds one layer's activations at a time before its backward: they sit beside the saved
    // inputs (Korthikanti et al. 2022 §5: memory = the layers' inputs + one layer's activations).
    const double rebuilt = sc.compute.recompute == Recompute::Full ? activationBytes(sc, Recompute::None) : 0;
    for (int stage = 0; stage < sc.parallel.pp; ++stage) {
        const auto states = stageStateBytes(sc, stage);
        MemoryBreakdown m;
        m.stage = stage;
        m.paramsBytes = states.params;
        m.gradsBytes = states.grads;
        m.optimizerBytes = states.optimizer;
        m.activationsBytes = perLayer * inFlightLayerPasses(sc, stage) + rebuilt;
        m.buffersBytes = bufferBytes(sc, stage);
        m.totalBytes = states.total() + m.activationsBytes + m.buffersBytes;
        m.capacityBytes = static_cast<double>(capacityBytes);
        if (m.totalBytes > best.totalBytes)
            best = m;
    }
    return best;
}

} // namespace tutor::model
