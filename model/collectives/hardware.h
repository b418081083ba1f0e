// SPDX-License-Identifier: MIT
#pragma once
// Links and hardware presets. Every figure carries its source beside it (see presets/catalog.h).
#include "model/collectives/algorithm.h"
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

/// The GPU generation NCCL's tuner keys its tables on (tuning.cc compCapIndex: sm70–sm75 Volta, sm80–sm89
/// Ampere, sm90 Hopper, sm100 Blackwell). Cpu: MPI ranks on CPU cores, where NCCL's model does not apply.
enum class GpuArch { Cpu, Volta, Ampere, Hopper, Blackwell };
std::string_view name(GpuArch arch);

/// What a fabric's usual NCCL setup (its net plugin or the vendor's environment profile) leaves NCCL's tuner across
/// nodes. aws-ofi-nccl sets NCCL_PROTO=Simple on p4d, whose EFA has no in-order 128-byte writes; Google's A3 Mega
/// profile sets NCCL_PROTO=Simple, NCCL_ALGO=Ring,Tree and NCCL_NVLS_ENABLE=0 and loads its tuner plugin; its TCPX
/// setup for A3 High sets NCCL_ALGO=Ring; CSCS sets NCCL_PROTO=^LL128 on Alps. Auto chooses among what is allowed; a
/// protocol left to auto under a forced algorithm keeps to NCCL_PROTO, and what is forced by hand overrides the setting
/// it replaces and is costed as it runs.
struct NetSetup {
    EnumSet<Algorithm> algorithms; ///< NCCL_ALGO; empty: every algorithm NCCL's own rules allow
    EnumSet<Protocol> protocols; ///< NCCL_PROTO; empty: every protocol
    /// A tuner plugin whose tables were measured on the fabric (NCCL_TUNER_PLUGIN) chooses: auto takes the pair
    /// that is fastest, not the one NCCL's estimate favours.
    bool tunerPlugin = false;
    bool empty() const { return algorithms.empty() && protocols.empty() && !tunerPlugin; }
    bool allows(Algorithm algorithm, Protocol protocol) const
    {
        return (algorithms.empty() || algorithms.contains(algorithm))
            && (protocols.empty() || protocols.contains(protocol));
    }
    bool operator==(const NetSetup&) const = default;
};

/// What NCCL's topology search and tuner know about a machine beyond α and β (src/graph/search.cc, tuning.cc),
/// figures the collective model needs to choose and cost as NCCL does. Every preset cites its sources.
struct NcclFigures {
    GpuArch arch = GpuArch::Cpu;
    int channels = 1; ///< ring channels of the graph NCCL finds; its per-channel caps multiply by this
    double nvlsBusGBps = 0; ///< NVLS AllReduce bus bandwidth inside a node (0: no NVLink SHARP)
    int nvlsDomainGpus = 0; ///< GPUs behind one NVSwitch; auto uses NVLS only when a node's group has them all
    double netLatencyUs = 0; ///< extra latency per network step (NCCL's graph latencyInter; EFA, TCPXO)
    double p2pNetGBps = 0; ///< send/recv β between GPUs of different nodes (NCCL runs p2p on 2 channels per peer)
    double oneWayGBps = 0; ///< β inside a node when a GPU only sends or only receives (2-rank chain); 0: β
    bool collnet = false; ///< in-network reduction (SHARP / CollNet) in the switches between nodes
    /// NVLink joins the node's GPUs point to point, with no NVSwitch: NCCL then has CollNet Chain but not Direct
    /// (tuning.cc: "Disable CollNet+Direct if not on an NVSwitch system").
    bool nvlinkWithoutSwitch = false;
    /// What a call costs beyond NCCL's tuner: the kernel launch and completion nccl-tests times (µs, added to every
    /// call) and, on one node, what each GPU beyond the first adds to an LL or LL128 call (µs, whatever its steps).
    double launchUs = 0;
    double lowLatencyPerGpuUs = 0;
    /// The network's chunk pipeline: a call across nodes streams S through its pipeline in chunks, each paying a
    /// per-chunk overhead, which costs about 2·√(S · pipelineUs / bandwidth) more than S / bandwidth (the
    /// optimal-chunk pipeline's fill term). µs; 0 on one node, and not paid with one GPU per node (nccltuning.cpp).
    double netPipelineUs = 0;
    /// What each NIC of a node carries under NCCL's rings and trees while all of the node's NICs stream at once, as a
    /// share of what one NIC carries alone (1: no loss). Applies where a node's GPUs use more than one NIC
    /// (ncclNodeNetGBps); AllToAll's per-peer sends keep the full rate.
    double netConcurrentShare = 1;
    /// What an NVLSTree call's NVLS stage inside the node keeps of its one-node rate while the node's NICs stream
    /// (1: all of it; fitted per fabric, catalog.h).
    double nvlsTreeShare = 1;
    /// An LL call across nodes of at least netLlStepBytes pays netLlStepUs more per network step on its critical path
    /// (µs, fitted per fabric where such calls measure far slower than NCCL's per-step latency says; 0: none).
    double netLlStepUs = 0;
    double netLlStepBytes = 0;
    /// A Simple tree AllReduce across nodes pays netTreeChunkUs more for each chunk a channel streams (NCCL's tree
    /// chunk, which enqueue.cc shrinks for mid-size calls) at each network step of the tree, 2·log2(nodes) (µs, fitted
    /// per fabric where mid-size trees measure far slower than their bandwidth says; 0: none).
    double netTreeChunkUs = 0;
    /// What the fabric's usual NCCL setup leaves NCCL's tuner across nodes, beyond NCCL's own rules (fabricSetup()).
    NetSetup net;
    bool operator==(const NcclFigures&) const = default;
};

