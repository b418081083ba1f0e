// SPDX-License-Identifier: MIT
#include "model/sim/scenario.h"

#include "model/sim/compute.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace tutor::model {

namespace {
/// The smallest bandwidth (GB/s), peak (TFLOP/s), memory (GiB) or bucket (MiB) accepted: below it a step time
/// overflows to infinity (1e-320 TFLOP/s) while no real machine comes near.
constexpr double kMinPhysical = 1e-3;

constexpr int kMaxRanks = 1 << 20; // topology.h: ranks ≤ 1,048,576
constexpr double kMaxLayerPasses = 100000; // keeps a simulation under a few million events

std::string str(double value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", value);
    return buffer;
}
std::string str(long long value)
{
    return std::to_string(value);
}

struct Checker {
    Problems problems;

    void add(std::string field, std::string value, std::string rule)
    {
        problems.push_back({ std::move(field), std::move(value), std::move(rule), {} });
    }
    // lo ≤ value ≤ hi for integers.
    bool range(const std::string& field, long long value, long long lo, long long hi)
    {
        if (value < lo) {
            add(field, str(value), lo == 1 ? "must be at least 1" : "must be at least " + str(lo));
            return false;
        }
        if (value > hi) {
            add(field, str(value), "must be at most " + str(hi));
            return false;
        }
        return true;
    }
    // Finite and lo ≤ value ≤ hi (lo excluded when openLow).
    bool real(const std::string& field, double value, double lo, double hi, bool openLow)
    {
        if (!std::isfinite(value)) {
            add(field, str(value), "must be a finite number");
            return false;
        }
        if (openLow ? value <= lo : value < lo) {
            add(field, str(value), (openLow ? "must be greater than " : "must be at least ") + str(lo));
            return false;
        }
        if (value > hi) {
            add(field, str(value), "must be at most " + str(hi));
            return false;
        }
        return true;
    }
    void divides(const std::string& field, long long divisor, const std::string& otherField, long long other)
    {
        if (divisor > 0 && other > 0 && other % divisor != 0)
            add(field, str(divisor), "must divide " + otherField + " = " + str(other));
    }
};

void checkLink(Checker& c, const LinkOverride& link, const std::string& field, bool required)
{
    if (link.bandwidthGBps)
        c.real(field + ".bandwidth_GBps", *link.bandwidthGBps, kMinPhysical, 1e5, false);
    else if (required)
        c.add(field + ".bandwidth_GBps", "", "is required when hardware.preset is empty");
    if (link.alphaMicroseconds)
        c.real(field + ".alpha_us", *link.alphaMicroseconds, 0, 1e6, false);
    else if (required)
        c.add(field + ".alpha_us", "", "is required when hardware.preset is empty");
}
} // namespace

long long globalBatch(const Scenario& s)
{
    return static_cast<long long>(s.batch.microBatchSize) * s.batch.microBatches * s.batch.gradAccum * s.parallel.dp;
}

int gpusPerNode(const HardwareSpec& spec)
{
    if (spec.gpusPerNode > 0)
        return spec.gpusPerNode;
    if (spec.preset.empty())
        return 0;
    const auto preset = findPreset(spec.preset, "hardware.preset");
    return preset ? preset->gpusPerNode : 0;
}

bool splitsLayers(int layers, int chunks)
{
    // With layers + 2 = chunks the uneven split gives one place per chunk: the first chunk holds the embedding alone
    // and the last the loss alone (Llama 3.1 405B's 126 layers over 16 stages of 8 chunks in Megatron-Bridge).
    return chunks > 0 && layers > 0 && (layers % chunks == 0 || (layers + 2) % chunks == 0);
}

int firstLayerOf(int layers, int chunks, int vs)
{
    if (vs >= chunks)
        return layers;
    if (layers % chunks == 0)
        return vs * (layers / chunks);
    // (layers + 2) / chunks places per chunk, the embedding taking the first chunk's first place.
    return std::max(0, vs * ((layers + 2) / chunks) - 1);
}

bool chunkLayersFit(std::span<const int> chunkLayers, int layers, int chunks)
{
    long long sum = 0;
    for (int n : chunkLayers) {
        if (n < 0)
            return false;
        sum += n;
    }
    return static_cast<long long>(chunkLayers.size()) == chunks && sum == layers;
}

