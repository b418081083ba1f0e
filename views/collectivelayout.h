// SPDX-License-Identifier: MIT
#pragma once
// Where the collectives view puts nodes, GPUs, buffers and chunks for a widget size and a topology.
// Pure geometry: computed on resize or when the topology changes, never inside paintEvent.
#include "model/collectives/topology.h"

#include <QPolygonF>
#include <QRectF>
#include <vector>

namespace tutor::views {

/// Up to this many ranks are drawn one by one; larger topologies are summarised as node boxes.
inline constexpr int kMaxDrawnRanks = 64;
/// Up to this many ranks the summary still animates the schedule (node to node traffic, node 0's GPUs in detail);
/// larger schedules are too long to build interactively and only the figures are shown.
inline constexpr int kMaxAnimatedRanks = 256;
/// Up to this many nodes are drawn in the summary; the rest are counted in the summary text.
inline constexpr int kMaxSummaryNodes = 64;

struct CollectiveLayout {
    QRectF bounds;
    int nodes = 0;
    int gpusPerNode = 0;
    int ranks = 0;
    int chunks = 0;
    bool summarised = false; ///< ranks > kMaxDrawnRanks: node boxes only, no GPUs or chunks
    int chunkColumns = 0; ///< columns drawn per buffer; several chunks share a column when space is short

    std::vector<QRectF> nodeRects; ///< one per drawn node
    std::vector<QRectF> switchRects; ///< the node's switch / bus bar, one per drawn node
    std::vector<QRectF> gpuRects; ///< one per rank (empty when summarised)
    std::vector<QRectF> bufferRects; ///< the row of chunk slots inside each GPU
    QRectF networkBar; ///< where inter-node links meet; empty for one node
    /// Per drawn node, the path of its link to the network: from the middle of its bottom edge straight down when
    /// no node is drawn below it, else along the gap to its right, so that no link crosses another node; ends on
    /// the network bar's top edge. Empty for one node.
    std::vector<QPolygonF> networkRoutes;
    QRectF captionRect; ///< a line of text under the drawing (step, final state, summary)

    /// The column a chunk is drawn in: chunk · chunkColumns / chunks.
    int columnOf(int chunk) const;
    /// The first chunk drawn in a column (columns cover [firstChunkOf(c), firstChunkOf(c+1))).
    int firstChunkOf(int column) const;
    /// The rectangle of a column of a rank's buffer; empty when out of range or summarised.
    QRectF chunkRect(int rank, int column) const;
    /// The rectangle a chunk occupies in a rank's buffer.
    QRectF chunkRectOf(int rank, int chunk) const { return chunkRect(rank, columnOf(chunk)); }
    QPointF gpuCenter(int rank) const;
    /// The path a transfer from rank `src` to rank `dst` is drawn along: inside a node, straight from GPU to GPU (the
    /// node's switch joins every pair); between nodes, out of the GPU's side into the gap beside it, down to the
    /// node's bottom edge, along the node's way to the network, along the network bar, and up the destination node's
    /// way to its GPU the same way, crossing no other GPU or node. Empty when summarised or out of range.
    QPolygonF transferRoute(int src, int dst) const;
    /// From the bottom of drawn node `a` down its way to the network, along the network bar's middle, and up node
    /// `b`'s way to its bottom; each way shifted `beside` px (left going down, right going up) so that traffic runs
    /// beside the link lines. Empty without a network or for a node not drawn.
    QPolygonF betweenNodes(int a, int b, double beside = 0) const;
};

/// The point `fraction` (0–1) of the way along `route`, by length.
QPointF pointAlong(const QPolygonF& route, double fraction);

/// Lays out `topology` with `chunks` slots per buffer in a widget of `size`, with room for titles and the caption in
/// a font whose line is `lineHeight` pixels high (the painter draws node and GPU titles at 0.85 of it; 0 or less: the
/// default font's room, as at 100 %); presenter mode's larger fonts get taller title bands and caption.
/// Preconditions: none; a degenerate size or topology gives an empty layout that paints nothing.
CollectiveLayout layoutCollective(QSizeF size, const model::Topology& topology, int chunks, double lineHeight = 0);

} // namespace tutor::views
