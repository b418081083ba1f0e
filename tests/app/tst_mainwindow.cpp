// SPDX-License-Identifier: MIT
// The main window: language switching retranslates visible widgets, playback drives the stage's time,
// the collectives stage shows the model's numbers, a malformed scenario is refused with messages and the
// previous scenario stays, and views export as PNG and SVG.
#include "app/gui/animationexport.h"
#include "app/gui/collectives/collectivespanel.h"
#include "app/gui/collectives/collectivesstage.h"
#include "app/gui/language.h"
#include "app/gui/lessons/lessonstage.h"
#include "app/gui/mainwindow.h"
#include "app/gui/playback.h"
#include "app/gui/settings.h"
#include "app/gui/training/trainingcontroller.h"
#include "app/gui/training/trainingstage.h"
#if __has_include("app/gui/training/scenarioform.h")
#include "app/gui/training/scenarioform.h" // TrainingStage::form() returns a QPointer to it
#endif
#include "views/collectiveview.h"
#include "views/legend.h"
#include "views/timelineaxis.h"
#include "views/timelinepainter.h"
#include "views/timelineview.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QListWidget>
#include <QMenu>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <algorithm>

using namespace tutor;
using namespace tutor::app;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void languageSwitchRetranslates_data();
    void languageSwitchRetranslates();
    void hiddenPagesCatchUpWhenShown();
    void playbackSteps_data();
    void playbackSteps();
    void playbackDrivesCollectives();
    void hiddenPageLeavesPlaybackAlone();
    void playbackBarOnlyOnAnimatedPages();
    void collectivesReadout_data();
    void collectivesReadout();
    void readoutNamesTheFabricSetup();
    void badParametersShowProblems();
    void malformedScenarioKeepsPrevious();
    void parameterDockLeavesPagesWithoutParameters();
    void timelineTakesTheHeightItsLanesNeed();
    void examplesReachRecentAndComeBack();
    void timelineLegendAndLanesInChinese();
    void exportView_data();
    void exportView();
    void exportInBackground();
    void exportCarriesCaption();
};

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
}

void TestMainWindow::languageSwitchRetranslates_data()
{
    QTest::addColumn<QString>("code");
    QTest::newRow("English → Chinese") << QStringLiteral("zh_CN");
}

void TestMainWindow::languageSwitchRetranslates()
{
    QFETCH(QString, code);
    MainWindow window(false);
    window.show();
    const QString fileBefore = window.fileMenu()->title();
    auto* navigator = window.findChild<QListWidget*>(QStringLiteral("navigator"));
    QVERIFY(navigator);
    const QString navBefore = navigator->item(0)->text();
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("parameterDock"));
    QVERIFY(dock);
    const QString dockBefore = dock->windowTitle();
    QCOMPARE(fileBefore, QStringLiteral("&File"));

    QVERIFY(window.setLanguage(code));
    QCOMPARE(window.language()->current(), code);
    // Visible widgets now show the translation, and it is not the English source text.
    QVERIFY2(window.fileMenu()->title() != fileBefore, qPrintable(window.fileMenu()->title()));
    QVERIFY2(navigator->item(0)->text() != navBefore, qPrintable(navigator->item(0)->text()));
    QVERIFY(dock->windowTitle() != dockBefore);

    QVERIFY(window.setLanguage(QStringLiteral("en")));
    QCOMPARE(window.fileMenu()->title(), fileBefore);
    QCOMPARE(navigator->item(0)->text(), navBefore);
    QVERIFY(!window.setLanguage(QStringLiteral("xx_YY")));
}

