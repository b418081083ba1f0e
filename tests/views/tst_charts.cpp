// SPDX-License-Identifier: MIT
// Charts: the bandwidth curves are the cost model's predictions per algorithm, the latency/bandwidth boundary
// is where the auto choice's β term overtakes its α term, the breakdown adds up to the step, the sweep chart
// drops points it cannot draw.
#include "model/collectives/hardware.h"
#include "model/collectives/topology.h"
#include "views/charts/bandwidthchart.h"
#include "views/charts/breakdownchart.h"
#include "views/charts/chartlegend.h"
#include "views/charts/chartstyle.h"
#include "views/charts/sweepchart.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QTest>
#include <cmath>

using namespace tutor;

Q_DECLARE_METATYPE(model::Collective)

namespace {
model::CollectiveRequest requestFor(model::Collective op, const char* preset, int nodes)
{
    model::CollectiveRequest r;
    r.op = op;
    const auto hw = model::findPreset(preset);
    r.topology = model::makeTopology(*hw, nodes, hw->gpusPerNode);
    return r;
}
} // namespace

class TstCharts : public QObject {
    Q_OBJECT
private slots:
    void bandwidthCurvesArePredictions_data()
    {
        QTest::addColumn<model::Collective>("op");
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("nodes");
        QTest::newRow("AllReduce, 8 ranks, one HGX H100") << model::Collective::AllReduce << "hgx-h100" << 1;
        QTest::newRow("AllReduce, 32 ranks, 4 DGX A100") << model::Collective::AllReduce << "dgx-a100" << 4;
        QTest::newRow("AllGather, 16 ranks, 2 HGX H100") << model::Collective::AllGather << "hgx-h100" << 2;
    }
    void bandwidthCurvesArePredictions()
    {
        QFETCH(model::Collective, op);
        QFETCH(QString, preset);
        QFETCH(int, nodes);
        const auto request = requestFor(op, preset.toStdString().c_str(), nodes);
        const model::BandwidthCurves data = model::bandwidthCurves(request, 64, 1 * model::GiB);
        QVERIFY(!data.curves.empty());
        QVERIFY(!data.autoCurve.empty());
        for (const auto& curve : data.curves) {
            QVERIFY(!curve.points.empty());
            for (const model::CurvePoint& p : curve.points) {
                model::CollectiveRequest forced = request;
                forced.algorithm = curve.algorithm;
                forced.bytes = static_cast<model::Bytes>(p.bytes);
                const auto cost = model::predict(forced);
                QVERIFY(cost.ok());
                QVERIFY2(std::abs(cost->busBwGBps - p.busBwGBps) <= 1e-9 * p.busBwGBps,
                    qPrintable(QString::number(p.bytes)));
            }
        }
        // Auto is the NCCL pair with the smallest NCCL estimate (tunerSeconds) among those auto may take
        // (candidates() with auto: NCCL's algorithms, cheapest estimate first).
        for (const model::CurvePoint& p : data.autoCurve) {
            model::CollectiveRequest probe = request;
            probe.algorithm = model::Algorithm::Auto;
            probe.protocol = model::Protocol::Auto;
            probe.bytes = static_cast<model::Bytes>(p.bytes);
            const auto all = model::candidates(probe);
            QVERIFY(!all.empty());
            for (const auto& c : all)
                QVERIFY(c.tunerSeconds >= all.front().tunerSeconds);
            QVERIFY2(std::abs(all.front().busBwGBps - p.busBwGBps) <= 1e-9 * p.busBwGBps,
                qPrintable(QString::number(p.bytes)));
        }
        // Below the boundary the α term of the auto choice dominates, above it the β term.
        QVERIFY(data.crossoverBytes > 64 && data.crossoverBytes < 1.0 * model::GiB);
        model::CollectiveRequest below = request, above = request;
        below.bytes = static_cast<model::Bytes>(data.crossoverBytes / 1.5);
        above.bytes = static_cast<model::Bytes>(data.crossoverBytes * 1.5);
        QVERIFY(model::predict(below)->latencySeconds > model::predict(below)->bandwidthSeconds);
        QVERIFY(model::predict(above)->bandwidthSeconds >= model::predict(above)->latencySeconds);
    }

