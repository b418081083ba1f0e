// SPDX-License-Identifier: MIT
// model/measure/ncclimport.h: every file of tests/data/nccl-tests against its hand-written manifest, and one test
// per layout or launcher the importer must read: prefixes, where the op comes from, several runs in a file, the
// rank count, NCCL's debug lines, a bad row, pre-2.13 columns, -I 1, -S 1, -J JSON, the redop column.
#include "model/measure/ncclimport.h"

#include <QtTest>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

using namespace tutor::model;

Q_DECLARE_METATYPE(std::optional<tutor::model::Collective>)

namespace {

std::string corpusDir()
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR").toStdString() + "/tests/data/nccl-tests/";
}

/// A 2.13+ block for one run: header, `ranks` device lines, three rows (8 B, 16 B, 32 B) of `op`.
std::string block(const std::string& starting, int ranks, const std::string& redop = "sum")
{
    std::string s = "# nccl-tests version 2.17.8 nccl-headers=22902 nccl-library=22902\n";
    if (!starting.empty())
        s += "# Collective test starting: " + starting + "\n";
    s += "# nThread 1 nGpus 1 minBytes 8 maxBytes 32 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 "
         "validation: 1 graph: 0\n#\n# Using devices\n";
    for (int r = 0; r < ranks; ++r)
        s += "#  Rank  " + std::to_string(r) + " Group  0 Pid  4100" + std::to_string(r) + " on     node01 device  "
            + std::to_string(r) + " [0000:18:00] NVIDIA H100 80GB HBM3\n";
    s += "#\n#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   "
         "busbw #wrong\n#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  "
         "(GB/s)  (GB/s)\n";
    for (int bytes : { 8, 16, 32 })
        s += "          " + std::to_string(bytes) + "             " + std::to_string(bytes / 4) + "     float    "
            + redop + "      -1    10.00    0.00    0.00      0    10.13    0.00    0.00      0\n";
    s += "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 0.001\n#\n";
    return s;
}

/// Every line of `text` with `prefix` in front.
std::string prefixed(const std::string& text, const std::string& prefix)
{
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        const auto nl = text.find('\n', start);
        out += prefix + text.substr(start, nl - start) + "\n";
        start = nl == std::string::npos ? text.size() : nl + 1;
    }
    return out;
}

constexpr int kRowsPerBlock = 3 * 2; // three sizes, out-of-place and in-place

} // namespace

class TestNcclImport : public QObject {
    Q_OBJECT
private slots:
    void corpusMatchesManifest_data();
    void corpusMatchesManifest();
    void corpusHasTwentyRealLogs();
    void launcherPrefixesAreStripped_data();
    void launcherPrefixesAreStripped();
    void opSource_data();
    void opSource();
    void unknownOpIsSaidNotGuessed();
    void severalRunsAreSplit();
    void singleRankLineMeansAtLeastMaxPlusOne();
    void ranksAreProcessesTimesGpus();
    void unknownRanksAreSaid();
    void ncclDebugLinesAreIgnored();
    void glueedDebugLineKeepsTheRow();
    void badRowIsSkippedWithItsLine();
    void oldLayouts_data();
    void oldLayouts();
    void perIterationColumnsAreNotTheInPlaceHalf();
    void timestampColumnsAreDropped();
    void jsonVersions_data();
    void jsonVersions();
    void brokenJsonNamesItsLine();
    void redopIsKept();
    void workerOutputUnderTagOutput();
    void hintsCompleteARun();
    void garbageGivesProblemsNotExceptions();
    void unreadableFileIsAProblem();
};

void TestNcclImport::corpusMatchesManifest_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("runs");
    std::ifstream in(corpusDir() + "manifest.json");
    QVERIFY(in.good());
    const auto manifest = nlohmann::json::parse(in);
    for (const auto& f : manifest["files"]) {
        const auto name = f["file"].get<std::string>();
        QTest::newRow(name.c_str()) << QString::fromStdString(name) << QByteArray::fromStdString(f["runs"].dump());
    }
}

