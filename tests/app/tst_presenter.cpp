// SPDX-License-Identifier: MIT
// Presenter mode (issue 15, item 2): F5 leaves the stage, the playback bar and the explanation on a full screen, with
// the text scaled for the room within 1×–2.5×; the clicker's PageDown / PageUp step the animation; a click on the
// stage leaves a laser spot that fades; F5 or Esc give back the window exactly as it was. Real key clicks through
// Qt's shortcut map, offscreen.
#include "app/gui/collectives/collectivesstage.h"
#include "app/gui/mainwindow.h"
#include "app/gui/playback.h"
#include "app/gui/presenter.h"
#include "views/collectiveview.h"

#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QMenuBar>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>

using namespace tutor;
using namespace tutor::app;

class TestPresenter : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void presentsAndRestores()
    {
        MainWindow window(false);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        auto* navigator = window.findChild<QDockWidget*>(QStringLiteral("navigatorDock"));
        auto* parameters = window.findChild<QDockWidget*>(QStringLiteral("parameterDock"));
        auto* explanation = window.findChild<QDockWidget*>(QStringLiteral("explanationDock"));
        QVERIFY(navigator && parameters && explanation);
        const QFont font = QApplication::font();
        const QSize size = window.size();

        QTest::keyClick(&window, Qt::Key_F5);
        Presenter* presenter = window.presenter();
        QVERIFY(presenter->isPresenting());
        QVERIFY(window.isFullScreen());
        QVERIFY(!navigator->isVisible());
        QVERIFY(!parameters->isVisible());
        QVERIFY(!window.menuBar()->isVisible());
        QVERIFY(explanation->isVisible());
        QCOMPARE(QApplication::font().pointSizeF(), font.pointSizeF() * presenter->scale());

        // Text scale: up to 2.5×, down to 1×, in quarter steps, applied at once.
        for (int i = 0; i < 10; ++i)
            QTest::keyClick(&window, Qt::Key_Up, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(presenter->scale(), Presenter::kMaxScale);
        QCOMPARE(QApplication::font().pointSizeF(), font.pointSizeF() * 2.5);
        // Table rows hold a line of the scaled text (metrics, events, measurement tables).
        const auto tables = window.findChildren<QTableView*>();
        QVERIFY(!tables.isEmpty());
        for (QTableView* table : tables)
            QVERIFY(table->verticalHeader()->defaultSectionSize() >= QFontMetrics(QApplication::font()).height());
        // The Collectives drawing gives its GPU titles and caption a line of the scaled text, and the readout beside it
        // is wide enough for a figure's label and value on one line (at 240 px "α term (latency)" broke mid-word).
        {
            QCoreApplication::processEvents();
            const auto* view = window.collectivesStage()->view();
            QVERIFY(view);
            const QFontMetricsF metrics(view->font());
            const auto& layout = view->sceneLayout();
            QVERIFY(!layout.gpuRects.empty());
            QVERIFY(layout.bufferRects.front().top() - layout.gpuRects.front().top() >= 0.85 * metrics.height());
            QVERIFY(layout.captionRect.height() >= metrics.height());
            const auto* readout = window.findChild<QTextBrowser*>(QStringLiteral("collectivesReadout"));
            QVERIFY(readout);
            const QFontMetrics readoutMetrics(readout->font());
            QVERIFY(
                readout->minimumWidth() > readoutMetrics.horizontalAdvance(QStringLiteral("α term (latency) 63.4 µs")));
        }
        QTest::keyClick(&window, Qt::Key_Down, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(presenter->scale(), 2.25);
        for (int i = 0; i < 10; ++i)
            presenter->smaller();
        QCOMPARE(presenter->scale(), Presenter::kMinScale);

        // The clicker: PageDown is one step forward, PageUp one back.
        PlaybackController* playback = window.playback();
        playback->setTime(0);
        QTest::keyClick(&window, Qt::Key_PageDown);
        QTest::keyClick(&window, Qt::Key_PageDown);
        QCOMPARE(playback->time(), 2.0);
        QTest::keyClick(&window, Qt::Key_PageUp);
        QCOMPARE(playback->time(), 1.0);

        // A click on the stage points at it.
        LaserOverlay* laser = presenter->laser();
        QCOMPARE(laser->spotCount(), 0);
        QWidget* stage = laser->parentWidget();
        QTest::mouseClick(
            stage->childAt(stage->rect().center()) ? stage->childAt(stage->rect().center()) : stage, Qt::LeftButton);
        QCOMPARE(laser->spotCount(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(laser->spotCount(), 0, LaserOverlay::kFadeMs * 3);

        // Esc gives the window back as it was.
        QTest::keyClick(&window, Qt::Key_Escape);
        QVERIFY(!presenter->isPresenting());
        QVERIFY(!window.isFullScreen());
        QVERIFY(navigator->isVisible());
        QVERIFY(parameters->isVisible());
        QVERIFY(window.menuBar()->isVisible());
        QCOMPARE(QApplication::font(), font);
        QCOMPARE(window.size(), size);
        // Esc does nothing when not presenting (dialogs and fields keep it); F5 presents again.
        QTest::keyClick(&window, Qt::Key_Escape);
        QVERIFY(!presenter->isPresenting());
        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(presenter->isPresenting());
        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(!presenter->isPresenting());
    }
};

QTEST_MAIN(TestPresenter)
#include "tst_presenter.moc"
