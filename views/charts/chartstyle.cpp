// SPDX-License-Identifier: MIT
#include "chartstyle.h"

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>

namespace tutor::views::charts {

void styleAxis(QAbstractAxis* axis, const Palette& palette)
{
    axis->setLabelsColor(palette.mutedText);
    axis->setTitleBrush(palette.text);
    axis->setGridLineColor(palette.grid);
    axis->setMinorGridLineColor(palette.grid.lighter(palette.theme == Theme::Light ? 108 : 80));
    axis->setLinePenColor(palette.grid);
}

void applyPalette(QChart* chart, const Palette& palette)
{
    chart->setBackgroundBrush(palette.background);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(palette.text);
    chart->legend()->setLabelColor(palette.text);
    chart->setMargins(QMargins(6, 6, 6, 6));
    for (QAbstractAxis* axis : chart->axes())
        styleAxis(axis, palette);
}

void clearChart(QChart* chart)
{
    chart->removeAllSeries();
}

} // namespace tutor::views::charts
