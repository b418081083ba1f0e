// SPDX-License-Identifier: MIT
// The collectives view draws what the schedule says: a ring AllReduce of 4 ranks rendered at the end of
// step k shows, in every buffer slot, the contributions model::stateAfter(schedule, k) gives — checked in
// the frame data the painter used and by sampling the painted pixels.
#include "model/collectives/hardware.h"
#include "views/collectivepainter.h"
#include "views/collectiveview.h"

#include <QImage>
#include <QPainter>
#include <QSet>
#include <QTest>
#include <algorithm>
#include <array>
#include <cmath>

using namespace tutor;
using namespace tutor::views;

namespace {
model::Topology oneNode(int gpus)
{
    auto preset = model::findPreset("dgx-a100");
    return model::makeTopology(preset.value(), 1, gpus);
}
} // namespace

class TestCollectiveView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ringAllReduceSteps_data();
    void ringAllReduceSteps();
    void movingChunksInFlight();
    void slotColours_data();
    void slotColours();
    void rankColoursPastTen_data();
    void rankColoursPastTen();
    void rankColoursSurviveColourBlindness_data();
    void rankColoursSurviveColourBlindness();
    void summarisedAboveLimit();
    void summarisedViewAnimates();
    void networkLinksGoAroundNodes_data();
    void networkLinksGoAroundNodes();
    void transfersBetweenNodesGoThroughTheNetwork_data();
    void transfersBetweenNodesGoThroughTheNetwork();
    void twoDigitRanksKeepTheirNumbers();
};

void TestCollectiveView::ringAllReduceSteps_data()
{
    QTest::addColumn<int>("completed");
    // Ring AllReduce of N ranks: N−1 reduce-scatter steps then N−1 all-gather steps, 2(N−1) = 6 for N = 4
    // (Thakur, Rabenseifner, Gropp 2005). Every boundary from the initial state to the final one.
    for (int k = 0; k <= 2 * (4 - 1); ++k)
        QTest::addRow("ring, 4 ranks, after %d steps", k) << k;
}

void TestCollectiveView::ringAllReduceSteps()
{
    QFETCH(int, completed);
    auto schedule = model::makeSchedule(model::Collective::AllReduce, model::Algorithm::Ring, 4, 4 * model::MiB);
    QVERIFY2(schedule.ok(), model::toText(schedule.problems()).c_str());
    QCOMPARE(static_cast<int>(schedule->steps.size()), 2 * (4 - 1));

    CollectiveView view;
    view.resize(900, 560);
    view.setSchedule(schedule.value(), oneNode(4));
    view.setTime(completed);

    // 1. The frame the painter draws holds the executor's state after `completed` steps.
    const CollectiveFrame& frame = view.frame();
    QCOMPARE(frame.completed, completed);
    QCOMPARE(frame.inFlight, -1);
    QVERIFY(frame.moving.empty());
    const model::BufferStates expected = model::stateAfter(schedule.value(), completed);
    QVERIFY(frame.buffers == expected);
    QCOMPARE(frame.final(), completed == 2 * (4 - 1));

    // 2. The pixels: the first stripe of every slot has the colour of the first contributor it holds
    //    (or the empty colour), as slotColors() defines.
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        view.renderScene(painter, view.size());
    }
    const CollectiveLayout& layout = view.sceneLayout();
    QCOMPARE(layout.chunkColumns, schedule->chunks);
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < schedule->chunks; ++c) {
            const auto& slot = expected[static_cast<size_t>(r)].chunks[static_cast<size_t>(c)];
            const QList<QColor> colors = slotColors(slot, view.colors());
            const QRectF rect = layout.chunkRectOf(r, c);
            const double stripe = rect.width() / std::max<qsizetype>(1, colors.size());
            // Sample the middle of the first stripe, just inside the top edge (away from the label).
            const QPoint sample(static_cast<int>(rect.left() + stripe / 2), static_cast<int>(rect.top() + 3));
            const QColor want = colors.isEmpty() ? view.colors().emptyChunk : colors.front();
            QCOMPARE(image.pixelColor(sample).rgb(), want.rgb());
            if (completed == 2 * (4 - 1))
                QCOMPARE(slot.count(), 4); // AllReduce: every rank holds the sum of all four inputs
        }
    }
}

