// SPDX-License-Identifier: MIT
// The worker without a communication library: command line, sweep sizes, nccl-tests number format,
// per-iteration statistics, overlap formulas, buffer layout and expected results.
#include "live/worker/options.h"
#include "live/worker/output.h"
#include "live/worker/sweep.h"

#include <QtTest>
#include <cmath>

using namespace tutor::live;

Q_DECLARE_METATYPE(tutor::live::Op)

namespace {
std::vector<std::string_view> argsOf(const QStringList& list, std::vector<std::string>& storage)
{
    storage.clear();
    for (const auto& s : list)
        storage.push_back(s.toStdString());
    return { storage.begin(), storage.end() };
}
} // namespace

class TestWorkerOptions : public QObject {
    Q_OBJECT
private slots:
    void parsesNcclTestsFlags()
    {
        std::vector<std::string> storage;
        const auto r = parseOptions(
            argsOf({ "--backend", "mpi", "--op", "all_gather", "-b", "8", "-e", "64M", "-f", "4", "-n", "7", "-w", "1",
                       "-c", "3", "-o", "max", "-d", "double", "--inplace", "0", "-T", "5", "-a", "3", "-I", "1", "-z",
                       "1", "-t", "1", "-G", "0", "-J", "out.json", "--jsonl", "--overlap" },
                storage));
        QVERIFY2(r.ok(), r.error.c_str());
        QCOMPARE(r.options.op, Op::AllGather);
        QCOMPARE(r.options.maxBytes, 64 * tutor::model::MiB);
        QCOMPARE(r.options.stepFactor, 4);
        QCOMPARE(r.options.iterations, 7);
        QCOMPARE(r.options.warmup, 1);
        QCOMPARE(r.options.checkIterations, 3); // nccl-tests -c: a count of check runs
        QVERIFY(r.options.redops == std::vector<RedOp> { RedOp::Max });
        QVERIFY(!r.options.inPlace);
        QVERIFY(r.options.dtypes == std::vector<tutor::model::DType> { tutor::model::DType::Fp64 });
        QCOMPARE(r.options.timeoutSeconds, 5.0);
        QCOMPARE(r.options.average, TimeAcrossRanks::Max);
        QVERIFY(r.options.perIteration);
        QCOMPARE(r.options.blocking, 1);
        QCOMPARE(r.options.jsonFile, std::string("out.json"));
        QVERIFY(r.options.jsonLines);
        QVERIFY(r.options.overlap);
    }

    void defaultsAreNcclTests()
    {
        // nccl-tests src/common.cu: minBytes = maxBytes = 32M, stepBytes 1M, stepFactor 1, iters 20, warmup 1,
        // datacheck 1, op sum, type float, root 0, nThreads 1, nGpus 1, average 1, timeout 0.
        const auto r = parseOptions({});
        QVERIFY(r.ok());
        const Options& o = r.options;
        QCOMPARE(o.minBytes, 32 * tutor::model::MiB);
        QCOMPARE(o.maxBytes, 32 * tutor::model::MiB);
        QCOMPARE(o.stepBytes, tutor::model::MiB);
        QCOMPARE(o.stepFactor, 1);
        QCOMPARE(o.iterations, 20);
        QCOMPARE(o.warmup, 1);
        QCOMPARE(o.checkIterations, 1);
        QVERIFY(o.redops == std::vector<RedOp> { RedOp::Sum });
        QVERIFY(o.dtypes == std::vector<tutor::model::DType> { tutor::model::DType::Fp32 });
        QCOMPARE(o.root, 0);
        QCOMPARE(o.threads, 1);
        QCOMPARE(o.gpus, 1);
        QCOMPARE(o.average, TimeAcrossRanks::Mean);
        QCOMPARE(o.timeoutSeconds, 0.0);
        QCOMPARE(tutor::live::sweepSizes(o).size(), std::size_t { 1 });
    }

