// SPDX-License-Identifier: MIT
#pragma once
// A legend under a chart that wraps onto more lines instead of eliding. Qt Charts' own legend puts every entry on
// one row and shortens the names to fit ("C… E… E…" in a narrow chart); this one shows every name whole, in as many
// rows as the width needs, and reads its entries (names, colours, line styles) from the chart's legend markers.
#include "views/palette.h"

#include <QStringList>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace tutor::views::charts {

class ChartLegend : public QWidget {
    Q_OBJECT
public:
    /// Hides `chart`'s own legend; call sync() after the chart's series change.
    explicit ChartLegend(QChart* chart, QWidget* parent = nullptr);

    /// Rebuilds the entries from the chart's visible legend markers, in the palette's colours.
    void sync(const Palette& palette);
    /// The names shown, in order (for tests and accessibility).
    QStringList texts() const;
    /// True when every entry is shown whole (no entry is narrower than its text needs).
    bool showsEveryTextWhole() const;

private:
    QChart* m_chart;
    QString m_signature;
};

} // namespace tutor::views::charts
