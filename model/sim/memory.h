// SPDX-License-Identifier: MIT
#pragma once
// Memory per GPU: model states per ZeRO stage and activations per recomputation choice.
#include "model/sim/scenario.h"

namespace tutor::model {

/// Adam with mixed precision keeps K = 12 bytes of optimizer state per parameter (fp32 master weights,
/// momentum, variance): Rajbhandari et al. 2020 "ZeRO", §3.1.
inline constexpr double kOptimizerBytesPerParam = 12;

struct ModelStateBytes {
    double params = 0; ///< bf16 weights, 2 bytes each
    double grads = 0; ///< gradients, 2 bytes each in bf16 (4 when they are kept in fp32)
    double optimizer = 0; ///< K bytes each
    double total() const { return params + grads + optimizer; }
    bool operator==(const ModelStateBytes&) const = default;
};

/// Model states of Ψ parameters on one GPU of a data-parallel group of `dp` (ZeRO paper, Figure 1):
/// stage 0 (DDP) (2+2+K)Ψ; stage 1 2Ψ + 2Ψ + KΨ/dp; stage 2 2Ψ + (2+K)Ψ/dp; stage 3 (2+2+K)Ψ/dp.
/// Gradients kept in fp32 take `gradBytes` = 4 in place of the 2 (Megatron-LM's main_grad buffers for bf16 models,
/// FSDP2's gradients accumulated in its fp32 reduce dtype).
/// Preconditions: Ψ ≥ 0, dp ≥ 1, stage in 0..3.
ModelStateBytes modelStateBytes(double params, int zeroStage, int dp, double gradBytes = 2);

/// Activation bytes one transformer layer keeps for one micro-batch (Korthikanti et al. 2022, "Reducing
/// Activation Recomputation in Large Transformer Models", Table 2), with s = seq, b = micro-batch, h, a = heads,
/// t = tp: none s·b·h·(10 + 24/t + 5·a·s/(h·t)); with sequence parallelism s·b·h·(34 + 5·a·s/h)/t;
/// selective recomputation and FlashAttention (compute.flash_attention, the default) drop the 5·a·s/h term; full
/// recomputation keeps only the layer input 2·s·b·h
/// (÷ t with sequence parallelism).
double activationBytesPerLayer(const Scenario& scenario);
/// The ZeRO stage whose sharding of model states holds through the step: zero_stage, except ZeRO-3 with pipeline
/// stages (FSDP under pipelining keeps parameters and gradients whole from the first forward to the last backward),
/// which holds as ZeRO-1.
int zeroStateSharding(const ParallelSpec& parallel);

/// Bytes per logit alive at the loss's peak on the last stage. Fused (Megatron-Core's vocab-parallel cross-entropy):
/// the bf16 logits and their fp32 copy, which becomes the softmax in place and is kept for backward: 2 + 4. Eager
/// (torchtitan's F.cross_entropy on pred.float()): in backward the kept fp32 log-softmax, the NLL gradient and the
/// log-softmax's input gradient, 4 + 4 + 4.
inline constexpr double kLossFusedBytesPerLogit = 6;
inline constexpr double kLossEagerBytesPerLogit = 12;

/// What a GPU holds besides model states and saved activations at its peak: on the last stage the logits of one
/// micro-batch through the loss (tokens · vocab / tp · bytes per logit, above), and with ZeRO-3 (outside
/// pipelining) the whole bf16 parameters of the layers gathered at once (the one running and prefetch_depth ahead,
/// each the largest layer of the stage) and, on the last stage, of the output layer.
double bufferBytes(const Scenario& scenario, int stage);

struct MemoryBreakdown {
    int stage = 0; ///< the pipeline stage with the largest total
    double paramsBytes = 0;
    double gradsBytes = 0;
    double optimizerBytes = 0;
    double activationsBytes = 0;
    double buffersBytes = 0; ///< bufferBytes: the loss's logits, ZeRO-3's gathered layers
    double totalBytes = 0;
    double capacityBytes = 0; ///< the GPU's memory
    bool fits() const { return totalBytes <= capacityBytes; }
    bool operator==(const MemoryBreakdown&) const = default;
};

/// Parameters held by one GPU of pipeline stage `stage` (its layers ÷ tp, MoE experts ÷ ep, the embedding
/// on the first stage and the output head on the last when pp > 1).
double paramsPerGpu(const Scenario& scenario, int stage);
/// The routed experts' share of paramsPerGpu: experts / ep of each MoE layer of the stage, split over etp. They
/// reduce their gradients and shard their ZeRO states over ParallelSpec::expertDataRanks(), the rest over dp · cp.
double routedExpertParamsPerGpu(const Scenario& scenario, int stage);
/// The model states one GPU of stage `stage` holds: modelStateBytes of its routed experts over expertDataRanks()
/// and of the rest over dp · cp, at the scenario's ZeRO stage (zeroStateSharding) and gradient type.
ModelStateBytes stageStateBytes(const Scenario& scenario, int stage);

/// Micro-batches whose activations a stage holds at its peak: GPipe m; 1F1B min(m, pp − stage);
/// interleaved the warm-up count + 1 of Megatron-LM's schedule, in units of one chunk (layers / (pp·v)).
double inFlightLayerPasses(const Scenario& scenario, int stage);

/// Peak memory per GPU over all stages: model states, the saved activations of the layer passes in flight (with full
/// recomputation, plus the one layer rebuilt for its backward) and bufferBytes. Precondition: validate(scenario) is
/// empty.
MemoryBreakdown peakMemory(const Scenario& scenario, Bytes capacityBytes);

} // namespace tutor::model
