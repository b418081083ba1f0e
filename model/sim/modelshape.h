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
    int seqLen = 2048;
    int vocab = 50257;
    MoeSpec moe;
    int ffnSize() const { return ffn > 0 ? ffn : 4 * hidden; }
    bool isMoeLayer(int layer) const
    {
        return moe.experts > 0 && moe.everyNLayers > 0 && (layer + 1) % moe.everyNLayers == 0;
    }
    bool operator==(const ModelShape&) const = default;
};

} // namespace tutor::model
