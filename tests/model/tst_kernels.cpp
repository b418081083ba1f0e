// SPDX-License-Identifier: MIT
// The step simulator's compute model (kernels.h) against closed forms recomputed here, and the step events it
// adds: optimizer, embedding-gradient AllReduce, Megatron's pipeline scatter/gather, global_batch.
#include "model/collectives/costmodel.h"
#include "model/sim/compute.h"
#include "model/sim/kernels.h"
#include "model/sim/memory.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "tests/common/kernelscenarios.h"
#include "tests/common/problems.h"
#include "tests/common/simulated.h"

#include <QtTest>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>

using namespace tutor::model;
using tutor::testing::gpt;
using tutor::testing::llamaLike;
using tutor::testing::preset;
using tutor::testing::problemWith;
using tutor::testing::run;

namespace {
// TP 8 inside each of two nodes, one pipeline stage per node, 4 micro-batches.
Scenario twoStages()
{
    auto s = gpt(4096, 32);
    s.hardware.gpusPerNode = 8;
    s.hardware.nodes = 2;
    s.parallel.tp = 8;
    s.parallel.pp = 2;
    s.batch.microBatches = 4;
    return s;
}

// `s` with 64 experts, top 4, spread by EP 8 over the data-parallel ranks of one 8-GPU node.
Scenario moeOnOneNode(Scenario s)
{
    s.hardware.gpusPerNode = 8;
    s.parallel.dp = 8;
    s.parallel.ep = 8;
    s.model.moe.experts = 64;
    s.model.moe.topK = 4;
    return s;
}

int count(const Timeline& t, const std::string& label)
{
    int n = 0;
    for (const auto& e : t.events)
        n += e.label.find(label) != std::string::npos;
    return n;
}
} // namespace

class TestKernels : public QObject {
    Q_OBJECT
private slots:
    // The point of the model: the achieved FLOP rate grows with hidden size, because element-wise work grows
    // with h and GEMM work with h² (Narayanan et al. 2021 Table 1 shows the same trend).
    void efficiencyGrowsWithHiddenSize()
    {
        const auto small = run(gpt(2048, 16)).metrics.mfu;
        const auto large = run(gpt(12288, 96)).metrics.mfu;
        QVERIFY2(small < large, qPrintable(QString("%1 vs %2").arg(small).arg(large)));
        // and neither exceeds the GEMM efficiency cap
        QVERIFY(large < preset("hgx-h100").compute.gemmEfficiency);
    }

    // Attention: unfused materialises b·a·s² scores; at long sequences it costs more than FlashAttention.
    void flashAttentionBeatsUnfused()
    {
        auto s = gpt(4096, 32);
        s.model.seqLen = 8192;
        const auto hw = preset("hgx-h100");
        auto flash = kernelCosts(s, hw);
        s.compute.flashAttention = false;
        auto unfused = kernelCosts(s, hw);
        QVERIFY(flash && unfused);
        QVERIFY(unfused->dense.attentionForward > 1.2 * flash->dense.attentionForward);
        // the MLP does not change
        QCOMPARE(unfused->dense.mlpForward, flash->dense.mlpForward);
    }