/// What the step simulator's compute model needs about a GPU beyond its peak (model/sim/kernels.h): memory
/// bandwidth for the element-wise layer operations and the optimizer, the SM count for wave quantization, and
/// the achieved fractions of peak that no datasheet gives (fitted on tests/data/validation/steps.json).
struct ComputeFigures {
    double memoryGBps = 0; ///< HBM/GDDR bandwidth per GPU (datasheet)
    double fp8PeakFlops = 0; ///< dense fp8 FLOP/s per GPU; 0: no fp8 tensor cores
    int sms = 1; ///< streaming multiprocessors (a GEMM's tiles run in waves of this many)
    double gemmEfficiency = 0.5; ///< fraction of peak a large GEMM reaches (cuBLAS, bf16)
    /// fraction of the fp8 peak an fp8 GEMM reaches (its operands' cast kernels are costed on their own)
    double fp8GemmEfficiency = 0.5;
    /// time each expert on a GPU adds to an MoE block per micro-batch, forward, in µs (backward twice): the launches,
    /// casts and tails of the expert's own GEMMs, which one dense MLP of the same FLOPs pays once (0: none)
    double moeExpertUs = 0;
    /// Fractions of the bf16 peak a fused attention kernel reaches on the causal half of the score matrix, forward and
    /// backward (the backward's FLOPs are 2.5× the forward's), for the two kernels training frameworks call.
    struct Attention {
        double forward = 0.4;
        double backward = 0.4;
        bool operator==(const Attention&) const = default;
    };
    Attention flashAttention2; ///< FlashAttention-2: PyTorch SDPA's flash backend, the flash-attn 2 package
    Attention cudnnAttention; ///< cuDNN's fused attention: what Transformer Engine runs on Hopper and later
    /// The share of FlashAttention-2's rate that the FlashAttention written in Triton (llm-foundry's attn_impl
    /// "triton", 2023) reaches, forward and backward alike (the GPU presets hold the fitted figure, presets/catalog.h)
    double tritonAttentionShare = 0.5;
    double memoryEfficiency = 0.8; ///< fraction of memory bandwidth an element-wise kernel reaches
    double kernelGapUs = 0; ///< idle time between two kernels of one stream (launch and tail), µs
    /// Host time, ms, to launch one MoE layer's kernels for one micro-batch's forward and backward in eager PyTorch
    /// (Megatron-Core without CUDA graphs): the least such a layer lasts, a third of it forward and two thirds
    /// backward. Dropless routing brings the token counts to the host once per layer, so the host cannot run further
    /// ahead. 0: not modelled.
    double moeHostMs = 0;
    bool operator==(const ComputeFigures&) const = default;
};

/// A link's bandwidth bounds (GB/s), for presets, typed topologies and overrides alike: past them a time is 0 or
/// infinite, not a slow or fast link.
inline constexpr double kMinLinkGBps = 1e-3;
inline constexpr double kMaxLinkGBps = 1e9;

/// Problems with a link's figures; `field` is the path prefix to report ("topology.intra").
Problems validate(const Link& link, const std::string& field);

/// A machine type: how many GPUs a node has, how they are connected, and what each GPU computes and holds.
struct HardwarePreset {
    std::string id; ///< command-line name: "dgx-a100", "hgx-h100", ...
    std::string name; ///< display name: "NVIDIA DGX A100 (8× A100 SXM4 80 GB)"
    std::string nameZhCN; ///< the display name in Chinese (empty: the English one)
    int gpusPerNode = 8;
    Link intra; ///< GPU↔GPU inside a node
    Link inter; ///< node↔node, per NIC
    int nicsPerNode = 8; ///< compute NICs (rails); a rail serves gpusPerNode / nicsPerNode GPUs
    bool nvls = false; ///< NVSwitch with in-switch reduction (NVLink SHARP), Hopper and later
    NcclFigures nccl; ///< what NCCL's tuner needs (arch, channels, NVLS and network figures)
    double peakFlops = 0; ///< dense bf16 FLOP/s per GPU
    Bytes memoryBytes = 0; ///< device memory per GPU
    ComputeFigures compute; ///< what the step simulator's compute model needs
    double reduceGBps = 0; ///< γ as a rate: bytes per second a GPU/CPU reduces, in GB/s
    std::string source; ///< sources for the compute and memory figures
    bool operator==(const HardwarePreset&) const = default;
};

/// The built-in presets (hgx-h100, dgx-a100, aws-p5, gb200-nvl72, pcie-nop2p, cpu-laptop, …), each with sources.
std::span<const HardwarePreset> presets();
/// The preset with this id, or a problem naming `field` and listing the known ids.
Result<HardwarePreset> findPreset(std::string_view id, const std::string& field = "preset");

} // namespace tutor::model
