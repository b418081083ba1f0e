// SPDX-License-Identifier: MIT
// The main window's actions and menus, their translations, and the File and Help handlers.
#include "animationexport.h"
#include "collectives/collectivesstage.h"
#include "helptext.h"
#include "language.h"
#include "mainwindow.h"
#include "playback.h"
#include "presenter.h"
#include "stage.h"
#include "training/trainingstage.h"
#if __has_include("training/scenarioform.h")
#include "training/scenarioform.h" // TrainingStage::form() returns a QPointer to it
#endif

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStatusBar>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace tutor::app {

void MainWindow::createActions()
{
    const auto make = [this](const QKeySequence& key, auto slot) {
        auto* a = new QAction(this);
        if (!key.isEmpty())
            a->setShortcut(key);
        // Application-wide: the keys also work in a floating dock; ShortcutRouter keeps fields from claiming
        // them unless they are being edited.
        a->setShortcutContext(Qt::ApplicationShortcut);
        connect(a, &QAction::triggered, this, slot);
        addAction(a); // shortcuts work even when the menu bar is hidden
        return a;
    };
    m_a.open = make(QKeySequence::Open, [this] { onOpen(); });
    m_a.save = make(QKeySequence::Save, [this] { onSave(); });
    m_a.exportPng = make(QKeySequence(Qt::CTRL | Qt::Key_E), [this] { onExportView(QStringLiteral("png")); });
    m_a.exportSvg
        = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), [this] { onExportView(QStringLiteral("svg")); });
    connect(this, &MainWindow::exportFinished, this, [this](const QString& path, const QString& error) {
        if (error.isEmpty())
            showMessage(tr("Saved %1").arg(path), false);
        else
            showMessage(error, true);
    });
    m_a.exportAnimation = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A), [this] { onExportAnimation(); });
    m_a.exportTrace = make(QKeySequence(Qt::CTRL | Qt::Key_T), [this] { onExportTimeline(true); });
    m_a.exportCsv = make({}, [this] { onExportTimeline(false); });
    m_a.quit = make(QKeySequence::Quit, [this] { close(); });
    m_a.quit->setMenuRole(QAction::QuitRole);

    auto* pages = new QActionGroup(this);
    for (int p = 0; p < Navigator::PageCount; ++p) {
        m_a.pages[static_cast<size_t>(p)] = make(QKeySequence(Qt::CTRL | (Qt::Key_1 + p)), [this, p] { showPage(p); });
        m_a.pages[static_cast<size_t>(p)]->setCheckable(true);
        pages->addAction(m_a.pages[static_cast<size_t>(p)]);
    }
    m_a.timeline = make({}, [this] { showView(QStringLiteral("timeline")); });
    m_a.charts = make({}, [this] { showView(QStringLiteral("charts")); });
    m_themeGroup = new QActionGroup(this);
    m_a.light = make({}, [this] { setTheme(views::Theme::Light); });
    m_a.dark = make({}, [this] { setTheme(views::Theme::Dark); });
    for (QAction* a : { m_a.light, m_a.dark }) {
        a->setCheckable(true);
        m_themeGroup->addAction(a);
    }
    (m_theme == views::Theme::Dark ? m_a.dark : m_a.light)->setChecked(true);
    m_a.zoomIn = make(QKeySequence(Qt::Key_Plus), [this] { zoom(+1); });
    m_a.zoomIn->setShortcuts({ QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal), QKeySequence::ZoomIn });
    m_a.zoomOut = make(QKeySequence(Qt::Key_Minus), [this] { zoom(-1); });
    m_a.zoomOut->setShortcuts({ QKeySequence(Qt::Key_Minus), QKeySequence::ZoomOut });

    m_a.present = make(QKeySequence(Qt::Key_F5), [this] { m_presenter->toggle(); });
    m_a.present->setCheckable(true);
    m_a.presentSecondScreen = make({}, [this](bool on) { m_presenter->setSecondScreen(on); });
    m_a.presentSecondScreen->setCheckable(true);
    m_a.leavePresent = make(QKeySequence(Qt::Key_Escape), [this] { m_presenter->setPresenting(false); });
    m_a.leavePresent->setEnabled(false); // Esc belongs to dialogs and fields unless presenting
    m_a.textLarger = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Up), [this] { m_presenter->larger(); });
    m_a.textSmaller = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Down), [this] { m_presenter->smaller(); });

    m_a.play = make(QKeySequence(Qt::Key_Space), [this] { m_playback->togglePlay(); });
    // PageDown / PageUp too: what a presentation clicker sends.
    m_a.forward = make(QKeySequence(Qt::Key_Right), [this] { m_playback->stepForward(); });
    m_a.forward->setShortcuts({ QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_PageDown) });
    m_a.back = make(QKeySequence(Qt::Key_Left), [this] { m_playback->stepBackward(); });
    m_a.back->setShortcuts({ QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_PageUp) });
    m_a.restart = make(QKeySequence(Qt::Key_Home), [this] { m_playback->restart(); });
    m_a.end = make(QKeySequence(Qt::Key_End), [this] { m_playback->goToEnd(); });
    m_a.jump = make(QKeySequence(Qt::CTRL | Qt::Key_G), [this] { onJumpToStep(); });
    m_a.loop = make(QKeySequence(Qt::Key_L), [this](bool on) { m_playback->setLoop(on); });
    m_a.loop->setCheckable(true);
    m_a.faster = make(
        QKeySequence(Qt::Key_BracketRight), [this] { m_playback->setSpeed(std::min(8.0, m_playback->speed() * 2)); });
    m_a.slower = make(
        QKeySequence(Qt::Key_BracketLeft), [this] { m_playback->setSpeed(std::max(0.25, m_playback->speed() / 2)); });
    // Only the Play/Pause text: a full retranslate rebuilt the stages and rewound them to t = 0 on every pause.
    connect(m_playback, &PlaybackController::playingChanged, this, &MainWindow::retranslatePlayAction);
    connect(m_playback, &PlaybackController::durationChanged, this,
        [this](double duration) { m_a.jump->setEnabled(duration > 0); });

    m_languageGroup = new QActionGroup(this);
    m_a.english = make({}, [this] { setLanguage(QStringLiteral("en")); });
    m_a.chinese = make({}, [this] { setLanguage(QStringLiteral("zh_CN")); });
    for (QAction* a : { m_a.english, m_a.chinese }) {
        a->setCheckable(true);
        m_languageGroup->addAction(a);
    }
    m_a.help = make(QKeySequence::HelpContents, [this] { onHelp(); });
    m_a.shortcuts = make(QKeySequence(Qt::Key_Question), [this] { onShortcutSheet(); });
    m_a.about = make({}, [this] { onAbout(); });
    m_a.about->setMenuRole(QAction::AboutRole);
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addActions({ m_a.open, m_a.save });
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addSeparator();
    m_fileMenu->addActions({ m_a.exportPng, m_a.exportSvg, m_a.exportAnimation, m_a.exportTrace, m_a.exportCsv });
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_a.quit);

    m_viewMenu = menuBar()->addMenu(QString());
    for (QAction* a : m_a.pages)
        m_viewMenu->addAction(a);
    m_viewMenu->addActions({ m_a.timeline, m_a.charts });
    m_viewMenu->addSeparator();
    m_viewMenu->addActions({ m_a.light, m_a.dark });
    m_viewMenu->addSeparator();
    m_viewMenu->addActions({ m_a.zoomIn, m_a.zoomOut });
    m_viewMenu->addSeparator();
    m_viewMenu->addActions({ m_a.present, m_a.presentSecondScreen, m_a.textLarger, m_a.textSmaller });
    m_viewMenu->addSeparator();
    m_viewMenu->addActions({ m_navigatorDock->toggleViewAction(), m_panelDock->toggleViewAction(),
        m_explanationDock->toggleViewAction() });

    m_playMenu = menuBar()->addMenu(QString());
    m_playMenu->addActions({ m_a.play, m_a.back, m_a.forward, m_a.restart, m_a.end, m_a.jump, m_a.loop });
    m_playMenu->addSeparator();
    m_playMenu->addActions({ m_a.faster, m_a.slower });

    m_languageMenu = menuBar()->addMenu(QString());
    m_languageMenu->addActions({ m_a.english, m_a.chinese });

    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addActions({ m_a.help, m_a.shortcuts, m_a.about });
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    m_languageMenu->setObjectName(QStringLiteral("languageMenu"));
    m_helpMenu->setObjectName(QStringLiteral("helpMenu"));
    updateRecentFiles();
}

