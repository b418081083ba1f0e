// SPDX-License-Identifier: MIT
#include "app/gui/livelab/livelabclient.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <cmath>
#include <csignal>
#include <sys/types.h>
#include <unistd.h>

namespace tutor::app {

namespace {

QString resultsKept(std::size_t n)
{
    return n == 1 ? LiveLabClient::tr("1 result received before is kept")
                  : LiveLabClient::tr("%1 results received before are kept").arg(n);
}

QString latin1(std::string_view text)
{
    return QString::fromLatin1(text.data(), static_cast<qsizetype>(text.size()));
}

/// The processes of session `sid` that are still running (zombies excluded), from /proc/<pid>/stat.
QList<pid_t> sessionMembers(pid_t sid)
{
    QList<pid_t> members;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& name : entries) {
        bool ok = false;
        const pid_t pid = static_cast<pid_t>(name.toInt(&ok));
        if (!ok)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(name));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = stat.read(1024);
        const qsizetype close = text.lastIndexOf(')');
        if (close < 0)
            continue;
        // After the command name: state, ppid, pgrp, session.
        const QList<QByteArray> fields = text.mid(close + 2).split(' ');
        if (fields.size() > 3 && fields[3].toInt() == sid && fields[0] != "Z" && fields[0] != "X")
            members.append(pid);
    }
    return members;
}

/// SIGKILL to every process of session `sid` but its leader (the ranks, while mpirun still runs to reap them),
/// then to the leader; waits up to 2 s until none runs.
void killSession(pid_t sid)
{
    if (sid <= 0)
        return;
    QElapsedTimer waited;
    waited.start();
    for (QList<pid_t> left = sessionMembers(sid); !left.isEmpty(); left = sessionMembers(sid)) {
        const bool leaderOnly = left.size() == 1 && left.front() == sid;
        for (pid_t pid : left)
            if (pid != sid || leaderOnly)
                ::kill(pid, SIGKILL);
        if (waited.elapsed() > 2000)
            return;
        ::usleep(5000);
    }
}

/// NCCL on this machine runs as one process driving every GPU; everything else runs under mpirun.
bool singleProcess(const LiveLabRequest& r)
{
    return r.backend == live::BackendKind::Nccl && r.hostsFile.isEmpty();
}

} // namespace

LiveLabClient::LiveLabClient(QObject* parent)
    : QObject(parent)
    , m_workerPath(defaultWorkerPath())
    , m_launcherPath(defaultLauncherPath())
{
    m_silence.setSingleShot(true);
    connect(&m_silence, &QTimer::timeout, this, &LiveLabClient::onSilence);
}

LiveLabClient::~LiveLabClient()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        stopProcess(0);
    }
}

void LiveLabClient::stopProcess(int graceMs)
{
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    // The worker leads its own session (see startProgram). mpirun puts every rank in a process group of its own
    // but leaves it in that session, so the session is how every process of the run is found.
    const auto pid = static_cast<pid_t>(m_process->processId());
    if (graceMs > 0) {
        // One SIGTERM: mpirun stops its ranks in order; a second signal would make it exit without doing so.
        m_process->terminate();
        if (m_process->waitForFinished(graceMs)) {
            killSession(pid);
            return;
        }
    }
    killSession(pid);
    m_process->kill();
    m_process->waitForFinished(5000);
}

QString LiveLabClient::defaultWorkerPath()
{
    const QString env = qEnvironmentVariable("TUTOR_LIVE_WORKER");
    if (!env.isEmpty())
        return env;
    const QString appDir = QCoreApplication::applicationDirPath();
    for (const QString& candidate :
        { appDir + QStringLiteral("/commtutor-live"), appDir + QStringLiteral("/../../live/worker/commtutor-live"),
            appDir + QStringLiteral("/../live/worker/commtutor-live") }) {
        if (QFileInfo(candidate).isExecutable())
            return QDir::cleanPath(candidate);
    }
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("commtutor-live"));
    return onPath.isEmpty() ? QStringLiteral("commtutor-live") : onPath;
}

QString LiveLabClient::defaultLauncherPath()
{
    const QString env = qEnvironmentVariable("TUTOR_MPIRUN");
    if (!env.isEmpty())
        return env;
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("mpirun"));
    return onPath.isEmpty() ? QStringLiteral("mpirun") : onPath;
}

