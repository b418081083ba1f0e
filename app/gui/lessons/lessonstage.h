#pragma once
// The Lessons page: a lesson player (lesson list, Markdown text with figures computed from the scene, the scene
// drawn with the collective or timeline view, step back/forward, and the step's task checked against the
// scene's state with a small control for the field it names) and the interview mode (InterviewPage).
// Lesson text follows the application's language (QLocale default, set by tutor::app::Language).
#include "app/gui/stage.h"
#include "lessonprogress.h"

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse the C++20 standard headers the model pulls in
#include "model/teach/lessonscene.h"
#include "model/teach/question.h"
#endif

#include <memory>
#include <optional>

class QLabel;
class QLineEdit;
class QComboBox;
class QListWidget;
class QPushButton;
class QStackedWidget;
class QTabWidget;
class QTextBrowser;
class QGroupBox;

namespace tutor::views {
class BreakdownChart;
class CollectiveView;
class TimelineView;
} // namespace tutor::views

namespace tutor::app {

class InterviewPage;

class LessonStage : public Stage {
    Q_OBJECT
public:
    /// `lessonsDir` empty: findLessonsDir(). `progressPath` empty: LessonProgress::defaultPath().
    explicit LessonStage(QWidget* parent = nullptr, const QString& lessonsDir = {}, const QString& progressPath = {});
    ~LessonStage() override;

    /// TUTOR_LESSONS_DIR, then $TUTOR_SOURCE_DIR/lessons, then a `lessons` folder next to or above the
    /// executable (build trees), then <exe>/../share/commtutor/lessons. Empty when none is found.
    static QString findLessonsDir();

    /// Loads every lesson and the question bank; false (and a message) when files have problems.
    bool loadLessons(const QString& dir);
    int lessonCount() const;
    QString lessonId(int index) const;
    void openLesson(int index);
    int currentLesson() const { return m_lesson; }
    int currentStep() const { return m_step; }
    int stepCount() const;

    /// True when the step has no task or its task is met.
    bool canGoNext() const;
    /// Moves to the next step (finishing the lesson after the last one); false when a task blocks it.
    bool next();
    bool back();

    bool hasTask() const;
    bool taskMet() const { return m_taskMet; }
    /// The field the task's control edits ("bytes", "comm.bucket_MiB"); empty without a task.
    QString taskControl() const;
    /// Sets the task's field, re-evaluates the scene and checks the task. False when the scene rejects the value
    /// (the previous value stays and the problem is shown).
    bool setControlValue(const QString& value);

    /// The step's Markdown with every figure resolved in the current language.
    QString stepMarkdown() const;
    /// Figures of the current scene (empty when it failed to evaluate).
    const model::Figures& figures() const;
    QString sceneProblems() const { return m_sceneProblems; }

    model::Language language() const { return m_language; }
    void setLanguage(model::Language language);

    void showInterview(bool interview);
    InterviewPage* interviewPage() const { return m_interview; }
    LessonProgress& progress() { return m_progress; }
    /// The widget the scene is drawn in (for screenshots).
    QWidget* sceneArea() const;

    double duration() const override;
    void setTime(double t) override;
    double naturalRate() const override;
    bool timeInSteps() const override;
    void setColors(const views::Palette& palette) override;
    QString explanation() const override;
    void retranslate() override;

    /// Opens lesson `lessonId` at step `stepId` (used by the interview's "show me" link).
    bool goToStep(const QString& lessonId, const QString& stepId);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildUi();
    void showStep();
    void evaluate();
    void updateTask();
    void refreshList();
    void applyControl();

    QString m_dir;
    LessonProgress m_progress;
    std::vector<model::Lesson> m_lessons;
    std::vector<model::Question> m_questions;
    model::SceneContext m_context;
    int m_lesson = -1;
    int m_step = 0;
    model::Scene m_scene; ///< the current step's scene with the learner's edits
    std::optional<model::SceneResult> m_result;
    QString m_sceneProblems;
    bool m_taskMet = false;
    model::Language m_language = model::Language::En;
    double m_time = 0;

    QTabWidget* m_tabs = nullptr;
    QListWidget* m_list = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_stepLabel = nullptr;
    QTextBrowser* m_text = nullptr;
    QStackedWidget* m_sceneStack = nullptr;
    views::CollectiveView* m_collectiveView = nullptr;
    views::TimelineView* m_timelineView = nullptr;
    views::BreakdownChart* m_breakdown = nullptr; ///< the "charts" view: the step's time by part
    /// The "charts" view compares with the step before the learner's last change on the same lesson step.
    std::optional<model::StepMetrics> m_chartMetrics;
    QString m_chartStep; ///< "lesson#step" m_chartMetrics belongs to
    QLabel* m_fallback = nullptr;
    QGroupBox* m_taskBox = nullptr;
    QLabel* m_taskInstruction = nullptr;
    QLabel* m_controlLabel = nullptr;
    QLineEdit* m_controlEdit = nullptr;
    QComboBox* m_controlCombo = nullptr;
    QPushButton* m_applyButton = nullptr;
    QLabel* m_taskStatus = nullptr;
    QPushButton* m_backButton = nullptr;
    QPushButton* m_nextButton = nullptr;
    QLabel* m_progressLabel = nullptr;
    InterviewPage* m_interview = nullptr;
};

} // namespace tutor::app
