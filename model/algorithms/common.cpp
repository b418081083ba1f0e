// Helpers shared by the algorithm files: integer logs, formatting of formulas, ring schedule building blocks.
#include "algorithm_impl.h"

#include <algorithm>
#include <cstdio>

namespace tutor::model::detail {

double CostInput::bottleneckBps() const
{
    if (topology && topology->nodes > 1)
        return std::min(intraBps, interBps);
    return intraBps;
}

bool isPowerOfTwo(int n)
{
    return n >= 1 && (n & (n - 1)) == 0;
}

int ceilLog2(int n)
{
    int k = 0;
    while ((1LL << k) < n)
        ++k;
    return k;
}

Bytes ceilDiv(Bytes s, Bytes pieces)
{
    return pieces <= 0 ? 0 : (s + pieces - 1) / pieces;
}

std::string fmtTime(Seconds s)
{
    char buf[48];
    const double us = s * 1e6;
    std::snprintf(buf, sizeof buf, us >= 100 ? "%.0f µs" : "%.2f µs", us);
    return buf;
}

std::string fmtRate(double bytesPerSecond)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.3g GB/s", bytesPerSecond / kBytesPerGB);
    return buf;
}

std::string fmtHops(int intraHops, Seconds intraHop, int interHops, Seconds interHop)
{
    std::string out;
    if (intraHops > 0)
        out += std::to_string(intraHops) + "·" + fmtTime(intraHop);
    if (interHops > 0)
        out += (out.empty() ? "" : " + ") + std::to_string(interHops) + "·" + fmtTime(interHop);
    return out.empty() ? "0" : out;
}

void addTransfer(Schedule& out, std::size_t step, int src, int dst, int chunk, bool reduce)
{
    if (out.steps.size() <= step)
        out.steps.resize(step + 1);
    out.steps[step].transfers.push_back(
        Transfer { RankId { src }, RankId { dst }, ChunkId { chunk }, out.chunkBytes(chunk), reduce });
}

namespace {
/// Every ring step moves one block per member: reserve the steps' transfers once (rings run side by side in
/// hierarchical schedules, so add to what is there).
void reserveSteps(Schedule& out, std::size_t firstStep, int m, const std::vector<std::vector<int>>& blocks)
{
    if (m < 2)
        return;
    std::size_t perStep = 0;
    for (const auto& b : blocks)
        perStep += b.size();
    if (out.steps.size() < firstStep + static_cast<std::size_t>(m - 1))
        out.steps.resize(firstStep + static_cast<std::size_t>(m - 1));
    for (int k = 0; k + 1 < m; ++k) {
        auto& transfers = out.steps[firstStep + static_cast<std::size_t>(k)].transfers;
        if (transfers.capacity() < transfers.size() + perStep)
            transfers.reserve(std::max(transfers.size() + perStep, 2 * transfers.capacity()));
    }
}

std::vector<std::vector<Bytes>> blockChunkBytes(const Schedule& out, const std::vector<std::vector<int>>& blocks)
{
    std::vector<std::vector<Bytes>> sizes(blocks.size());
    for (std::size_t b = 0; b < blocks.size(); ++b)
        for (int chunk : blocks[b])
            sizes[b].push_back(out.chunkBytes(chunk));
    return sizes;
}
} // namespace

std::size_t ringReduceScatter(
    Schedule& out, std::size_t firstStep, const std::vector<int>& members, const std::vector<std::vector<int>>& blocks)
{
    const int m = static_cast<int>(members.size());
    reserveSteps(out, firstStep, m, blocks);
    const auto sizes = blockChunkBytes(out, blocks);
    // Step k: member i passes its partial sum of block (i − k − 1) to member i + 1, which adds its own.
    // Block b thus starts at member b + 1 and ends, complete, at member b after m − 1 steps.
    for (int k = 0; k + 1 < m; ++k) {
        auto& transfers = out.steps[firstStep + static_cast<std::size_t>(k)].transfers;
        for (int i = 0; i < m; ++i) {
            const auto block = static_cast<std::size_t>(((i - k - 1) % m + m) % m);
            const RankId src { members[static_cast<std::size_t>(i)] };
            const RankId dst { members[static_cast<std::size_t>((i + 1) % m)] };
            for (std::size_t j = 0; j < blocks[block].size(); ++j)
                transfers.push_back(Transfer { src, dst, ChunkId { blocks[block][j] }, sizes[block][j], true });
        }
    }
    return firstStep + std::max(0, m - 1);
}

std::size_t ringAllGather(
    Schedule& out, std::size_t firstStep, const std::vector<int>& members, const std::vector<std::vector<int>>& blocks)
{
    const int m = static_cast<int>(members.size());
    reserveSteps(out, firstStep, m, blocks);
    const auto sizes = blockChunkBytes(out, blocks);
    // Step k: member i forwards block (i − k), which it owns (k = 0) or received in step k − 1.
    for (int k = 0; k + 1 < m; ++k) {
        auto& transfers = out.steps[firstStep + static_cast<std::size_t>(k)].transfers;
        for (int i = 0; i < m; ++i) {
            const auto block = static_cast<std::size_t>(((i - k) % m + m) % m);
            const RankId src { members[static_cast<std::size_t>(i)] };
            const RankId dst { members[static_cast<std::size_t>((i + 1) % m)] };
            for (std::size_t j = 0; j < blocks[block].size(); ++j)
                transfers.push_back(Transfer { src, dst, ChunkId { blocks[block][j] }, sizes[block][j], false });
        }
    }
    return firstStep + std::max(0, m - 1);
}

std::string notDefined(int ranks, const std::string& why)
{
    return "not defined for " + std::to_string(ranks) + (ranks == 1 ? " rank" : " ranks") + " (" + why + ")";
}

} // namespace tutor::model::detail
