// SPDX-License-Identifier: MIT
#include "app/gui/lessons/lessonplayer.h"

#include "app/datadir/datadir.h"
#include "model/collectives/algorithm.h"
#include "model/collectives/hardware.h"
#include "model/io/jsonsafe.h"
#include "views/text.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLocale>

namespace tutor::app {

namespace {

model::Language localeLanguage()
{
    return QLocale().language() == QLocale::Chinese ? model::Language::ZhCN : model::Language::En;
}

/// The names a collective scene's field accepts, offered as a list instead of free text.
QStringList choicesFor(const QString& field)
{
    if (field == QLatin1String("op"))
        return { QStringLiteral("allreduce"), QStringLiteral("reducescatter"), QStringLiteral("allgather"),
            QStringLiteral("broadcast"), QStringLiteral("reduce"), QStringLiteral("alltoall"),
            QStringLiteral("sendrecv") };
    if (field == QLatin1String("algorithm")) {
        QStringList out { QStringLiteral("auto") };
        for (const auto a : model::concreteAlgorithms())
            out << views::toQString(model::name(a));
        return out;
    }
    if (field == QLatin1String("protocol"))
        return { QStringLiteral("auto"), QStringLiteral("LL"), QStringLiteral("LL128"), QStringLiteral("Simple") };
    if (field == QLatin1String("dtype"))
        return { QStringLiteral("bf16"), QStringLiteral("fp16"), QStringLiteral("fp32"), QStringLiteral("fp8"),
            QStringLiteral("int8") };
    if (field == QLatin1String("preset")) {
        QStringList out;
        for (const auto& p : model::presets())
            out << views::toQString(p.id);
        return out;
    }
    return {};
}
} // namespace

LessonPlayer::LessonPlayer(const QString& progressPath, QObject* parent)
    : QObject(parent)
    , m_progress(progressPath.isEmpty() ? LessonProgress::defaultPath() : progressPath)
    , m_language(localeLanguage())
{
}

QString LessonPlayer::findLessonsDir()
{
    const auto dir = findDataDir(DataKind::Lessons, QCoreApplication::applicationDirPath().toStdString());
    return QString::fromStdString(dir.string());
}

bool LessonPlayer::loadLessons(const QString& dir)
{
    auto lessons = model::loadLessons(dir.toStdString());
    if (!lessons) {
        m_loadProblems = views::problemsText(lessons.problems());
        return false;
    }
    m_loadProblems.clear();
    m_lessons = std::move(lessons).value();
    m_context = model::contextForLessons(dir.toStdString());
    auto questions = model::loadQuestions(QDir(dir).filePath(QStringLiteral("questions")).toStdString());
    if (questions) {
        m_questions = std::move(questions).value();
        m_questionProblems.clear();
    } else {
        m_questions.clear();
        m_questionProblems = views::toQString(questions.problems().front().text());
    }
    emit lessonsLoaded();
    openLesson(0);
    return true;
}

QString LessonPlayer::lessonId(int index) const
{
    return index >= 0 && index < lessonCount() ? views::toQString(m_lessons[index].id) : QString();
}

int LessonPlayer::stepCount() const
{
    return m_lesson >= 0 ? static_cast<int>(m_lessons[m_lesson].steps.size()) : 0;
}

const model::Lesson* LessonPlayer::lesson() const
{
    return m_lesson >= 0 ? &m_lessons[m_lesson] : nullptr;
}

const model::LessonStep* LessonPlayer::step() const
{
    return m_lesson >= 0 ? &m_lessons[m_lesson].steps[m_step] : nullptr;
}

void LessonPlayer::openLesson(int index)
{
    if (index < 0 || index >= lessonCount())
        return;
    enterLesson(index);
    m_step = 0;
    showStep();
}

void LessonPlayer::enterLesson(int index)
{
    if (index != m_lesson && m_context.simulations)
        m_context.simulations->clear(); // the memo is for one lesson's steps: a large timeline is not kept past it
    m_lesson = index;
}

bool LessonPlayer::goToStep(const QString& lessonId, const QString& stepId)
{
    for (int i = 0; i < lessonCount(); ++i) {
        if (views::toQString(m_lessons[i].id) != lessonId)
            continue;
        const auto& steps = m_lessons[i].steps;
        for (int s = 0; s < static_cast<int>(steps.size()); ++s)
            if (views::toQString(steps[s].id) == stepId) {
                enterLesson(i);
                m_step = s;
                showStep();
                return true;
            }
    }
    return false;
}

bool LessonPlayer::next()
{
    if (!canGoNext())
        return false;
    if (m_step + 1 < stepCount()) {
        ++m_step;
        showStep();
        return true;
    }
    m_progress.markLessonDone(views::toQString(m_lessons[m_lesson].id));
    QString error;
    if (!m_progress.save(&error))
        emit saveFailed(error);
    emit progressChanged();
    const QString finished = views::toQString(m_lessons[m_lesson].id);
    if (m_lesson + 1 < lessonCount())
        openLesson(m_lesson + 1);
    emit lessonFinished(finished);
    return true;
}

bool LessonPlayer::back()
{
    if (m_lesson < 0 || m_step == 0)
        return false;
    --m_step;
    showStep();
    return true;
}

void LessonPlayer::showStep()
{
    m_edited = m_lessons[m_lesson].steps[m_step].scene;
    m_progress.markStepReached(views::toQString(m_lessons[m_lesson].id), m_step);
    emit stepChanged(m_lesson, m_step);
    auto result = evaluate();
    if (result) {
        m_stepFigures = result->figures;
        accept(std::move(result).value());
    } else {
        m_stepFigures = {};
        m_scene.reset();
        m_sceneProblems = views::problemsText(result.problems());
        emit sceneFailed(m_sceneProblems);
    }
    updateTask();
}

model::Result<model::SceneResult> LessonPlayer::evaluate() const
{
    // The step's compare scenes are evaluated beside the (possibly edited) scene, so the text's comparisons resolve.
    return model::evaluateStep(m_lessons[m_lesson].steps[m_step], m_edited, m_context);
}

void LessonPlayer::accept(model::SceneResult result)
{
    LessonScene scene;
    scene.highlight = m_edited.highlight;
    if (result.cost && result.request) {
        scene.view = model::SceneView::Collective;
        const auto& r = *result.request;
        auto schedule
            = model::makeSchedule(r.op, result.cost->algorithm, r.topology.ranks(), r.bytes, r.root, &r.topology);
        if (schedule)
            scene.schedule = std::move(schedule).value();
        else
            scene.scheduleProblem = schedule.problems().front().rule;
    } else if (m_edited.view == model::SceneView::Charts && result.metrics) {
        scene.view = model::SceneView::Charts;
        // The comparison is with the same lesson step before the learner's last change, so it shows what the
        // change did; another step starts a new comparison.
        const auto& l = m_lessons[m_lesson];
        const auto here = views::toQString(l.id) + QLatin1Char('#') + views::toQString(l.steps[m_step].id);
        if (m_lastMetricsStep == here && m_lastMetrics && !(*m_lastMetrics == *result.metrics))
            scene.before = m_lastMetrics;
        m_lastMetrics = result.metrics;
        m_lastMetricsStep = here;
    } else {
        scene.view = model::SceneView::Timeline;
    }
    scene.result = std::move(result);
    m_scene = std::move(scene);
    m_sceneProblems.clear();
    emit sceneEvaluated(*m_scene);
}

bool LessonPlayer::setControlValue(const QString& value)
{
    if (!hasTask())
        return false;
    const auto previous = m_edited;
    model::setSceneField(m_edited, m_task.control.toStdString(), value.trimmed().toStdString());
    auto result = evaluate();
    if (!result) {
        m_edited = previous;
        emit valueRejected(views::problemsText(result.problems()));
        return false;
    }
    accept(std::move(result).value());
    updateTask();
    return true;
}

const model::Figures& LessonPlayer::figures() const
{
    static const model::Figures none;
    return m_scene ? m_scene->result.figures : none;
}

QString LessonPlayer::stepMarkdown() const
{
    if (const auto* s = step())
        return views::toQString(model::resolveTemplate(s->text.in(m_language), m_stepFigures).text);
    return {};
}

void LessonPlayer::updateTask()
{
    LessonTask task;
    const auto* s = step();
    if (s && s->task) {
        const auto& t = *s->task;
        task.present = true;
        task.met = false;
        task.control = views::toQString(t.condition.control);
        task.instruction = views::toQString(model::resolveTemplate(t.instruction.in(m_language), m_stepFigures).text);
        task.hint = views::toQString(t.hint.in(m_language));
        if (m_edited.kind == model::SceneKind::Collective)
            task.choices = choicesFor(task.control);
        if (m_scene) {
            const auto v = model::sceneField(m_scene->result, t.condition.control);
            task.value = v.is_string() ? views::toQString(v.get<std::string>())
                                       : (v.is_null() ? QString() : views::toQString(io::dumpText(v)));
            const auto check = model::checkCondition(t.condition, m_scene->result);
            task.checked = true;
            task.met = check.met && check.problems.empty();
            task.actual = views::toQString(check.actual);
            task.problems = views::problemsText(check.problems);
        } else {
            task.problems = m_sceneProblems;
        }
    }
    m_task = std::move(task);
    emit taskChanged(m_task);
}

void LessonPlayer::setLanguage(model::Language language)
{
    if (language == m_language)
        return;
    m_language = language;
    emit languageChanged(language);
    if (m_lesson >= 0)
        updateTask();
}

} // namespace tutor::app
