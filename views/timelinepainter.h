// SPDX-License-Identifier: MIT
#pragma once
// Stateless painting of a training-step timeline (Gantt chart) with level of detail: events narrower than
// TimelinePaintOptions::minEventWidthPx are not drawn one by one but accumulated, weighted by coverage, into
// one row of pixels per lane that is blitted at once, so 100,000 events cost one pass over the events.
#include "model/sim/timeline.h"
#include "views/legend.h"
#include "views/palette.h"
#include "views/timelineaxis.h"

#include <QColor>
#include <QFontMetricsF>
#include <QRectF>
#include <QString>
#include <optional>
#include <vector>

class QPainter;

namespace tutor::views {

/// Events of each lane in start order; built once per timeline (not in paintEvent), used to find the
/// visible events of a lane by binary search.
struct TimelineIndex {
    std::vector<std::vector<int>> lanes; ///< lanes[l] = indices into Timeline::events, sorted by start

    static TimelineIndex build(const model::Timeline& timeline);
    /// The event drawn under `point`, or −1. Events narrower than `tolerancePx` are hit within that distance.
    int eventAt(const model::Timeline& timeline, const TimeAxis& axis, QPointF point, double tolerancePx = 3) const;
    bool operator==(const TimelineIndex&) const = default;
};

/// What to emphasise; an empty highlight emphasises nothing and dims nothing.
struct TimelineHighlight {
    std::vector<int> events; ///< explicit event indices
    std::optional<model::EventKind> eventKind;
    std::optional<model::LaneKind> laneKind;
    std::optional<int> stage; ///< pipeline stage
    bool isEmpty() const { return events.empty() && !eventKind && !laneKind && !stage; }
    /// True when the event satisfies every criterion that is set (and is listed, when `events` is not empty).
    bool matches(const model::Timeline& timeline, int eventIndex) const;
    bool operator==(const TimelineHighlight&) const = default;
};

struct TimelinePaintOptions {
    TimelineHighlight highlight;
    int selectedEvent = -1;
    std::optional<model::Seconds> cursor; ///< time cursor, drawn when set
    bool showExposed = true; ///< mark the exposed part of communication
    bool hatchBubbles = true; ///< hatch idle (pipeline bubble) events
    double minEventWidthPx = 2; ///< narrower events are merged per pixel column
};

/// Counters of one paint, for tests and benchmarks.
struct TimelinePaintStats {
    int visibleEvents = 0; ///< events intersecting the visible range
    int drawnRects = 0; ///< events drawn as their own rectangle
    int mergedEvents = 0; ///< events merged into per-pixel columns
    int mergedRows = 0; ///< lanes that needed a merged row
};

/// Idle time as the timeline draws it (and its legend shows it): hatched in `colour` on the background, outlined.
void paintIdle(QPainter& painter, const QRectF& rect, const QColor& colour, const Palette& palette);

/// The colour an event is drawn in: compute by kind, communication by its lane's kind, idle as bubble hatch.
QColor eventColor(const model::Timeline& timeline, const model::Event& event, const Palette& palette);

/// Events of the visible range inside axis.plot(), with highlight, selection, exposed part and bubbles.
TimelinePaintStats paintTimelineEvents(QPainter& painter, const model::Timeline& timeline, const TimelineIndex& index,
    const TimeAxis& axis, const Palette& palette, const TimelinePaintOptions& options);

/// A tick of the time ruler: where it is, and its label (an empty rectangle: no room for it).
struct RulerTick {
    double x = 0;
    QString label;
    QRectF labelRect;
};

/// The ruler's ticks ("nice" steps: 1, 2, 5 × 10^k seconds, far enough apart for their labels in `metrics`' font)
/// for a ruler of `height` above `axis.plot()`. A label sits right of its tick; one that would pass the plot's right
/// edge sits left of it, or is left out where it would then touch the label before it. Labels stay inside the plot.
std::vector<RulerTick> timeRulerTicks(const TimeAxis& axis, const QFontMetricsF& metrics, double top, double height);

/// Time ruler with the ticks of timeRulerTicks inside `rect`, and grid lines down the plot.
void paintTimeRuler(QPainter& painter, const TimeAxis& axis, const Palette& palette, const QRectF& rect);

/// Lane names, each with a swatch of its kind's colour, inside `rect` (the label column).
void paintLaneLabels(QPainter& painter, const model::Timeline& timeline, const TimeAxis& axis, const Palette& palette,
    const QRectF& rect);

/// The time cursor at t: a line down the plot and a marker in the ruler.
void paintTimeCursor(
    QPainter& painter, const TimeAxis& axis, const Palette& palette, model::Seconds t, double rulerTop);

/// Ruler height and label column width used by paintTimeline and the view.
struct TimelineLayout {
    static constexpr double kRulerHeight = 24;
    static constexpr double kLabelWidth = 150;
    /// The plot rectangle for a widget of this size, at the default font.
    static QRectF plotFor(const QRectF& bounds);
    /// The same for text of `font`: the ruler and the lane-label column grow with the text (presenter mode's
    /// 2.5× font, high-DPI), so labels never overlap or run into each other; never below the default sizes.
    static QRectF plotFor(const QRectF& bounds, const QFontMetricsF& font);
    /// The lowest lane that holds a line of `font` (TimeAxis::setMinLaneHeight).
    static double minLaneHeight(const QFontMetricsF& font);
};

/// Everything at once, as the view paints it: background, ruler, lanes, events, cursor.
TimelinePaintStats paintTimeline(QPainter& painter, const QRectF& bounds, const model::Timeline& timeline,
    const TimelineIndex& index, const TimeAxis& axis, const Palette& palette, const TimelinePaintOptions& options);

/// Translated names for tooltips and tables.
QString displayName(model::EventKind kind);
QString displayName(model::LaneKind kind);
/// A lane's name in the interface language: "stage 0 · compute", "阶段 0 · 计算" (the model's Lane::name is English,
/// for traces and the command line).
QString laneName(const model::Lane& lane);
/// An event's label in the interface language: the model's short English words ("fwd L3 att #0", "send act #2 →
/// stage 1") are translated word by word; numbers, layer ids and collective names stay.
QString eventLabel(const std::string& label);

/// The legend of a timeline: one entry per kind of thing it draws (forward, backward, recompute, optimizer, each
/// communication lane kind, the exposed part in red, hatched idle time), each with the swatch the painter uses and
/// a sentence of what it means. Only what this timeline has.
std::vector<LegendEntry> timelineLegend(const model::Timeline& timeline, const Palette& palette, qreal dpr = 1);

} // namespace tutor::views
