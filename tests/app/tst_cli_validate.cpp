// SPDX-License-Identifier: MIT
// `commtutor-cli validate-model`, run in-process through dispatch(): every size band and every machine of the
// validation set in the table and in the JSON, the fit and held-out parts adding up to the whole, and bad
// arguments or data as exit status 2 with a message that names the cause.
#include "app/cli/commands.h"
#include "model/measure/validation.h"
#include "tests/app/clirun.h"

#include <QtTest>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace tutor::model;

namespace {
CliRun run(const QStringList& arguments)
{
    return runCli("validate-model", arguments);
}

std::string dataPath()
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR").toStdString() + "/tests/data/validation/nccl-tests.json";
}

/// The machine labels of the set, read through the loader.
std::set<std::string> machines()
{
    const auto set = loadValidationSet(dataPath());
    std::set<std::string> out;
    if (set)
        for (const auto& r : set->runs)
            out.insert(machineLabel(r.machine));
    return out;
}
} // namespace

class TestCliValidate : public QObject {
    Q_OBJECT
private slots:
    void tableHasEveryBandAndMachine();
    void jsonHasEveryBandAndMachine();
    void splitsAddUp();
    void rowsListEveryComparedRow();
    void badDataPathIsNamed();
    void invalidDataNamesTheField();
    void badArguments_data();
    void badArguments();
    void listedInHelp();
};

void TestCliValidate::tableHasEveryBandAndMachine()
{
    const auto r = run({ "--all" });
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.empty());
    for (const SizeBand band : kSizeBands)
        for (const char* scope : { "single-node", "multi-node" }) {
            const auto cell = "| " + std::string(name(band)) + " | " + (comparesTime(band) ? "time" : "busbw") + " | "
                + scope + " |";
            QVERIFY2(r.out.find(cell) != std::string::npos, cell.c_str());
        }
    const auto labels = machines();
    QVERIFY(labels.size() >= 2);
    for (const auto& m : labels)
        QVERIFY2(r.out.find("| " + m + " |") != std::string::npos, m.c_str());
    QVERIFY(r.out.find("held-out") != std::string::npos);
    QVERIFY(r.out.find("nan") == std::string::npos && r.out.find("inf") == std::string::npos);
}

void TestCliValidate::jsonHasEveryBandAndMachine()
{
    const auto r = run({ "--json", "--data", QString::fromStdString(dataPath()) });
    QCOMPARE(r.code, 0);
    const auto j = nlohmann::json::parse(r.out);
    QCOMPARE(j["split"].get<std::string>(), std::string("all"));
    std::set<std::pair<std::string, std::string>> bands;
    for (const auto& b : j["bands"]) {
        bands.insert({ b["band"].get<std::string>(), b["nodes"].get<std::string>() });
        QVERIFY(b.contains("fit") && b.contains("held_out"));
    }
    QCOMPARE(bands.size(), std::size(kSizeBands) * 2);
    // From 1 MiB: as many rows as the two bandwidth bands of each scope hold.
    QCOMPARE(j["from_1MiB"].size(), std::size_t { 2 });
    for (const auto& f : j["from_1MiB"]) {
        int rows = 0;
        for (const auto& b : j["bands"])
            if (b["nodes"] == f["nodes"] && b["compares"] == "busbw")
                rows += b["rows"].get<int>();
        QCOMPARE(f["rows"].get<int>(), rows);
        QVERIFY(f.contains("fit") && f.contains("held_out"));
    }
    std::set<std::string> listed;
    for (const auto& m : j["machines"])
        listed.insert(m["machine"].get<std::string>());
    QCOMPARE(listed, machines());
    QVERIFY(!j.contains("rows")); // only with --rows
}

void TestCliValidate::splitsAddUp()
{
    auto compared = [](const QStringList& args) {
        const auto r = run(args);
        return r.code == 0 ? nlohmann::json::parse(r.out)["rows_compared"].get<int>() : -1;
    };
    const int all = compared({ "--json" });
    const int fit = compared({ "--json", "--fit" });
    const int held = compared({ "--json", "--held-out" });
    QVERIFY(fit > 0 && held > 0);
    QCOMPARE(fit + held, all);
}

void TestCliValidate::rowsListEveryComparedRow()
{
    const auto r = run({ "--json", "--rows", "--held-out" });
    QCOMPARE(r.code, 0);
    const auto j = nlohmann::json::parse(r.out);
    QCOMPARE(static_cast<int>(j["rows"].size()), j["rows_compared"].get<int>());
    for (const auto& row : j["rows"]) {
        QVERIFY(row["held_out"].get<bool>());
        QCOMPARE(row["time_error"].get<double>(),
            row["predicted_time_us"].get<double>() / row["measured_time_us"].get<double>() - 1);
    }
    const auto text = run({ "--rows" });
    QCOMPARE(text.code, 0);
    QVERIFY(text.out.find("| measured us | predicted us |") != std::string::npos);
}

void TestCliValidate::badDataPathIsNamed()
{
    const auto r = run({ "--data", "/nonexistent/dir/results.json" });
    QCOMPARE(r.code, 2);
    QVERIFY(r.out.empty());
    QVERIFY2(r.err.find("/nonexistent/dir/results.json") != std::string::npos, r.err.c_str());
}

void TestCliValidate::invalidDataNamesTheField()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto path = dir.filePath("bad.json").toStdString();
    {
        std::ofstream f(path);
        // Written as values, not a raw string literal: Qt 6.4's moc stops at raw strings.
        const nlohmann::json row { { "bytes", 8 }, { "time_us", -3 }, { "algbw", 0 }, { "busbw", 0 } };
        const nlohmann::json run { { "id", "x" }, { "source", "" }, { "machine", "m" }, { "preset_hint", "hgx-h100" },
            { "nodes", 1 }, { "gpus_per_node", 8 }, { "collective", "allreduce" }, { "dtype", "float" },
            { "nccl_version", nullptr }, { "nccl_algo", nullptr }, { "rows", nlohmann::json::array({ row }) } };
        f << nlohmann::json { { "runs", nlohmann::json::array({ run }) } }.dump();
    }
    const auto r = run({ "--data", QString::fromStdString(path) });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find("runs[0].rows[0].time_us") != std::string::npos, r.err.c_str());
    QVERIFY(r.err.find(path) != std::string::npos);
}

void TestCliValidate::badArguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("two splits") << QStringList { "--fit", "--held-out" } << "at most one";
    QTest::newRow("unknown option") << QStringList { "--bogus" } << "unknown option --bogus";
    QTest::newRow("--data without a value") << QStringList { "--data" } << "--data needs a value";
    QTest::newRow("positional") << QStringList { "extra" } << "unexpected argument 'extra'";
}

void TestCliValidate::badArguments()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const auto r = run(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find(message.toStdString()) != std::string::npos, r.err.c_str());
}

void TestCliValidate::listedInHelp()
{
    std::vector<std::string> argv { "commtutor-cli", "help" };
    std::ostringstream out, err;
    QCOMPARE(tutor::app::cli::dispatch(argv, out, err), 0);
    QVERIFY(out.str().find("validate-model") != std::string::npos);
    const auto r = run({ "--help" });
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.find("--held-out") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestCliValidate)
#include "tst_cli_validate.moc"
