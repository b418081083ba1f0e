// SPDX-License-Identifier: MIT
#pragma once
// A training-step scenario: hardware, model shape, parallelism, batch, communication and compute settings.
// scenarioio.h reads and writes it as JSON; simulate.h runs it.
//
// JSON schema (every key optional unless marked; defaults in brackets; unknown keys are reported):
//   name             string, or {"en": string, "zh_CN": string}
//   description      string, or {"en": string, "zh_CN": string}
//   hardware         { preset ["hgx-h100"] (hardware.h ids; "" = explicit figures below),
//                      nodes [1], gpus_per_node [preset's],
//                      intra {bandwidth_GBps, alpha_us}, inter {bandwidth_GBps, alpha_us},
//                      nics_per_node, peak_TFLOPs (dense bf16 per GPU), memory_GiB }
//   model            { layers* , hidden* , ffn [4·hidden], heads* , kv_heads [heads] (grouped-query attention),
//                      head_dim [hidden / heads] (Megatron-LM kv_channels),
//                      mlp ["gelu"]: "gelu" (2 matrices) | "swiglu" (3 matrices), seq_len [2048], vocab [50257],
//                      tied_embeddings [true] (first and last stage AllReduce the embedding gradient),
//                      moe { experts [0 = dense], top_k [2], capacity_factor [1.0], every_n_layers [1],
//                            first_dense_layers [0] (leading dense layers, DeepSeek's first_k_dense_replace),
//                            expert_ffn [ffn] (one routed expert's width), shared_expert_ffn [0 = none],
//                            groups [0 = none], group_top_k [groups] (group-limited routing: DeepSeek's n_group,
//                            topk_group) },
//                      mla { kv_lora_rank* , q_lora_rank [0 = queries projected directly], rope_head_dim [64],
//                            v_head_dim [head_dim] } (multi-head latent attention; head_dim is the query/key head's
//                            width without its RoPE part) }
//   parallel         { dp [1], tp [1], pp [1], ep [1], etp [tp] (expert tensor parallel), cp [1] (context parallel:
//                      ring attention), sp [false],
//                      zero_stage [0], virtual_stages [1], schedule ["1f1b"]: "gpipe" | "1f1b" | "interleaved",
//                      chunk_layers [the even split] (layers of each of the pp·virtual_stages model chunks, 0 or more,
//                      in Megatron-Core's pipeline_model_parallel_layout order: chunk = virtual stage · pp + stage) }
//   batch            { micro_batch_size [1], micro_batches [1], grad_accum [1],
//                      global_batch [micro_batch_size·micro_batches·grad_accum·dp] (sequences per optimizer step;
//                      given without micro_batches it sets micro_batches) }
//   comm             { bucket_MiB [25], first_bucket_MiB [1], overlap [true], prefetch_depth [1],
//                      tp_overlap [false] (Megatron --tp-comm-overlap, needs sp),
//                      overlap_param_gather [false] (Megatron --overlap-param-gather, ZeRO-1/2),
//                      moe_flex_dispatcher [false] (DeepEP / HybridEP), moe_ep_overlap [false] (Megatron
//                      --overlap-moe-expert-parallel-comm: dispatch and combine under another micro-batch's compute),
//                      dtype ["bf16"] (units.h names), grad_dtype [dtype] (gradients on the wire) }
//   compute          { efficiency [0 = the preset's fitted figure] (fraction of the peak in use a large GEMM reaches),
//                      precision ["bf16"]: "bf16" | "fp8" (GEMM peak), flash_attention [true],
//                      attention_kernel ["cudnn"]: "cudnn" | "flash2" | "triton" (the fused attention kernel:
//                      Transformer Engine's cuDNN attention, FlashAttention-2 as PyTorch's SDPA and flash-attn run
//                      it, or llm-foundry's Triton FlashAttention of 2023),
//                      recompute ["none"]: "none" | "selective" | "selective-op" | "full",
//                      elementwise ["fused"]: "fused" | "eager" (PyTorch eager, one kernel per op),
//                      norm [elementwise]: "fused" | "eager" (the RMSNorm on its own: torchtitan's norm_type),
//                      loss [elementwise]: "fused" | "eager" (the cross-entropy on its own: torchtitan compiles
//                      the transformer blocks only),
//                      fp8_scaling ["fused"]: "fused" | "dynamic" | "current" | "mxfp8" (under fp8: Transformer
//                      Engine's delayed scaling, a fused norm writes fp8 itself, one cast kernel per other operand;
//                      torchao's dynamic tensor-wise scaling, own amax and cast kernels; Transformer Engine's
//                      per-tensor current scaling, an amax kernel and a cast-transpose per operand; Transformer
//                      Engine's MXFP8, one quantize kernel per operand),
//                      cuda_graphs ["none"]: "none" | "scoped" | "full_iteration" (eager launching, Transformer
//                      Engine's per-layer graphs, the whole step in one: an eager MoE layer lasts at least the
//                      host's time to launch its kernels),
//                      interference [0] (fractional compute slow-down while DP/ZeRO comm, or a MoE transfer that
//                      comm.moe_ep_overlap hides, runs) }
//   straggler        { rank [-1 = none], slowdown_pct [0] }
// Ranks are numbered Megatron-Core's way: rank = tp_index + tp·(cp_index + cp·(dp_index + dp·pp_index)), so a TP
// group is consecutive ranks, a CP group has stride tp, a DP group stride tp·cp and a pipeline stage holds tp·cp·dp
// consecutive ranks.
#include "model/collectives/hardware.h"
#include "model/collectives/problem.h"
#include "model/collectives/units.h"
#include "model/io/localizedtext.h"
#include "model/sim/modelshape.h"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::model {

