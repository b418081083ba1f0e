// SPDX-License-Identifier: MIT
#pragma once
// How long a transformer layer's kernels take on one GPU: the compute model of the step simulator.
//
// Instead of one "efficiency" for all work, every kernel is costed by what bounds it:
// - GEMMs: a roofline, max(FLOPs / (peak · η · wave), operand bytes / (memory bandwidth · η_mem)), where η is the
//   fraction of peak a large GEMM reaches (ComputeFigures::gemmEfficiency, fitted) and `wave` the wave-
//   quantization factor tiles / (⌈tiles / SMs⌉ · SMs) of 128×128 output tiles (NVIDIA Deep Learning
//   Performance guide, "Matrix Multiplication Background": tile and wave quantization), then the output's
//   write, m·n elements at memory bandwidth · η_mem: a tile stores its block of C after its k loop, so the store
//   does not hide under the multiply-adds. It adds peak · η / (bandwidth · η_mem · k) to the multiply-adds' time:
//   5 % at k = 4,096 in bf16 on H100, 40 % at k = 512 (a row-parallel GEMM under TP 8). Backward runs the
//   data-gradient and weight-gradient GEMMs of the same sizes.
// - Element-wise operations (layer norms, bias + GeLU / SwiGLU, dropout, residual adds, the cross-entropy
//   softmax, Adam) move their bytes at memory bandwidth · η_mem; Megatron-LM's fused kernels by default
//   (bias-dropout-add one kernel, softmax fused with scale and mask), or PyTorch eager's one kernel per op
//   (ComputeSpec::elementwise, torchtitan without torch.compile: RMSNorm in eight passes, RoPE in fp32, GQA's
//   K and V copied per head).
// - Core attention: fused (FlashAttention, Dao et al. 2022/2023) on the causal half of the score matrix at the
//   published fraction of peak of the scenario's kernel (ComputeSpec::attentionKernel: cuDNN's, Transformer Engine's
//   choice on Hopper and later, FlashAttention-2, PyTorch SDPA's, or llm-foundry's Triton FlashAttention at a
//   fitted share of FlashAttention-2's rate), backward 2.5× the forward's FLOPs (5 matmuls instead of 2) at the
//   kernel's backward fraction, each scaled by the kernel's published curves over the keys a call sees and the head
//   width (64 runs cuDNN's forward at 0.72 of 128's rate); unfused: QKᵀ and ·V as batched GEMMs plus the score matrix
//   b·a·s² read and written by softmax and dropout (Korthikanti et al. 2022 §4.1).
// - Every kernel pays ComputeFigures::kernelGapUs (launch and tail between kernels of one stream).
// fp8 runs the layers' GEMMs at the fp8 peak and its own efficiency (fp8GemmEfficiency); attention, element-wise work
// and the output layer stay in bf16. The casts are kernels of their own (ComputeSpec::fp8Scaling): under torchao's
// dynamic scaling every fp8 GEMM's input, weight and output gradient is scanned for its absolute maximum and cast, and
// the backward GEMMs read transposed copies; under Transformer Engine's recipes (delayed and current per-tensor
// scaling, MXFP8) each GEMM input and output gradient is quantized, row-wise and on Hopper transposed at once, each
// weight once a step, and a norm's output by the norm itself as far as the recipe lets it.
// Without CUDA graphs (ComputeSpec::cudaGraphs) an MoE layer lasts at least ComputeFigures::moeHostMs, the host's time
// to launch its kernels; the MoE block's forward and backward take up what is left of it.
// An MoE block's router, permutations and expert GEMMs run at the dense rate, each expert on its own rows; each expert
// on the GPU adds ComputeFigures::moeExpertUs per micro-batch forward and twice that backward. An MoE layer's shared
// expert is a dense MLP on every token, at the dense rate. The attention block's projections are
// attentionLinears (compute.h): QKV and the output projection, or multi-head latent attention's down and up
// projections, whose core attention runs qk-wide QKᵀ and v-wide ·V.
#include "model/sim/scenario.h"

