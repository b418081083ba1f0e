// SPDX-License-Identifier: MIT
// Protocols LL, LL128, Simple as NCCL's tuner models them (NVIDIA/nccl src/graph/tuning.cc), and the names
// and parsers of algorithms and protocols.
#include "model/collectives/algorithms/algorithm_impl.h"

#include <array>
#include <cctype>
#include <string>

namespace tutor::model {

namespace detail {
namespace {
int linkClass(LinkKind kind)
{
    if (kind == LinkKind::NVLink)
        return 0;
    if (isNetwork(kind))
        return 2;
    return 1;
}
} // namespace

double protocolEfficiency(Protocol protocol)
{
    switch (protocol) {
    case Protocol::LL:
        return 0.5; // 8-byte stores carry 4 bytes of data and a 4-byte flag
    case Protocol::LL128:
        return 0.92; // 120 of every 128 bytes are data (NCCL models 0.92)
    default:
        return 1.0;
    }
}

Seconds baseLatencySeconds(LatencyFamily family, Protocol protocol)
{
    return tuningBaseLatencyUs(family, protocol) * kMicro;
}

Seconds hopLatencySeconds(const Link& link, LatencyFamily family, Protocol protocol)
{
    const int c = linkClass(link.kind);
    // Ring/Simple: the figure a preset's α holds.
    const double reference = tuningHopLatencyUs(c, LatencyFamily::Ring, Protocol::Simple);
    return link.alphaSeconds * tuningHopLatencyUs(c, family, protocol) / reference;
}

const char* protocolRule(Protocol protocol, Algorithm algorithm, const Topology& topology)
{
    if (algorithm == Algorithm::Nvls && protocol != Protocol::Simple)
        return "NVLS runs the Simple protocol only";
    if ((algorithm == Algorithm::NvlsTree || algorithm == Algorithm::CollNet) && protocol != Protocol::Simple)
        return "NVLSTree and CollNet run the Simple protocol only";
    if (protocol == Protocol::LL128 && topology.intra.kind != LinkKind::NVLink)
        return "LL128 needs NVLink inside the node (NCCL enables it by default only there)";
    return nullptr;
}
} // namespace detail

namespace {
std::string squash(std::string_view text)
{
    std::string out;
    for (char c : text)
        if (c != '_' && c != '-' && c != ' ')
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

constexpr std::array kProtocols { Protocol::LL, Protocol::LL128, Protocol::Simple };
} // namespace

std::string_view name(Protocol protocol)
{
    switch (protocol) {
    case Protocol::Auto:
        return "auto";
    case Protocol::LL:
        return "LL";
    case Protocol::LL128:
        return "LL128";
    case Protocol::Simple:
        return "Simple";
    }
    return "?";
}

std::optional<Protocol> parseProtocol(std::string_view text)
{
    const auto key = squash(text);
    if (key == "auto")
        return Protocol::Auto;
    for (auto p : kProtocols)
        if (key == squash(name(p)))
            return p;
    return std::nullopt;
}

std::span<const Protocol> concreteProtocols()
{
    return kProtocols;
}

namespace {
template <class E> std::vector<std::string_view> namesOf(EnumSet<E> set, std::span<const E> all)
{
    std::vector<std::string_view> out;
    for (const E item : all)
        if (set.contains(item))
            out.push_back(name(item));
    return out;
}
} // namespace

std::vector<std::string_view> names(EnumSet<Algorithm> set)
{
    return namesOf(set, concreteAlgorithms());
}

std::vector<std::string_view> names(EnumSet<Protocol> set)
{
    return namesOf(set, concreteProtocols());
}

std::string_view name(Algorithm algorithm)
{
    if (algorithm == Algorithm::Auto)
        return "auto";
    if (const auto* e = detail::findAlgorithm(algorithm))
        return e->name;
    return "?";
}

std::optional<Algorithm> parseAlgorithm(std::string_view text)
{
    const auto key = squash(text);
    if (key == "auto")
        return Algorithm::Auto;
    for (const auto* e : detail::algorithmTable()) {
        if (key == squash(e->name))
            return e->algorithm;
        std::string_view rest = e->aliases;
        while (!rest.empty()) {
            const auto comma = rest.find(',');
            if (key == squash(rest.substr(0, comma)))
                return e->algorithm;
            rest = comma == std::string_view::npos ? std::string_view {} : rest.substr(comma + 1);
        }
    }
    return std::nullopt;
}

} // namespace tutor::model
