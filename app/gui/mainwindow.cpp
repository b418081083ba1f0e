// SPDX-License-Identifier: MIT
#include "mainwindow.h"

#include "collectives/collectivesstage.h"
#include "language.h"
#include "lessons/lessonstage.h"
#include "livelab/hardwareprofile.h"
#include "livelab/livelabstage.h"
#include "pagestack.h"
#include "playback.h"
#include "playbackbar.h"
#include "presenter.h"
#include "savefile.h"
#include "search/searchstage.h"
#include "shortcutrouter.h"
#include "stage.h"
#include "traces/tracestage.h"
#include "training/trainingcontroller.h"
#include "training/trainingstage.h"
#include "views/text.h"
#if __has_include("training/scenarioform.h")
#include "training/scenarioform.h" // TrainingStage::form() returns a QPointer to it
#endif
#include "views/collectiveview.h"

#include <QApplication>
#include <QBuffer>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QPainter>
#include <QPixmapCache>
#include <QStackedWidget>
#include <QStatusBar>
#include <QSvgGenerator>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace tutor::app {

namespace {

/// Qt 6.4's pixmap cache keeps the string key of every pixmap it evicts or clears (QPMCache::releaseKey forgets only
/// the numeric key), and the style's keys carry the palette, so each theme switch left about 8 KiB behind for good:
/// the monkey test's theme-only walk grew RSS by 14 % over 1,000 switches, and by 0.1 % with no cache. With no cache a
/// refused insert drops its key at once; the style then draws its gradients each time. Newer Qt sources drop the
/// string key with the pixmap.
void avoidPixmapKeyLeak()
{
#if QT_VERSION < QT_VERSION_CHECK(6, 8, 0)
    QPixmapCache::setCacheLimit(0);
#endif
}

} // namespace

