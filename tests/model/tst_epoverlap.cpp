// SPDX-License-Identifier: MIT
// MoE expert-parallel overlap (comm.moe_ep_overlap, Megatron-Core's combined 1F1B schedule): which ops the schedule
// pairs, the step it gives against the closed form Σ max(compute, transfer) over the four (compute, transfer) pairs
// of a layer, what compute.interference adds, and the scenario field's reading, writing and errors.
#include "model/sim/kernels.h"
#include "model/sim/pipeline.h"
#include "model/sim/scenarioio.h"
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
// Four MoE layers (64 experts, top 8) on `nodes` H100 nodes, EP over all of them, one stage, m micro-batches.
Scenario moe(int nodes, int m, bool overlap)
{
    Scenario s;
    s.name.en = "ep overlap";
    s.hardware.preset = "hgx-h100";
    s.hardware.nodes = nodes;
    s.hardware.gpusPerNode = 8;
    s.model = { .layers = 4, .hidden = 2048, .ffn = 1024, .heads = 16, .seqLen = 4096, .vocab = 32000 };
    s.model.gatedMlp = true;
    s.model.moe = { .experts = 64, .topK = 8, .capacityFactor = 1.0, .everyNLayers = 1 };
    s.parallel.dp = 8 * nodes;
    s.parallel.ep = 8 * nodes;
    s.batch.microBatches = m;
    s.comm.moeEpOverlap = overlap;
    return s;
}

// One dispatch or combine: the all-to-all's time, the same for every one of them.
Seconds transfer(const Simulation& sim)
{
    const auto& ep = sim.metrics.dimension(LaneKind::EpComm);
    return ep.seconds / ep.calls;
}

LayerSeconds moeLayer(const Scenario& s)
{
    return tutor::testing::kernelsOf(s).moe;
}

