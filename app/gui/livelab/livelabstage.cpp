// SPDX-License-Identifier: MIT
#include "app/gui/livelab/livelabstage.h"

#include "app/gui/livelab/hardwareprofile.h"
#include "app/gui/livelab/livelabclient.h"
#include "views/charts/measurementchart.h"
#include "views/measurementmodel.h"
#include "views/text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace tutor::app {

namespace {

QTableWidgetItem* number(double v, int decimals)
{
    auto* item = new QTableWidgetItem(std::isfinite(v) ? QString::number(v, 'f', decimals) : QStringLiteral("–"));
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

views::SizeCurve sizeCurve(const std::vector<model::PredictedPoint>& points)
{
    views::SizeCurve curve;
    curve.reserve(points.size());
    for (const auto& p : points)
        curve.emplace_back(p.bytes, p.seconds);
    return curve;
}

} // namespace

LiveLabStage::LiveLabStage(QWidget* parent)
    : Stage(parent)
    , m_session(new LiveLabSession(this))
{
    LiveLabClient::setProblemText(&views::writtenProblemText); // the worker's parse errors in the window's language
    buildPanel();
    buildResults();
    connectSession();
    m_session->setComparisonPreset(m_preset->currentData().toString());
}

void LiveLabStage::connectSession()
{
    connect(m_session, &LiveLabSession::measurementsReplaced, this, &LiveLabStage::onReplaced);
    connect(m_session, &LiveLabSession::runsChanged, this, &LiveLabStage::showRuns);
    connect(
        m_session, &LiveLabSession::measurementsChanged, this, [this](const std::vector<model::MeasurementRow>& rows) {
            m_rows->setRows(rows);
            m_chart->setMeasurements(m_session->measurements());
            if (m_session->isRunning())
                showRuns(); // the recording run's row count
        });
    connect(m_session, &LiveLabSession::predictionsChanged, this, &LiveLabStage::onCurves);
    connect(m_session, &LiveLabSession::calibrated, this, &LiveLabStage::onCalibrated);
    connect(m_session, &LiveLabSession::calibrationFailed, this, [this](const QString& problems) {
        m_use->setEnabled(false);
        m_fitLabel->setText(tr("Cannot calibrate: %1").arg(problems));
        emit message(m_fitLabel->text(), true);
    });
    connect(m_session, &LiveLabSession::calibrationApplied, this, &LiveLabStage::calibrationApplied);
    connect(m_session, &LiveLabSession::overlapReady, this, &LiveLabStage::onOverlap);
    connect(m_session, &LiveLabSession::started, this, [this](const QString& workerPath) {
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
        m_progress->setFormat(tr("starting…"));
        // A new run: the fit of the earlier rows no longer describes what is on screen.
        m_fitLabel->clear();
        m_use->setEnabled(false);
        m_status->setText(tr("Starting %1").arg(workerPath));
    });
    connect(m_session, &LiveLabSession::runningChanged, this, &LiveLabStage::setRunning);
    connect(m_session, &LiveLabSession::progressed, this, &LiveLabStage::onProgress);
    connect(m_session, &LiveLabSession::finished, this, &LiveLabStage::onFinished);
    connect(m_session, &LiveLabSession::error, this, [this](const QString& text) {
        m_status->setText(text);
        emit message(text, true);
    });
    connect(m_session, &LiveLabSession::warning, this, [this](const QString& text) { emit message(text, false); });
}

LiveLabStage::~LiveLabStage()
{
    // The panel may live in the window's dock; it belongs to this stage.
    if (m_panel && m_panel->parent() != this)
        delete m_panel;
}

void LiveLabStage::buildResults()
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* results = new QWidget;
    auto* column = new QVBoxLayout(results);
    column->setContentsMargins(0, 0, 0, 0);

