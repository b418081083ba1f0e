// SPDX-License-Identifier: MIT
#pragma once
// Small mappings the views share, kept apart from painting so they can be tested on their own
// (docs/HACKING.md: mapping apart from painting).
#include <QRectF>
#include <QSize>
#include <cstdint>

namespace tutor::views {

/// A slider position ↔ value mapping on a base-2 logarithmic axis, for message sizes that span decades:
/// position p ∈ [0, positions−1] ↔ value = min · 2^(p / stepsPerOctave), clamped to [min, max].
struct LogScale {
    double min = 1; ///< value at position 0, > 0
    double max = 1; ///< value at the last position, ≥ min
    int stepsPerOctave = 1; ///< slider positions per doubling, ≥ 1

    /// Number of slider positions: floor(log2(max/min)·stepsPerOctave) + 1.
    int positions() const;
    /// min · 2^(p/stepsPerOctave), p clamped to [0, positions()−1].
    double valueAt(int position) const;
    /// The position whose value is nearest to `value` on the log axis (clamped).
    int positionOf(double value) const;
};

/// Animation time for a schedule, measured in steps: at t = k (integer) steps [0, k) are complete and
/// nothing moves; for k < t < k+1 the transfers of step k are in flight with progress t − k.
struct StepClock {
    int steps = 0; ///< number of steps in the schedule, ≥ 0

    /// t clamped to [0, steps].
    double clamp(double t) const;
    /// Steps completed at t: floor(clamp(t)).
    int completed(double t) const;
    /// Index of the step in flight at t, or −1 when nothing moves (t integer or past the end).
    int inFlight(double t) const;
    /// Progress 0..1 of the step in flight, 0 when none.
    double progress(double t) const;
};

/// Rows and columns to place `count` equal cells in a box of `area` so cells come out as close as possible
/// to `cellAspect` (width / height). columns · rows ≥ count, and no row or column is left empty.
struct GridShape {
    int columns = 0;
    int rows = 0;
    bool operator==(const GridShape&) const = default;
};
GridShape gridFor(int count, QSizeF area, double cellAspect);

/// Linear interpolation between two points, progress clamped to [0, 1]; used to move a chunk along a link.
QPointF interpolate(QPointF from, QPointF to, double progress);

/// Cell (column, row) of `index` in a row-major grid of `columns` columns inside `box` with `gap` between cells.
QRectF gridCell(QRectF box, GridShape shape, int index, double gap);

} // namespace tutor::views
