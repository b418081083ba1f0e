// SPDX-License-Identifier: MIT
#include "geometry.h"

#include <algorithm>
#include <cmath>

namespace tutor::views {

int LogScale::positions() const
{
    if (!(min > 0) || !(max >= min) || stepsPerOctave < 1)
        return 1;
    return static_cast<int>(std::floor(std::log2(max / min) * stepsPerOctave + 1e-9)) + 1;
}

double LogScale::valueAt(int position) const
{
    const int p = std::clamp(position, 0, positions() - 1);
    return std::clamp(min * std::exp2(static_cast<double>(p) / std::max(1, stepsPerOctave)), min, std::max(min, max));
}

int LogScale::positionOf(double value) const
{
    if (!(value > 0) || !(min > 0))
        return 0;
    const double p = std::round(std::log2(value / min) * std::max(1, stepsPerOctave));
    if (!std::isfinite(p))
        return 0;
    return static_cast<int>(std::clamp(p, 0.0, static_cast<double>(positions() - 1)));
}

double StepClock::clamp(double t) const
{
    if (!std::isfinite(t))
        return 0;
    return std::clamp(t, 0.0, static_cast<double>(std::max(0, steps)));
}

int StepClock::completed(double t) const
{
    return static_cast<int>(std::floor(clamp(t)));
}

int StepClock::inFlight(double t) const
{
    const double c = clamp(t);
    const int k = static_cast<int>(std::floor(c));
    return (c > k && k < steps) ? k : -1;
}

double StepClock::progress(double t) const
{
    const double c = clamp(t);
    return inFlight(t) >= 0 ? c - std::floor(c) : 0.0;
}

GridShape gridFor(int count, QSizeF area, double cellAspect)
{
    if (count <= 0)
        return {};
    if (area.width() <= 0 || area.height() <= 0 || !(cellAspect > 0))
        return { count, 1 };
    // Try every column count and keep the one whose cells deviate least (in log aspect) from the wish,
    // preferring larger cells when two are equally shaped.
    GridShape best { count, 1 };
    double bestScore = -1;
    for (int columns = 1; columns <= count; ++columns) {
        const int rows = (count + columns - 1) / columns;
        if ((rows - 1) * columns >= count)
            continue; // a whole empty row
        const double w = area.width() / columns;
        const double h = area.height() / rows;
        const double cellW = std::min(w, h * cellAspect);
        const double score = cellW * cellW / cellAspect; // usable cell area at the wished aspect
        if (score > bestScore + 1e-9) {
            bestScore = score;
            best = { columns, rows };
        }
    }
    return best;
}

QPointF interpolate(QPointF from, QPointF to, double progress)
{
    const double p = std::isfinite(progress) ? std::clamp(progress, 0.0, 1.0) : 0.0;
    return from + (to - from) * p;
}

QRectF gridCell(QRectF box, GridShape shape, int index, double gap)
{
    if (shape.columns <= 0 || shape.rows <= 0)
        return {};
    const double w = (box.width() - gap * (shape.columns - 1)) / shape.columns;
    const double h = (box.height() - gap * (shape.rows - 1)) / shape.rows;
    const int column = index % shape.columns;
    const int row = index / shape.columns;
    return { box.left() + column * (w + gap), box.top() + row * (h + gap), std::max(0.0, w), std::max(0.0, h) };
}

} // namespace tutor::views