void TestNcclImport::corpusMatchesManifest()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, runs);
    const auto expected = nlohmann::json::parse(runs.toStdString());
    const auto result = importNcclTestsFile(corpusDir() + file.toStdString());
    QVERIFY2(result.ok(), toText(result.problems()).c_str());
    QVERIFY2(result->warnings.empty(), toText(result->warnings).c_str());
    QCOMPARE(result->runs.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto& run = result->runs[i];
        const auto& want = expected[i];
        const std::optional<Collective> op
            = want["op"].is_null() ? std::nullopt : parseCollective(want["op"].get<std::string>());
        QCOMPARE(run.op, op);
        QCOMPARE(run.ranks, want["ranks"].get<int>());
        QCOMPARE(static_cast<int>(run.rows.size()), want["rows"].get<int>());
        if (run.op && run.ranks > 0)
            for (const auto& m : run.rows) {
                QCOMPARE(m.op, *run.op);
                QCOMPARE(m.ranks, run.ranks);
                QVERIFY(validate(m, "m").empty());
            }
    }
}

void TestNcclImport::corpusHasTwentyRealLogs()
{
    // README.md: files named "made-*" were written from nccl-tests' format strings; the rest are public logs.
    std::ifstream in(corpusDir() + "manifest.json");
    const auto manifest = nlohmann::json::parse(in);
    int real = 0;
    for (const auto& f : manifest["files"])
        real += f["file"].get<std::string>().rfind("made-", 0) != 0 && f["file"] != "alltoall_output.dat.1" ? 1 : 0;
    QVERIFY2(real >= 20, qPrintable(QString::number(real)));
}

void TestNcclImport::launcherPrefixesAreStripped_data()
{
    QTest::addColumn<QString>("prefix");
    QTest::newRow("mpirun --tag-output stdout") << "[1,0]<stdout>:";
    QTest::newRow("mpirun --tag-output stderr") << "[1,0]<stderr>:";
    QTest::newRow("srun -l rank 0") << "0: ";
    QTest::newRow("srun -l rank 12") << "12: ";
    QTest::newRow("pdsh host") << "node001: ";
    QTest::newRow("markdown quote") << "> ";
    QTest::newRow("ISO timestamp") << "2024-05-01T10:00:00.123456Z ";
    QTest::newRow("bracketed timestamp") << "[2024-05-01 10:00:00] ";
    QTest::newRow("timestamp then tag-output") << "2024-05-01 10:00:00,123 [1,0]<stdout>:";
}

void TestNcclImport::launcherPrefixesAreStripped()
{
    QFETCH(QString, prefix);
    const std::string text = prefixed(block("all_reduce_perf", 2), prefix.toStdString());
    const auto result = parseNcclTestsText(text, "log.txt");
    QVERIFY2(result.warnings.empty(), toText(result.warnings).c_str());
    QCOMPARE(result.runs.size(), std::size_t { 1 });
    QCOMPARE(result.runs[0].op, std::optional { Collective::AllReduce });
    QCOMPARE(result.runs[0].ranks, 2);
    QCOMPARE(static_cast<int>(result.runs[0].rows.size()), kRowsPerBlock);
}

