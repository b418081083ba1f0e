// SPDX-License-Identifier: MIT
#pragma once
// The live lab's controller: owns the worker client, the measurements (streamed from a run, opened from a
// measurement file or imported from nccl-tests output), the calibration, the preset the model's prediction is
// drawn for and the host count the worker reported. Every change re-runs model/measure/prediction.h and is
// emitted as values; LiveLabStage only displays them and forwards what the user asks for. No widgets, so it
// can be tested without a display.
//
// Every measurement of a live run is journalled as it arrives (liverunjournal.h); the journal is marked finished
// when the run ends normally or the measurements are saved, so a crash of the window or the worker leaves an
// unfinished journal that interruptedRun() finds and restoreInterruptedRun() puts back.
#include "app/gui/livelab/livelabclient.h"
#include "app/gui/livelab/liverunjournal.h"
#include "live/protocol/protocol.h"
#include "model/collectives/hardware.h"
#include "model/measure/calibrate.h"
#include "model/measure/measurement.h"
#include "model/measure/ncclimport.h"
#include "model/measure/prediction.h"

#include <QLatin1String>
#include <QObject>
#include <QString>
#include <optional>
#include <string>
#include <vector>

namespace tutor::app {

/// What the chart draws beside the measurements: the model's prediction and the calibrated fit at the measured
/// sizes (measuredSizes), both for the collective and rank count of the first measurement.
struct LiveLabCurves {
    model::Collective op = model::Collective::AllReduce;
    int ranks = 1;
    std::vector<model::PredictedPoint> predicted; ///< empty when the preset cannot model this run
    std::vector<model::PredictedPoint> fitted; ///< empty without a calibration
    std::string problem; ///< why `predicted` is empty or short (the model's first problem); empty otherwise
    bool operator==(const LiveLabCurves&) const = default;
};

/// One set of measurements the live lab holds: a live run, an opened file or an import. Every run stays in the list
/// until the user removes it; one of them is current (the table, the prediction and the calibration are its).
struct LiveRun {
    int id = 0;
    QString origin; ///< "live run 14:02", the file name
    std::vector<model::Measurement> measurements;
    bool visible = true; ///< drawn on the chart (the current run always is)
};

class LiveLabSession : public QObject {
    Q_OBJECT
public:
    /// `journalPath`: where live runs are journalled (tests pass a temporary file).
    explicit LiveLabSession(QObject* parent = nullptr, const QString& journalPath = LiveRunJournal::defaultPath());

    LiveLabClient* client() const { return m_client; }

    /// The current run's measurements (empty when there is no run).
    const std::vector<model::Measurement>& measurements() const;
    /// One row per measurement with the model's time and the fit at its size (model::measurementRows).
    const std::vector<model::MeasurementRow>& rows() const { return m_rows; }
    const LiveLabCurves& curves() const { return m_curves; }
    const std::vector<live::OverlapRecord>& overlaps() const { return m_overlaps; }
    const std::optional<model::Calibration>& calibration() const { return m_calibration; }
    /// Where the measurements came from: "live run" or the file name.
    QString origin() const { return m_origin; }
    bool isRunning() const { return m_client->isRunning(); }

    /// The preset id the prediction is drawn for (and calibration starts from): a model::presets() id, or
    /// kCustomPresetId for the saved calibrated profile (hardwareprofile.h). Unknown ids fall back to the first
    /// preset. Default "cpu-laptop".
    void setComparisonPreset(const QString& id);
    QString comparisonPresetId() const { return m_presetId; }
    model::HardwarePreset comparisonPreset() const { return m_preset; }
    static constexpr QLatin1String kCustomPresetId { "custom-calibrated" };

    /// Hosts of the last run as its hello record lists them; 1 for files and before a run reports.
    int hostCount() const;

    /// Every run of this session, in the order they came; nothing is dropped until removeRun().
    const std::vector<LiveRun>& runs() const { return m_runs; }
    /// The id of the current run (−1 when there is none).
    int currentRunId() const { return m_current; }
    /// Makes run `id` current: its measurements are shown, predicted and calibrated (the calibration and overlaps
    /// of the previous one are dropped). Refused (false) while a run is recording or for an unknown id.
    bool selectRun(int id);
    /// Shows or hides a run on the chart beside the current one.
    void setRunVisible(int id, bool visible);
    /// Removes a run; the run being recorded cannot be removed. undoRemoveRun() puts the last removed run back at
    /// its place (as many times as runs were removed). When the current run goes, the last remaining one is shown.
    bool removeRun(int id);
    bool undoRemoveRun();
    bool canUndoRemove() const { return !m_removed.empty(); }

