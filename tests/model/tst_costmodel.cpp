// SPDX-License-Identifier: MIT
// The α-β-γ cost model against the closed forms of the collective algorithms (Thakur, Rabenseifner &
// Gropp 2005; NCCL tuning.cc for latencies and protocol factors) and nccl-tests' bandwidth definitions.

#include "model/collectives/costmodel.h"

#include <QtTest>
#include <cmath>
#include <limits>

using namespace tutor::model;

namespace {
// NCCL tuning.cc constants the closed forms below use (µs): Ring/Simple base latency, Tree/Simple base latency,
// the NVLink per-hop figures for Ring/Simple (3.4) and Tree/Simple (4.0), NVLS (25).
constexpr double kRingBase = 8.4e-6;
constexpr double kTreeBase = 8.4e-6;
constexpr double kNvlinkRingHop = 3.4e-6;
constexpr double kNvlinkTreeHop = 4.0e-6;
constexpr double kNetRingHop = 14e-6;
constexpr double kNvlsHop = 25e-6;

/// nodes × g GPUs; NVLink 3.4 µs / 100 GB/s inside, InfiniBand 14 µs / 25 GB/s per NIC between, one NIC per GPU,
/// reductions at 1000 GB/s.
Topology testTopology(int nodes, int g)
{
    Topology t;
    t.nodes = nodes;
    t.gpusPerNode = g;
    t.intra = { LinkKind::NVLink, kNvlinkRingHop, 100.0, 150.0, "test" };
    t.inter = { LinkKind::InfiniBand, kNetRingHop, 25.0, 25.0, "test" };
    t.nicsPerNode = g;
    t.nvls = true;
    t.reduceGBps = 1000.0;
    return t;
}

CollectiveRequest request(Collective op, Algorithm a, Bytes s, Topology t, Protocol p = Protocol::Simple)
{
    CollectiveRequest r;
    r.op = op;
    r.algorithm = a;
    r.protocol = p;
    r.bytes = s;
    r.topology = t;
    return r;
}
} // namespace

class TestCostModel : public QObject {
    Q_OBJECT
private slots:
    void closedForms_data();
    void closedForms();
    void ringAcrossNodesUsesEveryNic_data();
    void ringAcrossNodesUsesEveryNic();
    void ringBusBwEqualsBeta_data();
    void ringBusBwEqualsBeta();
    void nccltestsDefinitions_data();
    void nccltestsDefinitions();
    void oneRank();
    void protocols();
    void autoPicksCheapest_data();
    void autoPicksCheapest();
    void badInput_data();
    void badInput();
    void everyPresetFinite();
};