void TestNcclImport::opSource_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("starting");
    QTest::addColumn<std::optional<Collective>>("op");
    QTest::addColumn<QString>("source");
    QTest::newRow("starting line wins") << "allgather.txt"
                                        << "./build/broadcast_perf -b 8\n"
                                        << "reduce_scatter_perf" << std::optional { Collective::ReduceScatter }
                                        << "header";
    QTest::newRow("command line before the header") << "log.txt"
                                                    << "$ ./build/all_reduce_perf -b 8 -e 128M -f 2\n"
                                                    << "" << std::optional { Collective::AllReduce } << "command line";
    QTest::newRow("mpirun line with _mpi binary") << "log.txt"
                                                  << "mpirun -np 16 /opt/nccl-tests/build/all_gather_perf_mpi -b 8\n"
                                                  << "" << std::optional { Collective::AllGather } << "command line";
    QTest::newRow("file name alltoall_output.dat.1") << "alltoall_output.dat.1"
                                                     << ""
                                                     << "" << std::optional { Collective::AllToAll } << "file name";
    QTest::newRow("file name all_gather_perf_16.log") << "runs/all_gather_perf_16.log"
                                                      << ""
                                                      << "" << std::optional { Collective::AllGather } << "file name";
    QTest::newRow("file name allreduce.txt") << "allreduce.txt"
                                             << ""
                                             << "" << std::optional { Collective::AllReduce } << "file name";
    QTest::newRow("file name reduce_scatter beats reduce")
        << "reduce_scatter_2node.txt"
        << ""
        << "" << std::optional { Collective::ReduceScatter } << "file name";
}

void TestNcclImport::opSource()
{
    QFETCH(QString, fileName);
    QFETCH(QString, before);
    QFETCH(QString, starting);
    QFETCH(std::optional<Collective>, op);
    QFETCH(QString, source);
    const auto result
        = parseNcclTestsText(before.toStdString() + block(starting.toStdString(), 2), fileName.toStdString());
    QCOMPARE(result.runs.size(), std::size_t { 1 });
    QCOMPARE(result.runs[0].op, op);
    QCOMPARE(QString::fromStdString(result.runs[0].opSource), source);
}

void TestNcclImport::unknownOpIsSaidNotGuessed()
{
    // Two different binaries on one line name no single op; neither does "results.txt".
    const auto result
        = parseNcclTestsText("for t in all_reduce_perf all_gather_perf; do ...\n" + block("", 2), "results.txt");
    QCOMPARE(result.runs.size(), std::size_t { 1 });
    QVERIFY(!result.runs[0].op);
    QVERIFY(knownMeasurements(result).empty());
    const auto problems = incompleteRuns(result);
    QCOMPARE(problems.size(), std::size_t { 1 });
    QCOMPARE(problems[0].field, std::string("op"));
    QVERIFY(problems[0].where.starts_with("results.txt:"));
    QVERIFY(!parseNcclTestsLog("for t in all_reduce_perf all_gather_perf\n" + block("", 2), "results.txt").ok());
}

void TestNcclImport::severalRunsAreSplit()
{
    // A script looping over collectives (each with its starting line) and over node counts (pre-2.16.7: none).
    const std::string text = "=== 2 GPUs ===\n" + block("all_reduce_perf", 2) + "NCCL version 2.21.5+cuda12.4\n"
        + block("all_gather_perf", 2, "none") + "running ./build/broadcast_perf -b 8 on 4 GPUs\n"
        + block("", 4, "none");
    const auto result = parseNcclTestsText(text, "loop.log");
    QVERIFY2(result.warnings.empty(), toText(result.warnings).c_str());
    QCOMPARE(result.runs.size(), std::size_t { 3 });
    const Collective ops[] = { Collective::AllReduce, Collective::AllGather, Collective::Broadcast };
    const int ranks[] = { 2, 2, 4 };
    for (std::size_t i = 0; i < 3; ++i) {
        QCOMPARE(result.runs[i].op, std::optional { ops[i] });
        QCOMPARE(result.runs[i].ranks, ranks[i]);
        QCOMPARE(static_cast<int>(result.runs[i].rows.size()), kRowsPerBlock);
        QCOMPARE(result.runs[i].ncclTestsVersion, std::string("2.17.8"));
        QCOMPARE(result.runs[i].ncclVersion, std::string("2.29.2")); // nccl-library=22902
        QCOMPARE(result.runs[i].gpusPerProcess, 1);
        QCOMPARE(result.runs[i].dtype, DType::Fp32);
        QCOMPARE(result.runs[i].root, -1);
    }
    QCOMPARE(result.runs[0].redop, std::string("sum"));
    QCOMPARE(result.runs[1].redop, std::string("none"));
    QVERIFY(result.runs[0].firstLine < result.runs[1].firstLine);
}

