// SPDX-License-Identifier: MIT
// commtutor-live for real: the MPI backend under mpirun -np 2 and -np 4 over all seven collectives, parsed by
// the app's client; the table mode read back by the nccl-tests importer; the NCCL backend without a GPU.
#include "app/gui/livelab/livelabclient.h"
#include "live/protocol/protocol.h"
#include "model/measure/measurement.h"
#include "model/measure/ncclimport.h"
#include "tutor/config.h"

#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <csignal>
#include <limits>
#include <optional>
#include <unistd.h>

using namespace tutor;
using app::LiveLabClient;
using app::LiveLabRequest;

class TestWorkerMpi : public QObject {
    Q_OBJECT
private:
    QString m_worker = qEnvironmentVariable("TUTOR_LIVE_WORKER");
    QString m_mpirun = qEnvironmentVariable("TUTOR_MPIRUN");

private slots:
    void initTestCase()
    {
        if (m_worker.isEmpty())
            QSKIP("TUTOR_LIVE_WORKER is not set (run through ctest)");
    }

    void allCollectives_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<int>("ranks");
        for (int n : { 2, 4 })
            for (const char* op :
                { "allreduce", "reducescatter", "allgather", "broadcast", "reduce", "alltoall", "sendrecv" })
                QTest::newRow(qPrintable(QStringLiteral("%1, mpirun -np %2").arg(QLatin1String(op)).arg(n)))
                    << QString::fromLatin1(op) << n;
    }
    void allCollectives()
    {
        if (!TUTOR_WITH_MPI)
            QSKIP("the MPI backend is not built");
        QFETCH(QString, op);
        QFETCH(int, ranks);
        LiveLabClient client;
        client.setWorkerPath(m_worker);
        if (!m_mpirun.isEmpty())
            client.setLauncherPath(m_mpirun);
        const auto collective = model::parseCollective(op.toStdString());
        QVERIFY(collective);
        LiveLabRequest r;
        r.op = *collective;
        r.ranks = ranks;
        r.minBytes = 8;
        r.maxBytes = 256 * 1024;
        r.stepFactor = 32; // 8 B, 256 B, 8 KiB, 256 KiB
        r.iterations = 3;
        r.warmup = 1;
        r.timeoutSeconds = 60;
        QSignalSpy finished(&client, &LiveLabClient::finished);
        client.start(r);
        QVERIFY(finished.wait(120000));
        QVERIFY2(finished.front().at(0).toBool(), qPrintable(client.lastMessage()));
        QVERIFY(client.hello().has_value());
        QCOMPARE(client.hello()->ranks, ranks);
        QCOMPARE(client.hello()->backend, std::string("mpi"));
        QCOMPARE(client.badLines(), 0);
        const auto& ms = client.measurements();
        QVERIFY(ms.size() >= 6); // ≥ 3 sizes × (out-of-place, in-place); 8 B is below one float per rank for some
        for (const auto& m : ms) {
            QCOMPARE(m.op, *collective);
            QCOMPARE(m.ranks, ranks);
            QCOMPARE(m.wrong, std::int64_t { 0 });
            QVERIFY(m.timeSeconds > 0);
            // nccl-tests: algbw = S / t and busbw = algbw · factor(op, n).
            QVERIFY(qFuzzyCompare(m.algBwGBps, static_cast<double>(m.bytes) / m.timeSeconds / model::kBytesPerGB));
            QVERIFY(qFuzzyCompare(m.busBwGBps, m.algBwGBps * model::busBandwidthFactor(m.op, ranks)));
            QVERIFY(m.minSeconds <= m.medianSeconds && m.medianSeconds <= m.p99Seconds);
            if (model::traits(m.op).sizeIsWholeArray)
                QCOMPARE(m.bytes % (ranks * 4), model::Bytes { 0 });
        }
    }

    void tableReadsBackAsNcclTests()
    {
        if (!TUTOR_WITH_MPI)
            QSKIP("the MPI backend is not built");
        QProcess p;
        p.setProcessEnvironment(mpiEnvironment());
        p.start(m_mpirun.isEmpty() ? QStringLiteral("mpirun") : m_mpirun,
            { "-np", "2", m_worker, "--op", "allgather", "-b", "1K", "-e", "64K", "-f", "4", "-n", "3", "-w", "1" });
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray out = p.readAllStandardOutput();
        QVERIFY(out.contains("# Avg bus bandwidth"));
        QVERIFY(out.contains("# nThread 1 nGpus 1 minBytes 1024 maxBytes 65536 step: 4(factor)"));
        QVERIFY(out.contains("# Collective test concluded: all_gather_perf"));
        for (const auto& line : out.split('\n'))
            if (!line.startsWith('#') && !line.trimmed().isEmpty())
                QCOMPARE(line.simplified().split(' ').size(), 13);
        const auto ms = model::parseNcclTestsLog(out.toStdString(), "table");
        QVERIFY2(ms.ok(), model::toText(ms.problems()).c_str());
        QCOMPARE(static_cast<int>(ms->size()), 2 * 4); // 1K, 4K, 16K, 64K; out-of-place and in-place
        QCOMPARE(ms->front().op, model::Collective::AllGather);
        QCOMPARE(ms->front().ranks, 2);
    }

    void jsonDocumentReadsBackAsNcclTests()
    {
        if (!TUTOR_WITH_MPI)
            QSKIP("the MPI backend is not built");
        QTemporaryDir dir;
        const QString file = dir.filePath("run.json");
        QProcess p;
        p.setProcessEnvironment(mpiEnvironment());
        p.start(m_mpirun.isEmpty() ? QStringLiteral("mpirun") : m_mpirun,
            { "-np", "2", m_worker, "--op", "reducescatter", "-b", "1K", "-e", "16K", "-f", "4", "-n", "3", "-o", "max",
                "-J", file });
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().contains("# Writing JSON output to " + file.toUtf8()));
        const auto imported = model::importNcclTestsFile(file.toStdString());
        QVERIFY2(imported.ok(), model::toText(imported.problems()).c_str());
        QCOMPARE(imported->runs.size(), std::size_t { 1 });
        const auto& run = imported->runs.front();
        QCOMPARE(*run.op, model::Collective::ReduceScatter);
        QCOMPARE(run.ranks, 2);
        QCOMPARE(static_cast<int>(run.rows.size()), 2 * 3); // 1K, 4K, 16K
        QCOMPARE(run.redop, std::string("max"));
        for (const auto& m : run.rows)
            QCOMPARE(m.wrong, std::int64_t { 0 });
    }

    void jsonDocumentOnAFullDiskFailsTheRun()
    {
        if (!TUTOR_WITH_MPI)
            QSKIP("the MPI backend is not built");
        QTemporaryDir dir;
        const QString file = dir.filePath("run.json");
        // 2 KiB of file size (ulimit -f counts 512-byte blocks): the document of 11 sizes does not fit. A singleton
        // without shared-memory files (btl self, PMIx hash store), so only the -J file meets the limit.
        const Run r = runWorker({ "--op", "allreduce", "-b", "1K", "-e", "1M", "-f", "2", "-n", "2", "-J", file }, 0,
            { { "OMPI_MCA_btl", "self" }, { "PMIX_MCA_gds", "hash" } }, QStringLiteral("ulimit -f 4"));
        QCOMPARE(r.exitCode, static_cast<int>(live::ExitCode::OutputFailed));
        QVERIFY2(r.err.contains(("-J " + file + ": cannot be written: File too large").toUtf8()), r.err.constData());
    }

    void ncclWithoutGpuIsOneErrorRecord()
    {
        QProcess p;
        p.start(m_worker, { "--backend", "nccl", "--jsonl", "-b", "8", "-e", "8", "-n", "1", "-w", "0" });
        QVERIFY(p.waitForFinished(60000));
        const QByteArray out = p.readAllStandardOutput().trimmed();
        if (!TUTOR_WITH_NCCL) {
            QCOMPARE(p.exitCode(), static_cast<int>(live::ExitCode::NotBuilt));
            QVERIFY(out.contains("not built"));
            return;
        }
        if (p.exitCode() == 0)
            QSKIP("a CUDA device is present: see tst_worker_gpu");
        QCOMPARE(p.exitCode(), static_cast<int>(live::ExitCode::NoDevice));
        QCOMPARE(out.count('\n'), 0); // exactly one line
        const auto parsed = live::parseLine(out.toStdString());
        QVERIFY(parsed.ok());
        const auto* error = std::get_if<live::ErrorRecord>(&*parsed.record);
        QVERIFY(error);
        QVERIFY(QString::fromStdString(error->message).startsWith(QStringLiteral("no CUDA device")));
        QCOMPARE(error->code, static_cast<int>(live::ExitCode::NoDevice));
        QCOMPARE(error->call, std::string("cudaGetDeviceCount"));
    }