void TestCostModel::closedForms_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("algorithm");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("g");
    QTest::addColumn<qlonglong>("bytes");
    QTest::addColumn<double>("expected");
    const double a = kNvlinkRingHop, b = 100e9, gamma = 1.0 / 1000e9;
    for (int n : { 2, 3, 8, 17 }) {
        for (Bytes s : { Bytes { 1 } << 20, Bytes { 1 } << 30 }) {
            const double S = double(s);
            const auto tag = [&](const char* what) {
                return QByteArray(what) + ", " + QByteArray::number(n) + " ranks, " + QByteArray::number(s) + " B";
            };
            // ring AllReduce: 2(n−1)α + 2(n−1)/n·S/β + (n−1)/n·S·γ
            QTest::newRow(tag("ring AllReduce"))
                << int(Collective::AllReduce) << int(Algorithm::Ring) << 1 << n << qlonglong(s)
                << kRingBase + 2 * (n - 1) * a + 2.0 * (n - 1) / n * S / b + (n - 1.0) / n * S * gamma;
            // ring ReduceScatter: (n−1)α + (n−1)/n·S/β + (n−1)/n·S·γ; AllGather without γ
            QTest::newRow(tag("ring ReduceScatter"))
                << int(Collective::ReduceScatter) << int(Algorithm::Ring) << 1 << n << qlonglong(s)
                << kRingBase + (n - 1) * a + (n - 1.0) / n * S / b + (n - 1.0) / n * S * gamma;
            QTest::newRow(tag("ring AllGather")) << int(Collective::AllGather) << int(Algorithm::Ring) << 1 << n
                                                 << qlonglong(s) << kRingBase + (n - 1) * a + (n - 1.0) / n * S / b;
            // pairwise AllToAll: (n−1)α + (n−1)/n·S/β
            QTest::newRow(tag("pairwise AllToAll")) << int(Collective::AllToAll) << int(Algorithm::Pairwise) << 1 << n
                                                    << qlonglong(s) << kRingBase + (n - 1) * a + (n - 1.0) / n * S / b;
            // binomial Broadcast: log2N·(α + S/β) with the Tree per-hop latency, ⌈log2 n⌉ rounds
            const int rounds = int(std::ceil(std::log2(n)));
            QTest::newRow(tag("binomial Broadcast"))
                << int(Collective::Broadcast) << int(Algorithm::BinomialTree) << 1 << n << qlonglong(s)
                << kTreeBase + rounds * (kNvlinkTreeHop + S / b);
            // double binary tree AllReduce (NCCL): base + 2(g−1)·α_tree + 2S/(0.92β) + S·γ on one node
            QTest::newRow(tag("tree AllReduce"))
                << int(Collective::AllReduce) << int(Algorithm::DoubleBinaryTree) << 1 << n << qlonglong(s)
                << kTreeBase + 2 * (n - 1) * kNvlinkTreeHop + 2 * S / (0.92 * b) + S * gamma;
            // NVLS AllReduce: ≈ 25 µs + S/(0.85β), no γ (the switch reduces)
            QTest::newRow(tag("nvls AllReduce")) << int(Collective::AllReduce) << int(Algorithm::Nvls) << 1 << n
                                                 << qlonglong(s) << kNvlsHop + S / (0.85 * b);
            if ((n & (n - 1)) == 0) {
                const int lg = int(std::log2(n));
                // Rabenseifner: 2·log2N·α + 2(n−1)/n·S/β + (n−1)/n·S·γ
                QTest::newRow(tag("rabenseifner AllReduce"))
                    << int(Collective::AllReduce) << int(Algorithm::HalvingDoubling) << 1 << n << qlonglong(s)
                    << kRingBase + 2 * lg * a + 2.0 * (n - 1) / n * S / b + (n - 1.0) / n * S * gamma;
                // recursive doubling: log2N·(α + S/β + S·γ)
                QTest::newRow(tag("recursive-doubling AllReduce"))
                    << int(Collective::AllReduce) << int(Algorithm::RecursiveDoubling) << 1 << n << qlonglong(s)
                    << kRingBase + lg * (a + S / b + S * gamma);
            }
        }
    }
    // Across nodes: ring uses 2(nodes−1) network hops and the bottleneck β = min(β_intra, min(NICs, g)·β_NIC):
    // NCCL runs one channel per NIC, so the ring's node-crossing edges together use all 8 NICs (8 × 25 GB/s),
    // and NVLink (100 GB/s) is the bottleneck here.
    const double S = double(Bytes { 1 } << 30);
    const double bNet = 25e9;
    QTest::newRow("ring AllReduce, 2 × 8")
        << int(Collective::AllReduce) << int(Algorithm::Ring) << 2 << 8 << qlonglong(Bytes { 1 } << 30)
        << kRingBase + (30 - 2) * a + 2 * kNetRingHop + 2.0 * 15 / 16 * S / std::min(b, 8 * bNet)
            + 15.0 / 16 * S * gamma;
    // hierarchical, N nodes × g: 2(g−1)α + 2(N−1)α_net + max(A, B) + min(A, B)/k
    //   + ((g−1)/g·S + (N−1)/N·S/g)·γ, A = 2(g−1)/g·S/β, B = 2(N−1)/N·(S/g)/β_net, k = S / 512 KiB chunks
    for (int nodes : { 2, 4 }) {
        const int g = 8;
        const double intra = 2.0 * (g - 1) / g * S / b;
        const double inter = 2.0 * (nodes - 1) / nodes * (S / g) / bNet;
        const double k = S / (512.0 * 1024);
        QTest::newRow(QByteArray("hierarchical AllReduce, ") + QByteArray::number(nodes) + " × 8")
            << int(Collective::AllReduce) << int(Algorithm::Hierarchical) << nodes << g << qlonglong(Bytes { 1 } << 30)
            << kRingBase + 2 * (g - 1) * a + 2 * (nodes - 1) * kNetRingHop + std::max(intra, inter)
                + std::min(intra, inter) / k + ((g - 1.0) / g * S + (nodes - 1.0) / nodes * S / g) * gamma;
    }
}

