// SPDX-License-Identifier: MIT
// EventModel and MetricsModel: thin adapters checked by QAbstractItemModelTester, rows and roles matching the
// values they adapt.
#include "views/eventmodel.h"

#include <QAbstractItemModelTester>
#include <QRegularExpression>
#include <QTest>

using namespace tutor;
using model::EventKind;
using model::LaneKind;

namespace {

model::Timeline timelineOf(int events)
{
    model::Timeline t;
    t.lanes = { { 0, LaneKind::Compute, "stage 0 · compute" }, { 0, LaneKind::DpComm, "stage 0 · dp" } };
    for (int i = 0; i < events; ++i) {
        model::Event e;
        e.lane = i % 2;
        e.kind = i % 2 ? EventKind::Communication : EventKind::Backward;
        e.label = "event " + std::to_string(i);
        e.start = i * 1e-3;
        e.duration = 1e-3;
        e.bytes = i % 2 ? (i + 1) * model::MiB : 0;
        e.exposed = i % 2 ? 0.25e-3 : 0;
        t.events.push_back(e);
    }
    t.duration = events * 1e-3;
    return t;
}

} // namespace

class TstEventModel : public QObject {
    Q_OBJECT
private slots:
    void eventModelPassesTheTester_data()
    {
        QTest::addColumn<int>("events");
        QTest::newRow("empty timeline") << 0;
        QTest::newRow("one event") << 1;
        QTest::newRow("1000 events") << 1000;
    }
    void eventModelPassesTheTester()
    {
        QFETCH(int, events);
        views::EventModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTimeline(timelineOf(3));
        model.setTimeline(timelineOf(events));
        QCOMPARE(model.rowCount(), events);
        QCOMPARE(model.columnCount(), static_cast<int>(views::EventModel::ColumnCount));
    }

    void eventModelRows_data()
    {
        QTest::addColumn<int>("row");
        QTest::newRow("compute event") << 4;
        QTest::newRow("collective") << 5;
    }
    void eventModelRows()
    {
        QFETCH(int, row);
        views::EventModel model;
        const model::Timeline t = timelineOf(10);
        model.setTimeline(t);
        const auto& e = t.events[static_cast<size_t>(row)];
        using C = views::EventModel::Column;
        QCOMPARE(model.data(model.index(row, C::Label)).toString(), QString::fromStdString(e.label));
        QCOMPARE(model.data(model.index(row, C::Lane)).toString(),
            QString::fromStdString(t.lanes[static_cast<size_t>(e.lane)].name));
        QCOMPARE(model.data(model.index(row, C::Start), views::EventModel::RawValueRole).toDouble(), e.start);
        QCOMPARE(model.data(model.index(row, C::Size), views::EventModel::RawValueRole).toLongLong(), e.bytes);
        QCOMPARE(model.data(model.index(row, C::Exposed)).toString().isEmpty(), e.kind != EventKind::Communication);
        QVERIFY(!model.index(row + 100, C::Label).isValid());
    }

    void metricsModelPassesTheTester()
    {
        views::MetricsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model::StepMetrics m;
        m.stepSeconds = 0.2;
        m.computeSeconds = 0.15;
        m.exposedCommSeconds = 0.05;
        m.dimensions[1] = { LaneKind::DpComm, 4, 100 * model::MiB, 0, 0.08, 0.05 };
        model.setMetrics(m);
        QVERIFY(model.rowCount() > 0);
        QCOMPARE(model.data(model.index(0, views::MetricsModel::Value), views::MetricsModel::RawValueRole).toDouble(),
            m.stepSeconds);
        // Only dimensions with collectives get a row: the DP one here.
        int dimensionRows = 0;
        for (int r = 0; r < model.rowCount(); ++r)
            dimensionRows += QRegularExpression(QStringLiteral("^(TP|DP|PP|EP) communication$"))
                                 .match(model.data(model.index(r, 0)).toString())
                                 .hasMatch();
        QCOMPARE(dimensionRows, 1);
        model.retranslate();
        const int before = model.rowCount();
        m.dimensions[0] = { LaneKind::TpComm, 8, 10 * model::MiB, 0, 0.01, 0 };
        model.setMetrics(m);
        QCOMPARE(model.rowCount(), before + 1);
    }
};

QTEST_MAIN(TstEventModel)
#include "tst_eventmodel.moc"
