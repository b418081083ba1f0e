// SPDX-License-Identifier: MIT
// The training-step simulator held to closed forms from the literature, and frameAt().
#include "model/collectives/costmodel.h"
#include "model/sim/compute.h"
#include "model/sim/simulate.h"
#include "tests/common/simulated.h"

#include <QtTest>
#include <cmath>
#include <map>
#include <set>

using namespace tutor::model;
using tutor::testing::run;

namespace {
// A dense GPT-style model on H100 nodes; callers set the parallelism.
Scenario base(int dp, int tp, int pp)
{
    Scenario s;
    s.name.en = "test";
    s.hardware.preset = "hgx-h100";
    s.hardware.gpusPerNode = 8;
    const int gpus = dp * tp * pp;
    s.hardware.nodes = std::max(1, gpus / 8);
    if (gpus < 8)
        s.hardware.gpusPerNode = gpus;
    s.model = { .layers = 16, .hidden = 2048, .heads = 16, .seqLen = 1024, .vocab = 32000 };
    s.parallel.dp = dp;
    s.parallel.tp = tp;
    s.parallel.pp = pp;
    s.batch.microBatchSize = 2;
    return s;
}

int count(const Timeline& t, LaneKind lane, Collective op, int stage = 0)
{
    int n = 0;
    for (const auto& e : t.events)
        if (t.lanes[e.lane].kind == lane && t.lanes[e.lane].stage == stage && e.collective == op)
            ++n;
    return n;
}

bool close(double a, double b, double relative)
{
    return std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b));
}
} // namespace

Q_DECLARE_METATYPE(PipelineSchedule)
Q_DECLARE_METATYPE(Recompute)

// Seconds of stage `stage`'s optimizer step (one event per stage).
Seconds optimizerTime(const Timeline& t, int stage)
{
    for (const auto& e : t.events)
        if (e.kind == EventKind::Optimizer && t.lanes[e.lane].stage == stage)
            return e.duration;
    return 0;
}

class TestSimulate : public QObject {
    Q_OBJECT

private slots:
    // Narayanan et al. 2021 (Megatron-LM, §2.2): with p stages, m micro-batches and v chunks per stage the
    // bubble is (p−1)/(m+p−1) of the step for GPipe and 1F1B and (p−1)/(v·m+p−1) interleaved, when
    // communication is free. The output head (2·h·V per token on the last stage) is made negligible with V = 1.
    void bubble_data()
    {
        QTest::addColumn<PipelineSchedule>("schedule");
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("v");
        QTest::addColumn<double>("expected");
        const auto plain = [](int p, int m) { return (p - 1.0) / (m + p - 1.0); };
        const auto interleaved = [](int p, int m, int v) { return (p - 1.0) / (v * m + p - 1.0); };
        QTest::newRow("GPipe, p 4, m 8") << PipelineSchedule::GPipe << 4 << 8 << 1 << plain(4, 8);
        QTest::newRow("GPipe, p 8, m 32") << PipelineSchedule::GPipe << 8 << 32 << 1 << plain(8, 32);
        QTest::newRow("1F1B, p 4, m 8") << PipelineSchedule::OneFOneB << 4 << 8 << 1 << plain(4, 8);
        QTest::newRow("1F1B, p 8, m 3") << PipelineSchedule::OneFOneB << 8 << 3 << 1 << plain(8, 3);
        QTest::newRow("1F1B, p 8, m 64") << PipelineSchedule::OneFOneB << 8 << 64 << 1 << plain(8, 64);
        QTest::newRow("interleaved, p 4, m 8, v 2")
            << PipelineSchedule::Interleaved << 4 << 8 << 2 << interleaved(4, 8, 2);
        QTest::newRow("interleaved, p 4, m 4, v 2")
            << PipelineSchedule::Interleaved << 4 << 4 << 2 << interleaved(4, 4, 2);
        QTest::newRow("interleaved, p 8, m 64, v 3")
            << PipelineSchedule::Interleaved << 8 << 64 << 3 << interleaved(8, 64, 3);
    }

