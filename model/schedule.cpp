#include "schedule.h"

#include "algorithms/algorithm_impl.h"

#include <algorithm>
#include <vector>

namespace tutor::model {

namespace {
constexpr int kMaxScheduleRanks = 65'536;
}

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
    if (auto rule = entry->check(op, ranks, topology); !rule.empty())
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
