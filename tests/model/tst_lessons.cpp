// SPDX-License-Identifier: MIT
// Lessons and the question bank: every shipped file validates, every scene evaluates and every figure resolves
// in both languages, numeric answers equal independent closed forms, bad files give named messages, every
// curriculum topic and every follow-up question of the source material is covered.
#include "model/collectives/hardware.h"
#include "model/teach/claim.h"
#include "model/teach/design.h"
#include "model/teach/lessonscene.h"
#include "model/teach/question.h"

#include <QRegularExpression>
#include <QtTest>
#include <cmath>
#include <filesystem>
#include <set>

using namespace tutor::model;

namespace {
std::string sourceDir()
{
    const auto dir = qEnvironmentVariable("TUTOR_SOURCE_DIR");
    return dir.isEmpty() ? std::string(".") : dir.toStdString();
}
std::string lessonsDir()
{
    return sourceDir() + "/lessons";
}

/// Independent closed forms for every numeric formula, in base units (s, B, GB/s, fraction, count, ratio).
/// A one-step lesson whose scene is `sceneJson`, as the text of a lesson file.
std::string lessonWithScene(const std::string& sceneJson)
{
    const std::string hello = R"({"en": "Hello", "zh_CN": "你好"})";
    return R"({"id": "99-scene", "title": )" + hello + R"(, "summary": )" + hello
        + R"(, "steps": [{"id": "a", "title": )" + hello + R"(, "text": )" + hello + R"(, "scene": )" + sceneJson
        + "}]}";
}

double closedForm(const std::string& formula, const std::map<std::string, double>& in)
{
    auto v = [&](const char* k) { return in.at(k); };
    const double MiB = 1024.0 * 1024.0;
    if (formula == "ring_allreduce_time") // Thakur, Rabenseifner, Gropp 2005: 2(n−1)α + 2(n−1)/n·S/β
        return 2 * (v("n") - 1) * v("alpha_us") * 1e-6
            + 2 * (v("n") - 1) / v("n") * v("size_MiB") * MiB / (v("beta_GBps") * 1e9);
    if (formula == "ring_allgather_time") // (n−1)α + (n−1)/n·S/β
        return (v("n") - 1) * v("alpha_us") * 1e-6
            + (v("n") - 1) / v("n") * v("size_MiB") * MiB / (v("beta_GBps") * 1e9);
    if (formula == "allreduce_bytes_per_rank") // 2(n−1)/n·Ψ·d
        return 2 * (v("n") - 1) / v("n") * v("params_B") * 1e9 * v("dtype_bytes");
    if (formula == "allreduce_busbw") // nccl-tests PERFORMANCE.md: S/t·2(n−1)/n
        return v("size_MiB") * MiB / (v("time_ms") * 1e-3) / 1e9 * 2 * (v("n") - 1) / v("n");
    if (formula == "allgather_busbw") // S/t·(n−1)/n
        return v("size_MiB") * MiB / (v("time_ms") * 1e-3) / 1e9 * (v("n") - 1) / v("n");
    if (formula == "zero_memory") { // ZeRO paper: (2+2+12)Ψ, stage 1 2Ψ+2Ψ+12Ψ/N, stage 2 2Ψ+14Ψ/N, stage 3 16Ψ/N
        const double psi = v("params_B") * 1e9, n = v("n");
        const int stage = static_cast<int>(v("stage"));
        const double perStage[] = { 16 * psi, 4 * psi + 12 * psi / n, 2 * psi + 14 * psi / n, 16 * psi / n };
        return perStage[stage];
    }
    if (formula == "zero_comm_bytes") // ZeRO §7: 2Ψ for stages 0–2, 3Ψ for stage 3
        return (v("stage") == 3 ? 3.0 : 2.0) * v("params_B") * 1e9 * v("dtype_bytes");
    if (formula == "pipeline_bubble") // (p−1)/(m+p−1)
        return (v("p") - 1) / (v("m") + v("p") - 1);
    if (formula == "interleaved_bubble") // (p−1)/(v·m+p−1)
        return (v("p") - 1) / (v("v") * v("m") + v("p") - 1);
    if (formula == "tp_layer_bytes") // Megatron: 4 AllReduce of b·s·h elements
        return 4 * v("b") * v("s") * v("h") * v("dtype_bytes");
    if (formula == "moe_alltoall_bytes") // tokens·k·h·d·(EP−1)/EP
        return v("tokens") * v("top_k") * v("h") * v("dtype_bytes") * (v("ep") - 1) / v("ep");
    if (formula == "transfer_time") // α + S/β
        return v("alpha_us") * 1e-6 + v("size_MiB") * MiB / (v("beta_GBps") * 1e9);
    if (formula == "bandwidth_ratio")
        return v("fast_GBps") / v("slow_GBps");
    if (formula == "gbit_to_gbyte")
        return v("gbps") / 8;
    if (formula == "effective_batch")
        return v("micro_batch") * v("accum") * v("dp");
    if (formula == "bucket_time") // Ultra-Scale Playbook: bucket·2(DP−1)/(DP·β)
        return v("bucket_MiB") * MiB * 2 * (v("dp") - 1) / (v("dp") * v("beta_GBps") * 1e9);
    if (formula == "crossover_bytes") // 2(n−1)α = 2(n−1)/n·S/β ⇒ S = n·α·β
        return v("n") * v("alpha_us") * 1e-6 * v("beta_GBps") * 1e9;
    if (formula == "growth_gap")
        return (v("new_flops") / v("old_flops")) / (v("new_GBps") / v("old_GBps"));
    if (formula == "mfu") // PaLM appendix B: 6Ψ·tokens/s ÷ (GPUs·peak)
        return 6 * v("params_B") * 1e9 * v("tokens_per_s") / (v("gpus") * v("peak_TFLOPs") * 1e12);
    if (formula == "gradient_bytes")
        return v("params_B") * 1e9 * v("dtype_bytes");
    return NAN;
}
// One data row per lesson: its index, named by its id.
void lessonRows()
{
    QTest::addColumn<int>("lesson");
    const auto lessons = loadLessons(lessonsDir());
    QVERIFY(lessons.ok());
    for (std::size_t i = 0; i < lessons->size(); ++i)
        QTest::newRow((*lessons)[i].id.c_str()) << static_cast<int>(i);
}
} // namespace

