// SPDX-License-Identifier: MIT
// The app-side client against a fake worker that crashes, hangs, prints garbage or reports errors: each run
// ends in one readable message and the results received before are kept.
#include "app/gui/livelab/livelabclient.h"

#include <QSignalSpy>
#include <QtTest>

using tutor::app::LiveLabClient;
using tutor::app::LiveLabRequest;

class TestLiveLabClient : public QObject {
    Q_OBJECT
private slots:
    void faults_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("kept");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("well-behaved") << "ok" << true << 2 << "2 measurement(s)";
        QTest::newRow("killed mid-run (abort)") << "crash" << false << 2 << "crashed after 2 result(s)";
        QTest::newRow("hangs past the time-out") << "hang" << false << 1 << "printed nothing for";
        QTest::newRow("worker watchdog aborts a hung collective")
            << "watchdog" << false << 1 << "watchdog: allreduce of 4096 B made no progress for 0.2 s";
        QTest::newRow("prints garbage") << "garbage" << false << 1 << "not the live-lab protocol";
        QTest::newRow("error record") << "error" << false << 1 << "ncclAllReduce: unhandled cuda error on rank 1";
        QTest::newRow("dies in the middle of a line") << "midline" << false << 1 << "exited with code 9";
        QTest::newRow("unknown record type is skipped") << "unknown" << true << 1 << "1 measurement(s)";
        QTest::newRow("other protocol version") << "version" << false << 1 << "protocol = 2";
    }
    void faults()
    {
        QFETCH(QString, mode);
        QFETCH(bool, ok);
        QFETCH(int, kept);
        QFETCH(QString, fragment);
        const QString fake = qEnvironmentVariable("TUTOR_FAKE_WORKER");
        if (fake.isEmpty())
            QSKIP("TUTOR_FAKE_WORKER is not set (run through ctest)");
        LiveLabClient client;
        client.setSilenceTimeoutMs(1000);
        QSignalSpy finished(&client, &LiveLabClient::finished);
        QSignalSpy failed(&client, &LiveLabClient::failed);
        client.startProgram(fake, { mode });
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.front().at(0).toBool(), ok);
        QCOMPARE(failed.size(), ok ? 0 : 1);
        QCOMPARE(static_cast<int>(client.measurements().size()), kept);
        const QString message = finished.front().at(1).toString();
        QVERIFY2(message.contains(fragment), qPrintable(message));
        if (!ok)
            QVERIFY2(message.contains(QStringLiteral("kept")), qPrintable(message));
        QCOMPARE(client.state(), ok ? LiveLabClient::State::Finished : LiveLabClient::State::Failed);
    }

    void cancelKeepsResults()
    {
        const QString fake = qEnvironmentVariable("TUTOR_FAKE_WORKER");
        if (fake.isEmpty())
            QSKIP("TUTOR_FAKE_WORKER is not set (run through ctest)");
        LiveLabClient client;
        client.setSilenceTimeoutMs(0);
        QSignalSpy added(&client, &LiveLabClient::measurementAdded);
        QSignalSpy finished(&client, &LiveLabClient::finished);
        client.startProgram(fake, { QStringLiteral("hang") });
        QVERIFY(added.wait(10000));
        client.cancel();
        QVERIFY(finished.size() == 1 || finished.wait(10000));
        QCOMPARE(client.state(), LiveLabClient::State::Cancelled);
        QCOMPARE(static_cast<int>(client.measurements().size()), 1);
    }

    void missingWorkerIsAMessage()
    {
        LiveLabClient client;
        QSignalSpy finished(&client, &LiveLabClient::finished);
        client.startProgram(QStringLiteral("/nonexistent/commtutor-live"), {});
        QVERIFY(finished.size() == 1 || finished.wait(10000));
        QVERIFY(client.lastMessage().contains(QStringLiteral("TUTOR_LIVE_WORKER")));
    }

    void commandLines_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("hosts");
        QTest::addColumn<bool>("launcher");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("mpi on this machine") << "mpi"
                                             << "" << true << "-np 4";
        QTest::newRow("mpi across hosts") << "mpi"
                                          << "/tmp/hosts" << true << "--hostfile /tmp/hosts";
        QTest::newRow("nccl, one process") << "nccl"
                                           << "" << false << "-g 4";
        QTest::newRow("nccl across hosts") << "nccl"
                                           << "/tmp/hosts" << true << "--expect-ranks 4";
    }
    void commandLines()
    {
        QFETCH(QString, backend);
        QFETCH(QString, hosts);
        QFETCH(bool, launcher);
        QFETCH(QString, fragment);
        LiveLabClient client;
        client.setWorkerPath(QStringLiteral("/opt/w/commtutor-live"));
        client.setLauncherPath(QStringLiteral("/usr/bin/mpirun"));
        LiveLabRequest r;
        const auto kind = tutor::live::parseBackendKind(backend.toStdString());
        QVERIFY(kind);
        r.backend = *kind;
        r.hostsFile = hosts;
        r.ranks = 4;
        const auto [program, args] = client.commandLine(r);
        QCOMPARE(program, launcher ? QStringLiteral("/usr/bin/mpirun") : QStringLiteral("/opt/w/commtutor-live"));
        QVERIFY(args.contains(QStringLiteral("--jsonl")));
        QVERIFY2(args.join(QLatin1Char(' ')).contains(fragment), qPrintable(args.join(QLatin1Char(' '))));
        // The typed request is spelled as the worker's flags only here.
        QVERIFY(args.join(QLatin1Char(' ')).contains(QStringLiteral("--backend %1 --op allreduce").arg(backend)));
    }
};

QTEST_GUILESS_MAIN(TestLiveLabClient)
#include "tst_livelabclient.moc"
