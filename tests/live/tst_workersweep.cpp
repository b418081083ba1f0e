// SPDX-License-Identifier: MIT
// The sweep driver against an in-process backend: sizes a backend cannot run are refused before the hello record
// with a named rule, an allocation failure is an error record, and the backend's heartbeat reaches the watchdog.
#include "live/worker/sweep.h"
#include "live/worker/watchdog.h"

#include <QtTest>
#include <limits>
#include <new>

using namespace tutor::live;

namespace {

/// Records what the sweep writes.
class RecordingOutput : public Output {
public:
    void hello(const HelloRecord&, const Options&) override { ++hellos; }
    void progress(const ProgressRecord&) override { }
    void row(const Row&) override { ++rows; }
    void overlap(const OverlapRecord&) override { }
    void error(const ErrorRecord& e) override { errors.push_back(e); }
    void done(const DoneRecord&) override { ++dones; }
    int hellos = 0, rows = 0, dones = 0;
    std::vector<ErrorRecord> errors;
};

/// A backend with the limits of a test row; run() beats `beatsPerRun` times, or throws std::bad_alloc.
class FakeBackend : public Backend {
public:
    std::int64_t maxElements = std::numeric_limits<std::int64_t>::max();
    std::optional<BufferBudget> budget;
    bool throwBadAlloc = false;
    int beatsPerRun = 3;
    int n = 2;

    std::optional<BackendError> init() override { return std::nullopt; }
    int rank() const override { return 0; }
    int ranks() const override { return n; }
    HelloRecord describe() const override
    {
        HelloRecord h;
        h.backend = "mpi";
        h.ranks = n;
        return h;
    }
    std::optional<std::string> unsupported(tutor::model::DType) const override { return std::nullopt; }
    std::int64_t maxElementsPerCall() const override { return maxElements; }
    std::optional<BufferBudget> bufferBudget() const override { return budget; }
    Outcome<RunTimes> run(const RunSpec&) override
    {
        if (throwBadAlloc)
            throw std::bad_alloc();
        for (int i = 0; i < beatsPerRun; ++i)
            heartbeat().beat();
        return Outcome<RunTimes> { RunTimes { 1e-3, { 1e-3 }, 0 }, std::nullopt };
    }
    Outcome<OverlapTimes> overlap(const OverlapSpec&) override { return Outcome<OverlapTimes> { OverlapTimes {}, {} }; }
    void abort(int) override { }
    void finish() override { }
};

Options optionsFor(const std::vector<std::string_view>& args)
{
    const auto parsed = parseOptions(args);
    if (!parsed.ok())
        qFatal("bad test options: %s", parsed.error.c_str());
    return parsed.options;
}

} // namespace

