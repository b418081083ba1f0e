// SPDX-License-Identifier: MIT
#pragma once
// A learner's progress, saved as JSON under QStandardPaths::AppDataLocation (per user) and reloaded on start:
// lessons finished, the furthest step reached in each lesson, and per question the attempts, correct answers
// and its spaced-repetition card (SM-2: model/teach/spacedrepetition.h). A question is due when its card's day has
// come: a miss makes it due at once, a right answer moves it 1, 6, then EF × the last interval days ahead.
#include "model/teach/spacedrepetition.h"

#include <QDate>
#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>

namespace tutor::app {

class LessonProgress {
public:
    struct QuestionRecord {
        int attempts = 0;
        int correct = 0;
        model::Sm2Card card; ///< when it is due again
        bool operator==(const QuestionRecord&) const = default;
        /// Answered at least once and due on `day` (days since 1970-01-01).
        bool dueOn(std::int64_t day) const { return attempts > 0 && card.dueDay <= day; }
    };

    /// Today as a day number (days since 1970-01-01, UTC), the scheduler's clock.
    static std::int64_t today();
    static std::int64_t dayOf(const QDate& date);

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

    /// Records an answer (self-graded for open questions) on `day`: the question's SM-2 card is reviewed with
    /// quality 4 (right) or 1 (wrong); a miss is due again the same day.
    void recordAnswer(const QString& questionId, bool correct, std::int64_t day = today());
    QuestionRecord record(const QString& questionId) const { return m_questions.value(questionId); }
    /// Questions due on `day`, the longest overdue first (then by id).
    QStringList reviewQueue(std::int64_t day = today()) const;
    /// The earliest day any answered question is due after `day`, or nullopt when none is.
    std::optional<std::int64_t> nextDueAfter(std::int64_t day) const;
    int answered() const;
    int answeredCorrectly() const;

private:
    QString m_path;
    QSet<QString> m_done;
    QHash<QString, int> m_steps;
    QHash<QString, QuestionRecord> m_questions;
};

} // namespace tutor::app
