// SPDX-License-Identifier: MIT
// The step simulator's compute model (kernels.h) against closed forms recomputed here, and the step events it
// adds: optimizer, embedding-gradient AllReduce, Megatron's pipeline scatter/gather, global_batch.
#include "model/collectives/costmodel.h"
#include "model/sim/compute.h"
#include "model/sim/kernels.h"
#include "model/sim/memory.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "tests/common/simulated.h"

#include <QtTest>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>

using namespace tutor::model;
using tutor::testing::run;

namespace {
HardwarePreset preset(const char* id)
{
    auto p = findPreset(id);
    if (!p)
        qFatal("no preset %s", id);
    return p.value();
}

Scenario gpt(int hidden, int heads, int layers = 8)
{
    Scenario s;
    s.name.en = "test";
    s.hardware.preset = "hgx-h100";
    s.hardware.gpusPerNode = 1;
    s.model = { .layers = layers, .hidden = hidden, .heads = heads, .seqLen = 2048, .vocab = 51200 };
    return s;
}

// A Llama-shaped layer: GQA with 8 K/V heads, SwiGLU (or a plain MLP) of width 14336.
Scenario llamaLike(int layers, bool gated = true)
{
    auto s = gpt(4096, 32, layers);
    s.model.kvHeads = 8;
    s.model.ffn = 14336;
    s.model.gatedMlp = gated;
    return s;
}

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
    // A large GEMM is compute bound: 2mnk / (peak · η · wave) + gap, wave from 128×128 tiles over the SMs.
    void largeGemmIsComputeBound()
    {
        const auto hw = preset("hgx-h100");
        const double m = 8192, n = 8192, k = 8192;
        const double tiles = (m / 128) * (n / 128);
        const double waves = std::ceil(tiles / hw.compute.sms);
        const double wave = tiles / (waves * hw.compute.sms);
        const double expected
            = 2 * m * n * k / (hw.peakFlops * hw.compute.gemmEfficiency * wave) + hw.compute.kernelGapUs * 1e-6;
        const double got = gemmSeconds(m, n, k, hw, hw.peakFlops, hw.compute.gemmEfficiency);
        QVERIFY2(std::abs(got / expected - 1) < 1e-12, qPrintable(QString::number(got)));
    }

    // A matrix-vector product is memory bound: its bytes at η_mem of the memory bandwidth.
    void thinGemmIsMemoryBound()
    {
        const auto hw = preset("dgx-a100");
        const double m = 1, n = 16384, k = 16384;
        const double bytes = (m * k + k * n + m * n) * 2;
        const double expected
            = bytes / (hw.compute.memoryGBps * 1e9 * hw.compute.memoryEfficiency) + hw.compute.kernelGapUs * 1e-6;
        const double got = gemmSeconds(m, n, k, hw, hw.peakFlops, hw.compute.gemmEfficiency);
        QVERIFY2(std::abs(got / expected - 1) < 1e-12, qPrintable(QString::number(got)));
    }

    // Wave quantization: 133 tiles on 132 SMs need two waves, so the GEMM takes about twice 132 tiles' time
    // (12 × 11 tiles against 7 × 19: the same work within 1 %).
    void waveQuantization()
    {
        const auto hw = preset("hgx-h100");
        QCOMPARE(hw.compute.sms, 132);
        const double k = 16384;
        const double one = gemmSeconds(128 * 12, 128 * 11, k, hw, hw.peakFlops, 0.7);
        const double two = gemmSeconds(128 * 7, 128 * 19, k, hw, hw.peakFlops, 0.7);
        QVERIFY2(two / one > 1.95 && two / one < 2.05, qPrintable(QString::number(two / one)));
    }

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

