// SPDX-License-Identifier: MIT
#include "model/sim/kernels.h"

#include "model/sim/compute.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tutor::model {

namespace {
constexpr double kTile = 128; // output tile edge of the GEMM kernels (cuBLAS/CUTLASS 128×128 and wider)
constexpr double kAct = 2; // bytes of a bf16 activation
constexpr double kMask = 1; // bytes of a dropout mask element
constexpr double kFlashBackward = 2.5; // FlashAttention-2: 5 matmuls backward against 2 forward

double gap(const HardwarePreset& hw)
{
    return hw.compute.kernelGapUs * 1e-6;
}

// `kernels` memory-bound kernels moving `bytes` in all.
Seconds passes(double bytes, int kernels, const HardwarePreset& hw)
{
    return elementwiseSeconds(bytes, hw) + (kernels - 1) * gap(hw);
}

// Bytes per element and kernels of the element-wise work that differs between fused kernels and PyTorch eager
// (Elementwise), counted from torchtitan's Llama at 9dec370 (models/norms.py RMSNorm, models/llama/model.py
// apply_rotary_emb, repeat_kv, FeedForward; train.py's loss). Backward is twice forward where autograd replays the
// same ops (the convention of every element-wise cost here).
struct Passes {
    double bytes; // per element
    int kernels;
};
// RMSNorm. Fused: read x, write y. Eager: x.float() (2 + 4), pow (4 + 4), mean (4), x · rsqrt (4 + 4), type_as (4 + 2),
// · weight (2 + 2), with the eps add and the rsqrt on one value per token: 36 bytes in 8 kernels.
constexpr Passes kNormFused { 2 * kAct, 1 };
constexpr Passes kNormEager { 36, 8 };
// RoPE on q and k, eager only: float() (2 + 4), the complex product (4 + 4), type_as (4 + 2). Fused RoPE (one read
// and one write) is left out of the fused count, as are learned position embeddings.
constexpr Passes kRopeEager { 20, 3 };
// SwiGLU's activation per ffn element. Fused: read gate and up, write the product. Eager: silu (2 + 2), then the
// product (2 + 2 + 2). Backward eager: the product's two gradients (2 + 2 + 2 each) and silu's (2 + 2 + 2).
constexpr Passes kSwigluFused { 3 * kAct, 1 }, kSwigluFusedBack { 5 * kAct, 1 };
constexpr Passes kSwigluEager { 10, 2 }, kSwigluEagerBack { 18, 3 };
// Cross-entropy per logit. Fused (Megatron's vocab-parallel kernel): about four fp32 passes each way. Eager: the
// logits cast to fp32 (2 + 4), log-softmax reading them thrice (max, exp-sum, output) and writing (4); backward: the
// NLL gradient filled (4), log-softmax backward (4 for the sum, 4 + 4 read and 4 written), the cast back (4 + 2).
constexpr Passes kLossFused { 16, 1 }, kLossFusedBack { 16, 1 };
constexpr Passes kLossEager { 22, 4 }, kLossEagerBack { 26, 4 };

Seconds passes(double elements, Passes p, const HardwarePreset& hw)
{
    return p.kernels > 0 ? passes(elements * p.bytes, p.kernels, hw) : 0;
}

// torchao's dynamic tensor-wise scaling (Fp8Scaling::Dynamic), per element of an fp8 GEMM operand, counted from
// Float8Linear at torchao eab345c (the commit of torchtitan's tables): the absolute-maximum scan (read 2) and the
// scaled cast (read 2, write 1) of the input and the weight in forward and of the output gradient in backward; the
// backward GEMMs take the fp8 input, weight and output gradient transposed, one copy each (read 1, write 1).
constexpr Passes kFp8Cast { 5, 2 }, kFp8Transpose { 2, 1 };
// Transformer Engine's quantizers, per element of a GEMM operand (TransformerEngine at d0067d0, 2026-08). On Hopper
// an fp8 GEMM takes its operands in TN layout only, so every activation operand gets a row-wise copy and the
// transposed one its backward GEMM reads; Blackwell's fp8 GEMMs take any layout and per-tensor scaling writes one
// copy (csrc/quantizer.cpp: a transpose only without nvte_is_non_tn_fp8_gemm_supported).
// - Delayed scaling (Float8Quantizer) casts with last steps' scale: one cast-transpose kernel (read 2, write 1 + 1).
//   A norm's output is written in fp8 by the norm kernel itself, its transpose by one more kernel (read 1, write 1;
//   common/normalization/rmsnorm/rmsnorm_api.cpp).
// - Current scaling (Float8CurrentScalingQuantizer) needs the tensor's amax first: an amax kernel (read 2), then the
//   cast. A norm's output is written in bf16 with its amax (the fused norm-amax path, pytorch/csrc/extensions/
//   normalization.cpp, since TE 2.7), then cast.
// - MXFP8 (MXFP8Quantizer): one kernel finds each 32-element block's scale and writes both copies (read 2,
//   write 1 + 1; the scales add 1/32 of that), on every architecture, norm outputs included (the norm fuses it only
//   under cuDNN's norm, NVTE_NORM_FWD_USE_CUDNN).
// Per operand on Hopper, then on Blackwell: { an ordinary operand, a norm's output }.
struct TeCasts {
    Passes operand, normOutput;
};
constexpr TeCasts kDelayedHopper { { 4, 1 }, { 2, 1 } }, kDelayedBlackwell { { 3, 1 }, { 0, 0 } };
constexpr TeCasts kCurrentHopper { { 6, 2 }, { 4, 1 } }, kCurrentBlackwell { { 5, 2 }, { 3, 1 } };
constexpr TeCasts kMxfp8 { { 4, 1 }, { 4, 1 } };

// Forward, data-gradient and weight-gradient GEMMs of one linear layer: tokens × in → out.
struct Linear {
    double tokens, in, out;
};

// The three GEMMs of a linear layer, each costed once; backward runs the data-gradient and weight-gradient GEMMs.
struct LinearSeconds {
    Seconds forward, dataGrad, weightGrad;
    LinearSeconds(const Linear& l, const HardwarePreset& hw, double peak, double eta)
        : forward(gemmSeconds(l.tokens, l.out, l.in, hw, peak, eta))
        , dataGrad(gemmSeconds(l.tokens, l.in, l.out, hw, peak, eta))
        , weightGrad(gemmSeconds(l.in, l.out, l.tokens, hw, peak, eta))
    {
    }
    Seconds backward() const { return dataGrad + weightGrad; }
};

struct Shape {
    double b, s, h, t, c, a, dqk, dv, q, ffn, kv, tokens, normTokens;
    bool gated;
    bool gqa; // fewer key-value heads than query heads (eager attention copies them)
    bool fp8Gemms; // the linear layers' GEMMs run in fp8
    Fp8Scaling fp8; // how their operands are cast
    double microBatches; // micro-batches per optimizer step on one GPU (Transformer Engine casts weights once a step)
};

struct CastSeconds {
    Seconds forward = 0, backward = 0;
};

// Transformer Engine's casts of one operand kind under `x`'s recipe on `hw`.
TeCasts teCasts(const Shape& x, const HardwarePreset& hw)
{
    const bool blackwell = hw.nccl.arch == GpuArch::Blackwell;
    switch (x.fp8) {
    case Fp8Scaling::Current:
        return blackwell ? kCurrentBlackwell : kCurrentHopper;
    case Fp8Scaling::Mxfp8:
        return kMxfp8;
    case Fp8Scaling::Fused:
    case Fp8Scaling::Dynamic: // torchao's, costed by fp8Casts itself
        break;
    }
    return blackwell ? kDelayedBlackwell : kDelayedHopper;
}

// The cast kernels of one fp8 linear layer. An operand that sequence parallelism gathers (the input of QKV and FC1,
// the output gradient of the projection and FC2) is cast before its AllGather, on the GPU's share of the tokens
// (torchao's Float8ColwiseParallel and Float8RowwiseParallel; Transformer Engine gathers fp8 as well): `inputShare`,
// `gradShare`. `normInput`: a norm fused into the linear writes the input (TELayerNormColumnParallelLinear: QKV,
// a dense FC1, latent attention's up projections), in fp8 or with its amax. torchao casts the weight at every
// micro-batch; Transformer Engine once a step (Megatron-Core passes is_first_microbatch, and the fp8 copy is kept until
// the optimizer changes the weight).
CastSeconds fp8Casts(
    const Shape& x, const Linear& l, double inputShare, double gradShare, bool normInput, const HardwarePreset& hw)
{
    if (!x.fp8Gemms)
        return {};
    const double input = l.tokens * l.in, weight = l.in * l.out, grad = l.tokens * l.out;
    CastSeconds out;
    if (x.fp8 == Fp8Scaling::Dynamic) {
        out.forward = passes(input * inputShare, kFp8Cast, hw) + passes(weight, kFp8Cast, hw);
        out.backward = passes(grad * gradShare, kFp8Cast, hw) + passes(input, kFp8Transpose, hw)
            + passes(weight, kFp8Transpose, hw) + passes(grad, kFp8Transpose, hw);
        return out;
    }
    const TeCasts cast = teCasts(x, hw);
    out.forward = passes(input * inputShare, normInput ? cast.normOutput : cast.operand, hw)
        + passes(weight, cast.operand, hw) / x.microBatches;
    out.backward = passes(grad * gradShare, cast.operand, hw);
    return out;
}

Shape shapeOf(const Scenario& sc)
{
    const auto& m = sc.model;
    Shape x {};
    x.b = sc.batch.microBatchSize;
    x.s = m.seqLen;
    x.h = m.hidden;
    x.t = sc.parallel.tp;
    x.c = sc.parallel.cp;
    x.a = m.heads;
    x.dqk = m.qkHeadDimension();
    x.dv = m.vHeadDimension();
    x.q = m.qWidth();
    x.ffn = m.ffnSize();
    x.kv = m.kvWidth();
    x.tokens = x.b * x.s / x.c; // context parallelism: s / cp tokens on each GPU
    // Sequence parallelism splits the norms, dropouts and residual adds over the TP ranks.
    x.normTokens = (sc.parallel.sp && sc.parallel.tp > 1) ? x.tokens / x.t : x.tokens;
    x.gated = m.gatedMlp;
    x.gqa = !m.isMla() && m.kvHeadCount() < m.heads;
    x.fp8Gemms = sc.compute.precision == Precision::Fp8;
    x.fp8 = sc.compute.fp8Scaling;
    x.microBatches = static_cast<double>(sc.batch.microBatches) * sc.batch.gradAccum;
    return x;
}

// How a fused attention kernel's rate depends on the keys one call sees and on the head width, as a fraction of its
// rate at 8,192 keys and head dim 128 (the point ComputeFigures::Attention gives): H100 SXM5, bf16, 16k tokens per
// call in all (Shah et al. 2024, FlashAttention-3, arXiv 2407.08608: Figure 5's causal forward and Figure 6's
// backward, TFLOP/s at 512, 1k, 2k, 4k, 8k and 16k keys, for head dim 64 and 128). Between the points the rate is
// linear in log2(keys) and, between the two widths, linear in the head width; outside them it stays at the nearest
// one. Other GPUs take H100's shape for want of curves of their own.
struct AttentionCurve {
    std::array<double, 6> forward, backward;
};
struct KernelCurves {
    AttentionCurve dim64, dim128;
};
constexpr std::array<double, 6> kCurveKeys { 512, 1024, 2048, 4096, 8192, 16384 };
constexpr std::size_t kCurveAnchor = 4; // 8,192 keys
constexpr KernelCurves kFlash2Curves { { { 180, 229, 262, 284, 295, 299 }, { 198, 238, 264, 279, 287, 291 } },
    { { 191, 260, 298, 319, 333, 335 }, { 214, 260, 291, 310, 318, 322 } } };
constexpr KernelCurves kCudnnCurves { { { 225, 288, 334, 363, 379, 388 }, { 266, 348, 395, 417, 432, 433 } },
    { { 315, 410, 484, 518, 529, 539 }, { 305, 408, 465, 499, 518, 516 } } };

// A curve's rate at `keys`, TFLOP/s.
double curveRate(const std::array<double, 6>& rate, double keys)
{
    if (keys <= kCurveKeys.front())
        return rate.front();
    if (keys >= kCurveKeys.back())
        return rate.back();
    const double at = std::log2(keys / kCurveKeys.front()); // 0 … 5, one per point
    const auto i = static_cast<std::size_t>(at);
    const double f = at - static_cast<double>(i);
    return rate[i] + f * (rate[i + 1] - rate[i]);
}

// The rate at `keys` and `headDim` relative to the head-dim-128 curve's rate at 8,192 keys.
double curveFactor(const std::array<double, 6>& dim64, const std::array<double, 6>& dim128, double keys, double headDim)
{
    const double w = std::clamp((headDim - 64) / 64, 0.0, 1.0);
    return ((1 - w) * curveRate(dim64, keys) + w * curveRate(dim128, keys)) / dim128[kCurveAnchor];
}

// Core attention of one micro-batch on one GPU (a/t heads): forward and backward.
std::pair<Seconds, Seconds> coreAttention(const Shape& x, const Scenario& sc, const HardwarePreset& hw, double eta)
{
    const double heads = x.a / x.t;
    const double bf16 = hw.peakFlops;
    if (sc.compute.flashAttention) {
        // Causal: half of the s × s score blocks are computed; QKᵀ and ·V 2 FLOPs per multiply-add each. Context
        // parallelism gives each GPU s / cp queries against all s keys (balanced by Megatron-Core's 2·cp chunks), in
        // cp kernels, one per K/V block of the ring, each seeing s / cp keys.
        const double flops = 2.0 * x.b * heads * (x.s / x.c) * x.s * (x.dqk + x.dv) * 0.5;
        // The Triton kernel runs at a share of FlashAttention-2's rate, on its curves.
        const bool triton = sc.compute.attentionKernel == AttentionKernel::Triton;
        const bool flash2 = triton || sc.compute.attentionKernel == AttentionKernel::Flash2;
        const auto& kernel = flash2 ? hw.compute.flashAttention2 : hw.compute.cudnnAttention;
        const auto& curves = flash2 ? kFlash2Curves : kCudnnCurves;
        const double share = triton ? sc.compute.tritonAttentionShare.value_or(hw.compute.tritonAttentionShare) : 1.0;
        const double keys = x.s / x.c;
        const double width = std::max(x.dqk, x.dv); // the kernel tiles over the wider of the two head widths
        const double forward
            = share * kernel.forward * curveFactor(curves.dim64.forward, curves.dim128.forward, keys, width);
        const double backward
            = share * kernel.backward * curveFactor(curves.dim64.backward, curves.dim128.backward, keys, width);
        return { flops / (bf16 * forward) + x.c * gap(hw), kFlashBackward * flops / (bf16 * backward) + x.c * gap(hw) };
    }
    const double scores = x.b * heads * x.s * x.s;
    // QKᵀ and ·V batched GEMMs; softmax fused with scale and mask reads and writes the scores, dropout reads them,
    // writes them and its mask.
    const Seconds gemms = gemmSeconds(x.s, x.s, x.dqk, hw, bf16, eta, x.b * heads)
        + gemmSeconds(x.s, x.dv, x.s, hw, bf16, eta, x.b * heads);
    const Seconds forward
        = gemms + elementwiseSeconds(scores * 2 * kAct, hw) + elementwiseSeconds(scores * (2 * kAct + kMask), hw);
    // Backward: two GEMMs per forward GEMM; dropout and softmax backward each read two score tensors and write one.
    const Seconds backward = 2 * gemms + 2 * elementwiseSeconds(scores * 3 * kAct, hw);
    return { forward, backward };
}

// The three GEMMs of one MLP (a dense one, a routed expert or a shared expert) on `rows` tokens with `ffn` columns
// (before the TP split), its activation and, under dynamic fp8, its casts.
struct MlpSeconds {
    Seconds forward = 0, backward = 0;
    Seconds fc1Forward = 0, fc2Forward = 0, fc2DataGrad = 0, fc1WeightGrad = 0;
    Seconds activationForward = 0; ///< what op-level recomputation repeats, with secondGemm
    Seconds secondGemm = 0; ///< the gated MLP's up projection (half of fc1, which holds gate and up), else fc2
};

// `share`: the tokens' share a sequence-parallel operand holds before its gather (1 for experts, whose rows the
// dispatcher brings whole).
MlpSeconds mlpSeconds(const Shape& x, double rows, double ffn, double share, bool normInput, bool eager,
    const HardwarePreset& hw, double peak, double eta)
{
    const double up = x.gated ? 2 * ffn / x.t : ffn / x.t;
    const Linear fc1Shape { rows, x.h, up }, fc2Shape { rows, ffn / x.t, x.h };
    const LinearSeconds fc1(fc1Shape, hw, peak, eta);
    const LinearSeconds fc2(fc2Shape, hw, peak, eta);
    const CastSeconds fc1Casts = fp8Casts(x, fc1Shape, share, 1, normInput, hw);
    const CastSeconds fc2Casts = fp8Casts(x, fc2Shape, 1, share, false, hw);
    const double act = rows * ffn / x.t; // activation elements
    // GeLU is one kernel eager or fused (F.gelu; Megatron fuses the bias in); SwiGLU is two eager.
    const Seconds actF
        = x.gated ? passes(act, eager ? kSwigluEager : kSwigluFused, hw) : elementwiseSeconds(act * 2 * kAct, hw);
    const Seconds actB = x.gated ? passes(act, eager ? kSwigluEagerBack : kSwigluFusedBack, hw)
                                 : elementwiseSeconds(act * 3 * kAct, hw);
    MlpSeconds out;
    out.forward = fc1Casts.forward + fc1.forward + actF + fc2Casts.forward + fc2.forward;
    out.backward = fc1Casts.backward + fc1.backward() + actB + fc2Casts.backward + fc2.backward();
    out.fc1Forward = fc1.forward;
    out.fc2Forward = fc2.forward;
    out.fc2DataGrad = fc2.dataGrad;
    out.fc1WeightGrad = fc1.weightGrad;
    out.activationForward = actF;
    out.secondGemm = x.gated ? gemmSeconds(rows, ffn / x.t, x.h, hw, peak, eta) : fc2.forward;
    return out;
}

// The attention block's GEMMs (attentionLinears) of one micro-batch on one GPU, with their casts.
struct AttentionGemms {
    Seconds forward = 0, backward = 0;
    LayerSeconds::Neighbours forwardNeighbours, backwardNeighbours; // beside the TP AllGather / ReduceScatter
    Seconds opRecompute = 0; // every second matmul in forward order
};

AttentionGemms attentionGemms(const Shape& x, const ModelShape& m, const HardwarePreset& hw, double peak, double eta)
{
    AttentionGemms out;
    const double shard = x.normTokens / x.tokens; // a sequence-parallel operand's share of the tokens
    const auto list = attentionLinears(m); // .all() views into it
    const auto linears = list.all();
    for (std::size_t i = 0; i < linears.size(); ++i) {
        const auto& l = linears[i];
        const Linear shape { x.tokens, l.split == AttentionLinear::Row ? l.in / x.t : l.in,
            l.split == AttentionLinear::Column ? l.out / x.t : l.out };
        const LinearSeconds gemm(shape, hw, peak, eta);
        const bool row = l.split == AttentionLinear::Row;
        // The linears that read the block's input read it gathered (sequence parallelism); the output projection's
        // gradient is gathered in backward.
        const CastSeconds casts = fp8Casts(x, shape, l.readsInput ? shard : 1, row ? shard : 1, l.normFused, hw);
        out.forward += casts.forward + gemm.forward;
        out.backward += casts.backward + gemm.backward();
        if (l.readsInput) {
            out.forwardNeighbours.first += gemm.forward;
            out.backwardNeighbours.last += gemm.weightGrad;
        }
        if (row) {
            out.forwardNeighbours.last += gemm.forward;
            out.backwardNeighbours.first += gemm.dataGrad;
        }
        if (m.isMla() && i % 2 == 1)
            out.opRecompute += gemm.forward;
    }
    // Multi-head attention's q, k, v, o order recomputes k and o: the K projection alone and the output projection.
    if (!m.isMla())
        out.opRecompute = gemmSeconds(x.tokens, x.kv / 2 / x.t, x.h, hw, peak, eta) + out.forwardNeighbours.last;
    return out;
}

LayerSeconds layerSeconds(
    const Shape& x, const Scenario& sc, const HardwarePreset& hw, double peak, double eta, bool moe)
{
    LayerSeconds out;
    const auto [coreF, coreB] = coreAttention(x, sc, hw, eta);
    const double norm = x.normTokens * x.h; // elements of one norm / residual tensor on this GPU
    const bool eager = sc.compute.elementwise == Elementwise::Eager;
    const Seconds normF = passes(norm, sc.compute.normKernels() == Elementwise::Eager ? kNormEager : kNormFused, hw);
    const Seconds bdaF = elementwiseSeconds(norm * (3 * kAct + kMask), hw); // bias-dropout-add: x, residual → y, mask
    const AttentionGemms attention = attentionGemms(x, sc.model, hw, peak, eta);
    const double shard = x.normTokens / x.tokens; // a sequence-parallel operand's share of the tokens
    // Eager attention's own passes: RoPE on q and k; under GQA, K and V copied to every query head (read kv, write
    // two q-wide tensors; backward sums the copies back); the attention output made contiguous (read and write).
    Seconds eagerAttention = 0, eagerAttentionBack = 0;
    if (eager) {
        const double q = x.tokens * x.q / x.t;
        const double kv = x.tokens * x.kv / x.t;
        const Seconds rope = passes(q + kv / 2, kRopeEager, hw);
        const Seconds repeat = x.gqa ? passes((kv + 2 * q) * kAct, 2, hw) : 0;
        const Seconds contiguous = passes(q * 2 * kAct, 1, hw);
        eagerAttention = rope + repeat + contiguous;
        eagerAttentionBack = 2 * rope + repeat + contiguous;
    }
    out.coreAttentionForward = coreF;
    out.coreAttentionBackward = coreB;
    out.attentionForward = normF + eagerAttention + attention.forward + coreF + bdaF;
    // Element-wise backward reads the gradient and the saved input and writes a gradient: about twice forward.
    out.attentionBackward = 2 * normF + eagerAttentionBack + attention.backward + coreB + 2 * bdaF;
    out.attentionForwardGemms = attention.forwardNeighbours;
    out.attentionBackwardGemms = attention.backwardNeighbours;

    const auto& m = sc.model;
    Seconds routing = 0, routingBack = 0;
    MlpSeconds mlp, shared;
    double experts = 1; // routed MLPs this GPU runs
    if (moe) {
        // Expert parallelism: this GPU runs experts/ep experts, their width split over etp, on the tokens the ep group
        // routes to them. Each TP rank dispatches its own tokens / tp (Megatron-Core needs sequence parallelism for
        // MoE under TP) and the etp ranks of an expert gather theirs, so each expert sees
        // ep · etp · tokens / tp · top_k · capacity / experts rows: ep · tokens · … at Megatron's default etp = tp.
        const double ep = sc.parallel.ep;
        const int etp = sc.parallel.expertTp();
        experts = m.moe.experts / ep;
        const double rows = ep * etp * (x.tokens / x.t) * m.moe.topK * m.moe.capacityFactor / m.moe.experts;
        Shape expertShape = x;
        expertShape.t = etp;
        const LinearSeconds router({ x.tokens, x.h, static_cast<double>(m.moe.experts) }, hw, peak, eta);
        // Permute and unpermute: every routed token's hidden vector read and written twice.
        const Seconds permute = 2 * elementwiseSeconds(x.tokens * m.moe.topK * x.h * 2 * kAct, hw);
        routing = router.forward + permute;
        routingBack = router.backward() + permute;
        mlp = mlpSeconds(expertShape, rows, m.expertFfnSize(), 1, false, eager, hw, peak, eta);
        // The shared expert is a dense MLP on every token of the layer; the MoE block's norm stands alone (TENorm),
        // so its FC1 casts the norm's output as any other input.
        if (m.moe.sharedExpertFfn > 0)
            shared = mlpSeconds(x, x.tokens, m.moe.sharedExpertFfn, shard, false, eager, hw, peak, eta);
    } else {
        mlp = mlpSeconds(x, x.tokens, x.ffn, shard, true, eager, hw, peak, eta);
    }
    // Each expert on this GPU adds a fixed time (ComputeFigures::moeExpertUs, fitted): its GEMMs' launches, casts and
    // tails, which the one GEMM of a dense MLP pays once.
    const Seconds perExpert = moe ? 1e-6 * sc.compute.moeExpertUs.value_or(hw.compute.moeExpertUs) : 0;
    out.mlpForward = normF + routing + experts * (mlp.forward + perExpert) + shared.forward + bdaF;
    out.mlpBackward = 2 * normF + routingBack + experts * (mlp.backward + 2 * perExpert) + shared.backward + 2 * bdaF;
    out.opRecomputeForward = 2 * (normF + bdaF) + eagerAttention + attention.opRecompute
        + experts * (mlp.activationForward + mlp.secondGemm) + shared.activationForward + shared.secondGemm;
    out.attentionBackwardRecompute = sc.compute.recompute == Recompute::Selective ? coreF : 0;
    out.mlpBackwardRecompute = sc.compute.recompute == Recompute::SelectiveOp ? out.opRecomputeForward : 0;
    // MoE blocks reach their experts through the token dispatcher's collectives, which are not pipelined.
    if (!moe) {
        out.mlpForwardGemms = { mlp.fc1Forward, mlp.fc2Forward };
        out.mlpBackwardGemms = { mlp.fc2DataGrad, mlp.fc1WeightGrad };
    }
    return out;
}

// An eager MoE layer lasts at least the host's time to launch its kernels, `host` for forward and backward: a third
// of it forward and two thirds backward, as the GEMMs split. The MoE block takes what the layer's kernels leave over.
void waitForTheHost(LayerSeconds& layer, Seconds host)
{
    const Seconds forward = layer.attentionForward + layer.mlpForward;
    const Seconds backward = layer.attentionBackwardTotal() + layer.mlpBackwardTotal();
    layer.mlpForward += std::max(0.0, host / 3 - forward);
    layer.mlpBackward += std::max(0.0, 2 * host / 3 - backward);
}
} // namespace