    // Fused attention runs at its kernel's published fraction of the bf16 peak: the causal half of 4·b·(a/t)·s²·d
    // FLOPs forward, 2.5× that backward, plus one kernel gap per CP block. On H100 cuDNN's fractions are the
    // FlashAttention-3 paper's 529 and 518 TFLOP/s against FlashAttention-2's 333 and 318; on A100 Transformer Engine
    // runs FlashAttention-2, so both kernels cost the same. Nothing but the core attention moves.
    void attentionKernels()
    {
        auto s = gpt(4096, 32);
        s.model.seqLen = 8192;
        s.parallel.tp = 2;
        s.hardware.gpusPerNode = 2;
        const auto hopper = preset("hgx-h100");
        const double gap = hopper.compute.kernelGapUs * 1e-6;
        const double flops = 2.0 * (32 / 2) * 8192.0 * 8192.0 * (128 + 128) * 0.5;
        for (const auto kernel : { AttentionKernel::Cudnn, AttentionKernel::Flash2 }) {
            s.compute.attentionKernel = kernel;
            const auto c = kernelCosts(s, hopper);
            QVERIFY(c);
            const double forward = kernel == AttentionKernel::Cudnn ? 529.0 : 333.0;
            const double backward = kernel == AttentionKernel::Cudnn ? 518.0 : 318.0;
            // The fractions are of the H100 SXM5's 989.4 TFLOP/s, rounded to three places.
            const auto atPaperRate = [&](Seconds seconds, double kernelFlops, double tflops) {
                const double rate = tflops * 1e12 * hopper.peakFlops / 989.4e12;
                return std::abs((seconds - gap) / (kernelFlops / rate) - 1) < 2e-3;
            };
            QVERIFY(atPaperRate(c->dense.coreAttentionForward, flops, forward));
            QVERIFY(atPaperRate(c->dense.coreAttentionBackward, 2.5 * flops, backward));
        }
        s.compute.attentionKernel = AttentionKernel::Cudnn;
        const auto cudnn = kernelCosts(s, hopper);
        s.compute.attentionKernel = AttentionKernel::Flash2;
        const auto flash2 = kernelCosts(s, hopper);
        QVERIFY(cudnn && flash2);
        QCOMPARE(flash2->dense.mlpForward, cudnn->dense.mlpForward);
        QCOMPARE(flash2->dense.attentionForward - flash2->dense.coreAttentionForward,
            cudnn->dense.attentionForward - cudnn->dense.coreAttentionForward);
        QVERIFY(flash2->dense.coreAttentionForward > 1.5 * cudnn->dense.coreAttentionForward);
        // The Triton kernel runs at the preset's share of FlashAttention-2's rate, forward and backward, on A100 and
        // H100 alike; a fit's override replaces the share.
        s.compute.attentionKernel = AttentionKernel::Triton;
        for (const char* id : { "hgx-h100", "dgx-a100" }) {
            const auto hw = preset(id);
            const double kernelGap = hw.compute.kernelGapUs * 1e-6;
            s.compute.attentionKernel = AttentionKernel::Flash2;
            const auto fa2 = kernelCosts(s, hw);
            s.compute.attentionKernel = AttentionKernel::Triton;
            for (const double share : { hw.compute.tritonAttentionShare, 0.8 }) {
                if (share != hw.compute.tritonAttentionShare)
                    s.compute.tritonAttentionShare = share;
                const auto triton = kernelCosts(s, hw);
                QVERIFY(fa2 && triton);
                QVERIFY(share > 0.2 && share < 1);
                QVERIFY(std::abs((triton->dense.coreAttentionForward - kernelGap)
                                / ((fa2->dense.coreAttentionForward - kernelGap) / share)
                            - 1)
                    < 1e-12);
                QVERIFY(std::abs((triton->dense.coreAttentionBackward - kernelGap)
                                / ((fa2->dense.coreAttentionBackward - kernelGap) / share)
                            - 1)
                    < 1e-12);
                QCOMPARE(triton->dense.mlpForward, fa2->dense.mlpForward);
            }
            s.compute.tritonAttentionShare.reset();
        }
        s.compute.attentionKernel = AttentionKernel::Flash2;
        s.hardware.preset = "dgx-a100";
        const auto ampereFlash2 = kernelCosts(s, preset("dgx-a100"));
        s.compute.attentionKernel = AttentionKernel::Cudnn;
        const auto ampereCudnn = kernelCosts(s, preset("dgx-a100"));
        QVERIFY(ampereFlash2 && ampereCudnn);
        QCOMPARE(ampereCudnn->dense.coreAttentionBackward, ampereFlash2->dense.coreAttentionBackward);
        // The rate follows the paper's curves over the keys one call sees (512 … 16k; linear in log2 between, flat
        // outside), relative to 8k: cuDNN at 2k keys runs its forward at 484 / 529 and its backward at 465 / 518 of
        // the 8k rate, at 3k keys (log2 step 0.585 from 2k) between 2k and 4k, at 32k keys at the 16k point. Under
        // CP 2 a 16k sequence gives each call 8k keys.
        const auto rate = [&](int seq, int cp, bool backward) {
            auto t = s;
            t.model.seqLen = seq;
            t.parallel.cp = cp;
            t.hardware.gpusPerNode = 2 * cp;
            const auto c = kernelCosts(t, hopper).value();
            const double f = 2.0 * 16 * (seq / cp) * double(seq) * 256 * 0.5 * (backward ? 2.5 : 1);
            return f / ((backward ? c.dense.coreAttentionBackward : c.dense.coreAttentionForward) - cp * gap);
        };
        s.hardware.preset = "hgx-h100";
        const auto near = [](double a, double b) { return std::abs(a / b - 1) < 1e-9; };
        QVERIFY(near(rate(2048, 1, false) / rate(8192, 1, false), 484.0 / 529));
        QVERIFY(near(rate(2048, 1, true) / rate(8192, 1, true), 465.0 / 518));
        const double step = std::log2(3072.0 / 2048);
        QVERIFY(near(rate(3072, 1, false) / rate(8192, 1, false), (484 + step * (518 - 484)) / 529));
        QVERIFY(near(rate(32768, 1, false) / rate(8192, 1, false), 539.0 / 529));
        QVERIFY(near(rate(32768, 1, true) / rate(8192, 1, true), 516.0 / 518));
        QVERIFY(near(rate(16384, 2, false), rate(8192, 1, false)));
        // The field round-trips through a scenario file (cuDNN, the default, is not written), and a wrong word is
        // named.
        for (const auto kernel : { AttentionKernel::Flash2, AttentionKernel::Triton }) {
            s.compute.attentionKernel = kernel;
            const auto back = parseScenario(toJsonText(s));
            QVERIFY(back);
            QCOMPARE(back->compute.attentionKernel, kernel);
        }
        QCOMPARE(problemWith(s, "compute", "attention_kernel", "flash3"),
            std::optional(
                Problem { "compute.attention_kernel", "flash3", "must be \"cudnn\", \"flash2\" or \"triton\"", {} }));
        s.compute.attentionKernel = AttentionKernel::Cudnn;
        QVERIFY(!toJson(s)["compute"].contains("attention_kernel"));
    }

