// SPDX-License-Identifier: MIT
#include "app/gui/lessons/lessonstage.h"

#include "app/gui/lessons/interviewpage.h"
#include "views/charts/breakdownchart.h"
#include "views/collectiveview.h"
#include "views/palette.h"
#include "views/text.h"
#include "views/timelineview.h"

#include <QComboBox>
#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

namespace tutor::app {

namespace {

model::Language localeLanguage()
{
    return QLocale().language() == QLocale::Chinese ? model::Language::ZhCN : model::Language::En;
}

/// What the timeline emphasises for the scene's highlight.
views::TimelineHighlight timelineHighlight(model::SceneHighlight highlight)
{
    views::TimelineHighlight h;
    switch (highlight) {
    case model::SceneHighlight::None:
        break;
    case model::SceneHighlight::Dp:
        h.laneKind = model::LaneKind::DpComm;
        break;
    case model::SceneHighlight::Tp:
        h.laneKind = model::LaneKind::TpComm;
        break;
    case model::SceneHighlight::Pp:
        h.laneKind = model::LaneKind::PpComm;
        break;
    case model::SceneHighlight::Ep:
        h.laneKind = model::LaneKind::EpComm;
        break;
    case model::SceneHighlight::Cp:
        h.laneKind = model::LaneKind::CpComm;
        break;
    case model::SceneHighlight::Exposed:
        h.eventKind = model::EventKind::Communication;
        break;
    case model::SceneHighlight::Bubble:
        h.eventKind = model::EventKind::Idle;
        break;
    }
    return h;
}
/// A short lesson text (a task's instruction or hint) as rich text: `code` and **bold** spans are shown, not typed.
QString inlineMarkdown(const QString& text)
{
    static const QRegularExpression code(QStringLiteral("`([^`]+)`"));
    static const QRegularExpression bold(QStringLiteral("\\*\\*([^*]+)\\*\\*"));
    QString html = text.toHtmlEscaped();
    html.replace(code, QStringLiteral("<code>\\1</code>"));
    html.replace(bold, QStringLiteral("<b>\\1</b>"));
    return html;
}

/// What a task's choice list shows for the value `id` of `field`: a collective's or a hardware preset's name,
/// not its command-line id; algorithms, protocols and types keep the names NCCL gives them.
QString choiceText(const QString& field, const QString& id)
{
    if (field == QLatin1String("op"))
        if (const auto op = model::parseCollective(id.toStdString()))
            return views::toQString(model::name(*op));
    if (field == QLatin1String("preset"))
        if (const QString name = views::presetName(id); !name.isEmpty())
            return name;
    return id;
}

} // namespace

LessonStage::LessonStage(QWidget* parent, const QString& lessonsDir, const QString& progressPath)
    : Stage(parent)
    , m_player(new LessonPlayer(progressPath, this))
{
    setObjectName(QStringLiteral("lessonStage"));
    buildUi();
    connectPlayer();
    const auto dir = lessonsDir.isEmpty() ? findLessonsDir() : lessonsDir;
    if (!dir.isEmpty())
        loadLessons(dir);
    else
        m_text->setMarkdown(tr("No lessons folder was found. Set TUTOR_LESSONS_DIR to the `lessons` folder."));
}

LessonStage::~LessonStage() = default;

QString LessonStage::findLessonsDir()
{
    return LessonPlayer::findLessonsDir();
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
        if (row >= 0 && row != m_player->currentLesson())
            m_player->openLesson(row);
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
    // The timeline with its legend under it (what forward, backward, red and hatching mean).
    m_timelinePage = new QWidget(m_sceneStack);
    auto* timelineLayout = new QVBoxLayout(m_timelinePage);
    timelineLayout->setContentsMargins(0, 0, 0, 0);
    timelineLayout->setSpacing(0);
    m_timelineView = new views::TimelineView(m_timelinePage);
    timelineLayout->addWidget(m_timelineView, 1);
    timelineLayout->addWidget(m_timelineView->legend(m_timelinePage));
    m_breakdown = new views::BreakdownChart(m_sceneStack);
    m_breakdown->setObjectName(QStringLiteral("lessonBreakdown"));
    m_fallback = new QLabel(m_sceneStack);
    m_fallback->setWordWrap(true);
    m_fallback->setAlignment(Qt::AlignCenter);
    m_fallback->setTextFormat(Qt::RichText);
    m_sceneStack->addWidget(m_collectiveView);
    m_sceneStack->addWidget(m_timelinePage);
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
    m_taskInstruction->setTextFormat(Qt::RichText);
    tv->addWidget(m_taskInstruction);
    auto* row = new QHBoxLayout;
    m_controlLabel = new QLabel(m_taskBox);
    m_controlLabel->setWordWrap(true);
    m_controlEdit = new QLineEdit(m_taskBox);
    m_controlEdit->setObjectName(QStringLiteral("taskControlEdit"));
    m_controlCombo = new QComboBox(m_taskBox);
    m_controlCombo->setObjectName(QStringLiteral("taskControlCombo"));
    // A choice list can hold long names (hardware presets): the box elides them rather than widen the page.
    m_controlCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_controlCombo->setMinimumContentsLength(16);
    m_applyButton = new QPushButton(m_taskBox);
    row->addWidget(m_controlLabel);
    row->addWidget(m_controlEdit, 1);
    row->addWidget(m_controlCombo, 1);
    row->addWidget(m_applyButton);
    tv->addLayout(row);
    m_taskStatus = new QLabel(m_taskBox);
    m_taskStatus->setWordWrap(true);
    m_taskStatus->setTextFormat(Qt::RichText);
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
    connect(m_backButton, &QPushButton::clicked, m_player, &LessonPlayer::back);
    connect(m_nextButton, &QPushButton::clicked, m_player, &LessonPlayer::next);

    body->addWidget(m_sceneStack);
    body->addWidget(lower);
    body->setStretchFactor(0, 1);
    body->setStretchFactor(1, 1);
    body->setSizes({ 420, 420 });
    v->addWidget(body, 1);
    m_tabs->addTab(page, QString());

    m_interview = new InterviewPage(m_player->progress(), m_tabs);
    m_tabs->addTab(m_interview, QString());
    connect(m_interview, &InterviewPage::saveFailed, this, [this](const QString& error) { emit message(error, true); });
    connect(m_interview, &InterviewPage::showStepRequested, this, [this](const QString& ref) {
        const auto hash = ref.indexOf(QLatin1Char('#'));
        if (goToStep(ref.left(hash), ref.mid(hash + 1)))
            showInterview(false);
    });
    splitter->addWidget(m_list);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({ 300, 1100 });
    retranslate();
}

void LessonStage::connectPlayer()
{
    connect(m_player, &LessonPlayer::lessonsLoaded, this, [this] {
        m_interview->setQuestions(m_player->questions(), m_player->language());
        refreshList();
    });
    connect(m_player, &LessonPlayer::stepChanged, this, &LessonStage::showStepStart);
    connect(m_player, &LessonPlayer::sceneEvaluated, this, &LessonStage::showScene);
    connect(m_player, &LessonPlayer::sceneFailed, this, &LessonStage::showSceneProblems);
    connect(m_player, &LessonPlayer::valueRejected, this, &LessonStage::showRejected);
    connect(m_player, &LessonPlayer::taskChanged, this, &LessonStage::showTask);
    connect(m_player, &LessonPlayer::progressChanged, this, &LessonStage::refreshList);
    // The end of a lesson is its quiz: the interview tab with only that lesson's questions.
    connect(m_player, &LessonPlayer::lessonFinished, this, [this](const QString& lessonId) {
        if (m_interview->lessonQuestionCount(lessonId) == 0)
            return;
        m_interview->startLessonQuiz(lessonId);
        m_interview->nextQuestion();
        showInterview(true);
    });
    connect(m_player, &LessonPlayer::saveFailed, this, [this](const QString& error) { emit message(error, true); });
    connect(m_player, &LessonPlayer::languageChanged, this, [this](model::Language language) {
        m_interview->setQuestions(m_player->questions(), language);
        refreshList();
        if (m_player->currentLesson() >= 0) {
            showHeader();
            m_text->setMarkdown(m_player->stepMarkdown());
        }
        emit explanationChanged(explanation());
    });
}

bool LessonStage::loadLessons(const QString& dir)
{
    if (!m_player->loadLessons(dir)) {
        const auto text = m_player->loadProblems();
        m_text->setPlainText(text);
        emit message(tr("Lessons could not be loaded: %1").arg(text.section(QLatin1Char('\n'), 0, 0)), true);
        return false;
    }
    if (!m_player->questionProblems().isEmpty())
        emit message(tr("Questions could not be loaded: %1").arg(m_player->questionProblems()), true);
    return true;
}

void LessonStage::refreshList()
{
    const QSignalBlocker block(m_list);
    m_list->clear();
    const auto language = m_player->language();
    for (const auto& l : m_player->lessons()) {
        const auto id = views::toQString(l.id);
        const auto mark = m_player->progress().isLessonDone(id) ? QStringLiteral("✓ ") : QStringLiteral("    ");
        m_list->addItem(
            mark + views::toQString(l.id.substr(0, 2)) + QStringLiteral("  ") + views::toQString(l.title.in(language)));
    }
    m_list->setCurrentRow(m_player->currentLesson());
    m_progressLabel->setText(
        tr("%1 of %2 lessons done").arg(m_player->progress().lessonsDone()).arg(m_player->lessonCount()));
}

void LessonStage::showHeader()
{
    const auto* lesson = m_player->lesson();
    const auto* step = m_player->step();
    const auto language = m_player->language();
    m_title->setText(views::toQString(lesson->title.in(language)) + QStringLiteral(" — ")
        + views::toQString(step->title.in(language)));
    // "Part", not "Step": the playback bar counts the animation's steps.
    m_stepLabel->setText(tr("Part %1 of %2").arg(m_player->currentStep() + 1).arg(m_player->stepCount()));
}

void LessonStage::showStepStart()
{
    {
        const QSignalBlocker block(m_list);
        m_list->setCurrentRow(m_player->currentLesson());
    }
    showHeader();
    m_time = m_player->step()->scene.time;
    emit explanationChanged(explanation());
}

void LessonStage::showScene(const LessonScene& scene)
{
    const auto& result = scene.result;
    // The timeline view holds its timeline while hidden: a scene of another kind lets the last one go (a 1,024-GPU
    // step is about 10 MiB) instead of keeping it until the next timeline scene.
    if (scene.view != model::SceneView::Timeline)
        m_timelineView->setTimeline(nullptr);
    switch (scene.view) {
    case model::SceneView::Collective: {
        const auto& topology = result.request->topology;
        if (scene.schedule)
            m_collectiveView->setSchedule(*scene.schedule, topology);
        else
            m_collectiveView->setTopologyOnly(topology, views::toQString(scene.scheduleProblem));
        m_sceneStack->setCurrentWidget(m_collectiveView);
        break;
    }
    case model::SceneView::Charts:
        showBars(scene);
        m_sceneStack->setCurrentWidget(m_breakdown);
        break;
    case model::SceneView::Timeline:
        if (result.timeline) {
            m_timelineView->setTimeline(result.timeline);
            m_timelineView->setHighlight(timelineHighlight(scene.highlight));
            m_sceneStack->setCurrentWidget(m_timelinePage);
        }
        break;
    }
    m_text->setMarkdown(m_player->stepMarkdown());
    showTime();
}

void LessonStage::showBars(const LessonScene& scene)
{
    std::vector<views::BreakdownChart::Bar> bars;
    if (scene.before)
        bars.push_back({ tr("before the change"), *scene.before });
    bars.push_back({ tr("this step"), *scene.result.metrics });
    m_breakdown->setBars(std::move(bars));
}

void LessonStage::showSceneProblems(const QString& problems)
{
    m_fallback->setText(tr("<p>This scene cannot be shown:</p><pre>%1</pre>").arg(problems.toHtmlEscaped()));
    m_sceneStack->setCurrentWidget(m_fallback);
    m_text->setMarkdown(m_player->stepMarkdown());
    showTime();
}

void LessonStage::showTime()
{
    setTime(m_time * duration());
    emit durationChanged(duration());
}

void LessonStage::showTask(const LessonTask& task)
{
    m_taskBox->setVisible(task.present);
    if (task.present) {
        m_taskInstruction->setText(inlineMarkdown(task.instruction));
        m_controlLabel->setText(task.control + QStringLiteral(":"));
        m_controlCombo->setVisible(!task.choices.isEmpty());
        m_controlEdit->setVisible(task.choices.isEmpty());
        if (!task.choices.isEmpty()) {
            const QSignalBlocker block(m_controlCombo);
            m_controlCombo->clear();
            for (const QString& id : task.choices)
                m_controlCombo->addItem(choiceText(task.control, id), id);
            m_controlCombo->setCurrentIndex(std::max(0, m_controlCombo->findData(task.value)));
        } else {
            m_controlEdit->setText(task.value);
        }
        if (!task.checked)
            m_taskStatus->setText(task.problems.toHtmlEscaped());
        else if (task.met)
            m_taskStatus->setText(tr("✓ Done (%1). Continue with Next.").arg(task.actual.toHtmlEscaped()));
        else
            m_taskStatus->setText(
                tr("Not yet: now %1. Hint: %2").arg(task.actual.toHtmlEscaped(), inlineMarkdown(task.hint)));
    }
    const int step = m_player->currentStep();
    m_backButton->setEnabled(step > 0);
    m_nextButton->setEnabled(m_player->canGoNext());
    m_nextButton->setText(step + 1 < m_player->stepCount() ? tr("Next ▶") : tr("Finish lesson ✓"));
}

void LessonStage::showRejected(const QString& problems)
{
    showTask(m_player->task()); // the control shows the value that stays
    m_taskStatus->setText(tr("Not applied: %1").arg(problems.toHtmlEscaped()));
}

void LessonStage::applyControl()
{
    m_player->setControlValue(
        m_player->task().choices.isEmpty() ? m_controlEdit->text() : m_controlCombo->currentData().toString());
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
    if (m_sceneStack->currentWidget() == m_timelinePage && m_player->scene() && m_player->scene()->result.timeline)
        return m_player->scene()->result.timeline->duration;
    return 0;
}

void LessonStage::setTime(double t)
{
    const double d = duration();
    t = std::clamp(t, 0.0, d);
    m_time = d > 0 ? t / d : 0;
    if (m_sceneStack->currentWidget() == m_collectiveView)
        m_collectiveView->setTime(t);
    else if (m_sceneStack->currentWidget() == m_timelinePage)
        m_timelineView->setTime(t);
    emit timeChanged(t);
}

void LessonStage::setColors(const views::Palette& palette)
{
    m_collectiveView->setColors(palette);
    m_timelineView->setColors(palette);
    m_breakdown->setColors(palette);
}

std::vector<double> LessonStage::stops() const
{
    std::vector<double> stops;
    if (m_sceneStack->currentWidget() == m_collectiveView) {
        for (int k = 0; k <= m_collectiveView->steps(); ++k)
            stops.push_back(k);
    } else if (m_sceneStack->currentWidget() == m_timelinePage) {
        for (const auto& e : m_timelineView->timeline().events)
            stops.push_back(e.start);
    }
    return stops;
}

bool LessonStage::timeInSteps() const
{
    return m_sceneStack->currentWidget() == m_collectiveView;
}

double LessonStage::naturalRate() const
{
    if (m_sceneStack->currentWidget() == m_timelinePage)
        return duration() / 8; // a whole step in about eight seconds
    return 1; // one schedule step per second
}

QString LessonStage::explanation() const
{
    const auto* l = m_player->lesson();
    if (!l)
        return {};
    const auto language = m_player->language();
    return QStringLiteral("<b>%1</b><p>%2</p>")
        .arg(views::toQString(l->title.in(language)).toHtmlEscaped(),
            views::toQString(l->summary.in(language)).toHtmlEscaped());
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
    if (const auto* scene = m_player->scene(); scene && scene->view == model::SceneView::Charts)
        showBars(*scene); // the bars' labels
    if (m_player->currentLesson() >= 0)
        showTask(m_player->task());
    if (lessonCount() > 0)
        m_progressLabel->setText(tr("%1 of %2 lessons done").arg(progress().lessonsDone()).arg(lessonCount()));
}

void LessonStage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        setLanguage(localeLanguage()); // Stage::event() calls retranslate() next
    Stage::changeEvent(event);
}

} // namespace tutor::app
