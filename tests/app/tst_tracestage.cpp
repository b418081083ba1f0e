// SPDX-License-Identifier: MIT
// The Trace lab, offscreen and on the command line: public profiler traces open into the Gantt view and the rank
// and collective tables with the model's figures (recomputed here from model/traces), a bad file leaves what was
// open and names the rule, and `commtutor-cli trace` prints the same figures.
#include "app/gui/mainwindow.h"
#include "app/gui/traces/tracestage.h"
#include "clirun.h"
#include "views/timelineview.h"

#include <QStandardItemModel>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace tutor;

namespace {
QString data(const char* file)
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR") + QStringLiteral("/tests/data/traces/") + QLatin1String(file);
}
} // namespace

class TestTraceStage : public QObject {
    Q_OBJECT
private slots:
    void opensTwoRanks()
    {
        app::TraceStage stage;
        stage.resize(1200, 700);
        stage.openTraces({ data("sampled_rank-0.json.gz"), data("sampled_rank-1.json.gz") });
        stage.waitForFinished();
        QVERIFY2(stage.lastError().isEmpty(), qPrintable(stage.lastError()));
        QVERIFY(stage.analysis());

        std::vector<model::RankTrace> traces;
        for (const char* f : { "sampled_rank-0.json.gz", "sampled_rank-1.json.gz" })
            traces.push_back(model::loadKinetoTrace(data(f).toStdString()).value());
        const auto expected = model::analyzeTraces(traces);
        QVERIFY(expected.ok());
        QCOMPARE(stage.rankTable()->rowCount(), 2);
        for (int r = 0; r < 2; ++r) {
            const auto& figures = expected->ranks[static_cast<size_t>(r)];
            QCOMPARE(stage.rankTable()->item(r, 0)->data(Qt::UserRole).toInt(), figures.rank);
            QCOMPARE(stage.rankTable()->item(r, 5)->data(Qt::UserRole).toDouble(), figures.overlapHta);
            QCOMPARE(stage.rankTable()->item(r, 4)->data(Qt::UserRole).toDouble(), figures.exposed);
        }
        QCOMPARE(stage.collectiveTable()->rowCount(), static_cast<int>(expected->collectives.size()));
        // The model column is filled for every collective with a size (no GPU named: the H100 preset).
        for (int row = 0; row < stage.collectiveTable()->rowCount(); ++row)
            if (stage.collectiveTable()->item(row, 1)->data(Qt::UserRole).toDouble() > 0)
                QVERIFY(stage.collectiveTable()->item(row, 6)->data(Qt::UserRole).toDouble() > 0);

        const model::Timeline timeline = model::traceTimeline(traces);
        QCOMPARE(stage.timelineView()->timeline().lanes.size(), timeline.lanes.size());
        QCOMPARE(stage.timelineView()->timeline().events.size(), timeline.events.size());
        QVERIFY(stage.duration() > 0);
        QVERIFY(!stage.timelineView()->grab().isNull());

        // Another preset changes the model's figures and nothing measured.
        const double measured = stage.collectiveTable()->item(0, 4)->data(Qt::UserRole).toDouble();
        const double before = stage.collectiveTable()->item(0, 6)->data(Qt::UserRole).toDouble();
        stage.setPreset(QStringLiteral("pcie-gen3"));
        QCOMPARE(stage.collectiveTable()->item(0, 4)->data(Qt::UserRole).toDouble(), measured);
        QVERIFY(stage.collectiveTable()->item(0, 6)->data(Qt::UserRole).toDouble() != before);

        // A CPU-only trace is refused with the reason; the two ranks stay.
        stage.openTraces({ data("cpu_only_rank-34.json.gz") });
        stage.waitForFinished();
        QVERIFY(stage.lastError().contains(QStringLiteral("no GPU kernel")));
        QCOMPARE(stage.rankTable()->rowCount(), 2);
        QVERIFY(stage.analysis());
    }

    void pageInWindow()
    {
        app::MainWindow window(false);
        QVERIFY(window.showView(QStringLiteral("traces")));
        QCOMPARE(window.currentPage(), app::Navigator::Traces);
        QVERIFY(qobject_cast<app::TraceStage*>(window.stage(app::Navigator::Traces)));
    }

    void commandLine()
    {
        const auto text = runCli("trace", { data("nccl_data.json.gz") });
        QCOMPARE(text.code, 0);
        QVERIFY(text.out.find("allreduce") != std::string::npos);
        QVERIFY(text.out.find("dgx-a100") != std::string::npos); // the trace's A100 chose the preset

        const auto json = runCli("trace",
            { data("sampled_rank-0.json.gz"), data("sampled_rank-1.json.gz"), QStringLiteral("--json"),
                QStringLiteral("--preset"), QStringLiteral("hgx-h100") });
        QCOMPARE(json.code, 0);
        const auto doc = nlohmann::json::parse(json.out);
        QCOMPARE(doc["ranks"].size(), std::size_t { 2 });
        std::vector<model::RankTrace> traces;
        for (const char* f : { "sampled_rank-0.json.gz", "sampled_rank-1.json.gz" })
            traces.push_back(model::loadKinetoTrace(data(f).toStdString()).value());
        const auto expected = model::analyzeTraces(traces);
        QCOMPARE(doc["ranks"][1]["overlap_hta"].get<double>(), expected->ranks[1].overlapHta);
        QCOMPARE(doc["matched_collectives"].get<int>(), expected->matchedCollectives);

        const auto bad = runCli("trace", { data("cpu_only_rank-34.json.gz") });
        QCOMPARE(bad.code, 1);
        QVERIFY(bad.err.find("no GPU kernel") != std::string::npos);
        QCOMPARE(runCli("trace", {}).code, 2);
        QCOMPARE(
            runCli("trace", { data("nccl_data.json.gz"), QStringLiteral("--preset"), QStringLiteral("nope") }).code, 2);
    }
};

QTEST_MAIN(TestTraceStage)
#include "tst_tracestage.moc"
