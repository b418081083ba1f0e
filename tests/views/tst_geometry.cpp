// SPDX-License-Identifier: MIT
// Geometry of the views, tested apart from painting: the log size scale, the step clock, grid packing and
// the collectives layout.
#include "model/collectives/hardware.h"
#include "views/collectivelayout.h"
#include "views/geometry.h"

#include <QTest>
#include <cmath>

using namespace tutor;
using namespace tutor::views;

class TestGeometry : public QObject {
    Q_OBJECT
private slots:
    void logScale_data();
    void logScale();
    void logScaleRoundTrip();
    void stepClock_data();
    void stepClock();
    void grid_data();
    void grid();
    void layout_data();
    void layout();
    void columns_data();
    void columns();
};

void TestGeometry::logScale_data()
{
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<int>("perOctave");
    QTest::addColumn<int>("position");
    QTest::addColumn<double>("value");
    // value = min · 2^(p / perOctave), positions = log2(max/min)·perOctave + 1
    QTest::newRow("4 B..16 GiB, p 0") << 4.0 << std::exp2(34) << 1 << 0 << 4.0;
    QTest::newRow("4 B..16 GiB, p 10 = 4 KiB") << 4.0 << std::exp2(34) << 1 << 10 << 4.0 * std::exp2(10);
    QTest::newRow("4 B..16 GiB, last") << 4.0 << std::exp2(34) << 1 << 32 << std::exp2(34);
    QTest::newRow("clamped past the end") << 4.0 << std::exp2(34) << 1 << 99 << std::exp2(34);
    QTest::newRow("clamped below 0") << 4.0 << std::exp2(34) << 1 << -5 << 4.0;
    QTest::newRow("two per octave, p 3") << 1.0 << 1024.0 << 2 << 3 << std::exp2(1.5);
}

void TestGeometry::logScale()
{
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(int, perOctave);
    QFETCH(int, position);
    QFETCH(double, value);
    const LogScale s { min, max, perOctave };
    QCOMPARE(s.positions(), static_cast<int>(std::floor(std::log2(max / min) * perOctave)) + 1);
    QCOMPARE(s.valueAt(position), value);
    QCOMPARE(s.positionOf(value), std::clamp(position, 0, s.positions() - 1));
}

void TestGeometry::logScaleRoundTrip()
{
    const LogScale s { 4.0, std::exp2(34), 1 };
    for (int p = 0; p < s.positions(); ++p)
        QCOMPARE(s.positionOf(s.valueAt(p)), p);
    QCOMPARE(s.positionOf(0), 0);
    QCOMPARE(s.positionOf(-1), 0);
    QCOMPARE(s.positionOf(std::nan("")), 0);
}

void TestGeometry::stepClock_data()
{
    QTest::addColumn<int>("steps");
    QTest::addColumn<double>("t");
    QTest::addColumn<int>("completed");
    QTest::addColumn<int>("inFlight");
    QTest::addColumn<double>("progress");
    QTest::newRow("start") << 6 << 0.0 << 0 << -1 << 0.0;
    QTest::newRow("mid step 0") << 6 << 0.25 << 0 << 0 << 0.25;
    QTest::newRow("boundary after step 2") << 6 << 3.0 << 3 << -1 << 0.0;
    QTest::newRow("mid step 3") << 6 << 3.5 << 3 << 3 << 0.5;
    QTest::newRow("end") << 6 << 6.0 << 6 << -1 << 0.0;
    QTest::newRow("past the end") << 6 << 9.0 << 6 << -1 << 0.0;
    QTest::newRow("negative") << 6 << -1.0 << 0 << -1 << 0.0;
    QTest::newRow("nan") << 6 << std::nan("") << 0 << -1 << 0.0;
    QTest::newRow("no steps") << 0 << 0.5 << 0 << -1 << 0.0;
}

void TestGeometry::stepClock()
{
    QFETCH(int, steps);
    QFETCH(double, t);
    QFETCH(int, completed);
    QFETCH(int, inFlight);
    QFETCH(double, progress);
    const StepClock c { steps };
    QCOMPARE(c.completed(t), completed);
    QCOMPARE(c.inFlight(t), inFlight);
    QCOMPARE(c.progress(t), progress);
}

void TestGeometry::grid_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<QSizeF>("area");
    QTest::addColumn<double>("aspect");
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("rows");
    QTest::newRow("one") << 1 << QSizeF(100, 100) << 1.0 << 1 << 1;
    QTest::newRow("four squares in a square") << 4 << QSizeF(100, 100) << 1.0 << 2 << 2;
    QTest::newRow("eight wide cells in a wide box") << 8 << QSizeF(800, 200) << 1.6 << 4 << 2;
    QTest::newRow("four in a tall box") << 4 << QSizeF(100, 400) << 1.0 << 1 << 4;
    QTest::newRow("three in a row") << 3 << QSizeF(300, 100) << 1.0 << 3 << 1;
    QTest::newRow("nothing") << 0 << QSizeF(100, 100) << 1.0 << 0 << 0;
}