void TestNcclImport::singleRankLineMeansAtLeastMaxPlusOne()
{
    const std::string text = "#  Rank 1439 Group  0 Pid  21082 on slurm-gb200-218-073 device  3 [0x01] NVIDIA GB200\n"
                             "   536870912     134217728     float     sum      -1   7108.4   75.53  150.95      0   "
                             "7145.8   75.13  150.16      0\n";
    const auto result = parseNcclTestsText(text, "allreduce.txt");
    QCOMPARE(result.runs.size(), std::size_t { 1 });
    QCOMPARE(result.runs[0].ranks, 1439 + 1);
    QVERIFY(result.runs[0].ranksAtLeast);
}

void TestNcclImport::ranksAreProcessesTimesGpus()
{
    // -g 2 over two MPI processes: nccl-tests prints one "#  Rank" line per GPU (rank = proc·nThreads·nGpus + i).
    std::string text
        = "# nThread 1 nGpus 2 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20 validation: 1\n";
    for (int r = 0; r < 4; ++r)
        text += "#  Rank  " + std::to_string(r) + " Group  0 Pid  " + std::to_string(100 + r / 2) + " on node device  "
            + std::to_string(r % 2) + " [0x1a] NVIDIA A100\n";
    text += "           8             2     float     sum      -1    10.00    0.00    0.00      0    10.13    0.00    "
            "0.00      0\n";
    const auto result = parseNcclTestsText(text, "all_reduce_perf.log");
    QCOMPARE(result.runs.size(), std::size_t { 1 });
    QCOMPARE(result.runs[0].gpusPerProcess, 2);
    QCOMPARE(result.runs[0].ranks, 2 * 2);
    QVERIFY(!result.runs[0].ranksAtLeast);
    // -J: one "devices" entry per process, so ranks = entries × nthreads × ngpus.
    const auto json = importNcclTestsFile(corpusDir() + "made-json-v3-allreduce-2proc-g2.json");
    QVERIFY(json.ok());
    QCOMPARE(json->runs[0].gpusPerProcess, 2);
    QCOMPARE(json->runs[0].ranks, 2 * 2);
}

void TestNcclImport::unknownRanksAreSaid()
{
    std::string text = block("all_reduce_perf", 0);
    const auto result = parseNcclTestsText(text, "log.txt");
    QCOMPARE(result.runs.size(), std::size_t { 1 });
    QCOMPARE(result.runs[0].ranks, 0);
    const auto problems = incompleteRuns(result);
    QCOMPARE(problems.size(), std::size_t { 1 });
    QCOMPARE(problems[0].field, std::string("ranks"));
    QCOMPARE(problems[0].where, std::string("log.txt:1"));
}

void TestNcclImport::ncclDebugLinesAreIgnored()
{
    std::string text = block("all_reduce_perf", 2);
    const std::string debug = "12345:12345 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\n"
                              "node1:123:456 [3] NCCL INFO Channel 00/02 :    0   1\n"
                              "8node:1:2 [0] NCCL WARN NET/IB : Got async event\n"
                              "gpu-7:99:99 [1] NCCL TRACE 1.5 ms\n"
                              "node1:123:456 [3] NCCL INFO NCCL version 2.18.5+cuda12.2\n";
    const auto at = text.find("          16 ");
    text.insert(at, debug);
    const auto result = parseNcclTestsText(text, "log.txt");
    QVERIFY2(result.warnings.empty(), toText(result.warnings).c_str());
    QCOMPARE(static_cast<int>(result.runs.at(0).rows.size()), kRowsPerBlock);
}

