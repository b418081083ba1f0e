// SPDX-License-Identifier: MIT
// buildTopology(): the one place a preset and a rank layout become a Topology. Expected layouts follow from
// the rules in topology.h (ranks = nodes × GPUs per node); errors name the field, the value and the rule.
#include "model/collectives/algorithm.h"
#include "model/collectives/collective.h"
#include "model/collectives/topology.h"

#include <QtTest>
#include <optional>

using namespace tutor::model;

Q_DECLARE_METATYPE(std::optional<std::int64_t>)

namespace {
using Count = std::optional<std::int64_t>;
const Count none;
Count n(std::int64_t v)
{
    return v;
}
} // namespace

class TestTopology : public QObject {
    Q_OBJECT
private slots:
    void layout_data();
    void layout();
    void overrides();
    void sameAsPreset();
    void problems_data();
    void problems();
    void namesFromRegistries();
};

void TestTopology::layout_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<Count>("ranks");
    QTest::addColumn<Count>("nodes");
    QTest::addColumn<Count>("perNode");
    QTest::addColumn<int>("wantNodes");
    QTest::addColumn<int>("wantPerNode");
    const int dgx = findPreset("dgx-a100")->gpusPerNode;
    const int pcie = findPreset("pcie-gen4")->gpusPerNode;
    QTest::newRow("nothing: one full node") << "dgx-a100" << none << none << none << 1 << dgx;
    QTest::newRow("ranks inside a node") << "dgx-a100" << n(4) << none << none << 1 << 4;
    QTest::newRow("ranks filling nodes") << "dgx-a100" << n(4 * dgx) << none << none << 4 << dgx;
    // 12 ranks on 8-GPU nodes: the largest divisor of 12 that fits a node is 6 (makeTopologyForRanks).
    QTest::newRow("ranks, not whole nodes") << "dgx-a100" << n(12) << none << none << 2 << 6;
    QTest::newRow("nodes alone") << "pcie-gen4" << none << n(3) << none << 3 << pcie;
    QTest::newRow("ranks and nodes") << "dgx-a100" << n(16) << n(4) << none << 4 << 4;
    QTest::newRow("ranks and GPUs per node") << "dgx-a100" << n(16) << none << n(2) << 8 << 2;
    QTest::newRow("nodes and GPUs per node") << "dgx-a100" << none << n(2) << n(3) << 2 << 3;
    QTest::newRow("all three agree") << "hgx-h100" << n(24) << n(3) << n(8) << 3 << 8;
    QTest::newRow("GPUs per node alone") << "hgx-h100" << none << none << n(2) << 1 << 2;
}

void TestTopology::layout()
{
    QFETCH(QString, preset);
    QFETCH(Count, ranks);
    QFETCH(Count, nodes);
    QFETCH(Count, perNode);
    QFETCH(int, wantNodes);
    QFETCH(int, wantPerNode);
    TopologySpec spec;
    spec.preset = preset.toStdString();
    spec.ranks = ranks;
    spec.nodes = nodes;
    spec.gpusPerNode = perNode;
    const auto t = buildTopology(spec);
    QVERIFY2(t.ok(), t.ok() ? "" : toText(t.problems()).c_str());
    QCOMPARE(t->nodes, wantNodes);
    QCOMPARE(t->gpusPerNode, wantPerNode);
    if (ranks)
        QCOMPARE(static_cast<std::int64_t>(t->ranks()), *ranks);
    // The links are the preset's, exactly as makeTopology() copies them.
    const auto p = findPreset(spec.preset);
    QCOMPARE(*t, makeTopology(*p, wantNodes, wantPerNode));
}

void TestTopology::overrides()
{
    TopologySpec spec;
    spec.preset = "dgx-a100";
    spec.ranks = 16;
    spec.alphaMicroseconds = 3.5;
    spec.bandwidthGBps = 42;
    const auto t = buildTopology(spec);
    QVERIFY(t.ok());
    QCOMPARE(t->intra.alphaSeconds, 3.5 * kMicro);
    QCOMPARE(t->inter.alphaSeconds, 3.5 * kMicro);
    QCOMPARE(t->intra.bandwidthGBps, 42.0);
    QCOMPARE(t->inter.bandwidthGBps, 42.0);
}

void TestTopology::sameAsPreset()
{
    // The overload for a preset outside the registry (a calibrated profile) gives the same machine.
    auto p = *findPreset("hgx-h200");
    TopologySpec spec;
    spec.preset = p.id;
    spec.ranks = 32;
    spec.nodes = 4;
    const auto byId = buildTopology(spec);
    p.intra.bandwidthGBps /= 2;
    spec.preset = "not read";
    const auto byValue = buildTopology(p, spec);
    QVERIFY(byId.ok() && byValue.ok());
    QCOMPARE(byValue->intra.bandwidthGBps, byId->intra.bandwidthGBps / 2);
    QCOMPARE(byValue->nodes, byId->nodes);
}

