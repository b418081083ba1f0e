// SPDX-License-Identifier: MIT
#pragma once
// The legend under a chart: a Legend (names wrap instead of being cut) whose entries are the chart's series, read
// from its legend markers (names, colours, line styles). Qt Charts' own legend puts every entry on one row and
// shortens the names to fit ("C… E… E…" in a narrow chart); it is hidden.
#include "views/legend.h"
#include "views/palette.h"

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace tutor::views::charts {

class ChartLegend : public Legend {
    Q_OBJECT
public:
    /// Hides `chart`'s own legend; call sync() after the chart's series change.
    explicit ChartLegend(QChart* chart, QWidget* parent = nullptr);

    /// Rebuilds the entries from the chart's series, in the palette's colours.
    void sync(const Palette& palette);

private:
    QChart* m_chart;
};

} // namespace tutor::views::charts
