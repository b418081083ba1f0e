// SPDX-License-Identifier: MIT
#pragma once
// Algorithms and protocols. One file per algorithm in algorithms/, registered in one table.
#include "model/collectives/collective.h"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::model {

enum class Algorithm {
    Auto, ///< pick the cheapest, as NCCL's tuner does
    Ring,
    DoubleBinaryTree, ///< NCCL ≥ 2.4 "Tree"
    HalvingDoubling, ///< Rabenseifner: recursive-halving ReduceScatter + recursive-doubling AllGather
    RecursiveDoubling,
    BinomialTree,
    Pairwise, ///< direct / pairwise exchange AllToAll (and direct Gather/Scatter/SendRecv)
    Nvls, ///< in-switch reduction (NVLink SHARP)
    NvlsTree, ///< NVLS inside each node, a tree between nodes (NCCL ≥ 2.18)
    CollNet, ///< in-network reduction between nodes (SHARP through NCCL's CollNet plugin)
    Hierarchical, ///< intra-node then inter-node then intra-node
};

enum class Protocol { Auto, LL, LL128, Simple };

/// A set of algorithms or of protocols, one bit per enumerator (what NCCL_ALGO and NCCL_PROTO list).
template <class E> class EnumSet {
public:
    constexpr EnumSet() = default;
    constexpr EnumSet(std::initializer_list<E> items)
    {
        for (const E item : items)
            m_bits |= 1u << static_cast<unsigned>(item);
    }
    constexpr bool empty() const { return m_bits == 0; }
    constexpr bool contains(E item) const { return (m_bits >> static_cast<unsigned>(item) & 1u) != 0; }
    bool operator==(const EnumSet&) const = default;

private:
    std::uint32_t m_bits = 0;
};

/// Where an algorithm comes from. `auto` chooses only among the NCCL ones, as NCCL's tuner does; the MPI /
/// textbook algorithms (recursive doubling, Rabenseifner, binomial trees, the two-level hierarchical
/// composition) stay available by hand, to animate and to compare.
enum class Origin {
    Nccl, ///< NCCL has it: ring, tree, NVLS, NVLSTree, CollNet, and point-to-point (pairwise) AllToAll / SendRecv
    Textbook, ///< MPI libraries and textbooks, not NCCL
};
Origin originOf(Algorithm algorithm);
/// "NCCL" or "MPI / textbook, not NCCL", the label every view and the CLI put beside such an algorithm.
std::string_view originLabel(Origin origin);

std::string_view name(Algorithm algorithm); ///< "ring", "tree", "rabenseifner", ...
std::string_view name(Protocol protocol); ///< "LL", "LL128", "Simple"
std::optional<Algorithm> parseAlgorithm(std::string_view text);
std::optional<Protocol> parseProtocol(std::string_view text);
std::span<const Algorithm> concreteAlgorithms(); ///< every algorithm except Auto
/// "auto, ring, tree, …": every name parseAlgorithm() accepts first, from the registry.
std::string algorithmNames();
std::span<const Protocol> concreteProtocols(); ///< LL, LL128, Simple
/// The names of a set's members in the order of concreteAlgorithms() / concreteProtocols().
std::vector<std::string_view> names(EnumSet<Algorithm> set);
std::vector<std::string_view> names(EnumSet<Protocol> set);
/// The collectives an algorithm has a cost and a schedule for (ring: AllReduce, ReduceScatter, AllGather,
/// Broadcast, Reduce; pairwise: AllToAll, Gather, Scatter, SendRecv; …). Empty for Auto.
std::span<const Collective> collectivesOf(Algorithm algorithm);
/// The concrete algorithms defined for a collective, in the table's order.
std::vector<Algorithm> algorithmsFor(Collective op);

} // namespace tutor::model
