// SPDX-License-Identifier: MIT
// `commtutor-cli predict` and `presets`, run in-process through dispatch(): exit codes, the nccl-tests row
// layout, busbw = busBandwidthFactor · algbw (nccl-tests doc/PERFORMANCE.md), and bad input as messages.
#include "app/cli/commands.h"
#include "model/collectives/collective.h"
#include "model/collectives/hardware.h"
#include "tests/app/clirun.h"

#include <QtTest>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {
CliRun run(const QStringList& arguments)
{
    return runCli(nullptr, arguments);
}

std::vector<std::string> dataRows(const std::string& text)
{
    std::vector<std::string> rows;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#')
            rows.push_back(line);
    return rows;
}

bool printsNonNumbers(const std::string& text)
{
    return text.find("nan") != std::string::npos || text.find("inf") != std::string::npos;
}
} // namespace

class TestCliPredict : public QObject {
    Q_OBJECT
private slots:
    void sweepRows_data();
    void sweepRows();
    void jsonRows_data();
    void jsonRows();
    void idealMachineBusBwIsBeta();
    void nodeNicShareIsShownAndBounds();
    void badArguments_data();
    void badArguments();
    void presets();
};

void TestCliPredict::sweepRows_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("rows");
    QTest::addColumn<double>("factor");
    // -b 8 -e 8G -f 2: 8·2^k ≤ 8 GiB for k = 0 … 30, 31 rows.
    QTest::newRow("allreduce 8 ranks, 8 B to 8 GiB")
        << QStringList { "--op", "allreduce", "--ranks", "8", "--preset", "hgx-h100", "-b", "8", "-e", "8G", "-f", "2" }
        << 31 << 2.0 * 7 / 8;
    QTest::newRow("allgather 16 ranks over 2 nodes") << QStringList { "--op", "all_gather", "--nodes", "2", "--preset",
        "dgx-a100", "-b", "1K", "-e", "1M" } << 11 << 15.0 / 16;
    QTest::newRow("broadcast, -i increment") << QStringList { "--op", "broadcast", "--ranks", "4", "--preset",
        "pcie-gen4", "-b", "1M", "-e", "4M", "-i", "1M", "--root", "2" }
                                             << 4 << 1.0;
    QTest::newRow("alltoall bf16") << QStringList { "--op", "alltoall", "--ranks", "8", "-d", "bf16", "-b", "64K", "-e",
        "64M", "-f", "4" } << 6 << 7.0 / 8;
}

void TestCliPredict::sweepRows()
{
    QFETCH(QStringList, args);
    QFETCH(int, rows);
    QFETCH(double, factor);
    const auto r = run(QStringList { "predict" } + args);
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY(r.out.find("#       size") != std::string::npos || r.out.find("size") != std::string::npos);
    QVERIFY(!printsNonNumbers(r.out));
    const auto lines = dataRows(r.out);
    QCOMPARE(int(lines.size()), rows);
    for (const auto& line : lines) {
        std::istringstream in(line);
        long long size = 0, count = 0;
        std::string type, redop, choice;
        int root = 0;
        double time = 0, algbw = 0, busbw = 0;
        in >> size >> count >> type >> redop >> root >> time >> algbw >> busbw >> choice;
        QVERIFY2(!in.fail(), line.c_str());
        QVERIFY(time > 0);
        QVERIFY(choice.find('/') != std::string::npos); // algorithm/protocol
        // Both columns are printed with two decimals: allow the rounding of each.
        QVERIFY2(std::abs(busbw - factor * algbw) <= 0.005 * (1 + factor) + 1e-9, line.c_str());
    }
}

void TestCliPredict::jsonRows_data()
{
    QTest::addColumn<QString>("op");
    for (const auto& t : tutor::model::collectives())
        QTest::newRow(t.cliName.data()) << QString::fromUtf8(t.cliName.data(), qsizetype(t.cliName.size()));
}

void TestCliPredict::jsonRows()
{
    QFETCH(QString, op);
    const auto r = run({ "predict", "--op", op, "--ranks", "16", "-b", "8", "-e", "8G", "-f", "2", "--json" });
    QVERIFY2(r.code == 0, r.err.c_str());
    const auto lines = dataRows(r.out);
    QCOMPARE(int(lines.size()), 31);
    const auto parsedOp = tutor::model::parseCollective(op.toStdString());
    QVERIFY(parsedOp.has_value());
    const double factor = tutor::model::busBandwidthFactor(*parsedOp, 16);
    for (const auto& line : lines) {
        const auto row = nlohmann::json::parse(line);
        QCOMPARE(row.at("busbw_GBps").get<double>(), row.at("algbw_GBps").get<double>() * factor);
        QVERIFY(row.at("time_us").get<double>() > 0);
        QVERIFY(!row.at("algorithm").get<std::string>().empty());
        QVERIFY(!row.at("formula").get<std::string>().empty());
    }
}

