// SPDX-License-Identifier: MIT
// Lessons and the question bank: every shipped file validates, every scene evaluates and every figure resolves
// in both languages, numeric answers equal independent closed forms, bad files give named messages, every
// curriculum topic and every follow-up question of the source material is covered.
#include "lessonfiles.h"
#include "model/teach/lessonscene.h"
#include "model/teach/question.h"

#include <QtTest>
#include <cmath>

using namespace tutor::model;
using tutor::tests::lessonRows;
using tutor::tests::lessonsDir;

namespace {

/// A one-step lesson whose scene is `sceneJson`, as the text of a lesson file.
std::string lessonWithScene(const std::string& sceneJson)
{
    const std::string hello = R"({"en": "Hello", "zh_CN": "你好"})";
    return R"({"id": "99-scene", "title": )" + hello + R"(, "summary": )" + hello
        + R"(, "steps": [{"id": "a", "title": )" + hello + R"(, "text": )" + hello + R"(, "scene": )" + sceneJson
        + "}]}";
}

} // namespace

class TestLessons : public QObject {
    Q_OBJECT
private slots:
    void lessonsLoad();
    void everySceneAndFigureResolves_data();
    void everySceneAndFigureResolves();
    void badLessons_data();
    void badLessons();
    void coverage_data();
    void coverage();
    void everyLessonHasAQuiz();
    void templates_data();
    void templates();
    void taskConditions();
    void badSceneNamesField();
    void sceneEnumNamesRoundTrip();
    void sceneViewAndHighlight_data();
    void sceneViewAndHighlight();
    void badSceneViewAndHighlight_data();
    void badSceneViewAndHighlight();
    void shippedViewsAndHighlights();
};

void TestLessons::lessonsLoad()
{
    const auto lessons = loadLessons(lessonsDir());
    QVERIFY2(lessons.ok(), toText(lessons.problems()).c_str());
    QVERIFY(lessons->size() >= 12);
    int tasks = 0;
    for (std::size_t i = 0; i < 3; ++i)
        for (const auto& s : (*lessons)[i].steps)
            tasks += s.task ? 1 : 0;
    QVERIFY2(tasks >= 3, "the first three lessons carry tasks");
}

void TestLessons::everySceneAndFigureResolves_data()
{
    lessonRows();
}

void TestLessons::everySceneAndFigureResolves()
{
    QFETCH(int, lesson);
    const auto lessons = loadLessons(lessonsDir());
    const auto& l = (*lessons)[lesson];
    const auto context = contextForLessons(lessonsDir());
    for (const auto& step : l.steps) {
        const auto result = evaluateStep(step, context);
        QVERIFY2(result.ok(), (step.id + ": " + toText(result.problems())).c_str());
        for (const auto lang : { Language::En, Language::ZhCN }) {
            for (const auto* text : { &step.title, &step.text }) {
                const auto r = resolveTemplate(text->in(lang), result->figures);
                if (!r.unresolved.empty())
                    QFAIL((step.id + " " + std::string(name(lang)) + ": {{" + r.unresolved.front() + "}}").c_str());
                for (const auto& key : templateKeys(text->in(lang))) {
                    const auto it = result->figures.find(key);
                    if (it != result->figures.end() && !std::isfinite(it->second.value))
                        QFAIL((step.id + ": " + key + " is not finite").c_str());
                }
            }
        }
        if (step.task) {
            const auto check = checkCondition(step.task->condition, *result);
            QVERIFY2(check.problems.empty(), (step.id + ": " + toText(check.problems)).c_str());
            QVERIFY2(!check.met, (step.id + ": the task must not be met before the learner acts").c_str());
        }
    }
}