    void bubble()
    {
        QFETCH(PipelineSchedule, schedule);
        QFETCH(int, p);
        QFETCH(int, m);
        QFETCH(int, v);
        QFETCH(double, expected);
        auto s = base(1, 1, p);
        s.model.layers = 4 * p * v;
        s.model.vocab = 1;
        s.parallel.schedule = schedule;
        s.parallel.virtualStages = v;
        s.batch.microBatches = m;
        SimulateOptions free;
        free.freeCommunication = true;
        const auto sim = run(s, free);
        // Every stage ends with the same optimizer step, which is busy time: the idle time is the pipeline's,
        // the step is longer by the optimizer.
        const Seconds opt = optimizerTime(sim.timeline, 0);
        expected *= (sim.metrics.stepSeconds - opt) / sim.metrics.stepSeconds;
        // The output head (V = 1: its kernels' launch gaps only) makes the last stage slightly longer; every
        // other stage waits for it, which the closed form does not count.
        Seconds head = 0;
        for (const auto& e : sim.timeline.events)
            if (e.layer < 0 && (e.kind == EventKind::Forward || e.kind == EventKind::Backward))
                head += e.duration;
        const double tolerance = 1e-3 + head / sim.metrics.stepSeconds;
        QVERIFY2(std::abs(sim.metrics.bubbleFraction - expected) < tolerance,
            qPrintable(
                QString("bubble %1, expected %2 ± %3").arg(sim.metrics.bubbleFraction).arg(expected).arg(tolerance)));
    }