QStringList LiveLabClient::workerArguments(const LiveLabRequest& r)
{
    // The only place the typed request becomes the worker's spelling: --backend mpi|nccl, --op <cliName>, nccl-tests'
    // flags otherwise; -a 3 reports the slowest rank's time, which the model predicts; --jsonl the protocol.
    QStringList a { QStringLiteral("--backend"), latin1(live::name(r.backend)), QStringLiteral("--op"),
        latin1(model::traits(r.op).cliName), QStringLiteral("-b"), QString::number(r.minBytes), QStringLiteral("-e"),
        QString::number(r.maxBytes), QStringLiteral("-f"), QString::number(r.stepFactor), QStringLiteral("-n"),
        QString::number(r.iterations), QStringLiteral("-w"), QString::number(r.warmup), QStringLiteral("-c"),
        r.check ? QStringLiteral("1") : QStringLiteral("0"), QStringLiteral("-d"), r.dtype, QStringLiteral("--inplace"),
        r.inPlace ? QStringLiteral("1") : QStringLiteral("0"), QStringLiteral("--timeout-s"),
        QString::number(r.timeoutSeconds), QStringLiteral("-a"), QStringLiteral("3"), QStringLiteral("--jsonl") };
    if (r.overlap)
        a << QStringLiteral("--overlap");
    if (singleProcess(r))
        a << QStringLiteral("-g") << QString::number(r.ranks);
    else
        a << QStringLiteral("--expect-ranks") << QString::number(r.ranks);
    return a;
}

std::pair<QString, QStringList> LiveLabClient::commandLine(const LiveLabRequest& r) const
{
    if (singleProcess(r))
        return { m_workerPath, workerArguments(r) };
    QStringList args { QStringLiteral("-np"), QString::number(r.ranks) };
    if (!r.hostsFile.isEmpty())
        args << QStringLiteral("--hostfile") << r.hostsFile;
    args << m_workerPath << workerArguments(r);
    return { m_launcherPath, args };
}

void LiveLabClient::reset()
{
    m_lines = live::LineBuffer {};
    m_timedOut = m_cancelled = m_done = m_overlong = false;
    m_lineBytes = 0;
    m_badLines = m_skipped = m_rejected = 0;
    m_firstBadLine.clear();
    m_firstRejected.clear();
    m_message.clear();
    m_hello.reset();
    m_doneRecord.reset();
    m_measurements.clear();
    m_overlaps.clear();
    m_errors.clear();
}

void LiveLabClient::start(const LiveLabRequest& request)
{
    const auto [program, args] = commandLine(request);
    startProgram(
        program, args, static_cast<int>((request.timeoutSeconds > 0 ? request.timeoutSeconds + 30 : 0) * 1000));
}

void LiveLabClient::startProgram(const QString& program, const QStringList& arguments)
{
    startProgram(program, arguments, 0);
}

void LiveLabClient::startProgram(const QString& program, const QStringList& arguments, int defaultSilenceMs)
{
    m_silenceMs = m_silenceOverrideMs >= 0 ? m_silenceOverrideMs : defaultSilenceMs;
    m_stderrTail.clear();
    if (isRunning())
        cancel();
    reset();
    if (m_process) {
        m_process->disconnect(this);
        m_process->deleteLater();
    }
    m_process = new QProcess(this);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // Open MPI refuses to run as root and to place more ranks than cores unless told; the live lab on a
    // laptop (or in a container) needs both.
    env.insert(QStringLiteral("OMPI_MCA_rmaps_base_oversubscribe"), QStringLiteral("1"));
    if (geteuid() == 0) {
        env.insert(QStringLiteral("OMPI_ALLOW_RUN_AS_ROOT"), QStringLiteral("1"));
        env.insert(QStringLiteral("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"), QStringLiteral("1"));
    }
    m_process->setProcessEnvironment(env);
    // Its own session, so that stopProcess() can find and end mpirun and every rank it started.
    m_process->setChildProcessModifier([] { ::setsid(); });
    connect(m_process, &QProcess::readyReadStandardOutput, this, &LiveLabClient::onReadyRead);
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        m_stderrTail += m_process->readAllStandardError();
        if (m_stderrTail.size() > 8192)
            m_stderrTail = m_stderrTail.right(8192);
    });
    connect(m_process, &QProcess::finished, this, &LiveLabClient::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &LiveLabClient::onProcessError);
    m_source = QFileInfo(program).fileName();
    m_state = State::Running;
    m_process->start(program, arguments);
    if (m_silenceMs > 0)
        m_silence.start(m_silenceMs);
    emit started(program + QLatin1Char(' ') + arguments.join(QLatin1Char(' ')));
}

void LiveLabClient::cancel()
{
    if (!isRunning() || !m_process)
        return;
    m_cancelled = true;
    stopProcess(3000); // mpirun takes about a second to stop its ranks in order
}

