// SPDX-License-Identifier: MIT
// The Lessons page's controller without any widget (a QCoreApplication only): lessons open and step, each change
// evaluates the scene exactly once, a task is met when the figures computed with the model directly say so, a
// rejected value keeps the previous one, and the language changes the texts without evaluating again.
#include "app/gui/lessons/lessonplayer.h"
#include "model/collectives/topology.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

using tutor::app::LessonPlayer;
using tutor::app::LessonScene;
using namespace tutor::model;

namespace {
QString lessonsDir()
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR") + QStringLiteral("/lessons");
}

/// Counts scene evaluations: every evaluation ends in exactly one of these three signals.
struct Evaluations {
    explicit Evaluations(LessonPlayer& player)
        : evaluated(&player, &LessonPlayer::sceneEvaluated)
        , failed(&player, &LessonPlayer::sceneFailed)
        , rejected(&player, &LessonPlayer::valueRejected)
    {
    }
    int count() const { return static_cast<int>(evaluated.count() + failed.count() + rejected.count()); }
    void clear()
    {
        evaluated.clear();
        failed.clear();
        rejected.clear();
    }
    QSignalSpy evaluated;
    QSignalSpy failed;
    QSignalSpy rejected;
};

/// The collective the scene of lesson 04's "latency-bound" step describes, with `bytes` replaced, predicted by
/// the cost model directly.
CollectiveCost predictLatencyScene(const std::string& bytes)
{
    TopologySpec spec;
    spec.preset = "hgx-h100";
    spec.nodes = 1;
    spec.ranks = 8;
    CollectiveRequest request;
    request.op = Collective::AllReduce;
    request.bytes = parseBytes(bytes).value();
    request.dtype = DType::Bf16;
    request.topology = buildTopology(spec).value();
    request.algorithm = Algorithm::Ring;
    request.protocol = Protocol::Auto;
    return predict(request).value();
}
} // namespace

class TestLessonPlayer : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void loadOpensFirstStep();
    void walkLessonOnePerChange();
    void metricTaskAgainstCostModel_data();
    void metricTaskAgainstCostModel();
    void scenarioTaskAgainstSimulation();
    void rejectedValueKeepsPrevious();
    void goToStepEvaluatesOnce();
    void chartsViewHasNothingToCompareBeforeAChange();
    void languageDoesNotEvaluate();
    void badFolderReportsProblems();

private:
    QString progressPath(const char* name) const { return m_tmp.filePath(QString::fromLatin1(name)); }
    QTemporaryDir m_tmp;
};

void TestLessonPlayer::initTestCase()
{
    QVERIFY(m_tmp.isValid());
}

void TestLessonPlayer::loadOpensFirstStep()
{
    LessonPlayer player(progressPath("load.json"));
    QSignalSpy loaded(&player, &LessonPlayer::lessonsLoaded);
    QSignalSpy steps(&player, &LessonPlayer::stepChanged);
    QSignalSpy tasks(&player, &LessonPlayer::taskChanged);
    Evaluations evaluations(player);
    QVERIFY(player.loadLessons(lessonsDir()));
    QVERIFY2(player.loadProblems().isEmpty(), qPrintable(player.loadProblems()));
    QVERIFY2(player.questionProblems().isEmpty(), qPrintable(player.questionProblems()));
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(steps.count(), 1);
    QCOMPARE(steps.front(), (QVariantList { 0, 0 }));
    QCOMPARE(evaluations.evaluated.count(), 1);
    QCOMPARE(evaluations.count(), 1);
    QCOMPARE(tasks.count(), 1);
    QCOMPARE(player.lessonCount(), static_cast<int>(loadLessons(lessonsDir().toStdString())->size()));
    QVERIFY(!player.questions().empty());
    QVERIFY(player.scene());
    const auto direct = evaluateScene(player.step()->scene, contextForLessons(lessonsDir().toStdString()));
    QVERIFY(direct.ok());
    QVERIFY(player.figures() == direct->figures);
    QVERIFY(!player.stepMarkdown().contains(QStringLiteral("{{")));
}

