// SPDX-License-Identifier: MIT
// The table of collectives: traits for the cost model and the CLI, definitions for the executor.
#include "model/collectives/primitives/definition.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace tutor::model {

namespace {
const std::array<const detail::CollectiveDefinition*, 9>& table()
{
    static const std::array<const detail::CollectiveDefinition*, 9> kTable {
        &detail::kAllReduce,
        &detail::kReduceScatter,
        &detail::kAllGather,
        &detail::kBroadcast,
        &detail::kReduce,
        &detail::kAllToAll,
        &detail::kSendRecv,
        &detail::kGather,
        &detail::kScatter,
    };
    return kTable;
}

const std::array<CollectiveTraits, 9>& traitsTable()
{
    static const std::array<CollectiveTraits, 9> kTraits = [] {
        std::array<CollectiveTraits, 9> out {};
        for (std::size_t i = 0; i < table().size(); ++i)
            out[i] = table()[i]->traits;
        return out;
    }();
    return kTraits;
}

/// Lower case without '_', '-' and spaces: "All_Reduce" → "allreduce".
std::string squash(std::string_view text)
{
    std::string out;
    for (char c : text)
        if (c != '_' && c != '-' && c != ' ')
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}
} // namespace

namespace detail {
const CollectiveDefinition& definition(Collective op)
{
    for (const auto* d : table())
        if (d->traits.op == op)
            return *d;
    return kAllReduce;
}
} // namespace detail

std::span<const CollectiveTraits> collectives()
{
    return traitsTable();
}

const CollectiveTraits& traits(Collective op)
{
    for (const auto& t : traitsTable())
        if (t.op == op)
            return t;
    return traitsTable().front();
}

std::string_view name(Collective op)
{
    return traits(op).name;
}

std::optional<Collective> parseCollective(std::string_view text)
{
    const auto key = squash(text);
    for (const auto& t : traitsTable())
        if (key == squash(t.cliName) || key == squash(t.ncclTestsName))
            return t.op;
    return std::nullopt;
}

std::string collectiveNames()
{
    std::string out;
    for (const auto& t : traitsTable())
        out += (out.empty() ? "" : ", ") + std::string(t.cliName);
    return out;
}

double busBandwidthFactor(Collective op, int ranks)
{
    if (ranks < 1)
        return 0;
    const double n = ranks;
    switch (op) {
    case Collective::AllReduce:
        return 2.0 * (n - 1) / n;
    case Collective::ReduceScatter:
    case Collective::AllGather:
    case Collective::AllToAll:
    case Collective::Gather:
    case Collective::Scatter:
        return (n - 1) / n;
    case Collective::Broadcast:
    case Collective::Reduce:
    case Collective::SendRecv:
        return 1.0;
    }
    return 1.0;
}

} // namespace tutor::model
