// SPDX-License-Identifier: MIT
#pragma once
// Shared look of the Qt Charts views: theme colours from the Palette, fonts, margins.
#include "views/palette.h"

#include <QBarCategoryAxis>
#include <QCategoryAxis>
#include <QChart>
#include <QtGlobal>
#include <type_traits>

namespace tutor::views::charts {

/// Applies the palette's background, text and grid colours to a chart and its axes.
void applyPalette(QChart* chart, const Palette& palette);
void styleAxis(QAbstractAxis* axis, const Palette& palette);
/// The smallest base among `first`, first², first³, … (up to first¹⁰) that leaves each label of a log axis over
/// [min, max] at least `perLabel` pixels of the axis's `length`. Qt Charts cuts a label that gets less to "…"
/// (a vertical axis over six decades in a 110-pixel plot showed only dots), so a short axis labels every
/// second or third power instead.
double fittingLogBase(double min, double max, double first, double length, double perLabel);
/// Removes every series from a chart (and deletes them); the axes stay for axisAt() to fill again.
void clearChart(QChart* chart);

/// The chart's axis at `alignment`, reused when it is an Axis (categories cleared, ready to be filled again);
/// otherwise whatever axis is there is removed and deleted and a new Axis is added. Qt Charts 6.4 keeps the label
/// items of a removed axis alive until the chart is destroyed (about 0.3 MB per rebuild of a chart with two
/// axes), so a chart that is rebuilt on every change of data or colour reuses its axes instead.
template <class Axis> Axis* axisAt(QChart* chart, Qt::Alignment alignment)
{
    for (QAbstractAxis* axis :
        chart->axes(alignment & (Qt::AlignLeft | Qt::AlignRight) ? Qt::Vertical : Qt::Horizontal)) {
        if (axis->alignment() != alignment)
            continue;
        if (auto* same = qobject_cast<Axis*>(axis); same && axis->metaObject() == &Axis::staticMetaObject) {
            if constexpr (std::is_same_v<Axis, QCategoryAxis>) {
                for (const QString& label : same->categoriesLabels())
                    same->remove(label);
            } else if constexpr (std::is_same_v<Axis, QBarCategoryAxis>) {
                same->clear();
            }
            return same;
        }
        // Hidden first: the label and title items Qt Charts 6.4 keeps after removeAxis() would otherwise still be
        // drawn over the new axis's (two sets of numbers on one axis).
        axis->setVisible(false);
        chart->removeAxis(axis);
        delete axis;
    }
    auto* axis = new Axis;
    chart->addAxis(axis, alignment);
    return axis;
}

} // namespace tutor::views::charts