void TestCliPredict::idealMachineBusBwIsBeta()
{
    // α = 0 and protocol Simple on a ring: busbw = β for every size (nccl-tests' definition; ring closed form).
    const auto r = run({ "predict", "--ranks", "8", "--algo", "ring", "--proto", "Simple", "--alpha-us", "0",
        "--bw-GBps", "100", "-b", "1M", "-e", "1G", "--json" });
    QVERIFY2(r.code == 0, r.err.c_str());
    for (const auto& line : dataRows(r.out)) {
        const auto row = nlohmann::json::parse(line);
        // γ still applies (the preset's reduction rate), so busbw stays just under β.
        QVERIFY(row.at("busbw_GBps").get<double>() <= 100.0);
        QVERIFY(row.at("busbw_GBps").get<double>() > 90.0);
    }
}

// Across nodes the header says what each NIC keeps while all of a node's NICs stream and what the node's NICs carry
// together; a ring across 4 nodes cannot beat that figure (its bus bandwidth is the node's NIC bandwidth at most).
void TestCliPredict::nodeNicShareIsShownAndBounds()
{
    const auto preset = tutor::model::findPreset("hgx-h100");
    QVERIFY(preset.ok());
    const double share = preset->nccl.netConcurrentShare;
    QVERIFY(share < 1);
    const double node = preset->nicsPerNode * preset->inter.bandwidthGBps * share;
    const QStringList args { "predict", "--preset", "hgx-h100", "--nodes", "4", "--algo", "ring", "--proto", "Simple",
        "-b", "16G", "-e", "16G" };
    const auto text = run(args);
    QVERIFY2(text.code == 0, text.err.c_str());
    char expected[160];
    std::snprintf(expected, sizeof expected,
        "each NIC at %.2f of β in NCCL's rings and trees while all of a node's NICs stream: %.4g GB/s per node", share,
        node);
    QVERIFY2(text.out.find(expected) != std::string::npos, text.out.c_str());
    const auto r = run(args + QStringList { "--json" });
    QVERIFY2(r.code == 0, r.err.c_str());
    const auto rows = dataRows(r.out);
    QCOMPARE(rows.size(), std::size_t { 1 });
    const double busbw = nlohmann::json::parse(rows.front()).at("busbw_GBps").get<double>();
    QVERIFY2(busbw <= node && busbw > 0.9 * node, qPrintable(QString::number(busbw)));
    // One node: no network, no such line.
    const auto one = run({ "predict", "--preset", "hgx-h100", "-b", "1M", "-e", "1M" });
    QVERIFY(one.out.find("NICs stream") == std::string::npos);
}

void TestCliPredict::badArguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("unknown option") << QStringList { "predict", "--frobnicate" } << 2 << "usage: commtutor-cli predict";
    QTest::newRow("missing value") << QStringList { "predict", "--ranks" } << 2 << "--ranks needs a value";
    QTest::newRow("not a number") << QStringList { "predict", "--ranks", "eight" } << 2 << "usage:";
    QTest::newRow("bad size") << QStringList { "predict", "-b", "8Q" } << 2 << "usage:";
    QTest::newRow("0 ranks") << QStringList { "predict", "--ranks", "0" } << 1 << "ranks = 0: must be in [1, 1048576]";
    QTest::newRow("unknown preset") << QStringList { "predict", "--preset", "dgx-z9" } << 1
                                    << "preset = dgx-z9: unknown preset";
    QTest::newRow("NaN bandwidth") << QStringList { "predict", "--bw-GBps", "nan" } << 1
                                   << "bandwidth_GBps = nan: must be finite and in [0.001, 1e9] GB/s";
    QTest::newRow("negative bandwidth") << QStringList { "predict", "--bw-GBps", "-3" } << 1
                                        << "bandwidth_GBps = -3: must be finite and in [0.001, 1e9] GB/s";
    QTest::newRow("0 bytes") << QStringList { "predict", "-b", "0", "-e", "8" } << 1 << "minbytes = 0";
    QTest::newRow("2^60 bytes") << QStringList { "predict", "-b", "1048576T", "-e", "1048576T" } << 1
                                << "bytes = 1152921504606846976";
    QTest::newRow("NVLS on pcie-gen4") << QStringList { "predict", "--preset", "pcie-gen4", "--algo", "nvls" } << 1
                                       << "algorithm = nvls: not defined on this topology";
    QTest::newRow("hierarchical on 1 node") << QStringList { "predict", "--ranks", "8", "--algo", "hierarchical" } << 1
                                            << "algorithm = hierarchical: not defined for 8 ranks";
    QTest::newRow("recursive doubling on 6") << QStringList { "predict", "--ranks", "6", "--algo",
        "recursive-doubling" } << 1 << "not defined for 6 ranks (needs a power of two)";
    QTest::newRow("unknown op") << QStringList { "predict", "--op", "allsum" } << 1 << "op = allsum";
    QTest::newRow("ranks vs nodes") << QStringList { "predict", "--ranks", "12", "--nodes", "2", "--gpus-per-node",
        "8" } << 1 << "ranks = 12: must equal nodes × gpus per node = 16";
    QTest::newRow("presets extra argument")
        << QStringList { "presets", "extra" } << 2 << "usage: commtutor-cli presets";
}

