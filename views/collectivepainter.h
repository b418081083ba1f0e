// SPDX-License-Identifier: MIT
#pragma once
// Stateless painting of the collectives scene: nodes, GPUs, links, buffers of chunks and chunks in flight.
// Everything it draws comes from the layout, the frame and the palette.
#include "collectiveframe.h"
#include "collectivelayout.h"
#include "model/collectives/topology.h"
#include "palette.h"

#include <QColor>
#include <QList>
#include <QPainter>

namespace tutor::views {

/// At most this many colour stripes are drawn in one slot; a slot with more contributors shows an even sample.
inline constexpr int kMaxStripes = 8;

/// The colours of a slot, left to right: one stripe per contributing rank (sampled evenly past kMaxStripes);
/// empty for an empty slot. A reduction therefore shows the colours of every rank it combined.
QList<QColor> slotColors(const model::Contributions& slot, const Palette& palette);

/// Short label of a slot: "3" for rank 3's data, "Σ0–3" for a reduction of ranks 0..3, "Σ5" for five
/// scattered contributors, empty for an empty slot.
QString slotLabel(const model::Contributions& slot);

/// Contributions shown in a drawn column that covers several chunks: the first non-empty slot of the range.
const model::Contributions& columnContributions(
    const CollectiveLayout& layout, const model::BufferState& buffer, int column);

/// Paints one slot (stripes, outline and, when `labelled` and it fits, the label) into `rect`.
void paintSlot(QPainter& painter, const QRectF& rect, const model::Contributions& slot, const Palette& palette,
    bool labelled = true);

/// Draws a slot's label centred in `rect` (in the painter's font, or smaller down to 5 pt) when it fits there; says
/// whether it did. Neighbouring slots that hold the same data share one label over them when one slot is too narrow.
bool paintSlotLabel(QPainter& painter, const QRectF& rect, const model::Contributions& slot, const Palette& palette);

/// Paints the whole scene. `caption` is drawn in layout.captionRect.
void paintCollective(QPainter& painter, const CollectiveLayout& layout, const CollectiveFrame& frame,
    const model::Topology& topology, const Palette& palette, const QString& caption);

} // namespace tutor::views