void TestCollectiveView::movingChunksInFlight()
{
    auto schedule = model::makeSchedule(model::Collective::AllReduce, model::Algorithm::Ring, 4, 4 * model::MiB);
    QVERIFY(schedule.ok());
    CollectiveView view;
    view.resize(800, 500);
    view.setSchedule(schedule.value(), oneNode(4));
    view.setTime(2.5);
    QCOMPARE(view.frame().inFlight, 2);
    QCOMPARE(view.frame().progress, 0.5);
    QVERIFY(view.frame().moving == schedule->steps[2].transfers.toVector());
    QVERIFY(view.frame().buffers == model::stateAfter(schedule.value(), 2));
    view.setTime(100);
    QCOMPARE(view.time(), 6.0);
}

void TestCollectiveView::slotColours_data()
{
    QTest::addColumn<QList<int>>("ranks");
    QTest::addColumn<QString>("label");
    QTest::newRow("empty") << QList<int> {} << QString();
    QTest::newRow("one rank") << QList<int> { 2 } << QStringLiteral("2");
    QTest::newRow("reduced 0..3") << QList<int> { 0, 1, 2, 3 } << QStringLiteral("Σ0–3");
    QTest::newRow("reduced 1, 2, 5 (not one run): a count") << QList<int> { 1, 2, 5 } << QStringLiteral("Σ#3");
}

void TestCollectiveView::slotColours()
{
    QFETCH(QList<int>, ranks);
    QFETCH(QString, label);
    model::Contributions slot;
    // Consecutive ranks make one interval [first, last + 1).
    for (int r : ranks) {
        if (!slot.intervals.empty() && slot.intervals.back().second == r)
            slot.intervals.back().second = r + 1;
        else
            slot.intervals.push_back({ r, r + 1 });
    }
    const Palette palette = Palette::light();
    const QList<QColor> colors = slotColors(slot, palette);
    QCOMPARE(colors.size(), ranks.size());
    for (int i = 0; i < ranks.size(); ++i)
        QCOMPARE(colors[i], palette.rankColor(ranks[i]));
    QCOMPARE(slotLabel(slot), label);
}

void TestCollectiveView::rankColoursPastTen_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<bool>("dark");
    for (int n : { 8, 10, 16, 20, 21, 32, 63, 64 }) {
        QTest::addRow("%d ranks, light", n) << n << false;
        QTest::addRow("%d ranks, dark", n) << n << true;
    }
}

void TestCollectiveView::rankColoursPastTen()
{
    // Every rank of a drawing has its own colour (rank 10 is not rank 0 again), and neighbours in a ring differ
    // visibly: their RGB distance is at least 40 of 441.
    QFETCH(int, ranks);
    QFETCH(bool, dark);
    const Palette palette = (dark ? Palette::dark() : Palette::light()).forRanks(ranks);
    QSet<QRgb> seen;
    for (int r = 0; r < ranks; ++r) {
        const QColor c = palette.rankColor(r);
        QVERIFY2(!seen.contains(c.rgb()), qPrintable(QStringLiteral("rank %1 repeats %2").arg(r).arg(c.name())));
        seen.insert(c.rgb());
        const QColor next = palette.rankColor((r + 1) % ranks);
        const double distance = std::hypot(c.red() - next.red(), c.green() - next.green(), c.blue() - next.blue());
        QVERIFY2(distance >= 40,
            qPrintable(
                QStringLiteral("ranks %1 and %2: %3 and %4").arg(r).arg((r + 1) % ranks).arg(c.name(), next.name())));
    }
    // Ten or fewer ranks keep the theme's series (the colours lessons and charts use).
    if (ranks <= 10)
        QCOMPARE(palette.rankColor(3), palette.series[3]);
}

void TestCollectiveView::rankColoursSurviveColourBlindness_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

