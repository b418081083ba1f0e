// SPDX-License-Identifier: MIT
// TimeAxis: time ↔ x with zoom and pan, lane ↔ y. Expected values are the axis' closed forms
// (x = left + (t − begin)/(end − begin)·width; lane height = clamp(plot height / lanes, min, max)).
#include "views/timelineaxis.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <limits>

using tutor::views::TimeAxis;

class TstTimelineGeometry : public QObject {
    Q_OBJECT

    static TimeAxis makeAxis(QRectF plot, double duration, double begin, double end, int lanes = 4)
    {
        TimeAxis axis;
        axis.setPlot(plot);
        axis.setDuration(duration);
        axis.setLaneCount(lanes);
        axis.setRange(begin, end);
        return axis;
    }

private slots:
    void xOfAndBack_data()
    {
        QTest::addColumn<QRectF>("plot");
        QTest::addColumn<double>("duration");
        QTest::addColumn<double>("begin");
        QTest::addColumn<double>("end");
        QTest::addColumn<double>("t");
        QTest::newRow("fitted, start of step") << QRectF(150, 24, 800, 300) << 0.1 << 0.0 << 0.1 << 0.0;
        QTest::newRow("fitted, end of step") << QRectF(150, 24, 800, 300) << 0.1 << 0.0 << 0.1 << 0.1;
        QTest::newRow("fitted, middle") << QRectF(150, 24, 800, 300) << 0.1 << 0.0 << 0.1 << 0.05;
        QTest::newRow("zoomed 10x, inside") << QRectF(0, 0, 1920, 1080) << 2.0 << 0.5 << 0.7 << 0.61;
        QTest::newRow("zoomed 1e6x, microseconds") << QRectF(10, 0, 1000, 500) << 1.0 << 0.25 << 0.250001 << 0.2500004;
        QTest::newRow("left of the visible range") << QRectF(150, 24, 800, 300) << 1.0 << 0.4 << 0.6 << 0.1;
    }
    void xOfAndBack()
    {
        QFETCH(QRectF, plot);
        QFETCH(double, duration);
        QFETCH(double, begin);
        QFETCH(double, end);
        QFETCH(double, t);
        const TimeAxis axis = makeAxis(plot, duration, begin, end);
        const double expectedX = plot.left() + (t - begin) / (end - begin) * plot.width();
        QVERIFY(std::abs(axis.xOf(t) - expectedX) < 1e-6);
        QVERIFY(std::abs(axis.tAt(axis.xOf(t)) - t) < 1e-12 * std::max(1.0, duration));
        QVERIFY(std::abs(axis.secondsPerPixel() - (end - begin) / plot.width()) < 1e-15);
    }

    void zoomKeepsAnchor_data()
    {
        QTest::addColumn<double>("begin");
        QTest::addColumn<double>("end");
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("anchorX");
        QTest::newRow("2x in at the centre") << 0.2 << 0.6 << 2.0 << 500.0;
        QTest::newRow("1.2x in near the left") << 0.2 << 0.6 << 1.2 << 120.0;
        QTest::newRow("1.5x out at the right") << 0.4 << 0.5 << 1 / 1.5 << 880.0;
        QTest::newRow("1000x in") << 0.0 << 1.0 << 1000.0 << 333.0;
    }
    void zoomKeepsAnchor()
    {
        QFETCH(double, begin);
        QFETCH(double, end);
        QFETCH(double, factor);
        QFETCH(double, anchorX);
        TimeAxis axis = makeAxis(QRectF(100, 0, 800, 400), 1.0, begin, end);
        const double anchorT = axis.tAt(anchorX);
        axis.zoom(factor, anchorX);
        QVERIFY(std::abs(axis.span() - (end - begin) / factor) < 1e-12);
        QVERIFY(std::abs(axis.tAt(anchorX) - anchorT) < 1e-12);
    }

    void zoomAndPanStayInsideTheStep_data()
    {
        QTest::addColumn<double>("zoomFactor");
        QTest::addColumn<double>("panPx");
        QTest::addColumn<double>("expectedBegin");
        QTest::addColumn<double>("expectedEnd");
        // duration 1 s, plot 1000 px, start from [0.4, 0.6] (0.2 ms per px)
        QTest::newRow("zoom out past the step fits it") << 0.01 << 0.0 << 0.0 << 1.0;
        QTest::newRow("pan right 100 px shows earlier times")
            << 1.0 << 100.0 << 0.4 - 100 * 0.2 / 1000 << 0.6 - 100 * 0.2 / 1000;
        QTest::newRow("pan far right stops at 0") << 1.0 << 1e6 << 0.0 << 0.2;
        QTest::newRow("pan far left stops at the end") << 1.0 << -1e6 << 0.8 << 1.0;
    }
    void zoomAndPanStayInsideTheStep()
    {
        QFETCH(double, zoomFactor);
        QFETCH(double, panPx);
        QFETCH(double, expectedBegin);
        QFETCH(double, expectedEnd);
        TimeAxis axis = makeAxis(QRectF(0, 0, 1000, 400), 1.0, 0.4, 0.6);
        axis.zoom(zoomFactor, 500);
        axis.pan(panPx);
        QVERIFY2(std::abs(axis.begin() - expectedBegin) < 1e-12, qPrintable(QString::number(axis.begin())));
        QVERIFY2(std::abs(axis.end() - expectedEnd) < 1e-12, qPrintable(QString::number(axis.end())));
    }