void TestGeometry::grid()
{
    QFETCH(int, count);
    QFETCH(QSizeF, area);
    QFETCH(double, aspect);
    QFETCH(int, columns);
    QFETCH(int, rows);
    const GridShape g = gridFor(count, area, aspect);
    QCOMPARE(g.columns, columns);
    QCOMPARE(g.rows, rows);
    if (count > 0)
        QVERIFY(g.columns * g.rows >= count);
}

void TestGeometry::layout_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("gpusPerNode");
    QTest::addColumn<int>("chunks");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("summarised");
    QTest::newRow("ring, 4 ranks, one node") << 1 << 4 << 4 << QSize(800, 500) << false;
    QTest::newRow("2 nodes × 8 GPUs") << 2 << 8 << 16 << QSize(1000, 600) << false;
    QTest::newRow("8 nodes × 8 GPUs = 64 drawn") << 8 << 8 << 64 << QSize(1200, 800) << false;
    QTest::newRow("16 nodes × 8 GPUs summarised") << 16 << 8 << 128 << QSize(1200, 800) << true;
}

void TestGeometry::layout()
{
    QFETCH(int, nodes);
    QFETCH(int, gpusPerNode);
    QFETCH(int, chunks);
    QFETCH(QSize, size);
    QFETCH(bool, summarised);
    const auto preset = model::findPreset("dgx-a100");
    QVERIFY(preset.ok());
    const model::Topology topology = model::makeTopology(preset.value(), nodes, gpusPerNode);
    const CollectiveLayout l = layoutCollective(QSizeF(size), topology, chunks);
    QCOMPARE(l.summarised, summarised);
    QCOMPARE(static_cast<int>(l.nodeRects.size()), nodes);
    QCOMPARE(l.networkBar.isEmpty(), nodes == 1);
    if (summarised) {
        QVERIFY(l.gpuRects.empty());
        return;
    }
    QCOMPARE(static_cast<int>(l.gpuRects.size()), nodes * gpusPerNode);
    for (int r = 0; r < nodes * gpusPerNode; ++r) {
        const QRectF gpu = l.gpuRects[static_cast<size_t>(r)];
        // Every GPU sits inside its node, every buffer inside its GPU, and no two GPUs overlap.
        QVERIFY2(l.nodeRects[static_cast<size_t>(r / gpusPerNode)].contains(gpu), qPrintable(QString::number(r)));
        QVERIFY(gpu.contains(l.bufferRects[static_cast<size_t>(r)]));
        QVERIFY(l.bounds.contains(gpu));
        for (int other = 0; other < r; ++other)
            QVERIFY(!gpu.intersects(l.gpuRects[static_cast<size_t>(other)]));
        // Chunks tile the buffer from left to right.
        const QRectF first = l.chunkRect(r, 0);
        const QRectF last = l.chunkRect(r, l.chunkColumns - 1);
        QCOMPARE(first.left(), l.bufferRects[static_cast<size_t>(r)].left());
        QVERIFY(std::abs(last.right() - l.bufferRects[static_cast<size_t>(r)].right()) < 1e-6);
    }
    QVERIFY(l.chunkRect(-1, 0).isEmpty());
    QVERIFY(l.chunkRect(0, l.chunkColumns).isEmpty());
}

void TestGeometry::columns_data()
{
    QTest::addColumn<int>("chunks");
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("chunk");
    QTest::addColumn<int>("column");
    // column = floor(chunk · columns / chunks); firstChunkOf inverts it.
    QTest::newRow("one chunk per column") << 4 << 4 << 3 << 3;
    QTest::newRow("four chunks per column") << 64 << 16 << 37 << 37 * 16 / 64;
    QTest::newRow("uneven share") << 10 << 4 << 7 << 7 * 4 / 10;
}

void TestGeometry::columns()
{
    QFETCH(int, chunks);
    QFETCH(int, columns);
    QFETCH(int, chunk);
    QFETCH(int, column);
    CollectiveLayout l;
    l.chunks = chunks;
    l.chunkColumns = columns;
    QCOMPARE(l.columnOf(chunk), column);
    QVERIFY(l.firstChunkOf(column) <= chunk);
    QVERIFY(chunk < l.firstChunkOf(column + 1));
}

QTEST_MAIN(TestGeometry)
#include "tst_geometry.moc"
