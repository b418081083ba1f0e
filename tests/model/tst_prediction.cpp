// SPDX-License-Identifier: MIT
// model/measure/prediction.h: the live lab's model side. Overlap against its closed-form definitions, the sizes a
// run is predicted at, the table rows joined by size, the topology of ranks over hosts, and predictSizes as
// model::predict size by size.
#include "model/collectives/costmodel.h"
#include "model/collectives/hardware.h"
#include "model/measure/calibrate.h"
#include "model/measure/measurement.h"
#include "model/measure/prediction.h"

#include <QtTest>
#include <optional>
#include <vector>

using namespace tutor::model;

Q_DECLARE_METATYPE(std::vector<tutor::model::Bytes>)

namespace {

Measurement measurement(Bytes bytes, bool inPlace, Seconds time = 1e-5)
{
    Measurement m;
    m.op = Collective::AllReduce;
    m.ranks = 4;
    m.bytes = bytes;
    m.count = bytes / 4;
    m.inPlace = inPlace;
    m.timeSeconds = time;
    computeBandwidths(m);
    return m;
}

FitPoint fitPoint(Bytes bytes, Seconds measured, Seconds fitted)
{
    FitPoint p;
    p.bytes = bytes;
    p.measuredSeconds = measured;
    p.fittedSeconds = fitted;
    p.relativeError = (fitted - measured) / measured;
    return p;
}

HardwarePreset preset(const char* id)
{
    return *findPreset(id);
}

} // namespace

class TestPrediction : public QObject {
    Q_OBJECT
private slots:
    void overlap_data()
    {
        QTest::addColumn<double>("computeUs");
        QTest::addColumn<double>("commUs");
        QTest::addColumn<double>("overallUs");
        QTest::addColumn<double>("htaPct");
        QTest::addColumn<double>("osuPct");
        // Fully concurrent streams: overall = max(compute, comm). HTA overlap is the share of the collective
        // hidden under compute, 100·min(compute, comm)/comm; OSU overlap is 100 − 100·(overall − compute)/comm.
        // With comm > compute both reduce to 100·compute/comm; with comm ≤ compute the collective is hidden
        // entirely and both are 100; a collective of zero time has no overlap to speak of (0).
        const double compute = 30, comm = 120;
        QTest::newRow("comm > compute") << compute << comm << comm << 100 * compute / comm << 100 * compute / comm;
        QTest::newRow("comm < compute") << comm << compute << comm << 100.0 << 100.0;
        QTest::newRow("comm = compute") << compute << compute << compute << 100.0 << 100.0;
        QTest::newRow("comm = 0") << compute << 0.0 << compute << 0.0 << 0.0;
    }
    void overlap()
    {
        QFETCH(double, computeUs);
        QFETCH(double, commUs);
        QFETCH(double, overallUs);
        QFETCH(double, htaPct);
        QFETCH(double, osuPct);
        const OverlapPrediction p = predictOverlap(computeUs, commUs);
        QCOMPARE(p.computeUs, computeUs);
        QCOMPARE(p.commUs, commUs);
        QCOMPARE(p.overallUs, overallUs);
        QCOMPARE(p.htaPct, htaPct);
        QCOMPARE(p.osuPct, osuPct);
    }

    void measuredSizes_data()
    {
        QTest::addColumn<std::vector<Bytes>>("outOfPlace");
        QTest::addColumn<std::vector<Bytes>>("inPlace");
        QTest::addColumn<std::vector<Bytes>>("expected");
        QTest::newRow("no rows") << std::vector<Bytes> {} << std::vector<Bytes> {} << std::vector<Bytes> {};
        QTest::newRow("in-place rows ignored beside out-of-place ones")
            << std::vector<Bytes> { 64, 8 } << std::vector<Bytes> { 8, 1024 } << std::vector<Bytes> { 8, 64 };
        QTest::newRow("repeated sizes counted once")
            << std::vector<Bytes> { 8, 64, 8, 64 } << std::vector<Bytes> {} << std::vector<Bytes> { 8, 64 };
        QTest::newRow("only in-place rows: their sizes")
            << std::vector<Bytes> {} << std::vector<Bytes> { 1024, 8, 1024 } << std::vector<Bytes> { 8, 1024 };
    }
    void measuredSizes()
    {
        QFETCH(std::vector<Bytes>, outOfPlace);
        QFETCH(std::vector<Bytes>, inPlace);
        QFETCH(std::vector<Bytes>, expected);
        std::vector<Measurement> rows;
        // Interleaved, as a worker sweep writes them (out-of-place then in-place at each size).
        for (std::size_t i = 0; i < std::max(outOfPlace.size(), inPlace.size()); ++i) {
            if (i < outOfPlace.size())
                rows.push_back(measurement(outOfPlace[i], false));
            if (i < inPlace.size())
                rows.push_back(measurement(inPlace[i], true));
        }
        QCOMPARE(tutor::model::measuredSizes(rows), expected);
    }