class TestLessons : public QObject {
    Q_OBJECT
private slots:
    void lessonsLoad();
    void everySceneAndFigureResolves_data();
    void everySceneAndFigureResolves();
    void questionsLoad();
    void numericAnswersMatchClosedForms_data();
    void numericAnswersMatchClosedForms();
    void numericGenerationIsSeeded();
    void badLessons_data();
    void badLessons();
    void badQuestions_data();
    void badQuestions();
    void coverage_data();
    void coverage();
    void seedFollowUps_data();
    void seedFollowUps();
    void followUpChains();
    void everyLessonHasAQuiz();
    void designQuestionsGradedBySearch();
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
    void claimExpressions_data();
    void claimExpressions();
    void everyClaimHolds_data();
    void everyClaimHolds();
    void comparisonsHaveClaims();
    void badClaimNamesLessonStepAndClaim();
    void failingClaimNamesValues();
    void compareScenes();
    void lessonDefects_data();
    void lessonDefects();
    void generatorsPlausible_data();
    void generatorsPlausible();
    void choiceOrderShuffledAndBalanced();
    void glossaryAndSpacing();
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

void TestLessons::questionsLoad()
{
    const auto lessons = loadLessons(lessonsDir());
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    QVERIFY2(questions.ok(), toText(questions.problems()).c_str());
    const auto problems = checkQuestions(*questions, *lessons, 16);
    QVERIFY2(problems.empty(), toText(problems).c_str());
    std::map<QuestionKind, int> kinds;
    for (const auto& q : *questions)
        ++kinds[q.kind];
    QVERIFY(kinds[QuestionKind::Choice] >= 10);
    QVERIFY(kinds[QuestionKind::Numeric] >= 10);
    QVERIFY(kinds[QuestionKind::Open] >= 10);
}

void TestLessons::numericAnswersMatchClosedForms_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<quint64>("seed");
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    QVERIFY(questions.ok());
    for (const auto& q : *questions)
        if (q.kind == QuestionKind::Numeric)
            for (quint64 seed : { 1ULL, 7ULL, 42ULL, 1234ULL, 99991ULL })
                QTest::addRow("%s, seed %llu", q.id.c_str(), seed) << QString::fromStdString(q.id) << seed;
}

void TestLessons::numericAnswersMatchClosedForms()
{
    QFETCH(QString, id);
    QFETCH(quint64, seed);
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    const auto q = std::find_if(
        questions->begin(), questions->end(), [&](const Question& x) { return x.id == id.toStdString(); });
    QVERIFY(q != questions->end());
    const auto inst = generate(*q, seed);
    QVERIFY2(inst.ok(), toText(inst.problems()).c_str());
    QVERIFY(std::isfinite(inst->answerBase));
    QVERIFY(std::isfinite(inst->answerInUnit));
    const double expected = closedForm(q->formula, inst->inputs);
    QVERIFY2(std::isfinite(expected), ("no closed form in the test for " + q->formula).c_str());
    QVERIFY2(std::fabs(inst->answerBase - expected) <= 1e-9 * std::fabs(expected),
        (std::to_string(inst->answerBase) + " vs " + std::to_string(expected)).c_str());
    QVERIFY(isCorrect(*q, *inst, inst->answerInUnit * (1 + q->tolerance / 2)));
    QVERIFY(!isCorrect(*q, *inst, inst->answerInUnit * (1 + q->tolerance * 2)));
}

