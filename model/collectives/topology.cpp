// SPDX-License-Identifier: MIT
#include "model/collectives/topology.h"

#include <algorithm>
#include <cstdio>
#include <tuple>

namespace tutor::model {

namespace {
constexpr int kMaxRanks = 1'048'576;

std::string number(double v)
{
    return formatNumber(v);
}
} // namespace

double Topology::interBandwidthPerGpuGBps() const
{
    if (gpusPerNode <= 0)
        return 0;
    // All GPUs of a node cross the network at once; a NIC (rail) is shared when there are fewer NICs than GPUs.
    return inter.bandwidthGBps * std::min(1.0, static_cast<double>(nicsPerNode) / gpusPerNode);
}

double Topology::interBandwidthPerNodeGBps() const
{
    if (gpusPerNode <= 0 || nicsPerNode <= 0)
        return 0;
    return inter.bandwidthGBps * std::min(nicsPerNode, gpusPerNode);
}

Topology makeTopology(const HardwarePreset& preset, int nodes, int gpusPerNode)
{
    Topology t;
    t.nodes = nodes;
    t.gpusPerNode = gpusPerNode;
    t.intra = preset.intra;
    t.inter = preset.inter;
    // A group that uses only some GPUs of a node still has the node's NICs; one NIC serves at most one GPU's
    // share here, so nicsPerNode stays the preset's and interBandwidthPerGpuGBps() caps at one NIC per GPU.
    t.nicsPerNode = preset.nicsPerNode;
    t.nvls = preset.nvls;
    t.nccl = preset.nccl;
    t.reduceGBps = preset.reduceGBps;
    return t;
}

Topology makeTopologyForRanks(const HardwarePreset& preset, int ranks)
{
    const int perNode = std::max(1, preset.gpusPerNode);
    if (ranks <= 0)
        return makeTopology(preset, 0, perNode); // reported by validate() as topology.nodes = 0
    if (ranks <= perNode)
        return makeTopology(preset, 1, ranks);
    if (ranks % perNode == 0)
        return makeTopology(preset, ranks / perNode, perNode);
    // Not a whole number of nodes: use the largest divisor of `ranks` that fits in a node as GPUs per node.
    int g = perNode;
    while (g > 1 && ranks % g != 0)
        --g;
    return makeTopology(preset, ranks / g, g);
}

Result<Topology> buildTopology(const TopologySpec& spec, const std::string& prefix)
{
    const auto preset = findPreset(spec.preset, prefix + "preset");
    if (!preset)
        return preset.problems();
    return buildTopology(*preset, spec, prefix);
}

Result<Topology> buildTopology(const HardwarePreset& p, const TopologySpec& spec, const std::string& prefix)
{
    Problems problems;
    const auto positive = [&](const std::optional<std::int64_t>& v, const char* field) {
        if (v && (*v < 1 || *v > kMaxRanks)) {
            problems.push_back({ prefix + field, std::to_string(*v), "must be in [1, 1048576]" });
            return false;
        }
        return true;
    };
    const bool valid
        = positive(spec.ranks, "ranks") & positive(spec.nodes, "nodes") & positive(spec.gpusPerNode, "gpus_per_node");
    if (spec.alphaMicroseconds && !(*spec.alphaMicroseconds >= 0 && *spec.alphaMicroseconds <= 1e9))
        problems.push_back({ prefix + "alpha_us", number(*spec.alphaMicroseconds), "must be finite and ≥ 0" });
    if (spec.bandwidthGBps && !(*spec.bandwidthGBps >= kMinLinkGBps && *spec.bandwidthGBps <= kMaxLinkGBps))
        problems.push_back(
            { prefix + "bandwidth_GBps", number(*spec.bandwidthGBps), "must be finite and in [0.001, 1e9] GB/s" });
    // The per-link overrides: α finite and ≥ 0, β finite and > 0.
    for (const auto& [value, field] : { std::pair { &spec.intraAlphaMicroseconds, "intra_alpha_us" },
             std::pair { &spec.interAlphaMicroseconds, "inter_alpha_us" } })
        if (*value && !(**value >= 0 && **value <= 1e9))
            problems.push_back({ prefix + field, number(**value), "must be finite and ≥ 0" });
    for (const auto& [value, field] : { std::pair { &spec.intraBandwidthGBps, "intra_bw_GBps" },
             std::pair { &spec.interBandwidthGBps, "inter_bw_GBps" } })
        if (*value && !(**value >= kMinLinkGBps && **value <= kMaxLinkGBps))
            problems.push_back({ prefix + field, number(**value), "must be finite and in [0.001, 1e9] GB/s" });
    if (spec.nicsPerNode && (*spec.nicsPerNode < 1 || *spec.nicsPerNode > 1024))
        problems.push_back({ prefix + "nics_per_node", std::to_string(*spec.nicsPerNode),
            "must be in [1, 1024] (a node with no NIC cannot reach another node)" });
    std::optional<LinkKind> fabric;
    if (spec.fabric) {
        fabric = parseFabric(*spec.fabric);
        if (!fabric)
            problems.push_back({ prefix + "fabric", *spec.fabric, "unknown fabric (known: ib, roce, efa, ethernet)" });
    }
    if (!problems.empty() || !valid)
        return problems;

    const auto& [ranks, nodes, perNode] = std::tie(spec.ranks, spec.nodes, spec.gpusPerNode);
    Topology t;
    if (nodes && perNode) {
        if (ranks && *ranks != *nodes * *perNode)
            problems.push_back({ prefix + "ranks", std::to_string(*ranks),
                "must equal nodes × gpus per node = " + std::to_string(*nodes * *perNode) });
        t = makeTopology(p, static_cast<int>(*nodes), static_cast<int>(*perNode));
    } else if (nodes && ranks) {
        if (*ranks % *nodes != 0)
            problems.push_back(
                { prefix + "nodes", std::to_string(*nodes), "must divide ranks = " + std::to_string(*ranks) });
        else if (spec.nodesHoldAtMostPreset && *ranks / *nodes > p.gpusPerNode)
            problems.push_back({ prefix + "nodes", std::to_string(*nodes),
                "would put " + std::to_string(*ranks / *nodes) + " ranks on each node, but a " + p.id + " node has "
                    + std::to_string(p.gpusPerNode) + " GPUs: use at least "
                    + std::to_string((*ranks + p.gpusPerNode - 1) / p.gpusPerNode) + " nodes for "
                    + std::to_string(*ranks) + " ranks" });
        t = makeTopology(p, static_cast<int>(*nodes), static_cast<int>(std::max<std::int64_t>(1, *ranks / *nodes)));
    } else if (perNode && ranks) {
        if (*ranks % *perNode != 0)
            problems.push_back({ prefix + "gpus_per_node", std::to_string(*perNode),
                "must divide ranks = " + std::to_string(*ranks) });
        t = makeTopology(p, static_cast<int>(std::max<std::int64_t>(1, *ranks / *perNode)), static_cast<int>(*perNode));
    } else if (ranks) {
        t = makeTopologyForRanks(p, static_cast<int>(*ranks));
    } else if (nodes) {
        t = makeTopology(p, static_cast<int>(*nodes), std::max(1, p.gpusPerNode));
    } else {
        t = makeTopology(p, 1, perNode ? static_cast<int>(*perNode) : std::max(1, p.gpusPerNode));
    }
    if (spec.alphaMicroseconds)
        t.intra.alphaSeconds = t.inter.alphaSeconds = *spec.alphaMicroseconds * kMicro;
    if (spec.bandwidthGBps)
        t.intra.bandwidthGBps = t.inter.bandwidthGBps = *spec.bandwidthGBps;
    if (spec.intraAlphaMicroseconds)
        t.intra.alphaSeconds = *spec.intraAlphaMicroseconds * kMicro;
    if (spec.intraBandwidthGBps)
        t.intra.bandwidthGBps = *spec.intraBandwidthGBps;
    if (spec.interAlphaMicroseconds)
        t.inter.alphaSeconds = *spec.interAlphaMicroseconds * kMicro;
    if (spec.interBandwidthGBps)
        t.inter.bandwidthGBps = *spec.interBandwidthGBps;
    if (spec.nicsPerNode)
        t.nicsPerNode = static_cast<int>(*spec.nicsPerNode);
    if (fabric)
        t.inter.kind = *fabric;
    if (spec.sharp)
        t.nccl.collnet = *spec.sharp;
    for (auto& problem : validate(t, prefix.empty() ? "topology" : prefix + "topology"))
        problems.push_back(std::move(problem));
    if (!problems.empty())
        return problems;
    return t;
}

std::optional<LinkKind> parseFabric(std::string_view text)
{
    if (text == "ib" || text == "infiniband")
        return LinkKind::InfiniBand;
    if (text == "roce")
        return LinkKind::RoCE;
    if (text == "efa")
        return LinkKind::Efa;
    if (text == "ethernet" || text == "tcp")
        return LinkKind::Ethernet;
    return std::nullopt;
}

Problems validate(const Topology& topology, const std::string& field)
{
    Problems out;
    if (topology.nodes < 1)
        out.push_back({ field + ".nodes", std::to_string(topology.nodes), "must be at least 1" });
    if (topology.gpusPerNode < 1)
        out.push_back({ field + ".gpus_per_node", std::to_string(topology.gpusPerNode), "must be at least 1" });
    if (topology.nodes >= 1 && topology.gpusPerNode >= 1
        && static_cast<long long>(topology.nodes) * topology.gpusPerNode > kMaxRanks)
        out.push_back({ field + ".ranks", std::to_string(static_cast<long long>(topology.nodes) * topology.gpusPerNode),
            "must be at most 1048576" });
    if (topology.nicsPerNode < 1)
        out.push_back({ field + ".nics_per_node", std::to_string(topology.nicsPerNode), "must be at least 1" });
    for (auto& p : validate(topology.intra, field + ".intra"))
        out.push_back(std::move(p));
    for (auto& p : validate(topology.inter, field + ".inter"))
        out.push_back(std::move(p));
    if (!(topology.reduceGBps >= 0) || topology.reduceGBps > 1e12)
        out.push_back({ field + ".reduce_GBps", number(topology.reduceGBps), "must be finite and ≥ 0" });
    return out;
}

} // namespace tutor::model
