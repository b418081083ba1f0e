// SPDX-License-Identifier: MIT
#include "sweepchart.h"

#include "chartstyle.h"

#include <QChart>
#include <QChartView>
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
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    retranslate();
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
        axis->setBase(2);
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
    auto* yAxis = charts::axisAt<QValueAxis>(m_chart, Qt::AlignLeft);
    yAxis->setTitleText(tr("milliseconds"));
    yAxis->setRange(0, maxMs > 0 ? maxMs * 1.1 : 1);
    yAxis->applyNiceNumbers();
    for (QAbstractSeries* s : m_chart->series()) {
        s->attachAxis(xAxis);
        s->attachAxis(yAxis);
    }
    charts::applyPalette(m_chart, m_palette);
}

} // namespace tutor::views