void TestLessons::badLessons_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("malformed JSON → line:column") << "malformed.json"
                                                  << "malformed.json:3:";
    QTest::newRow("missing Chinese text") << "missing-zh.json"
                                          << "steps[0].text.zh_CN: is missing or empty";
    QTest::newRow("empty English title") << "empty-english.json"
                                         << "title.en: is missing or empty";
    QTest::newRow("unknown key") << "unknown-key.json"
                                 << "steps[0].colour: unknown key";
    QTest::newRow("unknown scene kind") << "bad-kind.json"
                                        << "steps[0].scene.kind = movie";
    QTest::newRow("bad condition operator") << "bad-operator.json"
                                            << "task.condition.op = =>";
    QTest::newRow("no steps") << "no-steps.json"
                              << "steps: must be a non-empty array";
    QTest::newRow("duplicate step id") << "duplicate-step.json"
                                       << "steps[1].id = a: is used by an earlier step";
    QTest::newRow("unknown topic") << "bad-topic.json"
                                   << "topics = quantum-links: is not a curriculum topic";
    QTest::newRow("time outside 0..1") << "bad-time.json"
                                       << "scene.time = 3";
    QTest::newRow("id differs from file") << "id-mismatch.json"
                                          << "id = another-name: must equal the file name";
    QTest::newRow("metric task without control") << "metric-without-control.json"
                                                 << "condition.control: is required";
}

void TestLessons::badLessons()
{
    QFETCH(QString, file);
    QFETCH(QString, fragment);
    const auto path = QFINDTESTDATA("data/lessons-bad/" + file);
    QVERIFY(!path.isEmpty());
    const auto lesson = loadLesson(path.toStdString());
    QVERIFY(!lesson.ok());
    const auto text = QString::fromStdString(toText(lesson.problems()));
    QVERIFY2(text.contains(fragment), qPrintable(text));
    QVERIFY2(text.contains(file), qPrintable(text)); // every problem names the file
}

void TestLessons::coverage_data()
{
    // The curriculum's topics, in its order.
    QTest::addColumn<QString>("topic");
    for (const char* t : { "where-dp", "where-tp", "where-pp", "where-moe", "where-zero", "where-sp", "prim-allreduce",
             "prim-reducescatter", "prim-allgather", "prim-reduce", "prim-broadcast", "prim-alltoall", "prim-sendrecv",
             "ar-equals-rs-ag", "zero-rs-ag", "alpha-beta", "volumes", "latency-bandwidth-bound", "algbw-busbw",
             "bottleneck-growth", "overlap", "bucket-size", "grad-accum", "topology-groups", "tp-intra-node",
             "hierarchical-allreduce", "pipeline-bubble", "zero-stages", "zero-prefetch", "moe-alltoall",
             "mixed-precision-comm", "compression-risk", "diagnose-profile", "diagnose-scaling", "stragglers", "mfu",
             "single-vs-multi-node", "failures-checkpoints", "common-mistakes", "units", "activation-recompute",
             "fsdp-hsdp", "nccl-practice", "debug-hangs", "in-network-reduction", "context-parallel", "comm-budget",
             "overlap-tp-moe" })
        QTest::newRow(t) << QString::fromLatin1(t);
}

void TestLessons::coverage()
{
    QFETCH(QString, topic);
    const auto t = topic.toStdString();
    const auto lessons = loadLessons(lessonsDir());
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    QVERIFY(lessons.ok() && questions.ok());
    int steps = 0, qs = 0;
    for (const auto& l : *lessons)
        for (const auto& s : l.steps)
            steps += std::count(s.topics.begin(), s.topics.end(), t);
    for (const auto& q : *questions)
        qs += std::count(q.topics.begin(), q.topics.end(), t);
    QVERIFY2(steps + qs > 0, qPrintable(topic + ": no lesson step and no question"));
}

// The quiz at the end of each lesson has questions to ask: at least two point into every lesson.
void TestLessons::everyLessonHasAQuiz()
{
    const auto lessons = loadLessons(lessonsDir());
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    QVERIFY(lessons.ok() && questions.ok());
    QVERIFY(lessons->size() >= 24);
    QVERIFY(questions->size() >= 120);
    for (const auto& lesson : *lessons) {
        const auto n = std::count_if(questions->begin(), questions->end(),
            [&](const Question& q) { return q.step.rfind(lesson.id + "#", 0) == 0; });
        QVERIFY2(n >= 2, lesson.id.c_str());
    }
}

void TestLessons::templates_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<int>("unresolved");
    QTest::newRow("seconds") << "t = {{a.time}}"
                             << "t = 1.5 ms" << 0;
    QTest::newRow("bandwidth") << "{{a.bw}} per direction"
                               << "50 GB/s per direction" << 0;
    QTest::newRow("fraction") << "{{a.share}}"
                              << "25 %" << 0;
    QTest::newRow("ratio of two figures, 100 / 50") << "{{a.big / a.bw}}"
                                                    << "2×" << 0;
    QTest::newRow("division by zero is unresolved") << "{{a.bw / a.zero}}"
                                                    << "{{a.bw / a.zero}}" << 1;
    QTest::newRow("unknown key is kept and listed") << "x {{nope}} y"
                                                    << "x {{nope}} y" << 1;
    QTest::newRow("unterminated template") << "x {{a.time"
                                           << "x {{a.time" << 1;
}

