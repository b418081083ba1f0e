// SPDX-License-Identifier: MIT
// The numeric formulas the question bank draws on. Each gives its intermediates with units so the worked
// solution can quote them. Sources are beside each closed form (see also /REFERENCE in the docs).
#include "model/collectives/collective.h"
#include "model/teach/question.h"

#include <algorithm>
#include <cmath>

namespace tutor::model {

namespace {
using In = std::map<std::string, double>;
constexpr double kMiB = 1024.0 * 1024.0;

double at(const In& in, const char* key)
{
    const auto it = in.find(key);
    return it == in.end() ? NAN : it->second;
}

Figure seconds(double v)
{
    return makeFigure(v, FigureUnit::Seconds);
}
Figure bytes(double v)
{
    return makeFigure(v, FigureUnit::Bytes);
}
Figure count(double v)
{
    return makeFigure(v, FigureUnit::Count);
}

// Ring AllReduce = ReduceScatter + AllGather: 2(n−1)α + 2(n−1)/n·S/β (Thakur, Rabenseifner, Gropp 2005).
Figures ringAllReduceTime(const In& in)
{
    const double n = at(in, "n"), s = at(in, "size_MiB") * kMiB, a = at(in, "alpha_us") * 1e-6;
    const double b = at(in, "beta_GBps") * 1e9;
    const double latency = 2 * (n - 1) * a;
    const double volume = 2 * (n - 1) / n * s;
    return { { "bytes", bytes(s) }, { "steps", count(2 * (n - 1)) }, { "latency", seconds(latency) },
        { "volume", bytes(volume) }, { "bandwidth", seconds(volume / b) },
        { "answer", seconds(latency + volume / b) } };
}

// Ring AllGather: (n−1)α + (n−1)/n·S/β, S = the whole gathered array (nccl-tests convention).
Figures ringAllGatherTime(const In& in)
{
    const double n = at(in, "n"), s = at(in, "size_MiB") * kMiB, a = at(in, "alpha_us") * 1e-6;
    const double b = at(in, "beta_GBps") * 1e9;
    const double latency = (n - 1) * a;
    const double volume = (n - 1) / n * s;
    return { { "bytes", bytes(s) }, { "steps", count(n - 1) }, { "latency", seconds(latency) },
        { "volume", bytes(volume) }, { "bandwidth", seconds(volume / b) },
        { "answer", seconds(latency + volume / b) } };
}

// Gradient bytes each rank sends in a ring AllReduce: 2(n−1)/n · Ψ · dtype bytes.
Figures allReduceBytesPerRank(const In& in)
{
    const double n = at(in, "n"), psi = at(in, "params_B") * 1e9, d = at(in, "dtype_bytes");
    return { { "gradient", bytes(psi * d) }, { "factor", count(2 * (n - 1) / n) },
        { "answer", bytes(2 * (n - 1) / n * psi * d) } };
}

// nccl-tests busbw = S/t · busBandwidthFactor (doc/PERFORMANCE.md).
Figures busBw(const In& in, Collective op)
{
    const double n = at(in, "n"), s = at(in, "size_MiB") * kMiB, t = at(in, "time_ms") * 1e-3;
    const double algbw = s / t / 1e9;
    // Past 2^20 ranks (n−1)/n is within 1e-6 of 1: the cap only keeps the conversion defined.
    const double factor = busBandwidthFactor(op, static_cast<int>(std::clamp(n, 1.0, 1048576.0)));
    return { { "bytes", bytes(s) }, { "algbw", makeFigure(algbw, FigureUnit::GBps) }, { "factor", count(factor) },
        { "answer", makeFigure(algbw * factor, FigureUnit::GBps) } };
}
Figures allReduceBusBw(const In& in)
{
    return busBw(in, Collective::AllReduce);
}
Figures allGatherBusBw(const In& in)
{
    return busBw(in, Collective::AllGather);
}

// ZeRO memory per GPU with mixed-precision Adam, K = 12 (Rajbhandari et al. 2020, figure 1):
// stage 0 (2+2+K)Ψ, 1: 2Ψ+2Ψ+KΨ/N, 2: 2Ψ+(2+K)Ψ/N, 3: (2+2+K)Ψ/N.
Figures zeroMemory(const In& in)
{
    const double stage = at(in, "stage"), psi = at(in, "params_B") * 1e9, n = at(in, "n");
    const double params = stage >= 3 ? 2 * psi / n : 2 * psi;
    const double grads = stage >= 2 ? 2 * psi / n : 2 * psi;
    const double optimizer = stage >= 1 ? 12 * psi / n : 12 * psi;
    return { { "params", bytes(params) }, { "grads", bytes(grads) }, { "optimizer", bytes(optimizer) },
        { "answer", bytes(params + grads + optimizer) } };
}

// ZeRO communication per step, ignoring (n−1)/n: stages 0–2 move 2Ψ elements, stage 3 moves 3Ψ
// (Rajbhandari et al. 2020, section 7).
Figures zeroCommBytes(const In& in)
{
    const double stage = at(in, "stage"), psi = at(in, "params_B") * 1e9, d = at(in, "dtype_bytes");
    const double elements = (stage >= 3 ? 3 : 2) * psi;
    return { { "elements", count(elements) }, { "answer", bytes(elements * d) } };
}

// GPipe / 1F1B bubble fraction (p−1)/(m+p−1) (Narayanan et al. 2021, section 2.2).
Figures pipelineBubble(const In& in)
{
    const double p = at(in, "p"), m = at(in, "m");
    return { { "ideal_ratio", makeFigure((p - 1) / m, FigureUnit::Fraction) },
        { "answer", makeFigure((p - 1) / (m + p - 1), FigureUnit::Fraction) } };
}

// Interleaved 1F1B with v virtual stages per GPU: (p−1)/(v·m+p−1).
Figures interleavedBubble(const In& in)
{
    const double p = at(in, "p"), m = at(in, "m"), v = at(in, "v");
    return { { "plain", makeFigure((p - 1) / (m + p - 1), FigureUnit::Fraction) },
        { "answer", makeFigure((p - 1) / (v * m + p - 1), FigureUnit::Fraction) } };
}

// Megatron TP: each AllReduce carries b·s·h elements; 2 forward + 2 backward per layer
// (Shoeybi et al. 2019; Korthikanti et al. 2022).
Figures tpLayerBytes(const In& in)
{
    const double b = at(in, "b"), s = at(in, "s"), h = at(in, "h"), d = at(in, "dtype_bytes");
    return { { "per_allreduce", bytes(b * s * h * d) }, { "answer", bytes(4 * b * s * h * d) } };
}

// MoE dispatch AllToAll bytes a GPU sends: tokens·top_k·h·dtype·(EP−1)/EP (GShard; Megatron MoE).
Figures moeAllToAllBytes(const In& in)
{
    const double tokens = at(in, "tokens"), k = at(in, "top_k"), h = at(in, "h"), d = at(in, "dtype_bytes");
    const double ep = at(in, "ep");
    const double routed = tokens * k * h * d;
    return { { "routed", bytes(routed) }, { "answer", bytes(routed * (ep - 1) / ep) } };
}

// α + S/β for one message over one link.
Figures transferTime(const In& in)
{
    const double s = at(in, "size_MiB") * kMiB, a = at(in, "alpha_us") * 1e-6, b = at(in, "beta_GBps") * 1e9;
    return { { "bytes", bytes(s) }, { "bandwidth", seconds(s / b) }, { "answer", seconds(a + s / b) } };
}

// Ratio of two bandwidths (how many times slower the slower link is).
Figures bandwidthRatio(const In& in)
{
    return { { "answer", makeFigure(at(in, "fast_GBps") / at(in, "slow_GBps"), FigureUnit::Ratio) } };
}

// Line rates in Gb/s (bits) to GB/s (bytes): divide by 8.
Figures gbitToGbyte(const In& in)
{
    return { { "answer", makeFigure(at(in, "gbps") / 8, FigureUnit::GBps) } };
}

// Effective (global) batch = micro-batch × accumulation steps × data-parallel replicas.
Figures effectiveBatch(const In& in)
{
    return { { "answer", count(at(in, "micro_batch") * at(in, "accum") * at(in, "dp")) } };
}

// Time of one DDP bucket's ring AllReduce, bandwidth term: bucket·2(DP−1)/(DP·β) (Ultra-Scale Playbook).
Figures bucketTime(const In& in)
{
    const double s = at(in, "bucket_MiB") * kMiB, dp = at(in, "dp"), b = at(in, "beta_GBps") * 1e9;
    return { { "bytes", bytes(s) }, { "answer", seconds(s * 2 * (dp - 1) / (dp * b)) } };
}

// Ring AllReduce: latency 2(n−1)α equals bandwidth 2(n−1)/n·S/β at S = n·α·β.
Figures crossoverBytes(const In& in)
{
    const double n = at(in, "n"), a = at(in, "alpha_us") * 1e-6, b = at(in, "beta_GBps") * 1e9;
    return { { "answer", bytes(n * a * b) } };
}

// How much faster compute grew than bandwidth between two generations.
Figures growthGap(const In& in)
{
    const double compute = at(in, "new_flops") / at(in, "old_flops");
    const double bw = at(in, "new_GBps") / at(in, "old_GBps");
    return { { "compute", makeFigure(compute, FigureUnit::Ratio) }, { "bandwidth", makeFigure(bw, FigureUnit::Ratio) },
        { "answer", makeFigure(compute / bw, FigureUnit::Ratio) } };
}

// MFU = 6·Ψ·tokens/s ÷ (GPUs · peak) (Chowdhery et al. 2022, appendix B, without attention).
Figures mfu(const In& in)
{
    const double flops = 6 * at(in, "params_B") * 1e9 * at(in, "tokens_per_s");
    const double peak = at(in, "gpus") * at(in, "peak_TFLOPs") * 1e12;
    return { { "model_flops", makeFigure(flops, FigureUnit::FlopsPerSecond) },
        { "peak", makeFigure(peak, FigureUnit::FlopsPerSecond) },
        { "answer", makeFigure(flops / peak, FigureUnit::Fraction) } };
}

// Bytes of a full gradient in a communication dtype: Ψ · dtype bytes.
Figures gradientBytes(const In& in)
{
    return { { "answer", bytes(at(in, "params_B") * 1e9 * at(in, "dtype_bytes")) } };
}
} // namespace

const std::vector<NumericFormula>& numericFormulas()
{
    static const std::vector<NumericFormula> formulas {
        { "ring_allreduce_time", { "n", "size_MiB", "alpha_us", "beta_GBps" }, FigureUnit::Seconds,
            "2(n−1)·α + 2(n−1)/n·S/β (Thakur, Rabenseifner, Gropp 2005)", ringAllReduceTime },
        { "ring_allgather_time", { "n", "size_MiB", "alpha_us", "beta_GBps" }, FigureUnit::Seconds,
            "(n−1)·α + (n−1)/n·S/β (Thakur, Rabenseifner, Gropp 2005)", ringAllGatherTime },
        { "allreduce_bytes_per_rank", { "n", "params_B", "dtype_bytes" }, FigureUnit::Bytes,
            "2(n−1)/n · Ψ · d (ring AllReduce)", allReduceBytesPerRank },
        { "allreduce_busbw", { "n", "size_MiB", "time_ms" }, FigureUnit::GBps,
            "busbw = S/t · 2(n−1)/n (nccl-tests doc/PERFORMANCE.md)", allReduceBusBw },
        { "allgather_busbw", { "n", "size_MiB", "time_ms" }, FigureUnit::GBps,
            "busbw = S/t · (n−1)/n (nccl-tests doc/PERFORMANCE.md)", allGatherBusBw },
        { "zero_memory", { "stage", "params_B", "n" }, FigureUnit::Bytes,
            "0: 16Ψ · 1: 4Ψ + 12Ψ/N · 2: 2Ψ + 14Ψ/N · 3: 16Ψ/N (ZeRO, 2020)", zeroMemory },
        { "zero_comm_bytes", { "stage", "params_B", "dtype_bytes" }, FigureUnit::Bytes,
            "0–2: 2Ψ · d, 3: 3Ψ · d (ZeRO, 2020, §7)", zeroCommBytes },
        { "pipeline_bubble", { "p", "m" }, FigureUnit::Fraction, "(p−1)/(m+p−1) (GPipe, 1F1B)", pipelineBubble },
        { "interleaved_bubble", { "p", "m", "v" }, FigureUnit::Fraction, "(p−1)/(v·m+p−1) (Narayanan et al. 2021)",
            interleavedBubble },
        { "tp_layer_bytes", { "b", "s", "h", "dtype_bytes" }, FigureUnit::Bytes, "4 × b·s·h·d (Megatron-LM)",
            tpLayerBytes },
        { "moe_alltoall_bytes", { "tokens", "top_k", "h", "dtype_bytes", "ep" }, FigureUnit::Bytes,
            "tokens·k·h·d·(EP−1)/EP", moeAllToAllBytes },
        { "transfer_time", { "size_MiB", "alpha_us", "beta_GBps" }, FigureUnit::Seconds, "α + S/β", transferTime },
        { "bandwidth_ratio", { "fast_GBps", "slow_GBps" }, FigureUnit::Ratio, "β_fast / β_slow", bandwidthRatio },
        { "gbit_to_gbyte", { "gbps" }, FigureUnit::GBps, "GB/s = Gb/s ÷ 8", gbitToGbyte },
        { "effective_batch", { "micro_batch", "accum", "dp" }, FigureUnit::Count, "b_micro × k × DP", effectiveBatch },
        { "bucket_time", { "bucket_MiB", "dp", "beta_GBps" }, FigureUnit::Seconds,
            "bucket · 2(DP−1)/(DP·β) (Ultra-Scale Playbook)", bucketTime },
        { "crossover_bytes", { "n", "alpha_us", "beta_GBps" }, FigureUnit::Bytes, "2(n−1)α = 2(n−1)/n·S/β ⇒ S = n·α·β",
            crossoverBytes },
        { "growth_gap", { "old_flops", "new_flops", "old_GBps", "new_GBps" }, FigureUnit::Ratio,
            "(F_new / F_old) ÷ (β_new / β_old)", growthGap },
        { "mfu", { "params_B", "tokens_per_s", "gpus", "peak_TFLOPs" }, FigureUnit::Fraction,
            "6Ψ · tokens/s ÷ (GPUs · peak) (PaLM, appendix B)", mfu },
        { "gradient_bytes", { "params_B", "dtype_bytes" }, FigureUnit::Bytes, "Ψ · d", gradientBytes },
    };
    return formulas;
}

const NumericFormula* findFormula(std::string_view name)
{
    for (const auto& f : numericFormulas())
        if (f.name == name)
            return &f;
    return nullptr;
}

} // namespace tutor::model
