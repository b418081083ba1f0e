// SPDX-License-Identifier: MIT
// Reduce: the root ends with the sum of all ranks' buffers. nccl-tests src/reduce.cu: S = count·size,
// busbw = algbw.
#include "model/collectives/primitives/definition.h"

namespace tutor::model::detail {

const CollectiveDefinition kReduce {
    .traits = { Collective::Reduce, "Reduce", "reduce", "reduce", true, true, false },
    .initial =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int r = 0; r < s.ranks; ++r)
                for (int c = 0; c < s.chunks; ++c)
                    visit(r, c, r, r + 1);
        },
    .expected =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int c = 0; c < s.chunks; ++c)
                visit(s.root, c, 0, s.ranks);
        },
};

} // namespace tutor::model::detail