void TestLessons::numericGenerationIsSeeded()
{
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    QVERIFY(questions.ok());
    const auto q = std::find_if(
        questions->begin(), questions->end(), [](const Question& x) { return x.formula == "ring_allreduce_time"; });
    QVERIFY(q != questions->end());
    QCOMPARE(generate(*q, 5)->inputs, generate(*q, 5)->inputs);
    std::set<std::map<std::string, double>> distinct;
    for (std::uint64_t seed = 1; seed <= 20; ++seed)
        distinct.insert(generate(*q, seed)->inputs);
    QVERIFY(distinct.size() > 5);
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

void TestLessons::badQuestions_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("unknown formula") << "unknown-formula.json"
                                     << "formula = warp_drive: is not a known formula";
    QTest::newRow("unit of another dimension") << "wrong-unit.json"
                                               << "unit = ms: does not fit";
    QTest::newRow("missing parameter") << "missing-parameter.json"
                                       << "parameters.m: is required by formula pipeline_bubble";
    QTest::newRow("correct index out of range") << "correct-out-of-range.json"
                                                << "correct = 2: must index one of the choices";
    QTest::newRow("open question without answer") << "open-missing-answer.json"
                                                  << "answer: is required";
    QTest::newRow("step reference without #") << "bad-step-reference.json"
                                              << "step = no-hash-here: must be";
}

