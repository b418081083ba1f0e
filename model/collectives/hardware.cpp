// SPDX-License-Identifier: MIT
// Link kinds, GPU generations and the checks on a link's figures (the preset table is presets.cpp, each preset in
// presets/<vendor>.cpp).
#include "model/collectives/hardware.h"

#include <cmath>
#include <cstdio>

namespace tutor::model {

namespace {
std::string number(double v)
{
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}
} // namespace

std::string_view name(GpuArch arch)
{
    switch (arch) {
    case GpuArch::Cpu:
        return "CPU";
    case GpuArch::Volta:
        return "Volta/Turing";
    case GpuArch::Ampere:
        return "Ampere";
    case GpuArch::Hopper:
        return "Hopper";
    case GpuArch::Blackwell:
        return "Blackwell";
    }
    return "?";
}

std::string_view name(LinkKind kind)
{
    switch (kind) {
    case LinkKind::NVLink:
        return "NVLink";
    case LinkKind::PCIe:
        return "PCIe";
    case LinkKind::SharedMemory:
        return "shared memory";
    case LinkKind::InfiniBand:
        return "InfiniBand";
    case LinkKind::Efa:
        return "EFA";
    case LinkKind::RoCE:
        return "RoCE";
    case LinkKind::Ethernet:
        return "Ethernet";
    }
    return "?";
}

bool isNetwork(LinkKind kind)
{
    return kind == LinkKind::InfiniBand || kind == LinkKind::RoCE || kind == LinkKind::Ethernet
        || kind == LinkKind::Efa;
}

Problems validate(const Link& link, const std::string& field)
{
    Problems out;
    if (!(link.alphaSeconds >= 0 && link.alphaSeconds <= 1e9 * kMicro))
        out.push_back({ field + ".alpha_us", number(link.alphaSeconds / kMicro), "must be finite and ≥ 0" });
    if (!(link.bandwidthGBps >= kMinLinkGBps && link.bandwidthGBps <= kMaxLinkGBps))
        out.push_back(
            { field + ".bandwidth_GBps", number(link.bandwidthGBps), "must be finite and in [0.001, 1e9] GB/s" });
    if (!std::isfinite(link.lineRateGBps) || link.lineRateGBps < 0)
        out.push_back({ field + ".line_rate_GBps", number(link.lineRateGBps), "must be finite and ≥ 0" });
    return out;
}

} // namespace tutor::model
