// SPDX-License-Identifier: MIT
#include "model/sim/stepvalidation.h"

#include "model/collectives/document.h"
#include "model/io/numbers.h"
#include "model/sim/compute.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

namespace tutor::model {

using nlohmann::json;

namespace {
std::string text(const json& obj, const char* key)
{
    const auto it = obj.find(key);
    return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

double number(const json& obj, const char* key)
{
    const auto it = obj.find(key);
    return it != obj.end() && it->is_number() ? it->get<double>() : 0.0;
}

// Dense bf16/fp16 peak per GPU as the sources quote it for MFU.
double publishedPeak(const Scenario& sc)
{
    const auto hw = resolveHardware(sc.hardware);
    return hw ? hw->peakFlops : 0.0;
}

// Megatron-LM 2021 eq. 3: FLOPs per iteration with activation recomputation (4 passes of forward work).
double megatron2021Flops(const Scenario& sc, double globalBatch)
{
    const double s = sc.model.seqLen, l = sc.model.layers, h = sc.model.hidden, v = sc.model.vocab;
    return 96.0 * globalBatch * s * l * h * h * (1 + s / (6 * h) + v / (16 * l * h));
}

// The row's "cuda_graphs": none or the whole iteration (the scenario field's words), or Transformer Engine's per-layer
// scopes joined by "+" (Megatron-Core's --cuda-graph-scope names); nullopt when the text is none of these.
std::optional<CudaGraphs> parseGraphCapture(const std::string& text)
{
    if (const auto graphs = parseCudaGraphs(text); graphs && graphs != CudaGraphs::Scoped)
        return graphs;
    static constexpr std::string_view kScopes[] = { "attn", "mlp", "moe", "moe_router", "moe_preprocess", "mamba" };
    std::size_t begin = 0;
    do {
        const std::size_t end = std::min(text.find('+', begin), text.size());
        const std::string_view scope = std::string_view(text).substr(begin, end - begin);
        if (std::find(std::begin(kScopes), std::end(kScopes), scope) == std::end(kScopes))
            return std::nullopt;
        begin = end + 1;
    } while (begin <= text.size());
    return CudaGraphs::Scoped;
}

// The seconds per step a row's measurement stands for; empty `from` when the row gives none it can use.
std::pair<double, std::string> measuredSeconds(const json& measured, const std::string& convention, const Scenario& sc)
{
    const double gpus = static_cast<double>(sc.parallel.gpus());
    const double batch = static_cast<double>(globalBatch(sc));
    const double tokens = batch * sc.model.seqLen;
    if (const double t = number(measured, "iteration_s"); t > 0)
        return { t, "iteration_s" };
    if (const double r = number(measured, "tokens_per_s_per_gpu"); r > 0)
        return { tokens / (r * gpus), "tokens_per_s_per_gpu" };
    const double modelFlops = tokens * modelFlopsPerToken(sc.model);
    if (const double f = number(measured, "tflops_per_gpu"); f > 0) {
        const double flops = convention.rfind("megatron-2021", 0) == 0 ? megatron2021Flops(sc, batch) : modelFlops;
        return { flops / (f * 1e12 * gpus), "tflops_per_gpu" };
    }
    if (const double mfu = number(measured, "mfu"); mfu > 0)
        if (const double peak = publishedPeak(sc); peak > 0)
            return { modelFlops / (mfu * peak * gpus), "mfu" };
    return { 0, "" };
}
} // namespace

Result<std::vector<StepRow>> loadStepRows(const std::string& path)
{
    auto doc = loadJson(path);
    if (!doc)
        return doc.problems();
    const auto rows = doc->find("rows");
    if (!doc->is_object() || rows == doc->end() || !rows->is_array())
        return Problem { "rows", "", "must be an array of runs", path };
    std::vector<StepRow> out;
    Problems problems;
    for (std::size_t i = 0; i < rows->size(); ++i) {
        const auto& r = (*rows)[i];
        const std::string field = "rows[" + std::to_string(i) + "]";
        if (!r.is_object() || !r.contains("scenario") || !r.contains("measured")) {
            problems.push_back({ field, "", "must be an object with \"scenario\" and \"measured\"", path });
            continue;
        }
        StepRow row;
        row.id = text(r, "id");
        if (const auto src = r.find("source"); src != r.end() && src->is_object()) {
            row.source = text(*src, "url");
            row.where = text(*src, "where");
            row.software = text(*src, "software");
            row.year = io::wholeAs<int>(number(*src, "year")).value_or(0);
        }
        row.gpu = text(r, "gpu");
        row.offPreset = text(r, "off_preset");
        if (const auto graphs = r.find("cuda_graphs"); graphs != r.end()) {
            const auto capture = graphs->is_string() ? parseGraphCapture(graphs->get<std::string>()) : std::nullopt;
            if (capture)
                row.graphs = *capture;
            else
                problems.push_back({ field + ".cuda_graphs", shownValue(*graphs),
                    "must be \"none\", \"full_iteration\" or Transformer Engine scopes joined by \"+\" "
                    "(attn, mlp, moe, moe_router, moe_preprocess, mamba)",
                    path });
        }
        json scenario = r["scenario"];
        if (text(r, "precision") == "fp8")
            scenario["compute"]["precision"] = "fp8";
        if (row.graphs && !scenario["compute"].contains("cuda_graphs"))
            scenario["compute"]["cuda_graphs"] = std::string(name(*row.graphs));
        // Megatron-LM reduces the gradients of bf16 models (and of fp8 ones, whose parameters are bf16) in fp32
        // (arguments.py: bf16 forces accumulate_allreduce_grads_in_fp32; fp16 models keep fp16 gradients, the flag's
        // default), and overlaps them with backward only since Megatron-Core (2023). Megatron-Bridge's performance
        // scripts reduce them in bf16 (grad_reduce_in_fp32 = False: scripts/performance/configs/llama3/*.yaml at
        // 8bb2309, 2025-09; configs/*/*_llm_pretrain.py at e59a573, 2025-11, and c76eae6, 2026-04; perf_recipes/
        // _common.py _benchmark_common at 4ab94df, 2026-08).
        const bool megatron
            = row.software.find("Megatron") != std::string::npos || row.software.find("NeMo") != std::string::npos;
        const bool bridge = row.software.find("Megatron-Bridge") != std::string::npos;
        if (megatron) {
            if (!scenario["comm"].contains("grad_dtype"))
                scenario["comm"]["grad_dtype"] = bridge ? "bf16" : text(r, "precision") == "fp16" ? "fp16" : "fp32";
            if (!scenario["comm"].contains("overlap"))
                scenario["comm"]["overlap"] = row.year >= 2023;
            // Megatron-Core's DDP buckets hold max(40M, 1M · dp) parameters, with no small first bucket
            // (distributed_data_parallel.py); the gradients are fp32 unless the row says otherwise.
            if (row.year >= 2023 && !scenario["comm"].contains("bucket_MiB")) {
                const auto par = scenario.find("parallel");
                const double dp = par != scenario.end() ? number(*par, "dp") : 0;
                const double gradBytes = scenario["comm"]["grad_dtype"] == "fp32" ? 4 : 2;
                const double bucketMiB = std::max(40e6, 1e6 * dp) * gradBytes / MiB;
                scenario["comm"]["bucket_MiB"] = bucketMiB;
                scenario["comm"]["first_bucket_MiB"] = bucketMiB;
            }
        }
        // torchtitan reduces FSDP's gradients in fp32 (training.mixed_precision_reduce, whose only choice is
        // "float32"), and its Float8 is torchao's Float8Linear with dynamic tensor-wise scaling (float8.py: "only
        // dynamic tensor scaling (the default) is supported"), at 9dec370, the commit of its performance tables.
        if (row.software.find("torchtitan") != std::string::npos) {
            if (!scenario["comm"].contains("grad_dtype"))
                scenario["comm"]["grad_dtype"] = "fp32";
            if (text(r, "precision") == "fp8" && !scenario["compute"].contains("fp8_scaling"))
                scenario["compute"]["fp8_scaling"] = "dynamic";
        }
        scenario["name"] = row.id;
        auto parsed = scenarioFromJson(scenario, path + ":" + field);
        if (!parsed) {
            // A run the scenario schema cannot express (a GPU without a preset, a pipeline split Megatron cannot make,
            // FSDP with pipeline stages) is kept and reported as skipped with the rule it breaks.
            if (row.skipped.empty()) {
                const auto& p = parsed.problems().front();
                row.skipped = p.field + " = " + p.value + ": " + p.rule;
            }
            out.push_back(std::move(row));
            continue;
        }
        row.scenario = parsed.value();
        if (const auto gib = r["measured"].find("memory_gib"); gib != r["measured"].end()) {
            // Up to the largest GPU memory there is, with room: 1 TiB.
            if (gib->is_number() && gib->get<double>() > 0 && gib->get<double>() <= 1024)
                row.measuredMemoryBytes = gib->get<double>() * static_cast<double>(GiB);
            else
                problems.push_back({ field + ".measured.memory_gib", shownValue(*gib),
                    "must be the peak memory per GPU in GiB, > 0 and at most 1024", path });
        }
        const auto [seconds, from] = measuredSeconds(r["measured"], text(r, "flops_convention"), row.scenario);
        row.measuredSeconds = seconds;
        row.measuredFrom = from;
        if (seconds <= 0 && row.skipped.empty())
            problems.push_back({ field + ".measured", shownValue(r["measured"]),
                "needs iteration_s, tokens_per_s_per_gpu, tflops_per_gpu or mfu > 0", path });
        out.push_back(std::move(row));
    }
    if (!problems.empty())
        return problems;
    return out;
}

bool isHeldOut(const StepRow& row)
{
    return (fnv1a64(row.id) & 1U) != 0;
}

namespace {
GpuArch archOf(const StepRow& row)
{
    const auto hw = resolveHardware(row.scenario.hardware);
    return hw ? hw->nccl.arch : GpuArch::Cpu;
}

// Mean |error| of `rows` with one compute figure replaced by `value`.
template <class Set> double meanAbsError(const std::vector<const StepRow*>& rows, double value, Set set)
{
    double sum = 0;
    int n = 0;
    for (const auto* row : rows) {
        auto sc = row->scenario;
        set(sc.compute, value);
        if (const auto metrics = simulateMetrics(sc)) {
            sum += std::abs(metrics->stepSeconds / row->measuredSeconds - 1);
            ++n;
        }
    }
    return n > 0 ? sum / n : 0;
}

// Golden-section search of [lo, hi] for the value that minimises the rows' mean |error|.
template <class Set>
std::pair<double, double> bestValue(const std::vector<const StepRow*>& rows, double lo, double hi, Set set)
{
    const double phi = (std::sqrt(5.0) - 1) / 2;
    double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
    double fa = meanAbsError(rows, a, set), fb = meanAbsError(rows, b, set);
    while (hi - lo > 0.002) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - phi * (hi - lo);
            fa = meanAbsError(rows, a, set);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + phi * (hi - lo);
            fb = meanAbsError(rows, b, set);
        }
    }
    const double best = (lo + hi) / 2;
    return { best, meanAbsError(rows, best, set) };
}

bool isMoe(const StepRow& row)
{
    return row.scenario.model.moe.experts > 0;
}

bool isEagerMoe(const StepRow& row)
{
    return isMoe(row) && row.graphs == CudaGraphs::None;
}

bool runsTritonAttention(const StepRow& row)
{
    return row.scenario.compute.flashAttention && row.scenario.compute.attentionKernel == AttentionKernel::Triton;
}
} // namespace

