// SPDX-License-Identifier: MIT
// fp8 GEMMs in the step simulator's compute model (kernels.h) against closed forms recomputed here: the fp8 peak and
// efficiency, and the cast kernels of torchao's dynamic scaling and of Transformer Engine's delayed scaling, current
// scaling and MXFP8, on Hopper and on Blackwell.
#include "model/sim/compute.h"
#include "model/sim/kernels.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "tests/common/kernelscenarios.h"
#include "tests/common/problems.h"
#include "tests/common/simulated.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string_view>
#include <tuple>
#include <utility>

using namespace tutor::model;
using tutor::testing::gpt;
using tutor::testing::llamaLike;
using tutor::testing::preset;
using tutor::testing::problemWith;
using tutor::testing::run;

class TestFp8Casts : public QObject {
    Q_OBJECT

private slots:
    // fp8 runs the GEMMs at the fp8 peak; A100 has no fp8 tensor cores (a named error). Sixteen micro-batches a step
    // spread the weights' once-a-step cast thin, so the MLP's fp8 GEMMs show their speed.
    void fp8()
    {
        auto s = gpt(8192, 64);
        s.batch.gradAccum = 16;
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
    // Under sequence parallelism the gathered operand is cast on the GPU's share of the tokens. The reference is the
    // same layer under delayed scaling, whose casts teCasts() recomputes.
    void dynamicFp8Casts()
    {
        const auto hw = preset("hgx-h100");
        const double gap = hw.compute.kernelGapUs * 1e-6;
        const auto cast = [&](double n) { return elementwiseSeconds(n * (2 + 2 + 1), hw) + gap; }; // two kernels
        const auto transpose = [&](double n) { return elementwiseSeconds(n * (1 + 1), hw); };
        const auto forward
            = [&](const Operands& l) { return cast(l.tokens * l.in * l.inputShare) + cast(l.in * l.out); };
        const auto backward = [&](const Operands& l) {
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
            const Linears linears = llamaLinears(tp);
            const auto& [qkv, proj, fc1, fc2] = linears;
            const Casts delayed = teCasts(Fp8Scaling::Fused, hw, s, linears);
            const auto near = [](double a, double b) { return std::abs(a - b) < 1e-12; };
            QVERIFY(near(dynamic->dense.attentionForward - fused->dense.attentionForward,
                forward(qkv) + forward(proj) - delayed.attentionForward));
            QVERIFY(near(dynamic->dense.attentionBackward - fused->dense.attentionBackward,
                backward(qkv) + backward(proj) - delayed.attentionBackward));
            QVERIFY(near(
                dynamic->dense.mlpForward - fused->dense.mlpForward, forward(fc1) + forward(fc2) - delayed.mlpForward));
            QVERIFY(near(dynamic->dense.mlpBackward - fused->dense.mlpBackward,
                backward(fc1) + backward(fc2) - delayed.mlpBackward));
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
        QCOMPARE(problemWith(s, "compute", "fp8_scaling", "delayed"),
            std::optional(Problem {
                "compute.fp8_scaling", "delayed", "must be \"fused\", \"dynamic\", \"current\" or \"mxfp8\"", {} }));
    }

    // Transformer Engine's recipes cast each fp8 GEMM's input in forward and its output gradient in backward with
    // kernels of their own (teCasts() below), and each weight once per optimizer step, so each micro-batch carries
    // 1 / (m · grad_accum) of its cast. What the layer costs beyond its casts is the same under every recipe; the
    // casts differ by recipe and by architecture (Hopper writes transposed copies, Blackwell does not under
    // per-tensor scaling).
    void transformerEngineFp8Casts()
    {
        for (const char* id : { "hgx-h100", "hgx-b200" }) {
            const auto hw = preset(id);
            for (const auto& [microBatches, gradAccum] :
                { std::pair { 1, 1 }, std::pair { 4, 1 }, std::pair { 4, 3 } }) {
                auto s = llamaLike(4);
                s.hardware.preset = id;
                s.hardware.gpusPerNode = 2;
                s.parallel.tp = 2;
                s.parallel.sp = true;
                s.batch.microBatches = microBatches;
                s.batch.gradAccum = gradAccum;
                s.compute.precision = Precision::Fp8;
                const Linears linears = llamaLinears(2);
                // The layer without its casts, from delayed scaling.
                const auto delayed = kernelCosts(s, hw);
                QVERIFY(delayed);
                const Casts delayedCasts = teCasts(Fp8Scaling::Fused, hw, s, linears);
                const Casts rest { delayed->dense.attentionForward - delayedCasts.attentionForward,
                    delayed->dense.attentionBackward - delayedCasts.attentionBackward,
                    delayed->dense.mlpForward - delayedCasts.mlpForward,
                    delayed->dense.mlpBackward - delayedCasts.mlpBackward };
                for (const Fp8Scaling recipe : { Fp8Scaling::Current, Fp8Scaling::Mxfp8 }) {
                    s.compute.fp8Scaling = recipe;
                    const auto te = kernelCosts(s, hw);
                    QVERIFY(te);
                    const Casts casts = teCasts(recipe, hw, s, linears);
                    const auto near = [](double a, double b) { return std::abs(a - b) < 1e-12 * std::max(1.0, b); };
                    QVERIFY2(near(te->dense.attentionForward - casts.attentionForward, rest.attentionForward), id);
                    QVERIFY2(near(te->dense.attentionBackward - casts.attentionBackward, rest.attentionBackward), id);
                    QVERIFY2(near(te->dense.mlpForward - casts.mlpForward, rest.mlpForward), id);
                    QVERIFY2(near(te->dense.mlpBackward - casts.mlpBackward, rest.mlpBackward), id);
                    QCOMPARE(te->headForward, delayed->headForward);
                }
                s.compute.fp8Scaling = Fp8Scaling::Fused;
            }
        }
        for (const Fp8Scaling recipe : { Fp8Scaling::Current, Fp8Scaling::Mxfp8 }) {
            // Read and written by the scenario file.
            auto s = llamaLike(4);
            s.compute.precision = Precision::Fp8;
            s.compute.fp8Scaling = recipe;
            const auto back = parseScenario(toJsonText(s));
            QVERIFY(back);
            QCOMPARE(back->compute.fp8Scaling, recipe);
        }
        // On Hopper current scaling's amax pass makes it dearer than MXFP8 on the same layer, and MXFP8 dearer than
        // delayed scaling, whose norms write fp8 themselves. Blackwell's per-tensor recipes skip the transposed copy:
        // delayed scaling's casts cost less there than on Hopper, MXFP8's the same.
        for (const char* id : { "hgx-h100", "hgx-b200" }) {
            auto s = llamaLike(4);
            s.hardware.preset = id;
            s.compute.precision = Precision::Fp8;
            const auto fused = kernelCosts(s, preset(id));
            s.compute.fp8Scaling = Fp8Scaling::Current;
            const auto current = kernelCosts(s, preset(id));
            s.compute.fp8Scaling = Fp8Scaling::Mxfp8;
            const auto mxfp8 = kernelCosts(s, preset(id));
            QVERIFY(fused && current && mxfp8);
            QVERIFY(mxfp8->dense.mlpForward > fused->dense.mlpForward);
            if (std::string_view(id) == "hgx-h100")
                QVERIFY(current->dense.mlpForward > mxfp8->dense.mlpForward);
        }
    }

    // Which inputs a norm writes (Megatron-Core's TELayerNormColumnParallelLinear): QKV's and a dense FC1's; under
    // multi-head latent attention the up projections' (the latents' norms), not the down projections', whose block
    // norm stands alone; not an MoE block's experts, shared or routed (its norm stands alone too). Current scaling
    // and MXFP8 cost the same on a norm's output on Hopper (cast-transpose, the amax found by the norm), and current
    // scaling 2 more bytes read and one more kernel on any other operand: the difference names the norm-fed inputs.
    void normFedInputs()
    {
        const auto hw = preset("hgx-h100");
        Scenario s = llamaLike(4);
        s.model.mla = { .qLoraRank = 384, .kvLoraRank = 256, .ropeHeadDim = 64, .vHeadDim = 128 };
        s.model.moe = { .experts = 16, .topK = 4, .firstDenseLayers = 1, .expertFfn = 512, .sharedExpertFfn = 768 };
        s.batch.gradAccum = 4;
        s.compute.precision = Precision::Fp8;
        s.compute.fp8Scaling = Fp8Scaling::Current;
        s.compute.cudaGraphs
            = CudaGraphs::FullIteration; // the kernels' own times: no host floor under the small layers
        const auto current = kernelCosts(s, hw);
        s.compute.fp8Scaling = Fp8Scaling::Mxfp8;
        const auto mxfp8 = kernelCosts(s, hw);
        QVERIFY(current && mxfp8);
        const double perStep = 4, tokens = 2048, h = 4096;
        const auto extra = [&](double n) { return elementwiseSeconds(2 * n, hw); }; // amax read, one kernel
        // One linear layer's extra forward and backward time on `rows` tokens.
        const auto linear = [&](double rows, double in, double out, bool normInput) {
            return std::pair { (normInput ? 0 : extra(rows * in)) + extra(in * out) / perStep, extra(rows * out) };
        };
        // q down, q up, kv down, kv up, output projection (32 heads of 128 + 64 for queries and keys, 128 for values).
        const double q = 32 * (128 + 64), kv = 32 * (128 + 128);
        double attentionF = 0, attentionB = 0;
        for (const auto& [in, out, normInput] :
            { std::tuple { h, 384.0, false }, std::tuple { 384.0, q, true }, std::tuple { h, 256.0 + 64, false },
                std::tuple { 256.0, kv, true }, std::tuple { 32.0 * 128, h, false } }) {
            const auto [f, b] = linear(tokens, in, out, normInput);
            attentionF += f;
            attentionB += b;
        }
        const auto near = [](double a, double b) { return std::abs(a - b) < 1e-12 * std::max(1.0, b); };
        QVERIFY(near(current->dense.attentionForward - mxfp8->dense.attentionForward, attentionF));
        QVERIFY(near(current->dense.attentionBackward - mxfp8->dense.attentionBackward, attentionB));
        QVERIFY(near(current->moe.attentionForward - mxfp8->moe.attentionForward, attentionF));
        // SwiGLU MLPs: FC1 h → 2·ffn, FC2 ffn → h.
        const auto mlp = [&](double rows, double ffn, bool normInput) {
            return linear(rows, h, 2 * ffn, normInput).first + linear(rows, ffn, h, false).first;
        };
        QVERIFY(near(current->dense.mlpForward - mxfp8->dense.mlpForward, mlp(tokens, 14336, true)));
        // 16 experts on this GPU, each on 2048 · 4 / 16 rows (their time of their own is the same in both recipes); the
        // shared expert on every token.
        const double routed = 16 * mlp(tokens * 4 / 16, 512, false);
        QVERIFY(near(current->moe.mlpForward - mxfp8->moe.mlpForward, routed + mlp(tokens, 768, false)));
    }

private:
    // One linear layer's operands: tokens × in → out, with the shares of the tokens its input and its output
    // gradient hold when they are cast (sequence parallelism casts before the gather).
    struct Operands {
        double tokens, in, out, inputShare, gradShare;
    };
    struct Casts {
        double attentionForward = 0, attentionBackward = 0, mlpForward = 0, mlpBackward = 0;
    };
    struct Linears {
        Operands qkv, proj, fc1, fc2;
    };

    // llamaLike's dense layer on `tp` tensor-parallel ranks, with sequence parallelism when tp > 1 (the gathered
    // operands cast on the GPU's share of the tokens): QKV, projection, FC1 (gate and up), FC2.
    static Linears llamaLinears(int tp)
    {
        const double t = tp, tokens = 2048, h = 4096, q = 4096, kv = 2 * 8 * 128, ffn = 14336;
        const double share = 1 / t; // sequence parallelism's tokens per GPU, 1 without it
        return { { tokens, h, (q + kv) / t, share, 1 }, { tokens, q / t, h, 1, share },
            { tokens, h, 2 * ffn / t, share, 1 }, { tokens, ffn / t, h, 1, share } };
    }

    // Transformer Engine's cast kernels of one dense layer (QKV, projection, FC1, FC2), recomputed from the kernels
    // TE launches: per element of an operand, bytes read and written and the kernels that move them.
    //   Hopper, every recipe writes a row-wise and a transposed copy (TN-only fp8 GEMMs):
    //     delayed: cast-transpose 2 + 2 in 1 kernel; a norm's output: the norm writes fp8, a transpose 1 + 1
    //     current: amax 2, cast-transpose 2 + 2 (2 kernels); a norm's output: the norm finds the amax, 2 + 2
    //   Blackwell, per-tensor scaling writes one copy:
    //     delayed: cast 2 + 1; a norm's output: nothing
    //     current: amax 2, cast 2 + 1 (2 kernels); a norm's output: 2 + 1
    //   MXFP8, either: 2 + 2 in 1 kernel, a norm's output as well.
    // QKV's and FC1's inputs are norms' outputs; weights are cast once a step.
    static Casts teCasts(Fp8Scaling recipe, const HardwarePreset& hw, const Scenario& s, const Linears& l)
    {
        const bool blackwell = hw.id == "hgx-b200";
        struct Kind {
            double bytes;
            int kernels;
        };
        Kind operand { 4, 1 }, normOutput { 2, 1 };
        switch (recipe) {
        case Fp8Scaling::Fused:
        case Fp8Scaling::Dynamic:
            operand = blackwell ? Kind { 3, 1 } : Kind { 4, 1 };
            normOutput = blackwell ? Kind { 0, 0 } : Kind { 2, 1 };
            break;
        case Fp8Scaling::Current:
            operand = blackwell ? Kind { 5, 2 } : Kind { 6, 2 };
            normOutput = blackwell ? Kind { 3, 1 } : Kind { 4, 1 };
            break;
        case Fp8Scaling::Mxfp8:
            operand = normOutput = Kind { 4, 1 };
            break;
        }
        const double gap = hw.compute.kernelGapUs * 1e-6;
        const auto cast = [&](double n, Kind k) {
            return k.kernels == 0 ? 0.0 : elementwiseSeconds(n * k.bytes, hw) + (k.kernels - 1) * gap;
        };
        const double perStep = static_cast<double>(s.batch.microBatches) * s.batch.gradAccum;
        const auto forward = [&](const Operands& l, bool fromNorm) {
            return cast(l.tokens * l.in * l.inputShare, fromNorm ? normOutput : operand)
                + cast(l.in * l.out, operand) / perStep;
        };
        const auto backward = [&](const Operands& l) { return cast(l.tokens * l.out * l.gradShare, operand); };
        return { forward(l.qkv, true) + forward(l.proj, false), backward(l.qkv) + backward(l.proj),
            forward(l.fc1, true) + forward(l.fc2, false), backward(l.fc1) + backward(l.fc2) };
    }
};

QTEST_APPLESS_MAIN(TestFp8Casts)
#include "tst_fp8casts.moc"
