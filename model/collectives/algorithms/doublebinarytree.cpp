// SPDX-License-Identifier: MIT
// NCCL's double binary tree (NCCL ≥ 2.4, "Tree"): two binary trees over the ranks, each reducing then
// broadcasting half of the message; a rank that is inner in one tree is mostly a leaf in the other, so every
// rank sends ≈ 2S in total. Latency as NCCL tuning.cc: 2·((g−1)·α_intra + log2(nodes)·α_inter); bandwidth
// ≈ 2S/β with NCCL's tree efficiency 0.92. AllReduce only, as in NCCL.
#include "model/collectives/algorithms/algorithm_impl.h"

#include <algorithm>
#include <array>
#include <unordered_map>

namespace tutor::model::detail {

namespace {
constexpr std::array kCollectives { Collective::AllReduce };
constexpr double kTreeEfficiency = 0.92; // NCCL tuning.cc: tree AllReduce bus bandwidth × 0.92

/// parent[p] and depth[p] of position p in NCCL's binary tree over [0, n) (src/graph/trees.cc ncclGetBtree):
/// with b the lowest set bit of p, p's parent is (p ^ b) | (b << 1), or p ^ b when that is out of range;
/// position 0 is the root. Every odd position is a leaf, which is what makes the mirrored second tree
/// complementary: a rank is inner in at most one tree.
struct Tree {
    std::vector<int> parent;
    std::vector<int> depth;
    int maxDepth = 0;
};

Tree ncclTree(int n)
{
    Tree t;
    t.parent.assign(static_cast<std::size_t>(n), -1);
    t.depth.assign(static_cast<std::size_t>(n), 0);
    for (int p = 1; p < n; ++p) {
        const int bit = p & -p;
        int up = (p ^ bit) | (bit << 1);
        if (up >= n)
            up = p ^ bit;
        t.parent[static_cast<std::size_t>(p)] = up;
    }
    // A parent has a larger lowest bit than its child; visiting by decreasing lowest bit sets parents first.
    std::vector<int> order;
    for (int p = 1; p < n; ++p)
        order.push_back(p);
    std::sort(order.begin(), order.end(), [](int a, int b) { return (a & -a) > (b & -b); });
    for (int p : order) {
        const int d = t.depth[static_cast<std::size_t>(t.parent[static_cast<std::size_t>(p)])] + 1;
        t.depth[static_cast<std::size_t>(p)] = d;
        t.maxDepth = std::max(t.maxDepth, d);
    }
    return t;
}

/// Rank of position p in tree `which` (0: identity; 1: mirrored for even n, shifted by one for odd n, as NCCL
/// builds its second tree in ncclGetDtree).
int rankOf(int which, int p, int n)
{
    if (which == 0)
        return p;
    return n % 2 == 0 ? n - 1 - p : (p + 1) % n;
}

/// What the cost model needs from the two trees of n ranks, computed once per n and kept per thread (the
/// simulator asks for the same group sizes many times): the depth, and every distinct pair (a, b) of
/// "halves sent" per rank — a rank sends a halves of tree 0's chunk and b of tree 1's (up once unless root,
/// down once per child).
struct TreeSummary {
    int maxDepth = 0;
    std::vector<std::pair<int, int>> sendCounts;
};

TreeSummary summarize(int n)
{
    thread_local std::unordered_map<int, TreeSummary> cache;
    if (const auto it = cache.find(n); it != cache.end())
        return it->second;
    const auto tree = ncclTree(n);
    std::vector<std::array<int, 2>> counts(static_cast<std::size_t>(n), { 0, 0 });
    for (int which = 0; which < 2; ++which)
        for (int p = 0; p < n; ++p) {
            const int parent = tree.parent[static_cast<std::size_t>(p)];
            if (parent < 0)
                continue;
            counts[static_cast<std::size_t>(rankOf(which, p, n))][static_cast<std::size_t>(which)] += 1;
            counts[static_cast<std::size_t>(rankOf(which, parent, n))][static_cast<std::size_t>(which)] += 1;
        }
    TreeSummary s;
    s.maxDepth = tree.maxDepth;
    for (const auto& c : counts)
        if (std::find(s.sendCounts.begin(), s.sendCounts.end(), std::pair { c[0], c[1] }) == s.sendCounts.end())
            s.sendCounts.emplace_back(c[0], c[1]);
    if (cache.size() > 256)
        cache.clear();
    cache.emplace(n, s);
    return s;
}

bool check(Collective, int, const Topology*, std::string*)
{
    return true;
}

CostTerms cost(const CostInput& in)
{
    CostTerms t;
    const int n = in.ranks;
    if (n <= 1)
        return t;
    const int nodes = in.topology ? in.topology->nodes : 1;
    const int g = in.topology ? in.topology->gpusPerNode : n;
    int log2Nodes = 0;
    while ((2 << log2Nodes) <= nodes)
        ++log2Nodes; // NCCL log2i: floor
    const int intraHops = 2 * (g - 1);
    const int interHops = 2 * log2Nodes;
    const double beta = in.channelBottleneckBps() * kTreeEfficiency;
    const double s = static_cast<double>(in.bytes);
    const auto summary = summarize(n);
    t.steps = 2 * summary.maxDepth;
    t.latencySeconds = intraHops * in.intraHop + interHops * in.interHop;
    t.bandwidthSeconds = 2.0 * s / beta;
    t.reduceSeconds = s * in.gammaSecondsPerByte;
    // Chunk 0 (tree 0) is ⌈S/2⌉ bytes, chunk 1 ⌊S/2⌋ (schedule.h).
    const Bytes half0 = in.bytes - in.bytes / 2;
    const Bytes half1 = in.bytes / 2;
    for (const auto& [a, b] : summary.sendCounts)
        t.bytesSentPerRank = std::max(t.bytesSentPerRank, a * half0 + b * half1);
    const Bytes total = 2 * Bytes { n - 1 } * (half0 + half1); // every non-root sends up once, receives once
    const Bytes inter = nodes > 1 ? total / n * (nodes - 1) * 2 : 0;
    t.linkBytes = { total - std::min(total, inter), std::min(total, inter) };
    if (in.wantFormula)
        t.formula = "2((g−1)·α + log2(nodes)·α_net) + 2S/(0.92·β) + S·γ = "
            + fmtHops(intraHops, in.intraHop, interHops, in.interHop) + " + 2·" + formatBytes(in.bytes) + " / "
            + fmtRate(beta);
    return t;
}

void schedule(const ScheduleInput& in, Schedule& out)
{
    const int n = in.ranks;
    out.chunks = 2; // chunk w travels on tree w
    if (n <= 1)
        return;
    const auto tree = ncclTree(n);
    const int d = tree.maxDepth;
    // Reduce: depth d − j sends up at step j. Broadcast: depth j sends down at step d + j.
    for (int which = 0; which < 2; ++which)
        for (int p = 0; p < n; ++p) {
            const int parent = tree.parent[static_cast<std::size_t>(p)];
            if (parent < 0)
                continue;
            const int depth = tree.depth[static_cast<std::size_t>(p)];
            const int me = rankOf(which, p, n);
            const int up = rankOf(which, parent, n);
            addTransfer(out, static_cast<std::size_t>(d - depth), me, up, which, true);
            addTransfer(out, static_cast<std::size_t>(d + depth - 1), up, me, which, false);
        }
}
} // namespace

const AlgorithmEntry kDoubleBinaryTreeAlgorithm {
    Algorithm::DoubleBinaryTree,
    "tree",
    "double-binary-tree,dbtree,doublebinarytree",
    LatencyFamily::Tree,
    Origin::Nccl,
    kCollectives,
    check,
    cost,
    schedule,
};

} // namespace tutor::model::detail
