// SPDX-License-Identifier: MIT
#pragma once
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
// completion as nccl-tests times it) and lowLatencyPerGpuUs 2.0 µs (what each GPU beyond the first adds to an LL or
// LL128 call on one node, whatever its number of steps). At 8 B – 64 KiB AllGather and ReduceScatter take about as long
// as AllReduce with half its hops (4 H100s: 21.4 – 22.3 µs against 23.3; 8 H100s: 34 – 35 µs against 35), so the
// time that grows with GPUs is not per hop. Fitted on the fit half of tests/data/validation (ring AllReduce on 4 and 8
// H100s, AllGather and ReduceScatter on 4; 18 rows below 1 MiB and 15 of 1 – 64 MiB, rms of the log error): NCCL's
// 0.6 µs LL hop with 2.0 µs per GPU gives 5.4 % and 11.3 %; 1.8 and 2.2 µs give 6.9 / 10.6 % and 5.5 / 12.1 %; the
// per-hop figure it replaces (1.54 µs, 2.57 × NCCL's) gave 14.1 and 11.5 %; the same term on Simple calls made the
// 1 – 64 MiB rows 15.7 %. An NVLink LL128 hop on one node costs an LL hop (nccltuning.cpp). netPipelineUs,
// the network's chunk pipeline P, is fitted per fabric by least squares on the rows where it is a main unknown: the
// multi-node fit half's Simple rows from 64 MiB (AllReduce, AllGather and ReduceScatter; rms of the log time error).
// InfiniBand and RoCE fit it jointly with netConcurrentShare, the share of one NIC's bandwidth each NIC keeps while all
// of a node's NICs stream (10 × 1 H100 over NDR reach 48.9 GB/s on one NIC; 10 × 8 reach 324 GB/s over eight, 40.5
// each). On 20 rows (4 × 8 VMs over NDR, 2 × 8 OCI over RoCE, 10 × 8 AllGather and ReduceScatter over NDR, 2 × 8 H200
// AllGather over RoCE on GCP A3 Ultra), refitted with the NVLSTree share below: 3 µs and 0.90 (rms 4.62 %; 4.77 % at 2
// µs, 4.67 % at 4, 4.63 % at 0.89, 4.79 % at 0.91; 7.90 % with no share; before the NVLSTree share 4 µs and 0.90 fitted
// best, rms 5.30 %). EFA (5 rows, p5), with EFA's 22 µs step latency: 21 µs (rms 1.8 %; 2.1 % at 18 and 24, 3.5 % at
// 30), whatever the share (kEfaConcurrentShare). The Ethernet (TCPXO) preset has no such fit row and
// keeps 35 µs, the figure one P for every fabric got on the whole multi-node fit half's median.
#include "model/collectives/hardware.h"

