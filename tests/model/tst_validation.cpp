// SPDX-License-Identifier: MIT
// model/measure/validation.h: the nccl-tests validation set read against an independent count of the file, bad
// input as problems naming the field, each row's error against model::predict recomputed here, the size bands'
// boundaries, the error statistics against sorting by hand, the preset mapping and the fit / held-out split.
#include "model/collectives/costmodel.h"
#include "model/collectives/hardware.h"
#include "model/collectives/topology.h"
#include "model/measure/validation.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

using namespace tutor::model;

Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(std::vector<int>)

namespace {

std::string dataPath()
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR").toStdString() + "/tests/data/validation/nccl-tests.json";
}

nlohmann::json rawData()
{
    std::ifstream in(dataPath());
    return nlohmann::json::parse(in);
}

/// A valid one-run set; `edit` changes it before it is written out.
std::string oneRun(const std::function<void(nlohmann::json&)>& edit)
{
    // Built as values, not a raw string literal: Qt 6.4's moc stops at raw strings and misses the test class.
    nlohmann::json row { { "bytes", 1048576 }, { "time_us", 20.5 }, { "algbw", 51.15 }, { "busbw", 89.51 },
        { "inplace_time_us", 20.1 }, { "inplace_busbw", 91.0 } };
    nlohmann::json run { { "id", "a" }, { "source", "https://example.org" }, { "machine", "M: eight GPUs" },
        { "preset_hint", "hgx-h100" }, { "gpus_per_node", 8 }, { "nodes", 1 }, { "total_ranks", 8 },
        { "nccl_version", "2.21.5" }, { "collective", "allreduce" }, { "dtype", "float" }, { "nccl_algo", nullptr },
        { "notes", "" }, { "rows", nlohmann::json::array({ row }) } };
    nlohmann::json j { { "description", "test" }, { "runs", nlohmann::json::array({ run }) } };
    edit(j);
    return j.dump();
}

double medianBySorting(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const auto n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
} // namespace

class TestValidation : public QObject {
    Q_OBJECT
private slots:
    void loadsTheRealFile();
    void malformed_data();
    void malformed();
    void unreadableFileNamesThePath();
    void rowErrorsArePredictRecomputed();
    void everyRowIsComparedOrSkipped();
    void bands_data();
    void bands();
    void errorStatsBySorting_data();
    void errorStatsBySorting();
    void presetHints_data();
    void presetHints();
    void everyPresetIdIsItsOwnHint();
    void splitIsStableAndPartitions();
    void machineLabels_data();
    void machineLabels();
    void networkPipelineIsEachFabricsFit_data();
    void networkPipelineIsEachFabricsFit();
    void efaStepLatencyIsItsFit();
    void gcpA4NicIsItsFit();
};

void TestValidation::loadsTheRealFile()
{
    const auto raw = rawData();
    std::size_t rows = 0;
    for (const auto& run : raw["runs"])
        rows += run["rows"].size();

    const auto set = loadValidationSet(dataPath());
    QVERIFY2(set.ok(), toText(set.problems()).c_str());
    QCOMPARE(set->runs.size(), raw["runs"].size());
    std::size_t loadedRows = 0;
    for (std::size_t i = 0; i < set->runs.size(); ++i) {
        const auto& run = set->runs[i];
        const auto& r = raw["runs"][i];
        QCOMPARE(run.id, r["id"].get<std::string>());
        QCOMPARE(run.rows.size(), r["rows"].size());
        QCOMPARE(run.nodes, r["nodes"].get<int>());
        QCOMPARE(run.gpusPerNode, r["gpus_per_node"].get<int>());
        QCOMPARE(run.op, *parseCollective(r["collective"].get<std::string>()));
        QCOMPARE(run.ncclVersion.has_value(), r["nccl_version"].is_string());
        QCOMPARE(run.rows.front().bytes, r["rows"][0]["bytes"].get<Bytes>());
        QCOMPARE(run.rows.front().timeUs, r["rows"][0]["time_us"].get<double>());
        loadedRows += run.rows.size();
    }
    QCOMPARE(loadedRows, rows);
}