    void rangeIsSanitised_data()
    {
        QTest::addColumn<double>("begin");
        QTest::addColumn<double>("end");
        QTest::addColumn<double>("expectedBegin");
        QTest::addColumn<double>("expectedEnd");
        constexpr double nan = std::numeric_limits<double>::quiet_NaN();
        constexpr double inf = std::numeric_limits<double>::infinity();
        // duration 2 s, previous range [0, 2] (fitted)
        QTest::newRow("reversed range is swapped") << 1.5 << 0.5 << 0.5 << 1.5;
        QTest::newRow("NaN is ignored") << nan << 1.0 << 0.0 << 2.0;
        QTest::newRow("infinity is ignored") << 0.0 << inf << 0.0 << 2.0;
        QTest::newRow("beyond the step is clamped") << -1.0 << 5.0 << 0.0 << 2.0;
        QTest::newRow("narrower than the minimum span widens around the centre")
            << 1.0 << 1.0 << 1.0 - TimeAxis::kMinSpanSeconds / 2 << 1.0 + TimeAxis::kMinSpanSeconds / 2;
    }
    void rangeIsSanitised()
    {
        QFETCH(double, begin);
        QFETCH(double, end);
        QFETCH(double, expectedBegin);
        QFETCH(double, expectedEnd);
        TimeAxis axis = makeAxis(QRectF(0, 0, 1000, 400), 2.0, 0.0, 2.0);
        axis.setRange(begin, end);
        QVERIFY(std::abs(axis.begin() - expectedBegin) < 1e-15);
        QVERIFY(std::abs(axis.end() - expectedEnd) < 1e-15);
        QVERIFY(std::isfinite(axis.xOf(1.0)));
    }

    void badDurationFallsBackToOneSecond_data()
    {
        QTest::addColumn<double>("duration");
        QTest::newRow("zero") << 0.0;
        QTest::newRow("negative") << -3.0;
        QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN();
    }
    void badDurationFallsBackToOneSecond()
    {
        QFETCH(double, duration);
        TimeAxis axis;
        axis.setDuration(duration);
        QCOMPARE(axis.duration(), 1.0);
        QVERIFY(axis.isFitted());
    }

    void lanes_data()
    {
        QTest::addColumn<double>("plotHeight");
        QTest::addColumn<int>("lanes");
        QTest::addColumn<double>("y");
        QTest::addColumn<int>("expectedLane");
        // lane height = clamp(plotHeight / lanes, kMinLaneHeight, kMaxLaneHeight), lane = floor((y − top) / h)
        QTest::newRow("4 lanes in 100 px, first row") << 100.0 << 4 << 24.0 + 3 << 0;
        QTest::newRow("4 lanes in 100 px, last row") << 100.0 << 4 << 24.0 + 99 << 3;
        const double most = TimeAxis::kMaxLaneHeight, least = TimeAxis::kMinLaneHeight;
        QTest::newRow("2 lanes in 400 px use the maximum height") << 400.0 << 2 << 24.0 + most + 4 << 1;
        QTest::newRow("2 lanes in 400 px, below the rows") << 400.0 << 2 << 24.0 + 2 * most + 4 << -1;
        QTest::newRow("above the plot") << 400.0 << 2 << 10.0 << -1;
        QTest::newRow("80 lanes in 300 px use the minimum height") << 300.0 << 80 << 24.0 + least + 1 << 1;
    }
    void lanes()
    {
        QFETCH(double, plotHeight);
        QFETCH(int, lanes);
        QFETCH(double, y);
        QFETCH(int, expectedLane);
        const TimeAxis axis = makeAxis(QRectF(150, 24, 800, plotHeight), 1.0, 0.0, 1.0, lanes);
        const double h = std::clamp(plotHeight / lanes, TimeAxis::kMinLaneHeight, TimeAxis::kMaxLaneHeight);
        QCOMPARE(axis.laneHeight(), h);
        QCOMPARE(axis.laneAt(y), expectedLane);
        QCOMPARE(axis.laneTop(1), 24.0 + h);
    }

    void scrollingShiftsLanes()
    {
        // 80 lanes of kMinLaneHeight in a 300 px plot: content 80·14 px, scroll limited to content − plot.
        TimeAxis axis = makeAxis(QRectF(0, 0, 500, 300), 1.0, 0.0, 1.0, 80);
        axis.setScrollY(1e9);
        QCOMPARE(axis.scrollY(), 80 * TimeAxis::kMinLaneHeight - 300);
        QCOMPARE(axis.laneAt(1.0), static_cast<int>(std::floor((1.0 + axis.scrollY()) / TimeAxis::kMinLaneHeight)));
        axis.setScrollY(-5);
        QCOMPARE(axis.scrollY(), 0.0);
    }

    void eventRectSpansTheEvent()
    {
        const TimeAxis axis = makeAxis(QRectF(150, 24, 1000, 200), 1.0, 0.0, 0.5, 4);
        const QRectF r = axis.eventRect(2, 0.1, 0.05);
        QVERIFY(std::abs(r.left() - (150 + 0.1 / 0.5 * 1000)) < 1e-9);
        QVERIFY(std::abs(r.width() - 0.05 / 0.5 * 1000) < 1e-9);
        QVERIFY(r.top() > axis.laneTop(2) && r.bottom() < axis.laneTop(3));
        QCOMPARE(axis.laneAt(r.center().y()), 2);
    }
};

QTEST_APPLESS_MAIN(TstTimelineGeometry)
#include "tst_timelinegeometry.moc"
