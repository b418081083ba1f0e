// SPDX-License-Identifier: MIT
// The Layout search page, offscreen: the table fills with searchLayouts()'s ranking, the chart draws every layout
// and the Pareto front, and a chosen row opens on the Training page.
#include "app/gui/calibratedchoice.h"
#include "app/gui/mainwindow.h"
#include "app/gui/search/searchstage.h"
#include "app/gui/training/scenarioform.h"
#include "app/gui/training/trainingcontroller.h"
#include "app/gui/training/trainingstage.h"
#include "views/charts/layoutchart.h"

#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QtTest>

using namespace tutor;

namespace {
// Runs the page's search and lets the table and chart take its last results.
void searchToTheEnd(app::SearchStage& stage)
{
    stage.start();
    stage.waitForFinished();
    QTRY_VERIFY(!stage.running());
    QCoreApplication::processEvents();
}
} // namespace

class TestSearchStage : public QObject {
    Q_OBJECT
private slots:
    void tableAndChartFollowTheSearch()
    {
        app::SearchStage stage;
        QVERIFY(stage.setInputs(QStringLiteral("gpt3-1.3b"), 8, QStringLiteral("hgx-h100"), 16));
        searchToTheEnd(stage);

        model::SearchRequest request;
        request.base.model = model::findModel("gpt3-1.3b").value();
        request.gpus = 8;
        request.globalBatch = 16;
        const auto expected = model::searchLayouts(request);
        QVERIFY(expected);
        const auto* table = stage.table();
        QCOMPARE(table->rowCount(), static_cast<int>(expected->ranked.size()));
        // ranked by step time, the first row the search's winner
        QCOMPARE(table->layouts().front().metrics.stepSeconds, expected->ranked.front().metrics.stepSeconds);
        for (int r = 1; r < table->rowCount(); ++r)
            QVERIFY(table->layouts()[r - 1].metrics.stepSeconds <= table->layouts()[r].metrics.stepSeconds);
        QCOMPARE(table->data(table->index(0, app::LayoutTableModel::Rank), Qt::DisplayRole).toInt(), 1);
        QCOMPARE(stage.chart()->pointCount(), table->rowCount());
        QCOMPARE(stage.chart()->frontCount(), static_cast<int>(model::paretoFront(table->layouts()).size()));
    }

    // A long sequence typed into the page brings context-parallel layouts, ranked as searchLayouts() ranks them, with
    // their exposed CP column filled.
    void sequenceLengthBringsContextParallelism()
    {
        app::SearchStage stage;
        QVERIFY(stage.setInputs(QStringLiteral("gpt3-1.3b"), 8, QStringLiteral("hgx-h100"), 4));
        auto* seqLen = stage.findChild<QSpinBox*>(QStringLiteral("searchSeqLen"));
        QVERIFY(seqLen);
        seqLen->setValue(32768);
        searchToTheEnd(stage);
        model::SearchRequest request;
        request.base.model = model::findModel("gpt3-1.3b").value();
        request.base.model.seqLen = 32768;
        request.gpus = 8;
        request.globalBatch = 4;
        const auto expected = model::searchLayouts(request);
        QVERIFY(expected);
        const auto* table = stage.table();
        QCOMPARE(table->rowCount(), static_cast<int>(expected->ranked.size()));
        int ring = 0;
        for (int r = 0; r < table->rowCount(); ++r) {
            const auto& row = table->layouts()[static_cast<std::size_t>(r)];
            QCOMPARE(row.scenario.model.seqLen, 32768);
            if (row.scenario.parallel.cp > 1) {
                ++ring;
                QVERIFY(table->data(table->index(r, app::LayoutTableModel::Layout), Qt::DisplayRole)
                            .toString()
                            .contains(QStringLiteral(" cp")));
                QVERIFY(table->data(table->index(r, app::LayoutTableModel::ExposedCp), Qt::DisplayRole)
                            .toString()
                            .endsWith(QStringLiteral(" s")));
            }
        }
        QVERIFY(ring > 0);
    }

