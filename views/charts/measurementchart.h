// SPDX-License-Identifier: MIT
#pragma once
// The live lab's chart: measured bus bandwidth (or time) against message size, with the model's prediction and
// the calibrated fit drawn beside it. Log-2 size axis; log time axis, linear bandwidth axis.
// Every Qt Charts include stays in views/charts/.
#include "model/collectives/collective.h"
#include "model/measure/measurement.h"
#include "views/palette.h"

#include <QWidget>
#include <utility>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace tutor::views {

namespace charts {
class ChartLegend;
}

/// A curve over sizes: (S bytes, time seconds) pairs, ascending in S.
using SizeCurve = std::vector<std::pair<model::Bytes, model::Seconds>>;

class MeasurementChart : public QWidget {
    Q_OBJECT
public:
    /// The legend under the chart (its names wrap instead of being cut).
    charts::ChartLegend* legend() const { return m_legend; }
    enum class Quantity { BusBandwidth, Time };

    explicit MeasurementChart(QWidget* parent = nullptr);

    /// Measured rows; out-of-place and in-place become two series.
    void setMeasurements(const std::vector<model::Measurement>& measurements);
    /// The model's prediction and the calibrated fit for the same collective at `ranks` (either may be empty).
    /// Bus bandwidth is S/t·busBandwidthFactor(op, ranks), as for the measurements.
    void setCurves(model::Collective op, int ranks, const SizeCurve& predicted, const SizeCurve& fitted);
    /// Other runs drawn for comparison beside the current one: each its out-of-place rows as one thin line named
    /// after the run (its in-place rows when it has no other).
    struct ComparedRun {
        QString name;
        std::vector<model::Measurement> measurements;
    };
    void setComparedRuns(std::vector<ComparedRun> runs);
    void setQuantity(Quantity quantity);
    /// The theme's colours: background, text, grid and one colour per series role.
    void setColors(const Palette& palette);
    Quantity quantity() const { return m_quantity; }
    void clear();

    QChart* chart() const;
    /// Points in the named series ("measured, out-of-place", "model", "calibrated fit"); -1 when absent.
    int pointCount(const QString& seriesName) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();

    QChartView* m_view = nullptr;
    charts::ChartLegend* m_legend = nullptr;
    Quantity m_quantity = Quantity::BusBandwidth;
    std::vector<model::Measurement> m_measurements;
    model::Collective m_op = model::Collective::AllReduce;
    int m_ranks = 1;
    SizeCurve m_predicted;
    SizeCurve m_fitted;
    std::vector<ComparedRun> m_compared;
    Palette m_palette = Palette::light();
};

} // namespace tutor::views
