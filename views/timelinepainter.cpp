// SPDX-License-Identifier: MIT
#include "timelinepainter.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QImage>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <array>
#include <cmath>

namespace tutor::views {

namespace {

using model::EventKind;
using model::LaneKind;

// Blend towards the background so emphasised events stand out without hiding the rest.
QColor dimmed(const QColor& colour, const QColor& background)
{
    constexpr double keep = 0.28;
    return QColor::fromRgbF(static_cast<float>(colour.redF() * keep + background.redF() * (1 - keep)),
        static_cast<float>(colour.greenF() * keep + background.greenF() * (1 - keep)),
        static_cast<float>(colour.blueF() * keep + background.blueF() * (1 - keep)));
}

// One row of per-pixel-column accumulators for events narrower than the detail threshold.
struct ColumnRow {
    std::vector<std::array<float, 4>> colour; // premultiplied r, g, b and coverage
    std::vector<float> exposed; // coverage of exposed communication
    int first = 0;
    int last = -1;

    void reset(int width)
    {
        if (static_cast<int>(colour.size()) != width) {
            colour.assign(static_cast<size_t>(width), { 0, 0, 0, 0 });
            exposed.assign(static_cast<size_t>(width), 0);
        } else if (last >= first) {
            std::fill(colour.begin() + first, colour.begin() + last + 1, std::array<float, 4> { 0, 0, 0, 0 });
            std::fill(exposed.begin() + first, exposed.begin() + last + 1, 0.f);
        }
        first = width;
        last = -1;
    }

    // Spreads [x0, x1) (relative to the plot's left edge) over the columns it covers.
    void add(double x0, double x1, const std::array<float, 3>& rgb, double exposedFraction)
    {
        const int width = static_cast<int>(colour.size());
        x0 = std::max(0.0, x0);
        x1 = std::min(static_cast<double>(width), std::max(x1, x0 + 0.25)); // keep a trace of zero-length events
        if (x1 <= x0)
            return;
        const int c0 = static_cast<int>(x0);
        const int c1 = std::min(width - 1, static_cast<int>(std::ceil(x1)) - 1);
        const auto [r, g, b] = rgb;
        for (int col = c0; col <= c1; ++col) {
            const float cov = static_cast<float>(std::min<double>(x1, col + 1) - std::max<double>(x0, col));
            auto& acc = colour[static_cast<size_t>(col)];
            acc[0] += r * cov;
            acc[1] += g * cov;
            acc[2] += b * cov;
            acc[3] += cov;
            exposed[static_cast<size_t>(col)] += static_cast<float>(exposedFraction) * cov;
        }
        first = std::min(first, c0);
        last = std::max(last, c1);
    }