// A language or theme switch reaches the page on show at once and every other page when it is shown: the switch
// does not wait for the pages behind, and a page never shows the old language or colours.
void TestMainWindow::hiddenPagesCatchUpWhenShown()
{
    MainWindow window(false);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.showPage(Navigator::Training);
    CollectivesStage* collectives = window.collectivesStage();
    auto* view = collectives->findChild<views::CollectiveView*>();
    QVERIFY(view);
    QCOMPARE(view->colors().theme, views::Theme::Light);
    const QString englishExplanation = collectives->explanation();
    QVERIFY(!englishExplanation.contains(QRegularExpression(QStringLiteral("\\p{Han}"))));

    QVERIFY(window.setLanguage(QStringLiteral("zh_CN")));
    window.setTheme(views::Theme::Dark);
    QVERIFY(!window.stage(Navigator::Training)->hasPendingChange());
    for (auto page : { Navigator::Collectives, Navigator::Lessons, Navigator::Search })
        QVERIFY2(window.stage(page)->hasPendingChange(), qPrintable(QString::number(page)));
    QCOMPARE(view->colors().theme, views::Theme::Light); // not repainted while behind the Training page
    // The page on show speaks Chinese in its explanation.
    QVERIFY(window.explanationPanel()->toPlainText().contains(QRegularExpression(QStringLiteral("\\p{Han}"))));

    window.showPage(Navigator::Collectives);
    QVERIFY(!collectives->hasPendingChange());
    QCOMPARE(view->colors().theme, views::Theme::Dark);
    const QString chinese = collectives->explanation();
    QVERIFY2(chinese.contains(QRegularExpression(QStringLiteral("\\p{Han}"))), qPrintable(chinese));
    QVERIFY(window.explanationPanel()->toPlainText().contains(QRegularExpression(QStringLiteral("\\p{Han}"))));

    // Back to English on this page: it changes at once; the Lessons page, never shown in Chinese, shows English.
    QVERIFY(window.setLanguage(QStringLiteral("en")));
    QVERIFY(!collectives->hasPendingChange());
    QCOMPARE(collectives->explanation(), englishExplanation);
    auto* lessons = static_cast<LessonStage*>(window.stage(Navigator::Lessons));
    QVERIFY(lessons->hasPendingChange());
    window.showPage(Navigator::Lessons);
    QVERIFY(!lessons->hasPendingChange());
    QCOMPARE(lessons->language(), model::Language::En);
    window.setTheme(views::Theme::Light);
}

void TestMainWindow::playbackSteps_data()
{
    QTest::addColumn<double>("rate");
    QTest::addColumn<double>("start");
    QTest::addColumn<double>("next");
    QTest::addColumn<double>("previous");
    // Stops are multiples of the natural rate, clamped to [0, duration = 6].
    QTest::newRow("steps of 1, from 0") << 1.0 << 0.0 << 1.0 << 0.0;
    QTest::newRow("steps of 1, mid step") << 1.0 << 2.5 << 3.0 << 2.0;
    QTest::newRow("steps of 1, on a boundary") << 1.0 << 3.0 << 4.0 << 2.0;
    QTest::newRow("steps of 1, at the end") << 1.0 << 6.0 << 6.0 << 5.0;
    QTest::newRow("steps of 2") << 2.0 << 3.0 << 4.0 << 2.0;
}

void TestMainWindow::playbackSteps()
{
    QFETCH(double, rate);
    QFETCH(double, start);
    QFETCH(double, next);
    QFETCH(double, previous);
    PlaybackController p;
    p.setDuration(6);
    p.setNaturalRate(rate);
    p.setTime(start);
    QCOMPARE(p.nextStop(p.time()), next);
    QCOMPARE(p.previousStop(p.time()), previous);
    QSignalSpy spy(&p, &PlaybackController::timeChanged);
    p.stepForward();
    QCOMPARE(p.time(), next);
    QCOMPARE(spy.count(), next == start ? 0 : 1);
}

void TestMainWindow::playbackDrivesCollectives()
{
    MainWindow window(false);
    window.show();
    CollectivesStage* stage = window.collectivesStage();
    QVERIFY(stage);
    QCOMPARE(window.currentStage(), stage);
    const double steps = stage->duration();
    QVERIFY(steps > 0);
    QCOMPARE(window.playback()->duration(), steps);
    window.playback()->stepForward();
    QCOMPARE(stage->view()->time(), window.playback()->nextStop(0));
    window.playback()->setTime(steps);
    QVERIFY(stage->view()->frame().final());
    QVERIFY(window.explanationPanel()->toPlainText().contains(QStringLiteral("Final state")));
}