void TestNcclImport::glueedDebugLineKeepsTheRow()
{
    // Another rank's debug line written into the middle of a row (nccl-collectives-bench g4_auto.log).
    const std::string text = "# Collective test starting: all_reduce_perf\n"
                             "38dcf168f605:1391:1391 [0] NCCL INFO NCCL version 2.29.2+cuda12.9\n"
                             "   268435456      67108864     float     sum      -138dcf168f605:1391:1391 [0] NCCL INFO "
                             "AllReduce: 268435456 Bytes -> Algo RING proto SIMPLE\n"
                             "  1185.50  226.43  339.65       038dcf168f605:1391:1391 [0] NCCL INFO AllReduce: x\n"
                             "  1190.17  225.54  338.32       0\n";
    const auto result = parseNcclTestsText(text, "g4_auto.log", { std::nullopt, 4 });
    QVERIFY2(result.warnings.empty(), toText(result.warnings).c_str());
    QCOMPARE(result.runs.size(), std::size_t { 1 });
    QCOMPARE(result.runs[0].rows.size(), std::size_t { 2 });
    QCOMPARE(result.runs[0].rows[1].timeSeconds, 1190.17 * kMicro);
    QCOMPARE(result.runs[0].ncclVersion, std::string("2.29.2"));
}

void TestNcclImport::badRowIsSkippedWithItsLine()
{
    std::string text = block("all_reduce_perf", 2);
    const auto at = text.find("    10.00", text.find("          16 "));
    text.replace(at, 9, "      abc");
    const auto result = parseNcclTestsText(text, "log.txt");
    QCOMPARE(result.runs.size(), std::size_t { 1 });
    QCOMPARE(static_cast<int>(result.runs[0].rows.size()), kRowsPerBlock - 2);
    QCOMPARE(result.warnings.size(), std::size_t { 1 });
    // Line of the 16-byte row: the header block's lines, counted here.
    const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
    QCOMPARE(QString::fromStdString(result.warnings[0].where), QStringLiteral("log.txt:%1").arg(line));
    QCOMPARE(result.warnings[0].field, std::string("time"));
    QCOMPARE(result.warnings[0].value, std::string("abc"));
}

void TestNcclImport::oldLayouts_data()
{
    // nccl-tests ≤ 2.11 (src/<op>.cu print_header): per-collective lead columns and an "error" column.
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::optional<Collective>>("op");
    QTest::addColumn<int>("root");
    QTest::addColumn<QString>("redop");
    QTest::newRow("all_reduce: size count type redop, 12 columns")
        << "#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  "
           "error\n"
           "     1048576        262144     float     sum    485.3    2.16    4.05  5e-07    486.3    2.16    4.04  "
           "5e-07\n"
        << std::optional<Collective> {} << -1 << "sum";
    QTest::newRow("broadcast: size count type root, 12 columns")
        << "#       size         count      type    root     time   algbw   busbw  error     time   algbw   busbw  "
           "error\n"
           "     1048576        262144     float       0    485.3    2.16    2.16  0e+00    486.3    2.16    2.16  "
           "0e+00\n"
        << std::optional { Collective::Broadcast } << 0 << "";
    QTest::newRow("reduce: size count type redop root, 13 columns")
        << "#       size         count      type   redop    root     time   algbw   busbw  error     time   algbw   "
           "busbw  error\n"
           "     1048576        262144     float     sum       0    485.3    2.16    2.16  0e+00    486.3    2.16    "
           "2.16  0e+00\n"
        << std::optional { Collective::Reduce } << 0 << "sum";
    QTest::newRow("all_gather: size count type, 11 columns, no header")
        << "     1048576        131072     float    485.3    2.16    1.89    N/A    486.3    2.16    1.89    N/A\n"
        << std::optional<Collective> {} << -1 << "";
}