void TestValidation::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("rule");
    auto row = [](const char* name, const std::function<void(nlohmann::json&)>& edit, const char* field,
                   const char* value, const char* rule) {
        QTest::newRow(name) << QString::fromStdString(oneRun(edit)) << field << value << rule;
    };
    row(
        "time_us negative", [](auto& j) { j["runs"][0]["rows"][0]["time_us"] = -1; }, "runs[0].rows[0].time_us", "-1",
        "> 0");
    row(
        "time_us missing", [](auto& j) { j["runs"][0]["rows"][0].erase("time_us"); }, "runs[0].rows[0].time_us",
        "missing", "> 0");
    row(
        "bytes zero", [](auto& j) { j["runs"][0]["rows"][0]["bytes"] = 0; }, "runs[0].rows[0].bytes", "0", "≥ 1");
    row(
        "bytes fractional", [](auto& j) { j["runs"][0]["rows"][0]["bytes"] = 1.5; }, "runs[0].rows[0].bytes", "1.5",
        "integer");
    row(
        "busbw a string", [](auto& j) { j["runs"][0]["rows"][0]["busbw"] = "fast"; }, "runs[0].rows[0].busbw",
        "\"fast\"", "number");
    row(
        "nodes zero", [](auto& j) { j["runs"][0]["nodes"] = 0; }, "runs[0].nodes", "0", "≥ 1");
    row(
        "total_ranks wrong", [](auto& j) { j["runs"][0]["total_ranks"] = 9; }, "runs[0].total_ranks", "9",
        "nodes × gpus_per_node = 8");
    row(
        "unknown collective", [](auto& j) { j["runs"][0]["collective"] = "allsum"; }, "runs[0].collective",
        "\"allsum\"", "unknown collective");
    row(
        "unknown dtype", [](auto& j) { j["runs"][0]["dtype"] = "float3"; }, "runs[0].dtype", "\"float3\"",
        "unknown type");
    row(
        "nccl_algo a number", [](auto& j) { j["runs"][0]["nccl_algo"] = 3; }, "runs[0].nccl_algo", "3",
        "string or null");
    row(
        "no rows", [](auto& j) { j["runs"][0]["rows"] = nlohmann::json::array(); }, "runs[0].rows", "[]", "non-empty");
    row(
        "empty id", [](auto& j) { j["runs"][0]["id"] = ""; }, "runs[0].id", "\"\"", "non-empty");
    row(
        "duplicate id", [](auto& j) { j["runs"].push_back(j["runs"][0]); }, "runs[1].id", "\"a\"", "unique");
    row(
        "no runs", [](auto& j) { j.erase("runs"); }, "runs", "missing", "\"runs\" list");
    QTest::newRow("not JSON") << QString("{\n \"runs\": [\n  {,\n") << "(document)"
                              << ""
                              << "malformed JSON";
}

void TestValidation::malformed()
{
    QFETCH(QString, text);
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, rule);
    const auto set = parseValidationSet(text.toStdString(), "bad.json");
    QVERIFY(!set.ok());
    const auto& problems = set.problems();
    const auto hit = std::find_if(problems.begin(), problems.end(), [&](const Problem& p) {
        return p.field == field.toStdString() && p.value == value.toStdString()
            && p.rule.find(rule.toStdString()) != std::string::npos && p.where.rfind("bad.json", 0) == 0;
    });
    QVERIFY2(hit != problems.end(), toText(problems).c_str());
}

void TestValidation::unreadableFileNamesThePath()
{
    const auto set = loadValidationSet("/nonexistent/validation.json");
    QVERIFY(!set.ok());
    QVERIFY(toText(set.problems()).find("/nonexistent/validation.json") != std::string::npos);
}

