// SPDX-License-Identifier: MIT
// The metrics-only path (simulateMetrics) against the full simulation: every figure within 0.1 %, on the shipped
// scenarios and on pipelines, interleaving, gradient accumulation, MoE, stragglers and free communication.
#include "model/sim/engine.h"
#include "model/sim/pipeline.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"

#include <QDir>
#include <QtTest>
#include <cmath>
#include <random>

using namespace tutor::model;

Q_DECLARE_METATYPE(Scenario)

namespace {
bool near(double a, double b, double scale)
{
    return std::abs(a - b) <= 1e-3 * std::max(std::abs(b), scale) + 1e-15;
}

Scenario pipeline(int dp, int tp, int pp, int v, int m)
{
    Scenario s;
    s.name.en = "pipeline";
    s.hardware.preset = "hgx-h100";
    s.hardware.nodes = std::max(1, dp * tp * pp / 8);
    s.hardware.gpusPerNode = std::min(8, dp * tp * pp);
    s.model = { .layers = 16, .hidden = 4096, .heads = 32, .seqLen = 2048, .vocab = 51200 };
    s.parallel.dp = dp;
    s.parallel.tp = tp;
    s.parallel.pp = pp;
    s.parallel.sp = tp > 1;
    s.parallel.virtualStages = v;
    s.parallel.schedule = v > 1 ? PipelineSchedule::Interleaved : PipelineSchedule::OneFOneB;
    s.batch.microBatches = m;
    return s;
}
// The first figure of `b` (metrics-only) that is not `a`'s (full simulation) to 0.1 %, or empty.
QString differs(const StepMetrics& b, const StepMetrics& a)
{
    const double step = a.stepSeconds;
    QStringList out;
#define SAME(field, scale)                                                                                             \
    if (!near(b.field, a.field, scale))                                                                                \
    out << QString(#field ": %1 vs %2").arg(b.field).arg(a.field)
    SAME(stepSeconds, 0);
    SAME(computeSeconds, step);
    SAME(commSeconds, step);
    SAME(commUnionSeconds, step);
    SAME(exposedCommSeconds, step);
    SAME(overlapHta, 1);
    SAME(overlapOsu, 1);
    SAME(bubbleFraction, 1);
    SAME(mfu, 0);
    SAME(tokensPerSecond, 0);
    if (b.criticalStage != a.criticalStage || b.events != a.events)
        out << QString("critical stage %1, %2 events vs %3, %4")
                   .arg(b.criticalStage)
                   .arg(b.events)
                   .arg(a.criticalStage)
                   .arg(a.events);
    for (std::size_t k = 0; k < a.dimensions.size(); ++k) {
        SAME(dimensions[k].seconds, step);
        SAME(dimensions[k].exposedSeconds, step);
        SAME(dimensions[k].busBytes, 1);
        if (b.dimensions[k].calls != a.dimensions[k].calls || b.dimensions[k].bytes != a.dimensions[k].bytes)
            out << QString("dimension %1: %2 calls, %3 bytes vs %4, %5")
                       .arg(k)
                       .arg(b.dimensions[k].calls)
                       .arg(b.dimensions[k].bytes)
                       .arg(a.dimensions[k].calls)
                       .arg(a.dimensions[k].bytes);
    }
#undef SAME
    if (!(b.memory == a.memory))
        out << "memory";
    return out.join("; ");
}
} // namespace

class TestMetricsOnly : public QObject {
    Q_OBJECT
private slots:
    void sameFigures_data()
    {
        QTest::addColumn<Scenario>("scenario");
        QTest::addColumn<bool>("free");
        QTest::addColumn<bool>("steady"); // the steady-state shortcut must apply
        const QDir dir(qEnvironmentVariable("TUTOR_SOURCE_DIR") + "/assets/scenarios");
        for (const auto& file : dir.entryList({ "*.json" })) {
            auto s = loadScenario(dir.filePath(file).toStdString());
            QVERIFY2(s, qPrintable(file));
            QTest::newRow(qPrintable(file)) << *s << false << false;
        }
        QTest::newRow("1f1b dp2 tp8 pp4 m8") << pipeline(2, 8, 4, 1, 8) << false << false;
        QTest::newRow("interleaved dp1 tp8 pp4 v2 m8") << pipeline(1, 8, 4, 2, 8) << false << false;
        QTest::newRow("interleaved free") << pipeline(1, 8, 4, 2, 8) << true << false;
        auto accum = pipeline(4, 2, 2, 1, 4);
        accum.batch.gradAccum = 3;
        QTest::newRow("grad accum 3") << accum << false << false;
        auto gpipe = pipeline(2, 4, 2, 1, 6);
        gpipe.parallel.schedule = PipelineSchedule::GPipe;
        QTest::newRow("gpipe") << gpipe << false << false;
        auto slow = pipeline(2, 8, 2, 1, 8);
        slow.straggler = { .rank = 20, .slowdownPct = 30 };
        QTest::newRow("straggler") << slow << false << false;
        auto zero = pipeline(4, 2, 2, 1, 8);
        zero.parallel.zeroStage = 1;
        zero.compute.recompute = Recompute::Full;
        QTest::newRow("zero1 full recompute") << zero << false << false;
        auto zero3 = pipeline(8, 1, 1, 1, 6);
        zero3.parallel.zeroStage = 3;
        zero3.comm.prefetchDepth = 2;
        QTest::newRow("zero3 prefetch 2, m 6") << zero3 << false << false;
        zero3.batch.gradAccum = 2;
        zero3.comm.overlap = false;
        QTest::newRow("zero3 no overlap, accum 2") << zero3 << false << false;
        auto noOverlap = pipeline(8, 1, 2, 1, 4);
        noOverlap.comm.overlap = false;
        QTest::newRow("no overlap") << noOverlap << false << false;
        // A 1F1B pass of many micro-batches is run with p + 4 of them and the repeating pairs are counted.
        QTest::newRow("1f1b dp2 tp8 pp4 m64") << pipeline(2, 8, 4, 1, 64) << false << true;
        QTest::newRow("1f1b free m40") << pipeline(2, 8, 4, 1, 40) << true << true;
        QTest::newRow("no pipeline, m 32") << pipeline(8, 1, 1, 1, 32) << false << true;
        auto deep = pipeline(1, 8, 16, 1, 96);
        deep.compute.recompute = Recompute::Full;
        deep.model.layers = 32;
        QTest::newRow("pp16 m96 full recompute") << deep << false << true;
        auto slowStage2 = pipeline(2, 8, 4, 1, 50);
        slowStage2.straggler = { .rank = 40, .slowdownPct = 30 };
        QTest::newRow("straggler on stage 2, m 50") << slowStage2 << false << true;
        auto zero3Long = pipeline(8, 1, 1, 1, 24);
        zero3Long.parallel.zeroStage = 3;
        zero3Long.comm.prefetchDepth = 2;
        QTest::newRow("zero3 prefetch 2, m 24") << zero3Long << false << true;
        auto moe = pipeline(2, 2, 4, 1, 30);
        moe.model.moe = { .experts = 8, .topK = 2, .capacityFactor = 1.0, .everyNLayers = 2 };
        moe.parallel.ep = 2;
        QTest::newRow("moe every 2nd layer, ep 2, m 30") << moe << false << true;
        auto flex = moe;
        flex.comm.moeFlexDispatcher = true;
        QTest::newRow("moe flex dispatcher, ep 2, m 30") << flex << false << true;
        // Context parallelism: the ring's K/V exchanges on their own lane, beside attention.
        auto ring = pipeline(1, 2, 4, 1, 12);
        ring.parallel.cp = 2;
        ring.model.seqLen = 8192;
        ring.hardware.nodes = 2;
        ring.hardware.gpusPerNode = 8;
        QTest::newRow("cp 2 across stages, m 12") << ring << false << true;
        auto ringInterleaved = pipeline(2, 2, 2, 2, 4);
        ringInterleaved.parallel.cp = 4;
        ringInterleaved.model.seqLen = 16384;
        ringInterleaved.hardware.nodes = 4;
        ringInterleaved.hardware.gpusPerNode = 8;
        QTest::newRow("cp 4 interleaved, m 4") << ringInterleaved << false << false;
        // DeepSeek's shape: a dense prefix, latent attention, a shared expert, and chunks of uneven layer counts.
        auto latent = pipeline(4, 1, 2, 2, 8);
        latent.model.layers = 10;
        latent.model.headDim = 128;
        latent.model.moe
            = { .experts = 16, .topK = 4, .firstDenseLayers = 3, .expertFfn = 1024, .sharedExpertFfn = 1024 };
        latent.model.mla = { .qLoraRank = 1024, .kvLoraRank = 512, .ropeHeadDim = 64, .vHeadDim = 128 };
        latent.parallel.ep = 4;
        latent.parallel.chunkLayers = { 1, 3, 2, 4 };
        QTest::newRow("dense prefix, MLA, shared expert, uneven chunks") << latent << false << false;
        auto latent1f1b = latent;
        latent1f1b.parallel.pp = 4;
        latent1f1b.parallel.dp = 2;
        latent1f1b.parallel.ep = 2;
        latent1f1b.parallel.virtualStages = 1;
        latent1f1b.parallel.schedule = PipelineSchedule::OneFOneB;
        latent1f1b.parallel.chunkLayers = { 4, 1, 2, 3 };
        latent1f1b.batch.microBatches = 24;
        QTest::newRow("uneven 1f1b stages, m 24") << latent1f1b << false << false;
        auto emptyChunk = latent;
        emptyChunk.parallel.chunkLayers = { 1, 3, 6, 0 };
        QTest::newRow("a last chunk of the loss alone") << emptyChunk << false << false;
        // comm.moe_ep_overlap: paired ops hide dispatch and combine, the warm-up and cool-down ops do not.
        auto epOverlap = pipeline(8, 1, 1, 1, 32);
        epOverlap.model.moe = { .experts = 16, .topK = 4, .capacityFactor = 1.0, .everyNLayers = 1 };
        epOverlap.parallel.ep = 8;
        epOverlap.comm.moeEpOverlap = true;
        QTest::newRow("moe ep overlap, no pipeline, m 32") << epOverlap << false << true;
        auto epOverlapInterleaved = pipeline(4, 1, 2, 2, 8);
        epOverlapInterleaved.hardware.nodes = 2;
        epOverlapInterleaved.hardware.gpusPerNode = 4;
        epOverlapInterleaved.model.moe = { .experts = 16, .topK = 4, .capacityFactor = 1.0, .everyNLayers = 2 };
        epOverlapInterleaved.parallel.ep = 4;
        epOverlapInterleaved.comm.moeEpOverlap = true;
        epOverlapInterleaved.comm.moeFlexDispatcher = true;
        QTest::newRow("moe ep overlap, interleaved, flex, m 8") << epOverlapInterleaved << false << false;
        // Experts whole on each GPU under TP 2 (parallel.etp 1): no TP collective around the MoE blocks.
        auto expertsWhole = pipeline(4, 2, 2, 1, 8);
        expertsWhole.hardware.nodes = 2;
        expertsWhole.hardware.gpusPerNode = 8;
        expertsWhole.model.moe = { .experts = 16, .topK = 4, .capacityFactor = 1.0, .everyNLayers = 1 };
        expertsWhole.parallel.sp = true;
        expertsWhole.parallel.ep = 4;
        expertsWhole.parallel.etp = 1;
        expertsWhole.comm.moeFlexDispatcher = true;
        QTest::newRow("experts outside tp (etp 1), flex, m 8") << expertsWhole << false << true;
    }

