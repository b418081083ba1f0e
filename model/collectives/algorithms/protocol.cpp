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
// tuning.cc baseLat, µs, {LL, LL128, Simple}.
constexpr double kBaseTreeUs[3] = { 6.8, 14.0, 8.4 };
constexpr double kBaseRingUs[3] = { 6.6, 14.0, 8.4 };
// tuning.cc hwLat, µs, [NVLink | PCI | NET][Tree | Ring][LL, LL128, Simple].
constexpr double kHopUs[3][2][3] = {
    { { 0.6, 1.25, 4.0 }, { 0.6, 1.9, 3.4 } }, // NVLink
    { { 1.0, 1.9, 4.0 }, { 1.0, 2.5, 5.7 } }, // PCI (also used for shared memory)
    { { 5.0, 8.5, 14.0 }, { 2.7, 4.0, 14.0 } }, // network
};
// NVLS ≈ 25 µs over NVLink (tuning.cc hwLat NVLink NVLS Simple); Simple only.
constexpr double kNvlsHopUs = 25.0;

int protocolIndex(Protocol p)
{
    switch (p) {
    case Protocol::LL:
        return 0;
    case Protocol::LL128:
        return 1;
    default:
        return 2;
    }
}

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
    const int p = protocolIndex(protocol);
    switch (family) {
    case LatencyFamily::Tree:
        return kBaseTreeUs[p] * kMicro;
    case LatencyFamily::Ring:
        return kBaseRingUs[p] * kMicro;
    case LatencyFamily::Nvls:
        return 0;
    }
    return 0;
}

Seconds hopLatencySeconds(const Link& link, LatencyFamily family, Protocol protocol)
{
    const int c = linkClass(link.kind);
    const double reference = kHopUs[c][1][2]; // Ring/Simple: the figure a preset's α holds
    double figure = 0;
    if (family == LatencyFamily::Nvls)
        figure = kNvlsHopUs;
    else
        figure = kHopUs[c][family == LatencyFamily::Tree ? 0 : 1][protocolIndex(protocol)];
    return link.alphaSeconds * figure / reference;
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
