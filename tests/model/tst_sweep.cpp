// SPDX-License-Identifier: MIT
// Parameter sweeps of the training step: the values visited, the scenario each value makes (DP keeps
// dp·tp·pp equal to the GPU count), and every point equal to simulate() of that scenario.
#include "model/collectives/hardware.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "model/sim/sweep.h"

#include <QDir>
#include <QTest>
#include <algorithm>

using namespace tutor;

namespace {
model::Scenario scenario(const char* file)
{
    const std::string path = qEnvironmentVariable("TUTOR_SOURCE_DIR").toStdString() + "/assets/scenarios/" + file;
    auto loaded = model::loadScenario(path);
    if (!loaded.ok())
        qFatal("%s: %s", file, model::toText(loaded.problems()).c_str());
    return std::move(loaded).value();
}
} // namespace

class TstSweep : public QObject {
    Q_OBJECT
private slots:
    void dataParallelKeepsTheGpuCount_data()
    {
        QTest::addColumn<int>("dp");
        QTest::newRow("dp 1 (a partial node)") << 1;
        QTest::newRow("dp 8") << 8;
        QTest::newRow("dp 64") << 64;
        QTest::newRow("dp 3 (not a power of two)") << 3;
    }
    void dataParallelKeepsTheGpuCount()
    {
        QFETCH(int, dp);
        const model::Scenario base = scenario("default.json");
        const model::Scenario s = model::withParameter(base, model::SweepParameter::DataParallel, dp);
        QCOMPARE(s.parallel.dp, dp);
        const long gpus = static_cast<long>(dp) * s.parallel.tp * s.parallel.pp;
        QCOMPARE(static_cast<long>(s.hardware.nodes) * model::gpusPerNode(s.hardware), gpus);
        QCOMPARE(model::parameterValue(s, model::SweepParameter::DataParallel), static_cast<double>(dp));
    }

    void interleavedVisitsMultiplesOfPp()
    {
        model::Scenario s = scenario("default.json");
        s.parallel.pp = 4;
        s.parallel.schedule = model::PipelineSchedule::Interleaved;
        const auto values = model::sweepValues(model::SweepParameter::MicroBatches, s);
        QVERIFY(!values.empty());
        for (const double m : values)
            QCOMPARE(static_cast<int>(m) % 4, 0);
        s.parallel.schedule = model::PipelineSchedule::OneFOneB;
        QCOMPARE(model::sweepValues(model::SweepParameter::MicroBatches, s).front(), 1.0);
    }

    void ownValueIsVisited_data()
    {
        QTest::addColumn<int>("parameter");
        QTest::addColumn<double>("value");
        QTest::newRow("12 micro-batches") << static_cast<int>(model::SweepParameter::MicroBatches) << 12.0;
        QTest::newRow("a 40 MiB bucket") << static_cast<int>(model::SweepParameter::BucketSize) << 40.0;
        QTest::newRow("a 25 MiB bucket (on the grid)") << static_cast<int>(model::SweepParameter::BucketSize) << 25.0;
        QTest::newRow("DP 6") << static_cast<int>(model::SweepParameter::DataParallel) << 6.0;
    }
    void ownValueIsVisited()
    {
        // The chart rings the point whose x is the scenario's own value: that point must exist, once, in order.
        QFETCH(int, parameter);
        QFETCH(double, value);
        const auto which = static_cast<model::SweepParameter>(parameter);
        const model::Scenario base = model::withParameter(scenario("default.json"), which, value);
        QCOMPARE(model::parameterValue(base, which), value);
        QVERIFY(model::validate(base).empty());
        const auto values = model::sweepValues(which, base);
        QCOMPARE(std::count(values.begin(), values.end(), value), 1);
        QVERIFY(std::is_sorted(values.begin(), values.end()));
        QVERIFY(std::adjacent_find(values.begin(), values.end()) == values.end());
        const auto points = model::sweep(base, which);
        const auto own
            = std::find_if(points.begin(), points.end(), [&](const model::SweepPoint& p) { return p.x == value; });
        QVERIFY(own != points.end());
        model::SimulateOptions options;
        options.labels = false;
        const auto sim = model::simulate(base, options);
        QVERIFY(sim.ok());
        QCOMPARE(own->stepSeconds, sim->metrics.stepSeconds);
    }

    void pointsAreSimulations_data()
    {
        QTest::addColumn<model::SweepParameter>("parameter");
        for (const auto p : model::kSweepParameters)
            QTest::newRow(std::string(model::fieldName(p)).c_str()) << p;
    }
    void pointsAreSimulations()
    {
        QFETCH(model::SweepParameter, parameter);
        const model::Scenario base = scenario("default.json");
        const auto points = model::sweep(base, parameter);
        QVERIFY(!points.empty());
        // Every value that validates appears once, in sweepValues() order, with simulate()'s own figures.
        std::vector<double> expected;
        for (const double v : model::sweepValues(parameter, base))
            if (model::validate(model::withParameter(base, parameter, v)).empty())
                expected.push_back(v);
        QCOMPARE(points.size(), expected.size());
        for (size_t i = 0; i < points.size(); ++i) {
            QCOMPARE(points[i].x, expected[i]);
            const auto sim = model::simulate(model::withParameter(base, parameter, points[i].x));
            QVERIFY(sim.ok());
            QCOMPARE(points[i].stepSeconds, sim->metrics.stepSeconds);
            QCOMPARE(points[i].exposedSeconds, sim->metrics.exposedCommSeconds);
            QCOMPARE(points[i].bubbleFraction, sim->metrics.bubbleFraction);
            QCOMPARE(points[i].mfu, sim->metrics.mfu);
            QCOMPARE(points[i].tokensPerSecond, sim->metrics.tokensPerSecond);
        }
    }

    // Every shipped scenario has something to sweep over bucket size (the chart's default): the Training page
    // never says "no valid points" for a scenario the simulator runs.
    void everyShippedScenarioSweeps_data()
    {
        QTest::addColumn<QString>("file");
        const QDir dir(qEnvironmentVariable("TUTOR_SOURCE_DIR") + QStringLiteral("/assets/scenarios"));
        for (const QString& name : dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(name)) << name;
    }
    void everyShippedScenarioSweeps()
    {
        QFETCH(QString, file);
        const model::Scenario base = scenario(file.toStdString().c_str());
        const auto points = model::sweep(base, model::SweepParameter::BucketSize);
        QVERIFY2(!points.empty(), qPrintable(file));
        for (const model::SweepPoint& p : points) {
            QVERIFY(p.stepSeconds > 0);
            QVERIFY(p.mfu > 0 && p.mfu < 1);
            QVERIFY(p.bubbleFraction >= 0 && p.bubbleFraction < 1);
            QVERIFY(p.tokensPerSecond > 0);
        }
    }
};

QTEST_GUILESS_MAIN(TstSweep)
#include "tst_sweep.moc"
