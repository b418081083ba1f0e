// SPDX-License-Identifier: MIT
// `commtutor-cli search` and `validate-model --steps` through the command table, against the library they print.
#include "model/sim/layoutsearch.h"
#include "model/sim/stepvalidation.h"
#include "tests/app/clirun.h"

#include <QFile>
#include <QtTest>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

using namespace tutor::model;

class TestCliSearch : public QObject {
    Q_OBJECT
private slots:
    // The JSON ranking is searchLayouts()'s: same count, same best step, in order.
    void rankingIsTheLibrarys()
    {
        const auto r = runCli("search",
            { "--model", "gpt3-1.3b", "--gpus", "8", "--global-batch", "16", "--top", "3", "--threads", "1",
                "--json" });
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        SearchRequest request;
        request.base.model = findModel("gpt3-1.3b").value();
        request.gpus = 8;
        request.globalBatch = 16;
        request.threads = 1;
        const auto result = searchLayouts(request);
        QVERIFY(result);
        QCOMPARE(j["simulated"].get<std::size_t>(), result->ranked.size());
        QCOMPARE(j["ranked"].size(), std::size_t { 3 });
        QCOMPARE(j["ranked"][0]["step_s"].get<double>(), result->ranked.front().metrics.stepSeconds);
        QCOMPARE(j["ranked"][0]["layout"].get<std::string>(), result->ranked.front().scenario.name.en);
        QVERIFY(j["ranked"][0]["step_s"].get<double>() <= j["ranked"][1]["step_s"].get<double>());
    }

    // An MoE search prints each row's expert split: ep and the expert TP size (tp at Megatron-Core's default, 1 for
    // experts kept whole), as the layout's scenario holds them.
    void moeRowsCarryTheExpertSplit()
    {
        const auto r = runCli("search",
            { "--model", "mixtral-8x7b", "--gpus", "16", "--global-batch", "32", "--top", "400", "--threads", "1",
                "--json" });
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QVERIFY(!j["ranked"].empty());
        bool whole = false;
        for (const auto& row : j["ranked"]) {
            const int tp = row["tp"].get<int>(), etp = row["etp"].get<int>(), ep = row["ep"].get<int>();
            QVERIFY(etp == tp || etp == 1);
            QCOMPARE(tp * row["dp"].get<int>() * row["cp"].get<int>() % (etp * ep), 0);
            const bool named = row["layout"].get<std::string>().find(" etp1 ") != std::string::npos;
            QCOMPARE(named, etp == 1 && tp > 1);
            whole = whole || named;
        }
        QVERIFY(whole);
    }