std::vector<EfficiencyFit> fitComputeEfficiency(const std::vector<StepRow>& rows)
{
    std::vector<EfficiencyFit> out;
    const auto fitRows = [&](auto keep) {
        std::vector<const StepRow*> fit;
        for (const auto& row : rows)
            if (row.skipped.empty() && row.offPreset.empty() && !isHeldOut(row) && keep(row))
                fit.push_back(&row);
        return fit;
    };
    // The GEMM efficiency of each generation and precision on the dense rows: an fp8 row depends on the fp8 figure
    // only, a bf16 / fp16 row on the bf16 one, so each is fitted alone.
    for (auto arch : { GpuArch::Volta, GpuArch::Ampere, GpuArch::Hopper, GpuArch::Blackwell })
        for (auto precision : { Precision::Bf16, Precision::Fp8 }) {
            const auto fit = fitRows([&](const StepRow& row) {
                return !isMoe(row) && archOf(row) == arch && row.scenario.compute.precision == precision;
            });
            if (fit.empty())
                continue;
            const auto [best, error] = bestValue(fit, 0.3, 0.95, [](ComputeSpec& c, double v) { c.efficiency = v; });
            out.push_back({ EfficiencyFit::Gemm, arch, precision, best, static_cast<int>(fit.size()), error });
        }
    // The time each expert adds to an MoE block, in µs, on the MoE rows of every generation, their GEMM figures as
    // in use.
    if (const auto fit = fitRows(isMoe); !fit.empty()) {
        const auto [best, error] = bestValue(fit, 0.0, 150.0, [](ComputeSpec& c, double v) { c.moeExpertUs = v; });
        out.push_back({ EfficiencyFit::Moe, GpuArch::Cpu, Precision::Bf16, best, static_cast<int>(fit.size()), error });
    }
    // An eager MoE layer's host time on the MoE rows that ran without CUDA graphs, the other figures as in use.
    if (const auto fit = fitRows(isEagerMoe); !fit.empty()) {
        const auto [best, error] = bestValue(fit, 0.5, 30.0, [](ComputeSpec& c, double v) { c.moeHostMs = v; });
        out.push_back(
            { EfficiencyFit::MoeHost, GpuArch::Cpu, Precision::Bf16, best, static_cast<int>(fit.size()), error });
    }
    // The Triton FlashAttention's share of FlashAttention-2's rate on the rows that ran it, the GEMM figures as in use.
    if (const auto fit = fitRows(runsTritonAttention); !fit.empty()) {
        const auto [best, error]
            = bestValue(fit, 0.2, 1.0, [](ComputeSpec& c, double v) { c.tritonAttentionShare = v; });
        out.push_back({ EfficiencyFit::TritonAttention, GpuArch::Cpu, Precision::Bf16, best,
            static_cast<int>(fit.size()), error });
    }
    return out;
}

