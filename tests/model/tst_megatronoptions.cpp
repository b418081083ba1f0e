// SPDX-License-Identifier: MIT
// Megatron-LM's communication options and attention width in the step simulator, against closed forms
// recomputed here: comm.tp_overlap (--tp-comm-overlap), comm.overlap_param_gather (--overlap-param-gather)
// model.head_dim (kv_channels) and Megatron-Core's uneven pipeline split (embedding and loss counted as layers).
#include "model/sim/compute.h"
#include "model/sim/kernels.h"
#include "model/sim/memory.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "tests/common/problems.h"
#include "tests/common/simulated.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace tutor::model;
using tutor::testing::mentions;
using tutor::testing::run;

namespace {
Scenario onH100(int nodes, int gpusPerNode, const ModelShape& model)
{
    Scenario s;
    s.name.en = "test";
    s.hardware.preset = "hgx-h100";
    s.hardware.nodes = nodes;
    s.hardware.gpusPerNode = gpusPerNode;
    s.model = model;
    return s;
}

// One 8-GPU H100 node running a GPT-style model with TP 8 and sequence parallelism, one stage, one replica.
Scenario tpNode()
{
    auto s = onH100(1, 8, { .layers = 12, .hidden = 8192, .heads = 64, .seqLen = 4096, .vocab = 32000 });
    s.parallel.tp = 8;
    s.parallel.sp = true;
    s.batch.microBatches = 2;
    return s;
}

// The TP lane's first event of collective `op` (all of them carry the same bytes).
Seconds firstTpSeconds(const Simulation& sim, Collective op)
{
    const auto& t = sim.timeline;
    for (const auto& e : t.events)
        if (t.lanes[e.lane].kind == LaneKind::TpComm && e.collective == op)
            return e.duration;
    qFatal("no TP collective");
}

// A collective of c seconds pipelined with a GEMM of g seconds in n pieces: what it adds to the GEMM.
Seconds extra(Seconds c, Seconds g, int n)
{
    return std::max(c, g) + std::min(c, g) / n - g;
}

} // namespace

class TestMegatronOptions : public QObject {
    Q_OBJECT

private slots:
    // With one stage and one replica every TP collective sits on the critical path. Overlap hides from each what
    // its pipelined GEMM covers, so the step shortens by Σ (C − extra(C, G, t)) over the eight collectives of
    // every layer and micro-batch, G the GEMM beside each one (kernels.h, LayerSeconds::Neighbours).
    void tpOverlapHidesWhatTheGemmCovers()
    {
        auto s = tpNode();
        const auto blocking = run(s);
        s.comm.tpOverlap = true;
        const auto overlapped = run(s);

        const auto hw = resolveHardware(s.hardware);
        QVERIFY(hw.ok());
        const auto k = kernelCosts(s, hw.value());
        QVERIFY(k.ok());
        const auto& d = k->dense;
        const Seconds ag = firstTpSeconds(blocking, Collective::AllGather);
        const Seconds rs = firstTpSeconds(blocking, Collective::ReduceScatter);
        const int t = s.parallel.tp;
        const Seconds perLayer = (ag - extra(ag, d.attentionForwardGemms.first, t))
            + (rs - extra(rs, d.attentionForwardGemms.last, t)) + (ag - extra(ag, d.mlpForwardGemms.first, t))
            + (rs - extra(rs, d.mlpForwardGemms.last, t)) + (ag - extra(ag, d.mlpBackwardGemms.first, t))
            + (rs - extra(rs, d.mlpBackwardGemms.last, t)) + (ag - extra(ag, d.attentionBackwardGemms.first, t))
            + (rs - extra(rs, d.attentionBackwardGemms.last, t));
        const Seconds saved = perLayer * s.model.layers * s.batch.microBatches;
        QVERIFY(saved > 0);
        const Seconds measured = blocking.metrics.stepSeconds - overlapped.metrics.stepSeconds;
        QVERIFY2(std::abs(measured - saved) <= 1e-9 * blocking.metrics.stepSeconds,
            qPrintable(QString("saved %1 s, expected %2 s").arg(measured).arg(saved)));
        // The same collectives with the same bytes ran; only their exposure changed.
        QCOMPARE(overlapped.timeline.events.size(), blocking.timeline.events.size());
        QVERIFY(std::abs(overlapped.metrics.commSeconds - blocking.metrics.commSeconds)
            <= 1e-9 * blocking.metrics.commSeconds);
        QVERIFY(overlapped.metrics.exposedCommSeconds < blocking.metrics.exposedCommSeconds - saved * 0.99);
        QCOMPARE(overlapped.metrics.computeSeconds, blocking.metrics.computeSeconds);
    }

