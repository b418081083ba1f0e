// SPDX-License-Identifier: MIT
#include "model/collectives/schedule.h"

#include "model/collectives/algorithms/algorithm_impl.h"

#include <algorithm>
#include <vector>

namespace tutor::model {

namespace {
constexpr int kMaxScheduleRanks = 65'536;
}

// --- TransferList

TransferList::TransferList(std::initializer_list<Transfer> transfers)
{
    for (const auto& t : transfers)
        push_back(t);
}

void TransferList::push_back(const Transfer& transfer)
{
    if (m_segments.empty() || m_segments.back().ring)
        m_segments.push_back(Segment { m_size, 0, m_explicit.size(), nullptr, 0, false });
    m_explicit.push_back(transfer);
    ++m_segments.back().count;
    ++m_size;
}

void TransferList::appendRing(std::shared_ptr<const RingPass> pass, int shift, bool reduce)
{
    const std::size_t count = pass ? pass->chunks.size() : 0;
    if (count == 0 || pass->size() < 2)
        return;
    const int m = pass->size();
    m_segments.push_back(Segment { m_size, count, 0, std::move(pass), ((shift % m) + m) % m, reduce });
    m_size += count;
}

int TransferList::ringBlock(const Segment& s, int member)
{
    const int m = s.ring->size();
    const int block = member - s.shift;
    return block < 0 ? block + m : block;
}

Transfer TransferList::ringTransfer(const Segment& s, int member, int block, std::size_t j)
{
    const RingPass& pass = *s.ring;
    const auto at = pass.blockStart[static_cast<std::size_t>(block)] + j;
    const int next = member + 1 == pass.size() ? 0 : member + 1;
    return Transfer { pass.members[static_cast<std::size_t>(member)], pass.members[static_cast<std::size_t>(next)],
        pass.chunks[at], pass.chunkBytes[at], s.reduce };
}

Transfer TransferList::operator[](std::size_t i) const
{
    const auto seg = std::upper_bound(m_segments.begin(), m_segments.end(), i, [](std::size_t index, const Segment& s) {
        return index < s.first;
    }) - 1;
    const std::size_t t = i - seg->first;
    if (!seg->ring)
        return m_explicit[seg->explicitFirst + t];
    const RingPass& pass = *seg->ring;
    if (pass.uniformBlock > 0) {
        const int member = static_cast<int>(t / pass.uniformBlock);
        return ringTransfer(*seg, member, ringBlock(*seg, member), t % pass.uniformBlock);
    }
    // Members 0, 1, … send blocks s0, s0 + 1, … (mod m): the transfers before member i are a cyclic run of blocks.
    const int m = pass.size();
    const int s0 = ringBlock(*seg, 0);
    const std::size_t total = pass.chunks.size();
    const auto before = [&](int members) {
        const auto start = pass.blockStart[static_cast<std::size_t>(s0)];
        const int end = s0 + members;
        return end <= m ? pass.blockStart[static_cast<std::size_t>(end)] - start
                        : total - start + pass.blockStart[static_cast<std::size_t>(end - m)];
    };
    int lo = 0; // the last member with before(member) <= t and a non-empty block
    int hi = m - 1;
    while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (before(mid) <= t)
            lo = mid;
        else
            hi = mid - 1;
    }
    return ringTransfer(*seg, lo, ringBlock(*seg, lo), t - before(lo));
}

TransferList::const_iterator TransferList::begin() const
{
    return const_iterator(this, false);
}

TransferList::const_iterator TransferList::end() const
{
    return const_iterator(this, true);
}

std::vector<Transfer> TransferList::toVector() const
{
    std::vector<Transfer> out;
    out.reserve(m_size);
    for (const auto& t : *this)
        out.push_back(t);
    return out;
}

