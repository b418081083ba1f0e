// SPDX-License-Identifier: MIT
// MoE's flex token dispatcher (comm.moe_flex_dispatcher, DeepEP / HybridEP) in the step simulator: the copies a
// token costs against a Monte Carlo count of random top-k routings, the dispatch time against the all-to-all's in
// proportion to the bytes each sends, and the scenario field's reading, writing and errors.
#include "model/sim/engine.h"
#include "model/sim/scenarioio.h"
#include "tests/common/problems.h"
#include "tests/common/simulated.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>

using namespace tutor::model;
using tutor::testing::mentions;
using tutor::testing::run;

Q_DECLARE_METATYPE(tutor::model::MoeSpec)

namespace {
// Rank 0 sends tokens routed to top_k distinct experts drawn uniformly (under group-limited routing: group_top_k
// distinct groups drawn uniformly, then top_k experts among theirs); experts are spread evenly, `perNode` ranks a
// node. Over NVLink: every hit rank of its node but itself, and in every other node every hit rank but the one the
// network copy lands on (the same local index, 0). Over the network: every other node with a hit.
sim::DispatchCopies monteCarlo(const MoeSpec& moe, int ranks, int perNode, int tokens)
{
    std::mt19937 rng(12345);
    const int groups = moe.groups > 0 ? moe.groups : 1;
    const int chosen = moe.groupTopK > 0 ? moe.groupTopK : groups;
    const int size = moe.experts / groups;
    std::vector<int> groupIds(static_cast<std::size_t>(groups));
    std::iota(groupIds.begin(), groupIds.end(), 0);
    const auto drawDistinct = [&](std::vector<int>& ids, int k) { // a partial Fisher-Yates shuffle
        for (int i = 0; i < k; ++i) {
            std::uniform_int_distribution<int> pick(i, static_cast<int>(ids.size()) - 1);
            std::swap(ids[static_cast<std::size_t>(i)], ids[static_cast<std::size_t>(pick(rng))]);
        }
    };
    const int perRank = moe.experts / ranks;
    double nvlink = 0, network = 0;
    for (int t = 0; t < tokens; ++t) {
        drawDistinct(groupIds, chosen);
        std::vector<int> pool;
        for (int g = 0; g < chosen; ++g)
            for (int e = 0; e < size; ++e)
                pool.push_back(groupIds[static_cast<std::size_t>(g)] * size + e);
        drawDistinct(pool, moe.topK);
        std::vector<char> hit(static_cast<std::size_t>(ranks), 0);
        for (int k = 0; k < moe.topK; ++k)
            hit[static_cast<std::size_t>(pool[static_cast<std::size_t>(k)] / perRank)] = 1;
        for (int node = 0; node < ranks / perNode; ++node) {
            int others = 0;
            for (int local = 1; local < perNode; ++local)
                others += hit[static_cast<std::size_t>(node * perNode + local)];
            nvlink += others;
            if (node > 0 && (others > 0 || hit[static_cast<std::size_t>(node * perNode)]))
                network += 1;
        }
    }
    return { nvlink / tokens, network / tokens };
}

MoeSpec routing(int experts, int topK, int groups = 0, int groupTopK = 0)
{
    return { .experts = experts, .topK = topK, .groups = groups, .groupTopK = groupTopK };
}

// Qwen3-30B-A3B's MoE (128 experts, top 8) on `nodes` H100 nodes, EP over all of them, one stage.
Scenario moeOn(int nodes, bool flex)
{
    Scenario s;
    s.name.en = "moe";
    s.hardware.preset = "hgx-h100";
    s.hardware.nodes = nodes;
    s.hardware.gpusPerNode = 8;
    s.model = { .layers = 2, .hidden = 2048, .heads = 32, .seqLen = 4096, .vocab = 32000 };
    s.model.moe = { .experts = 128, .topK = 8, .capacityFactor = 1.0, .everyNLayers = 1 };
    s.parallel.dp = 8 * nodes;
    s.parallel.ep = 8 * nodes;
    s.batch.microBatchSize = 4;
    s.comm.moeFlexDispatcher = flex;
    return s;
}

const Event& firstEp(const Simulation& sim)
{
    for (const auto& e : sim.timeline.events)
        if (sim.timeline.lanes[e.lane].kind == LaneKind::EpComm)
            return e;
    qFatal("no EP event");
}
} // namespace

