// SPDX-License-Identifier: MIT
#pragma once
// The training-step page: the simulated step as a Gantt chart (or the charts view), the scenario form in the
// parameter dock, the step breakdown, the events table and the selected event's cost formula.
#include "app/gui/stage.h"
#include "model/collectives/problem.h"
#include "model/sim/simulation.h"

#include <QPointer>
#include <QString>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QTextBrowser;

namespace tutor::views {
class BandwidthChart;
class Legend;
class BreakdownChart;
class EventModel;
class MetricsModel;
class SweepChart;
class TimelineView;
struct Palette;
} // namespace tutor::views

namespace tutor::app {

class ScenarioForm;
class TrainingController;

class TrainingStage : public Stage {
    Q_OBJECT
public:
    enum class View { Timeline, Charts };

    explicit TrainingStage(QWidget* parent = nullptr);
    ~TrainingStage() override;

    /// Shows the Gantt chart or the charts page in the centre.
    void showView(View view);
    View currentView() const { return m_view; }

    /// Loads a scenario file (TrainingController::openScenario: a large one simulates in the background). On
    /// problems (malformed JSON, unknown keys, failed validation or simulation) the previous scenario stays and the
    /// problems are shown in the form; those known before returning are returned, each with file:line where known.
    model::Problems openScenario(const QString& path);
    /// Shows a scenario made elsewhere (the layout search): the form takes it and it is simulated.
    void setScenario(const model::Scenario& scenario);
    /// Writes the current scenario as JSON.
    bool saveScenario(const QString& path, QString* error);
    /// Writes the current timeline as a Chrome trace (Perfetto) or as CSV.
    bool exportTrace(const QString& path, QString* error);
    bool exportCsv(const QString& path, QString* error);

    double duration() const override;
    void setTime(double t) override;
    double time() const override;
    /// Every event start: a step forward or back moves to the next or previous event.
    std::vector<double> stops() const override;
    double naturalRate() const override;
    QWidget* parameterPanel() override;
    QString explanation() const override;
    ExportCaption exportCaption() const override;
    void retranslate() override;

    /// Applies a light or dark palette to the timeline and charts.
    void setColors(const views::Palette& palette) override;
    /// Runs every simulation on the UI thread (tests, screenshots) so results are there when a call returns.
    void setSynchronous(bool synchronous);

    views::TimelineView* timelineView() const { return m_timeline; }
    ScenarioForm* form() const { return m_form; }
    TrainingController* controller() const { return m_controller; }
    QString scenarioPath() const { return m_path; }
    /// The selected-event panel's text (plain), for tests.
    QString selectedEventText() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildCharts();
    void fitTimelineHeight();
    void showSimulation(const model::Simulation& simulation);
    void problemsChanged(const model::Problems& problems);
    void selectEvent(int index);
    void updateSweep();
    void loadInitialScenario();

    View m_view = View::Timeline;
    TrainingController* m_controller = nullptr;
    QPointer<ScenarioForm> m_form;
    QStackedWidget* m_stack = nullptr;
    QSplitter* m_split = nullptr;
    views::TimelineView* m_timeline = nullptr;
    QLabel* m_banner = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableView* m_metricsTable = nullptr;
    QTableView* m_eventsTable = nullptr;
    QTextBrowser* m_eventPanel = nullptr;
    views::MetricsModel* m_metrics = nullptr;
    views::EventModel* m_events = nullptr;
    QSortFilterProxyModel* m_eventsProxy = nullptr;
    QWidget* m_chartsPage = nullptr;
    views::BandwidthChart* m_bandwidth = nullptr;
    views::BreakdownChart* m_breakdown = nullptr;
    views::SweepChart* m_sweep = nullptr;
    QComboBox* m_sweepParameter = nullptr;
    QLabel* m_sweepLabel = nullptr;
    views::Legend* m_timelineLegend = nullptr; ///< under the Gantt chart
    QComboBox* m_sweepQuantity = nullptr; ///< what the sweep chart's y axis shows
    QLabel* m_sweepQuantityLabel = nullptr;
    QString m_path;
    int m_selected = -1;
};

} // namespace tutor::app
