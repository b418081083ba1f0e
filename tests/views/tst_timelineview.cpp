// SPDX-License-Identifier: MIT
// TimelineView: events land on the rectangles the time axis' closed form gives at several zoom levels, and
// the pixels there carry the event's colour; selection, exposed highlight, bubbles, cursor and level of detail.
#include "views/timelinepainter.h"
#include "views/timelineview.h"

#include <QImage>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>
#include <cmath>
#include <memory>

using namespace tutor;
using model::EventKind;
using model::LaneKind;
using views::displayName;
using views::eventColor;
using views::Legend;
using views::LegendEntry;
using views::Palette;
using views::timelineLegend;
using views::TimelineView;

namespace {

constexpr double ms = 1e-3;

model::Event makeEvent(int lane, EventKind kind, double startMs, double durationMs, double exposedMs = 0)
{
    model::Event e;
    e.lane = lane;
    e.kind = kind;
    e.start = startMs * ms;
    e.duration = durationMs * ms;
    e.exposed = exposedMs * ms;
    if (kind == EventKind::Communication) {
        e.collective = model::Collective::AllReduce;
        e.bytes = 25 * model::MiB;
        e.label = "AllReduce bucket 0";
    }
    return e;
}

// Two pipeline stages; stage 1 starts with a bubble. Labels of compute events stay empty so sampled pixels
// show the fill colour, not text.
model::Timeline smallTimeline()
{
    model::Timeline t;
    t.lanes = { { 0, LaneKind::Compute, "stage 0 · compute" }, { 0, LaneKind::DpComm, "stage 0 · dp" },
        { 1, LaneKind::Compute, "stage 1 · compute" } };
    t.events = { makeEvent(0, EventKind::Forward, 0, 10), makeEvent(0, EventKind::Backward, 10, 20),
        makeEvent(1, EventKind::Communication, 15, 20, 5), makeEvent(2, EventKind::Idle, 0, 8),
        makeEvent(2, EventKind::Forward, 8, 10), makeEvent(2, EventKind::Backward, 18, 22) };
    t.duration = 40 * ms;
    return t;
}

// One lane of `count` back-to-back 1 µs events, alternating forward and backward.
model::Timeline denseTimeline(int count)
{
    model::Timeline t;
    t.lanes = { { 0, LaneKind::Compute, "stage 0 · compute" } };
    t.events.reserve(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i)
        t.events.push_back(makeEvent(0, i % 2 ? EventKind::Backward : EventKind::Forward, i * 1e-3, 1e-3));
    t.duration = count * 1e-6;
    return t;
}

// Colours compared as RGB: QColor's operator== also compares the colour spec (RGB vs HSV).
QRgb pixel(const QImage& image, QPointF p)
{
    return image.pixel(static_cast<int>(p.x()), static_cast<int>(p.y())) & RGB_MASK;
}
QRgb rgb(const QColor& colour)
{
    return colour.rgb() & RGB_MASK;
}

} // namespace

class TstTimelineView : public QObject {
    Q_OBJECT

    void prepare(TimelineView& view)
    {
        view.resize(950, 250);
        view.setTimeline(smallTimeline());
        view.setCursorVisible(false);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
    }

private slots:
    // Presenter mode's large text: every lane holds a line of the font, the label column and the ruler grow with
    // it, and at the default font the layout is the default one.
    void layoutFollowsTheFont()
    {
        TimelineView view;
        prepare(view);
        QFont big = view.font();
        big.setPointSizeF(big.pointSizeF() * 2.5);
        view.setFont(big);
        QCoreApplication::processEvents();
        const QFontMetricsF metrics(big);
        QVERIFY(view.axis().laneHeight() >= metrics.height());
        QVERIFY(view.axis().plot().top() >= metrics.height() + 8 - 1e-9);
        QVERIFY(view.axis().plot().left() > views::TimelineLayout::kLabelWidth);
        // The lane names fit their column: at most as wide as the column minus the swatch.
        QVERIFY(
            metrics.horizontalAdvance(QStringLiteral("stage 0 · compute")) <= view.axis().plot().left() - 24 + 1e-9);
        // A 13-px-high font keeps the defaults.
        QFont small = view.font();
        small.setPixelSize(10);
        const QRectF plain = views::TimelineLayout::plotFor(QRectF(0, 0, 950, 250), QFontMetricsF(small));
        QCOMPARE(plain, views::TimelineLayout::plotFor(QRectF(0, 0, 950, 250)));
    }