    // The rate also follows the head width: the same paper's head-dim-64 curves (causal forward, backward) give cuDNN
    // 379 and 432 TFLOP/s at 8k keys against 529 and 518 at 128, FlashAttention-2 295 and 287 against 333 and 318;
    // between the widths the rate is linear in the width (96: halfway), and wider heads keep 128's rate.
    void attentionFollowsTheHeadWidth()
    {
        auto s = gpt(4096, 32);
        s.model.seqLen = 8192;
        const auto hopper = preset("hgx-h100");
        const double gap = hopper.compute.kernelGapUs * 1e-6;
        const auto rates = [&](int headDim, AttentionKernel kernel) {
            auto t = s;
            t.model.headDim = headDim;
            t.compute.attentionKernel = kernel;
            const auto c = kernelCosts(t, hopper).value();
            const double f = 2.0 * 32 * 8192.0 * 8192.0 * (2 * headDim) * 0.5;
            const double toPaper = 989.4e12 / hopper.peakFlops / 1e12; // as a TFLOP/s figure of the paper's H100
            return std::pair { f / (c.dense.coreAttentionForward - gap) * toPaper,
                2.5 * f / (c.dense.coreAttentionBackward - gap) * toPaper };
        };
        const auto near = [](double a, double b) { return std::abs(a / b - 1) < 2e-3; };
        for (const auto kernel : { AttentionKernel::Cudnn, AttentionKernel::Flash2 }) {
            const bool cudnn = kernel == AttentionKernel::Cudnn;
            const auto [f64, b64] = rates(64, kernel);
            const auto [f96, b96] = rates(96, kernel);
            const auto [f128, b128] = rates(128, kernel);
            const auto [f256, b256] = rates(256, kernel);
            QVERIFY(near(f64, cudnn ? 379 : 295));
            QVERIFY(near(b64, cudnn ? 432 : 287));
            QVERIFY(near(f128, cudnn ? 529 : 333));
            QVERIFY(near(b128, cudnn ? 518 : 318));
            QVERIFY(near(f96, (f64 + f128) / 2));
            QVERIFY(near(b96, (b64 + b128) / 2));
            QVERIFY(near(f256, f128));
            QVERIFY(near(b256, b128));
        }
    }

