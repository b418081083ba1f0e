// SPDX-License-Identifier: MIT
// Hardware presets and link helpers. Every figure has its source beside it.
//
// β (Link::bandwidthGBps) is the *achievable* unidirectional bandwidth per GPU: what nccl-tests reports as
// busbw for a large ring AllReduce on that machine, or NCCL's own per-channel figure × channels where that is
// the better public number. lineRateGBps is the vendor's unidirectional figure, so a view can show "β is x % of
// line rate". α is the per-hop latency NCCL's tuner uses for the Simple protocol on a ring
// (NVIDIA/nccl src/graph/tuning.cc, hwLat[NVLINK|PCI|NET][RING][SIMPLE]); the other protocols scale from it.
//
// NcclFigures (what NCCL's tuner needs, hardware.h) carry their own comments. Two figures are the same on every
// NVLink preset because only H100 machines have public small-message data: launchUs 7.4 µs (a call's launch and
// completion as nccl-tests times it) and lowLatencyHopScale 2.57 (the measured NVLink per-step latency of LL,
// 1.54 µs, over NCCL's 0.6 µs), fitted on the fit half of tests/data/validation: 8 B – 16 KiB AllReduce on
// 4 H100s (23 µs, 6 steps) and on 8 H100s (35 µs, 14 steps). An NVLink LL128 hop costs what the measured LL hop
// does (nccltuning.cpp): 2.57 × NCCL's 1.9 µs made 4 MiB on 4 H100s 59 % too slow. The fit half's 1 – 64 MiB
// single-node rows want less still (median error 11 % at 2.57 × 1.9 µs, 9 % at 1.54 µs, 6 % at 0.95 µs), but an LL128
// hop cannot be shorter than an LL hop (its flag arrives with a whole 128-byte line, LL's with 8 bytes). netPipelineUs,
// the network's chunk pipeline P, is fitted per fabric by least squares on the rows where it is the main unknown: the
// multi-node fit half's Simple rows of 64 MiB – 2 GiB (AllReduce, AllGather and ReduceScatter; rms of the log time
// error). InfiniBand and RoCE (10 rows: 4 × 8 VMs over NDR, 2 × 8 OCI over RoCE, 10 × 8 AllGather and ReduceScatter
// over NDR, 2 × 8 H200 AllGather over RoCE on GCP A3 Ultra): 10 µs (rms 5.3 %; 5.5 % at 8 and 12 µs, 6.6 % at 17, the
// figure before the A3 Ultra rows joined). EFA (3 rows, p5), with EFA's 22 µs step latency: 21 µs (rms 2.3 %; 3.1 % at
// 26, 5.9 % at 35). The Ethernet (TCPXO) preset has no such fit row and keeps 35 µs, the figure one P for every fabric
// got on the whole multi-node fit half's median.
#include "model/collectives/hardware.h"

#include <array>

