// SPDX-License-Identifier: MIT
#include "tracestage.h"

#include "app/gui/futures.h"
#include "model/collectives/hardware.h"
#include "views/legend.h"
#include "views/text.h"
#include "views/timelineview.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace tutor::app {

using views::percentText;
using views::secondsText;
using views::toQString;

namespace {

QTableView* makeTable(QStandardItemModel* model, QWidget* parent)
{
    auto* table = new QTableView(parent);
    table->setModel(model);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setAlternatingRowColors(true);
    table->setSortingEnabled(true);
    return table;
}

QStandardItem* cell(const QString& text, double raw)
{
    auto* item = new QStandardItem(text);
    item->setData(raw, Qt::UserRole);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QStandardItem* textCell(const QString& text)
{
    return new QStandardItem(text);
}

/// views::bandwidthText, or a dash when the figure is unknown (0).
QString gbps(double value)
{
    return value > 0 ? views::bandwidthText(value) : QStringLiteral("—");
}

} // namespace

TraceStage::TraceStage(QWidget* parent)
    : Stage(parent)
{
    setObjectName(QStringLiteral("traceStage"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* split = new QSplitter(Qt::Vertical, this);
    layout->addWidget(split);
    auto* top = new QWidget(split);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(0);
    m_timeline = new views::TimelineView(top);
    topLayout->addWidget(m_timeline, 1);
    m_legend = m_timeline->legend(top);
    topLayout->addWidget(m_legend);
    m_tabs = new QTabWidget(split);
    m_ranks = new QStandardItemModel(this);
    m_collectives = new QStandardItemModel(this);
    m_rankView = makeTable(m_ranks, m_tabs);
    m_rankView->setObjectName(QStringLiteral("traceRanks"));
    m_collectiveView = makeTable(m_collectives, m_tabs);
    m_collectiveView->setObjectName(QStringLiteral("traceCollectives"));
    m_tabs->addTab(m_rankView, QString());
    m_tabs->addTab(m_collectiveView, QString());
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    for (QStandardItemModel* m : { m_ranks, m_collectives })
        m->setSortRole(Qt::UserRole);
    buildPanel();
    connect(&m_watcher, &QFutureWatcher<Loaded>::finished, this, [this] { show(m_watcher.future().takeResult()); });
    retranslate();
}

TraceStage::~TraceStage()
{
    waitIfRunning(m_watcher);
}

void TraceStage::buildPanel()
{
    m_panel = new QWidget(this);
    m_panel->setObjectName(QStringLiteral("tracePanel"));
    auto* v = new QVBoxLayout(m_panel);
    m_open = new QPushButton(m_panel);
    m_open->setObjectName(QStringLiteral("traceOpen"));
    v->addWidget(m_open);
    m_files = new QListWidget(m_panel);
    m_files->setMaximumHeight(120);
    v->addWidget(m_files);
    auto* form = new QFormLayout;
    m_preset = new QComboBox(m_panel);
    for (const auto& p : model::presets())
        m_preset->addItem(views::presetName(p), toQString(p.id));
    m_preset->setCurrentIndex(m_preset->findData(QStringLiteral("hgx-h100")));
    m_gpusPerNode = new QSpinBox(m_panel);
    m_gpusPerNode->setRange(1, 4096);
    m_gpusPerNode->setValue(8);
    m_presetLabel = new QLabel(m_panel);
    m_gpusLabel = new QLabel(m_panel);
    form->addRow(m_presetLabel, m_preset);
    form->addRow(m_gpusLabel, m_gpusPerNode);
    v->addLayout(form);
    m_status = new QLabel(m_panel);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_status);
    v->addStretch(1);
    connect(m_open, &QPushButton::clicked, this, &TraceStage::chooseFiles);
    connect(m_preset, &QComboBox::currentIndexChanged, this, [this] {
        if (const auto preset = model::findPreset(m_preset->currentData().toString().toStdString()))
            m_gpusPerNode->setValue(preset->gpusPerNode);
        predict();
    });
    connect(m_gpusPerNode, &QSpinBox::valueChanged, this, &TraceStage::predict);
}

void TraceStage::chooseFiles()
{
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open PyTorch profiler traces (one per rank)"),
        QString(), tr("Profiler traces (*.json *.json.gz *.gz);;All files (*)"));
    if (!paths.isEmpty())
        openTraces(paths);
}

void TraceStage::openTraces(const QStringList& paths)
{
    if (paths.isEmpty())
        return;
    waitIfRunning(m_watcher);
    m_open->setEnabled(false);
    m_status->setText(tr("Reading %n trace(s)…", nullptr, static_cast<int>(paths.size())));
    std::vector<std::string> files;
    for (const QString& p : paths)
        files.push_back(QDir::toNativeSeparators(p).toStdString());
    m_watcher.setFuture(QtConcurrent::run([files] {
        Loaded loaded;
        for (const std::string& file : files) {
            auto trace = model::loadKinetoTrace(file);
            if (!trace) {
                loaded.traces.clear();
                loaded.error = views::problemsText(trace.problems());
                return loaded;
            }
            loaded.traces.push_back(std::move(*trace));
        }
        return loaded;
    }));
}

void TraceStage::waitForFinished()
{
    if (m_watcher.isRunning() || m_watcher.isStarted()) {
        m_watcher.waitForFinished();
        // The finished signal is queued; handle it now so the caller sees the result.
        QCoreApplication::sendPostedEvents(&m_watcher);
        QCoreApplication::processEvents();
    }
}

void TraceStage::show(Loaded loaded)
{
    m_open->setEnabled(true);
    auto analysis = loaded.error.isEmpty() ? model::analyzeTraces(loaded.traces) : model::Problems {};
    if (!loaded.error.isEmpty() || !analysis) {
        m_lastError = loaded.error.isEmpty() ? views::problemsText(analysis.problems()) : loaded.error;
        m_status->setText(m_analysis ? tr("Not opened; the traces shown before stay.") : QString());
        emit message(m_lastError, true);
        return;
    }
    m_lastError.clear();
    m_traces = std::move(loaded.traces);
    m_analysis = std::move(analysis.value());
    m_files->clear();
    for (const model::RankFigures& r : m_analysis->ranks)
        m_files->addItem(tr("rank %1 · %2").arg(r.rank).arg(QFileInfo(toQString(r.source)).fileName()));
    // The hardware the trace names, when a preset has that GPU; the user may choose another.
    if (const auto id = model::presetForDevice(m_analysis->deviceName)) {
        const QSignalBlocker block(m_preset);
        const int index = m_preset->findData(toQString(*id));
        if (index >= 0) {
            m_preset->setCurrentIndex(index);
            if (const auto preset = model::findPreset(*id))
                m_gpusPerNode->setValue(preset->gpusPerNode);
        }
    }
    m_time = 0;
    m_timeline->setTimeline(model::traceTimeline(m_traces));
    predict();
    fillRanks();
    emit durationChanged(duration());
    emit explanationChanged(explanation());
    emit message(tr("Opened %n trace(s)", nullptr, static_cast<int>(m_analysis->ranks.size())), false);
}

void TraceStage::setPreset(const QString& id)
{
    const int index = m_preset->findData(id);
    if (index >= 0)
        m_preset->setCurrentIndex(index);
}

void TraceStage::predict()
{
    if (!m_analysis)
        return;
    if (const auto preset = model::findPreset(m_preset->currentData().toString().toStdString()))
        model::predictCollectives(*m_analysis, *preset, m_gpusPerNode->value());
    fillCollectives();
}

void TraceStage::fillRanks()
{
    m_ranks->removeRows(0, m_ranks->rowCount());
    if (!m_analysis)
        return;
    int stragglers = 0;
    for (const model::RankFigures& r : m_analysis->ranks) {
        QList<QStandardItem*> row { cell(QString::number(r.rank), r.rank), cell(secondsText(r.window), r.window),
            cell(secondsText(r.compute), r.compute), cell(secondsText(r.communication), r.communication),
            cell(secondsText(r.exposed), r.exposed), cell(percentText(r.overlapHta), r.overlapHta),
            cell(secondsText(r.lateness), r.lateness),
            textCell(r.straggler ? tr("yes: last to %1 of its collectives").arg(percentText(r.lastArrivalShare))
                                 : QString()) };
        stragglers += r.straggler;
        m_ranks->appendRow(row);
    }
    m_rankView->resizeColumnsToContents();
    m_status->setText(tr("%n rank(s); %1 collectives matched across ranks; stragglers: %2", nullptr,
        static_cast<int>(m_analysis->ranks.size()))
                          .arg(m_analysis->matchedCollectives)
                          .arg(stragglers));
}

void TraceStage::fillCollectives()
{
    m_collectives->removeRows(0, m_collectives->rowCount());
    if (!m_analysis)
        return;
    for (const model::CollectiveFigures& c : m_analysis->collectives) {
        const QString group = c.groupSize
            ? QString::number(c.groupSize) + (c.groupAssumed ? QStringLiteral("*") : QString())
            : QStringLiteral("?");
        QList<QStandardItem*> row { textCell(toQString(model::traits(c.collective).name)),
            cell(c.bytes > 0 ? views::bytesText(c.bytes) : QStringLiteral("?"), static_cast<double>(c.bytes)),
            cell(group, c.groupSize), cell(QString::number(c.calls), c.calls),
            cell(secondsText(c.medianSeconds), c.medianSeconds), cell(gbps(c.busGBps), c.busGBps),
            cell(c.predictedSeconds ? secondsText(*c.predictedSeconds) : QStringLiteral("—"),
                c.predictedSeconds.value_or(0)),
            cell(gbps(c.predictedBusGBps.value_or(0)), c.predictedBusGBps.value_or(0)) };
        m_collectives->appendRow(row);
    }
    m_collectiveView->resizeColumnsToContents();
}

double TraceStage::duration() const
{
    return m_timeline->timeline().duration;
}

void TraceStage::setTime(double t)
{
    m_time = std::clamp(t, 0.0, duration());
    m_timeline->setTime(m_time);
    emit timeChanged(m_time);
}

double TraceStage::naturalRate() const
{
    // The whole window in about 20 s of playback.
    return duration() > 0 ? duration() / 20 : 1;
}

QString TraceStage::explanation() const
{
    QString html = tr("<p><b>Trace lab.</b> Open PyTorch profiler traces (torch.profiler with CUDA activities, one "
                      "file per rank, .json or .json.gz). Each rank's CUDA streams are drawn as lanes: compute kernels "
                      "and NCCL kernels, with the part of each NCCL kernel that no compute kernel hid in red.</p>"
                      "<p><b>Overlap</b> is HolisticTraceAnalysis' figure: time computing and communicating at once ÷ "
                      "communication time. <b>Exposed</b> communication is communication with no compute beside it. "
                      "A rank is <b>late</b> to a collective by the difference between the longest kernel of that "
                      "collective and its own: the last rank to arrive runs the shortest kernel while the others "
                      "wait.</p><p>The collectives table gives the median kernel time and bus bandwidth per size. "
                      "Kernel time includes waiting for late ranks, so measured bandwidth can be far below the "
                      "model's, which assumes everyone starts together.</p>");
    if (m_analysis && !m_analysis->ranks.empty()) {
        const auto& r = m_analysis->ranks.front();
        html += tr("<p>Rank %1: %2 of communication, %3 of it exposed; overlap %4.</p>")
                    .arg(r.rank)
                    .arg(secondsText(r.communication), secondsText(r.exposed), percentText(r.overlapHta));
    }
    return html;
}

ExportCaption TraceStage::exportCaption() const
{
    ExportCaption c;
    c.fileStem = QStringLiteral("trace-lab");
    if (!m_analysis)
        return c;
    c.title = tr("Trace lab: %n rank(s)", nullptr, static_cast<int>(m_analysis->ranks.size()));
    QStringList parts;
    for (const model::RankFigures& r : m_analysis->ranks)
        parts
            << tr("rank %1 overlap %2, exposed %3").arg(r.rank).arg(percentText(r.overlapHta), secondsText(r.exposed));
    c.parameters = parts.mid(0, 4).join(QStringLiteral(" · "));
    return c;
}

void TraceStage::setColors(const views::Palette& palette)
{
    m_timeline->setColors(palette);
}

void TraceStage::retranslate()
{
    m_open->setText(tr("Open traces…"));
    m_open->setToolTip(tr("PyTorch profiler traces, one file per rank (.json, .json.gz)"));
    m_presetLabel->setText(tr("Model hardware"));
    m_gpusLabel->setText(tr("GPUs per node"));
    views::relabelPresets(m_preset);
    m_tabs->setTabText(0, tr("Ranks"));
    m_tabs->setTabText(1, tr("Collectives"));
    m_ranks->setHorizontalHeaderLabels({ tr("Rank"), tr("Window"), tr("Compute"), tr("Communication"), tr("Exposed"),
        tr("Overlap (HTA)"), tr("Late"), tr("Straggler") });
    m_collectives->setHorizontalHeaderLabels({ tr("Collective"), tr("Size"), tr("Group"), tr("Calls"),
        tr("Median time"), tr("Bus bandwidth"), tr("Model time"), tr("Model bus bandwidth") });
    fillRanks();
    fillCollectives();
    if (!m_analysis)
        m_status->setText(tr("No trace open."));
}

} // namespace tutor::app
