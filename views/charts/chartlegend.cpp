// SPDX-License-Identifier: MIT
#include "chartlegend.h"

#include <QAreaSeries>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QScatterSeries>
#include <QXYSeries>
#include <algorithm>
#include <vector>

namespace tutor::views::charts {

namespace {

/// The small picture before a name: a line in the series' pen, a dot for scatter points, a filled box otherwise.
QPixmap swatch(QLegendMarker* marker, const QColor& background, qreal dpr)
{
    const QSize size(22, 12);
    QPixmap pixmap(size * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    const QAbstractSeries* series = marker->series();
    const QRectF box(1, 1, size.width() - 2, size.height() - 2);
    if (const auto* scatter = qobject_cast<const QScatterSeries*>(series)) {
        QColor fill = scatter->color();
        painter.setBrush(fill.alpha() == 0 ? QBrush(background) : QBrush(fill));
        painter.setPen(QPen(scatter->borderColor(), 1.5));
        painter.drawEllipse(box.center(), 4.5, 4.5);
    } else if (qobject_cast<const QXYSeries*>(series)) {
        QPen pen = static_cast<const QXYSeries*>(series)->pen();
        pen.setWidthF(std::clamp(pen.widthF(), 1.5, 3.0));
        painter.setPen(pen);
        painter.drawLine(QPointF(box.left(), box.center().y()), QPointF(box.right(), box.center().y()));
    } else {
        painter.setPen(marker->pen().style() == Qt::NoPen ? QPen(marker->brush().color().darker(130)) : marker->pen());
        painter.setBrush(marker->brush());
        painter.drawRect(box.adjusted(4, 0, -4, 0));
    }
    return pixmap;
}

} // namespace

ChartLegend::ChartLegend(QChart* chart, QWidget* parent)
    : Legend(parent)
    , m_chart(chart)
{
    setObjectName(QStringLiteral("chartLegend"));
    chart->legend()->hide();
}

void ChartLegend::sync(const Palette& palette)
{
    std::vector<LegendEntry> entries;
    for (QLegendMarker* marker : m_chart->legend()->markers()) {
        // (A marker's own visibility follows the hidden Qt legend; the series' says whether it is drawn.)
        if (marker->label().isEmpty() || !marker->series()->isVisible())
            continue;
        entries.push_back({ swatch(marker, palette.background, devicePixelRatioF()), marker->label(), {} });
    }
    setEntries(entries, palette.background, palette.text);
}

} // namespace tutor::views::charts