bool costsDependOnMicroBatches(const Scenario& sc)
{
    return sc.compute.precision == Precision::Fp8 && sc.compute.fp8Scaling != Fp8Scaling::Dynamic;
}

Seconds gemmSeconds(
    double m, double n, double k, const HardwarePreset& hw, double peakFlops, double efficiency, double batch)
{
    const double tiles = std::ceil(m / kTile) * std::ceil(n / kTile) * batch;
    const double sms = std::max(1, hw.compute.sms);
    const double wave = tiles / (std::ceil(tiles / sms) * sms);
    const double flops = 2 * m * n * k * batch;
    const Seconds compute = flops / (peakFlops * efficiency * wave);
    // The operands stream in under the multiply-adds; a tile writes its block of C once its k loop is done, so the
    // output's write follows them: a short k (a row-parallel GEMM under wide TP, a small model's projections) pays
    // it in full.
    const Seconds reads = elementwiseSeconds((m * k + k * n) * kAct * batch, hw) - gap(hw);
    const Seconds write = elementwiseSeconds(m * n * kAct * batch, hw) - gap(hw);
    return std::max(compute, reads) + write + gap(hw);
}

Seconds elementwiseSeconds(double bytes, const HardwarePreset& hw)
{
    // Hardware given by its figures alone has no memory bandwidth: memory-bound work is then not modelled.
    const double rate = hw.compute.memoryGBps * 1e9 * hw.compute.memoryEfficiency;
    return (rate > 0 ? bytes / rate : 0) + gap(hw);
}

