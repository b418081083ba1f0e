// SPDX-License-Identifier: MIT
// `commtutor-cli lessons`: check passes on the shipped files and fails with file-named messages on bad ones,
// show renders resolved figures in both languages, quiz is reproducible from its seed, usage errors exit 2.
#include "app/cli/commands.h"

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
    void usage_data();
    void usage();
};

void TestCliLessons::checkShipped()
{
    const auto r = run({ "lessons", "check", lessonsDir() });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.startsWith(QStringLiteral("ok: ")));
    QVERIFY(r.out.contains(QStringLiteral("topics covered")));
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
