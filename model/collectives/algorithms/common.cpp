// SPDX-License-Identifier: MIT
// Helpers shared by the algorithm files: integer logs, formatting of formulas, ring schedule building blocks.
#include "model/collectives/algorithms/algorithm_impl.h"

#include <algorithm>
#include <cstdio>
#include <memory>

namespace tutor::model::detail {

double CostInput::bottleneckBps() const
{
    if (topology && topology->nodes > 1)
        return std::min(intraBps, interBps);
    return intraBps;
}

double CostInput::channelBottleneckBps() const
{
    if (topology && topology->nodes > 1)
        return std::min(intraBps, interNodeBps);
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
/// The pass a ring's steps share: members in ring order, blocks flattened with their chunk sizes.
std::shared_ptr<const RingPass> makePass(
    const Schedule& out, const std::vector<int>& members, const std::vector<std::vector<int>>& blocks)
{
    auto pass = std::make_shared<RingPass>();
    pass->members.reserve(members.size());
    for (int r : members)
        pass->members.push_back(RankId { r });
    pass->blockStart.reserve(blocks.size() + 1);
    pass->blockStart.push_back(0);
    for (const auto& block : blocks) {
        for (int chunk : block) {
            pass->chunks.push_back(ChunkId { chunk });
            pass->chunkBytes.push_back(out.chunkBytes(chunk));
        }
        pass->blockStart.push_back(pass->chunks.size());
    }
    const bool uniform = !blocks.empty() && !blocks.front().empty()
        && std::all_of(blocks.begin(), blocks.end(), [&](const auto& b) { return b.size() == blocks.front().size(); });
    pass->uniformBlock = uniform ? blocks.front().size() : 0;
    return pass;
}

/// Appends a ring's m − 1 steps from `firstStep`: in step k member i sends block (i − shift(k)) mod m.
std::size_t appendRingSteps(Schedule& out, std::size_t firstStep, const std::vector<int>& members,
    const std::vector<std::vector<int>>& blocks, int firstShift, bool reduce)
{
    const int m = static_cast<int>(members.size());
    if (m < 2)
        return firstStep;
    const auto pass = makePass(out, members, blocks);
    if (out.steps.size() < firstStep + static_cast<std::size_t>(m - 1))
        out.steps.resize(firstStep + static_cast<std::size_t>(m - 1));
    for (int k = 0; k + 1 < m; ++k)
        out.steps[firstStep + static_cast<std::size_t>(k)].transfers.appendRing(pass, firstShift + k, reduce);
    return firstStep + static_cast<std::size_t>(m - 1);
}
} // namespace

std::size_t ringReduceScatter(
    Schedule& out, std::size_t firstStep, const std::vector<int>& members, const std::vector<std::vector<int>>& blocks)
{
    // Step k: member i passes its partial sum of block (i − k − 1) to member i + 1, which adds its own.
    // Block b thus starts at member b + 1 and ends, complete, at member b after m − 1 steps.
    return appendRingSteps(out, firstStep, members, blocks, 1, true);
}

std::size_t ringAllGather(
    Schedule& out, std::size_t firstStep, const std::vector<int>& members, const std::vector<std::vector<int>>& blocks)
{
    // Step k: member i forwards block (i − k), which it owns (k = 0) or received in step k − 1.
    return appendRingSteps(out, firstStep, members, blocks, 0, false);
}

std::string notDefined(int ranks, const std::string& why)
{
    return "not defined for " + std::to_string(ranks) + (ranks == 1 ? " rank" : " ranks") + " (" + why + ")";
}

} // namespace tutor::model::detail