void TestNcclImport::oldLayouts()
{
    QFETCH(QString, text);
    QFETCH(std::optional<Collective>, op);
    QFETCH(int, root);
    QFETCH(QString, redop);
    const auto result = parseNcclTestsText(text.toStdString(), "log.txt");
    QVERIFY2(result.warnings.empty(), toText(result.warnings).c_str());
    QCOMPARE(result.runs.size(), std::size_t { 1 });
    const auto& run = result.runs[0];
    QCOMPARE(run.op, op);
    QCOMPARE(run.root, root);
    QCOMPARE(QString::fromStdString(run.redop), redop);
    QCOMPARE(run.rows.size(), std::size_t { 2 });
    QCOMPARE(run.rows[0].timeSeconds, 485.3 * kMicro);
    QCOMPARE(run.rows[1].timeSeconds, 486.3 * kMicro);
    QCOMPARE(run.rows[0].wrong, std::int64_t { -1 }); // a maximum error, not a count of wrong elements
}

void TestNcclImport::perIterationColumnsAreNotTheInPlaceHalf()
{
    const auto result = importNcclTestsFile(corpusDir() + "made-2.19.6-allreduce-per-iteration-I1.txt");
    QVERIFY(result.ok());
    QVERIFY2(result->warnings.empty(), toText(result->warnings).c_str());
    const auto& rows = result->runs.at(0).rows;
    // First row as printed: out-of-place 30.01 µs, i_min 27.90, i_p99 36.61; in-place 30.41 µs, i_min 28.28.
    QCOMPARE(rows[0].timeSeconds, 30.01 * kMicro);
    QCOMPARE(rows[0].minSeconds, 27.90 * kMicro);
    QCOMPARE(rows[0].p99Seconds, 36.61 * kMicro);
    QVERIFY(rows[1].inPlace);
    QCOMPARE(rows[1].timeSeconds, 30.41 * kMicro);
    QCOMPARE(rows[1].minSeconds, 28.28 * kMicro);
}

void TestNcclImport::timestampColumnsAreDropped()
{
    const auto result = importNcclTestsFile(corpusDir() + "made-2.19.6-allgather-timestamps-S1.txt");
    QVERIFY(result.ok());
    QVERIFY2(result->warnings.empty(), toText(result->warnings).c_str());
    const auto& rows = result->runs.at(0).rows;
    QCOMPARE(rows[1].timeSeconds, 30.41 * kMicro);
    QCOMPARE(rows[1].wrong, std::int64_t { 0 });
    // The same row without its header: the trailing "YYYY-MM-DD HH:MM:SS" is recognised by itself.
    const auto bare = parseNcclTestsText("        1024           256     float    none      -1    30.01    0.03    0.03"
                                         "       0    30.41    0.03    0.03       0  2026-02-03 10:15:00\n",
        "all_gather_perf.txt");
    QVERIFY2(bare.warnings.empty(), toText(bare.warnings).c_str());
    QCOMPARE(bare.runs.at(0).rows.size(), std::size_t { 2 });
}

void TestNcclImport::jsonVersions_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<Collective>("op");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<QString>("ncclVersion");
    QTest::newRow("version 1, one process, -g 8") << "alltoall_output.dat.1" << Collective::AllToAll << 8 << "2.29.3";
    QTest::newRow("version 3, per-iteration, 2 processes × -g 2")
        << "made-json-v3-allreduce-2proc-g2.json" << Collective::AllReduce << 4 << "2.29.3";
}

void TestNcclImport::jsonVersions()
{
    QFETCH(QString, file);
    QFETCH(Collective, op);
    QFETCH(int, ranks);
    QFETCH(QString, ncclVersion);
    const auto result = importNcclTestsFile(corpusDir() + file.toStdString());
    QVERIFY(result.ok());
    QVERIFY2(result->warnings.empty(), toText(result->warnings).c_str());
    const auto& run = result->runs.at(0);
    QCOMPARE(run.op, std::optional { op });
    QCOMPARE(run.ranks, ranks);
    QCOMPARE(QString::fromStdString(run.ncclVersion), ncclVersion);
    QCOMPARE(run.redop, std::string("sum"));
    QCOMPARE(run.root, -1);
}

