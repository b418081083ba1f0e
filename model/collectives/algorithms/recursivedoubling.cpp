// SPDX-License-Identifier: MIT
// Recursive doubling: at step k every rank exchanges with rank r XOR 2^k. AllReduce exchanges the whole
// message each time, log2(n)·(α + S/β + S·γ); AllGather doubles the blocks it holds, log2(n)·α + (n−1)/n·S/β
// (Thakur, Rabenseifner & Gropp 2005). Needs a power of two.
#include "model/collectives/algorithms/algorithm_impl.h"

#include <array>

namespace tutor::model::detail {

CostTerms halvingDoublingPhase(const CostInput& in, bool reduce);
std::size_t doublingAllGather(Schedule& out, std::size_t step, int n);

namespace {
constexpr std::array kCollectives { Collective::AllReduce, Collective::AllGather };

bool check(Collective, int ranks, const Topology*, std::string* why)
{
    if (isPowerOfTwo(ranks))
        return true;
    return fail(why, [&] { return notDefined(ranks, "needs a power of two"); });
}

CostTerms cost(const CostInput& in)
{
    const int n = in.ranks;
    if (n <= 1)
        return {};
    if (in.op == Collective::AllGather) {
        auto t = halvingDoublingPhase(in, false);
        if (in.wantFormula)
            t.formula = "log2(n)·α + (n−1)/n·S/β = " + t.formula;
        return t;
    }
    CostTerms t;
    const double s = static_cast<double>(in.bytes);
    const int g = in.topology ? in.topology->gpusPerNode : n;
    const bool multiNode = in.topology && in.topology->nodes > 1;
    int intraHops = 0;
    int interHops = 0;
    for (int d = 1; d < n; d *= 2) {
        const bool cross = multiNode && (!isPowerOfTwo(g) || d >= g);
        (cross ? interHops : intraHops) += 1;
        t.latencySeconds += cross ? in.interHop : in.intraHop;
        t.bandwidthSeconds += s / (cross ? in.bottleneckBps() : in.intraBps);
        t.reduceSeconds += s * in.gammaSecondsPerByte;
        ++t.steps;
    }
    t.bytesSentPerRank = t.steps * in.bytes;
    t.linkBytes = { intraHops * in.bytes * n, interHops * in.bytes * n };
    if (in.wantFormula)
        t.formula = "log2(n)·(α + S/β + S·γ) = " + fmtHops(intraHops, in.intraHop, interHops, in.interHop) + " + "
            + std::to_string(t.steps) + "·" + formatBytes(in.bytes) + " / " + fmtRate(in.bottleneckBps());
    return t;
}

void schedule(const ScheduleInput& in, Schedule& out)
{
    const int n = in.ranks;
    if (in.op == Collective::AllGather) {
        out.chunks = n;
        doublingAllGather(out, 0, n);
        return;
    }
    out.chunks = 1;
    std::size_t step = 0;
    for (int d = 1; d < n; d *= 2, ++step)
        for (int r = 0; r < n; ++r)
            addTransfer(out, step, r, r ^ d, 0, true);
}
} // namespace

const AlgorithmEntry kRecursiveDoublingAlgorithm {
    Algorithm::RecursiveDoubling,
    "recursive-doubling",
    "recursivedoubling,rd",
    LatencyFamily::Ring,
    Origin::Textbook,
    kCollectives,
    check,
    cost,
    schedule,
};

} // namespace tutor::model::detail
