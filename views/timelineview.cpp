// SPDX-License-Identifier: MIT
#include "timelineview.h"

#include "views/text.h"

#include <QGestureEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QNativeGestureEvent>
#include <QPainter>
#include <QPinchGesture>
#include <QRubberBand>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace tutor::views {

namespace {
constexpr double kZoomStep = 1.5;
constexpr int kDragThresholdPx = 4;

QString collectiveName(model::Collective op)
{
    switch (op) {
    case model::Collective::AllReduce:
        return QStringLiteral("AllReduce");
    case model::Collective::ReduceScatter:
        return QStringLiteral("ReduceScatter");
    case model::Collective::AllGather:
        return QStringLiteral("AllGather");
    case model::Collective::Broadcast:
        return QStringLiteral("Broadcast");
    case model::Collective::Reduce:
        return QStringLiteral("Reduce");
    case model::Collective::AllToAll:
        return QStringLiteral("AllToAll");
    case model::Collective::SendRecv:
        return QStringLiteral("SendRecv");
    case model::Collective::Gather:
        return QStringLiteral("Gather");
    case model::Collective::Scatter:
        return QStringLiteral("Scatter");
    }
    return {};
}

} // namespace

TimelineView::TimelineView(QWidget* parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAttribute(Qt::WA_AcceptTouchEvents);
    grabGesture(Qt::PinchGesture);
    retranslate();
    m_options.cursor = 0.0;
    updatePlot();
}

void TimelineView::setTimeline(model::Timeline timeline)
{
    setTimeline(std::make_shared<const model::Timeline>(std::move(timeline)));
}

void TimelineView::setTimeline(std::shared_ptr<const model::Timeline> timeline)
{
    if (!timeline)
        timeline = std::make_shared<const model::Timeline>();
    const model::Seconds previous = m_timeline->duration;
    const bool keepZoom = previous > 0 && std::abs(previous - timeline->duration) <= 1e-12 * std::max(1.0, previous);
    const model::Seconds begin = m_axis.begin(), end = m_axis.end();
    m_timeline = std::move(timeline);
    m_index = TimelineIndex::build(*m_timeline);
    m_axis.setLaneCount(static_cast<int>(m_timeline->lanes.size()));
    m_axis.setDuration(m_timeline->duration);
    syncLegend();
    if (keepZoom)
        m_axis.setRange(begin, end);
    if (m_options.selectedEvent >= static_cast<int>(m_timeline->events.size()))
        m_options.selectedEvent = -1;
    m_time = std::clamp(m_time, 0.0, m_axis.duration());
    m_options.cursor = m_cursorVisible ? std::optional(m_time) : std::nullopt;
    rangeChanged();
}

void TimelineView::setTime(model::Seconds t)
{
    if (!std::isfinite(t))
        return;
    m_time = std::clamp(t, 0.0, m_timeline->duration > 0 ? m_timeline->duration : 0.0);
    if (m_cursorVisible)
        m_options.cursor = m_time;
    // Follow the cursor when playback carries it out of a zoomed-in view.
    if (m_time < m_axis.begin() || m_time > m_axis.end()) {
        const model::Seconds span = m_axis.span();
        m_axis.setRange(m_time - span * 0.1, m_time + span * 0.9);
        rangeChanged();
        return;
    }
    update();
}

void TimelineView::setCursorVisible(bool visible)
{
    m_cursorVisible = visible;
    m_options.cursor = visible ? std::optional(m_time) : std::nullopt;
    update();
}

void TimelineView::setHighlight(TimelineHighlight highlight)
{
    m_options.highlight = std::move(highlight);
    update();
}

void TimelineView::setColors(const Palette& palette)
{
    m_palette = palette;
    syncLegend();
    update();
}

void TimelineView::retranslate()
{
    setToolTip(tr("Training-step timeline. Wheel or pinch to zoom, drag to pan, Shift+drag or right-drag to zoom "
                  "into a box, double-click to fit, click an event to select it."));
    syncLegend();
    update();
}

void TimelineView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    if (event->type() == QEvent::FontChange) // presenter mode's scale: the ruler, labels and lanes follow the text
        updatePlot();
    QWidget::changeEvent(event);
}

Legend* TimelineView::legend(QWidget* parent)
{
    if (!m_legend) {
        m_legend = new Legend(parent);
        m_legend->setObjectName(QStringLiteral("timelineLegend"));
        syncLegend();
    }
    return m_legend;
}

void TimelineView::syncLegend()
{
    if (m_legend)
        m_legend->setEntries(
            timelineLegend(*m_timeline, m_palette, devicePixelRatioF()), m_palette.background, m_palette.text);
}

