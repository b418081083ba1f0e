// SPDX-License-Identifier: MIT
// The Training page's controller without any widget: a simulation arrives as data, a file that fails keeps
// the previous scenario, the breakdown's "before the edit" metrics follow edits but not opened files, the
// DP bucket request matches the scenario, and sweeps deliver model::sweep()'s points. A large file opens in the
// background: it does not wait for an edit still simulating, and a refusal that comes later restores the edit.
// Results taken from finished futures leave nothing to wait on.
#include "app/gui/training/trainingcontroller.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"

#include <QSignalSpy>
#include <QTest>
#include <memory>

using namespace tutor;
using namespace tutor::app;

namespace {
QString scenarioFile(const char* name)
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR") + QStringLiteral("/assets/scenarios/") + QLatin1String(name);
}

// 4,096 times the work of `base` (the default scenario): predicted far past one frame, so it runs on a worker thread.
model::Scenario largeEdit(model::Scenario base)
{
    base.model.layers *= 64;
    base.batch.microBatches *= 64;
    return base;
}
} // namespace

class TstTrainingController : public QObject {
    Q_OBJECT
private slots:
    void simulatedCarriesTheSimulation()
    {
        TrainingController controller;
        controller.setSynchronous(true);
        model::Simulation received;
        int count = 0;
        connect(&controller, &TrainingController::simulated, this, [&](const model::Simulation& s) {
            received = s;
            ++count;
        });
        QVERIFY(controller.openScenario(scenarioFile("pipeline-1f1b.json")).empty());
        QCOMPARE(count, 1);
        // The signal's simulation is the scenario's own simulate(), computed independently here.
        const auto scenario = model::loadScenario(scenarioFile("pipeline-1f1b.json").toStdString());
        QVERIFY(scenario.ok());
        const auto expected = model::simulate(*scenario);
        QVERIFY(expected.ok());
        QCOMPARE(received.metrics.stepSeconds, expected->metrics.stepSeconds);
        QCOMPARE(received.timeline.events.size(), expected->timeline.events.size());
        QCOMPARE(controller.simulation().metrics.stepSeconds, received.metrics.stepSeconds);
    }

    void failedOpenKeepsThePrevious()
    {
        TrainingController controller;
        controller.setSynchronous(true);
        QVERIFY(controller.openScenario(scenarioFile("default.json")).empty());
        const double step = controller.simulation().metrics.stepSeconds;
        const model::Scenario good = controller.goodScenario();
        QSignalSpy simulated(&controller, &TrainingController::simulated);
        QSignalSpy problems(&controller, &TrainingController::problemsChanged);
        QSignalSpy opened(&controller, &TrainingController::scenarioOpened);
        const auto refused = controller.openScenario(QFINDTESTDATA("data/training-bad-tp.json"));
        QVERIFY(!refused.empty());
        QCOMPARE(simulated.count(), 0);
        QCOMPARE(opened.count(), 0);
        QVERIFY(problems.count() >= 1);
        QCOMPARE(controller.simulation().metrics.stepSeconds, step);
        QCOMPARE(model::toJsonText(controller.scenario()), model::toJsonText(good));
        QVERIFY(!controller.openScenario(scenarioFile("no-such-file.json")).empty());
        QCOMPARE(controller.simulation().metrics.stepSeconds, step);
    }

    void previousMetricsFollowEditsNotFiles()
    {
        TrainingController controller;
        controller.setSynchronous(true);
        QVERIFY(controller.openScenario(scenarioFile("default.json")).empty());
        QVERIFY(!controller.previousMetrics());
        const double before = controller.simulation().metrics.stepSeconds;
        model::Scenario edited = controller.goodScenario();
        edited.comm.bucketMiB *= 4;
        QVERIFY(controller.setScenario(edited).empty());
        QVERIFY(controller.previousMetrics());
        QCOMPARE(controller.previousMetrics()->stepSeconds, before);
        QVERIFY(controller.openScenario(scenarioFile("zero1.json")).empty());
        QVERIFY(!controller.previousMetrics());
    }