void MainWindow::retranslate()
{
    setWindowTitle(tr("commtutor — see communication in distributed training"));
    if (!m_fileMenu)
        return;
    m_fileMenu->setTitle(tr("&File"));
    m_recentMenu->setTitle(tr("Recent scenarios"));
    m_viewMenu->setTitle(tr("&View"));
    m_playMenu->setTitle(tr("&Playback"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    const auto set = [](QAction* a, const QString& text, const QString& tip) {
        a->setText(text);
        a->setToolTip(tip);
        a->setStatusTip(tip);
    };
    set(m_a.open, tr("&Open scenario…"), tr("Open a training scenario (JSON) in the Training step page"));
    set(m_a.save, tr("&Save scenario…"), tr("Save the current training scenario as JSON"));
    set(m_a.exportPng, tr("Export view as &PNG…"), tr("Save the current page as a PNG image"));
    set(m_a.exportSvg, tr("Export view as S&VG…"), tr("Save the current page as an SVG drawing"));
    set(m_a.exportAnimation, tr("Export &animation…"),
        tr("Record the page playing from start to end: GIF, or MP4 / WebM with ffmpeg (Ctrl+Shift+A)"));
    set(m_a.exportTrace, tr("Export timeline as Chrome &trace…"),
        tr("Save the simulated step for Perfetto or chrome://tracing"));
    set(m_a.exportCsv, tr("Export timeline as &CSV…"), tr("Save the simulated step's events as CSV"));
    set(m_a.quit, tr("&Quit"), tr("Close commtutor"));
    for (int p = 0; p < Navigator::PageCount; ++p)
        set(m_a.pages[static_cast<size_t>(p)], Navigator::title(static_cast<Navigator::Page>(p)),
            Navigator::toolTip(static_cast<Navigator::Page>(p)));
    set(m_a.timeline, tr("Training &timeline"), tr("Show the training step as a Gantt chart"));
    set(m_a.charts, tr("Training c&harts"), tr("Show bandwidth, breakdown and sweep charts"));
    set(m_a.light, tr("&Light theme"), tr("Dark text on a light background (good for projectors)"));
    set(m_a.dark, tr("&Dark theme"), tr("Light text on a dark background"));
    set(m_a.zoomIn, tr("Zoom &in"), tr("Make the drawing larger (+)"));
    set(m_a.zoomOut, tr("Zoom &out"), tr("Make the drawing smaller (−)"));
    set(m_a.present, tr("&Present"),
        tr("Full screen with the stage and the explanation only; click to point, PageUp/PageDown step (F5, Esc "
           "leaves)"));
    set(m_a.presentSecondScreen, tr("Present on the &second screen"),
        tr("With two screens: the stage on the projector, the parameters stay on this screen"));
    set(m_a.textLarger, tr("Larger text for the room"), tr("Scale the text up while presenting (1× to 2.5×)"));
    set(m_a.textSmaller, tr("Smaller text for the room"), tr("Scale the text down while presenting"));
    set(m_a.leavePresent, tr("Leave presenter mode"), tr("Back to the window as it was (Esc)"));
    retranslatePlayAction();
    set(m_a.forward, tr("Step &forward"), tr("Advance one step (→ or PageDown)"));
    set(m_a.back, tr("Step &back"), tr("Go back one step (← or PageUp)"));
    set(m_a.restart, tr("&Restart"), tr("Back to the start (Home)"));
    set(m_a.end, tr("Go to the &end"), tr("Show the final state (End)"));
    set(m_a.jump, tr("&Jump to step…"), tr("Go straight to one step of the animation (Ctrl+G)"));
    set(m_a.loop, tr("&Loop"), tr("Start again when the end is reached (L)"));
    set(m_a.faster, tr("&Faster"), tr("Double the playback speed (])"));
    set(m_a.slower, tr("&Slower"), tr("Halve the playback speed ([)"));
    set(m_a.english, Language::nativeName(QStringLiteral("en")), tr("Show the interface in English"));
    set(m_a.chinese, Language::nativeName(QStringLiteral("zh_CN")), tr("Show the interface in Simplified Chinese"));
    (m_language->current() == QLatin1String("zh_CN") ? m_a.chinese : m_a.english)->setChecked(true);
    set(m_a.help, tr("commtutor &help"), tr("How to use the pages and the keyboard (F1)"));
    set(m_a.shortcuts, tr("&Keyboard shortcuts"), tr("Every key of the window (?)"));
    set(m_a.about, tr("&About commtutor"), tr("Version and licence"));
    m_navigatorDock->setWindowTitle(tr("Navigator"));
    m_panelDock->setWindowTitle(tr("Parameters"));
    m_explanationDock->setWindowTitle(tr("Explanation"));
    // Each page retranslates itself, the page on show at once and the others when shown (Stage::event).
    m_recentMenu->setToolTip(tr("Scenarios opened recently"));
    updateRecentFiles();
}

void MainWindow::retranslatePlayAction()
{
    const QString tip = tr("Play or pause the animation (Space)");
    m_a.play->setText(m_playback->isPlaying() ? tr("&Pause") : tr("&Play"));
    m_a.play->setToolTip(tip);
    m_a.play->setStatusTip(tip);
}

void MainWindow::updateRecentFiles()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = m_useSettings ? m_settings.recentFiles() : QStringList {};
    for (const QString& path : files) {
        QAction* a = m_recentMenu->addAction(QFileInfo(path).fileName());
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] { openScenario(path); });
    }
    if (files.isEmpty())
        m_recentMenu->addAction(tr("(none yet)"))->setEnabled(false);
}