bool operator==(const TransferList& a, const TransferList& b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

TransferList::const_iterator::const_iterator(const TransferList* list, bool atEnd)
    : m_list(list)
    , m_index(atEnd ? list->m_size : 0)
{
    if (!atEnd && list->m_size > 0)
        enterSegment();
}

void TransferList::const_iterator::enterSegment()
{
    const auto& s = m_list->m_segments[m_segment];
    m_left = s.count;
    if (s.ring) {
        m_member = 0;
        m_block = ringBlock(s, 0);
        m_within = 0;
        skipEmptyBlocks();
    }
}

void TransferList::const_iterator::skipEmptyBlocks()
{
    const auto& s = m_list->m_segments[m_segment];
    while (m_within == s.ring->blockSize(m_block)) {
        ++m_member;
        m_block = m_block + 1 == s.ring->size() ? 0 : m_block + 1;
        m_within = 0;
    }
}

Transfer TransferList::const_iterator::operator*() const
{
    const auto& s = m_list->m_segments[m_segment];
    if (!s.ring)
        return m_list->m_explicit[s.explicitFirst + (s.count - m_left)];
    return ringTransfer(s, m_member, m_block, m_within);
}

TransferList::const_iterator& TransferList::const_iterator::operator++()
{
    ++m_index;
    if (--m_left == 0) {
        if (++m_segment < m_list->m_segments.size())
            enterSegment();
        return *this;
    }
    if (m_list->m_segments[m_segment].ring) {
        ++m_within;
        skipEmptyBlocks();
    }
    return *this;
}

// --- Schedule

Bytes Schedule::chunkBytes(int chunk) const
{
    // SendRecv: chunk r is rank r's whole buffer of S bytes. AllToAll: a rank's S bytes cut into `ranks` pieces.
    if (op == Collective::SendRecv)
        return bytes;
    const int pieces = op == Collective::AllToAll ? ranks : chunks;
    const int index = op == Collective::AllToAll && ranks > 0 ? chunk % ranks : chunk;
    if (pieces <= 0)
        return 0;
    const Bytes base = bytes / pieces;
    const Bytes extra = bytes % pieces;
    return base + (index < extra ? 1 : 0);
}

std::size_t Schedule::transferCount() const
{
    std::size_t n = 0;
    for (const auto& s : steps)
        n += s.transfers.size();
    return n;
}

Bytes Schedule::bytesSent(RankId rank) const
{
    Bytes sum = 0;
    for (const auto& s : steps)
        for (const auto& t : s.transfers)
            if (t.src == rank)
                sum += t.bytes;
    return sum;
}

Bytes Schedule::maxBytesSent() const
{
    std::vector<Bytes> sent(static_cast<std::size_t>(std::max(ranks, 0)), 0);
    for (const auto& s : steps)
        for (const auto& t : s.transfers)
            if (t.src.value >= 0 && t.src.value < ranks)
                sent[static_cast<std::size_t>(t.src.value)] += t.bytes;
    return sent.empty() ? 0 : *std::max_element(sent.begin(), sent.end());
}

Result<Schedule> makeSchedule(
    Collective op, Algorithm algorithm, int ranks, Bytes bytes, int root, const Topology* topology)
{
    Problems problems;
    if (ranks < 1 || ranks > kMaxScheduleRanks)
        problems.push_back({ "ranks", std::to_string(ranks), "must be between 1 and 65536 for a schedule" });
    if (bytes < 0 || bytes > kMaxMessageBytes)
        problems.push_back({ "bytes", std::to_string(bytes), "must be between 0 and 1099511627776 (1 TiB)" });
    if (root < 0 || (ranks >= 1 && root >= ranks))
        problems.push_back({ "root", std::to_string(root), "must be a rank in [0, " + std::to_string(ranks) + ")" });
    if (!problems.empty())
        return problems;
    if (algorithm == Algorithm::Auto) {
        const auto all = algorithmsFor(op);
        algorithm = std::find(all.begin(), all.end(), Algorithm::Ring) != all.end() ? Algorithm::Ring : all.front();
    }
    const auto* entry = detail::findAlgorithm(algorithm);
    if (!detail::supports(*entry, op)) {
        std::string list;
        for (auto c : entry->collectives)
            list += (list.empty() ? "" : ", ") + std::string(name(c));
        return Problem { "algorithm", std::string(entry->name),
            "not defined for " + std::string(name(op)) + " (defined for " + list + ")" };
    }
    if (std::string rule; !entry->check(op, ranks, topology, &rule))
        return Problem { "algorithm", std::string(entry->name), rule };
    Schedule s;
    s.op = op;
    s.algorithm = algorithm;
    s.ranks = ranks;
    s.root = root;
    s.bytes = bytes;
    entry->schedule(detail::ScheduleInput { op, ranks, bytes, root, topology }, s);
    return s;
}

} // namespace tutor::model
