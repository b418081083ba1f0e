// SPDX-License-Identifier: MIT
// Context parallelism (ring attention) in the step simulator, held to its closed forms: the sequence split over cp
// GPUs, cp − 1 K/V exchanges per layer forward (with dK/dV in backward), the ring hidden behind attention until it is
// slower than the attention, gradients reduced over dp · cp ranks, and the rules a layout must keep.
#include "model/collectives/costmodel.h"
#include "model/sim/kernels.h"
#include "model/sim/memory.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "tests/common/simulated.h"

#include <QtTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace tutor::model;
using tutor::testing::run;

Q_DECLARE_METATYPE(Scenario)

namespace {
// A Llama-like model (grouped-query attention) with a long sequence on one 8-GPU H100 node.
Scenario longSequence(int dp, int tp, int cp)
{
    Scenario s;
    s.name.en = "context parallel";
    s.hardware.preset = "hgx-h100";
    s.hardware.gpusPerNode = 8;
    s.hardware.nodes = std::max(1, dp * tp * cp / 8);
    s.model = { .layers = 4, .hidden = 4096, .heads = 32, .kvHeads = 8, .seqLen = 32768, .vocab = 32000 };
    s.parallel.dp = dp;
    s.parallel.tp = tp;
    s.parallel.cp = cp;
    s.parallel.sp = tp > 1;
    s.batch.microBatches = 2;
    return s;
}

bool close(double a, double b, double relative)
{
    return std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b));
}

HardwarePreset h100()
{
    return resolveHardware(longSequence(1, 1, 1).hardware).value();
}
} // namespace

class TestContextParallel : public QObject {
    Q_OBJECT

private slots:
    // Each GPU holds s / cp tokens: the GEMMs and element-wise work of a layer cost what they cost for a sequence of
    // s / cp, while causal attention (s / cp queries against all s keys) is 1/cp of the whole, in cp kernels. At 64k
    // tokens both a ring call (16k keys) and the whole sequence sit at the flat end of the kernel's rate curve.
    void computeSplitsTheSequence()
    {
        const auto hw = h100();
        const double gap = hw.compute.kernelGapUs * 1e-6;
        auto ring = longSequence(1, 2, 4);
        ring.model.seqLen = 65536;
        auto whole = ring;
        whole.parallel.cp = 1;
        auto shorter = whole;
        shorter.model.seqLen = ring.model.seqLen / 4;
        const auto r = kernelCosts(ring, hw).value();
        const auto w = kernelCosts(whole, hw).value();
        const auto s = kernelCosts(shorter, hw).value();
        QCOMPARE(r.dense.mlpForward, s.dense.mlpForward);
        QCOMPARE(r.dense.mlpBackward, s.dense.mlpBackward);
        QCOMPARE(r.headForward, s.headForward);
        QVERIFY(close(r.dense.coreAttentionForward - 4 * gap, (w.dense.coreAttentionForward - gap) / 4, 1e-12));
        QVERIFY(close(r.dense.coreAttentionBackward - 4 * gap, (w.dense.coreAttentionBackward - gap) / 4, 1e-12));
        // Outside the core attention the attention block is the shorter sequence's.
        QVERIFY(close(r.dense.attentionForward - r.dense.coreAttentionForward,
            s.dense.attentionForward - s.dense.coreAttentionForward, 1e-12));
    }

    // Ring attention: per layer and micro-batch one forward event of cp − 1 exchanges of a K/V block (b · s/cp tokens
    // · 2 · kv_heads · head_dim / tp values) and one backward event of cp − 1 exchanges of K/V with dK/dV; each lasts
    // cp − 1 times what predict() gives for one block's Send/Recv on the CP group's topology.
    void ringExchangesKeysAndValues()
    {
        const auto s = longSequence(2, 2, 2);
        const auto sim = run(s);
        const auto& t = sim.timeline;
        const auto& m = s.model;
        const int cp = s.parallel.cp;
        const Bytes block = static_cast<Bytes>(s.batch.microBatchSize) * (m.seqLen / cp) * 2 * m.kvHeads
            * (m.hidden / m.heads) / s.parallel.tp * sizeOf(s.comm.dtype);
        int forward = 0, backward = 0;
        for (const auto& e : t.events) {
            if (t.lanes[e.lane].kind != LaneKind::CpComm)
                continue;
            QCOMPARE(e.collective, std::optional { Collective::SendRecv });
            const auto& group = t.groups[static_cast<std::size_t>(e.groupIndex)];
            QCOMPARE(group.kind, GroupKind::Cp);
            QCOMPARE(group.topology.ranks(), cp);
            const bool back = e.bytes == 2 * (cp - 1) * block;
            QVERIFY2(back || e.bytes == (cp - 1) * block, qPrintable(QString::number(e.bytes)));
            CollectiveRequest one;
            one.op = Collective::SendRecv;
            one.bytes = back ? 2 * block : block;
            one.dtype = s.comm.dtype;
            one.topology = group.topology;
            one.explain = false;
            QVERIFY(close(e.duration, (cp - 1) * predict(one).value().totalSeconds, 1e-12));
            ++(back ? backward : forward);
        }
        QCOMPARE(forward, m.layers * s.batch.microBatches);
        QCOMPARE(backward, m.layers * s.batch.microBatches);
        QCOMPARE(sim.metrics.dimension(LaneKind::CpComm).calls, forward + backward);
        // On one node the ring hides behind attention.
        QCOMPARE(sim.metrics.dimension(LaneKind::CpComm).exposedSeconds, 0.0);
    }