    void measurementRowsJoinBySize()
    {
        const std::vector<Measurement> ms { measurement(8, false, 2e-6), measurement(8, true, 3e-6),
            measurement(64, false, 4e-6), measurement(128, false, 5e-6) };
        const std::vector<PredictedPoint> predicted { { 64, 3.5e-6 }, { 8, 1.5e-6 } }; // none at 128 B
        Calibration calibration;
        calibration.points = { fitPoint(8, 2e-6, 2.2e-6), fitPoint(64, 4e-6, 3.9e-6) };

        const auto rows = measurementRows(ms, predicted, calibration);
        QCOMPARE(rows.size(), ms.size());
        for (std::size_t i = 0; i < ms.size(); ++i)
            QCOMPARE(rows[i].measurement, ms[i]); // every measurement, in the order given
        QCOMPARE(rows[0].predictedSeconds, std::optional<Seconds> { 1.5e-6 });
        QCOMPARE(rows[1].predictedSeconds, std::optional<Seconds> { 1.5e-6 }); // in-place rows get the model too
        QCOMPARE(rows[2].predictedSeconds, std::optional<Seconds> { 3.5e-6 });
        QCOMPARE(rows[3].predictedSeconds, std::optional<Seconds> {});
        QCOMPARE(rows[0].fit, std::optional<FitPoint> { calibration.points[0] });
        QCOMPARE(rows[1].fit, std::optional<FitPoint> {}); // in-place: the calibration fitted the other kind
        QCOMPARE(rows[2].fit, std::optional<FitPoint> { calibration.points[1] });
        QCOMPARE(rows[3].fit, std::optional<FitPoint> {}); // a size the calibration did not fit

        for (const auto& row : measurementRows(ms, predicted, std::nullopt))
            QVERIFY(!row.fit.has_value());
        QVERIFY(measurementRows({}, predicted, calibration).empty());
    }

    void liveTopology_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("hosts");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("perNode");
        QTest::addColumn<QString>("problem");
        // topology.h's buildTopology: nodes and ranks given, each node holds ranks / nodes, and nodes must
        // divide ranks. One host is one node of every rank, even past the preset's GPUs per node (8 here).
        QTest::newRow("1 host, 4 ranks: one node of 4") << 4 << 1 << 1 << 4 << "";
        QTest::newRow("1 host, 16 ranks: one node of 16") << 16 << 1 << 1 << 16 << "";
        QTest::newRow("0 hosts count as 1") << 4 << 0 << 1 << 4 << "";
        QTest::newRow("2 hosts, 16 ranks: 2 × 8") << 16 << 2 << 2 << 8 << "";
        QTest::newRow("4 hosts, 8 ranks: 4 × 2") << 8 << 4 << 4 << 2 << "";
        QTest::newRow("3 hosts, 16 ranks: hosts must divide ranks")
            << 16 << 3 << 0 << 0 << "nodes = 3: must divide ranks = 16";
    }
    void liveTopology()
    {
        QFETCH(int, ranks);
        QFETCH(int, hosts);
        QFETCH(int, nodes);
        QFETCH(int, perNode);
        QFETCH(QString, problem);
        const HardwarePreset h100 = preset("hgx-h100");
        const auto topology = tutor::model::liveTopology(h100, ranks, hosts);
        if (!problem.isEmpty()) {
            QVERIFY(!topology);
            const QString text = QString::fromStdString(toText(topology.problems()));
            QVERIFY2(text.contains(problem), qPrintable(text));
            return;
        }
        QVERIFY2(topology, toText(topology.problems()).c_str());
        QCOMPARE(topology->nodes, nodes);
        QCOMPARE(topology->gpusPerNode, perNode);
        QCOMPARE(topology->ranks(), ranks);
        QCOMPARE(topology->intra, h100.intra);
        QCOMPARE(topology->inter, h100.inter);
    }

    void predictSizesIsPredictPerSize_data()
    {
        QTest::addColumn<int>("op");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("hosts");
        QTest::newRow("AllReduce, 8 ranks, 1 host") << int(Collective::AllReduce) << 8 << 1;
        QTest::newRow("AllGather, 16 ranks, 2 hosts") << int(Collective::AllGather) << 16 << 2;
        QTest::newRow("Broadcast, 2 ranks, 1 host") << int(Collective::Broadcast) << 2 << 1;
    }
    void predictSizesIsPredictPerSize()
    {
        QFETCH(int, op);
        QFETCH(int, ranks);
        QFETCH(int, hosts);
        const auto topology = tutor::model::liveTopology(preset("hgx-h100"), ranks, hosts);
        QVERIFY(topology);
        // Not ascending on purpose: the points come back in the order asked.
        const std::vector<Bytes> sizes { 64 * MiB, 1024, 1 * MiB, 64 };
        std::string problem;
        const auto points = predictSizes(static_cast<Collective>(op), DType::Bf16, *topology, sizes, &problem);
        QVERIFY2(problem.empty(), problem.c_str());
        QCOMPARE(points.size(), sizes.size());
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            CollectiveRequest request;
            request.op = static_cast<Collective>(op);
            request.bytes = sizes[i];
            request.dtype = DType::Bf16;
            request.topology = *topology;
            const auto cost = predict(request);
            QVERIFY(cost);
            QCOMPARE(points[i].bytes, sizes[i]);
            QCOMPARE(points[i].seconds, cost->totalSeconds);
        }
    }

    void predictSizesSkipsRejectedSizes()
    {
        const auto topology = tutor::model::liveTopology(preset("hgx-h100"), 8, 1);
        QVERIFY(topology);
        std::string problem;
        // 0 B is below predict()'s smallest message (costmodel.h: 1 ≤ bytes ≤ kMaxMessageBytes).
        const auto points = predictSizes(Collective::AllReduce, DType::Fp32, *topology, { 0, 1024 }, &problem);
        QCOMPARE(points.size(), std::size_t { 1 });
        QCOMPARE(points.front().bytes, Bytes { 1024 });
        QVERIFY2(QString::fromStdString(problem).contains(QStringLiteral("bytes")), problem.c_str());
        QCOMPARE(predictSizes(Collective::AllReduce, DType::Fp32, *topology, { 0 }).size(), std::size_t { 0 });
    }
};

QTEST_APPLESS_MAIN(TestPrediction)
#include "tst_prediction.moc"
