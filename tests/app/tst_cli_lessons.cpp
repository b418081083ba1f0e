// SPDX-License-Identifier: MIT
// `commtutor-cli lessons`: check passes on the shipped files and fails with file-named messages on bad ones,
// show renders resolved figures in both languages, quiz is reproducible from its seed, usage errors exit 2.
#include "app/cli/commands.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <sstream>
#include <string>
#include <vector>

namespace {
struct Run {
    int code = 0;
    QString out;
    QString err;
};

Run run(std::vector<std::string> args)
{
    args.insert(args.begin(), "commtutor-cli");
    std::ostringstream out, err;
    const int code = tutor::app::cli::dispatch(args, out, err);
    return { code, QString::fromStdString(out.str()), QString::fromStdString(err.str()) };
}

std::string lessonsDir()
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR").toStdString() + "/lessons";
}
} // namespace

class TestCliLessons : public QObject {
    Q_OBJECT
private slots:
    void checkShipped();
    void checkBadFolder();
    void list();
    void show_data();
    void show();
    void quizIsSeeded();
    void quizRendersAndMarks();
    void checkReportsFailingClaim();
    void figures();
    void usage_data();
    void usage();
};

void TestCliLessons::checkShipped()
{
    const auto r = run({ "lessons", "check", lessonsDir() });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.startsWith(QStringLiteral("ok: ")));
    QVERIFY(r.out.contains(QStringLiteral("topics covered")));
    QVERIFY2(r.out.contains(QStringLiteral("claims hold")), qPrintable(r.out));
}

void TestCliLessons::checkBadFolder()
{
    const auto dir = QFINDTESTDATA("../model/data/lessons-bad");
    QVERIFY(!dir.isEmpty());
    const auto r = run({ "lessons", "check", dir.toStdString() });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("missing-zh.json")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("zh_CN: is missing or empty")), qPrintable(r.err));
}

void TestCliLessons::list()
{
    const auto r = run({ "lessons", "list", lessonsDir(), "--lang", "zh_CN" });
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("01-where-communication-happens  通信发生在哪里")));
    QVERIFY(r.out.count(QLatin1Char('\n')) >= 12);
}

void TestCliLessons::show_data()
{
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("English, figures with units") << "en"
                                                 << "GB/s";
    QTest::newRow("Chinese") << "zh_CN"
                             << "每张 GPU";
}

void TestCliLessons::show()
{
    QFETCH(QString, lang);
    QFETCH(QString, fragment);
    const auto r = run({ "lessons", "show", "02", "--dir", lessonsDir(), "--lang", lang.toStdString() });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(fragment));
    QVERIFY(!r.out.contains(QStringLiteral("{{")));
}

void TestCliLessons::quizIsSeeded()
{
    const std::vector<std::string> args { "lessons", "quiz", "num-pipeline-bubble", "--dir", lessonsDir(), "--seed",
        "11" };
    const auto a = run(args);
    const auto b = run(args);
    QVERIFY2(a.code == 0, qPrintable(a.err));
    QCOMPARE(a.out, b.out);
    QVERIFY(a.out.contains(QStringLiteral("%")));
    QVERIFY(a.out.contains(QStringLiteral("10-pipeline-bubbles#bubble")));
}