// Ring neighbours stay apart for people with colour-vision deficiencies: each colour is simulated for protanopia,
// deuteranopia and tritanopia (Machado, Oliveira, Fernandes 2009, severity 1, on linear sRGB) and neighbours must be
// at least 9.5 apart in CIELAB (ΔE*ab 1976) under every simulation, for every drawing of 4 to 64 ranks. (Tableau 20,
// used before for 11–20 ranks, came to 2.9 under deuteranopia: red beside green.)
void TestCollectiveView::rankColoursSurviveColourBlindness()
{
    QFETCH(bool, dark);
    using Matrix = std::array<std::array<double, 3>, 3>;
    const std::array<std::pair<const char*, Matrix>, 4> visions { {
        { "normal", { { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } } },
        { "protanopia",
            { { { 0.152286, 1.052583, -0.204868 }, { 0.114503, 0.786281, 0.099216 },
                { -0.003882, -0.048116, 1.051998 } } } },
        { "deuteranopia",
            { { { 0.367322, 0.860646, -0.227968 }, { 0.280085, 0.672501, 0.047413 },
                { -0.011820, 0.042940, 0.968881 } } } },
        { "tritanopia",
            { { { 1.255528, -0.076749, -0.178779 }, { -0.078411, 0.930809, 0.147602 },
                { 0.004733, 0.691367, 0.303900 } } } },
    } };
    const auto lab = [](const QColor& c, const Matrix& m) {
        const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        const std::array<double, 3> rgb { linear(c.redF()), linear(c.greenF()), linear(c.blueF()) };
        std::array<double, 3> s {};
        for (int i = 0; i < 3; ++i)
            s[i] = std::clamp(m[i][0] * rgb[0] + m[i][1] * rgb[1] + m[i][2] * rgb[2], 0.0, 1.0);
        const double x = (0.4124 * s[0] + 0.3576 * s[1] + 0.1805 * s[2]) / 0.95047;
        const double y = 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2];
        const double z = (0.0193 * s[0] + 0.1192 * s[1] + 0.9505 * s[2]) / 1.08883;
        const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
        return std::array<double, 3> { 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)) };
    };
    for (int ranks = 4; ranks <= 64; ++ranks) {
        const Palette palette = (dark ? Palette::dark() : Palette::light()).forRanks(ranks);
        for (int r = 0; r < ranks; ++r) {
            const QColor a = palette.rankColor(r), b = palette.rankColor((r + 1) % ranks);
            for (const auto& [name, m] : visions) {
                const auto p = lab(a, m), q = lab(b, m);
                const double distance = std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
                QVERIFY2(distance >= 9.5,
                    qPrintable(QStringLiteral("%1 ranks, %2: ranks %3 and %4 (%5, %6) only %7 apart")
                                   .arg(ranks)
                                   .arg(QString::fromLatin1(name))
                                   .arg(r)
                                   .arg((r + 1) % ranks)
                                   .arg(a.name(), b.name())
                                   .arg(distance, 0, 'f', 1)));
            }
        }
    }
}

void TestCollectiveView::summarisedAboveLimit()
{
    auto preset = model::findPreset("dgx-a100");
    const model::Topology big = model::makeTopology(preset.value(), 16, 8);
    CollectiveView view;
    view.resize(800, 500);
    view.setTopologyOnly(big, {});
    QVERIFY(view.sceneLayout().summarised);
    QCOMPARE(view.steps(), 0);
    QVERIFY(view.caption().contains(QString::number(kMaxAnimatedRanks)));
}

// 128 ranks on 16 nodes: summarised, yet the ring still plays step by step. While a step is in flight, node-to-node
// transfers move along the network (pixels of the active-link colour appear between the nodes and the network
// bar) and node 0's GPU cells light up; between steps nothing moves.
void TestCollectiveView::summarisedViewAnimates()
{
    auto preset = model::findPreset("dgx-a100");
    const model::Topology big = model::makeTopology(preset.value(), 16, 8);
    const auto schedule
        = model::makeSchedule(model::Collective::AllReduce, model::Algorithm::Ring, 128, 1 << 20, 0, &big);
    QVERIFY(schedule.ok());
    CollectiveView view;
    view.resize(900, 600);
    view.setSchedule(*schedule, big);
    QVERIFY(view.sceneLayout().summarised);
    QCOMPARE(view.steps(), static_cast<int>(schedule->steps.size()));
    QCOMPARE(view.steps(), 2 * (128 - 1));

    const auto activePixels = [&view](double t) {
        view.setTime(t);
        QImage image(view.size(), QImage::Format_ARGB32);
        QPainter painter(&image);
        view.renderScene(painter, view.size());
        painter.end();
        const QColor active = Palette::light().activeLink;
        int n = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                n += QColor(image.pixel(x, y)) == active;
        return n;
    };
    QCOMPARE(view.frame().inFlight, -1);
    const int still = activePixels(3.0);
    QCOMPARE(view.frame().inFlight, -1);
    const int moving = activePixels(3.5);
    QCOMPARE(view.frame().inFlight, 3);
    QVERIFY(!view.frame().moving.empty());
    QVERIFY2(moving > still + 20, qPrintable(QStringLiteral("%1 vs %2").arg(moving).arg(still)));
    QVERIFY(view.caption().contains(QStringLiteral("summarised")));
}