Result<KernelCosts> kernelCosts(const Scenario& sc, const HardwarePreset& hw)
{
    KernelCosts out;
    // The scenario's efficiency, when set, replaces the preset's figure of either precision.
    const auto efficiency = [&](double preset) { return sc.compute.efficiency > 0 ? sc.compute.efficiency : preset; };
    const double bf16Efficiency = efficiency(hw.compute.gemmEfficiency);
    out.peakFlops = hw.peakFlops;
    out.gemmEfficiency = bf16Efficiency;
    if (sc.compute.precision == Precision::Fp8) {
        if (!(hw.compute.fp8PeakFlops > 0))
            return Problem { "compute.precision", "fp8",
                "needs fp8 tensor cores (Hopper or later), which this preset lacks: " + hw.id, {} };
        out.peakFlops = hw.compute.fp8PeakFlops;
        out.gemmEfficiency = efficiency(hw.compute.fp8GemmEfficiency);
    }
    const auto x = shapeOf(sc);
    out.dense = layerSeconds(x, sc, hw, out.peakFlops, out.gemmEfficiency, false);
    if (sc.model.moe.experts > 0) {
        out.moe = layerSeconds(x, sc, hw, out.peakFlops, out.gemmEfficiency, true);
        if (sc.compute.cudaGraphs == CudaGraphs::None)
            waitForTheHost(out.moe, sc.compute.moeHostMs.value_or(hw.compute.moeHostMs) * 1e-3);
    }
    // Logits GEMM over the vocabulary shard, then vocab-parallel cross-entropy in fp32: the logits converted,
    // max, exp-sum and the normalised gradient, about four fp32 passes over tokens × vocab / t.
    // The output layer stays in bf16 under fp8 (Megatron-LM's output layer is not a Transformer Engine layer).
    const LinearSeconds head({ x.tokens, x.h, sc.model.vocab / x.t }, hw, hw.peakFlops, bf16Efficiency);
    const double logits = x.tokens * sc.model.vocab / x.t;
    const bool eager = sc.compute.lossKernels() == Elementwise::Eager;
    out.headForward = head.forward + passes(logits, eager ? kLossEager : kLossFused, hw);
    out.headBackward = head.backward() + passes(logits, eager ? kLossEagerBack : kLossFusedBack, hw);
    return out;
}

Seconds optimizerSeconds(double params, const HardwarePreset& hw)
{
    constexpr double kAdamBytesPerParam = 34; // read fp32 param, grad, m, v (16); write param, m, v (12); bf16 copy (2)
                                              // and the gradient-norm read (4)
    return params > 0 ? elementwiseSeconds(params * kAdamBytesPerParam, hw) : 0;
}

} // namespace tutor::model