bool near(double a, double b, double rel = 1e-6)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestEpOverlap : public QObject {
    Q_OBJECT
private slots:
    // Megatron-Core's combined 1F1B pairs each steady-state forward with the backward after it; warm-up forwards and
    // cool-down backwards run alone. Without pipelining forward mb + 1 pairs with backward mb.
    void pairedOps()
    {
        std::vector<sim::PipelineOp> ops;
        sim::pipelineOrder(PipelineSchedule::OneFOneB, 1, 5, 1, 0, ops);
        QCOMPARE(int(ops.size()), 10);
        for (const auto& op : ops)
            QCOMPARE(op.paired, op.forward ? op.microBatch > 0 : op.microBatch < 4);
        for (int p : { 2, 4 })
            for (int stage = 0; stage < p; ++stage) {
                const int m = 8, warmup = p - stage - 1;
                sim::pipelineOrder(PipelineSchedule::OneFOneB, p, m, 1, stage, ops);
                for (std::size_t i = 0; i < ops.size(); ++i) {
                    const bool steady = int(i) >= warmup && int(i) < 2 * m - warmup;
                    QCOMPARE(ops[i].paired, steady);
                }
            }
        // Interleaved, p 2, v 2, m 4: stage 0 warms up (p − 1)·2 + (v − 1)·p = 4 of its 8 forwards.
        sim::pipelineOrder(PipelineSchedule::Interleaved, 2, 4, 2, 0, ops);
        QCOMPARE(int(ops.size()), 16);
        const int paired = int(std::count_if(ops.begin(), ops.end(), [](const auto& op) { return op.paired; }));
        QCOMPARE(paired, 2 * (8 - 4));
        for (std::size_t i = 0; i < ops.size(); ++i)
            QCOMPARE(ops[i].paired, i >= 4 && i < 12);
    }

    // In one node the all-to-all is short beside every block it pairs with: every paired transfer hides, and what
    // stays exposed is the 2 transfers per layer of the first forward and of the last backward. The step shrinks by
    // 4 · layers · (m − 1) transfers.
    void shortTransfersHideWhenPaired()
    {
        const int m = 8, layers = 4;
        const auto off = run(moe(1, m, false));
        const auto on = run(moe(1, m, true));
        const Seconds d = transfer(off);
        QVERIFY(near(transfer(on), d));
        const auto f = moeLayer(moe(1, m, true));
        QVERIFY(d < std::min({ f.attentionForward, f.mlpForward, f.attentionBackward, f.mlpBackward }));
        QCOMPARE(off.metrics.dimension(LaneKind::EpComm).calls, 4 * layers * m);
        QVERIFY(near(off.metrics.dimension(LaneKind::EpComm).exposedSeconds, 4.0 * layers * m * d));
        QVERIFY2(near(on.metrics.dimension(LaneKind::EpComm).exposedSeconds, 4.0 * layers * d, 1e-4),
            qPrintable(QString::number(on.metrics.dimension(LaneKind::EpComm).exposedSeconds / d)));
        QVERIFY(near(off.metrics.stepSeconds - on.metrics.stepSeconds, 4.0 * layers * (m - 1) * d, 1e-4));
        // The transfer still moves its bytes and takes its time; only the wait for it goes.
        QCOMPARE(on.metrics.dimension(LaneKind::EpComm).bytes, off.metrics.dimension(LaneKind::EpComm).bytes);
        QVERIFY(near(on.metrics.dimension(LaneKind::EpComm).seconds, off.metrics.dimension(LaneKind::EpComm).seconds));
    }

    // Across two nodes on a 150 GB/s network a transfer outlasts the forward attention it pairs with (the combine of
    // a backward) but not the other blocks: a paired layer costs Σ max(compute, transfer) over its four pairs.
    void longTransfersLeaveTheExcess()
    {
        const int m = 8, layers = 4;
        auto offScenario = moe(2, m, false);
        offScenario.hardware.inter.bandwidthGBps = 150;
        auto onScenario = offScenario;
        onScenario.comm.moeEpOverlap = true;
        const auto off = run(offScenario);
        const auto on = run(onScenario);
        const Seconds d = transfer(off);
        const auto f = moeLayer(onScenario);
        QVERIFY2(d > f.attentionForward && d < std::min({ f.mlpForward, f.attentionBackward, f.mlpBackward }),
            qPrintable(QString("transfer %1 s, blocks %2 %3 %4 %5 s")
                           .arg(d)
                           .arg(f.attentionForward)
                           .arg(f.mlpForward)
                           .arg(f.attentionBackward)
                           .arg(f.mlpBackward)));
        const Seconds pairedExcess = std::max(0.0, d - f.attentionForward) + std::max(0.0, d - f.mlpForward)
            + std::max(0.0, d - f.attentionBackward) + std::max(0.0, d - f.mlpBackward);
        const Seconds expected = 4.0 * layers * d + (m - 1) * layers * pairedExcess;
        QVERIFY2(near(on.metrics.dimension(LaneKind::EpComm).exposedSeconds, expected, 1e-4),
            qPrintable(QString("%1 vs %2").arg(on.metrics.dimension(LaneKind::EpComm).exposedSeconds).arg(expected)));
        QVERIFY(near(off.metrics.stepSeconds - on.metrics.stepSeconds, 4.0 * layers * m * d - expected, 1e-4));
    }

    // compute.interference: the compute a hidden transfer runs under is that much slower.
    void interferenceSlowsTheComputeUnderATransfer()
    {
        const int m = 8, layers = 4;
        auto s = moe(1, m, true);
        const auto clean = run(s);
        s.compute.interference = 0.25;
        const auto shared = run(s);
        const Seconds d = transfer(clean);
        QVERIFY(near(shared.metrics.stepSeconds - clean.metrics.stepSeconds, 0.25 * 4.0 * layers * (m - 1) * d, 1e-4));
    }

    // The interleaved pipeline pairs its steady-state ops only: a stage's warm-up and cool-down transfers stay exposed.
    void interleavedSavesItsSteadyPairs()
    {
        auto s = moe(1, 8, false);
        s.parallel.dp = 4;
        s.parallel.ep = 4;
        s.parallel.pp = 2;
        s.parallel.virtualStages = 2;
        s.parallel.schedule = PipelineSchedule::Interleaved;
        const auto off = run(s);
        s.comm.moeEpOverlap = true;
        const auto on = run(s);
        const Seconds d = transfer(off);
        // A chunk holds one layer: 2 transfers an op. The critical stage's figures; its warm-up forwards and
        // cool-down backwards run alone: (p − stage − 1)·2 + (v − 1)·p of each.
        const int stage = on.metrics.criticalStage;
        const int warmup = (2 - stage - 1) * 2 + 2;
        QCOMPARE(on.metrics.dimension(LaneKind::EpComm).calls, 2 * 2 * 8 * 2);
        QVERIFY2(near(on.metrics.dimension(LaneKind::EpComm).exposedSeconds, 2.0 * 2 * warmup * d, 1e-4),
            qPrintable(QString::number(on.metrics.dimension(LaneKind::EpComm).exposedSeconds / d)));
        QVERIFY(on.metrics.stepSeconds < off.metrics.stepSeconds);
    }

    void scenarioField()
    {
        auto s = moe(1, 4, true);
        const auto written = toJson(s);
        QCOMPARE(written["comm"]["moe_ep_overlap"].get<bool>(), true);
        const auto back = parseScenario(written.dump());
        QVERIFY2(back, toText(back.problems()).c_str());
        QVERIFY(back.value().comm.moeEpOverlap);
        s.comm.moeEpOverlap = false;
        QVERIFY(!toJson(s)["comm"].contains("moe_ep_overlap"));
        auto bad = written;
        bad["comm"]["moe_ep_overlap"] = "yes";
        const auto refused = parseScenario(bad.dump());
        QVERIFY(!refused);
        QVERIFY(mentions(refused.problems(), "comm.moe_ep_overlap"));
    }

    void refusedWhereMegatronRefuses()
    {
        auto s = moe(1, 4, true);
        QVERIFY(validate(s).empty());
        auto dense = s;
        dense.model.moe = {};
        QVERIFY(mentions(validate(dense), "comm.moe_ep_overlap", "expert parallelism"));
        auto oneRank = s;
        oneRank.parallel.ep = 1;
        QVERIFY(mentions(validate(oneRank), "comm.moe_ep_overlap", "parallel.ep > 1"));
        auto full = s;
        full.compute.recompute = Recompute::Full;
        QVERIFY(mentions(validate(full), "comm.moe_ep_overlap", "recompute"));
        auto staged = s;
        staged.parallel.dp = 4;
        staged.parallel.ep = 4;
        staged.parallel.pp = 2;
        QVERIFY(mentions(validate(staged), "comm.moe_ep_overlap", "virtual_stages > 1"));
        staged.parallel.schedule = PipelineSchedule::GPipe;
        QVERIFY(mentions(validate(staged), "comm.moe_ep_overlap", "not gpipe"));
        staged.parallel.schedule = PipelineSchedule::Interleaved;
        staged.parallel.virtualStages = 2;
        QVERIFY(validate(staged).empty());
    }
};

QTEST_GUILESS_MAIN(TestEpOverlap)
#include "tst_epoverlap.moc"
