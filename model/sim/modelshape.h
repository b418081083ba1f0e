// SPDX-License-Identifier: MIT
#pragma once
// The shape of a decoder-only transformer (dense or MoE): what compute.h counts and scenario.h carries.

namespace tutor::model {

struct MoeSpec {
    int experts = 0; ///< 0: a dense model
    int topK = 2;
    double capacityFactor = 1.0;
    int everyNLayers = 1; ///< layer l (0-based) is an MoE layer when (l + 1) % everyNLayers == 0
    bool operator==(const MoeSpec&) const = default;
};

struct ModelShape {
    int layers = 12;
    int hidden = 768;
    int ffn = 0; ///< 0: 4·hidden
    int heads = 12;
    int kvHeads = 0; ///< 0: heads (multi-head attention); fewer: grouped-query attention
    int headDim = 0; ///< 0: hidden / heads; Megatron-LM's kv_channels where it differs (Qwen3, GPT-OSS)
    bool gatedMlp = false; ///< SwiGLU: gate and up projections (h × ffn each) and down (ffn × h)
    int seqLen = 2048;
    int vocab = 50257;
    bool tiedEmbeddings = true; ///< the output head shares the input embedding's weights
    MoeSpec moe;
    int ffnSize() const { return ffn > 0 ? ffn : 4 * hidden; }
    int kvHeadCount() const { return kvHeads > 0 ? kvHeads : heads; }
    double headDimension() const { return headDim > 0 ? headDim : static_cast<double>(hidden) / heads; }
    /// Width of the Q projection (and of the attention output the projection reads): heads · head_dim.
    double qWidth() const { return heads * headDimension(); }
    /// Width of the K and V projections together: 2 · kv_heads · head_dim.
    double kvWidth() const { return 2.0 * kvHeadCount() * headDimension(); }
    int mlpMatrices() const { return gatedMlp ? 3 : 2; }
    bool isMoeLayer(int layer) const
    {
        return moe.experts > 0 && moe.everyNLayers > 0 && (layer + 1) % moe.everyNLayers == 0;
    }
    bool operator==(const ModelShape&) const = default;
};

} // namespace tutor::model
