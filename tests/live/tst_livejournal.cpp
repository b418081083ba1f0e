// SPDX-License-Identifier: MIT
// The live run's journal: records appended as they arrive survive the window or the worker going away, a run
// that ended normally or was saved leaves nothing to restore, damaged lines are skipped with the rest restored,
// and the Live lab page offers an interrupted run back (Restore / Discard) without removing it unasked.
#include "app/gui/livelab/livelabsession.h"
#include "app/gui/livelab/livelabstage.h"
#include "app/gui/livelab/liverunjournal.h"

#include <QLabel>
#include <QPushButton>
#include <QtTest>

using namespace tutor;
using app::LiveRunJournal;

namespace {

model::Measurement measurement(model::Bytes bytes)
{
    model::Measurement m;
    m.op = model::Collective::AllReduce;
    m.bytes = bytes;
    m.ranks = 2;
    m.timeSeconds = 1e-6 * static_cast<double>(bytes) / 1024.0 + 5e-6;
    m.source = "commtutor-live mpi";
    model::computeBandwidths(m);
    return m;
}

std::vector<model::Measurement> threeSizes()
{
    return { measurement(1024), measurement(8192), measurement(65536) };
}

// The measurements as the model's JSON Lines format gives them back (times pass through microseconds).
std::vector<model::Measurement> readBack(const std::vector<model::Measurement>& rows)
{
    auto parsed = model::parseMeasurementLines(model::toJsonLines(rows), {});
    return parsed ? parsed.value() : std::vector<model::Measurement> {};
}

// A journal as a window would leave it when killed after the records arrived.
void writeInterrupted(const QString& path, const std::vector<model::Measurement>& rows, const QDateTime& started)
{
    LiveRunJournal journal(path);
    QCOMPARE(journal.begin(started), QString());
    for (const auto& m : rows)
        QCOMPARE(journal.append(m), QString());
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writePlain(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

} // namespace

class TestLiveJournal : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString path() const { return m_dir.filePath(QStringLiteral("live-run.jsonl")); }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QFile::remove(path()); }

    void recordsSurviveTheJournalGoingAway()
    {
        const QDateTime started = QDateTime::fromString(QStringLiteral("2026-12-01T12:34:56.789Z"), Qt::ISODateWithMs);
        writeInterrupted(path(), threeSizes(), started); // destroyed without finish()
        const auto run = LiveRunJournal::interrupted(path());
        QVERIFY(run);
        QCOMPARE(run->measurements, readBack(threeSizes()));
        QCOMPARE(run->started, started);
        QCOMPARE(run->skippedLines, 0);
    }

    void aFinishedRunLeavesNothingToRestore()
    {
        {
            LiveRunJournal journal(path());
            QCOMPARE(journal.begin(), QString());
            for (const auto& m : threeSizes())
                QCOMPARE(journal.append(m), QString());
            QCOMPARE(journal.finish(), QString());
        }
        QVERIFY(!LiveRunJournal::interrupted(path()));
        QVERIFY(QFile::exists(path())); // marked, not removed
    }

    void noJournalNoRun() { QVERIFY(!LiveRunJournal::interrupted(path())); }

    // A crash mid-write tears at most the last line; other damage is skipped the same way.
    void damagedLinesAreSkipped_data()
    {
        QTest::addColumn<QByteArray>("damage");
        QTest::addColumn<int>("lastKept");
        QTest::newRow("truncated last line") << QByteArray("cut") << 2;
        QTest::newRow("garbage last line") << QByteArray("garbage") << 2;
        QTest::newRow("binary zeros appended") << QByteArray("zeros") << 3;
    }
    void damagedLinesAreSkipped()
    {
        QFETCH(QByteArray, damage);
        QFETCH(int, lastKept);
        writeInterrupted(path(), threeSizes(), QDateTime::currentDateTimeUtc());
        QByteArray bytes = readAll(path());
        if (damage == "cut")
            bytes.chop(bytes.size() - bytes.lastIndexOf('\n', bytes.size() - 2) - 20); // the last record half-written
        else if (damage == "garbage")
            bytes = bytes.left(bytes.lastIndexOf('\n', bytes.size() - 2) + 1) + "{\"type\":\"measurement\",\"op\":[}\n";
        else
            bytes += QByteArray(64, '\0');
        writePlain(path(), bytes);
        const auto run = LiveRunJournal::interrupted(path());
        QVERIFY(run);
        const auto all = readBack(threeSizes());
        QCOMPARE(run->measurements, std::vector<model::Measurement>(all.begin(), all.begin() + lastKept));
        QCOMPARE(run->skippedLines, 1);
    }