void TestLessons::badQuestions()
{
    QFETCH(QString, file);
    QFETCH(QString, fragment);
    const auto path = QFINDTESTDATA("data/questions-bad/" + file);
    QVERIFY(!path.isEmpty());
    const auto text = readTextFile(path.toStdString());
    QVERIFY(text.ok());
    const auto questions = parseQuestions(*text, path.toStdString());
    QVERIFY(!questions.ok());
    const auto message = QString::fromStdString(toText(questions.problems()));
    QVERIFY2(message.contains(fragment), qPrintable(message));
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

void TestLessons::seedFollowUps_data()
{
    // The follow-up and section questions of the source documents, quoted from them.
    QTest::addColumn<QString>("phrase");
    QTest::newRow("000 follow-up 1") << "AllReduce 和 ReduceScatter/AllGather 在训练里分别解决什么问题";
    QTest::newRow("000 follow-up 2") << "为什么张量并行通常更适合放在节点内";
    QTest::newRow("000 follow-up 3") << "梯度累积为什么能缓解通信瓶颈";
    QTest::newRow("000 follow-up 4") << "bucket 越大越好吗";
    QTest::newRow("000 follow-up 5") << "如何判断瓶颈是通信而不是计算";
    QTest::newRow("000 60-second answer") << "如何发现并解决通信瓶颈";
    QTest::newRow("001 where") << "在分布式训练中，通信通常出现在什么地方";
    QTest::newRow("001 primitives") << "all-reduce、reduce-scatter、all-gather 有什么区别";
    QTest::newRow("001 ZeRO") << "ZeRO 为什么用 Reduce-Scatter + All-Gather 替代 All-Reduce";
    QTest::newRow("001 Reduce/Broadcast/AllToAll") << "Reduce、Broadcast、AllToAll 分别是什么";
    QTest::newRow("001 cost") << "通信开销怎么估";
    QTest::newRow("001 bottleneck") << "通信为什么会成为大模型训练瓶颈";
    QTest::newRow("001 reduce overhead") << "如何减少分布式训练中的通信开销";
    QTest::newRow("001 overlap") << "通信和计算重叠是什么意思";
    QTest::newRow("001 multi-node") << "多机训练和单机多卡相比，最大的挑战是什么";
}

void TestLessons::seedFollowUps()
{
    QFETCH(QString, phrase);
    const auto lessons = loadLessons(lessonsDir());
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    QVERIFY(questions.ok() && lessons.ok());
    const auto q = std::find_if(questions->begin(), questions->end(),
        [&](const Question& x) { return QString::fromStdString(x.prompt.zhCN).contains(phrase); });
    QVERIFY2(q != questions->end(), qPrintable(phrase));
    QVERIFY(!q->prompt.en.empty());
    QVERIFY(!q->source.empty());
    const auto& answer = q->kind == QuestionKind::Open ? q->answer : q->explanation;
    QVERIFY(!answer.en.empty() && !answer.zhCN.empty());
    QVERIFY2(checkQuestions({ *q }, *lessons, 1).empty(), q->step.c_str()); // points to an existing step
}

// Follow-ups chain the seeds' interviews in order, and a follow-up that names no question or loops is refused.
void TestLessons::followUpChains()
{
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    QVERIFY(questions.ok());
    std::map<std::string, const Question*> byId;
    for (const auto& q : *questions)
        byId[q.id] = &q;
    // seed 000: the 60-second answer, then follow-ups 1, 2, … in the order the source asks them.
    int expected = 1;
    for (const Question* at = byId.at("seed000-60s-answer"); !at->followUp.empty(); ++expected) {
        at = byId.at(at->followUp);
        QCOMPARE(QString::fromStdString(at->source), QStringLiteral("seed 000, follow-up %1").arg(expected));
    }
    QCOMPARE(expected, 6);

    QTemporaryDir dir;
    const auto write = [&](const char* followUp) {
        QFile f(dir.filePath(QStringLiteral("q.json")));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        const QString one
            = QStringLiteral("{\"id\": \"%1\", \"kind\": \"open\", \"step\": \"01-x#y\", \"follow_up\": \"%2\", "
                             "\"prompt\": {\"en\": \"p\", \"zh_CN\": \"p\"}, \"answer\": {\"en\": \"a\", "
                             "\"zh_CN\": \"a\"}}");
        f.write(QStringLiteral("{\"questions\": [%1, %2]}")
                    .arg(one.arg(QStringLiteral("a"), QString::fromLatin1(followUp)),
                        one.arg(QStringLiteral("b"), QStringLiteral("a")))
                    .toUtf8());
    };
    write("nobody");
    auto loaded = loadQuestions(dir.path().toStdString());
    QVERIFY(!loaded.ok());
    QVERIFY2(toText(loaded.problems()).find("a.follow_up = nobody: is not the id of a question") != std::string::npos,
        toText(loaded.problems()).c_str());
    write("b"); // a → b → a
    loaded = loadQuestions(dir.path().toStdString());
    QVERIFY(!loaded.ok());
    QVERIFY2(toText(loaded.problems()).find("leads back to a question of its chain") != std::string::npos,
        toText(loaded.problems()).c_str());
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

// A design answer is graded against the layout search: the fastest layout's degrees earn full credit, another
// layout credit by its step time against the fastest (recomputed here from the ranked list), and one that cannot
// run none, with the reason.
void TestLessons::designQuestionsGradedBySearch()
{
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    QVERIFY(questions.ok());
    const auto q = std::find_if(
        questions->begin(), questions->end(), [](const Question& x) { return x.id == "design-llama3-70b-64"; });
    QVERIFY(q != questions->end());
    QCOMPARE(q->kind, QuestionKind::Design);
    const auto search = designSearch(*q);
    QVERIFY2(search.ok(), toText(search.problems()).c_str());
    QVERIFY(search->ranked.size() > 3);
    const auto degrees = [](const Scenario& s) {
        return DesignAnswer { s.parallel.dp, s.parallel.tp, s.parallel.pp, std::max(1, s.parallel.ep),
            s.parallel.zeroStage };
    };
    const auto& best = search->ranked.front();
    auto grade = gradeDesign(*q, *search, degrees(best.scenario));
    QCOMPARE(grade.credit, 1.0);
    QCOMPARE(grade.ratio, 1.0);
    // Every ranked layout: the credit follows best / its fastest layout with the same degrees.
    for (const auto& layout : search->ranked) {
        const auto answer = degrees(layout.scenario);
        double fastest = 1e300;
        for (const auto& other : search->ranked)
            if (degrees(other.scenario).dp == answer.dp && degrees(other.scenario).tp == answer.tp
                && degrees(other.scenario).pp == answer.pp && degrees(other.scenario).ep == answer.ep
                && degrees(other.scenario).zeroStage == answer.zeroStage)
                fastest = std::min(fastest, other.metrics.stepSeconds);
        const double ratio = best.metrics.stepSeconds / fastest;
        grade = gradeDesign(*q, *search, answer);
        QVERIFY(grade.yours.has_value());
        QCOMPARE(grade.ratio, ratio);
        QCOMPARE(grade.credit, ratio >= 0.95 ? 1.0 : ratio >= 0.8 ? 0.5 : 0.0);
    }
    // Pure data parallelism without ZeRO holds 70B × 16 bytes per GPU: it does not fit.
    grade = gradeDesign(*q, *search, DesignAnswer { 64, 1, 1, 1, 0 });
    QCOMPARE(grade.credit, 0.0);
    QVERIFY(!grade.yours);
    QVERIFY2(grade.why.find("GiB") != std::string::npos, grade.why.c_str());
    grade = gradeDesign(*q, *search, DesignAnswer { 8, 4, 1, 1, 1 }); // 32 GPUs, not 64
    QVERIFY2(grade.why.find("not the 64 GPUs") != std::string::npos, grade.why.c_str());
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

void TestLessons::claimExpressions_data()
{
    QTest::addColumn<QString>("claim");
    QTest::addColumn<bool>("holds");
    QTest::addColumn<QString>("error");
    QTest::newRow("figure against a number, base units") << "{{a.time}} < 0.002" << true << "";
    QTest::newRow("ratio of figures as in text") << "{{a.big / a.bw}} == 2" << true << "";
    QTest::newRow("arithmetic and precedence") << "{{a.bw}} + 2 * 25 == 100" << true << "";
    QTest::newRow("parentheses") << "({{a.bw}} + 50) / 4 == 25" << true << "";
    QTest::newRow("abs, min, max") << "abs(-3) + min(1, 2, 0.5) + max({{a.share}}, 0.1) == 3.75" << true << "";
    QTest::newRow("unary minus") << "-{{a.bw}} < 0" << true << "";
    QTest::newRow("a comparison that fails") << "{{a.big}} < 1.3 * {{a.bw}}" << false << "";
    QTest::newRow("!=") << "{{a.big}} != {{a.bw}}" << true << "";
    QTest::newRow("unknown figure") << "{{a.nope}} > 1" << false << "{{a.nope}} is not a figure";
    QTest::newRow("text figure") << "{{a.name}} > 1" << false << "is text, not a number";
    QTest::newRow("division by zero") << "{{a.bw}} / {{a.zero}} > 1" << false << "division by zero";
    QTest::newRow("ratio template by zero") << "{{a.bw / a.zero}} > 1" << false << "division by zero";
    QTest::newRow("missing parenthesis") << "(1 + 2 > 1" << false << "expected ')'";
    QTest::newRow("unknown function") << "sqrt(4) == 2" << false << "unknown function 'sqrt'";
    QTest::newRow("unterminated template") << "{{a.bw > 1" << false << "'{{' without '}}'";
    QTest::newRow("two comparisons") << "1 < 2 < 3" << false << "unexpected '<'";
    QTest::newRow("empty") << "" << false << "empty";
    QTest::newRow("stray character") << "1 > 0 ;" << false << "unexpected ';'";
}

void TestLessons::claimExpressions()
{
    QFETCH(QString, claim);
    QFETCH(bool, holds);
    QFETCH(QString, error);
    Figures f;
    f["a.time"] = makeFigure(1.5e-3, FigureUnit::Seconds);
    f["a.bw"] = makeFigure(50, FigureUnit::GBps);
    f["a.big"] = makeFigure(100, FigureUnit::GBps);
    f["a.share"] = makeFigure(0.25, FigureUnit::Fraction);
    f["a.zero"] = makeFigure(0, FigureUnit::GBps);
    f["a.name"] = textFigure("ring");
    const auto check = evaluateClaim(claim.toStdString(), f);
    QCOMPARE(check.holds, holds);
    QVERIFY2(QString::fromStdString(check.error).contains(error), check.error.c_str());
    QCOMPARE(check.error.empty(), error.isEmpty());
    // The syntax check agrees with evaluation on what does not parse.
    const bool syntaxOnly = error.contains("expected") || error.contains("unknown function") || error.contains("'{{'")
        || error.contains("unexpected") || error.contains("empty");
    QCOMPARE(claimSyntaxError(claim.toStdString()).empty(), !syntaxOnly);
}

void TestLessons::everyClaimHolds_data()
{
    lessonRows();
}

void TestLessons::everyClaimHolds()
{
    // A model change that breaks a lesson's point fails here, naming the lesson, the step, the claim and its values.
    QFETCH(int, lesson);
    const auto lessons = loadLessons(lessonsDir());
    const auto& l = (*lessons)[lesson];
    const auto context = contextForLessons(lessonsDir());
    for (const auto& step : l.steps) {
        const auto result = evaluateStep(step, context);
        QVERIFY2(result.ok(), (step.id + ": " + toText(result.problems())).c_str());
        const auto problems = checkClaims(l, step, result->figures);
        QVERIFY2(problems.empty(), toText(problems).c_str());
        for (const auto lang : { Language::En, Language::ZhCN }) {
            const auto r = resolveTemplate(step.text.in(lang), result->figures);
            QVERIFY2(r.unresolved.empty(),
                (step.id + ": {{" + (r.unresolved.empty() ? "" : r.unresolved.front()) + "}}").c_str());
        }
    }
}

void TestLessons::comparisonsHaveClaims()
{
    // A step whose text quotes two model outputs side by side ("against", "instead of", a ratio) or states an
    // ordering must carry claims; so must every step that quotes a compare scene.
    const auto lessons = loadLessons(lessonsDir());
    QVERIFY(lessons.ok());
    const QRegularExpression comparing(QStringLiteral(
        R"(\b(against|instead of|faster|slower|larger|smaller|shorter|longer|more than|less than|above|below)\b|\{\{[^}]* / [^}]*\}\})"));
    int claims = 0;
    for (const auto& l : *lessons)
        for (const auto& s : l.steps) {
            claims += static_cast<int>(s.claims.size());
            const auto en = QString::fromStdString(s.text.en);
            const bool needs = !s.compare.empty() || (en.contains(comparing) && !templateKeys(s.text.en).empty());
            QVERIFY2(!needs || !s.claims.empty(), (l.id + "#" + s.id + " compares figures without a claim").c_str());
        }
    QVERIFY(claims >= 100);
}

void TestLessons::badClaimNamesLessonStepAndClaim()
{
    const std::string hello = R"({"en": "Hello", "zh_CN": "你好"})";
    const auto text = R"({"id": "99-claim", "title": )" + hello + R"(, "summary": )" + hello
        + R"(, "steps": [{"id": "a", "title": )" + hello + R"(, "text": )" + hello
        + R"(, "scene": {"kind": "collective", "op": "allreduce"}, "claims": ["{{cost.time}} > (1"]}]})";
    const auto lesson = parseLesson(text, "lessons/99-claim.json");
    QVERIFY(!lesson.ok());
    const auto message = QString::fromStdString(toText(lesson.problems()));
    QVERIFY2(message.contains("lessons/99-claim.json: steps[0].claims[0] = {{cost.time}} > (1: is not a valid claim: "
                              "column 19: expected ')'"),
        qPrintable(message));
}

void TestLessons::failingClaimNamesValues()
{
    Lesson lesson;
    lesson.id = "99-x";
    lesson.path = "lessons/99-x.json";
    LessonStep step;
    step.id = "s";
    step.claims = { "{{a.big}} < {{a.bw}}", "{{a.big}} > {{a.bw}}", "{{a.none}} > 0" };
    Figures f;
    f["a.bw"] = makeFigure(50, FigureUnit::GBps);
    f["a.big"] = makeFigure(100, FigureUnit::GBps);
    const auto problems = checkClaims(lesson, step, f);
    QCOMPARE(problems.size(), std::size_t(2));
    const auto text = QString::fromStdString(toText(problems));
    QVERIFY2(text.contains("lessons/99-x.json: 99-x#s.claims[0] = {{a.big}} < {{a.bw}}: does not hold: {{a.big}} = "
                           "100 GB/s, {{a.bw}} = 50 GB/s"),
        qPrintable(text));
    QVERIFY2(
        text.contains("99-x#s.claims[2] = {{a.none}} > 0: cannot be evaluated: column 1: {{a.none}} is not a figure"),
        qPrintable(text));
}

void TestLessons::compareScenes()
{
    const std::string hello = R"({"en": "Hello", "zh_CN": "你好"})";
    const auto text = R"({"id": "99-compare", "title": )" + hello + R"(, "summary": )" + hello
        + R"(, "steps": [{"id": "a", "title": )" + hello + R"(, "text": )" + hello
        + R"(, "scene": {"kind": "collective", "op": "allreduce", "bytes": "64KiB"},
            "compare": {"big": {"kind": "collective", "op": "allreduce", "bytes": "1GiB"}},
            "claims": ["{{big.cost.time}} > 100 * {{cost.time}}"]}]})";
    const auto lesson = parseLesson(text, "lessons/99-compare.json");
    QVERIFY2(lesson.ok(), toText(lesson.problems()).c_str());
    const auto& step = lesson->steps.front();
    const auto result = evaluateStep(step, {});
    QVERIFY2(result.ok(), toText(result.problems()).c_str());
    QVERIFY(result->figures.count("big.cost.time"));
    QVERIFY(!result->figures.count("big.hw.hgx-h100.peak_flops")); // hardware figures stay unprefixed
    QVERIFY(checkClaims(*lesson, step, result->figures).empty());
    // A compare scene may not shadow a figure prefix, and its problems name it.
    auto shadow = text;
    shadow.replace(shadow.find("\"big\""), 5, "\"cost\"");
    const auto bad = parseLesson(shadow, "lessons/99-compare.json");
    QVERIFY(!bad.ok());
    QVERIFY(QString::fromStdString(toText(bad.problems())).contains("steps[0].compare.cost = cost: must be a name"));
    auto broken = *lesson;
    broken.steps.front().compare.front().second.collective["op"] = "allsmash";
    const auto failed = evaluateStep(broken.steps.front(), {});
    QVERIFY(!failed.ok());
    QVERIFY(QString::fromStdString(toText(failed.problems())).contains("compare.big.scene.op = allsmash"));
}

