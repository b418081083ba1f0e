#pragma once
// Algorithms and protocols. One file per algorithm in algorithms/, registered in one table.
#include <optional>
#include <span>
#include <string_view>

namespace tutor::model {

enum class Algorithm {
    Auto,              ///< pick the cheapest, as NCCL's tuner does
    Ring,
    DoubleBinaryTree,  ///< NCCL ≥ 2.4 "Tree"
    HalvingDoubling,   ///< Rabenseifner: recursive-halving ReduceScatter + recursive-doubling AllGather
    RecursiveDoubling,
    BinomialTree,
    Pairwise,          ///< direct / pairwise exchange AllToAll (and direct Gather/Scatter/SendRecv)
    Nvls,              ///< in-switch reduction (NVLink SHARP)
    Hierarchical,      ///< intra-node then inter-node then intra-node
};

enum class Protocol { Auto, LL, LL128, Simple };

std::string_view name(Algorithm algorithm);   ///< "ring", "tree", "rabenseifner", ...
std::string_view name(Protocol protocol);     ///< "LL", "LL128", "Simple"
std::optional<Algorithm> parseAlgorithm(std::string_view text);
std::optional<Protocol> parseProtocol(std::string_view text);
std::span<const Algorithm> concreteAlgorithms(); ///< every algorithm except Auto
std::span<const Protocol> concreteProtocols();   ///< LL, LL128, Simple

} // namespace tutor::model
