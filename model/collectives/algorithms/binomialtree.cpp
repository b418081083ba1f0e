// SPDX-License-Identifier: MIT
// Binomial tree Broadcast and Reduce: in ⌈log2 n⌉ rounds the set of ranks holding the data doubles (Broadcast)
// or halves (Reduce). log2(n)·(α + S/β) (+ log2(n)·S·γ for Reduce) (Thakur, Rabenseifner & Gropp 2005). Works for
// any n; ranks are numbered relative to the root.
#include "model/collectives/algorithms/algorithm_impl.h"

#include <array>

namespace tutor::model::detail {

namespace {
constexpr std::array kCollectives { Collective::Broadcast, Collective::Reduce };

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
    const int rounds = ceilLog2(n);
    const int g = in.topology ? in.topology->gpusPerNode : n;
    const bool multiNode = in.topology && in.topology->nodes > 1;
    const double s = static_cast<double>(in.bytes);
    int intraHops = 0;
    int interHops = 0;
    for (int k = 0; k < rounds; ++k) {
        // Round k pairs relative ranks 2^k apart; with the root at a node's start they leave the node once
        // 2^k ≥ g (for a g that is not a power of two, assume they may always).
        const bool cross = multiNode && (!isPowerOfTwo(g) || (1 << k) >= g);
        (cross ? interHops : intraHops) += 1;
        t.latencySeconds += cross ? in.interHop : in.intraHop;
        t.bandwidthSeconds += s / (cross ? in.bottleneckBps() : in.intraBps);
    }
    t.steps = rounds;
    if (in.op == Collective::Reduce)
        t.reduceSeconds = rounds * s * in.gammaSecondsPerByte;
    // Broadcast: the root sends to each of its ⌈log2 n⌉ children; Reduce: every rank but the root sends once.
    t.bytesSentPerRank = in.op == Collective::Broadcast ? rounds * in.bytes : in.bytes;
    t.linkBytes = { (n - 1) * in.bytes, 0 };
    if (in.wantFormula)
        t.formula = std::string(in.op == Collective::Reduce ? "log2(n)·(α + S/β + S·γ) = " : "log2(n)·(α + S/β) = ")
            + fmtHops(intraHops, in.intraHop, interHops, in.interHop) + " + " + std::to_string(rounds) + "·"
            + formatBytes(in.bytes) + " / " + fmtRate(in.bottleneckBps());
    return t;
}

void schedule(const ScheduleInput& in, Schedule& out)
{
    const int n = in.ranks;
    out.chunks = 1;
    const int rounds = ceilLog2(n);
    auto rankOf = [&](int relative) { return (relative + in.root) % n; };
    if (in.op == Collective::Broadcast) {
        // Round k: relative ranks below 2^k pass the data on to v + 2^k.
        for (int k = 0; k < rounds; ++k)
            for (int v = 0; v < (1 << k) && v + (1 << k) < n; ++v)
                addTransfer(out, static_cast<std::size_t>(k), rankOf(v), rankOf(v + (1 << k)), 0, false);
        return;
    }
    // Reduce, round k: relative ranks v with v mod 2^(k+1) = 2^k add their partial sum into v − 2^k.
    for (int k = 0; k < rounds; ++k)
        for (int v = 1 << k; v < n; v += 2 << k)
            addTransfer(out, static_cast<std::size_t>(k), rankOf(v), rankOf(v - (1 << k)), 0, true);
}
} // namespace

const AlgorithmEntry kBinomialTreeAlgorithm {
    Algorithm::BinomialTree,
    "binomial",
    "binomial-tree,binomialtree",
    LatencyFamily::Tree,
    Origin::Textbook,
    kCollectives,
    check,
    cost,
    schedule,
};

} // namespace tutor::model::detail