void TestCostModel::ringAcrossNodesUsesEveryNic_data()
{
    QTest::addColumn<int>("nics");
    QTest::newRow("1 NIC per node") << 1;
    QTest::newRow("2 NICs per node") << 2;
    QTest::newRow("8 NICs per node") << 8;
    QTest::newRow("16 NICs per node (more NICs than GPUs)") << 16;
}

void TestCostModel::ringAcrossNodesUsesEveryNic()
{
    // The bandwidth term of a ring across 4 nodes of 8 GPUs is 2(n−1)/n·S over min(β_intra, min(NICs, 8)·β_NIC).
    QFETCH(int, nics);
    Topology t = testTopology(4, 8);
    t.nicsPerNode = nics;
    const Bytes s = Bytes { 1 } << 30;
    const auto cost = predict(request(Collective::AllReduce, Algorithm::Ring, s, t));
    QVERIFY2(cost.ok(), toText(cost.problems()).c_str());
    const double beta = std::min(100e9, std::min(nics, 8) * 25e9);
    QCOMPARE(cost->bandwidthSeconds, 2.0 * 31 / 32 * double(s) / beta);
}

void TestCostModel::closedForms()
{
    QFETCH(int, op);
    QFETCH(int, algorithm);
    QFETCH(int, nodes);
    QFETCH(int, g);
    QFETCH(qlonglong, bytes);
    QFETCH(double, expected);
    const auto cost = predict(request(Collective(op), Algorithm(algorithm), bytes, testTopology(nodes, g)));
    QVERIFY2(cost.ok(), toText(cost.problems()).c_str());
    QCOMPARE(cost->totalSeconds, expected);
    QCOMPARE(cost->latencySeconds + cost->bandwidthSeconds + cost->reduceSeconds, cost->totalSeconds);
    QVERIFY(!cost->formula.empty());
    QCOMPARE(cost->algorithm, Algorithm(algorithm));
}

void TestCostModel::ringBusBwEqualsBeta_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("g");
    for (int n = 2; n <= 17; ++n)
        QTest::newRow(QByteArray::number(n) + " ranks, one node") << 1 << n;
    QTest::newRow("64 ranks, one node") << 1 << 64;
    QTest::newRow("256 ranks, one node") << 1 << 256;
    QTest::newRow("4 nodes × 8, equal links") << 4 << 8;
    QTest::newRow("16 nodes × 1") << 16 << 1;
}

void TestCostModel::ringBusBwEqualsBeta()
{
    QFETCH(int, nodes);
    QFETCH(int, g);
    // α = 0, γ = 0, Simple (efficiency 1): t = 2(n−1)/n·S/β, so busbw = S/t · 2(n−1)/n = β (nccl-tests PERFORMANCE.md).
    auto t = testTopology(nodes, g);
    t.intra.alphaSeconds = 0;
    t.inter.alphaSeconds = 0;
    t.inter.bandwidthGBps = t.intra.bandwidthGBps;
    t.reduceGBps = 0;
    const auto cost = predict(request(Collective::AllReduce, Algorithm::Ring, Bytes { 1 } << 30, t));
    QVERIFY2(cost.ok(), toText(cost.problems()).c_str());
    QCOMPARE(cost->latencySeconds, 0.0);
    QCOMPARE(cost->busBwGBps, t.intra.bandwidthGBps);
}

