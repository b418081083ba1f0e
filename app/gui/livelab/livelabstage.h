// SPDX-License-Identifier: MIT
#pragma once
// The "Live lab" page: run real collectives with commtutor-live (MPI or NCCL), watch the results stream into a
// chart and a table beside the model's prediction, calibrate α and β to them, and hand the fitted links to the
// rest of the window. The page is a view: LiveLabSession (session()) owns the worker, the measurements, the
// calibration and the predictions; the stage turns the form into requests and displays what the session emits.
//
// Embedding: construct with a parent only; everything has defaults (MPI, 2 ranks, AllReduce 8 B – 64 MiB).
// parameterPanel() returns the form (backend, ranks, hosts file, collective, sizes, iterations, start, cancel,
// calibrate, files); the stage shows it itself until a window takes it into a dock.
//
// Calibration result: calibrationApplied(intra, inter) carries the preset's two links with the fitted one
// replaced — the intra-node link when every rank ran on one host, the inter-node link when the run spanned
// several hosts. The same profile is saved as JSON (hardwareprofile.h, customProfilePath()).
// A live run interrupted by a crash of the window or the worker (its journal left unfinished) is offered back in a
// bar above the results when the page is first shown: "Restore" or "Discard"; nothing is removed unasked. Start
// asks before clearing measurements that were not saved or an interrupted run not yet restored.
// The worker is found as LiveLabClient::defaultWorkerPath() says (TUTOR_LIVE_WORKER, next to the app, or the
// build tree's live/worker/).
#include "app/gui/livelab/livelabclient.h"
#include "app/gui/livelab/livelabsession.h"
#include "app/gui/stage.h"
#include "app/gui/translatedtexts.h"
#include "model/collectives/hardware.h"
#include "model/measure/calibrate.h"
#include "model/measure/measurement.h"
#include "model/measure/prediction.h"

#include <QPointer>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
class QTableWidget;
class QTabWidget;
QT_END_NAMESPACE

namespace tutor::views {
class MeasurementChart;
class MeasurementModel;
} // namespace tutor::views

namespace tutor::app {

class LiveLabStage : public Stage {
    Q_OBJECT
public:
    explicit LiveLabStage(QWidget* parent = nullptr);
    ~LiveLabStage() override;

    QWidget* parameterPanel() override;
    bool hasPlayback() const override { return false; }
    QString explanation() const override;
    void retranslate() override;
    void setColors(const views::Palette& palette) override;

    /// The controller this page displays: measurements, calibration, predictions and the worker.
    LiveLabSession* session() const { return m_session; }
    LiveLabClient* client() const { return m_session->client(); }
    /// The request the form describes now.
    LiveLabRequest request() const;
    const std::vector<model::Measurement>& measurements() const { return m_session->measurements(); }
    const std::optional<model::Calibration>& calibration() const { return m_session->calibration(); }
    /// The preset the prediction is drawn for (and calibration starts from).
    model::HardwarePreset comparisonPreset() const { return m_session->comparisonPreset(); }

    /// Replaces the results shown (an opened file, an import, or tests).
    void setMeasurements(std::vector<model::Measurement> measurements, const QString& origin);
    /// File actions without dialogs (the buttons ask for a path, then call these). Return an error or empty.
    QString openMeasurements(const QString& path);
    QString saveMeasurements(const QString& path);
    QString importNcclTests(const QString& path);

    /// Shows the restore bar when the journal holds an interrupted run; true when it does. Called when the page
    /// is first shown.
    bool offerInterruptedRun();
    /// The restore bar's two buttons.
    void restoreInterruptedRun();
    void discardInterruptedRun();

public slots:
    void start();
    void cancel();
    /// Fits α and β to the out-of-place rows of the first collective shown; updates table and chart.
    void calibrate();
    /// Emits calibrationApplied with the fitted links and saves the custom profile.
    void useForPredictions();

signals:
    void calibrationApplied(tutor::model::Link intra, tutor::model::Link inter);

protected:
    void showEvent(QShowEvent* event) override;

private:
    /// Asks before Start clears what the user could not get back; true to go on.
    bool confirmStart();
    void buildPanel();
    void buildResults();
    void connectSession();
    void onProgress(int index, int total, qint64 bytes, bool inPlace);
    void onReplaced();
    /// Refills the runs list and the chart's compared runs from the session.
    void showRuns();
    void onCurves(const LiveLabCurves& curves);
    void onCalibrated(const model::Calibration& fit, const std::optional<model::HoldOut>& heldOut);
    void onOverlap(const live::OverlapRecord& measured, const model::OverlapPrediction& predicted);
    void onFinished(bool ok, const QString& summary);
    void setRunning(bool running);

    LiveLabSession* m_session = nullptr;
    TranslatedTexts m_texts { staticMetaObject.className() }; ///< set again by retranslate()

    QPointer<QWidget> m_panel; ///< may move into the window's dock
    QComboBox* m_backend = nullptr;
    QSpinBox* m_ranks = nullptr;
    QLineEdit* m_hostsFile = nullptr;
    QComboBox* m_op = nullptr;
    QLineEdit* m_minBytes = nullptr;
    QLineEdit* m_maxBytes = nullptr;
    QSpinBox* m_stepFactor = nullptr;
    QSpinBox* m_iterations = nullptr;
    QSpinBox* m_warmup = nullptr;
    QComboBox* m_dtype = nullptr;
    QCheckBox* m_check = nullptr;
    QCheckBox* m_inPlace = nullptr;
    QCheckBox* m_overlap = nullptr;
    QDoubleSpinBox* m_timeout = nullptr;
    QComboBox* m_preset = nullptr;
    QPushButton* m_start = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_calibrate = nullptr;
    QPushButton* m_use = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QListWidget* m_runs = nullptr; ///< every run of the session: check to draw it, click to make it current
    QPushButton* m_removeRun = nullptr;
    QPushButton* m_undoRemove = nullptr;

    QTabWidget* m_tabs = nullptr;
    views::MeasurementChart* m_chart = nullptr;
    QComboBox* m_quantity = nullptr;
    views::MeasurementModel* m_rows = nullptr;
    QTableView* m_table = nullptr;
    QTableWidget* m_overlapTable = nullptr;
    QLabel* m_fitLabel = nullptr;
    QWidget* m_restoreBar = nullptr;
    QLabel* m_restoreLabel = nullptr;
    bool m_offered = false;
};

} // namespace tutor::app
