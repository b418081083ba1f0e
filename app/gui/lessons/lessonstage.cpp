#include "lessonstage.h"

#include "interviewpage.h"
#include "model/collectives/schedule.h"
#include "views/charts/breakdownchart.h"
#include "views/collectiveview.h"
#include "views/palette.h"
#include "views/timelineview.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

namespace tutor::app {

namespace {
QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

model::Language localeLanguage()
{
    return QLocale().language() == QLocale::Chinese ? model::Language::ZhCN : model::Language::En;
}

QStringList choicesFor(const QString& field)
{
    if (field == QLatin1String("op"))
        return { "allreduce", "reducescatter", "allgather", "broadcast", "reduce", "alltoall", "sendrecv" };
    if (field == QLatin1String("algorithm")) {
        QStringList out { "auto" };
        for (const auto a : model::concreteAlgorithms())
            out << q(std::string(model::name(a)));
        return out;
    }
    if (field == QLatin1String("protocol"))
        return { "auto", "LL", "LL128", "Simple" };
    if (field == QLatin1String("dtype"))
        return { "bf16", "fp16", "fp32", "fp8", "int8" };
    if (field == QLatin1String("preset")) {
        QStringList out;
        for (const auto& p : model::presets())
            out << q(p.id);
        return out;
    }
    return {};
}
} // namespace

LessonStage::LessonStage(QWidget* parent, const QString& lessonsDir, const QString& progressPath)
    : Stage(parent)
    , m_progress(progressPath.isEmpty() ? LessonProgress::defaultPath() : progressPath)
    , m_language(localeLanguage())
{
    setObjectName(QStringLiteral("lessonStage"));
    buildUi();
    const auto dir = lessonsDir.isEmpty() ? findLessonsDir() : lessonsDir;
    if (!dir.isEmpty())
        loadLessons(dir);
    else
        m_text->setMarkdown(tr("No lessons folder was found. Set TUTOR_LESSONS_DIR to the `lessons` folder."));
}

LessonStage::~LessonStage() = default;

QString LessonStage::findLessonsDir()
{
    auto valid = [](const QString& d) { return !d.isEmpty() && QFileInfo(QDir(d).filePath("questions")).isDir(); };
    if (const auto env = qEnvironmentVariable("TUTOR_LESSONS_DIR"); valid(env))
        return env;
    if (const auto src = qEnvironmentVariable("TUTOR_SOURCE_DIR"); valid(src + "/lessons"))
        return src + "/lessons";
    QDir dir(QCoreApplication::applicationDirPath());
    for (int up = 0; up < 6; ++up) {
        if (valid(dir.filePath("lessons")))
            return dir.filePath("lessons");
        if (!dir.cdUp())
            break;
    }
    const auto share = QCoreApplication::applicationDirPath() + "/../share/commtutor/lessons";
    return valid(share) ? QDir::cleanPath(share) : QString();
}

void LessonStage::buildUi()
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(splitter);