void TestValidation::rowErrorsArePredictRecomputed()
{
    const auto raw = rawData();
    std::map<std::pair<std::string, Bytes>, double> measuredUs;
    for (const auto& run : raw["runs"])
        for (const auto& row : run["rows"])
            measuredUs[{ run["id"].get<std::string>(), row["bytes"].get<Bytes>() }] = row["time_us"].get<double>();

    const auto set = loadValidationSet(dataPath());
    QVERIFY(set.ok());
    const auto report = validateModel(*set, Split::All);
    QVERIFY(!report.rows.empty());
    for (const auto& c : report.rows) {
        const auto run
            = std::find_if(set->runs.begin(), set->runs.end(), [&](const auto& r) { return r.id == c.runId; });
        QVERIFY(run != set->runs.end());
        const auto preset = findPreset(c.presetId);
        QVERIFY(preset.ok());
        // nccl-tests' size column is CollectiveRequest::bytes as it stands (ncclimport.cpp does the same).
        CollectiveRequest request;
        request.op = run->op;
        request.bytes = c.bytes;
        request.dtype = run->dtype;
        // A multi-node NVLink domain (GB200 NVL72 trays) is laid out in the preset's domains.
        const bool domains = preset->gpusPerNode > run->gpusPerNode && run->ranks() % preset->gpusPerNode == 0;
        request.topology = domains ? makeTopology(*preset, run->ranks() / preset->gpusPerNode, preset->gpusPerNode)
                                   : makeTopology(*preset, run->nodes, run->gpusPerNode);
        // A run that forced NCCL_ALGO is predicted with that algorithm.
        if (run->ncclAlgo) {
            const auto forced = parseAlgorithmChoice(*run->ncclAlgo);
            QVERIFY(forced);
            request.algorithm = forced->algorithm;
            request.protocol = forced->protocol;
        }
        const auto cost = predict(request);
        QVERIFY(cost.ok());
        const double measured = measuredUs.at({ c.runId, c.bytes });
        const double predicted = cost->totalSeconds * 1e6;
        QCOMPARE(c.measuredUs, measured);
        QVERIFY(std::abs(c.predictedUs - predicted) <= 1e-9 * predicted);
        QVERIFY(std::abs(c.timeError - (predicted / measured - 1)) <= 1e-9);
        QVERIFY(std::abs(c.predictedBusBwGBps - cost->busBwGBps) <= 1e-9 * cost->busBwGBps);
        QVERIFY(std::abs(c.busBwError - (cost->busBwGBps / c.measuredBusBwGBps - 1)) <= 1e-9);
        QCOMPARE(c.error(), c.bytes < MiB ? c.timeError : c.busBwError);
        QCOMPARE(c.algorithm, cost->algorithm);
        QCOMPARE(c.multiNode, run->nodes > 1);
    }
}

void TestValidation::everyRowIsComparedOrSkipped()
{
    const auto set = loadValidationSet(dataPath());
    QVERIFY(set.ok());
    std::size_t total = 0;
    std::set<std::string> unmappedRuns;
    for (const auto& run : set->runs) {
        total += run.rows.size();
        if (!presetForHint(run.presetHint).presetId)
            unmappedRuns.insert(run.id);
    }
    const auto report = validateModel(*set, Split::All);
    std::size_t skipped = 0;
    for (const auto& s : report.skipped)
        skipped += static_cast<std::size_t>(s.rows);
    QCOMPARE(report.rows.size() + skipped, total);
    for (const auto& id : unmappedRuns) {
        const auto hit = std::find_if(
            report.skipped.begin(), report.skipped.end(), [&](const SkippedRows& s) { return s.runId == id; });
        QVERIFY2(hit != report.skipped.end(), id.c_str());
        QVERIFY(hit->reason.find("preset_hint") != std::string::npos);
    }
    QCOMPARE(report.bands.size(), std::size(kSizeBands) * 2);
    int banded = 0;
    for (const auto& b : report.bands)
        banded += b.stats.rows;
    QCOMPARE(static_cast<std::size_t>(banded), report.rows.size());
    // From 1 MiB: the rows of the last two bands, single- and multi-node apart, recounted from the rows.
    for (const bool multiNode : { false, true }) {
        std::vector<double> errors;
        for (const auto& r : report.rows)
            if (r.bytes >= MiB && r.multiNode == multiNode)
                errors.push_back(r.busBwError);
        QCOMPARE(report.fromOneMiB[multiNode ? 1 : 0], errorStats(errors));
        int inBands = 0;
        for (const auto& b : report.bands)
            if (b.multiNode == multiNode && !comparesTime(b.band))
                inBands += b.stats.rows;
        QCOMPARE(report.fromOneMiB[multiNode ? 1 : 0].rows, inBands);
    }
    std::set<std::string> machines;
    for (const auto& run : set->runs)
        machines.insert(machineLabel(run.machine));
    QCOMPARE(report.machines.size(), machines.size());
}

void TestValidation::bands_data()
{
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<int>("band");
    QTest::addColumn<bool>("time");
    QTest::newRow("1 B") << qint64(1) << int(SizeBand::Below64K) << true;
    QTest::newRow("65535 B") << qint64(65535) << int(SizeBand::Below64K) << true;
    QTest::newRow("65536 B") << qint64(65536) << int(SizeBand::From64KTo1M) << true;
    QTest::newRow("1 MiB - 1") << qint64(MiB - 1) << int(SizeBand::From64KTo1M) << true;
    QTest::newRow("1 MiB") << qint64(MiB) << int(SizeBand::From1MTo64M) << false;
    QTest::newRow("64 MiB - 1") << qint64(64 * MiB - 1) << int(SizeBand::From1MTo64M) << false;
    QTest::newRow("64 MiB") << qint64(64 * MiB) << int(SizeBand::From64M) << false;
    QTest::newRow("16 GiB") << qint64(16 * GiB) << int(SizeBand::From64M) << false;
}

