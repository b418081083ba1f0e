// SPDX-License-Identifier: MIT
#include "collectivepainter.h"

#include "geometry.h"

#include <QCoreApplication>
#include <cmath>

namespace tutor::views {

namespace {

QPen linkPen(const model::Link& link, const Palette& palette, double width)
{
    const bool network = model::isNetwork(link.kind);
    QPen pen(network ? palette.networkLink : palette.nvlinkLink, width);
    pen.setStyle(network ? Qt::DashLine : Qt::SolidLine);
    pen.setCapStyle(Qt::RoundCap);
    return pen;
}

// `route` with an arrowhead at its end (on its last segment).
void paintArrow(QPainter& painter, const QPolygonF& route, const QPen& pen)
{
    if (route.size() < 2)
        return;
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    painter.drawPolyline(route);
    const QPointF to = route.back();
    const QPointF d = to - route[route.size() - 2];
    const double length = std::hypot(d.x(), d.y());
    if (length < 1)
        return;
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const double head = 4 + pen.widthF() * 2;
    QPolygonF tip;
    tip << to << (to - u * head + n * head * 0.5) << (to - u * head - n * head * 0.5);
    painter.setBrush(pen.color());
    QPen solid = pen;
    solid.setStyle(Qt::SolidLine);
    painter.setPen(solid);
    painter.drawPolygon(tip);
}

void paintNodes(
    QPainter& painter, const CollectiveLayout& layout, const model::Topology& topology, const Palette& palette)
{
    QFont small = painter.font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.85));
    painter.setFont(small);
    for (size_t n = 0; n < layout.nodeRects.size(); ++n) {
        const QRectF node = layout.nodeRects[n];
        painter.setPen(QPen(palette.nodeOutline, 1));
        painter.setBrush(palette.nodeFill);
        painter.drawRoundedRect(node, 6, 6);
        painter.setPen(palette.mutedText);
        const QString title = layout.summarised
            ? QCoreApplication::translate("tutor::views::CollectivePainter", "node %1 · %2 GPUs")
                  .arg(n)
                  .arg(layout.gpusPerNode)
            : QCoreApplication::translate("tutor::views::CollectivePainter", "node %1").arg(n);
        painter.drawText(node.adjusted(6, 2, -6, 0), Qt::AlignLeft | Qt::AlignTop | Qt::TextSingleLine, title);
        // The node's switch (NVSwitch, PCIe switch or memory bus) as a bar.
        painter.setPen(Qt::NoPen);
        painter.setBrush(palette.nvlinkLink);
        painter.drawRoundedRect(layout.switchRects[n], 2, 2);
    }
    if (layout.networkBar.isEmpty())
        return;
    painter.setPen(linkPen(topology.inter, palette, 1.5));
    painter.setBrush(Qt::NoBrush);
    for (const QPolygonF& route : layout.networkRoutes)
        painter.drawPolyline(route);
    painter.setPen(Qt::NoPen);
    painter.setBrush(palette.networkLink);
    painter.drawRoundedRect(layout.networkBar, 3, 3);
}

// The network's name on its bar, drawn last so that no transfer covers it.
void paintNetworkName(
    QPainter& painter, const CollectiveLayout& layout, const model::Topology& topology, const Palette& palette)
{
    if (layout.networkBar.isEmpty())
        return;
    const QString name = QCoreApplication::translate("tutor::views::CollectivePainter", "%1 network")
                             .arg(QString::fromUtf8(model::name(topology.inter.kind).data()));
    const QFontMetricsF metrics(painter.font());
    QRectF label(QPointF(), QSizeF(metrics.horizontalAdvance(name) + 12, layout.networkBar.height()));
    label.moveCenter(layout.networkBar.center());
    painter.setPen(Qt::NoPen);
    painter.setBrush(palette.networkLink);
    painter.drawRoundedRect(label, 3, 3);
    painter.setPen(palette.background);
    painter.drawText(label, Qt::AlignCenter, name);
}

