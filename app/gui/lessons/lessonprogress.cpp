// SPDX-License-Identifier: MIT
#include "app/gui/lessons/lessonprogress.h"

#include "app/gui/savefile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <algorithm>

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
        m_questions.insert(it.key(),
            { std::max(0, o.value(QStringLiteral("attempts")).toInt()),
                std::max(0, o.value(QStringLiteral("correct")).toInt()), o.value(QStringLiteral("due")).toBool() });
    }
    return true;
}

bool LessonProgress::save(QString* error) const
{
    QJsonObject root;
    QStringList done(m_done.begin(), m_done.end());
    done.sort();
    root.insert(QStringLiteral("version"), 1);
    root.insert(QStringLiteral("lessons_done"), QJsonArray::fromStringList(done));
    QJsonObject steps;
    for (auto it = m_steps.begin(); it != m_steps.end(); ++it)
        steps.insert(it.key(), it.value());
    root.insert(QStringLiteral("steps"), steps);
    QJsonObject questions;
    for (auto it = m_questions.begin(); it != m_questions.end(); ++it)
        questions.insert(it.key(),
            QJsonObject { { QStringLiteral("attempts"), it->attempts }, { QStringLiteral("correct"), it->correct },
                { QStringLiteral("due"), it->due } });
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

void LessonProgress::recordAnswer(const QString& questionId, bool correct)
{
    auto& r = m_questions[questionId];
    ++r.attempts;
    if (correct)
        ++r.correct;
    r.due = !correct;
}

QStringList LessonProgress::reviewQueue() const
{
    QStringList due;
    for (auto it = m_questions.begin(); it != m_questions.end(); ++it)
        if (it->due)
            due << it.key();
    due.sort();
    return due;
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