void TestLessons::templates()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QFETCH(int, unresolved);
    Figures f;
    f["a.time"] = makeFigure(1.5e-3, FigureUnit::Seconds);
    f["a.bw"] = makeFigure(50, FigureUnit::GBps);
    f["a.big"] = makeFigure(100, FigureUnit::GBps);
    f["a.share"] = makeFigure(0.25, FigureUnit::Fraction);
    f["a.zero"] = makeFigure(0, FigureUnit::GBps);
    const auto r = resolveTemplate(text.toStdString(), f);
    QCOMPARE(QString::fromStdString(r.text), expected);
    QCOMPARE(static_cast<int>(r.unresolved.size()), unresolved);
}

void TestLessons::taskConditions()
{
    Scene scene;
    scene.collective = { { "op", "allreduce" }, { "ranks", 8 }, { "bytes", "64KiB" }, { "preset", "hgx-h100" } };
    auto result = evaluateScene(scene, {});
    QVERIFY2(result.ok(), toText(result.problems()).c_str());
    Condition bytes { "bytes", "", ">=", "1GiB", "bytes" };
    QVERIFY(!checkCondition(bytes, *result).met);
    Condition latency { "", "cost.latency_fraction", "<", 0.1, "bytes" };
    QVERIFY(!checkCondition(latency, *result).met); // 64 KiB is latency-bound
    setSceneField(scene, "bytes", "4GiB");
    result = evaluateScene(scene, {});
    QVERIFY(result.ok());
    QVERIFY(checkCondition(bytes, *result).met);
    QVERIFY(checkCondition(latency, *result).met); // 4 GiB is bandwidth-bound
    Condition missing { "no.such.field", "", "==", 1, "no.such.field" };
    const auto check = checkCondition(missing, *result);
    QVERIFY(!check.met);
    QVERIFY(!check.problems.empty());
    QVERIFY(QString::fromStdString(check.problems.front().text()).contains("no.such.field"));
}

void TestLessons::badSceneNamesField()
{
    Scene scene;
    scene.collective = { { "op", "allsmash" }, { "bytes", "lots" } };
    const auto result = evaluateScene(scene, {});
    QVERIFY(!result.ok());
    const auto text = QString::fromStdString(toText(result.problems()));
    QVERIFY2(text.contains("scene.op = allsmash"), qPrintable(text));
    QVERIFY2(text.contains("scene.bytes = lots"), qPrintable(text));
}

void TestLessons::sceneEnumNamesRoundTrip()
{
    for (const auto v : { SceneView::Collective, SceneView::Timeline, SceneView::Charts })
        QCOMPARE(parseSceneView(name(v)), std::optional(v));
    for (const auto h : { SceneHighlight::None, SceneHighlight::Dp, SceneHighlight::Tp, SceneHighlight::Pp,
             SceneHighlight::Ep, SceneHighlight::Cp, SceneHighlight::Exposed, SceneHighlight::Bubble })
        QCOMPARE(parseSceneHighlight(name(h)), std::optional(h));
    QVERIFY(!parseSceneView("Timeline")); // names are case-sensitive, as written in the files
    QVERIFY(!parseSceneHighlight(""));
}

void TestLessons::sceneViewAndHighlight_data()
{
    QTest::addColumn<QString>("scene");
    QTest::addColumn<SceneView>("view");
    QTest::addColumn<SceneHighlight>("highlight");
    QTest::newRow("collective, no view → collective, nothing emphasised")
        << R"({"kind": "collective", "op": "allreduce"})" << SceneView::Collective << SceneHighlight::None;
    QTest::newRow("collective, view collective") << R"({"kind": "collective", "op": "allreduce", "view": "collective"})"
                                                 << SceneView::Collective << SceneHighlight::None;
    QTest::newRow("scenario, no view → timeline")
        << R"({"kind": "scenario", "file": "a.json"})" << SceneView::Timeline << SceneHighlight::None;
    QTest::newRow("scenario, timeline, dp")
        << R"({"kind": "scenario", "file": "a.json", "highlight": "dp"})" << SceneView::Timeline << SceneHighlight::Dp;
    QTest::newRow("scenario, timeline, exposed")
        << R"({"kind": "scenario", "file": "a.json", "view": "timeline", "highlight": "exposed"})"
        << SceneView::Timeline << SceneHighlight::Exposed;
    QTest::newRow("scenario, charts, bubble")
        << R"({"kind": "scenario", "file": "a.json", "view": "charts", "highlight": "bubble"})" << SceneView::Charts
        << SceneHighlight::Bubble;
    QTest::newRow("scenario, none written out") << R"({"kind": "scenario", "file": "a.json", "highlight": "none"})"
                                                << SceneView::Timeline << SceneHighlight::None;
}

