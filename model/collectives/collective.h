// SPDX-License-Identifier: MIT
#pragma once
// The collective primitives and their nccl-tests conventions (size S and bus-bandwidth factor).
// One file per collective in collectives/, registered in one table (collectives/registry.cpp).
#include "model/collectives/units.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace tutor::model {

enum class Collective { AllReduce, ReduceScatter, AllGather, Broadcast, Reduce, AllToAll, SendRecv, Gather, Scatter };

/// Static facts about one collective.
struct CollectiveTraits {
    Collective op;
    std::string_view name; ///< "AllReduce"
    std::string_view cliName; ///< "allreduce"
    std::string_view ncclTestsName; ///< "all_reduce" (binary all_reduce_perf)
    bool reduces = false; ///< combines contributions (AllReduce, ReduceScatter, Reduce)
    bool rooted = false; ///< has a root rank (Broadcast, Reduce, Gather, Scatter)
    /// true: nccl-tests' S is the whole array count·size·N (AllGather, ReduceScatter, AllToAll, Gather,
    /// Scatter); false: S = count·size (AllReduce, Broadcast, Reduce, SendRecv). nccl-tests src/*.cu.
    bool sizeIsWholeArray = false;
};

std::span<const CollectiveTraits> collectives();
const CollectiveTraits& traits(Collective op);
std::string_view name(Collective op);
/// Accepts "allreduce", "all_reduce", "AllReduce", "all-reduce" and so on; nullopt if unknown.
std::optional<Collective> parseCollective(std::string_view text);
/// Every collective's command-line name, from the registry: "allreduce, reducescatter, …, scatter".
std::string collectiveNames();

/// nccl-tests' busbw = algbw · factor (doc/PERFORMANCE.md): AllReduce 2(n−1)/n; ReduceScatter, AllGather,
/// AllToAll, Gather, Scatter (n−1)/n; Broadcast, Reduce, SendRecv 1. Precondition n ≥ 1.
double busBandwidthFactor(Collective op, int ranks);

} // namespace tutor::model
