// SPDX-License-Identifier: MIT
// ReduceScatter: rank r ends with block r of the sum. nccl-tests src/reduce_scatter.cu: S is the whole input
// array (count·size·n), busbw = algbw · (n−1)/n. Chunks come in n equal blocks; block r belongs to rank r.
#include "model/collectives/primitives/definition.h"

namespace tutor::model::detail {

const CollectiveDefinition kReduceScatter {
    .traits = { Collective::ReduceScatter, "ReduceScatter", "reducescatter", "reduce_scatter", true, false, true },
    .initial =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int r = 0; r < s.ranks; ++r)
                for (int c = 0; c < s.chunks; ++c)
                    visit(r, c, r, r + 1);
        },
    .expected =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            const int perRank = s.chunks / s.ranks;
            for (int r = 0; r < s.ranks; ++r)
                for (int c = r * perRank; c < (r + 1) * perRank; ++c)
                    visit(r, c, 0, s.ranks);
        },
};

} // namespace tutor::model::detail
