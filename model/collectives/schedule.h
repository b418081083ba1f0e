// SPDX-License-Identifier: MIT
#pragma once
// Schedules are data: for one collective × algorithm × rank count, the list of steps, each a set of
// transfers. The symbolic executor (executor.h) runs them; the animation plays the same steps.
#include "model/collectives/algorithm.h"
#include "model/collectives/collective.h"
#include "model/collectives/problem.h"
#include "model/collectives/topology.h"

#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <memory>
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

/// A ring pass over `members`: in the step with shift k, member i sends to member (i + 1) mod m every chunk of
/// block (i − k) mod m. A ring's m − 1 steps share one pass, so a 1,024-rank ring AllReduce stores 1,024 members
/// and chunks instead of 2.1 M transfers (50 MB); TransferList yields the same Transfer values on demand.
struct RingPass {
    std::vector<RankId> members; ///< ring order
    std::vector<std::size_t> blockStart; ///< block b is chunks[blockStart[b], blockStart[b + 1]); m + 1 entries
    std::vector<ChunkId> chunks;
    std::vector<Bytes> chunkBytes; ///< chunkBytes[i] = bytes of chunks[i]
    std::size_t uniformBlock = 0; ///< the common block size when all blocks have it, else 0
    int size() const { return static_cast<int>(members.size()); }
    std::size_t blockSize(int block) const { return blockStart[block + 1] - blockStart[block]; }
};

/// The transfers of one step, in order: explicit transfers and ring passes (see RingPass), read through one
/// interface. Iteration costs O(1) per transfer; operator[] O(log segments + log m).
class TransferList {
public:
    class const_iterator;
    TransferList() = default;
    TransferList(std::initializer_list<Transfer> transfers);

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    /// Precondition: i < size().
    Transfer operator[](std::size_t i) const;
    const_iterator begin() const;
    const_iterator end() const;
    std::vector<Transfer> toVector() const;

    void push_back(const Transfer& transfer);
    /// Appends the pass's transfers for shift k (every member sends one block); reduce applies to all of them.
    void appendRing(std::shared_ptr<const RingPass> pass, int shift, bool reduce);

    /// Same transfers in the same order, however stored.
    friend bool operator==(const TransferList& a, const TransferList& b);

private:
    struct Segment {
        std::size_t first = 0; ///< index of the segment's first transfer in the list
        std::size_t count = 0;
        std::size_t explicitFirst = 0; ///< explicit segment: its first transfer in m_explicit
        std::shared_ptr<const RingPass> ring; ///< null for an explicit segment
        int shift = 0;
        bool reduce = false;
    };
    /// Ring segment `s`: the `j`-th chunk of block `block`, which member `member` sends.
    static Transfer ringTransfer(const Segment& s, int member, int block, std::size_t j);
    /// Ring segment `s`: the block member `member` sends.
    static int ringBlock(const Segment& s, int member);
    std::vector<Transfer> m_explicit;
    std::vector<Segment> m_segments;
    std::size_t m_size = 0;
};

/// Walks a TransferList in order, yielding each Transfer by value.
class TransferList::const_iterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Transfer;
    using difference_type = std::ptrdiff_t;
    using reference = Transfer;
    using pointer = void;

    const_iterator() = default;
    Transfer operator*() const;
    const_iterator& operator++();
    const_iterator operator++(int)
    {
        auto old = *this;
        ++*this;
        return old;
    }
    bool operator==(const const_iterator& other) const { return m_index == other.m_index; }

private:
    friend class TransferList;
    const_iterator(const TransferList* list, bool atEnd);
    void enterSegment();
    void skipEmptyBlocks();
    const TransferList* m_list = nullptr;
    std::size_t m_index = 0; ///< position in the list
    std::size_t m_segment = 0;
    std::size_t m_left = 0; ///< transfers left in the current segment, this one included
    int m_member = 0; ///< ring segment: the sending member
    int m_block = 0; ///< ring segment: the block it sends
    std::size_t m_within = 0; ///< ring segment: position inside the member's block
};

/// Transfers that happen at the same time; a step ends when its slowest transfer does.
struct Step {
    TransferList transfers;
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
