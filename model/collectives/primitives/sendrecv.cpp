// SPDX-License-Identifier: MIT
// SendRecv as nccl-tests runs it (src/sendrecv.cu): every rank sends its buffer to rank r+1 and receives from
// r−1 (a ring shift). S = count·size, busbw = algbw. Chunk r is rank r's buffer (chunks = n).
#include "model/collectives/primitives/definition.h"

namespace tutor::model::detail {

const CollectiveDefinition kSendRecv {
    .traits = { Collective::SendRecv, "SendRecv", "sendrecv", "sendrecv", false, false, false },
    .initial =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int r = 0; r < s.ranks; ++r)
                visit(r, r, r, r + 1);
        },
    .expected =
        [](const ChunkSpace& s, const SlotVisitor& visit) {
            for (int r = 0; r < s.ranks; ++r) {
                const int from = (r + s.ranks - 1) % s.ranks;
                visit(r, from, from, from + 1);
            }
        },
};

} // namespace tutor::model::detail
