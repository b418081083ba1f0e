// SPDX-License-Identifier: MIT
// What the lessons say: every claim holds against the figures beside it, comparisons state what they compare, a
// failing claim names lesson, step, claim and values, compare scenes evaluate both sides, known defects stay gone,
// and the glossary and the spacing of Chinese text are kept.
#include "lessonfiles.h"
#include "model/collectives/hardware.h"
#include "model/teach/claim.h"
#include "model/teach/lessonscene.h"
#include "model/teach/question.h"

#include <QRegularExpression>
#include <QtTest>
#include <cmath>
#include <filesystem>

using namespace tutor::model;
using tutor::tests::lessonRows;
using tutor::tests::lessonsDir;
using tutor::tests::sourceDir;

class TestLessonText : public QObject {
    Q_OBJECT
private slots:
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
    void glossaryAndSpacing();
};

void TestLessonText::claimExpressions_data()
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

void TestLessonText::claimExpressions()
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

void TestLessonText::everyClaimHolds_data()
{
    lessonRows();
}

void TestLessonText::everyClaimHolds()
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

void TestLessonText::comparisonsHaveClaims()
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

void TestLessonText::badClaimNamesLessonStepAndClaim()
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

void TestLessonText::failingClaimNamesValues()
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

void TestLessonText::compareScenes()
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

void TestLessonText::lessonDefects_data()
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

void TestLessonText::lessonDefects()
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

void TestLessonText::glossaryAndSpacing()
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

QTEST_APPLESS_MAIN(TestLessonText)
#include "tst_lessontext.moc"
