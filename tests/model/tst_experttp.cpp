// SPDX-License-Identifier: MIT
// Expert tensor parallelism (parallel.etp, Megatron-Core --expert-tensor-parallel-size) in the step simulator: the
// expert groups as MoE parallel folding lays them out, the parameters a GPU holds, the expert GEMMs' work, the TP
// collectives an MoE block keeps, and the scenario field's reading, writing and errors.
#include "model/sim/engine.h"
#include "model/sim/kernels.h"
#include "model/sim/memory.h"
#include "model/sim/scenarioio.h"
#include "tests/common/problems.h"
#include "tests/common/simulated.h"

#include <QtTest>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

using namespace tutor::model;
using tutor::testing::kernelsOf;
using tutor::testing::mentions;
using tutor::testing::run;

namespace {
// Four MoE layers (64 experts, top 8) on `nodes` H100 nodes under TP 2 with sequence parallelism, EP 16 out of the
// data-parallel ranks, expert tensor parallel size `etp` (0: Megatron-Core's default, tp), captured in CUDA graphs.
Scenario moe(int nodes, int etp, int sharedExpertFfn = 0)
{
    Scenario s;
    s.name.en = "expert tp";
    s.hardware.preset = "hgx-h100";
    s.hardware.nodes = nodes;
    s.hardware.gpusPerNode = 8;
    s.model = { .layers = 4, .hidden = 2048, .ffn = 4096, .heads = 16, .seqLen = 4096, .vocab = 32000 };
    s.model.gatedMlp = true;
    s.model.moe = { .experts = 64,
        .topK = 8,
        .capacityFactor = 1.0,
        .everyNLayers = 1,
        .expertFfn = 1024,
        .sharedExpertFfn = sharedExpertFfn };
    s.parallel.tp = 2;
    s.parallel.sp = true;
    s.parallel.dp = 4 * nodes;
    s.parallel.ep = 4 * nodes;
    s.parallel.etp = etp;
    s.batch.microBatches = 4;
    s.compute.cudaGraphs = CudaGraphs::FullIteration; // the kernels' own times: no host floor under the small layers
    return s;
}

std::array<sim::Group, kGroupKinds> groupsOf(const Scenario& s)
{
    const auto hw = resolveHardware(s.hardware);
    if (!hw)
        qFatal("%s", toText(hw.problems()).c_str());
    return sim::makeGroups(s, *hw);
}

const sim::Group& group(const std::array<sim::Group, kGroupKinds>& groups, GroupKind kind)
{
    return groups[static_cast<std::size_t>(kind)];
}

// TP collectives of the MoE blocks (the events named "mlp"), forward and backward, over the step.
int moeBlockTpEvents(const Simulation& sim)
{
    int n = 0;
    for (const auto& e : sim.timeline.events)
        if (sim.timeline.lanes[e.lane].kind == LaneKind::TpComm && e.label.find(" mlp ") != std::string::npos)
            ++n;
    return n;
}
} // namespace

class TestExpertTp : public QObject {
    Q_OBJECT
private slots:
    // MoE parallel folding numbers a stage's tp·cp·dp ranks etp-ep-edp, fastest first: at etp 1 an EP group of 16 is
    // 16 consecutive GPUs (two nodes of 8), at etp = tp every second GPU (four nodes of 4), and the expert data
    // parallel group holds tp·dp / (etp·ep) replicas.
    void groupsFoldExperts()
    {
        const auto folded = groupsOf(moe(4, 1));
        QCOMPARE(group(folded, GroupKind::Ep).ranks, 16);
        QCOMPARE(group(folded, GroupKind::Ep).topology.gpusPerNode, 8);
        QCOMPARE(group(folded, GroupKind::Ep).topology.nodes, 2);
        QCOMPARE(group(folded, GroupKind::ExpertDp).ranks, 2 * 16 / 16);
        const auto sharded = groupsOf(moe(4, 0));
        QCOMPARE(group(sharded, GroupKind::Ep).ranks, 16);
        QCOMPARE(group(sharded, GroupKind::Ep).topology.gpusPerNode, 4);
        QCOMPARE(group(sharded, GroupKind::Ep).topology.nodes, 4);
        QCOMPARE(group(sharded, GroupKind::ExpertDp).ranks, 1);
        // Setting etp to tp is the default.
        QCOMPARE(group(groupsOf(moe(4, 2)), GroupKind::Ep).topology.nodes, 4);
    }