    /// Adds the measurements as a new run and makes it current (an opened file, an import, or tests); the
    /// calibration and overlaps of the previous current run are dropped, the run itself stays in runs().
    void setMeasurements(std::vector<model::Measurement> measurements, const QString& origin);
    /// File actions. open/import return a one-line summary or the problems; save returns the problems or empty.
    QString openMeasurements(const QString& path);
    /// Saving the measurements of a live run also marks its journal finished.
    QString saveMeasurements(const QString& path);
    /// nccl-tests import in two steps, so the window can ask for what a file does not say: read the runs (every
    /// run, with its op and ranks known or not; hints fill only what the file lacks), then show the complete ones.
    model::Result<model::ImportResult> readNcclTests(const QString& path, const model::ImportHints& hints = {}) const;
    /// Replaces the measurements with the rows of every run whose op and ranks are known (runs lacking either are
    /// never shown, calibrated or predicted) and returns the summary with the warnings ("log.txt:57: ..."); when no
    /// run is complete, changes nothing and returns the problems naming file, line and field.
    QString applyNcclImport(const model::ImportResult& result, const QString& path);
    /// readNcclTests, then applyNcclImport.
    QString importNcclTests(const QString& path, const model::ImportHints& hints = {});

    /// Measurements of a live run (or a restored one) shown and not yet saved; Start asks before clearing them.
    bool hasUnsavedRun() const { return m_unsavedRun && !measurements().empty(); }
    /// The unfinished run in the journal left by an earlier window or worker that crashed, if any (never this
    /// session's own run).
    std::optional<InterruptedRun> interruptedRun() const;
    /// Shows the interrupted run's measurements (they stay journalled until saved or replaced by a new run);
    /// returns a one-line summary, or the reason when there is nothing to restore.
    QString restoreInterruptedRun();
    /// Removes the interrupted run's journal (the user chose Discard). Returns the error or empty.
    QString discardInterruptedRun();

    /// Starts the worker on `request` after clearing the results; false (and error()) when the sizes are not
    /// 1 ≤ minBytes ≤ maxBytes. The caller asks first when hasUnsavedRun() or interruptedRun() says so.
    bool start(const LiveLabRequest& request);
    void cancel();

    /// Fits α and β to the rows of the first measurement's collective and rank count (model::calibrate) and
    /// checks the fit on every other size held back (model::holdOut). Emits calibrated() or calibrationFailed().
    bool calibrate();
    /// The comparison preset's links with the fitted one put in: the intra-node link when the run was on one
    /// host, the inter-node link when it spanned several. Saves them as the custom profile and emits
    /// calibrationApplied(). Returns the save error, or empty; does nothing without a calibration.
    QString useForPredictions();

signals:
    /// The whole set was replaced (a run started, a file was opened): calibration and overlap are gone.
    void measurementsReplaced(const QString& origin);
    /// A run was added, removed, restored, selected or shown/hidden.
    void runsChanged();
    /// The rows changed: a measurement arrived, the set was replaced, the calibration or the preset changed.
    void measurementsChanged(const std::vector<tutor::model::MeasurementRow>& rows);
    void predictionsChanged(const tutor::app::LiveLabCurves& curves);
    void calibrated(const tutor::model::Calibration& calibration, const std::optional<tutor::model::HoldOut>& heldOut);
    void calibrationFailed(const QString& problems);
    void calibrationApplied(tutor::model::Link intra, tutor::model::Link inter);
    /// The last overlap experiment beside what the model expects of it on the comparison preset.
    void overlapReady(const tutor::live::OverlapRecord& measured, const tutor::model::OverlapPrediction& predicted);

    void started(const QString& workerPath);
    void progressed(int index, int total, qint64 bytes, bool inPlace);
    void runningChanged(bool running);
    /// The run ended: ok when the worker finished cleanly; `summary` is one readable sentence either way.
    void finished(bool ok, const QString& summary);
    /// A request the session refused (bad sizes); nothing was started.
    void error(const QString& text);
    /// A problem that did not end the run (a garbage line from the worker).
    void warning(const QString& text);

private:
    void clearResults(const QString& origin);
    /// Appends a run with these measurements and makes it current.
    void beginRun(const QString& origin, std::vector<model::Measurement> measurements);
    /// Shows run `index` of m_runs (or nothing when −1).
    void showRun(int index);
    int indexOf(int id) const;
    void recompute();
    void emitOverlap();
    void journal(const QString& error);

    LiveLabClient* m_client = nullptr;
    std::vector<LiveRun> m_runs;
    int m_current = -1;
    int m_nextRunId = 1;
    std::vector<std::pair<std::size_t, LiveRun>> m_removed; ///< removed runs and their places, for undo
    std::vector<live::OverlapRecord> m_overlaps;
    std::optional<model::Calibration> m_calibration;
    std::optional<live::HelloRecord> m_hello;
    QString m_origin;
    QString m_presetId;
    model::HardwarePreset m_preset;
    std::vector<model::MeasurementRow> m_rows;
    LiveLabCurves m_curves;
    LiveRunJournal m_journal;
    bool m_journalOwned = false; ///< the journal file holds this session's run (restored or recorded here)
    bool m_unsavedRun = false;
    bool m_journalWarned = false; ///< one warning per run when the journal cannot be written
};

} // namespace tutor::app
