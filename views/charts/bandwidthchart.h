// SPDX-License-Identifier: MIT
#pragma once
// Bus bandwidth against message size, one curve per algorithm, on log–log axes, with the latency-bound region
// (α term larger than β term for the algorithm `auto` picks) shaded apart from the bandwidth-bound region.
// The curves come from model::bandwidthCurves(); the chart only draws them.
// Used by the training-step stage (for a scenario's DP group) and the collectives stage.
#include "model/collectives/curves.h"
#include "views/palette.h"

#include <QString>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace tutor::views {

namespace charts {
class ChartLegend;
}

class BandwidthChart : public QWidget {
    Q_OBJECT
public:
    /// The legend under the chart (its names wrap instead of being cut).
    charts::ChartLegend* legend() const { return m_legend; }
    explicit BandwidthChart(QWidget* parent = nullptr);

    /// The collective, topology, dtype and protocol to chart; `bytes` marks the current size when > 0.
    void setRequest(const model::CollectiveRequest& request);
    const model::BandwidthCurves& data() const { return m_data; }
    void setColors(const Palette& palette);
    QChart* chart() const { return m_chart; }
    void retranslate();

private:
    void rebuild();
    /// Labels every power of 10 (or of 100, 1,000, …) on the bandwidth axis, whichever fits the plot's height.
    void fitLogLabels();

    QChart* m_chart = nullptr;
    QChartView* m_view = nullptr;
    charts::ChartLegend* m_legend = nullptr;
    Palette m_palette = Palette::light();
    model::CollectiveRequest m_request;
    model::BandwidthCurves m_data;
};

} // namespace tutor::views
