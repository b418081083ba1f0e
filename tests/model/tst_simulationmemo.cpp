// SPDX-License-Identifier: MIT
// The lesson's memo of scenario simulations (model::SimulationMemo, lessonscene.h): what it hands back equals a
// simulation made afresh, and what changes the scenario, or a cleared memo, simulates again.
#include "model/teach/lessonscene.h"

#include <QtTest>

using namespace tutor::model;

namespace {
std::string lessonsDir()
{
    const auto dir = qEnvironmentVariable("TUTOR_SOURCE_DIR");
    return (dir.isEmpty() ? std::string(".") : dir.toStdString()) + "/lessons";
}
} // namespace

class TestSimulationMemo : public QObject {
    Q_OBJECT
private slots:
    void scenarioScenesShareASimulation();
};

// Steps that show the same scenario simulate it once (SimulationMemo): the second evaluation shares the first's
// timeline, and every figure equals a fresh simulate() of the file; an override that changes the scenario, or a
// cleared memo, simulates again.
void TestSimulationMemo::scenarioScenesShareASimulation()
{
    const SceneContext context = contextForLessons(lessonsDir());
    QVERIFY(context.simulations);
    Scene scene;
    scene.kind = SceneKind::Scenario;
    scene.file = "default.json";
    scene.view = SceneView::Timeline;
    const auto first = evaluateScene(scene, context);
    QVERIFY2(first.ok(), toText(first.problems()).c_str());
    const auto again = evaluateScene(scene, context);
    QVERIFY(again.ok());
    QCOMPARE(again->timeline.get(), first->timeline.get());
    const auto fresh = evaluateScene(scene, SceneContext { context.scenariosDir, nullptr });
    QVERIFY(fresh.ok());
    QVERIFY(fresh->timeline.get() != first->timeline.get());
    QVERIFY(*fresh->timeline == *again->timeline);
    QVERIFY(*fresh->metrics == *again->metrics);
    QCOMPARE(fresh->figures.size(), again->figures.size());
    for (const auto& [key, figure] : fresh->figures)
        QCOMPARE(again->figures.at(key).value, figure.value);

    Scene edited = scene;
    setSceneField(edited, "comm.bucket_MiB", "7");
    const auto changed = evaluateScene(edited, context);
    QVERIFY(changed.ok());
    QVERIFY(changed->timeline.get() != first->timeline.get());
    QCOMPARE(changed->state["comm"]["bucket_MiB"].get<double>(), 7.0);
    QCOMPARE(evaluateScene(scene, context)->timeline.get(), first->timeline.get()); // two kept: both still there

    context.simulations->clear();
    QVERIFY(evaluateScene(scene, context)->timeline.get() != first->timeline.get());

    // A compare scene's figures, from the memo or simulated afresh, are the same; it keeps no timeline.
    LessonStep step;
    step.scene = scene;
    step.compare = { { "edit", edited } };
    for (int visit = 0; visit < 3; ++visit) {
        const auto memo = evaluateStep(step, context);
        const auto cold = evaluateStep(step, SceneContext { context.scenariosDir, nullptr });
        QVERIFY(memo.ok() && cold.ok());
        QVERIFY(memo->figures.count("edit.metrics.step_time"));
        QCOMPARE(memo->figures.size(), cold->figures.size());
        for (const auto& [key, figure] : cold->figures)
            QCOMPARE(memo->figures.at(key).value, figure.value);
        QVERIFY(memo->timeline);
    }
}

QTEST_APPLESS_MAIN(TestSimulationMemo)
#include "tst_simulationmemo.moc"
