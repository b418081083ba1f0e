// SPDX-License-Identifier: MIT
// Rows of the published-run validation set (steps.json) that differ in one mechanism only: runs of one layout with
// and without torch.compile, in fp8 and bf16, under two fp8 recipes. The model's ratio between the two against the
// published one, each side simulated here.
#include "model/sim/simulate.h"
#include "model/sim/stepvalidation.h"
#include "tests/common/stepsdata.h"

#include <QtTest>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

using namespace tutor::model;
using tutor::testing::stepsPath;

namespace {
// The pairs of simulated rows that differ only in what `align` copies from the first onto the second: runs of one
// layout with and without one mechanism. `isFirst` and `isSecond` pick the two sides.
template <typename IsFirst, typename IsSecond, typename Align>
std::vector<std::pair<const StepRow*, const StepRow*>> twinRows(
    const std::vector<StepRow>& rows, IsFirst isFirst, IsSecond isSecond, Align align)
{
    std::vector<std::pair<const StepRow*, const StepRow*>> out;
    for (const auto& first : rows) {
        if (!first.skipped.empty() || !isFirst(first.scenario))
            continue;
        for (const auto& second : rows) {
            if (!second.skipped.empty() || !isSecond(second.scenario))
                continue;
            auto same = second.scenario;
            align(first.scenario, same);
            same.name = first.scenario.name;
            if (same == first.scenario)
                out.emplace_back(&first, &second);
        }
    }
    return out;
}

// The rows of one layout run in fp8 under `scaling` and in bf16 (their CUDA graphs may differ), with their bf16 / fp8
// step-time ratios: measured, predicted, predicted with the fp8 row cast as Transformer Engine's delayed scaling casts
// instead (the norms write fp8 themselves, one cast kernel per other operand), and predicted with the fp8 row
// capturing the bf16 row's CUDA graphs. Empty `label` on failure.
struct Fp8Twin {
    QString label;
    Fp8Scaling scaling = Fp8Scaling::Fused; ///< the fp8 row's
    double measured = 0, predicted = 0, withFusedCasts = 0, withBf16Graphs = 0;
    QString text() const
    {
        return QStringLiteral(
            "%1: bf16 / fp8 %2 measured, %3 predicted, %4 with delayed scaling's casts, %5 with the bf16 run's graphs")
            .arg(label)
            .arg(measured)
            .arg(predicted)
            .arg(withFusedCasts)
            .arg(withBf16Graphs);
    }
};
std::vector<Fp8Twin> fp8Twins(const std::vector<StepRow>& rows, Fp8Scaling scaling)
{
    const auto pairs = twinRows(
        rows,
        [scaling](
            const Scenario& s) { return s.compute.precision == Precision::Fp8 && s.compute.fp8Scaling == scaling; },
        [](const Scenario& s) { return s.compute.precision == Precision::Bf16; },
        [](const Scenario& fp8, Scenario& bf16) {
            bf16.compute.precision = fp8.compute.precision;
            bf16.compute.fp8Scaling = fp8.compute.fp8Scaling;
            bf16.compute.cudaGraphs = fp8.compute.cudaGraphs;
        });
    std::vector<Fp8Twin> out;
    for (const auto& [fp8, bf16] : pairs) {
        auto fused = fp8->scenario;
        fused.compute.fp8Scaling = Fp8Scaling::Fused;
        auto graphed = fp8->scenario;
        graphed.compute.cudaGraphs = bf16->scenario.compute.cudaGraphs;
        const auto slow = simulateMetrics(bf16->scenario), fast = simulateMetrics(fp8->scenario),
                   fusedCasts = simulateMetrics(fused);
        // Twins that capture the same graphs need no second fp8 simulation.
        const auto bf16Graphs = graphed == fp8->scenario ? fast : simulateMetrics(graphed);
        Fp8Twin twin;
        if (slow && fast && fusedCasts && bf16Graphs) {
            twin.label = QString::fromStdString(bf16->id + " / " + fp8->id);
            twin.scaling = fp8->scenario.compute.fp8Scaling;
            twin.measured = bf16->measuredSeconds / fp8->measuredSeconds;
            twin.predicted = slow->stepSeconds / fast->stepSeconds;
            twin.withFusedCasts = slow->stepSeconds / fusedCasts->stepSeconds;
            twin.withBf16Graphs = slow->stepSeconds / bf16Graphs->stepSeconds;
        }
        out.push_back(twin);
    }
    return out;
}
} // namespace