    // fp8 runs the GEMMs at the fp8 peak; A100 has no fp8 tensor cores (a named error).
    void fp8()
    {
        auto s = gpt(8192, 64);
        auto bf16 = kernelCosts(s, preset("hgx-h100"));
        s.compute.precision = Precision::Fp8;
        auto fp8 = kernelCosts(s, preset("hgx-h100"));
        QVERIFY(bf16 && fp8);
        QCOMPARE(fp8->peakFlops, preset("hgx-h100").compute.fp8PeakFlops);
        QVERIFY(fp8->dense.mlpForward < 0.7 * bf16->dense.mlpForward);
        // fp8 GEMMs at their own efficiency; the output layer stays in bf16, so the head costs the same.
        QCOMPARE(fp8->gemmEfficiency, preset("hgx-h100").compute.fp8GemmEfficiency);
        QCOMPARE(bf16->gemmEfficiency, preset("hgx-h100").compute.gemmEfficiency);
        QCOMPARE(fp8->headForward, bf16->headForward);
        QCOMPARE(fp8->headBackward, bf16->headBackward);
        const double tokens = s.batch.microBatchSize * 2048.0;
        QCOMPARE(fp8->dense.attentionForwardGemms.first,
            gemmSeconds(tokens, 3 * 8192, 8192, preset("hgx-h100"), preset("hgx-h100").compute.fp8PeakFlops,
                preset("hgx-h100").compute.fp8GemmEfficiency));
        // MFU is measured against the peak the GEMMs run at: model FLOPs / (step · fp8 peak · GPUs).
        const auto sim = run(s);
        const double flops = modelFlopsPerToken(s.model) * sim.metrics.tokensPerStep;
        QVERIFY(sim.metrics.mfu > 0 && sim.metrics.mfu < 1);
        QVERIFY(std::abs(sim.metrics.mfu / (flops / (sim.metrics.stepSeconds * fp8->peakFlops)) - 1) < 1e-12);
        const auto a100 = kernelCosts(s, preset("dgx-a100"));
        QVERIFY(!a100);
        const auto text = a100.problems().front().text();
        QVERIFY2(
            text.find("compute.precision = fp8") != std::string::npos && text.find("dgx-a100") != std::string::npos,
            text.c_str());
    }

    // An MoE block runs at moeEfficiency of the dense rate: its router, permutation and expert time is divided by it,
    // the norm and the bias-dropout-add are not. With e = 1, 1/2 and 1/4 the block is f + x, f + 2x and f + 4x.
    void moeEfficiencyScalesTheExperts()
    {
        auto s = gpt(4096, 32);
        s.hardware.gpusPerNode = 8;
        s.parallel.dp = 8;
        s.parallel.ep = 8;
        s.model.moe.experts = 64;
        s.model.moe.topK = 4;
        std::array<double, 3> forward {}, backward {};
        const std::array<double, 3> e { 1, 0.5, 0.25 };
        for (int i = 0; i < 3; ++i) {
            s.compute.moeEfficiency = e[i];
            const auto k = kernelCosts(s, preset("hgx-h100"));
            QVERIFY(k);
            forward[i] = k->moe.mlpForward;
            backward[i] = k->moe.mlpBackward;
            QCOMPARE(k->dense.mlpForward, kernelCosts(gpt(4096, 32), preset("hgx-h100"))->dense.mlpForward);
        }
        for (const auto& t : { forward, backward }) {
            const double x = t[1] - t[0];
            QVERIFY(x > 0);
            QVERIFY(std::abs((t[2] - t[0]) / (3 * x) - 1) < 1e-9);
            QVERIFY(t[0] - x > 0); // the norm and the bias-dropout-add remain
        }
        // 0 means the preset's figure.
        s.compute.moeEfficiency = 0;
        const auto fromPreset = kernelCosts(s, preset("hgx-h100"));
        s.compute.moeEfficiency = preset("hgx-h100").compute.moeEfficiency;
        QCOMPARE(fromPreset->moe.mlpForward, kernelCosts(s, preset("hgx-h100"))->moe.mlpForward);
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
        auto doc = toJson(s);
        doc["compute"]["elementwise"] = "lazy";
        const auto bad = parseScenario(doc.dump());
        QVERIFY(!bad);
        QCOMPARE(bad.problems().front().field, std::string("compute.elementwise"));
        QCOMPARE(bad.problems().front().value, std::string("lazy"));
        QCOMPARE(bad.problems().front().rule, std::string("must be \"fused\" or \"eager\""));
    }