int chunkFirstLayer(const ModelShape& model, const ParallelSpec& parallel, int vs)
{
    const int chunks = parallel.pp * parallel.virtualStages;
    if (!chunkLayersFit(parallel.chunkLayers, model.layers, chunks))
        return firstLayerOf(model.layers, chunks, vs);
    if (vs >= chunks)
        return model.layers;
    int first = 0;
    for (int c = 0; c < vs; ++c)
        first += parallel.chunkLayers[static_cast<std::size_t>(c)];
    return first;
}

Result<HardwarePreset> resolveHardware(const HardwareSpec& spec)
{
    Checker c;
    HardwarePreset out;
    if (!spec.preset.empty()) {
        auto found = findPreset(spec.preset, "hardware.preset");
        if (!found)
            return found.problems();
        out = found.value();
    } else {
        out.id = "custom";
        out.name = "custom hardware";
        out.intra.kind = LinkKind::NVLink;
        out.inter.kind = LinkKind::InfiniBand;
        out.nicsPerNode = spec.nicsPerNode.value_or(spec.gpusPerNode > 0 ? spec.gpusPerNode : 1);
        out.source = "scenario file";
        checkLink(c, spec.intra, "hardware.intra", true);
        checkLink(c, spec.inter, "hardware.inter", true);
        if (!spec.peakTflops)
            c.add("hardware.peak_TFLOPs", "", "is required when hardware.preset is empty");
        if (!spec.memoryGiB)
            c.add("hardware.memory_GiB", "", "is required when hardware.preset is empty");
        if (spec.gpusPerNode <= 0)
            c.add("hardware.gpus_per_node", str(static_cast<long long>(spec.gpusPerNode)),
                "is required when hardware.preset is empty");
    }
    if (spec.gpusPerNode > 0)
        out.gpusPerNode = spec.gpusPerNode;
    const auto apply = [](Link& link, const LinkOverride& o) {
        if (o.bandwidthGBps) {
            link.bandwidthGBps = *o.bandwidthGBps;
            link.lineRateGBps = std::max(link.lineRateGBps, *o.bandwidthGBps);
        }
        if (o.alphaMicroseconds)
            link.alphaSeconds = *o.alphaMicroseconds * kMicro;
    };
    apply(out.intra, spec.intra);
    apply(out.inter, spec.inter);
    if (spec.nicsPerNode)
        out.nicsPerNode = *spec.nicsPerNode;
    if (spec.peakTflops)
        out.peakFlops = *spec.peakTflops * 1e12;
    if (spec.memoryGiB)
        out.memoryBytes = static_cast<Bytes>(*spec.memoryGiB * static_cast<double>(GiB));
    if (!c.problems.empty())
        return c.problems;
    return out;
}

