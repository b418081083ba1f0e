// SPDX-License-Identifier: MIT
// The live lab stage offscreen: opening, importing and saving measurements, calibrating and handing the fitted
// links on, and one real run through the worker. Its controller, LiveLabSession, without any widget.
#include "app/gui/livelab/hardwareprofile.h"
#include "app/gui/livelab/livelabsession.h"
#include "app/gui/livelab/livelabstage.h"
#include "app/gui/training/scenarioform.h"
#include "model/measure/calibrate.h"
#include "model/measure/ncclimport.h"
#include "model/measure/prediction.h"
#include "views/charts/measurementchart.h"
#include "views/palette.h"

#include <QChart>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace tutor;
using app::LiveLabStage;

namespace {
/// Ring AllReduce at n ranks (Thakur, Rabenseifner, Gropp 2005): 2(n−1)α + 2(n−1)/n·S/β.
std::vector<model::Measurement> ringAllReduce(int ranks, double alpha, double betaGBps)
{
    std::vector<model::Measurement> ms;
    for (model::Bytes s = 1024; s <= 64 * model::MiB; s *= 4) {
        model::Measurement m;
        m.op = model::Collective::AllReduce;
        m.ranks = ranks;
        m.bytes = s;
        m.count = s / 4;
        m.timeSeconds
            = 2.0 * (ranks - 1) * alpha + 2.0 * (ranks - 1) / ranks * static_cast<double>(s) / (betaGBps * 1e9);
        model::computeBandwidths(m);
        ms.push_back(m);
    }
    return ms;
}
} // namespace

