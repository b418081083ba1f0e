// SPDX-License-Identifier: MIT
// Hardware presets, topology construction and validation.
#include "model/collectives/topology.h"

#include <QtTest>
#include <cmath>
#include <limits>

using namespace tutor::model;

class TestPresets : public QObject {
    Q_OBJECT
private slots:
    void presetFigures_data();
    void presetFigures();
    void findPresetUnknown();
    void topologyForRanks_data();
    void topologyForRanks();
    void interBandwidthPerGpu_data();
    void interBandwidthPerGpu();
    void badTopology_data();
    void badTopology();
    void gibPresetsAreTheirHgxNodes_data();
    void gibPresetsAreTheirHgxNodes();
};

void TestPresets::presetFigures_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("nvls");
    // NVLink SHARP exists on third-generation NVSwitch (Hopper) only.
    QTest::newRow("dgx-a100") << "dgx-a100" << false;
    QTest::newRow("hgx-h100") << "hgx-h100" << true;
    QTest::newRow("hgx-h200") << "hgx-h200" << true;
    QTest::newRow("gcp-a3-ultra") << "gcp-a3-ultra" << true;
    QTest::newRow("gcp-a4") << "gcp-a4" << true;
    QTest::newRow("alps-gh200") << "alps-gh200" << false; // GH200 quads: NVLink without NVSwitch
    QTest::newRow("grand-teton-h100") << "grand-teton-h100" << true;
    QTest::newRow("pcie-gen4") << "pcie-gen4" << false;
    QTest::newRow("pcie-gen5") << "pcie-gen5" << false;
    QTest::newRow("cpu-laptop") << "cpu-laptop" << false;
}

void TestPresets::presetFigures()
{
    QFETCH(QString, id);
    QFETCH(bool, nvls);
    const auto found = findPreset(id.toStdString());
    QVERIFY2(found.ok(), toText(found.problems()).c_str());
    const auto& p = found.value();
    QCOMPARE(p.nvls, nvls);
    QVERIFY(p.gpusPerNode >= 1);
    QVERIFY(p.nicsPerNode >= 1);
    QVERIFY(p.peakFlops > 0);
    QVERIFY(p.memoryBytes > 0);
    QVERIFY(p.reduceGBps > 0);
    QVERIFY(!p.source.empty());
    for (const Link* link : { &p.intra, &p.inter }) {
        QVERIFY(validate(*link, "link").empty());
        QVERIFY(!link->source.empty());
        // β is the achievable fraction of the line rate, never above it.
        QVERIFY(link->bandwidthGBps > 0);
        QVERIFY(link->bandwidthGBps <= link->lineRateGBps);
    }
    QVERIFY(!isNetwork(p.intra.kind));
    QVERIFY(isNetwork(p.inter.kind));
    QVERIFY(validate(makeTopology(p, 2, p.gpusPerNode)).empty());
}

void TestPresets::findPresetUnknown()
{
    const auto found = findPreset("dgx-z900", "scenario.preset");
    QVERIFY(!found.ok());
    const auto text = toText(found.problems());
    QVERIFY2(text.find("scenario.preset = dgx-z900: unknown preset") != std::string::npos, text.c_str());
    QVERIFY2(text.find("hgx-h100") != std::string::npos, text.c_str()); // lists the known ids
}

void TestPresets::topologyForRanks_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("gpusPerNode");
    QTest::newRow("one full node") << "hgx-h100" << 8 << 1 << 8;
    QTest::newRow("part of a node") << "hgx-h100" << 4 << 1 << 4;
    QTest::newRow("two nodes") << "hgx-h100" << 16 << 2 << 8;
    QTest::newRow("1024 GPUs") << "dgx-a100" << 1024 << 128 << 8;
    // Not a whole number of nodes: the largest divisor that fits in a node.
    QTest::newRow("12 ranks on 8-GPU nodes") << "hgx-h100" << 12 << 2 << 6;
    QTest::newRow("pcie 4-GPU nodes") << "pcie-gen4" << 8 << 2 << 4;
    QTest::newRow("one rank") << "cpu-laptop" << 1 << 1 << 1;
}

void TestPresets::topologyForRanks()
{
    QFETCH(QString, preset);
    QFETCH(int, ranks);
    QFETCH(int, nodes);
    QFETCH(int, gpusPerNode);
    const auto t = makeTopologyForRanks(*findPreset(preset.toStdString()), ranks);
    QCOMPARE(t.nodes, nodes);
    QCOMPARE(t.gpusPerNode, gpusPerNode);
    QCOMPARE(t.ranks(), ranks);
    QVERIFY(validate(t).empty());
}

