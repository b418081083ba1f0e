// SPDX-License-Identifier: MIT
// AllToAll: rank s sends its d-th block to rank d. nccl-tests src/alltoall.cu: S is one rank's whole buffer
// (count·size·n), busbw = algbw · (n−1)/n. Chunk c = s·n + d is the block s sends to d (chunks = n²).
#include "model/collectives/primitives/definition.h"

namespace tutor::model::detail {

const CollectiveDefinition kAllToAll {
    .traits = { Collective::AllToAll, "AllToAll", "alltoall", "alltoall", false, false, true },
    .initial =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int src = 0; src < s.ranks; ++src)
                for (int dst = 0; dst < s.ranks; ++dst)
                    visit(src, src * s.ranks + dst, src, src + 1);
        },
    .expected =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int dst = 0; dst < s.ranks; ++dst)
                for (int src = 0; src < s.ranks; ++src)
                    visit(dst, src * s.ranks + dst, src, src + 1);
        },
};

} // namespace tutor::model::detail
