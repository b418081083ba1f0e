// SPDX-License-Identifier: MIT
#pragma once
// The shape of a decoder-only transformer (dense or MoE): what compute.h counts and scenario.h carries.

#include <algorithm>

namespace tutor::model {

struct MoeSpec {
    int experts = 0; ///< 0: a dense model
    int topK = 2;
    double capacityFactor = 1.0;
    int everyNLayers = 1; ///< layer l (0-based) is an MoE layer when (l + 1) % everyNLayers == 0
    /// Leading dense layers (DeepSeek's first_k_dense_replace, Megatron-Core's moe_layer_freq list): layers
    /// 0 … firstDenseLayers − 1 keep the dense MLP whatever everyNLayers says.
    int firstDenseLayers = 0;
    int expertFfn = 0; ///< one routed expert's ffn width (Megatron-Core moe_ffn_hidden_size); 0: the model's ffn
    /// Shared experts (DeepSeek, Qwen2-MoE): a dense MLP of this ffn width that every token of an MoE layer runs
    /// beside its routed experts (Megatron-Core moe_shared_expert_intermediate_size); 0: none.
    int sharedExpertFfn = 0;
    /// Group-limited routing (DeepSeek-V3's n_group / topk_group, Megatron-Core moe_router_num_groups /
    /// moe_router_group_topk): the experts fall into `groups` runs of experts / groups, the router keeps the
    /// `groupTopK` best groups of each token and picks its top_k among their experts only. DeepSeek-V3's 8 groups
    /// match its 8 nodes, so a token reaches at most 4 of them. 0: no groups.
    int groups = 0;
    int groupTopK = 0; ///< groups a token may reach; 0: all of them
    /// The router groups routing works with: `groups` where it divides the experts, else one (validation names
    /// a groups that does not divide).
    int routerGroups() const { return groups > 0 && experts > 0 && experts % groups == 0 ? groups : 1; }
    /// The groups each token's experts are picked from: group_top_k of routerGroups(), or all of them.
    int chosenGroups() const { return groupTopK > 0 ? std::min(groupTopK, routerGroups()) : routerGroups(); }
    bool operator==(const MoeSpec&) const = default;
};

/// Multi-head latent attention (DeepSeek-V2/V3; Megatron-Core MLASelfAttention): queries through a low-rank
/// down and up projection, keys and values from one compressed latent (plus a shared RoPE key), heads whose query/key
/// width (head_dim + rope_head_dim) differs from their value width. Off when kvLoraRank is 0.
struct MlaSpec {
    int qLoraRank = 0; ///< 0: queries projected directly (h × heads·qk width)
    int kvLoraRank = 0; ///< width of the compressed key-value latent; 0: not MLA
    int ropeHeadDim = 64; ///< the decoupled RoPE part of each query and key head (qk_pos_emb_head_dim)
    int vHeadDim = 0; ///< value head width; 0: head_dim
    bool operator==(const MlaSpec&) const = default;
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
    MlaSpec mla;
    int ffnSize() const { return ffn > 0 ? ffn : 4 * hidden; }
    int expertFfnSize() const { return moe.expertFfn > 0 ? moe.expertFfn : ffnSize(); }
    bool isMla() const { return mla.kvLoraRank > 0; }
    int kvHeadCount() const { return kvHeads > 0 ? kvHeads : heads; }
    double headDimension() const { return headDim > 0 ? headDim : static_cast<double>(hidden) / heads; }
    /// Width of one query (and key) head: head_dim, plus the RoPE part under MLA.
    double qkHeadDimension() const { return headDimension() + (isMla() ? mla.ropeHeadDim : 0); }
    /// Width of one value head (and of one head of the attention output): head_dim unless MLA sets v_head_dim.
    double vHeadDimension() const { return isMla() && mla.vHeadDim > 0 ? mla.vHeadDim : headDimension(); }
    /// Width of the queries: heads · the query head width.
    double qWidth() const { return heads * qkHeadDimension(); }
    /// Width of the attention output the projection reads: heads · the value head width.
    double outWidth() const { return heads * vHeadDimension(); }
    /// Width of the keys and values together: 2 · kv_heads · head_dim; under MLA every head's own key and value
    /// (heads · (qk + v width)), as the up projection expands them from the latent.
    double kvWidth() const
    {
        return isMla() ? heads * (qkHeadDimension() + vHeadDimension()) : 2.0 * kvHeadCount() * headDimension();
    }
    int mlpMatrices() const { return gatedMlp ? 3 : 2; }
    bool isMoeLayer(int layer) const
    {
        return moe.experts > 0 && moe.everyNLayers > 0 && layer >= moe.firstDenseLayers
            && (layer + 1) % moe.everyNLayers == 0;
    }
    bool operator==(const ModelShape&) const = default;
};

} // namespace tutor::model