void TimelineView::setSelectedEvent(int index)
{
    m_options.selectedEvent = index >= 0 && index < static_cast<int>(m_timeline->events.size()) ? index : -1;
    update();
}

void TimelineView::setVisibleRange(model::Seconds begin, model::Seconds end)
{
    updatePlot();
    m_axis.setRange(begin, end);
    rangeChanged();
}

void TimelineView::zoomIn()
{
    zoomBy(kZoomStep, m_axis.plot().center().x());
}
void TimelineView::zoomOut()
{
    zoomBy(1 / kZoomStep, m_axis.plot().center().x());
}

void TimelineView::fit()
{
    m_axis.fit();
    rangeChanged();
}

int TimelineView::eventAt(QPointF position) const
{
    if (!m_axis.plot().contains(position))
        return -1;
    return m_index.eventAt(*m_timeline, m_axis, position);
}

QRectF TimelineView::eventRect(int index) const
{
    if (index < 0 || index >= static_cast<int>(m_timeline->events.size()))
        return {};
    const auto& e = m_timeline->events[static_cast<size_t>(index)];
    return m_axis.eventRect(e.lane, e.start, e.duration);
}

QString TimelineView::describeEvent(int index) const
{
    if (index < 0 || index >= static_cast<int>(m_timeline->events.size()))
        return {};
    const auto& e = m_timeline->events[static_cast<size_t>(index)];
    QString laneName;
    if (e.lane >= 0 && e.lane < static_cast<int>(m_timeline->lanes.size()))
        laneName = views::laneName(m_timeline->lanes[static_cast<size_t>(e.lane)]);
    QString html = QStringLiteral("<b>%1</b><br/>").arg(eventLabel(e.label).toHtmlEscaped());
    auto row = [&html](const QString& key, const QString& value) {
        html += QStringLiteral("%1: %2<br/>").arg(key, value.toHtmlEscaped());
    };
    row(tr("Kind"), displayName(e.kind));
    row(tr("Lane"), laneName);
    row(tr("Start"), secondsText(e.start));
    row(tr("Duration"), secondsText(e.duration));
    row(tr("End"), secondsText(e.end()));
    if (e.collective)
        row(tr("Collective"), collectiveName(*e.collective));
    if (e.bytes > 0)
        row(tr("Size"), QString::fromStdString(model::formatBytes(e.bytes)));
    if (const auto& group = m_timeline->groupLabel(e); !group.empty())
        row(tr("Group"), QString::fromStdString(group));
    if (e.layer >= 0)
        row(tr("Layer"), QString::number(e.layer));
    if (e.microBatch >= 0)
        row(tr("Micro-batch"), QString::number(e.microBatch));
    if (e.bucket >= 0)
        row(tr("Bucket"), QString::number(e.bucket));
    if (e.kind == model::EventKind::Communication)
        row(tr("Exposed"),
            tr("%1 (%2% of the collective)")
                .arg(secondsText(e.exposed))
                .arg(e.duration > 0 ? 100 * e.exposed / e.duration : 0.0, 0, 'f', 0));
    html.chop(5); // the last <br/>
    return html;
}

bool TimelineView::event(QEvent* event)
{
    switch (event->type()) {
    case QEvent::ToolTip: {
        auto* help = static_cast<QHelpEvent*>(event);
        const int index = eventAt(help->pos());
        if (index >= 0)
            QToolTip::showText(help->globalPos(), describeEvent(index), this, eventRect(index).toAlignedRect());
        else if (m_axis.plot().contains(help->pos()))
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), toolTip(), this);
        return true;
    }
    case QEvent::Gesture: {
        auto* gestures = static_cast<QGestureEvent*>(event);
        if (auto* pinch = static_cast<QPinchGesture*>(gestures->gesture(Qt::PinchGesture))) {
            const QPointF centre = mapFromGlobal(pinch->centerPoint().toPoint());
            zoomBy(pinch->scaleFactor(), centre.x());
            gestures->accept(pinch);
            return true;
        }
        break;
    }
    case QEvent::NativeGesture: {
        auto* native = static_cast<QNativeGestureEvent*>(event);
        if (native->gestureType() == Qt::ZoomNativeGesture) {
            zoomBy(1 + native->value(), native->position().x());
            return true;
        }
        break;
    }
    default:
        break;
    }
    return QWidget::event(event);
}