enum class PipelineSchedule { GPipe, OneFOneB, Interleaved };
std::string_view name(PipelineSchedule schedule); ///< "gpipe", "1f1b", "interleaved"
std::optional<PipelineSchedule> parsePipelineSchedule(std::string_view text);

/// What backward recomputes of a layer's forward. Selective: Megatron-LM's, the core attention (Korthikanti et al.
/// 2022). SelectiveOp: torchtitan's op-level policy (selective_ac_option = "op"): the matmul outputs and attention
/// are saved except every second matmul in forward order, and every element-wise op is recomputed; under sequence
/// parallelism the all-gathers run again too (the reduce-scatters' outputs are saved). Full: the layer.
enum class Recompute { None, Selective, SelectiveOp, Full };
std::string_view name(Recompute recompute); ///< "none", "selective", "selective-op", "full"
std::span<const Recompute> recomputeChoices(); ///< every Recompute, in the order above (forms, parsers)
std::optional<Recompute> parseRecompute(std::string_view text);

/// How a layer's element-wise work runs. Fused: Megatron-LM / Transformer Engine kernels or torch.compile (one pass
/// over memory per norm, activation and residual add). Eager: PyTorch eager as torchtitan's and Hugging Face's Llama
/// run without torch.compile: RMSNorm composed of float(), pow, mean, rsqrt and three products, RoPE through fp32
/// complex numbers, SiLU and the gate's product apart, K and V copied to every query head (GQA), the attention
/// output made contiguous, the loss on an fp32 copy of the logits; each op a kernel with its own pass over memory.
enum class Elementwise { Fused, Eager };
std::string_view name(Elementwise elementwise); ///< "fused", "eager"
std::optional<Elementwise> parseElementwise(std::string_view text);

/// How fp8 GEMMs get their operands. Fused: Transformer Engine's delayed scaling, which casts with earlier steps'
/// scales: a norm fused into the next linear writes its output in fp8, every other GEMM input and output gradient gets
/// one cast kernel (with the transposed copy on Hopper); weights are cast once per step. Dynamic: torchao's
/// Float8Linear with dynamic tensor-wise scaling (torchtitan's Float8): every fp8 GEMM's input, weight and output
/// gradient is scanned for its absolute maximum and cast by kernels of their own, and the backward GEMMs read
/// transposed copies. Current: Transformer Engine's per-tensor current scaling (Megatron-Bridge's FP8-CS): each GEMM
/// input and output gradient gets an amax kernel (a fused norm finds its output's amax itself) and a cast that writes
/// the row-wise and, on Hopper, the transposed copy; weights are cast once per step (TE keeps their fp8 copy across
/// micro-batches). Mxfp8: Transformer Engine's MXFP8 (32-element block scales, Blackwell): one quantize kernel per
/// operand writes both copies.
enum class Fp8Scaling { Fused, Dynamic, Current, Mxfp8 };
std::string_view name(Fp8Scaling scaling); ///< "fused", "dynamic", "current", "mxfp8"
std::optional<Fp8Scaling> parseFp8Scaling(std::string_view text);

