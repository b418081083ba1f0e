// SPDX-License-Identifier: MIT
// Rabenseifner: recursive-halving ReduceScatter then recursive-doubling AllGather (Thakur, Rabenseifner &
// Gropp 2005). AllReduce 2·log2(n)·α + 2(n−1)/n·S/β + (n−1)/n·S·γ; ReduceScatter alone log2(n)·α +
// (n−1)/n·S/β + (n−1)/n·S·γ. Needs a power of two (the non-power-of-two fold is not modelled).
#include "model/collectives/algorithms/algorithm_impl.h"

#include <array>

namespace tutor::model::detail {

namespace {
constexpr std::array kCollectives { Collective::AllReduce, Collective::ReduceScatter };

bool check(Collective, int ranks, const Topology*, std::string* why)
{
    if (isPowerOfTwo(ranks))
        return true;
    return fail(why, [&] { return notDefined(ranks, "needs a power of two"); });
}

/// True when a partner at XOR distance d can sit on another node.
bool crossesNodes(int d, const Topology* topology)
{
    if (!topology || topology->nodes <= 1)
        return false;
    const int g = topology->gpusPerNode;
    return isPowerOfTwo(g) ? d >= g : true;
}
} // namespace

// Shared with recursivedoubling.cpp through these two functions: one recursive-halving / doubling phase.
CostTerms halvingDoublingPhase(const CostInput& in, bool reduce)
{
    CostTerms t;
    const int n = in.ranks;
    const double s = static_cast<double>(in.bytes);
    int intraHops = 0;
    int interHops = 0;
    std::string bandwidth;
    for (int d = n / 2; d >= 1; d /= 2) {
        // The step at distance d moves d blocks of S/n.
        const bool cross = crossesNodes(d, in.topology);
        const double beta = cross ? in.bottleneckBps() : in.intraBps;
        (cross ? interHops : intraHops) += 1;
        t.bandwidthSeconds += s * d / n / beta;
        t.latencySeconds += cross ? in.interHop : in.intraHop;
        t.steps += 1;
    }
    t.bytesSentPerRank = (n - 1) * ceilDiv(in.bytes, n);
    const Bytes inter
        = interHops > 0 && in.topology ? ceilDiv(in.bytes, n) * n * (n - in.topology->gpusPerNode) / n : 0;
    t.linkBytes = { t.bytesSentPerRank * n - inter, inter };
    if (reduce)
        t.reduceSeconds = (n - 1.0) / n * s * in.gammaSecondsPerByte;
    if (in.wantFormula)
        t.formula = fmtHops(intraHops, in.intraHop, interHops, in.interHop) + " + " + std::to_string(n - 1) + "/"
            + std::to_string(n) + "·" + formatBytes(in.bytes) + " / " + fmtRate(in.bottleneckBps());
    return t;
}

/// Recursive halving over blocks: after it rank r holds block r reduced over all ranks. Returns the next step.
std::size_t halvingReduceScatter(Schedule& out, std::size_t step, int n)
{
    for (int d = n / 2; d >= 1; d /= 2, ++step)
        for (int r = 0; r < n; ++r) {
            // r's current range is the aligned group of 2d blocks containing r; it keeps the half with r.
            const int lo = r / (2 * d) * (2 * d);
            const int partner = r ^ d;
            const int sendLo = (r & d) ? lo : lo + d;
            for (int b = sendLo; b < sendLo + d; ++b)
                addTransfer(out, step, r, partner, b, true);
        }
    return step;
}

/// Recursive doubling over blocks: rank r starts with block r and ends with all. Returns the next step.
std::size_t doublingAllGather(Schedule& out, std::size_t step, int n)
{
    for (int d = 1; d < n; d *= 2, ++step)
        for (int r = 0; r < n; ++r) {
            const int lo = r / d * d; // the aligned group of d blocks r holds
            for (int b = lo; b < lo + d; ++b)
                addTransfer(out, step, r, r ^ d, b, false);
        }
    return step;
}

namespace {
CostTerms cost(const CostInput& in)
{
    if (in.ranks <= 1)
        return {};
    auto rs = halvingDoublingPhase(in, true);
    if (in.op == Collective::ReduceScatter) {
        if (in.wantFormula)
            rs.formula = "log2(n)·α + (n−1)/n·S/β + (n−1)/n·S·γ = " + rs.formula;
        return rs;
    }
    auto ag = halvingDoublingPhase(in, false);
    CostTerms t;
    t.steps = rs.steps + ag.steps;
    t.latencySeconds = rs.latencySeconds + ag.latencySeconds;
    t.bandwidthSeconds = rs.bandwidthSeconds + ag.bandwidthSeconds;
    t.reduceSeconds = rs.reduceSeconds;
    t.bytesSentPerRank = rs.bytesSentPerRank + ag.bytesSentPerRank;
    t.linkBytes = { rs.linkBytes.intraNode + ag.linkBytes.intraNode, rs.linkBytes.interNode + ag.linkBytes.interNode };
    if (in.wantFormula)
        t.formula = "2·log2(n)·α + 2(n−1)/n·S/β + (n−1)/n·S·γ = 2·(" + rs.formula + ")";
    return t;
}

void schedule(const ScheduleInput& in, Schedule& out)
{
    out.chunks = in.ranks;
    const auto next = halvingReduceScatter(out, 0, in.ranks);
    if (in.op == Collective::AllReduce)
        doublingAllGather(out, next, in.ranks);
}
} // namespace

const AlgorithmEntry kHalvingDoublingAlgorithm {
    Algorithm::HalvingDoubling,
    "rabenseifner",
    "halving-doubling,halvingdoubling,rhd",
    LatencyFamily::Ring,
    Origin::Textbook,
    kCollectives,
    check,
    cost,
    schedule,
};

} // namespace tutor::model::detail
