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
    const double widest = metrics.horizontalAdvance(QString::number(axis->max(), 'g', 6));
    const double base = charts::fittingLogBase(axis->min(), axis->max(), 2, m_chart->plotArea().width(), widest + 12);
    if (axis->base() != base)
        axis->setBase(base);
}

void SweepChart::retranslate()
{
    setToolTip(tr("One figure of the step (step time and exposed communication, bubble, MFU or tokens/s) as one "
                  "parameter of the scenario varies; the ring marks the current value"));
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
    m_pending = false;
    rebuild();
}

void SweepChart::setPending(const QString& xTitle)
{
    m_xTitle = xTitle;
    m_points.clear();
    m_pending = true;
    rebuild();
}

QString SweepChart::quantityName(Quantity quantity)
{
    switch (quantity) {
    case Quantity::StepAndExposed:
        return tr("step time and exposed communication");
    case Quantity::Bubble:
        return tr("pipeline bubble");
    case Quantity::Mfu:
        return tr("MFU");
    case Quantity::TokensPerSecond:
        return tr("tokens per second");
    }
    return {};
}

void SweepChart::setQuantity(Quantity quantity)
{
    m_quantity = quantity;
    rebuild();
}

double SweepChart::valueOf(const model::SweepPoint& point, Quantity quantity)
{
    switch (quantity) {
    case Quantity::StepAndExposed:
        return point.stepSeconds * 1e3;
    case Quantity::Bubble:
        return point.bubbleFraction * 100;
    case Quantity::Mfu:
        return point.mfu * 100;
    case Quantity::TokensPerSecond:
        return point.tokensPerSecond;
    }
    return 0;
}

void SweepChart::setColors(const Palette& palette)
{
    m_palette = palette;
    rebuild();
}

void SweepChart::rebuild()
{
    charts::clearChart(m_chart);
    m_chart->setTitle(m_pending ? tr("Sweeping %1…").arg(m_xTitle)
            : m_points.empty()  ? tr("Sweep: no valid points")
                                : tr("Sweep over %1").arg(m_xTitle));

    const bool stepAndExposed = m_quantity == Quantity::StepAndExposed;
    auto* main = new QLineSeries;
    switch (m_quantity) {
    case Quantity::StepAndExposed:
        main->setName(tr("Step time (ms)"));
        break;
    case Quantity::Bubble:
        main->setName(tr("Pipeline bubble (%)"));
        break;
    case Quantity::Mfu:
        main->setName(tr("MFU (%)"));
        break;
    case Quantity::TokensPerSecond:
        main->setName(tr("Tokens per second"));
        break;
    }
    main->setPen(QPen(m_quantity == Quantity::Bubble ? m_palette.bubbleHatch.darker(130) : m_palette.computeLane, 2.5));
    auto* exposed = stepAndExposed ? new QLineSeries : nullptr;
    if (exposed) {
        exposed->setName(tr("Exposed communication (ms)"));
        exposed->setPen(QPen(m_palette.exposedComm, 2.5));
    }
    auto* current = new QScatterSeries;
    current->setName(tr("Current scenario"));
    current->setMarkerSize(12);
    current->setColor(Qt::transparent);
    current->setBorderColor(m_palette.accent);
    double maxY = 0;
    for (const model::SweepPoint& p : m_points) {
        const double y = valueOf(p, m_quantity);
        main->append(p.x, y);
        if (exposed)
            exposed->append(p.x, p.exposedSeconds * 1e3);
        maxY = std::max(maxY, y);
        if (std::abs(p.x - m_currentX) <= 1e-9 * std::max(1.0, std::abs(m_currentX)))
            current->append(p.x, y);
    }
    m_chart->addSeries(main);
    if (exposed)
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
    switch (m_quantity) {
    case Quantity::StepAndExposed:
        yAxis->setTitleText(tr("milliseconds"));
        break;
    case Quantity::Bubble:
    case Quantity::Mfu:
        yAxis->setTitleText(tr("percent"));
        break;
    case Quantity::TokensPerSecond:
        yAxis->setTitleText(tr("tokens/s"));
        break;
    }
    const bool percent = m_quantity == Quantity::Bubble || m_quantity == Quantity::Mfu;
    yAxis->setRange(0, maxY > 0 ? (percent ? std::min(100.0, maxY * 1.1) : maxY * 1.1) : 1);
    yAxis->applyNiceNumbers();
    for (QAbstractSeries* s : m_chart->series()) {
        s->attachAxis(xAxis);
        s->attachAxis(yAxis);
    }
    charts::applyPalette(m_chart, m_palette);
    m_legend->sync(m_palette);
}

} // namespace tutor::views