namespace tutor::model::catalog {

// NCCL tuning.cc hwLat, Ring/Simple per-hop latency in µs.
inline constexpr double kNvlinkRingSimpleUs = 3.4;
inline constexpr double kPcieRingSimpleUs = 5.7;
inline constexpr double kNetRingSimpleUs = 14.0;
// Measured on NVLink machines and kept the same on every NVLink preset (see the header comment).
inline constexpr double kNvlinkLaunchUs = 7.4;
inline constexpr double kNvlinkLowLatencyPerGpuUs = 2.0;
// The network's chunk pipeline P (µs) per fabric, and InfiniBand / RoCE NICs' share when all stream (see the header
// comment).
inline constexpr double kIbPipelineUs = 3;
inline constexpr double kIbConcurrentShare = 0.90;
// EFA's share when all of a node's NICs stream. Not fitted: the rows the share is fitted on (the fit half's Simple rows
// from 64 MiB of runs that did not force an algorithm) bind no EFA NIC, since p5's large NVLSTree calls are bound by
// NVLS inside the node (tuning.cc's factor 2 across two nodes). Before, EFA kept all of each NIC, an assumption; it now
// takes the share measured on InfiniBand and RoCE. The one p5 fit row it moves, 16 MiB, goes from +9.2 % to +3.9 % in
// time (auto: NVLSTree/Simple instead of tree/LL128, as the tree's LL128 estimate loses the NICs' 10 %); any share up
// to 0.91 gives that. The two p4d runs measure a ring through their four 100 Gb/s NICs (48 GB/s) at 0.89 – 0.91 of it
// with NCCL 2.9.9 (held out, 42.5 and 43.8 GB/s busbw at 1 and 4 GiB; seen before this choice) and at 0.56 – 0.68 with
// NCCL 2.8.3 (fit half, forced to the ring, 26.8 – 32.7 GB/s at 128 MiB – 1 GiB), both from the same README.
inline constexpr double kEfaConcurrentShare = kIbConcurrentShare;
// The NVLS stage of an NVLSTree AllReduce across nodes over NCCL's InfiniBand verbs transport (InfiniBand and RoCE):
// two 8-H100 nodes over RoCE plateau at 464 – 465 GB/s busbw (8 – 16 GiB) where the NVLS bound inside the nodes is
// 502 (nvlsBusGBps 469 on one node, in bus units of 16 ranks), and p5 over EFA reaches 488 at 16 GiB. Fitted on the
// fit half's RoCE run (2 × 8 H100 OCI, 1 – 16 GiB, the only fit run over the verbs transport that NVLS bounds; rms of
// the log time error, with P = 4 µs): 0.95 (rms 0.71 %; 0.88 % at 0.945 and 0.955, 1.25 % at 0.94 and 0.96, 4.9 % at
// 1; 0.68 % with P refitted to 3 µs). A later held-out run over InfiniBand (Crusoe, NCCL_ALGO=NVLSTree) measures
// 441 – 444 GB/s at 1 – 2 GiB, within 3 % of the model with it. The cause is not known. EFA keeps all of it (p5's fit
// run: 487 GB/s measured at 16 GiB against 484 predicted). With it, P and the NIC share above were refitted (their 20
// rows: rms 5.30 % → 4.67 % at the old 4 µs, 4.62 % at 3).
inline constexpr double kIbNvlsTreeShare = 0.95;
inline constexpr double kEfaPipelineUs = 21;
inline constexpr double kNetPipelineUs = 35;
// One NIC of Google Cloud's A4 through the gIB plugin, fitted (cloud.cpp, gcpA4).
inline constexpr double kGcpA4NicGBps = 35.4;
// Quad GH200 nodes on HPE Slingshot-11 through libfabric CXI and aws-ofi-nccl (alps-gh200), fitted on the fit half's
// Alps runs (AllReduce on 2, 4, 8, 64 and 512 nodes of 4 GH200, NCCL 2.23.4). Small messages (8 B – 1 KiB, tree/LL;
// rms of the log time error over 15 rows): NCCL's own latencies already reach the measured 18.7 µs on 2 nodes, so the
// launch beyond them fits at its bound, 0 µs; the time grows by about 16 µs per doubling of the nodes (23 µs on 2
// nodes to 167 on 512 at 1 KiB), which 2.1 µs more per network step gives (rms 15.4 %; 24.5 % at 0.6 µs, the figure
// fitted on 2 and 4 nodes alone; 18.0 % at 3 µs). Bandwidth (4 and 8 nodes from 128 MiB, ring/Simple; 85.4 – 92.5
// GB/s busbw): each NIC keeps all of its 24 GB/s while the node's four stream, with no chunk pipeline (rms 4.1 %; 4.3 %
// at a share of 0.98, 7.8 % at 0.98 with 4 µs, 9.2 % at 0.96 with 4 µs). Left out of that fit: the 2-node run, which
// reaches 158 GB/s at 4 GiB, above the 96 GB/s a ring passes through four NICs, so NCCL ran a tree where auto picks
// the ring (NCCL's tuner figures); and the 64- and 512-node runs, where auto's tree is what NCCL's estimate picks but
// measured 35 – 54 GB/s at 128 – 256 MiB against the model's 62 – 68. From 2 – 4 KiB an LL call slows far more than
// NCCL's per-step latency says (the fit runs' full sweeps, raw/: 1 KiB 23 – 167 µs, 16 KiB 51 – 465 µs); it pays
// 20 µs more per network step from 4 KiB (least squares on the fit runs' LL rows of 16 KiB – 1 MiB without the 2-node
// run, whose 1 MiB takes 921 µs against 189 µs at 4 MiB: rms 11.3 % on 9 rows; 12.5 % at 18 µs, 13.6 % at 22, 129 %
// at none; with the 2-node rows the optimum is 24 µs, rms 63.2 % against 64.3 % at 20). The cause is not known;
// libfabric CXI's rendezvous protocol for larger messages (FI_CXI_RDZV_THRESHOLD and its siblings, which several
// Slingshot sites set to 0) is one candidate. No single-node row is in the fit half: the per-GPU LL cost on one node
// stays the one measured on H100 NVSwitch nodes.
inline constexpr double kGh200LaunchUs = 0;
inline constexpr double kSlingshotNetLatencyUs = 2.1;
inline constexpr double kSlingshotPipelineUs = 0;
inline constexpr double kSlingshotConcurrentShare = 1.0;
inline constexpr double kSlingshotLlStepUs = 20;
inline constexpr double kSlingshotLlStepBytes = 4096;
// Mid-size Simple trees across many nodes measure far slower than their bandwidth: on 64 and 512 nodes 35 – 54 GB/s
// busbw at 128 – 256 MiB against 62 – 68 from the tree's bandwidth, and the shortfall is about a fixed time per NCCL
// tree chunk (128 and 256 MiB on 64 nodes stream the same 64 chunks per channel and lose 1.9 and 2.2 ms), growing
// with the tree's network steps: about 30 – 34 µs per chunk on 64 nodes (12 steps), 50 – 53 on 512 (18 steps), 2.5 –
// 2.9 µs per chunk and step. Over all of the fit half's 17 Alps tree/Simple rows from 1 MiB, each chunk a channel
// streams pays 4 µs more per network step of the tree (least squares, rms of the log time error: 0.488 at 4 µs, 0.489
// at 3.5 and 4.5, 0.493 at 3 and 5, 0.614 without). The cause is not known; the rendezvous per message of the
// libfabric CXI provider is again a candidate.
inline constexpr double kSlingshotTreeChunkUs = 4;
// EFA's extra latency per network step (µs), fitted by least squares (rms of the log time error) on the multi-node
// fit half's EFA rows below 1 MiB (p5, 8 B – 64 KiB AllReduce, tree/LL), with EFA's 21 µs pipeline: rms 16.3 % at
// 22 µs, 16.5 % at 21, 16.4 % at 23, 17.1 % at 20, 32.0 % at 12 (the figure before an NVLink LL hop across nodes ran at
// NCCL's 0.6 µs, nccltuning.cpp).
inline constexpr double kEfaNetLatencyUs = 22;
// GPUDirect-TCPXO's (A3 Mega): not published, see the preset.
inline constexpr double kTcpxoNetLatencyUs = 12;
// GPUDirect-TCPX (A3 High), from the one public table found (skypilot-org/skypilot examples/gcp_gpu_direct_tcpx README
// at 088eebc2: AllReduce busbw on 2 × a3-highgpu-8g, 1 MiB – 2 GiB, busbw only, so it is the preset's source and not a
// validation run): β per NIC is the 68 GB/s plateau (256 MiB – 2 GiB) over the 4 GPU NICs; the step latency and the
// chunk pipeline are the pair that fits the table best, 200 µs and none (rms busbw error 11.6 %; 13.6 % at 250 µs,
// 21.7 % at 150 µs, 17.6 % at best with the 35 µs pipeline). TCPX is slow to start a call (1.5 ms at 1 MiB) and streams
// at its plateau from 256 MiB.
inline constexpr double kTcpxNicGBps = 17;
inline constexpr double kTcpxPipelineUs = 0;
inline constexpr double kTcpxNetLatencyUs = 200;

// Large-GEMM efficiencies fitted on the dense fit rows of tests/data/validation/steps.json, per generation and
// precision (`commtutor-cli validate-model --steps --fit-efficiency`); Blackwell has no dense bf16 fit row and
// derives its bf16 figure from Hopper's (below). The MoE block's fraction of the dense rate is fitted on the MoE fit
// rows of every generation.
//
// Fused attention is not fitted: each kernel runs at its published fraction of peak (ComputeFigures::Attention).
// - A100: FlashAttention-2 at ≈ 0.6 (Dao 2023). Transformer Engine runs FlashAttention there too ("Select
//   FusedAttention on sm90 and FlashAttention on others", DotProductAttention, TE 1.x), so both kernels read it.
// - H100 SXM5, bf16, head dim 128, 8k tokens (Shah et al. 2024, FlashAttention-3, arXiv 2407.08608: Figure 5's causal
//   forward, Figure 6's backward; of 989 TFLOP/s): FlashAttention-2 333 TFLOP/s forward and 318 backward (0.337,
//   0.321); cuDNN 529 and 518 (0.535, 0.524).
//   PyTorch's SDPA keeps FlashAttention-2 on H100 (pytorch/pytorch#142132: 329 against cuDNN's 631 TFLOP/s, Dec 2024);
//   Transformer Engine prefers cuDNN on Hopper and later ("Disabling FlashAttention to give FusedAttention preference
//   on Hopper+", dot_product_attention/utils.py).
// - Blackwell keeps Hopper's fractions for want of a figure of its own. The one check found agrees for cuDNN:
//   FlashAttention-4 reaches 1,613 TFLOP/s on B200 in bf16, up to 1.3× cuDNN 9.13 (Zadouri et al. 2026, arXiv
//   2603.05451), so cuDNN reaches at least 1,240 TFLOP/s there, 0.55 of 2.25 PFLOP/s.
// Each kernel's rate also follows the same paper's curves over the keys one call sees and the head width (kernels.cpp):
// cuDNN's forward reaches 484 TFLOP/s at 2k keys, 529 at 8k, and 379 at 8k with heads of 64. All attention ran at
// FlashAttention-2's 0.35 before, whichever framework ran it. With Megatron's, NeMo's and Megatron-Bridge's runs at
// cuDNN's rates and torchtitan's and llm-foundry's at FlashAttention-2's (compute.attention_kernel), the GEMM and MoE
// figures refitted from 0.564 to 0.552 (Hopper bf16), 0.540 to 0.505 (Hopper fp8), 0.488 to 0.461 (Blackwell fp8) and
// 0.756 to 0.691 (MoE): the fractions the attention had hidden in them. The fit half's mean |error| went from 8.1 % to
// 8.0 %, the held-out half's from 9.4 % to 8.9 %.
// A GEMM's output write then came under its multiply-adds (the larger of them and all its bytes). It follows them
// instead, after the larger of the multiply-adds and the operands' reads (kernels.cpp, gemmSeconds): the fractions
// refitted from 0.680 to 0.712 (Ampere), 0.552 to 0.568 (Hopper bf16), 0.505 to 0.537 (Hopper fp8), 0.461 to 0.476
// (Blackwell fp8) and the MoE fraction from 0.691 to 0.730, as the GEMMs with a short k (the small models' projections,
// row-parallel GEMMs under TP 8) took the time their write costs. The fit half's mean |error| went from 7.7 % to 7.6 %,
// the held-out half's from 8.4 % to 8.3 %.
// The DGX Cloud benchmark recipes' tables (NeMo on H100: GPT-3 175B, Llama 3.1 8B, 70B and 405B, Nemotron-4 15B and
// 340B, BF16 and FP8, 8 to 2,304 GPUs) and the Llama 3 paper's 405B runs on 8,192 and 16,384 H100 added Hopper bf16 fit
// rows that run at 45 – 62 % MFU: the Hopper bf16 fraction refitted from 0.568 to 0.606 (14 rows); the fp8 one stayed
// at 0.537.
// NeMo's runs of 2024 through its launcher did not run cuDNN's attention: the NeMo Framework Launcher's config.yaml set
// NVTE_FUSED_ATTN=0 ("Disable cudnn FA until we've tested it more") from February to August 2024, so Transformer Engine
// ran FlashAttention-2 in NeMo 24.03 – 24.07 (and the DGX Cloud recipes of Nemotron-4 340B and Grok-1 set it too). With
// those rows' attention at FlashAttention-2's rates (compute.attention_kernel) and the rest of NeMo 24.03.01's
// long-sequence table (4K to 1M tokens) in the data, the table's rows agree to 5 % from 4K to 1M tokens (they ran
// 17 – 31 % slower than the model from 16K on), and the fp8 fraction those rows had hidden refits from 0.537 to 0.571
// (26 rows, mean |error| 4.9 %); Blackwell's derived bf16 one follows it down (below).
inline constexpr double kAmpereGemmEfficiency = 0.712;
inline constexpr double kAmpereAttentionEfficiency = 0.6;
inline constexpr double kHopperGemmEfficiency = 0.606;
inline constexpr double kHopperFp8GemmEfficiency = 0.571;
inline constexpr double kBlackwellFp8GemmEfficiency = 0.476;
// Blackwell fp8 was 0.476 while Transformer Engine's casts were taken as fused; with the MXFP8 and current-scaling
// rows costing their quantize kernels (compute.fp8_scaling) it refit to 0.511 (3 rows, mean |error| 3.3 %). With the
// dense rows of Megatron-Bridge's 25.09 – 26.04 tables and the rest of NeMo 24.07's table in the data, the fp8
// figures refit from 0.54 to 0.515 (Hopper, 18 rows with the H200 one, mean |error| 7.4 %) and from 0.511 to 0.496
// (Blackwell, 15 rows, 5.4 %). Hopper's rows disagree by release: NeMo 24.07's run faster than the model,
// Megatron-Bridge's Llama 3 8B and 70B slower (those two models ran 6 – 18 % more tokens per GPU in the later
// releases, in other layouts). With delayed scaling's own cast kernels counted (they were taken as free and left in
// this fraction), current scaling's norm outputs cast without their amax pass (TE 2.7 fuses it into the norm) and
// Blackwell's per-tensor recipes writing no transposed copy, they refit to 0.540 (Hopper, mean |error| 7.4 % → 6.6 %)
// and 0.493 (Blackwell, 5.4 % → 5.3 %): the fractions are now the GEMMs' own. With Megatron-Bridge's rows reducing
// their gradients in bf16, as their performance scripts set, Blackwell's refits to 0.488 (5.4 %), Hopper's stays
// (6.5 %).
// Blackwell has no dense bf16 fit row: its bf16 GEMMs reach Hopper's bf16 fraction scaled by the ratio the dense fp8
// fit rows show between the two generations (0.461 / 0.505 of 0.552: 0.504; 0.510 before attention ran at each
// framework's kernel, 0.543 before the casts were counted). It had
// Hopper's 0.564 before; with the derived figure (then 0.497) the MoE fraction refitted from 0.559 to 0.565, the
// fit-half Blackwell bf16 row (B200 gpt-oss-120b, MoE) went from −12.2 % to −6.8 % and the held-out mean |error|
// from 8.4 % to 8.1 %.
inline constexpr double kBlackwellGemmEfficiency
    = kHopperGemmEfficiency * kBlackwellFp8GemmEfficiency / kHopperFp8GemmEfficiency;
// The MoE fraction refits from 0.565 to 0.793 with DeepSeek-V3's rows (2 of them in the fit half): its large experts
// (hidden 7168) run closer to the dense rate than Qwen3's and GPT-OSS's small ones, which now run faster than measured.
// One fraction fits neither kind well (mean |error| 19.4 % on the 6 MoE fit rows, 21.6 % at 0.565). With the expert-
// parallel overlap the B200 DeepSeek-V3 row's config asks for (comm.moe_ep_overlap; that row went from +41 % to +1 %)
// and the bf16 Qwen3-30B-A3B benchmark row, it refits to 0.756 on 7 rows (mean |error| 10.9 %), and stays there
// when the fp8 rows cost Transformer Engine's quantize kernels (mean |error| 8.6 %; 8.2 % on 8 rows with the 26.08
// GB200 Qwen3-235B-A22B row). With attention at each framework's kernel (above) it refits to 0.691 (mean |error|
// 10.4 % on 10 rows), 0.730 with the GEMMs' output writes counted. NeMo 25.02's and 25.04's Mixtral 8x7B rows (8
// experts of ffn 14336, one on a GPU; +15.5 % and +20.6 % at 0.730) want it near 1 and the fine-grained models near
// 0.5: with the four Mixtral rows it refitted to 0.872 (mean |error| 9.4 % on the 12 MoE fit rows, 16.5 % on the 17
// held-out ones).
// What the fraction stood for is a cost per expert, not per FLOP: each expert on a GPU runs its own GEMMs (Transformer
// Engine's GroupedLinear issues one GEMM per expert) with their launches, casts and partial last waves, and a GPU
// holding 16 experts of ffn 768 pays them 16 times for the FLOPs of one small MLP. The MoE block now runs at the dense
// rate and each expert on a GPU adds ComputeFigures::moeExpertUs per micro-batch forward (twice that backward), fitted
// on the MoE fit rows like the fraction: 45 µs (mean |error| 8.0 % on the 12 fit rows, 15.4 % on the 17 held-out ones).
// With Hopper's bf16 fraction at 0.606 (above), Blackwell's derived one rises to 0.537 (0.505 since Hopper's fp8 one
// refit to 0.571) and the B200 BF16 GPT-OSS-120B fit row runs faster, so the expert time refits to 53 µs.
inline constexpr double kMoeExpertUs = 53;
// An eager MoE layer's host time (ComputeFigures::moeHostMs), fitted like the fractions above, on the fit half's MoE
// rows that ran without CUDA graphs (3 rows then, 4 with NeMo 25.04's Mixtral 8x22B, which refit it to the same figure;
// `validate-model --steps --fit-efficiency`). A Qwen3-30B-A3B layer is small enough to wait on its host: on 16 H100
// Megatron-Bridge's 26.04 table gives 9.5 ms per layer and micro-batch on each GPU in FP8 without graphs, its
// expert-parallel overlap benchmark 8.0 ms in BF16 with the router's and preprocessing's graphs, though FP8's GEMMs are
// the faster. The model, which had no host time, gave the FP8 run 7.3 ms (−23 %); with 7.55 ms of host time it gives
// 9.5 (0 %), and the held-out FP8 run of the 26.02 table on PP 2 went from −28 % to −10 %. The Qwen3-235B-A22B rows on
// H100 pay for it (+1.7 → +4.7 %, +31 → +34 % held out): there the model adds the host's wait to the exposed
// all-to-all, which the host's launching would hide. The fit half's mean |error| went from 8.0 % to 7.7 %, the held-out
// half's from 8.9 % to 8.4 %. The figure is the host's, the same for every GPU; the rows that fit it ran on the x86
// hosts of DGX H100 and B200 (the GB200 Mixtral layer outlasts the floor and does not move it).
inline constexpr double kMoeHostMs = 7.55;
inline constexpr ComputeFigures::Attention kHopperFlashAttention2 { .forward = 0.337, .backward = 0.321 };
inline constexpr ComputeFigures::Attention kHopperCudnnAttention { .forward = 0.535, .backward = 0.524 };
// The FlashAttention written in Triton that llm-foundry's MPT benchmarks ran (attn_impl "triton", the default of
// scripts/train/benchmarking/submit_benchmarks.py when its H100 tables were written, b2a43a147 and 5e85bd62d) reaches
// this share of FlashAttention-2's rate (ComputeFigures::tritonAttentionShare), fitted like the fractions above on the
// fit half of those tables' rows. The FlashAttention-2 paper (Dao 2023, arXiv 2307.08691) puts FlashAttention-2 at
// 1.3 – 2.5× the Triton implementation on A100. At FlashAttention-2's own rate the tables' steps ran longer than the
// model by a time that grows with the sequence: 3B on 8 H100 −4 % at 512 tokens, −15 % at 4K, −31 % at 16K; the
// attention time per token those rows add as the sequence grows is twice the model's at every length. Fitted: 0.51
// (32 fit rows, mean |error| 5.9 %; the 77 H100 rows 15.5 % at FlashAttention-2's rate, 5.6 % at this share).
inline constexpr double kTritonAttentionShare = 0.51;
// Dense bf16 peak of the 500 W, HBM2e H100 of Meta's Grand Teton hosts: H100 NVL's, the lower end of the range
// torchtitan's performance page gives (presets/hpc.cpp says why that end).
inline constexpr double kGrandTetonPeakFlops = 835e12;

/// NVLink 4 through the NVSwitches of an 8 × H100 SXM5 board, as every H100 preset without a source of its own has it.
inline Link hopperNvlink()
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
        f.flashAttention2 = f.cudnnAttention = { .forward = 0.3, .backward = 0.3 };
        f.kernelGapUs = 0;
        return f;
    case GpuArch::Volta:
        f.gemmEfficiency = 0.75;
        f.flashAttention2 = f.cudnnAttention = { .forward = 0.35, .backward = 0.35 };
        break;
    case GpuArch::Ampere:
        f.gemmEfficiency = kAmpereGemmEfficiency;
        f.flashAttention2 = f.cudnnAttention = { kAmpereAttentionEfficiency, kAmpereAttentionEfficiency };
        break;
    case GpuArch::Hopper:
        f.gemmEfficiency = kHopperGemmEfficiency;
        f.fp8GemmEfficiency = kHopperFp8GemmEfficiency;
        f.flashAttention2 = kHopperFlashAttention2;
        f.cudnnAttention = kHopperCudnnAttention;
        break;
    case GpuArch::Blackwell:
        f.gemmEfficiency = kBlackwellGemmEfficiency;
        f.fp8GemmEfficiency = kBlackwellFp8GemmEfficiency;
        f.flashAttention2 = kHopperFlashAttention2;
        f.cudnnAttention = kHopperCudnnAttention;
        break;
    }
    f.moeExpertUs = kMoeExpertUs;
    f.moeHostMs = kMoeHostMs;
    f.tritonAttentionShare = kTritonAttentionShare;
    f.memoryEfficiency = 0.8;
    f.kernelGapUs = 2;
    return f;
}