void TestValidation::bands()
{
    QFETCH(qint64, bytes);
    QFETCH(int, band);
    QFETCH(bool, time);
    QCOMPARE(int(bandOf(bytes)), band);
    QCOMPARE(comparesTime(bandOf(bytes)), time);
}

void TestValidation::errorStatsBySorting_data()
{
    QTest::addColumn<std::vector<double>>("errors");
    QTest::newRow("even count") << std::vector<double> { 0.1, -0.5, 0.3, -0.2 };
    QTest::newRow("odd count") << std::vector<double> { 2.0, -0.25, 0.05, -0.9, 0.4 };
    QTest::newRow("one") << std::vector<double> { -0.3 };
}

void TestValidation::errorStatsBySorting()
{
    QFETCH(std::vector<double>, errors);
    std::vector<double> magnitudes;
    for (const double e : errors)
        magnitudes.push_back(std::abs(e));
    const auto s = errorStats(errors);
    QCOMPARE(s.rows, static_cast<int>(errors.size()));
    QCOMPARE(s.medianAbs, medianBySorting(magnitudes));
    QCOMPARE(s.worstAbs, *std::max_element(magnitudes.begin(), magnitudes.end()));
    QCOMPARE(s.signedMedian, medianBySorting(errors));
    QCOMPARE(errorStats({}), ErrorStats {});
}

void TestValidation::presetHints_data()
{
    QTest::addColumn<QString>("hint");
    QTest::addColumn<QString>("preset");
    QTest::addColumn<bool>("noted");
    QTest::newRow("dgx-a100") << "dgx-a100"
                              << "dgx-a100" << false;
    QTest::newRow("hgx-h100") << "hgx-h100"
                              << "hgx-h100" << false;
    QTest::newRow("hgx-h200") << "hgx-h200"
                              << "hgx-h200" << false;
    QTest::newRow("pcie-gen4") << "pcie-gen4"
                               << "pcie-gen4" << false;
    QTest::newRow("pcie-gen3") << "pcie-gen3"
                               << "pcie-gen3" << false;
    QTest::newRow("pcie-nop2p") << "pcie-nop2p"
                                << "pcie-nop2p" << false;
    QTest::newRow("other") << "other"
                           << "" << true;
    QTest::newRow("p5-efa") << "p5-efa"
                            << "aws-p5" << false;
    QTest::newRow("p4d-efa") << "p4d-efa"
                             << "aws-p4d" << false;
    QTest::newRow("gcp-a3") << "gcp-a3"
                            << "gcp-a3-mega" << false;
    QTest::newRow("gb200") << "gb200-nvl72"
                           << "gb200-nvl72" << false;
    QTest::newRow("no preset") << "gh200-slingshot"
                               << "" << true;
}

void TestValidation::presetHints()
{
    QFETCH(QString, hint);
    QFETCH(QString, preset);
    QFETCH(bool, noted);
    const auto choice = presetForHint(hint.toStdString());
    QCOMPARE(QString::fromStdString(choice.presetId.value_or("")), preset);
    QCOMPARE(!choice.note.empty(), noted);
    if (choice.presetId)
        QVERIFY(findPreset(*choice.presetId).ok());
}

void TestValidation::everyPresetIdIsItsOwnHint()
{
    for (const auto& p : presets())
        QCOMPARE(presetForHint(p.id).presetId.value_or(""), p.id);
}

void TestValidation::splitIsStableAndPartitions()
{
    // FNV-1a 64-bit test vectors (Fowler, Noll, Vo: the empty string is the offset basis).
    QCOMPARE(fnv1a64(""), std::uint64_t { 0xcbf29ce484222325ULL });
    QCOMPARE(fnv1a64("a"), std::uint64_t { 0xaf63dc4c8601ec8cULL });
    const auto set = loadValidationSet(dataPath());
    QVERIFY(set.ok());
    int fitRuns = 0, heldRuns = 0;
    for (const auto& run : set->runs) {
        QCOMPARE(isHeldOut(run), (fnv1a64(run.id) % 2) == 1);
        QVERIFY(inSplit(run, Split::All));
        QVERIFY(inSplit(run, Split::Fit) != inSplit(run, Split::HeldOut));
        (isHeldOut(run) ? heldRuns : fitRuns)++;
    }
    QVERIFY(fitRuns > 0 && heldRuns > 0);
    const auto all = validateModel(*set, Split::All);
    const auto fit = validateModel(*set, Split::Fit);
    const auto held = validateModel(*set, Split::HeldOut);
    QCOMPARE(fit.runs, fitRuns);
    QCOMPARE(held.runs, heldRuns);
    QCOMPARE(fit.rows.size() + held.rows.size(), all.rows.size());
    for (const auto& r : fit.rows)
        QVERIFY(!r.heldOut);
    for (const auto& r : held.rows)
        QVERIFY(r.heldOut);
    QCOMPARE(validateModel(*set, Split::HeldOut), held); // deterministic
}

