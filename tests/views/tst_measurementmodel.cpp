// SPDX-License-Identifier: MIT
// MeasurementModel: a thin adapter over model::MeasurementRow checked by QAbstractItemModelTester, its cells
// against values computed here from nccl-tests' definitions (doc/PERFORMANCE.md), and numeric sorting.
#include "model/measure/measurement.h"
#include "model/measure/prediction.h"
#include "views/measurementmodel.h"
#include "views/text.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTest>
#include <cmath>

using namespace tutor;
using views::MeasurementModel;

Q_DECLARE_METATYPE(tutor::model::Collective)

namespace {

model::Measurement measurement(model::Collective op, int ranks, model::Bytes bytes, model::Seconds time, bool inPlace)
{
    model::Measurement m;
    m.op = op;
    m.ranks = ranks;
    m.bytes = bytes;
    m.count = bytes / 4;
    m.inPlace = inPlace;
    m.timeSeconds = time;
    m.iterations = 20;
    m.source = "commtutor-live mpi";
    model::computeBandwidths(m);
    return m;
}

std::vector<model::MeasurementRow> sweep(int rows)
{
    std::vector<model::MeasurementRow> out;
    for (int i = 0; i < rows; ++i) {
        model::MeasurementRow row;
        row.measurement
            = measurement(model::Collective::AllReduce, 4, model::Bytes { 8 } << (i % 20), 1e-6 * (i + 1), i % 2 == 1);
        if (i % 3 == 0)
            row.predictedSeconds = 0.9e-6 * (i + 1);
        out.push_back(row);
    }
    return out;
}

QVariant cell(const MeasurementModel& model, int column, int role = Qt::DisplayRole)
{
    return model.data(model.index(0, column), role);
}

} // namespace

class TstMeasurementModel : public QObject {
    Q_OBJECT
private slots:
    void passesTheTester_data()
    {
        QTest::addColumn<int>("rows");
        QTest::newRow("no measurements") << 0;
        QTest::newRow("one measurement") << 1;
        QTest::newRow("a 200-row sweep") << 200;
    }
    void passesTheTester()
    {
        QFETCH(int, rows);
        MeasurementModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(sweep(3));
        model.setRows(sweep(rows));
        QCOMPARE(model.rowCount(), rows);
        QCOMPARE(model.columnCount(), static_cast<int>(MeasurementModel::ColumnCount));
    }

