// SPDX-License-Identifier: MIT
#include "app/gui/livelab/liverunjournal.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

namespace tutor::app {

namespace {

constexpr auto kHeaderType = "live_run_journal";
constexpr auto kFinishedType = "live_run_finished";
// A journal is a few hundred bytes per measurement; anything far larger is not one.
constexpr qint64 kMaxJournalBytes = qint64 { 64 } << 20;

QString cannotWrite(const QString& path, const QString& reason)
{
    return QCoreApplication::translate("tutor::app::LiveRunJournal", "%1: cannot be written: %2").arg(path, reason);
}

QByteArray jsonLine(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace

LiveRunJournal::LiveRunJournal(QString path)
    : m_path(std::move(path))
    , m_file(m_path)
{
}

QString LiveRunJournal::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/live-run.jsonl");
}

QString LiveRunJournal::begin(const QDateTime& started)
{
    m_file.close();
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Unbuffered))
        return cannotWrite(m_path, m_file.errorString());
    return writeLine(
        jsonLine({ { QStringLiteral("type"), QLatin1String(kHeaderType) }, { QStringLiteral("version"), 1 },
            { QStringLiteral("started"), started.toUTC().toString(Qt::ISODateWithMs) } }));
}

QString LiveRunJournal::resume()
{
    m_file.close();
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered))
        return cannotWrite(m_path, m_file.errorString());
    return {};
}

QString LiveRunJournal::append(const model::Measurement& measurement)
{
    if (!m_file.isOpen())
        return cannotWrite(m_path, QCoreApplication::translate("tutor::app::LiveRunJournal", "no run was started"));
    return writeLine(QByteArray::fromStdString(model::toJsonLines({ measurement })));
}

QString LiveRunJournal::finish()
{
    if (!m_file.isOpen())
        return {};
    const QString error = writeLine(jsonLine({ { QStringLiteral("type"), QLatin1String(kFinishedType) },
        { QStringLiteral("at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) } }));
    m_file.close();
    return error;
}

QString LiveRunJournal::writeLine(const QByteArray& line)
{
    // Unbuffered, one record per write and a flush after it: the record reaches the operating system before the
    // next arrives, so it survives the window being killed; a torn last line is skipped when reading back. The
    // rest of a short write is written again, since only that retry carries the system's reason.
    qint64 written = 0;
    while (written < line.size()) {
        const qint64 n = m_file.write(line.constData() + written, line.size() - written);
        if (n <= 0)
            break;
        written += n;
    }
    if (written != line.size() || !m_file.flush() || m_file.error() != QFileDevice::NoError) {
        const QString error = cannotWrite(m_path, m_file.errorString());
        m_file.unsetError();
        return error;
    }
    return {};
}

std::optional<InterruptedRun> LiveRunJournal::interrupted(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray bytes = file.read(kMaxJournalBytes);
    InterruptedRun run;
    bool finished = false;
    for (const QByteArray& raw : bytes.split('\n')) {
        const QByteArray line = raw.trimmed();
        if (line.isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
        if (!doc.isObject()) {
            ++run.skippedLines;
            continue;
        }
        const QString type = doc.object().value(QStringLiteral("type")).toString();
        if (type == QLatin1String(kHeaderType)) {
            run.started
                = QDateTime::fromString(doc.object().value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
        } else if (type == QLatin1String(kFinishedType)) {
            finished = true;
        } else if (auto parsed = model::parseMeasurementLines(line.toStdString(), {}); // no file name as source
                   parsed && parsed->size() == 1) {
            run.measurements.push_back(parsed->front());
        } else {
            ++run.skippedLines;
        }
    }
    if (finished || run.measurements.empty())
        return std::nullopt;
    return run;
}

bool LiveRunJournal::discard(const QString& path)
{
    return !QFile::exists(path) || QFile::remove(path);
}

} // namespace tutor::app
