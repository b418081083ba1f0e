// SPDX-License-Identifier: MIT
#pragma once
// Sweep chart: one figure of the step as one parameter varies (bucket size, micro-batches, DP size): step time with
// exposed communication, the pipeline bubble, MFU or tokens per second. Points come from model::sweep(); the chart
// only draws them.
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

    /// What the y axis shows.
    enum class Quantity { StepAndExposed, Bubble, Mfu, TokensPerSecond };
    static constexpr Quantity kQuantities[]
        = { Quantity::StepAndExposed, Quantity::Bubble, Quantity::Mfu, Quantity::TokensPerSecond };
    /// "step time and exposed communication", "pipeline bubble", … in the interface language.
    static QString quantityName(Quantity quantity);
    void setQuantity(Quantity quantity);
    Quantity quantity() const { return m_quantity; }
    /// The y value of a point in the unit drawn (ms, %, tokens/s); for StepAndExposed the step time.
    static double valueOf(const model::SweepPoint& point, Quantity quantity);

    /// Draws the points (x ascending) against a log₂ x axis when `logX`, marking `currentX` (the scenario's
    /// value). Non-finite or non-positive points are left out.
    void setSweep(const QString& xTitle, std::vector<model::SweepPoint> points, bool logX, double currentX);
    const std::vector<model::SweepPoint>& points() const { return m_points; }
    /// A sweep over `xTitle` is being computed: the chart says so instead of "no valid points".
    void setPending(const QString& xTitle);
    bool isPending() const { return m_pending; }
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
    bool m_pending = false;
    Quantity m_quantity = Quantity::StepAndExposed;
};

} // namespace tutor::views
