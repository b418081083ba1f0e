// SPDX-License-Identifier: MIT
#pragma once
// A legend that wraps onto more lines instead of eliding: each entry is a small picture (a swatch) and a name,
// laid out left to right in as many rows as the width needs. Used under the charts (ChartLegend) and the training
// timeline (timelineLegend()).
#include <QPixmap>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <vector>

namespace tutor::views {

struct LegendEntry {
    QPixmap swatch;
    QString text;
    QString toolTip; ///< what the entry means, shown on hover
};

class Legend : public QWidget {
    Q_OBJECT
public:
    explicit Legend(QWidget* parent = nullptr);

    /// Replaces the entries; hidden when there are none. Nothing is rebuilt when the texts, tooltips and pictures
    /// are the same as before (the charts redraw often).
    void setEntries(const std::vector<LegendEntry>& entries, const QColor& background, const QColor& text);
    /// The names shown, in order (for tests and accessibility).
    QStringList texts() const;
    /// True when every entry is shown whole (no entry is narrower than its text needs).
    bool showsEveryTextWhole() const;

private:
    QString m_signature;
};

} // namespace tutor::views
