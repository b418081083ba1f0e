// SPDX-License-Identifier: MIT
#pragma once
// The Trace lab: measured PyTorch profiler (Kineto) traces, one file per rank, analysed in the simulator's terms
// (model/traces). The GPU streams of every rank on the same Gantt view as the Training page; a table per rank
// (compute, communication, exposed communication, HTA overlap, lateness, straggler) and a table per collective
// size (measured kernel time and bus bandwidth beside the cost model's on the chosen hardware). Files are read on
// a worker thread; a failed file leaves what was open untouched.
#include "app/gui/stage.h"
#include "model/traces/traceanalysis.h"

#include <QFutureWatcher>
#include <QStringList>
#include <vector>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QTabWidget;
class QTableView;
QT_END_NAMESPACE

namespace tutor::views {
class Legend;
class TimelineView;
} // namespace tutor::views

namespace tutor::app {

class TraceStage : public Stage {
    Q_OBJECT
public:
    explicit TraceStage(QWidget* parent = nullptr);
    ~TraceStage() override;

    QWidget* parameterPanel() override { return m_panel; }
    QString explanation() const override;
    ExportCaption exportCaption() const override;
    void setColors(const views::Palette& palette) override;
    void retranslate() override;
    double duration() const override;
    void setTime(double t) override;
    double time() const override { return m_time; }
    double naturalRate() const override;

    /// Reads the files (each one rank's trace) on a worker thread and shows them, replacing what was open; on a
    /// failure the old traces stay and the problems are reported through message(). Asynchronous: waitForFinished().
    void openTraces(const QStringList& paths);
    /// Blocks until the files asked for are read and shown (tests, the command line).
    void waitForFinished();
    /// The problems of the last openTraces(), one per line; empty when it succeeded.
    QString lastError() const { return m_lastError; }
    /// The analysis on screen (nullptr before a trace is open).
    const model::TraceAnalysis* analysis() const { return m_analysis ? &*m_analysis : nullptr; }
    const QStandardItemModel* rankTable() const { return m_ranks; }
    const QStandardItemModel* collectiveTable() const { return m_collectives; }
    views::TimelineView* timelineView() const { return m_timeline; }
    /// Chooses the hardware the model predicts for (a preset id); the collectives table is refreshed.
    void setPreset(const QString& id);

private:
    struct Loaded {
        std::vector<model::RankTrace> traces;
        QString error;
    };
    void buildPanel();
    void show(Loaded loaded);
    void fillRanks();
    void fillCollectives();
    void predict();
    void chooseFiles();

    QWidget* m_panel = nullptr;
    QPushButton* m_open = nullptr;
    QListWidget* m_files = nullptr;
    QLabel* m_presetLabel = nullptr;
    QComboBox* m_preset = nullptr;
    QLabel* m_gpusLabel = nullptr;
    QSpinBox* m_gpusPerNode = nullptr;
    QLabel* m_status = nullptr;
    views::TimelineView* m_timeline = nullptr;
    views::Legend* m_legend = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableView* m_rankView = nullptr;
    QTableView* m_collectiveView = nullptr;
    QStandardItemModel* m_ranks = nullptr;
    QStandardItemModel* m_collectives = nullptr;
    QFutureWatcher<Loaded> m_watcher;
    std::vector<model::RankTrace> m_traces;
    std::optional<model::TraceAnalysis> m_analysis;
    QString m_lastError;
    double m_time = 0;
};

} // namespace tutor::app
