// SPDX-License-Identifier: MIT
// Gather: the root ends with every rank's block. nccl-tests src/gather.cu: S is the whole output array
// (count·size·n), busbw = algbw · (n−1)/n. Chunk r is rank r's block (chunks = n).
#include "model/collectives/primitives/definition.h"

namespace tutor::model::detail {

const CollectiveDefinition kGather {
    .traits = { Collective::Gather, "Gather", "gather", "gather", false, true, true },
    .initial =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int r = 0; r < s.ranks; ++r)
                visit(r, r, r, r + 1);
        },
    .expected =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int c = 0; c < s.chunks; ++c)
                visit(s.root, c, c, c + 1);
        },
};

} // namespace tutor::model::detail
