// Calibration: measurements generated from a known α and β (with noise from a fixed seed) are fitted back, and
// held-out sizes are predicted within 15% median error.
#include "model/calibrate.h"

#include <QtTest>
#include <cmath>
#include <random>

using namespace tutor::model;

Q_DECLARE_METATYPE(tutor::model::Collective)

namespace {

/// Ring time (Thakur, Rabenseifner, Gropp 2005): steps(op, n)·α + S·F(op, n)/β, F the nccl-tests bus factor,
/// with multiplicative Gaussian noise of relative size `noise`.
std::vector<Measurement> synthetic(
    Collective op, int ranks, double alphaSeconds, double betaGBps, Bytes from, Bytes to, double noise, unsigned seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<double> jitter(0.0, noise);
    std::vector<Measurement> ms;
    for (Bytes s = from; s <= to; s *= 2) {
        Measurement m;
        m.op = op;
        m.ranks = ranks;
        m.bytes = s;
        const double exact = calibrationSteps(op, ranks) * alphaSeconds
            + static_cast<double>(s) * busBandwidthFactor(op, ranks) / (betaGBps * kBytesPerGB);
        m.timeSeconds = exact * (1.0 + jitter(rng));
        computeBandwidths(m);
        ms.push_back(m);
    }
    return ms;
}

} // namespace

class TestCalibrate : public QObject {
    Q_OBJECT
private slots:
    void recoversAlphaBeta_data()
    {
        QTest::addColumn<Collective>("op");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("alpha");
        QTest::addColumn<double>("beta");
        QTest::addColumn<double>("noise");
        QTest::newRow("allreduce, 4 ranks, shared memory, 3% noise")
            << Collective::AllReduce << 4 << 2e-6 << 8.0 << 0.03;
        QTest::newRow("allreduce, 8 ranks, NVLink, 3% noise") << Collective::AllReduce << 8 << 3e-6 << 360.0 << 0.03;
        QTest::newRow("allgather, 16 ranks, InfiniBand, 5% noise")
            << Collective::AllGather << 16 << 6e-6 << 46.0 << 0.05;
        QTest::newRow("broadcast, 2 ranks, no noise") << Collective::Broadcast << 2 << 1e-6 << 5.0 << 0.0;
        QTest::newRow("sendrecv, 2 ranks, 2% noise") << Collective::SendRecv << 2 << 4e-6 << 12.0 << 0.02;
    }
    void recoversAlphaBeta()
    {
        QFETCH(Collective, op);
        QFETCH(int, ranks);
        QFETCH(double, alpha);
        QFETCH(double, beta);
        QFETCH(double, noise);
        const auto ms = synthetic(op, ranks, alpha, beta, 8, 256 * MiB, noise, 42);
        CalibrationOptions options;
        options.allowCrossover = false;
        const auto fit = calibrate(ms, options);
        QVERIFY2(fit.ok(), toText(fit.problems()).c_str());
        QCOMPARE(fit->op, op);
        QCOMPARE(fit->ranks, ranks);
        // Tolerance: a few times the noise (the relative-error fit averages ~13 sizes per parameter).
        const double tolerance = 0.02 + 2 * noise;
        QVERIFY2(std::abs(fit->fit.alphaSeconds / alpha - 1) <= tolerance,
            qPrintable(QString::number(fit->fit.alphaSeconds)));
        QVERIFY2(std::abs(fit->fit.busBandwidthGBps / beta - 1) <= tolerance,
            qPrintable(QString::number(fit->fit.busBandwidthGBps)));
        QVERIFY(fit->medianRelativeError <= 2 * noise + 1e-9);
        QCOMPARE(static_cast<int>(fit->points.size()), static_cast<int>(ms.size()));

        // Held-back sizes (every other one) predicted within 15% median error: the bar.
        const auto held = holdOut(ms, options);
        QVERIFY(held.ok());
        QVERIFY2(held->medianRelativeError < 0.15, qPrintable(QString::number(held->medianRelativeError)));

        const Link base { LinkKind::SharedMemory, 1e-6, 1, 10, "preset" };
        const Link link = toLink(*fit, base);
        QCOMPARE(link.kind, base.kind);
        QCOMPARE(link.lineRateGBps, base.lineRateGBps);
        QCOMPARE(link.alphaSeconds, fit->fit.alphaSeconds);
        QCOMPARE(link.bandwidthGBps, fit->fit.busBandwidthGBps);
    }

