// SPDX-License-Identifier: MIT
// Hierarchical two-level AllReduce on nodes × g GPUs: ring ReduceScatter inside each node, ring AllReduce of
// S/g between nodes on each of the g rails, ring AllGather inside each node, the phases pipelined by chunks.
// 2(g−1)·α_intra + 2(N−1)·α_inter + max(A, B) + min(A, B)/k + ((g−1)/g·S + (N−1)/N·S/g)·γ with
// A = 2(g−1)/g·S/β_intra, B = 2(N−1)/N·(S/g)/β_inter and k chunks of 512 KiB.
#include "model/collectives/algorithms/algorithm_impl.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tutor::model::detail {

namespace {
constexpr std::array kCollectives { Collective::AllReduce };
constexpr double kPipelineChunk = 512.0 * 1024; // NCCL's Simple step: 4 MiB buffer / 8 steps

bool check(Collective, int ranks, const Topology* topology, std::string* why)
{
    if (!topology)
        return fail(why, [&] { return notDefined(ranks, "needs the topology: nodes × GPUs per node"); });
    if (topology->ranks() != ranks)
        return fail(why, [&] { return notDefined(ranks, "the topology has " + std::to_string(topology->ranks())); });
    if (topology->nodes < 2)
        return fail(why,
            [&] { return notDefined(ranks, "on 1 node; needs topology.nodes ≥ 2, inside one node use ring or tree"); });
    return true;
}

CostTerms cost(const CostInput& in)
{
    CostTerms t;
    const int g = in.topology->gpusPerNode;
    const int nodes = in.topology->nodes;
    const int n = in.ranks;
    const double s = static_cast<double>(in.bytes);
    const Bytes chunk = ceilDiv(in.bytes, n);
    const int intraHops = 2 * (g - 1);
    const int interHops = 2 * (nodes - 1);
    t.steps = intraHops + interHops;
    t.latencySeconds = intraHops * in.intraHop + interHops * in.interHop;
    // The phases overlap by chunks (a node forwards chunk c between nodes while it reduces chunk c + 1): with k
    // chunks of NCCL's 512 KiB Simple step the time sits between max(intra, inter) (perfect overlap) and their
    // sum (none): max + min / k.
    const double intraTime = 2.0 * (g - 1) / g * s / in.intraBps;
    const double interTime = 2.0 * (nodes - 1) / nodes * (s / g) / in.interBps;
    const double chunks = std::max(1.0, std::ceil(s / kPipelineChunk));
    t.bandwidthSeconds = std::max(intraTime, interTime) + std::min(intraTime, interTime) / chunks;
    t.reduceSeconds = ((g - 1.0) / g * s + (nodes - 1.0) / nodes * s / g) * in.gammaSecondsPerByte;
    const Bytes intraPerRank = 2 * (g - 1) * nodes * chunk;
    const Bytes interPerRank = 2 * (nodes - 1) * chunk;
    t.bytesSentPerRank = intraPerRank + interPerRank;
    t.linkBytes = { intraPerRank * n, interPerRank * n };
    if (in.wantFormula)
        t.formula = "2(g−1)·α + 2(N−1)·α_net + pipelined(2(g−1)/g·S/β, 2(N−1)/N·(S/g)/β_net) = "
            + fmtHops(intraHops, in.intraHop, interHops, in.interHop) + " + 2·" + std::to_string(g - 1) + "/"
            + std::to_string(g) + "·" + formatBytes(in.bytes) + " / " + fmtRate(in.intraBps) + " + 2·"
            + std::to_string(nodes - 1) + "/" + std::to_string(nodes) + "·" + formatBytes(in.bytes / g) + " / "
            + fmtRate(in.interBps) + ", pipelined over " + std::to_string(static_cast<long long>(chunks))
            + " chunks: max + min/k = " + fmtTime(t.bandwidthSeconds) + ", between "
            + fmtTime(std::max(intraTime, interTime)) + " (full overlap) and " + fmtTime(intraTime + interTime)
            + " (none)";
    return t;
}

void schedule(const ScheduleInput& in, Schedule& out)
{
    const int g = in.topology->gpusPerNode;
    const int nodes = in.topology->nodes;
    out.chunks = g * nodes;
    // Chunk c = l·N + m: block l is what local rank l reduces inside its node, m its piece between nodes.
    std::vector<std::vector<int>> localBlocks(static_cast<std::size_t>(g));
    for (int l = 0; l < g; ++l)
        for (int m = 0; m < nodes; ++m)
            localBlocks[static_cast<std::size_t>(l)].push_back(l * nodes + m);
    std::vector<std::vector<int>> nodeMembers(static_cast<std::size_t>(nodes));
    for (int node = 0; node < nodes; ++node)
        for (int l = 0; l < g; ++l)
            nodeMembers[static_cast<std::size_t>(node)].push_back(node * g + l);

    std::size_t step = 0;
    std::size_t next = step;
    for (const auto& members : nodeMembers)
        next = ringReduceScatter(out, step, members, localBlocks);
    step = next;
    for (int l = 0; l < g; ++l) {
        std::vector<int> rail;
        std::vector<std::vector<int>> pieces;
        for (int node = 0; node < nodes; ++node) {
            rail.push_back(node * g + l);
            pieces.push_back({ l * nodes + node });
        }
        const auto mid = ringReduceScatter(out, step, rail, pieces);
        next = ringAllGather(out, mid, rail, pieces);
    }
    step = next;
    for (const auto& members : nodeMembers)
        next = ringAllGather(out, step, members, localBlocks);
}
} // namespace

const AlgorithmEntry kHierarchicalAlgorithm {
    Algorithm::Hierarchical,
    "hierarchical",
    "two-level,2level",
    LatencyFamily::Ring,
    Origin::Textbook,
    kCollectives,
    check,
    cost,
    schedule,
};

} // namespace tutor::model::detail
