// SPDX-License-Identifier: MIT
// CollNet (NCCL's in-network reduction through the SHARP plugin): the switches between nodes add the nodes'
// sums, so each node sends S and receives S over its NICs instead of a ring's 2(n−1)/n·S per GPU. Direct on
// NVSwitch nodes, Chain on others. An option (topology.nccl.collnet, `--sharp`): it needs SHARP-capable
// InfiniBand switches and the plugin. Time as NCCL's tuner models it (nccltuning.cpp); drawn with the two-level
// schedule.
#include "model/collectives/algorithms/algorithm_impl.h"

#include <array>

namespace tutor::model::detail {

namespace {
constexpr std::array kCollectives { Collective::AllReduce };

bool check(Collective op, int ranks, const Topology* topology, std::string* why)
{
    if (!topology)
        return true;
    if (!topology->nccl.collnet)
        return fail(why, [] {
            return std::string("not defined on this topology (needs in-network reduction: SHARP switches and "
                               "NCCL's CollNet plugin; turn it on with --sharp)");
        });
    if (topology->nodes < 2)
        return fail(why,
            [&] { return notDefined(ranks, "on 1 node; in-network reduction happens in the switches between nodes"); });
    return kHierarchicalAlgorithm.check(op, ranks, topology, why);
}

CostTerms cost(const CostInput& in)
{
    auto t = kHierarchicalAlgorithm.cost(in);
    // The switch adds the node sums: the network carries S per node each way, no reduction on the GPUs between
    // nodes.
    t.linkBytes.interNode = 2 * in.bytes * in.topology->nodes;
    return t;
}
} // namespace

const AlgorithmEntry kCollNetAlgorithm {
    Algorithm::CollNet,
    "collnet",
    "sharp-collnet,in-network,collnetdirect,collnetchain",
    LatencyFamily::Tree,
    Origin::Nccl,
    kCollectives,
    check,
    cost,
    [](const ScheduleInput& in, Schedule& out) { kHierarchicalAlgorithm.schedule(in, out); },
};

} // namespace tutor::model::detail
