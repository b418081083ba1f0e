// SPDX-License-Identifier: MIT
// The question bank: every shipped file validates, numeric answers equal independent closed forms, generation is a
// function of the seed, bad files give named messages, every follow-up question of the source material is asked,
// design questions are graded against the layout search, and choice orders are shuffled and balanced.
#include "lessonfiles.h"
#include "model/teach/design.h"
#include "model/teach/lesson.h"
#include "model/teach/question.h"

#include <QtTest>
#include <cmath>
#include <set>

using namespace tutor::model;
using tutor::tests::lessonsDir;

namespace {

/// Independent closed forms for every numeric formula, in base units (s, B, GB/s, fraction, count, ratio).
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
} // namespace

class TestQuestions : public QObject {
    Q_OBJECT
private slots:
    void questionsLoad();
    void numericAnswersMatchClosedForms_data();
    void numericAnswersMatchClosedForms();
    void numericGenerationIsSeeded();
    void badQuestions_data();
    void badQuestions();
    void seedFollowUps_data();
    void seedFollowUps();
    void followUpChains();
    void designQuestionsGradedBySearch();
    void generatorsPlausible_data();
    void generatorsPlausible();
    void choiceOrderShuffledAndBalanced();
};

void TestQuestions::questionsLoad()
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

void TestQuestions::numericAnswersMatchClosedForms_data()
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

void TestQuestions::numericAnswersMatchClosedForms()
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

void TestQuestions::numericGenerationIsSeeded()
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

void TestQuestions::badQuestions_data()
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

void TestQuestions::badQuestions()
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

void TestQuestions::seedFollowUps_data()
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

void TestQuestions::seedFollowUps()
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
void TestQuestions::followUpChains()
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

// A design answer is graded against the layout search: the fastest layout's degrees earn full credit, another
// layout credit by its step time against the fastest (recomputed here from the ranked list), and one that cannot
// run none, with the reason.
void TestQuestions::designQuestionsGradedBySearch()
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

    // The part the window keeps grades every answer as the whole search does, with fewer layouts.
    const auto part = gradingPart(*search);
    QVERIFY(part.ranked.size() < search->ranked.size());
    QVERIFY(part.rejected.size() < search->rejected.size());
    int graded = 0;
    for (const int dp : { 1, 2, 4, 8, 16, 32, 64 })
        for (const int tp : { 1, 2, 4, 8 })
            for (const int pp : { 1, 2, 4, 8 })
                for (const int zero : { 0, 1, 2, 3 }) {
                    const DesignAnswer answer { dp, tp, pp, 1, zero };
                    const auto whole = gradeDesign(*q, *search, answer);
                    const auto kept = gradeDesign(*q, part, answer);
                    QCOMPARE(kept.credit, whole.credit);
                    QCOMPARE(kept.ratio, whole.ratio);
                    QCOMPARE(kept.why, whole.why);
                    QCOMPARE(kept.yours.has_value(), whole.yours.has_value());
                    QCOMPARE(kept.best.scenario.name.en, whole.best.scenario.name.en);
                    graded += whole.yours.has_value() ? 1 : 0;
                }
    QVERIFY(graded > 10);
}

void TestQuestions::generatorsPlausible_data()
{
    QTest::addColumn<QString>("id");
    const auto questions = loadQuestions(lessonsDir() + "/questions");
    QVERIFY(questions.ok());
    for (const auto& q : *questions)
        if (q.kind == QuestionKind::Numeric)
            QTest::newRow(q.id.c_str()) << QString::fromStdString(q.id);
}

void TestQuestions::generatorsPlausible()
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

void TestQuestions::choiceOrderShuffledAndBalanced()
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

QTEST_APPLESS_MAIN(TestQuestions)
#include "tst_questions.moc"