    void paint(
        QPainter& painter, const QRectF& rowRect, double plotLeft, const QColor& exposedColour, bool showExposed) const
    {
        if (last < first)
            return;
        const int n = last - first + 1;
        QImage row(n, 1, QImage::Format_ARGB32_Premultiplied);
        QImage exposedRow(n, 1, QImage::Format_ARGB32_Premultiplied);
        auto* px = reinterpret_cast<QRgb*>(row.scanLine(0));
        auto* ex = reinterpret_cast<QRgb*>(exposedRow.scanLine(0));
        bool anyExposed = false;
        for (int i = 0; i < n; ++i) {
            const auto& acc = colour[static_cast<size_t>(first + i)];
            if (acc[3] <= 0) {
                px[i] = 0;
                ex[i] = 0;
                continue;
            }
            // Average colour of what fell into the column; opacity = covered fraction of the pixel.
            const float alpha = std::min(1.f, acc[3]);
            auto channel = [&](float sum) { return static_cast<int>(255 * alpha * sum / acc[3] + 0.5f); };
            px[i] = qRgba(channel(acc[0]), channel(acc[1]), channel(acc[2]), static_cast<int>(255 * alpha + 0.5f));
            const float e = std::min(1.f, exposed[static_cast<size_t>(first + i)]);
            anyExposed = anyExposed || e > 0;
            ex[i] = qPremultiply(qRgba(
                exposedColour.red(), exposedColour.green(), exposedColour.blue(), static_cast<int>(255 * e + 0.5f)));
        }
        const QRectF target(plotLeft + first, rowRect.top(), n, rowRect.height());
        painter.drawImage(target, row);
        if (showExposed && anyExposed) {
            const double h = std::max(2.0, rowRect.height() * 0.3);
            painter.drawImage(QRectF(target.left(), rowRect.bottom() - h, n, h), exposedRow);
        }
    }
};

} // namespace

TimelineIndex TimelineIndex::build(const model::Timeline& timeline)
{
    TimelineIndex index;
    index.lanes.resize(timeline.lanes.size());
    for (int i = 0; i < static_cast<int>(timeline.events.size()); ++i) {
        const int lane = timeline.events[static_cast<size_t>(i)].lane;
        if (lane >= 0 && lane < static_cast<int>(index.lanes.size()))
            index.lanes[static_cast<size_t>(lane)].push_back(i);
    }
    for (auto& lane : index.lanes)
        std::stable_sort(lane.begin(), lane.end(), [&](int a, int b) {
            return timeline.events[static_cast<size_t>(a)].start < timeline.events[static_cast<size_t>(b)].start;
        });
    return index;
}

namespace {
// First event of a lane whose end lies after t (events of one lane do not overlap, so ends are ordered).
std::vector<int>::const_iterator firstEndingAfter(
    const model::Timeline& timeline, const std::vector<int>& lane, model::Seconds t)
{
    return std::partition_point(
        lane.begin(), lane.end(), [&](int i) { return timeline.events[static_cast<size_t>(i)].end() <= t; });
}
} // namespace

int TimelineIndex::eventAt(
    const model::Timeline& timeline, const TimeAxis& axis, QPointF point, double tolerancePx) const
{
    const int lane = axis.laneAt(point.y());
    if (lane < 0 || lane >= static_cast<int>(lanes.size()))
        return -1;
    const auto& events = lanes[static_cast<size_t>(lane)];
    const model::Seconds slack = tolerancePx * axis.secondsPerPixel();
    const model::Seconds t = axis.tAt(point.x());
    int best = -1;
    double bestDistance = tolerancePx + 1;
    for (auto it = firstEndingAfter(timeline, events, t - slack); it != events.end(); ++it) {
        const auto& e = timeline.events[static_cast<size_t>(*it)];
        if (e.start > t + slack)
            break;
        const QRectF r = axis.eventRect(lane, e.start, e.duration);
        if (r.left() <= point.x() && point.x() < r.right())
            return *it;
        const double distance = point.x() < r.left() ? r.left() - point.x() : point.x() - r.right();
        if (distance <= tolerancePx && distance < bestDistance) {
            best = *it;
            bestDistance = distance;
        }
    }
    return best;
}

bool TimelineHighlight::matches(const model::Timeline& timeline, int eventIndex) const
{
    if (eventIndex < 0 || eventIndex >= static_cast<int>(timeline.events.size()))
        return false;
    const auto& e = timeline.events[static_cast<size_t>(eventIndex)];
    if (!events.empty() && std::find(events.begin(), events.end(), eventIndex) == events.end())
        return false;
    if (eventKind && e.kind != *eventKind)
        return false;
    const bool laneKnown = e.lane >= 0 && e.lane < static_cast<int>(timeline.lanes.size());
    if (laneKind && (!laneKnown || timeline.lanes[static_cast<size_t>(e.lane)].kind != *laneKind))
        return false;
    if (stage && (!laneKnown || timeline.lanes[static_cast<size_t>(e.lane)].stage != *stage))
        return false;
    return true;
}

static void fillHatched(QPainter& painter, const QRectF& rect, const QColor& colour)
{
    const QPaintEngine* engine = painter.paintEngine();
    if (!engine || (engine->type() != QPaintEngine::SVG && engine->type() != QPaintEngine::Picture)) {
        painter.fillRect(rect, QBrush(colour, Qt::BDiagPattern));
        return;
    }
    // SVG has no counterpart of Qt's pattern brushes (QSvgGenerator writes them as a plain fill, and browsers show a
    // solid block): draw the hatching as lines, 8 px apart like Qt::BDiagPattern, clipped to the rectangle.
    if (rect.isEmpty())
        return;
    painter.save();
    painter.setClipRect(rect, Qt::IntersectClip);
    painter.setPen(QPen(colour, 1));
    constexpr double kSpacing = 8;
    QVector<QLineF> lines;
    for (double x = rect.left() - rect.height(); x < rect.right(); x += kSpacing)
        lines.append(QLineF(x, rect.bottom(), x + rect.height(), rect.top()));
    painter.drawLines(lines);
    painter.restore();
}

void paintIdle(QPainter& painter, const QRectF& rect, const QColor& colour, const Palette& palette)
{
    painter.fillRect(rect, palette.background);
    fillHatched(painter, rect, colour);
    painter.setPen(QPen(colour, 1));
    painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5));
}