void paintGpus(QPainter& painter, const CollectiveLayout& layout, const Palette& palette)
{
    for (size_t r = 0; r < layout.gpuRects.size(); ++r) {
        const QRectF gpu = layout.gpuRects[r];
        const size_t node = r / static_cast<size_t>(std::max(1, layout.gpusPerNode));
        if (node < layout.switchRects.size()) {
            // GPU ↔ switch: a short solid link.
            painter.setPen(QPen(palette.nvlinkLink, 1.5));
            painter.drawLine(
                QPointF(gpu.center().x(), gpu.bottom()), QPointF(gpu.center().x(), layout.switchRects[node].top()));
        }
        painter.setPen(QPen(palette.rankColor(static_cast<int>(r)), 2));
        painter.setBrush(palette.gpuFill);
        painter.drawRoundedRect(gpu, 4, 4);
        painter.setPen(palette.text);
        painter.drawText(gpu.adjusted(5, 1, -4, 0), Qt::AlignLeft | Qt::AlignTop | Qt::TextSingleLine,
            QCoreApplication::translate("tutor::views::CollectivePainter", "GPU %1").arg(r));
    }
}

} // namespace

QList<QColor> slotColors(const model::Contributions& slot, const Palette& palette)
{
    QList<QColor> colors;
    const int count = slot.count();
    if (count <= 0)
        return colors;
    const int stripes = std::min(count, kMaxStripes);
    // The i-th stripe shows the contributor at rank position floor(i · count / stripes) in sorted order.
    for (int i = 0; i < stripes; ++i) {
        int wanted = static_cast<int>(static_cast<long long>(i) * count / stripes);
        for (const auto& [first, last] : slot.intervals) {
            if (wanted < last - first) {
                colors.append(palette.rankColor(first + wanted));
                break;
            }
            wanted -= last - first;
        }
    }
    return colors;
}

QString slotLabel(const model::Contributions& slot)
{
    const int count = slot.count();
    if (count <= 0)
        return {};
    if (count == 1)
        return QString::number(slot.intervals.front().first);
    // Σa–b: the sum of ranks a to b; Σ#n: the sum of n ranks that are not one run (a count, never a rank).
    if (slot.intervals.size() == 1)
        return QStringLiteral("Σ%1–%2").arg(slot.intervals.front().first).arg(slot.intervals.front().second - 1);
    return QStringLiteral("Σ#%1").arg(count);
}

const model::Contributions& columnContributions(
    const CollectiveLayout& layout, const model::BufferState& buffer, int column)
{
    static const model::Contributions none;
    const int first = layout.firstChunkOf(column);
    const int end = std::min<int>(layout.firstChunkOf(column + 1), static_cast<int>(buffer.chunks.size()));
    for (int c = first; c < end; ++c)
        if (!buffer.chunks[static_cast<size_t>(c)].empty())
            return buffer.chunks[static_cast<size_t>(c)];
    return none;
}

void paintSlot(
    QPainter& painter, const QRectF& rect, const model::Contributions& slot, const Palette& palette, bool labelled)
{
    const QList<QColor> colors = slotColors(slot, palette);
    painter.setPen(Qt::NoPen);
    if (colors.isEmpty()) {
        painter.setBrush(palette.emptyChunk);
        painter.drawRect(rect);
    } else {
        const double w = rect.width() / colors.size();
        for (int i = 0; i < colors.size(); ++i) {
            painter.setBrush(colors[i]);
            painter.drawRect(QRectF(rect.left() + i * w, rect.top(), w, rect.height()));
        }
    }
    if (rect.width() >= 6) {
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(palette.background, 1));
        painter.drawRect(rect);
    }
    if (labelled)
        paintSlotLabel(painter, rect, slot, palette);
}

bool paintSlotLabel(QPainter& painter, const QRectF& rect, const model::Contributions& slot, const Palette& palette)
{
    const QString label = slotLabel(slot);
    if (label.isEmpty())
        return false;
    // The label in the drawing's font, or smaller (down to 5 pt) when the chunk is narrow.
    QFont font = painter.font();
    const double advance = QFontMetricsF(font).horizontalAdvance(label);
    if (advance + 2 > rect.width() && font.pointSizeF() > 0)
        font.setPointSizeF(std::max(5.0, font.pointSizeF() * (rect.width() - 2) / advance));
    const QFontMetricsF metrics(font);
    if (metrics.horizontalAdvance(label) + 1 >= rect.width() || metrics.height() >= rect.height() + 2)
        return false;
    // Black or white text, whichever contrasts more with the first stripe.
    const QList<QColor> colors = slotColors(slot, palette);
    const QColor under = colors.isEmpty() ? palette.emptyChunk : colors.front();
    const bool dark = qGray(under.rgb()) > 140;
    painter.save();
    painter.setFont(font);
    painter.setPen(dark ? QColor(0x1f2328) : QColor(Qt::white));
    painter.drawText(rect, Qt::AlignCenter, label);
    painter.restore();
    return true;
}