class TestMoeDispatch : public QObject {
    Q_OBJECT
private slots:
    void copiesMatchRandomRouting_data()
    {
        QTest::addColumn<MoeSpec>("moe");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("perNode");
        QTest::newRow("128 experts, top 8, 8 ranks in a node") << routing(128, 8) << 8 << 8;
        QTest::newRow("128 experts, top 8, 16 ranks on 2 nodes") << routing(128, 8) << 16 << 8;
        QTest::newRow("256 experts, top 8, 64 ranks on 8 nodes") << routing(256, 8) << 64 << 8;
        QTest::newRow("128 experts, top 4, 32 ranks on 8 nodes of 4") << routing(128, 4) << 32 << 4;
        QTest::newRow("experts on every rank of one node") << routing(8, 8) << 8 << 8;
        // DeepSeek-V3's routing: 8 groups of 32, the best 4 kept; a group per node on 8 nodes, and on 16.
        QTest::newRow("DeepSeek-V3, 64 ranks on 8 nodes") << routing(256, 8, 8, 4) << 64 << 8;
        QTest::newRow("DeepSeek-V3, 128 ranks on 16 nodes") << routing(256, 8, 8, 4) << 128 << 8;
        // Groups that span two nodes, and groups that do not line up with the nodes (12 experts per node).
        QTest::newRow("4 groups of 2 nodes, top 2") << routing(256, 8, 4, 2) << 64 << 8;
        QTest::newRow("16 groups of 6 on nodes of 12, top 3") << routing(96, 6, 16, 3) << 32 << 4;
    }
    void copiesMatchRandomRouting()
    {
        QFETCH(MoeSpec, moe);
        QFETCH(int, ranks);
        QFETCH(int, perNode);
        const auto model = sim::flexDispatchCopies(moe, ranks, perNode);
        const auto counted = monteCarlo(moe, ranks, perNode, 100000);
        QVERIFY2(std::abs(model.nvlink / counted.nvlink - 1) < 0.01,
            qPrintable(QStringLiteral("NVLink copies %1, counted %2").arg(model.nvlink).arg(counted.nvlink)));
        if (ranks == perNode)
            QCOMPARE(model.network, 0.0);
        else
            QVERIFY2(std::abs(model.network / counted.network - 1) < 0.01,
                qPrintable(QStringLiteral("network copies %1, counted %2").arg(model.network).arg(counted.network)));
        // Fewer copies across the network than the all-to-all's top_k · (n − g)/n (NVLink forwards the rest).
        if (ranks > perNode)
            QVERIFY(model.network < moe.topK * double(ranks - perNode) / ranks);
    }

    void groupLimitedRouting()
    {
        // A group per node, 4 of 8 groups kept: a token reaches at most 4 nodes, so at most 3 other nodes when its
        // own is among them (P = 4/8) and 4 when not, given that each kept group receives one of its 8 experts.
        const auto grouped = sim::flexDispatchCopies(routing(256, 8, 8, 4), 64, 8);
        const auto free = sim::flexDispatchCopies(routing(256, 8), 64, 8);
        QVERIFY(grouped.network < 3.5);
        QVERIFY(free.network > 4.5);
        // Each kept group misses all 8 of the token's experts with C(96, 8) / C(128, 8).
        double allKeptMiss = 1;
        for (int i = 0; i < 8; ++i)
            allKeptMiss *= (96.0 - i) / (128 - i);
        QVERIFY2(std::abs(sim::expertRunHit(routing(256, 8, 8, 4), 32, 32) - 0.5 * (1 - allKeptMiss)) < 1e-12,
            qPrintable(QString::number(sim::expertRunHit(routing(256, 8, 8, 4), 32, 32))));
        // group_top_k = groups is no limit at all.
        const auto all = sim::flexDispatchCopies(routing(256, 8, 8, 8), 64, 8);
        QVERIFY(std::abs(all.network - free.network) < 1e-9 && std::abs(all.nvlink - free.nvlink) < 1e-9);
    }

    void oneNodeDispatchScalesWithItsCopies()
    {
        // In one node both dispatchers are AllToAlls over NVLink; at 4 sequences of 4,096 tokens the bytes decide, so
        // the flex dispatch takes what the all-to-all takes times the ratio of what each sends over NVLink:
        // N·(g − 1)·P(hit) copies against top_k · (g − 1)/g.
        const auto allToAll = run(moeOn(1, false));
        const auto flex = run(moeOn(1, true));
        const auto copies = sim::flexDispatchCopies(routing(128, 8), 8, 8);
        const double ratio = copies.nvlink / (8.0 * 7 / 8);
        QVERIFY(ratio < 0.7 && ratio > 0.6);
        QVERIFY2(std::abs(firstEp(flex).duration / (firstEp(allToAll).duration * ratio) - 1) < 0.02,
            qPrintable(QStringLiteral("flex %1 s, all-to-all %2 s, copies ratio %3")
                           .arg(firstEp(flex).duration)
                           .arg(firstEp(allToAll).duration)
                           .arg(ratio)));
        // What the event says it moved: tokens · hidden · 2 bytes per copy.
        const double tokenBytes = 4.0 * 4096 * 2048 * 2;
        QCOMPARE(double(firstEp(flex).bytes), std::floor(tokenBytes * (copies.nvlink + copies.network)));
        QCOMPARE(double(firstEp(allToAll).bytes), tokenBytes * 8);
    }