class TestStepPairs : public QObject {
    Q_OBJECT
private slots:
    // Rows that differ only in how their element-wise work runs (torchtitan with and without torch.compile, Tables 1
    // and 3): the model's eager / fused step-time ratio against the published one.
    void eagerAgainstCompiledRows()
    {
        const auto rows = loadStepRows(stepsPath());
        QVERIFY(rows);
        const auto pairs = twinRows(
            *rows, [](const Scenario& s) { return s.compute.elementwise == Elementwise::Eager; },
            [](const Scenario& s) { return s.compute.elementwise == Elementwise::Fused; },
            [](const Scenario& eager, Scenario& fused) {
                fused.compute.elementwise = eager.compute.elementwise;
                fused.compute.norm = eager.compute.norm;
                fused.compute.loss = eager.compute.loss;
            });
        QCOMPARE(pairs.size(), std::size_t(2));
        for (const auto& [eager, fused] : pairs) {
            const auto slow = simulateMetrics(eager->scenario), fast = simulateMetrics(fused->scenario);
            QVERIFY(slow && fast);
            const double measured = eager->measuredSeconds / fused->measuredSeconds;
            const double predicted = slow->stepSeconds / fast->stepSeconds;
            QVERIFY2(measured > 1.05 && std::abs(predicted / measured - 1) < 0.08,
                qPrintable(QStringLiteral("%1: eager / compiled %2 measured, %3 predicted")
                               .arg(QString::fromStdString(eager->id))
                               .arg(measured)
                               .arg(predicted)));
        }
    }

    // Rows that differ only in fp8 (torchtitan's compile and compile + Float8, Tables 1 and 3 of December 2024; bf16
    // and Float8 tensorwise, vanilla and async TP, of its June 2025 async-TP benchmark): the model's bf16 / fp8
    // step-time ratio against the published one. Float8 there is torchao's dynamic scaling, whose cast kernels take
    // a fifth of what the faster GEMMs save; costed as Transformer Engine's delayed scaling the ratio is too high.
    void float8AgainstCompiledRows()
    {
        const auto rows = loadStepRows(stepsPath());
        QVERIFY(rows);
        // torchao's rows (Megatron-Bridge's fp8 and bf16 twins come from different releases)
        const auto twins = fp8Twins(*rows, Fp8Scaling::Dynamic);
        QCOMPARE(twins.size(), std::size_t(6));
        double predictedError = 0, fusedError = 0;
        for (const auto& t : twins) {
            QVERIFY(!t.label.isEmpty());
            QCOMPARE(t.scaling, Fp8Scaling::Dynamic);
            // 9 %: the 70B async-TP pair's fp8 run gains 8.0 % more than the model gives it since the bf16 fraction
            // is fitted on NeMo's bf16 runs as well (0.606; the other pairs stay within 3.3 %).
            QVERIFY2(t.measured > 1.1 && std::abs(t.predicted / t.measured - 1) < 0.09, qPrintable(t.text()));
            predictedError += std::abs(t.predicted / t.measured - 1) / twins.size();
            fusedError += std::abs(t.withFusedCasts / t.measured - 1) / twins.size();
        }
        // One pair (70B with async TP, whose fp8 run gains more than the model gives it) is nearer with delayed
        // scaling's casts; over the six the dynamic casts are nearer (2.4 % against 3.5 % mean |error| with the bf16
        // fraction at 0.606).
        QVERIFY2(predictedError < 0.75 * fusedError,
            qPrintable(QStringLiteral("mean |error| %1 with the casts, %2 as delayed scaling")
                           .arg(predictedError)
                           .arg(fusedError)));
    }

