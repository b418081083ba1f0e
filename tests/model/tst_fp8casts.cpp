// SPDX-License-Identifier: MIT
// fp8 GEMMs in the step simulator's compute model (kernels.h) against closed forms recomputed here: the fp8 peak and
// efficiency, and the cast kernels of torchao's dynamic scaling and of Transformer Engine's current scaling and MXFP8.
#include "model/sim/compute.h"
#include "model/sim/kernels.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "tests/common/kernelscenarios.h"
#include "tests/common/simulated.h"

#include <QtTest>
#include <cmath>
#include <nlohmann/json.hpp>
#include <utility>

using namespace tutor::model;
using tutor::testing::gpt;
using tutor::testing::llamaLike;
using tutor::testing::preset;
using tutor::testing::run;

class TestFp8Casts : public QObject {
    Q_OBJECT

private slots:
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
};

QTEST_APPLESS_MAIN(TestFp8Casts)
#include "tst_fp8casts.moc"