class TestLiveLabStage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void defaultsAreUsable()
    {
        LiveLabStage stage(nullptr);
        const auto r = stage.request();
        QCOMPARE(r.backend, live::BackendKind::Mpi);
        QCOMPARE(r.op, model::Collective::AllReduce);
        QCOMPARE(r.minBytes, qint64 { 8 });
        QCOMPARE(r.maxBytes, qint64 { 64 * model::MiB });
        QVERIFY(stage.parameterPanel() != nullptr);
        QVERIFY(!stage.explanation().isEmpty());
    }

    void calibrateAndUse()
    {
        LiveLabStage stage(nullptr);
        QTemporaryDir dir;
        const QString path = dir.path() + "/ring.jsonl";
        const double alpha = 2e-6, beta = 10.0;
        QVERIFY(model::saveMeasurements(path.toStdString(), ringAllReduce(4, alpha, beta)).empty());
        QVERIFY(stage.openMeasurements(path).contains(QStringLiteral("Opened")));
        const int sizes = static_cast<int>(stage.measurements().size());
        QCOMPARE(stage.findChild<QTableView*>(QStringLiteral("measurementTable"))->model()->rowCount(), sizes);

        QSignalSpy applied(&stage, &LiveLabStage::calibrationApplied);
        stage.calibrate();
        QVERIFY(stage.calibration().has_value());
        QVERIFY(std::abs(stage.calibration()->fit.busBandwidthGBps / beta - 1) < 1e-6);
        QVERIFY(std::abs(stage.calibration()->fit.alphaSeconds / alpha - 1) < 1e-6);
        stage.useForPredictions();
        QCOMPARE(applied.size(), 1);
        const auto intra = applied.front().at(0).value<model::Link>();
        const auto inter = applied.front().at(1).value<model::Link>();
        QVERIFY(std::abs(intra.bandwidthGBps / beta - 1) < 1e-6);
        QCOMPARE(inter, stage.comparisonPreset().inter); // one host: only the intra-node link is fitted
        const auto saved = app::loadCustomProfile();
        QVERIFY(saved.has_value());
        QVERIFY(std::abs(saved->intra.bandwidthGBps / beta - 1) < 1e-6);

        // The Training page's preset list offers the calibrated profile: choosing it runs the scenario on the base
        // preset with the fitted links as overrides, and such a scenario shows the calibrated entry again.
        app::ScenarioForm form;
        QComboBox* presets = nullptr;
        for (auto* box : form.findChildren<QComboBox*>())
            if (box->findData(QStringLiteral("hgx-h100")) >= 0)
                presets = box;
        QVERIFY(presets);
        const int entry = presets->findData(QStringLiteral("custom-calibrated"));
        QVERIFY(entry >= 0);
        QVERIFY(presets->itemText(entry).contains(QStringLiteral("Calibrated")));
        QSignalSpy edited(&form, &app::ScenarioForm::scenarioEdited);
        presets->setCurrentIndex(entry);
        QVERIFY(!edited.isEmpty());
        const model::Scenario scenario = form.scenario();
        QCOMPARE(scenario.hardware.preset, stage.comparisonPreset().id);
        QCOMPARE(*scenario.hardware.intra.bandwidthGBps, saved->intra.bandwidthGBps);
        QCOMPARE(*scenario.hardware.intra.alphaMicroseconds, saved->intra.alphaSeconds * 1e6);
        form.setScenario(scenario);
        QCOMPARE(presets->currentIndex(), entry);
        // Another preset drops the fitted links.
        presets->setCurrentIndex(0);
        const model::Scenario plain = form.scenario();
        QVERIFY(!plain.hardware.intra.bandwidthGBps.has_value());
    }

    void calibratesARecordedSweepInRanges()
    {
        // A real MPI sweep (eager and rendezvous regimes): the stage reports each size range, and "use for
        // predictions" hands on α of the smallest sizes and β of the largest.
        LiveLabStage stage(nullptr);
        QVERIFY(stage.openMeasurements(QFINDTESTDATA("data/mpi_allreduce_2ranks_sweep_a.jsonl"))
                    .contains(QStringLiteral("Opened")));
        stage.calibrate();
        QVERIFY(stage.calibration().has_value());
        const auto& fit = *stage.calibration();
        QVERIFY(fit.segments.size() >= 2);
        const QString text = stage.findChild<QLabel*>(QStringLiteral("fitLabel"))->text();
        QVERIFY2(text.contains(QStringLiteral("%1 size ranges").arg(fit.segments.size())), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("held back: median error")), qPrintable(text));
        QSignalSpy applied(&stage, &LiveLabStage::calibrationApplied);
        stage.useForPredictions();
        QCOMPARE(applied.size(), 1);
        const auto intra = applied.front().at(0).value<model::Link>();
        QCOMPARE(intra.alphaSeconds, fit.segments.front().fit.alphaSeconds);
        QCOMPARE(intra.bandwidthGBps, fit.segments.back().fit.busBandwidthGBps);
    }

    void fileErrorsAreMessages()
    {
        LiveLabStage stage(nullptr);
        QTemporaryDir dir;
        const QString path = dir.path() + "/bad.jsonl";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"type\":\"measurement\",\"protocol\":1,\"op\":\"allreduce\",\"bytes\":8,\"time_us\":1}\nnot json\n");
        f.close();
        QVERIFY(stage.openMeasurements(path).contains(QStringLiteral("bad.jsonl:2")));
        QVERIFY(stage.importNcclTests(QFINDTESTDATA("data/bad_time_all_reduce_perf.txt"))
                    .contains(QStringLiteral("bad_time_all_reduce_perf.txt:14")));
        QVERIFY(stage.importNcclTests(QFINDTESTDATA("data/all_reduce_perf_8xh100.txt"))
                    .contains(QStringLiteral("Imported")));
        QCOMPARE(stage.measurements().front().ranks, 8);
    }

    void sessionEmitsRowsAndPredictions()
    {
        app::LiveLabSession session;
        QSignalSpy replaced(&session, &app::LiveLabSession::measurementsReplaced);
        QSignalSpy changed(&session, &app::LiveLabSession::measurementsChanged);
        QSignalSpy predictions(&session, &app::LiveLabSession::predictionsChanged);
        const auto ms = ringAllReduce(4, 2e-6, 10.0);
        session.setMeasurements(ms, QStringLiteral("ring"));
        QCOMPARE(replaced.size(), 1);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(predictions.size(), 1);
        QCOMPARE(session.origin(), QStringLiteral("ring"));

        // The rows and curves are prediction.h's, on the comparison preset with every rank on one host.
        const auto topology = model::liveTopology(session.comparisonPreset(), 4, 1);
        QVERIFY(topology);
        const auto predicted = model::predictSizes(
            model::Collective::AllReduce, model::DType::Fp32, *topology, model::measuredSizes(ms));
        QCOMPARE(session.curves().predicted, predicted);
        QVERIFY(session.curves().fitted.empty());
        QCOMPARE(session.rows(), model::measurementRows(ms, predicted, std::nullopt));

        QSignalSpy calibrated(&session, &app::LiveLabSession::calibrated);
        QVERIFY(session.calibrate());
        QCOMPARE(calibrated.size(), 1);
        QCOMPARE(session.rows(), model::measurementRows(ms, predicted, session.calibration()));
        QCOMPARE(session.curves().fitted.size(), predicted.size());

        // Another preset redraws the prediction; the calibration stays.
        session.setComparisonPreset(QStringLiteral("hgx-h100"));
        QCOMPARE(session.comparisonPreset().id, std::string("hgx-h100"));
        QVERIFY(session.curves().predicted != predicted);
        QVERIFY(session.calibration().has_value());
    }

    // Nothing is lost: every set of measurements is a run in the list; one is current (table, prediction,
    // calibration), checked ones are drawn beside it, a removed run comes back with undo at its place.
    void sessionKeepsEveryRun()
    {
        app::LiveLabSession session;
        QSignalSpy runsChanged(&session, &app::LiveLabSession::runsChanged);
        const auto a = ringAllReduce(4, 2e-6, 10.0);
        const auto b = ringAllReduce(8, 5e-6, 20.0);
        const auto c = ringAllReduce(2, 1e-6, 40.0);
        session.setMeasurements(a, QStringLiteral("a.jsonl"));
        session.setMeasurements(b, QStringLiteral("b.jsonl"));
        session.setMeasurements(c, QStringLiteral("c.jsonl"));
        QCOMPARE(session.runs().size(), std::size_t { 3 });
        QVERIFY(runsChanged.size() >= 3);
        const int idA = session.runs()[0].id, idB = session.runs()[1].id, idC = session.runs()[2].id;
        QCOMPARE(session.currentRunId(), idC);
        QCOMPARE(session.measurements(), c);

        // Showing an earlier run: its rows, its prediction (8 ranks), no stale calibration.
        QVERIFY(session.calibrate());
        QVERIFY(session.selectRun(idB));
        QCOMPARE(session.measurements(), b);
        QCOMPARE(session.origin(), QStringLiteral("b.jsonl"));
        QVERIFY(!session.calibration().has_value());
        QCOMPARE(session.curves().ranks, 8);
        QVERIFY(!session.selectRun(9999));

        session.setRunVisible(idA, false);
        QVERIFY(!session.runs()[0].visible);

        // Removing the current run shows the last remaining one; undo puts it back at its place.
        QVERIFY(session.removeRun(idB));
        QCOMPARE(session.runs().size(), std::size_t { 2 });
        QCOMPARE(session.currentRunId(), idC);
        QCOMPARE(session.measurements(), c);
        QVERIFY(session.removeRun(idA));
        QVERIFY(session.canUndoRemove());
        QVERIFY(session.undoRemoveRun());
        QVERIFY(session.undoRemoveRun());
        QVERIFY(!session.undoRemoveRun());
        QCOMPARE(session.runs().size(), std::size_t { 3 });
        QCOMPARE(session.runs()[0].id, idA);
        QCOMPARE(session.runs()[1].id, idB);
        QCOMPARE(session.runs()[1].measurements, b);
        QCOMPARE(session.currentRunId(), idC);
    }

    // The stage lists the runs and draws the checked ones beside the current run.
    void stageComparesRuns()
    {
        LiveLabStage stage(nullptr);
        stage.setMeasurements(ringAllReduce(4, 2e-6, 10.0), QStringLiteral("first"));
        stage.setMeasurements(ringAllReduce(8, 5e-6, 20.0), QStringLiteral("second"));
        auto* list = stage.findChild<QListWidget*>(QStringLiteral("liveRuns"));
        QVERIFY(list);
        QCOMPARE(list->count(), 2);
        const auto* chart = stage.findChild<views::MeasurementChart*>();
        QVERIFY(chart);
        // "first" is drawn for comparison with one point per size; unchecking hides it.
        QCOMPARE(chart->pointCount(QStringLiteral("first")), static_cast<int>(ringAllReduce(4, 2e-6, 10.0).size()));
        list->item(0)->setCheckState(Qt::Unchecked);
        QCOMPARE(chart->pointCount(QStringLiteral("first")), -1);
    }

    // In-place and out-of-place rows are two series that look different (they were one colour): another colour and
    // another line style, in both themes.
    void inPlaceRowsHaveTheirOwnLook()
    {
        auto rows = ringAllReduce(4, 2e-6, 10.0);
        const std::size_t outOfPlace = rows.size();
        for (std::size_t i = 0; i < outOfPlace; ++i) {
            auto copy = rows[i];
            copy.inPlace = true;
            copy.timeSeconds *= 0.97;
            rows.push_back(copy);
        }
        for (const bool dark : { false, true }) {
            views::MeasurementChart chart;
            chart.setColors(dark ? views::Palette::dark() : views::Palette::light());
            chart.setMeasurements(rows);
            QCOMPARE(chart.pointCount(QStringLiteral("measured, out-of-place")), static_cast<int>(outOfPlace));
            QCOMPARE(chart.pointCount(QStringLiteral("measured, in-place")), static_cast<int>(outOfPlace));
            const QLineSeries *in = nullptr, *out = nullptr;
            for (QAbstractSeries* series : chart.chart()->series()) {
                if (series->name() == QStringLiteral("measured, in-place"))
                    in = qobject_cast<QLineSeries*>(series);
                if (series->name() == QStringLiteral("measured, out-of-place"))
                    out = qobject_cast<QLineSeries*>(series);
            }
            QVERIFY(in && out);
            QVERIFY(in->pen().color() != out->pen().color());
            QVERIFY(in->pen().style() != out->pen().style());
        }
    }

    // Measured overlap figures no machine can give are flagged with the reason: both together faster than compute
    // alone, an overlap share outside 0–100 %. Plausible figures are not.
    void implausibleOverlapIsFlagged()
    {
        LiveLabStage stage(nullptr);
        const auto* table = stage.findChild<QTableWidget*>(QStringLiteral("overlapTable"));
        QVERIFY(table);
        live::OverlapRecord o;
        o.op = "allreduce";
        o.bytes = 1 << 20;
        o.ranks = 2;
        o.computeAloneUs = 1000;
        o.commAloneUs = 400;
        o.overallUs = 1100;
        o.osuOverlapPct = 75;
        o.htaOverlapPct = 75;
        const model::OverlapPrediction p {};
        emit stage.session()->overlapReady(o, p);
        for (int row = 0; row < table->rowCount(); ++row)
            QVERIFY2(
                !table->item(row, 1)->text().startsWith(QStringLiteral("⚠")), qPrintable(table->item(row, 0)->text()));
        o.overallUs = 800; // faster than compute alone
        o.osuOverlapPct = 317;
        emit stage.session()->overlapReady(o, p);
        QVERIFY(table->item(2, 1)->text().startsWith(QStringLiteral("⚠")));
        QVERIFY(table->item(2, 1)->toolTip().contains(QStringLiteral("less than compute alone")));
        QVERIFY(table->item(4, 1)->text().startsWith(QStringLiteral("⚠")));
        QVERIFY(!table->item(3, 1)->text().startsWith(QStringLiteral("⚠"))); // HTA's 75 % stays plausible
    }

    void sessionRefusesBadSizes()
    {
        app::LiveLabSession session;
        QSignalSpy error(&session, &app::LiveLabSession::error);
        QSignalSpy started(&session, &app::LiveLabSession::started);
        app::LiveLabRequest r;
        r.minBytes = 1024;
        r.maxBytes = 8;
        QVERIFY(!session.start(r));
        QCOMPARE(error.size(), 1);
        QCOMPARE(started.size(), 0);
        QVERIFY(!session.isRunning());
    }

    void realRunThroughTheWorker()
    {
        if (qEnvironmentVariable("TUTOR_LIVE_WORKER").isEmpty())
            QSKIP("TUTOR_LIVE_WORKER is not set (run through ctest)");
        LiveLabStage stage(nullptr);
        QSignalSpy finished(stage.client(), &app::LiveLabClient::finished);
        stage.client()->start([] {
            app::LiveLabRequest q;
            q.ranks = 2;
            q.minBytes = 1024;
            q.maxBytes = 64 * 1024;
            q.stepFactor = 8;
            q.iterations = 3;
            q.warmup = 1;
            q.overlap = true;
            return q;
        }());
        QVERIFY(finished.wait(120000));
        QVERIFY2(finished.front().at(0).toBool(), qPrintable(stage.client()->lastMessage()));
        QCOMPARE(stage.measurements().size(), stage.client()->measurements().size());
        QCOMPARE(stage.client()->overlaps().size(), std::size_t { 1 });
        QCOMPARE(stage.findChild<QTableWidget*>(QStringLiteral("overlapTable"))->rowCount(), 7);

        // A fit describes the rows it was made from: a new run clears it. A run stopped part-way leaves the progress
        // bar where it stopped and says so (it used to fill the bar as if every size had been measured).
        stage.calibrate();
        const auto* fit = stage.findChild<QLabel*>(QStringLiteral("fitLabel"));
        QVERIFY(fit && !fit->text().isEmpty());
        const auto* bar = stage.findChild<QProgressBar*>();
        QVERIFY(bar);
        QSignalSpy progressed(stage.client(), &app::LiveLabClient::progressed);
        finished.clear();
        stage.client()->start([] {
            app::LiveLabRequest q;
            q.ranks = 2;
            q.minBytes = 8;
            q.maxBytes = 256 * 1024 * 1024;
            q.stepFactor = 2;
            q.iterations = 200;
            q.warmup = 1;
            return q;
        }());
        QVERIFY(progressed.wait(60000));
        QVERIFY2(fit->text().isEmpty(), qPrintable(fit->text()));
        stage.client()->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 60000); // may come from cancel() itself
        QVERIFY(!finished.front().at(0).toBool());
        QVERIFY2(bar->value() < bar->maximum(),
            qPrintable(QStringLiteral("%1 of %2").arg(bar->value()).arg(bar->maximum())));
        QVERIFY2(bar->format().contains(QStringLiteral("stopped")), qPrintable(bar->format()));
    }
};

QTEST_MAIN(TestLiveLabStage)
#include "tst_livelabstage.moc"