    m_restoreBar = new QFrame;
    m_restoreBar->setObjectName(QStringLiteral("restoreBar"));
    static_cast<QFrame*>(m_restoreBar)->setFrameShape(QFrame::StyledPanel);
    auto* bar = new QHBoxLayout(m_restoreBar);
    m_restoreLabel = new QLabel;
    m_restoreLabel->setWordWrap(true);
    auto* restore = m_texts.button(new QPushButton, QT_TR_NOOP("Restore"));
    restore->setObjectName(QStringLiteral("restoreRun"));
    auto* discard = m_texts.button(new QPushButton, QT_TR_NOOP("Discard"));
    discard->setObjectName(QStringLiteral("discardRun"));
    connect(restore, &QPushButton::clicked, this, &LiveLabStage::restoreInterruptedRun);
    connect(discard, &QPushButton::clicked, this, &LiveLabStage::discardInterruptedRun);
    bar->addWidget(m_restoreLabel, 1);
    bar->addWidget(restore);
    bar->addWidget(discard);
    m_restoreBar->hide();
    column->addWidget(m_restoreBar);
    m_tabs = new QTabWidget;

    auto* chartPage = new QWidget;
    auto* chartLayout = new QVBoxLayout(chartPage);
    m_quantity = new QComboBox;
    m_quantity->addItem(QString());
    m_quantity->addItem(QString());
    m_texts.item(m_quantity, 0, QT_TR_NOOP("Bus bandwidth vs size"));
    m_texts.item(m_quantity, 1, QT_TR_NOOP("Time vs size"));
    connect(m_quantity, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_chart->setQuantity(
            i == 0 ? views::MeasurementChart::Quantity::BusBandwidth : views::MeasurementChart::Quantity::Time);
    });
    m_chart = new views::MeasurementChart;
    chartLayout->addWidget(m_quantity);
    chartLayout->addWidget(m_chart, 1);
    m_tabs->addTab(chartPage, QString());
    m_texts.add(QT_TR_NOOP("Chart"), [this](const QString& t) { m_tabs->setTabText(0, t); });

    // Sorted through a proxy on the model's RawValueRole, so sizes and times sort as numbers, not as text.
    m_rows = new views::MeasurementModel(this);
    auto* sorted = new QSortFilterProxyModel(this);
    sorted->setSourceModel(m_rows);
    sorted->setSortRole(views::MeasurementModel::RawValueRole);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("measurementTable"));
    m_table->setModel(sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // arrival order until the user picks a column
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tabs->addTab(m_table, QString());
    m_texts.add(QT_TR_NOOP("Table"), [this](const QString& t) { m_tabs->setTabText(1, t); });

    m_overlapTable = new QTableWidget;
    m_overlapTable->setObjectName(QStringLiteral("overlapTable"));
    m_overlapTable->setColumnCount(3);
    m_overlapTable->setHorizontalHeaderLabels({ QString(), QString(), QString() });
    int headerColumn = 0;
    for (const char* title : { QT_TR_NOOP("Quantity"), QT_TR_NOOP("Measured"), QT_TR_NOOP("Model") })
        m_texts.add(title,
            [this, c = headerColumn++](const QString& t) { m_overlapTable->horizontalHeaderItem(c)->setText(t); });
    m_overlapTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_overlapTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tabs->addTab(m_overlapTable, QString());
    m_texts.add(QT_TR_NOOP("Overlap"), [this](const QString& t) { m_tabs->setTabText(2, t); });

    m_fitLabel = new QLabel;
    m_fitLabel->setObjectName(QStringLiteral("fitLabel"));
    m_fitLabel->setWordWrap(true);
    column->addWidget(m_tabs, 1);
    column->addWidget(m_fitLabel);
    layout->addWidget(results, 1);
    layout->addWidget(m_panel);
}

QWidget* LiveLabStage::parameterPanel()
{
    return m_panel;
}

QString LiveLabStage::explanation() const
{
    return tr("<p><b>Live lab.</b> Real collectives on this machine (MPI) or its GPUs (NCCL). Time is the mean per "
              "call of the slowest rank; <i>algbw</i> = S / t; <i>busbw</i> = algbw × 2(n−1)/n for AllReduce, "
              "(n−1)/n for ReduceScatter, AllGather and AllToAll — comparable with the link's bandwidth, as "
              "nccl-tests reports it. <b>Calibrate</b> fits t(S) = L + S·F/β to the rows (least absolute relative "
              "error); where the library switches protocol with size, each size range gets its own line, as many as "
              "the data supports. It shows the error per size; <b>Use for predictions</b> puts the fitted α (of the "
              "small sizes) and β (of the large sizes) into the model.</p>");
}