    void sameFigures()
    {
        QFETCH(Scenario, scenario);
        QFETCH(bool, free);
        QFETCH(bool, steady);
        SimulateOptions options;
        options.freeCommunication = free;
        options.labels = false;
        const auto full = simulate(scenario, options);
        QVERIFY2(full, toText(full.problems()).c_str());
        const auto fast = simulateMetrics(scenario, options);
        QVERIFY2(fast, toText(fast.problems()).c_str());
        const QString diff = differs(*fast, full->metrics);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        if (steady) {
            const auto shortcut = sim::steadyStateMetrics(scenario, options);
            QVERIFY2(shortcut, toText(shortcut.problems()).c_str());
            QVERIFY2(shortcut->has_value(), "the shortcut did not apply");
            QCOMPARE((*shortcut)->stepSeconds, fast->stepSeconds);
        }
    }

    // The shortcut on 120 generated 1F1B pipelines (depth, width, micro-batches, straggler, recomputation, sequence
    // parallelism and free communication varied): where it applies it gives the full simulation's figures, and it
    // applies to most of them.
    void steadyStateShortcutOnGeneratedPipelines()
    {
        std::mt19937 random(7);
        const auto pick = [&](std::initializer_list<int> values) {
            return *(
                values.begin() + std::uniform_int_distribution<int>(0, static_cast<int>(values.size()) - 1)(random));
        };
        int applied = 0;
        const int count = 120;
        for (int k = 0; k < count; ++k) {
            const int pp = pick({ 2, 4, 8, 16 }), tp = pick({ 1, 2, 8 }), dp = pick({ 1, 2, 4 });
            Scenario s = pipeline(dp, tp, pp, 1, pp + 20 + pick({ 0, 1, 5, 13, 40 }));
            s.model.layers = pp * pick({ 1, 2, 3 });
            s.parallel.sp = tp > 1 && pick({ 0, 1 }) == 1;
            s.compute.recompute = static_cast<Recompute>(pick({ 0, 1, 2 }));
            if (pick({ 0, 1, 2 }) == 0)
                s.straggler = { .rank = std::min(pp - 1, pick({ 0, 1, 2, 3 })) * tp * dp,
                    .slowdownPct = static_cast<double>(pick({ 10, 35 })) };
            SimulateOptions options;
            options.freeCommunication = pick({ 0, 0, 0, 1 }) == 1;
            options.labels = false;
            const auto full = simulate(s, options);
            QVERIFY2(full, toText(full.problems()).c_str());
            const auto steady = sim::steadyStateMetrics(s, options);
            QVERIFY2(steady, toText(steady.problems()).c_str());
            if (!steady->has_value())
                continue;
            ++applied;
            const QString diff = differs(**steady, full->metrics);
            QVERIFY2(diff.isEmpty(),
                qPrintable(
                    QString("pipeline %1 (pp %2, m %3): %4").arg(k).arg(pp).arg(s.batch.microBatches).arg(diff)));
        }
        qInfo("the shortcut applied to %d of %d pipelines", applied, count);
        QVERIFY(applied >= count * 3 / 4);
    }

