// SPDX-License-Identifier: MIT
#pragma once
// NCCL's own cost model, the one its tuner uses to choose an algorithm and protocol for every call
// (NVIDIA/nccl src/graph/tuning.cc: ncclTopoTuneModel, ncclTopoGetAlgoTime). Its structure is kept: per
// algorithm × protocol a bandwidth and a latency, built from
//   - base latencies per algorithm × protocol, and per-hop latencies for NVLink, PCI and the network;
//   - the ring/tree step counts (2(n−1) ring steps for AllReduce, 2(nodes−1) of them on the network; trees
//     2·((g−1)·hop + log2(nodes)·net); NVLS one switch round trip; NVLSTree NVLS inside, a tree across);
//   - per-protocol bandwidth: LL ½ of Simple capped by llMaxBw, LL128 0.92 capped per channel, trees 0.92
//     capped per channel, NVLS at its own efficiency;
//   - availability: NVLS needs NVLink SHARP and one node, NVLSTree and CollNet more than one node, LL128
//     NVLink inside the node, Broadcast/Reduce ring only, AllGather/ReduceScatter ring or NVLS;
//   - the time: latency + bytes / bandwidth, with the tree correction factors and the ring plateau factor.
// The figures NCCL gets from its topology search (channels, bandwidth per channel) come from the preset's
// measured β and NcclFigures (hardware.h) instead. Used by the cost model for every NCCL algorithm, so that
// `auto` picks what NCCL picks and the time shown is the time NCCL expects.
#include "model/collectives/algorithm.h"
#include "model/collectives/collective.h"
#include "model/collectives/topology.h"

#include <string>
#include <vector>