    // Each expert on a GPU adds moeExpertUs to its MoE block per micro-batch forward and twice that backward: with
    // 0, 100 and 300 µs the block is f, f + E · 100 µs and f + E · 300 µs (E experts on the GPU), and the dense layers
    // stay as they are.
    void eachExpertAddsItsTime()
    {
        auto s = moeOnOneNode(gpt(4096, 32));
        s.compute.cudaGraphs = CudaGraphs::FullIteration; // the kernels' own times: no host floor
        const double experts = static_cast<double>(s.model.moe.experts) / s.parallel.ep;
        QVERIFY(experts > 1);
        std::array<double, 3> forward {}, backward {};
        const std::array<double, 3> us { 0, 100, 300 };
        for (int i = 0; i < 3; ++i) {
            s.compute.moeExpertUs = us[i];
            const auto k = kernelCosts(s, preset("hgx-h100"));
            QVERIFY(k);
            forward[i] = k->moe.mlpForward;
            backward[i] = k->moe.mlpBackward;
            QCOMPARE(k->dense.mlpForward, kernelCosts(gpt(4096, 32), preset("hgx-h100"))->dense.mlpForward);
        }
        for (int i = 1; i < 3; ++i) {
            QVERIFY(std::abs(forward[i] - forward[0] - experts * us[i] * 1e-6) < 1e-12);
            QVERIFY(std::abs(backward[i] - backward[0] - 2 * experts * us[i] * 1e-6) < 1e-12);
        }
        // Unset means the preset's figure.
        s.compute.moeExpertUs.reset();
        const auto fromPreset = kernelCosts(s, preset("hgx-h100"));
        s.compute.moeExpertUs = preset("hgx-h100").compute.moeExpertUs;
        QVERIFY(*s.compute.moeExpertUs > 0);
        QCOMPARE(fromPreset->moe.mlpForward, kernelCosts(s, preset("hgx-h100"))->moe.mlpForward);
    }

    // Without CUDA graphs an MoE layer lasts at least the host's time to launch it (ComputeFigures::moeHostMs), a third
    // forward and two thirds backward; the MoE block takes up what the layer's kernels leave. Graphs of either kind,
    // a dense layer and a layer whose kernels outlast the host are left as they are.
    void eagerMoeLayerWaitsForTheHost()
    {
        const auto hw = preset("hgx-h100");
        const double host = hw.compute.moeHostMs * 1e-3;
        QVERIFY(host > 0);
        QCOMPARE(preset("hgx-b200").compute.moeHostMs, hw.compute.moeHostMs);
        auto s = moeOnOneNode(gpt(1024, 8));
        const auto costs = [&](CudaGraphs graphs, std::optional<double> hostMs = std::nullopt) {
            auto t = s;
            t.compute.cudaGraphs = graphs;
            t.compute.moeHostMs = hostMs;
            return kernelCosts(t, hw).value();
        };
        const auto forward = [](const LayerSeconds& l) { return l.attentionForward + l.mlpForward; };
        const auto backward = [](const LayerSeconds& l) { return l.attentionBackwardTotal() + l.mlpBackwardTotal(); };
        const auto graphed = costs(CudaGraphs::Scoped), eager = costs(CudaGraphs::None);
        QVERIFY(forward(graphed.moe) + backward(graphed.moe) < host / 2); // a small layer: the host is the bound
        const auto near = [](double a, double b) { return std::abs(a / b - 1) < 1e-12; };
        QVERIFY(near(forward(eager.moe), host / 3));
        QVERIFY(near(backward(eager.moe), 2 * host / 3));
        QCOMPARE(eager.moe.attentionForward, graphed.moe.attentionForward);
        QCOMPARE(eager.moe.attentionBackward, graphed.moe.attentionBackward);
        QCOMPARE(eager.dense.mlpForward, graphed.dense.mlpForward);
        QCOMPARE(costs(CudaGraphs::FullIteration).moe.mlpForward, graphed.moe.mlpForward);
        // The fit's override replaces the preset's figure.
        QVERIFY(near(forward(costs(CudaGraphs::None, 3 * hw.compute.moeHostMs).moe), host));
        // A layer whose kernels outlast the host: 16 sequences of 8k tokens through hidden 8192.
        s = moeOnOneNode(gpt(8192, 64));
        s.model.seqLen = 8192;
        s.batch.microBatchSize = 16;
        const auto big = costs(CudaGraphs::Scoped);
        QVERIFY(forward(big.moe) > host / 3);
        QCOMPARE(costs(CudaGraphs::None).moe.mlpForward, big.moe.mlpForward);
        QCOMPARE(costs(CudaGraphs::None).moe.mlpBackward, big.moe.mlpBackward);
        // The field round-trips through a scenario file (none, the default, is not written), and a wrong word is named.
        s.compute.cudaGraphs = CudaGraphs::FullIteration;
        const auto back = parseScenario(toJsonText(s));
        QVERIFY(back);
        QCOMPARE(back->compute.cudaGraphs, CudaGraphs::FullIteration);
        QCOMPARE(problemWith(s, "compute", "cuda_graphs", "all"),
            std::optional(
                Problem { "compute.cuda_graphs", "all", "must be \"none\", \"scoped\" or \"full_iteration\"", {} }));
        s.compute.cudaGraphs = CudaGraphs::None;
        QVERIFY(!toJson(s)["compute"].contains("cuda_graphs"));
    }