    // Megatron-Bridge's tables name each run's fp8 recipe (25.11: "FP8-CS" per-tensor current scaling, "FP8-MX" block
    // scaling; 26.02 on: "FP8", the configs all *_FP8_CS_V1, and "MXFP8"): every such row says so in
    // compute.fp8_scaling. And on the runs of one layout in fp8 (current scaling, no CUDA graphs) and bf16 (the
    // router's and preprocessing's graphs), the fp8 run is the slower one: the host's floor on its eager MoE layers
    // brings the model's bf16 / fp8 ratio nearer the measured one than the same fp8 run with the bf16 run's graphs
    // would be. Its layers wait on the host, so its casts no longer decide the ratio.
    void transformerEngineRecipesAgainstTheRows()
    {
        const auto rows = loadStepRows(stepsPath());
        QVERIFY(rows);
        int named = 0;
        for (const auto& row : *rows) {
            if (row.software.find("Megatron-Bridge") == std::string::npos
                || row.scenario.compute.precision != Precision::Fp8)
                continue;
            const auto names = [&](const char* word) { return row.where.find(word) != std::string::npos; };
            const bool mx = names("MXFP8") || names("FP8-MX");
            const bool cs = !mx && (row.where.ends_with(" FP8") || names("FP8-CS"));
            if (!mx && !cs)
                continue;
            ++named;
            QVERIFY2(row.scenario.compute.fp8Scaling == (mx ? Fp8Scaling::Mxfp8 : Fp8Scaling::Current),
                qPrintable(QString::fromStdString(row.id + ": " + row.where)));
        }
        QVERIFY(named >= 30);
        const auto twins = fp8Twins(*rows, Fp8Scaling::Current);
        QVERIFY(!twins.empty());
        for (const auto& t : twins) {
            QVERIFY(!t.label.isEmpty());
            QVERIFY2(
                t.measured < 1 && std::abs(t.predicted / t.measured - 1) < std::abs(t.withBf16Graphs / t.measured - 1),
                qPrintable(t.text()));
        }
    }

    // Megatron-Bridge ran six dense layouts in 25.09 (delayed scaling, the scripts' default) and again in 25.11
    // (current scaling, FP8-CS): Llama 3 8B on H100, B200 and GB200, Llama 3 70B on H100, Llama 3.1 405B on H100 and
    // B200. The 25.11 runs took 0.97 – 1.03 of the 25.09 runs' time. Current scaling adds an amax pass to most
    // operands and its norms write bf16 before the cast; delayed scaling casts as well. The model's ratio stays within
    // 6 % of each measured one and 4 % on average (with delayed scaling's casts free, the GB200 8B pair is 6.1 % off).
    void currentAgainstDelayedScaling()
    {
        const auto rows = loadStepRows(stepsPath());
        QVERIFY(rows);
        // Dense rows only: the MoE pair of these releases also changed token-dropping for dropless routing.
        const auto isFp8 = [](const Scenario& s, Fp8Scaling scaling) {
            return s.model.moe.experts == 0 && s.compute.precision == Precision::Fp8 && s.compute.fp8Scaling == scaling;
        };
        const auto pairs = twinRows(
            *rows, [&](const Scenario& s) { return isFp8(s, Fp8Scaling::Current); },
            [&](const Scenario& s) { return isFp8(s, Fp8Scaling::Fused); },
            [](const Scenario& current, Scenario& delayed) {
                delayed.compute.fp8Scaling = current.compute.fp8Scaling;
            });
        QCOMPARE(pairs.size(), std::size_t(6));
        double meanError = 0;
        for (const auto& [current, delayed] : pairs) {
            const auto slow = simulateMetrics(current->scenario), fast = simulateMetrics(delayed->scenario);
            QVERIFY(slow && fast);
            const double measured = current->measuredSeconds / delayed->measuredSeconds;
            const double predicted = slow->stepSeconds / fast->stepSeconds;
            const QString text = QStringLiteral("%1 / %2: measured %3, predicted %4")
                                     .arg(QString::fromStdString(current->id), QString::fromStdString(delayed->id))
                                     .arg(measured)
                                     .arg(predicted);
            QVERIFY2(measured > 0.95 && measured < 1.05, qPrintable(text));
            QVERIFY2(std::abs(predicted / measured - 1) < 0.06, qPrintable(text));
            meanError += std::abs(predicted / measured - 1) / pairs.size();
        }
        QVERIFY2(meanError < 0.04, qPrintable(QString::number(meanError)));
    }
};

QTEST_GUILESS_MAIN(TestStepPairs)
#include "tst_steppairs.moc"
