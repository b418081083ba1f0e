// SPDX-License-Identifier: MIT
// Playback as a media player (issue 15, item 1): pause holds t on every page, the end holds the last frame
// unless looping (then t wraps), ← and → move exactly one stop (one algorithm step on Collectives, one event on
// the Training timeline), End and jump-to-step land on a stop.
#include "app/gui/collectives/collectivesstage.h"
#include "app/gui/lessons/lessonstage.h"
#include "app/gui/mainwindow.h"
#include "app/gui/playback.h"
#include "app/gui/training/trainingstage.h"
#if __has_include("app/gui/training/scenarioform.h")
#include "app/gui/training/scenarioform.h" // TrainingStage::form() returns a QPointer to it
#endif
#include "views/collectiveview.h"
#include "views/timelineview.h"

#include <QApplication>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTextBrowser>
#include <algorithm>

using namespace tutor;
using namespace tutor::app;

namespace {
// Opens `page` and gives it something to animate: the first lesson whose opening scene moves.
bool prepare(MainWindow& window, Navigator::Page page)
{
    window.showPage(page);
    window.playback()->setSpeed(8); // the whole animation in about 1.5 s
    if (page == Navigator::Lessons) {
        auto* lessons = qobject_cast<LessonStage*>(window.stage(Navigator::Lessons));
        for (int i = 0; lessons && i < lessons->lessonCount() && lessons->duration() <= 0; ++i)
            lessons->openLesson(i);
    }
    return window.currentStage()->duration() > 0 && window.playback()->duration() > 0;
}

// Plays until the controller stops by itself (the end without loop). Event-driven: no sleeping.
bool playToTheEnd(PlaybackController& p)
{
    QSignalSpy stopped(&p, &PlaybackController::playingChanged);
    p.play();
    while (p.isPlaying())
        if (!stopped.wait(5000))
            return false;
    return true;
}
} // namespace

