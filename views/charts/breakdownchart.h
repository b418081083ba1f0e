// SPDX-License-Identifier: MIT
#pragma once
// Step-time breakdown: one horizontal bar per step (e.g. "before the edit" and "now"), stacked by what the
// critical stage spends its time on: compute, exposed communication per dimension, and idle (bubble).
#include "model/sim/metrics.h"
#include "views/palette.h"

#include <QString>
#include <QWidget>
#include <array>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace tutor::views {

namespace charts {
class ChartLegend;
}

/// A step cut into parts that add up to the step time, in seconds.
struct StepBreakdown {
    enum Part { Compute, ExposedTp, ExposedDp, ExposedPp, ExposedEp, Idle, PartCount };
    std::array<double, PartCount> seconds {};
    double total() const;
    bool operator==(const StepBreakdown&) const = default;
};

/// compute = computeSeconds; the exposed communication (exposedCommSeconds, a union over lanes) shared among
/// the dimensions in proportion to their Σ Event::exposed; idle = step − compute − exposed (bubbles, waits),
/// never negative. So the parts sum to stepSeconds whenever compute + exposed ≤ step.
StepBreakdown breakdown(const model::StepMetrics& metrics);

class BreakdownChart : public QWidget {
    Q_OBJECT
public:
    /// The legend under the chart (its names wrap instead of being cut).
    charts::ChartLegend* legend() const { return m_legend; }
    struct Bar {
        QString label;
        model::StepMetrics metrics;
    };

    explicit BreakdownChart(QWidget* parent = nullptr);
    /// Bars from top to bottom.
    void setBars(std::vector<Bar> bars);
    const std::vector<Bar>& bars() const { return m_bars; }
    void setColors(const Palette& palette);
    QChart* chart() const { return m_chart; }
    void retranslate();

    /// Legend name of a part ("Compute", "Exposed DP", ...).
    static QString partName(StepBreakdown::Part part);

private:
    void rebuild();

    QChart* m_chart = nullptr;
    QChartView* m_view = nullptr;
    charts::ChartLegend* m_legend = nullptr;
    Palette m_palette = Palette::light();
    std::vector<Bar> m_bars;
};

} // namespace tutor::views
