// SPDX-License-Identifier: MIT
#include "app/gui/training/trainingcontroller.h"

#include "app/gui/futures.h"
#include "model/collectives/costmodel.h"
#include "model/sim/scenarioio.h"
#include "views/text.h"

#include <QDir>
#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

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
    connect(&m_sweepWatcher, &QFutureWatcher<std::vector<model::SweepPoint>>::finished, this, [this] {
        emit sweepReady(m_sweepParameter, m_sweepWatcher.future().takeResult(),
            model::parameterValue(m_goodScenario, m_sweepParameter));
    });
}

TrainingController::~TrainingController()
{
    waitIfRunning(m_watcher);
    waitIfRunning(m_sweepWatcher);
}

model::Problems TrainingController::setScenario(const model::Scenario& scenario)
{
    return submit(scenario, {});
}

model::Problems TrainingController::submit(const model::Scenario& scenario, std::optional<QString> openedPath)
{
    // A newer scenario supersedes a file still opening: its result, when it comes, is stale.
    m_open.reset();
    if (openedPath)
        m_open = PendingOpen { std::move(*openedPath), m_scenario, m_previousMetrics };
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

model::Problems TrainingController::openScenario(const QString& path)
{
    auto loaded = model::loadScenario(QDir::toNativeSeparators(path).toStdString());
    model::Problems problems = loaded.ok() ? model::validate(loaded.value()) : loaded.problems();
    if (!problems.empty()) {
        // A scenario that did not load or validate never replaces the good one, and an edit still simulating or
        // pending goes on.
        m_problems = problems;
        emit problemsChanged(m_problems);
        emit openRefused(path, m_problems);
        return problems;
    }
    if (m_synchronous)
        waitForIdle();
    // Otherwise a simulation still running for an earlier edit is left to finish as stale: the file supersedes it
    // (and the edit runs again if the file is refused).
    m_openRefusal.clear();
    submit(std::move(loaded).value(), path);
    return std::exchange(m_openRefusal, {});
}

void TrainingController::refuseOpen(const model::Problems& problems)
{
    const PendingOpen open = *m_open;
    m_open.reset();
    m_openRefusal = problems;
    emit openRefused(open.path, problems);
    m_previousMetrics = open.previousMetrics;
    if (open.scenarioBefore == m_goodScenario || !m_hasSimulation)
        revertToGood();
    else
        setScenario(open.scenarioBefore); // an edit the file superseded before it had simulated
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
    // Taken, not copied: a finished future keeps its result until the next one replaces it, and a 1,024-GPU
    // timeline is tens of MB (kept twice, and copied on the UI thread, before).
    Outcome outcome = m_watcher.future().takeResult();
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
    // Called for the newest scenario only (a stale run never gets here), so an open still pending is this one.
    if (!result.ok()) {
        m_problems = result.problems();
        emit problemsChanged(m_problems);
        if (m_open)
            refuseOpen(m_problems); // simulate() refused what validate() accepted
        return;
    }
    if (m_open || !m_hasSimulation)
        m_previousMetrics.reset(); // a new file: nothing "before the edit"
    else
        m_previousMetrics = m_simulation.metrics;
    m_goodScenario = scenario;
    m_simulation = std::move(result).value();
    m_hasSimulation = true;
    const bool hadProblems = !m_problems.empty();
    m_problems.clear();
    if (hadProblems)
        emit problemsChanged(m_problems);
    emit simulated(m_simulation);
    if (m_open) {
        const QString path = m_open->path;
        m_open.reset();
        emit scenarioOpened(scenario, path);
    }
}

void TrainingController::revertToGood()
{
    m_open.reset();
    m_scenario = m_goodScenario;
    m_hasPending = false;
    ++m_generation;
}

void TrainingController::waitForIdle()
{
    while (m_running) {
        waitIfRunning(m_watcher);
        finished(); // the watcher's queued finished signal then finds nothing running
    }
    waitIfRunning(m_sweepWatcher);
}

void TrainingController::requestSweep(model::SweepParameter parameter)
{
    if (!m_hasSimulation)
        return;
    waitIfRunning(m_sweepWatcher);
    m_sweepParameter = parameter;
    auto run = [base = m_goodScenario, parameter] { return model::sweep(base, parameter); };
    if (m_synchronous) {
        emit sweepReady(parameter, run(), model::parameterValue(m_goodScenario, parameter));
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

model::CollectiveRequest TrainingController::dpBucketRequest() const
{
    model::CollectiveRequest request;
    request.op = model::Collective::AllReduce;
    request.dtype = m_goodScenario.comm.dtype;
    request.bytes = static_cast<model::Bytes>(m_goodScenario.comm.bucketMiB * model::MiB);
    const auto& timeline = m_simulation.timeline;
    for (const auto& e : timeline.events)
        if (e.collective && e.lane >= 0
            && timeline.lanes[static_cast<size_t>(e.lane)].kind == model::LaneKind::DpComm) {
            request.op = *e.collective; // ZeRO runs ReduceScatter (and AllGather) instead of AllReduce
            break;
        }
    request.topology = dpTopology();
    return request;
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
        return views::problemsText(cost.problems());
    return QString::fromStdString(cost->formula);
}

} // namespace tutor::app