    void bandwidthChartUsesLogAxes()
    {
        views::BandwidthChart chart;
        auto request = requestFor(model::Collective::AllReduce, "hgx-h100", 1);
        request.bytes = 25 * model::MiB;
        chart.setRequest(request);
        // curves + two shaded regions + the link line + the current size
        QCOMPARE(chart.chart()->series().size(), static_cast<qsizetype>(chart.data().curves.size() + 4));
        QVERIFY(qobject_cast<QLogValueAxis*>(chart.chart()->axes(Qt::Vertical).value(0)));
    }

    void bandwidthChartKeepsItsCurvesForTheSameRequest()
    {
        views::BandwidthChart chart;
        auto request = requestFor(model::Collective::AllReduce, "hgx-h100", 1);
        request.bytes = 25 * model::MiB;
        chart.setRequest(request);
        const auto series = chart.chart()->series();
        chart.setRequest(request); // another scenario with the same bucket: nothing to redraw
        QCOMPARE(chart.chart()->series(), series);
        request.bytes = 50 * model::MiB; // a new bucket size moves the "current size" marker
        chart.setRequest(request);
        QVERIFY(chart.chart()->series() != series);
        QCOMPARE(chart.data().autoCurve, model::bandwidthCurves(request).autoCurve); // curves kept, still right
        const auto before = chart.data().autoCurve;
        auto twoNodes = requestFor(model::Collective::AllReduce, "hgx-h100", 2); // new curves
        twoNodes.bytes = request.bytes;
        chart.setRequest(twoNodes);
        QVERIFY(chart.data().autoCurve != before);
        QCOMPARE(chart.data().autoCurve, model::bandwidthCurves(twoNodes).autoCurve);
    }

    void logBaseFitsItsLabels_data()
    {
        QTest::addColumn<double>("min");
        QTest::addColumn<double>("max");
        QTest::addColumn<double>("first");
        QTest::addColumn<double>("length");
        QTest::addColumn<double>("perLabel");
        QTest::newRow("six decades, room for all seven") << 1e-3 << 1e3 << 10.0 << 400.0 << 28.0;
        QTest::newRow("six decades in 111 px") << 1e-3 << 1e3 << 10.0 << 111.0 << 28.0;
        QTest::newRow("six decades in 40 px") << 1e-3 << 1e3 << 10.0 << 40.0 << 28.0;
        QTest::newRow("1 to 1024 across 300 px") << 0.8 << 1280.0 << 2.0 << 300.0 << 40.0;
        QTest::newRow("nothing fits") << 1.0 << 1e30 << 10.0 << 1.0 << 28.0;
    }
    void logBaseFitsItsLabels()
    {
        // The base is first^k for the smallest k whose labels (one per power of the base in [min, max]) each get
        // perLabel pixels; counted here by walking the powers, not by the helper's formula.
        QFETCH(double, min);
        QFETCH(double, max);
        QFETCH(double, first);
        QFETCH(double, length);
        QFETCH(double, perLabel);
        const auto labelsAt = [&](double base) {
            int n = 0;
            for (double v = std::pow(base, std::ceil(std::log(min) / std::log(base) - 1e-9)); v <= max * (1 + 1e-9);
                 v *= base)
                ++n;
            return n;
        };
        const double base = views::charts::fittingLogBase(min, max, first, length, perLabel);
        const double k = std::round(std::log(base) / std::log(first));
        QVERIFY(k >= 1 && k <= 10);
        QVERIFY(std::abs(base - std::pow(first, k)) <= 1e-9 * base);
        if (k < 10)
            QVERIFY2(length / labelsAt(base) >= perLabel, qPrintable(QString::number(base)));
        if (k > 1) // a smaller power would not have fitted
            QVERIFY(length / labelsAt(std::pow(first, k - 1)) < perLabel);
    }

