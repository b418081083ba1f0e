// SPDX-License-Identifier: MIT
// Scatter: rank r ends with block r of the root's buffer. nccl-tests src/scatter.cu: S is the whole input array
// (count·size·n), busbw = algbw · (n−1)/n. Chunk r is the block for rank r (chunks = n); it comes from the root.
#include "model/collectives/primitives/definition.h"

namespace tutor::model::detail {

const CollectiveDefinition kScatter {
    .traits = { Collective::Scatter, "Scatter", "scatter", "scatter", false, true, true },
    .initial =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int c = 0; c < s.chunks; ++c)
                visit(s.root, c, s.root, s.root + 1);
        },
    .expected =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int r = 0; r < s.ranks; ++r)
                visit(r, r, s.root, s.root + 1);
        },
};

} // namespace tutor::model::detail