// One function per preset, in presets/<vendor>.cpp; presets.cpp lists them in the order the views show.
HardwarePreset dgxA100(); ///< dgx-a100
HardwarePreset hgxH100(); ///< hgx-h100
HardwarePreset hgxH200(); ///< hgx-h200
HardwarePreset hgxA800(); ///< hgx-a800
HardwarePreset hgxH800(); ///< hgx-h800
HardwarePreset hgxB200(); ///< hgx-b200
HardwarePreset gb200Nvl72(); ///< gb200-nvl72
HardwarePreset roceH100(); ///< roce-h100
HardwarePreset alpsGh200(); ///< alps-gh200
HardwarePreset grandTetonH100(); ///< grand-teton-h100
HardwarePreset awsP4d(); ///< aws-p4d
HardwarePreset awsP5(); ///< aws-p5
HardwarePreset gcpA3High(); ///< gcp-a3-high
HardwarePreset gcpA3Mega(); ///< gcp-a3-mega
HardwarePreset gcpA3Ultra(); ///< gcp-a3-ultra
HardwarePreset gcpA4(); ///< gcp-a4
HardwarePreset pcieGen3(); ///< pcie-gen3
HardwarePreset pcieNop2p(); ///< pcie-nop2p
HardwarePreset pcieGen4(); ///< pcie-gen4
HardwarePreset pcieGen5(); ///< pcie-gen5
HardwarePreset cpuLaptop(); ///< cpu-laptop

} // namespace tutor::model::catalog