MainWindow::MainWindow(bool restoreSettings, QWidget* parent, const QString& language)
    : QMainWindow(parent)
    , m_useSettings(restoreSettings)
    , m_language(new Language(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    avoidPixmapKeyLeak();
    setWindowIcon(QIcon(QStringLiteral(":/icons/commtutor.svg")));
    m_playback = new PlaybackController(this);
    // The language first, so every page is built in it (pages that only partly retranslate still look right).
    if (!language.isEmpty())
        m_language->apply(language);
    else
        m_language->apply(m_useSettings ? m_settings.language() : QStringLiteral("en"));
    createStages();
    createDocks();
    m_presenter = new Presenter(this, m_navigatorDock, m_panelDock, m_explanationDock, m_stack);
    createActions();
    connect(m_presenter, &Presenter::presentingChanged, this, [this](bool on) {
        m_a.present->setChecked(on);
        m_a.leavePresent->setEnabled(on);
    });
    createMenus();
    m_router = new ShortcutRouter(this);
    statusBar();
    connect(m_navigator, &Navigator::pageSelected, this, &MainWindow::showPage);

    if (m_useSettings) {
        m_playback->setSpeed(m_settings.playbackSpeed());
        setTheme(m_settings.theme());
        restoreGeometry(m_settings.windowGeometry());
        restoreState(m_settings.windowState());
    } else {
        setTheme(views::Theme::Light);
    }
    connect(m_playback, &PlaybackController::speedChanged, this, [this](double speed) {
        if (m_useSettings)
            m_settings.setPlaybackSpeed(speed);
    });
    retranslate();
    showPage(m_useSettings ? std::clamp(m_settings.lastStage(), 0, Navigator::PageCount - 1) : 0);
    // The scenario the Training page had last time (quietly: a file since moved or broken keeps the default).
    if (m_useSettings && QFileInfo(m_settings.lastScenario()).isFile()) {
        if (TrainingStage* training = trainingStage()) {
            m_quietOpen = m_settings.lastScenario();
            training->openScenario(m_quietOpen);
        }
    }
    if (!restoreSettings || m_settings.windowGeometry().isEmpty()) {
        resize(1440, 900);
        // Four lines of explanation by default: on a 720-pixel screen the stage keeps the height it needs.
        resizeDocks({ m_explanationDock }, { m_explanation->fontMetrics().lineSpacing() * 4 + 24 }, Qt::Vertical);
    }
}

MainWindow::~MainWindow() = default;

void MainWindow::createStages()
{
    m_stack = new PageStack(this);
    m_stages[Navigator::Collectives] = new CollectivesStage(this);
    m_stages[Navigator::Training] = new TrainingStage(this);
    // Every scenario that opens, from File → Open, Recent, the Examples box or the command line, becomes the last
    // scenario (restored at the next start) and joins Recent.
    connect(trainingStage()->controller(), &TrainingController::scenarioOpened, this,
        [this](const model::Scenario&, const QString& path) {
            if (path == m_quietOpen) {
                m_quietOpen.clear();
                return;
            }
            if (!m_useSettings || path.isEmpty())
                return;
            m_settings.setLastScenario(path);
            m_settings.addRecentFile(path);
            updateRecentFiles();
        });
    connect(trainingStage()->controller(), &TrainingController::openRefused, this, &MainWindow::showOpenRefusal);
    auto* liveLab = new LiveLabStage(this);
    m_stages[Navigator::LiveLab] = liveLab;
    m_stages[Navigator::Lessons] = new LessonStage(this);
    auto* search = new SearchStage(this);
    m_stages[Navigator::Search] = search;
    m_stages[Navigator::Traces] = new TraceStage(this);
    // A layout chosen in the search opens on the Training page, in the form and the timeline.
    connect(search, &SearchStage::openScenario, this, [this](const model::Scenario& scenario) {
        if (TrainingStage* training = trainingStage()) {
            training->setScenario(scenario);
            showPage(Navigator::Training);
        }
    });
    // Links fitted in the live lab replace the preset's links in the collectives stage's predictions.
    // The calibrated profile is a choice in the Collectives hardware list ("Calibrated: …"), chosen at once when the
    // live lab applies it; without a saved profile the fitted links replace the current preset's.
    if (const auto profile = loadCustomProfile())
        collectivesStage()->setCalibratedProfile(profile, false);
    connect(liveLab, &LiveLabStage::calibrationApplied, this, [this, search](model::Link intra, model::Link inter) {
        if (TrainingStage* training = trainingStage(); training && training->form())
            training->form()->refreshCalibratedProfile(); // "Calibrated: …" in the Training page's presets
        search->refreshCalibratedProfile(); // and in the Layout search page's
        if (const auto profile = loadCustomProfile())
            collectivesStage()->setCalibratedProfile(profile, true);
        else
            collectivesStage()->controller()->setCalibratedLinks(intra, inter);
        showMessage(tr("Calibrated links now used for the Collectives predictions."), false);
    });
    for (Stage* s : m_stages) {
        m_stack->addWidget(s);
        connect(s, &Stage::message, this, &MainWindow::showMessage);
    }

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_stack, 1);
    m_playbackBar = new PlaybackBar(m_playback, central);
    m_playbackBar->setObjectName(QStringLiteral("playbackBar"));
    layout->addWidget(m_playbackBar);
    setCentralWidget(central);
}

void MainWindow::createDocks()
{
    m_navigator = new Navigator(this);
    m_navigatorDock = new QDockWidget(this);
    m_navigatorDock->setObjectName(QStringLiteral("navigatorDock"));
    m_navigatorDock->setWidget(m_navigator);
    m_navigatorDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_navigatorDock);

    m_panels = new PageStack(this);
    for (Stage* s : m_stages) {
        // Each panel scrolls when the window is shorter (or narrower) than the panel: a 1280×720 screen shows the
        // stage whole and the parameters a scroll away, instead of refusing the size.
        auto* scroll = new PanelScrollArea(this);
        QWidget* panel = s->parameterPanel();
        m_hasPanel[static_cast<std::size_t>(m_panels->count())] = panel != nullptr;
        if (panel) {
            // Long choices (hardware names) would set the panel's width; the box elides them and its list shows
            // them whole.
            for (auto* box : panel->findChildren<QComboBox*>()) {
                box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
                box->setMinimumContentsLength(14);
            }
        }
        scroll->setWidget(panel ? panel : new QLabel(this));
        m_panels->addWidget(scroll);
    }
    m_panelDock = new QDockWidget(this);
    m_panelDock->setObjectName(QStringLiteral("parameterDock"));
    m_panelDock->setWidget(m_panels);
    m_panelDock->setMinimumWidth(300);
    addDockWidget(Qt::RightDockWidgetArea, m_panelDock);

    m_explanation = new QTextBrowser(this);
    m_explanation->setObjectName(QStringLiteral("explanation"));
    m_explanation->setOpenExternalLinks(true);
    m_explanationDock = new QDockWidget(this);
    m_explanationDock->setObjectName(QStringLiteral("explanationDock"));
    m_explanationDock->setWidget(m_explanation);
    addDockWidget(Qt::BottomDockWidgetArea, m_explanationDock);
    resizeDocks({ m_explanationDock }, { 150 }, Qt::Vertical);
}