void TestValidation::machineLabels_data()
{
    QTest::addColumn<QString>("machine");
    QTest::addColumn<QString>("label");
    QTest::newRow("colon") << "AWS p5.48xlarge: 8x NVIDIA H100"
                           << "AWS p5.48xlarge";
    QTest::newRow("parenthesis") << "8x NVIDIA A100 (SXM, NVLink3)"
                                 << "8x NVIDIA A100";
    QTest::newRow("comma") << "OCI BM.GPU4.8, single node"
                           << "OCI BM.GPU4.8";
    QTest::newRow("plain") << "my box"
                           << "my box";
}

void TestValidation::machineLabels()
{
    QFETCH(QString, machine);
    QFETCH(QString, label);
    QCOMPARE(QString::fromStdString(machineLabel(machine.toStdString())), label);
}

QTEST_APPLESS_MAIN(TestValidation)

void TestValidation::networkPipelineIsEachFabricsFit_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<std::vector<int>>("kinds");
    QTest::addColumn<double>("pipelineStep"); // µs
    QTest::addColumn<double>("shareStep"); // 0: the share is not fitted and must be InfiniBand's
    QTest::newRow("InfiniBand and RoCE") << QString("hgx-h100")
                                         << std::vector<int> { int(LinkKind::InfiniBand), int(LinkKind::RoCE) } << 1.0
                                         << 0.01;
    QTest::newRow("EFA") << QString("aws-p5") << std::vector<int> { int(LinkKind::Efa) } << 3.0 << 0.0;
}

namespace {
/// The rms of the log time error over the fit half's multi-node rows that `keep` accepts (runs that did not force an
/// algorithm, on their preset's node size unless `anyNodeSize`), each predicted again after `edit` changes its
/// topology: the criterion presets/catalog.h fits the network figures by.
double refitRms(const ValidationSet& set, const ValidationReport& report,
    const std::function<bool(const RowComparison&, const HardwarePreset&)>& keep,
    const std::function<void(Topology&)>& edit, int* count, bool anyNodeSize = false)
{
    // The rows are chosen on the unedited report, so that every trial figure is judged on the same rows.
    std::set<std::pair<std::string, Bytes>> rows;
    for (const auto& c : report.rows) {
        const auto p = findPreset(c.presetId);
        const auto run = std::find_if(set.runs.begin(), set.runs.end(), [&](const auto& r) { return r.id == c.runId; });
        if (c.multiNode && !c.heldOut && keep(c, *p) && !run->ncclAlgo
            && (anyNodeSize || p->gpusPerNode == run->gpusPerNode))
            rows.insert({ c.runId, c.bytes });
    }
    double sum = 0;
    int n = 0;
    for (const auto& c : validateModel(set, Split::Fit, edit).rows) {
        if (!rows.count({ c.runId, c.bytes }))
            continue;
        const double e = std::log(c.predictedUs / c.measuredUs);
        sum += e * e;
        ++n;
    }
    *count = n;
    return n ? std::sqrt(sum / n) : 0.0;
}

/// Checks that `fitted` beats fitted ± step under refitRms.
void checkLocalOptimum(const std::function<double(double, int*)>& rmsAt, double fitted, double step, int minRows)
{
    int rows = 0;
    const double atFit = rmsAt(fitted, &rows);
    QVERIFY2(rows >= minRows, qPrintable(QString::number(rows)));
    int unused = 0;
    const double below = rmsAt(fitted - step, &unused);
    const double above = rmsAt(fitted + step, &unused);
    QVERIFY2(atFit <= below && atFit <= above,
        qPrintable(QString("rms %1 at %2, %3 at %2 - %4, %5 at %2 + %4")
                       .arg(atFit)
                       .arg(fitted)
                       .arg(below)
                       .arg(step)
                       .arg(above)));
}
} // namespace

