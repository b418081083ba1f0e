// SPDX-License-Identifier: MIT
// Schedules and the symbolic executor: every collective × algorithm × rank count is proven correct or refused
// with "not defined for n ranks", and the bytes each rank sends equal the cost model's volume term and the
// closed form (Thakur, Rabenseifner & Gropp 2005; NCCL for the trees and NVLS).
#include "model/collectives/costmodel.h"
#include "model/collectives/executor.h"

#include <QtTest>
#include <algorithm>
#include <cmath>

using namespace tutor::model;

namespace {
/// The topology a schedule of n ranks runs on: one NVLS-capable node, or for hierarchical the most GPUs per
/// node (≤ 8) that leaves at least two nodes.
Topology topologyFor(Algorithm a, int n)
{
    Topology t;
    t.intra = { LinkKind::NVLink, 3.4e-6, 100.0, 150.0, "test" };
    t.inter = { LinkKind::InfiniBand, 14e-6, 25.0, 25.0, "test" };
    t.nvls = true;
    t.nccl.collnet = true;
    t.nodes = 1;
    t.gpusPerNode = n;
    if (a == Algorithm::Hierarchical || a == Algorithm::NvlsTree || a == Algorithm::CollNet) {
        int g = std::min(8, n / 2);
        while (g > 1 && n % g != 0)
            --g;
        g = std::max(g, 1);
        t.gpusPerNode = g;
        t.nodes = n / g;
    }
    t.nicsPerNode = t.gpusPerNode;
    return t;
}

/// The closed-form volume term (bytes the busiest rank sends) when S is a multiple of 2n; -1 for "at most 2S"
/// (the double binary tree, checked as a bound).
double closedFormVolume(Collective op, Algorithm a, int n, double S, const Topology& t)
{
    if (n == 1)
        return 0;
    const double lg = std::ceil(std::log2(n));
    switch (a) {
    case Algorithm::Ring:
        if (op == Collective::AllReduce)
            return 2.0 * (n - 1) / n * S; // RS + AG, each (n−1)/n·S
        if (op == Collective::ReduceScatter || op == Collective::AllGather)
            return (n - 1.0) / n * S;
        return S; // pipelined chain: every rank but the last forwards the whole message
    case Algorithm::DoubleBinaryTree:
        return -1;
    case Algorithm::HalvingDoubling:
        return op == Collective::AllReduce ? 2.0 * (n - 1) / n * S : (n - 1.0) / n * S;
    case Algorithm::RecursiveDoubling:
        return op == Collective::AllReduce ? lg * S : (n - 1.0) / n * S;
    case Algorithm::BinomialTree:
        return op == Collective::Broadcast ? lg * S : S; // the root sends to ⌈log2 n⌉ children
    case Algorithm::Pairwise:
        if (op == Collective::SendRecv)
            return S;
        if (op == Collective::Gather)
            return S / n;
        return (n - 1.0) / n * S;
    case Algorithm::Nvls:
        return op == Collective::AllReduce ? 2.0 * (n - 1) / n * S : (n - 1.0) / n * S;
    case Algorithm::Hierarchical:
    case Algorithm::NvlsTree: // drawn with the two-level schedule
    case Algorithm::CollNet: {
        const double g = t.gpusPerNode, N = t.nodes;
        return 2 * (g - 1) / g * S + 2 * (N - 1) / (N * g) * S;
    }
    default:
        return 0;
    }
}

/// An empty hand-written schedule of one 8-byte chunk, for the executor's error paths.
Schedule oneChunk(Collective op, int ranks)
{
    Schedule s;
    s.op = op;
    s.ranks = ranks;
    s.chunks = 1;
    s.bytes = 8;
    return s;
}

QByteArray label(Collective op, Algorithm a, int n)
{
    return QByteArray(name(op).data(), qsizetype(name(op).size())) + " "
        + QByteArray(name(a).data(), qsizetype(name(a).size())) + " " + QByteArray::number(n) + " ranks";
}
} // namespace