Stage* MainWindow::stage(Navigator::Page page) const
{
    return page >= 0 && page < Navigator::PageCount ? m_stages[page] : nullptr;
}

Stage* MainWindow::currentStage() const
{
    return qobject_cast<Stage*>(m_stack->currentWidget());
}

Navigator::Page MainWindow::currentPage() const
{
    return static_cast<Navigator::Page>(m_stack->currentIndex());
}

CollectivesStage* MainWindow::collectivesStage() const
{
    return qobject_cast<CollectivesStage*>(m_stages[Navigator::Collectives]);
}

TrainingStage* MainWindow::trainingStage() const
{
    return qobject_cast<TrainingStage*>(m_stages[Navigator::Training]);
}

void MainWindow::showPage(int page)
{
    if (page < 0 || page >= Navigator::PageCount)
        return;
    m_stack->setCurrentIndex(page);
    m_panels->setCurrentIndex(page);
    // A page without parameters (Lessons) gives the dock's width to the page; the dock comes back with the next
    // page that has parameters, unless presenter mode keeps the docks as it wants them.
    if (!m_presenter || !m_presenter->isPresenting()) {
        if (!m_hasPanel[static_cast<std::size_t>(page)] && !m_panelDock->isHidden()) {
            m_panelDock->hide();
            m_panelHiddenForPage = true;
        } else if (m_hasPanel[static_cast<std::size_t>(page)] && m_panelHiddenForPage) {
            m_panelDock->show();
            m_panelHiddenForPage = false;
        }
    }
    if (m_navigator->currentRow() != page)
        m_navigator->setCurrentRow(page);
    if (m_a.pages[static_cast<size_t>(page)])
        m_a.pages[static_cast<size_t>(page)]->setChecked(true);
    bindPlayback(m_stages[static_cast<size_t>(page)]);
    if (m_useSettings)
        m_settings.setLastStage(page);
}

void MainWindow::bindPlayback(Stage* stage)
{
    // Every connection to the shown page has m_binding as its context, so deleting it cuts them all: a hidden
    // page can no longer move the playback time or replace the explanation. Status-bar messages are wired
    // once per page in createStages() and reach the window from every page.
    delete m_binding;
    m_binding = nullptr;
    m_playback->pause();
    m_playbackBar->setVisible(stage && stage->hasPlayback());
    if (!stage)
        return;
    m_binding = new QObject(this);
    // The stage says where its animation is: a page shown again, or a new schedule or scene, keeps or sets
    // its own time (a lesson scene may open on its final state); the playback follows it.
    const auto sync = [this, stage] {
        const double t = stage->time();
        m_playback->setNaturalRate(stage->naturalRate());
        m_playback->setStops(stage->stops());
        m_playback->setDuration(stage->duration());
        m_playback->setTime(t);
    };
    sync();
    stage->setTime(m_playback->time());
    connect(m_playback, &PlaybackController::timeChanged, m_binding, [stage](double t) { stage->setTime(t); });
    connect(stage, &Stage::durationChanged, m_binding, sync);
    connect(stage, &Stage::timeChanged, m_binding, [this](double t) { m_playback->setTime(t); });
    connect(
        stage, &Stage::explanationChanged, m_binding, [this](const QString& html) { m_explanation->setHtml(html); });
    m_explanation->setHtml(stage->explanation());
    m_playbackBar->setTimeFormatter([stage](double t, double duration) {
        return stage->timeInSteps() ? tr("step %1 / %2").arg(t, 0, 'f', 1).arg(duration, 0, 'f', 0)
                                    : tr("%1 / %2 ms").arg(t * 1e3, 0, 'f', 2).arg(duration * 1e3, 0, 'f', 2);
    });
}

