// SPDX-License-Identifier: MIT
#include "collectiveview.h"

#include "collectivepainter.h"
#include "geometry.h"
#include "model/collectives/executor.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QPainter>

namespace tutor::views {

CollectiveView::CollectiveView(QWidget* parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void CollectiveView::setSchedule(const model::Schedule& schedule, const model::Topology& topology)
{
    m_schedule = schedule;
    m_topology = topology;
    m_note.clear();
    if (m_topology.ranks() > kMaxAnimatedRanks || m_schedule.ranks != m_topology.ranks())
        m_schedule.steps.clear(); // too large to animate: the figures only
    m_cachedCompleted = -1;
    relayout();
    updateFrame(0);
}

void CollectiveView::setTopologyOnly(const model::Topology& topology, const QString& note)
{
    m_schedule = model::Schedule {};
    m_topology = topology;
    m_note = note;
    m_cachedCompleted = -1;
    m_cachedBuffers.clear();
    relayout();
    updateFrame(0);
}

void CollectiveView::setTime(double t)
{
    const double before = m_frame.t;
    updateFrame(t);
    if (m_frame.t != before)
        emit timeChanged(m_frame.t);
}

void CollectiveView::setColors(const Palette& palette)
{
    m_palette = palette;
    update();
}

QString CollectiveView::caption() const
{
    if (!m_note.isEmpty())
        return m_note;
    if (m_layout.summarised && m_frame.steps == 0)
        return tr("%1 ranks on %2 nodes: the animation runs up to %3 ranks; the numbers cover all of them.")
            .arg(m_topology.ranks())
            .arg(m_topology.nodes)
            .arg(kMaxAnimatedRanks);
    if (m_layout.summarised && m_frame.inFlight >= 0)
        return tr("%1 ranks, summarised: node 0's GPUs in detail, traffic between nodes as moving chunks. %2")
            .arg(m_topology.ranks())
            .arg(describeStep(m_schedule, m_topology, m_frame.inFlight));
    if (m_frame.steps == 0)
        return {};
    if (m_frame.final())
        return tr("Final state after %1 steps: every buffer matches the definition of %2.")
            .arg(m_frame.steps)
            .arg(QString::fromUtf8(model::name(m_schedule.op).data()));
    if (m_frame.inFlight >= 0)
        return describeStep(m_schedule, m_topology, m_frame.inFlight);
    if (m_frame.completed == 0)
        return tr("Initial state: each rank holds its own input. Press Play or → to run step 1.");
    return describeStep(m_schedule, m_topology, m_frame.completed - 1);
}

void CollectiveView::renderScene(QPainter& painter, QSizeF size) const
{
    const CollectiveLayout layout = size == QSizeF(m_layout.bounds.size())
        ? m_layout
        : layoutCollective(size, m_topology, m_schedule.chunks, QFontMetricsF(font()).height());
    painter.setFont(font());
    paintCollective(painter, layout, m_frame, m_topology, m_palette, caption());
}

void CollectiveView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    paintCollective(painter, m_layout, m_frame, m_topology, m_palette, caption());
}

void CollectiveView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void CollectiveView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        update();
    if (event->type() == QEvent::FontChange)
        relayout(); // presenter mode's text scale: title bands and caption follow the font
    QWidget::changeEvent(event);
}

void CollectiveView::relayout()
{
    m_layout = layoutCollective(size(), m_topology, m_schedule.chunks, QFontMetricsF(font()).height());
    update();
}

void CollectiveView::updateFrame(double t)
{
    const StepClock clock { steps() };
    const int completed = clock.completed(t);
    if (completed != m_cachedCompleted) {
        // Only the current state is kept: states of a 64-rank AllToAll are too large to hold for every step.
        // The summary draws traffic, not buffers: no executor replay for it.
        m_cachedBuffers = (m_schedule.steps.empty() && m_schedule.ranks == 0) || m_layout.summarised
            ? model::BufferStates {}
            : model::stateAfter(m_schedule, completed);
        m_cachedCompleted = completed;
    }
    m_frame = collectiveFrameAt(m_schedule, m_cachedBuffers, t);
    update();
}

} // namespace tutor::views
