// SPDX-License-Identifier: MIT
#pragma once
// Starts commtutor-live with QProcess (argument lists, never a shell string), reads its JSON Lines stream as it
// arrives and keeps every result. A worker that crashes, hangs, prints garbage or reports an error ends in one
// readable message from failed(); the results received before stay available.
//
// The worker's exit status is the last word: a run is a success only when the worker sent `done` and exited
// with 0. A line longer than kMaxLineBytes stops the worker (its output is not the protocol), and records with
// values no worker can mean (a non-finite time, more elements than bytes) are skipped and fail the run.
// The worker runs in its own session, so cancelling stops mpirun and every rank it started.
//
// Finding the worker: the TUTOR_LIVE_WORKER environment variable, else commtutor-live next to the app binary,
// else <app dir>/../../live/worker/commtutor-live (the build tree), else commtutor-live on PATH.
// Finding mpirun (MPI backend, or NCCL across hosts): TUTOR_MPIRUN, else mpirun on PATH.
#include "live/protocol/backendkind.h"
#include "live/protocol/protocol.h"
#include "model/collectives/collective.h"
#include "model/measure/measurement.h"

#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QTimer>
#include <optional>
#include <vector>

namespace tutor::app {

/// What the live lab asks the worker to run. Backend and collective are typed; workerArguments() spells them as
/// the worker's flags.
struct LiveLabRequest {
    live::BackendKind backend = live::BackendKind::Mpi;
    int ranks = 2; ///< MPI processes (mpi), or GPUs (nccl)
    QString hostsFile; ///< mpirun --hostfile, for several machines; empty: this machine
    model::Collective op = model::Collective::AllReduce;
    qint64 minBytes = 8;
    qint64 maxBytes = 64 * 1024 * 1024;
    int stepFactor = 2;
    int iterations = 20;
    int warmup = 5;
    bool check = true;
    bool inPlace = true;
    QString dtype = QStringLiteral("float");
    double timeoutSeconds = 60;
    bool overlap = false;
};

class LiveLabClient : public QObject {
    Q_OBJECT
public:
    enum class State { Idle, Running, Finished, Failed, Cancelled };
    Q_ENUM(State)

    explicit LiveLabClient(QObject* parent = nullptr);
    ~LiveLabClient() override;

    /// How a problem the protocol parser wrote out ("field = value: rule", live::ParseError::message) reads in the
    /// window's messages. The window sets views::writtenProblemText, which puts the rule in the interface's language;
    /// unset, it reads as written (this library knows no views).
    static void setProblemText(QString (*text)(std::string_view written));

    static QString defaultWorkerPath();
    static QString defaultLauncherPath();
    void setWorkerPath(const QString& path) { m_workerPath = path; }
    QString workerPath() const { return m_workerPath; }
    void setLauncherPath(const QString& path) { m_launcherPath = path; }

    /// The worker's own flags for a request (no launcher).
    static QStringList workerArguments(const LiveLabRequest& request);
    /// Program and arguments that run the request: `mpirun -np N [--hostfile F] worker …` for MPI (and NCCL
    /// with a hosts file), the worker itself for NCCL on one machine.
    std::pair<QString, QStringList> commandLine(const LiveLabRequest& request) const;

    /// Stops the worker when it prints nothing for this long (a hang the worker's own watchdog missed).
    /// Default: request timeout + 30 s; 0 disables.
    void setSilenceTimeoutMs(int ms) { m_silenceOverrideMs = ms; }

    void start(const LiveLabRequest& request);
    /// Starts any program that speaks the protocol (tests use a fake worker).
    void startProgram(const QString& program, const QStringList& arguments);
    /// As above; `defaultSilenceMs` applies unless setSilenceTimeoutMs() chose one (0: no silence limit).
    void startProgram(const QString& program, const QStringList& arguments, int defaultSilenceMs);
    void cancel();

    State state() const { return m_state; }
    bool isRunning() const { return m_state == State::Running; }
    const std::vector<model::Measurement>& measurements() const { return m_measurements; }
    const std::vector<live::OverlapRecord>& overlaps() const { return m_overlaps; }
    const std::optional<live::HelloRecord>& hello() const { return m_hello; }
    const std::vector<live::ErrorRecord>& errors() const { return m_errors; }
    /// Lines that were not protocol records (garbage), and records of unknown types that were skipped.
    int badLines() const { return m_badLines; }
    int skippedRecords() const { return m_skipped; }
    QString lastMessage() const { return m_message; }

    /// Turns a worker measurement record into the model's value type (µs → s, names → enums); nullopt when
    /// the op or dtype is unknown.
    static std::optional<model::Measurement> toMeasurement(
        const live::MeasurementRecord& record, const QString& source);
    /// The meaning of a worker exit code ("a CUDA, NCCL or MPI call failed").
    static QString exitCodeMeaning(int code);
    /// Why a parsed record cannot be a worker's result: "measurement.ranks = 3: must equal hello.ranks = 2";
    /// nullopt when its values are in range. `ranks` is the hello record's rank count (0: not known yet).
    static std::optional<QString> outOfRange(const live::Record& record, int ranks);

    /// The longest line the client reads (bytes, without the newline); a longer one stops the worker.
    static constexpr qsizetype kMaxLineBytes = 1 << 20;

signals:
    void started(const QString& commandLine);
    void helloReceived();
    void progressed(int index, int total, qint64 bytes, bool inPlace);
    void measurementAdded(int index);
    void overlapAdded(int index);
    /// A problem that does not end the run (a garbage line, a skipped record type).
    void warning(const QString& text);
    /// The run ended badly; `message` says why in one readable sentence and how many results were kept.
    void failed(const QString& message);
    /// The run ended: ok when the worker sent `done` and exited 0.
    void finished(bool ok, const QString& summary);

private:
    void onReadyRead();
    /// Splits bytes into lines and handles them; stops the worker at a line longer than kMaxLineBytes.
    void consume(const QByteArray& bytes);
    /// Ends the worker and every process of its session: SIGTERM to the worker, then, after `graceMs` (0: at once),
    /// SIGKILL to every process left in the session.
    void stopProcess(int graceMs);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onProcessError(QProcess::ProcessError error);
    void onSilence();
    void handleLine(const std::string& line);
    void end(State state, const QString& message);
    void reset();

    QString m_workerPath;
    QString m_launcherPath;
    QProcess* m_process = nullptr;
    QTimer m_silence;
    int m_silenceOverrideMs = -1; ///< set by setSilenceTimeoutMs; -1: from the request
    int m_silenceMs = 0;
    QByteArray m_stderrTail; ///< the last few KiB of the worker's stderr (drained so the pipe never fills)
    live::LineBuffer m_lines;
    State m_state = State::Idle;
    bool m_timedOut = false;
    bool m_cancelled = false;
    bool m_done = false;
    bool m_overlong = false; ///< stopped because a line passed kMaxLineBytes
    qsizetype m_lineBytes = 0; ///< bytes of the line being received so far
    int m_badLines = 0;
    int m_rejected = 0; ///< records with out-of-range values
    QString m_firstRejected;
    int m_skipped = 0;
    QString m_firstBadLine;
    QString m_source;
    QString m_message;
    std::optional<live::HelloRecord> m_hello;
    std::optional<live::DoneRecord> m_doneRecord;
    std::vector<model::Measurement> m_measurements;
    std::vector<live::OverlapRecord> m_overlaps;
    std::vector<live::ErrorRecord> m_errors;
};

} // namespace tutor::app