    // A ring slower than the attention beside it makes the block wait: the attention ends no earlier than the ring's
    // last exchange plus the last block's share of the core attention and the projection after it.
    void aSlowRingMakesAttentionWait()
    {
        auto s = longSequence(1, 1, 8);
        s.hardware.nodes = 8; // one rank of the ring per node, 1 GB/s between nodes
        s.hardware.gpusPerNode = 1;
        s.hardware.inter = LinkOverride { .bandwidthGBps = 1, .alphaMicroseconds = 10 };
        const auto sim = run(s);
        const auto& t = sim.timeline;
        const auto costs = kernelCosts(s, resolveHardware(s.hardware).value()).value();
        const auto& f = costs.dense;
        int checked = 0;
        for (const auto& ring : t.events) {
            if (t.lanes[ring.lane].kind != LaneKind::CpComm || ring.bytes == 0)
                continue;
            const bool back = ring.label.find("dkv") != std::string::npos;
            // The attention compute event of the same layer, micro-batch and direction.
            for (const auto& e : t.events) {
                if (e.layer != ring.layer || e.microBatch != ring.microBatch || e.label.find("att") == std::string::npos
                    || (e.kind == EventKind::Backward) != back || e.collective)
                    continue;
                const Seconds tail = back ? f.attentionBackwardGemms.last : f.attentionForwardGemms.last;
                const Seconds core = back ? f.coreAttentionBackward : f.coreAttentionForward;
                QVERIFY(e.end() >= ring.end() + core / 8 + tail - 1e-12);
                ++checked;
            }
        }
        QCOMPARE(checked, 2 * s.model.layers * s.batch.microBatches);
        const auto& cp = sim.metrics.dimension(LaneKind::CpComm);
        QVERIFY(cp.exposedSeconds > 0.5 * cp.seconds);
    }

    // Activations hold s / cp tokens; gradients are reduced, and ZeRO shards kept, over the dp · cp ranks that hold
    // the same weights.
    void memoryAndGradientsSpanDpTimesCp()
    {
        auto ring = longSequence(2, 2, 2);
        ring.parallel.zeroStage = 1;
        auto noRing = ring;
        noRing.parallel.cp = 1;
        QVERIFY(close(activationBytesPerLayer(ring), activationBytesPerLayer(noRing) / 2, 1e-12));
        auto wideDp = noRing;
        wideDp.parallel.dp = 4;
        const auto a = peakMemory(ring, 0), b = peakMemory(wideDp, 0);
        QCOMPARE(a.optimizerBytes, b.optimizerBytes);
        QCOMPARE(a.paramsBytes, b.paramsBytes);
        const auto sim = run(ring);
        for (const auto& g : sim.timeline.groups)
            if (g.kind == GroupKind::Dp)
                QCOMPARE(g.topology.ranks(), ring.parallel.dp * ring.parallel.cp);
        // Context parallelism leaves the batch alone: tokens per step are b · m · dp · s.
        QCOMPARE(sim.metrics.tokensPerStep, 1.0 * ring.batch.microBatches * ring.parallel.dp * ring.model.seqLen);
    }

    void rulesNameTheField_data()
    {
        QTest::addColumn<Scenario>("scenario");
        QTest::addColumn<QString>("expected");
        auto odd = longSequence(1, 1, 8);
        odd.model.seqLen = 4104; // 2 · 8 = 16 does not divide it
        QTest::newRow("2cp divides s")
            << odd
            << "parallel.cp = 8: 2·cp must divide model.seq_len, which Megatron-Core splits into "
               "2·cp chunks; model.seq_len = 4104";
        auto unfused = longSequence(1, 1, 8);
        unfused.compute.flashAttention = false;
        QTest::newRow("flash") << unfused << "parallel.cp = 8: needs compute.flash_attention = true";
        auto wrong = longSequence(1, 1, 8);
        wrong.hardware.nodes = 2;
        QTest::newRow("gpus") << wrong << "parallel.dp·tp·pp·cp = 8: does not match 16 GPUs";
        auto zero = longSequence(1, 1, 8);
        zero.parallel.cp = 0;
        QTest::newRow("range") << zero << "parallel.cp = 0";
    }

    void rulesNameTheField()
    {
        QFETCH(Scenario, scenario);
        QFETCH(QString, expected);
        const QString text = QString::fromStdString(toText(validate(scenario)));
        QVERIFY2(text.contains(expected), qPrintable(text));
    }

    // cp travels through the scenario file and is left out when it is 1 (files from before keep their shape).
    void scenarioFileKeepsCp()
    {
        const auto s = longSequence(2, 2, 2);
        const auto json = toJson(s);
        QCOMPARE(json["parallel"]["cp"].get<int>(), 2);
        const auto back = scenarioFromJson(json);
        QVERIFY2(back, toText(back.problems()).c_str());
        QCOMPARE(back->parallel.cp, 2);
        QCOMPARE(back->parallel, s.parallel);
        auto plain = s;
        plain.parallel.cp = 1;
        plain.parallel.dp = 4;
        QVERIFY(!toJson(plain)["parallel"].contains("cp"));
    }
};

QTEST_APPLESS_MAIN(TestContextParallel)
#include "tst_contextparallel.moc"