    void twoNodesSendOneCopyPerNode()
    {
        // On two nodes the all-to-all sends half of its 8 copies across the network, the flex dispatcher one per
        // token (when the other node holds any of its experts): the network part shrinks about 4×. The all-to-all
        // adds its NVLink part to its network part, (n−g)/n·S/β_net + (g−1)/n·S/β_nvlink; the flex dispatcher's
        // NVLink part runs beside its network part and is the shorter, so the network decides.
        const auto allToAll = run(moeOn(2, false));
        const auto flex = run(moeOn(2, true));
        const auto copies = sim::flexDispatchCopies(routing(128, 8), 16, 8);
        const double networkRatio = copies.network / (8.0 * 8 / 16);
        QVERIFY(networkRatio > 0.24 && networkRatio < 0.26);
        const auto h100 = findPreset("hgx-h100").value();
        const double perGpuNic = h100.inter.bandwidthGBps * std::min(1.0, double(h100.nicsPerNode) / h100.gpusPerNode);
        const double expected = networkRatio / (1 + (7.0 / 8) * perGpuNic / h100.intra.bandwidthGBps);
        const double measured = firstEp(flex).duration / firstEp(allToAll).duration;
        QVERIFY2(std::abs(measured / expected - 1) < 0.03,
            qPrintable(QStringLiteral("flex / all-to-all %1, expected %2").arg(measured).arg(expected)));
        QVERIFY(flex.metrics.stepSeconds < allToAll.metrics.stepSeconds);
    }

    void scenarioField()
    {
        auto s = moeOn(2, true);
        const auto written = toJson(s);
        QCOMPARE(written["comm"]["moe_flex_dispatcher"].get<bool>(), true);
        const auto back = scenarioFromJson(written);
        QVERIFY(back);
        QVERIFY(back.value().comm.moeFlexDispatcher);
        // Off is the default and is not written.
        s.comm.moeFlexDispatcher = false;
        QVERIFY(!toJson(s)["comm"].contains("moe_flex_dispatcher"));
        // A value of the wrong type is named.
        auto bad = written;
        bad["comm"]["moe_flex_dispatcher"] = "yes";
        const auto refused = scenarioFromJson(bad);
        QVERIFY(!refused);
        QVERIFY(std::any_of(refused.problems().begin(), refused.problems().end(),
            [](const Problem& p) { return p.field == "comm.moe_flex_dispatcher"; }));
    }

    void routerGroupFields()
    {
        auto s = moeOn(2, true);
        s.model.moe.groups = 8;
        s.model.moe.groupTopK = 4;
        QVERIFY2(validate(s).empty(), toText(validate(s)).c_str());
        const auto written = toJson(s);
        QCOMPARE(written["model"]["moe"]["groups"].get<int>(), 8);
        QCOMPARE(written["model"]["moe"]["group_top_k"].get<int>(), 4);
        const auto back = scenarioFromJson(written);
        QVERIFY(back);
        QCOMPARE(back.value(), s);
        QVERIFY(!toJson(moeOn(2, true))["model"]["moe"].contains("groups"));
        // The limit sends fewer bytes across the network, so the dispatch takes less time.
        QVERIFY(firstEp(run(s)).duration < firstEp(run(moeOn(2, true))).duration);
        const auto routed = [&](int groups, int groupTopK) {
            auto other = s;
            other.model.moe.groups = groups;
            other.model.moe.groupTopK = groupTopK;
            return validate(other);
        };
        QVERIFY(mentions(routed(3, 2), "model.moe.groups", "must divide model.moe.experts = 128"));
        QVERIFY(mentions(routed(8, 9), "model.moe.group_top_k", "at most model.moe.groups = 8"));
        QVERIFY(mentions(routed(64, 2), "model.moe.group_top_k", "leaves 4 experts to pick model.moe.top_k = 8 from"));
        QVERIFY(mentions(routed(0, 4), "model.moe.group_top_k", "needs model.moe.groups"));
        // What routing works with: 8 groups and 4 of them; a groups that does not divide the experts, or none, is one
        // group, all of which a token may reach.
        QCOMPARE(s.model.moe.routerGroups(), 8);
        QCOMPARE(s.model.moe.chosenGroups(), 4);
        auto uneven = s.model.moe;
        uneven.groups = 3;
        QCOMPARE(uneven.routerGroups(), 1);
        QCOMPARE(uneven.chosenGroups(), 1);
        uneven.groups = 0;
        uneven.groupTopK = 0;
        QCOMPARE(uneven.routerGroups(), 1);
        QCOMPARE(uneven.chosenGroups(), 1);
        // A group that does not divide reaches every expert, as no groups does.
        QCOMPARE(sim::expertRunHit(uneven, 0, 16), sim::expertRunHit(moeOn(2, true).model.moe, 0, 16));
    }
};

QTEST_MAIN(TestMoeDispatch)
#include "tst_moedispatch.moc"
