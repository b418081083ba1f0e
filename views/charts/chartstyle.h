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

} // namespace tutor::views::charts
