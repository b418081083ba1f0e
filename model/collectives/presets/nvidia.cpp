// SPDX-License-Identifier: MIT
// NVIDIA DGX / HGX machines and the GB200 NVL72 rack, with InfiniBand or RoCE between nodes.
// Every figure has its source beside it; catalog.h says how β, α and the NCCL figures are chosen.
#include "model/collectives/presets/catalog.h"

namespace tutor::model::catalog {

HardwarePreset dgxA100()
{
    return {
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
            .lowLatencyPerGpuUs = kNvlinkLowLatencyPerGpuUs,
            .netPipelineUs = kIbPipelineUs,
            .netConcurrentShare = kIbConcurrentShare },
        .peakFlops = 312e12, // A100 SXM dense bf16 (datasheet)
        .memoryBytes = 80 * GiB,
        .compute = gpuCompute(2039, 0, 108, GpuArch::Ampere),
        .reduceGBps = 2039.0, // HBM2e bandwidth: NCCL fuses the sum into the copy, the extra cost is one more read
        .source = "A100 SXM4 80 GB datasheet: 312 TFLOP/s dense bf16, 80 GB HBM2e at 2,039 GB/s; "
                  "DGX A100 user guide: 8 GPUs, 6 NVSwitches, 8 HDR compute NICs",
    };
}

HardwarePreset hgxH100()
{
    return {
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
            .lowLatencyPerGpuUs = kNvlinkLowLatencyPerGpuUs,
            .netPipelineUs = kIbPipelineUs,
            .netConcurrentShare = kIbConcurrentShare,
            .nvlsTreeShare = kIbNvlsTreeShare },
        .peakFlops = 989e12, // H100 SXM dense bf16 (datasheet)
        .memoryBytes = 80 * GiB,
        .compute = gpuCompute(3350, 1979e12, 132, GpuArch::Hopper),
        .reduceGBps = 3350.0, // HBM3 bandwidth (the fused sum adds one read of the local operand)
        .source = "H100 SXM5 datasheet: 989 TFLOP/s dense bf16, 80 GB HBM3 at 3.35 TB/s; HGX H100: "
                  "8 GPUs, 4 NVSwitch (NVLink SHARP), 8 ConnectX-7 NDR NICs",
    };
}

HardwarePreset hgxH200()
{
    return {
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
            .lowLatencyPerGpuUs = kNvlinkLowLatencyPerGpuUs,
            .netPipelineUs = kIbPipelineUs,
            .netConcurrentShare = kIbConcurrentShare,
            .nvlsTreeShare = kIbNvlsTreeShare },
        .peakFlops = 989e12, // H200 SXM dense bf16, same tensor cores as H100 (datasheet)
        .memoryBytes = Bytes { 141'000'000'000 }, // 141 GB HBM3e (decimal, datasheet)
        .compute = gpuCompute(4800, 1979e12, 132, GpuArch::Hopper),
        .reduceGBps = 4800.0, // HBM3e bandwidth (the fused sum adds one read of the local operand)
        .source = "H200 SXM datasheet: 989 TFLOP/s dense bf16, 141 GB HBM3e at 4.8 TB/s; HGX H200: "
                  "8 GPUs, NVLink 4 NVSwitch with NVLink SHARP, 8 NDR NICs",
    };
}

HardwarePreset hgxA800()
{
    return {
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
            .lowLatencyPerGpuUs = kNvlinkLowLatencyPerGpuUs,
            .netPipelineUs = kIbPipelineUs,
            .netConcurrentShare = kIbConcurrentShare },
        .peakFlops = 312e12, // same tensor cores as A100 SXM (datasheet)
        .memoryBytes = 80 * GiB,
        .compute = gpuCompute(2039, 0, 108, GpuArch::Ampere),
        .reduceGBps = 2039.0,
        .source = "A800 SXM4 80 GB datasheet: 312 TFLOP/s dense bf16, 80 GB HBM2e at 2,039 GB/s, NVLink "
                  "400 GB/s; 8 HDR NICs as DGX A100",
    };
}

HardwarePreset hgxH800()
{
    return {
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
            .lowLatencyPerGpuUs = kNvlinkLowLatencyPerGpuUs,
            .netPipelineUs = kIbPipelineUs,
            .netConcurrentShare = kIbConcurrentShare,
            .nvlsTreeShare = kIbNvlsTreeShare },
        .peakFlops = 989e12, // same tensor cores as H100 SXM (datasheet)
        .memoryBytes = 80 * GiB,
        .compute = gpuCompute(3350, 1979e12, 132, GpuArch::Hopper),
        .reduceGBps = 3350.0,
        .source = "H800 SXM5 datasheet: 989 TFLOP/s dense bf16, 80 GB HBM3 at 3.35 TB/s, NVLink 400 GB/s; "
                  "8 NDR NICs as HGX H100",
    };
}

HardwarePreset hgxB200()
{
    return {
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
            .lowLatencyPerGpuUs = kNvlinkLowLatencyPerGpuUs,
            .netPipelineUs = kIbPipelineUs,
            .netConcurrentShare = kIbConcurrentShare,
            .nvlsTreeShare = kIbNvlsTreeShare },
        .peakFlops = 2250e12, // B200 dense bf16 (datasheet: 4.5 PFLOP/s with sparsity)
        .memoryBytes = Bytes { 180'000'000'000 },
        .compute = gpuCompute(7700, 4500e12, 148, GpuArch::Blackwell),
        .reduceGBps = 7700.0, // HBM3e 7.7 TB/s
        .source = "NVIDIA HGX B200 / DGX B200: 8× B200, NVLink 5 at 1.8 TB/s per GPU (bidirectional), 2.25 PFLOP/s "
                  "dense bf16 per GPU, 180 GB HBM3e at 7.7 TB/s, 8 ConnectX-7 400 Gb/s",
    };
}

HardwarePreset gb200Nvl72()
{
    return {
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
            .lowLatencyPerGpuUs = kNvlinkLowLatencyPerGpuUs,
            .netPipelineUs = kIbPipelineUs,
            .netConcurrentShare = kIbConcurrentShare,
            .nvlsTreeShare = kIbNvlsTreeShare },
        // GB200 NVL72 spec: 360 PFLOP/s FP16/BF16 and 720 FP8 per rack with sparsity, 2.5 and 5 PFLOP/s dense per GPU
        // (HGX B200's: 2.25 and 4.5).
        .peakFlops = 2500e12,
        .memoryBytes = Bytes { 186'000'000'000 },
        .compute = gpuCompute(8000, 5000e12, 148, GpuArch::Blackwell),
        .reduceGBps = 8000.0,
        .source = "NVIDIA GB200 NVL72: 72 Blackwell GPUs, 130 TB/s NVLink domain (1.8 TB/s per GPU bidirectional), "
                  "186 GB HBM3e at 8 TB/s per GPU; one ConnectX-7 400 Gb/s per GPU between racks",
    };
}

HardwarePreset roceH100()
{
    return {
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
            .lowLatencyPerGpuUs = kNvlinkLowLatencyPerGpuUs,
            .netPipelineUs = kIbPipelineUs,
            .netConcurrentShare = kIbConcurrentShare,
            .nvlsTreeShare = kIbNvlsTreeShare },
        .peakFlops = 989e12,
        .memoryBytes = 80 * GiB,
        .compute = gpuCompute(3350, 1979e12, 132, GpuArch::Hopper),
        .reduceGBps = 3350.0,
        .source = "H100 SXM5 datasheet; 8 RoCE v2 NICs of 400 Gb/s per node (NVIDIA Spectrum-X reference design)",
    };
}

} // namespace tutor::model::catalog