class TestSchedule : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everySchedule_data();
    void everySchedule();
    void remainders_data();
    void remainders();
    void detectsDoubleCounting();
    void detectsSendingUnheldData();
    void detectsWrongResult();
    void stateAfterReduceScatter();
    void ringStepsAreTheTextbookRing_data();
    void ringStepsAreTheTextbookRing();
    void transferListMixesRingsAndExplicitTransfers();
    void manyIntervalsInOneSlot();
    void badArguments();
};

void TestSchedule::everySchedule_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("algorithm");
    QTest::addColumn<int>("ranks");
    std::vector<int> counts;
    for (int n = 1; n <= 17; ++n)
        counts.push_back(n);
    counts.push_back(64);
    counts.push_back(256);
    for (auto a : concreteAlgorithms())
        for (auto op : collectivesOf(a))
            for (int n : counts)
                QTest::newRow(label(op, a, n)) << int(op) << int(a) << n;
}

void TestSchedule::everySchedule()
{
    QFETCH(int, op);
    QFETCH(int, algorithm);
    QFETCH(int, ranks);
    const auto a = Algorithm(algorithm);
    const auto c = Collective(op);
    const auto topology = topologyFor(a, ranks);
    const Bytes S = Bytes { 2 } * ranks * 4096; // a multiple of 2n, so every closed form is a whole number
    const auto schedule = makeSchedule(c, a, ranks, S, 0, &topology);
    if (!schedule.ok()) {
        const auto text = toText(schedule.problems());
        const auto expected = "not defined for " + std::to_string(ranks) + (ranks == 1 ? " rank" : " ranks");
        QVERIFY2(text.find(expected) != std::string::npos, text.c_str());
        return;
    }
    const auto result = verify(schedule.value());
    QVERIFY2(result.ok, result.detail.c_str());

    CollectiveRequest r;
    r.op = c;
    r.algorithm = a;
    r.protocol = Protocol::Simple;
    r.bytes = S;
    r.topology = topology;
    const auto cost = predict(r);
    QVERIFY2(cost.ok(), toText(cost.problems()).c_str());
    QCOMPARE(schedule->maxBytesSent(), cost->bytesSentPerRank);
    const double closed = closedFormVolume(c, a, ranks, double(S), topology);
    if (closed >= 0)
        QCOMPARE(double(cost->bytesSentPerRank), closed);
    else
        QVERIFY(cost->bytesSentPerRank <= 2 * S);
}

void TestSchedule::remainders_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<qlonglong>("bytes");
    QTest::newRow("3 ranks, 1000003 B") << 3 << qlonglong(1000003);
    QTest::newRow("7 ranks, 100 B") << 7 << qlonglong(100);
    QTest::newRow("17 ranks, 5 B (fewer bytes than chunks)") << 17 << qlonglong(5);
}

void TestSchedule::remainders()
{
    // When n does not divide S the first S mod n chunks carry one byte more; the cost model rounds every chunk
    // up to ⌈S/n⌉, so its volume exceeds the schedule's by less than one byte per chunk sent.
    QFETCH(int, ranks);
    QFETCH(qlonglong, bytes);
    const auto s = makeSchedule(Collective::AllReduce, Algorithm::Ring, ranks, bytes);
    QVERIFY(s.ok());
    QVERIFY2(verify(*s).ok, verify(*s).detail.c_str());
    Topology t;
    t.gpusPerNode = ranks;
    t.intra = { LinkKind::NVLink, 3.4e-6, 100.0, 150.0, "test" };
    t.inter = t.intra;
    t.inter.kind = LinkKind::InfiniBand;
    CollectiveRequest r;
    r.bytes = bytes;
    r.topology = t;
    r.algorithm = Algorithm::Ring;
    const auto cost = predict(r);
    QVERIFY(cost.ok());
    QVERIFY(cost->bytesSentPerRank >= s->maxBytesSent());
    QVERIFY(cost->bytesSentPerRank - s->maxBytesSent() < 2 * (ranks - 1));
}

void TestSchedule::detectsDoubleCounting()
{
    auto s = oneChunk(Collective::AllReduce, 2);
    const Transfer t { RankId { 0 }, RankId { 1 }, ChunkId { 0 }, 8, true };
    s.steps = { Step { { t } }, Step { { t } } };
    const auto v = verify(s);
    QVERIFY(!v.ok);
    QVERIFY2(v.detail.find("twice") != std::string::npos, v.detail.c_str());
}

