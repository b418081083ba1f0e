// SPDX-License-Identifier: MIT
// Ruler, lane labels, time cursor and the composed paintTimeline(): the parts of the Gantt chart around the
// events (timelinepainter.cpp draws the events themselves).
#include "timelinepainter.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace tutor::views {

using model::EventKind;
using model::LaneKind;

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

std::vector<RulerTick> timeRulerTicks(const TimeAxis& axis, const QFontMetricsF& metrics, double top, double height)
{
    std::vector<RulerTick> ticks;
    const QRectF plot = axis.plot();
    if (plot.width() <= 0)
        return ticks;
    // Ticks far enough apart for their labels ("123.45 ms" and a margin).
    const double pixelsPerTick = std::max(110.0, metrics.horizontalAdvance(QStringLiteral("888.88 ms")) + 16);
    const model::Seconds step = niceStep(axis.span() * pixelsPerTick / plot.width());
    const double first = std::ceil(axis.begin() / step);
    double previousRight = -std::numeric_limits<double>::infinity();
    for (double k = first; k * step <= axis.end() + step * 1e-9; ++k) {
        const model::Seconds t = k * step;
        RulerTick tick;
        tick.x = std::round(axis.xOf(t)) + 0.5;
        tick.label = tickLabel(t, step);
        const double width = std::ceil(metrics.horizontalAdvance(tick.label)) + 1;
        QRectF label(tick.x + 3, top, width, height);
        if (label.right() > plot.right())
            label.moveRight(tick.x - 3);
        if (label.left() >= plot.left() && label.right() <= plot.right() && label.left() > previousRight + 4) {
            tick.labelRect = label;
            previousRight = label.right();
        }
        ticks.push_back(std::move(tick));
    }
    return ticks;
}