void TestLessonPlayer::walkLessonOnePerChange()
{
    LessonPlayer player(progressPath("walk.json"));
    QVERIFY(player.loadLessons(lessonsDir()));
    const auto& lesson = player.lessons().front();
    QSignalSpy steps(&player, &LessonPlayer::stepChanged);
    QSignalSpy tasks(&player, &LessonPlayer::taskChanged);
    QSignalSpy done(&player, &LessonPlayer::progressChanged);
    Evaluations evaluations(player);
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        QCOMPARE(player.currentStep(), static_cast<int>(i));
        QVERIFY2(player.sceneProblems().isEmpty(), qPrintable(player.sceneProblems()));
        if (const auto& task = lesson.steps[i].task) {
            QVERIFY(player.hasTask());
            QVERIFY(!player.taskMet());
            evaluations.clear();
            QVERIFY(!player.next()); // the task blocks the way on, and nothing is evaluated
            QCOMPARE(evaluations.count(), 0);
            QCOMPARE(player.taskControl(), QString::fromStdString(task->condition.control));
            tasks.clear();
            QVERIFY(player.setControlValue(QString::fromStdString(task->condition.value.get<std::string>())));
            QCOMPARE(evaluations.evaluated.count(), 1);
            QCOMPARE(evaluations.count(), 1);
            QCOMPARE(tasks.count(), 1);
            QVERIFY(tasks.front().front().value<tutor::app::LessonTask>().met);
            QVERIFY(player.taskMet());
            // Lesson 01's task asks for the collective by name; the scene now predicts that collective.
            QCOMPARE(
                std::string(traits(player.scene()->result.cost->op).cliName), task->condition.value.get<std::string>());
        } else {
            QVERIFY(!player.hasTask());
            QVERIFY(player.taskMet());
        }
        steps.clear();
        evaluations.clear();
        QVERIFY(player.next());
        QCOMPARE(steps.count(), 1);
        QCOMPARE(evaluations.count(), 1);
    }
    QCOMPARE(done.count(), 1);
    QVERIFY(player.progress().isLessonDone(QString::fromStdString(lesson.id)));
    QCOMPARE(player.currentLesson(), 1); // finishing opens the next lesson
    QCOMPARE(player.currentStep(), 0);
    QVERIFY(!player.back()); // nothing before the first step
}

void TestLessonPlayer::metricTaskAgainstCostModel_data()
{
    QTest::addColumn<QString>("bytes");
    QTest::newRow("64 KiB, as the step opens") << "64KiB";
    QTest::newRow("1 MiB") << "1MiB";
    QTest::newRow("64 MiB") << "64MiB";
    QTest::newRow("4 GiB") << "4GiB";
}

void TestLessonPlayer::metricTaskAgainstCostModel()
{
    // Lesson 04's task: make the latency term under a tenth of the AllReduce's time by changing its size. The
    // α-β split of the ring AllReduce, 2(n−1)α against 2(n−1)/n·S/β (Thakur et al. 2005), comes from predict().
    QFETCH(QString, bytes);
    LessonPlayer player(progressPath("metric.json"));
    QVERIFY(player.loadLessons(lessonsDir()));
    QVERIFY(player.goToStep(QStringLiteral("04-the-alpha-beta-model"), QStringLiteral("latency-bound")));
    QCOMPARE(player.taskControl(), QStringLiteral("bytes"));
    Evaluations evaluations(player);
    QVERIFY(player.setControlValue(bytes));
    QCOMPARE(evaluations.count(), 1);
    const auto cost = predictLatencyScene(bytes.toStdString());
    const double latencyFraction = cost.latencySeconds / cost.totalSeconds;
    QCOMPARE(player.taskMet(), latencyFraction < 0.1);
    const auto figure = player.figures().find("cost.latency_fraction");
    QVERIFY(figure != player.figures().end());
    QVERIFY(std::abs(figure->second.value - latencyFraction) <= 1e-12);
    QCOMPARE(player.task().value, bytes);
}

void TestLessonPlayer::scenarioTaskAgainstSimulation()
{
    // Lesson 07's task: buckets of at least 100 MiB. The step's timeline is the scenario file simulated with the
    // scene's overrides and the task's.
    LessonPlayer player(progressPath("scenario.json"));
    QVERIFY(player.loadLessons(lessonsDir()));
    QVERIFY(player.goToStep(QStringLiteral("07-overlap-and-buckets"), QStringLiteral("bucket")));
    QVERIFY(player.scene());
    QCOMPARE(player.scene()->view, SceneView::Timeline);
    QCOMPARE(player.scene()->highlight, SceneHighlight::Dp);
    QVERIFY(!player.taskMet());
    Evaluations evaluations(player);
    QVERIFY(player.setControlValue(QStringLiteral(" 100 "))); // surrounding spaces are not part of the value
    QCOMPARE(evaluations.count(), 1);
    QVERIFY(player.taskMet());
    QCOMPARE(player.task().value, QStringLiteral("100"));

    const auto scenarios = contextForLessons(lessonsDir().toStdString()).scenariosDir;
    auto json = loadJson(scenarios + "/" + player.step()->scene.file);
    QVERIFY(json.ok());
    // the scene's own overrides first, then the task's
    for (const auto& [field, value] : player.step()->scene.overrides)
        QVERIFY(setField(json.value(), field, value).empty());
    QVERIFY(setField(json.value(), "comm.bucket_MiB", "100").empty());
    const auto simulation = simulate(scenarioFromJson(*json).value());
    QVERIFY(simulation.ok());
    QCOMPARE(player.scene()->result.metrics, std::optional(simulation->metrics));
    QCOMPARE(player.scene()->result.timeline->duration, simulation->timeline.duration);
}

