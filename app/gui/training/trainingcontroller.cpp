#include "trainingcontroller.h"

#include "model/collectives/costmodel.h"
#include "model/collectives/hardware.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <chrono>
#include <cmath>

namespace tutor::app {

namespace {

// Rough work of a simulation: events grow with layers × micro-batches × accumulation passes × chunks.
double work(const model::Scenario& s)
{
    return std::max(1.0,
        static_cast<double>(s.model.layers) * std::max(1, s.batch.microBatches) * std::max(1, s.batch.gradAccum)
            * std::max(1, s.parallel.virtualStages));
}

struct Timed {
    model::Result<model::Simulation> result;
    double seconds;
};

Timed timedSimulate(const model::Scenario& scenario)
{
    QElapsedTimer timer;
    timer.start();
    auto result = model::simulate(scenario);
    return { std::move(result), static_cast<double>(timer.nsecsElapsed()) * 1e-9 };
}

} // namespace

TrainingController::TrainingController(QObject* parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &TrainingController::finished);
    connect(&m_sweepWatcher, &QFutureWatcher<std::vector<views::SweepPoint>>::finished, this,
        [this] { emit sweepReady(m_sweepParameter, m_sweepWatcher.result()); });
}

TrainingController::~TrainingController()
{
    m_watcher.waitForFinished();
    m_sweepWatcher.waitForFinished();
}

model::Problems TrainingController::setScenario(const model::Scenario& scenario)
{
    m_scenario = scenario;
    ++m_generation;
    model::Problems problems = model::validate(scenario);
    if (!problems.empty()) {
        m_hasPending = false; // an invalid scenario supersedes a pending valid one
        m_problems = problems;
        emit problemsChanged(m_problems);
        return problems;
    }
    if (m_running) {
        m_hasPending = true; // coalesce: only the newest scenario runs after the current one
        return {};
    }
    start(scenario);
    return {};
}

double TrainingController::predictSeconds(const model::Scenario& scenario) const
{
    return m_secondsPerWork * work(scenario);
}

void TrainingController::start(const model::Scenario& scenario)
{
    m_hasPending = false;
    if (m_synchronous || (m_secondsPerWork > 0 && predictSeconds(scenario) < kFrameSeconds)) {
        Timed t = timedSimulate(scenario);
        accept(scenario, std::move(t.result), t.seconds);
        return;
    }
    m_running = true;
    m_runGeneration = m_generation;
    m_running_scenario = scenario;
    emit busyChanged(true);
    m_watcher.setFuture(QtConcurrent::run([scenario] {
        Timed t = timedSimulate(scenario);
        return Outcome { std::move(t.result), t.seconds };
    }));
}

void TrainingController::finished()
{
    if (!m_running)
        return;
    m_running = false;
    Outcome outcome = m_watcher.result();
    const bool stale = m_runGeneration != m_generation;
    if (!stale)
        accept(m_running_scenario, std::move(outcome.result), outcome.seconds);
    else
        m_secondsPerWork = outcome.seconds / work(m_running_scenario);
    if (m_hasPending)
        start(m_scenario);
    if (!m_running)
        emit busyChanged(false);
}

void TrainingController::accept(
    const model::Scenario& scenario, model::Result<model::Simulation> result, double seconds)
{
    m_secondsPerWork = seconds / work(scenario);
    if (!result.ok()) {
        m_problems = result.problems();
        emit problemsChanged(m_problems);
        return;
    }
    m_goodScenario = scenario;
    m_simulation = std::move(result).value();
    m_hasSimulation = true;
    const bool hadProblems = !m_problems.empty();
    m_problems.clear();
    if (hadProblems)
        emit problemsChanged(m_problems);
    emit simulated();
}

void TrainingController::revertToGood()
{
    m_scenario = m_goodScenario;
    m_hasPending = false;
    ++m_generation;
}

void TrainingController::waitForIdle()
{
    while (m_running) {
        m_watcher.waitForFinished();
        finished(); // the watcher's queued finished signal then finds nothing running
    }
    m_sweepWatcher.waitForFinished();
}