void TestLessons::lessonDefects_data()
{
    // Issue 13's list: each sentence that contradicted its figures or the facts, and what must replace it.
    QTest::addColumn<QString>("step");
    QTest::addColumn<QString>("absent");
    QTest::addColumn<QString>("present");
    QTest::addColumn<QString>("presentZh"); // empty: the same as present
    QTest::newRow("09#tp-across compares at equal work") << "09#tp-across"
                                                         << ""
                                                         << "{{inside.metrics.tokens_per_s}}"
                                                         << "";
    QTest::newRow("09#tp-inside quotes throughput") << "09#tp-inside"
                                                    << ""
                                                    << "{{metrics.tokens_per_s}}"
                                                    << "";
    QTest::newRow("09#two-speeds: no 'x less bandwidth'") << "09#two-speeds"
                                                          << "less bandwidth"
                                                          << "{{cost.inter_bytes_per_gpu}}"
                                                          << "";
    QTest::newRow("09#two-speeds zh: no 带宽少了") << "09#two-speeds"
                                                   << "带宽少了"
                                                   << "{{cost.inter_bytes_per_gpu}}"
                                                   << "";
    QTest::newRow("10#bubble names the stage imbalance") << "10#bubble"
                                                         << ""
                                                         << "{{pipeline.imbalance_idle}}"
                                                         << "";
    QTest::newRow("14#profile names the stage imbalance") << "14#profile"
                                                          << "一个数字的总结"
                                                          << "{{pipeline.imbalance_idle}}"
                                                          << "";
    QTest::newRow("01#pp-moe: AllToAll on the whole node") << "01#pp-moe"
                                                           << "{{alltoall.time}}"
                                                           << "{{node.cost.time}}"
                                                           << "";
    QTest::newRow("01#sp-zero says why NVLS differs") << "01#sp-zero"
                                                      << ""
                                                      << "NVLS"
                                                      << "";
    QTest::newRow("07#bucket shows small buckets") << "07#bucket"
                                                   << ""
                                                   << "{{small.metrics.exposed_comm}}"
                                                   << "";
    QTest::newRow("07#engines: NCCL runs on SMs") << "07#engines"
                                                  << "separate hardware"
                                                  << "kernels"
                                                  << "kernel";
    QTest::newRow("03#why-zero: stage 3 is 1.5×") << "03#why-zero"
                                                  << "Volume is the same as an AllReduce"
                                                  << "1.5×"
                                                  << "1.5 倍";
    QTest::newRow("12#dispatch: exposed per dimension") << "12#dispatch"
                                                        << ""
                                                        << "{{metrics.ep_exposed}}"
                                                        << "";
    QTest::newRow("13#compression: AllToAll, not int8 AllReduce") << "13#compression"
                                                                  << "an int8 gradient is"
                                                                  << "AllToAll"
                                                                  << "";
    QTest::newRow("13#precision: 7 stored mantissa bits") << "13#precision"
                                                          << "8 bits of mantissa"
                                                          << "7 mantissa bits"
                                                          << "7 位尾数";
    QTest::newRow("08#no-sync: bytes per token, not latency") << "08#no-sync"
                                                              << "latency and launch costs are spread"
                                                              << "per token"
                                                              << "每个 token";
    QTest::newRow("15#table: 400 GB/s is A800/H800") << "15#table"
                                                     << ""
                                                     << "hgx-a800"
                                                     << "";
    QTest::newRow("02#alltoall: Ulysses uses it too") << "02#alltoall"
                                                      << ""
                                                      << "Ulysses"
                                                      << "";
    QTest::newRow("04#formula zh: no 最简单又诚实") << "04#formula"
                                                    << "最简单又诚实"
                                                    << "T = α + M/β"
                                                    << "";
    QTest::newRow("05#units zh: no 包装盒") << "05#units"
                                            << "包装盒"
                                            << "nvlink_both_GBps"
                                            << "";
}