    void rejectedInputsSayWhy()
    {
        app::SearchStage stage;
        QVERIFY(stage.setInputs(QStringLiteral("llama3-8b"), 12, QStringLiteral("hgx-h100"), 0));
        QSignalSpy messages(&stage, &app::Stage::message);
        stage.start();
        QVERIFY(!stage.running());
        QCOMPARE(messages.count(), 1);
        QVERIFY(messages.at(0).at(0).toString().contains(QStringLiteral("gpus = 12: must be a multiple")));
        QCOMPARE(messages.at(0).at(1).toBool(), true);
    }

    // Opening a row puts that layout on the Training page.
    void rowOpensOnTrainingPage()
    {
        app::MainWindow window(false);
        auto* stage = window.findChild<app::SearchStage*>();
        QVERIFY(stage);
        QVERIFY(stage->setInputs(QStringLiteral("gpt3-1.3b"), 8, QStringLiteral("hgx-h100"), 16));
        stage->start();
        stage->waitForFinished();
        QTRY_VERIFY(stage->table()->rowCount() > 0);
        QTRY_VERIFY(!stage->running());
        QCoreApplication::processEvents();
        auto* open = stage->parameterPanel()->findChildren<QPushButton*>().at(2);
        QVERIFY(open->isEnabled());
        open->click();
        QCOMPARE(window.currentPage(), app::Navigator::Training);
        auto* training = window.findChild<app::TrainingStage*>();
        QVERIFY(training);
        training->controller()->waitForIdle();
        const auto& chosen = stage->table()->layouts().front().scenario;
        QCOMPARE(training->controller()->scenario().parallel, chosen.parallel);
    }

    // The live lab's calibrated profile is a choice in the page's hardware list: it searches the base preset with the
    // fitted links as overrides (the same ranking searchLayouts gives for that hardware), and the layouts carry them
    // to the Training page. Without a profile the list has no such entry.
    void searchesTheCalibratedProfile()
    {
        QStandardPaths::setTestModeEnabled(true);
        QFile::remove(app::customProfilePath());
        {
            app::SearchStage plain;
            QVERIFY(!plain.setInputs(QStringLiteral("gpt3-1.3b"), 8, app::kCalibratedEntry, 16));
        }
        // Slow links, so that data parallelism's gradient AllReduce (2.6 GB) shows in the step time.
        const auto base = model::findPreset("hgx-h100").value();
        model::Link intra = base.intra, inter = base.inter;
        intra.bandwidthGBps = 5;
        intra.alphaSeconds = 50e-6;
        const model::HardwarePreset profile = app::customProfile(base, intra, inter);
        QVERIFY(app::saveCustomProfile(profile).isEmpty());
        const auto choice = app::loadCalibratedChoice();
        QVERIFY(choice.has_value());
        QCOMPARE(choice->base, std::string("hgx-h100"));

        app::SearchStage stage;
        QVERIFY(stage.setInputs(QStringLiteral("gpt3-1.3b"), 8, app::kCalibratedEntry, 16));
        searchToTheEnd(stage);
        model::SearchRequest request;
        request.base.model = model::findModel("gpt3-1.3b").value();
        app::applyCalibrated(request.base.hardware, *choice);
        request.gpus = 8;
        request.globalBatch = 16;
        const auto expected = model::searchLayouts(request);
        QVERIFY(expected && !expected->ranked.empty());
        const auto* table = stage.table();
        QCOMPARE(table->rowCount(), static_cast<int>(expected->ranked.size()));
        const auto& best = table->layouts().front();
        QCOMPARE(best.metrics.stepSeconds, expected->ranked.front().metrics.stepSeconds);
        QCOMPARE(best.scenario.hardware.preset, std::string("hgx-h100"));
        QCOMPARE(*best.scenario.hardware.intra.bandwidthGBps, 5.0);
        QVERIFY(app::hasCalibratedLinks(best.scenario.hardware, *choice));
        // The same search on the preset's own links is faster: the fitted links were used.
        model::SearchRequest own = request;
        own.base.hardware = {};
        own.base.hardware.preset = "hgx-h100";
        const auto fast = model::searchLayouts(own);
        QVERIFY(fast && !fast->ranked.empty());
        QVERIFY(fast->ranked.front().metrics.stepSeconds < best.metrics.stepSeconds);
        QFile::remove(app::customProfilePath());
    }
};

QTEST_MAIN(TestSearchStage)
#include "tst_searchstage.moc"