namespace {
// Adds one relative error to a summary whose meanAbs and signedMean hold sums until finish().
void tally(StepSummary& s, double error)
{
    s.meanAbs += std::abs(error);
    s.signedMean += error;
    s.worstAbs = std::max(s.worstAbs, std::abs(error));
    ++s.rows;
}

void finish(StepSummary& s)
{
    if (s.rows > 0) {
        s.meanAbs /= s.rows;
        s.signedMean /= s.rows;
    }
}
} // namespace

StepReport validateSteps(const std::vector<StepRow>& rows, Split split)
{
    StepReport report;
    for (const auto& row : rows) {
        const bool held = isHeldOut(row);
        if ((split == Split::Fit && held) || (split == Split::HeldOut && !held))
            continue;
        if (!row.skipped.empty()) {
            ++report.skipped;
            report.skippedRows.emplace_back(row.id, row.skipped);
            continue;
        }
        StepComparison c;
        c.id = row.id;
        c.gpus = static_cast<int>(row.scenario.parallel.gpus());
        c.heldOut = held;
        c.moe = isMoe(row);
        c.graphs = row.graphs;
        c.measuredSeconds = row.measuredSeconds;
        const auto metrics = simulateMetrics(row.scenario);
        if (!metrics) {
            c.problem = metrics.problems().front().text();
            ++report.failed;
            report.rows.push_back(std::move(c));
            continue;
        }
        c.predictedSeconds = metrics->stepSeconds;
        c.mfu = metrics->mfu;
        c.computeSeconds = metrics->computeSeconds;
        c.exposedCommSeconds = metrics->exposedCommSeconds;
        c.predictedMemoryBytes = metrics->memory.totalBytes;
        c.measuredMemoryBytes = row.measuredMemoryBytes;
        if (c.measuredMemoryBytes > 0)
            tally(report.memory, c.predictedMemoryBytes / c.measuredMemoryBytes - 1);
        c.error = c.predictedSeconds / c.measuredSeconds - 1;
        tally(report.summary, c.error);
        report.rows.push_back(std::move(c));
    }
    finish(report.summary);
    finish(report.memory);
    return report;
}