void TestTopology::problems_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<Count>("ranks");
    QTest::addColumn<Count>("nodes");
    QTest::addColumn<Count>("perNode");
    QTest::addColumn<double>("bandwidth");
    QTest::addColumn<QString>("fragment");
    QTest::addColumn<bool>("holdAtMostPreset");
    const double ok = 100;
    QTest::newRow("unknown preset") << "dgx-z9" << none << none << none << ok << "scene.preset = dgx-z9: unknown preset"
                                    << false;
    QTest::newRow("0 ranks") << "dgx-a100" << n(0) << none << none << ok << "scene.ranks = 0: must be in [1, 1048576]"
                             << false;
    QTest::newRow("-1 nodes") << "dgx-a100" << none << n(-1) << none << ok << "scene.nodes = -1: must be in" << false;
    QTest::newRow("2^62 GPUs per node") << "dgx-a100" << none << none << n(std::int64_t(1) << 62) << ok
                                        << "scene.gpus_per_node = 4611686018427387904: must be in" << false;
    QTest::newRow("nodes do not divide ranks")
        << "dgx-a100" << n(12) << n(5) << none << ok << "scene.nodes = 5: must divide ranks = 12" << false;
    QTest::newRow("GPUs per node do not divide ranks")
        << "dgx-a100" << n(12) << none << n(5) << ok << "scene.gpus_per_node = 5: must divide ranks = 12" << false;
    QTest::newRow("three disagree") << "dgx-a100" << n(10) << n(2) << n(4) << ok
                                    << "scene.ranks = 10: must equal nodes × gpus per node = 8" << false;
    QTest::newRow("too many ranks") << "dgx-a100" << none << n(1 << 20) << n(8) << ok
                                    << "scene.topology.ranks = 8388608: must be at most 1048576" << false;
    QTest::newRow("negative bandwidth") << "dgx-a100" << none << none << none << -3.0
                                        << "scene.bandwidth_GBps = -3: must be finite and in [0.001, 1e9] GB/s"
                                        << false;
    QTest::newRow("NaN bandwidth") << "dgx-a100" << none << none << none << std::nan("")
                                   << "scene.bandwidth_GBps = nan: must be finite and in [0.001, 1e9] GB/s" << false;
    // The window and `predict` draw and cost real nodes: 128 ranks on 8 nodes of an 8-GPU machine would be 16 GPUs
    // in a node (ranks / nodes = 16 > 8); the smallest honest count is ceil(128 / 8) = 16 nodes.
    QTest::newRow("more ranks per node than the preset has")
        << "hgx-h100" << n(128) << n(8) << none << ok
        << "scene.nodes = 8: would put 16 ranks on each node, but a hgx-h100 node has 8 GPUs: use at least 16 nodes "
           "for 128 ranks"
        << true;
    QTest::newRow("one node of 16 on an 8-GPU machine")
        << "dgx-a100" << n(16) << n(1) << none << ok
        << "scene.nodes = 1: would put 16 ranks on each node, but a dgx-a100 node has 8 GPUs: use at least 2 nodes"
        << true;
}

void TestTopology::problems()
{
    QFETCH(QString, preset);
    QFETCH(Count, ranks);
    QFETCH(Count, nodes);
    QFETCH(Count, perNode);
    QFETCH(double, bandwidth);
    QFETCH(QString, fragment);
    QFETCH(bool, holdAtMostPreset);
    TopologySpec spec;
    spec.nodesHoldAtMostPreset = holdAtMostPreset;
    spec.preset = preset.toStdString();
    spec.ranks = ranks;
    spec.nodes = nodes;
    spec.gpusPerNode = perNode;
    spec.bandwidthGBps = bandwidth;
    const auto t = buildTopology(spec, "scene.");
    QVERIFY(!t.ok());
    const auto text = toText(t.problems());
    QVERIFY2(text.find(fragment.toStdString()) != std::string::npos, text.c_str());
}

void TestTopology::namesFromRegistries()
{
    // Every registered name appears in the lists error messages quote, and each one parses back.
    const auto ops = collectiveNames();
    for (const auto& t : collectives()) {
        QVERIFY2(ops.find(std::string(t.cliName)) != std::string::npos, ops.c_str());
        QCOMPARE(parseCollective(t.cliName), std::optional<Collective>(t.op));
    }
    const auto algorithms = algorithmNames();
    for (const Algorithm a : concreteAlgorithms()) {
        QVERIFY2(algorithms.find(std::string(name(a))) != std::string::npos, algorithms.c_str());
        QCOMPARE(parseAlgorithm(name(a)), std::optional<Algorithm>(a));
    }
}

QTEST_APPLESS_MAIN(TestTopology)
#include "tst_topology.moc"