void paintTimeRuler(QPainter& painter, const TimeAxis& axis, const Palette& palette, const QRectF& rect)
{
    const QRectF plot = axis.plot();
    if (plot.width() <= 0)
        return;
    painter.save();
    painter.fillRect(rect, palette.surface);
    painter.setClipRect(QRectF(plot.left(), rect.top(), plot.width(), plot.bottom() - rect.top()));
    for (const RulerTick& tick : timeRulerTicks(axis, QFontMetricsF(painter.font()), rect.top(), rect.height() - 4)) {
        painter.setPen(QPen(palette.grid, 1));
        painter.drawLine(QPointF(tick.x, rect.bottom() - 5), QPointF(tick.x, plot.bottom()));
        if (tick.labelRect.isEmpty())
            continue;
        painter.setPen(palette.mutedText);
        painter.drawText(tick.labelRect, Qt::AlignLeft | Qt::AlignVCenter, tick.label);
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
        const QString name = metrics.elidedText(laneName(info), Qt::ElideRight, rect.width() - 24);
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

QRectF TimelineLayout::plotFor(const QRectF& bounds, const QFontMetricsF& font)
{
    // The defaults hold a 10-point line (about 13 px high); larger text scales the label column with it.
    const double scale = std::max(1.0, font.height() / 13.0);
    const double label = std::min(kLabelWidth * scale, bounds.width() * 0.4);
    const double ruler = std::max(kRulerHeight, font.height() + 8);
    return QRectF(bounds.left() + label, bounds.top() + ruler, std::max(0.0, bounds.width() - label),
        std::max(0.0, bounds.height() - ruler));
}

double TimelineLayout::minLaneHeight(const QFontMetricsF& font)
{
    return std::max(TimeAxis::kMinLaneHeight, font.height() + 2);
}

TimelinePaintStats paintTimeline(QPainter& painter, const QRectF& bounds, const model::Timeline& timeline,
    const TimelineIndex& index, const TimeAxis& axis, const Palette& palette, const TimelinePaintOptions& options)
{
    painter.fillRect(bounds, palette.background);
    const QRectF plot = axis.plot();
    const double rulerHeight = std::max(0.0, plot.top() - bounds.top());
    const QRectF ruler(plot.left(), bounds.top(), plot.width(), rulerHeight);
    paintTimeRuler(painter, axis, palette, ruler);
    const TimelinePaintStats stats = paintTimelineEvents(painter, timeline, index, axis, palette, options);
    paintLaneLabels(painter, timeline, axis, palette,
        QRectF(bounds.left(), plot.top(), plot.left() - bounds.left(), plot.height()));
    painter.fillRect(QRectF(bounds.left(), bounds.top(), plot.left() - bounds.left(), rulerHeight), palette.surface);
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
    case EventKind::Kernel:
        return QCoreApplication::translate("tutor::views::Timeline", "compute kernel");
    }
    return {};
}

QString laneName(const model::Lane& lane)
{
    if (lane.stream >= 0) // a measured CUDA stream of one rank
        return QCoreApplication::translate("tutor::views::Timeline", "rank %1 · s%2 %3")
            .arg(lane.rank)
            .arg(lane.stream)
            .arg(lane.kind == LaneKind::Compute ? QCoreApplication::translate("tutor::views::Timeline", "compute")
                                                : QCoreApplication::translate("tutor::views::Timeline", "NCCL"));
    const char* kind = "compute";
    switch (lane.kind) {
    case LaneKind::Compute:
        kind = QT_TRANSLATE_NOOP("tutor::views::Timeline", "compute");
        break;
    case LaneKind::TpComm:
        kind = QT_TRANSLATE_NOOP("tutor::views::Timeline", "tp");
        break;
    case LaneKind::DpComm:
        kind = QT_TRANSLATE_NOOP("tutor::views::Timeline", "dp");
        break;
    case LaneKind::PpComm:
        kind = QT_TRANSLATE_NOOP("tutor::views::Timeline", "pp");
        break;
    case LaneKind::EpComm:
        kind = QT_TRANSLATE_NOOP("tutor::views::Timeline", "ep");
        break;
    case LaneKind::CpComm:
        kind = QT_TRANSLATE_NOOP("tutor::views::Timeline", "cp");
        break;
    }
    return QCoreApplication::translate("tutor::views::Timeline", "stage %1 · %2")
        .arg(lane.stage)
        .arg(QCoreApplication::translate("tutor::views::Timeline", kind));
}

QString eventLabel(const std::string& label)
{
    // The words the step simulator puts in event labels (model/sim), as QT_TRANSLATE_NOOP so lupdate lists them.
    static const char* const kWords[] = {
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "fwd"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "bwd"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "att"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "mlp"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "moe"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "head"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "send"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "recv"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "act"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "grad"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "stage"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "bucket"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "params"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "disp"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "comb"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "opt"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "embedding"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "recompute"),
        QT_TRANSLATE_NOOP("tutor::views::EventLabel", "kv"),
    };
    QStringList words = QString::fromStdString(label).split(QLatin1Char(' '));
    for (QString& w : words)
        for (const char* known : kWords)
            if (w == QLatin1String(known))
                w = QCoreApplication::translate("tutor::views::EventLabel", known);
    return words.join(QLatin1Char(' '));
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
    case LaneKind::CpComm:
        return QCoreApplication::translate("tutor::views::Timeline", "context-parallel ring (K/V)");
    }
    return {};
}

