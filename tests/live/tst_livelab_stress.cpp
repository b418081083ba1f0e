// SPDX-License-Identifier: MIT
// The worker link under load: start and cancel a real 2-rank MPI run through LiveLabClient many times. Every cycle
// must leave no process behind (no zombie, no orphaned rank), keep the records in the order the worker printed
// them (no record lost or duplicated), and the client's file descriptors and memory must stay flat.
// TUTOR_STRESS_CYCLES sets the number of cycles (default 20; the full check is 500, about 2 s each) and the test
// prints its figures.
#include "app/gui/livelab/livelabclient.h"
#include "tutor/config.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QtTest>
#include <cerrno>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

using tutor::app::LiveLabClient;
using tutor::app::LiveLabRequest;

namespace {

/// A process as /proc/<pid>/stat names it: the pid and its start time, so a reused pid is not mistaken for it.
struct ProcessId {
    int pid = 0;
    QByteArray startTime;
    bool operator<(const ProcessId& o) const { return pid < o.pid || (pid == o.pid && startTime < o.startTime); }
};

/// Fields of /proc/<pid>/stat after the command name: [0] state, [1] ppid, ..., [19] start time.
QList<QByteArray> statFields(int pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray stat = f.readAll();
    const qsizetype close = stat.lastIndexOf(')');
    return close < 0 ? QList<QByteArray> {} : stat.mid(close + 2).split(' ');
}

/// Every live descendant of this process.
std::set<ProcessId> descendants()
{
    QMap<int, QList<int>> children;
    const auto entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& name : entries) {
        bool ok = false;
        const int pid = name.toInt(&ok);
        if (!ok)
            continue;
        const auto fields = statFields(pid);
        if (fields.size() > 19)
            children[fields[1].toInt()].append(pid);
    }
    std::set<ProcessId> out;
    QList<int> todo { static_cast<int>(getpid()) };
    while (!todo.isEmpty()) {
        for (int child : children.value(todo.takeFirst())) {
            const auto fields = statFields(child);
            if (fields.size() > 19)
                out.insert({ child, fields[19] });
            todo.append(child);
        }
    }
    return out;
}

/// Whether the process still runs. An orphaned rank that has exited waits as a zombie for init, not for us: our own
/// zombies are caught by waitpid.
bool alive(const ProcessId& p)
{
    const auto fields = statFields(p.pid);
    return fields.size() > 19 && fields[19] == p.startTime && fields[0] != "Z" && fields[0] != "X";
}

int openFds()
{
    return static_cast<int>(
        QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::NoDotAndDotDot | QDir::System).size());
}

qint64 rssKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').front().toLongLong();
    return 0;
}

} // namespace