void TestCostModel::nccltestsDefinitions_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<double>("factor");
    const int n = 8;
    // nccl-tests doc/PERFORMANCE.md: busbw = algbw × factor.
    QTest::newRow("AllReduce 2(n−1)/n") << int(Collective::AllReduce) << 2.0 * (n - 1) / n;
    QTest::newRow("ReduceScatter (n−1)/n") << int(Collective::ReduceScatter) << (n - 1.0) / n;
    QTest::newRow("AllGather (n−1)/n") << int(Collective::AllGather) << (n - 1.0) / n;
    QTest::newRow("AllToAll (n−1)/n") << int(Collective::AllToAll) << (n - 1.0) / n;
    QTest::newRow("Gather (n−1)/n") << int(Collective::Gather) << (n - 1.0) / n;
    QTest::newRow("Scatter (n−1)/n") << int(Collective::Scatter) << (n - 1.0) / n;
    QTest::newRow("Broadcast 1") << int(Collective::Broadcast) << 1.0;
    QTest::newRow("Reduce 1") << int(Collective::Reduce) << 1.0;
    QTest::newRow("SendRecv 1") << int(Collective::SendRecv) << 1.0;
}

void TestCostModel::nccltestsDefinitions()
{
    QFETCH(int, op);
    QFETCH(double, factor);
    QCOMPARE(busBandwidthFactor(Collective(op), 8), factor);
    const auto cost = predict(request(Collective(op), Algorithm::Auto, 64 * MiB, testTopology(1, 8), Protocol::Auto));
    QVERIFY2(cost.ok(), toText(cost.problems()).c_str());
    // algbw = S / t with S as nccl-tests counts it
    QCOMPARE(cost->algBwGBps, double(64 * MiB) / cost->totalSeconds / 1e9);
    QCOMPARE(cost->busBwGBps, cost->algBwGBps * factor);
    const auto parsed = parseCollective(traits(Collective(op)).ncclTestsName);
    QVERIFY(parsed.has_value());
    QCOMPARE(int(*parsed), op);
}

void TestCostModel::oneRank()
{
    // One rank moves nothing: time 0 (NCCL costs a 1-rank communicator at 0, enqueue.cc), busbw 0, never NaN.
    for (const auto& tr : collectives()) {
        const auto cost = predict(request(tr.op, Algorithm::Auto, 1 * MiB, testTopology(1, 1), Protocol::Auto));
        QVERIFY2(cost.ok(), toText(cost.problems()).c_str());
        QCOMPARE(cost->totalSeconds, 0.0);
        QCOMPARE(cost->algBwGBps, 0.0);
        QCOMPARE(cost->busBwGBps, 0.0);
        QCOMPARE(cost->bytesSentPerRank, Bytes { 0 });
    }
}

void TestCostModel::protocols()
{
    // The same ring with LL (efficiency 0.5) and LL128 (0.92): bandwidth term divided by the efficiency; latency
    // per hop from NCCL's table scaled to the link's α (NVLink ring: LL 0.6, LL128 1.9, Simple 3.4 µs).
    const auto t = testTopology(1, 8);
    const double S = double(GiB);
    const auto ll = predict(request(Collective::AllReduce, Algorithm::Ring, GiB, t, Protocol::LL));
    const auto ll128 = predict(request(Collective::AllReduce, Algorithm::Ring, GiB, t, Protocol::LL128));
    QVERIFY(ll.ok() && ll128.ok());
    QCOMPARE(ll->bandwidthSeconds, 2.0 * 7 / 8 * S / (100e9 * 0.5));
    QCOMPARE(ll128->bandwidthSeconds, 2.0 * 7 / 8 * S / (100e9 * 0.92));
    QCOMPARE(ll->latencySeconds, 6.6e-6 + 14 * 0.6e-6);
    QCOMPARE(ll128->latencySeconds, 14e-6 + 14 * 1.9e-6);
    QCOMPARE(parseProtocol("ll128"), std::optional<Protocol>(Protocol::LL128));
    QCOMPARE(parseAlgorithm("recursive_doubling"), std::optional<Algorithm>(Algorithm::RecursiveDoubling));
    QCOMPARE(name(Algorithm::DoubleBinaryTree), std::string_view("tree"));
}

