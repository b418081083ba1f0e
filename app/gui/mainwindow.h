// SPDX-License-Identifier: MIT
#pragma once
// The main window: navigator (left), the current stage (centre) with playback controls under it, the
// stage's parameter panel (right dock) and its explanation (bottom dock); File, View, Playback, Language
// and Help menus. It wires stages to playback, settings, language and the live lab's calibration.
#include "model/collectives/problem.h"
#include "navigator.h"
#include "settings.h"
#include "stage.h"
#include "views/palette.h"

#include <QImage>
#include <QMainWindow>
#include <QPointer>
#include <array>
#include <optional>

class QAction;
class QActionGroup;
class QDockWidget;
class QMenu;
class QStackedWidget;
class QTextBrowser;

namespace tutor::app {

class CollectivesStage;
class Language;
class PlaybackBar;
class PlaybackController;
class Presenter;
class ShortcutRouter;
class Stage;
class TrainingStage;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// `restoreSettings` = false starts from defaults and never writes settings (screenshots, tests).
    /// `language` ("en", "zh_CN") overrides the remembered one; it is applied before the pages are built.
    explicit MainWindow(bool restoreSettings = true, QWidget* parent = nullptr, const QString& language = {});
    ~MainWindow() override;

    Stage* stage(Navigator::Page page) const;
    Stage* currentStage() const;
    Navigator::Page currentPage() const;
    /// The current page's export caption, with the page's name and a file stem where the page gives none.
    ExportCaption exportCaption() const;
    /// Opens profiler traces (one per rank) in the Trace lab and waits until they are read; returns the problems
    /// (empty on success; the window also shows them).
    QString openTraces(const QStringList& paths);
    CollectivesStage* collectivesStage() const;
    /// The training stage, or null while its page is a placeholder.
    TrainingStage* trainingStage() const;
    /// Opens a measurement file in the Live lab and shows that page; problems go to the status bar.
    void openMeasurements(const QString& path);
    PlaybackController* playback() const { return m_playback; }
    Language* language() const { return m_language; }
    QTextBrowser* explanationPanel() const { return m_explanation; }
    QMenu* fileMenu() const { return m_fileMenu; }
    /// Presenter mode (F5): full screen, stage and explanation only, text scaled for the room.
    Presenter* presenter() const { return m_presenter; }
    /// Decides which keys reach the actions and which a focused field takes.
    ShortcutRouter* shortcutRouter() const { return m_router; }
    /// The F1 help for the page on screen (every page, the current one first).
    QString helpHtml() const;
    /// The keyboard shortcut sheet (Help → Keyboard shortcuts, ?), written from the actions.
    QString shortcutSheetHtml() const;

    /// Views for --screenshot: collectives, timeline, charts, livelab, lessons. False for an unknown name.
    bool showView(const QString& name);
    static QStringList viewNames();
    /// Opens a scenario in the training stage (TrainingController::openScenario: a large one simulates in the
    /// background). False when it was refused before returning; a refusal, now or later, is shown in the window
    /// and the previous scenario stays.
    bool openScenario(const QString& path);
    /// Says in the explanation and the status bar why `path` did not open (TrainingController::openRefused).
    void showOpenRefusal(const QString& path, const model::Problems& problems);
    /// The problems of the last scenario that failed to open (empty once a new open starts).
    const model::Problems& lastProblems() const { return m_lastProblems; }
    /// Exports the current stage as PNG or SVG (by suffix); false with `error` set on failure.
    bool exportView(const QString& path, QString* error);
    /// The same export as File → Export does it: drawn here, encoded and written on a worker thread, so that the
    /// window stays responsive; exportFinished() says how it ended. False (with `error`) when nothing was started.
    bool exportViewInBackground(const QString& path, QString* error);
    /// Exports started in the background and not finished yet.
    int pendingExports() const { return m_pendingExports; }
    void setTheme(views::Theme theme);
    views::Theme theme() const { return m_theme; }
    /// Switches the UI language ("en", "zh_CN"); false for an unknown code.
    bool setLanguage(const QString& code);

public slots:
    void showPage(int page);

signals:
    /// A background export ended: `error` empty on success.
    void exportFinished(const QString& path, const QString& error);

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createStages();
    void createDocks();
    void createActions();
    void createMenus();
    void retranslate();
    void retranslatePlayAction();
    void bindPlayback(Stage* stage);
    void updateRecentFiles();
    void showMessage(const QString& text, bool isError);
    void onOpen();
    void onSave();
    void onExportView(const QString& suffix);
    void onExportAnimation();
    void onExportTimeline(bool trace);
    void onHelp();
    void onShortcutSheet();
    void onJumpToStep();
    void onAbout();
    void zoom(int direction);

    /// A drawn export waiting to be encoded and written (rendering needs the UI thread; the rest does not).
    struct ExportJob {
        QString path;
        QByteArray svg; ///< the SVG document, or empty for a PNG
        QImage image; ///< the PNG's pixels
    };
    std::optional<ExportJob> drawExport(const QString& path, QString* error);
    static QString writeExport(const ExportJob& job);

    int m_pendingExports = 0;
    bool m_useSettings;
    Settings m_settings;
    Language* m_language;
    views::Theme m_theme = views::Theme::Light;
    std::array<Stage*, Navigator::PageCount> m_stages {};
    QStackedWidget* m_stack = nullptr;
    QStackedWidget* m_panels = nullptr;
    std::array<bool, Navigator::PageCount> m_hasPanel {}; ///< the page has parameters (Lessons has none)
    bool m_panelHiddenForPage = false; ///< the parameter dock was hidden because the page has no parameters
    Navigator* m_navigator = nullptr;
    QTextBrowser* m_explanation = nullptr;
    QDockWidget* m_navigatorDock = nullptr;
    QDockWidget* m_panelDock = nullptr;
    QDockWidget* m_explanationDock = nullptr;
    PlaybackController* m_playback = nullptr;
    PlaybackBar* m_playbackBar = nullptr;
    ShortcutRouter* m_router = nullptr;
    QObject* m_binding = nullptr; ///< context of every connection to the shown page; replaced on page switch
    model::Problems m_lastProblems;
    QString m_quietOpen; ///< the scenario restored at start: a refusal is only the Training page's banner

    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_playMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    struct Actions {
        QAction *open, *save, *exportPng, *exportSvg, *exportAnimation, *exportTrace, *exportCsv, *quit;
        std::array<QAction*, Navigator::PageCount> pages;
        QAction *timeline, *charts, *light, *dark, *zoomIn, *zoomOut;
        QAction *play, *forward, *back, *restart, *end, *jump, *loop, *faster, *slower;
        QAction *english, *chinese, *help, *shortcuts, *about;
        QAction *present, *presentSecondScreen, *textLarger, *textSmaller, *leavePresent;
    } m_a {};
    Presenter* m_presenter = nullptr;
    QActionGroup* m_themeGroup = nullptr;
    QActionGroup* m_languageGroup = nullptr;
};

} // namespace tutor::app