bool MainWindow::showView(const QString& name)
{
    if (name == QLatin1String("collectives"))
        showPage(Navigator::Collectives);
    else if (name == QLatin1String("timeline") || name == QLatin1String("charts")) {
        showPage(Navigator::Training);
        if (TrainingStage* t = trainingStage())
            t->showView(name == QLatin1String("charts") ? TrainingStage::View::Charts : TrainingStage::View::Timeline);
    } else if (name == QLatin1String("livelab"))
        showPage(Navigator::LiveLab);
    else if (name == QLatin1String("lessons"))
        showPage(Navigator::Lessons);
    else if (name == QLatin1String("search"))
        showPage(Navigator::Search);
    else if (name == QLatin1String("traces"))
        showPage(Navigator::Traces);
    else
        return false;
    return true;
}

QStringList MainWindow::viewNames()
{
    return { QStringLiteral("collectives"), QStringLiteral("timeline"), QStringLiteral("charts"),
        QStringLiteral("livelab"), QStringLiteral("lessons"), QStringLiteral("search"), QStringLiteral("traces") };
}

QString MainWindow::openTraces(const QStringList& paths)
{
    auto* traces = qobject_cast<TraceStage*>(stage(Navigator::Traces));
    if (!traces)
        return tr("the Trace lab is not available");
    traces->openTraces(paths);
    traces->waitForFinished();
    return traces->lastError();
}

void MainWindow::openMeasurements(const QString& path)
{
    if (auto* liveLab = qobject_cast<LiveLabStage*>(stage(Navigator::LiveLab))) {
        showPage(Navigator::LiveLab);
        showMessage(liveLab->openMeasurements(path), false);
    }
}

bool MainWindow::openScenario(const QString& path)
{
    TrainingStage* training = trainingStage();
    if (!training)
        return false;
    m_lastProblems.clear();
    m_quietOpen.clear();
    showPage(Navigator::Training); // first: the page's own explanation would replace the refusal's
    const bool refused = !training->openScenario(path).empty(); // showOpenRefusal has said why
    if (!refused && training->controller()->isOpening())
        statusBar()->showMessage(tr("Opening %1…").arg(QFileInfo(path).fileName()));
    return !refused;
}

void MainWindow::showOpenRefusal(const QString& path, const model::Problems& problems)
{
    if (path == m_quietOpen) {
        m_quietOpen.clear(); // the Training page's banner says it
        return;
    }
    // The training stage keeps the previous scenario; say why this one was refused.
    QString html = QStringLiteral("<p><b>%1</b></p><ul>")
                       .arg(tr("%n problem(s) in %1; the previous scenario stays open:", nullptr,
                           static_cast<int>(problems.size()))
                                .arg(QFileInfo(path).fileName())
                                .toHtmlEscaped());
    for (const auto& p : problems)
        html += views::errorHtml(views::problemText(p), "li");
    m_explanation->setHtml(html + QStringLiteral("</ul>"));
    m_lastProblems = problems;
    statusBar()->showMessage(
        tr("%n problem(s) in %1", nullptr, static_cast<int>(problems.size())).arg(QFileInfo(path).fileName()));
}

ExportCaption MainWindow::exportCaption() const
{
    ExportCaption caption = currentStage() ? currentStage()->exportCaption() : ExportCaption {};
    if (caption.title.isEmpty())
        caption.title = Navigator::title(currentPage());
    if (caption.fileStem.isEmpty())
        caption.fileStem = QStringLiteral("commtutor-") + viewNames().value(static_cast<int>(currentPage()));
    return caption;
}

bool MainWindow::exportView(const QString& path, QString* error)
{
    const auto job = drawExport(path, error);
    if (!job)
        return false;
    const QString failure = writeExport(*job);
    if (error)
        *error = failure;
    return failure.isEmpty();
}

bool MainWindow::exportViewInBackground(const QString& path, QString* error)
{
    auto job = drawExport(path, error);
    if (!job)
        return false;
    ++m_pendingExports;
    auto* watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, path] {
        --m_pendingExports;
        const QString failure = watcher->result();
        watcher->deleteLater();
        emit exportFinished(path, failure);
    });
    watcher->setFuture(QtConcurrent::run([job = std::move(*job)] { return writeExport(job); }));
    return true;
}