void TestMainWindow::hiddenPageLeavesPlaybackAlone()
{
    MainWindow window(false);
    window.show();
    CollectivesStage* collectives = window.collectivesStage();
    TrainingStage* training = window.trainingStage();
    QVERIFY(collectives && training);
    // Visit the Training page and back, then leave the Collectives page hidden behind Training.
    window.showPage(Navigator::Training);
    window.showPage(Navigator::Collectives);
    window.showPage(Navigator::Training);
    const double duration = training->duration();
    QVERIFY(duration > 0);
    window.playback()->setTime(duration / 2);
    const double time = window.playback()->time();
    QVERIFY(time > 0);
    const QString explanation = window.explanationPanel()->toHtml();

    // A recompute on the hidden page (new parameters) and direct emits of every page signal.
    CollectivesParams p = collectives->controller()->params();
    p.ranks = p.ranks == 8 ? 16 : 8;
    collectives->controller()->setParams(p);
    emit collectives->durationChanged(collectives->duration());
    emit collectives->timeChanged(1);
    emit collectives->explanationChanged(QStringLiteral("<p>hidden page</p>"));
    QCOMPARE(window.playback()->time(), time);
    QCOMPARE(window.playback()->duration(), duration);
    QCOMPARE(window.explanationPanel()->toHtml(), explanation);

    // The shown page still drives both.
    emit training->explanationChanged(QStringLiteral("<p>shown page</p>"));
    QVERIFY(window.explanationPanel()->toPlainText().contains(QStringLiteral("shown page")));
    emit training->timeChanged(duration / 4);
    QCOMPARE(window.playback()->time(), duration / 4);

    // Status-bar messages reach the window from every page, shown or hidden, after any number of switches.
    emit collectives->message(QStringLiteral("from the hidden page"), false);
    QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("from the hidden page"));
    emit training->message(QStringLiteral("from the shown page"), false);
    QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("from the shown page"));
}

// The Layout search and Live lab pages never animate: the playback bar leaves with them and comes back.
void TestMainWindow::playbackBarOnlyOnAnimatedPages()
{
    MainWindow window(false);
    window.show();
    auto* bar = window.findChild<QWidget*>(QStringLiteral("playbackBar"));
    QVERIFY(bar);
    for (auto page : { Navigator::Collectives, Navigator::Search, Navigator::Training, Navigator::LiveLab,
             Navigator::Lessons, Navigator::Traces }) {
        window.showPage(page);
        const bool animated = page != Navigator::Search && page != Navigator::LiveLab;
        QVERIFY2(bar->isVisible() == animated, qPrintable(Navigator::title(page)));
    }
}

void TestMainWindow::collectivesReadout_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<bool>("drawn");
    QTest::newRow("ring, 8 ranks, 1 node") << 8 << 1 << true;
    QTest::newRow("ring, 16 ranks, 2 nodes") << 16 << 2 << true;
    QTest::newRow("ring, 1024 ranks, 128 nodes, summarised") << 1024 << 128 << false;
}

void TestMainWindow::collectivesReadout()
{
    QFETCH(int, ranks);
    QFETCH(int, nodes);
    QFETCH(bool, drawn);
    CollectivesStage stage;
    CollectivesParams p;
    p.algorithm = model::Algorithm::Ring;
    p.ranks = ranks;
    p.nodes = nodes;
    stage.panel()->setParams(p);
    stage.controller()->setParams(p);
    const CollectivesResult& r = stage.controller()->result();
    QVERIFY2(r.cost.has_value(), model::toText(r.problems).c_str());
    QCOMPARE(r.cost->ranks, ranks);
    QCOMPARE(r.schedule.has_value(), drawn);
    QCOMPARE(stage.view()->sceneLayout().summarised, !drawn);
    if (drawn)
        QVERIFY2(r.verified, qPrintable(r.verification));
    // The readout names the α and β terms, algbw, busbw and what NCCL would pick (auto).
    const QString html = stage.readoutHtml();
    for (const char* fragment : { "α term", "β term", "algbw", "busbw", "NCCL would pick" })
        QVERIFY2(html.contains(QString::fromUtf8(fragment)), fragment);
    QVERIFY(html.contains(QString::fromStdString(model::formatSeconds(r.cost->totalSeconds))));
}

