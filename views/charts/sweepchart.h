// SPDX-License-Identifier: MIT
#pragma once
// Sweep chart: step time and exposed communication as one parameter varies (bucket size, micro-batches,
// DP size). Points come from model::sweep(); the chart only draws them.
#include "model/sim/sweep.h"
#include "views/palette.h"

#include <QString>
#include <QWidget>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace tutor::views {

namespace charts {
class ChartLegend;
}

class SweepChart : public QWidget {
    Q_OBJECT
public:
    /// The legend under the chart (its names wrap instead of being cut).
    charts::ChartLegend* legend() const { return m_legend; }
    explicit SweepChart(QWidget* parent = nullptr);

    /// Draws the points (x ascending) against a log₂ x axis when `logX`, marking `currentX` (the scenario's
    /// value). Non-finite or non-positive points are left out.
    void setSweep(const QString& xTitle, std::vector<model::SweepPoint> points, bool logX, double currentX);
    const std::vector<model::SweepPoint>& points() const { return m_points; }
    void setColors(const Palette& palette);
    QChart* chart() const { return m_chart; }
    void retranslate();

private:
    void fitLogLabels();
    void rebuild();

    QChart* m_chart = nullptr;
    QChartView* m_view = nullptr;
    charts::ChartLegend* m_legend = nullptr;
    Palette m_palette = Palette::light();
    QString m_xTitle;
    std::vector<model::SweepPoint> m_points;
    bool m_logX = false;
    double m_currentX = 0;
};

} // namespace tutor::views