QColor eventColor(const model::Timeline& timeline, const model::Event& event, const Palette& palette)
{
    switch (event.kind) {
    case EventKind::Forward:
        return palette.computeLane;
    case EventKind::Backward:
        return palette.computeLane.darker(135);
    case EventKind::Recompute:
        return palette.recomputeLane;
    case EventKind::Optimizer:
        return palette.optimizerLane;
    case EventKind::Idle:
        return palette.bubbleHatch;
    case EventKind::Kernel:
        return palette.computeLane.lighter(115);
    case EventKind::Communication:
        break;
    }
    if (event.lane >= 0 && event.lane < static_cast<int>(timeline.lanes.size()))
        return palette.laneColor(static_cast<int>(timeline.lanes[static_cast<size_t>(event.lane)].kind));
    return palette.dpLane;
}

namespace {
// An event colour with its float channels, computed once per paint rather than once per event.
struct Swatch {
    QColor colour;
    std::array<float, 3> rgb {};
    static Swatch of(const QColor& c)
    {
        return { c, { static_cast<float>(c.redF()), static_cast<float>(c.greenF()), static_cast<float>(c.blueF()) } };
    }
};

constexpr int kEventKinds = 6;
constexpr int kLaneKinds = 5;

// [dimmed][kind] for compute-side kinds, [dimmed][lane kind] for communication.
struct SwatchTable {
    std::array<std::array<Swatch, kEventKinds>, 2> byKind;
    std::array<std::array<Swatch, kLaneKinds>, 2> byLane;

    SwatchTable(const Palette& palette)
    {
        model::Timeline probe;
        for (int k = 0; k < kEventKinds; ++k) {
            model::Event e;
            e.kind = static_cast<EventKind>(k);
            e.lane = -1;
            const QColor c = eventColor(probe, e, palette);
            byKind[0][static_cast<size_t>(k)] = Swatch::of(c);
            byKind[1][static_cast<size_t>(k)] = Swatch::of(dimmed(c, palette.background));
        }
        for (int l = 0; l < kLaneKinds; ++l) {
            const QColor c = palette.laneColor(l);
            byLane[0][static_cast<size_t>(l)] = Swatch::of(c);
            byLane[1][static_cast<size_t>(l)] = Swatch::of(dimmed(c, palette.background));
        }
    }
};
} // namespace