void LiveLabClient::onSilence()
{
    if (!isRunning() || !m_process)
        return;
    m_timedOut = true;
    stopProcess(0);
}

void LiveLabClient::onReadyRead()
{
    if (m_silenceMs > 0)
        m_silence.start(m_silenceMs);
    consume(m_process->readAllStandardOutput());
}

void LiveLabClient::consume(const QByteArray& bytes)
{
    // Line by line, so that the records before an over-long line are kept and nothing after it is read.
    qsizetype from = 0;
    while (from < bytes.size() && !m_overlong) {
        const qsizetype newline = bytes.indexOf('\n', from);
        const qsizetype end = newline < 0 ? bytes.size() : newline;
        m_lineBytes += end - from;
        if (m_lineBytes > kMaxLineBytes) {
            m_overlong = true;
            if (isRunning())
                stopProcess(0);
            return;
        }
        const qsizetype next = newline < 0 ? bytes.size() : newline + 1;
        for (const std::string& line :
            m_lines.feed(std::string_view(bytes.constData() + from, static_cast<std::size_t>(next - from))))
            handleLine(line);
        if (newline >= 0)
            m_lineBytes = 0;
        from = next;
    }
}

namespace {
QString (*g_problemText)(std::string_view) = nullptr;
QString problemText(const std::string& written)
{
    return g_problemText ? g_problemText(written) : QString::fromStdString(written);
}
} // namespace

void LiveLabClient::setProblemText(QString (*text)(std::string_view written))
{
    g_problemText = text;
}

void LiveLabClient::handleLine(const std::string& line)
{
    if (line.find_first_not_of(" \t\r") == std::string::npos)
        return;
    const live::ParseResult parsed = live::parseLine(line);
    if (!parsed.ok()) {
        if (parsed.error->kind == live::ParseError::Kind::VersionMismatch) {
            m_errors.push_back({ "protocol", parsed.error->message, 0, -1 });
            emit warning(tr("The worker speaks another protocol version: %1").arg(problemText(parsed.error->message)));
            return;
        }
        if (parsed.error->kind == live::ParseError::Kind::BadField) {
            // A record of the protocol whose value is impossible (negative, overflowing, of the wrong type): a
            // broken worker, not a launcher's banner, so it fails the run as an out-of-range value does.
            if (m_rejected++ == 0)
                m_firstRejected = problemText(parsed.error->message);
            emit warning(tr("Skipped a record with an out-of-range value: %1").arg(problemText(parsed.error->message)));
            return;
        }
        if (m_badLines++ == 0)
            m_firstBadLine = problemText(parsed.error->message);
        emit warning(tr("Ignored a line that is not a live-lab record: %1").arg(problemText(parsed.error->message)));
        return;
    }
    const live::Record& record = *parsed.record;
    if (const auto why = outOfRange(record, m_hello ? m_hello->ranks : 0)) {
        if (m_rejected++ == 0)
            m_firstRejected = *why;
        emit warning(tr("Skipped a record with an out-of-range value: %1").arg(*why));
        return;
    }
    if (const auto* hello = std::get_if<live::HelloRecord>(&record)) {
        m_hello = *hello;
        m_source = QStringLiteral("commtutor-live %1").arg(QString::fromStdString(hello->backend));
        emit helloReceived();
    } else if (const auto* p = std::get_if<live::ProgressRecord>(&record)) {
        emit progressed(p->index, p->total, p->bytes, p->inPlace);
    } else if (const auto* m = std::get_if<live::MeasurementRecord>(&record)) {
        if (auto value = toMeasurement(*m, m_source)) {
            m_measurements.push_back(*value);
            emit measurementAdded(static_cast<int>(m_measurements.size()) - 1);
        } else {
            ++m_skipped;
            emit warning(tr("Skipped a measurement of unknown collective or type: %1 / %2")
                             .arg(QString::fromStdString(m->op), QString::fromStdString(m->dtype)));
        }
    } else if (const auto* o = std::get_if<live::OverlapRecord>(&record)) {
        m_overlaps.push_back(*o);
        emit overlapAdded(static_cast<int>(m_overlaps.size()) - 1);
    } else if (const auto* e = std::get_if<live::ErrorRecord>(&record)) {
        m_errors.push_back(*e);
    } else if (const auto* d = std::get_if<live::DoneRecord>(&record)) {
        m_doneRecord = *d;
        m_done = true;
    } else if (const auto* u = std::get_if<live::UnknownRecord>(&record)) {
        ++m_skipped;
        emit warning(
            tr("Skipped a record of unknown type \"%1\" (a newer worker?)").arg(QString::fromStdString(u->type)));
    }
}