/// The fused attention kernel (ComputeFigures::Attention has each one's fraction of peak). Cudnn: cuDNN's fused
/// attention, which Transformer Engine (Megatron-LM, NeMo, Megatron-Bridge) runs on Hopper and later; on Ampere it runs
/// FlashAttention-2, and the figures are the same. Flash2: FlashAttention-2, PyTorch SDPA's flash backend (torchtitan),
/// the flash-attn package (llm-foundry), or Transformer Engine's flash-attn backend where a run turns cuDNN's off
/// (NVTE_FUSED_ATTN=0: NeMo's launcher through most of 2024). Triton: the FlashAttention written in Triton that
/// llm-foundry's MPT ran with attn_impl "triton" (llmfoundry/models/layers/flash_attn_triton.py, the default of its
/// benchmark script in 2023), at ComputeFigures::tritonAttentionShare of FlashAttention-2's rate.
enum class AttentionKernel { Cudnn, Flash2, Triton };
std::string_view name(AttentionKernel kernel); ///< "cudnn", "flash2", "triton"
std::optional<AttentionKernel> parseAttentionKernel(std::string_view text);

/// What CUDA graphs capture (Megatron-Core's --cuda-graph-impl and --cuda-graph-scope). None: every kernel is launched
/// from the host, as eager PyTorch does, and an MoE layer lasts at least the host's time to launch it
/// (ComputeFigures::moeHostMs). Scoped: Transformer Engine's per-layer scopes (attention, the MoE router and
/// preprocessing, …); FullIteration: the whole forward and backward. Both leave the host no floor on a layer.
enum class CudaGraphs { None, Scoped, FullIteration };
std::string_view name(CudaGraphs graphs); ///< "none", "scoped", "full_iteration"
std::optional<CudaGraphs> parseCudaGraphs(std::string_view text);

/// One link's figures given explicitly; unset fields come from the preset.
struct LinkOverride {
    std::optional<double> bandwidthGBps;
    std::optional<double> alphaMicroseconds;
    bool operator==(const LinkOverride&) const = default;
};

struct HardwareSpec {
    std::string preset = "hgx-h100"; ///< hardware.h preset id; empty means every figure is given explicitly
    int nodes = 1;
    int gpusPerNode = 0; ///< 0: the preset's
    LinkOverride intra;
    LinkOverride inter;
    std::optional<int> nicsPerNode;
    std::optional<double> peakTflops; ///< dense bf16 TFLOP/s per GPU
    std::optional<double> memoryGiB;
    bool operator==(const HardwareSpec&) const = default;
};

struct ParallelSpec {
    int dp = 1;
    int tp = 1;
    int pp = 1;
    /// Expert parallel size: the MoE layers spread their experts over ep GPUs of a stage's tp·cp·dp, which they
    /// number etp, ep, expert data parallel (Megatron-Core's MoE parallel folding); needs etp·ep | tp·cp·dp.
    int ep = 1;
    /// Expert tensor parallel size (Megatron-Core --expert-tensor-parallel-size): the routed experts' weights split
    /// over etp GPUs where the rest of the layer splits over tp. The expert layers lay their ranks out as etp, ep,
    /// expert data parallel, fastest first (MoE parallel folding), so with etp 1 an EP group is ep consecutive GPUs and
    /// each holds its experts whole. 0: tp, Megatron-Core's default.
    int etp = 0;
    /// Context parallel size (Megatron-Core --context-parallel-size): every layer's sequence split over cp GPUs,
    /// which pass K and V around a ring inside attention (ring attention) and reduce gradients with the dp ranks.
    int cp = 1;
    bool sp = false; ///< Megatron sequence parallelism (needs tp > 1 to matter)
    int zeroStage = 0; ///< 0 (DDP) … 3 (fully sharded); with pp > 1 see fsdpUnderPipeline()
    int virtualStages = 1; ///< model chunks per pipeline stage (interleaved schedule)
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    /// Layers of each model chunk in Megatron-Core's order (chunk vs · pp + stage: every stage's first chunk, then
    /// every stage's second …), as its pipeline_model_parallel_layout or --decoder-first/last-pipeline-num-layers
    /// give them; empty: the split of splitsLayers / firstLayerOf. An entry may be 0: a chunk of the embedding, the
    /// loss or a multi-token-prediction block alone (DeepSeek-V3's "Et|(tt|)*30mL" layout ends in one) still runs its
    /// pipeline passes, with no decoder layer in them.
    std::vector<int> chunkLayers;
    int expertTp() const { return etp > 0 ? etp : tp; }
    /// Replicas of one expert shard, which reduce its gradients and share its ZeRO shards: tp·cp·dp / (etp·ep).
    int expertDataRanks() const { return std::max(1, tp * cp * dp / std::max(1, expertTp() * ep)); }
    /// GPUs of the layout: dp · tp · pp · cp.
    long long gpus() const { return static_cast<long long>(dp) * tp * pp * cp; }
    /// Ranks that reduce gradients and share ZeRO shards: dp · cp.
    int gradientRanks() const { return dp * cp; }
    /// ZeRO-3 with pipeline stages, run as torchtitan runs FSDP2 under pipelining: a chunk's parameters are gathered
    /// by its first forward and kept until the step's end, gradients accumulate unsharded until the last backward.
    bool fsdpUnderPipeline() const { return zeroStage == 3 && pp > 1; }
    bool operator==(const ParallelSpec&) const = default;
};