    void badArguments_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("no gpus") << QStringList { "--model", "llama3-8b" } << "--gpus is required";
        QTest::newRow("zero gpus") << QStringList { "--model", "llama3-8b", "--gpus", "0" }
                                   << "--gpus = 0: must be an integer in [1, 1000000]";
        QTest::newRow("unknown model") << QStringList { "--model", "gpt-5", "--gpus", "8" }
                                       << "--model = gpt-5: unknown model";
        QTest::newRow("model and file") << QStringList { "--model", "llama3-8b", "x.json", "--gpus", "8" }
                                        << "give either --model NAME or a scenario file";
    }

    void badArguments()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const auto r = runCli("search", arguments);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(message.toStdString()) != std::string::npos, r.err.c_str());
    }

    // validate-model --steps --held-out prints the library's held-out summary.
    void stepsSummary()
    {
        const auto path = qEnvironmentVariable("TUTOR_SOURCE_DIR") + "/tests/data/validation/steps.json";
        const auto r = runCli("validate-model", { "--steps", "--held-out", "--data", path, "--json" });
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        const auto rows = loadStepRows(path.toStdString());
        QVERIFY(rows);
        const auto report = validateSteps(*rows, Split::HeldOut);
        QCOMPARE(j["summary"]["rows"].get<int>(), report.summary.rows);
        QCOMPARE(j["summary"]["mean_abs_error"].get<double>(), report.summary.meanAbs);
        QCOMPARE(j["summary"]["worst_abs_error"].get<double>(), report.summary.worstAbs);
        // and each row's breakdown of its predicted step
        QCOMPARE(j["rows"].size(), report.rows.size());
        for (std::size_t i = 0; i < report.rows.size(); ++i) {
            const auto& row = j["rows"][i];
            const auto& c = report.rows[i];
            QCOMPARE(row["id"].get<std::string>(), c.id);
            QCOMPARE(row["compute_s"].get<double>(), c.computeSeconds);
            QCOMPARE(row["exposed_comm_s"].get<double>(), c.exposedCommSeconds);
            const double sum
                = row["compute_s"].get<double>() + row["exposed_comm_s"].get<double>() + row["idle_s"].get<double>();
            QVERIFY(std::abs(sum - row["predicted_s"].get<double>()) < 1e-9 * c.predictedSeconds);
        }
        // and its bands: held-out rows only, so no band has fit rows
        const auto bands = stepBands(report);
        QCOMPARE(j["bands"].size(), bands.size());
        int held = 0;
        for (std::size_t i = 0; i < bands.size(); ++i) {
            const auto& b = j["bands"][i];
            QCOMPARE(b["model"].get<std::string>(), std::string(bands[i].moe ? "moe" : "dense"));
            QCOMPARE(b["fit"]["rows"].get<int>(), 0);
            QCOMPARE(b["held_out"]["rows"].get<int>(), bands[i].heldOut.rows);
            QCOMPARE(b["held_out"]["mean_abs_error"].get<double>(), bands[i].heldOut.meanAbs);
            held += bands[i].heldOut.rows;
        }
        QCOMPARE(held, report.summary.rows);
        // and the CUDA-graph bands the same way
        const auto graphBands = stepGraphBands(report);
        QCOMPARE(j["graph_bands"].size(), graphBands.size());
        for (std::size_t i = 0; i < graphBands.size(); ++i) {
            const auto& b = j["graph_bands"][i];
            QCOMPARE(b["cuda_graphs"].get<std::string>(), std::string(graphsLabel(graphBands[i].graphs)));
            QCOMPARE(b["fit"]["rows"].get<int>(), 0);
            QCOMPARE(b["held_out"]["rows"].get<int>(), graphBands[i].heldOut.rows);
            QCOMPARE(b["held_out"]["mean_error"].get<double>(), graphBands[i].heldOut.signedMean);
        }
    }

    // The README's accuracy section quotes validate-model --steps as it prints today: its summary lines, both band
    // tables, every row's line and the memory table with its summary, so no figure there can fall behind the model.
    void readmeQuotesTheStepsReport()
    {
        const auto source = qEnvironmentVariable("TUTOR_SOURCE_DIR");
        const auto r = runCli("validate-model", { "--steps", "--data", source + "/tests/data/validation/steps.json" });
        QCOMPARE(r.code, 0);
        QFile file(source + "/README.md");
        QVERIFY(file.open(QIODevice::ReadOnly));
        const std::string readme = file.readAll().toStdString();
        std::istringstream lines(r.out);
        int quoted = 0;
        for (std::string line; std::getline(lines, line);) {
            const bool summary
                = line.rfind("fit: ", 0) == 0 || line.rfind("held-out: ", 0) == 0 || line.rfind("all: ", 0) == 0;
            const bool table = line.rfind("|", 0) == 0;
            if (line.rfind("memory: ", 0) == 0) {
                // README: "Peak memory per GPU, …: 20 rows, mean |error| …, worst …, mean error …."
                const std::string figures = line.substr(std::string("memory: ").size()) + ".";
                QVERIFY2(readme.find(figures) != std::string::npos, ("README.md lacks: " + figures).c_str());
                ++quoted;
                continue;
            }
            if (!summary && !table)
                continue;
            const std::string expected = summary ? "- " + line + "\n" : line + "\n";
            QVERIFY2(readme.find(expected) != std::string::npos, ("README.md lacks: " + line).c_str());
            ++quoted;
        }
        QVERIFY(quoted > 100); // the three summaries, the bands and every compared row
    }
};

QTEST_GUILESS_MAIN(TestCliSearch)
#include "tst_cli_search.moc"
