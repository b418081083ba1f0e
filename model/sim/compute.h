// SPDX-License-Identifier: MIT
#pragma once
// Parameters and FLOPs of a decoder-only transformer, per layer and per token.
// Sources: Kaplan et al. 2020 "Scaling Laws" (C ≈ 6·N per token, forward 2·N); Narayanan et al. 2021
// "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM" §5.1 (attention and
// logits terms; recomputation adds one more forward).
#include "model/sim/modelshape.h"

#include <array>
#include <span>

namespace tutor::model {

/// One weight matrix of a layer's attention block, in forward order, and how tensor parallelism splits it:
/// Column by its output (QKV, MLA's up projections), Row by its input (the output projection), Replicated not at all
/// (MLA's down projections, which every TP rank computes whole).
struct AttentionLinear {
    enum Split { Column, Row, Replicated };
    double in = 0, out = 0;
    Split split = Column;
    bool readsInput = false; ///< reads the block's (normed) input, which sequence parallelism gathers
    /// a norm is fused into it (Megatron-Core's TELayerNormColumnParallelLinear), so the norm writes its input: QKV's
    /// input norm; under latent attention the latents' norms into the up projections (the block's own norm, TENorm,
    /// stands alone before the down projections)
    bool normFused = false;
};
/// The attention block's weights: QKV (h × (q + kv width)) and the output projection (heads·v width × h); under
/// multi-head latent attention the query down and up projections, the key-value down projection (latent + RoPE key),
/// its up projection (every head's key and value) and the output projection.
struct AttentionLinears {
    std::array<AttentionLinear, 5> items {};
    int count = 0;
    void add(const AttentionLinear& l) { items[static_cast<std::size_t>(count++)] = l; }
    std::span<const AttentionLinear> all() const& { return { items.data(), static_cast<std::size_t>(count) }; }
    std::span<const AttentionLinear> all() const&& = delete; ///< a view into a temporary would dangle
};
AttentionLinears attentionLinears(const ModelShape& model);
/// Attention weights of one layer: the sum of attentionLinears (4·h² for multi-head attention).
double attentionParams(const ModelShape& model);
/// The attention weights one of `tp` tensor-parallel ranks holds: the split matrices' share and the replicated ones
/// whole.
double attentionParamsPerRank(const ModelShape& model, int tp);
/// One dense MLP: 2·h·ffn, SwiGLU 3·h·ffn.
double mlpParams(const ModelShape& model);
/// One routed expert: as mlpParams with moe.expert_ffn.
double expertParams(const ModelShape& model);
/// The shared expert of an MoE layer (moe.shared_expert_ffn; 0 without one).
double sharedExpertParams(const ModelShape& model);
/// The routed experts' parameters of one MoE layer one GPU holds: experts / ep of them, each split over etp.
double routedExpertParamsPerRank(const ModelShape& model, int ep, int etp);
/// The MLP parameters of `layer` one GPU holds: the dense MLP's tp share, or an MoE layer's experts / ep routed experts
/// split over etp and its shared expert split over tp (the router not included).
double mlpParamsPerRank(const ModelShape& model, int layer, int tp, int ep, int etp);
/// The same for a dense (`moe` false) or an MoE layer.
double mlpKindParamsPerRank(const ModelShape& model, bool moe, int tp, int ep, int etp);
/// Parameters of one transformer layer (biases and norms neglected, as in Megatron-LM's count):
/// attention + dense MLP; an MoE layer holds `experts` routed experts, its shared expert and a router h·experts.
double layerParams(const ModelShape& model, int layer);
/// Parameters one token activates in a layer: an MoE layer uses top_k of its experts and the shared one.
double activeLayerParams(const ModelShape& model, int layer);
/// Embedding (tied with the output head): vocab·h.
double embeddingParams(const ModelShape& model);
/// Ψ: all layers plus the embedding (and the output head when it is not tied).
double totalParams(const ModelShape& model);

/// Forward FLOPs of one layer per token: 2·active params + 2·s·(q width + output width) (QKᵀ and attention·V; 4·s·h
/// for multi-head attention; Megatron-LM 2021 §5.1 counts the full square like this).
double forwardFlopsPerToken(const ModelShape& model, int layer);
/// Forward FLOPs of the output head per token: 2·h·vocab.
double headForwardFlopsPerToken(const ModelShape& model);
/// Model FLOPs per token for one training step (forward + backward = 3× forward, no recomputation):
/// Σ_layers 3·forward + 3·head. With 4sh ≪ 2·params this is the familiar 6·Ψ.
double modelFlopsPerToken(const ModelShape& model);

} // namespace tutor::model