    void ncclTestsSizes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("bytes");
        // nccl-tests parsesize: "we use the binary system, so M=Mebibytes and G=Gibibytes".
        QTest::newRow("plain") << "8" << qint64 { 8 };
        QTest::newRow("K") << "64K" << qint64 { 64 } * 1024;
        QTest::newRow("M") << "8M" << qint64 { 8 } * 1024 * 1024;
        QTest::newRow("G is 2^30") << "1G" << (qint64 { 1 } << 30);
        QTest::newRow("GB is 2^30 too") << "1GB" << (qint64 { 1 } << 30);
        QTest::newRow("lower case") << "2g" << (qint64 { 2 } << 30);
        QTest::newRow("fraction") << "0.5M" << qint64 { 512 } * 1024;
    }
    void ncclTestsSizes()
    {
        QFETCH(QString, text);
        QFETCH(qint64, bytes);
        const auto b = parseNcclTestsSize(text.toStdString());
        QVERIFY(b);
        QCOMPARE(static_cast<qint64>(*b), bytes);
    }

    void allExpandsAndRootMinusOneRunsEveryRoot()
    {
        std::vector<std::string> storage;
        auto r = parseOptions(argsOf({ "-o", "all", "-d", "all" }, storage));
        QVERIFY(r.ok());
        QCOMPARE(r.options.redops.size(), std::size_t { 5 }); // sum prod max min avg
        QCOMPARE(r.options.dtypes.size(), std::size_t { 10 }); // nccl-tests' types without fp8
        r = parseOptions(argsOf({ "--op", "broadcast", "-r", "-1" }, storage));
        QVERIFY(r.ok());
        QCOMPARE(rootsFor(r.options, 4), (std::vector<int> { 0, 1, 2, 3 }));
        QCOMPARE(redopsFor(r.options), (std::vector<std::optional<RedOp>> { std::nullopt })); // redop "none"
        r = parseOptions(argsOf({ "--op", "sendrecv" }, storage));
        QCOMPARE(redopsFor(r.options), (std::vector<std::optional<RedOp>> { RedOp::Sum })); // nccl-tests: "sum"
        r = parseOptions(argsOf({ "--op", "prod" }, storage)); // nccl-tests' own --op spelling
        QVERIFY(r.ok());
        QCOMPARE(r.options.op, Op::AllReduce);
        QVERIFY(r.options.redops == std::vector<RedOp> { RedOp::Prod });
    }

    void rejectsBadFlags_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("unknown op") << QStringList { "--op", "allsum" } << "--op = allsum: must be one of";
        QTest::newRow("collective given to -o")
            << QStringList { "-o", "allreduce" } << "-o is the reduction op as in nccl-tests";
        QTest::newRow("unknown redop") << QStringList { "-o", "xor" } << "-o = xor: must be one of sum";
        QTest::newRow("unknown backend") << QStringList { "--backend", "gloo" } << "--backend = gloo";
        QTest::newRow("size with junk") << QStringList { "-b", "8X" } << "-b = 8X: must be a size";
        QTest::newRow("zero iterations") << QStringList { "-n", "0" } << "-n = 0: must be an integer in [1,";
        QTest::newRow("negative check count") << QStringList { "-c", "-1" } << "-c = -1: must be an integer in [0,";
        QTest::newRow("negative timeout") << QStringList { "--timeout-s", "-1" } << "--timeout-s = -1";
        QTest::newRow("unknown dtype") << QStringList { "-d", "float7" } << "-d = float7";
        QTest::newRow("threads") << QStringList { "-t", "2" } << "drives its GPUs from one thread";
        QTest::newRow("cuda graphs") << QStringList { "-G", "1" } << "does not capture CUDA graphs";
        QTest::newRow("average mode") << QStringList { "-a", "4" } << "-a = 4: must be an integer in [0, 3]";
        QTest::newRow("per-iteration") << QStringList { "-I", "2" } << "-I = 2: must be 0 or 1";
        QTest::newRow("missing value") << QStringList { "-e" } << "-e: needs a value";
        QTest::newRow("unknown flag") << QStringList { "--fast" } << "--fast: unknown flag";
        QTest::newRow("min above max") << QStringList { "-b", "1M", "-e", "1K" } << "must not exceed -e";
        QTest::newRow("step too small") << QStringList { "-b", "1", "-e", "1G", "-i", "1" } << "more than 4096 sizes";
    }
    void rejectsBadFlags()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, fragment);
        std::vector<std::string> storage;
        const auto r = parseOptions(argsOf(args, storage));
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error).contains(fragment), r.error.c_str());
    }

    void helpDocumentsEveryFlagAndExitCode()
    {
        const QString help = QString::fromStdString(helpText());
        for (const char* flag : { "--backend", "--op", "-b,", "-e,", "-f,", "-i,", "-n,", "-w,", "-c,", "-o,", "-d,",
                 "-r,", "-t,", "-g,", "-z,", "-G,", "-T,", "-a,", "-I,", "-J,", "--inplace", "--expect-ranks",
                 "--timeout-s", "--overlap", "--overlap-bytes", "--compute-us", "--jsonl", "--version", "--help" })
            QVERIFY2(help.contains(QLatin1String(flag)), flag);
        for (int code = 0; code <= 7; ++code)
            QVERIFY(help.contains(QStringLiteral("\n  %1  ").arg(code)));
    }

    void sweepSizes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QList<qint64>>("sizes");
        QTest::newRow("factor 2") << QStringList { "-b", "8", "-e", "64", "-f", "2" }
                                  << QList<qint64> { 8, 16, 32, 64 };
        QTest::newRow("factor 4, stops below max")
            << QStringList { "-b", "1K", "-e", "20K", "-f", "4" } << QList<qint64> { 1024, 4096, 16384 };
        QTest::newRow("increment (default -f 1)")
            << QStringList { "-b", "100", "-e", "400", "-i", "100" } << QList<qint64> { 100, 200, 300, 400 };
    }
    void sweepSizes()
    {
        QFETCH(QStringList, args);
        QFETCH(QList<qint64>, sizes);
        std::vector<std::string> storage;
        const auto r = parseOptions(argsOf(args, storage));
        QVERIFY(r.ok());
        QList<qint64> got;
        for (auto s : tutor::live::sweepSizes(r.options))
            got << s;
        QCOMPARE(got, sizes);
    }

    void ncclTestsColumns_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("width");
        QTest::addColumn<QString>("text");
        // getFloatStr in nccl-tests src/util.cu: with p integer digits, 2 decimals while p < width−2, 1 while
        // p < width−1, none while p < width+1, then %.1e.
        QTest::newRow("small time") << 22.0 << 7 << "  22.00";
        QTest::newRow("4-digit time") << 8687.1 << 7 << "8687.10";
        QTest::newRow("5-digit time") << 16195.4 << 7 << "16195.4";
        QTest::newRow("7-digit time") << 1113456.2 << 7 << "1113456";
        QTest::newRow("9-digit time") << 123456789.0 << 7 << "1.2e+08";
        QTest::newRow("bandwidth") << 119.109 << 6 << "119.11";
        QTest::newRow("zero") << 0.0 << 6 << "  0.00";
    }
    void ncclTestsColumns()
    {
        QFETCH(double, value);
        QFETCH(int, width);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(formatColumn(value, width)), text);
    }

    void iterationStatistics()
    {
        std::vector<double> s;
        for (int i = 100; i >= 1; --i)
            s.push_back(i * 1e-6);
        const auto st = iterationStats(s);
        QCOMPARE(st.min, 1e-6);
        QCOMPARE(st.median, 50.5e-6); // mean of the 50th and 51st of 100
        QCOMPARE(st.p99, 99e-6); // nearest rank: ceil(0.99·100) = 99th
    }

    void overlapFormulas()
    {
        OverlapTimes t;
        t.computeAlone = 100e-6;
        t.commAlone = 80e-6;
        t.computeTogether = 110e-6;
        t.commTogether = 90e-6;
        t.overall = 130e-6;
        t.test = 5e-6;
        t.intersection = 60e-6;
        const auto r = makeOverlapRecord(t, Op::AllReduce, 1 << 20, 2, 10);
        // OSU: 100 − 100·(overall − (compute − test)) / pure comm; HTA: 100·(compute ∩ comm) / comm.
        QCOMPARE(r.osuOverlapPct, 100 - 100 * (130.0 - (110.0 - 5.0)) / 80.0);
        QCOMPARE(r.htaOverlapPct, 100 * 60.0 / 90.0);
        QCOMPARE(r.computeSlowdown, 110.0 / 100.0);
        QCOMPARE(r.commSlowdown, 90.0 / 80.0);
        t.overall = 500e-6; // no overlap at all: OSU clamps at 0
        QCOMPARE(makeOverlapRecord(t, Op::AllReduce, 1, 2, 1).osuOverlapPct, 0.0);
    }

    void expectedOutputMatchesTheDefinition_data()
    {
        QTest::addColumn<Op>("op");
        QTest::addColumn<int>("ranks");
        for (Op op :
            { Op::AllReduce, Op::ReduceScatter, Op::AllGather, Op::Broadcast, Op::Reduce, Op::AllToAll, Op::SendRecv })
            for (int n : { 1, 3, 4 })
                QTest::newRow(qPrintable(
                    QStringLiteral("%1, %2 ranks").arg(QString::fromStdString(std::string(opName(op)))).arg(n)))
                    << op << n;
    }
    void expectedOutputMatchesTheDefinition()
    {
        QFETCH(Op, op);
        QFETCH(int, ranks);
        const int root = ranks - 1;
        const Layout l = layoutFor(op, 6 * ranks + 1, ranks);
        QCOMPARE(l.count % (sizeIsWholeArray(op) ? ranks : 1), std::int64_t { 0 });
        // Each rank's input, then every output computed straight from the collective's definition.
        auto in = [](int r, std::int64_t k) { return static_cast<double>(inputValue(r, k)); };
        for (int r = 0; r < ranks; ++r) {
            std::vector<double> out(static_cast<std::size_t>(l.recvCount), -1);
            for (std::int64_t i = 0; i < l.recvCount; ++i) {
                double v = 0;
                switch (op) {
                case Op::AllReduce:
                case Op::Reduce:
                    for (int q = 0; q < ranks; ++q)
                        v += in(q, i);
                    break;
                case Op::ReduceScatter:
                    for (int q = 0; q < ranks; ++q)
                        v += in(q, r * l.chunk + i);
                    break;
                case Op::AllGather:
                    v = in(static_cast<int>(i / l.chunk), i % l.chunk);
                    break;
                case Op::Broadcast:
                    v = in(root, i);
                    break;
                case Op::AllToAll:
                    v = in(static_cast<int>(i / l.chunk), r * l.chunk + i % l.chunk);
                    break;
                case Op::SendRecv:
                    v = in((r + ranks - 1) % ranks, i);
                    break;
                }
                out[static_cast<std::size_t>(i)] = v;
            }
            std::int64_t checked = 0;
            for (const auto& b : expectedOutput(op, l, ranks, r, root))
                for (std::int64_t j = 0; j < b.count; ++j, ++checked)
                    QCOMPARE(expectedValue(b, j), out[static_cast<std::size_t>(b.outOffset + j)]);
            const bool defined = !(op == Op::Reduce && r != root);
            QCOMPARE(checked, defined ? l.recvCount : std::int64_t { 0 });
        }
    }
};

QTEST_APPLESS_MAIN(TestWorkerOptions)
#include "tst_workeroptions.moc"
