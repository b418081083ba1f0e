// SPDX-License-Identifier: MIT
// Scenario value type, validation, JSON reading/writing, field overrides and the memory model.
#include "model/sim/memory.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"

#include <QtTest>
#include <cmath>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>

using namespace tutor::model;

namespace {
std::string sourceDir()
{
    const QByteArray dir = qgetenv("TUTOR_SOURCE_DIR");
    return dir.isEmpty() ? std::string(".") : dir.toStdString();
}

bool contains(const std::string& haystack, const std::string& needle)
{
    return haystack.find(needle) != std::string::npos;
}
} // namespace

class TestScenario : public QObject {
    Q_OBJECT

private slots:
    void badFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("fragment");
        // One fixture per rule; each message names the field, the value and the rule.
        QTest::newRow("tp must divide heads") << "tp-heads.json"
                                              << "parallel.tp = 3: must divide model.heads = 32";
        QTest::newRow("GPU count") << "gpu-count.json"
                                   << "parallel.dp·tp·pp = 48: does not match 64 GPUs";
        QTest::newRow("negative layers") << "negative-layers.json"
                                         << "model.layers = -4: must be at least 1";
        QTest::newRow("zero hidden") << "zero-hidden.json"
                                     << "model.hidden = 0: must be at least 1";
        QTest::newRow("unknown key") << "unknown-key.json"
                                     << "comm.bucket_mb = 25: unknown key";
        QTest::newRow("unknown section") << "unknown-section.json"
                                         << "optimizer = {\"lr\":0.0001}: unknown key";
        QTest::newRow("schedule") << "schedule.json"
                                  << "parallel.schedule = zigzag: must be \"gpipe\"";
        QTest::newRow("efficiency above 1") << "efficiency.json"
                                            << "compute.efficiency = 1.5: must be at most 1";
        QTest::newRow("wrong type") << "type.json"
                                    << "model.layers = \"many\": must be an integer";
        QTest::newRow("unknown preset") << "preset.json"
                                        << "hardware.preset = dgx-z9000";
        QTest::newRow("interleaved needs v >= 2")
            << "interleaved-v1.json"
            << "parallel.virtual_stages = 1: must be at least 2 for the interleaved";
        QTest::newRow("interleaved needs m % p") << "interleaved-m.json"
                                                 << "batch.micro_batches = 3: must be a multiple of parallel.pp = 2";
        QTest::newRow("layers per stage")
            << "layers-pp.json"
            << "parallel.pp·virtual_stages = 4: must divide model.layers = 29 or model.layers + 2 = 31";
        QTest::newRow("EP on a dense model") << "ep-dense.json"
                                             << "parallel.ep = 2: needs an MoE model";
        QTest::newRow("EP must divide experts") << "moe-experts.json"
                                                << "parallel.ep = 4: must divide model.moe.experts = 6";
        QTest::newRow("straggler rank") << "straggler.json"
                                        << "straggler.rank = 99: must be at most 7";
        QTest::newRow("absurd layers") << "absurd-layers.json"
                                       << "model.layers = 1000000: must be at most 10000";
        QTest::newRow("dtype") << "dtype.json"
                               << "comm.dtype = fp7: must be a data type";
        QTest::newRow("recompute") << "recompute.json"
                                   << "compute.recompute = sometimes: must be \"none\", \"selective\", "
                                      "\"selective-op\" or \"full\"";
        QTest::newRow("negative bucket") << "bucket-negative.json"
                                         << "comm.bucket_MiB = -5: must be at least 0.001";
        QTest::newRow("grad accum zero") << "grad-accum-zero.json"
                                         << "batch.grad_accum = 0: must be at least 1";
        QTest::newRow("section not an object") << "not-object.json"
                                               << "batch = [1,2]: must be a JSON object";
        QTest::newRow("malformed JSON") << "malformed.json"
                                        << "malformed.json:3:";
        QTest::newRow("not JSON") << "not-json.json"
                                  << "malformed JSON";
    }

    void badFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, fragment);
        const QString path = QFINDTESTDATA("data/scenarios-bad/" + file);
        QVERIFY2(!path.isEmpty(), qPrintable(file));
        const auto loaded = loadScenario(path.toStdString());
        QVERIFY(!loaded.ok());
        const auto text = toText(loaded.problems());
        QVERIFY2(contains(text, fragment.toStdString()), text.c_str());
        // Loaders say where: every problem carries the file.
        for (const auto& p : loaded.problems())
            QVERIFY2(contains(p.where, file.toStdString()), p.text().c_str());
        QVERIFY(!contains(text, "nan") || fragment.contains("nan"));
    }

    void missingFile()
    {
        const auto loaded = loadScenario("/nonexistent/scenario.json");
        QVERIFY(!loaded.ok());
        QVERIFY(contains(toText(loaded.problems()), "No such file or directory"));
    }

    void everyProblemAtOnce()
    {
        Scenario s;
        s.model.layers = -1;
        s.parallel.tp = 5;
        s.compute.efficiency = std::numeric_limits<double>::quiet_NaN();
        s.comm.bucketMiB = 0;
        const auto text = toText(validate(s));
        QVERIFY2(contains(text, "model.layers = -1: must be at least 1"), text.c_str());
        QVERIFY2(contains(text, "parallel.tp = 5: must divide model.heads = 12"), text.c_str());
        QVERIFY2(contains(text, "compute.efficiency = nan: must be a finite number"), text.c_str());
        QVERIFY2(contains(text, "comm.bucket_MiB = 0: must be at least 0.001"), text.c_str());
        QVERIFY2(contains(text, "parallel.dp·tp·pp = 5: does not match 8 GPUs"), text.c_str());
    }

    void shippedScenarios_data()
    {
        QTest::addColumn<QString>("path");
        const auto dir = std::filesystem::path(sourceDir()) / "assets" / "scenarios";
        std::vector<std::string> files;
        for (const auto& entry : std::filesystem::directory_iterator(dir))
            if (entry.path().extension() == ".json")
                files.push_back(entry.path().string());
        std::sort(files.begin(), files.end());
        QVERIFY2(files.size() >= 9, "assets/scenarios ships at least 8 examples plus default.json");
        for (const auto& f : files)
            QTest::newRow(std::filesystem::path(f).filename().string().c_str()) << QString::fromStdString(f);
    }

    void shippedScenarios()
    {
        QFETCH(QString, path);
        const auto loaded = loadScenario(path.toStdString());
        QVERIFY2(loaded.ok(), toText(loaded.problems()).c_str());
        QVERIFY(!loaded->name.en.empty());
        QVERIFY(!loaded->description.en.empty());
        const auto sim = simulate(*loaded);
        QVERIFY2(sim.ok(), toText(sim.problems()).c_str());
        const auto& m = sim->metrics;
        QVERIFY(m.stepSeconds > 0 && std::isfinite(m.stepSeconds));
        QVERIFY(m.mfu > 0 && m.mfu < 1);
        QVERIFY(m.exposedCommSeconds >= 0 && m.exposedCommSeconds <= m.stepSeconds);
        QVERIFY(m.overlapHta >= 0 && m.overlapHta <= 1);
        QVERIFY(m.bubbleFraction >= 0 && m.bubbleFraction < 1);
        // Saving and reading back gives the same scenario.
        const auto again = parseScenario(toJsonText(*loaded), "round trip");
        QVERIFY2(again.ok(), toText(again.problems()).c_str());
        QCOMPARE(again->parallel, loaded->parallel);
        QCOMPARE(again->model, loaded->model);
        QCOMPARE(again->comm, loaded->comm);
        QCOMPARE(again->batch, loaded->batch);
    }

    void setField_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expectedJson"); ///< the field afterwards, or empty when a problem is expected
        QTest::addColumn<QString>("fragment");
        QTest::newRow("number") << "comm.bucket_MiB"
                                << "100"
                                << "100"
                                << "";
        QTest::newRow("real") << "compute.efficiency"
                              << "0.45"
                              << "0.45"
                              << "";
        QTest::newRow("boolean") << "comm.overlap"
                                 << "false"
                                 << "false"
                                 << "";
        QTest::newRow("text") << "parallel.schedule"
                              << "gpipe"
                              << "\"gpipe\""
                              << "";
        QTest::newRow("new section") << "straggler.rank"
                                     << "3"
                                     << "3"
                                     << "";
        QTest::newRow("not a boolean") << "comm.overlap"
                                       << "maybe"
                                       << ""
                                       << "comm.overlap = maybe: must be true or false";
        QTest::newRow("not a number") << "comm.bucket_MiB"
                                      << "big"
                                      << ""
                                      << "comm.bucket_MiB = big: must be a number";
        QTest::newRow("through a number") << "model.layers.x"
                                          << "1"
                                          << ""
                                          << "model.layers = 2: is not an object";
        QTest::newRow("empty path") << ""
                                    << "1"
                                    << ""
                                    << "must name a field";
        QTest::newRow("empty segment") << "comm..overlap"
                                       << "1"
                                       << ""
                                       << "has an empty path segment";
    }

    void setField()
    {
        QFETCH(QString, path);
        QFETCH(QString, value);
        QFETCH(QString, expectedJson);
        QFETCH(QString, fragment);
        auto doc = nlohmann::json::parse(
            R"({"model": {"layers": 2}, "comm": {"bucket_MiB": 25, "overlap": true}, "compute": {"efficiency": 0.5},
                "parallel": {"schedule": "1f1b"}})");
        const auto problems = tutor::model::setField(doc, path.toStdString(), value.toStdString());
        if (fragment.isEmpty()) {
            QVERIFY2(problems.empty(), toText(problems).c_str());
            auto node = doc;
            for (const auto& key : path.split('.'))
                node = node.at(key.toStdString());
            QCOMPARE(node, nlohmann::json::parse(expectedJson.toStdString()));
        } else {
            QVERIFY2(contains(toText(problems), fragment.toStdString()), toText(problems).c_str());
        }
    }

    void setFieldNanIsRejectedByValidate()
    {
        auto doc = loadJson(sourceDir() + "/assets/scenarios/default.json");
        QVERIFY(doc.ok());
        QVERIFY(tutor::model::setField(doc.value(), "comm.bucket_MiB", "nan").empty());
        const auto loaded = scenarioFromJson(doc.value(), "default.json");
        QVERIFY(!loaded.ok());
        QVERIFY2(contains(toText(loaded.problems()), "comm.bucket_MiB = nan: must be a finite number"),
            toText(loaded.problems()).c_str());
    }

    // ZeRO paper (Rajbhandari et al. 2020, Figure 1), K = 12: stage 0 (2+2+K)Ψ, stage 1 2Ψ+2Ψ+KΨ/N,
    // stage 2 2Ψ+(2+K)Ψ/N, stage 3 (2+2+K)Ψ/N. Gradients kept in fp32 take 4 bytes: Megatron-LM's distributed
    // optimizer with bf16 parameters and fp32 gradients holds 6 + 12/d bytes per parameter (docs/source/
    // distrib_optimizer.md), FSDP2 its fp32 reduce-dtype gradients.
    void zeroMemory_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("psi");
        QTest::addColumn<int>("dp");
        QTest::addColumn<double>("gradBytes");
        QTest::addColumn<double>("expected");
        const double k = 12, psi = 7.5e9;
        const int n = 64;
        QTest::newRow("DDP, 7.5B, 64 GPUs") << 0 << psi << n << 2.0 << (2 + 2 + k) * psi;
        QTest::newRow("ZeRO-1, 7.5B, 64 GPUs") << 1 << psi << n << 2.0 << 2 * psi + 2 * psi + k * psi / n;
        QTest::newRow("ZeRO-2, 7.5B, 64 GPUs") << 2 << psi << n << 2.0 << 2 * psi + (2 + k) * psi / n;
        QTest::newRow("ZeRO-3, 7.5B, 64 GPUs") << 3 << psi << n << 2.0 << (2 + 2 + k) * psi / n;
        QTest::newRow("ZeRO-3, 1 GPU") << 3 << psi << 1 << 2.0 << (2 + 2 + k) * psi;
        QTest::newRow("ZeRO-1, fp32 gradients (Megatron 6 + 12/d)") << 1 << psi << n << 4.0 << (6 + k / n) * psi;
        QTest::newRow("DDP, fp32 gradients") << 0 << psi << n << 4.0 << (2 + 4 + k) * psi;
        QTest::newRow("ZeRO-3, fp32 gradients") << 3 << psi << n << 4.0 << (2 + 4 + k) * psi / n;
    }

    void zeroMemory()
    {
        QFETCH(int, stage);
        QFETCH(double, psi);
        QFETCH(int, dp);
        QFETCH(double, gradBytes);
        QFETCH(double, expected);
        QCOMPARE(modelStateBytes(psi, stage, dp, gradBytes).total(), expected);
    }

    // Korthikanti et al. 2022, Table 2 (unfused attention): per layer s·b·h·(34 + 5·a·s/h) with no parallelism or
    // recomputation, s·b·h·34/t with TP + SP + selective recomputation, 2·s·b·h with full recomputation.
    // FlashAttention keeps no s×s matrix, so without recomputation it stores what selective does: s·b·h·34 at t = 1.
    void activationMemory_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<bool>("sp");
        QTest::addColumn<QString>("recompute");
        QTest::addColumn<bool>("flash");
        QTest::addColumn<double>("expected");
        const double s = 2048, b = 1, h = 4096, a = 32;
        QTest::newRow("none, t = 1") << 1 << false << "none" << false << s * b * h * (34 + 5 * a * s / h);
        QTest::newRow("none, t = 8") << 8 << false << "none" << false
                                     << s * b * h * (10 + 24.0 / 8 + 5 * a * s / (h * 8));
        QTest::newRow("SP + selective, t = 8") << 8 << true << "selective" << false << s * b * h * 34 / 8;
        QTest::newRow("full, t = 8") << 8 << false << "full" << false << 2 * s * b * h;
        QTest::newRow("flash, none, t = 1") << 1 << false << "none" << true << s * b * h * 34;
        QTest::newRow("flash, none, t = 8") << 8 << false << "none" << true << s * b * h * (10 + 24.0 / 8);
        QTest::newRow("flash, full, t = 8") << 8 << false << "full" << true << 2 * s * b * h;
    }

    void activationMemory()
    {
        QFETCH(int, tp);
        QFETCH(bool, sp);
        QFETCH(QString, recompute);
        QFETCH(bool, flash);
        QFETCH(double, expected);
        Scenario s;
        s.model = { .layers = 32, .hidden = 4096, .heads = 32, .seqLen = 2048 };
        s.parallel.tp = tp;
        s.parallel.sp = sp;
        s.compute.flashAttention = flash;
        s.compute.recompute = *parseRecompute(recompute.toStdString());
        QCOMPARE(activationBytesPerLayer(s), expected);
    }
};

QTEST_APPLESS_MAIN(TestScenario)
#include "tst_scenario.moc"
