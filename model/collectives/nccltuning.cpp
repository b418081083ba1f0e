// SPDX-License-Identifier: MIT
// NCCL's tuning model (NVIDIA/nccl src/graph/tuning.cc, read at commit 5067397c, June 2026): its constants
// and the structure of ncclTopoTuneModel / ncclTopoGetAlgoTime, in our own code. See nccltuning.h.
#include "model/collectives/nccltuning.h"

#include "model/collectives/algorithms/algorithm_impl.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

namespace tutor::model {

namespace {
// Rows of NCCL's tables: its algorithm indices, in its order.
enum NcclAlgo { kTree, kRing, kCollNetDirect, kCollNetChain, kNvls, kNvlsTree, kPat, kAlgos };
enum Hw { kNvlinkHw, kPciHw, kNetHw };
constexpr int kLL = 0, kLL128 = 1, kSimple = 2;

// tuning.cc ncclTunerConstantsDefaults.baseLatencies, µs, [algorithm][LL, LL128, Simple].
constexpr double kBaseLat[kAlgos][3]
    = { { 6.8, 14.0, 8.4 }, { 6.6, 14.0, 8.4 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 8.0, 8.0, 8.0 } };
// tuning.cc hwLatencies, µs, [NVLink | PCI | network][algorithm][LL, LL128, Simple].
constexpr double kHwLat[3][kAlgos][3] = {
    { { .6, 1.25, 4.0 }, { .6, 1.9, 3.4 }, { 0, 0, 3.7 }, { 0, 0, 2.8 }, { 0, 0, 25 }, { 0, 0, 25 }, { 0, 0, 4.0 } },
    { { 1.0, 1.9, 4.0 }, { 1.0, 2.5, 5.7 }, { 0, 0, 3.7 }, { 0, 0, 2.8 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 4.0 } },
    { { 5.0, 8.5, 14 }, { 2.7, 4.0, 14.0 }, { 0, 0, 31 }, { 0, 0, 30 }, { 0, 0, 18 }, { 0, 0, 20.9 }, { 0, 0, 14 } },
};
// An NVLink LL128 hop of a call across nodes, µs. The fit half's multi-node 1 – 64 MiB rows have median busbw error
// 11.1 % at 1.54 µs, 12.3 % at NCCL's LL hop (0.6 µs) and 12.7 % at its LL128 hop (1.9 µs).
constexpr double kLl128HopAcrossNodesUs = 1.54;
// tuning.cc llMaxBws [Volta | Ampere | Hopper | Blackwell][1 node | 2 nodes | more], GB/s. Across nodes NCCL
// indexes the first dimension by CPU vendor instead (0: Intel); the model assumes an Intel host.
constexpr double kLlMaxBw[4][3]
    = { { 39.0, 39.0, 20.4 }, { 87.7, 22.5, 19.0 }, { 141.0, 45.0, 35.0 }, { 282.0, 90.0, 70.0 } };
constexpr double kPerChMaxRingLL128[4][3] = { { 20, 20, 20 }, { 20, 20, 20 }, { 36.7, 36.7, 36.7 }, { 40, 40, 40 } };
constexpr double kPerChMaxTreeLL128[4][3]
    = { { 20, 20, 20 }, { 20, 20, 20 }, { 36.7, 36.7, 29.0 }, { 55.6, 31.67, 20.0 } };
constexpr double kPerChMaxTree[4][3]
    = { { 26.5, 18.5, 10.0 }, { 24.0, 23.6, 17.8 }, { 38.7, 41.4, 36.0 }, { 70.0, 42.8, 24.0 } };
constexpr double kPerChMaxNvlsTree[4][3]
    = { { 26.5, 18.5, 10.0 }, { 24.0, 23.6, 17.8 }, { 0.0, 57.7, 45.5 }, { 0.0, 96.0, 80.0 } };
// tuning.cc treeCorrectionFactor [protocol][log2(bytes / 64)], 64 B to 256 MiB.
constexpr double kTreeCorrection[3][23] = {
    { 1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0 },
    { 1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0 },
    { .9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9 },
};
// NCCL's getNetOverhead for an Intel host, µs (tripled for Simple).
constexpr double kNetOverheadUs = 1.0;
// CollNetDirect's arity serialization, µs per local rank (tuning.cc).
constexpr double kCollNetArityUs = 0.4;

int archIndex(GpuArch arch)
{
    switch (arch) {
    case GpuArch::Blackwell:
        return 3;
    case GpuArch::Hopper:
        return 2;
    case GpuArch::Ampere:
        return 1;
    default:
        return 0;
    }
}

int protocolIndex(Protocol p)
{
    return p == Protocol::LL ? kLL : p == Protocol::LL128 ? kLL128 : kSimple;
}

int log2i(long long v)
{
    int l = -1;
    while (v > 0) {
        v >>= 1;
        ++l;
    }
    return l;
}

/// NCCL doubles the graph's channels when it connects them: the communicator's count.
int communicatorChannels(const Topology& t)
{
    return 2 * std::max(1, t.nccl.channels);
}

/// P of the chunk pipeline's 2·√(S·P/bw) (µs): the network's across nodes (NcclFigures::netPipelineUs), NVLink's or
/// PCIe's inside one node (Simple only; LL and LL128 flags travel with the data); 0 on an ideal machine, across nodes
/// as inside one (a per-chunk overhead is a latency).
/// Across nodes the term belongs to chunks handed between the node's GPUs and its NICs. With one GPU per node every
/// step is NIC to NIC and the measurements show no such term: 10 × 1 H100 over NDR (tests/data/validation, fit half)
/// reaches 48.0 GB/s AllReduce busbw at 128 MiB and 48.9 at 16 GiB, a constant latency plus S / bandwidth to 0.3 %,
/// where 2·√(S·50 µs/bw) made 128 MiB 27 % too slow.
double pipelineMicros(Protocol protocol, const Topology& t)
{
    if (t.latencyFree())
        return 0.0;
    if (t.nodes > 1)
        return t.gpusPerNode > 1 ? t.nccl.netPipelineUs : 0.0;
    return protocol == Protocol::Simple ? kIntraNodePipelineUs : 0.0;
}

/// Everything the table needs about the machine, derived once per call.
struct Comm {
    int nodes = 1;
    int ranks = 1;
    int ppn = 1;
    int arch = 0;
    int intraHw = kNvlinkHw;
    double intraScale = 1; ///< a preset's (or override's) α over NCCL's Ring/Simple hop figure for the link class
    double interScale = 1;
    double netLatUs = 0;
    double ringBus = 0; ///< Simple ring bus bandwidth: β inside one node, every NIC of the node across nodes
    double nodeNetGBps = 0; ///< what the node's NICs carry together
    int channels = 1;
    bool latencyFree = false; ///< Topology::latencyFree()
};

Comm commOf(const Topology& t)
{
    Comm c;
    c.nodes = t.nodes;
    c.ranks = t.ranks();
    c.ppn = t.gpusPerNode;
    c.arch = archIndex(t.nccl.arch);
    c.intraHw = t.intra.kind == LinkKind::NVLink ? kNvlinkHw : kPciHw;
    c.intraScale = t.intra.alphaSeconds / (kHwLat[c.intraHw][kRing][kSimple] * kMicro);
    c.interScale = t.inter.alphaSeconds / (kHwLat[kNetHw][kRing][kSimple] * kMicro);
    c.netLatUs = t.nccl.netLatencyUs;
    c.nodeNetGBps = ncclNodeNetGBps(t);
    c.ringBus = t.nodes == 1 ? t.intra.bandwidthGBps : std::min(t.intra.bandwidthGBps, c.nodeNetGBps);
    c.channels = std::max(1, t.nccl.channels);
    c.latencyFree = t.latencyFree();
    if (c.latencyFree)
        c.netLatUs = 0;
    return c;
}

Algorithm toAlgorithm(int a)
{
    switch (a) {
    case kTree:
        return Algorithm::DoubleBinaryTree;
    case kNvls:
        return Algorithm::Nvls;
    case kNvlsTree:
        return Algorithm::NvlsTree;
    case kCollNetDirect:
    case kCollNetChain:
        return Algorithm::CollNet;
    default:
        return Algorithm::Ring;
    }
}

/// The node's GPUs meet in an NVSwitch.
bool switchedNvlink(const Topology& t)
{
    return t.intra.kind == LinkKind::NVLink && !t.nccl.nvlinkWithoutSwitch;
}

/// Which of NCCL's rows exist for `op` on this machine (tuning.cc's skips and its enable/disable pass).
bool available(int a, Collective op, const Topology& t)
{
    const bool rooted = op == Collective::Broadcast || op == Collective::Reduce;
    const bool rsag = op == Collective::ReduceScatter || op == Collective::AllGather;
    if (op != Collective::AllReduce && !rooted && !rsag)
        return false;
    if (rooted && a != kRing)
        return false;
    if (rsag && a != kRing && a != kNvls)
        return false;
    switch (a) {
    case kRing:
        return true;
    case kTree:
        return op == Collective::AllReduce;
    case kNvls:
        // NVLink SHARP inside one node (across nodes NVLS needs CollNet, which is the CollNet row here).
        return t.nvls && t.nodes == 1 && t.gpusPerNode >= 2;
    case kNvlsTree:
        return t.nvls && t.nodes > 1 && t.gpusPerNode >= 2 && op == Collective::AllReduce;
    case kCollNetDirect:
        // Direct needs an NVSwitch inside the node (tuning.cc disables it where ncclTopoGetNvsCount finds none); Chain
        // otherwise, NVLink point to point or PCIe.
        return t.nccl.collnet && t.nodes > 1 && op == Collective::AllReduce && switchedNvlink(t);
    case kCollNetChain:
        return t.nccl.collnet && t.nodes > 1 && op == Collective::AllReduce && !switchedNvlink(t);
    default:
        return false; // PAT: AllGather/ReduceScatter with one GPU per node, not modelled
    }
}

NcclTuning row(int a, int p, Collective op, const Topology& t, const Comm& c)
{
    const int n = c.ranks;
    const int nsteps = op == Collective::AllReduce                         ? 2 * (n - 1)
        : (op == Collective::ReduceScatter || op == Collective::AllGather) ? n - 1
                                                                           : n;
    const int i2 = c.nodes <= 2 ? c.nodes - 1 : 2;
    const int i1 = c.nodes == 1 ? c.arch : 0;
    const double llMax = kLlMaxBw[i1][i2];
    const int channels = c.channels;

    double bus = c.ringBus;
    if ((op == Collective::Broadcast || op == Collective::Reduce) && n == 2 && t.nccl.oneWayGBps > 0)
        bus = t.nccl.oneWayGBps; // two ranks: one only sends, the other only receives
    // nvlsBusGBps is the AllReduce bus bandwidth, NCCL's 2 × NVLS channel bandwidth (the switch reduces while it
    // multicasts). On p GPUs of the switch the AllReduce algorithm bandwidth is A·(1 − 1/p²): measured on 2, 4 and 6
    // of an 8-GPU H100's NVSwitch at 8 GiB (207, 251, 266 GB/s: A = 276, 268, 274), the fit half of
    // tests/data/validation; nvlsBusGBps is the bus bandwidth on the whole domain D, 2(D−1)/D·A·(1 − 1/D²).
    const auto nvlsAlgBw = [&] {
        const double domain = std::max(2, t.nccl.nvlsDomainGpus > 0 ? t.nccl.nvlsDomainGpus : c.ppn);
        const double full = t.nccl.nvlsBusGBps * domain / (2 * (domain - 1)) / (1 - 1 / (domain * domain));
        return full * (1 - 1.0 / (c.ppn * c.ppn));
    };
    // NVLSTree's bound inside the node: NVLS's algorithm bandwidth on the node's GPUs in bus units of all n ranks.
    const auto nvlsTreeIntraBus = [&] { return nvlsAlgBw() * 2 * (n - 1.0) / n; };
    if (a == kNvls) {
        // ReduceScatter / AllGather run one of the two halves on (ppn − 1)/ppn of the bus bandwidth.
        bus = op == Collective::AllReduce ? nvlsAlgBw() * 2 * (c.ppn - 1.0) / c.ppn
                                          : t.nccl.nvlsBusGBps / 2 * (c.ppn - 1.0) / c.ppn;
    } else if (a == kNvlsTree) {
        // Each NVLSTree channel crosses the network through one NIC (tuning.cc: nChannels × the graph's per-channel
        // bwInter), so a node uses at most `channels` of its NICs; two nodes: each sends its half once. Inside the
        // node the switch reduces and multicasts as in NVLS, which bounds the algorithm bandwidth at NVLS's on the
        // node's GPUs: in bus units of all n ranks that is 2(n−1)/n of it, more than the one-node bus figure
        // (8 H100s: 469 GB/s on one node, 502 as the bound on 2 × 8; p5 measured 488 at 16 GiB).
        const double nics = std::min(c.nodeNetGBps, channels * t.inter.bandwidthGBps);
        const double inter = nics * (c.nodes <= 2 ? 2 : 1);
        bus = std::min({ nvlsTreeIntraBus(), inter, channels * kPerChMaxNvlsTree[c.arch][i2] });
    } else if (a == kCollNetDirect || a == kCollNetChain) {
        // The switches reduce: each node sends S and receives S over its NICs, so the network bounds the algorithm
        // bandwidth at the node's NIC bandwidth instead of the ring's 2(n−1)/n share of it.
        const double intra = t.nvls ? t.nccl.nvlsBusGBps : t.intra.bandwidthGBps;
        bus = std::min(intra, 2 * c.nodeNetGBps);
        if (a == kCollNetDirect && c.arch >= 2)
            bus *= .85; // tuning.cc: CollNet Direct × .85 from sm90 (Chain has no such factor)
    }
    // The protocol's share of the algorithm's bus bandwidth, NCCL's caps per channel.
    const auto protocolBus = [&](double busBw) {
        if (a == kRing && p == kLL)
            busBw = std::min(llMax, busBw * .5);
        if (a == kRing && p == kLL128)
            busBw = std::min(busBw * .92, channels * kPerChMaxRingLL128[c.arch][i2]);
        if (a == kTree && op == Collective::AllReduce)
            busBw = std::min(busBw * .92, channels * kPerChMaxTree[c.arch][i2]);
        if (a == kTree && p == kLL)
            busBw = std::min(busBw / 3.8, llMax);
        if (a == kTree && p == kLL128)
            busBw = std::min(
                busBw * (c.nodes == 1 ? 7.0 / 9.0 : 120.0 / 128.0), channels * kPerChMaxTreeLL128[c.arch][i2]);
        return busBw;
    };
    const double ncclBusBw = protocolBus(bus);
    double busBw = ncclBusBw;
    // What NCCL's tuner does not know, kept in the time shown. NVLSTree: the share of its bound inside the node that
    // the fabric leaves NVLS while the NICs stream (NcclFigures::nvlsTreeShare).
    if (a == kNvlsTree)
        busBw = std::min(busBw, nvlsTreeIntraBus() * t.nccl.nvlsTreeShare);
    // A tree across two nodes is a chain: each node sends S/2 up one tree and S/2 down the other, S per direction on
    // its NICs where a ring sends 2(n−1)/n·S, so the network bounds its bus bandwidth 2(n−1)/n times higher than
    // the ring's (NCCL's NVLSTree row carries a factor 2 for the same reason; NVIDIA/nccl-tests#22: on two nodes the
    // tree's busbw can exceed the network's peak). NCCL's tuner leaves it out of its tree row; the time shown keeps it.
    if (a == kTree && c.nodes == 2 && op == Collective::AllReduce)
        busBw = protocolBus(std::min(t.intra.bandwidthGBps, c.nodeNetGBps * 2 * (n - 1.0) / n));

    NcclTuning r;
    r.algorithm = toAlgorithm(a);
    r.protocol = p == kLL ? Protocol::LL : p == kLL128 ? Protocol::LL128 : Protocol::Simple;
    r.busBwGBps = busBw;
    // Bus to algorithm bandwidth. The trees move 2S per rank (tuning.cc ratio .5); CollNet likewise here, its
    // bus figure being in the same AllReduce units as the ring's.
    double ratio = 1;
    if (a == kTree)
        ratio = .5;
    else if (a == kRing || a == kNvlsTree || a == kCollNetDirect || a == kCollNetChain
        || (a == kNvls && op == Collective::AllReduce))
        ratio = static_cast<double>(n) / nsteps;
    r.bwGBps = busBw * ratio;
    r.tunerBwGBps = ncclBusBw * ratio;

    // The network crossings on a call's critical path: a ring's 2(nodes − 1) for AllReduce, nodes − 1 otherwise (a
    // Broadcast / Reduce chain crosses nodes − 1 too, though NCCL's latency charges its every hop as a network one); a
    // tree's up and down its log2(nodes) levels; CollNet's one trip through the switch.
    if (c.nodes > 1) {
        if (a == kRing)
            r.networkSteps = op == Collective::AllReduce ? 2 * (c.nodes - 1) : c.nodes - 1;
        else if (a == kTree || a == kNvlsTree)
            r.networkSteps = 2 * log2i(c.nodes);
        else if (a == kCollNetDirect || a == kCollNetChain)
            r.networkSteps = 1;
    }
    const int hw = c.nodes == 1 ? c.intraHw : kNetHw;
    const double hwScale = c.nodes == 1 ? c.intraScale : c.interScale;
    // The latency with NVLink LL128 hops scaled by `lowLatencyScale`: 1 gives NCCL's own figure (what its tuner
    // compares), below it the measured one.
    const auto latencyUs = [&](double lowLatencyScale) {
        double lat = kBaseLat[a][p];
        const double intraLat = kHwLat[c.intraHw][a][p] * c.intraScale * lowLatencyScale;
        double interLat = (c.ppn == 1 ? kHwLat[kNetHw][kTree][p] : kHwLat[kNetHw][a][p]) * c.interScale + c.netLatUs;
        if (p == kSimple)
            interLat += c.netLatUs; // the flush after a Simple network receive
        switch (a) {
        case kRing:
            if (op == Collective::Broadcast || op == Collective::Reduce) {
                const double hop
                    = kHwLat[hw][p == kSimple ? kTree : kRing][p] * hwScale * (hw == kNetHw ? 1.0 : lowLatencyScale);
                lat += nsteps * hop;
            } else {
                const double overhead = c.nodes > 1 ? kNetOverheadUs * (p == kSimple ? 3 : 1) : 0;
                lat += (nsteps - r.networkSteps) * std::max(intraLat, overhead) + r.networkSteps * interLat;
            }
            break;
        case kTree:
            lat += 2 * (c.ppn - 1) * intraLat + r.networkSteps * interLat;
            break;
        case kCollNetDirect:
            lat += 2 * (std::min(1, c.ppn - 1) * intraLat + (c.ppn - 1) * kCollNetArityUs) + r.networkSteps * interLat;
            break;
        case kCollNetChain:
            lat += 2 * (c.ppn - 1) * intraLat + r.networkSteps * interLat;
            break;
        case kNvls:
            lat = intraLat;
            break;
        case kNvlsTree:
            lat += intraLat + r.networkSteps * interLat;
            break;
        default:
            break;
        }
        return lat;
    };
    // The NVLink LL128 hop. On one node it costs NCCL's LL hop (0.6 µs): an LL128 hop, whose flag arrives with a whole
    // 128-byte line, cannot be shorter than an LL hop, and the fit half's 1 – 64 MiB single-node rows want it short
    // (NCCL's own 1.9 µs made 4 MiB on 4 H100s 59 % too slow). Across nodes it costs kLl128HopAcrossNodesUs.
    const double nvlinkLowLatency = c.intraHw != kNvlinkHw || p != kLL128 ? 1.0
        : c.nodes == 1 ? kHwLat[kNvlinkHw][kRing][kLL] / kHwLat[kNvlinkHw][kRing][kLL128]
                       : kLl128HopAcrossNodesUs / kHwLat[kNvlinkHw][kRing][kLL128];
    r.latency = c.latencyFree ? 0.0 : (latencyUs(nvlinkLowLatency) + ncclCallOverheadUs(t, r.protocol)) * kMicro;
    r.tunerLatency = c.latencyFree ? 0.0 : latencyUs(1.0) * kMicro;
    // NVLS inside a node: NCCL's tuner keeps ring on half of the NVSwitch domain or less (NCCL_DEBUG_SUBSYS=TUNING
    // on an 8-GPU H100: ring at 2 and 4 GPUs, NVLS at 6; tests/data/validation h100-nvswitch-slice-*-tuning).
    if (a == kNvls && t.nccl.nvlsDomainGpus > 0 && 2 * c.ppn <= t.nccl.nvlsDomainGpus)
        r.automatic = false;
    // The fabric's NCCL setup across nodes: NCCL_ALGO and NCCL_PROTO as its net plugin or vendor profile sets them.
    if (!fabricSetup(t).allows(r.algorithm, r.protocol))
        r.automatic = false;
    return r;
}
} // namespace

namespace detail {
double tuningBaseLatencyUs(LatencyFamily family, Protocol protocol)
{
    const int a = family == LatencyFamily::Tree ? kTree : family == LatencyFamily::Ring ? kRing : kNvls;
    return kBaseLat[a][protocolIndex(protocol)];
}

double tuningHopLatencyUs(int linkClass, LatencyFamily family, Protocol protocol)
{
    const int a = family == LatencyFamily::Tree ? kTree : family == LatencyFamily::Ring ? kRing : kNvls;
    // NVLS: its NVLink figure (25 µs, Simple), the switch round trip, whatever the link.
    if (a == kNvls)
        return kHwLat[kNvlinkHw][kNvls][kSimple];
    return kHwLat[std::clamp(linkClass, 0, 2)][a][protocolIndex(protocol)];
}
} // namespace detail

double ncclCallOverheadUs(const Topology& topology, Protocol protocol)
{
    // The per-GPU term: whatever its steps, AllGather and ReduceScatter take about as long as AllReduce at
    // 8 B – 64 KiB on one node (catalog.h).
    const bool lowLatency = protocol == Protocol::LL || protocol == Protocol::LL128;
    const double perGpu
        = topology.nodes == 1 && lowLatency ? (topology.gpusPerNode - 1) * topology.nccl.lowLatencyPerGpuUs : 0.0;
    return topology.nccl.launchUs + perGpu;
}

double ncclNodeNetGBps(const Topology& topology)
{
    const double node = topology.interBandwidthPerNodeGBps();
    return std::min(topology.nicsPerNode, topology.gpusPerNode) > 1 ? node * topology.nccl.netConcurrentShare : node;
}

NetSetup fabricSetup(const Topology& topology)
{
    return topology.nodes > 1 ? topology.nccl.net : NetSetup {};
}

bool ncclModelApplies(const Topology& topology)
{
    return topology.nccl.arch != GpuArch::Cpu;
}

std::vector<NcclTuning> ncclTable(Collective op, const Topology& topology)
{
    std::vector<NcclTuning> out;
    if (!ncclModelApplies(topology) || topology.ranks() < 2)
        return out;
    const Comm c = commOf(topology);
    for (int a = 0; a < kAlgos; ++a) {
        if (!available(a, op, topology))
            continue;
        for (int p = 0; p < 3; ++p) {
            const bool simpleOnly = a == kNvls || a == kNvlsTree || a == kCollNetDirect || a == kCollNetChain;
            if (simpleOnly && p != kSimple)
                continue;
            // LL128 needs NVLink inside the node (tuning.cc: typeIntra ≤ PATH_NVB), and Volta or later.
            if (p == kLL128 && c.intraHw != kNvlinkHw)
                continue;
            out.push_back(row(a, p, op, topology, c));
        }
    }
    return out;
}

int ncclP2pChannels(Bytes bytes, int ranks, const Topology& topology)
{
    if (!ncclModelApplies(topology) || topology.nodes > 1 || topology.intra.kind != LinkKind::NVLink || ranks < 2
        || bytes < 1)
        return 0;
    // p2pnChannels and p2pnChannelsPerPeer are both the communicator's channels here (NVLink reaches every peer).
    const int channels
        = static_cast<int>(std::bit_ceil(static_cast<unsigned>(std::min(64, communicatorChannels(topology)))));
    int perPeerMin = channels;
    while (perPeerMin * ranks > channels && perPeerMin > 1)
        perPeerMin /= 2;
    constexpr Bytes kChunk = 512 * 1024; // NCCL_P2P_NVL_CHUNKSIZE
    constexpr Bytes kMinPart = kChunk / 8;
    constexpr Bytes kMaxPart = kChunk * 32;
    int n = static_cast<int>(std::min<Bytes>(perPeerMin, (bytes + kMinPart - 1) / kMinPart));
    while (std::max(kMinPart, (bytes + n - 1) / n) > kMaxPart && n <= channels / 2)
        n *= 2;
    return n;
}

double ncclP2pChannelGBps(const Topology& topology)
{
    switch (topology.nccl.arch) {
    case GpuArch::Blackwell:
        return 40.1;
    case GpuArch::Hopper:
        return 20.6;
    case GpuArch::Ampere:
    case GpuArch::Volta:
        return 20.0;
    default:
        return 0;
    }
}

const NcclTuning* findRow(const std::vector<NcclTuning>& table, Algorithm algorithm, Protocol protocol)
{
    for (const auto& r : table)
        if (r.algorithm == algorithm && r.protocol == protocol)
            return &r;
    return nullptr;
}

namespace {
/// NCCL's chunk for a Simple tree AllReduce of `perChannel` bytes per channel on a tree `depth` hops deep: enqueue.cc
/// (computeColl) shrinks it from a 512 KiB step (4 MiB Simple buffer / 8 steps) until a channel holds 8·depth chunks,
/// down to 128 KiB; 4·depth down to 64 KiB; depth down to 32 KiB.
long long treeChunkBytes(long long perChannel, long long depth)
{
    long long chunk = 512 * 1024;
    while (perChannel / chunk < depth * 8 && chunk > 131072)
        chunk /= 2;
    while (perChannel / chunk < depth * 4 && chunk > 65536)
        chunk /= 2;
    while (perChannel / chunk < depth && chunk > 32768)
        chunk /= 2;
    return chunk;
}

/// How NCCL streams a Simple tree AllReduce on each of `channels` channels. Its tree is a chain inside each node and a
/// binary tree across nodes, depth = ppn − 1 + log2(nodes) hops deep (src/graph/connect.cc, connectTrees); each
/// channel streams its share in chunks of treeChunkBytes.
struct TreeChunking {
    long long depth = 0;
    long long perChannel = 1; ///< bytes
    long long chunk = 1; ///< bytes
    long long count() const { return std::max<long long>(1, perChannel / chunk); } ///< chunks per channel
};

TreeChunking treeChunking(Bytes bytes, const Topology& topology, long long channels)
{
    TreeChunking c;
    c.depth = topology.gpusPerNode - 1 + log2i(topology.nodes);
    c.perChannel = std::max<long long>(1, bytes / channels);
    c.chunk = treeChunkBytes(c.perChannel, c.depth);
    return c;
}

/// The tree's pipeline fill (Simple AllReduce): the first chunk crosses 2·depth hops (up, then down) before the
/// pipeline runs at its steady one chunk per two sends, so a call costs 2·(depth − 1) single-hop chunk times more than
/// S / bandwidth. A hop runs at the link's bus bandwidth per channel; NCCL's tree correction factor (its own measured
/// mid-size penalty) already sits in the steady term.
Seconds treeFillSeconds(const NcclTuning& row, const TreeChunking& c, const Topology& topology, long long channels)
{
    if (row.busBwGBps <= 0 || topology.latencyFree() || c.depth < 2)
        return 0;
    const double hopBytes = static_cast<double>(std::min(c.chunk, c.perChannel)) * static_cast<double>(channels);
    return 2.0 * static_cast<double>(c.depth - 1) * hopBytes / (row.busBwGBps * kBytesPerGB);
}
} // namespace

NcclTime ncclTime(const NcclTuning& row, Collective op, Bytes bytes, const Topology& topology)
{
    const int logSize = log2i(bytes >> 6);
    const double correction
        = row.algorithm == Algorithm::DoubleBinaryTree && op == Collective::AllReduce && logSize >= 0 && logSize < 23
        ? kTreeCorrection[protocolIndex(row.protocol)][logSize]
        : 1.0;
    const double bw = row.bwGBps * correction;
    const auto transfer = [&](double gbps) {
        return gbps > 0 ? static_cast<double>(bytes) / (gbps * kBytesPerGB) : std::numeric_limits<double>::infinity();
    };
    // The plateau test uses the communicator's channel count.
    const long long commChannels = communicatorChannels(topology);
    double plateau = 1;
    if (row.algorithm == Algorithm::Ring && row.protocol == Protocol::Simple && topology.nodes > 1
        && op == Collective::AllReduce && bytes / (commChannels * topology.ranks()) >= 64)
        plateau = topology.nccl.arch == GpuArch::Volta ? 1.9 : 1.4;
    NcclTime t;
    t.latency = row.latency * plateau;
    t.transfer = transfer(bw);
    t.tuner = row.tunerLatency * plateau + transfer(row.tunerBwGBps * correction);
    // The chunk pipeline, which NCCL's tuner leaves out.
    if (const double pipelineUs = pipelineMicros(row.protocol, topology); pipelineUs > 0 && bw > 0)
        t.pipeline = 2 * std::sqrt(static_cast<double>(bytes) * pipelineUs * kMicro / (bw * kBytesPerGB));
    if (row.algorithm == Algorithm::DoubleBinaryTree && row.protocol == Protocol::Simple
        && op == Collective::AllReduce) {
        const TreeChunking chunking = treeChunking(bytes, topology, commChannels);
        t.treeFill = treeFillSeconds(row, chunking, topology, commChannels);
        // A fabric that charges each chunk at each network step (NcclFigures::netTreeChunkUs; one node has none).
        if (!topology.latencyFree())
            t.treeNetChunks
                = static_cast<double>(chunking.count() * row.networkSteps) * topology.nccl.netTreeChunkUs * kMicro;
    }
    if (row.protocol == Protocol::LL && !topology.latencyFree() && topology.nccl.netLlStepUs > 0
        && static_cast<double>(bytes) >= topology.nccl.netLlStepBytes)
        t.llNetSteps = row.networkSteps * topology.nccl.netLlStepUs * kMicro;
    // A tuner plugin whose tables were measured on the fabric chooses by the time the call takes.
    if (fabricSetup(topology).tunerPlugin)
        t.tuner = t.total();
    return t;
}

std::string ncclFormula(const NcclTuning& row, const NcclTime& t, Bytes bytes, const Topology& topology)
{
    std::string text = "NCCL model (tuning.cc): latency " + detail::fmtTime(t.latency) + " + " + formatBytes(bytes)
        + " / " + detail::fmtRate(static_cast<double>(bytes) / t.transfer);
    if (t.pipeline > 0)
        text += std::string(topology.nodes > 1 ? " + network" : " + chunk") + " pipeline 2·√(S·"
            + detail::fmtTime(pipelineMicros(row.protocol, topology) * kMicro) + "/bw) " + detail::fmtTime(t.pipeline);
    if (t.treeFill > 0)
        text += " + tree fill " + detail::fmtTime(t.treeFill);
    if (t.treeNetChunks > 0) {
        const long long chunks = treeChunking(bytes, topology, communicatorChannels(topology)).count();
        text += " + tree chunks across the network " + std::to_string(chunks) + " × " + std::to_string(row.networkSteps)
            + " × " + detail::fmtTime(topology.nccl.netTreeChunkUs * kMicro) + " = " + detail::fmtTime(t.treeNetChunks);
    }
    if (t.llNetSteps > 0)
        text += " + LL across the network " + std::to_string(row.networkSteps) + " × "
            + detail::fmtTime(topology.nccl.netLlStepUs * kMicro) + " = " + detail::fmtTime(t.llNetSteps);
    return text + " = " + detail::fmtTime(t.total()) + " (bus bandwidth " + detail::fmtRate(row.busBwGBps * kBytesPerGB)
        + ")";
}

} // namespace tutor::model
