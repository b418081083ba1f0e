// SPDX-License-Identifier: MIT
#pragma once
// Who can talk to whom and over what: nodes × GPUs per node, one intra-node and one inter-node link class.
// Algorithms (what moves at each step) live apart from this, in algorithms/.
#include "model/collectives/hardware.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tutor::model {

struct Topology {
    int nodes = 1;
    int gpusPerNode = 8;
    Link intra;
    Link inter;
    int nicsPerNode = 8;
    bool nvls = false;
    NcclFigures nccl; ///< the preset's figures for NCCL's tuner (nccltuning.h)
    double reduceGBps = 0; ///< γ = 1 / (reduceGBps·1e9) seconds per byte; 0 means reductions are free

    int ranks() const { return nodes * gpusPerNode; }
    NodeId nodeOf(RankId rank) const { return NodeId { rank.value / gpusPerNode }; }
    bool sameNode(RankId a, RankId b) const { return nodeOf(a) == nodeOf(b); }
    /// The link class a transfer between two ranks uses.
    const Link& linkBetween(RankId a, RankId b) const { return sameNode(a, b) ? intra : inter; }
    /// Inter-node bandwidth available to one GPU when all GPUs of a node send at once:
    /// inter.bandwidthGBps · min(1, nicsPerNode / gpusPerNode).
    double interBandwidthPerGpuGBps() const;
    /// β between nodes for a whole node: min(NICs, GPUs per node) × one NIC's β. NCCL's rings and trees run one
    /// channel per NIC, so a collective across nodes uses every NIC a GPU of the node sits near at once.
    double interBandwidthPerNodeGBps() const;
    /// An ideal machine: α = 0 on every link a collective uses (intra, and inter across nodes). The cost models
    /// then drop launch and base latencies too, so that busbw reaches β.
    bool latencyFree() const { return intra.alphaSeconds == 0 && (nodes == 1 || inter.alphaSeconds == 0); }

    bool operator==(const Topology&) const = default;
};

/// A topology of `nodes` × `gpusPerNode` built from a preset's links.
Topology makeTopology(const HardwarePreset& preset, int nodes, int gpusPerNode);
/// A topology for `ranks` GPUs of a preset, filling nodes of preset.gpusPerNode first
/// (ranks below one node give one partial node). A count that is not a whole number of nodes uses the
/// largest divisor of `ranks` that fits in a node as GPUs per node (12 on 8-GPU nodes: 2 × 6), so every node
/// holds the same number of ranks. ranks ≤ 0 gives nodes = 0, which validate() reports.
Topology makeTopologyForRanks(const HardwarePreset& preset, int ranks);

/// What a user says about a machine: a preset, any of ranks / nodes / GPUs per node, and optional figures
/// that replace both link classes' α and β (a calibration, a "what if" from the command line).
struct TopologySpec {
    std::string preset = "hgx-h100"; ///< hardware.h preset id
    std::optional<std::int64_t> ranks;
    std::optional<std::int64_t> nodes;
    std::optional<std::int64_t> gpusPerNode;
    std::optional<double> alphaMicroseconds; ///< replaces intra and inter α
    std::optional<double> bandwidthGBps; ///< replaces intra and inter β
    std::optional<double> intraAlphaMicroseconds; ///< replaces the intra-node α only (after alphaMicroseconds)
    std::optional<double> intraBandwidthGBps; ///< replaces the intra-node β only (after bandwidthGBps)
    std::optional<double> interAlphaMicroseconds; ///< replaces the inter-node α only (after alphaMicroseconds)
    std::optional<double> interBandwidthGBps; ///< replaces one NIC's β only (after bandwidthGBps)
    std::optional<std::int64_t> nicsPerNode; ///< replaces the NICs per node
    std::optional<std::string> fabric; ///< replaces the network kind: ib, roce, efa, ethernet
    std::optional<bool> sharp; ///< in-network reduction (SHARP / CollNet) between nodes on or off
    /// Ranks and nodes given: refuse more ranks per node than the preset's node holds (128 ranks on 8 nodes of an
    /// 8-GPU machine) instead of building nodes that do not exist. Off for the live lab, whose hosts run as many
    /// MPI ranks as asked.
    bool nodesHoldAtMostPreset = false;
    bool operator==(const TopologySpec&) const = default;
};

/// The one way a preset and a rank layout become a Topology; every front end (command line, window,
/// lessons, live lab) calls it, so the same words give the same machine everywhere. Rules:
/// - nodes and GPUs per node given: ranks, if given, must equal their product;
/// - nodes and ranks given: nodes must divide ranks (and, with nodesHoldAtMostPreset, ranks / nodes ≤ the preset's
///   GPUs per node);
/// - GPUs per node and ranks given: GPUs per node must divide ranks;
/// - ranks alone: makeTopologyForRanks(); nodes alone: nodes × the preset's GPUs per node; GPUs per node
///   alone: one node; nothing: one full node of the preset.
/// Then validate() of the result. Problems name `prefix` + "preset" | "ranks" | "nodes" | "gpus_per_node" |
/// "alpha_us" | "bandwidth_GBps" | "intra_alpha_us" | "intra_bw_GBps" | "inter_alpha_us" | "inter_bw_GBps" |
/// "nics_per_node" | "fabric" (prefix "scene."
/// gives "scene.ranks"), the value and the rule.
Result<Topology> buildTopology(const TopologySpec& spec, const std::string& prefix = {});
/// The same on a preset that is not in the registry (a calibrated profile); spec.preset is not read.
Result<Topology> buildTopology(const HardwarePreset& preset, const TopologySpec& spec, const std::string& prefix = {});

/// "ib" | "infiniband", "roce", "efa", "ethernet" | "tcp" → the network link kind; nullopt for anything else.
std::optional<LinkKind> parseFabric(std::string_view text);

/// Every problem: nodes ≥ 1, gpusPerNode ≥ 1, ranks ≤ 1,048,576, links valid, nicsPerNode ≥ 1.
/// Fields are reported under `field` ("topology.nodes").
Problems validate(const Topology& topology, const std::string& field = "topology");

} // namespace tutor::model