    // A GPU holds experts / ep routed experts split over etp: at etp 1 twice the expert weights of etp 2, the rest the
    // same.
    void expertWeightsSplitOverEtp()
    {
        const auto whole = moe(4, 1), halves = moe(4, 0);
        const double expert = 3.0 * 2048 * 1024;
        const double perLayer = 64.0 / 16 * expert;
        const double expected = 4 * (perLayer - perLayer / 2);
        QVERIFY2(std::abs(paramsPerGpu(whole, 0) - paramsPerGpu(halves, 0) - expected) < 1e-6 * expected,
            qPrintable(QString("%1 vs %2").arg(paramsPerGpu(whole, 0) - paramsPerGpu(halves, 0)).arg(expected)));
        // The shared expert stays split over tp.
        const auto sharedWhole = moe(4, 1, 2048), sharedHalves = moe(4, 0, 2048);
        QVERIFY(std::abs((paramsPerGpu(sharedWhole, 0) - paramsPerGpu(sharedHalves, 0)) / expected - 1) < 1e-9);
    }

    // The expert GEMMs do the same work either way: at etp 1 a GPU's experts see the tokens of its own TP rank only
    // (ep · tokens / tp · top_k / experts = 16 · 2,048 · 8 / 64 = 4,096 rows) at the full width of 1,024, at etp = tp
    // all of the TP group's (8,192 rows) at half the width. Everything else in the block is the same, so the two
    // blocks differ by the four experts' GEMMs at those shapes, at the MoE block's fraction of the dense rate.
    void expertGemmShapes()
    {
        const auto whole = kernelsOf(moe(4, 1));
        const auto halves = kernelsOf(moe(4, 0));
        const auto hw = resolveHardware(moe(4, 1).hardware).value();
        const double peak = whole.peakFlops, eta = whole.gemmEfficiency, h = 2048;
        const auto gemm = [&](double m, double n, double k) { return gemmSeconds(m, n, k, hw, peak, eta); };
        // A gated expert: FC1 (gate and up, h → 2w) and FC2 (w → h) on `rows` tokens.
        const auto forward = [&](double rows, double w) { return gemm(rows, 2 * w, h) + gemm(rows, h, w); };
        const auto backward = [&](double rows, double w) {
            return gemm(rows, h, 2 * w) + gemm(h, 2 * w, rows) + gemm(rows, w, h) + gemm(w, h, rows);
        };
        const double scale = 4; // experts per GPU, each adding the same time in both layouts
        const double forwardGap = scale * (forward(4096, 1024) - forward(8192, 512));
        const double backwardGap = scale * (backward(4096, 1024) - backward(8192, 512));
        QVERIFY2(std::abs(whole.moe.mlpForward - halves.moe.mlpForward - forwardGap) < 1e-9 * halves.moe.mlpForward,
            qPrintable(QString("%1 s vs %2 s").arg(whole.moe.mlpForward - halves.moe.mlpForward).arg(forwardGap)));
        QVERIFY(std::abs(whole.moe.mlpBackward - halves.moe.mlpBackward - backwardGap) < 1e-9 * halves.moe.mlpBackward);
        // The same FLOPs: only the GEMMs' shape efficiency sets them apart.
        QVERIFY(std::abs(whole.moe.mlpForward / halves.moe.mlpForward - 1) < 0.2);
        QCOMPARE(whole.moe.attentionForward, halves.moe.attentionForward);
    }

    // Without a shared expert an etp-1 MoE block has no TP collective: its tokens stay on their sequence-parallel
    // rank. A shared expert runs over TP and gathers them, and etp = tp gathers them for the experts.
    void moeBlockTpCollectives()
    {
        QCOMPARE(moeBlockTpEvents(run(moe(2, 1))), 0);
        const int perStep = 4 * 4 * 4; // layers × micro-batches × (gather, scatter) forward and backward
        QCOMPARE(moeBlockTpEvents(run(moe(2, 0))), perStep);
        QCOMPARE(moeBlockTpEvents(run(moe(2, 1, 2048))), perStep);
    }