    // torchao's dynamic scaling (torchtitan's Float8): each fp8 linear layer pays, in forward, an absolute-maximum scan
    // (read 2 bytes) and a cast (read 2, write 1) of its input and of its weight, and in backward the same for its
    // output gradient plus one transposed copy (read 1, write 1) of the input, the weight and the output gradient.
    // Under sequence parallelism the gathered operand is cast on the GPU's share of the tokens.
    void dynamicFp8Casts()
    {
        const auto hw = preset("hgx-h100");
        const double gap = hw.compute.kernelGapUs * 1e-6;
        const auto cast = [&](double n) { return elementwiseSeconds(n * (2 + 2 + 1), hw) + gap; }; // two kernels
        const auto transpose = [&](double n) { return elementwiseSeconds(n * (1 + 1), hw); };
        struct Layer {
            double tokens, in, out, inputShare, gradShare;
        };
        const auto forward = [&](const Layer& l) { return cast(l.tokens * l.in * l.inputShare) + cast(l.in * l.out); };
        const auto backward = [&](const Layer& l) {
            return cast(l.tokens * l.out * l.gradShare) + transpose(l.tokens * l.in) + transpose(l.in * l.out)
                + transpose(l.tokens * l.out);
        };
        for (const int tp : { 1, 2 }) {
            auto s = llamaLike(4);
            s.hardware.gpusPerNode = tp;
            s.parallel.tp = tp;
            s.parallel.sp = tp > 1;
            s.compute.precision = Precision::Fp8;
            const auto fused = kernelCosts(s, hw);
            s.compute.fp8Scaling = Fp8Scaling::Dynamic;
            const auto dynamic = kernelCosts(s, hw);
            QVERIFY(fused && dynamic);
            const double t = tp, tokens = 2048, h = 4096, q = 4096, kv = 2 * 8 * 128, ffn = 14336;
            const double share = 1 / t; // sequence parallelism's tokens per GPU, 1 without it
            const Layer qkv { tokens, h, (q + kv) / t, share, 1 }, proj { tokens, q / t, h, 1, share },
                fc1 { tokens, h, 2 * ffn / t, share, 1 }, fc2 { tokens, ffn / t, h, 1, share };
            const auto near = [](double a, double b) { return std::abs(a - b) < 1e-12; };
            QVERIFY(
                near(dynamic->dense.attentionForward - fused->dense.attentionForward, forward(qkv) + forward(proj)));
            QVERIFY(near(
                dynamic->dense.attentionBackward - fused->dense.attentionBackward, backward(qkv) + backward(proj)));
            QVERIFY(near(dynamic->dense.mlpForward - fused->dense.mlpForward, forward(fc1) + forward(fc2)));
            QVERIFY(near(dynamic->dense.mlpBackward - fused->dense.mlpBackward, backward(fc1) + backward(fc2)));
            // The output layer stays in bf16: no casts there.
            QCOMPARE(dynamic->headForward, fused->headForward);
            // Under bf16 the field changes nothing.
            s.compute.precision = Precision::Bf16;
            const auto bf16Dynamic = kernelCosts(s, hw);
            s.compute.fp8Scaling = Fp8Scaling::Fused;
            const auto bf16 = kernelCosts(s, hw);
            QVERIFY(bf16Dynamic && bf16);
            QCOMPARE(bf16Dynamic->dense.mlpBackward, bf16->dense.mlpBackward);
        }
        // The field round-trips through a scenario file, and a wrong word is named.
        auto s = llamaLike(4);
        s.compute.precision = Precision::Fp8;
        s.compute.fp8Scaling = Fp8Scaling::Dynamic;
        const auto back = parseScenario(toJsonText(s));
        QVERIFY(back);
        QCOMPARE(back->compute.fp8Scaling, Fp8Scaling::Dynamic);
        auto doc = toJson(s);
        doc["compute"]["fp8_scaling"] = "delayed";
        const auto bad = parseScenario(doc.dump());
        QVERIFY(!bad);
        QCOMPARE(bad.problems().front().field, std::string("compute.fp8_scaling"));
        QCOMPARE(bad.problems().front().value, std::string("delayed"));
        QCOMPARE(bad.problems().front().rule, std::string("must be \"fused\", \"dynamic\", \"current\" or \"mxfp8\""));
    }

