// SPDX-License-Identifier: MIT
#pragma once
// Interview mode: multiple-choice questions, numeric questions generated with seeded random parameters and
// checked against the model's answer within a tolerance (with the worked solution), and open questions with
// the source's "answer in 60 seconds" timer, a model answer and self-grading. Missed questions come back first
// (LessonProgress's review queue).
#include "app/gui/lessons/lessonprogress.h"
#include "model/teach/design.h"
#include "model/teach/question.h"

#include <QFutureWatcher>
#include <QHash>
#include <QWidget>
#include <array>
#include <optional>
#include <vector>

class QButtonGroup;
class QComboBox;
class QLabel;
class QSpinBox;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTextBrowser;
class QTimer;
class QVBoxLayout;

namespace tutor::app {

class InterviewPage : public QWidget {
    Q_OBJECT
public:
    InterviewPage(LessonProgress& progress, QWidget* parent = nullptr);

    void setQuestions(const std::vector<model::Question>& questions, model::Language language);
    int questionCount() const { return static_cast<int>(m_questions.size()); }
    QStringList questionIds() const;

    /// Shows a question by id; numeric questions are generated with `seed`. False for an unknown id.
    bool showQuestion(const QString& id, quint64 seed = 1);
    /// The next question: the review queue first, then questions never answered, then any (of the chosen kind).
    void nextQuestion();
    QString currentId() const;

    /// The quiz at the end of a lesson: Next brings only the questions whose step is in `lessonId` (unanswered
    /// first) until the learner goes back to all lessons; an empty id is every question.
    void startLessonQuiz(const QString& lessonId);
    QString lessonQuiz() const { return m_lessonQuiz; }
    /// The questions of `lessonId` (their step is one of its steps).
    int lessonQuestionCount(const QString& lessonId) const;

    /// Answers the current question (false when it is of another kind or already answered). `index` is the
    /// choice's index in the question file; the options are shown shuffled per attempt (model::choiceOrder).
    bool answerChoice(int index);
    bool answerNumeric(double value);
    /// Design questions: grades the layout against the layout search (model/teach/design.h); the answer counts as
    /// right with full credit, and lastCredit() says 0, 0.5 or 1. The search starts in the background when the
    /// question is shown; an answer given before it ends is graded when it does (gradingPending() until then).
    bool answerDesign(const model::DesignAnswer& answer);
    bool gradingPending() const { return m_pendingDesign.has_value(); }
    int designSearchesRunning() const { return static_cast<int>(m_designSearching.size()); }
    int designSearchesKept() const { return static_cast<int>(m_designSearches.size()); }
    bool designSearchKept(const QString& id) const { return m_designSearches.contains(id); }
    double lastCredit() const { return m_lastCredit; }
    /// Open questions: shows the model answer (also when the timer runs out), then gradeOpen records it.
    void revealOpen();
    bool gradeOpen(bool gotIt);
    int secondsLeft() const { return m_secondsLeft; }
    bool lastAnswerCorrect() const { return m_lastCorrect; }
    /// The feedback shown after answering (explanation, worked solution or model answer).
    QString feedbackMarkdown() const { return m_feedbackMarkdown; }
    /// The numeric instance shown now (tests compare it with the closed forms).
    const std::optional<model::NumericInstance>& numericInstance() const { return m_instance; }

    void retranslate();

signals:
    /// "lesson-id#step-id": the learner asked to see the lesson step behind the question.
    void showStepRequested(const QString& stepRef);
    /// The answer was recorded but progress.json could not be written: the file, the reason, the old file kept.
    void saveFailed(const QString& error);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    const model::Question* current() const;
    void render();
    void finish(bool correct, const QString& feedback);
    void updateScore();
    void tick();
    /// Starts the layout search of design question `question` on the thread pool, unless it ran or runs.
    void searchDesign(const model::Question& question);
    void designSearched(const QString& id, model::Result<model::SearchResult> result);
    void gradeDesign(const model::Question& question, const model::DesignAnswer& answer);

    LessonProgress& m_progress;
    std::vector<model::Question> m_questions;
    model::Language m_language = model::Language::En;
    int m_current = -1;
    quint64 m_seed = 1;
    std::optional<model::NumericInstance> m_instance;
    bool m_answered = false;
    bool m_revealed = false;
    bool m_lastCorrect = false;
    int m_secondsLeft = 0;
    QString m_feedbackMarkdown;
    QString m_feedbackSource; ///< unresolved feedback kept to re-render on a language switch

    QLabel* m_score = nullptr;
    QComboBox* m_filter = nullptr;
    QString m_lessonQuiz; ///< the lesson whose quiz runs; empty: every lesson
    QLabel* m_quizLabel = nullptr;
    QPushButton* m_allLessons = nullptr;
    QLabel* m_kind = nullptr;
    QTextBrowser* m_prompt = nullptr;
    QWidget* m_choiceBox = nullptr;
    QVBoxLayout* m_choiceLayout = nullptr;
    QButtonGroup* m_choiceGroup = nullptr;
    QList<QWidget*> m_choiceRows; ///< one per option: its button and its wrapped text
    QWidget* m_numericBox = nullptr;
    QLineEdit* m_numericEdit = nullptr;
    QLabel* m_unit = nullptr;
    QWidget* m_openBox = nullptr;
    QWidget* m_designBox = nullptr;
    std::array<QSpinBox*, 5> m_design {}; ///< dp, tp, pp, ep, ZeRO stage
    std::array<QLabel*, 5> m_designLabels {};
    QHash<QString, model::SearchResult> m_designSearches; ///< per design question: the last few searched
    QStringList m_designSearchOrder; ///< m_designSearches' keys, oldest first
    QHash<QString, QFutureWatcher<model::Result<model::SearchResult>>*> m_designSearching; ///< searches running
    std::optional<model::DesignAnswer> m_pendingDesign; ///< the current question's answer, waiting for its search
    double m_lastCredit = 0;
    QProgressBar* m_timerBar = nullptr;
    QPushButton* m_reveal = nullptr;
    QPushButton* m_gotIt = nullptr;
    QPushButton* m_missed = nullptr;
    QPushButton* m_submit = nullptr;
    QTextBrowser* m_feedback = nullptr;
    QPushButton* m_showStep = nullptr;
    QPushButton* m_next = nullptr;
    QTimer* m_timer = nullptr;
};

} // namespace tutor::app