void TestLessonPlayer::rejectedValueKeepsPrevious()
{
    LessonPlayer player(progressPath("rejected.json"));
    QVERIFY(player.loadLessons(lessonsDir()));
    QVERIFY(
        player.goToStep(QStringLiteral("03-allreduce-is-reducescatter-plus-allgather"), QStringLiteral("two-halves")));
    QVERIFY(player.setControlValue(QStringLiteral("512MiB")));
    QVERIFY(!player.taskMet()); // the condition asks for at least 1 GiB
    const auto markdown = player.stepMarkdown();
    const auto figures = player.figures();
    const auto task = player.task();

    Evaluations evaluations(player);
    QSignalSpy tasks(&player, &LessonPlayer::taskChanged);
    QVERIFY(!player.setControlValue(QStringLiteral("a lot")));
    QCOMPARE(evaluations.rejected.count(), 1);
    QCOMPARE(evaluations.count(), 1); // the previous scene is kept, not evaluated again
    QCOMPARE(tasks.count(), 0);
    const auto problems = evaluations.rejected.front().front().toString();
    QVERIFY2(problems.contains(QStringLiteral("scene.bytes = a lot")), qPrintable(problems));
    QCOMPARE(player.task(), task);
    QCOMPARE(player.task().value, QStringLiteral("512MiB"));
    QCOMPARE(player.stepMarkdown(), markdown);
    QVERIFY(player.figures() == figures);
    QVERIFY(player.sceneProblems().isEmpty());

    // The next value starts from the kept scene.
    QVERIFY(player.setControlValue(QStringLiteral("1GiB")));
    QVERIFY(player.taskMet());
    QCOMPARE(player.figures().at("scene.bytes").value, 1024.0 * 1024 * 1024);
}

void TestLessonPlayer::goToStepEvaluatesOnce()
{
    LessonPlayer player(progressPath("goto.json"));
    QVERIFY(player.loadLessons(lessonsDir()));
    Evaluations evaluations(player);
    QSignalSpy steps(&player, &LessonPlayer::stepChanged);
    QVERIFY(player.goToStep(QStringLiteral("02-the-primitives"), QStringLiteral("allreduce")));
    QCOMPARE(evaluations.count(), 1);
    QCOMPARE(steps.count(), 1);
    QCOMPARE(player.scene()->view, SceneView::Collective);
    QVERIFY(player.scene()->schedule.has_value());
    QVERIFY(!player.scene()->schedule->steps.empty());
    QVERIFY(!player.goToStep(QStringLiteral("02-the-primitives"), QStringLiteral("no-such-step")));
    QVERIFY(!player.goToStep(QStringLiteral("99-no-such-lesson"), QStringLiteral("allreduce")));
    QCOMPARE(evaluations.count(), 1);
}

void TestLessonPlayer::chartsViewHasNothingToCompareBeforeAChange()
{
    LessonPlayer player(progressPath("charts.json"));
    QVERIFY(player.loadLessons(lessonsDir()));
    QSignalSpy evaluated(&player, &LessonPlayer::sceneEvaluated);
    QVERIFY(player.goToStep(QStringLiteral("08-gradient-accumulation"), QStringLiteral("batch")));
    QCOMPARE(evaluated.count(), 1);
    const auto scene = evaluated.front().front().value<LessonScene>();
    QCOMPARE(scene.view, SceneView::Charts);
    QVERIFY(scene.result.metrics.has_value());
    QVERIFY(!scene.before.has_value());
}

void TestLessonPlayer::languageDoesNotEvaluate()
{
    LessonPlayer player(progressPath("language.json"));
    QVERIFY(player.loadLessons(lessonsDir()));
    player.setLanguage(Language::En);
    QVERIFY(
        player.goToStep(QStringLiteral("03-allreduce-is-reducescatter-plus-allgather"), QStringLiteral("two-halves")));
    const auto english = player.task().instruction;
    Evaluations evaluations(player);
    QSignalSpy languages(&player, &LessonPlayer::languageChanged);
    QSignalSpy tasks(&player, &LessonPlayer::taskChanged);
    player.setLanguage(Language::ZhCN);
    QCOMPARE(evaluations.count(), 0);
    QCOMPARE(languages.count(), 1);
    QCOMPARE(tasks.count(), 1);
    QVERIFY(player.task().instruction != english);
    const auto& step = *player.step();
    QCOMPARE(player.stepMarkdown(),
        QString::fromStdString(resolveTemplate(step.text.in(Language::ZhCN), player.figures()).text));
    player.setLanguage(Language::ZhCN); // unchanged: nothing happens
    QCOMPARE(languages.count(), 1);
}

void TestLessonPlayer::badFolderReportsProblems()
{
    LessonPlayer player(progressPath("bad.json"));
    QSignalSpy loaded(&player, &LessonPlayer::lessonsLoaded);
    QVERIFY(!player.loadLessons(m_tmp.filePath(QStringLiteral("no-such-folder"))));
    QCOMPARE(loaded.count(), 0);
    QVERIFY2(player.loadProblems().contains(QStringLiteral("is not a directory")), qPrintable(player.loadProblems()));
    QCOMPARE(player.currentLesson(), -1);
    QVERIFY(!player.next());
    QVERIFY(!player.back());
    QVERIFY(!player.setControlValue(QStringLiteral("1GiB")));
}

QTEST_GUILESS_MAIN(TestLessonPlayer)
#include "tst_lessonplayer.moc"