    // Layouts that differ only in ZeRO stage (below 3) and micro-batch count share their op patterns, kept per
    // thread: each, met in turn as the search meets them, still gets its own full simulation's figures. Under
    // Transformer Engine's fp8 recipes a micro-batch carries its share of the once-a-step weight casts, so the
    // micro-batch count changes its ops and their patterns are not shared.
    void keptPatternsServeAlikeLayouts()
    {
        for (const auto scaling : { Fp8Scaling::Fused, Fp8Scaling::Current, Fp8Scaling::Mxfp8 })
            for (const int m : { 24, 6, 24 })
                for (const int zero : { 0, 1, 2 }) {
                    Scenario s = pipeline(4, 2, 2, 1, m);
                    s.parallel.zeroStage = zero;
                    if (scaling != Fp8Scaling::Fused) {
                        s.compute.precision = Precision::Fp8;
                        s.compute.fp8Scaling = scaling;
                    }
                    SimulateOptions options;
                    options.labels = false;
                    const auto full = simulate(s, options);
                    const auto fast = simulateMetrics(s, options);
                    QVERIFY(full && fast);
                    const QString diff = differs(*fast, full->metrics);
                    QVERIFY2(diff.isEmpty(),
                        qPrintable(QString("%1, zero %2, m %3: %4")
                                       .arg(QString::fromStdString(std::string(name(scaling))))
                                       .arg(zero)
                                       .arg(m)
                                       .arg(diff)));
                }
    }

