// SPDX-License-Identifier: MIT
#pragma once
// Layout search chart: every simulated layout as a point of (memory per GPU, step time), the Pareto front as a
// line through the layouts no other beats on both, the selected layout ringed. Points come from
// model::searchLayouts(); the chart only draws them.
#include "model/sim/layoutsearch.h"
#include "views/palette.h"

#include <QWidget>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace tutor::views {

namespace charts {
class ChartLegend;
}

class LayoutChart : public QWidget {
    Q_OBJECT
public:
    /// The legend under the chart (its names wrap instead of being cut).
    charts::ChartLegend* legend() const { return m_legend; }
    explicit LayoutChart(QWidget* parent = nullptr);

    /// Draws `layouts` (rejected ones are left out) and rings `selected` (an index into layouts, −1: none).
    void setLayouts(const std::vector<model::LayoutResult>& layouts, int selected);
    /// Rings another layout of the same set (an index into the layouts last given).
    void setSelected(int selected);
    void setColors(const Palette& palette);
    void retranslate();
    QChart* chart() const { return m_chart; }
    int pointCount() const { return static_cast<int>(m_points.size()); }
    int frontCount() const { return static_cast<int>(m_frontPoints.size()); }

signals:
    /// A point was clicked: the index of its layout.
    void layoutClicked(int index);

private:
    struct Point {
        double memoryGiB = 0;
        double stepSeconds = 0;
        int index = 0;
    };
    void rebuild();

    QChart* m_chart = nullptr;
    QChartView* m_view = nullptr;
    charts::ChartLegend* m_legend = nullptr;
    // Made once and refilled: axes deleted and remade while a search fills the chart left stale labels drawn.
    QScatterSeries* m_all = nullptr;
    QLineSeries* m_front = nullptr;
    QScatterSeries* m_selection = nullptr;
    QValueAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    Palette m_palette = Palette::light();
    std::vector<Point> m_points;
    std::vector<Point> m_frontPoints;
    int m_selected = -1;
};

} // namespace tutor::views