class TestPlayback : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
    }

    // --- the controller alone
    void stepsBetweenStops_data()
    {
        QTest::addColumn<std::vector<double>>("stops");
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("next");
        QTest::addColumn<double>("previous");
        // Duration 6 and a natural rate of 2.5 (steps of it when no stops are set); stops replace the rate.
        QTest::newRow("integer stops, from 0") << std::vector<double> { 0, 1, 2, 3, 4, 5, 6 } << 0.0 << 1.0 << 0.0;
        QTest::newRow("integer stops, mid step") << std::vector<double> { 1, 2, 3, 4, 5 } << 2.5 << 3.0 << 2.0;
        QTest::newRow("integer stops, on a stop") << std::vector<double> { 1, 2, 3, 4, 5 } << 3.0 << 4.0 << 2.0;
        QTest::newRow("integer stops, at the end") << std::vector<double> { 1, 2, 3, 4, 5 } << 6.0 << 6.0 << 5.0;
        QTest::newRow("event starts, unsorted, repeated")
            << std::vector<double> { 4.5, 0.25, 0.25, 2 } << 0.25 << 2.0 << 0.0;
        QTest::newRow("no stops: multiples of the rate") << std::vector<double> {} << 2.5 << 5.0 << 0.0;
    }
    void stepsBetweenStops()
    {
        QFETCH(std::vector<double>, stops);
        QFETCH(double, start);
        QFETCH(double, next);
        QFETCH(double, previous);
        PlaybackController p;
        p.setDuration(6);
        p.setNaturalRate(2.5);
        p.setStops(stops);
        p.setTime(start);
        p.stepForward();
        QCOMPARE(p.time(), next);
        p.setTime(start);
        p.stepBackward();
        QCOMPARE(p.time(), previous);
    }

    void endAndJump()
    {
        PlaybackController p;
        p.setDuration(6);
        p.setStops({ 1, 2, 3, 4, 5 });
        QCOMPARE(p.stops(), (std::vector<double> { 0, 1, 2, 3, 4, 5, 6 }));
        p.goToEnd();
        QCOMPARE(p.time(), 6.0);
        QCOMPARE(p.stopIndex(p.time()), 6);
        p.jumpToStop(2);
        QCOMPARE(p.time(), 2.0);
        p.jumpToStop(99); // clamped to the last stop
        QCOMPARE(p.time(), 6.0);
    }

    void pauseHolds()
    {
        PlaybackController p;
        p.setDuration(6);
        p.setTime(2.5);
        p.play();
        p.pause();
        QVERIFY(p.time() >= 2.5 && p.time() < 6);
        const double held = p.time();
        p.play(); // resumes from where it was, not from 0
        QVERIFY(p.time() >= held);
        p.pause();
    }

    void endHoldsThenLoopWraps()
    {
        PlaybackController p;
        p.setDuration(1);
        p.setNaturalRate(1);
        p.setSpeed(8);
        p.setTime(0.9);
        QVERIFY(playToTheEnd(p));
        QCOMPARE(p.time(), 1.0); // the last frame stays
        // Play at the end starts over; with Loop the time wraps instead of stopping.
        p.setLoop(true);
        QSignalSpy times(&p, &PlaybackController::timeChanged);
        p.play();
        QVERIFY(p.time() < 1.0);
        double last = p.time();
        bool wrapped = false;
        while (!wrapped && times.wait(5000)) {
            const double t = times.takeLast().at(0).toDouble();
            wrapped = t < last;
            last = t;
        }
        QVERIFY(wrapped);
        QVERIFY(p.isPlaying());
        p.pause();
    }

    // --- the window: the defects were in the wiring (playingChanged → retranslate → setSchedule → t = 0)
    void pauseHoldsOnEveryPage_data()
    {
        QTest::addColumn<int>("page");
        QTest::newRow("Collectives") << int(Navigator::Collectives);
        QTest::newRow("Training step") << int(Navigator::Training);
        QTest::newRow("Lessons") << int(Navigator::Lessons);
    }
    void pauseHoldsOnEveryPage()
    {
        QFETCH(int, page);
        MainWindow window(false);
        window.show();
        QVERIFY(prepare(window, static_cast<Navigator::Page>(page)));
        PlaybackController* p = window.playback();
        Stage* stage = window.currentStage();
        p->jumpToStop(1);
        const double t = p->time();
        QVERIFY(t > 0);
        p->play();
        p->pause();
        QVERIFY2(p->time() >= t, qPrintable(QString::number(p->time())));
        QCOMPARE(stage->time(), p->time());
        // Reaching the end stops there and keeps the final state.
        QVERIFY(playToTheEnd(*p));
        QCOMPARE(p->time(), p->duration());
        QCOMPARE(stage->time(), stage->duration());
    }

    void collectivesEndShowsTheFinalState()
    {
        MainWindow window(false);
        window.show();
        QVERIFY(prepare(window, Navigator::Collectives));
        CollectivesStage* stage = window.collectivesStage();
        window.playback()->setSpeed(8);
        window.playback()->setTime(window.playback()->duration() - 0.5);
        QVERIFY(playToTheEnd(*window.playback()));
        QVERIFY(stage->view()->frame().final());
        QVERIFY(window.explanationPanel()->toPlainText().contains(QStringLiteral("Final state")));
        // A language switch redraws the texts, not the animation.
        QVERIFY(window.setLanguage(QStringLiteral("zh_CN")));
        QVERIFY(window.setLanguage(QStringLiteral("en")));
        QVERIFY(stage->view()->frame().final());
        QCOMPARE(window.playback()->time(), window.playback()->duration());
    }

    void stepIsOneAlgorithmStep_data()
    {
        QTest::addColumn<int>("ranks");
        // The natural rate is steps / 12 (1.2 steps at 8 ranks, 2.5 at 16); a step must stay one step.
        QTest::newRow("ring AllReduce, 8 ranks") << 8;
        QTest::newRow("ring AllReduce, 16 ranks") << 16;
    }
    void stepIsOneAlgorithmStep()
    {
        QFETCH(int, ranks);
        MainWindow window(false);
        window.show();
        CollectivesStage* stage = window.collectivesStage();
        CollectivesParams params = stage->controller()->params();
        params.ranks = ranks;
        params.nodes = ranks / 8;
        stage->controller()->setParams(params);
        QVERIFY(prepare(window, Navigator::Collectives));
        const int steps = stage->view()->steps();
        QCOMPARE(steps, 2 * (ranks - 1)); // ring AllReduce: N − 1 reduce-scatter + N − 1 all-gather steps
        PlaybackController* p = window.playback();
        for (int k = 1; k <= steps; ++k) {
            p->stepForward();
            QCOMPARE(p->time(), double(k));
            QCOMPARE(stage->view()->frame().completed, k);
            QCOMPARE(stage->view()->frame().inFlight, -1); // nothing frozen mid-flight
        }
        QVERIFY(stage->view()->frame().final());
        p->stepBackward();
        QCOMPARE(p->time(), double(steps - 1));
        p->jumpToStop(3);
        QCOMPARE(stage->view()->frame().completed, 3);
    }

    void stepIsOneTimelineEvent()
    {
        MainWindow window(false);
        window.show();
        QVERIFY(prepare(window, Navigator::Training));
        TrainingStage* stage = window.trainingStage();
        std::vector<double> starts;
        for (const auto& e : stage->timelineView()->timeline().events)
            if (e.start > 0)
                starts.push_back(e.start);
        QVERIFY(!starts.empty());
        std::sort(starts.begin(), starts.end());
        window.playback()->stepForward();
        QCOMPARE(window.playback()->time(), starts.front()); // the first event after t = 0
        QCOMPARE(stage->time(), starts.front());
        window.playback()->goToEnd();
        QCOMPARE(stage->time(), stage->duration());
        window.playback()->stepBackward();
        QCOMPARE(window.playback()->time(), starts.back());
    }
};

QTEST_MAIN(TestPlayback)
#include "tst_playback.moc"
