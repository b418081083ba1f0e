#pragma once
// Owns the training-step scenario and re-runs the pure stages (validate → simulate → metrics) when it changes.
// A simulation predicted to take longer than a frame runs off the UI thread (QtConcurrent); while one runs,
// newer scenarios coalesce into one pending run and results of superseded scenarios are dropped.
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <memory>
#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse the C++20 standard headers the model pulls in
#include "model/sim/scenario.h"
#include "model/sim/simulate.h"
#include "model/collectives/topology.h"
#include "views/charts/sweepchart.h"
#endif

namespace tutor::app {

/// What a sweep varies.
enum class SweepParameter { BucketSize, MicroBatches, DataParallel };

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
    /// The scenario last given (possibly invalid) and the last one that simulated cleanly.
    const model::Scenario& scenario() const { return m_scenario; }
    const model::Scenario& goodScenario() const { return m_goodScenario; }
    const model::Simulation& simulation() const { return m_simulation; }
    bool hasSimulation() const { return m_hasSimulation; }
    const model::Problems& problems() const { return m_problems; }
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
    void requestSweep(SweepParameter parameter);
    /// The values a sweep visits for the good scenario (bucket MiB, micro-batches, DP size).
    static std::vector<double> sweepValues(SweepParameter parameter, const model::Scenario& scenario);
    /// The scenario with one parameter set (DP changes the node count to keep dp·tp·pp = GPUs).
    static model::Scenario withParameter(model::Scenario scenario, SweepParameter parameter, double value);

    /// The event's collective predicted again on its group's topology (CollectiveCost::formula and the
    /// α/β terms), for the selected-event panel. Empty text for compute events.
    QString costFormula(int eventIndex) const;
    /// The topology the good scenario's DP collectives run on (one rank per DP replica).
    model::Topology dpTopology() const;

signals:
    void simulated();
    /// validate() or simulate() problems of the latest scenario; empty when it simulated cleanly.
    void problemsChanged(const tutor::model::Problems& problems);
    void busyChanged(bool busy);
    void sweepReady(tutor::app::SweepParameter parameter, const std::vector<tutor::views::SweepPoint>& points);

private:
    void start(const model::Scenario& scenario);
    void finished();
    void accept(const model::Scenario& scenario, model::Result<model::Simulation> result, double seconds);
    double predictSeconds(const model::Scenario& scenario) const;

    model::Scenario m_scenario;
    model::Scenario m_goodScenario;
    model::Simulation m_simulation;
    model::Problems m_problems;
    bool m_hasSimulation = false;
    bool m_synchronous = false;
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
    QFutureWatcher<std::vector<views::SweepPoint>> m_sweepWatcher;
    SweepParameter m_sweepParameter = SweepParameter::BucketSize;
};

} // namespace tutor::app
