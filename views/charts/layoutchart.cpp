// SPDX-License-Identifier: MIT
#include "layoutchart.h"

#include "chartlegend.h"
#include "chartstyle.h"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace tutor::views {

LayoutChart::LayoutChart(QWidget* parent)
    : QWidget(parent)
{
    m_chart = new QChart;
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_view = new QChartView(m_chart, this);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_all = new QScatterSeries;
    m_all->setMarkerSize(7);
    m_front = new QLineSeries;
    m_front->setPointsVisible(true);
    m_selection = new QScatterSeries;
    m_selection->setMarkerSize(14);
    m_selection->setColor(Qt::transparent);
    m_x = new QValueAxis;
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_y = new QValueAxis;
    m_y->setLabelFormat(QStringLiteral("%.2f"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    for (QXYSeries* series : std::initializer_list<QXYSeries*> { m_all, m_front, m_selection }) {
        m_chart->addSeries(series);
        series->attachAxis(m_x);
        series->attachAxis(m_y);
    }
    // A click selects the nearest layout (points of the scatter series carry no index of their own).
    connect(m_all, &QScatterSeries::clicked, this, [this](const QPointF& at) {
        const auto nearest = std::min_element(m_points.begin(), m_points.end(), [&](const Point& a, const Point& b) {
            return std::hypot(a.memoryGiB - at.x(), a.stepSeconds - at.y())
                < std::hypot(b.memoryGiB - at.x(), b.stepSeconds - at.y());
        });
        if (nearest != m_points.end())
            emit layoutClicked(nearest->index);
    });
    m_legend = new charts::ChartLegend(m_chart, this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    retranslate();
}

void LayoutChart::retranslate()
{
    setToolTip(tr("Each point is one simulated layout: memory per GPU against step time. The line joins the Pareto "
                  "front (no other layout is both faster and smaller); click a point to select its row"));
    rebuild();
}

void LayoutChart::setLayouts(const std::vector<model::LayoutResult>& layouts, int selected)
{
    m_points.clear();
    m_frontPoints.clear();
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        const auto& m = layouts[i].metrics;
        if (!layouts[i].rejected.empty() || !std::isfinite(m.stepSeconds) || !std::isfinite(m.memory.totalBytes))
            continue;
        m_points.push_back({ m.memory.totalBytes / (1 << 30), m.stepSeconds, static_cast<int>(i) });
    }
    for (auto i : model::paretoFront(layouts))
        m_frontPoints.push_back(
            { layouts[i].metrics.memory.totalBytes / (1 << 30), layouts[i].metrics.stepSeconds, static_cast<int>(i) });
    m_selected = selected;
    rebuild();
}

void LayoutChart::setSelected(int selected)
{
    m_selected = selected;
    QList<QPointF> ring;
    for (const auto& p : m_points)
        if (p.index == m_selected)
            ring.append({ p.memoryGiB, p.stepSeconds });
    m_selection->replace(ring);
}

void LayoutChart::setColors(const Palette& palette)
{
    m_palette = palette;
    rebuild();
}

void LayoutChart::rebuild()
{
    m_chart->setTitle(m_points.empty()
            ? tr("Layouts: none simulated yet")
            : tr("%n layout(s): step time against memory per GPU", nullptr, static_cast<int>(m_points.size())));
    m_all->setName(tr("Layouts"));
    m_all->setColor(m_palette.computeLane);
    m_all->setBorderColor(m_palette.computeLane);
    m_front->setName(tr("Pareto front"));
    m_front->setPen(QPen(m_palette.exposedComm, 2));
    m_selection->setName(tr("Selected"));
    m_selection->setBorderColor(m_palette.accent);
    QList<QPointF> all, front, selected;
    double maxMemory = 1, maxStep = 1e-3;
    for (const auto& p : m_points) {
        all.append({ p.memoryGiB, p.stepSeconds });
        maxMemory = std::max(maxMemory, p.memoryGiB);
        maxStep = std::max(maxStep, p.stepSeconds);
        if (p.index == m_selected)
            selected.append({ p.memoryGiB, p.stepSeconds });
    }
    for (const auto& p : m_frontPoints)
        front.append({ p.memoryGiB, p.stepSeconds });
    m_all->replace(all);
    m_front->replace(front);
    m_selection->replace(selected);
    m_x->setTitleText(tr("Memory per GPU (GiB)"));
    m_x->setRange(0, maxMemory * 1.08);
    m_x->applyNiceNumbers();
    m_y->setTitleText(tr("Step time (s)"));
    m_y->setRange(0, maxStep * 1.08);
    m_y->applyNiceNumbers();
    charts::applyPalette(m_chart, m_palette);
    m_legend->sync(m_palette);
}

} // namespace tutor::views