std::vector<StepBand> stepBands(const StepReport& report)
{
    std::vector<StepBand> out;
    for (const bool moe : { false, true })
        for (int scale = 0; scale < 3; ++scale)
            out.push_back({ moe, scale, {}, {} });
    for (const auto& c : report.rows) {
        if (!c.problem.empty())
            continue;
        const int scale = c.gpus <= 64 ? 0 : c.gpus <= 1024 ? 1 : 2;
        auto& band = out[(c.moe ? 3 : 0) + scale]; // the order built above: dense scales, then MoE scales
        tally(c.heldOut ? band.heldOut : band.fit, c.error);
    }
    for (auto& band : out) {
        finish(band.fit);
        finish(band.heldOut);
    }
    return out;
}

std::vector<StepGraphBand> stepGraphBands(const StepReport& report)
{
    std::vector<StepGraphBand> out;
    for (const auto graphs : { CudaGraphs::None, CudaGraphs::Scoped, CudaGraphs::FullIteration })
        out.push_back({ graphs, {}, {} });
    for (const auto& c : report.rows) {
        if (!c.problem.empty() || !c.graphs)
            continue;
        auto& band
            = *std::find_if(out.begin(), out.end(), [&](const StepGraphBand& b) { return b.graphs == *c.graphs; });
        tally(c.heldOut ? band.heldOut : band.fit, c.error);
    }
    for (auto& band : out) {
        finish(band.fit);
        finish(band.heldOut);
    }
    return out;
}

std::string_view graphsLabel(CudaGraphs graphs)
{
    switch (graphs) {
    case CudaGraphs::Scoped:
        return "per-layer scopes";
    case CudaGraphs::FullIteration:
        return "whole iteration";
    case CudaGraphs::None:
        break;
    }
    return "none";
}

std::string_view scaleName(int scale)
{
    switch (scale) {
    case 0:
        return "≤ 64 GPUs";
    case 1:
        return "65 – 1,024 GPUs";
    default:
        return "> 1,024 GPUs";
    }
}

} // namespace tutor::model