void TestNcclImport::brokenJsonNamesItsLine()
{
    const auto result
        = parseNcclTestsJsonText("{\n  \"version\": 3,\n  \"results\": [\n    {\"size\": 8,,}\n", "run.json");
    QVERIFY(result.runs.empty());
    QCOMPARE(result.warnings.size(), std::size_t { 1 });
    QCOMPARE(result.warnings[0].where, std::string("run.json:4"));
    QVERIFY(result.warnings[0].rule.find("not valid JSON") != std::string::npos);
}

void TestNcclImport::redopIsKept()
{
    const auto result = parseNcclTestsText(block("all_reduce_perf", 2, "max"), "log.txt");
    QCOMPARE(result.runs.at(0).redop, std::string("max"));
}

void TestNcclImport::workerOutputUnderTagOutput()
{
    // `mpirun --tag-output -np 2 commtutor-live --op allgather -b 1K -e 64K -f 4` (live/worker/output.cpp).
    const auto result = importNcclTestsFile(corpusDir() + "commtutor-live-tag-output.txt");
    QVERIFY(result.ok());
    QVERIFY2(result->warnings.empty(), toText(result->warnings).c_str());
    QCOMPARE(result->runs.size(), std::size_t { 1 });
    QCOMPARE(result->runs[0].op, std::optional { Collective::AllGather });
    QCOMPARE(result->runs[0].ranks, 2);
}

void TestNcclImport::hintsCompleteARun()
{
    auto result = parseNcclTestsText(block("", 0), "results.txt");
    QCOMPARE(incompleteRuns(result).size(), std::size_t { 2 });
    completeRun(result.runs[0], { Collective::AllGather, 4 }, "results.txt");
    QVERIFY(incompleteRuns(result).empty());
    QCOMPARE(result.runs[0].opSource, std::string("hint"));
    for (const auto& m : knownMeasurements(result)) {
        QCOMPARE(m.op, Collective::AllGather);
        QCOMPARE(m.ranks, 4);
    }
    // A hint never overrides what the log says.
    const auto stated = parseNcclTestsText(block("all_reduce_perf", 2), "log.txt", { Collective::Broadcast, 9 });
    QCOMPARE(stated.runs[0].op, std::optional { Collective::AllReduce });
    QCOMPARE(stated.runs[0].ranks, 2);
}

void TestNcclImport::garbageGivesProblemsNotExceptions()
{
    for (const std::string& text : { std::string("\0\0\xff\n", 4), std::string("{"), std::string("{\"results\": 5}"),
             std::string("{\"results\": [{\"size\": \"x\", \"type\": 7}]}"),
             std::string("8 8 float sum -1 1 2 3 4 5 6\n"), std::string("[1,0]<stdout>:\n0:\n> \n```\n"),
             std::string(200, '#') }) {
        const auto t = parseNcclTestsText(text, "g.txt");
        const auto j = parseNcclTestsJsonText(text, "g.json");
        QVERIFY(t.runs.empty() || !t.runs[0].rows.empty());
        QVERIFY(j.runs.empty() || !j.warnings.empty() || !j.runs[0].rows.empty());
    }
}

void TestNcclImport::unreadableFileIsAProblem()
{
    const auto result = importNcclTestsFile("/nonexistent/all_reduce_perf.txt");
    QVERIFY(!result.ok());
    QCOMPARE(result.problems()[0].field, std::string("file"));
    QCOMPARE(result.problems()[0].where, std::string("/nonexistent/all_reduce_perf.txt"));
}

QTEST_APPLESS_MAIN(TestNcclImport)
#include "tst_ncclimport.moc"
