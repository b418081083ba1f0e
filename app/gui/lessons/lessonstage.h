// SPDX-License-Identifier: MIT
#pragma once
// The Lessons page: a view over LessonPlayer (lesson list, Markdown text with figures computed from the scene,
// the scene drawn with the collective, timeline or charts view, step back/forward, and the step's task with a
// small control for the field it names) and the interview mode (InterviewPage). It forwards what the user asks
// for to the player and displays what the player emits; the public API below delegates to the player.
// Lesson text follows the application's language (QLocale default, set by tutor::app::Language).
#include "app/gui/lessons/lessonplayer.h"
#include "app/gui/stage.h"

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

    /// The page's controller: lessons, step, scene, task, progress and language live there.
    LessonPlayer* player() const { return m_player; }

    /// LessonPlayer::findLessonsDir().
    static QString findLessonsDir();

    /// Loads every lesson and the question bank; false (and a message) when files have problems.
    bool loadLessons(const QString& dir);
    int lessonCount() const { return m_player->lessonCount(); }
    QString lessonId(int index) const { return m_player->lessonId(index); }
    void openLesson(int index) { m_player->openLesson(index); }
    int currentLesson() const { return m_player->currentLesson(); }
    int currentStep() const { return m_player->currentStep(); }
    int stepCount() const { return m_player->stepCount(); }

    /// True when the step has no task or its task is met.
    bool canGoNext() const { return m_player->canGoNext(); }
    /// Moves to the next step (finishing the lesson after the last one); false when a task blocks it.
    bool next() { return m_player->next(); }
    bool back() { return m_player->back(); }

    bool hasTask() const { return m_player->hasTask(); }
    bool taskMet() const { return m_player->taskMet(); }
    /// The field the task's control edits ("bytes", "comm.bucket_MiB"); empty without a task.
    QString taskControl() const { return m_player->taskControl(); }
    /// Sets the task's field, re-evaluates the scene and checks the task. False when the scene rejects the value
    /// (the previous value stays and the problem is shown).
    bool setControlValue(const QString& value) { return m_player->setControlValue(value); }

    /// The step's Markdown with every figure resolved in the current language.
    QString stepMarkdown() const { return m_player->stepMarkdown(); }
    /// Figures of the current scene (empty when it failed to evaluate).
    const model::Figures& figures() const { return m_player->figures(); }
    QString sceneProblems() const { return m_player->sceneProblems(); }

    model::Language language() const { return m_player->language(); }
    void setLanguage(model::Language language) { m_player->setLanguage(language); }

    void showInterview(bool interview);
    InterviewPage* interviewPage() const { return m_interview; }
    LessonProgress& progress() { return m_player->progress(); }
    /// The widget the scene is drawn in (for screenshots).
    QWidget* sceneArea() const;

    double duration() const override;
    void setTime(double t) override;
    double time() const override { return m_time * duration(); }
    /// Every schedule step of a collective scene, every event start of a timeline scene.
    std::vector<double> stops() const override;
    double naturalRate() const override;
    bool timeInSteps() const override;
    void setColors(const views::Palette& palette) override;
    QString explanation() const override;
    void retranslate() override;

    /// Opens lesson `lessonId` at step `stepId` (used by the interview's "show me" link).
    bool goToStep(const QString& lessonId, const QString& stepId) { return m_player->goToStep(lessonId, stepId); }

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildUi();
    void connectPlayer();
    void showHeader();
    void showStepStart();
    void showScene(const LessonScene& scene);
    void showBars(const LessonScene& scene);
    void showSceneProblems(const QString& problems);
    void showTask(const LessonTask& task);
    void showRejected(const QString& problems);
    void showTime();
    void refreshList();
    void applyControl();

    LessonPlayer* m_player = nullptr;
    /// Playback position as a fraction of duration(): a new step starts at its scene's "time", a changed
    /// control value keeps it.
    double m_time = 0;

    QTabWidget* m_tabs = nullptr;
    QListWidget* m_list = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_stepLabel = nullptr;
    QTextBrowser* m_text = nullptr;
    QStackedWidget* m_sceneStack = nullptr;
    views::CollectiveView* m_collectiveView = nullptr;
    views::TimelineView* m_timelineView = nullptr;
    QWidget* m_timelinePage = nullptr; ///< the timeline and its legend
    views::BreakdownChart* m_breakdown = nullptr; ///< the "charts" view: the step's time by part
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
