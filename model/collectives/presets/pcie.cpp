// SPDX-License-Identifier: MIT
// PCIe workstations without NVLink, and a laptop's CPU ranks.
// Every figure has its source beside it; catalog.h says how β, α and the NCCL figures are chosen.
#include "model/collectives/presets/catalog.h"

namespace tutor::model::catalog {

HardwarePreset pcieGen3()
{
    return {
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
            .netPipelineUs = kIbPipelineUs,
            .netConcurrentShare = kIbConcurrentShare },
        .peakFlops = 112e12, // V100 PCIe fp16 tensor (datasheet)
        .memoryBytes = 32 * GiB,
        .compute = gpuCompute(900, 0, 80, GpuArch::Volta),
        .reduceGBps = 900.0, // HBM2
        .source = "V100 PCIe 32 GB datasheet: 112 TFLOP/s fp16 tensor, 900 GB/s HBM2, PCIe Gen3 x16",
    };
}

HardwarePreset pcieNop2p()
{
    return {
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
    };
}

HardwarePreset pcieGen4()
{
    return {
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
    };
}

HardwarePreset pcieGen5()
{
    return {
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
            .netPipelineUs = kIbPipelineUs,
            .netConcurrentShare = kIbConcurrentShare },
        .peakFlops = 756e12, // H100 PCIe dense bf16 (datasheet: 1,513 with sparsity)
        .memoryBytes = 80 * GiB,
        .compute = gpuCompute(2000, 1513e12, 114, GpuArch::Hopper),
        .reduceGBps = 2000.0, // HBM2e bandwidth (the fused sum adds one read of the local operand)
        .source = "H100 PCIe datasheet: 756 TFLOP/s dense bf16, 80 GB HBM2e at 2.0 TB/s, PCIe Gen5 x16",
    };
}

HardwarePreset cpuLaptop()
{
    return {
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
    };
}

} // namespace tutor::model::catalog
