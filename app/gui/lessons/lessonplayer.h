// SPDX-License-Identifier: MIT
#pragma once
// The Lessons page's controller: the lessons and the question bank, the lesson and step on screen, the step's
// scene with the learner's edits evaluated once per change, the task checked against it, the learner's
// progress and the lesson language. No widgets: LessonStage displays what it emits and forwards what the user
// asks for, and tests drive it directly. Messages meant for the learner are worded by the stage (translations),
// so everything here is data: problems as the model words them, figures, flags.
#include "app/gui/lessons/lessonprogress.h"
#include "model/collectives/schedule.h"
#include "model/teach/lessonscene.h"
#include "model/teach/question.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace tutor::app {

/// The current step's scene after an evaluation that succeeded: the model's result and what it is drawn with.
struct LessonScene {
    /// The view that draws it: Collective when the scene predicted a collective, otherwise the scene's own
    /// Timeline or Charts.
    model::SceneView view = model::SceneView::Collective;
    model::SceneHighlight highlight = model::SceneHighlight::None;
    model::SceneResult result;
    /// Collective scenes: the chosen algorithm's schedule on the scene's topology, when it has one.
    std::optional<model::Schedule> schedule;
    std::string scheduleProblem; ///< why there is no schedule (the model's rule)
    /// Charts: the step's metrics before the learner's last change of this same step, when they differ.
    std::optional<model::StepMetrics> before;
};

/// The step's task as the learner sees it; `present` false for a step without a task.
struct LessonTask {
    bool present = false;
    bool met = true; ///< a step without a task counts as met
    QString control; ///< the field the control edits ("bytes", "comm.bucket_MiB")
    QString value; ///< the control's current value in the evaluated scene
    QStringList choices; ///< the names the field accepts in a collective scene; empty: free text
    QString actual; ///< the compared value, formatted ("64 MiB (67.1 MB)")
    QString instruction; ///< resolved with the scene's figures, in the current language
    QString hint;
    bool checked = false; ///< the scene evaluated, so `met` and `actual` are known
    /// Not checked: the scene's problems; checked: the condition's (its field or metric does not apply).
    QString problems;
    bool operator==(const LessonTask&) const = default;
};

class LessonPlayer : public QObject {
    Q_OBJECT
public:
    /// `progressPath` empty: LessonProgress::defaultPath().
    explicit LessonPlayer(const QString& progressPath = {}, QObject* parent = nullptr);

    /// TUTOR_LESSONS_DIR, then the installed <exe>/../share/commtutor/lessons, then the source tree's
    /// (app/datadir/datadir.h, findDataDir()). Empty when none is found.
    static QString findLessonsDir();

    /// Loads every lesson and the question bank, then opens the first lesson. False when the lessons have
    /// problems (loadProblems()); questions with problems leave the bank empty (questionProblems()).
    bool loadLessons(const QString& dir);
    QString loadProblems() const { return m_loadProblems; }
    QString questionProblems() const { return m_questionProblems; }
    const std::vector<model::Lesson>& lessons() const { return m_lessons; }
    const std::vector<model::Question>& questions() const { return m_questions; }
    int lessonCount() const { return static_cast<int>(m_lessons.size()); }
    QString lessonId(int index) const;

    /// Opens lesson `index` at its first step; ignored when out of range.
    void openLesson(int index);
    /// Opens lesson `lessonId` at step `stepId`; false when either is unknown.
    bool goToStep(const QString& lessonId, const QString& stepId);
    int currentLesson() const { return m_lesson; }
    int currentStep() const { return m_step; }
    int stepCount() const;
    /// The lesson and step on screen; null before a lesson is open.
    const model::Lesson* lesson() const;
    const model::LessonStep* step() const;

    /// True when the step has no task or its task is met.
    bool canGoNext() const { return m_lesson >= 0 && m_task.met; }
    /// Moves to the next step (finishing the lesson after the last one, which opens the next lesson); false
    /// when a task blocks it.
    bool next();
    bool back();

    const LessonTask& task() const { return m_task; }
    bool hasTask() const { return m_task.present; }
    bool taskMet() const { return m_task.met; }
    QString taskControl() const { return m_task.control; }
    /// Sets the task's field and evaluates the edited scene once. False when the scene rejects the value: the
    /// previous value and its evaluation stay, and valueRejected() carries the problems.
    bool setControlValue(const QString& value);

    /// The current scene, or null when it failed to evaluate (sceneProblems() says why).
    const LessonScene* scene() const { return m_scene ? &*m_scene : nullptr; }
    QString sceneProblems() const { return m_sceneProblems; }
    /// Figures of the current scene (empty when it failed to evaluate).
    const model::Figures& figures() const;
    /// The step's Markdown with every figure resolved in the current language.
    QString stepMarkdown() const;

    model::Language language() const { return m_language; }
    /// Changes the language of every text; the scene is not evaluated again (figures do not depend on it).
    void setLanguage(model::Language language);

    LessonProgress& progress() { return m_progress; }
    const LessonProgress& progress() const { return m_progress; }

signals:
    /// The lesson list or the question bank changed (after loadLessons()).
    void lessonsLoaded();
    /// Another step is on screen (its scene evaluation follows at once).
    void stepChanged(int lesson, int step);
    /// The scene was evaluated, once per step change or accepted control value.
    void sceneEvaluated(const tutor::app::LessonScene& scene);
    /// The step's own scene failed to evaluate; `problems` is the model's text.
    void sceneFailed(const QString& problems);
    /// A control value was evaluated and rejected; the previous scene stays.
    void valueRejected(const QString& problems);
    /// The task's state after any change (step, value, language).
    void taskChanged(const tutor::app::LessonTask& task);
    /// A lesson was finished (and the progress file written).
    void progressChanged();
    /// The learner finished lesson `lessonId` (after its last step; the next lesson is open already).
    void lessonFinished(const QString& lessonId);
    void languageChanged(tutor::model::Language language);
    /// The progress file could not be written; `error` names it.
    void saveFailed(const QString& error);

private:
    /// Makes `index` the current lesson; another lesson than before starts with an empty simulation memo.
    void enterLesson(int index);
    void showStep();
    /// Evaluates m_edited. Called once per change; each call is followed by exactly one of sceneEvaluated,
    /// sceneFailed (a step's own scene) or valueRejected (a control value).
    model::Result<model::SceneResult> evaluate() const;
    /// Makes `result` the current scene: chooses its view, builds a collective's schedule, keeps the charts'
    /// comparison, and emits sceneEvaluated.
    void accept(model::SceneResult result);
    void updateTask();

    LessonProgress m_progress;
    std::vector<model::Lesson> m_lessons;
    std::vector<model::Question> m_questions;
    QString m_loadProblems;
    QString m_questionProblems;
    model::SceneContext m_context;
    model::Language m_language = model::Language::En;
    int m_lesson = -1;
    int m_step = 0;
    model::Scene m_edited; ///< the current step's scene with the learner's edits
    std::optional<LessonScene> m_scene; ///< its last accepted evaluation
    /// The figures of the step's scene as the lesson wrote it: the text quotes these, so a task's edits change
    /// the view and the task's status but never the sentences (whose claims hold for the written scene).
    model::Figures m_stepFigures;
    QString m_sceneProblems;
    LessonTask m_task;
    /// The metrics of the last evaluation and the "lesson#step" they belong to, for the charts' comparison.
    std::optional<model::StepMetrics> m_lastMetrics;
    QString m_lastMetricsStep;
};

} // namespace tutor::app
