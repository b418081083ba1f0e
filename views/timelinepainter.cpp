#include "timelinepainter.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QImage>
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
    void add(double x0, double x1, const QColor& c, double exposedFraction)
    {
        const int width = static_cast<int>(colour.size());
        x0 = std::max(0.0, x0);
        x1 = std::min(static_cast<double>(width), std::max(x1, x0 + 0.25)); // keep a trace of zero-length events
        if (x1 <= x0)
            return;
        const int c0 = static_cast<int>(x0);
        const int c1 = std::min(width - 1, static_cast<int>(std::ceil(x1)) - 1);
        const float r = static_cast<float>(c.redF()), g = static_cast<float>(c.greenF()),
                    b = static_cast<float>(c.blueF());
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
            auto channel = [&](float sum) { return static_cast<int>(std::lround(255 * alpha * sum / acc[3])); };
            px[i]
                = qRgba(channel(acc[0]), channel(acc[1]), channel(acc[2]), static_cast<int>(std::lround(255 * alpha)));
            const float e = std::min(1.f, exposed[static_cast<size_t>(first + i)]);
            anyExposed = anyExposed || e > 0;
            ex[i] = qPremultiply(qRgba(exposedColour.red(), exposedColour.green(), exposedColour.blue(),
                static_cast<int>(std::lround(255 * e))));
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
    case EventKind::Communication:
        break;
    }
    if (event.lane >= 0 && event.lane < static_cast<int>(timeline.lanes.size()))
        return palette.laneColor(static_cast<int>(timeline.lanes[static_cast<size_t>(event.lane)].kind));
    return palette.dpLane;
}

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

    const int laneCount = std::min(static_cast<int>(index.lanes.size()), static_cast<int>(timeline.lanes.size()));
    for (int lane = 0; lane < laneCount; ++lane) {
        const double top = axis.laneTop(lane);
        if (top + axis.laneHeight() < plot.top() || top > plot.bottom())
            continue;
        columns.reset(static_cast<int>(std::ceil(plot.width())));
        const auto& events = index.lanes[static_cast<size_t>(lane)];
        const QRectF laneRect = axis.eventRect(lane, 0, timeline.duration);
        QRectF rowRect(plot.left(), laneRect.top(), plot.width(), laneRect.height());
        if (options.hatchBubbles && timeline.lanes[static_cast<size_t>(lane)].kind == LaneKind::Compute) {
            // Whatever compute does not cover on its lane is idle: pipeline bubbles and waits show hatched.
            const QRectF step = laneRect.intersected(plot);
            painter.fillRect(step, QBrush(palette.bubbleHatch, Qt::BDiagPattern));
        }
        for (auto it = firstEndingAfter(timeline, events, axis.begin()); it != events.end(); ++it) {
            const int i = *it;
            const auto& e = timeline.events[static_cast<size_t>(i)];
            if (e.start > axis.end())
                break;
            ++stats.visibleEvents;
            const QRectF r = axis.eventRect(lane, e.start, e.duration);
            QColor colour = eventColor(timeline, e, palette);
            const bool emphasised = highlighting && options.highlight.matches(timeline, i);
            if (highlighting && !emphasised)
                colour = dimmed(colour, palette.background);
            const bool isComm = e.kind == EventKind::Communication;
            const double exposedFraction
                = isComm && e.duration > 0 ? std::clamp(e.exposed / e.duration, 0.0, 1.0) : 0.0;
            if (i == options.selectedEvent)
                selectedRect = r;
            if (r.width() < minWidth) {
                columns.add(r.left() - plot.left(), r.right() - plot.left(), colour, exposedFraction);
                ++stats.mergedEvents;
                continue;
            }
            ++stats.drawnRects;
            // Clip to a little beyond the plot so huge zoom factors stay in the raster engine's range.
            const QRectF drawn = r.intersected(plot.adjusted(-2, -2, 2, 2));
            if (e.kind == EventKind::Idle && options.hatchBubbles) {
                painter.fillRect(drawn, palette.background);
                painter.fillRect(drawn, QBrush(colour, Qt::BDiagPattern));
                painter.setPen(QPen(colour, 1));
                painter.drawRect(drawn.adjusted(0.5, 0.5, -0.5, -0.5));
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
                const QString text
                    = metrics.elidedText(QString::fromStdString(e.label), Qt::ElideRight, drawn.width() - 6);
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

namespace {

// A tick label precise enough to tell neighbouring ticks apart: the unit follows the step, the decimals too.
QString tickLabel(model::Seconds t, model::Seconds step)
{
    struct Unit {
        double seconds;
        const char* suffix;
    };
    static constexpr std::array<Unit, 4> units { Unit { 1, "s" }, Unit { 1e-3, "ms" }, Unit { 1e-6, "µs" },
        Unit { 1e-9, "ns" } };
    Unit unit = units.back();
    for (const auto& u : units)
        if (step >= u.seconds * 0.999) {
            unit = u;
            break;
        }
    const int decimals = std::clamp(static_cast<int>(-std::floor(std::log10(step / unit.seconds) + 1e-9)), 0, 6);
    return QStringLiteral("%1 %2").arg(t / unit.seconds, 0, 'f', decimals).arg(QString::fromUtf8(unit.suffix));
}

model::Seconds niceStep(model::Seconds raw)
{
    if (!(raw > 0) || !std::isfinite(raw))
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double normal = raw / magnitude;
    const double nice = normal < 1.5 ? 1 : normal < 3.5 ? 2 : normal < 7.5 ? 5 : 10;
    return nice * magnitude;
}

} // namespace

void paintTimeRuler(QPainter& painter, const TimeAxis& axis, const Palette& palette, const QRectF& rect)
{
    const QRectF plot = axis.plot();
    if (plot.width() <= 0)
        return;
    painter.save();
    painter.fillRect(rect, palette.surface);
    constexpr double pixelsPerTick = 110;
    const model::Seconds step = niceStep(axis.span() * pixelsPerTick / plot.width());
    const double first = std::ceil(axis.begin() / step);
    painter.setClipRect(QRectF(plot.left(), rect.top(), plot.width(), plot.bottom() - rect.top()));
    for (double k = first; k * step <= axis.end() + step * 1e-9; ++k) {
        const model::Seconds t = k * step;
        const double x = std::round(axis.xOf(t)) + 0.5;
        painter.setPen(QPen(palette.grid, 1));
        painter.drawLine(QPointF(x, rect.bottom() - 5), QPointF(x, plot.bottom()));
        painter.setPen(palette.mutedText);
        painter.drawText(QRectF(x + 3, rect.top(), pixelsPerTick - 6, rect.height() - 4),
            Qt::AlignLeft | Qt::AlignVCenter, tickLabel(t, step));
    }
    painter.setClipping(false);
    painter.setPen(QPen(palette.grid, 1));
    painter.drawLine(QPointF(rect.left(), rect.bottom() - 0.5), QPointF(rect.right(), rect.bottom() - 0.5));
    painter.restore();
}

void paintLaneLabels(QPainter& painter, const model::Timeline& timeline, const TimeAxis& axis, const Palette& palette,
    const QRectF& rect)
{
    painter.save();
    painter.fillRect(rect, palette.surface);
    painter.setClipRect(rect);
    const QFontMetricsF metrics(painter.font());
    const double h = axis.laneHeight();
    int previousStage = -1;
    for (int lane = 0; lane < static_cast<int>(timeline.lanes.size()); ++lane) {
        const double top = axis.laneTop(lane);
        if (top + h < rect.top() || top > rect.bottom())
            continue;
        const auto& info = timeline.lanes[static_cast<size_t>(lane)];
        if (info.stage != previousStage && lane > 0) {
            painter.setPen(QPen(palette.grid, 1));
            painter.drawLine(QPointF(rect.left(), top + 0.5), QPointF(rect.right(), top + 0.5));
        }
        previousStage = info.stage;
        const QRectF swatch(rect.left() + 6, top + h / 2 - 4, 8, 8);
        painter.fillRect(swatch, palette.laneColor(static_cast<int>(info.kind)));
        painter.setPen(palette.text);
        const QString name = metrics.elidedText(QString::fromStdString(info.name), Qt::ElideRight, rect.width() - 24);
        painter.drawText(QRectF(rect.left() + 20, top, rect.width() - 24, h), Qt::AlignVCenter | Qt::AlignLeft, name);
    }
    painter.restore();
}

void paintTimeCursor(QPainter& painter, const TimeAxis& axis, const Palette& palette, model::Seconds t, double rulerTop)
{
    const QRectF plot = axis.plot();
    const double x = axis.xOf(t);
    if (x < plot.left() - 1 || x > plot.right() + 1)
        return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(QPen(palette.accent, 2));
    painter.drawLine(QPointF(x, rulerTop), QPointF(x, plot.bottom()));
    QPainterPath marker;
    marker.moveTo(x - 6, rulerTop);
    marker.lineTo(x + 6, rulerTop);
    marker.lineTo(x, rulerTop + 8);
    marker.closeSubpath();
    painter.fillPath(marker, palette.accent);
    painter.restore();
}

QRectF TimelineLayout::plotFor(const QRectF& bounds)
{
    return QRectF(bounds.left() + kLabelWidth, bounds.top() + kRulerHeight, std::max(0.0, bounds.width() - kLabelWidth),
        std::max(0.0, bounds.height() - kRulerHeight));
}

TimelinePaintStats paintTimeline(QPainter& painter, const QRectF& bounds, const model::Timeline& timeline,
    const TimelineIndex& index, const TimeAxis& axis, const Palette& palette, const TimelinePaintOptions& options)
{
    painter.fillRect(bounds, palette.background);
    const QRectF plot = axis.plot();
    const QRectF ruler(plot.left(), bounds.top(), plot.width(), TimelineLayout::kRulerHeight);
    paintTimeRuler(painter, axis, palette, ruler);
    const TimelinePaintStats stats = paintTimelineEvents(painter, timeline, index, axis, palette, options);
    paintLaneLabels(painter, timeline, axis, palette,
        QRectF(bounds.left(), plot.top(), plot.left() - bounds.left(), plot.height()));
    painter.fillRect(QRectF(bounds.left(), bounds.top(), plot.left() - bounds.left(), TimelineLayout::kRulerHeight),
        palette.surface);
    if (options.cursor)
        paintTimeCursor(painter, axis, palette, *options.cursor, bounds.top());
    return stats;
}

QString displayName(model::EventKind kind)
{
    switch (kind) {
    case EventKind::Forward:
        return QCoreApplication::translate("tutor::views::Timeline", "forward");
    case EventKind::Backward:
        return QCoreApplication::translate("tutor::views::Timeline", "backward");
    case EventKind::Recompute:
        return QCoreApplication::translate("tutor::views::Timeline", "recompute");
    case EventKind::Optimizer:
        return QCoreApplication::translate("tutor::views::Timeline", "optimizer");
    case EventKind::Communication:
        return QCoreApplication::translate("tutor::views::Timeline", "communication");
    case EventKind::Idle:
        return QCoreApplication::translate("tutor::views::Timeline", "idle (bubble)");
    }
    return {};
}

QString displayName(model::LaneKind kind)
{
    switch (kind) {
    case LaneKind::Compute:
        return QCoreApplication::translate("tutor::views::Timeline", "compute");
    case LaneKind::TpComm:
        return QCoreApplication::translate("tutor::views::Timeline", "tensor-parallel comm");
    case LaneKind::DpComm:
        return QCoreApplication::translate("tutor::views::Timeline", "data-parallel comm");
    case LaneKind::PpComm:
        return QCoreApplication::translate("tutor::views::Timeline", "pipeline send/recv");
    case LaneKind::EpComm:
        return QCoreApplication::translate("tutor::views::Timeline", "expert all-to-all");
    }
    return {};
}

} // namespace tutor::views
