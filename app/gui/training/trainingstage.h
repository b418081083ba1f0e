#pragma once
// The training-step page: the simulated step as a Gantt chart (or the charts view), the scenario form in the
// parameter dock, the step breakdown, and the selected event's cost formula.
#include "app/gui/stage.h"

#include <QString>
#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse the C++20 standard headers the model pulls in
#include "model/problem.h"
#endif

class QStackedWidget;

namespace tutor::views {
class TimelineView;
}

namespace tutor::app {

class TrainingStage : public Stage {
    Q_OBJECT
public:
    enum class View { Timeline, Charts };

    explicit TrainingStage(QWidget* parent = nullptr);
    ~TrainingStage() override;

    /// Shows the Gantt chart or the charts page in the centre.
    void showView(View view);
    View currentView() const { return m_view; }

    /// Loads a scenario file. On problems (malformed JSON, unknown keys, failed validation) the previous
    /// scenario stays, the problems are shown in the form and returned, each with file:line where known.
    model::Problems openScenario(const QString& path);
    /// Like openScenario, reporting through message() instead of returning the problems.
    void loadScenarioFile(const QString& path);
    /// Writes the current scenario as JSON.
    bool saveScenario(const QString& path, QString* error);
    /// Writes the current timeline as a Chrome trace (Perfetto) or as CSV.
    bool exportTrace(const QString& path, QString* error);
    bool exportCsv(const QString& path, QString* error);

    double duration() const override;
    void setTime(double t) override;
    QWidget* parameterPanel() override;
    QString explanation() const override;
    void retranslate() override;

    views::TimelineView* timelineView() const { return m_timeline; }

private:
    View m_view = View::Timeline;
    QStackedWidget* m_stack = nullptr;
    views::TimelineView* m_timeline = nullptr;
    QWidget* m_charts = nullptr;
    QWidget* m_panel = nullptr;
    double m_time = 0;
};

} // namespace tutor::app