void TestLessons::lessonDefects()
{
    QFETCH(QString, step);
    QFETCH(QString, absent);
    QFETCH(QString, present);
    QFETCH(QString, presentZh);
    const auto lessons = loadLessons(lessonsDir());
    QVERIFY(lessons.ok());
    const auto hash = step.indexOf('#');
    for (const auto& l : *lessons) {
        if (!QString::fromStdString(l.id).startsWith(step.left(hash) + '-'))
            continue;
        for (const auto& s : l.steps) {
            if (QString::fromStdString(s.id) != step.mid(hash + 1))
                continue;
            for (const auto lang : { Language::En, Language::ZhCN }) {
                const auto text = QString::fromStdString(s.text.in(lang));
                QVERIFY2(absent.isEmpty() || !text.contains(absent), qPrintable(step + ": " + absent));
                const auto& wanted = lang == Language::ZhCN && !presentZh.isEmpty() ? presentZh : present;
                QVERIFY2(
                    text.contains(wanted), qPrintable(step + " " + QString::fromLatin1(name(lang)) + ": " + wanted));
            }
            return;
        }
    }
    QFAIL(qPrintable("no step " + step));
}

void TestLessons::generatorsPlausible_data()
{
    QTest::addColumn<QString>("id");
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    QVERIFY(questions.ok());
    for (const auto& q : *questions)
        if (q.kind == QuestionKind::Numeric)
            QTest::newRow(q.id.c_str()) << QString::fromStdString(q.id);
}