    void headers()
    {
        MeasurementModel model;
        for (int column = 0; column < MeasurementModel::ColumnCount; ++column) {
            QVERIFY(!model.headerData(column, Qt::Horizontal).toString().isEmpty());
            QVERIFY(!model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
        }
    }

    void cells_data()
    {
        QTest::addColumn<model::Collective>("op");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<bool>("inPlace");
        QTest::addColumn<double>("busFactor");
        using model::Collective;
        // nccl-tests' bus-bandwidth factors (doc/PERFORMANCE.md): AllReduce 2(n−1)/n, AllGather (n−1)/n,
        // Broadcast 1.
        QTest::newRow("AllReduce, 4 ranks, 1 MiB, out-of-place")
            << Collective::AllReduce << 4 << qint64 { 1 << 20 } << 250e-6 << false << 2.0 * (4 - 1) / 4;
        QTest::newRow("AllReduce, 8 ranks, 64 MiB, in-place")
            << Collective::AllReduce << 8 << qint64 { 64 << 20 } << 4e-3 << true << 2.0 * (8 - 1) / 8;
        QTest::newRow("AllGather, 16 ranks, 8 KiB, out-of-place")
            << Collective::AllGather << 16 << qint64 { 8 << 10 } << 30e-6 << false << (16.0 - 1) / 16;
        QTest::newRow("Broadcast, 2 ranks, 8 B, out-of-place")
            << Collective::Broadcast << 2 << qint64 { 8 } << 5e-6 << false << 1.0;
    }
    void cells()
    {
        QFETCH(model::Collective, op);
        QFETCH(int, ranks);
        QFETCH(qint64, bytes);
        QFETCH(double, seconds);
        QFETCH(bool, inPlace);
        QFETCH(double, busFactor);
        model::MeasurementRow row;
        row.measurement = measurement(op, ranks, bytes, seconds, inPlace);
        row.predictedSeconds = 0.8 * seconds;
        if (!inPlace)
            row.fit = model::FitPoint { bytes, seconds, 1.1 * seconds, 0.1, 0.75 };
        MeasurementModel model;
        model.setRows({ row });

        // algbw = S / t and busbw = algbw · factor, in GB/s (10⁹ B/s).
        const double algBw = static_cast<double>(bytes) / seconds / 1e9;
        const double busBw = algBw * busFactor;
        QVERIFY(qFuzzyCompare(cell(model, MeasurementModel::AlgBw, MeasurementModel::RawValueRole).toDouble(), algBw));
        QVERIFY(qFuzzyCompare(cell(model, MeasurementModel::BusBw, MeasurementModel::RawValueRole).toDouble(), busBw));
        QCOMPARE(cell(model, MeasurementModel::AlgBw).toString(), views::bandwidthText(algBw));
        QCOMPARE(cell(model, MeasurementModel::BusBw).toString(), views::bandwidthText(busBw));

        QCOMPARE(cell(model, MeasurementModel::Op).toString(), views::toQString(model::name(op)));
        QCOMPARE(cell(model, MeasurementModel::Op, MeasurementModel::RawValueRole).toInt(), static_cast<int>(op));
        QCOMPARE(cell(model, MeasurementModel::Size).toString(), views::bytesText(bytes));
        QCOMPARE(cell(model, MeasurementModel::Size, MeasurementModel::RawValueRole).toLongLong(), bytes);
        QCOMPARE(cell(model, MeasurementModel::InPlace, MeasurementModel::RawValueRole).toBool(), inPlace);
        QCOMPARE(cell(model, MeasurementModel::Measured).toString(), views::secondsText(seconds));
        QCOMPARE(cell(model, MeasurementModel::Measured, MeasurementModel::RawValueRole).toDouble(), seconds);
        QCOMPARE(cell(model, MeasurementModel::Predicted).toString(), views::secondsText(0.8 * seconds));

        // Model error = (predicted − measured) / measured = 0.8 − 1.
        const double modelError = (0.8 * seconds - seconds) / seconds;
        QVERIFY(qFuzzyCompare(
            cell(model, MeasurementModel::ModelError, MeasurementModel::RawValueRole).toDouble(), modelError));
        QCOMPARE(cell(model, MeasurementModel::ModelError).toString(), views::percentText(modelError));

        // No per-iteration statistics in this row, and the correctness count is 0.
        QCOMPARE(cell(model, MeasurementModel::Spread).toString(), QStringLiteral("–"));
        QVERIFY(!cell(model, MeasurementModel::Spread, MeasurementModel::RawValueRole).isValid());
        QCOMPARE(cell(model, MeasurementModel::Wrong).toString(), QStringLiteral("0"));

        if (inPlace) {
            for (const int column :
                { MeasurementModel::Fitted, MeasurementModel::FitError, MeasurementModel::Efficiency }) {
                QCOMPARE(cell(model, column).toString(), QStringLiteral("–"));
                QVERIFY(!cell(model, column, MeasurementModel::RawValueRole).isValid());
                QVERIFY(cell(model, column, Qt::ToolTipRole).toString().contains(QStringLiteral("out-of-place")));
            }
        } else {
            QCOMPARE(cell(model, MeasurementModel::Fitted).toString(), views::secondsText(1.1 * seconds));
            QCOMPARE(cell(model, MeasurementModel::FitError).toString(), views::percentText(0.1));
            QCOMPARE(cell(model, MeasurementModel::Efficiency).toString(), views::percentText(0.75));
        }
        QVERIFY(!cell(model, MeasurementModel::BusBw, Qt::ToolTipRole).toString().isEmpty());
    }

    void emptyCells()
    {
        model::MeasurementRow row;
        row.measurement = measurement(model::Collective::AllReduce, 2, 1024, 1e-5, false);
        row.measurement.wrong = -1; // not checked
        row.measurement.minSeconds = 0.5e-5;
        row.measurement.medianSeconds = 0.9e-5;
        row.measurement.p99Seconds = 2e-5;
        MeasurementModel model;
        model.setRows({ row });
        QCOMPARE(cell(model, MeasurementModel::Predicted).toString(), QStringLiteral("–"));
        QVERIFY(!cell(model, MeasurementModel::Predicted, MeasurementModel::RawValueRole).isValid());
        QVERIFY(!cell(model, MeasurementModel::ModelError, MeasurementModel::RawValueRole).isValid());
        QVERIFY(!cell(model, MeasurementModel::Wrong, MeasurementModel::RawValueRole).isValid());
        QVERIFY(cell(model, MeasurementModel::Wrong).toString() != QStringLiteral("-1"));
        QCOMPARE(cell(model, MeasurementModel::Spread).toString(),
            QStringLiteral("%1 / %2 / %3")
                .arg(views::secondsText(0.5e-5), views::secondsText(0.9e-5), views::secondsText(2e-5)));
        QCOMPARE(cell(model, MeasurementModel::Spread, MeasurementModel::RawValueRole).toDouble(), 0.9e-5);
    }

    // An efficiency above the fitted asymptote is flagged: red, a ⚠ before the number and the reason first in the
    // tooltip; a plausible one is shown plainly.
    void flagsImplausibleEfficiency_data()
    {
        QTest::addColumn<double>("efficiency");
        QTest::addColumn<bool>("flagged");
        QTest::newRow("75 %") << 0.75 << false;
        QTest::newRow("105 % (noise around the asymptote)") << 1.05 << false;
        QTest::newRow("317 %") << 3.17 << true;
    }
    void flagsImplausibleEfficiency()
    {
        QFETCH(double, efficiency);
        QFETCH(bool, flagged);
        model::MeasurementRow row;
        row.measurement = measurement(model::Collective::AllReduce, 8, 1 << 20, 1e-4, false);
        row.fit = model::FitPoint { 1 << 20, 1e-4, 1.1e-4, 0.1, efficiency };
        MeasurementModel model;
        model.setRows({ row });
        const QString shown = cell(model, MeasurementModel::Efficiency).toString();
        QCOMPARE(shown.startsWith(QStringLiteral("⚠")), flagged);
        QVERIFY(shown.endsWith(views::percentText(efficiency)));
        QCOMPARE(cell(model, MeasurementModel::Efficiency, Qt::ForegroundRole).isValid(), flagged);
        QCOMPARE(cell(model, MeasurementModel::Efficiency, Qt::ToolTipRole)
                     .toString()
                     .startsWith(QStringLiteral("Implausible")),
            flagged);
        // Other columns of the same row are not flagged.
        QVERIFY(!cell(model, MeasurementModel::BusBw, Qt::ForegroundRole).isValid());
    }

    void sortsSizesAsNumbers()
    {
        // As text "1 KiB" < "512 B" < "8 B"; as numbers 8 < 512 < 1024.
        std::vector<model::MeasurementRow> rows;
        for (const model::Bytes bytes : { model::Bytes { 1024 }, model::Bytes { 8 }, model::Bytes { 512 } })
            rows.push_back({ measurement(model::Collective::AllReduce, 2, bytes, 1e-5, false), {}, {} });
        MeasurementModel model;
        model.setRows(rows);
        QSortFilterProxyModel sorted;
        sorted.setSourceModel(&model);
        sorted.setSortRole(MeasurementModel::RawValueRole);
        sorted.sort(MeasurementModel::Size, Qt::AscendingOrder);
        QCOMPARE(sorted.data(sorted.index(0, MeasurementModel::Size), MeasurementModel::RawValueRole).toLongLong(), 8);
        QCOMPARE(
            sorted.data(sorted.index(1, MeasurementModel::Size), MeasurementModel::RawValueRole).toLongLong(), 512);
        QCOMPARE(
            sorted.data(sorted.index(2, MeasurementModel::Size), MeasurementModel::RawValueRole).toLongLong(), 1024);
    }
};

QTEST_MAIN(TstMeasurementModel)
#include "tst_measurementmodel.moc"
