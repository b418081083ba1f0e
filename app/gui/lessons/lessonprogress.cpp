// SPDX-License-Identifier: MIT
#include "app/gui/lessons/lessonprogress.h"

#include "app/gui/savefile.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace tutor::app {

QString LessonProgress::defaultPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("progress.json"));
}

LessonProgress::LessonProgress(QString path)
    : m_path(std::move(path))
{
    load();
}

bool LessonProgress::load(QString* error)
{
    m_done.clear();
    m_steps.clear();
    m_questions.clear();
    QFile file(m_path);
    if (!file.exists())
        return true;
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QObject::tr("%1: cannot be read").arg(m_path);
        return false;
    }
    QJsonParseError parseError;
    const auto doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!doc.isObject()) {
        if (error)
            *error = QObject::tr("%1: not a progress file (%2)").arg(m_path, parseError.errorString());
        return false;
    }
    const auto root = doc.object();
    for (const auto& v : root.value(QStringLiteral("lessons_done")).toArray())
        m_done.insert(v.toString());
    const auto steps = root.value(QStringLiteral("steps")).toObject();
    for (auto it = steps.begin(); it != steps.end(); ++it)
        m_steps.insert(it.key(), std::max(0, it.value().toInt()));
    const auto questions = root.value(QStringLiteral("questions")).toObject();
    for (auto it = questions.begin(); it != questions.end(); ++it) {
        const auto o = it.value().toObject();
        QuestionRecord r;
        r.attempts = std::max(0, o.value(QStringLiteral("attempts")).toInt());
        r.correct = std::clamp(o.value(QStringLiteral("correct")).toInt(), 0, r.attempts);
        const auto card = o.value(QStringLiteral("sm2")).toObject();
        if (!card.isEmpty()) {
            const double easiness = card.value(QStringLiteral("easiness")).toDouble(2.5);
            r.card.easiness = std::isfinite(easiness) ? std::clamp(easiness, model::kMinEasiness, 5.0) : 2.5;
            r.card.repetitions = std::clamp(card.value(QStringLiteral("repetitions")).toInt(), 0, 1 << 20);
            r.card.intervalDays = std::clamp(card.value(QStringLiteral("interval_days")).toInt(), 0, 3650);
            const double due = card.value(QStringLiteral("due_day")).toDouble();
            r.card.dueDay = std::isfinite(due) ? static_cast<std::int64_t>(std::clamp(due, 0.0, 1e7)) : 0;
        } else {
            // Version 1 files: a question in the review queue is due now; one answered right, tomorrow.
            r.card.dueDay = o.value(QStringLiteral("due")).toBool() ? 0 : today() + 1;
        }
        m_questions.insert(it.key(), r);
    }
    return true;
}

bool LessonProgress::save(QString* error) const
{
    QJsonObject root;
    QStringList done(m_done.begin(), m_done.end());
    done.sort();
    root.insert(QStringLiteral("version"), 2);
    root.insert(QStringLiteral("lessons_done"), QJsonArray::fromStringList(done));
    QJsonObject steps;
    for (auto it = m_steps.begin(); it != m_steps.end(); ++it)
        steps.insert(it.key(), it.value());
    root.insert(QStringLiteral("steps"), steps);
    QJsonObject questions;
    for (auto it = m_questions.begin(); it != m_questions.end(); ++it)
        questions.insert(it.key(),
            QJsonObject { { QStringLiteral("attempts"), it->attempts }, { QStringLiteral("correct"), it->correct },
                { QStringLiteral("sm2"),
                    QJsonObject { { QStringLiteral("easiness"), it->card.easiness },
                        { QStringLiteral("repetitions"), it->card.repetitions },
                        { QStringLiteral("interval_days"), it->card.intervalDays },
                        { QStringLiteral("due_day"), static_cast<double>(it->card.dueDay) } } } });
    root.insert(QStringLiteral("questions"), questions);
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    const QString failure = saveFileAtomically(m_path, QJsonDocument(root).toJson());
    if (error)
        *error = failure;
    return failure.isEmpty();
}

void LessonProgress::markStepReached(const QString& lessonId, int step)
{
    if (step > m_steps.value(lessonId, 0))
        m_steps.insert(lessonId, step);
}

void LessonProgress::markLessonDone(const QString& lessonId)
{
    m_done.insert(lessonId);
}

std::int64_t LessonProgress::dayOf(const QDate& date)
{
    return QDate(1970, 1, 1).daysTo(date);
}

std::int64_t LessonProgress::today()
{
    return dayOf(QDateTime::currentDateTimeUtc().date());
}

void LessonProgress::recordAnswer(const QString& questionId, bool correct, std::int64_t day)
{
    auto& r = m_questions[questionId];
    ++r.attempts;
    if (correct)
        ++r.correct;
    r.card = model::review(r.card, model::qualityOf(correct), day);
}

QStringList LessonProgress::reviewQueue(std::int64_t day) const
{
    std::vector<std::pair<std::int64_t, QString>> due;
    for (auto it = m_questions.begin(); it != m_questions.end(); ++it)
        if (it->dueOn(day))
            due.emplace_back(it->card.dueDay, it.key());
    std::sort(due.begin(), due.end());
    QStringList out;
    for (const auto& [when, id] : due)
        out << id;
    return out;
}

std::optional<std::int64_t> LessonProgress::nextDueAfter(std::int64_t day) const
{
    std::optional<std::int64_t> next;
    for (const auto& r : m_questions)
        if (r.attempts > 0 && r.card.dueDay > day && (!next || r.card.dueDay < *next))
            next = r.card.dueDay;
    return next;
}

int LessonProgress::answered() const
{
    int n = 0;
    for (const auto& r : m_questions)
        n += r.attempts;
    return n;
}

int LessonProgress::answeredCorrectly() const
{
    int n = 0;
    for (const auto& r : m_questions)
        n += r.correct;
    return n;
}

} // namespace tutor::app