void paintSummaryTraffic(QPainter& painter, const CollectiveLayout& layout, const CollectiveFrame& frame,
    const model::Topology& topology, const Palette& palette)
{
    const int drawn = static_cast<int>(layout.nodeRects.size());
    if (drawn == 0)
        return;
    std::vector<int> inside(static_cast<size_t>(drawn), 0);
    std::map<std::pair<int, int>, int> between; // (source node, destination node) → transfers
    std::vector<int> busy(static_cast<size_t>(std::max(0, layout.gpusPerNode)), 0); // node 0's GPUs
    for (const auto& x : frame.moving) {
        const int a = topology.nodeOf(x.src).value, b = topology.nodeOf(x.dst).value;
        if (a == 0 && x.src.value < layout.gpusPerNode)
            ++busy[static_cast<size_t>(x.src.value)];
        if (b == 0 && x.dst.value < layout.gpusPerNode)
            ++busy[static_cast<size_t>(x.dst.value)];
        if (a == b) {
            if (a < drawn)
                ++inside[static_cast<size_t>(a)];
        } else if (a < drawn && b < drawn) {
            ++between[{ a, b }];
        }
    }
    QFont small = painter.font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.8));
    painter.setFont(small);
    // Node 0 in detail: a row of GPU cells under its title.
    const QRectF node0 = layout.nodeRects.front();
    const double cellWidth = std::max(2.0, (node0.width() - 12) / std::max(1, layout.gpusPerNode));
    const double cellHeight = std::clamp(node0.height() * 0.22, 4.0, 14.0);
    for (int g = 0; g < layout.gpusPerNode; ++g) {
        const QRectF cell(
            node0.left() + 6 + g * cellWidth, node0.center().y() - cellHeight / 2, cellWidth - 1, cellHeight);
        painter.setPen(QPen(palette.nodeOutline, 0.5));
        painter.setBrush(busy[static_cast<size_t>(g)] ? palette.activeLink : palette.background);
        painter.drawRect(cell);
    }
    for (int n = 0; n < drawn; ++n) {
        if (inside[static_cast<size_t>(n)] == 0)
            continue;
        const QRectF bar = layout.switchRects[static_cast<size_t>(n)];
        painter.setPen(Qt::NoPen);
        painter.setBrush(palette.activeLink);
        painter.drawRoundedRect(bar, 2, 2);
        const int count = inside[static_cast<size_t>(n)];
        const QString text
            = QCoreApplication::translate("tutor::views::CollectivePainter", "%n inside", nullptr, count);
        painter.setPen(palette.text);
        painter.drawText(layout.nodeRects[static_cast<size_t>(n)].adjusted(6, 0, -6, -12),
            Qt::AlignRight | Qt::AlignBottom | Qt::TextSingleLine, text);
    }
    if (layout.networkBar.isEmpty())
        return;
    for (const auto& [pair, count] : between) {
        // The route the data takes, beside each node's way to the network (left going down, right going up).
        const QPolygonF route = layout.betweenNodes(pair.first, pair.second, 3);
        QPen pen = linkPen(topology.inter, palette, 1 + std::log2(1.0 + count));
        QColor c = pen.color();
        c.setAlpha(150);
        pen.setColor(c);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawPolyline(route);
        // The chunk's position along the route at this point of the step.
        const QPointF at = pointAlong(route, frame.progress);
        painter.setPen(QPen(palette.text, 1));
        painter.setBrush(palette.activeLink);
        painter.drawRect(QRectF(at - QPointF(4, 4), QSizeF(8, 8)));
    }
}