    void findsAProtocolCrossover()
    {
        // Below 64 KiB a low-latency, low-bandwidth protocol (LL: α 1 µs, β 4 GB/s); from 64 KiB a bandwidth
        // protocol (Simple: α 10 µs, β 40 GB/s), as NCCL switches.
        const Bytes crossover = 64 * KiB;
        auto small = synthetic(Collective::AllReduce, 4, 1e-6 / 6, 4, 8, crossover / 2, 0.01, 7);
        auto large = synthetic(Collective::AllReduce, 4, 10e-6 / 6, 40, crossover, 256 * MiB, 0.01, 8);
        small.insert(small.end(), large.begin(), large.end());
        const auto fit = calibrate(small);
        QVERIFY(fit.ok());
        QVERIFY(fit->crossoverBytes.has_value());
        QCOMPARE(*fit->crossoverBytes, crossover);
        QVERIFY(std::abs(fit->large.busBandwidthGBps / 40 - 1) < 0.05);
        QVERIFY(std::abs(fit->small.busBandwidthGBps / 4 - 1) < 0.1);
        QVERIFY(fit->medianRelativeError < 0.03);
        // The efficiency curve approaches 1 at the largest size.
        QVERIFY(std::abs(fit->points.back().efficiency - 1) < 0.05);
    }

    void badInput_data()
    {
        QTest::addColumn<int>("sizes");
        QTest::addColumn<bool>("flat");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("no rows") << 0 << false << "at least 2 sizes";
        QTest::newRow("one size") << 1 << false << "at least 2 distinct sizes";
        QTest::newRow("time does not grow with size") << 6 << true << "no bandwidth term";
    }
    void badInput()
    {
        QFETCH(int, sizes);
        QFETCH(bool, flat);
        QFETCH(QString, fragment);
        std::vector<Measurement> ms;
        for (int i = 0; i < sizes; ++i) {
            Measurement m;
            m.ranks = 2;
            m.bytes = Bytes { 8 } << (2 * i);
            m.timeSeconds = flat ? 1e-5 / (1 + 0.1 * i) : 1e-5 + 1e-9 * static_cast<double>(m.bytes);
            ms.push_back(m);
        }
        const auto fit = calibrate(ms);
        QVERIFY(!fit.ok());
        QVERIFY2(QString::fromStdString(toText(fit.problems())).contains(fragment), toText(fit.problems()).c_str());
    }

    void stepsFollowTheRingAndTree_data()
    {
        QTest::addColumn<Collective>("op");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("steps");
        QTest::newRow("allreduce 8: 2(n-1)") << Collective::AllReduce << 8 << 2 * (8 - 1);
        QTest::newRow("allgather 8: n-1") << Collective::AllGather << 8 << 8 - 1;
        QTest::newRow("broadcast 8: log2 n") << Collective::Broadcast << 8 << 3;
        QTest::newRow("reduce 5: ceil(log2 n)") << Collective::Reduce << 5 << 3;
        QTest::newRow("sendrecv: 1") << Collective::SendRecv << 4 << 1;
        QTest::newRow("allreduce 1: at least 1") << Collective::AllReduce << 1 << 1;
    }
    void stepsFollowTheRingAndTree()
    {
        QFETCH(Collective, op);
        QFETCH(int, ranks);
        QFETCH(int, steps);
        QCOMPARE(calibrationSteps(op, ranks), steps);
    }
};

QTEST_APPLESS_MAIN(TestCalibrate)
#include "tst_calibrate.moc"