void LiveLabClient::onProcessError(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart || !isRunning())
        return; // crashes and exits are handled in onFinished
    end(State::Failed,
        tr("Cannot start %1: %2. Build commtutor-live or point TUTOR_LIVE_WORKER at it.")
            .arg(m_process->program(), m_process->errorString()));
}

void LiveLabClient::onFinished(int exitCode, QProcess::ExitStatus status)
{
    if (!isRunning())
        return;
    consume(m_process->readAllStandardOutput());
    const std::string tail = m_overlong ? std::string() : m_lines.takeRemainder();
    const bool truncated = tail.find_first_not_of(" \t\r") != std::string::npos;
    if (truncated) {
        // A last line without newline is a record only if it parses; otherwise the worker died mid-line.
        const auto parsed = live::parseLine(tail);
        if (parsed.ok())
            handleLine(tail);
        else if (m_badLines++ == 0)
            m_firstBadLine = tr("the output ends in the middle of a line");
    }
    m_stderrTail += m_process->readAllStandardError();
    const QString stderrText = QString::fromUtf8(m_stderrTail).trimmed();
    const QString stderrLast = stderrText.section(QLatin1Char('\n'), -1);
    const QString kept = resultsKept(m_measurements.size());

    if (m_cancelled)
        return end(State::Cancelled, tr("Cancelled; %1.").arg(kept));
    if (m_timedOut)
        return end(State::Failed,
            tr("The worker printed nothing for %1 s and was stopped (a hung collective?); %2.")
                .arg(m_silenceMs / 1000.0)
                .arg(kept));
    if (m_overlong)
        return end(State::Failed,
            tr("The worker printed a line longer than %1 bytes and was stopped: its output is not the live-lab "
               "protocol; %2.")
                .arg(kMaxLineBytes)
                .arg(kept));
    if (!m_errors.empty()) {
        const live::ErrorRecord& e = m_errors.front();
        const QString call = e.call.empty() ? QString() : QString::fromStdString(e.call) + QStringLiteral(": ");
        const QString rank = e.rank >= 0 ? tr(" on rank %1").arg(e.rank) : QString();
        const QString meaning = e.code ? tr(" — %1 (exit %2)").arg(exitCodeMeaning(e.code)).arg(e.code) : QString();
        return end(State::Failed, tr("%1%2%3%4; %5.").arg(call, problemText(e.message), rank, meaning, kept));
    }
    if (status == QProcess::CrashExit)
        return end(State::Failed,
            tr("The worker crashed after %1 result(s); %2.%3")
                .arg(m_measurements.size())
                .arg(kept, stderrLast.isEmpty() ? QString() : QStringLiteral(" ") + stderrLast));
    const QString stderrNote = stderrLast.isEmpty() ? QString() : QStringLiteral(" ") + stderrLast;
    if (exitCode != 0 && !m_done)
        return end(State::Failed,
            tr("The worker exited with code %1 (%2) without reporting an error; %3.%4")
                .arg(exitCode)
                .arg(exitCodeMeaning(exitCode), kept, stderrNote));
    // The exit status outranks `done`: a worker that failed after writing it (in its teardown, or a rank other
    // than the one that wrote it) did not succeed. A correctness failure exits with the code `done` announced.
    const bool wrongResults = m_doneRecord && m_doneRecord->wrong > 0 && m_doneRecord->exitCode == exitCode
        && exitCode == static_cast<int>(live::ExitCode::WrongResults);
    if (exitCode != 0 && !wrongResults)
        return end(State::Failed,
            tr("The worker exited with code %1 (%2) after its final \"done\" record; %3.%4")
                .arg(exitCode)
                .arg(exitCodeMeaning(exitCode), kept, stderrNote));
    if (!m_done) {
        const QString why = m_badLines ? tr("its output is not the live-lab protocol (%1)").arg(m_firstBadLine)
                                       : tr("it ended without its final \"done\" record");
        return end(State::Failed, tr("The worker stopped early: %1; %2.").arg(why, kept));
    }
    if (m_doneRecord && m_doneRecord->wrong > 0)
        return end(State::Failed,
            tr("The correctness check found %1 wrong element(s); %2.").arg(m_doneRecord->wrong).arg(kept));
    if (m_rejected)
        return end(State::Failed,
            tr("%1 record(s) had out-of-range values and were skipped (first: %2); %3.")
                .arg(m_rejected)
                .arg(m_firstRejected, kept));
    QString summary = tr("%1 measurement(s), average bus bandwidth %2 GB/s.")
                          .arg(m_measurements.size())
                          .arg(m_doneRecord ? m_doneRecord->avgBusBwGBps : 0.0, 0, 'f', 2);
    if (m_badLines)
        summary += tr(" %1 line(s) were not protocol records and were ignored.").arg(m_badLines);
    end(State::Finished, summary);
}

