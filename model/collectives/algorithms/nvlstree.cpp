// SPDX-License-Identifier: MIT
// NVLSTree (NCCL ≥ 2.18): AllReduce across nodes with NVLink SHARP inside each node and a tree between nodes.
// Each node reduces its data in the NVSwitch, the nodes' heads exchange the node sums over a tree on every NIC
// and the result is multicast back inside the node. Its time is NCCL's (nccltuning.cpp); the schedule drawn is
// the two-level one (reduce inside the node, exchange between nodes, gather inside the node).
#include "model/collectives/algorithms/algorithm_impl.h"

#include <array>

namespace tutor::model::detail {

namespace {
constexpr std::array kCollectives { Collective::AllReduce };

bool check(Collective op, int ranks, const Topology* topology, std::string* why)
{
    if (!topology)
        return true;
    if (!topology->nvls)
        return fail(why, [] {
            return std::string("not defined on this topology (needs NVLink SHARP in the NVSwitch: topology.nvls = "
                               "false; HGX H100/H200/B200 have it)");
        });
    if (topology->nodes < 2)
        return fail(
            why, [&] { return notDefined(ranks, "on 1 node; NVLSTree joins nodes, inside one node use nvls"); });
    if (topology->gpusPerNode < 2)
        return fail(why, [&] { return notDefined(ranks, "with 1 GPU per node; NVLS needs 2 or more GPUs per node"); });
    return kHierarchicalAlgorithm.check(op, ranks, topology, why);
}

CostTerms cost(const CostInput& in)
{
    return kHierarchicalAlgorithm.cost(in);
}
} // namespace

const AlgorithmEntry kNvlsTreeAlgorithm {
    Algorithm::NvlsTree,
    "nvlstree",
    "nvls-tree",
    LatencyFamily::Nvls,
    Origin::Nccl,
    kCollectives,
    check,
    cost,
    [](const ScheduleInput& in, Schedule& out) { kHierarchicalAlgorithm.schedule(in, out); },
};

} // namespace tutor::model::detail
