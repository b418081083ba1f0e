// SPDX-License-Identifier: MIT
// ZeRO-3 with pipeline stages, as torchtitan runs FSDP2 under pipelining: each stage gathers the parameters of its
// own layers once, in each chunk's first forward, keeps them through every micro-batch, and reduce-scatters every
// layer's gradients (and the untied head's) once, after the last micro-batch's backward; its memory holds whole
// parameters and gradients with sharded optimizer states.
#include "model/sim/compute.h"
#include "model/sim/memory.h"
#include "model/sim/simulate.h"
#include "tests/common/simulated.h"

#include <QtTest>
#include <map>

using namespace tutor::model;
using tutor::testing::run;

namespace {
// A Llama-like model (untied embeddings) on 4 stages × 4 FSDP ranks of 16 H100s.
Scenario fsdpPipeline(int virtualStages)
{
    Scenario s;
    s.name.en = "fsdp + pp";
    s.hardware.preset = "hgx-h100";
    s.hardware.nodes = 2;
    s.model = { .layers = 16, .hidden = 4096, .heads = 32, .kvHeads = 8, .seqLen = 4096, .vocab = 32000 };
    s.model.tiedEmbeddings = false;
    s.parallel.dp = 4;
    s.parallel.pp = 4;
    s.parallel.zeroStage = 3;
    s.parallel.virtualStages = virtualStages;
    s.parallel.schedule = virtualStages > 1 ? PipelineSchedule::Interleaved : PipelineSchedule::OneFOneB;
    s.batch.microBatches = 8;
    return s;
}
} // namespace

class TestFsdpPipeline : public QObject {
    Q_OBJECT

private slots:
    void gathersOnceAndReducesOnce_data()
    {
        QTest::addColumn<int>("v");
        QTest::newRow("1f1b") << 1;
        QTest::newRow("interleaved, 2 chunks per stage") << 2;
    }

    void gathersOnceAndReducesOnce()
    {
        QFETCH(int, v);
        const auto s = fsdpPipeline(v);
        QVERIFY2(validate(s).empty(), toText(validate(s)).c_str());
        const auto sim = run(s);
        const auto& t = sim.timeline;
        const int p = s.parallel.pp, chunks = p * v;
        const Bytes gradBytes = sizeOf(s.comm.gradientDType());
        for (int stage = 0; stage < p; ++stage) {
            std::map<int, int> gathers, reductions; // per layer
            Bytes reduced = 0;
            for (const auto& e : t.events) {
                const auto& lane = t.lanes[static_cast<std::size_t>(e.lane)];
                if (lane.stage != stage || lane.kind != LaneKind::DpComm)
                    continue;
                if (e.collective == Collective::AllGather)
                    ++gathers[e.layer];
                if (e.collective == Collective::ReduceScatter) {
                    ++reductions[e.layer];
                    reduced += e.bytes;
                }
            }
            // The stage's own layers, each gathered once and reduced once.
            double params = 0;
            std::map<int, int> once;
            for (int vs = stage; vs < chunks; vs += p)
                for (int l = firstLayerOf(s.model.layers, chunks, vs); l < firstLayerOf(s.model.layers, chunks, vs + 1);
                     ++l) {
                    once[l] = 1;
                    params += layerParams(s.model, l);
                }
            QCOMPARE(gathers, once);
            auto expectedReductions = once;
            if (stage == 0)
                params += embeddingParams(s.model);
            if (stage == p - 1) {
                expectedReductions[-1] = 1; // the output head
                params += embeddingParams(s.model);
            }
            QCOMPARE(reductions, expectedReductions);
            // Every gradient of the stage's parameters is reduced once (bytes truncated per tensor).
            QVERIFY(std::abs(double(reduced) - params * double(gradBytes)) <= 8.0 * double(once.size() + 2));
        }
        // No gather after micro-batch 0's forward.
        for (const auto& e : t.events)
            if (e.collective == Collective::AllGather)
                QVERIFY(e.start < sim.metrics.stepSeconds / 2);
    }

    // The memory of FSDP under pipelining: parameters and gradients of the stage whole, the optimizer states sharded
    // over the dp ranks, as ZeRO-1.
    void memoryKeepsParametersWhole()
    {
        const auto s = fsdpPipeline(1);
        auto zero1 = s;
        zero1.parallel.zeroStage = 1;
        const auto a = peakMemory(s, 0), b = peakMemory(zero1, 0);
        QCOMPARE(a.paramsBytes, b.paramsBytes);
        QCOMPARE(a.gradsBytes, b.gradsBytes);
        QCOMPARE(a.optimizerBytes, b.optimizerBytes);
        QCOMPARE(a.paramsBytes, 2 * paramsPerGpu(s, a.stage));
        QCOMPARE(a.optimizerBytes, kOptimizerBytesPerParam * paramsPerGpu(s, a.stage) / s.parallel.dp);
        QCOMPARE(a.gradsBytes, 2 * paramsPerGpu(s, a.stage));
        // Reduced in fp32 (torchtitan's mixed_precision_reduce), the gradients accumulate unsharded in fp32
        // (FSDP2's to_accumulated_grad_if_needed upcasts them while gradient sync is off): 4 bytes each.
        auto fp32 = s;
        fp32.comm.gradDtype = DType::Fp32;
        const auto c = peakMemory(fp32, 0);
        QCOMPARE(c.gradsBytes, 4 * paramsPerGpu(s, c.stage));
        QCOMPARE(c.paramsBytes, 2 * paramsPerGpu(s, c.stage));
    }

    // The metrics the layout search and validate-model use are the full simulation's.
    void metricsAreTheSimulation()
    {
        const auto s = fsdpPipeline(2);
        QVERIFY(!hasMetricsOnlyPath(s));
        const auto full = run(s);
        const auto fast = simulateMetrics(s);
        QVERIFY2(fast, toText(fast.problems()).c_str());
        QCOMPARE(fast->stepSeconds, full.metrics.stepSeconds);
    }
};

QTEST_APPLESS_MAIN(TestFsdpPipeline)
#include "tst_fsdppipeline.moc"
