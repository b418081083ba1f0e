// SPDX-License-Identifier: MIT
#include "app/gui/livelab/livelabsession.h"

#include "app/gui/livelab/hardwareprofile.h"
#include "model/measure/ncclimport.h"
#include "views/text.h"

#include <QFileInfo>
#include <QLocale>
#include <QTime>

namespace tutor::app {

namespace {

} // namespace

LiveLabSession::LiveLabSession(QObject* parent, const QString& journalPath)
    : QObject(parent)
    , m_client(new LiveLabClient(this))
    , m_journal(journalPath)
{
    setComparisonPreset(QStringLiteral("cpu-laptop"));
    connect(m_client, &LiveLabClient::started, this, [this] {
        // Every run the worker starts is a new entry in the runs list; what was shown stays there.
        beginRun(tr("live run %1").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))), {});
        m_journalWarned = false;
        m_journalOwned = true;
        m_unsavedRun = true;
        journal(m_journal.begin());
        emit runningChanged(true);
    });
    connect(m_client, &LiveLabClient::progressed, this, &LiveLabSession::progressed);
    connect(m_client, &LiveLabClient::helloReceived, this, [this] {
        m_hello = m_client->hello();
        // The host count decides the topology the prediction is drawn on.
        if (!measurements().empty())
            recompute();
    });
    connect(m_client, &LiveLabClient::measurementAdded, this, [this](int index) {
        if (indexOf(m_current) < 0) // a run started without the started signal still gets its entry
            beginRun(tr("live run %1").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))), {});
        auto& rows = m_runs[static_cast<std::size_t>(indexOf(m_current))].measurements;
        rows.push_back(m_client->measurements()[static_cast<std::size_t>(index)]);
        journal(m_journal.append(rows.back()));
        recompute();
    });
    connect(m_client, &LiveLabClient::overlapAdded, this, [this](int index) {
        m_overlaps.push_back(m_client->overlaps()[static_cast<std::size_t>(index)]);
        emitOverlap();
    });
    connect(m_client, &LiveLabClient::warning, this, &LiveLabSession::warning);
    connect(m_client, &LiveLabClient::finished, this, [this](bool ok, const QString& summary) {
        // A run that ended normally has nothing to restore; a stopped or crashed one stays journalled until saved.
        if (ok)
            journal(m_journal.finish());
        emit runningChanged(false);
        emit finished(ok, summary);
    });
}

void LiveLabSession::setComparisonPreset(const QString& id)
{
    m_presetId = id;
    std::optional<model::HardwarePreset> custom;
    if (id == kCustomPresetId)
        custom = loadCustomProfile();
    if (custom)
        m_preset = *custom;
    else if (const auto preset = model::findPreset(id.toStdString()))
        m_preset = *preset;
    else
        m_preset = model::presets().front();
    recompute();
}

int LiveLabSession::hostCount() const
{
    if (m_hello && !m_hello->hosts.empty())
        return static_cast<int>(m_hello->hosts.size());
    return 1;
}

void LiveLabSession::clearResults(const QString& origin)
{
    m_overlaps.clear();
    m_calibration.reset();
    m_hello.reset();
    m_origin = origin;
}

const std::vector<model::Measurement>& LiveLabSession::measurements() const
{
    static const std::vector<model::Measurement> none;
    const int index = indexOf(m_current);
    return index < 0 ? none : m_runs[static_cast<std::size_t>(index)].measurements;
}

int LiveLabSession::indexOf(int id) const
{
    for (std::size_t i = 0; i < m_runs.size(); ++i)
        if (m_runs[i].id == id)
            return static_cast<int>(i);
    return -1;
}

void LiveLabSession::beginRun(const QString& origin, std::vector<model::Measurement> measurements)
{
    LiveRun run;
    run.id = m_nextRunId++;
    run.origin = origin;
    run.measurements = std::move(measurements);
    m_runs.push_back(std::move(run));
    showRun(static_cast<int>(m_runs.size()) - 1);
}

void LiveLabSession::showRun(int index)
{
    const LiveRun* run = index >= 0 ? &m_runs[static_cast<std::size_t>(index)] : nullptr;
    clearResults(run ? run->origin : QString());
    m_current = run ? run->id : -1;
    emit measurementsReplaced(m_origin);
    recompute();
    emit runsChanged();
}

bool LiveLabSession::selectRun(int id)
{
    const int index = indexOf(id);
    if (index < 0 || isRunning())
        return false;
    if (id != m_current)
        showRun(index);
    return true;
}