    // A curve of an algorithm NCCL never runs (ReduceScatter's Rabenseifner halving) says so in the legend; NCCL's
    // own keep their names.
    void bandwidthChartLabelsTextbookAlgorithms()
    {
        views::BandwidthChart chart;
        auto request = requestFor(model::Collective::ReduceScatter, "dgx-a100", 2);
        chart.setRequest(request);
        int textbook = 0, nccl = 0;
        for (const auto& curve : chart.data().curves) {
            const QString name = QString::fromUtf8(model::name(curve.algorithm).data());
            bool found = false;
            for (auto* s : chart.chart()->series())
                if (s->name().startsWith(name)) {
                    found = true;
                    const bool marked = s->name().contains(QStringLiteral("not NCCL"));
                    QCOMPARE(marked, model::originOf(curve.algorithm) == model::Origin::Textbook);
                    (marked ? textbook : nccl) += 1;
                }
            QVERIFY2(found, qPrintable(name));
        }
        QVERIFY(nccl >= 1);
        QVERIFY(textbook >= 1);
    }

    void breakdownAddsUpToTheStep_data()
    {
        QTest::addColumn<double>("step");
        QTest::addColumn<double>("compute");
        QTest::addColumn<double>("exposed");
        QTest::addColumn<double>("tpExposed");
        QTest::addColumn<double>("dpExposed");
        QTest::newRow("DP and TP both exposed") << 0.100 << 0.060 << 0.030 << 0.010 << 0.030;
        QTest::newRow("everything hidden") << 0.080 << 0.080 << 0.0 << 0.0 << 0.0;
        QTest::newRow("bubble only") << 0.100 << 0.070 << 0.0 << 0.0 << 0.0;
    }
    void breakdownAddsUpToTheStep()
    {
        QFETCH(double, step);
        QFETCH(double, compute);
        QFETCH(double, exposed);
        QFETCH(double, tpExposed);
        QFETCH(double, dpExposed);
        model::StepMetrics m;
        m.stepSeconds = step;
        m.computeSeconds = compute;
        m.exposedCommSeconds = exposed;
        m.dimensions[0].exposedSeconds = tpExposed;
        m.dimensions[1].exposedSeconds = dpExposed;
        const views::StepBreakdown b = views::breakdown(m);
        using P = views::StepBreakdown;
        QVERIFY(std::abs(b.total() - step) < 1e-12);
        QCOMPARE(b.seconds[P::Compute], compute);
        // exposed communication shared in proportion to each dimension's Σ exposed
        const double sum = tpExposed + dpExposed;
        QVERIFY(std::abs(b.seconds[P::ExposedTp] - (sum > 0 ? exposed * tpExposed / sum : 0)) < 1e-12);
        QVERIFY(std::abs(b.seconds[P::ExposedDp] - (sum > 0 ? exposed * dpExposed / sum : 0)) < 1e-12);
        QVERIFY(std::abs(b.seconds[P::Idle] - (step - compute - exposed)) < 1e-12);
    }

    void breakdownChartStacksBars()
    {
        views::BreakdownChart chart;
        model::StepMetrics before, now;
        before.stepSeconds = before.computeSeconds = 0.1;
        now.stepSeconds = 0.2;
        now.computeSeconds = 0.1;
        chart.setBars({ { "before", before }, { "now", now } });
        auto* series = qobject_cast<QAbstractBarSeries*>(chart.chart()->series().value(0));
        QVERIFY(series);
        QCOMPARE(series->count(), static_cast<int>(views::StepBreakdown::PartCount));
        // The first bar is drawn on top, so it is the last category.
        QCOMPARE(series->barSets().at(views::StepBreakdown::Idle)->at(1), 0.0);
        QCOMPARE(series->barSets().at(views::StepBreakdown::Idle)->at(0), (0.2 - 0.1) * 1e3);
    }

    void sweepChartDropsBadPoints()
    {
        views::SweepChart chart;
        const double nan = std::nan("");
        chart.setSweep(
            "bucket", { { 25, 0.1, 0.01 }, { 1, 0.2, 0.1 }, { nan, 0.1, 0.1 }, { 5, nan, 0 }, { -1, 1, 1 } }, true, 25);
        QCOMPARE(chart.points().size(), size_t { 2 });
        QCOMPARE(chart.points().front().x, 1.0);
        auto* step = qobject_cast<QLineSeries*>(chart.chart()->series().value(0));
        QVERIFY(step);
        QCOMPARE(step->count(), 2);
        QCOMPARE(step->at(1).y(), 0.1 * 1e3);
    }