    m_list = new QListWidget(splitter);
    m_list->setObjectName(QStringLiteral("lessonList"));
    m_list->setMinimumWidth(260);
    m_list->setWordWrap(true);
    m_list->setTextElideMode(Qt::ElideNone);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row != m_lesson)
            openLesson(row);
    });

    m_tabs = new QTabWidget(splitter);
    auto* page = new QWidget(m_tabs);
    auto* v = new QVBoxLayout(page);
    m_title = new QLabel(page);
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    v->addWidget(m_title);

    auto* body = new QSplitter(Qt::Vertical, page);
    m_sceneStack = new QStackedWidget(body);
    m_collectiveView = new views::CollectiveView(m_sceneStack);
    m_timelineView = new views::TimelineView(m_sceneStack);
    m_breakdown = new views::BreakdownChart(m_sceneStack);
    m_breakdown->setObjectName(QStringLiteral("lessonBreakdown"));
    m_fallback = new QLabel(m_sceneStack);
    m_fallback->setWordWrap(true);
    m_fallback->setAlignment(Qt::AlignCenter);
    m_fallback->setTextFormat(Qt::RichText);
    m_sceneStack->addWidget(m_collectiveView);
    m_sceneStack->addWidget(m_timelineView);
    m_sceneStack->addWidget(m_breakdown);
    m_sceneStack->addWidget(m_fallback);

    auto* lower = new QWidget(body);
    auto* lv = new QVBoxLayout(lower);
    lv->setContentsMargins(0, 0, 0, 0);
    m_text = new QTextBrowser(lower);
    m_text->setObjectName(QStringLiteral("lessonText"));
    m_text->setOpenExternalLinks(false);
    lv->addWidget(m_text, 1);

    m_taskBox = new QGroupBox(lower);
    auto* tv = new QVBoxLayout(m_taskBox);
    m_taskInstruction = new QLabel(m_taskBox);
    m_taskInstruction->setWordWrap(true);
    tv->addWidget(m_taskInstruction);
    auto* row = new QHBoxLayout;
    m_controlLabel = new QLabel(m_taskBox);
    m_controlEdit = new QLineEdit(m_taskBox);
    m_controlEdit->setObjectName(QStringLiteral("taskControlEdit"));
    m_controlCombo = new QComboBox(m_taskBox);
    m_controlCombo->setObjectName(QStringLiteral("taskControlCombo"));
    m_applyButton = new QPushButton(m_taskBox);
    row->addWidget(m_controlLabel);
    row->addWidget(m_controlEdit, 1);
    row->addWidget(m_controlCombo, 1);
    row->addWidget(m_applyButton);
    tv->addLayout(row);
    m_taskStatus = new QLabel(m_taskBox);
    m_taskStatus->setWordWrap(true);
    m_taskStatus->setObjectName(QStringLiteral("taskStatus"));
    tv->addWidget(m_taskStatus);
    lv->addWidget(m_taskBox);
    connect(m_applyButton, &QPushButton::clicked, this, &LessonStage::applyControl);
    connect(m_controlEdit, &QLineEdit::returnPressed, this, &LessonStage::applyControl);
    connect(m_controlCombo, &QComboBox::activated, this, [this] { applyControl(); });

    auto* nav = new QHBoxLayout;
    m_backButton = new QPushButton(lower);
    m_nextButton = new QPushButton(lower);
    m_nextButton->setObjectName(QStringLiteral("nextStep"));
    m_stepLabel = new QLabel(lower);
    m_progressLabel = new QLabel(lower);
    nav->addWidget(m_backButton);
    nav->addWidget(m_stepLabel);
    nav->addStretch(1);
    nav->addWidget(m_progressLabel);
    nav->addWidget(m_nextButton);
    lv->addLayout(nav);
    connect(m_backButton, &QPushButton::clicked, this, &LessonStage::back);
    connect(m_nextButton, &QPushButton::clicked, this, &LessonStage::next);

    body->addWidget(m_sceneStack);
    body->addWidget(lower);
    body->setStretchFactor(0, 1);
    body->setStretchFactor(1, 1);
    body->setSizes({ 420, 420 });
    v->addWidget(body, 1);
    m_tabs->addTab(page, QString());

    m_interview = new InterviewPage(m_progress, m_tabs);
    m_tabs->addTab(m_interview, QString());
    connect(m_interview, &InterviewPage::showStepRequested, this, [this](const QString& ref) {
        const auto hash = ref.indexOf('#');
        if (goToStep(ref.left(hash), ref.mid(hash + 1)))
            showInterview(false);
    });
    splitter->addWidget(m_list);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({ 300, 1100 });
    retranslate();
}

bool LessonStage::loadLessons(const QString& dir)
{
    auto lessons = model::loadLessons(dir.toStdString());
    if (!lessons) {
        const auto text = q(model::toText(lessons.problems()));
        m_text->setPlainText(text);
        emit message(tr("Lessons could not be loaded: %1").arg(text.section('\n', 0, 0)), true);
        return false;
    }
    m_dir = dir;
    m_lessons = std::move(lessons).value();
    m_context = model::contextForLessons(dir.toStdString());
    auto questions = model::loadQuestions(QDir(dir).filePath("questions").toStdString());
    if (questions)
        m_questions = std::move(questions).value();
    else
        emit message(tr("Questions could not be loaded: %1").arg(q(questions.problems().front().text())), true);
    m_interview->setQuestions(m_questions, m_language);
    refreshList();
    openLesson(0);
    return true;
}