    void eventsMapToRectangles_data()
    {
        QTest::addColumn<QString>("action");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::newRow("whole step") << "range" << 0.0 << 40.0;
        QTest::newRow("first half") << "range" << 0.0 << 20.0;
        QTest::newRow("zoomed 8x on 12-17 ms") << "range" << 12.0 << 17.0;
        QTest::newRow("box drag over 300-600 px") << "box" << 300.0 << 600.0;
        QTest::newRow("three wheel notches at 400 px") << "wheel" << 3.0 << 400.0;
    }
    void eventsMapToRectangles()
    {
        QFETCH(QString, action);
        QFETCH(double, a);
        QFETCH(double, b);
        TimelineView view;
        prepare(view);
        const QRectF plot = views::TimelineLayout::plotFor(view.rect(), QFontMetricsF(view.font()));
        // Expected visible range from the closed forms of each gesture.
        double begin = 0, end = 40 * ms;
        auto tAt = [&](double x) { return begin + (x - plot.left()) / plot.width() * (end - begin); };
        if (action == "range") {
            view.setVisibleRange(a * ms, b * ms);
            begin = a * ms;
            end = b * ms;
        } else if (action == "box") {
            const double t0 = tAt(a), t1 = tAt(b);
            const int y = static_cast<int>(plot.center().y());
            QTest::mousePress(&view, Qt::RightButton, {}, QPoint(int(a), y));
            QMouseEvent move(
                QEvent::MouseMove, QPointF(b, y), view.mapToGlobal(QPointF(b, y)), Qt::NoButton, Qt::RightButton, {});
            QCoreApplication::sendEvent(&view, &move);
            QTest::mouseRelease(&view, Qt::RightButton, {}, QPoint(int(b), y));
            begin = t0;
            end = t1;
        } else {
            // One notch (120 units) zooms 1.2× about the pointer: the time under it stays put.
            const double factor = std::pow(1.2, a);
            const double anchor = tAt(b);
            const double span = (end - begin) / factor;
            QWheelEvent wheel(QPointF(b, plot.center().y()), view.mapToGlobal(QPointF(b, plot.center().y())), QPoint(),
                QPoint(0, static_cast<int>(120 * a)), Qt::NoButton, {}, Qt::NoScrollPhase, false);
            QCoreApplication::sendEvent(&view, &wheel);
            begin = anchor - (b - plot.left()) / plot.width() * span;
            end = begin + span;
        }
        QVERIFY2(std::abs(view.axis().begin() - begin) < 1e-9, qPrintable(QString::number(view.axis().begin())));
        QVERIFY2(std::abs(view.axis().end() - end) < 1e-9, qPrintable(QString::number(view.axis().end())));

        const QImage image = view.grab().toImage();
        const auto& timeline = view.timeline();
        const views::Palette palette = view.colors();
        for (int i = 0; i < static_cast<int>(timeline.events.size()); ++i) {
            const auto& e = timeline.events[static_cast<size_t>(i)];
            const double x0 = plot.left() + (e.start - begin) / (end - begin) * plot.width();
            const double x1 = plot.left() + (e.end() - begin) / (end - begin) * plot.width();
            const QRectF r = view.eventRect(i);
            QVERIFY2(std::abs(r.left() - x0) < 1e-6 && std::abs(r.right() - x1) < 1e-6, qPrintable(QString::number(i)));
            QCOMPARE(view.axis().laneAt(r.center().y()), e.lane);
            const QRectF visible = r.intersected(plot);
            if (visible.width() < 4)
                continue;
            const QPointF probe(visible.center().x(), visible.top() + 2);
            QCOMPARE(view.eventAt(probe), i);
            if (e.kind != EventKind::Idle)
                QCOMPARE(pixel(image, probe), rgb(views::eventColor(timeline, e, palette)));
        }
    }

    void exposedTailIsHighlighted()
    {
        TimelineView view;
        prepare(view);
        const QImage image = view.grab().toImage();
        const QRectF r = view.eventRect(2); // 20 ms AllReduce whose last 5 ms are exposed
        QCOMPARE(pixel(image, QPointF(r.right() - r.width() * 0.1, r.bottom() - 1)), rgb(view.colors().exposedComm));
        QCOMPARE(pixel(image, QPointF(r.left() + r.width() * 0.1, r.bottom() - 1)), rgb(view.colors().dpLane));
    }

