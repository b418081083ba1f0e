// SPDX-License-Identifier: MIT
// AllGather: every rank ends with every rank's block. nccl-tests src/all_gather.cu: S is the whole output array
// (count·size·n), busbw = algbw · (n−1)/n. Chunks come in n equal blocks; block r starts at rank r.
#include "model/collectives/primitives/definition.h"

namespace tutor::model::detail {

const CollectiveDefinition kAllGather {
    .traits = { Collective::AllGather, "AllGather", "allgather", "all_gather", false, false, true },
    .initial =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            const int perRank = s.chunks / s.ranks;
            for (int r = 0; r < s.ranks; ++r)
                for (int c = r * perRank; c < (r + 1) * perRank; ++c)
                    visit(r, c, r, r + 1);
        },
    .expected =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            const int perRank = s.chunks / s.ranks;
            for (int r = 0; r < s.ranks; ++r)
                for (int c = 0; c < s.chunks; ++c)
                    visit(r, c, c / perRank, c / perRank + 1);
        },
};

} // namespace tutor::model::detail
