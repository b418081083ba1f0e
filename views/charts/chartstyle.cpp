// SPDX-License-Identifier: MIT
#include "chartstyle.h"

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>
#include <algorithm>
#include <cmath>

namespace tutor::views::charts {

double fittingLogBase(double min, double max, double first, double length, double perLabel)
{
    if (!(min > 0) || !(max > min) || !(first > 1) || !(length > 0))
        return first;
    double base = first;
    for (int k = 1; k < 10; ++k, base *= first) {
        // Qt Charts labels the powers of the base inside the range.
        const double lb = std::log(base);
        const double labels
            = std::max(1.0, std::floor(std::log(max) / lb + 1e-9) - std::ceil(std::log(min) / lb - 1e-9) + 1);
        if (length / labels >= perLabel)
            return base;
    }
    return base;
}

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
