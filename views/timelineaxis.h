// SPDX-License-Identifier: MIT
#pragma once
// Geometry of the training-step Gantt chart: simulated time ↔ x (with zoom and pan) and lane ↔ y.
// Kept apart from painting so it can be tested on its own (docs/HACKING.md: mapping apart from painting).
#include "model/collectives/units.h"

#include <QRectF>

namespace tutor::views {

class TimeAxis {
public:
    /// Narrowest visible span, so zooming in stops at a meaningful resolution (1 ns).
    static constexpr model::Seconds kMinSpanSeconds = 1e-9;
    /// Lane heights, in pixels: rows never shrink below kMinLaneHeight (then the chart scrolls) nor grow
    /// beyond kMaxLaneHeight.
    static constexpr double kMinLaneHeight = 14;
    static constexpr double kMaxLaneHeight = 44;

    /// The rectangle events are drawn into (widget coordinates, without ruler and lane labels).
    void setPlot(const QRectF& plot);
    QRectF plot() const { return m_plot; }

    /// The whole time extent [0, duration]; the visible range is kept inside it. Resets to fit.
    void setDuration(model::Seconds duration);
    model::Seconds duration() const { return m_duration; }
    void setLaneCount(int lanes);
    int laneCount() const { return m_lanes; }

    /// Visible time range. Clamped to [0, duration] and to at least kMinSpanSeconds.
    void setRange(model::Seconds begin, model::Seconds end);
    model::Seconds begin() const { return m_begin; }
    model::Seconds end() const { return m_end; }
    model::Seconds span() const { return m_end - m_begin; }
    /// Shows the whole step.
    void fit();
    bool isFitted() const;

    /// x = plot.left + (t − begin) / (end − begin) · plot.width.
    double xOf(model::Seconds t) const;
    /// Inverse of xOf.
    model::Seconds tAt(double x) const;
    double secondsPerPixel() const;

    /// Zooms by `factor` (> 1 zooms in) keeping the time under `anchorX` fixed.
    void zoom(double factor, double anchorX);
    /// Moves the visible range by dx pixels (positive dx shows earlier times, as dragging content right does).
    void pan(double dx);

    /// Row height: plot.height / lanes, clamped to [minLaneHeight, max(kMaxLaneHeight, minLaneHeight)].
    double laneHeight() const;
    /// The lowest row (kMinLaneHeight by default; the view raises it to hold a line of its font).
    void setMinLaneHeight(double height);
    double minLaneHeight() const { return m_minLane; }
    /// Vertical scroll in pixels, clamped to [0, contentHeight − plot.height].
    void setScrollY(double y);
    double scrollY() const { return m_scrollY; }
    void scrollBy(double dy) { setScrollY(m_scrollY + dy); }
    double contentHeight() const { return laneHeight() * m_lanes; }
    /// Top edge of a lane: plot.top + lane · laneHeight − scrollY.
    double laneTop(int lane) const;
    /// The lane under y, or −1 outside every lane.
    int laneAt(double y) const;

    /// The rectangle of an event of [start, start + duration) on `lane`, inset vertically by a small gap.
    /// Not clipped to the plot.
    QRectF eventRect(int lane, model::Seconds start, model::Seconds duration) const;

    bool operator==(const TimeAxis&) const = default;

private:
    void clampRange();

    QRectF m_plot { 0, 0, 100, 100 };
    model::Seconds m_duration = 1;
    model::Seconds m_begin = 0;
    model::Seconds m_end = 1;
    int m_lanes = 0;
    double m_minLane = kMinLaneHeight;
    double m_scrollY = 0;
};

} // namespace tutor::views
