// SPDX-License-Identifier: MIT
#pragma once
// Links and hardware presets. Every figure carries its source beside it (see presets.cpp).
#include "model/collectives/problem.h"
#include "model/collectives/units.h"

#include <span>
#include <string>
#include <string_view>

namespace tutor::model {

/// The physical kind of a link; decides how views draw it and which NCCL per-hop latency applies.
enum class LinkKind {
    NVLink,
    PCIe,
    SharedMemory,
    InfiniBand,
    RoCE,
    Ethernet,
    Efa, ///< AWS Elastic Fabric Adapter (SRD over Ethernet, through the aws-ofi-nccl plugin)
};
std::string_view name(LinkKind kind);
/// True for links between nodes (InfiniBand, RoCE, Ethernet, EFA).
bool isNetwork(LinkKind kind);

/// One link class as the α-β model sees it, per GPU and per direction.
struct Link {
    LinkKind kind = LinkKind::NVLink;
    double alphaSeconds = 0; ///< per-message, per-hop start-up latency α
    double bandwidthGBps = 0; ///< achievable unidirectional bandwidth per GPU β (what a ring can reach)
    double lineRateGBps = 0; ///< the vendor's unidirectional line rate per GPU (for "fraction of line rate")
    std::string source; ///< where the figures come from
    bool operator==(const Link&) const = default;
};

/// Problems with a link's figures; `field` is the path prefix to report ("topology.intra").
Problems validate(const Link& link, const std::string& field);

/// A machine type: how many GPUs a node has, how they are connected, and what each GPU computes and holds.
struct HardwarePreset {
    std::string id; ///< command-line name: "dgx-a100", "hgx-h100", ...
    std::string name; ///< display name: "NVIDIA DGX A100 (8× A100 SXM4 80 GB)"
    int gpusPerNode = 8;
    Link intra; ///< GPU↔GPU inside a node
    Link inter; ///< node↔node, per NIC
    int nicsPerNode = 8; ///< compute NICs (rails); a rail serves gpusPerNode / nicsPerNode GPUs
    bool nvls = false; ///< NVSwitch with in-switch reduction (NVLink SHARP), Hopper and later
    double peakFlops = 0; ///< dense bf16 FLOP/s per GPU
    Bytes memoryBytes = 0; ///< device memory per GPU
    double reduceGBps = 0; ///< γ as a rate: bytes per second a GPU/CPU reduces, in GB/s
    std::string source; ///< sources for the compute and memory figures
    bool operator==(const HardwarePreset&) const = default;
};

/// The built-in presets: dgx-a100, hgx-h100, hgx-h200, pcie-gen4, pcie-gen5, cpu-laptop.
std::span<const HardwarePreset> presets();
/// The preset with this id, or a problem naming `field` and listing the known ids.
Result<HardwarePreset> findPreset(std::string_view id, const std::string& field = "preset");

} // namespace tutor::model