void MainWindow::onOpen()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"),
        QFileInfo(m_settings.lastScenario()).path(), tr("Scenarios (*.json);;All files (*)"));
    if (!path.isEmpty())
        openScenario(path);
}

void MainWindow::onSave()
{
    TrainingStage* training = trainingStage();
    if (!training)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"),
        m_settings.lastScenario().isEmpty() ? QStringLiteral("scenario.json") : m_settings.lastScenario(),
        tr("Scenarios (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (training->saveScenario(path, &error)) {
        showMessage(tr("Saved %1").arg(path), false);
        if (m_useSettings) {
            m_settings.setLastScenario(path);
            m_settings.addRecentFile(path);
            updateRecentFiles();
        }
    } else {
        showMessage(error, true);
    }
}

void MainWindow::onExportView(const QString& suffix)
{
    const QString filter = suffix == QLatin1String("svg") ? tr("SVG drawings (*.svg)") : tr("PNG images (*.png)");
    QString path
        = QFileDialog::getSaveFileName(this, tr("Export view"), exportCaption().fileStem + u'.' + suffix, filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + suffix;
    QString error;
    if (exportViewInBackground(path, &error))
        showMessage(tr("Saving %1…").arg(path), false); // exportFinished() says how it ended
    else
        showMessage(error, true);
}

void MainWindow::onExportAnimation()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Export animation"), defaultAnimationName(*this),
        tr("Animated GIF (*.gif);;MP4 video, needs ffmpeg (*.mp4);;WebM video, needs ffmpeg (*.webm)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".gif");
    QProgressDialog progress(tr("Recording %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 100, this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    QString error;
    const bool ok = exportAnimation(
        *this, path, AnimationOptions {},
        [&progress](int done, int total) {
            progress.setMaximum(total);
            progress.setValue(done);
            return !progress.wasCanceled();
        },
        &error);
    showMessage(ok ? tr("Saved %1").arg(path) : error, !ok);
}

void MainWindow::onExportTimeline(bool trace)
{
    TrainingStage* training = trainingStage();
    if (!training)
        return;
    const QString path = QFileDialog::getSaveFileName(this, trace ? tr("Export Chrome trace") : tr("Export CSV"),
        trace ? QStringLiteral("step.trace.json") : QStringLiteral("step.csv"),
        trace ? tr("Chrome traces (*.json)") : tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    const bool ok = trace ? training->exportTrace(path, &error) : training->exportCsv(path, &error);
    if (ok)
        showMessage(tr("Saved %1").arg(path), false);
    else
        showMessage(error, true);
}

QString MainWindow::helpHtml() const
{
    return HelpText::forPage(currentPage());
}

QString MainWindow::shortcutSheetHtml() const
{
    QList<QAction*> listed;
    for (QAction* a : actions())
        if (!a->shortcuts().isEmpty())
            listed << a;
    return HelpText::shortcutSheet(listed);
}

namespace {
void showRichText(QWidget* parent, const QString& title, const QString& html)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(title);
    auto* layout = new QVBoxLayout(&dialog);
    auto* text = new QTextBrowser(&dialog);
    text->setOpenExternalLinks(true);
    text->setHtml(html);
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.resize(640, 520);
    dialog.exec();
}
} // namespace

void MainWindow::onHelp()
{
    showRichText(this, tr("commtutor help"), helpHtml());
}

void MainWindow::onShortcutSheet()
{
    showRichText(this, tr("Keyboard shortcuts"), shortcutSheetHtml());
}

void MainWindow::onJumpToStep()
{
    const std::vector<double> stops = m_playback->stops();
    if (stops.size() < 2)
        return;
    m_playback->pause();
    const int last = static_cast<int>(stops.size()) - 1;
    bool ok = false;
    const int index
        = QInputDialog::getInt(this, tr("Jump to step"), tr("Step (0 = the start, %1 = the end):").arg(last),
            m_playback->stopIndex(m_playback->time()), 0, last, 1, &ok);
    if (ok)
        m_playback->jumpToStop(index);
}

void MainWindow::onAbout()
{
    QMessageBox::about(this, tr("About commtutor"),
        tr("<h3>commtutor %1</h3><p>See communication in distributed training: collectives, training steps "
           "and live measurements from one α-β cost model.</p><p>Built with Qt %2.</p>")
            .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
}

void MainWindow::zoom(int direction)
{
    Stage* s = currentStage();
    if (!s)
        return;
    // Stages that can zoom offer zoomIn()/zoomOut() as slots or invokables.
    const char* method = direction > 0 ? "zoomIn" : "zoomOut";
    if (s->metaObject()->indexOfMethod(QMetaObject::normalizedSignature((QByteArray(method) + "()").constData())) >= 0)
        QMetaObject::invokeMethod(s, method);
}

} // namespace tutor::app