    // The metrics-only path (steady-state shortcut) gives the full simulation's figures with both options on.
    void metricsOnlyAgrees_data()
    {
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("virtualStages");
        QTest::newRow("dp 2, one stage") << 2 << 1 << 1;
        QTest::newRow("dp 2, pp 4, 1F1B") << 2 << 4 << 1;
        QTest::newRow("dp 2, pp 2, interleaved 3") << 2 << 2 << 3;
    }

    void metricsOnlyAgrees()
    {
        QFETCH(int, dp);
        QFETCH(int, pp);
        QFETCH(int, virtualStages);
        auto s = tpNode();
        s.comm.tpOverlap = true;
        s.comm.overlapParamGather = true;
        s.parallel.zeroStage = 1;
        s.parallel.dp = dp;
        s.parallel.pp = pp;
        s.hardware.nodes = dp * pp;
        s.parallel.virtualStages = virtualStages;
        if (virtualStages > 1)
            s.parallel.schedule = PipelineSchedule::Interleaved;
        s.batch.microBatches = 48;
        QVERIFY(hasMetricsOnlyPath(s));
        const auto full = run(s).metrics;
        const auto fast = simulateMetrics(s);
        QVERIFY(fast.ok());
        QVERIFY2(std::abs(fast->stepSeconds / full.stepSeconds - 1) < 1e-3,
            qPrintable(QString("%1 vs %2").arg(fast->stepSeconds).arg(full.stepSeconds)));
        QVERIFY2(std::abs(fast->exposedCommSeconds - full.exposedCommSeconds) < 1e-3 * full.stepSeconds,
            qPrintable(QString("exposed %1 vs %2").arg(fast->exposedCommSeconds).arg(full.exposedCommSeconds)));
    }

    // Megatron-LM pipelines only the sequence-parallel AllGather and ReduceScatter, and only a sharded optimizer
    // gathers its parameters: both rules are named errors.
    void optionsAreChecked()
    {
        auto s = tpNode();
        s.parallel.sp = false;
        s.comm.tpOverlap = true;
        QVERIFY(mentions(validate(s), "comm.tp_overlap"));
        s.parallel.sp = true;
        QVERIFY(validate(s).empty());
        s.comm.overlapParamGather = true;
        s.parallel.zeroStage = 0;
        const auto problems = validate(s);
        QVERIFY(mentions(problems, "comm.overlap_param_gather"));
        QVERIFY(toText(problems).find("zero_stage 1 or 2") != std::string::npos);
        s.parallel.zeroStage = 3;
        QVERIFY(mentions(validate(s), "comm.overlap_param_gather"));
        s.parallel.zeroStage = 1;
        QVERIFY(validate(s).empty());
        s.model.headDim = -4;
        QVERIFY(mentions(validate(s), "model.head_dim"));
    }

