// SPDX-License-Identifier: MIT
#include "model/sim/compute.h"

namespace tutor::model {

AttentionLinears attentionLinears(const ModelShape& m)
{
    const double h = m.hidden;
    AttentionLinears out;
    if (!m.isMla()) {
        out.add({ h, m.qWidth() + m.kvWidth(), AttentionLinear::Column, true, true });
        out.add({ m.outWidth(), h, AttentionLinear::Row });
        return out;
    }
    // Megatron-Core's MLASelfAttention: the down projections are replicated over the TP ranks (each rank computes
    // them whole), the up projections split by heads, the output projection by its input.
    const double rope = m.mla.ropeHeadDim;
    if (m.mla.qLoraRank > 0) {
        out.add({ h, static_cast<double>(m.mla.qLoraRank), AttentionLinear::Replicated, true });
        out.add({ static_cast<double>(m.mla.qLoraRank), m.qWidth(), AttentionLinear::Column, false, true });
    } else {
        out.add({ h, m.qWidth(), AttentionLinear::Column, true });
    }
    out.add({ h, m.mla.kvLoraRank + rope, AttentionLinear::Replicated, true });
    out.add({ static_cast<double>(m.mla.kvLoraRank), m.heads * (m.headDimension() + m.vHeadDimension()),
        AttentionLinear::Column, false, true });
    out.add({ m.outWidth(), h, AttentionLinear::Row });
    return out;
}

double attentionParams(const ModelShape& m)
{
    // QKV and the output projection without building the list (this runs once per layer of every layout searched).
    if (!m.isMla())
        return m.hidden * (m.qWidth() + m.kvWidth() + m.outWidth());
    double sum = 0;
    const auto linears = attentionLinears(m);
    for (const auto& l : linears.all())
        sum += l.in * l.out;
    return sum;
}

double attentionParamsPerRank(const ModelShape& m, int tp)
{
    if (!m.isMla())
        return attentionParams(m) / tp;
    double sum = 0;
    const auto linears = attentionLinears(m);
    for (const auto& l : linears.all())
        sum += l.in * l.out / (l.split == AttentionLinear::Replicated ? 1 : tp);
    return sum;
}

double mlpParams(const ModelShape& m)
{
    return static_cast<double>(m.mlpMatrices()) * m.hidden * m.ffnSize();
}

double expertParams(const ModelShape& m)
{
    return static_cast<double>(m.mlpMatrices()) * m.hidden * m.expertFfnSize();
}

double sharedExpertParams(const ModelShape& m)
{
    return static_cast<double>(m.mlpMatrices()) * m.hidden * m.moe.sharedExpertFfn;
}

double routedExpertParamsPerRank(const ModelShape& m, int ep, int etp)
{
    return expertParams(m) * m.moe.experts / ep / etp;
}

double mlpKindParamsPerRank(const ModelShape& m, bool moe, int tp, int ep, int etp)
{
    if (!moe)
        return mlpParams(m) / tp;
    return routedExpertParamsPerRank(m, ep, etp) + sharedExpertParams(m) / tp;
}

double mlpParamsPerRank(const ModelShape& m, int layer, int tp, int ep, int etp)
{
    return mlpKindParamsPerRank(m, m.isMoeLayer(layer), tp, ep, etp);
}

double layerParams(const ModelShape& m, int layer)
{
    if (m.isMoeLayer(layer))
        return attentionParams(m) + m.moe.experts * expertParams(m) + sharedExpertParams(m)
            + static_cast<double>(m.hidden) * m.moe.experts;
    return attentionParams(m) + mlpParams(m);
}

double activeLayerParams(const ModelShape& m, int layer)
{
    if (m.isMoeLayer(layer))
        return attentionParams(m) + m.moe.topK * expertParams(m) + sharedExpertParams(m)
            + static_cast<double>(m.hidden) * m.moe.experts;
    return attentionParams(m) + mlpParams(m);
}

double embeddingParams(const ModelShape& m)
{
    return static_cast<double>(m.vocab) * m.hidden;
}

double totalParams(const ModelShape& m)
{
    double sum = embeddingParams(m) * (m.tiedEmbeddings ? 1 : 2);
    for (int l = 0; l < m.layers; ++l)
        sum += layerParams(m, l);
    return sum;
}

double forwardFlopsPerToken(const ModelShape& m, int layer)
{
    return 2.0 * activeLayerParams(m, layer) + 2.0 * m.seqLen * (m.qWidth() + m.outWidth());
}

double headForwardFlopsPerToken(const ModelShape& m)
{
    return 2.0 * m.hidden * m.vocab;
}

double modelFlopsPerToken(const ModelShape& m)
{
    double sum = 3.0 * headForwardFlopsPerToken(m);
    for (int l = 0; l < m.layers; ++l)
        sum += 3.0 * forwardFlopsPerToken(m, l);
    return sum;
}

} // namespace tutor::model
