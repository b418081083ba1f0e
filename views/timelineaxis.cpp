// SPDX-License-Identifier: MIT
#include "timelineaxis.h"

#include <algorithm>
#include <cmath>

namespace tutor::views {

namespace {
// Gap left between rows so adjacent lanes read as separate bars.
constexpr double kRowGapFraction = 0.15;
} // namespace

void TimeAxis::setPlot(const QRectF& plot)
{
    m_plot = plot;
    setScrollY(m_scrollY);
}

void TimeAxis::setDuration(model::Seconds duration)
{
    m_duration = std::isfinite(duration) && duration > 0 ? duration : 1;
    fit();
}

void TimeAxis::setLaneCount(int lanes)
{
    m_lanes = std::max(0, lanes);
    setScrollY(m_scrollY);
}

void TimeAxis::setRange(model::Seconds begin, model::Seconds end)
{
    if (!std::isfinite(begin) || !std::isfinite(end))
        return;
    if (end < begin)
        std::swap(begin, end);
    m_begin = begin;
    m_end = end;
    clampRange();
}

void TimeAxis::fit()
{
    m_begin = 0;
    m_end = m_duration;
}

bool TimeAxis::isFitted() const
{
    return m_begin <= 0 && m_end >= m_duration;
}

void TimeAxis::clampRange()
{
    const model::Seconds minSpan = std::min(kMinSpanSeconds, m_duration);
    model::Seconds spanSeconds = std::clamp(m_end - m_begin, minSpan, m_duration);
    // Keep the centre where the caller put it, then slide the window back inside [0, duration].
    const model::Seconds centre = (m_begin + m_end) / 2;
    m_begin = std::clamp(centre - spanSeconds / 2, 0.0, m_duration - spanSeconds);
    m_end = m_begin + spanSeconds;
}

double TimeAxis::xOf(model::Seconds t) const
{
    return m_plot.left() + (t - m_begin) / span() * m_plot.width();
}

model::Seconds TimeAxis::tAt(double x) const
{
    if (m_plot.width() <= 0)
        return m_begin;
    return m_begin + (x - m_plot.left()) / m_plot.width() * span();
}

double TimeAxis::secondsPerPixel() const
{
    return m_plot.width() > 0 ? span() / m_plot.width() : span();
}

void TimeAxis::zoom(double factor, double anchorX)
{
    if (!std::isfinite(factor) || factor <= 0)
        return;
    const model::Seconds anchor = tAt(anchorX);
    const double fraction = m_plot.width() > 0 ? (anchorX - m_plot.left()) / m_plot.width() : 0.5;
    const model::Seconds minSpan = std::min(kMinSpanSeconds, m_duration);
    const model::Seconds newSpan = std::clamp(span() / factor, minSpan, m_duration);
    // Slide rather than re-centre, so the anchor stays under the pointer unless the range hits an edge.
    m_begin = std::clamp(anchor - fraction * newSpan, 0.0, m_duration - newSpan);
    m_end = m_begin + newSpan;
}

void TimeAxis::pan(double dx)
{
    const model::Seconds shift = -dx * secondsPerPixel();
    const model::Seconds s = span();
    m_begin = std::clamp(m_begin + shift, 0.0, m_duration - s);
    m_end = m_begin + s;
}

double TimeAxis::laneHeight() const
{
    const double most = std::max(kMaxLaneHeight, m_minLane);
    if (m_lanes <= 0)
        return most;
    return std::clamp(m_plot.height() / m_lanes, m_minLane, most);
}

void TimeAxis::setMinLaneHeight(double height)
{
    m_minLane = std::isfinite(height) ? std::max(kMinLaneHeight, height) : kMinLaneHeight;
    setScrollY(m_scrollY);
}

void TimeAxis::setScrollY(double y)
{
    const double maxScroll = std::max(0.0, contentHeight() - m_plot.height());
    m_scrollY = std::isfinite(y) ? std::clamp(y, 0.0, maxScroll) : 0;
}

double TimeAxis::laneTop(int lane) const
{
    return m_plot.top() + lane * laneHeight() - m_scrollY;
}

int TimeAxis::laneAt(double y) const
{
    if (y < m_plot.top() || y >= m_plot.bottom() || m_lanes <= 0)
        return -1;
    const int lane = static_cast<int>(std::floor((y - m_plot.top() + m_scrollY) / laneHeight()));
    return lane >= 0 && lane < m_lanes ? lane : -1;
}

QRectF TimeAxis::eventRect(int lane, model::Seconds start, model::Seconds duration) const
{
    const double h = laneHeight();
    const double gap = h * kRowGapFraction;
    const double x0 = xOf(start);
    const double x1 = xOf(start + duration);
    return QRectF(x0, laneTop(lane) + gap, x1 - x0, h - 2 * gap);
}

} // namespace tutor::views
