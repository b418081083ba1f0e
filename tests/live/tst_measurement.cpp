// SPDX-License-Identifier: MIT
// Measurements: nccl-tests text and -J JSON import from fixtures, measurement files (JSON Lines) saved and
// loaded, and bad files reported with file:line.
#include "model/measure/measurement.h"
#include "model/measure/ncclimport.h"

#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

using namespace tutor::model;

Q_DECLARE_METATYPE(tutor::model::Collective)

namespace {
/// Rows of a -b/-e/-f 2 sweep: log2(max/min) + 1 (nccl-tests' sweep loop).
int sweepRows(Bytes minBytes, Bytes maxBytes)
{
    return static_cast<int>(std::log2(static_cast<double>(maxBytes) / static_cast<double>(minBytes))) + 1;
}
} // namespace

class TestMeasurement : public QObject {
    Q_OBJECT
private slots:
    void importFixture_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<Collective>("op");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("rows");
        QTest::addColumn<Bytes>("firstBytes");
        // Each fixture's header states its sweep: -b/-e with -f 2; two measurements (out-of-place, in-place) per row.
        QTest::newRow("all_reduce_perf text, 8 GPUs, NCCL INFO lines")
            << "all_reduce_perf_8xh100.txt" << Collective::AllReduce << 8 << 2 * sweepRows(8, 128 * MiB) << Bytes { 8 };
        QTest::newRow("all_gather_perf text, 2 nodes, srun prefix")
            << "all_gather_perf_2x8.txt" << Collective::AllGather << 16 << 2 * sweepRows(MiB, GiB) << MiB;
        QTest::newRow("reduce_scatter_perf -J JSON, 4 GPUs")
            << "reduce_scatter_perf_4xa100.json" << Collective::ReduceScatter << 4 << 2 * sweepRows(KiB, 16 * MiB)
            << KiB;
    }
    void importFixture()
    {
        QFETCH(QString, file);
        QFETCH(Collective, op);
        QFETCH(int, ranks);
        QFETCH(int, rows);
        QFETCH(Bytes, firstBytes);
        const QString path = QFINDTESTDATA("data/" + file);
        QVERIFY(!path.isEmpty());
        const auto result = importNcclTests(path.toStdString());
        QVERIFY2(result.ok(), toText(result.problems()).c_str());
        const auto& ms = *result;
        QCOMPARE(static_cast<int>(ms.size()), rows);
        QCOMPARE(ms.front().bytes, firstBytes);
        QVERIFY(!ms[0].inPlace);
        QVERIFY(ms[1].inPlace);
        for (const auto& m : ms) {
            QCOMPARE(m.op, op);
            QCOMPARE(m.ranks, ranks);
            QCOMPARE(m.wrong, std::int64_t { 0 });
            QVERIFY(validate(m, "m").empty());
            // nccl-tests doc/PERFORMANCE.md: algbw = S / t, busbw = algbw · factor(op, n); the log prints both
            // rounded to 0.01 GB/s and the time to a few digits, so compare where they carry ≥ 3 digits.
            if (m.algBwGBps >= 1) {
                QVERIFY(
                    std::abs(m.busBwGBps - m.algBwGBps * busBandwidthFactor(op, ranks)) <= 0.011 + 0.002 * m.busBwGBps);
                const double algbw = static_cast<double>(m.bytes) / m.timeSeconds / kBytesPerGB;
                QVERIFY2(
                    std::abs(algbw - m.algBwGBps) <= 0.01 * m.algBwGBps + 0.011, qPrintable(QString::number(m.bytes)));
            }
        }
    }

    void importHintsFillWhatTheFileLacks()
    {
        const QString path = QFINDTESTDATA("data/no_collective_named.txt");
        const auto without = importNcclTests(path.toStdString());
        QVERIFY(!without.ok());
        QCOMPARE(without.problems().front().field, std::string("op"));
        ImportHints hints;
        hints.op = Collective::AllReduce;
        const auto with = importNcclTests(path.toStdString(), hints);
        QVERIFY2(with.ok(), toText(with.problems()).c_str());
        QCOMPARE(with->front().ranks, 2);
    }

    void badFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("text row with a non-numeric time") << "bad_time_all_reduce_perf.txt"
                                                          << "bad_time_all_reduce_perf.txt:14"
                                                          << "time = abc";
        QTest::newRow("JSON with a syntax error") << "broken_reduce_scatter_perf.json"
                                                  << "broken_reduce_scatter_perf.json:5"
                                                  << "not valid JSON";
    }
    void badFile()
    {
        QFETCH(QString, file);
        QFETCH(QString, where);
        QFETCH(QString, fragment);
        const QString path = QFINDTESTDATA("data/" + file);
        const auto result = importNcclTests(path.toStdString());
        QVERIFY(!result.ok());
        const Problem& p = result.problems().front();
        QVERIFY2(QString::fromStdString(p.where).endsWith(where), p.where.c_str());
        QVERIFY2(QString::fromStdString(p.text()).contains(fragment), p.text().c_str());
    }

    void missingFileNamesThePath()
    {
        const auto result = importNcclTests("/nonexistent/all_reduce_perf.txt");
        QVERIFY(!result.ok());
        QVERIFY(QString::fromStdString(result.problems().front().text()).contains("/nonexistent/all_reduce_perf.txt"));
    }

    void jsonLinesRoundTrip()
    {
        const auto imported = importNcclTests(QFINDTESTDATA("data/all_reduce_perf_8xh100.txt").toStdString());
        QVERIFY(imported.ok());
        auto ms = *imported;
        ms[3].minSeconds = 1e-6;
        ms[3].medianSeconds = 2e-6;
        ms[3].p99Seconds = 9e-6;
        ms[3].iterations = 20;
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/run.jsonl").toStdString();
        QVERIFY(saveMeasurements(path, ms).empty());
        const auto loaded = loadMeasurements(path);
        QVERIFY2(loaded.ok(), toText(loaded.problems()).c_str());
        QCOMPARE(loaded->size(), ms.size());
        for (std::size_t i = 0; i < ms.size(); ++i) {
            const auto& a = ms[i];
            const auto& b = (*loaded)[i];
            QCOMPARE(b.op, a.op);
            QCOMPARE(b.bytes, a.bytes);
            QCOMPARE(b.ranks, a.ranks);
            QCOMPARE(b.inPlace, a.inPlace);
            QCOMPARE(b.dtype, a.dtype);
            QCOMPARE(b.source, a.source);
            QVERIFY(qFuzzyCompare(b.timeSeconds, a.timeSeconds));
            QVERIFY(qFuzzyCompare(1 + b.busBwGBps, 1 + a.busBwGBps));
            QVERIFY(qFuzzyCompare(1 + b.p99Seconds, 1 + a.p99Seconds));
        }
    }

    void measurementLinesSkipOtherRecords()
    {
        const std::string text = R"({"type":"hello","protocol":1,"backend":"mpi","ranks":2}
{"type":"measurement","protocol":1,"op":"allreduce","bytes":1024,"count":256,"dtype":"float","ranks":2,"in_place":false,"time_us":10.0,"algbw_GBps":0.1024,"busbw_GBps":0.1024,"wrong":0}
{"type":"done","protocol":1,"exit_code":0}
)";
        const auto result = parseMeasurementLines(text, "run.jsonl");
        QVERIFY2(result.ok(), toText(result.problems()).c_str());
        QCOMPARE(result->size(), std::size_t { 1 });
        QCOMPARE(result->front().bytes, Bytes { 1024 });
    }

    void badMeasurementLines_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("fragment");
        const QString good
            = R"({"type":"measurement","protocol":1,"op":"allreduce","bytes":8,"time_us":1.0,"ranks":2})";
        QTest::newRow("garbage on line 2") << good + "\nSegmentation fault\n"
                                           << "m.jsonl:2"
                                           << "record = Segmentation";
        QTest::newRow("protocol 2 on line 1") << R"({"type":"measurement","protocol":2})"
                                              << "m.jsonl:1"
                                              << "protocol = 2";
        QTest::newRow("unknown op on line 3")
            << good + "\n" + good + "\n" + QString(good).replace("allreduce", "allsum") << "m.jsonl:3"
            << "op = allsum";
        QTest::newRow("zero time on line 1") << QString(good).replace("1.0", "0") << "m.jsonl:1"
                                             << "time_us";
        QTest::newRow("bytes missing on line 1")
            << R"({"type":"measurement","protocol":1,"op":"allreduce","time_us":1})"
            << "m.jsonl:1"
            << "bytes = missing";
    }
    void badMeasurementLines()
    {
        QFETCH(QString, text);
        QFETCH(QString, where);
        QFETCH(QString, fragment);
        const auto result = parseMeasurementLines(text.toStdString(), "m.jsonl");
        QVERIFY(!result.ok());
        const Problem& p = result.problems().front();
        QCOMPARE(QString::fromStdString(p.where), where);
        QVERIFY2(QString::fromStdString(p.text()).contains(fragment), p.text().c_str());
    }
};

QTEST_APPLESS_MAIN(TestMeasurement)
#include "tst_measurement.moc"
