// SPDX-License-Identifier: MIT
#pragma once
// Shared look of the Qt Charts views: theme colours from the Palette, fonts, margins.
#include "views/palette.h"

#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QChart;
class QAbstractAxis;
QT_END_NAMESPACE

namespace tutor::views::charts {

/// Applies the palette's background, text and grid colours to a chart and its axes.
void applyPalette(QChart* chart, const Palette& palette);
void styleAxis(QAbstractAxis* axis, const Palette& palette);
/// Removes every series and axis from a chart and deletes the axes (Qt Charts keeps drawing removed axes
/// that are still alive beside the new ones).
void clearChart(QChart* chart);

} // namespace tutor::views::charts