std::vector<double> TrainingController::sweepValues(SweepParameter parameter, const model::Scenario& scenario)
{
    switch (parameter) {
    case SweepParameter::BucketSize:
        return { 1, 2, 5, 10, 25, 50, 100, 200, 500, 1000 };
    case SweepParameter::MicroBatches: {
        std::vector<double> values;
        const int pp = std::max(1, scenario.parallel.pp);
        for (int m = 1; m <= 256; m *= 2)
            if (scenario.parallel.schedule != model::PipelineSchedule::Interleaved || m % pp == 0)
                values.push_back(m);
        return values;
    }
    case SweepParameter::DataParallel: {
        std::vector<double> values;
        for (int dp = 1; dp <= 4096; dp *= 2)
            values.push_back(dp);
        return values;
    }
    }
    return {};
}

model::Scenario TrainingController::withParameter(model::Scenario scenario, SweepParameter parameter, double value)
{
    switch (parameter) {
    case SweepParameter::BucketSize:
        scenario.comm.bucketMiB = value;
        break;
    case SweepParameter::MicroBatches:
        scenario.batch.microBatches = static_cast<int>(value);
        break;
    case SweepParameter::DataParallel: {
        // Keep dp·tp·pp equal to the GPUs by growing or shrinking the node count (one partial node allowed).
        scenario.parallel.dp = static_cast<int>(value);
        const int perNode = std::max(1, model::gpusPerNode(scenario.hardware));
        const long gpus = static_cast<long>(scenario.parallel.dp) * scenario.parallel.tp * scenario.parallel.pp;
        if (gpus >= perNode && gpus % perNode == 0) {
            scenario.hardware.nodes = static_cast<int>(gpus / perNode);
        } else {
            scenario.hardware.nodes = 1;
            scenario.hardware.gpusPerNode = static_cast<int>(gpus);
        }
        break;
    }
    }
    return scenario;
}

void TrainingController::requestSweep(SweepParameter parameter)
{
    if (!m_hasSimulation)
        return;
    m_sweepWatcher.waitForFinished();
    m_sweepParameter = parameter;
    const model::Scenario base = m_goodScenario;
    auto run = [base, parameter] {
        std::vector<views::SweepPoint> points;
        model::SimulateOptions options;
        options.labels = false;
        for (double value : sweepValues(parameter, base)) {
            const model::Scenario s = withParameter(base, parameter, value);
            if (!model::validate(s).empty())
                continue;
            if (const auto sim = model::simulate(s, options); sim.ok())
                points.push_back({ value, sim->metrics.stepSeconds, sim->metrics.exposedCommSeconds });
        }
        return points;
    };
    if (m_synchronous) {
        emit sweepReady(parameter, run());
        return;
    }
    m_sweepWatcher.setFuture(QtConcurrent::run(run));
}

model::Topology TrainingController::dpTopology() const
{
    for (const auto& g : m_simulation.timeline.groups)
        if (g.kind == model::GroupKind::Dp)
            return g.topology;
    return {};
}

QString TrainingController::costFormula(int eventIndex) const
{
    const auto& timeline = m_simulation.timeline;
    if (!m_hasSimulation || eventIndex < 0 || eventIndex >= static_cast<int>(timeline.events.size()))
        return {};
    const auto& e = timeline.events[static_cast<size_t>(eventIndex)];
    if (!e.collective || e.bytes <= 0 || e.groupIndex < 0 || e.groupIndex >= static_cast<int>(timeline.groups.size()))
        return {};
    model::CollectiveRequest request;
    request.op = *e.collective;
    request.bytes = e.bytes;
    request.dtype = m_goodScenario.comm.dtype;
    request.topology = timeline.groups[static_cast<size_t>(e.groupIndex)].topology;
    const auto cost = model::predict(request);
    if (!cost.ok())
        return QString::fromStdString(model::toText(cost.problems()));
    return QString::fromStdString(cost->formula);
}

} // namespace tutor::app
