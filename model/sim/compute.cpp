// SPDX-License-Identifier: MIT
#include "model/sim/compute.h"

namespace tutor::model {

double attentionParams(const ModelShape& m)
{
    // Q and the output projection (h × heads·head_dim each), K and V.
    const double h = m.hidden;
    return h * (2.0 * m.qWidth() + m.kvWidth());
}

double mlpParams(const ModelShape& m)
{
    return static_cast<double>(m.mlpMatrices()) * m.hidden * m.ffnSize();
}

double layerParams(const ModelShape& m, int layer)
{
    if (m.isMoeLayer(layer))
        return attentionParams(m) + m.moe.experts * mlpParams(m) + static_cast<double>(m.hidden) * m.moe.experts;
    return attentionParams(m) + mlpParams(m);
}

double activeLayerParams(const ModelShape& m, int layer)
{
    if (m.isMoeLayer(layer))
        return attentionParams(m) + m.moe.topK * mlpParams(m) + static_cast<double>(m.hidden) * m.moe.experts;
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
    return 2.0 * activeLayerParams(m, layer) + 4.0 * m.seqLen * m.qWidth();
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