    // ZeRO-1 with --overlap-param-gather: the AllGathers after the optimizer step move to the step's start, where
    // the first forward waits for them bucket by bucket. The same bytes travel; the step is shorter, by at most
    // the gathers' time, and no forward starts before the first gather (embedding and first layer) ends.
    void paramGatherMovesUnderTheForward()
    {
        auto s = onH100(2, 8, { .layers = 8, .hidden = 4096, .heads = 32, .seqLen = 2048, .vocab = 32000 });
        s.parallel.dp = 16;
        s.parallel.zeroStage = 1;
        s.batch.microBatches = 2;
        const auto atEnd = run(s);
        s.comm.overlapParamGather = true;
        const auto atStart = run(s);

        const auto gathers = [](const Simulation& sim) {
            Seconds seconds = 0, firstEnd = -1, lastEnd = 0;
            Bytes bytes = 0;
            int n = 0;
            for (const auto& e : sim.timeline.events)
                if (e.collective == Collective::AllGather && sim.timeline.lanes[e.lane].kind == LaneKind::DpComm) {
                    seconds += e.duration;
                    bytes += e.bytes;
                    lastEnd = std::max(lastEnd, e.end());
                    if (firstEnd < 0 || e.start < 1e-15)
                        firstEnd = firstEnd < 0 ? e.end() : std::min(firstEnd, e.end());
                    ++n;
                }
            return std::tuple { seconds, bytes, n, firstEnd, lastEnd };
        };
        const auto [endSeconds, endBytes, endCount, endFirst, endLast] = gathers(atEnd);
        const auto [startSeconds, startBytes, startCount, startFirst, startLast] = gathers(atStart);
        QVERIFY(endCount > 1);
        QCOMPARE(startCount, endCount);
        QCOMPARE(startBytes, endBytes);
        QVERIFY(std::abs(startSeconds - endSeconds) < 1e-12);
        // At the end the gathers are the step's last events; at the start they all end before the step does.
        QVERIFY(std::abs(endLast - atEnd.metrics.stepSeconds) < 1e-12);
        QVERIFY(startLast < atStart.metrics.stepSeconds / 2);
        QVERIFY(atStart.metrics.stepSeconds < atEnd.metrics.stepSeconds);
        QVERIFY(atStart.metrics.stepSeconds >= atEnd.metrics.stepSeconds - endSeconds - 1e-12);
        Seconds firstForward = -1;
        for (const auto& e : atStart.timeline.events)
            if (e.kind == EventKind::Forward && (firstForward < 0 || e.start < firstForward))
                firstForward = e.start;
        QVERIFY2(firstForward >= startFirst - 1e-15,
            qPrintable(QString("forward at %1, first gather ends %2").arg(firstForward).arg(startFirst)));
    }

    // head_dim (Megatron kv_channels) sets the Q/K/V widths: parameters h·(2·a·d + 2·a_kv·d), the attention
    // FLOPs 4·s·a·d per token, and the QKV GEMM's output width. The default is hidden / heads.
    void headDimSetsTheAttentionWidth()
    {
        ModelShape m { .layers = 4, .hidden = 2048, .heads = 32, .kvHeads = 4, .seqLen = 4096, .vocab = 1000 };
        const double h = 2048, d0 = 2048.0 / 32;
        QCOMPARE(attentionParams(m), h * (2 * 32 * d0 + 2 * 4 * d0));
        const double flops0 = forwardFlopsPerToken(m, 0);
        auto wide = m;
        wide.headDim = 128;
        QCOMPARE(attentionParams(wide), h * (2 * 32 * 128.0 + 2 * 4 * 128.0));
        // Parameters grow by h·(2·32 + 2·4)·(128 − 64); the attention term by 4·s·32·(128 − 64).
        QCOMPARE(forwardFlopsPerToken(wide, 0) - flops0,
            2 * h * (2 * 32 + 2 * 4) * (128 - d0) + 4.0 * 4096 * 32 * (128 - d0));
        auto same = m;
        same.headDim = 64;
        QCOMPARE(attentionParams(same), attentionParams(m));

        auto s = onH100(1, 1, wide);
        const auto hw = resolveHardware(s.hardware);
        QVERIFY(hw.ok());
        const auto k = kernelCosts(s, hw.value());
        QVERIFY(k.ok());
        const double tokens = s.batch.microBatchSize * 4096.0;
        QCOMPARE(k->dense.attentionForwardGemms.first,
            gemmSeconds(tokens, 32 * 128 + 2 * 4 * 128, h, hw.value(), k->peakFlops, k->gemmEfficiency));
        QCOMPARE(k->dense.attentionForwardGemms.last,
            gemmSeconds(tokens, h, 32 * 128, hw.value(), k->peakFlops, k->gemmEfficiency));

        // The file round trip keeps it, and hidden need not be heads · head_dim.
        s.model.hidden = 2880;
        s.model.heads = 64;
        s.model.kvHeads = 8;
        s.model.headDim = 64;
        const auto back = scenarioFromJson(toJson(s));
        QVERIFY2(back.ok(), back.ok() ? "" : toText(back.problems()).c_str());
        QCOMPARE(back->model.headDim, 64);
        QVERIFY(simulate(s).ok());
    }