    // torchtitan's op-level recomputation repeats every element-wise op and every second matmul in forward order (k, o
    // and up with a gated MLP; k, o and fc2 without), keeps the other matmul outputs, and costs its repeat once per
    // layer and micro-batch before the layer's backward.
    void opLevelRecomputation()
    {
        const auto hw = preset("hgx-h100");
        for (const bool gated : { true, false }) {
            auto s = llamaLike(4, gated);
            s.batch.microBatches = 3;
            const auto k = kernelCosts(s, hw);
            QVERIFY(k);
            const double tokens = 2048, h = 4096, ffn = 14336, kv = 8 * 128;
            const double peak = k->peakFlops, eta = k->gemmEfficiency;
            const Seconds gemms = gemmSeconds(tokens, kv, h, hw, peak, eta) + gemmSeconds(tokens, h, h, hw, peak, eta)
                + (gated ? gemmSeconds(tokens, ffn, h, hw, peak, eta) : gemmSeconds(tokens, h, ffn, hw, peak, eta));
            const Seconds elementwise = 2 * elementwiseSeconds(tokens * h * 2 * 2, hw) // two norms: read x, write y
                + 2 * elementwiseSeconds(tokens * h * (3 * 2 + 1), hw) // two residual adds with dropout masks
                + elementwiseSeconds(tokens * ffn * (gated ? 3 : 2) * 2, hw); // the activation (× gate)
            QVERIFY2(std::abs(k->dense.opRecomputeForward / (gemms + elementwise) - 1) < 1e-12,
                qPrintable(QString::number(k->dense.opRecomputeForward)));
            // One GPU, no communication: the step grows by layers × micro-batches × the repeat.
            s.compute.recompute = Recompute::None;
            const auto none = run(s).metrics.stepSeconds;
            s.compute.recompute = Recompute::SelectiveOp;
            const auto op = run(s).metrics.stepSeconds;
            QVERIFY2(std::abs((op - none) / (4 * 3 * k->dense.opRecomputeForward) - 1) < 1e-9,
                qPrintable(QString::number(op - none)));
            // Memory: the layer's input, q, v, gate (or fc1), the gated MLP's down output and attention's output in
            // bf16 — between full recomputation's input alone and no recomputation.
            const double q = 4096;
            const double saved = 2 * tokens * (h + 2 * q + kv + ffn + (gated ? h : 0));
            QCOMPARE(activationBytesPerLayer(s), saved);
            s.compute.recompute = Recompute::Full;
            QVERIFY(activationBytesPerLayer(s) < saved);
            s.compute.recompute = Recompute::None;
            QVERIFY(activationBytesPerLayer(s) > saved);
            // Each policy's repeat sits before the backward of the part it repeats, and only its own.
            for (const auto r : recomputeChoices()) {
                s.compute.recompute = r;
                const auto c = kernelCosts(s, hw);
                QVERIFY(c);
                QCOMPARE(
                    c->dense.mlpBackwardRecompute, r == Recompute::SelectiveOp ? c->dense.opRecomputeForward : 0.0);
                QCOMPARE(c->dense.attentionBackwardRecompute,
                    r == Recompute::Selective ? c->dense.coreAttentionForward : 0.0);
            }
            // Megatron's selective policy: one GPU's step grows by layers × micro-batches × the core attention.
            s.compute.recompute = Recompute::Selective;
            const auto selective = run(s).metrics.stepSeconds;
            QVERIFY2(std::abs((selective - none) / (4 * 3 * k->dense.coreAttentionForward) - 1) < 1e-9,
                qPrintable(QString::number(selective - none)));
            s.compute.recompute = Recompute::None;
        }
        // Its name round-trips through a scenario file.
        QCOMPARE(parseRecompute("selective-op"), std::optional<Recompute>(Recompute::SelectiveOp));
        QCOMPARE(name(Recompute::SelectiveOp), std::string_view("selective-op"));
    }