    // The driver's per-thread orders are made again whenever the schedule, depth, chunks, micro-batches or passes
    // change, and kept only for a pipeline like the last one.
    void keptOrdersFollowEachPipeline()
    {
        std::vector<Scenario> kinds;
        for (const auto schedule : { PipelineSchedule::OneFOneB, PipelineSchedule::GPipe })
            for (const int m : { 8, 12 }) {
                Scenario s = pipeline(1, 1, 4, 1, m);
                s.parallel.schedule = schedule;
                kinds.push_back(s);
            }
        kinds.push_back(pipeline(1, 1, 4, 2, 8)); // interleaved
        kinds.push_back(pipeline(1, 1, 2, 1, 8));
        Scenario accumulating = pipeline(1, 1, 4, 1, 4);
        accumulating.batch.gradAccum = 2;
        kinds.push_back(accumulating);
        for (const std::size_t first : { 0, 1, 2, 3, 4, 5, 6 })
            for (const std::size_t second : { 0, 1, 2, 3, 4, 5, 6 }) {
                const auto& before = kinds[first];
                sim::PipelineScratch::prepare(before, before.batch.microBatches * before.batch.gradAccum);
                const auto& sc = kinds[second];
                const int total = sc.batch.microBatches * sc.batch.gradAccum;
                const auto& x = sim::PipelineScratch::prepare(sc, total);
                const int p = sc.parallel.pp, m = sc.batch.microBatches;
                for (int stage = 0; stage < p; ++stage) {
                    std::vector<sim::PipelineOp> expected, pass;
                    sim::pipelineOrder(sc.parallel.schedule, p, m, sc.parallel.virtualStages, stage, pass);
                    for (int k = 0; k < sc.batch.gradAccum; ++k)
                        for (auto op : pass) {
                            op.microBatch += k * m;
                            expected.push_back(op);
                        }
                    QVERIFY2(x.orders[stage] == expected,
                        qPrintable(QString("kind %1 after %2, stage %3").arg(second).arg(first).arg(stage)));
                }
            }
    }

