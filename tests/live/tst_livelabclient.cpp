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
        QTest::newRow("killed by SIGKILL mid-run") << "sigkill" << false << 2 << "crashed after 2 result(s)";
        QTest::newRow("watchdog of a rank waiting in a call")
            << "watchdog-call" << false << 1
            << "watchdog: allreduce of 4096 B made no progress for 0.2 s: rank 0 waited in MPI_Allreduce for "
               "another rank; communicator aborted on rank 0";
        QTest::newRow("watchdog of a rank that stopped itself")
            << "watchdog" << false << 1
            << "watchdog: allreduce of 4096 B made no progress for 0.2 s: rank 0 stopped outside any library call; "
               "communicator aborted on rank 0 — the worker's watchdog aborted a hung collective (exit 6)";
        QTest::newRow("progress keeps the watchdog quiet") << "watchdog-progress" << true << 2 << "2 measurement(s)";
        QTest::newRow("deeply nested line is one bad line")
            << "deep" << true << 1 << "1 line(s) were not protocol records and were ignored";
        QTest::newRow("line longer than the limit stops the run")
            << "longline" << false << 1
            << "The worker printed a line longer than 1048576 bytes and was stopped: its output is not the live-lab "
               "protocol; 1 result received before is kept.";
        QTest::newRow("endless output without a newline stops the run")
            << "endless" << false << 1
            << "The worker printed a line longer than 1048576 bytes and was stopped: its output is not the live-lab "
               "protocol; 1 result received before is kept.";
        QTest::newRow("UTF-8 inside a record, split across reads")
            << "utf8" << false << 1
            << "cudaMalloc: 显存不足 «8 GiB» on rank 1 — a CUDA, NCCL or MPI call failed (exit 4); 1 result received "
               "before is kept.";
        QTest::newRow("done, then a non-zero exit")
            << "done-then-fail" << false << 2
            << "The worker exited with code 4 (a CUDA, NCCL or MPI call failed) after its final \"done\" record; 2 "
               "results received before are kept.";
        QTest::newRow("done, then a crash") << "done-then-crash" << false << 2 << "crashed after 2 result(s)";
        QTest::newRow("out-of-range record value")
            << "out-of-range" << false << 2
            << "2 record(s) had out-of-range values and were skipped (first: measurement.count = 8192: must not "
               "exceed measurement.bytes = 4096 (an element has at least one byte)); 2 results received before are "
               "kept.";
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
        client.setSilenceTimeoutMs(3000); // longer than the fake's watchdogs (0.2 s, + 1 s inside a call)
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
        if (mode == QLatin1String("utf8")) {
            QVERIFY(client.hello());
            QCOMPARE(client.hello()->hosts, std::vector<std::string> { "节点-α" });
        }
        if (mode == QLatin1String("deep"))
            QCOMPARE(client.badLines(), 1);
    }

    void exitCodeMeanings_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("meaning");
        QTest::newRow("4: library call") << 4 << "a CUDA, NCCL or MPI call failed";
        QTest::newRow("6: watchdog") << 6 << "the worker's watchdog aborted a hung collective";
        QTest::newRow("8: out of memory") << 8 << "the buffers do not fit in memory, or allocating them failed";
        QTest::newRow("9: internal error") << 9 << "an unexpected exception in the worker";
        QTest::newRow("unknown") << 42 << "unknown exit code";
    }
    void exitCodeMeanings()
    {
        QFETCH(int, code);
        QFETCH(QString, meaning);
        QCOMPARE(LiveLabClient::exitCodeMeaning(code), meaning);
    }

    void outOfRangeValues_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<QString>("why");
        const QByteArray m = R"({"type":"measurement","protocol":1,"op":"allreduce","dtype":"float","in_place":false,)"
                             R"("algbw_GBps":1,"busbw_GBps":1,)";
        QTest::newRow("in range") << m + R"("bytes":4096,"count":1024,"ranks":2,"time_us":4,"wrong":0})" << 2
                                  << QString();
        QTest::newRow("more elements than bytes")
            << m + R"("bytes":4096,"count":4097,"ranks":2,"time_us":4,"wrong":0})" << 2
            << "measurement.count = 4097: must not exceed measurement.bytes = 4096 (an element has at least one byte)";
        QTest::newRow("beyond the largest size")
            << m + R"("bytes":1099511627777,"count":1024,"ranks":2,"time_us":4,"wrong":0})" << 2
            << "measurement.bytes = 1099511627777: must be at most 1099511627776 (1 TiB, the worker's largest size)";
        QTest::newRow("ranks differ from hello") << m + R"("bytes":4096,"count":1024,"ranks":3,"time_us":4,"wrong":0})"
                                                 << 2 << "measurement.ranks = 3: must equal hello.ranks = 2";
        QTest::newRow("more wrong elements than elements")
            << m + R"("bytes":4096,"count":1024,"ranks":2,"time_us":4,"wrong":2049})" << 2
            << "measurement.wrong = 2049: must not exceed count × ranks = 2048";
        QTest::newRow("progress past its total")
            << QByteArray(R"({"type":"progress","protocol":1,"op":"allreduce","bytes":8,"index":9,"total":3})") << 2
            << "progress.index = 9: must not exceed progress.total = 3";
        QTest::newRow("overlap above 100 %")
            << QByteArray(R"({"type":"overlap","protocol":1,"op":"allreduce","bytes":8,"ranks":2,)"
                          R"("compute_alone_us":1,"comm_alone_us":1,"compute_together_us":1,"comm_together_us":1,)"
                          R"("overall_us":1,"osu_overlap_pct":150,"hta_overlap_pct":50})")
            << 2 << "overlap.osu_overlap_pct = 150: must be a percentage from 0 to 100";
    }
    void outOfRangeValues()
    {
        QFETCH(QByteArray, line);
        QFETCH(int, ranks);
        QFETCH(QString, why);
        const auto parsed = tutor::live::parseLine(line.toStdString());
        QVERIFY2(parsed.ok(), parsed.error ? parsed.error->message.c_str() : "");
        const auto got = LiveLabClient::outOfRange(*parsed.record, ranks);
        QCOMPARE(got.value_or(QString()), why);
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