void LiveLabStage::retranslate()
{
    m_texts.apply();
    views::relabelPresets(m_preset);
    emit explanationChanged(explanation());
}

void LiveLabStage::setColors(const views::Palette& palette)
{
    m_chart->setColors(palette);
}

void LiveLabStage::setRunning(bool running)
{
    m_start->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_calibrate->setEnabled(!running);
}

void LiveLabStage::start()
{
    const LiveLabRequest r = request();
    // The form's own check, so the message quotes what was typed; the session refuses bad sizes as well.
    if (r.minBytes < 1 || r.maxBytes < 1 || r.minBytes > r.maxBytes) {
        m_status->setText(tr("Sizes: from %1 to %2: each must be a size such as 8, 64K or 1G, the first not above the "
                             "second")
                              .arg(m_minBytes->text(), m_maxBytes->text()));
        emit message(m_status->text(), true);
        return;
    }
    if (!confirmStart())
        return;
    m_restoreBar->hide();
    m_session->start(r);
}

bool LiveLabStage::confirmStart()
{
    // A new run is added to the runs list: the measurements on show stay there, nothing to ask about them.
    if (const auto run = m_session->interruptedRun()) {
        const auto n = static_cast<int>(run->measurements.size());
        if (QMessageBox::question(this, tr("Start a new run"),
                tr("The interrupted live run with %n measurement(s) has not been restored. Start a new run and "
                   "discard it?",
                    "", n),
                QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
            != QMessageBox::Yes)
            return false;
    }
    return true;
}

void LiveLabStage::showEvent(QShowEvent* event)
{
    Stage::showEvent(event);
    if (!m_offered) {
        m_offered = true;
        offerInterruptedRun();
    }
}

bool LiveLabStage::offerInterruptedRun()
{
    const auto run = m_session->interruptedRun();
    if (!run) {
        m_restoreBar->hide();
        return false;
    }
    const QString when = run->started.isValid() ? QLocale().toString(run->started.toLocalTime(), QLocale::ShortFormat)
                                                : tr("an earlier session");
    m_restoreLabel->setText(
        tr("A live run from %1 was interrupted with %n measurement(s).", "", int(run->measurements.size())).arg(when));
    m_restoreBar->show();
    return true;
}

void LiveLabStage::restoreInterruptedRun()
{
    m_restoreBar->hide();
    m_status->setText(m_session->restoreInterruptedRun());
    emit message(m_status->text(), false);
}

void LiveLabStage::discardInterruptedRun()
{
    m_restoreBar->hide();
    const QString error = m_session->discardInterruptedRun();
    if (!error.isEmpty()) {
        m_status->setText(error);
        emit message(error, true);
    }
}

void LiveLabStage::cancel()
{
    m_session->cancel();
}

void LiveLabStage::onProgress(int index, int total, qint64 bytes, bool inPlace)
{
    m_progress->setRange(0, std::max(1, total));
    m_progress->setValue(index);
    m_progress->setFormat(tr("%1 of %2 — %3%4")
                              .arg(index + 1)
                              .arg(total)
                              .arg(views::bytesText(bytes), inPlace ? tr(", in-place") : QString()));
}

void LiveLabStage::onFinished(bool ok, const QString& summary)
{
    // A stopped run keeps the bar where it stopped (a full bar would say every size was measured).
    if (ok)
        m_progress->setValue(m_progress->maximum());
    m_progress->setFormat(
        ok ? tr("done") : tr("stopped after %1 of %2").arg(m_progress->value()).arg(m_progress->maximum()));
    m_status->setText(summary);
    emit message(summary, !ok);
}

void LiveLabStage::showRuns()
{
    const QSignalBlocker block(m_runs);
    m_runs->clear();
    std::vector<views::MeasurementChart::ComparedRun> compared;
    for (const LiveRun& run : m_session->runs()) {
        const bool current = run.id == m_session->currentRunId();
        auto* item = new QListWidgetItem(
            tr("%1 · %n row(s)", "", static_cast<int>(run.measurements.size())).arg(run.origin), m_runs);
        item->setData(Qt::UserRole, run.id);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(run.visible || current ? Qt::Checked : Qt::Unchecked);
        if (current) {
            QFont font = item->font();
            font.setBold(true);
            item->setFont(font);
            item->setToolTip(tr("Shown in the table, predicted and calibrated"));
            m_runs->setCurrentItem(item);
        } else if (run.visible) {
            compared.push_back({ run.origin, run.measurements });
        }
    }
    m_removeRun->setEnabled(m_runs->count() > 0);
    m_undoRemove->setEnabled(m_session->canUndoRemove());
    m_chart->setComparedRuns(std::move(compared));
}

void LiveLabStage::onReplaced()
{
    m_use->setEnabled(false);
    m_fitLabel->clear();
    m_overlapTable->setRowCount(0);
    // A loaded file shows its collective and rank count in the form, ready for a run to compare with.
    const auto& measurements = m_session->measurements();
    if (measurements.empty())
        return;
    const int at = m_op->findData(static_cast<int>(measurements.front().op));
    if (at >= 0)
        m_op->setCurrentIndex(at);
    m_ranks->setValue(measurements.front().ranks);
}

void LiveLabStage::onCurves(const LiveLabCurves& curves)
{
    if (m_session->measurements().empty())
        m_chart->setCurves(model::Collective::AllReduce, 1, {}, {});
    else
        m_chart->setCurves(curves.op, curves.ranks, sizeCurve(curves.predicted), sizeCurve(curves.fitted));
    m_chart->setToolTip(curves.problem.empty()
            ? QString()
            : tr("No model prediction on this preset: %1").arg(views::toQString(curves.problem)));
}

void LiveLabStage::setMeasurements(std::vector<model::Measurement> measurements, const QString& origin)
{
    m_session->setMeasurements(std::move(measurements), origin);
}

QString LiveLabStage::openMeasurements(const QString& path)
{
    return m_session->openMeasurements(path);
}

QString LiveLabStage::saveMeasurements(const QString& path)
{
    return m_session->saveMeasurements(path);
}

QString LiveLabStage::importNcclTests(const QString& path)
{
    return m_session->importNcclTests(path);
}

void LiveLabStage::calibrate()
{
    m_session->calibrate();
}

void LiveLabStage::onCalibrated(const model::Calibration& fit, const std::optional<model::HoldOut>& heldOut)
{
    m_use->setEnabled(true);
    const model::AlphaBetaFit summary = fit.summary();
    QString text = tr("Fit of %1 at %2 ranks: α = %3 µs per step, β = %4 GB/s (bus), median error %5 %, worst %6 %.")
                       .arg(views::toQString(model::name(fit.op)))
                       .arg(fit.ranks)
                       .arg(summary.alphaSeconds * 1e6, 0, 'f', 2)
                       .arg(summary.busBandwidthGBps, 0, 'f', 2)
                       .arg(fit.medianRelativeError * 100, 0, 'f', 1)
                       .arg(fit.maxRelativeError * 100, 0, 'f', 1);
    if (fit.segments.size() > 1) {
        QStringList ranges;
        for (const auto& segment : fit.segments) {
            const QString beta = segment.fit.busBandwidthGBps > 0
                ? tr("β = %1 GB/s").arg(segment.fit.busBandwidthGBps, 0, 'f', 2)
                : tr("latency-bound");
            ranges << tr("%1 – %2: α = %3 µs, %4")
                          .arg(views::bytesText(segment.firstBytes), views::bytesText(segment.lastBytes))
                          .arg(segment.fit.alphaSeconds * 1e6, 0, 'f', 2)
                          .arg(beta);
        }
        text += tr(" %1 size ranges (protocols), each its own line: %2.", "ranges joined by semicolons")
                    .arg(fit.segments.size())
                    .arg(ranges.join(tr("; ")));
    }
    if (heldOut)
        text
            += tr(" Every other size held back: median error %1 %.").arg(heldOut->medianRelativeError * 100, 0, 'f', 1);
    // What no real machine would give, said beside the figures.
    QStringList doubts;
    for (const model::PlausibilityProblem& p :
        model::plausibilityProblems(fit, m_session->comparisonPreset().intra.bandwidthGBps)) {
        switch (p.kind) {
        case model::PlausibilityProblem::Kind::AlphaTooHigh:
            doubts << tr("α = %1 µs per step is above 1 ms: a collective starts in microseconds, so the run was "
                         "disturbed (other jobs, swapping) or its small sizes are missing.")
                          .arg(p.value * 1e6, 0, 'f', 0);
            break;
        case model::PlausibilityProblem::Kind::AboveLink:
            doubts << tr("β = %1 GB/s is above the %2 GB/s link of the comparison hardware: check the rank count, or "
                         "compare with the hardware the run used.")
                          .arg(p.value, 0, 'f', 1)
                          .arg(p.limit, 0, 'f', 1);
            break;
        case model::PlausibilityProblem::Kind::BeyondData:
            doubts << tr("β = %1 GB/s is far above the best measured %2 GB/s: the large sizes are missing, so β is a "
                         "guess beyond the data; extend the sweep.")
                          .arg(p.value, 0, 'f', 1)
                          .arg(p.limit, 0, 'f', 1);
            break;
        case model::PlausibilityProblem::Kind::PoorFit:
            doubts << tr("The line misses the rows by a median %1 %: the run is noisy or mixes regimes the fit "
                         "cannot separate.")
                          .arg(p.value * 100, 0, 'f', 0);
            break;
        }
    }
    m_fitLabel->setText(doubts.isEmpty() ? text : text + QStringLiteral("\n⚠ ") + doubts.join(QStringLiteral("\n⚠ ")));
}

void LiveLabStage::useForPredictions()
{
    if (!m_session->calibration())
        return;
    const QString error = m_session->useForPredictions();
    emit message(
        error.isEmpty() ? tr("The model now uses the calibrated links (saved to %1).").arg(customProfilePath()) : error,
        !error.isEmpty());
}

void LiveLabStage::onOverlap(const live::OverlapRecord& o, const model::OverlapPrediction& p)
{
    const struct {
        QString name;
        double measured;
        double predicted;
    } rows[] = {
        { tr("compute (µs)"), o.computeAloneUs, p.computeUs },
        { tr("collective alone (µs)"), o.commAloneUs, p.commUs },
        { tr("both together, overall (µs)"), o.overallUs, p.overallUs },
        { tr("overlap, HTA (%)"), o.htaOverlapPct, p.htaPct },
        { tr("overlap, OSU (%)"), o.osuOverlapPct, p.osuPct },
        // The model runs compute and collective side by side without contention: neither slows the other.
        { tr("compute slowdown (×)"), o.computeSlowdown, 1.0 },
        { tr("collective slowdown (×)"), o.commSlowdown, 1.0 },
    };
    // Measured values no machine can give: both together faster than compute alone, overlap outside 0–100 %.
    const QString impossible = o.overallUs < 0.97 * o.computeAloneUs
        ? tr("Implausible: compute and collective together took less than compute alone. The timings are noisy; run "
             "more iterations.")
        : QString();
    const auto outside = [](double pct) { return pct < -1 || pct > 101; };
    m_overlapTable->setRowCount(static_cast<int>(std::size(rows)));
    for (int i = 0; i < static_cast<int>(std::size(rows)); ++i) {
        m_overlapTable->setItem(i, 0, new QTableWidgetItem(rows[i].name));
        QTableWidgetItem* measured = number(rows[i].measured, 2);
        QString why = i == 2 ? impossible : QString();
        if ((i == 3 || i == 4) && outside(rows[i].measured))
            why = tr("Implausible: an overlap share is between 0 and 100 %.");
        if (!why.isEmpty()) {
            measured->setText(QStringLiteral("⚠ ") + measured->text());
            measured->setForeground(QColor(0xcf222e));
            measured->setToolTip(why);
        }
        m_overlapTable->setItem(i, 1, measured);
        m_overlapTable->setItem(i, 2, number(rows[i].predicted, 2));
    }
}

} // namespace tutor::app