void TestCollectiveView::networkLinksGoAroundNodes_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("gpusPerNode");
    QTest::addColumn<QSize>("size");
    QTest::newRow("2 × 8, nodes stacked") << 2 << 8 << QSize(540, 560);
    QTest::newRow("4 × 8") << 4 << 8 << QSize(540, 560);
    QTest::newRow("16 × 8, summarised") << 16 << 8 << QSize(540, 560);
    QTest::newRow("64 × 8, summarised") << 64 << 8 << QSize(900, 500);
    QTest::newRow("3 × 4, side by side") << 3 << 4 << QSize(1200, 300);
}

// Each node's link to the network starts on its own bottom edge, ends on the network bar and crosses no node:
// segments in a column of nodes run in the gaps, not through the nodes below (a straight line down from node 0
// crossed every node under it, and the summary's transfers were drawn along it over those nodes).
void TestCollectiveView::networkLinksGoAroundNodes()
{
    QFETCH(int, nodes);
    QFETCH(int, gpusPerNode);
    QFETCH(QSize, size);
    auto preset = model::findPreset("dgx-a100");
    const model::Topology topology = model::makeTopology(preset.value(), nodes, gpusPerNode);
    const CollectiveLayout layout = layoutCollective(size, topology, 8);
    QCOMPARE(layout.networkRoutes.size(), layout.nodeRects.size());
    QVERIFY(!layout.networkBar.isEmpty());
    for (std::size_t n = 0; n < layout.nodeRects.size(); ++n) {
        const QPolygonF& route = layout.networkRoutes[n];
        QVERIFY(route.size() >= 2);
        const QRectF& own = layout.nodeRects[n];
        QCOMPARE(route.front().y(), own.bottom());
        QVERIFY(route.front().x() > own.left() && route.front().x() < own.right());
        QCOMPARE(route.back().y(), layout.networkBar.top());
        QVERIFY(layout.bounds.contains(route.back()));
        for (qsizetype i = 1; i < route.size(); ++i) {
            // Axis-parallel segments: the box they sweep is the segment itself.
            const QRectF segment = QRectF(route[i - 1], route[i]).normalized();
            QVERIFY2(segment.width() == 0 || segment.height() == 0, "a route segment is not axis-parallel");
            for (std::size_t m = 0; m < layout.nodeRects.size(); ++m) {
                const QRectF inside = layout.nodeRects[m].adjusted(0.5, 0.5, -0.5, -0.5);
                const bool crosses = segment.left() <= inside.right() && segment.right() >= inside.left()
                    && segment.top() <= inside.bottom() && segment.bottom() >= inside.top();
                QVERIFY2(!crosses, qPrintable(QStringLiteral("node %1's link crosses node %2").arg(n).arg(m)));
            }
        }
    }
}

void TestCollectiveView::transfersBetweenNodesGoThroughTheNetwork_data()
{
    networkLinksGoAroundNodes_data();
}