int LessonStage::lessonCount() const
{
    return static_cast<int>(m_lessons.size());
}

QString LessonStage::lessonId(int index) const
{
    return index >= 0 && index < lessonCount() ? q(m_lessons[index].id) : QString();
}

int LessonStage::stepCount() const
{
    return m_lesson >= 0 ? static_cast<int>(m_lessons[m_lesson].steps.size()) : 0;
}

void LessonStage::refreshList()
{
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (const auto& l : m_lessons) {
        const auto id = q(l.id);
        const auto mark = m_progress.isLessonDone(id) ? QStringLiteral("✓ ") : QStringLiteral("    ");
        m_list->addItem(mark + q(l.id.substr(0, 2)) + QStringLiteral("  ") + q(l.title.in(m_language)));
    }
    m_list->setCurrentRow(m_lesson);
    m_progressLabel->setText(tr("%1 of %2 lessons done").arg(m_progress.lessonsDone()).arg(lessonCount()));
}

void LessonStage::openLesson(int index)
{
    if (index < 0 || index >= lessonCount())
        return;
    m_lesson = index;
    m_step = 0;
    {
        const QSignalBlocker block(m_list);
        m_list->setCurrentRow(index);
    }
    showStep();
}

bool LessonStage::goToStep(const QString& lessonId, const QString& stepId)
{
    for (int i = 0; i < lessonCount(); ++i) {
        if (q(m_lessons[i].id) != lessonId)
            continue;
        const auto& steps = m_lessons[i].steps;
        for (int s = 0; s < static_cast<int>(steps.size()); ++s)
            if (q(steps[s].id) == stepId) {
                openLesson(i);
                m_step = s;
                showStep();
                return true;
            }
    }
    return false;
}

void LessonStage::showStep()
{
    if (m_lesson < 0)
        return;
    const auto& step = m_lessons[m_lesson].steps[m_step];
    m_scene = step.scene;
    m_progress.markStepReached(q(m_lessons[m_lesson].id), m_step);
    evaluate();
    m_time = m_scene.time;
    setTime(m_scene.time * duration());
    emit durationChanged(duration());
    emit explanationChanged(explanation());
}

void LessonStage::evaluate()
{
    auto result = model::evaluateScene(m_scene, m_context);
    if (!result) {
        m_sceneProblems = q(model::toText(result.problems()));
        m_result.reset();
        m_fallback->setText(tr("<p>This scene cannot be shown:</p><pre>%1</pre>").arg(m_sceneProblems.toHtmlEscaped()));
        m_sceneStack->setCurrentWidget(m_fallback);
    } else {
        m_sceneProblems.clear();
        m_result = std::move(result).value();
        if (m_result->cost && m_result->request) {
            const auto& r = *m_result->request;
            auto schedule = model::makeSchedule(
                r.op, m_result->cost->algorithm, r.topology.ranks(), r.bytes, r.root, &r.topology);
            if (schedule)
                m_collectiveView->setSchedule(*schedule, r.topology);
            else
                m_collectiveView->setTopologyOnly(r.topology, q(schedule.problems().front().rule));
            m_sceneStack->setCurrentWidget(m_collectiveView);
        } else if (m_scene.view == "charts" && m_result->metrics) {
            const QString here = q(m_lessons[m_lesson].id) + QLatin1Char('#') + q(m_lessons[m_lesson].steps[m_step].id);
            std::vector<views::BreakdownChart::Bar> bars;
            if (m_chartStep == here && m_chartMetrics && !(*m_chartMetrics == *m_result->metrics))
                bars.push_back({ tr("before the change"), *m_chartMetrics });
            bars.push_back({ tr("this step"), *m_result->metrics });
            m_breakdown->setBars(std::move(bars));
            m_chartMetrics = m_result->metrics;
            m_chartStep = here;
            m_sceneStack->setCurrentWidget(m_breakdown);
        } else if (m_result->timeline) {
            m_timelineView->setTimeline(*m_result->timeline);
            views::TimelineHighlight h;
            const auto& hl = m_scene.highlight;
            if (hl == "dp")
                h.laneKind = model::LaneKind::DpComm;
            else if (hl == "tp")
                h.laneKind = model::LaneKind::TpComm;
            else if (hl == "pp")
                h.laneKind = model::LaneKind::PpComm;
            else if (hl == "ep")
                h.laneKind = model::LaneKind::EpComm;
            else if (hl == "exposed")
                h.eventKind = model::EventKind::Communication;
            else if (hl == "bubble")
                h.eventKind = model::EventKind::Idle;
            m_timelineView->setHighlight(h);
            m_sceneStack->setCurrentWidget(m_timelineView);
        }
    }
    m_text->setMarkdown(stepMarkdown());
    const auto& lesson = m_lessons[m_lesson];
    const auto& step = lesson.steps[m_step];
    m_title->setText(q(lesson.title.in(m_language)) + QStringLiteral(" — ") + q(step.title.in(m_language)));
    m_stepLabel->setText(tr("Step %1 of %2").arg(m_step + 1).arg(stepCount()));
    updateTask();
}