    // Transformer Engine's recipes cast each fp8 GEMM's input in forward and its output gradient in backward with
    // kernels of their own, writing the row-wise and the transposed copy at once: per-tensor current scaling with an
    // amax kernel (read 2) and a cast (read 2, write 2), MXFP8 with one quantize kernel (read 2, write 2). A weight is
    // cast once per optimizer step, so each micro-batch carries 1 / (m · grad_accum) of its cast.
    void transformerEngineFp8Casts()
    {
        const auto hw = preset("hgx-h100");
        const double gap = hw.compute.kernelGapUs * 1e-6;
        struct Recipe {
            Fp8Scaling scaling;
            double bytes;
            int kernels;
        };
        struct Layer {
            double tokens, in, out, inputShare, gradShare;
        };
        for (const Recipe& recipe :
            { Recipe { Fp8Scaling::Current, 2 + 2 + 2, 2 }, Recipe { Fp8Scaling::Mxfp8, 2 + 2, 1 } }) {
            const auto cast
                = [&](double n) { return elementwiseSeconds(n * recipe.bytes, hw) + (recipe.kernels - 1) * gap; };
            for (const auto& [microBatches, gradAccum] :
                { std::pair { 1, 1 }, std::pair { 4, 1 }, std::pair { 4, 3 } }) {
                const double perStep = microBatches * gradAccum;
                const auto forward = [&](const Layer& l) {
                    return cast(l.tokens * l.in * l.inputShare) + cast(l.in * l.out) / perStep;
                };
                const auto backward = [&](const Layer& l) { return cast(l.tokens * l.out * l.gradShare); };
                auto s = llamaLike(4);
                s.hardware.gpusPerNode = 2;
                s.parallel.tp = 2;
                s.parallel.sp = true;
                s.batch.microBatches = microBatches;
                s.batch.gradAccum = gradAccum;
                s.compute.precision = Precision::Fp8;
                const auto fused = kernelCosts(s, hw);
                s.compute.fp8Scaling = recipe.scaling;
                const auto te = kernelCosts(s, hw);
                QVERIFY(fused && te);
                const double t = 2, tokens = 2048, h = 4096, q = 4096, kv = 2 * 8 * 128, ffn = 14336;
                const Layer qkv { tokens, h, (q + kv) / t, 1 / t, 1 }, proj { tokens, q / t, h, 1, 1 / t },
                    fc1 { tokens, h, 2 * ffn / t, 1 / t, 1 }, fc2 { tokens, ffn / t, h, 1, 1 / t };
                const auto near = [](double a, double b) { return std::abs(a - b) < 1e-12; };
                QVERIFY(near(te->dense.attentionForward - fused->dense.attentionForward, forward(qkv) + forward(proj)));
                QVERIFY(
                    near(te->dense.attentionBackward - fused->dense.attentionBackward, backward(qkv) + backward(proj)));
                QVERIFY(near(te->dense.mlpForward - fused->dense.mlpForward, forward(fc1) + forward(fc2)));
                QVERIFY(near(te->dense.mlpBackward - fused->dense.mlpBackward, backward(fc1) + backward(fc2)));
                QCOMPARE(te->headForward, fused->headForward);
            }
            // Read and written by the scenario file.
            auto s = llamaLike(4);
            s.compute.precision = Precision::Fp8;
            s.compute.fp8Scaling = recipe.scaling;
            const auto back = parseScenario(toJsonText(s));
            QVERIFY(back);
            QCOMPARE(back->compute.fp8Scaling, recipe.scaling);
        }
        // Current scaling's extra amax pass makes it dearer than MXFP8 on the same layer; both cost more than the
        // fused casts of delayed scaling.
        auto s = llamaLike(4);
        s.compute.precision = Precision::Fp8;
        const auto fused = kernelCosts(s, hw);
        s.compute.fp8Scaling = Fp8Scaling::Current;
        const auto current = kernelCosts(s, hw);
        s.compute.fp8Scaling = Fp8Scaling::Mxfp8;
        const auto mxfp8 = kernelCosts(s, hw);
        QVERIFY(fused && current && mxfp8);
        QVERIFY(current->dense.mlpForward > mxfp8->dense.mlpForward);
        QVERIFY(mxfp8->dense.mlpForward > fused->dense.mlpForward);
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