void paintCollective(QPainter& painter, const CollectiveLayout& layout, const CollectiveFrame& frame,
    const model::Topology& topology, const Palette& themePalette, const QString& caption)
{
    const Palette palette = themePalette.forRanks(layout.ranks);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.fillRect(layout.bounds, palette.background);
    paintNodes(painter, layout, topology, palette);

    if (layout.summarised && frame.inFlight >= 0)
        paintSummaryTraffic(painter, layout, frame, topology, palette);
    if (!layout.summarised) {
        QFont font = painter.font();
        font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
        painter.setFont(font);
        paintGpus(painter, layout, palette);

        // Buffers: the state after the completed steps.
        painter.setRenderHint(QPainter::Antialiasing, false);
        for (int r = 0; r < layout.ranks && r < static_cast<int>(frame.buffers.size()); ++r) {
            const auto& buffer = frame.buffers[static_cast<size_t>(r)];
            // Runs of slots holding the same data: each slot labelled where its label fits, else one label over
            // the run (two-digit ranks in narrow chunks).
            for (int c = 0; c < layout.chunkColumns;) {
                const model::Contributions& slot = columnContributions(layout, buffer, c);
                int end = c + 1;
                while (end < layout.chunkColumns && columnContributions(layout, buffer, end) == slot)
                    ++end;
                for (int k = c; k < end; ++k)
                    paintSlot(painter, layout.chunkRect(r, k), slot, palette, false);
                // Columns are equally wide: where the first holds the label, every one of the run does.
                if (paintSlotLabel(painter, layout.chunkRect(r, c), slot, palette))
                    for (int k = c + 1; k < end; ++k)
                        paintSlotLabel(painter, layout.chunkRect(r, k), slot, palette);
                else if (end - c > 1)
                    paintSlotLabel(painter, layout.chunkRect(r, c).united(layout.chunkRect(r, end - 1)), slot, palette);
                c = end;
            }
        }
        painter.setRenderHint(QPainter::Antialiasing, true);

        // Links in use this step, then the chunks travelling along them: inside a node from slot to slot, between
        // nodes along the route through the network.
        for (const auto& x : frame.moving) {
            const model::Link& link = topology.linkBetween(x.src, x.dst);
            QPen pen = linkPen(link, palette, 2);
            QColor c = pen.color();
            c.setAlpha(190);
            pen.setColor(c);
            paintArrow(painter, layout.transferRoute(x.src.value, x.dst.value), pen);
        }
        for (const auto& x : frame.moving) {
            const QRectF from = layout.chunkRectOf(x.src.value, x.chunk.value);
            const QRectF to = layout.chunkRectOf(x.dst.value, x.chunk.value);
            if (from.isEmpty() || to.isEmpty() || x.src.value >= static_cast<int>(frame.buffers.size()))
                continue;
            const QPolygonF route = layout.transferRoute(x.src.value, x.dst.value);
            const auto& held = frame.buffers[static_cast<size_t>(x.src.value)].chunks;
            if (x.chunk.value < 0 || x.chunk.value >= static_cast<int>(held.size()))
                continue;
            QSizeF size(std::max(from.width(), 10.0), std::max(from.height(), 10.0));
            QRectF moving(QPointF(), size);
            moving.moveCenter(route.size() > 2 ? pointAlong(route, frame.progress)
                                               : interpolate(from.center(), to.center(), frame.progress));
            paintSlot(painter, moving, held[static_cast<size_t>(x.chunk.value)], palette);
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(x.reduce ? palette.activeLink : palette.text, 1.5));
            painter.drawRect(moving);
            if (x.reduce) {
                painter.setPen(QPen(palette.activeLink, 2));
                const QPointF p = moving.topRight() + QPointF(4, -4);
                painter.drawLine(p - QPointF(3, 0), p + QPointF(3, 0));
                painter.drawLine(p - QPointF(0, 3), p + QPointF(0, 3));
            }
        }
    }

    paintNetworkName(painter, layout, topology, palette);
    painter.setPen(palette.text);
    painter.drawText(layout.captionRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine,
        QFontMetricsF(painter.font()).elidedText(caption, Qt::ElideRight, layout.captionRect.width()));
    painter.restore();
}

} // namespace tutor::views
