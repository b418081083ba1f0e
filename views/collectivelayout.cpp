// SPDX-License-Identifier: MIT
#include "collectivelayout.h"

#include "geometry.h"

#include <QLineF>
#include <algorithm>
#include <cmath>

namespace tutor::views {

namespace {
constexpr double kMargin = 12;
constexpr double kCaptionHeight = 22; // at least; a larger font gets its line and 6 px
constexpr double kNetworkBand = 34;
constexpr double kNodeGap = 14;
constexpr double kNodeTitle = 18; // at least; titles are drawn at kTitleScale of the font, with 4 px
constexpr double kSwitchBand = 12;
constexpr double kGpuGap = 8;
constexpr double kGpuTitle = 16; // at least; as node titles, with 2 px
constexpr double kTitleScale = 0.85;
constexpr double kMinColumnWidth = 2;
constexpr double kMaxBufferHeight = 28;
// A node's way down to the network: straight down from the middle of its bottom edge when nothing is drawn below
// it; else half a gap down, across to the gap on its right and down that gap, past the nodes below.
std::vector<QPolygonF> networkRoutes(const std::vector<QRectF>& nodes, double networkTop)
{
    std::vector<QPolygonF> routes;
    routes.reserve(nodes.size());
    for (const QRectF& node : nodes) {
        const bool nodeBelow = std::any_of(nodes.begin(), nodes.end(), [&](const QRectF& other) {
            return other.top() > node.bottom() && other.left() < node.right() && other.right() > node.left();
        });
        QPolygonF route;
        route << QPointF(node.center().x(), node.bottom());
        if (nodeBelow) {
            const double y = node.bottom() + kNodeGap / 2;
            const double x = node.right() + kNodeGap / 2;
            route << QPointF(node.center().x(), y) << QPointF(x, y) << QPointF(x, networkTop);
        } else {
            route << QPointF(node.center().x(), networkTop);
        }
        routes.push_back(route);
    }
    return routes;
}

} // namespace

int CollectiveLayout::columnOf(int chunk) const
{
    if (chunks <= 0 || chunkColumns <= 0)
        return 0;
    return static_cast<int>(static_cast<long long>(std::clamp(chunk, 0, chunks - 1)) * chunkColumns / chunks);
}

int CollectiveLayout::firstChunkOf(int column) const
{
    if (chunkColumns <= 0)
        return 0;
    // Smallest chunk c with c · columns / chunks ≥ column.
    return static_cast<int>((static_cast<long long>(column) * chunks + chunkColumns - 1) / chunkColumns);
}

QRectF CollectiveLayout::chunkRect(int rank, int column) const
{
    if (summarised || rank < 0 || rank >= static_cast<int>(bufferRects.size()) || column < 0 || column >= chunkColumns)
        return {};
    const QRectF& b = bufferRects[static_cast<size_t>(rank)];
    const double w = b.width() / chunkColumns;
    return { b.left() + column * w, b.top(), w, b.height() };
}

QPointF CollectiveLayout::gpuCenter(int rank) const
{
    if (rank < 0 || rank >= static_cast<int>(gpuRects.size()))
        return {};
    return gpuRects[static_cast<size_t>(rank)].center();
}

QPolygonF CollectiveLayout::transferRoute(int src, int dst) const
{
    const int count = static_cast<int>(gpuRects.size());
    if (summarised || src < 0 || dst < 0 || src >= count || dst >= count || gpusPerNode < 1)
        return {};
    const QRectF& from = gpuRects[static_cast<size_t>(src)];
    const QRectF& to = gpuRects[static_cast<size_t>(dst)];
    const auto a = static_cast<size_t>(src / gpusPerNode), b = static_cast<size_t>(dst / gpusPerNode);
    if (a == b || networkBar.isEmpty() || a >= networkRoutes.size() || b >= networkRoutes.size())
        return QPolygonF { from.center(), to.center() };
    // From a GPU's right side through the gap beside it to its node's bottom edge, then to where the node's way to
    // the network starts.
    const auto down = [this](const QRectF& gpu, size_t node) {
        const double gap = std::min(gpu.right() + kGpuGap / 2, nodeRects[node].right() - 1);
        const double bottom = nodeRects[node].bottom();
        return QPolygonF { QPointF(gpu.right(), gpu.center().y()), QPointF(gap, gpu.center().y()), QPointF(gap, bottom),
            networkRoutes[node].front() };
    };
    QPolygonF route = down(from, a);
    route << betweenNodes(static_cast<int>(a), static_cast<int>(b)).mid(1);
    QPolygonF into = down(to, b);
    std::reverse(into.begin(), into.end());
    route << into.mid(1);
    return route;
}

QPolygonF CollectiveLayout::betweenNodes(int a, int b, double beside) const
{
    const int drawn = static_cast<int>(networkRoutes.size());
    if (networkBar.isEmpty() || a < 0 || b < 0 || a >= drawn || b >= drawn)
        return {};
    const double lane = networkBar.center().y();
    QPolygonF route = networkRoutes[static_cast<size_t>(a)].translated(-beside, 0);
    const QPolygonF up = networkRoutes[static_cast<size_t>(b)].translated(beside, 0);
    route << QPointF(route.back().x(), lane) << QPointF(up.back().x(), lane);
    for (auto p = up.rbegin(); p != up.rend(); ++p)
        route << *p;
    return route;
}

QPointF pointAlong(const QPolygonF& route, double fraction)
{
    if (route.isEmpty())
        return {};
    double total = 0;
    for (qsizetype i = 1; i < route.size(); ++i)
        total += QLineF(route[i - 1], route[i]).length();
    double along = std::clamp(fraction, 0.0, 1.0) * total;
    for (qsizetype i = 1; i < route.size(); ++i) {
        const double segment = QLineF(route[i - 1], route[i]).length();
        if (along <= segment && segment > 0)
            return route[i - 1] + (route[i] - route[i - 1]) * (along / segment);
        along -= segment;
    }
    return route.back();
}

CollectiveLayout layoutCollective(QSizeF size, const model::Topology& topology, int chunks, double lineHeight)
{
    const double line = std::isfinite(lineHeight) ? std::max(0.0, lineHeight) : 0.0;
    const double captionHeight = std::max(kCaptionHeight, line + 6);
    const double nodeTitle = std::max(kNodeTitle, kTitleScale * line + 4);
    const double gpuTitle = std::max(kGpuTitle, kTitleScale * line + 2);
    CollectiveLayout l;
    l.bounds = QRectF(QPointF(0, 0), size);
    if (topology.nodes < 1 || topology.gpusPerNode < 1)
        return l;
    l.nodes = topology.nodes;
    l.gpusPerNode = topology.gpusPerNode;
    l.ranks = topology.ranks();
    l.chunks = std::max(0, chunks);
    l.summarised = l.ranks > kMaxDrawnRanks;
    if (size.width() < 4 * kMargin || size.height() < 4 * kMargin)
        return l;

    QRectF area = l.bounds.adjusted(kMargin, kMargin, -kMargin, -kMargin);
    l.captionRect = QRectF(area.left(), area.bottom() - captionHeight, area.width(), captionHeight);
    area.setBottom(l.captionRect.top() - 4);
    if (l.nodes > 1) {
        l.networkBar = QRectF(area.left(), area.bottom() - 10, area.width(), 10);
        area.setBottom(area.bottom() - kNetworkBand);
    }

    const int drawnNodes = l.summarised ? std::min(l.nodes, kMaxSummaryNodes) : l.nodes;
    // A node holds its GPUs in a grid of cells about 1.6 : 1; ask for node cells of the matching shape.
    const GridShape gpuShapeGuess = gridFor(l.gpusPerNode, QSizeF(4, 1.5), 1.6);
    const double nodeAspect = l.summarised ? 1.6 : (gpuShapeGuess.columns * 1.6) / std::max(1, gpuShapeGuess.rows);
    const GridShape nodeShape = gridFor(drawnNodes, area.size(), nodeAspect);
    for (int n = 0; n < drawnNodes; ++n) {
        const QRectF node = gridCell(area, nodeShape, n, kNodeGap);
        l.nodeRects.push_back(node);
        l.switchRects.push_back(QRectF(node.left() + 6, node.bottom() - kSwitchBand + 2, node.width() - 12, 5));
    }
    if (!l.networkBar.isEmpty())
        l.networkRoutes = networkRoutes(l.nodeRects, l.networkBar.top());
    if (l.summarised)
        return l;

    for (int n = 0; n < drawnNodes; ++n) {
        const QRectF node = l.nodeRects[static_cast<size_t>(n)];
        const QRectF inner = node.adjusted(6, nodeTitle, -6, -kSwitchBand - 4);
        const GridShape shape = gridFor(l.gpusPerNode, inner.size(), 1.6);
        for (int g = 0; g < l.gpusPerNode; ++g) {
            const QRectF cell = gridCell(inner, shape, g, kGpuGap);
            // A GPU needs a title and one buffer row; extra height stays around it rather than inside it.
            const double height = std::min(cell.height(), gpuTitle + kMaxBufferHeight + 10);
            const QRectF gpu(cell.left(), cell.center().y() - height / 2, cell.width(), height);
            l.gpuRects.push_back(gpu);
            const double bufferHeight = std::clamp(gpu.height() - gpuTitle - 6, 4.0, kMaxBufferHeight);
            l.bufferRects.push_back(QRectF(gpu.left() + 4, gpu.top() + gpuTitle, gpu.width() - 8, bufferHeight));
        }
    }
    const double bufferWidth = l.bufferRects.empty() ? 0 : l.bufferRects.front().width();
    l.chunkColumns = std::clamp(static_cast<int>(bufferWidth / kMinColumnWidth), std::min(1, l.chunks), l.chunks);
    return l;
}

} // namespace tutor::views
