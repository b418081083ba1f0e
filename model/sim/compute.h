// SPDX-License-Identifier: MIT
#pragma once
// Parameters and FLOPs of a decoder-only transformer, per layer and per token.
// Sources: Kaplan et al. 2020 "Scaling Laws" (C ≈ 6·N per token, forward 2·N); Narayanan et al. 2021
// "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM" §5.1 (attention and
// logits terms; recomputation adds one more forward).
#include "model/sim/modelshape.h"

namespace tutor::model {

/// Attention weights of one layer: Q and output projections h² each, K and V h·kv_width (4·h² without GQA).
double attentionParams(const ModelShape& model);
/// One MLP (or one expert): 2·h·ffn, SwiGLU 3·h·ffn.
double mlpParams(const ModelShape& model);
/// Parameters of one transformer layer (biases and norms neglected, as in Megatron-LM's count):
/// attention + dense MLP; an MoE layer holds `experts` MLPs plus a router h·experts.
double layerParams(const ModelShape& model, int layer);
/// Parameters one token activates in a layer: an MoE layer uses top_k of its experts.
double activeLayerParams(const ModelShape& model, int layer);
/// Embedding (tied with the output head): vocab·h.
double embeddingParams(const ModelShape& model);
/// Ψ: all layers plus the embedding (and the output head when it is not tied).
double totalParams(const ModelShape& model);

/// Forward FLOPs of one layer per token: 2·active params + 4·s·h (QKᵀ and attention·V, each 2·s·h;
/// Megatron-LM 2021 §5.1 counts the full square like this).
double forwardFlopsPerToken(const ModelShape& model, int layer);
/// Forward FLOPs of the output head per token: 2·h·vocab.
double headForwardFlopsPerToken(const ModelShape& model);
/// Model FLOPs per token for one training step (forward + backward = 3× forward, no recomputation):
/// Σ_layers 3·forward + 3·head. With 4sh ≪ 2·params this is the familiar 6·Ψ.
double modelFlopsPerToken(const ModelShape& model);

} // namespace tutor::model
