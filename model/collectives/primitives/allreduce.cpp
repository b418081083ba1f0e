// SPDX-License-Identifier: MIT
// AllReduce: every rank ends with the sum of all ranks' buffers.
// nccl-tests src/all_reduce.cu: S = count·size, busbw = algbw · 2(n−1)/n.
#include "model/collectives/primitives/definition.h"

namespace tutor::model::detail {

const CollectiveDefinition kAllReduce {
    .traits = { Collective::AllReduce, "AllReduce", "allreduce", "all_reduce", true, false, false },
    // Every rank contributes its own copy of every chunk.
    .initial =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int r = 0; r < s.ranks; ++r)
                for (int c = 0; c < s.chunks; ++c)
                    visit(r, c, r, r + 1);
        },
    // Every rank holds every chunk reduced over all ranks.
    .expected =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int r = 0; r < s.ranks; ++r)
                for (int c = 0; c < s.chunks; ++c)
                    visit(r, c, 0, s.ranks);
        },
};

} // namespace tutor::model::detail
