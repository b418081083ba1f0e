// SPDX-License-Identifier: MIT
// commtutor-cli simulate / sweep / validate, called in-process through the command table.
#include "app/cli/commands.h"

#include <QtTest>
#include <nlohmann/json.hpp>
#include <sstream>

using tutor::app::cli::dispatch;

namespace {
struct Outcome {
    int code = 0;
    std::string out;
    std::string err;
};

Outcome cli(std::vector<std::string> args)
{
    args.insert(args.begin(), "commtutor-cli");
    std::ostringstream out, err;
    const int code = dispatch(args, out, err);
    return { code, out.str(), err.str() };
}

std::string scenario(const char* file)
{
    const QByteArray dir = qgetenv("TUTOR_SOURCE_DIR");
    return (dir.isEmpty() ? std::string(".") : dir.toStdString()) + "/assets/scenarios/" + file;
}

std::string fixture(const char* file)
{
    const QByteArray dir = qgetenv("TUTOR_SOURCE_DIR");
    return (dir.isEmpty() ? std::string(".") : dir.toStdString()) + "/tests/model/data/scenarios-bad/" + file;
}
} // namespace

class TestCliSimulate : public QObject {
    Q_OBJECT

private slots:
    void exitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("fragment"); ///< in stdout for 0, in stderr otherwise
        const auto def = QString::fromStdString(scenario("default.json"));
        QTest::newRow("validate ok") << QStringList { "validate", def } << 0 << "valid";
        QTest::newRow("validate invalid")
            << QStringList { "validate", QString::fromStdString(fixture("tp-heads.json")) } << 1
            << "parallel.tp = 3: must divide model.heads = 32";
        QTest::newRow("validate malformed")
            << QStringList { "validate", QString::fromStdString(fixture("malformed.json")) } << 1
            << "malformed.json:3:";
        QTest::newRow("validate missing file")
            << QStringList { "validate", "/nonexistent.json" } << 1 << "No such file or directory";
        QTest::newRow("validate no file") << QStringList { "validate" } << 2 << "usage:";
        QTest::newRow("validate two files") << QStringList { "validate", def, def } << 2 << "usage:";
        QTest::newRow("simulate text") << QStringList { "simulate", def } << 0 << "exposed comm";
        QTest::newRow("simulate unknown option")
            << QStringList { "simulate", def, "--frobnicate" } << 2 << "unknown option --frobnicate";
        QTest::newRow("simulate override")
            << QStringList { "simulate", def, "--set", "comm.overlap=false" } << 0 << "overlap       HTA 0.0 %";
        QTest::newRow("simulate bad override") << QStringList { "simulate", def, "--set", "parallel.tp=5" } << 1
                                               << "parallel.tp = 5: must divide model.heads = 12";
        QTest::newRow("sweep without --set") << QStringList { "sweep", def } << 2 << "usage:";
        QTest::newRow("sweep bad value") << QStringList { "sweep", def, "--set", "comm.bucket_MiB=25,-1" } << 1
                                         << "comm.bucket_MiB = -1: must be at least 0.001";
    }

    void exitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, fragment);
        std::vector<std::string> argv;
        for (const auto& a : args)
            argv.push_back(a.toStdString());
        const auto r = cli(argv);
        QVERIFY2(r.code == code,
            qPrintable(QString("exit %1\nstdout: %2\nstderr: %3")
                           .arg(r.code)
                           .arg(QString::fromStdString(r.out))
                           .arg(QString::fromStdString(r.err))));
        const auto& stream = code == 0 ? r.out : r.err;
        QVERIFY2(stream.find(fragment.toStdString()) != std::string::npos, stream.c_str());
        QVERIFY(r.out.find("nan") == std::string::npos && r.out.find("inf ") == std::string::npos);
    }

    void simulateJson()
    {
        const auto r = cli({ "simulate", scenario("gpt175b-3d-1024.json"), "--json" });
        QCOMPARE(r.code, 0);
        const auto doc = nlohmann::json::parse(r.out);
        QVERIFY(doc.at("step_s").get<double>() > 0);
        QVERIFY(doc.at("bubble_fraction").get<double>() > 0);
        QVERIFY(doc.at("dimensions").at("tp").at("calls").get<int>() > 0);
        QVERIFY(doc.at("dimensions").at("pp").at("calls").get<int>() > 0);
    }

    void simulateWritesTraceAndCsv()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto trace = dir.filePath("step.json").toStdString();
        const auto csv = dir.filePath("step.csv").toStdString();
        const auto r = cli({ "simulate", scenario("default.json"), "--trace", trace, "--csv", csv });
        QVERIFY2(r.code == 0, r.err.c_str());
        QFile traceFile(QString::fromStdString(trace));
        QVERIFY(traceFile.open(QIODevice::ReadOnly));
        const auto doc = nlohmann::json::parse(traceFile.readAll().toStdString());
        QVERIFY(doc.at("traceEvents").size() > 0);
        QVERIFY(QFile::exists(QString::fromStdString(csv)));
        QVERIFY(QFile::exists(QString::fromStdString(csv + ".metrics.csv")));
    }

    void sweepRows()
    {
        const auto r = cli({ "sweep", scenario("ddp-buckets.json"), "--set", "comm.bucket_MiB=1,5,25,100" });
        QVERIFY2(r.code == 0, r.err.c_str());
        std::istringstream in(r.out);
        std::string line;
        std::vector<std::string> lines;
        while (std::getline(in, line))
            lines.push_back(line);
        QCOMPARE(lines.size(), std::size_t { 1 + 4 }); // header + one row per value
        QVERIFY(lines[1].rfind("1 ", 0) == 0);
        QVERIFY(lines[4].rfind("100 ", 0) == 0);

        const auto j = cli({ "sweep", scenario("ddp-buckets.json"), "--set", "comm.bucket_MiB=1,100", "--json" });
        QCOMPARE(j.code, 0);
        const auto doc = nlohmann::json::parse(j.out);
        QCOMPARE(doc.at("rows").size(), std::size_t { 2 });
        QCOMPARE(doc.at("rows")[1].at("value"), "100");
    }

    void commandTableListsSimulator()
    {
        const auto r = cli({ "help" });
        for (const char* name : { "simulate", "sweep", "validate" })
            QVERIFY2(r.out.find(name) != std::string::npos, name);
    }
};

QTEST_APPLESS_MAIN(TestCliSimulate)
#include "tst_cli_simulate.moc"