struct BatchSpec {
    int microBatchSize = 1; ///< sequences per micro-batch per DP replica
    int microBatches = 1; ///< micro-batches per pipeline pass (m)
    int gradAccum = 1; ///< passes accumulated locally (no_sync) before one DP sync and optimizer step
    int globalBatch = 0; ///< sequences per optimizer step as given (0: not given); must equal b·m·grad_accum·dp
    bool operator==(const BatchSpec&) const = default;
};

struct CommSpec {
    double bucketMiB = 25; ///< PyTorch DDP bucket_cap_mb default
    double firstBucketMiB = 1; ///< PyTorch DDP first bucket (dist._DEFAULT_FIRST_BUCKET_BYTES)
    bool overlap = true; ///< launch gradient communication while backward still runs
    int prefetchDepth = 1; ///< ZeRO-3 / FSDP: layers whose AllGather may run ahead of compute
    /// Megatron-LM --tp-comm-overlap: the sequence-parallel AllGather / ReduceScatter of attention and dense MLP
    /// blocks run in tp chunks pipelined with the GEMM beside them (needs parallel.sp)
    bool tpOverlap = false;
    /// Megatron-LM --overlap-param-gather (ZeRO-1/2): the parameter AllGather after the optimizer step runs
    /// bucket by bucket under the next step's first forward instead of before it
    bool overlapParamGather = false;
    /// Megatron-Core's flex token dispatcher (--moe-token-dispatcher-type flex with DeepEP or HybridEP): MoE
    /// dispatch and combine send a token once to each GPU of its node that holds one of its experts and once to
    /// each other node that does (forwarded over NVLink there), instead of once per expert as the all-to-all does
    bool moeFlexDispatcher = false;
    /// Megatron-Core's --overlap-moe-expert-parallel-comm: the combined 1F1B schedule runs each steady-state forward
    /// beside a backward of another micro-batch, layer by layer, so that one's dispatch and combine run under the
    /// other's compute (the backward's combine under the forward's attention, the forward's dispatch under the
    /// backward's MLP, the backward's dispatch under the forward's MLP, the forward's combine under the backward's
    /// attention)
    bool moeEpOverlap = false;
    DType dtype = DType::Bf16; ///< gradients, parameters and activations on the wire
    /// Gradients on the wire when they differ from dtype (Megatron-LM reduces bf16 models' gradients in fp32).
    std::optional<DType> gradDtype;
    DType gradientDType() const { return gradDtype.value_or(dtype); }
    bool operator==(const CommSpec&) const = default;
};

enum class Precision { Bf16, Fp8 };
std::string_view name(Precision precision); ///< "bf16", "fp8"
std::optional<Precision> parsePrecision(std::string_view text);

