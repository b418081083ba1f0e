// SPDX-License-Identifier: MIT
#include "sweepchart.h"

#include "chartlegend.h"
#include "chartstyle.h"

#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace tutor::views {

SweepChart::SweepChart(QWidget* parent)
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
    connect(m_chart, &QChart::plotAreaChanged, this, &SweepChart::fitLogLabels);
    retranslate();
}

void SweepChart::fitLogLabels()
{
    // Qt Charts gives each of n labels plotwidth/n − 10 px and cuts longer ones to "…": a log axis over 1 … 1024 at
    // base 2 prints eleven labels, too many for a half-width chart. The base grows (2, 4, 8, …) until the labels fit.
    auto* axis = qobject_cast<QLogValueAxis*>(m_chart->axes(Qt::Horizontal).value(0));
    if (!axis || !(axis->min() > 0) || !(axis->max() > axis->min()))
        return;
    const QFontMetricsF metrics(axis->labelsFont());
    const double width = m_chart->plotArea().width();
    const double octaves = std::log2(axis->max() / axis->min());
    double base = 2;
    for (; base < 1024; base *= 2) {
        const int labels = static_cast<int>(std::floor(octaves / std::log2(base))) + 1;
        const double widest = metrics.horizontalAdvance(QString::number(axis->max(), 'g', 6));
        if (width <= 0 || width / labels - 10 >= widest + 2)
            break;
    }
    if (axis->base() != base)
        axis->setBase(base);
}

void SweepChart::retranslate()
{
    setToolTip(tr("Step time and exposed communication as one parameter of the scenario varies; the ring marks "
                  "the current value"));
    rebuild();
}

void SweepChart::setSweep(const QString& xTitle, std::vector<model::SweepPoint> points, bool logX, double currentX)
{
    std::erase_if(points, [](const model::SweepPoint& p) {
        return !std::isfinite(p.x) || !std::isfinite(p.stepSeconds) || !std::isfinite(p.exposedSeconds) || p.x <= 0
            || p.stepSeconds < 0;
    });
    std::sort(
        points.begin(), points.end(), [](const model::SweepPoint& a, const model::SweepPoint& b) { return a.x < b.x; });
    m_xTitle = xTitle;
    m_points = std::move(points);
    m_logX = logX;
    m_currentX = currentX;
    rebuild();
}

void SweepChart::setColors(const Palette& palette)
{
    m_palette = palette;
    rebuild();
}

void SweepChart::rebuild()
{
    charts::clearChart(m_chart);
    m_chart->setTitle(m_points.empty() ? tr("Sweep: no valid points") : tr("Sweep over %1").arg(m_xTitle));

    auto* step = new QLineSeries;
    step->setName(tr("Step time (ms)"));
    step->setPen(QPen(m_palette.computeLane, 2.5));
    auto* exposed = new QLineSeries;
    exposed->setName(tr("Exposed communication (ms)"));
    exposed->setPen(QPen(m_palette.exposedComm, 2.5));
    auto* current = new QScatterSeries;
    current->setName(tr("Current scenario"));
    current->setMarkerSize(12);
    current->setColor(Qt::transparent);
    current->setBorderColor(m_palette.accent);
    double maxMs = 0;
    for (const model::SweepPoint& p : m_points) {
        step->append(p.x, p.stepSeconds * 1e3);
        exposed->append(p.x, p.exposedSeconds * 1e3);
        maxMs = std::max(maxMs, p.stepSeconds * 1e3);
        if (std::abs(p.x - m_currentX) <= 1e-9 * std::max(1.0, std::abs(m_currentX)))
            current->append(p.x, p.stepSeconds * 1e3);
    }
    m_chart->addSeries(step);
    m_chart->addSeries(exposed);
    m_chart->addSeries(current);

    QAbstractAxis* xAxis = nullptr;
    const double xMin = m_points.empty() ? 1 : m_points.front().x;
    const double xMax = m_points.empty() ? 2 : std::max(m_points.back().x, xMin * 2);
    if (m_logX) {
        auto* axis = charts::axisAt<QLogValueAxis>(m_chart, Qt::AlignBottom);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setRange(xMin / 1.25, xMax * 1.25);
        axis->setMinorTickCount(-1);
        xAxis = axis;
    } else {
        auto* axis = charts::axisAt<QValueAxis>(m_chart, Qt::AlignBottom);
        axis->setRange(xMin, xMax);
        axis->setLabelFormat(QStringLiteral("%g"));
        xAxis = axis;
    }
    xAxis->setTitleText(m_xTitle);
    fitLogLabels();
    auto* yAxis = charts::axisAt<QValueAxis>(m_chart, Qt::AlignLeft);
    yAxis->setTitleText(tr("milliseconds"));
    yAxis->setRange(0, maxMs > 0 ? maxMs * 1.1 : 1);
    yAxis->applyNiceNumbers();
    for (QAbstractSeries* s : m_chart->series()) {
        s->attachAxis(xAxis);
        s->attachAxis(yAxis);
    }
    charts::applyPalette(m_chart, m_palette);
    m_legend->sync(m_palette);
}

} // namespace tutor::views
