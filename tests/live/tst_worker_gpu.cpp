// SPDX-License-Identifier: MIT
// commtutor-live's NCCL backend on a real GPU: a small sweep of every collective with zero wrong elements and
// the overlap experiment. Skips cleanly when the machine has no CUDA device.
#include "app/gui/livelab/livelabclient.h"
#include "live/protocol/protocol.h"
#include "tutor/config.h"

#include <QProcess>
#include <QSignalSpy>
#include <QtTest>

using namespace tutor;
using app::LiveLabClient;
using app::LiveLabRequest;

class TestWorkerGpu : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!TUTOR_WITH_NCCL)
            QSKIP("the NCCL backend is not built");
        const QString worker = qEnvironmentVariable("TUTOR_LIVE_WORKER");
        if (worker.isEmpty())
            QSKIP("TUTOR_LIVE_WORKER is not set (run through ctest)");
        QProcess probe;
        probe.start(worker, { "--backend", "nccl", "--jsonl", "-b", "8", "-e", "8", "-n", "1", "-w", "0" });
        QVERIFY(probe.waitForFinished(120000));
        if (probe.exitCode() == static_cast<int>(live::ExitCode::NoDevice))
            QSKIP("no CUDA device on this machine");
    }

    void allCollectives_data()
    {
        QTest::addColumn<QString>("op");
        for (const char* op :
            { "allreduce", "reducescatter", "allgather", "broadcast", "reduce", "alltoall", "sendrecv" })
            QTest::newRow(op) << QString::fromLatin1(op);
    }
    void allCollectives()
    {
        QFETCH(QString, op);
        LiveLabClient client;
        LiveLabRequest r;
        const auto collective = model::parseCollective(op.toStdString());
        QVERIFY(collective);
        r.backend = live::BackendKind::Nccl;
        r.op = *collective;
        r.ranks = 1;
        r.minBytes = 1024;
        r.maxBytes = 16 * 1024 * 1024;
        r.stepFactor = 16;
        r.iterations = 5;
        r.warmup = 2;
        r.overlap = op == QLatin1String("allreduce");
        QSignalSpy finished(&client, &LiveLabClient::finished);
        client.start(r);
        QVERIFY(finished.wait(300000));
        QVERIFY2(finished.front().at(0).toBool(), qPrintable(client.lastMessage()));
        QVERIFY(!client.measurements().empty());
        for (const auto& m : client.measurements())
            QCOMPARE(m.wrong, std::int64_t { 0 });
        if (r.overlap)
            QCOMPARE(client.overlaps().size(), std::size_t { 1 });
    }
};

QTEST_GUILESS_MAIN(TestWorkerGpu)
#include "tst_worker_gpu.moc"