    // PyTorch eager element-wise work (torchtitan's Llama without torch.compile): each op a pass over memory, the
    // bytes counted here op by op from models/norms.py, apply_rotary_emb, repeat_kv and the loss.
    void eagerElementwise()
    {
        const auto hw = preset("hgx-h100");
        auto s = llamaLike(4);
        s.model.vocab = 128256;
        const auto fused = kernelCosts(s, hw);
        s.compute.elementwise = Elementwise::Eager;
        const auto eager = kernelCosts(s, hw);
        QVERIFY(fused && eager);
        const double gap = hw.compute.kernelGapUs * 1e-6;
        const double tokens = 2048, h = 4096, q = 4096, k = 8 * 128, ffn = 14336, vocab = 128256;
        // (read + write) bytes per element of each kernel.
        const std::array<double, 6> norm { 2 + 4, 4 + 4, 4, 4 + 4, 4 + 2, 2 + 2 }; // float, pow, mean, ·rsqrt, cast, ·w
        const std::array<double, 3> rope { 2 + 4, 4 + 4, 4 + 2 }; // float, complex product, cast
        const auto sum = [](const auto& a) { return std::accumulate(a.begin(), a.end(), 0.0); };
        // Eight kernels: the six above and the eps add and rsqrt over one value per token.
        const Seconds normEager = elementwiseSeconds(tokens * h * sum(norm), hw) + 7 * gap;
        const Seconds normFused = elementwiseSeconds(tokens * h * 4, hw);
        const Seconds ropeEager = elementwiseSeconds((tokens * q + tokens * k) * sum(rope), hw) + 2 * gap;
        // repeat_kv: read K and V (k wide each), write both at q's width; the output made contiguous.
        const Seconds repeat = elementwiseSeconds((2 * tokens * k + 2 * tokens * q) * 2, hw) + gap;
        const Seconds contiguous = elementwiseSeconds(tokens * q * 4, hw);
        const Seconds attention = ropeEager + repeat + contiguous;
        QVERIFY(std::abs(
                    eager->dense.attentionForward - fused->dense.attentionForward - (normEager - normFused + attention))
            < 1e-12);
        QVERIFY(std::abs(eager->dense.attentionBackward - fused->dense.attentionBackward
                    - (2 * (normEager - normFused) + 2 * ropeEager + repeat + contiguous))
            < 1e-12);
        // SwiGLU: silu (read, write) and the product (two reads, a write) against one fused kernel of three.
        const Seconds swiglu = elementwiseSeconds(tokens * ffn * (4 + 6), hw) + gap;
        const Seconds swigluFused = elementwiseSeconds(tokens * ffn * 6, hw);
        QVERIFY(
            std::abs(eager->dense.mlpForward - fused->dense.mlpForward - (normEager - normFused + swiglu - swigluFused))
            < 1e-12);
        // Op-level recomputation repeats every eager forward pass but the saved matmuls and attention.
        QVERIFY(std::abs(eager->dense.opRecomputeForward - fused->dense.opRecomputeForward
                    - (2 * (normEager - normFused) + attention + swiglu - swigluFused))
            < 1e-12);
        // Loss: cast to fp32 (2 + 4), log-softmax reading thrice and writing (16): 22 bytes in four kernels.
        QVERIFY(
            std::abs(eager->headForward - fused->headForward
                - (elementwiseSeconds(tokens * vocab * 22, hw) + 3 * gap - elementwiseSeconds(tokens * vocab * 16, hw)))
            < 1e-12);
        // torchtitan's Triton RMSNorm under eager: the norms go back to one pass, the rest stays eager.
        s.compute.norm = Elementwise::Fused;
        const auto tritonNorm = kernelCosts(s, hw);
        QVERIFY(tritonNorm);
        QVERIFY(std::abs(tritonNorm->dense.attentionForward - fused->dense.attentionForward - attention) < 1e-12);
        // Without GQA nothing is copied.
        s.model.kvHeads = 0;
        s.compute.norm.reset();
        const auto mha = kernelCosts(s, hw);
        s.compute.elementwise = Elementwise::Fused;
        const auto mhaFused = kernelCosts(s, hw);
        QVERIFY(mha && mhaFused);
        const Seconds ropeMha = elementwiseSeconds(2 * tokens * q * sum(rope), hw) + 2 * gap;
        QVERIFY(std::abs(mha->dense.attentionForward - mhaFused->dense.attentionForward
                    - (normEager - normFused + ropeMha + contiguous))
            < 1e-12);
        // The fields round-trip through a scenario file, and a wrong word is named.
        s.compute.elementwise = Elementwise::Eager;
        s.compute.norm = Elementwise::Fused;
        s.compute.loss = Elementwise::Fused;
        const auto back = parseScenario(toJsonText(s));
        QVERIFY(back);
        QCOMPARE(back->compute.elementwise, Elementwise::Eager);
        QCOMPARE(back->compute.norm, std::optional<Elementwise>(Elementwise::Fused));
        QCOMPARE(back->compute.loss, std::optional<Elementwise>(Elementwise::Fused));
        QCOMPARE(problemWith(s, "compute", "elementwise", "lazy"),
            std::optional(Problem { "compute.elementwise", "lazy", "must be \"fused\" or \"eager\"", {} }));
    }