struct ComputeSpec {
    double efficiency = 0; ///< fraction of peak FLOP/s a large GEMM reaches; 0: the preset's (ComputeFigures)
    /// ComputeFigures::moeExpertUs and moeHostMs in place of the preset's when set. Not scenario-file fields: the fit
    /// of tests/data/validation/steps.json sets them (stepvalidation.h).
    std::optional<double> moeExpertUs, moeHostMs;
    /// ComputeFigures::tritonAttentionShare in place of the preset's when set (the same fit sets it).
    std::optional<double> tritonAttentionShare;
    CudaGraphs cudaGraphs = CudaGraphs::None; ///< what the run captures in CUDA graphs
    Precision precision = Precision::Bf16; ///< the GEMMs' tensor-core peak (fp8: Transformer Engine)
    bool flashAttention = true; ///< fused attention; false: Megatron's unfused QKᵀ, softmax, dropout, ·V
    AttentionKernel attentionKernel = AttentionKernel::Cudnn; ///< which fused kernel, under flashAttention
    Recompute recompute = Recompute::None;
    Elementwise elementwise = Elementwise::Fused;
    /// The RMSNorm's kernels when they differ from elementwise's (torchtitan's norm_type "fused_rmsnorm", a Triton
    /// kernel, under eager; "rmsnorm" under torch.compile is fused by it).
    std::optional<Elementwise> norm;
    Elementwise normKernels() const { return norm.value_or(elementwise); }
    /// The cross-entropy's kernels when they differ from elementwise's (torchtitan's torch.compile covers each
    /// transformer block; its loss on fp32 logits stays eager).
    std::optional<Elementwise> loss;
    Elementwise lossKernels() const { return loss.value_or(elementwise); }
    Fp8Scaling fp8Scaling = Fp8Scaling::Fused; ///< how fp8 operands are cast; no effect under bf16
    /// compute runs (1 + interference)× slower while DP/ZeRO comm, or a hidden MoE transfer, overlaps it
    double interference = 0;
    bool operator==(const ComputeSpec&) const = default;
};

struct StragglerSpec {
    int rank = -1; ///< −1: no straggler
    double slowdownPct = 0; ///< the rank computes this many percent slower
    bool operator==(const StragglerSpec&) const = default;
};

struct Scenario {
    LocalizedText name;
    LocalizedText description;
    HardwareSpec hardware;
    ModelShape model;
    ParallelSpec parallel;
    BatchSpec batch;
    CommSpec comm;
    ComputeSpec compute;
    StragglerSpec straggler;
    bool operator==(const Scenario&) const = default;
};

/// The preset named by the scenario with its explicit overrides applied, or the problems
/// (unknown preset; missing figures when preset is empty).
Result<HardwarePreset> resolveHardware(const HardwareSpec& spec);

/// Sequences per optimizer step: micro_batch_size · micro_batches · grad_accum · dp.
long long globalBatch(const Scenario& scenario);

/// GPUs per node after defaults (the preset's when gpusPerNode is 0); 0 when the preset is unknown.
int gpusPerNode(const HardwareSpec& spec);

/// Whether `layers` split over `chunks` = pp · virtual_stages model chunks: evenly, or as Megatron-Core splits them
/// with account_for_embedding_in_pipeline_split and account_for_loss_in_pipeline_split, the embedding and the loss
/// counted as one layer each (layers + 2 divisible by chunks; at layers + 2 = chunks the first chunk holds only the
/// embedding and the last only the loss).
bool splitsLayers(int layers, int chunks);
/// The first layer of model chunk `vs` (0 … chunks; chunks gives `layers`) under that split: evenly when chunks
/// divides the layers, otherwise the first and the last chunk hold one layer fewer than the others.
int firstLayerOf(int layers, int chunks, int vs);

/// Whether a list of layers per model chunk fits `layers` over `chunks` chunks: one entry each, none negative,
/// summing to the layers (validate() names the entry or the rule that fails).
bool chunkLayersFit(std::span<const int> chunkLayers, int layers, int chunks);
/// The first layer of model chunk `vs` (0 … pp · virtual_stages; the last gives model.layers) under the scenario's
/// split: parallel.chunk_layers when it fits, else firstLayerOf.
int chunkFirstLayer(const ModelShape& model, const ParallelSpec& parallel, int vs);

/// Every problem with a scenario at once, each with JSON path, value and rule, e.g.
/// "parallel.tp = 3: must divide model.heads = 32" or "parallel.dp·tp·pp = 48: does not match 64 GPUs".
/// Checks positivity, finiteness and sane upper bounds of every number, divisibility rules of Megatron-LM
/// (tp | heads, tp | hidden, tp | ffn, pp·v | layers, ep | experts, etp·ep | tp·cp·dp), schedule needs
/// (interleaved: v ≥ 2 and m % pp == 0), ZeRO-3 without pipeline parallelism, straggler rank in range.
Problems validate(const Scenario& scenario);

} // namespace tutor::model