void TestCliPredict::badArguments()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, fragment);
    const auto r = run(args);
    QCOMPARE(r.code, code);
    QVERIFY2(r.err.find(fragment.toStdString()) != std::string::npos, r.err.c_str());
    QVERIFY(!printsNonNumbers(r.out));
}

void TestCliPredict::presets()
{
    const auto text = run({ "presets" });
    QCOMPARE(text.code, 0);
    for (const auto& p : tutor::model::presets()) {
        QVERIFY2(text.out.find(p.id) != std::string::npos, p.id.c_str());
        QVERIFY(text.out.find(p.intra.source) != std::string::npos);
    }
    // The figures a call pays beyond NCCL's tuner, as the preset holds them.
    const auto found = tutor::model::findPreset("hgx-h100");
    QVERIFY(found.ok());
    const auto& h100 = found.value();
    QVERIFY(h100.nccl.lowLatencyPerGpuUs > 0);
    char call[200];
    std::snprintf(call, sizeof call,
        "NCCL call: launch %.2f µs; on one node an LL or LL128 call adds %.2f µs per GPU beyond the first",
        h100.nccl.launchUs, h100.nccl.lowLatencyPerGpuUs);
    QVERIFY2(text.out.find(call) != std::string::npos, call);
    // A machine whose small-message times NCCL's own latencies already cover pays no launch beyond them, and still
    // the per-GPU cost of LL calls on one node.
    const auto alps = tutor::model::findPreset("alps-gh200").value();
    QCOMPARE(alps.nccl.launchUs, 0.0);
    std::snprintf(call, sizeof call,
        "NCCL call: no launch cost beyond NCCL's own latencies; on one node an LL or LL128 call adds %.2f µs per GPU "
        "beyond the first",
        alps.nccl.lowLatencyPerGpuUs);
    QVERIFY2(text.out.find(call) != std::string::npos, call);
    std::snprintf(call, sizeof call, "across nodes an LL call of %s or more adds %.1f µs per network step",
        tutor::model::formatBytes(static_cast<tutor::model::Bytes>(alps.nccl.netLlStepBytes)).c_str(),
        alps.nccl.netLlStepUs);
    QVERIFY2(text.out.find(call) != std::string::npos, call);
    std::snprintf(call, sizeof call, "across nodes a Simple tree AllReduce adds %.1f µs per chunk per network step",
        alps.nccl.netTreeChunkUs);
    QVERIFY2(alps.nccl.netTreeChunkUs > 0 && text.out.find(call) != std::string::npos, call);
    std::snprintf(call, sizeof call,
        "across nodes NVLSTree's NVLS stage keeps %.2f of its one-node rate while the NICs stream",
        h100.nccl.nvlsTreeShare);
    QVERIFY2(h100.nccl.nvlsTreeShare < 1 && text.out.find(call) != std::string::npos, call);
    const auto json = run({ "presets", "--json" });
    QCOMPARE(json.code, 0);
    const auto all = nlohmann::json::parse(json.out);
    QCOMPARE(all.size(), tutor::model::presets().size());
    for (const auto& p : all) {
        QVERIFY(!p.at("source").get<std::string>().empty());
        QVERIFY(p.at("intra").at("bandwidth_GBps").get<double>() <= p.at("intra").at("line_rate_GBps").get<double>());
        const auto preset = tutor::model::findPreset(p.at("id").get<std::string>()).value();
        QCOMPARE(p.at("nccl").at("launch_us").get<double>(), preset.nccl.launchUs);
        QCOMPARE(p.at("nccl").at("low_latency_per_gpu_us").get<double>(), preset.nccl.lowLatencyPerGpuUs);
        QCOMPARE(p.at("nccl").at("net_concurrent_share").get<double>(), preset.nccl.netConcurrentShare);
        QCOMPARE(p.at("nccl").at("net_ll_step_us").get<double>(), preset.nccl.netLlStepUs);
        QCOMPARE(p.at("nccl").at("net_ll_step_bytes").get<double>(), preset.nccl.netLlStepBytes);
        QCOMPARE(p.at("nccl").at("net_tree_chunk_us").get<double>(), preset.nccl.netTreeChunkUs);
        QCOMPARE(p.at("nccl").at("nvls_tree_share").get<double>(), preset.nccl.nvlsTreeShare);
    }
    QCOMPARE(run({ "predict", "--help" }).code, 0);
    // --help and -h before any command print the command list on stdout; a wrong command is a usage error.
    for (const char* flag : { "--help", "-h", "help" }) {
        const auto help = run({ flag });
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.find("predict ") != std::string::npos);
        QVERIFY(help.err.empty());
    }
    const auto wrong = run({ "--frobnicate" });
    QCOMPARE(wrong.code, 2);
    QVERIFY(wrong.err.find("unknown command '--frobnicate'") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestCliPredict)
#include "tst_cli_predict.moc"
