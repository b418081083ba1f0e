// SPDX-License-Identifier: MIT
#include "views/charts/bandwidthchart.h"

#include "model/collectives/algorithm.h"
#include "views/charts/chartlegend.h"
#include "views/charts/chartstyle.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace tutor::views {

BandwidthChart::BandwidthChart(QWidget* parent)
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
    connect(m_chart, &QChart::plotAreaChanged, this, &BandwidthChart::fitLogLabels);
    retranslate();
}

void BandwidthChart::fitLogLabels()
{
    // Powers of 10 while each label has two lines of height, else of 100 or 1,000: a short chart (1280×720)
    // otherwise shows a column of "…".
    auto* axis = qobject_cast<QLogValueAxis*>(m_chart->axes(Qt::Vertical).value(0));
    if (!axis)
        return;
    const double line = QFontMetricsF(axis->labelsFont()).height();
    const double base = charts::fittingLogBase(axis->min(), axis->max(), 10, m_chart->plotArea().height(), 2 * line);
    if (axis->base() != base)
        axis->setBase(base);
}

void BandwidthChart::retranslate()
{
    setToolTip(tr("Bus bandwidth (nccl-tests definition) against message size for every algorithm that can run "
                  "this collective. Left of the dashed boundary the α (latency) term dominates, right of it the "
                  "β (bandwidth) term."));
    rebuild();
}

void BandwidthChart::setRequest(const model::CollectiveRequest& request)
{
    // Opening another scenario often keeps the data-parallel bucket's request: its curves and chart stay.
    if (request == m_request && !m_data.curves.empty())
        return;
    // The curves sweep every size, so a new bucket size moves only the "current size" marker.
    model::CollectiveRequest sameSize = request;
    sameSize.bytes = m_request.bytes;
    if (!(sameSize == m_request) || m_data.curves.empty())
        m_data = model::bandwidthCurves(request);
    m_request = request;
    rebuild();
}

void BandwidthChart::setColors(const Palette& palette)
{
    m_palette = palette;
    rebuild();
}

void BandwidthChart::rebuild()
{
    charts::clearChart(m_chart);
    const auto& topology = m_request.topology;
    m_chart->setTitle(tr("%1 on %2 ranks (%3 × %4): bus bandwidth vs message size")
                          .arg(QString::fromUtf8(
                              model::name(m_request.op).data(), static_cast<int>(model::name(m_request.op).size())))
                          .arg(topology.ranks())
                          .arg(topology.nodes)
                          .arg(topology.gpusPerNode));

    double yMax = 0, yMin = 1e300;
    for (const auto& c : m_data.curves)
        for (const model::CurvePoint& p : c.points) {
            yMax = std::max(yMax, p.busBwGBps);
            yMin = std::min(yMin, p.busBwGBps);
        }
    if (m_data.linkGBps > 0)
        yMax = std::max(yMax, m_data.linkGBps);
    if (yMax <= 0) {
        yMax = 1;
        yMin = 0.1;
    }
    const double yLo = std::pow(10, std::floor(std::log10(std::max(yMin, yMax * 1e-6))));
    const double yHi = std::pow(10, std::ceil(std::log10(yMax * 1.2)));
    // x is log2(S) on a linear axis, labelled in KiB/MiB/GiB (a QLogValueAxis can only print raw numbers).
    const double minBytes = static_cast<double>(std::max<model::Bytes>(1, m_data.minBytes));
    const double xLo = std::log2(minBytes);
    const double xHi = std::log2(std::max(static_cast<double>(m_data.maxBytes), minBytes * 2));
    auto lx = [](double bytes) { return std::log2(bytes); };

    auto region = [&](double from, double to, QColor colour, const QString& name) {
        if (!(to > from))
            return;
        // A QAreaSeries does not own its boundary series: parent them to the area, which the chart owns, so that
        // clearing the chart frees them too.
        auto* area = new QAreaSeries;
        auto* upper = new QLineSeries(area);
        auto* lower = new QLineSeries(area);
        upper->append(from, yHi);
        upper->append(to, yHi);
        lower->append(from, yLo);
        lower->append(to, yLo);
        area->setUpperSeries(upper);
        area->setLowerSeries(lower);
        colour.setAlpha(m_palette.theme == Theme::Light ? 28 : 40);
        area->setBrush(colour);
        area->setPen(Qt::NoPen);
        area->setName(name);
        m_chart->addSeries(area);
    };
    const double crossover = std::clamp(lx(std::max(1.0, m_data.crossoverBytes)), xLo, xHi);
    region(xLo, crossover, m_palette.exposedComm, tr("latency-bound (α > β term)"));
    region(crossover, xHi, m_palette.dpLane, tr("bandwidth-bound (β ≥ α term)"));

    int colour = 0;
    for (const auto& c : m_data.curves) {
        auto* series = new QLineSeries;
        // The classic algorithms NCCL never runs say so in the legend, as on the Collectives page.
        const auto name = model::name(c.algorithm);
        const QString algorithm = QString::fromUtf8(name.data(), static_cast<int>(name.size()));
        series->setName(model::originOf(c.algorithm) == model::Origin::Textbook
                ? tr("%1 (MPI / textbook, not NCCL)").arg(algorithm)
                : algorithm);
        series->setPen(QPen(m_palette.series[static_cast<size_t>(colour++ % 10)], 2));
        for (const model::CurvePoint& p : c.points)
            series->append(lx(p.bytes), p.busBwGBps);
        m_chart->addSeries(series);
    }
    if (m_data.linkGBps > 0) {
        auto* link = new QLineSeries;
        link->setName(tr("link β %1 GB/s").arg(m_data.linkGBps, 0, 'g', 3));
        link->setPen(QPen(m_palette.mutedText, 1.5, Qt::DashLine));
        link->append(xLo, m_data.linkGBps);
        link->append(xHi, m_data.linkGBps);
        m_chart->addSeries(link);
    }
    if (m_request.bytes > 0) {
        auto* current = new QScatterSeries;
        current->setName(tr("current size"));
        current->setMarkerSize(11);
        current->setColor(m_palette.accent);
        if (const auto p = model::autoPoint(m_request))
            current->append(lx(p->bytes), p->busBwGBps);
        m_chart->addSeries(current);
    }

    auto* xAxis = charts::axisAt<QCategoryAxis>(m_chart, Qt::AlignBottom);
    xAxis->setRange(xLo, xHi);
    xAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    for (int k = static_cast<int>(std::ceil(xLo)); k <= static_cast<int>(xHi); ++k)
        if (k % 3 == 0 || k == static_cast<int>(std::ceil(xLo)))
            xAxis->append(QString::fromStdString(model::formatBytes(model::Bytes { 1 } << k)), k);
    xAxis->setTitleText(tr("message size S (log scale)"));
    auto* yAxis = charts::axisAt<QLogValueAxis>(m_chart, Qt::AlignLeft);
    yAxis->setBase(10);
    yAxis->setRange(yLo, yHi);
    yAxis->setTitleText(tr("busbw (GB/s)"));
    yAxis->setLabelFormat(QStringLiteral("%g"));
    fitLogLabels();
    for (QAbstractSeries* s : m_chart->series()) {
        s->attachAxis(xAxis);
        s->attachAxis(yAxis);
    }
    charts::applyPalette(m_chart, m_palette);
    m_legend->sync(m_palette);
}

} // namespace tutor::views
