// SPDX-License-Identifier: MIT
#include "breakdownchart.h"

#include "chartlegend.h"
#include "chartstyle.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <numeric>

namespace tutor::views {

double StepBreakdown::total() const
{
    return std::accumulate(seconds.begin(), seconds.end(), 0.0);
}

StepBreakdown breakdown(const model::StepMetrics& metrics)
{
    StepBreakdown b;
    b.seconds[StepBreakdown::Compute] = std::max(0.0, metrics.computeSeconds);
    double exposedSum = 0;
    for (const auto& d : metrics.dimensions)
        exposedSum += std::max(0.0, d.exposedSeconds);
    const double exposed = std::max(0.0, metrics.exposedCommSeconds);
    for (int d = 0; d < 4; ++d) {
        const double share = exposedSum > 0
            ? std::max(0.0, metrics.dimensions[static_cast<size_t>(d)].exposedSeconds) / exposedSum
            : 0;
        b.seconds[static_cast<size_t>(StepBreakdown::ExposedTp + d)] = share * exposed;
    }
    b.seconds[StepBreakdown::Idle]
        = std::max(0.0, metrics.stepSeconds - b.seconds[StepBreakdown::Compute] - (exposedSum > 0 ? exposed : 0));
    return b;
}

QString BreakdownChart::partName(StepBreakdown::Part part)
{
    switch (part) {
    case StepBreakdown::Compute:
        return tr("Compute");
    case StepBreakdown::ExposedTp:
        return tr("Exposed TP");
    case StepBreakdown::ExposedDp:
        return tr("Exposed DP");
    case StepBreakdown::ExposedPp:
        return tr("Exposed PP");
    case StepBreakdown::ExposedEp:
        return tr("Exposed EP");
    case StepBreakdown::Idle:
        return tr("Idle (bubble)");
    case StepBreakdown::PartCount:
        break;
    }
    return {};
}

BreakdownChart::BreakdownChart(QWidget* parent)
    : QWidget(parent)
{
    m_chart = new QChart;
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_view = new QChartView(m_chart, this);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_legend = new charts::ChartLegend(m_chart, this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    retranslate();
}

void BreakdownChart::retranslate()
{
    setToolTip(tr("Where the step time goes on the critical pipeline stage: compute, communication that compute "
                  "could not hide (per parallel dimension), and idle time such as pipeline bubbles"));
    rebuild();
}

void BreakdownChart::setBars(std::vector<Bar> bars)
{
    m_bars = std::move(bars);
    rebuild();
}

void BreakdownChart::setColors(const Palette& palette)
{
    m_palette = palette;
    rebuild();
}

void BreakdownChart::rebuild()
{
    charts::clearChart(m_chart);
    m_chart->setTitle(tr("Step-time breakdown"));
    const std::array<QColor, StepBreakdown::PartCount> colours { m_palette.computeLane, m_palette.tpLane,
        m_palette.dpLane, m_palette.ppLane, m_palette.epLane, m_palette.bubbleHatch };
    auto* series = new QHorizontalStackedBarSeries;
    QStringList categories;
    std::vector<StepBreakdown> parts;
    double longest = 0;
    // Qt draws the first category at the bottom; reverse so the first bar is on top.
    for (auto it = m_bars.rbegin(); it != m_bars.rend(); ++it) {
        categories << it->label;
        parts.push_back(breakdown(it->metrics));
        longest = std::max(longest, it->metrics.stepSeconds * 1e3);
    }
    for (int p = 0; p < StepBreakdown::PartCount; ++p) {
        auto* set = new QBarSet(partName(static_cast<StepBreakdown::Part>(p)));
        set->setColor(colours[static_cast<size_t>(p)]);
        set->setBorderColor(m_palette.background);
        for (const auto& b : parts)
            *set << b.seconds[static_cast<size_t>(p)] * 1e3;
        series->append(set);
    }
    series->setBarWidth(0.6);
    m_chart->addSeries(series);
    auto* categoryAxis = charts::axisAt<QBarCategoryAxis>(m_chart, Qt::AlignLeft);
    categoryAxis->append(categories);
    auto* valueAxis = charts::axisAt<QValueAxis>(m_chart, Qt::AlignBottom);
    valueAxis->setTitleText(tr("milliseconds"));
    valueAxis->setRange(0, longest > 0 ? longest * 1.05 : 1);
    valueAxis->applyNiceNumbers();
    valueAxis->setLabelFormat(QStringLiteral("%.0f"));
    series->attachAxis(categoryAxis);
    series->attachAxis(valueAxis);
    charts::applyPalette(m_chart, m_palette);
    m_legend->sync(m_palette);
}

} // namespace tutor::views
