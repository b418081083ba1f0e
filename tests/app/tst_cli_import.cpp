// SPDX-License-Identifier: MIT
// `commtutor-cli import`, run in-process through dispatch(): what it prints per run, the exit status for a complete
// file (0), a run without op or ranks or an unreadable file (1, naming file, field and rule) and bad arguments (2).
#include "app/cli/commands.h"
#include "tests/app/clirun.h"

#include <QtTest>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {
CliRun run(const QStringList& arguments)
{
    return runCli("import", arguments);
}

QString corpus(const QString& file)
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR") + "/tests/data/nccl-tests/" + file;
}

bool has(const std::string& text, const char* fragment)
{
    return text.find(fragment) != std::string::npos;
}
} // namespace

class TestCliImport : public QObject {
    Q_OBJECT
private slots:
    void printsEveryRun()
    {
        const auto r = run({ corpus("h100-ib-10x8-five-collectives.log") });
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.empty(), r.err.c_str());
        QVERIFY(has(r.out, "5 run(s), 0 warning(s)"));
        for (const char* op : { "op allreduce (header)", "op allgather (header)", "op reducescatter (header)",
                 "op alltoall (header)", "op sendrecv (header)" })
            QVERIFY2(has(r.out, op), op);
        QVERIFY(has(r.out, "ranks 80 (rank lines), GPUs per process 1"));
        QVERIFY(has(r.out, "nccl-tests 2.17.8, NCCL 2.29.2"));
        QVERIFY(has(r.out, "20 rows, 32.00 MiB to 16.00 GiB"));
    }
    void missingRanksIsExitOneNamingTheField()
    {
        const auto r = run({ corpus("together-b200-2x8-sendrecv.txt") });
        QCOMPARE(r.code, 1);
        QVERIFY2(has(r.err, "together-b200-2x8-sendrecv.txt:2: ranks = unknown"), r.err.c_str());
        QVERIFY(has(r.err, "--ranks"));
        const auto hinted = run({ corpus("together-b200-2x8-sendrecv.txt"), "--ranks", "16" });
        QCOMPARE(hinted.code, 0);
        QVERIFY(has(hinted.out, "ranks 16 (hint)"));
    }
    void missingOpIsExitOneUntilGiven()
    {
        const auto r = run({ corpus("rtx4090-g2-g4-readme-excerpt.md") });
        QCOMPARE(r.code, 1);
        QVERIFY2(has(r.err, "op = unknown"), r.err.c_str());
        const auto hinted = run({ corpus("rtx4090-g2-g4-readme-excerpt.md"), "--op=allreduce", "--json" });
        QCOMPARE(hinted.code, 0);
        const auto j = nlohmann::json::parse(hinted.out);
        QCOMPARE(j["runs"].size(), std::size_t { 2 });
        QCOMPARE(j["runs"][1]["op"], "allreduce");
        QCOMPARE(j["runs"][1]["op_source"], "hint");
        QCOMPARE(j["runs"][1]["ranks"], 4);
        QCOMPARE(j["runs"][1]["gpus_per_process"], 4);
    }
    void unreadableFileIsExitOne()
    {
        const auto r = run({ "/nonexistent/log.txt" });
        QCOMPARE(r.code, 1);
        QVERIFY(has(r.err, "/nonexistent/log.txt"));
        QVERIFY(has(r.err, "cannot be read"));
    }
    void badArguments_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("no file") << QStringList {} << "no file given";
        QTest::newRow("unknown op") << QStringList { "x.txt", "--op", "allfoo" } << "unknown collective";
        QTest::newRow("ranks 0") << QStringList { "x.txt", "--ranks", "0" } << "--ranks 0";
        QTest::newRow("ranks not a number") << QStringList { "x.txt", "--ranks", "8x" } << "--ranks 8x";
        QTest::newRow("unknown option") << QStringList { "x.txt", "--frobnicate" } << "unknown option";
    }
    void badArguments()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, fragment);
        const auto r = run(arguments);
        QCOMPARE(r.code, 2);
        QVERIFY2(has(r.err, fragment.toStdString().c_str()), r.err.c_str());
    }
    void listedInHelp()
    {
        std::vector<std::string> argv { "commtutor-cli", "help" };
        std::ostringstream out, err;
        QCOMPARE(tutor::app::cli::dispatch(argv, out, err), 0);
        QVERIFY(has(out.str(), "  import "));
    }
};

QTEST_APPLESS_MAIN(TestCliImport)
#include "tst_cli_import.moc"