namespace {

/// A 22 × 12 swatch: a filled box, hatched for idle time, with a red bottom strip for the exposed part.
QPixmap legendSwatch(const QColor& fill, const Palette& palette, qreal dpr, bool hatched = false, bool exposed = false)
{
    const QSize size(22, 12);
    QPixmap pixmap(size * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    const QRectF box(1, 1, size.width() - 2, size.height() - 2);
    if (hatched) {
        paintIdle(painter, box, fill, palette);
    } else {
        painter.fillRect(box, fill);
    }
    if (exposed)
        painter.fillRect(QRectF(box.left(), box.bottom() - 4, box.width(), 4), palette.exposedComm);
    return pixmap;
}

/// In the Timeline context, as lupdate reads it (a literal context for every string).
QString timelineText(const char* text)
{
    return QCoreApplication::translate("tutor::views::Timeline", text);
}

} // namespace

std::vector<LegendEntry> timelineLegend(const model::Timeline& timeline, const Palette& palette, qreal dpr)
{
    std::array<bool, 7> kinds {}; // one per EventKind
    std::array<bool, model::kLaneKinds> commLanes {};
    bool exposed = false, computeLane = false;
    for (const auto& lane : timeline.lanes)
        computeLane = computeLane || lane.kind == LaneKind::Compute;
    for (const auto& e : timeline.events) {
        kinds[static_cast<size_t>(e.kind)] = true;
        if (e.kind == EventKind::Communication && e.lane >= 0 && e.lane < static_cast<int>(timeline.lanes.size()))
            commLanes[static_cast<size_t>(timeline.lanes[static_cast<size_t>(e.lane)].kind)] = true;
        exposed = exposed || (e.kind == EventKind::Communication && e.exposed > 0);
    }
    std::vector<LegendEntry> out;
    const std::pair<EventKind, const char*> compute[] = {
        { EventKind::Forward, QT_TRANSLATE_NOOP("tutor::views::Timeline", "a layer's forward pass (GPU compute)") },
        { EventKind::Backward,
            QT_TRANSLATE_NOOP(
                "tutor::views::Timeline", "a layer's backward pass: gradients, about twice the forward") },
        { EventKind::Recompute,
            QT_TRANSLATE_NOOP(
                "tutor::views::Timeline", "activation recomputation: the forward run again in backward") },
        { EventKind::Optimizer,
            QT_TRANSLATE_NOOP("tutor::views::Timeline", "the optimizer step (Adam) after the gradients") },
        { EventKind::Kernel,
            QT_TRANSLATE_NOOP("tutor::views::Timeline",
                "a measured GPU kernel that is not communication (matrix multiply, attention, element-wise)") },
    };
    model::Event probe;
    for (const auto& [kind, meaning] : compute)
        if (kinds[static_cast<size_t>(kind)]) {
            probe.kind = kind;
            out.push_back({ legendSwatch(eventColor(timeline, probe, palette), palette, dpr), displayName(kind),
                timelineText(meaning) });
        }
    const bool measured
        = std::any_of(timeline.lanes.begin(), timeline.lanes.end(), [](const model::Lane& l) { return l.stream >= 0; });
    if (measured && commLanes[static_cast<size_t>(LaneKind::DpComm)])
        out.push_back({ legendSwatch(palette.laneColor(static_cast<int>(LaneKind::DpComm)), palette, dpr),
            timelineText(QT_TRANSLATE_NOOP("tutor::views::Timeline", "NCCL kernel")),
            timelineText(QT_TRANSLATE_NOOP("tutor::views::Timeline",
                "a measured NCCL kernel (collective or send/recv); hover it for its size")) });
    for (const LaneKind lane :
        { LaneKind::TpComm, LaneKind::DpComm, LaneKind::PpComm, LaneKind::EpComm, LaneKind::CpComm })
        if (commLanes[static_cast<size_t>(lane)] && !measured)
            out.push_back({ legendSwatch(palette.laneColor(static_cast<int>(lane)), palette, dpr), displayName(lane),
                QCoreApplication::translate("tutor::views::Timeline",
                    "a collective or point-to-point transfer of this parallel dimension; hover it for its cost") });
    if (exposed)
        out.push_back({ legendSwatch(palette.laneColor(static_cast<int>(LaneKind::DpComm)), palette, dpr, false, true),
            QCoreApplication::translate("tutor::views::Timeline", "exposed (red)"),
            QCoreApplication::translate(
                "tutor::views::Timeline", "the part of a transfer that compute did not hide: the step waits for it") });
    if (computeLane || kinds[static_cast<size_t>(EventKind::Idle)])
        out.push_back({ legendSwatch(palette.bubbleHatch, palette, dpr, true), displayName(EventKind::Idle),
            QCoreApplication::translate("tutor::views::Timeline",
                "hatched: the GPU computes nothing here (pipeline bubble, or waiting for data)") });
    return out;
}

} // namespace tutor::views