QString MainWindow::writeExport(const ExportJob& job)
{
    // The PNG's compression is most of an export's time: it runs here, off the UI thread when in the background.
    return job.image.isNull() ? saveFileAtomically(job.path, job.svg) : saveImageAtomically(job.image, job.path, "PNG");
}

std::optional<MainWindow::ExportJob> MainWindow::drawExport(const QString& path, QString* error)
{
    Stage* s = currentStage();
    if (!s) {
        if (error)
            *error = tr("Nothing to export.");
        return std::nullopt;
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("svg") && suffix != QLatin1String("png")) {
        if (error)
            *error = tr("%1: the file name must end in .png or .svg.").arg(path);
        return std::nullopt;
    }
    // The picture carries its own caption: the page's title and parameters in a band above what is on screen, so
    // that a slide or a report shows what was drawn without the window around it.
    const ExportCaption caption = exportCaption();
    CollectivesStage* collectives = collectivesStage();
    const bool scene = s == collectives && suffix == QLatin1String("svg"); // the drawing alone, as vectors
    const QSize content = scene ? collectives->view()->size() : s->size();
    constexpr int kBand = 52;
    const QSize total(content.width(), content.height() + kBand);
    const views::Palette palette = views::Palette::forTheme(m_theme);
    const auto paint = [&](QPainter& painter) {
        painter.fillRect(QRect(QPoint(0, 0), total), palette.background);
        QFont titleFont = font();
        titleFont.setBold(true);
        titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
        const QRect titleRect(12, 4, total.width() - 24, 26);
        painter.setFont(titleFont);
        painter.setPen(palette.text);
        painter.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetrics(titleFont).elidedText(caption.title, Qt::ElideRight, titleRect.width()));
        const QRect parametersRect(12, 30, total.width() - 24, 18);
        painter.setFont(font());
        painter.setPen(palette.mutedText);
        painter.drawText(parametersRect, Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetrics(font()).elidedText(caption.parameters, Qt::ElideRight, parametersRect.width()));
        painter.translate(0, kBand);
        if (scene)
            collectives->view()->renderScene(painter, content);
        else
            s->render(&painter);
    };
    ExportJob job { path, {}, {} };
    if (suffix == QLatin1String("svg")) {
        // Rendered into memory, then saved crash-safely: QSvgGenerator writing the file itself reports no errors.
        QBuffer buffer(&job.svg);
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(total);
        svg.setViewBox(QRect(QPoint(0, 0), total));
        svg.setTitle(caption.title);
        svg.setDescription(caption.parameters);
        QPainter painter;
        if (!painter.begin(&svg)) {
            if (error)
                *error = tr("Cannot write %1.").arg(path);
            return std::nullopt;
        }
        paint(painter);
        painter.end();
    } else {
        const qreal dpr = devicePixelRatioF();
        job.image = QImage(total * dpr, QImage::Format_ARGB32_Premultiplied);
        job.image.setDevicePixelRatio(dpr);
        QPainter painter(&job.image);
        paint(painter);
        painter.end();
    }
    return job;
}

void MainWindow::setTheme(views::Theme theme)
{
    m_theme = theme;
    const views::Palette palette = views::Palette::forTheme(theme);
    qApp->setPalette(palette.widgetPalette());
    for (Stage* stage : m_stages)
        stage->changeColors(palette); // the pages behind the one on show when they are shown
    if (m_a.light)
        (theme == views::Theme::Dark ? m_a.dark : m_a.light)->setChecked(true);
    if (m_useSettings)
        m_settings.setTheme(theme);
}

bool MainWindow::setLanguage(const QString& code)
{
    if (!m_language->apply(code))
        return false;
    if (m_useSettings)
        m_settings.setLanguage(code);
    return true;
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_useSettings) {
        m_settings.setWindowGeometry(saveGeometry());
        if (m_panelHiddenForPage)
            m_panelDock->show(); // saved as the learner left it, not as the Lessons page hid it
        m_settings.setWindowState(saveState());
    }
    QMainWindow::closeEvent(event);
}

void MainWindow::showMessage(const QString& text, bool isError)
{
    statusBar()->showMessage(text, isError ? 0 : 5000);
    if (isError)
        m_explanation->setHtml(views::errorHtml(text));
}

} // namespace tutor::app
