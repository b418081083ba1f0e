// SPDX-License-Identifier: MIT
// NVLS: NVLink SHARP reduces in the NVSwitch. Each GPU pushes its data into the switch once and reads the
// result back, so the bandwidth term is ≈ S/β instead of 2S/β for AllReduce (NCCL tuning.cc models NVLS at
// efficiency 0.85 on Hopper and ≈ 25 µs latency). The schedule shows the logical moves between ranks: a direct
// reduce-scatter (every rank's piece of chunk c goes to rank c, reduced in the switch) and a multicast
// all-gather (rank c's result goes to every rank). Its bytes per rank, 2(n−1)/n·S for AllReduce, are what the
// ranks exchange logically; the link carries ≈ S because the switch reduces and multicasts.
#include "model/collectives/algorithms/algorithm_impl.h"

#include <array>

namespace tutor::model::detail {

namespace {
constexpr std::array kCollectives { Collective::AllReduce, Collective::ReduceScatter, Collective::AllGather };
constexpr double kNvlsEfficiency = 0.85; // NCCL tuning.cc: NVLS bus bandwidth factor on Hopper

bool check(Collective, int ranks, const Topology* topology, std::string* why)
{
    if (!topology)
        return true;
    if (!topology->nvls)
        return fail(why, [] {
            return std::string("not defined on this topology (needs NVLink SHARP in the NVSwitch: "
                               "topology.nvls = false; HGX H100/H200 have it)");
        });
    if (topology->nodes > 1)
        return fail(why, [&] {
            return notDefined(ranks,
                "on " + std::to_string(topology->nodes)
                    + " nodes; NVLS reduces inside one NVSwitch domain, use hierarchical");
        });
    return true;
}

CostTerms cost(const CostInput& in)
{
    CostTerms t;
    const int n = in.ranks;
    if (n <= 1)
        return t;
    const double s = static_cast<double>(in.bytes);
    const double beta = in.intraBps * kNvlsEfficiency;
    const Bytes block = ceilDiv(in.bytes, n);
    t.latencySeconds = in.intraHop;
    if (in.op == Collective::AllReduce) {
        t.steps = 2;
        t.bandwidthSeconds = s / beta;
        t.bytesSentPerRank = 2 * (n - 1) * block;
        if (in.wantFormula)
            t.formula = "α_nvls + S/(0.85·β) = " + fmtTime(in.intraHop) + " + " + formatBytes(in.bytes) + " / "
                + fmtRate(beta);
    } else {
        t.steps = 1;
        t.bandwidthSeconds = (n - 1.0) / n * s / beta;
        t.bytesSentPerRank = (n - 1) * block;
        if (in.wantFormula)
            t.formula = "α_nvls + (n−1)/n·S/(0.85·β) = " + fmtTime(in.intraHop) + " + " + std::to_string(n - 1) + "/"
                + std::to_string(n) + "·" + formatBytes(in.bytes) + " / " + fmtRate(beta);
    }
    // The switch does the arithmetic: no γ term.
    t.linkBytes = { t.bytesSentPerRank * n, 0 };
    return t;
}

void schedule(const ScheduleInput& in, Schedule& out)
{
    const int n = in.ranks;
    out.chunks = n;
    std::size_t step = 0;
    if (in.op != Collective::AllGather && n > 1) {
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                if (c != r)
                    addTransfer(out, step, r, c, c, true);
        ++step;
    }
    if (in.op != Collective::ReduceScatter && n > 1)
        for (int c = 0; c < n; ++c)
            for (int r = 0; r < n; ++r)
                if (r != c)
                    addTransfer(out, step, c, r, c, false);
}
} // namespace

const AlgorithmEntry kNvlsAlgorithm {
    Algorithm::Nvls,
    "nvls",
    "nvlink-sharp,sharp",
    LatencyFamily::Nvls,
    Origin::Nccl,
    kCollectives,
    check,
    cost,
    schedule,
};

} // namespace tutor::model::detail