// On a cloud fabric whose NCCL setup narrows auto's choice across nodes, the readout says so beside NCCL's pick.
void TestMainWindow::readoutNamesTheFabricSetup()
{
    CollectivesStage stage;
    CollectivesParams p;
    p.presetId = "aws-p4d";
    p.ranks = 16;
    p.nodes = 2;
    p.bytes = 8;
    stage.controller()->setParams(p);
    const CollectivesResult& r = stage.controller()->result();
    QVERIFY2(r.autoPick.has_value(), model::toText(r.problems).c_str());
    QCOMPARE(r.autoPick->protocol, model::Protocol::Simple);
    QVERIFY2(stage.readoutHtml().contains(QStringLiteral("only the Simple protocol (NCCL_PROTO)")),
        qPrintable(stage.readoutHtml()));
    p.nodes = 1;
    p.ranks = 8;
    stage.controller()->setParams(p);
    QVERIFY(!stage.readoutHtml().contains(QStringLiteral("NCCL_PROTO")));
}

void TestMainWindow::badParametersShowProblems()
{
    CollectivesStage stage;
    CollectivesParams p;
    p.ranks = 8;
    p.nodes = 3;
    stage.controller()->setParams(p);
    QVERIFY(!stage.controller()->result().cost);
    QVERIFY(stage.readoutHtml().contains(QStringLiteral("nodes = 3: must divide ranks = 8")));
}

void TestMainWindow::malformedScenarioKeepsPrevious()
{
    MainWindow window(false);
    window.show();
    TrainingStage* training = window.trainingStage();
    QVERIFY(training);
    const double before = training->duration();
    const QString path = QFINDTESTDATA("data/malformed_scenario.json");
    QVERIFY(!path.isEmpty());
    QVERIFY(!window.openScenario(path));
    QVERIFY(!window.lastProblems().empty());
    // The messages are in the window, naming the file, and the previous scenario is still shown.
    const QString shown = window.explanationPanel()->toPlainText();
    QVERIFY2(shown.contains(QStringLiteral("malformed_scenario.json")), qPrintable(shown));
    QVERIFY2(shown.contains(QString::fromStdString(window.lastProblems().front().rule)), qPrintable(shown));
    QCOMPARE(training->duration(), before);
}

void TestMainWindow::parameterDockLeavesPagesWithoutParameters()
{
    // The Lessons page has no parameters: the dock gives its width to the page and comes back with the next page that
    // has some; a dock the learner closed stays closed.
    MainWindow window(false);
    window.show();
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("parameterDock"));
    QVERIFY(dock);
    window.showPage(Navigator::Training);
    QVERIFY(dock->isVisible());
    window.showPage(Navigator::Lessons);
    QVERIFY(!dock->isVisible());
    window.showPage(Navigator::Collectives);
    QVERIFY(dock->isVisible());
    dock->close();
    window.showPage(Navigator::Lessons);
    window.showPage(Navigator::Training);
    QVERIFY(!dock->isVisible());
}

void TestMainWindow::timelineTakesTheHeightItsLanesNeed()
{
    // The default scenario has two lanes: at 1280×720 the Gantt chart gets their rows (ruler, lanes at most
    // kMaxLaneHeight, legend) and the metrics below get the rest. In Chinese it got 330 of 554 px: the split was set
    // when the stage was resized, before its hidden splitter had its final height.
    MainWindow window(false, nullptr, QStringLiteral("zh_CN"));
    window.resize(1280, 720); // as --screenshot does: sized, shown on another page, then the Training page
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.showPage(Navigator::Collectives);
    QCoreApplication::processEvents();
    window.showPage(Navigator::Training);
    QCoreApplication::processEvents();
    TrainingStage* training = window.trainingStage();
    QVERIFY(training);
    const int lanes = static_cast<int>(training->timelineView()->timeline().lanes.size());
    QCOMPARE(lanes, 2);
    QSplitter* split = nullptr;
    for (auto* s : training->findChildren<QSplitter*>())
        if (s->orientation() == Qt::Vertical && s->count() > 0 && s->widget(0)->isAncestorOf(training->timelineView()))
            split = s;
    QVERIFY(split);
    const int legend = 60; // the timeline legend wraps to at most a few lines
    const int most
        = static_cast<int>(views::TimelineLayout::kRulerHeight + views::TimeAxis::kMaxLaneHeight * lanes + 8 + legend);
    QVERIFY2(split->sizes().front() <= std::max(100, most),
        qPrintable(QStringLiteral("timeline %1 px of %2").arg(split->sizes().front()).arg(split->height())));
    QVERIFY(split->sizes().back() >= split->height() / 2); // the metrics table has the room
    window.setLanguage(QStringLiteral("en")); // the tests after this one read English
}