void TestLessons::generatorsPlausible()
{
    // 1,000 seeds per generator; every draw inside physical bounds: MFU 15–65 % (PaLM and Megatron report 30–60 %), a
    // measured busbw at most the link it runs on, fractions inside (0, 1), every answer finite and positive.
    QFETCH(QString, id);
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    const auto q = std::find_if(
        questions->begin(), questions->end(), [&](const Question& x) { return x.id == id.toStdString(); });
    QVERIFY(q != questions->end());
    const bool busbw = q->formula == "allreduce_busbw" || q->formula == "allgather_busbw";
    std::set<double> answers;
    for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
        const auto inst = generate(*q, seed);
        QVERIFY2(inst.ok(), toText(inst.problems()).c_str());
        const double a = inst->answerBase;
        const auto where = q->id + ", seed " + std::to_string(seed) + ": " + std::to_string(a);
        QVERIFY2(std::isfinite(a) && a > 0, where.c_str());
        if (q->formula == "mfu")
            QVERIFY2(a >= 0.15 && a <= 0.65, where.c_str());
        if (busbw) {
            QVERIFY2(inst->inputs.count("link_GBps"), "a busbw question names the link it runs on");
            QVERIFY2(a <= inst->inputs.at("link_GBps"), where.c_str());
            double fastest = 0;
            for (const auto& p : presets())
                fastest = std::max(fastest, p.intra.lineRateGBps);
            QVERIFY2(a <= fastest, where.c_str());
        }
        if (q->formula == "pipeline_bubble" || q->formula == "interleaved_bubble")
            QVERIFY2(a > 0 && a < 1, where.c_str());
        answers.insert(a);
    }
    const bool variable = std::any_of(
        q->parameters.begin(), q->parameters.end(), [](const QuestionParameter& p) { return p.values.size() > 1; });
    QVERIFY2(answers.size() > 1 || !variable, "parameters vary across seeds");
}

