// SPDX-License-Identifier: MIT
#pragma once
// A learner's progress, saved as JSON under QStandardPaths::AppDataLocation (per user) and reloaded on start:
// lessons finished, the furthest step reached in each lesson, and per question the attempts, correct answers
// and whether it is due again. A missed question enters the review queue; answering it right removes it.
#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

namespace tutor::app {

class LessonProgress {
public:
    struct QuestionRecord {
        int attempts = 0;
        int correct = 0;
        bool due = false; ///< in the review queue
        bool operator==(const QuestionRecord&) const = default;
    };

    /// The default file: <AppDataLocation>/progress.json.
    static QString defaultPath();

    /// Reads `path` if it exists (a missing or unreadable file starts empty and reports why in `error`).
    explicit LessonProgress(QString path = defaultPath());

    bool load(QString* error = nullptr);
    bool save(QString* error = nullptr) const;
    const QString& path() const { return m_path; }

    void markStepReached(const QString& lessonId, int step);
    int stepReached(const QString& lessonId) const { return m_steps.value(lessonId, 0); }
    void markLessonDone(const QString& lessonId);
    bool isLessonDone(const QString& lessonId) const { return m_done.contains(lessonId); }
    int lessonsDone() const { return static_cast<int>(m_done.size()); }

    /// Records an answer (self-graded for open questions); a miss puts the question in the review queue.
    void recordAnswer(const QString& questionId, bool correct);
    QuestionRecord record(const QString& questionId) const { return m_questions.value(questionId); }
    /// Questions due again, in a stable order.
    QStringList reviewQueue() const;
    int answered() const;
    int answeredCorrectly() const;

private:
    QString m_path;
    QSet<QString> m_done;
    QHash<QString, int> m_steps;
    QHash<QString, QuestionRecord> m_questions;
};

} // namespace tutor::app