void TimelineView::paintEvent(QPaintEvent*)
{
    updatePlot();
    QPainter painter(this);
    m_lastStats = paintTimeline(painter, rect(), *m_timeline, m_index, m_axis, m_palette, m_options);
    if (m_timeline->events.empty()) {
        painter.setPen(m_palette.mutedText);
        painter.drawText(m_axis.plot(), Qt::AlignCenter, tr("No timeline yet"));
    }
}

void TimelineView::resizeEvent(QResizeEvent*)
{
    updatePlot();
}

void TimelineView::updatePlot()
{
    // A hidden widget gets its resize event only when shown; input and painting may come first.
    const QFontMetricsF metrics(font());
    const QRectF plot = TimelineLayout::plotFor(rect(), metrics);
    m_axis.setMinLaneHeight(TimelineLayout::minLaneHeight(metrics));
    if (plot != m_axis.plot()) {
        m_axis.setPlot(plot);
        update();
    }
}

void TimelineView::rangeChanged()
{
    update();
    emit visibleRangeChanged(m_axis.begin(), m_axis.end());
}

void TimelineView::zoomBy(double factor, double anchorX)
{
    updatePlot();
    if (!std::isfinite(factor) || factor <= 0)
        return;
    m_axis.zoom(factor, std::clamp(anchorX, m_axis.plot().left(), m_axis.plot().right()));
    rangeChanged();
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    updatePlot();
    const QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ShiftModifier) {
        m_axis.scrollBy(-delta.y() / 2.0);
        update();
    } else if (std::abs(delta.x()) > std::abs(delta.y())) {
        m_axis.pan(delta.x() / 2.0);
        rangeChanged();
    } else {
        // 120 units is one notch of a wheel; one notch zooms by about 1.2×.
        zoomBy(std::pow(1.2, delta.y() / 120.0), event->position().x());
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    updatePlot();
    m_pressPos = m_lastPos = event->pos();
    const bool box = event->button() == Qt::RightButton
        || (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier));
    if (box) {
        m_drag = Drag::Box;
        if (!m_rubberBand)
            m_rubberBand = new QRubberBand(QRubberBand::Rectangle, this);
        m_rubberBand->setGeometry(QRect(m_pressPos, QSize()));
        m_rubberBand->show();
    } else if (event->button() == Qt::LeftButton) {
        m_drag = Drag::Pending;
    }
    event->accept();
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    updatePlot();
    const QPoint pos = event->pos();
    if (m_drag == Drag::Pending && (pos - m_pressPos).manhattanLength() > kDragThresholdPx) {
        m_drag = Drag::Pan;
        setCursor(Qt::ClosedHandCursor);
    }
    if (m_drag == Drag::Pan) {
        const QPoint d = pos - m_lastPos;
        m_axis.pan(d.x());
        m_axis.scrollBy(-d.y());
        rangeChanged();
    } else if (m_drag == Drag::Box && m_rubberBand) {
        // A time box spans every lane: only its horizontal extent matters.
        const QRectF plot = m_axis.plot();
        m_rubberBand->setGeometry(QRect(QPoint(std::min(m_pressPos.x(), pos.x()), static_cast<int>(plot.top())),
            QPoint(std::max(m_pressPos.x(), pos.x()), static_cast<int>(plot.bottom())))
                                      .intersected(plot.toAlignedRect()));
    }
    m_lastPos = pos;
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    updatePlot();
    const Drag drag = m_drag;
    m_drag = Drag::None;
    unsetCursor();
    if (drag == Drag::Pending) {
        const int index = eventAt(event->pos());
        setSelectedEvent(index);
        emit eventSelected(m_options.selectedEvent);
    } else if (drag == Drag::Box && m_rubberBand) {
        m_rubberBand->hide();
        const int x0 = std::min(m_pressPos.x(), event->pos().x());
        const int x1 = std::max(m_pressPos.x(), event->pos().x());
        if (x1 - x0 > kDragThresholdPx)
            setVisibleRange(m_axis.tAt(x0), m_axis.tAt(x1));
    }
    event->accept();
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* event)
{
    fit();
    event->accept();
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    updatePlot();
    const double page = m_axis.plot().width() * 0.2;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        fit();
        break;
    case Qt::Key_Left:
        m_axis.pan(page);
        rangeChanged();
        break;
    case Qt::Key_Right:
        m_axis.pan(-page);
        rangeChanged();
        break;
    case Qt::Key_Up:
        m_axis.scrollBy(-m_axis.laneHeight());
        update();
        break;
    case Qt::Key_Down:
        m_axis.scrollBy(m_axis.laneHeight());
        update();
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

} // namespace tutor::views