const model::Figures& LessonStage::figures() const
{
    static const model::Figures none;
    return m_result ? m_result->figures : none;
}

QString LessonStage::stepMarkdown() const
{
    if (m_lesson < 0)
        return {};
    const auto& text = m_lessons[m_lesson].steps[m_step].text.in(m_language);
    return q(model::resolveTemplate(text, figures()).text);
}

bool LessonStage::hasTask() const
{
    return m_lesson >= 0 && m_lessons[m_lesson].steps[m_step].task.has_value();
}

QString LessonStage::taskControl() const
{
    return hasTask() ? q(m_lessons[m_lesson].steps[m_step].task->condition.control) : QString();
}

void LessonStage::updateTask()
{
    const bool task = hasTask();
    m_taskBox->setVisible(task);
    m_taskMet = !task;
    if (task) {
        const auto& t = *m_lessons[m_lesson].steps[m_step].task;
        const auto control = taskControl();
        m_taskInstruction->setText(q(model::resolveTemplate(t.instruction.in(m_language), figures()).text));
        m_controlLabel->setText(control + QStringLiteral(":"));
        const auto choices = choicesFor(control);
        QString current;
        if (m_result) {
            const auto v = model::sceneField(*m_result, control.toStdString());
            current = v.is_string() ? q(v.get<std::string>()) : (v.is_null() ? QString() : q(v.dump()));
        }
        m_controlCombo->setVisible(!choices.isEmpty() && m_scene.kind == model::SceneKind::Collective);
        m_controlEdit->setVisible(!m_controlCombo->isVisible());
        if (m_controlCombo->isVisible()) {
            const QSignalBlocker block(m_controlCombo);
            m_controlCombo->clear();
            m_controlCombo->addItems(choices);
            m_controlCombo->setCurrentText(current);
        } else {
            m_controlEdit->setText(current);
        }
        if (m_result) {
            const auto check = model::checkCondition(t.condition, *m_result);
            m_taskMet = check.met && check.problems.empty();
            const auto shown = q(check.actual);
            m_taskStatus->setText(m_taskMet ? tr("✓ Done (%1). Continue with Next.").arg(shown)
                                            : tr("Not yet: now %1. Hint: %2").arg(shown, q(t.hint.in(m_language))));
        } else {
            m_taskStatus->setText(m_sceneProblems);
        }
    }
    m_backButton->setEnabled(m_step > 0);
    m_nextButton->setEnabled(m_taskMet);
    m_nextButton->setText(m_step + 1 < stepCount() ? tr("Next ▶") : tr("Finish lesson ✓"));
}

void LessonStage::applyControl()
{
    setControlValue(m_controlCombo->isVisible() ? m_controlCombo->currentText() : m_controlEdit->text());
}

