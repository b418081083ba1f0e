// SPDX-License-Identifier: MIT
#pragma once
// The Training page's model side: owns the scenario (from a file or the form), re-runs the pure stages
// (validate → simulate → metrics) when it changes and emits the result as data. A simulation predicted to take
// longer than a frame runs off the UI thread (QtConcurrent); while one runs, newer scenarios coalesce into one
// pending run and results of superseded scenarios are dropped. Parameter sweeps run in the background too.
// No widgets: the page (TrainingStage) only displays what this emits and forwards the user's edits.
#include "model/collectives/cost.h"
#include "model/collectives/topology.h"
#include "model/sim/scenario.h"
#include "model/sim/simulate.h"
#include "model/sim/sweep.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <optional>

namespace tutor::app {

class TrainingController : public QObject {
    Q_OBJECT
public:
    /// Simulations predicted to take longer than this run in a worker thread (one frame at 60 Hz).
    static constexpr double kFrameSeconds = 1.0 / 60;

    explicit TrainingController(QObject* parent = nullptr);
    ~TrainingController() override;

    /// Takes a new scenario. Returns validate()'s problems at once; with problems the last good simulation
    /// stays and problemsChanged is emitted, otherwise the scenario is simulated (now or in the background)
    /// and `simulated` follows.
    model::Problems setScenario(const model::Scenario& scenario);
    /// Reads a scenario file and simulates it like any new scenario: before returning when isSynchronous() or
    /// when it is predicted to be quick, otherwise in the background (a simulation still running for an earlier
    /// edit is not waited for: the file supersedes it). On problems (unreadable file, malformed JSON, unknown
    /// keys, failed validation or simulation) the previous scenario stays, problemsChanged and openRefused are
    /// emitted, and the problems known before returning are returned, each with file:line where known. On
    /// success `simulated` and then scenarioOpened are emitted. An edit made before the file's simulation ends
    /// supersedes the file (neither signal follows).
    model::Problems openScenario(const QString& path);
    /// A file given to openScenario() is still simulating.
    bool isOpening() const { return m_open.has_value(); }
    /// The scenario last given (possibly invalid) and the last one that simulated cleanly.
    const model::Scenario& scenario() const { return m_scenario; }
    const model::Scenario& goodScenario() const { return m_goodScenario; }
    const model::Simulation& simulation() const { return m_simulation; }
    bool hasSimulation() const { return m_hasSimulation; }
    const model::Problems& problems() const { return m_problems; }
    /// The metrics before the last accepted change to the same scenario (the breakdown's "before the edit" bar);
    /// nullopt after a file was opened.
    const std::optional<model::StepMetrics>& previousMetrics() const { return m_previousMetrics; }
    bool isBusy() const { return m_running; }
    /// Forces every simulation onto the UI thread (tests, benchmarks, screenshots).
    void setSynchronous(bool synchronous) { m_synchronous = synchronous; }
    bool isSynchronous() const { return m_synchronous; }
    /// Forgets a refused scenario: scenario() becomes goodScenario() again and any pending run is dropped.
    void revertToGood();
    /// Blocks until the running and pending simulations are done (their signals delivered).
    void waitForIdle();

    /// Step time and exposed communication of the good scenario with one parameter varied; computed in the
    /// background, delivered by sweepReady. Points that do not validate are left out.
    void requestSweep(model::SweepParameter parameter);

    /// The event's collective predicted again on its group's topology (CollectiveCost::formula and the
    /// α/β terms), for the selected-event panel. Empty text for compute events.
    QString costFormula(int eventIndex) const;
    /// The topology the good scenario's DP collectives run on (one rank per DP replica).
    model::Topology dpTopology() const;
    /// The DP group's gradient collective at the size of one full bucket, on the group's own topology (what
    /// the bandwidth chart draws for this scenario).
    model::CollectiveRequest dpBucketRequest() const;

signals:
    /// The good scenario simulated cleanly; `simulation` is simulation().
    void simulated(const tutor::model::Simulation& simulation);
    /// A file opened by openScenario() (after `simulated`): the form shows `scenario`.
    void scenarioOpened(const tutor::model::Scenario& scenario, const QString& path);
    /// A file given to openScenario() was refused (the previous scenario stays), now or when its simulation ended.
    void openRefused(const QString& path, const tutor::model::Problems& problems);
    /// validate() or simulate() problems of the latest scenario; empty when it simulated cleanly.
    void problemsChanged(const tutor::model::Problems& problems);
    void busyChanged(bool busy);
    /// A sweep's points and the good scenario's own value of the parameter.
    void sweepReady(
        tutor::model::SweepParameter parameter, const std::vector<tutor::model::SweepPoint>& points, double current);

private:
    /// setScenario(), for a file when openedPath is given.
    model::Problems submit(const model::Scenario& scenario, std::optional<QString> openedPath);
    /// The pending file failed to simulate: the scenario before it and its "before the edit" figures come back.
    void refuseOpen(const model::Problems& problems);
    void start(const model::Scenario& scenario);
    void finished();
    void accept(const model::Scenario& scenario, model::Result<model::Simulation> result, double seconds);
    double predictSeconds(const model::Scenario& scenario) const;

    model::Scenario m_scenario;
    model::Scenario m_goodScenario;
    model::Simulation m_simulation;
    model::Problems m_problems;
    std::optional<model::StepMetrics> m_previousMetrics;
    bool m_hasSimulation = false;
    bool m_synchronous = false;
    struct PendingOpen {
        QString path;
        model::Scenario scenarioBefore; ///< scenario() before the file: simulated again if the file is refused
        std::optional<model::StepMetrics> previousMetrics; ///< restored when the file is refused
    };
    std::optional<PendingOpen> m_open; ///< the file openScenario() is simulating (the newest scenario)
    model::Problems m_openRefusal; ///< what refused the file while openScenario() ran
    bool m_running = false;
    bool m_hasPending = false;
    quint64 m_generation = 0; ///< bumped per scenario; a result for an older generation is stale
    quint64 m_runGeneration = 0; ///< the generation being simulated in the worker
    model::Scenario m_running_scenario;
    double m_secondsPerWork = 0; ///< measured simulate() seconds per unit of predicted work

    struct Outcome {
        model::Result<model::Simulation> result { model::Problems {} };
        double seconds = 0;
    };
    QFutureWatcher<Outcome> m_watcher;
    QFutureWatcher<std::vector<model::SweepPoint>> m_sweepWatcher;
    model::SweepParameter m_sweepParameter = model::SweepParameter::BucketSize;
};

} // namespace tutor::app