TimelinePaintStats paintTimelineEvents(QPainter& painter, const model::Timeline& timeline, const TimelineIndex& index,
    const TimeAxis& axis, const Palette& palette, const TimelinePaintOptions& options)
{
    TimelinePaintStats stats;
    const QRectF plot = axis.plot();
    if (plot.width() <= 0 || plot.height() <= 0)
        return stats;
    painter.save();
    painter.setClipRect(plot);
    painter.setRenderHint(QPainter::Antialiasing, false);
    const bool highlighting = !options.highlight.isEmpty();
    const QFontMetricsF metrics(painter.font());
    const double minWidth = std::max(0.0, options.minEventWidthPx);
    ColumnRow columns;
    QRectF selectedRect;
    const SwatchTable swatches(palette);
    // xOf(t) = left + (t − begin)·scale, inlined for the per-event loop.
    const double scale = plot.width() / axis.span();
    const double left = plot.left() - axis.begin() * scale;

    const int laneCount = std::min(static_cast<int>(index.lanes.size()), static_cast<int>(timeline.lanes.size()));
    for (int lane = 0; lane < laneCount; ++lane) {
        const double top = axis.laneTop(lane);
        if (top + axis.laneHeight() < plot.top() || top > plot.bottom())
            continue;
        columns.reset(static_cast<int>(std::ceil(plot.width())));
        const auto& events = index.lanes[static_cast<size_t>(lane)];
        const QRectF laneRect = axis.eventRect(lane, 0, timeline.duration);
        const int laneKind
            = std::clamp(static_cast<int>(timeline.lanes[static_cast<size_t>(lane)].kind), 0, kLaneKinds - 1);
        QRectF rowRect(plot.left(), laneRect.top(), plot.width(), laneRect.height());
        if (options.hatchBubbles && timeline.lanes[static_cast<size_t>(lane)].kind == LaneKind::Compute) {
            // Whatever compute does not cover on its lane is idle: pipeline bubbles and waits show hatched.
            const QRectF step = laneRect.intersected(plot);
            fillHatched(painter, step, palette.bubbleHatch);
        }
        for (auto it = firstEndingAfter(timeline, events, axis.begin()); it != events.end(); ++it) {
            const int i = *it;
            const auto& e = timeline.events[static_cast<size_t>(i)];
            if (e.start > axis.end())
                break;
            ++stats.visibleEvents;
            const double x0 = left + e.start * scale;
            const QRectF r(x0, laneRect.top(), e.duration * scale, laneRect.height());
            const bool emphasised = highlighting && options.highlight.matches(timeline, i);
            const bool isComm = e.kind == EventKind::Communication;
            const size_t dim = highlighting && !emphasised ? 1 : 0;
            const Swatch& swatch = isComm ? swatches.byLane[dim][static_cast<size_t>(laneKind)]
                                          : swatches.byKind[dim][static_cast<size_t>(e.kind)];
            const double exposedFraction
                = isComm && e.duration > 0 ? std::clamp(e.exposed / e.duration, 0.0, 1.0) : 0.0;
            if (i == options.selectedEvent)
                selectedRect = r;
            if (r.width() < minWidth) {
                columns.add(r.left() - plot.left(), r.right() - plot.left(), swatch.rgb, exposedFraction);
                ++stats.mergedEvents;
                continue;
            }
            ++stats.drawnRects;
            const QColor& colour = swatch.colour;
            // Clip to a little beyond the plot so huge zoom factors stay in the raster engine's range.
            const QRectF drawn = r.intersected(plot.adjusted(-2, -2, 2, 2));
            if (e.kind == EventKind::Idle && options.hatchBubbles) {
                paintIdle(painter, drawn, colour, palette);
            } else {
                painter.fillRect(drawn, colour);
                if (drawn.width() >= 6) // a hairline between back-to-back events (layers) keeps them apart
                    painter.fillRect(QRectF(drawn.left(), drawn.top(), 1, drawn.height()), colour.lighter(125));
            }
            if (options.showExposed && exposedFraction > 0) {
                // Exposed time is the tail of the collective that compute could not cover.
                QRectF tail = r;
                tail.setLeft(r.right() - r.width() * exposedFraction);
                tail.setTop(r.bottom() - std::max(3.0, r.height() * 0.35));
                painter.fillRect(tail.intersected(plot.adjusted(-2, -2, 2, 2)), palette.exposedComm);
            }
            if (emphasised) {
                painter.setPen(QPen(palette.text, 1.5));
                painter.drawRect(drawn.adjusted(0.5, 0.5, -0.5, -0.5));
            }
            if (drawn.width() > 36 && r.height() >= metrics.height() && !e.label.empty()) {
                const QString text = metrics.elidedText(eventLabel(e.label), Qt::ElideRight, drawn.width() - 6);
                if (!text.isEmpty() && text != QStringLiteral("…")) {
                    painter.setPen(colour.lightnessF() > 0.6 ? QColor(0x1f2328) : QColor(Qt::white));
                    painter.drawText(drawn.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
                }
            }
        }
        if (columns.last >= columns.first) {
            ++stats.mergedRows;
            columns.paint(painter, rowRect, plot.left(), palette.exposedComm, options.showExposed);
        }
    }
    if (!selectedRect.isNull()) {
        painter.setRenderHint(QPainter::Antialiasing, true);
        painter.setPen(QPen(palette.accent, 2.5));
        painter.setBrush(Qt::NoBrush);
        QRectF r = selectedRect.intersected(plot.adjusted(-4, -4, 4, 4));
        if (r.width() < 3)
            r.adjust(-(3 - r.width()) / 2, 0, (3 - r.width()) / 2, 0);
        painter.drawRect(r.adjusted(-1.5, -1.5, 1.5, 1.5));
    }
    painter.restore();
    return stats;
}

} // namespace tutor::views
