// SPDX-License-Identifier: MIT
// Pairwise / direct: every rank talks straight to its peers, one peer per step. AllToAll (pairwise exchange,
// (n−1)·α + (n−1)/n·S/β, Thakur et al. 2005), direct Gather and Scatter through the root's link, and the ring
// shift nccl-tests runs as SendRecv (every rank sends S to rank r+1).
#include "model/collectives/algorithms/algorithm_impl.h"
#include "model/collectives/nccltuning.h"

#include <algorithm>
#include <array>

namespace tutor::model::detail {

namespace {
constexpr std::array kCollectives { Collective::AllToAll, Collective::Gather, Collective::Scatter,
    Collective::SendRecv };

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
    const int g = in.topology ? std::min(in.topology->gpusPerNode, n) : n;
    const Bytes piece = ceilDiv(in.bytes, n);
    const double s = static_cast<double>(in.bytes);
    if (in.op == Collective::SendRecv) {
        // α + S/β over the slowest link of the shift (a node boundary when there are several nodes). Between
        // nodes NCCL runs a send/recv pair on 2 channels per peer, not on every NIC: its own β (p2pNetGBps). Inside
        // an NVLink node a send runs on as many channels as NCCL gives it for its size, each at one CTA's copy rate:
        // 8 H100s move 32 and 64 MiB on 4 channels (about 80 GB/s), 128 MiB on 8, 256 MiB on 16 (measured 79, 82,
        // 163, 299 GB/s; tests/data/validation h100-ib-cluster-1x8-sendrecv).
        const bool crosses = in.topology && in.topology->nodes > 1;
        double beta = in.bottleneckBps();
        if (crosses && in.topology->nccl.p2pNetGBps > 0)
            beta = std::min(beta, in.topology->nccl.p2pNetGBps * kBytesPerGB * protocolEfficiency(in.protocol));
        if (const int channels = in.topology ? ncclP2pChannels(in.bytes, n, *in.topology) : 0; channels > 0)
            beta = std::min(
                beta, channels * ncclP2pChannelGBps(*in.topology) * kBytesPerGB * protocolEfficiency(in.protocol));
        t.steps = 1;
        t.latencySeconds = crosses ? in.interHop : in.intraHop;
        t.bandwidthSeconds = s / beta;
        t.bytesSentPerRank = in.bytes;
        const Bytes inter = crosses ? in.bytes * in.topology->nodes : 0;
        t.linkBytes = { in.bytes * n - inter, inter };
        if (in.wantFormula)
            t.formula
                = "α + S/β = " + fmtTime(t.latencySeconds) + " + " + formatBytes(in.bytes) + " / " + fmtRate(beta);
        return t;
    }
    // One piece of S/n to or from each of the n−1 peers: g−1 of them in the node, n−g across the network.
    // (n−1)·α + (g−1)/n·S/β_intra + (n−g)/n·S/β_inter, which is (n−1)·α + (n−1)/n·S/β for one link class.
    const int intraPeers = g - 1;
    const int interPeers = n - g;
    t.steps = n - 1;
    t.latencySeconds = intraPeers * in.intraHop + interPeers * in.interHop;
    t.bandwidthSeconds = intraPeers * (s / n) / in.intraBps + (interPeers > 0 ? interPeers * (s / n) / in.interBps : 0);
    t.bytesSentPerRank = in.op == Collective::Gather ? piece : (n - 1) * piece;
    const Bytes moved = in.op == Collective::AllToAll ? (n - 1) * piece * n : (n - 1) * piece;
    const Bytes inter = in.op == Collective::AllToAll ? interPeers * piece * n : interPeers * piece;
    t.linkBytes = { moved - inter, inter };
    if (in.wantFormula)
        t.formula = "(n−1)·α + (n−1)/n·S/β = " + fmtHops(intraPeers, in.intraHop, interPeers, in.interHop) + " + "
            + (intraPeers > 0 ? std::to_string(intraPeers) + "/" + std::to_string(n) + "·" + formatBytes(in.bytes)
                        + " / " + fmtRate(in.intraBps)
                              : std::string {})
            + (interPeers > 0 ? std::string(intraPeers > 0 ? " + " : "") + std::to_string(interPeers) + "/"
                        + std::to_string(n) + "·" + formatBytes(in.bytes) + " / " + fmtRate(in.interBps)
                              : std::string {});
    return t;
}

void schedule(const ScheduleInput& in, Schedule& out)
{
    const int n = in.ranks;
    switch (in.op) {
    case Collective::AllToAll:
        // Step k − 1: rank r sends the piece for r + k straight to it.
        out.chunks = n * n;
        for (int k = 1; k < n; ++k)
            for (int r = 0; r < n; ++r) {
                const int dst = (r + k) % n;
                addTransfer(out, k - 1, r, dst, r * n + dst, false);
            }
        break;
    case Collective::Gather:
        out.chunks = n;
        for (int k = 1; k < n; ++k) {
            const int src = (in.root + k) % n;
            addTransfer(out, k - 1, src, in.root, src, false);
        }
        break;
    case Collective::Scatter:
        out.chunks = n;
        for (int k = 1; k < n; ++k) {
            const int dst = (in.root + k) % n;
            addTransfer(out, k - 1, in.root, dst, dst, false);
        }
        break;
    default: // SendRecv
        out.chunks = n;
        for (int r = 0; n > 1 && r < n; ++r)
            addTransfer(out, 0, r, (r + 1) % n, r, false);
        break;
    }
}
} // namespace

const AlgorithmEntry kPairwiseAlgorithm {
    Algorithm::Pairwise,
    "pairwise",
    "direct,p2p",
    LatencyFamily::Ring,
    Origin::Nccl,
    kCollectives,
    check,
    cost,
    schedule,
};

} // namespace tutor::model::detail