void TestLessons::sceneViewAndHighlight()
{
    QFETCH(QString, scene);
    QFETCH(SceneView, view);
    QFETCH(SceneHighlight, highlight);
    const auto lesson = parseLesson(lessonWithScene(scene.toStdString()), "lessons/99-scene.json");
    QVERIFY2(lesson.ok(), toText(lesson.problems()).c_str());
    QCOMPARE(lesson->steps.front().scene.view, view);
    QCOMPARE(lesson->steps.front().scene.highlight, highlight);
}

void TestLessons::badSceneViewAndHighlight_data()
{
    QTest::addColumn<QString>("scene");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("unknown highlight") << R"({"kind": "scenario", "file": "a.json", "highlight": "sparkle"})"
                                       << "steps[0].scene.highlight = sparkle: must be one of dp, tp, pp, ep, "
                                          "cp, exposed, bubble";
    QTest::newRow("highlight in upper case") << R"({"kind": "scenario", "file": "a.json", "highlight": "DP"})"
                                             << "steps[0].scene.highlight = DP: must be one of";
    QTest::newRow("highlight not a string") << R"({"kind": "scenario", "file": "a.json", "highlight": 3})"
                                            << "steps[0].scene.highlight = 3: must be a non-empty string";
    QTest::newRow("unknown view") << R"({"kind": "scenario", "file": "a.json", "view": "gantt"})"
                                  << "steps[0].scene.view = gantt: must be one of collective, timeline, charts";
    QTest::newRow("timeline view of a collective scene")
        << R"({"kind": "collective", "op": "allreduce", "view": "timeline"})"
        << "steps[0].scene.view = timeline: must be collective for a collective scene";
    QTest::newRow("collective view of a scenario scene")
        << R"({"kind": "scenario", "file": "a.json", "view": "collective"})"
        << "steps[0].scene.view = collective: must be timeline or charts for a scenario scene";
}

void TestLessons::badSceneViewAndHighlight()
{
    QFETCH(QString, scene);
    QFETCH(QString, fragment);
    const auto lesson = parseLesson(lessonWithScene(scene.toStdString()), "lessons/99-scene.json");
    QVERIFY(!lesson.ok());
    const auto text = QString::fromStdString(toText(lesson.problems()));
    QVERIFY2(text.contains(fragment), qPrintable(text));
    QVERIFY2(text.startsWith("lessons/99-scene.json: "), qPrintable(text)); // the problem names the file
}

void TestLessons::shippedViewsAndHighlights()
{
    // Every shipped scene's view and highlight are the names its file writes, read back with the JSON parser
    // alone; a scene without them gets its kind's view and no highlight.
    const auto lessons = loadLessons(lessonsDir());
    QVERIFY(lessons.ok());
    int highlighted = 0;
    for (const auto& lesson : *lessons) {
        const auto raw = nlohmann::json::parse(*readTextFile(lesson.path));
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            const auto& file = raw["steps"][i]["scene"];
            const auto& scene = lesson.steps[i].scene;
            const auto where = lesson.id + "#" + lesson.steps[i].id;
            const std::string kindView = file["kind"] == "collective" ? "collective" : "timeline";
            QVERIFY2(name(scene.view) == file.value("view", kindView), where.c_str());
            QVERIFY2(name(scene.highlight) == file.value("highlight", std::string("none")), where.c_str());
            highlighted += scene.highlight != SceneHighlight::None ? 1 : 0;
        }
    }
    QVERIFY(highlighted > 0);
}

QTEST_APPLESS_MAIN(TestLessons)
#include "tst_lessons.moc"