void TestMainWindow::exportView_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("ok");
    QTest::newRow("png") << QStringLiteral("view.png") << true;
    QTest::newRow("svg") << QStringLiteral("view.svg") << true;
    QTest::newRow("unknown suffix") << QStringLiteral("view.bmpx") << false;
}

void TestMainWindow::exportView()
{
    QFETCH(QString, name);
    QFETCH(bool, ok);
    QTemporaryDir dir;
    MainWindow window(false);
    window.show();
    QString error;
    QCOMPARE(window.exportView(dir.filePath(name), &error), ok);
    if (ok) {
        QVERIFY(QFileInfo(dir.filePath(name)).size() > 100);
    } else {
        QVERIFY(error.contains(QStringLiteral(".png or .svg")));
    }
}

// File → Export draws on the UI thread and encodes and writes on a worker: the picture is the one the synchronous
// export writes, pixel for pixel, the window hears when it is done, and a file that cannot be written is reported
// through the same signal.
void TestMainWindow::exportInBackground()
{
    QTemporaryDir dir;
    MainWindow window(false);
    window.resize(1280, 720);
    window.show();
    window.showPage(Navigator::Collectives);
    QString error;
    const QString now = dir.filePath(QStringLiteral("now.png"));
    QVERIFY2(window.exportView(now, &error), qPrintable(error));
    QSignalSpy finished(&window, &MainWindow::exportFinished);
    const QString later = dir.filePath(QStringLiteral("later.png"));
    const QString svg = dir.filePath(QStringLiteral("later.svg"));
    const QString nowhere = dir.filePath(QStringLiteral("missing/folder/view.png"));
    for (const auto& path : { later, svg, nowhere })
        QVERIFY2(window.exportViewInBackground(path, &error), qPrintable(error));
    QVERIFY(!window.exportViewInBackground(dir.filePath(QStringLiteral("view.bmpx")), &error));
    QVERIFY(error.contains(QStringLiteral(".png or .svg")));
    QTRY_COMPARE(finished.count(), 3);
    QCOMPARE(window.pendingExports(), 0);
    QMap<QString, QString> errors;
    for (const auto& call : finished)
        errors[call.at(0).toString()] = call.at(1).toString();
    QCOMPARE(errors.value(later), QString());
    QCOMPARE(errors.value(svg), QString());
    QVERIFY2(errors.value(nowhere).contains(QStringLiteral("missing")), qPrintable(errors.value(nowhere)));
    QCOMPARE(QImage(later), QImage(now));
    QVERIFY(QFileInfo(svg).size() > 100);
}