    // The per-thread cost cache the layout search relies on: machines that differ only in one link figure, asked
    // in turn, each get predict()'s own answer for their own topology.
    void sharedCostsKeepTopologiesApart()
    {
        const std::vector<std::pair<const char*, int>> machines { { "hgx-h100", 1 }, { "hgx-h100", 2 },
            { "dgx-a100", 2 }, { "hgx-h100", 4 } };
        for (int round = 0; round < 2; ++round) {
            for (const auto& [preset, nodes] : machines) {
                for (const double interGBps : { 25.0, 50.0 }) {
                    Scenario s = pipeline(8 * nodes, 1, 1, 1, 1);
                    s.hardware.preset = preset;
                    s.hardware.inter.bandwidthGBps = interGBps;
                    const auto hw = resolveHardware(s.hardware);
                    QVERIFY(hw);
                    sim::CommCosts costs(sim::makeGroups(s, *hw), s.comm.dtype, false);
                    for (const Bytes bytes : { Bytes { 1 } << 20, Bytes { 256 } << 20 }) {
                        CollectiveRequest r;
                        r.op = Collective::AllReduce;
                        r.bytes = bytes;
                        r.dtype = s.comm.dtype;
                        r.topology = costs.group(GroupKind::Dp).topology;
                        const auto expected = predict(r);
                        QVERIFY(expected);
                        QCOMPARE(costs.seconds(Collective::AllReduce, bytes, GroupKind::Dp), expected->totalSeconds);
                    }
                }
            }
        }
    }

    // Interference stretches compute by what the data-parallel lane does, so ops differ: the full simulation.
    void fallsBackWhereOpsDiffer()
    {
        auto s = pipeline(8, 1, 1, 1, 4);
        s.parallel.zeroStage = 3;
        QVERIFY(hasMetricsOnlyPath(s));
        s.compute.interference = 0.2;
        QVERIFY(!hasMetricsOnlyPath(s));
        const auto full = simulate(s);
        const auto fast = simulateMetrics(s);
        QVERIFY(full && fast);
        QCOMPARE(fast->stepSeconds, full->metrics.stepSeconds);
    }
};

QTEST_GUILESS_MAIN(TestMetricsOnly)
#include "tst_metricsonly.moc"
