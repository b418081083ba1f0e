#pragma once
// Schedules are data: for one collective × algorithm × rank count, the list of steps, each a set of
// transfers. The symbolic executor (executor.h) runs them; the animation plays the same steps.
#include "algorithm.h"
#include "collective.h"
#include "problem.h"
#include "topology.h"

#include <vector>

namespace tutor::model {

/// One point-to-point move inside a step. `chunk` indexes the collective's chunk space (see Schedule).
struct Transfer {
    RankId src;
    RankId dst;
    ChunkId chunk;
    Bytes bytes = 0;
    bool reduce = false; ///< the receiver combines the data into its copy instead of overwriting it
    bool operator==(const Transfer&) const = default;
};

/// Transfers that happen at the same time; a step ends when its slowest transfer does.
struct Step {
    std::vector<Transfer> transfers;
    bool operator==(const Step&) const = default;
};

/// Chunks: the message of S bytes is cut into `chunks` pieces; when `chunks` does not divide S the first
/// S mod chunks pieces are one byte larger (so every piece is ⌊S/chunks⌋ or ⌈S/chunks⌉ bytes).
/// For AllToAll, chunk c = src·ranks + dst is the piece src sends to dst: each rank's buffer of S bytes is cut
/// into `ranks` pieces the same way. What each chunk means per collective: collectives/*.cpp.
struct Schedule {
    Collective op = Collective::AllReduce;
    Algorithm algorithm = Algorithm::Ring;
    int ranks = 0;
    int root = 0;
    int chunks = 0;
    Bytes bytes = 0;
    std::vector<Step> steps;
    /// Bytes of chunk `chunk` (see above). Precondition 0 ≤ chunk < chunks.
    Bytes chunkBytes(int chunk) const;
    /// Number of transfers over all steps.
    std::size_t transferCount() const;
    /// Bytes that `rank` sends over the whole schedule.
    Bytes bytesSent(RankId rank) const;
    /// The most bytes any rank sends (the volume term of the cost model).
    Bytes maxBytesSent() const;
};

/// Builds the schedule, or says "not defined for n ranks" (e.g. recursive doubling needs a power of two,
/// hierarchical needs the topology's ranks). `topology` is used by hierarchical and NVLS only.
/// Preconditions checked (a Problem, never a crash): 1 ≤ ranks ≤ 65,536, 0 ≤ bytes ≤ kMaxMessageBytes,
/// 0 ≤ root < ranks, the algorithm defined for `op` (algorithmsFor(op)). Algorithm::Auto picks ring where it is
/// defined, else the first algorithm of algorithmsFor(op).
Result<Schedule> makeSchedule(
    Collective op, Algorithm algorithm, int ranks, Bytes bytes, int root = 0, const Topology* topology = nullptr);

} // namespace tutor::model