void TestLessons::choiceOrderShuffledAndBalanced()
{
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    QVERIFY(questions.ok());
    for (const auto& q : *questions) {
        if (q.kind != QuestionKind::Choice)
            continue;
        QCOMPARE(choiceOrder(q, 7), choiceOrder(q, 7)); // one attempt, one order
        std::vector<int> position(q.choices.size(), 0);
        std::set<std::vector<int>> orders;
        const int attempts = 4000;
        for (int attempt = 0; attempt < attempts; ++attempt) {
            auto order = choiceOrder(q, static_cast<std::uint64_t>(attempt));
            auto sorted = order;
            std::sort(sorted.begin(), sorted.end());
            for (std::size_t i = 0; i < sorted.size(); ++i)
                QCOMPARE(sorted[i], static_cast<int>(i)); // a permutation
            ++position[static_cast<std::size_t>(std::find(order.begin(), order.end(), q.correct) - order.begin())];
            orders.insert(order);
        }
        QVERIFY2(orders.size() > 1, q.id.c_str());
        // The right answer lands on every position about equally often (±25 % of the fair share).
        const double fair = double(attempts) / double(q.choices.size());
        for (const int n : position)
            QVERIFY2(std::fabs(n - fair) < 0.25 * fair, q.id.c_str());
    }
}

void TestLessons::glossaryAndSpacing()
{
    // lessons/glossary.json fixes each term's form in both languages and the spacing between Hanzi and figures;
    // every lesson and scenario text follows it, and no listed machine-translation phrase appears anywhere.
    const auto glossary = nlohmann::json::parse(*readTextFile(lessonsDir() + "/glossary.json"));
    struct Check {
        QString where;
        QString text;
        bool zh;
    };
    std::vector<Check> texts;
    const auto lessons = loadLessons(lessonsDir());
    QVERIFY(lessons.ok());
    for (const auto& l : *lessons) {
        auto add = [&](const Text& t, const std::string& field) {
            texts.push_back({ QString::fromStdString(l.id + " " + field), QString::fromStdString(t.en), false });
            texts.push_back({ QString::fromStdString(l.id + " " + field), QString::fromStdString(t.zhCN), true });
        };
        add(l.title, "title");
        add(l.summary, "summary");
        for (const auto& s : l.steps) {
            add(s.title, s.id + ".title");
            add(s.text, s.id + ".text");
            if (s.task) {
                add(s.task->instruction, s.id + ".instruction");
                add(s.task->hint, s.id + ".hint");
            }
        }
    }
    for (const auto& entry : std::filesystem::directory_iterator(sourceDir() + "/assets/scenarios")) {
        const auto j = nlohmann::json::parse(*readTextFile(entry.path().string()));
        if (j.contains("description") && j["description"].is_object()) {
            const auto where = QString::fromStdString(entry.path().filename().string());
            texts.push_back({ where, QString::fromStdString(j["description"].value("en", "")), false });
            texts.push_back({ where, QString::fromStdString(j["description"].value("zh_CN", "")), true });
        }
    }
    // Code spans, figures and dotted field names are not prose.
    const QRegularExpression code(QStringLiteral(R"(`[^`]*`|\{\{[^}]*\}\}|\b[a-z_]+\.[a-zA-Z_.]+\b)"));
    const QRegularExpression glued(
        QStringLiteral(R"([\x{4E00}-\x{9FFF}]([A-Za-z0-9]|\{\{)|([A-Za-z0-9]|\}\})[\x{4E00}-\x{9FFF}])"));
    const QRegularExpression spacedHan(QStringLiteral(R"([\x{4E00}-\x{9FFF}] +[\x{4E00}-\x{9FFF}])"));
    int checked = 0;
    for (const auto& t : texts) {
        auto prose = t.text;
        prose.replace(code, QStringLiteral("x"));
        for (const auto& term : glossary["terms"]) {
            const auto key = t.zh ? "avoid_zh_CN" : "avoid_en";
            for (const auto& avoid : term.value(key, nlohmann::json::array())) {
                const auto word = QString::fromStdString(avoid.get<std::string>());
                const bool latin = word.front().isLetter() && word.front().unicode() < 128;
                const QRegularExpression re(
                    latin ? "\\b" + QRegularExpression::escape(word) + "\\b" : QRegularExpression::escape(word),
                    QRegularExpression::CaseInsensitiveOption);
                QVERIFY2(!prose.contains(re),
                    qPrintable(t.where + ": '" + word + "' — the glossary's form is '"
                        + QString::fromStdString(term[t.zh ? "zh_CN" : "en"].get<std::string>()) + "'"));
            }
        }
        if (t.zh) {
            for (const auto& phrase : glossary["phrases_zh_CN"])
                QVERIFY2(!t.text.contains(QString::fromStdString(phrase.get<std::string>())), qPrintable(t.where));
            const auto m = glued.match(t.text);
            QVERIFY2(!m.hasMatch(), qPrintable(t.where + ": no space in '" + m.captured(0) + "'"));
            const auto s = spacedHan.match(prose);
            QVERIFY2(!s.hasMatch(), qPrintable(t.where + ": space between Hanzi in '" + s.captured(0) + "'"));
            ++checked;
        }
    }
    QVERIFY(checked > 100);
    // The question bank keeps its seed quotations, but none of the machine-translation phrases.
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    QVERIFY(questions.ok());
    for (const auto& q : *questions)
        for (const auto* t : { &q.prompt, &q.explanation, &q.answer, &q.solution })
            for (const auto& phrase : glossary["phrases_zh_CN"])
                QVERIFY2(!QString::fromStdString(t->zhCN).contains(QString::fromStdString(phrase.get<std::string>())),
                    q.id.c_str());
}

QTEST_APPLESS_MAIN(TestLessons)
#include "tst_lessons.moc"