    // Each figure the sweep can show is the point's own field in the unit drawn: ms, percent, tokens/s; step time
    // comes with exposed communication, the others alone. A sweep being computed says so.
    void sweepChartShowsEachQuantity()
    {
        views::SweepChart chart;
        std::vector<model::SweepPoint> points { { 1, 0.20, 0.05, 0.30, 0.41, 1.5e5 },
            { 4, 0.18, 0.02, 0.25, 0.45, 1.7e5 } };
        chart.setSweep("micro-batches", points, true, 4);
        using Q = views::SweepChart::Quantity;
        const std::vector<std::pair<Q, std::vector<double>>> expected {
            { Q::StepAndExposed, { 200, 180 } },
            { Q::Bubble, { 30, 25 } },
            { Q::Mfu, { 41, 45 } },
            { Q::TokensPerSecond, { 1.5e5, 1.7e5 } },
        };
        for (const auto& [quantity, values] : expected) {
            chart.setQuantity(quantity);
            auto* main = qobject_cast<QLineSeries*>(chart.chart()->series().value(0));
            QVERIFY(main);
            QCOMPARE(main->count(), 2);
            for (int i = 0; i < 2; ++i)
                QVERIFY(
                    std::abs(main->at(i).y() - values[static_cast<size_t>(i)]) < 1e-9 * values[static_cast<size_t>(i)]);
            int lines = 0;
            for (auto* series : chart.chart()->series())
                lines += series->type() == QAbstractSeries::SeriesTypeLine;
            QCOMPARE(lines, quantity == Q::StepAndExposed ? 2 : 1);
            // The ring on the current value (x = 4) sits on the curve.
            auto* current = qobject_cast<QScatterSeries*>(chart.chart()->series().last());
            QVERIFY(current);
            QCOMPARE(current->count(), 1);
            QCOMPARE(current->at(0).y(), values[1]);
        }
        chart.setPending("DP size");
        QVERIFY(chart.isPending());
        QVERIFY(chart.chart()->title().contains(QStringLiteral("DP size")));
        QVERIFY(!chart.chart()->title().contains(QStringLiteral("no valid points")));
        chart.setSweep("DP size", {}, true, 1);
        QVERIFY(chart.chart()->title().contains(QStringLiteral("no valid points")));
    }

    // The legend under a chart lists every series by its full name and wraps instead of cutting names short: at a
    // width below one row of names it takes more rows, and each name is as wide as its text needs.
    void legendWrapsAndNeverCuts_data()
    {
        QTest::addColumn<int>("width");
        QTest::newRow("wide") << 1600;
        QTest::newRow("half of 1366") << 360;
        QTest::newRow("narrow") << 220;
    }
    void legendWrapsAndNeverCuts()
    {
        QFETCH(int, width);
        views::BreakdownChart chart;
        model::StepMetrics now;
        now.stepSeconds = 0.2;
        now.computeSeconds = 0.1;
        chart.setBars({ { "now", now } });
        chart.resize(width, 420);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QStringList expected;
        for (QLegendMarker* marker : chart.chart()->legend()->markers())
            expected << marker->label();
        QCOMPARE(expected.size(), static_cast<int>(views::StepBreakdown::PartCount));
        const views::charts::ChartLegend* legend = chart.legend();
        QVERIFY(legend->isVisible());
        QVERIFY(!chart.chart()->legend()->isVisible());
        QCOMPARE(legend->texts(), expected);
        QVERIFY2(legend->showsEveryTextWhole(), qPrintable(legend->texts().join(QStringLiteral(", "))));
        // Rows: the names' total width over the legend's width, at least; one row when everything fits.
        int total = 0, rowHeight = 0;
        for (const QLabel* name : legend->findChildren<QLabel*>(QStringLiteral("legendText"))) {
            total += name->parentWidget()->sizeHint().width();
            rowHeight = std::max(rowHeight, name->parentWidget()->sizeHint().height());
        }
        const int minRows = (total + legend->width() - 1) / legend->width();
        QVERIFY2(legend->height() >= minRows * rowHeight,
            qPrintable(QStringLiteral("%1 px tall for %2 rows").arg(legend->height()).arg(minRows)));
        if (total + 12 * expected.size() + 12 < legend->width())
            QVERIFY(legend->height() < 2 * rowHeight);
    }
};

QTEST_MAIN(TstCharts)
#include "tst_charts.moc"