private:
    /// The environment mpirun needs here: root allowed, more ranks than cores.
    static QProcessEnvironment mpiEnvironment()
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert("OMPI_ALLOW_RUN_AS_ROOT", "1");
        e.insert("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        e.insert("OMPI_MCA_rmaps_base_oversubscribe", "1");
        return e;
    }

    /// The worker's stdout and exit code; `ranks` 0 runs it without mpirun (an MPI singleton).
    struct Run {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
        std::vector<live::ErrorRecord> errors;
        std::vector<live::MeasurementRecord> measurements;
    };
    Run runWorker(const QStringList& args, int ranks, const QMap<QString, QString>& env = {}, const QString& shell = {})
    {
        QProcess p;
        QProcessEnvironment e = mpiEnvironment();
        for (auto it = env.begin(); it != env.end(); ++it)
            e.insert(it.key(), it.value());
        p.setProcessEnvironment(e);
        QStringList command;
        if (ranks > 0)
            command << (m_mpirun.isEmpty() ? QStringLiteral("mpirun") : m_mpirun) << "-np" << QString::number(ranks);
        command << m_worker << args;
        if (!shell.isEmpty()) // a shell prefix such as "ulimit -v N": sh -c '<prefix>; exec "$@"' sh command...
            command = QStringList { "-c", shell + "; exec \"$@\"", "sh" } + command;
        p.start(shell.isEmpty() ? command.takeFirst() : QStringLiteral("/bin/sh"), command);
        Run r;
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        for (const QByteArray& line : r.out.split('\n')) {
            const auto parsed = live::parseLine(line.toStdString());
            if (!parsed.ok())
                continue;
            if (const auto* e = std::get_if<live::ErrorRecord>(&*parsed.record))
                r.errors.push_back(*e);
            if (const auto* m = std::get_if<live::MeasurementRecord>(&*parsed.record))
                r.measurements.push_back(*m);
        }
        return r;
    }