void LiveLabClient::end(State state, const QString& message)
{
    m_silence.stop();
    m_state = state;
    m_message = message;
    if (state == State::Failed)
        emit failed(message);
    emit finished(state == State::Finished, message);
}

std::optional<model::Measurement> LiveLabClient::toMeasurement(const live::MeasurementRecord& r, const QString& source)
{
    const auto op = model::parseCollective(r.op);
    const auto dtype = model::parseDType(r.dtype);
    if (!op || !dtype)
        return std::nullopt;
    model::Measurement m;
    m.op = *op;
    m.bytes = r.bytes;
    m.count = r.count;
    m.dtype = *dtype;
    m.ranks = r.ranks;
    m.root = r.root;
    m.inPlace = r.inPlace;
    m.timeSeconds = r.timeUs * model::kMicro;
    m.algBwGBps = r.algBwGBps;
    m.busBwGBps = r.busBwGBps;
    m.wrong = r.wrong;
    m.minSeconds = r.minUs * model::kMicro;
    m.medianSeconds = r.medianUs * model::kMicro;
    m.p99Seconds = r.p99Us * model::kMicro;
    m.iterations = r.iterations;
    m.source = source.toStdString();
    return m;
}

QString LiveLabClient::exitCodeMeaning(int code)
{
    switch (static_cast<live::ExitCode>(code)) {
    case live::ExitCode::Ok:
        return tr("success");
    case live::ExitCode::Usage:
        return tr("a bad flag or value");
    case live::ExitCode::NotBuilt:
        return tr("this backend is not built into the worker");
    case live::ExitCode::NoDevice:
        return tr("no CUDA device, or fewer GPUs than asked");
    case live::ExitCode::LibraryError:
        return tr("a CUDA, NCCL or MPI call failed");
    case live::ExitCode::WrongResults:
        return tr("the correctness check found wrong elements");
    case live::ExitCode::Timeout:
        return tr("the worker's watchdog aborted a hung collective");
    case live::ExitCode::RankMismatch:
        return tr("the ranks do not match the request");
    case live::ExitCode::OutOfMemory:
        return tr("the buffers do not fit in memory, or allocating them failed");
    case live::ExitCode::Internal:
        return tr("an unexpected exception in the worker");
    case live::ExitCode::OutputFailed:
        return tr("the run ended, but its -J file could not be written");
    }
    return tr("unknown exit code");
}

std::optional<QString> LiveLabClient::outOfRange(const live::Record& record, int ranks)
{
    auto rule = [](const char* field, auto value, const QString& must) {
        return QStringLiteral("%1 = %2: %3").arg(QLatin1String(field), QString::number(value), must);
    };
    // Non-finite numbers and time_us ≤ 0 never get here: the protocol parser refuses them. These are the rules
    // one record cannot check alone (against hello, or one field against another).
    if (const auto* m = std::get_if<live::MeasurementRecord>(&record)) {
        if (m->bytes > model::kMaxMessageBytes)
            return rule("measurement.bytes", m->bytes,
                tr("must be at most %1 (1 TiB, the worker's largest size)").arg(model::kMaxMessageBytes));
        if (m->count > m->bytes)
            return rule("measurement.count", m->count,
                tr("must not exceed measurement.bytes = %1 (an element has at least one byte)").arg(m->bytes));
        if (ranks > 0 && m->ranks != ranks)
            return rule("measurement.ranks", m->ranks, tr("must equal hello.ranks = %1").arg(ranks));
        if (m->wrong > m->count * std::max(1, m->ranks))
            return rule("measurement.wrong", m->wrong,
                tr("must not exceed count × ranks = %1").arg(m->count * std::max(1, m->ranks)));
    } else if (const auto* p = std::get_if<live::ProgressRecord>(&record)) {
        if (p->index > p->total)
            return rule("progress.index", p->index, tr("must not exceed progress.total = %1").arg(p->total));
    } else if (const auto* o = std::get_if<live::OverlapRecord>(&record)) {
        for (const auto& [field, value] : { std::pair { "overlap.osu_overlap_pct", o->osuOverlapPct },
                 std::pair { "overlap.hta_overlap_pct", o->htaOverlapPct } })
            if (!(value >= 0 && value <= 100))
                return rule(field, value, tr("must be a percentage from 0 to 100"));
    }
    return std::nullopt;
}

} // namespace tutor::app
