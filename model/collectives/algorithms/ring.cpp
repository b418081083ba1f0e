// SPDX-License-Identifier: MIT
// Ring: ranks pass chunks to their right neighbour. AllReduce = reduce-scatter + all-gather; Broadcast and
// Reduce are pipelined chains. Closed forms: Thakur, Rabenseifner & Gropp (2005); NCCL tuning.cc for the
// step counts (AllReduce 2(n−1) steps, 2(nodes−1) of them between nodes; RS/AG n−1 and nodes−1).
#include "model/collectives/algorithms/algorithm_impl.h"

#include <array>

namespace tutor::model::detail {

namespace {
constexpr std::array kCollectives { Collective::AllReduce, Collective::ReduceScatter, Collective::AllGather,
    Collective::Broadcast, Collective::Reduce };

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
    const double s = static_cast<double>(in.bytes);
    const double beta = in.channelBottleneckBps();
    const Bytes block = ceilDiv(in.bytes, n);
    // Bytes crossing node boundaries: the ring crosses `nodes` of its n edges when it spans nodes.
    auto split = [&](Bytes total) {
        const Bytes inter = nodes > 1 ? total / n * nodes : 0;
        t.linkBytes = { total - inter, inter };
    };
    std::string sym;
    switch (in.op) {
    case Collective::AllReduce: {
        // 2(n−1)·α + 2(n−1)/n·S/β + (n−1)/n·S·γ
        t.steps = 2 * (n - 1);
        const int interSteps = nodes > 1 ? 2 * (nodes - 1) : 0;
        t.latencySeconds = (t.steps - interSteps) * in.intraHop + interSteps * in.interHop;
        t.bandwidthSeconds = 2.0 * (n - 1) / n * s / beta;
        t.reduceSeconds = (n - 1.0) / n * s * in.gammaSecondsPerByte;
        t.bytesSentPerRank = 2 * (n - 1) * block;
        split(2 * (n - 1) * block * n);
        if (in.wantFormula)
            t.formula = "2(n−1)·α + 2(n−1)/n·S/β + (n−1)/n·S·γ = "
                + fmtHops(t.steps - interSteps, in.intraHop, interSteps, in.interHop) + " + 2·" + std::to_string(n - 1)
                + "/" + std::to_string(n) + "·" + formatBytes(in.bytes) + " / " + fmtRate(beta);
        break;
    }
    case Collective::ReduceScatter:
    case Collective::AllGather: {
        // (n−1)·α + (n−1)/n·S/β (+ (n−1)/n·S·γ for ReduceScatter)
        t.steps = n - 1;
        const int interSteps = nodes > 1 ? nodes - 1 : 0;
        t.latencySeconds = (t.steps - interSteps) * in.intraHop + interSteps * in.interHop;
        t.bandwidthSeconds = (n - 1.0) / n * s / beta;
        if (in.op == Collective::ReduceScatter)
            t.reduceSeconds = (n - 1.0) / n * s * in.gammaSecondsPerByte;
        t.bytesSentPerRank = (n - 1) * block;
        split((n - 1) * block * n);
        if (in.wantFormula)
            t.formula = std::string(in.op == Collective::ReduceScatter ? "(n−1)·α + (n−1)/n·S/β + (n−1)/n·S·γ = "
                                                                       : "(n−1)·α + (n−1)/n·S/β = ")
                + fmtHops(t.steps - interSteps, in.intraHop, interSteps, in.interHop) + " + " + std::to_string(n - 1)
                + "/" + std::to_string(n) + "·" + formatBytes(in.bytes) + " / " + fmtRate(beta);
        break;
    }
    default: {
        // Broadcast / Reduce as a pipelined chain: (n−1)·α + S/β (+ S·γ for Reduce).
        t.steps = n - 1;
        const int interSteps = nodes > 1 ? nodes - 1 : 0;
        t.latencySeconds = (t.steps - interSteps) * in.intraHop + interSteps * in.interHop;
        t.bandwidthSeconds = s / beta;
        if (in.op == Collective::Reduce)
            t.reduceSeconds = s * in.gammaSecondsPerByte;
        t.bytesSentPerRank = in.bytes;
        const Bytes total = in.bytes * (n - 1);
        const Bytes inter = nodes > 1 ? in.bytes * (nodes - 1) : 0;
        t.linkBytes = { total - inter, inter };
        if (in.wantFormula)
            t.formula = std::string(in.op == Collective::Reduce ? "(n−1)·α + S/β + S·γ = " : "(n−1)·α + S/β = ")
                + fmtHops(t.steps - interSteps, in.intraHop, interSteps, in.interHop) + " + " + formatBytes(in.bytes)
                + " / " + fmtRate(beta);
        break;
    }
    }
    return t;
}

void schedule(const ScheduleInput& in, Schedule& out)
{
    const int n = in.ranks;
    if (in.op == Collective::Broadcast || in.op == Collective::Reduce) {
        // A chain pipelined over n chunks: position p forwards chunk (t − p) at step t.
        // Broadcast flows root, root+1, …; Reduce flows root+1, …, root so the root receives last.
        out.chunks = n;
        const bool toRoot = in.op == Collective::Reduce;
        auto rankAt = [&](int p) { return toRoot ? (in.root + 1 + p) % n : (in.root + p) % n; };
        for (int step = 0; n > 1 && step < out.chunks + n - 2; ++step)
            for (int p = 0; p + 1 < n; ++p) {
                const int chunk = step - p;
                if (chunk >= 0 && chunk < out.chunks)
                    addTransfer(out, step, rankAt(p), rankAt(p + 1), chunk, toRoot);
            }
        return;
    }
    out.chunks = n;
    std::vector<int> members(n);
    std::vector<std::vector<int>> blocks(n);
    for (int i = 0; i < n; ++i) {
        members[i] = i;
        blocks[i] = { i };
    }
    if (in.op == Collective::AllGather) {
        ringAllGather(out, 0, members, blocks);
        return;
    }
    const auto next = ringReduceScatter(out, 0, members, blocks);
    if (in.op == Collective::AllReduce)
        ringAllGather(out, next, members, blocks);
}
} // namespace

const AlgorithmEntry kRingAlgorithm {
    Algorithm::Ring,
    "ring",
    "",
    LatencyFamily::Ring,
    Origin::Nccl,
    kCollectives,
    check,
    cost,
    schedule,
};

} // namespace tutor::model::detail