// A transfer between nodes is drawn from its GPU's side, through the gaps, down its node's way to the network, along
// the network bar and up into the other node: it crosses no GPU and no third node (a straight arrow from GPU 7 to
// GPU 8 cut across node 1's GPUs and node 0's switch). Inside a node it stays a straight GPU-to-GPU arrow.
void TestCollectiveView::transfersBetweenNodesGoThroughTheNetwork()
{
    QFETCH(int, nodes);
    QFETCH(int, gpusPerNode);
    QFETCH(QSize, size);
    auto preset = model::findPreset("dgx-a100");
    const CollectiveLayout layout = layoutCollective(size, model::makeTopology(preset.value(), nodes, gpusPerNode), 8);
    if (layout.summarised) {
        QVERIFY(layout.transferRoute(0, gpusPerNode).isEmpty());
        return;
    }
    const auto crosses = [](const QRectF& segment, const QRectF& box) {
        const QRectF inside = box.adjusted(0.5, 0.5, -0.5, -0.5);
        return segment.left() <= inside.right() && segment.right() >= inside.left() && segment.top() <= inside.bottom()
            && segment.bottom() >= inside.top();
    };
    const int ranks = nodes * gpusPerNode;
    for (int src = 0; src < ranks; ++src)
        for (int dst = 0; dst < ranks; ++dst) {
            if (src == dst)
                continue;
            const QPolygonF route = layout.transferRoute(src, dst);
            const int a = src / gpusPerNode, b = dst / gpusPerNode;
            if (a == b) {
                QCOMPARE(route, (QPolygonF { layout.gpuCenter(src), layout.gpuCenter(dst) }));
                continue;
            }
            const QRectF from = layout.gpuRects[static_cast<size_t>(src)];
            const QRectF to = layout.gpuRects[static_cast<size_t>(dst)];
            QCOMPARE(route.front(), QPointF(from.right(), from.center().y()));
            QCOMPARE(route.back(), QPointF(to.right(), to.center().y()));
            bool onTheNetwork = false;
            for (qsizetype i = 1; i < route.size(); ++i) {
                const QRectF segment = QRectF(route[i - 1], route[i]).normalized();
                QVERIFY(segment.width() == 0 || segment.height() == 0);
                onTheNetwork |= route[i].y() == layout.networkBar.center().y(); // down to the network's middle
                for (const QRectF& gpu : layout.gpuRects)
                    QVERIFY2(!crosses(segment, gpu),
                        qPrintable(QStringLiteral("%1 → %2 crosses a GPU at segment %3").arg(src).arg(dst).arg(i)));
                for (int n = 0; n < static_cast<int>(layout.nodeRects.size()); ++n)
                    if (n != a && n != b)
                        QVERIFY2(!crosses(segment, layout.nodeRects[static_cast<size_t>(n)]),
                            qPrintable(QStringLiteral("%1 → %2 crosses node %3").arg(src).arg(dst).arg(n)));
            }
            QVERIFY(onTheNetwork);
        }
}

// Chunks too narrow for "10" (a 16-rank ring in 540 px, the Collectives page at 1366 × 768) share one label over the
// run of chunks that hold the same data, so ranks from 10 up keep their numbers (they vanished). Rank 11's light colour
// takes dark text: its buffer shows dark pixels in the initial state, when it holds only its own data.
void TestCollectiveView::twoDigitRanksKeepTheirNumbers()
{
    auto preset = model::findPreset("dgx-a100");
    const model::Topology topology = model::makeTopology(preset.value(), 2, 8);
    auto schedule = model::makeSchedule(model::Collective::AllReduce, model::Algorithm::Ring, 16, 64 * model::MiB);
    QVERIFY(schedule.ok());
    CollectiveView view;
    view.resize(540, 560);
    view.setSchedule(schedule.value(), topology);
    view.setTime(0);
    const CollectiveLayout& layout = view.sceneLayout();
    // One chunk is too narrow for its label: the case this test is about.
    {
        QImage scratch(view.size(), QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&scratch);
        painter.setFont(view.font());
        QVERIFY(!paintSlotLabel(
            painter, layout.chunkRect(11, 0), view.frame().buffers[11].chunks[0], view.colors().forRanks(16)));
    }
    const QColor chunk = view.colors().forRanks(16).rankColor(11);
    QVERIFY(qGray(chunk.rgb()) > 140);
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        view.renderScene(painter, view.size());
    }
    const QRect buffer = layout.bufferRects[11].toAlignedRect();
    int dark = 0;
    for (int y = buffer.top(); y <= buffer.bottom(); ++y)
        for (int x = buffer.left(); x <= buffer.right(); ++x)
            dark += qGray(image.pixel(x, y)) < 90;
    QVERIFY2(dark >= 10, qPrintable(QStringLiteral("%1 dark pixels in rank 11's buffer").arg(dark)));
}

QTEST_MAIN(TestCollectiveView)
#include "tst_collectiveview.moc"