namespace tutor::model {

/// Seconds of one micro-batch's work on one GPU, per transformer layer and for the model's ends.
struct LayerSeconds {
    Seconds attentionForward = 0; ///< norm, QKV, core attention, projection, bias-dropout-add
    Seconds mlpForward = 0; ///< norm, FC1 (+ gate), activation, FC2, bias-dropout-add (MoE: router and experts)
    Seconds attentionBackward = 0;
    Seconds mlpBackward = 0;
    Seconds coreAttentionForward = 0; ///< the part selective recomputation repeats
    Seconds coreAttentionBackward = 0; ///< the part context parallelism's ring attention runs block by block
    /// What torchtitan's op-level selective recomputation (Recompute::SelectiveOp) repeats before the layer's backward:
    /// every element-wise op of the forward (norms, activation, residual adds) and every second matmul in forward
    /// order. The order is q, k, v, o, then gate, up, down (gated MLP) or fc1, fc2, so k, o and up (fc2) are
    /// recomputed; an MoE layer's expert GEMMs follow the dense order. The saved outputs: the others and attention.
    Seconds opRecomputeForward = 0;
    /// What the scenario's recomputation repeats before each part's backward: Megatron's selective policy the core
    /// attention before attention's, torchtitan's op-level one opRecomputeForward before the MLP's; 0 otherwise.
    /// (Full recomputation runs the layer's forward again, as events of its own.)
    Seconds attentionBackwardRecompute = 0;
    Seconds mlpBackwardRecompute = 0;
    /// A part's backward with the recomputation before it: what its backward block on the compute stream lasts.
    Seconds attentionBackwardTotal() const { return attentionBackward + attentionBackwardRecompute; }
    Seconds mlpBackwardTotal() const { return mlpBackward + mlpBackwardRecompute; }
    /// The GEMMs beside a block's TP collectives, which Megatron-LM's --tp-comm-overlap (Transformer Engine
    /// userbuffers) pipelines with them in tp chunks: `first` with the AllGather before the block, `last` with
    /// the ReduceScatter after it. Forward: QKV / FC1 and projection / FC2; backward: the data gradient of
    /// the projection / FC2 and the weight gradient of QKV / FC1.
    struct Neighbours {
        Seconds first = 0;
        Seconds last = 0;
    };
    Neighbours attentionForwardGemms, mlpForwardGemms, attentionBackwardGemms, mlpBackwardGemms;
};

/// What the kernels of one scenario cost (per micro-batch, per GPU).
struct KernelCosts {
    LayerSeconds dense;
    LayerSeconds moe;
    Seconds headForward = 0; ///< logits GEMM and vocab-parallel cross-entropy on the last stage
    Seconds headBackward = 0;
    double peakFlops = 0; ///< the GEMM peak in use (bf16 or fp8)
    double gemmEfficiency = 0; ///< η in use (the scenario's override or the preset's)
};

/// Roofline time of one GEMM C[m×n] = A[m×k]·B[k×n], `batch` of them, with 2-byte operands, and its output's write.
Seconds gemmSeconds(double m, double n, double k, const HardwarePreset& hardware, double peakFlops, double efficiency,
    double batch = 1);
/// Time of one memory-bound kernel moving `bytes`.
Seconds elementwiseSeconds(double bytes, const HardwarePreset& hardware);

/// Costs every kernel of a scenario once. Fails when fp8 is asked of a GPU without fp8 tensor cores.
Result<KernelCosts> kernelCosts(const Scenario& scenario, const HardwarePreset& hardware);

/// Whether one micro-batch's kernel costs depend on how many micro-batches the step holds: Transformer Engine's fp8
/// recipes (every Fp8Scaling but Dynamic) cast each weight once a step, and each micro-batch carries its share of
/// those casts.
bool costsDependOnMicroBatches(const Scenario& scenario);

/// Adam step over `params` parameters held by one GPU (fp32 master weights, moments and gradients, bf16 copy
/// written back: 34 bytes per parameter moved, Megatron-LM's fused Adam), at memory bandwidth.
Seconds optimizerSeconds(double params, const HardwarePreset& hardware);

} // namespace tutor::model
