// SPDX-License-Identifier: MIT
#pragma once
// Internal: the interface every algorithm file implements, the protocol table (protocol.cpp) and small helpers
// shared by the algorithm files (common.cpp). One AlgorithmEntry per file, registered in registry.cpp.
#include "model/collectives/algorithm.h"
#include "model/collectives/cost.h"
#include "model/collectives/schedule.h"

#include <span>
#include <string>
#include <vector>

namespace tutor::model::detail {

/// Which rows of NCCL's latency tables an algorithm uses (tuning.cc baseLat / hwLat).
enum class LatencyFamily { Ring, Tree, Nvls };

/// NCCL's latency tables (tuning.cc, kept in nccltuning.cpp): the base latency per call, µs, of a family and
/// protocol (NVLS 0), and the per-hop figure of a link class (0 NVLink, 1 PCI / shared memory, 2 network).
double tuningBaseLatencyUs(LatencyFamily family, Protocol protocol);
double tuningHopLatencyUs(int linkClass, LatencyFamily family, Protocol protocol);

/// Bandwidth efficiency of a protocol: LL 0.5 (a 4-byte flag per 8 bytes), LL128 0.92 (120 of 128 bytes),
/// Simple 1.0 (NCCL tuning.cc).
double protocolEfficiency(Protocol protocol);
/// NCCL's base latency per call in seconds (tuning.cc baseLat): Tree 6.8 / 14 / 8.4 µs, Ring 6.6 / 14 / 8.4 µs
/// for LL / LL128 / Simple; NVLS 0 (its cost is in the per-hop figure).
Seconds baseLatencySeconds(LatencyFamily family, Protocol protocol);
/// Per-hop latency of `link` for a family and protocol: NCCL's hwLat figure for the link's class, scaled so
/// that the Ring/Simple figure equals link.alphaSeconds (a preset's α is that figure; an override scales all).
Seconds hopLatencySeconds(const Link& link, LatencyFamily family, Protocol protocol);
/// nullptr if `protocol` can run `algorithm` on `topology`, else the rule it breaks (LL128 needs NVLink inside
/// the node, as NCCL enables it by default only there; NVLS runs Simple only).
const char* protocolRule(Protocol protocol, Algorithm algorithm, const Topology& topology);

/// What an algorithm's cost function receives: the request and the per-hop α and β already chosen for the
/// protocol (β in bytes per second, protocol efficiency applied).
struct CostInput {
    Collective op = Collective::AllReduce;
    Bytes bytes = 0;
    int ranks = 0;
    const Topology* topology = nullptr;
    Protocol protocol = Protocol::Simple;
    Seconds intraHop = 0; ///< α inside a node
    Seconds interHop = 0; ///< α between nodes
    double intraBps = 0; ///< β inside a node, bytes/s
    double interBps = 0; ///< β between nodes for one GPU (its share of the node's NICs), bytes/s
    /// β between nodes for the whole node: NCCL runs one channel per NIC, so a ring or tree that crosses the
    /// node boundary uses min(NICs, GPUs) NICs at once, bytes/s.
    double interNodeBps = 0;
    double gammaSecondsPerByte = 0;
    bool wantFormula = true; ///< false when only the numbers are needed (auto selection, sweeps)
    /// β of the slowest link the collective crosses: intra on one node, min(intra, inter) across nodes.
    double bottleneckBps() const;
    /// β of the slowest link a ring or tree of NCCL channels crosses: intra on one node, min(intra,
    /// interNodeBps) across nodes (every channel on its own NIC).
    double channelBottleneckBps() const;
};

/// An algorithm's share of a CollectiveCost (the protocol base latency is added by the cost model).
struct CostTerms {
    int steps = 0;
    Seconds latencySeconds = 0;
    Seconds bandwidthSeconds = 0;
    Seconds reduceSeconds = 0;
    Bytes bytesSentPerRank = 0;
    LinkBytes linkBytes;
    std::string formula; ///< "2(n−1)·α + … = 2·7·3.40 µs + …"
};

struct ScheduleInput {
    Collective op = Collective::AllReduce;
    int ranks = 0;
    Bytes bytes = 0;
    int root = 0;
    const Topology* topology = nullptr;
};

struct AlgorithmEntry {
    Algorithm algorithm;
    std::string_view name; ///< command-line name, "ring"
    std::string_view aliases; ///< other accepted names, comma separated
    LatencyFamily family;
    Origin origin; ///< NCCL runs it (auto may pick it) or it is an MPI / textbook algorithm (chosen by hand only)
    std::span<const Collective> collectives;
    /// True if the algorithm runs `op` on `ranks` ranks (and on `topology` when given). Else false, and when
    /// `why` is given it receives the rule, "not defined for 6 ranks (needs a power of two)"; the auto search
    /// passes nullptr, so it never builds the text.
    bool (*check)(Collective op, int ranks, const Topology* topology, std::string* why);
    CostTerms (*cost)(const CostInput& in);
    /// Sets out.chunks and appends out.steps; out.op, ranks, bytes, root are set by the caller.
    void (*schedule)(const ScheduleInput& in, Schedule& out);
};

std::span<const AlgorithmEntry* const> algorithmTable();
const AlgorithmEntry* findAlgorithm(Algorithm algorithm);
bool supports(const AlgorithmEntry& entry, Collective op);

extern const AlgorithmEntry kRingAlgorithm;
extern const AlgorithmEntry kDoubleBinaryTreeAlgorithm;
extern const AlgorithmEntry kHalvingDoublingAlgorithm;
extern const AlgorithmEntry kRecursiveDoublingAlgorithm;
extern const AlgorithmEntry kBinomialTreeAlgorithm;
extern const AlgorithmEntry kPairwiseAlgorithm;
extern const AlgorithmEntry kNvlsAlgorithm;
extern const AlgorithmEntry kNvlsTreeAlgorithm;
extern const AlgorithmEntry kCollNetAlgorithm;
extern const AlgorithmEntry kHierarchicalAlgorithm;

// Helpers (common.cpp).
bool isPowerOfTwo(int n);
int ceilLog2(int n);
/// ⌈S / pieces⌉: the largest chunk when S is cut into `pieces` (the first S mod pieces chunks are one byte larger).
Bytes ceilDiv(Bytes s, Bytes pieces);
/// "3.40 µs", "370 GB/s" for formulas (sizes use formatBytes from units.h).
std::string fmtTime(Seconds s);
std::string fmtRate(double bytesPerSecond);
/// "12·3.40 µs + 2·14.0 µs" (terms with zero hops left out; "0" if none).
std::string fmtHops(int intraHops, Seconds intraHop, int interHops, Seconds interHop);
/// Appends a transfer to step `step` (growing out.steps), with the chunk's bytes.
void addTransfer(Schedule& out, std::size_t step, int src, int dst, int chunk, bool reduce);
/// A ring over `members` (ring order): member i owns blocks[i] at the end of the reduce-scatter.
/// Reduce-scatter: m−1 steps starting at `firstStep`; all-gather likewise. Returns the step after the last.
std::size_t ringReduceScatter(
    Schedule& out, std::size_t firstStep, const std::vector<int>& members, const std::vector<std::vector<int>>& blocks);
std::size_t ringAllGather(
    Schedule& out, std::size_t firstStep, const std::vector<int>& members, const std::vector<std::vector<int>>& blocks);
/// "not defined for 6 ranks (needs a power of two)"
std::string notDefined(int ranks, const std::string& why);
/// For AlgorithmEntry::check: stores message() in *why when why is given, and returns false.
template <class Message> bool fail(std::string* why, Message&& message)
{
    if (why)
        *why = message();
    return false;
}

} // namespace tutor::model::detail