    // Megatron-Core's account_for_embedding_in_pipeline_split / account_for_loss_in_pipeline_split: L + 2 units over
    // c chunks, the first and the last chunk giving one place to the embedding and the loss.
    void unevenSplitCountsEmbeddingAndLoss_data()
    {
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("chunks");
        QTest::addColumn<bool>("splits");
        QTest::newRow("126 over 16 (Llama-3.1 405B, pp 8 v 2)") << 126 << 16 << true;
        QTest::newRow("94 over 16 (Qwen3-235B)") << 94 << 16 << true;
        QTest::newRow("126 over 64") << 126 << 64 << true;
        QTest::newRow("96 over 8: even") << 96 << 8 << true;
        QTest::newRow("6 over 4") << 6 << 4 << true;
        QTest::newRow("61 over 32 (DeepSeek-V3)") << 61 << 32 << false;
        QTest::newRow("5 over 4") << 5 << 4 << false;
        QTest::newRow("2 over 4: the embedding and the loss a chunk each") << 2 << 4 << true;
        QTest::newRow("1 over 4") << 1 << 4 << false;
        QTest::newRow("3 over 1") << 3 << 1 << true;
    }

    void unevenSplitCountsEmbeddingAndLoss()
    {
        QFETCH(int, layers);
        QFETCH(int, chunks);
        QFETCH(bool, splits);
        QCOMPARE(splitsLayers(layers, chunks), splits);
        if (!splits)
            return;
        QCOMPARE(firstLayerOf(layers, chunks, 0), 0);
        QCOMPARE(firstLayerOf(layers, chunks, chunks), layers);
        const bool even = layers % chunks == 0;
        for (int vs = 0; vs < chunks; ++vs) {
            const int held = firstLayerOf(layers, chunks, vs + 1) - firstLayerOf(layers, chunks, vs);
            const int units = even ? layers / chunks : (layers + 2) / chunks;
            const int expected = !even && (vs == 0 || vs == chunks - 1) ? units - 1 : units;
            QCOMPARE(held, expected);
        }
    }

    // An uneven split simulates: each stage runs its own layers (forward events per micro-batch), holds their
    // parameters, and the metrics-only path agrees; a split Megatron cannot make is a named error.
    void unevenSplitSimulates()
    {
        auto s = onH100(1, 8, { .layers = 14, .hidden = 2048, .heads = 16, .seqLen = 2048, .vocab = 32000 });
        s.parallel.dp = 2;
        s.parallel.pp = 4;
        s.batch.microBatches = 16;
        const auto sim = run(s);
        const int expected[] = { 3, 4, 4, 3 }; // (14 + 2) / 4 = 4 places, the ends giving one up
        for (int stage = 0; stage < 4; ++stage) {
            int forwards = 0;
            for (const auto& e : sim.timeline.events)
                if (e.kind == EventKind::Forward && sim.timeline.lanes[e.lane].stage == stage && e.layer >= 0)
                    ++forwards;
            // two compute events (attention, MLP) per layer and micro-batch
            QCOMPARE(forwards, 2 * expected[stage] * s.batch.microBatches);
            double params = expected[stage] * layerParams(s.model, 0);
            if (stage == 0 || stage == 3)
                params += embeddingParams(s.model);
            QCOMPARE(paramsPerGpu(s, stage), params);
        }
        const auto fast = simulateMetrics(s);
        QVERIFY(fast.ok());
        QVERIFY(std::abs(fast->stepSeconds / sim.metrics.stepSeconds - 1) < 1e-3);

        s.model.layers = 13;
        const auto problems = validate(s);
        QVERIFY(mentions(problems, "parallel.pp·virtual_stages"));
        QVERIFY(toText(problems).find("model.layers + 2 = 15") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestMegatronOptions)
#include "tst_megatronoptions.moc"