    // What a GPU holds besides model states and saved activations: the loss's logits on the last stage, ZeRO-3's
    // gathered layers and output layer, and with full recomputation the one layer rebuilt for its backward.
    void memoryBuffers()
    {
        auto s = gpt(4096, 32, 8);
        s.model.vocab = 128256;
        s.model.gatedMlp = true;
        s.model.ffn = 14336;
        s.hardware.gpusPerNode = 8;
        s.parallel.tp = 2;
        s.parallel.pp = 2;
        s.parallel.dp = 2;
        s.parallel.zeroStage = 1;
        s.batch.microBatchSize = 2;
        s.batch.microBatches = 4;
        const double logits = 2.0 * 2048 * 128256 / 2; // b · s · vocab / tp
        QCOMPARE(bufferBytes(s, 0), 0.0);
        QCOMPARE(bufferBytes(s, 1), logits * (2 + 4)); // bf16 logits and their fp32 copy
        s.compute.loss = Elementwise::Eager;
        QCOMPARE(bufferBytes(s, 1), logits * (4 + 4 + 4)); // log-softmax kept, NLL and input gradients
        s.compute.loss.reset();
        s.compute.elementwise = Elementwise::Eager; // the loss follows unless set apart
        QCOMPARE(bufferBytes(s, 1), logits * 12);
        s.compute.elementwise = Elementwise::Fused;
        // The peak is the sum of its parts on the stage it names.
        const auto m = peakMemory(s, 80 * GiB);
        QCOMPARE(m.buffersBytes, bufferBytes(s, m.stage));
        QCOMPARE(m.totalBytes, m.paramsBytes + m.gradsBytes + m.optimizerBytes + m.activationsBytes + m.buffersBytes);
        // ZeRO-3 without pipelining: the running layer and prefetch_depth more gathered whole in bf16, and the output
        // layer on the last stage.
        s.parallel.pp = 1;
        s.parallel.dp = 4;
        s.parallel.zeroStage = 3;
        for (const int depth : { 1, 2 }) {
            s.comm.prefetchDepth = depth;
            const double layer = layerParams(s.model, 0) / 2;
            QCOMPARE(bufferBytes(s, 0), logits * 6 + 2 * (1 + depth) * layer + 2 * embeddingParams(s.model) / 2);
        }
        // MoE: a gathered layer holds its ep share of the experts.
        s.model.moe = { .experts = 8, .topK = 2 };
        s.parallel.ep = 4;
        s.comm.prefetchDepth = 1;
        const double moeLayer = (layerParams(s.model, 0) - 8 * mlpParams(s.model) * (1 - 1.0 / 4)) / 2;
        QCOMPARE(bufferBytes(s, 0), logits * 6 + 2 * 2 * moeLayer + 2 * embeddingParams(s.model) / 2);
        // Full recomputation: every layer's input, and one layer whole while it is rebuilt.
        s.model.moe = {};
        s.parallel.ep = 1;
        s.parallel.zeroStage = 1;
        s.compute.recompute = Recompute::Full;
        auto whole = s;
        whole.compute.recompute = Recompute::None;
        const double inputs = 8 * 2.0 * 2048 * 2 * 4096; // layers · 2 · s · b · h, no sequence parallelism
        QCOMPARE(peakMemory(s, 80 * GiB).activationsBytes, inputs + activationBytesPerLayer(whole));
    }

    // GQA and SwiGLU change the parameter count as Llama's config does: Llama-2-70B has ≈ 69e9 parameters.
    void llamaParameters()
    {
        ModelShape m { .layers = 80,
            .hidden = 8192,
            .ffn = 28672,
            .heads = 64,
            .kvHeads = 8,
            .gatedMlp = true,
            .seqLen = 4096,
            .vocab = 32000,
            .tiedEmbeddings = false };
        const double layer = 2.0 * 8192 * 8192 + 8192.0 * 2 * 8 * 128 + 3.0 * 8192 * 28672;
        QCOMPARE(layerParams(m, 0), layer);
        // Untied: input embedding and output head are separate (2 · V · h); totalParams counts one of them.
        const double total = 80 * layer + 2.0 * 32000 * 8192;
        QVERIFY2(std::abs(total / 68.98e9 - 1) < 0.01, qPrintable(QString::number(total)));
    }

