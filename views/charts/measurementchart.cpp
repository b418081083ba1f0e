// SPDX-License-Identifier: MIT
#include "measurementchart.h"

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
    m_view->chart()->legend()->setAlignment(Qt::AlignBottom);
    layout->addWidget(m_view);
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

void MeasurementChart::rebuild()
{
    QChart* c = m_view->chart();
    c->removeAllSeries();
    for (auto* axis : c->axes())
        c->removeAxis(axis);

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
    // Fixed colours per role, so measured, model and fit read the same in every chart.
    const QColor measured(31, 119, 180), model(230, 120, 20), fit(44, 160, 44);
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
        s->setColor(measured);
        s->setPen(QPen(
            inPlace ? measured.lighter(140) : measured, inPlace ? 1.5 : 2.0, inPlace ? Qt::DotLine : Qt::SolidLine));
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
    auto* x = new QCategoryAxis;
    x->setTitleText(tr("size S (log scale)"));
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    c->addAxis(x, Qt::AlignBottom);
    QAbstractAxis* y = nullptr;
    if (bw) {
        auto* axis = new QValueAxis;
        axis->setTitleText(tr("bus bandwidth (GB/s)"));
        axis->setRange(0, yMax > 0 ? yMax * 1.1 : 1);
        y = axis;
    } else {
        auto* axis = new QLogValueAxis;
        axis->setBase(10);
        axis->setTitleText(tr("time per call (µs, log scale)"));
        axis->setLabelFormat(QStringLiteral("%g"));
        y = axis;
    }
    c->addAxis(y, Qt::AlignLeft);
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
    c->setTitle(m_measurements.empty() && m_predicted.empty()
            ? tr("No measurements yet: start a run, open a file or import an nccl-tests log")
            : QString());
}

} // namespace tutor::views