void LiveLabSession::setRunVisible(int id, bool visible)
{
    const int index = indexOf(id);
    if (index < 0 || m_runs[static_cast<std::size_t>(index)].visible == visible)
        return;
    m_runs[static_cast<std::size_t>(index)].visible = visible;
    emit runsChanged();
}

bool LiveLabSession::removeRun(int id)
{
    const int index = indexOf(id);
    if (index < 0 || (isRunning() && id == m_current))
        return false;
    m_removed.emplace_back(static_cast<std::size_t>(index), m_runs[static_cast<std::size_t>(index)]);
    m_runs.erase(m_runs.begin() + index);
    if (id == m_current)
        showRun(static_cast<int>(m_runs.size()) - 1);
    else
        emit runsChanged();
    return true;
}

bool LiveLabSession::undoRemoveRun()
{
    if (m_removed.empty())
        return false;
    auto [place, run] = std::move(m_removed.back());
    m_removed.pop_back();
    place = std::min(place, m_runs.size());
    m_runs.insert(m_runs.begin() + static_cast<std::ptrdiff_t>(place), std::move(run));
    if (m_current < 0 && !isRunning())
        showRun(static_cast<int>(place));
    else
        emit runsChanged();
    return true;
}

void LiveLabSession::setMeasurements(std::vector<model::Measurement> measurements, const QString& origin)
{
    // A live run followed by a file stays in the runs list and in its unfinished journal (offered at the next
    // start), never lost.
    m_unsavedRun = false;
    beginRun(origin, std::move(measurements));
}

QString LiveLabSession::openMeasurements(const QString& path)
{
    auto loaded = model::loadMeasurements(path.toStdString());
    if (!loaded)
        return views::problemsText(loaded.problems());
    const auto n = loaded->size();
    setMeasurements(std::move(loaded).value(), QFileInfo(path).fileName());
    return tr("Opened %1 measurement(s) from %2").arg(n).arg(path);
}

QString LiveLabSession::saveMeasurements(const QString& path)
{
    const QString error = views::problemsText(model::saveMeasurements(path.toStdString(), measurements()));
    if (error.isEmpty() && m_unsavedRun) {
        m_unsavedRun = false;
        if (m_journalOwned && !m_client->isRunning())
            journal(m_journal.finish());
    }
    return error;
}

std::optional<InterruptedRun> LiveLabSession::interruptedRun() const
{
    if (m_journalOwned)
        return std::nullopt;
    return LiveRunJournal::interrupted(m_journal.path());
}

QString LiveLabSession::restoreInterruptedRun()
{
    const auto run = interruptedRun();
    if (!run)
        return tr("No interrupted live run to restore.");
    const QString when = QLocale().toString(run->started.toLocalTime(), QLocale::ShortFormat);
    setMeasurements(run->measurements, tr("interrupted run of %1").arg(when));
    // The journal now backs what is shown: it stays unfinished until the measurements are saved.
    m_journalWarned = false;
    journal(m_journal.resume());
    m_journalOwned = true;
    m_unsavedRun = true;
    QString text
        = tr("Restored %n measurement(s) of the live run from %1", "", int(run->measurements.size())).arg(when);
    if (run->skippedLines > 0)
        text += tr("; %n damaged line(s) skipped", "", run->skippedLines);
    return text;
}

QString LiveLabSession::discardInterruptedRun()
{
    if (m_journalOwned)
        return {};
    if (!LiveRunJournal::discard(m_journal.path()))
        return tr("%1: cannot be removed").arg(m_journal.path());
    return {};
}

void LiveLabSession::journal(const QString& error)
{
    // The run goes on without the journal; say so once, naming the file and the reason.
    if (error.isEmpty() || m_journalWarned)
        return;
    m_journalWarned = true;
    emit warning(tr("The live run is not being journalled: %1").arg(error));
}

model::Result<model::ImportResult> LiveLabSession::readNcclTests(
    const QString& path, const model::ImportHints& hints) const
{
    return model::importNcclTestsFile(path.toStdString(), hints);
}