    // ZeRO paper §7 (Rajbhandari et al. 2020): DDP and ZeRO-1/2 move 2Ψ per rank (AllReduce = ReduceScatter
    // + AllGather), ZeRO-3 3Ψ (AllGather forward, AllGather backward, ReduceScatter), i.e. 1.5× DDP.
    void zeroVolume_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("ratio");
        QTest::newRow("ZeRO-1 moves what DDP moves") << 1 << 2.0 / 2.0;
        QTest::newRow("ZeRO-2 moves what DDP moves") << 2 << 2.0 / 2.0;
        QTest::newRow("ZeRO-3 moves 1.5x DDP") << 3 << 3.0 / 2.0;
    }

    void zeroVolume()
    {
        QFETCH(int, stage);
        QFETCH(double, ratio);
        auto ddp = base(16, 1, 1);
        auto zero = ddp;
        zero.parallel.zeroStage = stage;
        const double ddpBytes = run(ddp).metrics.dimension(LaneKind::DpComm).busBytes;
        const double zeroBytes = run(zero).metrics.dimension(LaneKind::DpComm).busBytes;
        QVERIFY(ddpBytes > 0);
        QVERIFY2(close(zeroBytes / ddpBytes, ratio, 1e-9), qPrintable(QString::number(zeroBytes / ddpBytes)));
    }

    // Megatron-LM (Shoeybi et al. 2019, §3): 2 AllReduce forward (g after attention and after the MLP)
    // and 2 backward (f) per layer and micro-batch; sequence parallelism (Korthikanti et al. 2022, §4.2.2)
    // turns each into AllGather + ReduceScatter; full recomputation repeats the forward pair: 6.
    void tpCollectives_data()
    {
        QTest::addColumn<bool>("sp");
        QTest::addColumn<Recompute>("recompute");
        QTest::addColumn<int>("allReduce");
        QTest::addColumn<int>("reduceScatter");
        QTest::addColumn<int>("allGather");
        QTest::newRow("TP: 2 fwd + 2 bwd AllReduce") << false << Recompute::None << 2 + 2 << 0 << 0;
        QTest::newRow("TP + selective: still 4") << false << Recompute::Selective << 2 + 2 << 0 << 0;
        QTest::newRow("TP + full recompute: 6") << false << Recompute::Full << 2 + 2 + 2 << 0 << 0;
        QTest::newRow("TP + SP: 4 RS + 4 AG") << true << Recompute::None << 0 << 2 + 2 << 2 + 2;
        QTest::newRow("TP + SP + full recompute: 6 RS + 6 AG") << true << Recompute::Full << 0 << 6 << 6;
        // torchtitan's op-level policy saves the reduce-scatters' outputs, not the all-gathers': its recomputation
        // gathers attention's and the MLP's inputs again.
        QTest::newRow("TP + SP + op-level selective: 4 RS + 6 AG")
            << true << Recompute::SelectiveOp << 0 << 2 + 2 << 2 + 2 + 2;
        QTest::newRow("TP + op-level selective: 4 AllReduce") << false << Recompute::SelectiveOp << 2 + 2 << 0 << 0;
    }

    void tpCollectives()
    {
        QFETCH(bool, sp);
        QFETCH(Recompute, recompute);
        QFETCH(int, allReduce);
        QFETCH(int, reduceScatter);
        QFETCH(int, allGather);
        auto s = base(2, 8, 1);
        s.parallel.sp = sp;
        s.compute.recompute = recompute;
        s.batch.microBatches = 3;
        const auto sim = run(s);
        const int perLayerMb = s.model.layers * s.batch.microBatches;
        QCOMPARE(count(sim.timeline, LaneKind::TpComm, Collective::AllReduce), allReduce * perLayerMb);
        QCOMPARE(count(sim.timeline, LaneKind::TpComm, Collective::ReduceScatter), reduceScatter * perLayerMb);
        QCOMPARE(count(sim.timeline, LaneKind::TpComm, Collective::AllGather), allGather * perLayerMb);
    }

    // With overlap off nothing hides communication, so exposed communication (ASTRA-sim: step − compute on
    // the critical path) equals communication time.
    void overlapOff_data()
    {
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("zero");
        QTest::newRow("DDP 16") << 16 << 1 << 0;
        QTest::newRow("DDP 2 x TP 8") << 2 << 8 << 0;
        QTest::newRow("ZeRO-2, 16") << 16 << 1 << 2;
        QTest::newRow("ZeRO-3, 16") << 16 << 1 << 3;
    }

    void overlapOff()
    {
        QFETCH(int, dp);
        QFETCH(int, tp);
        QFETCH(int, zero);
        auto s = base(dp, tp, 1);
        s.parallel.zeroStage = zero;
        s.comm.overlap = false;
        const auto m = run(s).metrics;
        QVERIFY(m.commSeconds > 0);
        QVERIFY2(close(m.exposedCommSeconds, m.commSeconds, 1e-9),
            qPrintable(QString("exposed %1 comm %2").arg(m.exposedCommSeconds).arg(m.commSeconds)));
        QVERIFY2(close(m.stepSeconds, m.computeSeconds + m.commSeconds, 1e-9), "step = compute + communication");
        QCOMPARE(m.overlapHta, 0.0);
    }

    // PyTorch DDP no_sync(): with k accumulation steps gradients synchronise once, on the last backward.
    void gradAccum_data()
    {
        QTest::addColumn<int>("k");
        QTest::newRow("k = 2") << 2;
        QTest::newRow("k = 8") << 8;
    }

    void gradAccum()
    {
        QFETCH(int, k);
        auto once = base(16, 1, 1);
        auto accumulated = once;
        accumulated.batch.gradAccum = k;
        const auto a = run(once);
        const auto b = run(accumulated);
        const int buckets = count(a.timeline, LaneKind::DpComm, Collective::AllReduce);
        QVERIFY(buckets > 1);
        QCOMPARE(count(b.timeline, LaneKind::DpComm, Collective::AllReduce), buckets);
        // k times the forward and backward compute, one optimizer step, the same communication.
        const Seconds opt = optimizerTime(a.timeline, 0);
        QVERIFY(opt > 0);
        QCOMPARE(optimizerTime(b.timeline, 0), opt);
        QVERIFY(close(b.metrics.computeSeconds - opt, k * (a.metrics.computeSeconds - opt), 1e-9));
        QVERIFY(
            close(b.metrics.dimension(LaneKind::DpComm).seconds, a.metrics.dimension(LaneKind::DpComm).seconds, 1e-9));
    }

    // The last bucket (the first layers' gradients) is ready only when backward ends, so its AllReduce
    // cannot overlap anything: it is always exposed when overlap is on.
    void lastBucketExposed_data()
    {
        QTest::addColumn<double>("bucketMiB");
        QTest::newRow("1 MiB buckets") << 1.0;
        QTest::newRow("25 MiB buckets") << 25.0;
        QTest::newRow("100 MiB buckets") << 100.0;
    }

    void lastBucketExposed()
    {
        QFETCH(double, bucketMiB);
        auto s = base(16, 1, 1);
        s.comm.bucketMiB = bucketMiB;
        const auto sim = run(s);
        const Event* last = nullptr;
        for (const auto& e : sim.timeline.events)
            if (e.collective == Collective::AllReduce && (!last || e.bucket > last->bucket))
                last = &e;
        QVERIFY(last);
        QVERIFY(last->duration > 0);
        QCOMPARE(last->exposed, last->duration);
        // Earlier buckets hide behind backward.
        QVERIFY(sim.metrics.overlapHta > 0);
    }

    // ZeRO-3 / FSDP prefetch (Rajbhandari et al. 2020 §5; PyTorch FSDP forward/backward prefetch): with
    // depth 0 every AllGather waits in front of its layer and is fully exposed; prefetching one layer ahead
    // hides it behind the previous layer's compute. The volume is the same.
    void zero3Prefetch()
    {
        auto s = base(16, 1, 1);
        s.parallel.zeroStage = 3;
        s.comm.prefetchDepth = 0;
        const auto none = run(s).metrics;
        s.comm.prefetchDepth = 1;
        const auto ahead = run(s).metrics;
        QVERIFY(ahead.exposedCommSeconds < none.exposedCommSeconds);
        QVERIFY(ahead.stepSeconds < none.stepSeconds);
        QCOMPARE(ahead.dimension(LaneKind::DpComm).bytes, none.dimension(LaneKind::DpComm).bytes);
        QCOMPARE(ahead.dimension(LaneKind::DpComm).calls, none.dimension(LaneKind::DpComm).calls);
    }

    // Labels are presentation only: switching them off changes no figure.
    void labelsDoNotChangeFigures()
    {
        auto s = base(4, 2, 2);
        s.batch.microBatches = 4;
        SimulateOptions bare;
        bare.labels = false;
        const auto labelled = run(s);
        const auto plain = run(s, bare);
        QCOMPARE(plain.metrics, labelled.metrics);
        QCOMPARE(plain.timeline.events.size(), labelled.timeline.events.size());
        QVERIFY(plain.timeline.events.front().label.empty());
        QVERIFY(!labelled.timeline.events.front().label.empty());
    }

    // Buckets are filled in reverse layer order: the first AllReduce carries the last layers.
    void bucketOrder()
    {
        auto s = base(16, 1, 1);
        s.comm.bucketMiB = 25;
        const auto sim = run(s);
        Seconds previous = -1;
        int previousBucket = -1;
        for (const auto& e : sim.timeline.events) {
            if (e.collective != Collective::AllReduce)
                continue;
            QVERIFY(e.start >= previous);
            QCOMPARE(e.bucket, previousBucket + 1);
            previous = e.start;
            previousBucket = e.bucket;
        }
        // The first bucket closes at first_bucket_MiB (1 MiB), which the last layer's fc2 weight alone
        // (h·ffn elements) exceeds.
        const auto first = std::find_if(sim.timeline.events.begin(), sim.timeline.events.end(),
            [](const Event& e) { return e.collective == Collective::AllReduce; });
        QCOMPARE(first->bytes, Bytes { 1 } * s.model.hidden * s.model.ffnSize() * sizeOf(s.comm.dtype));
    }

    // Ranks that behave alike are simulated once: the event count does not depend on DP size.
    void dpSizeIndependent()
    {
        auto small = base(16, 8, 2);
        small.batch.microBatches = 8;
        auto large = small;
        large.parallel.dp = 2048;
        large.hardware.nodes = 2048 * 8 * 2 / 8;
        QCOMPARE(run(large).timeline.events.size(), run(small).timeline.events.size());
    }

    // MoE (Lepikhin et al. 2020, GShard; Fedus et al. 2021): dispatch and combine AllToAll per MoE layer,
    // forward and backward: 4 per MoE layer and micro-batch.
    void moeAllToAll()
    {
        auto s = base(8, 1, 1);
        s.model.moe = { .experts = 8, .topK = 2, .capacityFactor = 1.0, .everyNLayers = 2 };
        s.parallel.ep = 8;
        s.batch.microBatches = 2;
        const auto sim = run(s);
        const int moeLayers = s.model.layers / 2;
        QCOMPARE(count(sim.timeline, LaneKind::EpComm, Collective::AllToAll), 4 * moeLayers * s.batch.microBatches);
    }

    // Every collective names the group it ran on; the group's size is the scenario's dimension, and the event
    // lasts exactly what predict() gives for its size on that group's topology (no straggler, no interference).
    void collectivesRecordTheirGroup()
    {
        auto s = base(4, 4, 2); // 32 GPUs on 4 nodes
        s.model.moe = { .experts = 4, .topK = 2, .capacityFactor = 1.0, .everyNLayers = 2 };
        s.parallel.ep = 2;
        s.batch.microBatches = 4;
        const auto sim = run(s);
        const auto& t = sim.timeline;
        const std::map<std::string, int> sizes { { "tp", 4 }, { "dp", 4 }, { "pp", 2 }, { "ep", 2 }, { "edp", 2 },
            { "cp", 1 } };
        QCOMPARE(t.groups.size(), sizes.size());
        for (const auto& g : t.groups) {
            const std::string kind(name(g.kind));
            QVERIFY2(sizes.count(kind), kind.c_str());
            QCOMPARE(g.topology.ranks(), sizes.at(kind));
        }
        std::set<std::string> seen;
        for (const auto& e : t.events) {
            if (!e.collective) {
                QCOMPARE(e.groupIndex, -1);
                continue;
            }
            QVERIFY(e.groupIndex >= 0 && e.groupIndex < static_cast<int>(t.groups.size()));
            const auto& g = t.groups[static_cast<std::size_t>(e.groupIndex)];
            QCOMPARE(t.groupLabel(e), g.label);
            seen.insert(std::string(name(g.kind)));
            if (*e.collective == Collective::SendRecv)
                continue; // a pipeline send is costed as one point-to-point message
            CollectiveRequest r;
            r.op = *e.collective;
            r.bytes = e.bytes;
            r.dtype = s.comm.dtype;
            r.topology = g.topology;
            const auto cost = predict(r);
            QVERIFY(cost.ok());
            QVERIFY2(close(e.duration, cost->totalSeconds, 1e-12), e.label.c_str());
        }
        // Expert weights are reduced over their own data-parallel group (dp / ep replicas of each expert).
        QCOMPARE(seen, (std::set<std::string> { "tp", "dp", "pp", "ep", "edp" }));
    }

    // Pipeline: one activation send forward and one gradient send backward per micro-batch and boundary
    // between virtual stages: 2·(p·v − 1)·m in total.
    void pipelineSends_data()
    {
        QTest::addColumn<PipelineSchedule>("schedule");
        QTest::addColumn<int>("v");
        QTest::newRow("1F1B") << PipelineSchedule::OneFOneB << 1;
        QTest::newRow("interleaved v 2") << PipelineSchedule::Interleaved << 2;
    }

    void pipelineSends()
    {
        QFETCH(PipelineSchedule, schedule);
        QFETCH(int, v);
        auto s = base(2, 1, 4);
        s.parallel.schedule = schedule;
        s.parallel.virtualStages = v;
        s.batch.microBatches = 8;
        const auto sim = run(s);
        int sends = 0;
        for (const auto& e : sim.timeline.events)
            sends += e.collective == Collective::SendRecv;
        QCOMPARE(sends, 2 * (4 * v - 1) * 8);
    }

    // MFU (Chowdhery et al. 2022, PaLM, appendix B): model FLOPs ÷ (step · peak · GPUs). Without
    // communication or pipeline the step is the compute lane's busy time, so MFU is model FLOPs over it.
    void mfuIsModelFlopsOverComputeWithoutOverheads()
    {
        auto s = base(8, 1, 1);
        SimulateOptions free;
        free.freeCommunication = true;
        const auto m = run(s, free).metrics;
        QVERIFY(close(m.stepSeconds, m.computeSeconds, 1e-12));
        const double expected = modelFlopsPerToken(s.model) * m.tokensPerStep / (m.computeSeconds * 989e12 * 8);
        QVERIFY2(close(m.mfu, expected, 1e-9), qPrintable(QString::number(m.mfu)));
        // a larger GEMM efficiency makes the step shorter and MFU higher, but never above it
        s.compute.efficiency = 0.9;
        const auto faster = run(s, free).metrics;
        QVERIFY(faster.mfu > m.mfu && faster.mfu < 0.9);
        QVERIFY(close(m.tokensPerStep, 8.0 * s.batch.microBatchSize * s.model.seqLen, 1e-12));
        QVERIFY(close(m.modelFlopsPerStep, modelFlopsPerToken(s.model) * m.tokensPerStep, 1e-12));
    }

    // A straggler x% slower makes its whole group wait: the step's compute grows by x%.
    void straggler()
    {
        auto s = base(16, 1, 1);
        SimulateOptions free;
        free.freeCommunication = true;
        const auto normal = run(s, free).metrics;
        s.straggler = { .rank = 5, .slowdownPct = 20 };
        const auto slow = run(s, free).metrics;
        QVERIFY(close(slow.stepSeconds, 1.2 * normal.stepSeconds, 1e-9));
    }

    // Interference slows compute that overlaps gradient communication, never the other way round.
    void interference()
    {
        auto s = base(16, 1, 1);
        const auto clean = run(s).metrics;
        s.compute.interference = 0.3;
        const auto noisy = run(s).metrics;
        QVERIFY(noisy.computeSeconds > clean.computeSeconds);
        QVERIFY(noisy.computeSeconds <= clean.computeSeconds * 1.3 + 1e-12);
    }

    // Lanes never hold two events at once, and dependencies point at events that end no later than the
    // dependent one starts.
    void lanesAndDependencies()
    {
        auto s = base(4, 2, 2);
        s.parallel.schedule = PipelineSchedule::Interleaved;
        s.parallel.virtualStages = 2;
        s.batch.microBatches = 4;
        s.parallel.sp = true;
        const auto sim = run(s);
        const auto& events = sim.timeline.events;
        for (std::size_t i = 1; i < events.size(); ++i)
            if (events[i].lane == events[i - 1].lane)
                QVERIFY(events[i].start >= events[i - 1].end() - 1e-15);
        int both = 0; // a stage's first op after a receive waits for its own chain and for its input
        for (const auto& e : events) {
            both += e.dependencies.size() == 2;
            for (int d : e.dependencies) {
                QVERIFY(d >= 0 && d < static_cast<int>(events.size()));
                QVERIFY(events[d].end() <= e.start + 1e-12);
            }
        }
        QVERIFY(both > 0);
    }

    void invalidScenarioIsAnAnswer()
    {
        auto s = base(16, 1, 1);
        s.parallel.tp = 3;
        const auto sim = simulate(s);
        QVERIFY(!sim.ok());
        QVERIFY(toText(sim.problems()).find("parallel.tp = 3") != std::string::npos);
    }

    // frameAt: what each lane does at time t (clamped), with progress through the event.
    void frameAt_data()
    {
        QTest::addColumn<double>("t");
        QTest::addColumn<int>("event0");
        QTest::addColumn<double>("progress0");
        QTest::addColumn<int>("event1");
        QTest::newRow("before start clamps to 0") << -1.0 << 0 << 0.0 << -1;
        QTest::newRow("inside the first event") << 0.5 << 0 << 0.5 << 2;
        QTest::newRow("a gap") << 1.5 << -1 << 0.0 << 2;
        QTest::newRow("second event, a quarter in") << 2.5 << 1 << 0.25 << -1;
        QTest::newRow("after the end clamps to duration") << 9.0 << 1 << 1.0 << -1;
    }

    void frameAt()
    {
        QFETCH(double, t);
        QFETCH(int, event0);
        QFETCH(double, progress0);
        QFETCH(int, event1);
        Timeline tl;
        tl.lanes = { { 0, LaneKind::Compute, "c" }, { 0, LaneKind::DpComm, "dp" } };
        Event a, b, c;
        a.lane = 0, a.start = 0, a.duration = 1;
        b.lane = 0, b.start = 2, b.duration = 2;
        c.lane = 1, c.start = 0.25, c.duration = 1.5;
        tl.events = { a, b, c };
        tl.duration = 4;
        const auto frame = tutor::model::frameAt(tl, t);
        QCOMPARE(frame.lanes.size(), std::size_t { 2 });
        QCOMPARE(frame.lanes[0].event, event0);
        QCOMPARE(frame.lanes[0].progress, progress0);
        QCOMPARE(frame.lanes[1].event, event1);
    }
};

QTEST_APPLESS_MAIN(TestSimulate)
#include "tst_simulate.moc"