class TestWorkerSweep : public QObject {
    Q_OBJECT
private slots:
    void refusesSizesBeforeHello_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<qint64>("maxElements");
        QTest::addColumn<qint64>("budget");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        const qint64 intMax = std::numeric_limits<int>::max();
        const qint64 none = std::numeric_limits<qint64>::max();
        // (2^31 − 1) elements of int8 are 2 GiB less a byte ("2 GiB" to three digits); whole-array collectives pass
        // S / n elements per call, so their limit is n times larger.
        QTest::newRow("int8 beyond an int count") << "-b 4097M -e 4097M -d int8" << intMax << none << 1
                                                  << "--maxbytes = 4097M: the MPI backend moves at most 2^31−1 "
                                                     "elements per call (int8: 2 GiB)";
        QTest::newRow("allgather: the per-rank chunk counts")
            << "--op allgather -b 8G -e 8G -d int8" << intMax << none << 1
            << "--maxbytes = 8G: the MPI backend moves at most 2^31−1 elements per call (int8, allgather at 2 "
               "ranks: 4 GiB)";
        QTest::newRow("overlap size beyond an int count")
            << "-b 1K -e 1K --overlap --overlap-bytes 16G" << intMax << none << 1
            << "--overlap-bytes = 16G: the MPI backend moves at most 2^31−1 elements per call (float: 8 GiB)";
        QTest::newRow("buffers beyond the memory of a rank")
            << "-b 3G -e 3G" << none << qint64 { 4 } << 8
            << "--maxbytes = 3G: needs 6 GiB of buffers per rank (send and receive, 2 × S), more than a test budget";
        QTest::newRow("the largest size of the sweep counts")
            << "-b 1K -e 3G -f 2" << none << qint64 { 3 } << 8
            << "--maxbytes = 3G (largest size 2G): needs 4 GiB of buffers per rank (send and receive, 2 × S), more "
               "than a test budget";
        QTest::newRow("1023 GiB with no count limit")
            << "-b 1023G -e 1023G" << none << qint64 { 64 } << 8
            << "--maxbytes = 1023G: needs 2 TiB of buffers per rank (send and receive, 2 × S), more than a test budget";
    }
    void refusesSizesBeforeHello()
    {
        QFETCH(QString, args);
        QFETCH(qint64, maxElements);
        QFETCH(qint64, budget);
        QFETCH(int, code);
        QFETCH(QString, message);
        std::vector<std::string> storage;
        for (const auto& a : args.split(' '))
            storage.push_back(a.toStdString());
        const Options o = optionsFor({ storage.begin(), storage.end() });
        FakeBackend backend;
        backend.maxElements = maxElements;
        if (budget != std::numeric_limits<qint64>::max())
            backend.budget = BufferBudget { budget << 30, "a test budget" };
        RecordingOutput out;
        QCOMPARE(runSweep(backend, o, out, nullptr), code);
        QCOMPARE(out.hellos, 0);
        QCOMPARE(out.rows, 0);
        QCOMPARE(out.errors.size(), std::size_t { 1 });
        QCOMPARE(QString::fromStdString(out.errors.front().message), message);
        QCOMPARE(out.errors.front().code, code);
    }

    void sizesWithinTheLimitsRun()
    {
        FakeBackend backend;
        backend.maxElements = std::numeric_limits<int>::max();
        backend.budget = BufferBudget { std::int64_t { 2 } << 30, "a test budget" };
        RecordingOutput out;
        // 1 GiB of float: 2^28 elements per call, and 2 GiB of buffers, exactly the budget.
        QCOMPARE(runSweep(backend, optionsFor({ "-b", "1G", "-e", "1G" }), out, nullptr), 0);
        QCOMPARE(out.rows, 1);
        QVERIFY(out.errors.empty());
    }

    void rowsBeyondAnIntAreRefused()
    {
        // 4096 sizes × every root of 2^20 ranks = 2^32 rows, more than the progress records' int can count.
        FakeBackend backend;
        backend.n = 1 << 20;
        RecordingOutput out;
        QCOMPARE(runSweep(backend, optionsFor({ "--op", "broadcast", "-r", "-1", "-b", "1", "-e", "4096", "-i", "1" }),
                     out, nullptr),
            1);
        QCOMPARE(out.hellos, 0);
        QCOMPARE(out.errors.size(), std::size_t { 1 });
        QCOMPARE(QString::fromStdString(out.errors.front().message),
            QStringLiteral("the sweep has %1 rows (sizes × types × reduction ops × roots); at most 2^31−1: fewer "
                           "sizes, or one root")
                .arg(qint64 { 4096 } << 20));
    }

    void allocationFailureIsAnErrorRecord()
    {
        FakeBackend backend;
        backend.throwBadAlloc = true;
        RecordingOutput out;
        QCOMPARE(runSweep(backend, optionsFor({ "-b", "64M", "-e", "64M" }), out, nullptr), 8);
        QCOMPARE(out.dones, 0);
        QCOMPARE(out.errors.size(), std::size_t { 1 });
        QCOMPARE(out.errors.front().call, std::string("memory"));
        QCOMPARE(QString::fromStdString(out.errors.front().message),
            QStringLiteral(
                "allocating the buffers of allreduce of 67108864 B (128 MiB per rank) failed: out of memory"));
    }

    void backendBeatsReachTheHeartbeat()
    {
        FakeBackend backend;
        Heartbeat heartbeat;
        backend.setHeartbeat(&heartbeat);
        const auto before = heartbeat.snapshot().beats;
        RecordingOutput out;
        // 3 sizes × 2 passes × 3 beats.
        QCOMPARE(runSweep(backend, optionsFor({ "-b", "1K", "-e", "4K", "-f", "2" }), out, nullptr), 0);
        QCOMPARE(heartbeat.snapshot().beats - before, std::uint64_t { 3 * 2 * 3 });
        heartbeat.enterCall("MPI_Allreduce");
        QCOMPARE(heartbeat.snapshot().call, "MPI_Allreduce");
        heartbeat.leaveCall();
        QCOMPARE(heartbeat.snapshot().call, nullptr);
    }

    void stallMessages_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<double>("timeout");
        QTest::addColumn<QString>("call");
        QTest::addColumn<QString>("peers");
        QTest::addColumn<int>("rank");
        QTest::addColumn<QString>("message");
        QTest::newRow("stopped outside a call")
            << "allreduce of 4096 B" << 2.0 << QString() << QString() << 1
            << "allreduce of 4096 B made no progress for 2 s: rank 1 stopped outside any library call; communicator "
               "aborted";
        QTest::newRow("waiting for a stopped peer")
            << "allreduce of 8 B" << 1.0 << "MPI_Allreduce"
            << "rank 1, pid 4242, is stopped" << 0
            << "allreduce of 8 B made no progress for 1 s: rank 0 waited in MPI_Allreduce for another rank (rank 1, "
               "pid 4242, is stopped); communicator aborted";
        QTest::newRow("waiting in a call, fractional time-out")
            << "broadcast of 8 B" << 0.25 << "MPI_Bcast" << QString() << 0
            << "broadcast of 8 B made no progress for 0.25 s: rank 0 waited in MPI_Bcast for another rank; "
               "communicator aborted";
    }
    void stallMessages()
    {
        QFETCH(QString, what);
        QFETCH(double, timeout);
        QFETCH(QString, call);
        QFETCH(QString, peers);
        QFETCH(int, rank);
        QFETCH(QString, message);
        const std::string callText = call.toStdString();
        const Stall stall { what.toStdString(), timeout, call.isEmpty() ? nullptr : callText.c_str(),
            peers.toStdString() };
        QCOMPARE(QString::fromStdString(stallMessage(stall, rank)), message);
    }

    void waitingGrace_data()
    {
        QTest::addColumn<double>("timeout");
        QTest::addColumn<double>("grace");
        // Half the time-out, clamped to [1 s, 10 s].
        QTest::newRow("short time-out: 1 s") << 0.2 << 1.0;
        QTest::newRow("8 s: half") << 8.0 << 4.0;
        QTest::newRow("long time-out: 10 s") << 600.0 << 10.0;
    }
    void waitingGrace()
    {
        QFETCH(double, timeout);
        QFETCH(double, grace);
        QCOMPARE(waitingGraceSeconds(timeout), grace);
    }
};

QTEST_APPLESS_MAIN(TestWorkerSweep)
#include "tst_workersweep.moc"