void TestSchedule::detectsSendingUnheldData()
{
    auto s = oneChunk(Collective::Broadcast, 3);
    s.steps = { Step { { Transfer { RankId { 1 }, RankId { 2 }, ChunkId { 0 }, 8, false } } } };
    const auto v = verify(s);
    QVERIFY(!v.ok);
    QVERIFY2(v.detail.find("rank 1 sends chunk 0 it does not hold") != std::string::npos, v.detail.c_str());
}

void TestSchedule::detectsWrongResult()
{
    auto s = makeSchedule(Collective::AllReduce, Algorithm::Ring, 4, 4096);
    QVERIFY(s.ok());
    s.value().steps.pop_back(); // drop the last all-gather step
    const auto v = verify(*s);
    QVERIFY(!v.ok);
    QVERIFY2(v.detail.find("but needs {0..3}") != std::string::npos, v.detail.c_str());
}

void TestSchedule::stateAfterReduceScatter()
{
    // Ring AllReduce = n−1 reduce-scatter steps, after which rank r holds chunk r summed over all ranks.
    const int n = 5;
    const auto s = makeSchedule(Collective::AllReduce, Algorithm::Ring, n, 5 * 1024);
    QVERIFY(s.ok());
    QCOMPARE(int(s->steps.size()), 2 * (n - 1));
    const auto start = initialState(*s);
    QCOMPARE(start[2].chunks[3].count(), 1);
    QVERIFY(start[2].chunks[3].contains(2));
    const auto mid = stateAfter(*s, n - 1);
    for (int r = 0; r < n; ++r)
        QCOMPARE(mid[std::size_t(r)].chunks[std::size_t(r)].count(), n);
    const auto end = stateAfter(*s, 1000); // clamped
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            QCOMPARE(end[std::size_t(r)].chunks[std::size_t(c)].count(), n);
}

void TestSchedule::ringStepsAreTheTextbookRing_data()
{
    QTest::addColumn<int>("n");
    for (int n : { 2, 3, 5, 8, 17, 64 })
        QTest::addRow("%d ranks", n) << n;
}

void TestSchedule::ringStepsAreTheTextbookRing()
{
    // Ring AllReduce (Patarasuk & Yuan 2009): in reduce-scatter step k rank i sends chunk (i − k − 1) mod n to
    // i + 1, which adds it; in all-gather step k it forwards chunk (i − k) mod n. The schedule stores each ring
    // pass once; here every step is compared, by iteration and by index, with the transfers written out.
    QFETCH(int, n);
    const Bytes S = 1000 * n + 7; // the first S mod n chunks are one byte larger
    const auto s = makeSchedule(Collective::AllReduce, Algorithm::Ring, n, S);
    QVERIFY(s.ok());
    QCOMPARE(int(s->steps.size()), 2 * (n - 1));
    for (int k = 0; k < 2 * (n - 1); ++k) {
        const bool reduce = k < n - 1;
        const int shift = reduce ? k + 1 : k - (n - 1);
        std::vector<Transfer> expected;
        for (int i = 0; i < n; ++i) {
            const int chunk = ((i - shift) % n + n) % n;
            expected.push_back(
                { RankId { i }, RankId { (i + 1) % n }, ChunkId { chunk }, S / n + (chunk < S % n ? 1 : 0), reduce });
        }
        const auto& list = s->steps[static_cast<std::size_t>(k)].transfers;
        QCOMPARE(list.size(), expected.size());
        QVERIFY(list.toVector() == expected);
        for (std::size_t i = 0; i < expected.size(); ++i)
            QVERIFY(list[i] == expected[i]);
    }
}