    // Folding lays the expert layers over all of a stage's tp·cp·dp GPUs, so EP may exceed dp: Megatron-Bridge's H100
    // Qwen3-235B layout (TP 2, DP 16, EP 32, etp 1) makes each stage one EP group holding one copy of every expert.
    void expertParallelBeyondDp()
    {
        auto s = moe(4, 1); // TP 2 × DP 16 on 32 GPUs
        s.parallel.ep = 32;
        QVERIFY2(validate(s).empty(), toText(validate(s)).c_str());
        const auto groups = groupsOf(s);
        QCOMPARE(group(groups, GroupKind::Ep).ranks, 32);
        QCOMPARE(group(groups, GroupKind::Ep).topology.nodes, 4);
        QCOMPARE(group(groups, GroupKind::ExpertDp).ranks, 1);
        QVERIFY(run(s).timeline.duration > 0);
        // At etp = tp the experts would need tp · ep = 64 GPUs a stage.
        auto wide = s;
        wide.parallel.etp = 0;
        QVERIFY(mentions(validate(wide), "parallel.ep", "etp · ep = 64 must divide a stage's tp · cp · dp = 32"));
        // Context parallelism folds into the expert data parallelism: EP 32 over TP 2 × CP 2 × DP 8.
        auto context = s;
        context.parallel.dp = 8;
        context.parallel.cp = 2;
        QVERIFY2(validate(context).empty(), toText(validate(context)).c_str());
        QCOMPARE(group(groupsOf(context), GroupKind::ExpertDp).ranks, 1);
    }

    // The distributed optimizer keeps the routed experts' states on their expert-data-parallel replicas
    // (tp·cp·dp / (etp·ep)) and the rest on dp·cp, and steps each shard there.
    void expertStatesShardOverExpertData()
    {
        const double expert = 3.0 * 2048 * 1024;
        for (const int ep : { 16, 32 }) {
            auto s = moe(4, 1);
            s.parallel.ep = ep;
            s.parallel.zeroStage = 2;
            const double routed = 4 * (64.0 / ep) * expert; // 4 layers of experts / ep whole experts
            QVERIFY(std::abs(routedExpertParamsPerGpu(s, 0) / routed - 1) < 1e-12);
            const double rest = paramsPerGpu(s, 0) - routed;
            const double replicas = 2.0 * 16 / ep; // tp · dp / ep at etp 1
            const auto memory = peakMemory(s, 80e9);
            const double optimizer = kOptimizerBytesPerParam * (rest / 16 + routed / replicas);
            QVERIFY2(std::abs(memory.optimizerBytes / optimizer - 1) < 1e-9,
                qPrintable(QString("ep %1: %2 vs %3 bytes").arg(ep).arg(memory.optimizerBytes).arg(optimizer)));
            QVERIFY(std::abs(memory.gradsBytes / (2 * (rest / 16 + routed / replicas)) - 1) < 1e-9);
            QVERIFY(std::abs(memory.paramsBytes / (2 * (rest + routed)) - 1) < 1e-9);
            // The optimizer step on stage 0 updates that shard.
            const auto sim = run(s);
            const auto hw = resolveHardware(s.hardware).value();
            int steps = 0;
            for (const auto& e : sim.timeline.events)
                if (e.kind == EventKind::Optimizer) {
                    ++steps;
                    const double expected = optimizerSeconds(rest / 16 + routed / replicas, hw);
                    QVERIFY2(std::abs(e.duration / expected - 1) < 1e-9,
                        qPrintable(QString("%1 s vs %2 s").arg(e.duration).arg(expected)));
                }
            QCOMPARE(steps, 1);
        }
    }

    void scenarioField()
    {
        const auto s = moe(2, 1);
        QVERIFY2(validate(s).empty(), toText(validate(s)).c_str());
        const auto written = toJson(s);
        QCOMPARE(written["parallel"]["etp"].get<int>(), 1);
        const auto back = scenarioFromJson(written);
        QVERIFY(back);
        QCOMPARE(back.value(), s);
        QVERIFY(!toJson(moe(2, 0))["parallel"].contains("etp"));

        auto odd = s;
        odd.parallel.tp = 4;
        odd.parallel.dp = 4;
        odd.parallel.ep = 4;
        odd.parallel.etp = 3;
        QVERIFY(mentions(validate(odd), "parallel.etp", "must divide parallel.tp = 4"));
        auto dense = s;
        dense.model.moe = {};
        dense.parallel.ep = 1;
        QVERIFY(mentions(validate(dense), "parallel.etp", "needs an MoE model"));
        auto negative = s;
        negative.parallel.etp = -1;
        QVERIFY(mentions(validate(negative), "parallel.etp"));
        // The routed experts' width must split over etp, not tp.
        auto narrow = moe(2, 2);
        narrow.model.moe.expertFfn = 1023;
        QVERIFY(mentions(validate(narrow), "parallel.etp", "model.moe.expert_ffn"));
        auto wrongType = written;
        wrongType["parallel"]["etp"] = "one";
        const auto refused = scenarioFromJson(wrongType);
        QVERIFY(!refused);
        QVERIFY(mentions(refused.problems(), "parallel.etp"));
    }
};

QTEST_MAIN(TestExpertTp)
#include "tst_experttp.moc"