QString LiveLabSession::applyNcclImport(const model::ImportResult& result, const QString& path)
{
    auto rows = model::knownMeasurements(result);
    const model::Problems incomplete = model::incompleteRuns(result);
    if (rows.empty()) {
        model::Problems problems = incomplete;
        problems.insert(problems.end(), result.warnings.begin(), result.warnings.end());
        return views::problemsText(problems);
    }
    const auto n = rows.size();
    const auto runs = result.runs.size();
    setMeasurements(std::move(rows), QFileInfo(path).fileName());
    QString text = tr("Imported %1 measurement(s) from %2 (%3 run(s))").arg(n).arg(path).arg(runs);
    if (!incomplete.empty())
        text += tr("; skipped runs without op or ranks:\n") + views::problemsText(incomplete);
    if (!result.warnings.empty())
        text += tr("; skipped:\n") + views::problemsText(result.warnings);
    return text;
}

QString LiveLabSession::importNcclTests(const QString& path, const model::ImportHints& hints)
{
    const auto read = readNcclTests(path, hints);
    if (!read)
        return views::problemsText(read.problems());
    return applyNcclImport(*read, path);
}

bool LiveLabSession::start(const LiveLabRequest& request)
{
    if (request.minBytes < 1 || request.maxBytes < 1 || request.minBytes > request.maxBytes) {
        emit error(tr("Sizes: from %1 B to %2 B: each must be at least 1 B, the first not above the second")
                       .arg(request.minBytes)
                       .arg(request.maxBytes));
        return false;
    }
    emit started(m_client->workerPath());
    m_client->start(request);
    return true;
}

void LiveLabSession::cancel()
{
    m_client->cancel();
}

bool LiveLabSession::calibrate()
{
    // calibrate() fits one collective at one rank count; a file may hold several, so take the first row's.
    const std::vector<model::Measurement>& all = measurements();
    std::vector<model::Measurement> rows;
    for (const auto& m : all)
        if (m.op == all.front().op && m.ranks == all.front().ranks)
            rows.push_back(m);
    auto fit = model::calibrate(rows);
    if (!fit) {
        m_calibration.reset();
        recompute();
        emit calibrationFailed(views::problemsText(fit.problems()));
        return false;
    }
    m_calibration = *fit;
    recompute();
    std::optional<model::HoldOut> heldOut;
    if (auto held = model::holdOut(rows))
        heldOut = *held;
    emit calibrated(*m_calibration, heldOut);
    return true;
}

QString LiveLabSession::useForPredictions()
{
    if (!m_calibration)
        return {};
    const model::HardwarePreset base = m_preset;
    model::Link intra = base.intra;
    model::Link inter = base.inter;
    if (hostCount() > 1)
        inter = model::toLink(*m_calibration, base.inter);
    else
        intra = model::toLink(*m_calibration, base.intra);
    const QString saveError = saveCustomProfile(customProfile(base, intra, inter));
    // A comparison against the saved profile now compares against the newly fitted links.
    if (saveError.isEmpty() && m_presetId == kCustomPresetId)
        setComparisonPreset(m_presetId);
    emit calibrationApplied(intra, inter);
    return saveError;
}

void LiveLabSession::recompute()
{
    LiveLabCurves curves;
    if (!measurements().empty()) {
        const model::Measurement& first = measurements().front();
        curves.op = first.op;
        curves.ranks = first.ranks;
        const auto sizes = model::measuredSizes(measurements());
        if (const auto topology = model::liveTopology(m_preset, first.ranks, hostCount()))
            curves.predicted = model::predictSizes(first.op, first.dtype, *topology, sizes, &curves.problem);
        else
            curves.problem = model::toText(topology.problems());
        if (m_calibration)
            for (const model::Bytes bytes : sizes)
                curves.fitted.push_back({ bytes, m_calibration->predictSeconds(bytes) });
    }
    m_curves = std::move(curves);
    m_rows = model::measurementRows(measurements(), m_curves.predicted, m_calibration);
    emit measurementsChanged(m_rows);
    emit predictionsChanged(m_curves);
    emitOverlap();
}

void LiveLabSession::emitOverlap()
{
    if (m_overlaps.empty())
        return;
    const live::OverlapRecord& o = m_overlaps.back();
    // The model's time for the same collective and size on the comparison preset; the measured time stands in
    // where the model has none, so the overlap columns still compare like with like.
    double commUs = o.commAloneUs;
    const auto op = model::parseCollective(o.op);
    const auto topology = model::liveTopology(m_preset, o.ranks, hostCount());
    if (op && topology) {
        // The worker's overlap experiment runs on floats.
        const auto points = model::predictSizes(*op, model::DType::Fp32, *topology, { o.bytes });
        if (!points.empty())
            commUs = points.front().seconds / model::kMicro;
    }
    emit overlapReady(o, model::predictOverlap(o.computeAloneUs, commUs));
}

} // namespace tutor::app
