// SPDX-License-Identifier: MIT
#pragma once
// The Layout search page: which TP / PP / DP / EP / ZeRO / recomputation / micro-batch layout for a model on N
// GPUs. Inputs on the right; a ranked table that fills while the search runs on worker threads; a chart of step
// time against memory per GPU with the Pareto front. Double-clicking a row (or "Open on Training page") opens
// that layout on the Training page. The search is model::searchLayouts() (model/sim/layoutsearch.h).
#include "app/gui/calibratedchoice.h"
#include "app/gui/memory.h"
#include "app/gui/stage.h"
#include "model/sim/layoutsearch.h"

#include <QAbstractTableModel>
#include <QFutureWatcher>
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QComboBox;
class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
QT_END_NAMESPACE

namespace tutor::views {
class LayoutChart;
}

namespace tutor::app {

/// The ranked layouts as a table: rank, layout, step, MFU, tokens/s, bubble, memory, exposed communication per
/// dimension. Rows stay sorted by step time as layouts arrive.
class LayoutTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Rank,
        Layout,
        Step,
        Mfu,
        Tokens,
        Bubble,
        Memory,
        ExposedTp,
        ExposedDp,
        ExposedPp,
        ExposedEp,
        ExposedCp,
        Columns
    };
    using QAbstractTableModel::QAbstractTableModel;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void clear();
    /// Inserts a simulated layout at its rank; returns its row.
    int add(model::LayoutResult layout);
    const std::vector<model::LayoutResult>& layouts() const { return m_rows; }
    void retranslate();

private:
    std::vector<model::LayoutResult> m_rows;
};

class SearchStage : public Stage {
    Q_OBJECT
public:
    explicit SearchStage(QWidget* parent = nullptr);
    ~SearchStage() override;

    QWidget* parameterPanel() override { return m_panel; }
    bool hasPlayback() const override { return false; }
    QString explanation() const override;
    void setColors(const views::Palette& palette) override;
    void retranslate() override;

    /// Starts a search with the current inputs (cancelling a running one).
    void start();
    /// Stops the running search; what was simulated stays.
    void stop();
    bool running() const;
    /// Blocks until the running search is done (tests).
    void waitForFinished();
    const LayoutTableModel* table() const { return m_model; }
    views::LayoutChart* chart() const { return m_chart; }
    /// Sets the inputs (tests and the command line): a known model id, GPUs, preset id (or kCalibratedEntry), global
    /// batch (0: 2·GPUs).
    bool setInputs(const QString& model, int gpus, const QString& preset, int globalBatch);
    /// Re-reads the live lab's calibrated profile: when there is one, the hardware list offers "Calibrated: <base
    /// preset>", which searches the base preset with the fitted links.
    void refreshCalibratedProfile();

signals:
    /// The user asked to open this layout on the Training page.
    void openScenario(const tutor::model::Scenario& scenario);

private:
    void buildPanel();
    void onLayout(const model::LayoutResult& layout, int done, int total);
    void onFinished();
    void openSelected();
    void select(int row);
    void refreshChart();

    QWidget* m_panel = nullptr;
    QFormLayout* m_form = nullptr;
    QComboBox* m_modelBox = nullptr;
    QSpinBox* m_gpus = nullptr;
    QComboBox* m_preset = nullptr;
    std::optional<CalibratedChoice> m_calibrated; ///< the live lab's calibrated profile, when one is saved
    QSpinBox* m_batch = nullptr;
    QSpinBox* m_seqLen = nullptr; ///< 0: the model's own
    QPushButton* m_run = nullptr;
    QPushButton* m_stop = nullptr;
    QPushButton* m_open = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QTableView* m_view = nullptr;
    LayoutTableModel* m_model = nullptr;
    views::LayoutChart* m_chart = nullptr;
    QFutureWatcher<model::Result<model::SearchResult>> m_watcher;
    std::optional<MidSizeBlocksFromArenas> m_searchBlocks; ///< while a search runs

    std::shared_ptr<std::atomic<bool>> m_cancel;
    model::Result<model::SearchResult> m_last = model::SearchResult {};
    int m_selected = -1;
    int m_total = 0;
    int m_rejected = 0;
};

} // namespace tutor::app