Problems validate(const Scenario& s)
{
    Checker c;
    // hardware
    const auto& hw = s.hardware;
    int perNode = 0;
    if (!hw.preset.empty()) {
        if (const auto preset = findPreset(hw.preset, "hardware.preset"); !preset)
            c.problems.insert(c.problems.end(), preset.problems().begin(), preset.problems().end());
        else
            perNode = hw.gpusPerNode > 0 ? hw.gpusPerNode : preset->gpusPerNode;
    } else {
        perNode = hw.gpusPerNode;
    }
    c.range("hardware.nodes", hw.nodes, 1, kMaxRanks);
    if (hw.gpusPerNode != 0 || hw.preset.empty())
        c.range("hardware.gpus_per_node", hw.gpusPerNode, 1, 1024);
    checkLink(c, hw.intra, "hardware.intra", hw.preset.empty());
    checkLink(c, hw.inter, "hardware.inter", hw.preset.empty());
    if (hw.nicsPerNode)
        c.range("hardware.nics_per_node", *hw.nicsPerNode, 1, 1024);
    if (hw.peakTflops)
        c.real("hardware.peak_TFLOPs", *hw.peakTflops, kMinPhysical, 1e6, false);
    else if (hw.preset.empty())
        c.add("hardware.peak_TFLOPs", "", "is required when hardware.preset is empty");
    if (hw.memoryGiB)
        c.real("hardware.memory_GiB", *hw.memoryGiB, kMinPhysical, 1e6, false);
    else if (hw.preset.empty())
        c.add("hardware.memory_GiB", "", "is required when hardware.preset is empty");
    const long long gpus = static_cast<long long>(std::max(0, hw.nodes)) * std::max(0, perNode);

    // model
    const auto& m = s.model;
    const bool layersOk = c.range("model.layers", m.layers, 1, 10'000);
    const bool hiddenOk = c.range("model.hidden", m.hidden, 1, 1'000'000);
    const bool ffnOk = m.ffn == 0 || c.range("model.ffn", m.ffn, 1, 10'000'000);
    const bool headsOk = c.range("model.heads", m.heads, 1, 100'000);
    c.range("model.seq_len", m.seqLen, 1, 10'000'000);
    if (m.kvHeads != 0 && c.range("model.kv_heads", m.kvHeads, 1, 100'000) && headsOk)
        c.divides("model.kv_heads", m.kvHeads, "model.heads", m.heads);
    c.range("model.vocab", m.vocab, 1, 100'000'000);
    if (m.headDim != 0)
        c.range("model.head_dim", m.headDim, 1, 100'000);
    else if (hiddenOk && headsOk)
        c.divides("model.heads", m.heads, "model.hidden", m.hidden);
    if (m.mla.kvLoraRank != 0 || m.mla.qLoraRank != 0) {
        if (c.range("model.mla.kv_lora_rank", m.mla.kvLoraRank, 1, 1'000'000)) {
            c.range("model.mla.q_lora_rank", m.mla.qLoraRank, 0, 1'000'000);
            c.range("model.mla.rope_head_dim", m.mla.ropeHeadDim, 0, 100'000);
            c.range("model.mla.v_head_dim", m.mla.vHeadDim, 0, 100'000);
            if (m.kvHeads != 0 && m.kvHeads != m.heads)
                c.add("model.kv_heads", str(static_cast<long long>(m.kvHeads)),
                    "must equal model.heads under multi-head latent attention (model.mla), which gives every head its "
                    "own key and value");
        }
    }
    const bool moe = m.moe.experts != 0;
    if (moe) {
        c.range("model.moe.experts", m.moe.experts, 1, 100'000);
        if (c.range("model.moe.top_k", m.moe.topK, 1, 1'000) && m.moe.experts > 0 && m.moe.topK > m.moe.experts)
            c.add("model.moe.top_k", str(static_cast<long long>(m.moe.topK)),
                "must be at most model.moe.experts = " + str(static_cast<long long>(m.moe.experts)));
        c.real("model.moe.capacity_factor", m.moe.capacityFactor, 0.01, 100, false);
        if (c.range("model.moe.every_n_layers", m.moe.everyNLayers, 1, 10'000) && layersOk
            && m.moe.everyNLayers > m.layers)
            c.add("model.moe.every_n_layers", str(static_cast<long long>(m.moe.everyNLayers)),
                "must be at most model.layers = " + str(static_cast<long long>(m.layers)));
        if (c.range("model.moe.first_dense_layers", m.moe.firstDenseLayers, 0, 10'000) && layersOk
            && m.moe.firstDenseLayers >= m.layers)
            c.add("model.moe.first_dense_layers", str(static_cast<long long>(m.moe.firstDenseLayers)),
                "must be less than model.layers = " + str(static_cast<long long>(m.layers))
                    + " (an MoE model keeps at least one MoE layer)");
        if (m.moe.expertFfn != 0)
            c.range("model.moe.expert_ffn", m.moe.expertFfn, 1, 10'000'000);
        c.range("model.moe.shared_expert_ffn", m.moe.sharedExpertFfn, 0, 10'000'000);
        if (c.range("model.moe.groups", m.moe.groups, 0, 100'000) && m.moe.groups > 0 && m.moe.experts > 0
            && m.moe.experts % m.moe.groups != 0)
            c.add("model.moe.groups", str(static_cast<long long>(m.moe.groups)),
                "must divide model.moe.experts = " + str(static_cast<long long>(m.moe.experts))
                    + " (every router group holds as many experts)");
        if (c.range("model.moe.group_top_k", m.moe.groupTopK, 0, 100'000) && m.moe.groupTopK > 0) {
            if (m.moe.groups == 0)
                c.add("model.moe.group_top_k", str(static_cast<long long>(m.moe.groupTopK)),
                    "needs model.moe.groups (the router groups it picks among)");
            else if (m.moe.groupTopK > m.moe.groups)
                c.add("model.moe.group_top_k", str(static_cast<long long>(m.moe.groupTopK)),
                    "must be at most model.moe.groups = " + str(static_cast<long long>(m.moe.groups)));
            else if (m.moe.experts > 0 && m.moe.experts % m.moe.groups == 0
                && static_cast<long long>(m.moe.groupTopK) * (m.moe.experts / m.moe.groups) < m.moe.topK)
                c.add("model.moe.group_top_k", str(static_cast<long long>(m.moe.groupTopK)),
                    "leaves " + str(static_cast<long long>(m.moe.groupTopK) * (m.moe.experts / m.moe.groups))
                        + " experts to pick model.moe.top_k = " + str(static_cast<long long>(m.moe.topK)) + " from");
        }
    }

    // parallel
    const auto& p = s.parallel;
    const bool dpOk = c.range("parallel.dp", p.dp, 1, kMaxRanks);
    const bool tpOk = c.range("parallel.tp", p.tp, 1, 1024);
    const bool ppOk = c.range("parallel.pp", p.pp, 1, 1024);
    const bool epOk = c.range("parallel.ep", p.ep, 1, kMaxRanks);
    const bool cpOk = c.range("parallel.cp", p.cp, 1, 1024);
    if (cpOk && p.cp > 1) {
        // Megatron-Core splits the sequence into 2·cp chunks and gives rank i chunks i and 2·cp − 1 − i, so that
        // causal attention costs every rank the same.
        if (m.seqLen > 0 && m.seqLen % (2 * p.cp) != 0)
            c.add("parallel.cp", str(static_cast<long long>(p.cp)),
                "2·cp must divide model.seq_len, which Megatron-Core splits into 2·cp chunks; model.seq_len = "
                    + str(static_cast<long long>(m.seqLen)));
        if (!s.compute.flashAttention)
            c.add("parallel.cp", str(static_cast<long long>(p.cp)),
                "needs compute.flash_attention = true: ring attention runs FlashAttention block by block");
    }
    c.range("parallel.zero_stage", p.zeroStage, 0, 3);
    if (s.comm.overlapParamGather && (p.zeroStage < 1 || p.zeroStage > 2))
        c.add("comm.overlap_param_gather", "true",
            "needs parallel.zero_stage 1 or 2 (a sharded optimizer whose updated parameters are gathered), not "
                + str(static_cast<long long>(p.zeroStage)));
    if (s.comm.moeEpOverlap) {
        // Megatron-Core's combined 1F1B schedule and the checks it makes before running it.
        const auto rule = [&](const std::string& why) { c.add("comm.moe_ep_overlap", "true", why); };
        if (m.moe.experts <= 0)
            rule("needs MoE layers with expert parallelism; the model has none (model.moe.experts = 0)");
        else if (p.ep <= 1)
            rule("needs MoE layers with expert parallelism (parallel.ep > 1), not ep = "
                + str(static_cast<long long>(p.ep)));
        if (s.compute.recompute == Recompute::Full)
            rule("cannot run with compute.recompute = \"full\": the combined schedule pairs a forward with the "
                 "backward of another micro-batch layer by layer");
        if (p.schedule == PipelineSchedule::GPipe && p.pp > 1)
            rule("needs the 1f1b or interleaved schedule, whose steady state pairs forwards with backwards, not "
                 "gpipe");
        else if (p.pp > 1 && p.virtualStages < 2)
            rule("needs parallel.virtual_stages > 1 when parallel.pp > 1 (Megatron-Core runs the combined schedule "
                 "on the interleaved pipeline only)");
    }
    const bool vOk = c.range("parallel.virtual_stages", p.virtualStages, 1, 128);
    if (tpOk) {
        if (headsOk)
            c.divides("parallel.tp", p.tp, "model.heads", m.heads);
        if (hiddenOk)
            c.divides("parallel.tp", p.tp, "model.hidden", m.hidden);
        if (ffnOk && hiddenOk)
            c.divides("parallel.tp", p.tp, m.ffn > 0 ? "model.ffn" : "model.ffn (4·hidden)", m.ffnSize());
        if (m.kvHeads > 0 && p.tp > 1)
            c.divides("parallel.tp", p.tp, "model.kv_heads", m.kvHeads);
        // Routed experts split over parallel.etp (tp unless set), shared experts over tp as the dense MLP is.
        if (moe && p.expertTp() > 1 && m.moe.expertFfn > 0)
            c.divides(
                p.etp > 0 ? "parallel.etp" : "parallel.tp", p.expertTp(), "model.moe.expert_ffn", m.moe.expertFfn);
        if (moe && p.tp > 1 && m.moe.sharedExpertFfn > 0)
            c.divides("parallel.tp", p.tp, "model.moe.shared_expert_ffn", m.moe.sharedExpertFfn);
        if (p.sp && p.tp > 1 && m.seqLen > 0)
            c.divides("parallel.tp", p.tp, "model.seq_len (sequence parallel)", m.seqLen);
        if (s.comm.tpOverlap && p.tp > 1 && !p.sp)
            c.add("comm.tp_overlap", "true",
                "needs parallel.sp = true: Megatron-LM pipelines only the sequence-parallel AllGather and "
                "ReduceScatter with GEMMs");
    }
    if (!p.chunkLayers.empty()) {
        const long long chunks = static_cast<long long>(p.pp) * p.virtualStages;
        long long sum = 0;
        bool each = true;
        for (std::size_t i = 0; i < p.chunkLayers.size(); ++i) {
            sum += p.chunkLayers[i];
            if (each && p.chunkLayers[i] < 0) {
                c.add("parallel.chunk_layers[" + str(static_cast<long long>(i)) + "]",
                    str(static_cast<long long>(p.chunkLayers[i])),
                    "must be at least 0 (a chunk may hold no layer, as Megatron-Core's "
                    "pipeline_model_parallel_layout allows, but not fewer)");
                each = false;
            }
        }
        if (ppOk && vOk && static_cast<long long>(p.chunkLayers.size()) != chunks)
            c.add("parallel.chunk_layers", str(static_cast<long long>(p.chunkLayers.size())) + " entries",
                "must have one entry per model chunk, parallel.pp·virtual_stages = " + str(chunks));
        else if (layersOk && sum != m.layers)
            c.add("parallel.chunk_layers", "sum " + str(sum),
                "must equal model.layers = " + str(static_cast<long long>(m.layers)));
    } else if (ppOk && vOk && layersOk && !splitsLayers(m.layers, p.pp * p.virtualStages))
        c.add("parallel.pp·virtual_stages", str(static_cast<long long>(p.pp) * p.virtualStages),
            "must divide model.layers = " + str(static_cast<long long>(m.layers))
                + " or model.layers + 2 = " + str(static_cast<long long>(m.layers) + 2)
                + " (Megatron-Core's split that counts the embedding and the loss as one layer each)");
    if (p.schedule == PipelineSchedule::Interleaved) {
        if (vOk && p.virtualStages < 2)
            c.add("parallel.virtual_stages", str(static_cast<long long>(p.virtualStages)),
                "must be at least 2 for the interleaved schedule");
        if (ppOk && p.pp > 1 && s.batch.microBatches > 0 && s.batch.microBatches % p.pp != 0)
            c.add("batch.micro_batches", str(static_cast<long long>(s.batch.microBatches)),
                "must be a multiple of parallel.pp = " + str(static_cast<long long>(p.pp))
                    + " for the interleaved schedule");
    } else if (vOk && p.virtualStages != 1) {
        c.add("parallel.virtual_stages", str(static_cast<long long>(p.virtualStages)),
            "must be 1 unless parallel.schedule is \"interleaved\"");
    }
    if (p.etp != 0 && c.range("parallel.etp", p.etp, 1, 1024)) {
        if (!moe)
            c.add("parallel.etp", str(static_cast<long long>(p.etp)), "needs an MoE model (model.moe.experts > 0)");
        else if (tpOk && p.tp % p.etp != 0)
            c.add("parallel.etp", str(static_cast<long long>(p.etp)),
                "must divide parallel.tp = " + str(static_cast<long long>(p.tp))
                    + " (an expert's tensor-parallel group sits inside the attention's)");
    }
    if (epOk && p.ep > 1) {
        if (!moe)
            c.add("parallel.ep", str(static_cast<long long>(p.ep)), "needs an MoE model (model.moe.experts > 0)");
        else if (m.moe.experts > 0)
            c.divides("parallel.ep", p.ep, "model.moe.experts", m.moe.experts);
        // MoE parallel folding: the expert layers lay a stage's tp·cp·dp ranks out as etp, ep, expert data parallel.
        const long long stageRanks = static_cast<long long>(p.tp) * p.cp * p.dp;
        const long long expertRanks = static_cast<long long>(p.expertTp()) * p.ep;
        if (dpOk && tpOk && cpOk && stageRanks % expertRanks != 0)
            c.add("parallel.ep", str(static_cast<long long>(p.ep)),
                "etp · ep = " + str(expertRanks) + " must divide a stage's tp · cp · dp = " + str(stageRanks)
                    + " GPUs, which the expert layers split into etp, ep and expert data parallel");
    }
    const long long product
        = static_cast<long long>(std::max(1, p.dp)) * std::max(1, p.tp) * std::max(1, p.pp) * std::max(1, p.cp);
    if (dpOk && tpOk && ppOk && cpOk && gpus > 0 && product != gpus)
        c.add(p.cp > 1 ? "parallel.dp·tp·pp·cp" : "parallel.dp·tp·pp", str(product),
            "does not match " + str(gpus) + " GPUs (hardware.nodes · gpus_per_node)");

    // batch
    const auto& b = s.batch;
    c.range("batch.micro_batch_size", b.microBatchSize, 1, 1'000'000);
    c.range("batch.micro_batches", b.microBatches, 1, 100'000);
    c.range("batch.grad_accum", b.gradAccum, 1, 100'000);
    if (b.globalBatch != 0 && c.range("batch.global_batch", b.globalBatch, 1, 100'000'000) && dpOk
        && b.globalBatch != globalBatch(s))
        c.add("batch.global_batch", str(static_cast<long long>(b.globalBatch)),
            "must equal micro_batch_size·micro_batches·grad_accum·dp = " + str(static_cast<long long>(b.microBatchSize))
                + "·" + str(static_cast<long long>(b.microBatches)) + "·" + str(static_cast<long long>(b.gradAccum))
                + "·" + str(static_cast<long long>(p.dp)) + " = " + str(globalBatch(s)));

    // comm
    c.real("comm.bucket_MiB", s.comm.bucketMiB, kMinPhysical, 1'048'576, false);
    c.real("comm.first_bucket_MiB", s.comm.firstBucketMiB, kMinPhysical, 1'048'576, false);
    c.range("comm.prefetch_depth", s.comm.prefetchDepth, 0, 1'000);

    // compute
    c.real("compute.efficiency", s.compute.efficiency, 0, 1, false);
    c.real("compute.interference", s.compute.interference, 0, 10, false);

    // straggler
    if (s.straggler.rank != -1) {
        if (gpus > 0)
            c.range("straggler.rank", s.straggler.rank, 0, gpus - 1);
        else
            c.range("straggler.rank", s.straggler.rank, 0, kMaxRanks);
    }
    c.real("straggler.slowdown_pct", s.straggler.slowdownPct, 0, 10'000, false);

    // Sizes beyond any real model would overflow byte counts; a tutor has no use for them.
    if (layersOk && hiddenOk && ffnOk && c.problems.empty()) {
        const double psi = totalParams(m);
        if (psi > 1e15)
            c.add("model", str(psi) + " parameters", "is too large to simulate (at most 1e15 parameters)");
        const double tokens = static_cast<double>(b.microBatchSize) * m.seqLen;
        if (tokens > 1e9)
            c.add("batch.micro_batch_size·model.seq_len", str(tokens),
                "is too large to simulate (at most 1e9 tokens per micro-batch)");
    }
    // The simulation's size: events grow with layers · micro-batches · grad_accum per stage.
    if (layersOk && c.problems.empty()) {
        const double work = static_cast<double>(m.layers) * b.microBatches * b.gradAccum;
        if (work > kMaxLayerPasses)
            c.add("batch.micro_batches·grad_accum", str(static_cast<long long>(b.microBatches) * b.gradAccum),
                "times model.layers = " + str(static_cast<long long>(m.layers))
                    + " is too large to simulate (at most 100,000 layer passes)");
    }
    return c.problems;
}

} // namespace tutor::model