    void bubbleIsHatched()
    {
        TimelineView view;
        prepare(view);
        const QImage image = view.grab().toImage();
        const QRect r = view.eventRect(3).toAlignedRect().adjusted(2, 2, -2, -2);
        int hatch = 0, background = 0;
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x) {
                const QColor c = image.pixelColor(x, y);
                hatch += rgb(c) == rgb(view.colors().bubbleHatch);
                background += rgb(c) == rgb(view.colors().background);
            }
        QVERIFY2(hatch > 0 && background > 0, qPrintable(QStringLiteral("%1 %2").arg(hatch).arg(background)));
    }

    void clickSelects_data()
    {
        QTest::addColumn<int>("event");
        QTest::newRow("forward on stage 0") << 0;
        QTest::newRow("AllReduce on the dp lane") << 2;
        QTest::newRow("empty space") << -1;
    }
    void clickSelects()
    {
        QFETCH(int, event);
        TimelineView view;
        prepare(view);
        QSignalSpy spy(&view, &TimelineView::eventSelected);
        // Empty space: the dp lane before its first collective.
        const QPoint at = event >= 0 ? view.eventRect(event).center().toPoint()
                                     : QPointF(view.axis().xOf(5 * ms), view.axis().laneTop(1) + 10).toPoint();
        QTest::mouseClick(&view, Qt::LeftButton, {}, at);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), event);
        QCOMPARE(view.selectedEvent(), event);
    }

    void highlightDimsTheRest()
    {
        TimelineView view;
        prepare(view);
        view.setHighlight({ .eventKind = EventKind::Communication });
        const QImage image = view.grab().toImage();
        const QRectF compute = view.eventRect(0);
        const QRectF comm = view.eventRect(2);
        QVERIFY(pixel(image, QPointF(compute.center().x(), compute.top() + 2)) != rgb(view.colors().computeLane));
        QCOMPARE(pixel(image, QPointF(comm.left() + 4, comm.top() + 4)), rgb(view.colors().dpLane));
    }

    void timeCursorIsDrawnAtT()
    {
        TimelineView view;
        prepare(view);
        view.setCursorVisible(true);
        view.setTime(20 * ms);
        QCOMPARE(view.time(), 20 * ms);
        const QImage image = view.grab().toImage();
        const double x = view.axis().xOf(20 * ms);
        QCOMPARE(pixel(image, QPointF(x, view.axis().plot().bottom() - 3)), rgb(view.colors().accent));
        view.setTime(1e9); // clamped to the step
        QCOMPARE(view.time(), 40 * ms);
    }

    void tooltipDescribesTheEvent()
    {
        TimelineView view;
        prepare(view);
        const QString text = view.describeEvent(2);
        QVERIFY(text.contains("AllReduce bucket 0"));
        QVERIFY(text.contains("stage 0 · dp"));
        QVERIFY(text.contains("25.0 MiB") || text.contains("25 MiB"));
        QVERIFY(text.contains("25%")); // exposed 5 of 20 ms
        QVERIFY(view.describeEvent(99).isEmpty());
    }

    void levelOfDetailMergesSubPixelEvents()
    {
        TimelineView view;
        view.resize(1000, 200);
        view.setTimeline(denseTimeline(100'000));
        view.grab();
        const auto whole = view.lastPaintStats();
        QCOMPARE(whole.visibleEvents, 100'000);
        QCOMPARE(whole.drawnRects, 0); // 100 events per pixel: all merged
        QCOMPARE(whole.mergedEvents, 100'000);
        QCOMPARE(whole.mergedRows, 1);
        view.setVisibleRange(0, 50e-6); // 50 events over 850 px: each drawn on its own
        view.grab();
        const auto zoomed = view.lastPaintStats();
        QCOMPARE(zoomed.mergedEvents, 0);
        QVERIFY(zoomed.drawnRects >= 50 && zoomed.drawnRects <= 52);
    }

    void newTimelineKeepsZoomOnlyForTheSameStep()
    {
        TimelineView view;
        prepare(view);
        view.setVisibleRange(10 * ms, 20 * ms);
        view.setTimeline(smallTimeline());
        QCOMPARE(view.axis().begin(), 10 * ms);
        auto longer = smallTimeline();
        longer.duration = 80 * ms;
        view.setTimeline(longer);
        QVERIFY(view.axis().isFitted());
    }

    // The legend names exactly the kinds the timeline draws, each with the painter's own colour: forward and
    // backward compute, the DP lane's colour, the red exposed tail (smallTimeline has 5 ms exposed) and hatched
    // idle; no recompute, optimizer, TP, PP or EP entry because there are none.
    void legendNamesWhatIsDrawn()
    {
        const model::Timeline t = smallTimeline();
        const Palette palette = Palette::light();
        const auto entries = timelineLegend(t, palette);
        QStringList names;
        for (const auto& e : entries)
            names << e.text;
        const QStringList expected { displayName(EventKind::Forward), displayName(EventKind::Backward),
            displayName(LaneKind::DpComm), QStringLiteral("exposed (red)"), displayName(EventKind::Idle) };
        QCOMPARE(names, expected);
        const auto centre = [](const LegendEntry& e) {
            const QImage image = e.swatch.toImage();
            return image.pixel(image.width() / 2, 3);
        };
        QCOMPARE(centre(entries[0]), eventColor(t, t.events[0], palette).rgb());
        QCOMPARE(centre(entries[1]), eventColor(t, t.events[1], palette).rgb());
        QCOMPARE(centre(entries[2]), palette.dpLane.rgb());
        const QImage exposed = entries[3].swatch.toImage();
        QCOMPARE(exposed.pixel(exposed.width() / 2, exposed.height() - 3), palette.exposedComm.rgb());
        for (const auto& e : entries)
            QVERIFY2(!e.toolTip.isEmpty(), qPrintable(e.text));

        // The view keeps an attached legend in step with its timeline.
        TimelineView view;
        Legend* legend = view.legend(nullptr);
        std::unique_ptr<Legend> owner(legend);
        view.setTimeline(t);
        QCOMPARE(legend->texts(), names);
        model::Timeline noComm = t;
        noComm.events.erase(noComm.events.begin() + 2);
        view.setTimeline(noComm);
        QVERIFY(!legend->texts().contains(displayName(LaneKind::DpComm)));
        QVERIFY(!legend->texts().contains(QStringLiteral("exposed (red)")));
    }

    void rulerLabelsStayInsideThePlot_data()
    {
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("begin");
        QTest::addColumn<double>("end");
        QTest::addColumn<double>("pointSize");
        const double ms = 1e-3;
        // 24.68 ms (the default scenario) and spans whose last tick falls just inside the end, zoomed or not.
        QTest::newRow("24.68 ms, 560 px") << 560.0 << 0.0 << 24.68 * ms << 10.0;
        QTest::newRow("20.3 ms, 700 px") << 700.0 << 0.0 << 20.3 * ms << 10.0;
        QTest::newRow("1.004 s, 1100 px") << 1100.0 << 0.0 << 1.004 << 10.0;
        QTest::newRow("zoomed 5.01–5.2 µs, 400 px") << 400.0 << 5.01e-6 << 5.2e-6 << 10.0;
        QTest::newRow("presenter 2.5×, 10.02 ms, 900 px") << 900.0 << 0.0 << 10.02 * ms << 25.0;
        QTest::newRow("narrow, 150 px") << 150.0 << 0.0 << 0.9 * ms << 10.0;
    }

    // Every label the ruler draws lies inside the plot and clear of its neighbours, and says its tick's time;
    // the tick nearest the end (whose label used to run past the plot and be cut) keeps a label when there is room.
    void rulerLabelsStayInsideThePlot()
    {
        QFETCH(double, width);
        QFETCH(double, begin);
        QFETCH(double, end);
        QFETCH(double, pointSize);
        views::TimeAxis axis;
        axis.setPlot(QRectF(150, 24, width, 300));
        axis.setDuration(std::max(end, 1e-6));
        axis.setLaneCount(2);
        axis.setRange(begin, end);
        QFont font;
        font.setPointSizeF(pointSize);
        const QFontMetricsF metrics(font);
        const auto ticks = views::timeRulerTicks(axis, metrics, 0, 20);
        QVERIFY(!ticks.empty());
        double previousRight = -1e9;
        for (const auto& tick : ticks) {
            QVERIFY(tick.x >= axis.plot().left() - 1 && tick.x <= axis.plot().right() + 1);
            if (tick.labelRect.isEmpty())
                continue;
            QVERIFY2(tick.labelRect.left() >= axis.plot().left() && tick.labelRect.right() <= axis.plot().right(),
                qPrintable(tick.label));
            QVERIFY2(metrics.horizontalAdvance(tick.label) <= tick.labelRect.width(), qPrintable(tick.label));
            QVERIFY(tick.labelRect.left() > previousRight);
            // Beside its own tick: starting 3 px right of it, or ending 3 px left of it.
            QVERIFY(std::abs(tick.labelRect.left() - (tick.x + 3)) < 0.01
                || std::abs(tick.labelRect.right() - (tick.x - 3)) < 0.01);
            previousRight = tick.labelRect.right();
        }
        const auto& last = ticks.back();
        const double need = metrics.horizontalAdvance(last.label) + 1;
        const double before = ticks.size() > 1 ? ticks[ticks.size() - 2].x : axis.plot().left();
        if (last.x - 3 - need > before + 3 + need + 4)
            QVERIFY2(!last.labelRect.isEmpty(), qPrintable(last.label));
    }
};

QTEST_MAIN(TstTimelineView)
#include "tst_timelineview.moc"
