// SPDX-License-Identifier: MIT
// The table of algorithms: one entry per file in this folder.
#include "model/collectives/algorithms/algorithm_impl.h"

#include <algorithm>
#include <array>

namespace tutor::model {

namespace detail {
namespace {
const std::array<const AlgorithmEntry*, 10>& table()
{
    static const std::array<const AlgorithmEntry*, 10> kTable {
        &kRingAlgorithm,
        &kDoubleBinaryTreeAlgorithm,
        &kHalvingDoublingAlgorithm,
        &kRecursiveDoublingAlgorithm,
        &kBinomialTreeAlgorithm,
        &kPairwiseAlgorithm,
        &kNvlsAlgorithm,
        &kNvlsTreeAlgorithm,
        &kCollNetAlgorithm,
        &kHierarchicalAlgorithm,
    };
    return kTable;
}
} // namespace

std::span<const AlgorithmEntry* const> algorithmTable()
{
    return table();
}

const AlgorithmEntry* findAlgorithm(Algorithm algorithm)
{
    for (const auto* e : table())
        if (e->algorithm == algorithm)
            return e;
    return nullptr;
}

bool supports(const AlgorithmEntry& entry, Collective op)
{
    return std::find(entry.collectives.begin(), entry.collectives.end(), op) != entry.collectives.end();
}
} // namespace detail

namespace {
constexpr std::array kConcrete { Algorithm::Ring, Algorithm::DoubleBinaryTree, Algorithm::HalvingDoubling,
    Algorithm::RecursiveDoubling, Algorithm::BinomialTree, Algorithm::Pairwise, Algorithm::Nvls, Algorithm::NvlsTree,
    Algorithm::CollNet, Algorithm::Hierarchical };
} // namespace

std::span<const Algorithm> concreteAlgorithms()
{
    return kConcrete;
}

Origin originOf(Algorithm algorithm)
{
    const auto* entry = detail::findAlgorithm(algorithm);
    return entry ? entry->origin : Origin::Nccl;
}

std::string_view originLabel(Origin origin)
{
    return origin == Origin::Nccl ? "NCCL" : "MPI / textbook, not NCCL";
}

std::string algorithmNames()
{
    std::string out(name(Algorithm::Auto));
    for (const Algorithm a : concreteAlgorithms())
        out += ", " + std::string(name(a));
    return out;
}

std::span<const Collective> collectivesOf(Algorithm algorithm)
{
    if (const auto* e = detail::findAlgorithm(algorithm))
        return e->collectives;
    return {};
}

std::vector<Algorithm> algorithmsFor(Collective op)
{
    std::vector<Algorithm> out;
    for (const auto* e : detail::table())
        if (detail::supports(*e, op))
            out.push_back(e->algorithm);
    return out;
}

} // namespace tutor::model