// An exported picture says what it shows: the page's title and parameters in a band above the page (the SVG's text
// and <title>), a default file name from them; the SVG draws the Gantt chart's hatching as lines, which browsers
// render as they are (SVG has no Qt pattern brushes).
void TestMainWindow::exportCarriesCaption()
{
    QTemporaryDir dir;
    MainWindow window(false);
    window.resize(1280, 720);
    window.show();
    window.showPage(Navigator::Collectives);
    const ExportCaption caption = window.exportCaption();
    QVERIFY(caption.title.contains(QStringLiteral("AllReduce")));
    QVERIFY(caption.parameters.contains(QStringLiteral("busbw")));
    QCOMPARE(caption.fileStem, QStringLiteral("allreduce-ring-8-ranks"));
    QCOMPARE(defaultAnimationName(window), caption.fileStem + QStringLiteral(".gif"));

    QString error;
    const QString png = dir.filePath(QStringLiteral("c.png"));
    QVERIFY2(window.exportView(png, &error), qPrintable(error));
    const QImage image(png);
    const QSize stage = window.currentStage()->size() * window.devicePixelRatioF();
    QCOMPARE(image.width(), stage.width());
    QVERIFY(image.height() > stage.height()); // the caption band on top
    const QString svgPath = dir.filePath(QStringLiteral("c.svg"));
    QVERIFY2(window.exportView(svgPath, &error), qPrintable(error));
    QFile svgFile(svgPath);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(svgFile.readAll());
    QVERIFY(svg.contains(QStringLiteral("<title>") + caption.title.toHtmlEscaped()));
    QVERIFY(svg.contains(QStringLiteral("busbw")));

    // The Training page's timeline has idle (hatched) time on its compute lanes.
    window.showView(QStringLiteral("timeline"));
    window.trainingStage()->controller()->waitForIdle();
    QCoreApplication::processEvents();
    QVERIFY(!window.exportCaption().title.isEmpty());
    const QString timeline = dir.filePath(QStringLiteral("t.svg"));
    QVERIFY2(window.exportView(timeline, &error), qPrintable(error));
    QFile timelineFile(timeline);
    QVERIFY(timelineFile.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(timelineFile.readAll());
    // Lines (polylines) stroked in the hatch colour: the hatching drawn as vectors.
    const QString hatchColour = views::Palette::light().bubbleHatch.name();
    const QRegularExpression group(QStringLiteral("<g fill=\"none\" stroke=\"%1\"[^>]*>(.*?)</g>").arg(hatchColour),
        QRegularExpression::DotMatchesEverythingOption);
    int hatchLines = 0;
    for (auto it = group.globalMatch(text); it.hasNext();)
        hatchLines += static_cast<int>(it.next().captured(1).count(QStringLiteral("<polyline")));
    QVERIFY2(hatchLines > 20, qPrintable(QString::number(hatchLines)));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"

// A scenario chosen from the Examples box joins Recent and is the last scenario; the next window opens it again.
void TestMainWindow::examplesReachRecentAndComeBack()
{
    Settings().setLastScenario({});
    QString example;
    {
        MainWindow window(true);
        TrainingStage* training = window.trainingStage();
        QVERIFY(training);
        // The Examples box is the form's first combo box; pick ZeRO-1 in it as a user does.
        auto* examples = training->form()->findChild<QComboBox*>();
        QVERIFY(examples);
        int index = -1;
        for (int i = 0; i < examples->count(); ++i)
            if (examples->itemData(i).toString().endsWith(QStringLiteral("zero1.json")))
                index = i;
        QVERIFY(index >= 0);
        example = examples->itemData(index).toString();
        examples->setCurrentIndex(index);
        emit examples->activated(index);
        training->controller()->waitForIdle();
        QCOMPARE(training->scenarioPath(), example);
        QCOMPARE(Settings().lastScenario(), example);
        QVERIFY(Settings().recentFiles().contains(example));
    }
    MainWindow next(true);
    next.trainingStage()->controller()->waitForIdle();
    QCOMPARE(next.trainingStage()->scenarioPath(), example);
    Settings().setLastScenario({});
}

// In Chinese the timeline's legend and lane names are Chinese: every entry and every lane name has a CJK character.
void TestMainWindow::timelineLegendAndLanesInChinese()
{
    MainWindow window(false, nullptr, QStringLiteral("zh_CN"));
    window.show();
    window.showPage(Navigator::Training);
    TrainingStage* training = window.trainingStage();
    training->controller()->waitForIdle();
    QCoreApplication::processEvents();
    const auto hasCjk = [](const QString& text) {
        return std::any_of(
            text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
    };
    auto* legend = training->findChild<views::Legend*>(QStringLiteral("timelineLegend"));
    QVERIFY(legend);
    QVERIFY(!legend->texts().isEmpty());
    for (const QString& text : legend->texts())
        QVERIFY2(hasCjk(text), qPrintable(text));
    const auto& lanes = training->timelineView()->timeline().lanes;
    QVERIFY(!lanes.empty());
    for (const auto& lane : lanes)
        QVERIFY2(hasCjk(views::laneName(lane)), qPrintable(views::laneName(lane)));
}