void TestCliLessons::quizRendersAndMarks()
{
    // A choice question quoting hardware figures: every template resolved, the right option starred and named, the
    // order drawn from the seed (the same seed, the same order; some seed, another order).
    const auto quiz = [](const char* seed) {
        return run({ "lessons", "quiz", "mc-nic-units", "--dir", lessonsDir(), "--seed", seed });
    };
    const auto a = quiz("1");
    QVERIFY2(a.code == 0, qPrintable(a.err));
    QVERIFY2(!a.out.contains(QStringLiteral("{{")), qPrintable(a.out));
    QVERIFY2(a.out.contains(QStringLiteral("400 Gb/s")), qPrintable(a.out));
    QCOMPARE(a.out, quiz("1").out);
    const auto starred
        = QRegularExpression(QStringLiteral("^\\* ([A-D])\\. "), QRegularExpression::MultilineOption).match(a.out);
    QVERIFY2(starred.hasMatch(), qPrintable(a.out));
    QVERIFY2(a.out.contains(QStringLiteral("Answer: ") + starred.captured(1)), qPrintable(a.out));
    bool reordered = false;
    for (const char* seed : { "2", "3", "4", "5", "6" })
        reordered = reordered || quiz(seed).out != a.out;
    QVERIFY(reordered);
    // A numeric question prints its answer in its unit.
    const auto n = run({ "lessons", "quiz", "num-mfu", "--dir", lessonsDir(), "--seed", "3", "--lang", "zh_CN" });
    QVERIFY2(n.code == 0, qPrintable(n.err));
    QVERIFY2(n.out.contains(QStringLiteral("答案：")) && n.out.contains(QStringLiteral(" %")), qPrintable(n.out));
    QCOMPARE(run({ "lessons", "quiz", "num-mfu", "--dir", lessonsDir(), "--seed", "x" }).code, 2);
}

void TestCliLessons::checkReportsFailingClaim()
{
    // A lesson whose claim contradicts its figures fails check with lesson#step, the claim and the values.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("lessons/questions"))));
    QFile lesson(dir.filePath(QStringLiteral("lessons/01-claim.json")));
    QVERIFY(lesson.open(QIODevice::WriteOnly));
    lesson.write(R"({"id": "01-claim", "title": {"en": "T", "zh_CN": "题"}, "summary": {"en": "S", "zh_CN": "概"},
        "steps": [{"id": "ring", "title": {"en": "T", "zh_CN": "题"}, "text": {"en": "{{cost.time}}", "zh_CN": "{{cost.time}}"},
        "scene": {"kind": "collective", "op": "allreduce", "ranks": 8, "bytes": "1GiB"},
        "claims": ["{{cost.time}} < {{cost.latency_time}}"]}]})");
    lesson.close();
    QFile questions(dir.filePath(QStringLiteral("lessons/questions/q.json")));
    QVERIFY(questions.open(QIODevice::WriteOnly));
    questions.write(R"({"questions": []})");
    questions.close();
    const auto r = run({ "lessons", "check", dir.filePath(QStringLiteral("lessons")).toStdString() });
    QCOMPARE(r.code, 1);
    QVERIFY2(
        r.err.contains(QStringLiteral("01-claim#ring.claims[0] = {{cost.time}} < {{cost.latency_time}}: does not hold: "
                                      "{{cost.time}} = ")),
        qPrintable(r.err));
}

void TestCliLessons::figures()
{
    const auto r = run({ "lessons", "figures", "09#tp-across", "--dir", lessonsDir() });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("inside.metrics.tokens_per_s = ")));
    QVERIFY(r.out.contains(QStringLiteral("metrics.mfu = ")));
    QCOMPARE(run({ "lessons", "figures", "09#nope", "--dir", lessonsDir() }).code, 1);
}

void TestCliLessons::usage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::newRow("no subcommand") << QStringList { "lessons" } << 2;
    QTest::newRow("unknown subcommand") << QStringList { "lessons", "teach" } << 2;
    QTest::newRow("unknown option") << QStringList { "lessons", "list", "--colour", "red" } << 2;
    QTest::newRow("show without id") << QStringList { "lessons", "show" } << 2;
    QTest::newRow("missing folder") << QStringList { "lessons", "check", "/no/such/folder" } << 1;
    QTest::newRow("unknown lesson") << QStringList { "lessons", "show", "99", "--dir", "LESSONS" } << 1;
}

void TestCliLessons::usage()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    std::vector<std::string> v;
    for (const auto& a : args)
        v.push_back(a == QLatin1String("LESSONS") ? lessonsDir() : a.toStdString());
    const auto r = run(v);
    QCOMPARE(r.code, code);
    QVERIFY(!r.err.isEmpty());
}

QTEST_APPLESS_MAIN(TestCliLessons)
#include "tst_cli_lessons.moc"