    void largeFileOpensInTheBackground()
    {
        TrainingController controller;
        controller.setSynchronous(true);
        QVERIFY(controller.openScenario(scenarioFile("default.json")).empty()); // measures the pace of simulate()
        controller.setSynchronous(false);
        QSignalSpy opened(&controller, &TrainingController::scenarioOpened);
        QSignalSpy refused(&controller, &TrainingController::openRefused);
        // An edit that simulates in the background, then a large file before it has finished.
        QVERIFY(controller.setScenario(largeEdit(controller.goodScenario())).empty());
        QVERIFY(controller.isBusy());
        const QString path = scenarioFile("gpt175b-3d-1024.json");
        QVERIFY(controller.openScenario(path).empty());
        QVERIFY(controller.isOpening()); // returned before the file's simulation
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 60000);
        QVERIFY(!controller.isOpening());
        QCOMPARE(refused.count(), 0);
        QCOMPARE(opened.front().at(1).toString(), path);
        const auto file = model::loadScenario(path.toStdString());
        QVERIFY(file.ok());
        QCOMPARE(model::toJsonText(controller.goodScenario()), model::toJsonText(*file));
        const auto expected = model::simulate(*file);
        QVERIFY(expected.ok());
        QCOMPARE(controller.simulation().metrics.stepSeconds, expected->metrics.stepSeconds);
        QVERIFY(!controller.previousMetrics()); // a new file: nothing "before the edit"
        controller.waitForIdle();
        QCOMPARE(model::toJsonText(controller.goodScenario()), model::toJsonText(*file)); // the edit was stale
    }

    void laterRefusalRestoresTheEdit()
    {
        TrainingController controller;
        controller.setSynchronous(true);
        QVERIFY(controller.openScenario(scenarioFile("default.json")).empty());
        controller.setSynchronous(false);
        const QString path = QFINDTESTDATA("data/training-simulate-refuses.json");
        const auto file = model::loadScenario(path.toStdString());
        QVERIFY(file.ok());
        QVERIFY(model::validate(*file).empty());
        QVERIFY(!model::simulate(*file).ok()); // what the controller only learns by simulating
        QSignalSpy opened(&controller, &TrainingController::scenarioOpened);
        QSignalSpy refused(&controller, &TrainingController::openRefused);
        const model::Scenario edit = largeEdit(controller.goodScenario());
        QVERIFY(controller.setScenario(edit).empty());
        const auto now = controller.openScenario(path);
        QTRY_COMPARE_WITH_TIMEOUT(refused.count(), 1, 60000);
        QCOMPARE(refused.front().at(0).toString(), path);
        const auto problems = refused.front().at(1).value<model::Problems>();
        QCOMPARE(problems, model::simulate(*file).problems());
        QVERIFY(now.empty() || now == problems); // known before returning only when it simulated at once
        controller.waitForIdle();
        QCOMPARE(opened.count(), 0);
        QVERIFY(!controller.isOpening());
        // The edit the file superseded simulated again: it is the scenario shown.
        QCOMPARE(model::toJsonText(controller.goodScenario()), model::toJsonText(edit));
        QCOMPARE(model::toJsonText(controller.scenario()), model::toJsonText(edit));
        QCOMPARE(controller.simulation().metrics.stepSeconds, model::simulate(edit)->metrics.stepSeconds);
    }

    void dpBucketRequestIsTheScenarios()
    {
        TrainingController controller;
        controller.setSynchronous(true);
        QVERIFY(controller.openScenario(scenarioFile("zero3-prefetch.json")).empty());
        const auto request = controller.dpBucketRequest();
        const model::Scenario& s = controller.goodScenario();
        QCOMPARE(request.bytes, static_cast<model::Bytes>(s.comm.bucketMiB * model::MiB));
        QCOMPARE(request.topology.ranks(), s.parallel.dp);
        QVERIFY(request.op != model::Collective::AllReduce); // ZeRO-3 reduce-scatters its gradients
    }

    void sweepDeliversModelPoints()
    {
        TrainingController controller;
        controller.setSynchronous(true);
        QVERIFY(controller.openScenario(scenarioFile("default.json")).empty());
        std::vector<model::SweepPoint> points;
        double current = -1;
        connect(&controller, &TrainingController::sweepReady, this,
            [&](model::SweepParameter, const std::vector<model::SweepPoint>& p, double c) {
                points = p;
                current = c;
            });
        controller.requestSweep(model::SweepParameter::BucketSize);
        QCOMPARE(points, model::sweep(controller.goodScenario(), model::SweepParameter::BucketSize));
        QCOMPARE(current, controller.goodScenario().comm.bucketMiB);
    }

    // Background results are taken from their futures (a large timeline is not kept twice), which resets them:
    // the next run, the next sweep, waitForIdle() and the destructor must not wait on such a future for ever.
    void takenResultsDoNotBlockTheNextRun()
    {
        auto controller = std::make_unique<TrainingController>();
        controller->setSynchronous(true);
        QVERIFY(controller->openScenario(scenarioFile("default.json")).empty());
        controller->setSynchronous(false);
        QSignalSpy simulated(controller.get(), &TrainingController::simulated);
        QSignalSpy swept(controller.get(), &TrainingController::sweepReady);
        model::Scenario edit = largeEdit(controller->goodScenario());
        for (int run = 1; run <= 2; ++run) {
            edit.comm.bucketMiB += 1;
            QVERIFY(controller->setScenario(edit).empty());
            QVERIFY(controller->isBusy()); // in the background
            QTRY_COMPARE_WITH_TIMEOUT(simulated.count(), run, 60000);
            QCOMPARE(controller->simulation().metrics.stepSeconds, model::simulate(edit)->metrics.stepSeconds);
            controller->requestSweep(model::SweepParameter::MicroBatches);
            QTRY_COMPARE_WITH_TIMEOUT(swept.count(), run, 60000);
            QCOMPARE(swept.back().at(1).value<std::vector<model::SweepPoint>>(),
                model::sweep(edit, model::SweepParameter::MicroBatches));
        }
        controller->waitForIdle();
        controller.reset(); // waits for nothing: both results were taken
    }
};

QTEST_GUILESS_MAIN(TstTrainingController)
#include "tst_trainingcontroller.moc"
