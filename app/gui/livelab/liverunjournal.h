// SPDX-License-Identifier: MIT
#pragma once
// The live run's journal: every measurement is appended to a JSON Lines file in the app's data folder as it
// arrives (one write and one flush per record, so a crash of the window or the worker loses nothing already
// received), and the run is marked finished when it ends normally or is saved. An unfinished journal found later
// is an interrupted run the window offers to restore; it is removed only when the user discards it.
//
// File: <AppDataLocation>/live-run.jsonl (beside progress.json), e.g. ~/.local/share/commtutor/live-run.jsonl:
//   {"type":"live_run_journal","version":1,"started":"2026-12-01T12:00:00.000Z"}
//   {"type":"measurement",...}                      one per measurement, as model::toJsonLines writes them
//   {"type":"live_run_finished","at":"..."}         only when the run ended normally or was saved
#include "model/measure/measurement.h"

#include <QDateTime>
#include <QFile>
#include <QString>
#include <optional>
#include <vector>

namespace tutor::app {

/// An unfinished run read back from a journal.
struct InterruptedRun {
    QDateTime started; ///< invalid when the journal's first line was lost
    std::vector<model::Measurement> measurements;
    int skippedLines = 0; ///< corrupt or truncated lines left out (a crash mid-write leaves at most the last one)
};

class LiveRunJournal {
public:
    explicit LiveRunJournal(QString path = defaultPath());
    /// Closes the file without marking the run finished: what was appended stays to be restored.
    ~LiveRunJournal() = default;
    LiveRunJournal(const LiveRunJournal&) = delete;
    LiveRunJournal& operator=(const LiveRunJournal&) = delete;

    /// <AppDataLocation>/live-run.jsonl.
    static QString defaultPath();
    QString path() const { return m_path; }
    bool isOpen() const { return m_file.isOpen(); }

    /// Starts the journal of a new run, replacing the file (the caller has asked about an unfinished one).
    /// Returns "<path>: cannot be written: <reason>" or empty.
    QString begin(const QDateTime& started = QDateTime::currentDateTimeUtc());
    /// Takes over the journal already in the file (a restored run), so finish() can mark it. Returns the error
    /// or empty.
    QString resume();
    /// Appends one measurement and flushes it to the operating system. Returns the error or empty.
    QString append(const model::Measurement& measurement);
    /// Marks the run finished (it ended normally or was saved): nothing is offered back. Returns the error or empty.
    QString finish();

    /// The unfinished run in the journal at `path`: none when there is no file, the run was marked finished, or no
    /// measurement survived.
    static std::optional<InterruptedRun> interrupted(const QString& path = defaultPath());
    /// Removes the journal (after the user chose to discard it). False when it exists and cannot be removed.
    static bool discard(const QString& path = defaultPath());

private:
    QString writeLine(const QByteArray& line);

    QString m_path;
    QFile m_file;
};

} // namespace tutor::app