namespace tutor::model {

namespace {
// NCCL tuning.cc hwLat, Ring/Simple per-hop latency in µs.
constexpr double kNvlinkRingSimpleUs = 3.4;
constexpr double kPcieRingSimpleUs = 5.7;
constexpr double kNetRingSimpleUs = 14.0;
// Measured on NVLink machines and kept the same on every NVLink preset (see the header comment).
constexpr double kNvlinkLaunchUs = 7.4;
constexpr double kNvlinkLowLatencyHopScale = 2.57;
// The network's chunk pipeline P (µs), per fabric (see the header comment).
constexpr double kIbPipelineUs = 10;
constexpr double kEfaPipelineUs = 21;
constexpr double kNetPipelineUs = 35;
// EFA's extra latency per network step (µs), fitted by least squares (rms of the log time error) on the multi-node
// fit half's EFA rows below 1 MiB (p5, 8 B – 64 KiB AllReduce, tree/LL), with EFA's 21 µs pipeline: rms 16.3 % at
// 22 µs, 16.5 % at 21, 16.4 % at 23, 17.1 % at 20, 32.0 % at 12 (the figure before an NVLink LL hop across nodes ran at
// NCCL's 0.6 µs, nccltuning.cpp).
constexpr double kEfaNetLatencyUs = 22;
// GPUDirect-TCPXO's (A3 Mega): not published, see the preset.
constexpr double kTcpxoNetLatencyUs = 12;
// GPUDirect-TCPX (A3 High), from the one public table found (skypilot-org/skypilot examples/gcp_gpu_direct_tcpx README
// at 088eebc2: AllReduce busbw on 2 × a3-highgpu-8g, 1 MiB – 2 GiB, busbw only, so it is the preset's source and not a
// validation run): β per NIC is the 68 GB/s plateau (256 MiB – 2 GiB) over the 4 GPU NICs; the step latency and the
// chunk pipeline are the pair that fits the table best, 200 µs and none (rms busbw error 11.6 %; 13.6 % at 250 µs,
// 21.7 % at 150 µs, 17.6 % at best with the 35 µs pipeline). TCPX is slow to start a call (1.5 ms at 1 MiB) and streams
// at its plateau from 256 MiB.
constexpr double kTcpxNicGBps = 17;
constexpr double kTcpxPipelineUs = 0;
constexpr double kTcpxNetLatencyUs = 200;

// Large-GEMM efficiencies fitted on the dense fit rows of tests/data/validation/steps.json, per generation and
// precision (`commtutor-cli validate-model --steps --fit-efficiency`); Blackwell has no dense bf16 fit row and
// keeps Hopper's bf16 figure. The MoE block's fraction of the dense rate is fitted on the MoE fit rows of every
// generation. Fused attention at FlashAttention-2's reported fraction of peak on A100 (≈ 0.6, Dao 2023) and lower
// on H100 (FA2/cuDNN).
constexpr double kAmpereGemmEfficiency = 0.70;
constexpr double kAmpereAttentionEfficiency = 0.6;
constexpr double kHopperGemmEfficiency = 0.55;
constexpr double kHopperFp8GemmEfficiency = 0.53;
constexpr double kBlackwellFp8GemmEfficiency = 0.46;
constexpr double kMoeEfficiency = 0.51;
constexpr double kHopperAttentionEfficiency = 0.5;

/// NVLink 4 through the NVSwitches of an 8 × H100 SXM5 board, as every H100 preset without a source of its own has it.
Link hopperNvlink()
{
    return { LinkKind::NVLink, kNvlinkRingSimpleUs * kMicro, 370.0, 450.0,
        "NVLink 4 / NVSwitch: line 450 GB/s per direction (H100 datasheet); β = nccl-tests ring busbw range "
        "360-380 GB/s on 8x H100; α = NCCL hwLat NVLink ring Simple 3.4 µs" };
}

// The compute model's achieved fractions of peak, per GPU generation (model/sim/kernels.h). Large-GEMM and fused-
// attention efficiencies are fitted on the fit half of tests/data/validation/steps.json (`commtutor-cli validate-model
// --steps --fit`); element-wise kernels reach ≈ 80 % of HBM bandwidth (STREAM-like copies on A100 and H100) and
// kernels of one stream sit ≈ 2 µs apart.
constexpr ComputeFigures gpuCompute(double memoryGBps, double fp8PeakFlops, int sms, GpuArch arch)
{
    ComputeFigures f { .memoryGBps = memoryGBps, .fp8PeakFlops = fp8PeakFlops, .sms = sms };
    switch (arch) {
    case GpuArch::Cpu:
        f.gemmEfficiency = 0.5;
        f.attentionEfficiency = 0.3;
        f.kernelGapUs = 0;
        return f;
    case GpuArch::Volta:
        f.gemmEfficiency = 0.75;
        f.attentionEfficiency = 0.35;
        break;
    case GpuArch::Ampere:
        f.gemmEfficiency = kAmpereGemmEfficiency;
        f.attentionEfficiency = kAmpereAttentionEfficiency;
        break;
    case GpuArch::Hopper:
        f.gemmEfficiency = kHopperGemmEfficiency;
        f.fp8GemmEfficiency = kHopperFp8GemmEfficiency;
        f.attentionEfficiency = kHopperAttentionEfficiency;
        break;
    case GpuArch::Blackwell:
        f.gemmEfficiency = kHopperGemmEfficiency;
        f.fp8GemmEfficiency = kBlackwellFp8GemmEfficiency;
        f.attentionEfficiency = kHopperAttentionEfficiency;
        break;
    }
    f.moeEfficiency = kMoeEfficiency;
    f.memoryEfficiency = 0.8;
    f.kernelGapUs = 2;
    return f;
}

const std::array<HardwarePreset, 17>& table()
{
    static const std::array<HardwarePreset, 17> kPresets {
        HardwarePreset {
            .id = "dgx-a100",
            .name = "NVIDIA DGX A100 (8× A100 SXM4 80 GB)",
            .nameZhCN = "NVIDIA DGX A100（8× A100 SXM4 80 GB）",
            .gpusPerNode = 8,
            // NVLink 3: 12 links × 25 GB/s = 300 GB/s per direction (NVIDIA A100 datasheet).
            // β 235 GB/s: NCCL caps sm80 ring bus bandwidth at 235 GB/s (tuning.cc, compCap80), which is
            // also where nccl-tests all_reduce_perf busbw plateaus on DGX A100 (≈ 78 % of line rate).
            .intra = { LinkKind::NVLink, kNvlinkRingSimpleUs * kMicro, 235.0, 300.0,
                "NVLink 3 / NVSwitch: line 300 GB/s per direction (A100 datasheet); β = NCCL sm80 ring cap "
                "235 GB/s (tuning.cc); α = NCCL hwLat NVLink ring Simple 3.4 µs" },
            // 8× Mellanox HDR 200 Gb/s = 25 GB/s per NIC; NCCL models 12 GB/s per 100 Gb/s of NIC.
            .inter = { LinkKind::InfiniBand, kNetRingSimpleUs * kMicro, 24.0, 25.0,
                "InfiniBand HDR 200 Gb/s per NIC = 25 GB/s line; β = NCCL net model 12 GB/s per 100 Gb/s "
                "(topo.h); α = NCCL hwLat NET ring Simple 14 µs" },
            .nicsPerNode = 8,
            .nvls = false,
            // A100: 12 NVLinks at NCCL's SM80_NVLINK_BW 20 GB/s → 12 ring channels (topo.h); IB: no extra network
            // latency; p2p across nodes 2 channels per peer (NCCL_NCHANNELS_PER_NET_PEER) ≈ half a NIC
            .nccl = { .arch = GpuArch::Ampere,
                .channels = 12,
                .nvlsBusGBps = 0,
                .nvlsDomainGpus = 0,
                .netLatencyUs = 0,
                .p2pNetGBps = 12,
                .oneWayGBps = 0,
                .launchUs = kNvlinkLaunchUs,
                .lowLatencyHopScale = kNvlinkLowLatencyHopScale,
                .netPipelineUs = kIbPipelineUs },
            .peakFlops = 312e12, // A100 SXM dense bf16 (datasheet)
            .memoryBytes = 80 * GiB,
            .compute = gpuCompute(2039, 0, 108, GpuArch::Ampere),
            .reduceGBps = 2039.0, // HBM2e bandwidth: NCCL fuses the sum into the copy, the extra cost is one more read
            .source = "A100 SXM4 80 GB datasheet: 312 TFLOP/s dense bf16, 80 GB HBM2e at 2,039 GB/s; "
                      "DGX A100 user guide: 8 GPUs, 6 NVSwitches, 8 HDR compute NICs",
        },
        HardwarePreset {
            .id = "hgx-h100",
            .name = "NVIDIA HGX H100 (8× H100 SXM5 80 GB)",
            .nameZhCN = "NVIDIA HGX H100（8× H100 SXM5 80 GB）",
            .gpusPerNode = 8,
            // NVLink 4: 18 links × 25 GB/s = 450 GB/s per direction (H100 datasheet).
            // β 370 GB/s: nccl-tests all_reduce_perf busbw on 8× H100 SXM without NVLS reaches
            // ≈ 360–380 GB/s (≈ 82 % of line rate); NCCL models 20.6 GB/s per NVLink channel (tuning.cc).
            .intra = hopperNvlink(),
            // 8× ConnectX-7 NDR 400 Gb/s = 50 GB/s per NIC; NCCL models 12 GB/s per 100 Gb/s → 48 GB/s.
            .inter = { LinkKind::InfiniBand, kNetRingSimpleUs * kMicro, 48.0, 50.0,
                "InfiniBand NDR 400 Gb/s per NIC = 50 GB/s line; β = NCCL net model 12 GB/s per 100 Gb/s "
                "(topo.h); α = NCCL hwLat NET ring Simple 14 µs" },
            .nicsPerNode = 8,
            .nvls = true, // third-generation NVSwitch with NVLink SHARP
            // H100: 16 ring channels; NVLS AllReduce bus bandwidth on 8 GPUs 469 GB/s: A = 272 GB/s algorithm
            // bandwidth fitted on the fit half (NVLS forced on 2, 4, 6 GPUs, nccltuning.cpp), 1.75 × A × 63/64. NCCL's
            // own figures give 510 (2 × NVLS efficiency 0.85 × 15/16 channels × 16 channels × 20 GB/s): the measured
            // one is 0.92 of it. IB: no extra network latency; p2p across nodes ≈ half a NIC
            .nccl = { .arch = GpuArch::Hopper,
                .channels = 16,
                .nvlsBusGBps = 469,
                .nvlsDomainGpus = 8,
                .netLatencyUs = 0,
                .p2pNetGBps = 24,
                .oneWayGBps = 0,
                .launchUs = kNvlinkLaunchUs,
                .lowLatencyHopScale = kNvlinkLowLatencyHopScale,
                .netPipelineUs = kIbPipelineUs },
            .peakFlops = 989e12, // H100 SXM dense bf16 (datasheet)
            .memoryBytes = 80 * GiB,
            .compute = gpuCompute(3350, 1979e12, 132, GpuArch::Hopper),
            .reduceGBps = 3350.0, // HBM3 bandwidth (the fused sum adds one read of the local operand)
            .source = "H100 SXM5 datasheet: 989 TFLOP/s dense bf16, 80 GB HBM3 at 3.35 TB/s; HGX H100: "
                      "8 GPUs, 4 NVSwitch (NVLink SHARP), 8 ConnectX-7 NDR NICs",
        },
        HardwarePreset {
            .id = "hgx-h200",
            .name = "NVIDIA HGX H200 (8× H200 SXM 141 GB)",
            .nameZhCN = "NVIDIA HGX H200（8× H200 SXM 141 GB）",
            .gpusPerNode = 8,
            .intra = { LinkKind::NVLink, kNvlinkRingSimpleUs * kMicro, 370.0, 450.0,
                "NVLink 4 / NVSwitch as HGX H100: line 450 GB/s per direction; β = nccl-tests ring busbw "
                "range 360-380 GB/s; α = NCCL hwLat NVLink ring Simple 3.4 µs" },
            .inter = { LinkKind::InfiniBand, kNetRingSimpleUs * kMicro, 48.0, 50.0,
                "InfiniBand NDR 400 Gb/s per NIC = 50 GB/s line; β = NCCL net model 12 GB/s per 100 Gb/s; "
                "α = NCCL hwLat NET ring Simple 14 µs" },
            .nicsPerNode = 8,
            .nvls = true,
            // as HGX H100 (same NVLink 4 NVSwitch)
            .nccl = { .arch = GpuArch::Hopper,
                .channels = 16,
                .nvlsBusGBps = 469,
                .nvlsDomainGpus = 8,
                .netLatencyUs = 0,
                .p2pNetGBps = 24,
                .oneWayGBps = 0,
                .launchUs = kNvlinkLaunchUs,
                .lowLatencyHopScale = kNvlinkLowLatencyHopScale,
                .netPipelineUs = kIbPipelineUs },
            .peakFlops = 989e12, // H200 SXM dense bf16, same tensor cores as H100 (datasheet)
            .memoryBytes = Bytes { 141'000'000'000 }, // 141 GB HBM3e (decimal, datasheet)
            .compute = gpuCompute(4800, 1979e12, 132, GpuArch::Hopper),
            .reduceGBps = 4800.0, // HBM3e bandwidth (the fused sum adds one read of the local operand)
            .source = "H200 SXM datasheet: 989 TFLOP/s dense bf16, 141 GB HBM3e at 4.8 TB/s; HGX H200: "
                      "8 GPUs, NVLink 4 NVSwitch with NVLink SHARP, 8 NDR NICs",
        },
        HardwarePreset {
            .id = "hgx-a800",
            .name = "NVIDIA HGX A800 (8× A800 SXM4 80 GB, NVLink 400 GB/s)",
            .nameZhCN = "NVIDIA HGX A800（8× A800 SXM4 80 GB，NVLink 400 GB/s）",
            .gpusPerNode = 8,
            // A800: the A100 with NVLink cut to 8 links, 400 GB/s bidirectional = 200 GB/s per direction
            // (NVIDIA A800 datasheet). β at the DGX A100 ring ratio 235 / 300 of line rate.
            .intra = { LinkKind::NVLink, kNvlinkRingSimpleUs * kMicro, 157.0, 200.0,
                "NVLink 3 with 8 links: line 200 GB/s per direction (400 GB/s bidirectional, A800 datasheet); "
                "β = 78 % of line, the DGX A100 ring ratio (235 of 300); α = NCCL hwLat NVLink ring Simple "
                "3.4 µs" },
            .inter = { LinkKind::InfiniBand, kNetRingSimpleUs * kMicro, 24.0, 25.0,
                "InfiniBand HDR 200 Gb/s per NIC = 25 GB/s line; β = NCCL net model 12 GB/s per 100 Gb/s "
                "(topo.h); α = NCCL hwLat NET ring Simple 14 µs" },
            .nicsPerNode = 8,
            .nvls = false,
            // A800: 8 NVLinks at 20 GB/s → 8 ring channels
            .nccl = { .arch = GpuArch::Ampere,
                .channels = 8,
                .nvlsBusGBps = 0,
                .nvlsDomainGpus = 0,
                .netLatencyUs = 0,
                .p2pNetGBps = 12,
                .oneWayGBps = 0,
                .launchUs = kNvlinkLaunchUs,
                .lowLatencyHopScale = kNvlinkLowLatencyHopScale,
                .netPipelineUs = kIbPipelineUs },
            .peakFlops = 312e12, // same tensor cores as A100 SXM (datasheet)
            .memoryBytes = 80 * GiB,
            .compute = gpuCompute(2039, 0, 108, GpuArch::Ampere),
            .reduceGBps = 2039.0,
            .source = "A800 SXM4 80 GB datasheet: 312 TFLOP/s dense bf16, 80 GB HBM2e at 2,039 GB/s, NVLink "
                      "400 GB/s; 8 HDR NICs as DGX A100",
        },
        HardwarePreset {
            .id = "hgx-h800",
            .name = "NVIDIA HGX H800 (8× H800 SXM5 80 GB, NVLink 400 GB/s)",
            .nameZhCN = "NVIDIA HGX H800（8× H800 SXM5 80 GB，NVLink 400 GB/s）",
            .gpusPerNode = 8,
            // H800: the H100 SXM with NVLink cut to 8 links, 400 GB/s bidirectional = 200 GB/s per direction
            // (NVIDIA H800 datasheet). β at the HGX H100 ring ratio 370 / 450 of line rate.
            .intra = { LinkKind::NVLink, kNvlinkRingSimpleUs * kMicro, 164.0, 200.0,
                "NVLink 4 with 8 links: line 200 GB/s per direction (400 GB/s bidirectional, H800 datasheet); "
                "β = 82 % of line, the HGX H100 ring ratio (370 of 450); α = NCCL hwLat NVLink ring Simple "
                "3.4 µs" },
            .inter = { LinkKind::InfiniBand, kNetRingSimpleUs * kMicro, 48.0, 50.0,
                "InfiniBand NDR 400 Gb/s per NIC = 50 GB/s line; β = NCCL net model 12 GB/s per 100 Gb/s "
                "(topo.h); α = NCCL hwLat NET ring Simple 14 µs" },
            .nicsPerNode = 8,
            .nvls = true, // third-generation NVSwitch as HGX H100
            // H800: 8 NVLinks → 8 ring channels; NVLS bus bandwidth the HGX H100 figure × 8/18 links
            .nccl = { .arch = GpuArch::Hopper,
                .channels = 8,
                .nvlsBusGBps = 209,
                .nvlsDomainGpus = 8,
                .netLatencyUs = 0,
                .p2pNetGBps = 24,
                .oneWayGBps = 0,
                .launchUs = kNvlinkLaunchUs,
                .lowLatencyHopScale = kNvlinkLowLatencyHopScale,
                .netPipelineUs = kIbPipelineUs },
            .peakFlops = 989e12, // same tensor cores as H100 SXM (datasheet)
            .memoryBytes = 80 * GiB,
            .compute = gpuCompute(3350, 1979e12, 132, GpuArch::Hopper),
            .reduceGBps = 3350.0,
            .source = "H800 SXM5 datasheet: 989 TFLOP/s dense bf16, 80 GB HBM3 at 3.35 TB/s, NVLink 400 GB/s; "
                      "8 NDR NICs as HGX H100",
        },
        HardwarePreset {
            .id = "aws-p4d",
            .name = "AWS p4d.24xlarge (8× A100 SXM4 40 GB, 4× 100 Gb/s EFA)",
            .nameZhCN = "AWS p4d.24xlarge（8× A100 SXM4 40 GB，4× 100 Gb/s EFA）",
            .gpusPerNode = 8,
            .intra = { LinkKind::NVLink, kNvlinkRingSimpleUs * kMicro, 235.0, 300.0,
                "NVLink 3 / NVSwitch: line 300 GB/s per direction (600 GB/s bidirectional, AWS P4 page); "
                "β = NCCL sm80 ring cap 235 GB/s (tuning.cc); α = NCCL hwLat NVLink ring Simple 3.4 µs" },
            // 4 EFA NICs of 100 Gb/s = 12.5 GB/s each (AWS P4 instance page: 400 Gbps EFA).
            .inter = { LinkKind::Efa, kNetRingSimpleUs * kMicro, 12.0, 12.5,
                "EFA 100 Gb/s per NIC = 12.5 GB/s line, 4 per instance (AWS EC2 P4 page); β = NCCL net "
                "model 12 GB/s per 100 Gb/s; α = NCCL hwLat NET ring Simple 14 µs (EFA's small-message "
                "latency is higher in practice)" },
            .nicsPerNode = 4,
            .nvls = false,
            // as DGX A100 inside; EFA adds kEfaNetLatencyUs per network step (fitted on p5's rows: same EFA stack).
            // aws-ofi-nccl sets NCCL_PROTO=simple on p4d/p4de: their EFA has no in-order 128-byte RDMA writes, which LL
            // and LL128 need (aws/aws-ofi-nccl src/platform-aws: "only set simple in cases where we know that it is not
            // safe (P4d/P4e)", 0bac2382; P5 exempted in 3d5e21db).
            .nccl = { .arch = GpuArch::Ampere,
                .channels = 12,
                .nvlsBusGBps = 0,
                .nvlsDomainGpus = 0,
                .netLatencyUs = kEfaNetLatencyUs,
                .p2pNetGBps = 6,
                .oneWayGBps = 0,
                .launchUs = kNvlinkLaunchUs,
                .lowLatencyHopScale = kNvlinkLowLatencyHopScale,
                .netPipelineUs = kEfaPipelineUs,
                .net = { .protocols = { Protocol::Simple } } },
            .peakFlops = 312e12,
            .memoryBytes = 40 * GiB,
            .compute = gpuCompute(1555, 0, 108, GpuArch::Ampere),
            .reduceGBps = 1555.0, // A100 40 GB HBM2
            .source = "AWS EC2 P4 instances: p4d.24xlarge, 8× A100 40 GB, NVSwitch 600 GB/s, 400 Gbps EFA; "
                      "A100 40 GB datasheet: 1,555 GB/s HBM2, 312 TFLOP/s dense bf16",
        },
        HardwarePreset {
            .id = "aws-p5",
            .name = "AWS p5.48xlarge (8× H100 SXM5 80 GB, 32× 100 Gb/s EFA)",
            .nameZhCN = "AWS p5.48xlarge（8× H100 SXM5 80 GB，32× 100 Gb/s EFA）",
            .gpusPerNode = 8,
            .intra = { LinkKind::NVLink, kNvlinkRingSimpleUs * kMicro, 370.0, 450.0,
                "NVLink 4 / NVSwitch: line 450 GB/s per direction (900 GB/s bidirectional, AWS P5 page); β = "
                "nccl-tests ring busbw range 360-380 GB/s on 8x H100; α = NCCL hwLat NVLink ring Simple 3.4 µs" },
            // 32 EFA NICs of 100 Gb/s, four per GPU: modelled as 8 NIC groups of 400 Gb/s, one per GPU.
            .inter = { LinkKind::Efa, kNetRingSimpleUs * kMicro, 48.0, 50.0,
                "EFAv2 3,200 Gbps per instance = 32 × 100 Gb/s, four per GPU (AWS EC2 P5 page), as 8 groups "
                "of 400 Gb/s = 50 GB/s line; β = NCCL net model 12 GB/s per 100 Gb/s; α = NCCL hwLat NET "
                "ring Simple 14 µs" },
            .nicsPerNode = 8,
            .nvls = true,
            // as HGX H100 inside; EFA adds kEfaNetLatencyUs per network step (fitted on the fit half's p5 rows)
            .nccl = { .arch = GpuArch::Hopper,
                .channels = 16,
                .nvlsBusGBps = 469,
                .nvlsDomainGpus = 8,
                .netLatencyUs = kEfaNetLatencyUs,
                .p2pNetGBps = 24,
                .oneWayGBps = 0,
                .launchUs = kNvlinkLaunchUs,
                .lowLatencyHopScale = kNvlinkLowLatencyHopScale,
                .netPipelineUs = kEfaPipelineUs },
            .peakFlops = 989e12,
            .memoryBytes = 80 * GiB,
            .compute = gpuCompute(3350, 1979e12, 132, GpuArch::Hopper),
            .reduceGBps = 3350.0,
            .source = "AWS EC2 P5 instances: p5.48xlarge, 8× H100 80 GB, NVSwitch 900 GB/s, 3,200 Gbps EFAv2; "
                      "H100 SXM5 datasheet",
        },
        HardwarePreset {
            .id = "gcp-a3-high",
            .name = "Google Cloud A3 High (8× H100 SXM5 80 GB, 4× 200 Gb/s GPUDirect-TCPX)",
            .nameZhCN = "Google Cloud A3 High（8× H100 SXM5 80 GB，4× 200 Gb/s GPUDirect-TCPX）",
            .gpusPerNode = 8,
            .intra = hopperNvlink(),
            .inter = { LinkKind::Ethernet, kNetRingSimpleUs * kMicro, kTcpxNicGBps, 25.0,
                "GPUDirect-TCPX: 4 GPU NICs of 200 Gb/s = 25 GB/s line each, one per two GPUs, 1,000 Gbps per VM "
                "with the host NIC (Google Cloud GPU network bandwidth page); β = 68 GB/s AllReduce busbw "
                "measured on 2 nodes (skypilot-org/skypilot GPUDirect-TCPX README) over 4 NICs; α = NCCL hwLat "
                "NET ring Simple 14 µs" },
            .nicsPerNode = 4,
            .nvls = true,
            // as HGX H100 inside; the network's step latency, chunk pipeline and β from SkyPilot's TCPX table
            // (kTcpxNetLatencyUs); p2p across nodes at half a NIC, as on the other presets. Google's TCPX NCCL setup
            // (SkyPilot's nccl_tcpx_gcpvm_h100.yaml) sets NCCL_ALGO=Ring and NCCL_PROTO=Simple, with 8 channels
            // (NCCL_MIN/MAX_NCHANNELS).
            .nccl = { .arch = GpuArch::Hopper,
                .channels = 16,
                .nvlsBusGBps = 469,
                .nvlsDomainGpus = 8,
                .netLatencyUs = kTcpxNetLatencyUs,
                .p2pNetGBps = 8,
                .oneWayGBps = 0,
                .launchUs = kNvlinkLaunchUs,
                .lowLatencyHopScale = kNvlinkLowLatencyHopScale,
                .netPipelineUs = kTcpxPipelineUs,
                .net = { .algorithms = { Algorithm::Ring }, .protocols = { Protocol::Simple } } },
            .peakFlops = 989e12,
            .memoryBytes = 80 * GiB,
            .compute = gpuCompute(3350, 1979e12, 132, GpuArch::Hopper),
            .reduceGBps = 3350.0,
            .source = "Google Cloud accelerator-optimized machines: a3-highgpu-8g, 8× H100 80 GB, 1,000 Gbps "
                      "(GPUDirect-TCPX); H100 SXM5 datasheet",
        },
        HardwarePreset {
            .id = "gcp-a3-mega",
            .name = "Google Cloud A3 Mega (8× H100 SXM5 80 GB, 8× 200 Gb/s GPUDirect-TCPXO)",
            .nameZhCN = "Google Cloud A3 Mega（8× H100 SXM5 80 GB，8× 200 Gb/s GPUDirect-TCPXO）",
            .gpusPerNode = 8,
            .intra = hopperNvlink(),
            .inter = { LinkKind::Ethernet, kNetRingSimpleUs * kMicro, 24.0, 25.0,
                "GPUDirect-TCPXO: 8 NICs of 200 Gb/s = 25 GB/s line each, 1,600 Gbps per VM (Google Cloud "
                "A3 Mega machine type); β = NCCL net model 12 GB/s per 100 Gb/s; α = NCCL hwLat NET ring "
                "Simple 14 µs" },
            .nicsPerNode = 8,
            .nvls = true,
            // as HGX H100 inside; GPUDirect-TCPXO per-step latency is not published and no fit row has it: 12 µs, the
            // EFA figure before the tree's in-node hop changed. EFA's refitted 22 µs would make this run's held-out
            // rows below 1 MiB 26–52 % too slow, so these rows no longer test this figure independently. Google's
            // NCCL profile for TCPXO (the nccl-env-profile.sh its A3 Mega guides source) sets NCCL_PROTO=Simple,
            // NCCL_ALGO=Ring,Tree and NCCL_NVLS_ENABLE=0, and loads its tuner plugin (a3plus_tuner_config).
            .nccl = { .arch = GpuArch::Hopper,
                .channels = 16,
                .nvlsBusGBps = 469,
                .nvlsDomainGpus = 8,
                .netLatencyUs = kTcpxoNetLatencyUs,
                .p2pNetGBps = 12,
                .oneWayGBps = 0,
                .launchUs = kNvlinkLaunchUs,
                .lowLatencyHopScale = kNvlinkLowLatencyHopScale,
                .netPipelineUs = kNetPipelineUs,
                .net = { .algorithms = { Algorithm::Ring, Algorithm::DoubleBinaryTree },
                    .protocols = { Protocol::Simple },
                    .tunerPlugin = true } },
            .peakFlops = 989e12,
            .memoryBytes = 80 * GiB,
            .compute = gpuCompute(3350, 1979e12, 132, GpuArch::Hopper),
            .reduceGBps = 3350.0,
            .source = "Google Cloud accelerator-optimized machines: a3-megagpu-8g, 8× H100 80 GB, 1,600 Gbps "
                      "GPUDirect-TCPXO; H100 SXM5 datasheet",
        },
        HardwarePreset {
            .id = "hgx-b200",
            .name = "NVIDIA HGX B200 (8× B200 SXM 180 GB)",
            .nameZhCN = "NVIDIA HGX B200（8× B200 SXM 180 GB）",
            .gpusPerNode = 8,
            // NVLink 5: 18 links × 50 GB/s = 900 GB/s per direction (B200 datasheet). β: NCCL's SM100_NVLINK_BW
            // 40.1 GB/s × 18 links = 722 GB/s (topo.h), the ring figure NCCL's search works with.
            .intra = { LinkKind::NVLink, kNvlinkRingSimpleUs * kMicro, 722.0, 900.0,
                "NVLink 5 / NVSwitch: line 900 GB/s per direction (B200 datasheet); β = NCCL SM100_NVLINK_BW "
                "40.1 GB/s × 18 links (topo.h); α = NCCL hwLat NVLink ring Simple 3.4 µs" },
            .inter = { LinkKind::InfiniBand, kNetRingSimpleUs * kMicro, 48.0, 50.0,
                "ConnectX-7 NDR 400 Gb/s per GPU = 50 GB/s line; β = NCCL net model 12 GB/s per 100 Gb/s; α = NCCL "
                "hwLat NET ring Simple 14 µs" },
            .nicsPerNode = 8,
            .nvls = true,
            // B200: NVLS bus bandwidth from NCCL's figures, 2 × Blackwell NVLS efficiency 0.74 (tuning.cc) × 31/32
            // channels × 722 GB/s = 1035 GB/s, × 0.92, the measured / NCCL ratio on H100 (no public B200 NVLS data).
            .nccl = { .arch = GpuArch::Blackwell,
                .channels = 18,
                .nvlsBusGBps = 952,
                .nvlsDomainGpus = 8,
                .netLatencyUs = 0,
                .p2pNetGBps = 24,
                .oneWayGBps = 0,
                .launchUs = kNvlinkLaunchUs,
                .lowLatencyHopScale = kNvlinkLowLatencyHopScale,
                .netPipelineUs = kIbPipelineUs },
            .peakFlops = 2250e12, // B200 dense bf16 (datasheet: 4.5 PFLOP/s with sparsity)
            .memoryBytes = Bytes { 180'000'000'000 },
            .compute = gpuCompute(7700, 4500e12, 148, GpuArch::Blackwell),
            .reduceGBps = 7700.0, // HBM3e 7.7 TB/s
            .source = "NVIDIA HGX B200 / DGX B200: 8× B200, NVLink 5 at 1.8 TB/s per GPU (bidirectional), 2.25 PFLOP/s "
                      "dense bf16 per GPU, 180 GB HBM3e at 7.7 TB/s, 8 ConnectX-7 400 Gb/s",
        },
        HardwarePreset {
            .id = "gb200-nvl72",
            .name = "NVIDIA GB200 NVL72 (72× B200 in one NVLink domain)",
            .nameZhCN = "NVIDIA GB200 NVL72（72× B200 同在一个 NVLink 域）",
            // One NVLink domain of 72 GPUs (18 trays of 4): NCCL treats the rack as one NVLink "node" (MNNVL).
            .gpusPerNode = 72,
            .intra = { LinkKind::NVLink, kNvlinkRingSimpleUs * kMicro, 722.0, 900.0,
                "NVLink 5 through the NVLink Switch trays: 900 GB/s per direction per GPU (GB200 NVL72 spec); β = "
                "NCCL SM100_NVLINK_BW 40.1 GB/s × 18 links; α = NCCL hwLat NVLink ring Simple 3.4 µs" },
            .inter = { LinkKind::InfiniBand, kNetRingSimpleUs * kMicro, 48.0, 50.0,
                "ConnectX-7 400 Gb/s per GPU = 50 GB/s line between racks; β = NCCL net model 12 GB/s per 100 Gb/s; "
                "α = NCCL hwLat NET ring Simple 14 µs" },
            .nicsPerNode = 72,
            .nvls = true,
            .nccl = { .arch = GpuArch::Blackwell,
                .channels = 18,
                .nvlsBusGBps = 952,
                .nvlsDomainGpus = 72,
                .netLatencyUs = 0,
                .p2pNetGBps = 24,
                .oneWayGBps = 0,
                .launchUs = kNvlinkLaunchUs,
                .lowLatencyHopScale = kNvlinkLowLatencyHopScale,
                .netPipelineUs = kIbPipelineUs },
            .peakFlops = 2250e12,
            .memoryBytes = Bytes { 186'000'000'000 },
            .compute = gpuCompute(8000, 5000e12, 148, GpuArch::Blackwell),
            .reduceGBps = 8000.0,
            .source = "NVIDIA GB200 NVL72: 72 Blackwell GPUs, 130 TB/s NVLink domain (1.8 TB/s per GPU bidirectional), "
                      "186 GB HBM3e at 8 TB/s per GPU; one ConnectX-7 400 Gb/s per GPU between racks",
        },
        HardwarePreset {
            .id = "roce-h100",
            .name = "HGX H100 on RoCE (8× H100 SXM5, 8× 400 Gb/s RoCE v2)",
            .nameZhCN = "HGX H100 走 RoCE（8× H100 SXM5，8× 400 Gb/s RoCE v2）",
            .gpusPerNode = 8,
            .intra = hopperNvlink(),
            .inter = { LinkKind::RoCE, kNetRingSimpleUs * kMicro, 48.0, 50.0,
                "RoCE v2 400 Gb/s per NIC (ConnectX-7 / BlueField-3 in Ethernet mode) = 50 GB/s line; β = NCCL net "
                "model 12 GB/s per 100 Gb/s; α = NCCL hwLat NET ring Simple 14 µs" },
            .nicsPerNode = 8,
            .nvls = true,
            .nccl = { .arch = GpuArch::Hopper,
                .channels = 16,
                .nvlsBusGBps = 469,
                .nvlsDomainGpus = 8,
                .netLatencyUs = 0,
                .p2pNetGBps = 24,
                .oneWayGBps = 0,
                .launchUs = kNvlinkLaunchUs,
                .lowLatencyHopScale = kNvlinkLowLatencyHopScale,
                .netPipelineUs = kIbPipelineUs },
            .peakFlops = 989e12,
            .memoryBytes = 80 * GiB,
            .compute = gpuCompute(3350, 1979e12, 132, GpuArch::Hopper),
            .reduceGBps = 3350.0,
            .source = "H100 SXM5 datasheet; 8 RoCE v2 NICs of 400 Gb/s per node (NVIDIA Spectrum-X reference design)",
        },
        HardwarePreset {
            .id = "pcie-gen3",
            .name = "PCIe Gen3 server (4× V100 PCIe 32 GB, peer-to-peer through a PCIe switch)",
            .nameZhCN = "PCIe Gen3 服务器（4× V100 PCIe 32 GB，经 PCIe 交换芯片点对点）",
            .gpusPerNode = 4,
            // PCIe Gen3 x16: 8 GT/s × 16 lanes ≈ 15.75 GB/s per direction (PCI-SIG); NCCL's PCI_BW 12 GB/s (topo.h).
            .intra = { LinkKind::PCIe, kPcieRingSimpleUs * kMicro, 12.0, 15.75,
                "PCIe Gen3 x16: line 15.75 GB/s per direction (PCI-SIG); β = NCCL PCI_BW 12 GB/s for Gen3 x16 "
                "(topo.h); α = NCCL hwLat PCI ring Simple 5.7 µs" },
            .inter = { LinkKind::InfiniBand, kNetRingSimpleUs * kMicro, 12.0, 12.5,
                "InfiniBand EDR 100 Gb/s = 12.5 GB/s line; β = NCCL net model 12 GB/s per 100 Gb/s; α = NCCL hwLat "
                "NET ring Simple 14 µs" },
            .nicsPerNode = 1,
            .nvls = false,
            .nccl = { .arch = GpuArch::Volta,
                .channels = 2,
                .nvlsBusGBps = 0,
                .nvlsDomainGpus = 0,
                .netLatencyUs = 0,
                .p2pNetGBps = 6,
                .oneWayGBps = 0,
                .netPipelineUs = kIbPipelineUs },
            .peakFlops = 112e12, // V100 PCIe fp16 tensor (datasheet)
            .memoryBytes = 32 * GiB,
            .compute = gpuCompute(900, 0, 80, GpuArch::Volta),
            .reduceGBps = 900.0, // HBM2
            .source = "V100 PCIe 32 GB datasheet: 112 TFLOP/s fp16 tensor, 900 GB/s HBM2, PCIe Gen3 x16",
        },
        HardwarePreset {
            .id = "pcie-nop2p",
            .name = "PCIe Gen3 without peer-to-peer (2× RTX 2080 Ti, traffic through host memory)",
            .nameZhCN = "PCIe Gen3 无点对点（2× RTX 2080 Ti，数据经主机内存中转）",
            .gpusPerNode = 2,
            // Without P2P NCCL's SHM transport copies GPU → pinned host memory → GPU.
            .intra = { LinkKind::PCIe, 3.0 * kPcieRingSimpleUs * kMicro, 4.0, 15.75,
                "PCIe Gen3 x16 without P2P: line 15.75 GB/s; β = 4 GB/s when both GPUs send and receive through host "
                "memory, α = 3 × NCCL hwLat PCI (17.1 µs Simple), both fitted on the fit half of the 2× RTX 2080 Ti "
                "runs (allreduce, alltoall, broadcast at 8 B and ≥ 64 MiB)" },
            .inter = { LinkKind::Ethernet, kNetRingSimpleUs * kMicro, 1.1, 1.25,
                "10 GbE = 1.25 GB/s line; β ≈ 90 %; α = NCCL hwLat NET ring Simple 14 µs" },
            .nicsPerNode = 1,
            .nvls = false,
            // One-way (broadcast / reduce on 2 GPUs): 11 GB/s, the fit-half broadcast run at ≥ 64 MiB.
            .nccl = { .arch = GpuArch::Volta,
                .channels = 2,
                .nvlsBusGBps = 0,
                .nvlsDomainGpus = 0,
                .netLatencyUs = 0,
                .p2pNetGBps = 0.55,
                .oneWayGBps = 11 },
            .peakFlops = 53.8e12, // RTX 2080 Ti fp16 tensor with fp32 accumulate (Turing whitepaper)
            .memoryBytes = 11 * GiB,
            .compute = gpuCompute(616, 0, 68, GpuArch::Volta),
            .reduceGBps = 616.0, // GDDR6
            .source = "RTX 2080 Ti (Turing whitepaper): 11 GB GDDR6 at 616 GB/s, PCIe Gen3 x16; figures measured on "
                      "an AutoDL 2× 2080 Ti container (tests/data/validation)",
        },
        HardwarePreset {
            .id = "pcie-gen4",
            .name = "PCIe Gen4 workstation (4× RTX A6000 48 GB, no NVLink bridge)",
            .nameZhCN = "PCIe Gen4 工作站（4× RTX A6000 48 GB，无 NVLink 桥）",
            .gpusPerNode = 4,
            // PCIe Gen4 x16: 16 GT/s × 16 lanes ≈ 32 GB/s per direction raw (PCI-SIG). Peer traffic through
            // the CPU root complex reaches ≈ 20-24 GB/s in nccl-tests busbw; NCCL models PCIe at 12 GB/s
            // per channel (topo.h) with two channels.
            .intra = { LinkKind::PCIe, kPcieRingSimpleUs * kMicro, 22.0, 32.0,
                "PCIe Gen4 x16: line ≈ 32 GB/s per direction (PCI-SIG); β ≈ 70 % of line rate, the "
                "nccl-tests busbw range 20-24 GB/s through a root complex; α = NCCL hwLat PCI ring Simple "
                "5.7 µs" },
            .inter = { LinkKind::RoCE, kNetRingSimpleUs * kMicro, 12.0, 12.5,
                "100 GbE RoCE NIC = 12.5 GB/s line; β = NCCL net model 12 GB/s per 100 Gb/s; α = NCCL hwLat "
                "NET ring Simple 14 µs" },
            .nicsPerNode = 1,
            .nvls = false,
            // sm86; NCCL finds 2 PCIe channels
            .nccl = { .arch = GpuArch::Ampere,
                .channels = 2,
                .nvlsBusGBps = 0,
                .nvlsDomainGpus = 0,
                .netLatencyUs = 0,
                .p2pNetGBps = 6,
                .oneWayGBps = 0 },
            .peakFlops = 154.8e12, // RTX A6000 dense bf16 tensor (datasheet: 309.7 with sparsity)
            .memoryBytes = 48 * GiB,
            .compute = gpuCompute(768, 0, 84, GpuArch::Ampere),
            .reduceGBps = 768.0, // GDDR6 bandwidth (the fused sum adds one read of the local operand)
            .source = "RTX A6000 datasheet: 48 GB GDDR6 at 768 GB/s, 309.7 TFLOP/s bf16 with sparsity "
                      "(154.8 dense); PCIe Gen4 x16",
        },
        HardwarePreset {
            .id = "pcie-gen5",
            .name = "PCIe Gen5 workstation (4× H100 PCIe 80 GB, no NVLink bridge)",
            .nameZhCN = "PCIe Gen5 工作站（4× H100 PCIe 80 GB，无 NVLink 桥）",
            .gpusPerNode = 4,
            // PCIe Gen5 x16 ≈ 64 GB/s per direction raw (PCI-SIG); modelled at ≈ 70 % of line rate as Gen4.
            .intra = { LinkKind::PCIe, kPcieRingSimpleUs * kMicro, 45.0, 64.0,
                "PCIe Gen5 x16: line ≈ 64 GB/s per direction (PCI-SIG); β ≈ 70 % of line rate as measured "
                "for Gen4 peer traffic; α = NCCL hwLat PCI ring Simple 5.7 µs" },
            .inter = { LinkKind::InfiniBand, kNetRingSimpleUs * kMicro, 48.0, 50.0,
                "InfiniBand NDR 400 Gb/s = 50 GB/s line; β = NCCL net model 12 GB/s per 100 Gb/s; α = NCCL "
                "hwLat NET ring Simple 14 µs" },
            .nicsPerNode = 1,
            .nvls = false,
            // H100 PCIe; 2 PCIe channels
            .nccl = { .arch = GpuArch::Hopper,
                .channels = 2,
                .nvlsBusGBps = 0,
                .nvlsDomainGpus = 0,
                .netLatencyUs = 0,
                .p2pNetGBps = 24,
                .oneWayGBps = 0,
                .netPipelineUs = kIbPipelineUs },
            .peakFlops = 756e12, // H100 PCIe dense bf16 (datasheet: 1,513 with sparsity)
            .memoryBytes = 80 * GiB,
            .compute = gpuCompute(2000, 1513e12, 114, GpuArch::Hopper),
            .reduceGBps = 2000.0, // HBM2e bandwidth (the fused sum adds one read of the local operand)
            .source = "H100 PCIe datasheet: 756 TFLOP/s dense bf16, 80 GB HBM2e at 2.0 TB/s, PCIe Gen5 x16",
        },
        HardwarePreset {
            .id = "cpu-laptop",
            .name = "CPU laptop (8 MPI ranks over shared memory)",
            .nameZhCN = "CPU 笔记本（8 个 MPI rank，经共享内存通信）",
            .gpusPerNode = 8,
            // Shared-memory MPI copies through a shared segment (two memcpy per message); 8 ranks share
            // ≈ 80 GB/s of DDR5, ≈ 10 GB/s each; OSU osu_bw on shared memory reaches about half of that.
            .intra = { LinkKind::SharedMemory, 0.5 * kMicro, 5.0, 10.0,
                "shared memory: ≈ 80 GB/s DDR5 shared by 8 ranks = 10 GB/s each; β ≈ 50 % (two copies per "
                "message, OSU osu_bw on shm); α ≈ 0.5 µs (OSU osu_latency on shm)" },
            .inter = { LinkKind::Ethernet, 30.0 * kMicro, 0.11, 0.125,
                "1 GbE = 0.125 GB/s line; β ≈ 90 % after TCP/IP headers; α ≈ 30 µs TCP round trip / 2" },
            .nicsPerNode = 1,
            .nvls = false,
            // MPI on CPU cores: NCCL's model does not apply
            .nccl = { .arch = GpuArch::Cpu,
                .channels = 1,
                .nvlsBusGBps = 0,
                .nvlsDomainGpus = 0,
                .netLatencyUs = 0,
                .p2pNetGBps = 0,
                .oneWayGBps = 0 },
            .peakFlops = 0.1e12, // one core with AVX2 FMA: ≈ 16 flop/cycle × ~3.5 GHz × 2 ≈ 0.1 TFLOP/s
            .memoryBytes = 2 * GiB, // 16 GiB laptop shared by 8 ranks
            .compute = gpuCompute(5, 0, 1, GpuArch::Cpu),
            .reduceGBps = 5.0, // a vectorised sum is memory bound like the copy
            .source = "typical 8-core laptop: DDR5-5600 dual channel ≈ 90 GB/s, 16 GiB; one rank per core",
        },
    };
    return kPresets;
}

} // namespace

std::span<const HardwarePreset> presets()
{
    return table();
}

Result<HardwarePreset> findPreset(std::string_view id, const std::string& field)
{
    for (const auto& p : table())
        if (p.id == id)
            return p;
    std::string known;
    for (const auto& p : table())
        known += (known.empty() ? "" : ", ") + p.id;
    return Problem { field, std::string(id), "unknown preset (known: " + known + ")" };
}

} // namespace tutor::model
