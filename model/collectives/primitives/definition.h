// SPDX-License-Identifier: MIT
#pragma once
// Internal: one definition per collective (one file each), registered in registry.cpp. A definition holds the
// nccl-tests traits and what the symbolic executor needs: the buffers before the call and the slots the
// collective's definition fixes after it. Chunk numbering is the Schedule's (schedule.h).
#include "model/collectives/collective.h"

#include <functional>

namespace tutor::model::detail {

/// The chunk space of one schedule.
struct ChunkSpace {
    int ranks = 0;
    int chunks = 0;
    int root = 0;
};

/// (rank, chunk, first, last): `rank` holds, for `chunk`, the contributions of ranks [first, last).
using SlotVisitor = std::function<void(int rank, int chunk, int first, int last)>;

struct CollectiveDefinition {
    CollectiveTraits traits;
    /// Visits every slot a rank holds before the collective.
    void (*initial)(const ChunkSpace& space, const SlotVisitor& visit);
    /// Visits every slot the definition fixes after the collective; other slots may hold anything.
    void (*expected)(const ChunkSpace& space, const SlotVisitor& visit);
};

const CollectiveDefinition& definition(Collective op);

extern const CollectiveDefinition kAllReduce;
extern const CollectiveDefinition kReduceScatter;
extern const CollectiveDefinition kAllGather;
extern const CollectiveDefinition kBroadcast;
extern const CollectiveDefinition kReduce;
extern const CollectiveDefinition kAllToAll;
extern const CollectiveDefinition kSendRecv;
extern const CollectiveDefinition kGather;
extern const CollectiveDefinition kScatter;

} // namespace tutor::model::detail