class TestLiveLabStress : public QObject {
    Q_OBJECT
private slots:
    void startCancelCycles()
    {
        if (!TUTOR_WITH_MPI)
            QSKIP("the MPI backend is not built");
        const QString worker = qEnvironmentVariable("TUTOR_LIVE_WORKER");
        if (worker.isEmpty())
            QSKIP("TUTOR_LIVE_WORKER is not set (run through ctest)");
        bool set = false;
        const int cycles = std::max(4, qEnvironmentVariableIntValue("TUTOR_STRESS_CYCLES", &set));
        const int n = set ? cycles : 20;
        const int warmUp = std::min(5, n / 4);

        LiveLabClient client;
        client.setWorkerPath(worker);
        if (const QString mpirun = qEnvironmentVariable("TUTOR_MPIRUN"); !mpirun.isEmpty())
            client.setLauncherPath(mpirun);
        LiveLabRequest r;
        r.ranks = 2;
        r.minBytes = 1024;
        r.maxBytes = 1024 * 1024;
        r.stepFactor = 4; // 1K, 4K, 16K, 64K, 256K, 1M: 12 records with the in-place pass
        r.iterations = 20;
        r.warmup = 1;
        r.timeoutSeconds = 60;
        const int records = 12;

        // What the worker printed, in order: each measurement follows the progress record of its size and pass.
        QList<QPair<qint64, bool>> printed;
        connect(&client, &LiveLabClient::progressed, this, [&printed](int, int, qint64 bytes, bool inPlace) {
            printed.append({ bytes, inPlace });
        });

        QElapsedTimer wall;
        wall.start();
        int fdsBefore = 0, fdsAfter = 0;
        qint64 rssBefore = 0, rssAfter = 0;
        int cancelled = 0, completed = 0;
        for (int cycle = 0; cycle < n; ++cycle) {
            printed.clear();
            QSignalSpy added(&client, &LiveLabClient::measurementAdded);
            QSignalSpy finished(&client, &LiveLabClient::finished);
            // Cancel after 0, 1, ... records (0: while mpirun starts); every 13th cycle runs to the end.
            const int cancelAfter = cycle % (records + 1);
            client.start(r);
            std::set<ProcessId> tree;
            while (added.size() < cancelAfter && finished.isEmpty()) {
                if (!added.wait(60000)) {
                    QString tree;
                    for (const ProcessId& p : descendants())
                        tree += QStringLiteral(" %1 (%2)")
                                    .arg(p.pid)
                                    .arg(QString::fromLatin1(statFields(p.pid).value(0)));
                    QFAIL(qPrintable(QStringLiteral("cycle %1: no record within 60 s after %2; processes:%3")
                                         .arg(cycle)
                                         .arg(added.size())
                                         .arg(tree)));
                }
            }
            tree = descendants();
            if (cancelAfter < records)
                client.cancel();
            QVERIFY(!finished.isEmpty() || finished.wait(60000));
            QVERIFY2(
                client.state() == LiveLabClient::State::Cancelled || client.state() == LiveLabClient::State::Finished,
                qPrintable(client.lastMessage()));
            cancelled += client.state() == LiveLabClient::State::Cancelled;
            completed += client.state() == LiveLabClient::State::Finished;

            // No record lost or duplicated: the measurements are, in order, the sizes and passes the worker's
            // progress records named.
            const auto& ms = client.measurements();
            QVERIFY2(static_cast<qsizetype>(ms.size()) <= printed.size(),
                qPrintable(QStringLiteral("cycle %1: %2 measurements, %3 progress records")
                               .arg(cycle)
                               .arg(ms.size())
                               .arg(printed.size())));
            // The worker writes a size's two records after both passes: at most one size is in flight.
            QVERIFY(printed.size() - static_cast<qsizetype>(ms.size()) <= 2);
            for (std::size_t i = 0; i < ms.size(); ++i) {
                QCOMPARE(ms[i].bytes, printed[static_cast<qsizetype>(i)].first);
                QCOMPARE(ms[i].inPlace, printed[static_cast<qsizetype>(i)].second);
                // Sizes in sweep order: 1 KiB · 4^(i / 2), out-of-place then in-place.
                QCOMPARE(ms[i].bytes, qint64 { 1024 } << (2 * (i / 2)));
                QCOMPARE(ms[i].inPlace, i % 2 == 1);
            }
            if (client.state() == LiveLabClient::State::Finished)
                QCOMPARE(static_cast<int>(ms.size()), records);

            // No process left: every process of the run has ended and been reaped.
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
            for (const ProcessId& p : tree) {
                const auto fields = statFields(p.pid);
                QVERIFY2(!alive(p),
                    qPrintable(QStringLiteral("cycle %1: process %2 (state %3, parent %4) outlived the run")
                                   .arg(cycle)
                                   .arg(p.pid)
                                   .arg(QString::fromLatin1(fields.value(0)), QString::fromLatin1(fields.value(1)))));
            }
            int status = 0;
            const pid_t reaped = waitpid(-1, &status, WNOHANG);
            QVERIFY2(reaped == -1 && errno == ECHILD,
                qPrintable(QStringLiteral("cycle %1: a child process is left (waitpid: %2)").arg(cycle).arg(reaped)));

            if (cycle + 1 == warmUp) {
                fdsBefore = openFds();
                rssBefore = rssKiB();
            }
        }
        fdsAfter = openFds();
        rssAfter = rssKiB();
        qInfo("%d cycles (%d cancelled, %d complete) in %.1f s; fds %d -> %d; VmRSS %lld -> %lld KiB (after %d warm-up "
              "cycles)",
            n, cancelled, completed, wall.elapsed() / 1000.0, fdsBefore, fdsAfter, static_cast<long long>(rssBefore),
            static_cast<long long>(rssAfter), warmUp);
        QCOMPARE(fdsAfter, fdsBefore);
        QVERIFY2(rssAfter <= rssBefore + rssBefore / 10,
            qPrintable(QStringLiteral("VmRSS grew from %1 to %2 KiB").arg(rssBefore).arg(rssAfter)));
    }
};

int main(int argc, char** argv)
{
    // QtTest stops a test function after 5 minutes; 500 cycles take about 15.
    if (qEnvironmentVariableIsSet("TUTOR_STRESS_CYCLES") && !qEnvironmentVariableIsSet("QTEST_FUNCTION_TIMEOUT"))
        qputenv("QTEST_FUNCTION_TIMEOUT", "7200000");
    QCoreApplication app(argc, argv);
    TestLiveLabStress test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_livelab_stress.moc"