// presets/catalog.h fits each fabric's chunk pipeline P by least squares (rms of the log time error) on the multi-node
// fit half's Simple AllReduce / AllGather / ReduceScatter rows from 64 MiB, InfiniBand and RoCE jointly with the share
// of a NIC's bandwidth each keeps while all of a node's NICs stream. Refit here: the preset's P must beat P ± a step,
// and its share the share ± 0.01, on those rows; held-out rows play no part.
void TestValidation::networkPipelineIsEachFabricsFit()
{
    QFETCH(QString, preset);
    QFETCH(std::vector<int>, kinds);
    QFETCH(double, pipelineStep);
    QFETCH(double, shareStep);
    const auto set = loadValidationSet(dataPath());
    QVERIFY(set.ok());
    const auto report = validateModel(*set, Split::Fit);
    const auto found = findPreset(preset.toStdString());
    QVERIFY(found.ok());
    const NcclFigures figures = found->nccl;
    QVERIFY(figures.netPipelineUs > 0);
    if (shareStep == 0) // not fitted: InfiniBand's (catalog.h)
        QCOMPARE(figures.netConcurrentShare, findPreset("hgx-h100")->nccl.netConcurrentShare);
    const auto keep = [&](const RowComparison& c, const HardwarePreset& p) {
        const bool fabric = std::find(kinds.begin(), kinds.end(), int(p.inter.kind)) != kinds.end();
        const bool op
            = c.op == Collective::AllReduce || c.op == Collective::AllGather || c.op == Collective::ReduceScatter;
        return fabric && op && c.protocol == Protocol::Simple && c.bytes >= 64 * MiB;
    };
    const auto rmsAt = [&](double us, double share, int* n) {
        return refitRms(
            *set, report, keep,
            [us, share](Topology& t) {
                t.nccl.netPipelineUs = us;
                t.nccl.netConcurrentShare = share;
            },
            n);
    };
    checkLocalOptimum([&](double us, int* n) { return rmsAt(us, figures.netConcurrentShare, n); },
        figures.netPipelineUs, pipelineStep, 5);
    if (shareStep > 0)
        checkLocalOptimum([&](double share, int* n) { return rmsAt(figures.netPipelineUs, share, n); },
            figures.netConcurrentShare, shareStep, 5);
}

// EFA's step latency, fitted the same way on the fit half's EFA rows below 1 MiB: 22 µs must beat ± 2 µs.
void TestValidation::efaStepLatencyIsItsFit()
{
    const auto set = loadValidationSet(dataPath());
    QVERIFY(set.ok());
    const auto report = validateModel(*set, Split::Fit);
    const double fitted = findPreset("aws-p5")->nccl.netLatencyUs;
    QCOMPARE(findPreset("aws-p4d")->nccl.netLatencyUs, fitted);
    const auto keep = [](const RowComparison& c, const HardwarePreset& p) {
        return p.inter.kind == LinkKind::Efa && c.bytes < MiB;
    };
    checkLocalOptimum(
        [&](double us, int* n) {
            return refitRms(
                *set, report, keep, [us](Topology& t) { t.nccl.netLatencyUs = us; }, n);
        },
        fitted, 2, 3);
}

// Google Cloud A4's NIC β through the gIB plugin, fitted on the fit half's A4 rows from 64 MiB (one GPU per node, so
// the NIC alone bounds the ring): kGcpA4NicGBps must beat ± 0.2 GB/s, and InfiniBand's 48 GB/s must fit worse.
void TestValidation::gcpA4NicIsItsFit()
{
    const auto set = loadValidationSet(dataPath());
    QVERIFY(set.ok());
    const auto report = validateModel(*set, Split::Fit);
    const auto keep
        = [](const RowComparison& c, const HardwarePreset& p) { return p.id == "gcp-a4" && c.bytes >= 64 * MiB; };
    const auto rmsAt = [&](double beta, int* n) {
        return refitRms(
            *set, report, keep, [beta](Topology& t) { t.inter.bandwidthGBps = beta; }, n, true);
    };
    const double fitted = findPreset("gcp-a4")->inter.bandwidthGBps;
    checkLocalOptimum(rmsAt, fitted, 0.2, 3);
    int n = 0;
    QVERIFY(rmsAt(fitted, &n) < rmsAt(findPreset("hgx-b200")->inter.bandwidthGBps, &n));
}

#include "tst_validation.moc"