void TestCostModel::autoPicksCheapest_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<qlonglong>("bytes");
    QTest::addColumn<int>("nodes");
    for (const auto& tr : collectives())
        for (Bytes s : { Bytes { 8 }, 64 * KiB, 256 * MiB })
            for (int nodes : { 1, 4 })
                QTest::newRow(QByteArray(tr.name.data(), qsizetype(tr.name.size())) + ", " + QByteArray::number(s)
                    + " B, " + QByteArray::number(nodes) + " nodes")
                    << int(tr.op) << qlonglong(s) << nodes;
}

void TestCostModel::autoPicksCheapest()
{
    QFETCH(int, op);
    QFETCH(qlonglong, bytes);
    QFETCH(int, nodes);
    const auto r = request(Collective(op), Algorithm::Auto, bytes, testTopology(nodes, 8), Protocol::Auto);
    const auto all = candidates(r);
    QVERIFY(!all.empty());
    for (std::size_t i = 1; i < all.size(); ++i)
        QVERIFY(all[i - 1].totalSeconds <= all[i].totalSeconds);
    const auto best = predict(r);
    QVERIFY(best.ok());
    QCOMPARE(best->totalSeconds, all.front().totalSeconds);
    if (all.size() > 1)
        QVERIFY2(best->reason.find(" beats ") != std::string::npos, best->reason.c_str());
    for (const auto& c : all) {
        QVERIFY(std::isfinite(c.totalSeconds) && c.totalSeconds > 0);
        QVERIFY(std::isfinite(c.busBwGBps));
    }
}

