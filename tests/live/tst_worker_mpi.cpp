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
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("OMPI_ALLOW_RUN_AS_ROOT", "1");
        env.insert("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        env.insert("OMPI_MCA_rmaps_base_oversubscribe", "1");
        p.setProcessEnvironment(env);
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
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("OMPI_ALLOW_RUN_AS_ROOT", "1");
        env.insert("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        env.insert("OMPI_MCA_rmaps_base_oversubscribe", "1");
        p.setProcessEnvironment(env);
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
