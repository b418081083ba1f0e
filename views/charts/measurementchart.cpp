// SPDX-License-Identifier: MIT
#include "measurementchart.h"

#include "chartlegend.h"
#include "chartstyle.h"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace tutor::views {

MeasurementChart::MeasurementChart(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_view = new QChartView(new QChart, this);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_legend = new charts::ChartLegend(m_view->chart(), this);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    rebuild();
}

QChart* MeasurementChart::chart() const
{
    return m_view->chart();
}

void MeasurementChart::setMeasurements(const std::vector<model::Measurement>& measurements)
{
    m_measurements = measurements;
    rebuild();
}

void MeasurementChart::setCurves(model::Collective op, int ranks, const SizeCurve& predicted, const SizeCurve& fitted)
{
    m_op = op;
    m_ranks = std::max(1, ranks);
    m_predicted = predicted;
    m_fitted = fitted;
    rebuild();
}

void MeasurementChart::setQuantity(Quantity quantity)
{
    m_quantity = quantity;
    rebuild();
}

void MeasurementChart::setColors(const Palette& palette)
{
    m_palette = palette;
    rebuild();
}

void MeasurementChart::clear()
{
    m_measurements.clear();
    m_predicted.clear();
    m_fitted.clear();
    rebuild();
}

int MeasurementChart::pointCount(const QString& seriesName) const
{
    for (auto* s : m_view->chart()->series())
        if (s->name() == seriesName)
            if (auto* xy = qobject_cast<QXYSeries*>(s))
                return xy->count();
    return -1;
}

void MeasurementChart::setComparedRuns(std::vector<ComparedRun> runs)
{
    m_compared = std::move(runs);
    rebuild();
}

void MeasurementChart::rebuild()
{
    QChart* c = m_view->chart();
    charts::clearChart(c);

    const bool bw = m_quantity == Quantity::BusBandwidth;
    auto value = [&](model::Collective op, int ranks, model::Bytes bytes, double seconds) {
        if (!bw)
            return seconds * 1e6;
        return static_cast<double>(bytes) / seconds / model::kBytesPerGB * model::busBandwidthFactor(op, ranks);
    };
    double yMin = 1e300, yMax = 0, xMin = 1e300, xMax = 0;
    auto add = [&](QXYSeries* s, double x, double y) {
        if (!(x > 0) || !std::isfinite(y) || !(y > 0))
            return; // log axes take positive values only
        s->append(std::log2(x), y);
        yMin = std::min(yMin, y);
        yMax = std::max(yMax, y);
        xMin = std::min(xMin, x);
        xMax = std::max(xMax, x);
    };

    std::vector<QXYSeries*> all;
    // One colour per role, from the theme: out-of-place and in-place measured rows, the model and the fit.
    const QColor outOfPlace = m_palette.series[0], inPlaceColour = m_palette.series[6], model = m_palette.series[1],
                 fit = m_palette.series[4];
    for (bool inPlace : { false, true }) {
        auto* s = new QLineSeries;
        s->setName(inPlace ? tr("measured, in-place") : tr("measured, out-of-place"));
        s->setPointsVisible(true);
        for (const auto& m : m_measurements)
            if (m.inPlace == inPlace && m.timeSeconds > 0)
                add(s, static_cast<double>(m.bytes), value(m.op, m.ranks, m.bytes, m.timeSeconds));
        if (s->count() == 0) {
            delete s;
            continue;
        }
        const QColor colour = inPlace ? inPlaceColour : outOfPlace;
        s->setColor(colour);
        s->setPen(QPen(colour, inPlace ? 1.5 : 2.0, inPlace ? Qt::DotLine : Qt::SolidLine));
        all.push_back(s);
    }
    // Compared runs: thin lines in the palette's remaining colours, out-of-place rows (in-place when only those).
    for (std::size_t r = 0; r < m_compared.size(); ++r) {
        const auto& run = m_compared[r];
        const bool anyOut = std::any_of(
            run.measurements.begin(), run.measurements.end(), [](const model::Measurement& m) { return !m.inPlace; });
        auto* s = new QLineSeries;
        s->setName(run.name);
        s->setPointsVisible(true);
        for (const auto& m : run.measurements)
            if (m.inPlace != anyOut && m.timeSeconds > 0)
                add(s, static_cast<double>(m.bytes), value(m.op, m.ranks, m.bytes, m.timeSeconds));
        if (s->count() == 0) {
            delete s;
            continue;
        }
        static constexpr int kColours[] = { 2, 3, 5, 7 };
        const QColor colour = m_palette.series[static_cast<std::size_t>(kColours[r % std::size(kColours)])];
        s->setColor(colour);
        s->setPen(QPen(colour, 1.2));
        all.push_back(s);
    }
    auto curve = [&](const SizeCurve& points, const QString& name, Qt::PenStyle style, const QColor& color) {
        if (points.empty())
            return;
        auto* s = new QLineSeries;
        s->setName(name);
        for (const auto& [bytes, seconds] : points)
            if (seconds > 0)
                add(s, static_cast<double>(bytes), value(m_op, m_ranks, bytes, seconds));
        s->setColor(color);
        s->setPen(QPen(color, 2.0, style));
        all.push_back(s);
    };
    curve(m_predicted, tr("model"), Qt::DashLine, model);
    curve(m_fitted, tr("calibrated fit"), Qt::DashDotLine, fit);

    // Size axis: log2(S) with labels in binary units at every power of 2 (or 4, 16 for wide sweeps).
    // The axes are reused across rebuilds (charts::axisAt): Qt Charts keeps a removed axis's labels alive.
    auto* x = charts::axisAt<QCategoryAxis>(c, Qt::AlignBottom);
    x->setTitleText(tr("size S (log scale)"));
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    QAbstractAxis* y = nullptr;
    if (bw) {
        auto* axis = charts::axisAt<QValueAxis>(c, Qt::AlignLeft);
        axis->setTitleText(tr("busbw (GB/s)"));
        axis->setRange(0, yMax > 0 ? yMax * 1.1 : 1);
        y = axis;
    } else {
        auto* axis = charts::axisAt<QLogValueAxis>(c, Qt::AlignLeft);
        axis->setBase(10);
        axis->setTitleText(tr("time per call (µs)"));
        axis->setLabelFormat(QStringLiteral("%g"));
        y = axis;
    }
    const double lo = xMax > 0 ? std::floor(std::log2(xMin)) : 0;
    const double hi = xMax > 0 ? std::ceil(std::log2(xMax)) : 20;
    const int span = static_cast<int>(hi - lo);
    const int step = span > 24 ? 4 : span > 12 ? 2 : 1;
    for (int e = static_cast<int>(lo); e <= static_cast<int>(hi); ++e)
        if ((e - static_cast<int>(lo)) % step == 0)
            x->append(QString::fromStdString(model::formatBytes(model::Bytes { 1 } << std::clamp(e, 0, 62))), e);
    x->setRange(lo - 0.3, hi + 0.3);
    if (xMax > 0) {
        if (!bw)
            static_cast<QLogValueAxis*>(y)->setRange(yMin / 1.5, yMax * 1.5);
    } else {
        if (!bw)
            static_cast<QLogValueAxis*>(y)->setRange(1, 1e3);
    }
    for (auto* s : all) {
        c->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    charts::applyPalette(c, m_palette);
    m_legend->sync(m_palette);
    c->setTitle(m_measurements.empty() && m_predicted.empty()
            ? tr("No measurements yet: start a run, open a file or import an nccl-tests log")
            : QString());
}

void MeasurementChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        rebuild();
    QWidget::changeEvent(event);
}

} // namespace tutor::views