void TestCostModel::badInput_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("g");
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("algorithm");
    QTest::addColumn<int>("protocol");
    QTest::addColumn<qlonglong>("bytes");
    QTest::addColumn<double>("intraGBps");
    QTest::addColumn<double>("interGBps");
    QTest::addColumn<int>("root");
    QTest::addColumn<QString>("fragment");
    const int ar = int(Collective::AllReduce);
    const int autoA = int(Algorithm::Auto);
    const int autoP = int(Protocol::Auto);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("0 ranks") << "hgx-h100" << 0 << 8 << ar << autoA << autoP << qlonglong(MiB) << 370.0 << 48.0 << 0
                             << "topology.nodes = 0: must be at least 1";
    QTest::newRow("negative bandwidth") << "hgx-h100" << 1 << 8 << ar << autoA << autoP << qlonglong(MiB) << -1.0
                                        << 48.0 << 0 << "topology.intra.bandwidth_GBps = -1";
    QTest::newRow("NaN bandwidth") << "hgx-h100" << 2 << 8 << ar << autoA << autoP << qlonglong(MiB) << 370.0 << nan
                                   << 0 << "topology.inter.bandwidth_GBps = nan";
    QTest::newRow("0 bytes") << "hgx-h100" << 1 << 8 << ar << autoA << autoP << qlonglong(0) << 370.0 << 48.0 << 0
                             << "bytes = 0: must be between 1";
    QTest::newRow("2^60 bytes") << "hgx-h100" << 1 << 8 << ar << autoA << autoP << (qlonglong(1) << 60) << 370.0 << 48.0
                                << 0 << "bytes = 1152921504606846976";
    QTest::newRow("root out of range") << "hgx-h100" << 1 << 8 << int(Collective::Broadcast) << autoA << autoP
                                       << qlonglong(MiB) << 370.0 << 48.0 << 9 << "root = 9: must be a rank in [0, 8)";
    QTest::newRow("recursive doubling on 6 ranks")
        << "hgx-h100" << 1 << 6 << ar << int(Algorithm::RecursiveDoubling) << autoP << qlonglong(MiB) << 370.0 << 48.0
        << 0 << "algorithm = recursive-doubling: not defined for 6 ranks (needs a power of two)";
    QTest::newRow("NVLS on pcie-gen4") << "pcie-gen4" << 1 << 4 << ar << int(Algorithm::Nvls) << autoP << qlonglong(MiB)
                                       << 22.0 << 12.0 << 0
                                       << "algorithm = nvls: not defined on this topology (needs NVLink SHARP";
    QTest::newRow("hierarchical on 1 node")
        << "hgx-h100" << 1 << 8 << ar << int(Algorithm::Hierarchical) << autoP << qlonglong(MiB) << 370.0 << 48.0 << 0
        << "algorithm = hierarchical: not defined for 8 ranks (on 1 node";
    QTest::newRow("tree for Broadcast") << "hgx-h100" << 1 << 8 << int(Collective::Broadcast)
                                        << int(Algorithm::DoubleBinaryTree) << autoP << qlonglong(MiB) << 370.0 << 48.0
                                        << 0 << "algorithm = tree: not defined for Broadcast";
    QTest::newRow("LL128 on PCIe") << "pcie-gen4" << 1 << 4 << ar << int(Algorithm::Ring) << int(Protocol::LL128)
                                   << qlonglong(MiB) << 22.0 << 12.0 << 0 << "protocol = LL128: LL128 needs NVLink";
}

void TestCostModel::badInput()
{
    QFETCH(QString, preset);
    QFETCH(int, nodes);
    QFETCH(int, g);
    QFETCH(int, op);
    QFETCH(int, algorithm);
    QFETCH(int, protocol);
    QFETCH(qlonglong, bytes);
    QFETCH(double, intraGBps);
    QFETCH(double, interGBps);
    QFETCH(int, root);
    QFETCH(QString, fragment);
    auto t = makeTopology(*findPreset(preset.toStdString()), nodes, g);
    t.intra.bandwidthGBps = intraGBps;
    t.inter.bandwidthGBps = interGBps;
    auto r = request(Collective(op), Algorithm(algorithm), bytes, t, Protocol(protocol));
    r.root = root;
    const auto cost = predict(r);
    QVERIFY(!cost.ok());
    const auto text = toText(cost.problems());
    QVERIFY2(text.find(fragment.toStdString()) != std::string::npos, text.c_str());
    QVERIFY(candidates(r).empty());
    QCOMPARE(toText(validate(r)), text);
}

void TestCostModel::everyPresetFinite()
{
    for (const auto& p : presets())
        for (const auto& tr : collectives())
            for (int ranks : { 1, 2, 8, 64 })
                for (Bytes s : { Bytes { 1 }, 4 * KiB, GiB, kMaxMessageBytes }) {
                    const auto r = request(tr.op, Algorithm::Auto, s, makeTopologyForRanks(p, ranks), Protocol::Auto);
                    const auto cost = predict(r);
                    QVERIFY2(cost.ok(), toText(cost.problems()).c_str());
                    QVERIFY(std::isfinite(cost->totalSeconds) && cost->totalSeconds >= 0);
                    QVERIFY(std::isfinite(cost->algBwGBps) && std::isfinite(cost->busBwGBps));
                    QVERIFY(cost->formula.find("nan") == std::string::npos);
                    QVERIFY(cost->formula.find("inf") == std::string::npos);
                }
}

QTEST_APPLESS_MAIN(TestCostModel)
#include "tst_costmodel.moc"