void TestSchedule::transferListMixesRingsAndExplicitTransfers()
{
    // A pass with unequal blocks (sizes 2, 0, 3, 1), between explicit transfers: iteration, operator[] and
    // equality all agree with the transfers written out from RingPass's definition.
    auto pass = std::make_shared<RingPass>();
    pass->members = { RankId { 4 }, RankId { 6 }, RankId { 1 }, RankId { 3 } };
    pass->blockStart = { 0, 2, 2, 5, 6 };
    for (int c = 0; c < 6; ++c) {
        pass->chunks.push_back(ChunkId { 10 + c });
        pass->chunkBytes.push_back(100 + c);
    }
    const Transfer a { RankId { 0 }, RankId { 2 }, ChunkId { 1 }, 8, false };
    const Transfer b { RankId { 2 }, RankId { 0 }, ChunkId { 2 }, 9, true };
    for (int shift : { 0, 1, 2, 3, 5, -1 }) {
        TransferList list { a };
        list.appendRing(pass, shift, true);
        list.push_back(b);
        list.appendRing(pass, shift + 1, false);

        std::vector<Transfer> expected { a };
        const auto writeOut = [&](int k, bool reduce) {
            for (int i = 0; i < 4; ++i) {
                const int block = ((i - k) % 4 + 4) % 4;
                for (auto c = pass->blockStart[block]; c < pass->blockStart[block + 1]; ++c)
                    expected.push_back(
                        { pass->members[i], pass->members[(i + 1) % 4], pass->chunks[c], pass->chunkBytes[c], reduce });
            }
        };
        writeOut(shift, true);
        expected.push_back(b);
        writeOut(shift + 1, false);

        QCOMPARE(list.size(), expected.size());
        QVERIFY(list.toVector() == expected);
        for (std::size_t i = 0; i < expected.size(); ++i)
            QVERIFY2(list[i] == expected[i], qPrintable(QStringLiteral("shift %1, transfer %2").arg(shift).arg(i)));
        TransferList flat;
        for (const auto& t : expected)
            flat.push_back(t);
        QVERIFY(flat == list);
        flat.push_back(a);
        QVERIFY(!(flat == list));
    }
}

void TestSchedule::manyIntervalsInOneSlot()
{
    // Rank 0 gathers the sums of ranks 2, 4 and 6 into chunk 0 of an 8-rank Reduce: {0}, {2}, {4}, {6} are four
    // intervals, more than a slot keeps inline. Bringing rank 4's data again must be caught as a double count.
    auto s = oneChunk(Collective::Reduce, 8);
    const auto send = [](int src) { return Transfer { RankId { src }, RankId { 0 }, ChunkId { 0 }, 8, true }; };
    s.steps = { Step { { send(2) } }, Step { { send(4) } }, Step { { send(6) } } };
    const auto after = stateAfter(s, 3);
    const std::vector<std::pair<int, int>> held { { 0, 1 }, { 2, 3 }, { 4, 5 }, { 6, 7 } };
    QVERIFY(after[0].chunks[0].intervals == held);
    QCOMPARE(after[0].chunks[0].count(), 4);
    s.steps.push_back(Step { { send(4) } });
    const auto v = verify(s);
    QVERIFY(!v.ok);
    QVERIFY2(
        v.detail.find("step 3: rank 0 would count {4} twice in chunk 0 (it holds {0, 2, 4, 6})") != std::string::npos,
        v.detail.c_str());
    // Filling the gaps merges everything back into one interval: the Reduce is then complete.
    s.steps.back() = Step { { send(1), send(3), send(5), send(7) } };
    const auto done = verify(s);
    QVERIFY2(done.ok, done.detail.c_str());
}

void TestSchedule::badArguments()
{
    const auto zero = makeSchedule(Collective::AllReduce, Algorithm::Ring, 0, 8);
    QVERIFY(!zero.ok());
    QVERIFY(toText(zero.problems()).find("ranks = 0") != std::string::npos);
    const auto root = makeSchedule(Collective::Broadcast, Algorithm::BinomialTree, 4, 8, 7);
    QVERIFY(!root.ok());
    QVERIFY(toText(root.problems()).find("root = 7") != std::string::npos);
    const auto wrong = makeSchedule(Collective::AllToAll, Algorithm::Ring, 4, 8);
    QVERIFY(!wrong.ok());
    QVERIFY(toText(wrong.problems()).find("algorithm = ring: not defined for AllToAll") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