bool LessonStage::setControlValue(const QString& value)
{
    if (!hasTask())
        return false;
    const auto previous = m_scene;
    model::setSceneField(m_scene, taskControl().toStdString(), value.trimmed().toStdString());
    if (!model::evaluateScene(m_scene, m_context)) {
        const auto problems = model::evaluateScene(m_scene, m_context).problems();
        m_scene = previous;
        evaluate();
        m_taskStatus->setText(tr("Not applied: %1").arg(q(model::toText(problems))));
        return false;
    }
    evaluate();
    setTime(m_time * duration());
    emit durationChanged(duration());
    return true;
}

bool LessonStage::canGoNext() const
{
    return m_lesson >= 0 && m_taskMet;
}

bool LessonStage::next()
{
    if (!canGoNext())
        return false;
    if (m_step + 1 < stepCount()) {
        ++m_step;
        showStep();
        return true;
    }
    m_progress.markLessonDone(q(m_lessons[m_lesson].id));
    QString error;
    if (!m_progress.save(&error))
        emit message(error, true);
    refreshList();
    if (m_lesson + 1 < lessonCount())
        openLesson(m_lesson + 1);
    return true;
}

bool LessonStage::back()
{
    if (m_step == 0)
        return false;
    --m_step;
    showStep();
    return true;
}

void LessonStage::setLanguage(model::Language language)
{
    if (language == m_language)
        return;
    m_language = language;
    m_interview->setQuestions(m_questions, m_language);
    refreshList();
    if (m_lesson >= 0)
        evaluate();
    emit explanationChanged(explanation());
}

void LessonStage::showInterview(bool interview)
{
    m_tabs->setCurrentIndex(interview ? 1 : 0);
}

QWidget* LessonStage::sceneArea() const
{
    return m_sceneStack;
}

double LessonStage::duration() const
{
    if (m_sceneStack->currentWidget() == m_collectiveView)
        return m_collectiveView->steps();
    if (m_sceneStack->currentWidget() == m_timelineView && m_result && m_result->timeline)
        return m_result->timeline->duration;
    return 0;
}

void LessonStage::setTime(double t)
{
    const double d = duration();
    t = std::clamp(t, 0.0, d);
    m_time = d > 0 ? t / d : 0;
    if (m_sceneStack->currentWidget() == m_collectiveView)
        m_collectiveView->setTime(t);
    else if (m_sceneStack->currentWidget() == m_timelineView)
        m_timelineView->setTime(t);
    emit timeChanged(t);
}

void LessonStage::setColors(const views::Palette& palette)
{
    m_collectiveView->setColors(palette);
    m_timelineView->setColors(palette);
    m_breakdown->setColors(palette);
}

bool LessonStage::timeInSteps() const
{
    return m_sceneStack->currentWidget() == m_collectiveView;
}

double LessonStage::naturalRate() const
{
    if (m_sceneStack->currentWidget() == m_timelineView)
        return duration() / 8; // a whole step in about eight seconds
    return 1; // one schedule step per second
}

QString LessonStage::explanation() const
{
    if (m_lesson < 0)
        return {};
    const auto& l = m_lessons[m_lesson];
    return QStringLiteral("<b>%1</b><p>%2</p>")
        .arg(q(l.title.in(m_language)).toHtmlEscaped(), q(l.summary.in(m_language)).toHtmlEscaped());
}

void LessonStage::retranslate()
{
    m_tabs->setTabText(0, tr("Lesson"));
    m_tabs->setTabText(1, tr("Interview"));
    m_taskBox->setTitle(tr("Task"));
    m_applyButton->setText(tr("Apply"));
    m_backButton->setText(tr("◀ Back"));
    m_applyButton->setToolTip(tr("Change the scene and check the task"));
    m_nextButton->setToolTip(tr("Next step (enabled once the task is done)"));
    m_backButton->setToolTip(tr("Previous step"));
    m_list->setToolTip(tr("Lessons; ✓ marks the ones you finished"));
    m_breakdown->retranslate();
    m_interview->retranslate();
    if (m_lesson >= 0)
        updateTask();
    if (lessonCount() > 0)
        m_progressLabel->setText(tr("%1 of %2 lessons done").arg(m_progress.lessonsDone()).arg(lessonCount()));
}

void LessonStage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        setLanguage(localeLanguage());
        retranslate();
    }
    Stage::changeEvent(event);
}

} // namespace tutor::app