    void theSessionRestoresAndSavingFinishes()
    {
        writeInterrupted(path(), threeSizes(), QDateTime::currentDateTimeUtc());
        app::LiveLabSession session(nullptr, path());
        QVERIFY(session.interruptedRun());
        const QString summary = session.restoreInterruptedRun();
        QVERIFY2(summary.contains(QStringLiteral("3 measurement")), qPrintable(summary));
        QCOMPARE(session.measurements(), readBack(threeSizes()));
        QVERIFY(session.hasUnsavedRun());
        QVERIFY(LiveRunJournal::interrupted(path())); // still there until saved
        QCOMPARE(session.saveMeasurements(m_dir.filePath(QStringLiteral("saved.jsonl"))), QString());
        QVERIFY(!session.hasUnsavedRun());
        QVERIFY(!LiveRunJournal::interrupted(path()));
    }

    void discardRemovesOnlyWhenAsked()
    {
        writeInterrupted(path(), threeSizes(), QDateTime::currentDateTimeUtc());
        {
            app::LiveLabSession session(nullptr, path());
            QVERIFY(session.interruptedRun());
        }
        QVERIFY(LiveRunJournal::interrupted(path())); // a session that was not asked leaves it
        app::LiveLabSession session(nullptr, path());
        QCOMPARE(session.discardInterruptedRun(), QString());
        QVERIFY(!QFile::exists(path()));
    }

    // Runs through the fake worker: measurements are journalled as they arrive; a crash leaves them restorable.
    void workerRuns_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<bool>("restorable");
        QTest::newRow("worker ends normally") << "ok" << false;
        QTest::newRow("worker crashes") << "crash" << true;
    }
    void workerRuns()
    {
        QFETCH(QString, mode);
        QFETCH(bool, restorable);
        const QString fake = qEnvironmentVariable("TUTOR_FAKE_WORKER");
        if (fake.isEmpty())
            QSKIP("TUTOR_FAKE_WORKER is not set (run through ctest)");
        std::vector<model::Measurement> received;
        {
            app::LiveLabSession session(nullptr, path());
            QSignalSpy finished(&session, &app::LiveLabSession::finished);
            session.client()->startProgram(fake, { mode });
            QVERIFY(finished.wait(20000));
            received = session.measurements();
            QVERIFY(!received.empty());
            QVERIFY(!session.interruptedRun()); // the session's own run is never offered back to it
        }
        const auto run = LiveRunJournal::interrupted(path());
        QCOMPARE(bool(run), restorable);
        if (run)
            QCOMPARE(run->measurements, received);
    }

    // The page offers the run at LiveRunJournal::defaultPath() (the test-mode data folder here).
    void thePageOffersTheRunBack()
    {
        const QString journal = LiveRunJournal::defaultPath();
        writeInterrupted(journal, threeSizes(), QDateTime::currentDateTimeUtc());
        app::LiveLabStage stage;
        QVERIFY(stage.offerInterruptedRun());
        auto* bar = stage.findChild<QWidget*>(QStringLiteral("restoreBar"));
        QVERIFY(bar && bar->isVisibleTo(&stage));
        const auto labels = bar->findChildren<QLabel*>();
        QVERIFY(!labels.isEmpty());
        QVERIFY2(labels.front()->text().contains(QStringLiteral("was interrupted with 3 measurement")),
            qPrintable(labels.front()->text()));
        stage.findChild<QPushButton*>(QStringLiteral("restoreRun"))->click();
        QCOMPARE(stage.measurements(), readBack(threeSizes()));
        QVERIFY(!bar->isVisibleTo(&stage));
        QVERIFY(LiveRunJournal::discard(journal));
    }
};

QTEST_MAIN(TestLiveJournal)
#include "tst_livejournal.moc"