private slots:
    void countBeyondIntIsRefused_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QString>("size");
        QTest::addColumn<QString>("message");
        // Open MPI 4 takes int counts: at most 2^31 − 1 elements, 2^31 − 1 bytes of int8, 4 · (2^31 − 1) of float.
        QTest::newRow("allreduce, int8, 4097M") << "allreduce"
                                                << "int8"
                                                << "4097M"
                                                << "--maxbytes = 4097M: the MPI backend moves at most 2^31−1 elements "
                                                   "per call (int8: 2 GiB)";
        QTest::newRow("broadcast, float, 8G") << "broadcast"
                                              << "float"
                                              << "8G"
                                              << "--maxbytes = 8G: the MPI backend moves at most 2^31−1 elements per "
                                                 "call (float: 8 GiB)";
    }
    void countBeyondIntIsRefused()
    {
        if (!TUTOR_WITH_MPI)
            QSKIP("the MPI backend is not built");
        QFETCH(QString, op);
        QFETCH(QString, dtype);
        QFETCH(QString, size);
        QFETCH(QString, message);
        // Before the refusal, the count was cut to an int: 4097M of int8 moved 2^20 elements and reported
        // 4097M / t as the bandwidth.
        const Run json = runWorker(
            { "--backend", "mpi", "--jsonl", "--op", op, "-d", dtype, "-b", size, "-e", size, "-n", "1", "-w", "0" },
            0);
        QCOMPARE(json.exitCode, static_cast<int>(live::ExitCode::Usage));
        QVERIFY(json.measurements.empty());
        QCOMPARE(json.errors.size(), std::size_t { 1 });
        QCOMPARE(QString::fromStdString(json.errors.front().message), message);
        QCOMPARE(json.errors.front().code, static_cast<int>(live::ExitCode::Usage));
        const Run table = runWorker({ "--backend", "mpi", "--op", op, "-d", dtype, "-b", size, "-e", size }, 0);
        QCOMPARE(table.exitCode, static_cast<int>(live::ExitCode::Usage));
        QVERIFY2(QString::fromUtf8(table.err).contains("commtutor-live: args: " + message + " (exit 1)"),
            table.err.constData());
    }

    void buffersLargerThanMemoryAreRefused()
    {
        if (!TUTOR_WITH_MPI)
            QSKIP("the MPI backend is not built");
        // The smallest whole GiB of doubles whose send and receive buffers (2 × S) exceed this host's memory.
        const double memory
            = static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGE_SIZE));
        const qint64 gib = static_cast<qint64>(memory / 2 / (1 << 30)) + 1;
        if ((gib << 30) / 8 > std::numeric_limits<int>::max())
            QSKIP("this host has so much memory that the MPI count limit refuses first");
        const QString size = QStringLiteral("%1G").arg(gib);
        const Run r = runWorker({ "--backend", "mpi", "--jsonl", "-d", "double", "-b", size, "-e", size }, 0);
        QCOMPARE(r.exitCode, 8); // ExitCode::OutOfMemory
        QVERIFY(r.measurements.empty());
        QCOMPARE(r.errors.size(), std::size_t { 1 });
        QCOMPARE(r.errors.front().call, std::string("memory"));
        const QString message = QString::fromStdString(r.errors.front().message);
        QVERIFY2(
            message.startsWith(QStringLiteral("--maxbytes = %1: needs %2 GiB of buffers per rank (send and receive, "
                                              "2 × S), more than this host's memory (")
                                   .arg(size)
                                   .arg(2 * gib)),
            qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral(") shared by its 1 rank (")), qPrintable(message));
    }

    void allocationFailureIsAnErrorRecord_data()
    {
        QTest::addColumn<bool>("json");
        QTest::newRow("--jsonl") << true;
        QTest::newRow("table") << false;
    }
    void allocationFailureIsAnErrorRecord()
    {
        if (!TUTOR_WITH_MPI)
            QSKIP("the MPI backend is not built");
        QFETCH(bool, json);
        // 2 GiB of address space cannot hold the 2 × 1 GiB buffers: the allocation throws std::bad_alloc, which
        // used to end the worker without a word.
        QStringList args { "--backend", "mpi", "-b", "1G", "-e", "1G", "-n", "1", "-w", "0", "-c", "0" };
        if (json)
            args << "--jsonl";
        const Run r = runWorker(args, 0, {}, QStringLiteral("ulimit -v 2097152"));
        const QString expected = QStringLiteral(
            "allocating the buffers of allreduce of 1073741824 B (2 GiB per rank) failed: out of memory");
        QCOMPARE(r.exitCode, 8);
        QVERIFY(r.measurements.empty());
        if (json) {
            QCOMPARE(r.errors.size(), std::size_t { 1 });
            QCOMPARE(r.errors.front().call, std::string("memory"));
            QCOMPARE(QString::fromStdString(r.errors.front().message), expected);
            QCOMPARE(r.errors.front().code, 8);
        } else {
            QVERIFY2(QString::fromUtf8(r.err).contains("commtutor-live: memory: " + expected + " (exit 8)"),
                r.err.constData());
        }
    }

    void watchdogNamesTheStoppedRank_data()
    {
        QTest::addColumn<int>("stalled");
        QTest::newRow("rank 1 stops") << 1;
        QTest::newRow("rank 0 stops") << 0;
    }
    void watchdogNamesTheStoppedRank()
    {
        if (!TUTOR_WITH_MPI)
            QSKIP("the MPI backend is not built");
        QFETCH(int, stalled);
        // The test hook stops one rank after a few beats; its own watchdog reports it, the other rank waits in the
        // collective and gives it the head start. Before, only rank 0 reported, and a stopped rank 0 said nothing.
        const Run r = runWorker({ "--backend", "mpi", "--jsonl", "-T", "1", "-b", "1K", "-e", "1K", "-n", "1000" }, 2,
            { { "TUTOR_LIVE_STALL_RANK", QString::number(stalled) }, { "TUTOR_LIVE_STALL_AFTER_BEATS", "20" } });
        QCOMPARE(r.exitCode, static_cast<int>(live::ExitCode::Timeout));
        QVERIFY2(!r.errors.empty(), r.out.constData());
        // The stopped rank reports itself after 1 s. On a loaded machine the waiting rank's watchdog (1 s + grace)
        // may fire too before the abort reaches it, and mpirun merges the ranks' output in no fixed order: look for
        // the stopped rank's record among them, and let any other only say that it waited.
        const auto own = std::find_if(
            r.errors.begin(), r.errors.end(), [&](const live::ErrorRecord& e) { return e.rank == stalled; });
        QVERIFY2(own != r.errors.end(), r.out.constData());
        QCOMPARE(own->call, std::string("watchdog"));
        QCOMPARE(own->code, static_cast<int>(live::ExitCode::Timeout));
        QCOMPARE(QString::fromStdString(own->message),
            QStringLiteral("allreduce of 1024 B made no progress for 1 s: rank %1 stopped outside any library call; "
                           "communicator aborted")
                .arg(stalled));
        for (const live::ErrorRecord& e : r.errors)
            if (e.rank != stalled) {
                QCOMPARE(e.call, std::string("watchdog"));
                QVERIFY2(QString::fromStdString(e.message).contains(QStringLiteral("waited in MPI_Allreduce")),
                    e.message.c_str());
            }
    }

    void watchdogNamesAPeerStoppedBySignal()
    {
        if (!TUTOR_WITH_MPI)
            QSKIP("the MPI backend is not built");
        // SIGSTOP freezes rank 1's watchdog too; rank 0 waits for it in the collective and, after its head start,
        // reports it by pid from /proc.
        QProcess p;
        p.setProcessEnvironment(mpiEnvironment());
        p.start(m_mpirun.isEmpty() ? QStringLiteral("mpirun") : m_mpirun,
            { "-np", "2", m_worker, "--backend", "mpi", "--jsonl", "-T", "1", "-b", "16K", "-e", "16K", "-n",
                "1000000" });
        QByteArray out;
        std::optional<live::HelloRecord> hello;
        while (!hello && p.waitForReadyRead(60000)) {
            out += p.readAllStandardOutput();
            for (const QByteArray& line : out.split('\n'))
                if (const auto parsed = live::parseLine(line.toStdString()); parsed.ok())
                    if (const auto* h = std::get_if<live::HelloRecord>(&*parsed.record))
                        hello = *h;
        }
        QVERIFY(hello);
        QCOMPARE(hello->devices.size(), std::size_t { 2 });
        const int stopped = hello->devices[1].pid;
        QVERIFY(stopped > 0);
        ::kill(stopped, SIGSTOP);
        while (!out.contains("\"watchdog\"") && p.waitForReadyRead(30000))
            out += p.readAllStandardOutput();
        ::kill(stopped, SIGCONT); // let MPI_Abort end it
        QVERIFY(p.waitForFinished(60000));
        out += p.readAllStandardOutput();
        QCOMPARE(p.exitCode(), static_cast<int>(live::ExitCode::Timeout));
        std::optional<live::ErrorRecord> error;
        for (const QByteArray& line : out.split('\n'))
            if (const auto parsed = live::parseLine(line.toStdString()); parsed.ok() && !error)
                if (const auto* e = std::get_if<live::ErrorRecord>(&*parsed.record))
                    error = *e;
        QVERIFY2(error, out.constData());
        QCOMPARE(error->rank, 0);
        // Rank 0 waits in the timed loop's MPI_Allreduce, or in the barrier before it when the stop came early.
        const QRegularExpression expected(QStringLiteral(
            "^allreduce of 16384 B made no progress for 1 s: rank 0 waited in (MPI_Allreduce|MPI_Barrier) for another "
            "rank \\(rank 1, pid %1, is stopped\\); communicator aborted$")
                                              .arg(stopped));
        QVERIFY2(expected.match(QString::fromStdString(error->message)).hasMatch(), error->message.c_str());
    }

    void longHealthyRunOutlivesTheTimeout()
    {
        if (!TUTOR_WITH_MPI)
            QSKIP("the MPI backend is not built");
        // 20000 iterations take longer than -T in all, each far shorter: the watchdog watches progress, so the run
        // completes. Before, the time-out applied to the whole size and aborted it as hung.
        const double timeout = 1;
        const Run r = runWorker({ "--backend", "mpi", "--jsonl", "-T", QString::number(timeout), "-b", "64K", "-e",
                                    "64K", "-n", "20000", "-w", "0", "-c", "0", "--inplace", "0", "-a", "3" },
            2);
        QVERIFY2(r.exitCode == 0, r.out.constData());
        QVERIFY(r.errors.empty());
        QCOMPARE(r.measurements.size(), std::size_t { 1 });
        const double loopSeconds = r.measurements.front().timeUs * 1e-6 * r.measurements.front().iterations;
        if (loopSeconds <= timeout)
            QSKIP("this machine ran 20000 iterations within the time-out; the check needs a longer loop");
    }

    void rankMismatchIsReported()
    {
        if (!TUTOR_WITH_MPI)
            QSKIP("the MPI backend is not built");
        QProcess p;
        p.start(m_worker, { "--backend", "mpi", "--jsonl", "--expect-ranks", "3", "-b", "8", "-e", "8" });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), static_cast<int>(live::ExitCode::RankMismatch));
        QVERIFY(p.readAllStandardOutput().contains("--expect-ranks is 3"));
    }
};

QTEST_GUILESS_MAIN(TestWorkerMpi)
#include "tst_worker_mpi.moc"
