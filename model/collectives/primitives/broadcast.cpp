// SPDX-License-Identifier: MIT
// Broadcast: every rank ends with the root's buffer. nccl-tests src/broadcast.cu: S = count·size, busbw = algbw.
#include "model/collectives/primitives/definition.h"

namespace tutor::model::detail {

const CollectiveDefinition kBroadcast {
    .traits = { Collective::Broadcast, "Broadcast", "broadcast", "broadcast", false, true, false },
    .initial =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int c = 0; c < s.chunks; ++c)
                visit(s.root, c, s.root, s.root + 1);
        },
    .expected =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int r = 0; r < s.ranks; ++r)
                for (int c = 0; c < s.chunks; ++c)
                    visit(r, c, s.root, s.root + 1);
        },
};

} // namespace tutor::model::detail