    // The optimizer step is one event per stage: 34 bytes per local parameter at memory bandwidth; ZeRO-1
    // divides the local parameters by dp.
    void optimizerStep()
    {
        auto s = gpt(4096, 32);
        s.hardware.gpusPerNode = 8;
        s.parallel.dp = 8;
        const auto hw = preset("hgx-h100");
        const auto sim = run(s);
        double opt = 0;
        for (const auto& e : sim.timeline.events)
            if (e.kind == EventKind::Optimizer)
                opt += e.duration;
        QVERIFY2(std::abs(opt / optimizerSeconds(paramsPerGpu(s, 0), hw) - 1) < 1e-9, qPrintable(QString::number(opt)));
        s.parallel.zeroStage = 1;
        const auto zero = run(s);
        double optZero = 0;
        for (const auto& e : zero.timeline.events)
            if (e.kind == EventKind::Optimizer)
                optZero += e.duration;
        QVERIFY2(std::abs(optZero / optimizerSeconds(paramsPerGpu(s, 0) / 8, hw) - 1) < 1e-9,
            qPrintable(QString::number(optZero)));
        // ZeRO-1 gathers parameters only after its optimizer step
        Seconds optEnd = 0, firstGather = 1e9;
        for (const auto& e : zero.timeline.events) {
            if (e.kind == EventKind::Optimizer)
                optEnd = e.start + e.duration;
            if (e.label.find("AllGather params") == 0)
                firstGather = std::min(firstGather, e.start);
        }
        QVERIFY(firstGather >= optEnd - 1e-12);
    }

    // Tied embeddings: the first and last stage AllReduce the embedding gradient (V·h/t elements in the
    // gradient dtype); untied models do not.
    void embeddingGradientAllReduce()
    {
        auto s = twoStages();
        s.comm.gradDtype = DType::Fp32;
        const auto sim = run(s);
        QCOMPARE(count(sim.timeline, "AllReduce embedding grad"), 2);
        for (const auto& e : sim.timeline.events)
            if (e.label == "AllReduce embedding grad")
                QCOMPARE(e.bytes, static_cast<Bytes>(51200.0 * 4096 / 8) * 4);
        s.model.tiedEmbeddings = false;
        QCOMPARE(count(run(s).timeline, "AllReduce embedding grad"), 0);
    }

    // Megatron's scatter/gather: a stage sends 1/t of the activation and the receiver AllGathers it over TP.
    void pipelineScatterGather()
    {
        auto s = twoStages();
        const auto sim = run(s);
        const Bytes activation = 2048LL * 4096 * 2;
        int sends = 0;
        for (const auto& e : sim.timeline.events) {
            if (e.label.rfind("send", 0) == 0) {
                QCOMPARE(e.bytes, activation / 8);
                ++sends;
            }
        }
        QCOMPARE(sends, 2 * 4); // activations forward and gradients backward, one each per micro-batch
        QCOMPARE(count(sim.timeline, "AG recv"), 2 * 4);
    }

    // global_batch alone sets micro_batches; a disagreeing one is a named error.
    void globalBatch()
    {
        const char* doc = "{\"hardware\":{\"preset\":\"hgx-h100\",\"nodes\":2},\"model\":{\"layers\":8,\"hidden\":1024,"
                          "\"heads\":8},\"parallel\":{\"dp\":16},\"batch\":{\"micro_batch_size\":2,\"global_batch\":"
                          "256}}";
        auto s = parseScenario(doc);
        QVERIFY2(s, toText(s.problems()).c_str());
        QCOMPARE(s->batch.microBatches, 256 / (2 * 16));
        QCOMPARE(tutor::model::globalBatch(*s), 256LL);
        const char* bad = "{\"hardware\":{\"preset\":\"hgx-h100\",\"nodes\":2},\"model\":{\"layers\":8,\"hidden\":1024,"
                          "\"heads\":8},\"parallel\":{\"dp\":16},\"batch\":{\"micro_batch_size\":2,\"micro_batches\":4,"
                          "\"global_batch\":256}}";
        auto b = parseScenario(bad);
        QVERIFY(!b);
        const auto text = toText(b.problems());
        QVERIFY2(text.find("batch.global_batch = 256: must equal micro_batch_size·micro_batches·grad_accum·dp")
                != std::string::npos,
            text.c_str());
    }
};

QTEST_APPLESS_MAIN(TestKernels)
#include "tst_kernels.moc"