void TestPresets::interBandwidthPerGpu_data()
{
    QTest::addColumn<int>("gpusPerNode");
    QTest::addColumn<int>("nics");
    QTest::addColumn<double>("nicGBps");
    QTest::newRow("one NIC per GPU") << 8 << 8 << 50.0;
    QTest::newRow("one NIC for four GPUs") << 4 << 1 << 12.0;
    QTest::newRow("more NICs than GPUs") << 1 << 8 << 50.0;
}

void TestPresets::interBandwidthPerGpu()
{
    QFETCH(int, gpusPerNode);
    QFETCH(int, nics);
    QFETCH(double, nicGBps);
    auto t = makeTopology(*findPreset("hgx-h100"), 2, gpusPerNode);
    t.nicsPerNode = nics;
    t.inter.bandwidthGBps = nicGBps;
    // topology.h: inter.bandwidthGBps · min(1, nicsPerNode / gpusPerNode)
    QCOMPARE(t.interBandwidthPerGpuGBps(), nicGBps * std::min(1.0, double(nics) / gpusPerNode));
}

void TestPresets::badTopology_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("gpusPerNode");
    QTest::addColumn<double>("intraGBps");
    QTest::addColumn<double>("interGBps");
    QTest::addColumn<double>("alphaSeconds");
    QTest::addColumn<QString>("fragment");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("0 nodes") << 0 << 8 << 370.0 << 48.0 << 1e-6 << "topology.nodes = 0: must be at least 1";
    QTest::newRow("0 GPUs per node") << 1 << 0 << 370.0 << 48.0 << 1e-6 << "topology.gpus_per_node = 0";
    QTest::newRow("negative intra bandwidth")
        << 1 << 8 << -5.0 << 48.0 << 1e-6
        << "topology.intra.bandwidth_GBps = -5: must be finite and in [0.001, 1e9] GB/s";
    QTest::newRow("NaN inter bandwidth") << 2 << 8 << 370.0 << nan << 1e-6 << "topology.inter.bandwidth_GBps = nan";
    QTest::newRow("zero intra bandwidth") << 1 << 8 << 0.0 << 48.0 << 1e-6 << "topology.intra.bandwidth_GBps = 0";
    QTest::newRow("negative latency") << 1 << 8 << 370.0 << 48.0 << -1e-6 << "topology.intra.alpha_us = -1";
    QTest::newRow("too many ranks") << 200000 << 8 << 370.0 << 48.0 << 1e-6 << "topology.ranks = 1600000";
}

void TestPresets::badTopology()
{
    QFETCH(int, nodes);
    QFETCH(int, gpusPerNode);
    QFETCH(double, intraGBps);
    QFETCH(double, interGBps);
    QFETCH(double, alphaSeconds);
    QFETCH(QString, fragment);
    auto t = makeTopology(*findPreset("hgx-h100"), nodes, gpusPerNode);
    t.intra.bandwidthGBps = intraGBps;
    t.inter.bandwidthGBps = interGBps;
    t.intra.alphaSeconds = alphaSeconds;
    const auto text = toText(validate(t));
    QVERIFY2(text.find(fragment.toStdString()) != std::string::npos, text.c_str());
}

void TestPresets::gibPresetsAreTheirHgxNodes_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("hgx");
    QTest::newRow("A3 Ultra") << "gcp-a3-ultra"
                              << "hgx-h200";
    QTest::newRow("A4") << "gcp-a4"
                        << "hgx-b200";
}

// Google Cloud's gIB machines are their HGX nodes with RoCE between them (presets/cloud.cpp): everything but the names,
// the network link and NCCL's p2p rate across nodes (half a NIC) is the HGX preset's.
void TestPresets::gibPresetsAreTheirHgxNodes()
{
    QFETCH(QString, id);
    QFETCH(QString, hgx);
    const auto gib = findPreset(id.toStdString());
    const auto node = findPreset(hgx.toStdString());
    QVERIFY(gib.ok() && node.ok());
    QCOMPARE(gib->inter.kind, LinkKind::RoCE);
    QCOMPARE(gib->inter.lineRateGBps, node->inter.lineRateGBps);
    QCOMPARE(gib->nccl.p2pNetGBps, gib->inter.bandwidthGBps / 2);
    // A β of its own (A4's, fitted) is quoted in the link's source text, which the views show beside it.
    if (gib->inter.bandwidthGBps != node->inter.bandwidthGBps)
        QVERIFY2(
            QString::fromStdString(gib->inter.source).contains(QString::number(gib->inter.bandwidthGBps) + " GB/s"),
            gib->inter.source.c_str());
    auto same = *gib;
    same.id = node->id;
    same.name = node->name;
    same.nameZhCN = node->nameZhCN;
    same.source = node->source;
    same.inter = node->inter;
    same.nccl.p2pNetGBps = node->nccl.p2pNetGBps;
    QVERIFY(same == *node);
}

QTEST_APPLESS_MAIN(TestPresets)

#include "tst_presets.moc"