namespace tutor::model {

/// One (algorithm, protocol) row of NCCL's table for one collective on one machine.
struct NcclTuning {
    Algorithm algorithm = Algorithm::Ring;
    Protocol protocol = Protocol::Simple;
    double busBwGBps = 0; ///< NCCL's bus bandwidth before conversion: what nccl-tests would report at large S
    double bwGBps = 0; ///< NCCL's algorithm bandwidth: busBwGBps × the algorithm's ratio; time = S / bwGBps
    /// The algorithm bandwidth NCCL's tuner divides by: bwGBps, except where the model knows the wire better (a
    /// tree AllReduce across two nodes, whose network carries half a ring's bytes)
    double tunerBwGBps = 0;
    Seconds latency = 0; ///< the latency of one call: NCCL's, with the measured launch and NVLink LL hop
    Seconds tunerLatency = 0; ///< NCCL's own latency figure, the one its tuner compares
    int networkSteps = 0; ///< network crossings on a call's critical path (0 on one node)
    /// false: NCCL has the row but does not choose it on its own on this machine (NVLS on a group smaller than
    /// the NVSwitch domain; across nodes, a pair the fabric's NCCL setup leaves out, fabricSetup()); forcing the
    /// algorithm still costs it.
    bool automatic = true;
    bool operator==(const NcclTuning&) const = default;
};

/// True when NCCL's model applies to `topology`: a GPU machine (NcclFigures::arch is not Cpu).
bool ncclModelApplies(const Topology& topology);

/// β between nodes that NCCL's rings and trees reach for a whole node, GB/s: the node's NICs
/// (Topology::interBandwidthPerNodeGBps) × NcclFigures::netConcurrentShare where the node's GPUs use more than one
/// NIC. The share is the channels', not the wire's: AllToAll's per-peer sends reach the full NIC rate on the cluster
/// the share was fitted on (h100-ib-cluster-10x8-alltoall, 50.5 GB/s busbw at 8 GiB on 400 Gb/s NICs), so the
/// per-GPU β the textbook algorithms use keeps it at 1.
double ncclNodeNetGBps(const Topology& topology);

/// What an NCCL call costs beyond NCCL's tuner, µs: the launch and completion nccl-tests times
/// (NcclFigures::launchUs) and, on one node, NcclFigures::lowLatencyPerGpuUs for each GPU beyond the first when the
/// call runs LL or LL128. NCCL's collectives (ncclTable) and its point-to-point calls pay the same.
double ncclCallOverheadUs(const Topology& topology, Protocol protocol);

/// The fabric's NCCL setup across nodes (NcclFigures::net): what narrows or decides auto's choice there. Empty
/// inside one node, where NCCL's own rules stand.
NetSetup fabricSetup(const Topology& topology);

/// NCCL's table for `op` on `topology`: every (algorithm, protocol) NCCL runs there, with its bandwidth and
/// latency. AllToAll, Gather, Scatter and SendRecv are point-to-point in NCCL and have no rows.
std::vector<NcclTuning> ncclTable(Collective op, const Topology& topology);

/// The row for (algorithm, protocol), or nullptr when NCCL does not run that pair there.
const NcclTuning* findRow(const std::vector<NcclTuning>& table, Algorithm algorithm, Protocol protocol);

/// NCCL's point-to-point channels for one send (enqueue.cc addP2pToPlan, init.cc / paths.cc for the counts): inside
/// one node a peer gets p2pnChannelsPerPeer channels at most and, so that all peers fit, at least that count halved
/// until nChannelsMin × ranks ≤ p2pnChannels; a send of S starts on min(nChannelsMin, S / 64 KiB) channels and doubles
/// them while a channel's part passes 16 MiB (32 × the 512 KiB NVLink chunk). Both counts are the communicator's
/// channels (2 × the graph's), rounded up to a power of two, at most 64. 0 when NCCL's model does not apply, across
/// nodes (where NCCL_NCHANNELS_PER_NET_PEER sets them: NcclFigures::p2pNetGBps) or off NVLink.
int ncclP2pChannels(Bytes bytes, int ranks, const Topology& topology);
/// What one point-to-point channel copies over NVLink (GB/s): NCCL's per-link figure for the GPU
/// (topo.h SM70/SM80_NVLINK_BW 20, SM90 20.6, SM100 40.1), which is one CTA's copy rate.
double ncclP2pChannelGBps(const Topology& topology);

/// The chunk pipeline inside one node (Simple): a call costs 2·√(S · P / bandwidth) more than S / bandwidth, so bus
/// bandwidth approaches β as 1 − O(1/√S), as measured (4 of an 8-H100 NVSwitch: 339 GB/s at 256 MiB, 353 at 1 GiB,
/// 365 at 8 GiB). P = 0.5 µs minimises the median ≥ 1 MiB busbw error of the single-node fit half of
/// tests/data/validation (2.0 %, against 3.3 % without; 0.35 µs gives 2.4 %, 0.85 µs 2.1 %).
inline constexpr double kIntraNodePipelineUs = 0.5;

/// NCCL's time for `bytes` on one row (ncclTopoGetAlgoTime): latency (× 1.4 for a Simple ring AllReduce across
/// nodes once every rank's channel slice passes 64 B, the ring plateau; × 1.9 before Ampere) + S / bandwidth,
/// the bandwidth of a tree AllReduce scaled by NCCL's correction factor for the size; plus what NCCL's tuner leaves
/// out: the chunk pipeline's fill (NcclFigures::netPipelineUs across nodes, Simple inside one node) and a Simple tree
/// AllReduce's first trip up and down the tree.
struct NcclTime {
    Seconds latency = 0;
    Seconds transfer = 0; ///< S / bandwidth
    Seconds pipeline = 0; ///< the chunk pipeline, 2·√(S · P / bandwidth): P = netPipelineUs across nodes, 0.5 µs inside
    Seconds treeFill = 0; ///< tree Simple AllReduce: the first chunk's trip up and down the tree (NCCL's chunk sizes)
    Seconds treeNetChunks = 0; ///< Simple tree across nodes: NcclFigures::netTreeChunkUs per chunk and network step
    Seconds llNetSteps = 0; ///< an LL call across nodes: NcclFigures::netLlStepUs per network step, from netLlStepBytes
    Seconds tuner = 0; ///< NCCL's own estimate (its latency figure + S / bandwidth): what its tuner minimises
    Seconds total() const { return latency + transfer + pipeline + treeFill + treeNetChunks + llNetSteps; }
};
NcclTime ncclTime(const NcclTuning& row, Collective op, Bytes bytes, const Topology& topology);

/// "NCCL model (tuning.cc): latency 15.0 µs + 1 MiB / 50.2 GB/s = 36.0 µs (bus bandwidth 87.7 GB/s)", for the
/// explanation panel; `time` is ncclTime() of the same row and size (with the network pipeline when it has one).
std::string ncclFormula(const NcclTuning& row, const NcclTime& time, Bytes bytes, const Topology& topology);

} // namespace tutor::model
