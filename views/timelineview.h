// SPDX-License-Identifier: MIT
#pragma once
// The training-step Gantt chart as a widget: one row per lane, zoom (wheel, pinch, rubber-band box), pan by
// dragging, hover tooltips, click to select, exposed communication highlighted, bubbles hatched and a time
// cursor. Reused by the lessons page through setTimeline / setTime / setHighlight.
#include "model/sim/timeline.h"
#include "views/palette.h"
#include "views/timelineaxis.h"
#include "views/timelinepainter.h"

#include <QPoint>
#include <QPointer>
#include <QWidget>
#include <memory>

class QRubberBand;

namespace tutor::views {

class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    /// Shows a timeline. Keeps the zoom when the step length is unchanged (a re-simulation with a small edit),
    /// otherwise fits the whole step. Clears a selection that no longer exists.
    void setTimeline(model::Timeline timeline);
    /// Shows a timeline another view holds too (the Training page's events table), without a copy.
    void setTimeline(std::shared_ptr<const model::Timeline> timeline);
    const model::Timeline& timeline() const { return *m_timeline; }

    /// Moves the time cursor (clamped to [0, duration]); the view follows it when it leaves the visible range.
    void setTime(model::Seconds t);
    model::Seconds time() const { return m_time; }
    void setCursorVisible(bool visible);

    void setHighlight(TimelineHighlight highlight);
    const TimelineHighlight& highlight() const { return m_options.highlight; }
    void setColors(const Palette& palette);
    const Palette& colors() const { return m_palette; }
    /// A legend of what this view draws (timelineLegend()), kept up to date with the timeline and the colours;
    /// the caller places it (under the view). The view owns at most one.
    Legend* legend(QWidget* parent);

    /// Selects an event (−1 clears) without emitting eventSelected.
    void setSelectedEvent(int index);
    int selectedEvent() const { return m_options.selectedEvent; }

    /// Visible time range and zoom.
    void setVisibleRange(model::Seconds begin, model::Seconds end);
    const TimeAxis& axis() const { return m_axis; }
    void zoomIn();
    void zoomOut();
    void fit();

    /// The event under a widget position, or −1.
    int eventAt(QPointF position) const;
    /// Where event `index` is drawn now (widget coordinates, not clipped); null for an unknown index.
    QRectF eventRect(int index) const;
    /// Rich-text details of an event for tooltips and panels.
    QString describeEvent(int index) const;
    /// Counters of the last paint (level of detail at work).
    TimelinePaintStats lastPaintStats() const { return m_lastStats; }

    QSize sizeHint() const override { return { 900, 420 }; }
    QSize minimumSizeHint() const override { return { 320, 160 }; }

signals:
    /// The user clicked an event (−1: clicked empty space).
    void eventSelected(int index);
    void visibleRangeChanged(double beginSeconds, double endSeconds);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void retranslate(); ///< tooltip, legend and lane names in the current language
    void updatePlot();
    void rangeChanged();
    void zoomBy(double factor, double anchorX);

    enum class Drag { None, Pending, Pan, Box };

    std::shared_ptr<const model::Timeline> m_timeline = std::make_shared<const model::Timeline>();
    TimelineIndex m_index;
    TimeAxis m_axis;
    QPointer<Legend> m_legend;
    Palette m_palette = Palette::light();
    void syncLegend();
    TimelinePaintOptions m_options;
    TimelinePaintStats m_lastStats;
    model::Seconds m_time = 0;
    bool m_cursorVisible = true;
    Drag m_drag = Drag::None;
    QPoint m_pressPos;
    QPoint m_lastPos;
    QRubberBand* m_rubberBand = nullptr;
};

} // namespace tutor::views
