// SPDX-License-Identifier: MIT
#include "searchstage.h"

#include "app/gui/futures.h"
#include "views/charts/layoutchart.h"
#include "views/text.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cmath>

namespace tutor::app {

using views::toQString;

namespace {
// The search's name for a layout ("dp16 tp4 pp1 zero3 selective mbs1") with its recomputation word in the
// interface's language.
QString layoutName(const model::Scenario& scenario)
{
    QStringList words = toQString(scenario.name).split(QLatin1Char(' '));
    const QString recompute = toQString(model::name(scenario.compute.recompute));
    for (QString& word : words)
        if (word == recompute)
            word = views::recomputeText(scenario.compute.recompute);
    return words.join(QLatin1Char(' '));
}
} // namespace

// ---- LayoutTableModel ------------------------------------------------------------------------------------------

int LayoutTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int LayoutTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : Columns;
}

QVariant LayoutTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const auto& row = m_rows[static_cast<std::size_t>(index.row())];
    const auto& m = row.metrics;
    if (role == Qt::TextAlignmentRole)
        return index.column() == Layout ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                        : int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Layout)
        return tr("Double-click to open this layout on the Training page");
    if (role != Qt::DisplayRole)
        return {};
    const auto exposed
        = [&](model::LaneKind lane) { return QStringLiteral("%1 s").arg(m.dimension(lane).exposedSeconds, 0, 'f', 3); };
    switch (index.column()) {
    case Rank:
        return index.row() + 1;
    case Layout:
        return layoutName(row.scenario);
    case Step:
        return QStringLiteral("%1 s").arg(m.stepSeconds, 0, 'f', 3);
    case Mfu:
        return QStringLiteral("%1 %").arg(m.mfu * 100, 0, 'f', 1);
    case Tokens:
        return QLocale().toString(std::round(m.tokensPerSecond), 'f', 0); // 66,000, not 6.6e+04
    case Bubble:
        return QStringLiteral("%1 %").arg(m.bubbleFraction * 100, 0, 'f', 1);
    case Memory:
        return QStringLiteral("%1 GiB").arg(m.memory.totalBytes / (1 << 30), 0, 'f', 1);
    case ExposedTp:
        return exposed(model::LaneKind::TpComm);
    case ExposedDp:
        return exposed(model::LaneKind::DpComm);
    case ExposedPp:
        return exposed(model::LaneKind::PpComm);
    case ExposedEp:
        return exposed(model::LaneKind::EpComm);
    case ExposedCp:
        return exposed(model::LaneKind::CpComm);
    default:
        return {};
    }
}

QVariant LayoutTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Rank:
        return tr("#");
    case Layout:
        return tr("Layout");
    case Step:
        return tr("Step");
    case Mfu:
        return tr("MFU");
    case Tokens:
        return tr("Tokens/s");
    case Bubble:
        return tr("Bubble");
    case Memory:
        return tr("Memory/GPU");
    case ExposedTp:
        return tr("Exposed TP");
    case ExposedDp:
        return tr("Exposed DP");
    case ExposedPp:
        return tr("Exposed PP");
    case ExposedEp:
        return tr("Exposed EP");
    case ExposedCp:
        return tr("Exposed CP");
    default:
        return {};
    }
}

void LayoutTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

int LayoutTableModel::add(model::LayoutResult layout)
{
    const auto at = std::upper_bound(m_rows.begin(), m_rows.end(), layout.metrics.stepSeconds,
        [](double step, const model::LayoutResult& r) { return step < r.metrics.stepSeconds; });
    const int row = static_cast<int>(at - m_rows.begin());
    beginInsertRows({}, row, row);
    m_rows.insert(at, std::move(layout));
    endInsertRows();
    // ranks below the new row moved by one
    if (row + 1 < rowCount())
        emit dataChanged(index(row + 1, Rank), index(rowCount() - 1, Rank));
    return row;
}

void LayoutTableModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, Columns - 1);
}

// ---- SearchStage -----------------------------------------------------------------------------------------------

SearchStage::SearchStage(QWidget* parent)
    : Stage(parent)
{
    setObjectName(QStringLiteral("searchStage"));
    m_model = new LayoutTableModel(this);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("layoutTable"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_chart = new views::LayoutChart(this);
    m_chart->setObjectName(QStringLiteral("layoutChart"));
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_view);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    m_chart->setMinimumHeight(260);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    buildPanel();
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        select(index.row());
        openSelected();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { select(current.row()); });
    connect(m_chart, &views::LayoutChart::layoutClicked, this, [this](int row) {
        m_view->selectRow(row);
        select(row);
    });
    connect(&m_watcher, &QFutureWatcher<model::Result<model::SearchResult>>::finished, this, &SearchStage::onFinished);
    retranslate();
}

SearchStage::~SearchStage()
{
    stop();
    waitIfRunning(m_watcher);
}

void SearchStage::buildPanel()
{
    m_panel = new QWidget(this);
    m_panel->setObjectName(QStringLiteral("searchPanel"));
    auto* v = new QVBoxLayout(m_panel);
    auto* group = new QGroupBox(m_panel);
    m_form = new QFormLayout(group);
    m_modelBox = new QComboBox(group);
    for (const auto& m : model::namedModels())
        m_modelBox->addItem(toQString(m.id), toQString(m.id));
    m_modelBox->setCurrentIndex(m_modelBox->findData(QStringLiteral("llama3-70b")));
    m_gpus = new QSpinBox(group);
    m_gpus->setRange(1, 1'000'000);
    m_gpus->setValue(64);
    m_preset = new QComboBox(group);
    for (const auto& p : model::presets())
        m_preset->addItem(views::presetName(p), toQString(p.id));
    m_preset->setCurrentIndex(m_preset->findData(QStringLiteral("hgx-h100")));
    refreshCalibratedProfile();
    m_batch = new QSpinBox(group);
    m_batch->setRange(0, 100'000'000);
    m_batch->setValue(128);
    m_seqLen = new QSpinBox(group);
    m_seqLen->setObjectName(QStringLiteral("searchSeqLen"));
    m_seqLen->setRange(0, 10'000'000);
    m_seqLen->setValue(0);
    for (QWidget* field : std::initializer_list<QWidget*> { m_modelBox, m_gpus, m_preset, m_batch, m_seqLen })
        m_form->addRow(new QLabel(group), field); // label texts in retranslate()
    v->addWidget(group);
    m_run = new QPushButton(m_panel);
    m_run->setObjectName(QStringLiteral("searchRun"));
    m_stop = new QPushButton(m_panel);
    m_stop->setEnabled(false);
    m_open = new QPushButton(m_panel);
    m_open->setEnabled(false);
    m_progress = new QProgressBar(m_panel);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_status = new QLabel(m_panel);
    m_status->setWordWrap(true);
    for (QWidget* w : std::initializer_list<QWidget*> { m_run, m_stop, m_open, m_progress, m_status })
        v->addWidget(w);
    v->addStretch(1);
    connect(m_run, &QPushButton::clicked, this, &SearchStage::start);
    connect(m_stop, &QPushButton::clicked, this, &SearchStage::stop);
    connect(m_open, &QPushButton::clicked, this, &SearchStage::openSelected);
}

void SearchStage::refreshCalibratedProfile()
{
    m_calibrated = loadCalibratedChoice();
    offerCalibrated(m_preset, m_calibrated);
}

void SearchStage::retranslate()
{
    views::relabelPresets(m_preset);
    offerCalibrated(m_preset, m_calibrated); // relabelled in the new language; the file is read when it changes
    const auto label = [this](int row, const QString& text) {
        if (auto* item = m_form->itemAt(row, QFormLayout::LabelRole))
            if (auto* l = qobject_cast<QLabel*>(item->widget()))
                l->setText(text);
    };
    label(0, tr("Model"));
    label(1, tr("GPUs"));
    label(2, tr("Hardware"));
    label(3, tr("Global batch"));
    label(4, tr("Sequence length"));
    m_modelBox->setToolTip(tr("A model with its published shape (layers, hidden size, heads, vocabulary)"));
    m_gpus->setToolTip(tr("GPUs in all: a multiple of the preset's GPUs per node"));
    m_batch->setToolTip(tr("Sequences per optimizer step; every layout keeps it"));
    m_batch->setSpecialValueText(tr("2 × GPUs"));
    m_seqLen->setToolTip(tr("Tokens per sequence; from 16,384 on, context parallelism (CP 2 to 16) joins the search"));
    m_seqLen->setSpecialValueText(tr("the model's"));
    m_run->setText(tr("Search layouts"));
    m_run->setToolTip(tr("Enumerate DP × TP × PP × virtual stages × EP × CP × ZeRO × recomputation × micro-batch size, "
                         "drop what breaks a rule or does not fit in memory, simulate the rest"));
    m_stop->setText(tr("Stop"));
    m_open->setText(tr("Open on Training page"));
    m_model->retranslate();
    m_chart->retranslate();
    emit explanationChanged(explanation());
}

bool SearchStage::setInputs(const QString& model, int gpus, const QString& preset, int globalBatch)
{
    const int m = m_modelBox->findData(model), p = m_preset->findData(preset);
    if (m < 0 || p < 0)
        return false;
    m_modelBox->setCurrentIndex(m);
    m_preset->setCurrentIndex(p);
    m_gpus->setValue(gpus);
    m_batch->setValue(globalBatch);
    return true;
}

void SearchStage::start()
{
    stop();
    waitIfRunning(m_watcher);
    model::SearchRequest request;
    const auto shape = model::findModel(m_modelBox->currentData().toString().toStdString());
    if (!shape)
        return;
    request.base.model = *shape;
    if (m_seqLen->value() > 0)
        request.base.model.seqLen = m_seqLen->value();
    request.base.name = { m_modelBox->currentData().toString().toStdString(), {} };
    if (m_preset->currentData() == kCalibratedEntry && m_calibrated)
        applyCalibrated(request.base.hardware, *m_calibrated);
    else
        request.base.hardware.preset = m_preset->currentData().toString().toStdString();
    request.gpus = m_gpus->value();
    request.globalBatch = m_batch->value();
    if (const auto problems = model::validate(request); !problems.empty()) {
        m_status->setText(views::errorHtml(views::problemsText(problems)));
        emit message(views::problemsText(problems), true);
        return;
    }
    m_model->clear();
    m_selected = -1;
    m_total = 0;
    m_rejected = 0;
    m_chart->setLayouts({}, -1);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_run->setEnabled(false);
    m_stop->setEnabled(true);
    m_open->setEnabled(false);
    m_progress->setRange(0, 0);
    m_status->setText(tr("Enumerating layouts…"));
    auto cancel = m_cancel;
    m_searchBlocks.emplace();
    m_watcher.setFuture(QtConcurrent::run([this, request, cancel] {
        return model::searchLayouts(
            request,
            [this](int done, int total, const model::LayoutResult& layout) {
                QMetaObject::invokeMethod(
                    this, [this, layout, done, total] { onLayout(layout, done, total); }, Qt::QueuedConnection);
            },
            cancel.get());
    }));
    emit explanationChanged(explanation());
}

void SearchStage::stop()
{
    if (m_cancel)
        m_cancel->store(true);
}

bool SearchStage::running() const
{
    return m_watcher.isRunning();
}

void SearchStage::waitForFinished()
{
    waitIfRunning(m_watcher);
    QCoreApplication::processEvents();
}

void SearchStage::onLayout(const model::LayoutResult& layout, int done, int total)
{
    m_total = total;
    m_progress->setRange(0, total);
    m_progress->setValue(done);
    if (!layout.rejected.empty()) {
        ++m_rejected;
        return;
    }
    m_model->add(layout);
    // The chart is redrawn every 64 layouts and at the end, so a long search stays responsive.
    if (done % 64 == 0 || done == total)
        refreshChart();
    m_status->setText(tr("Simulated %1 of %2 layouts").arg(done).arg(total));
}

void SearchStage::onFinished()
{
    m_last = m_watcher.future().takeResult(); // not kept twice
    m_searchBlocks.reset();
    m_run->setEnabled(true);
    m_stop->setEnabled(false);
    m_progress->setRange(0, std::max(1, m_total));
    m_progress->setValue(std::max(1, m_total));
    if (!m_last) {
        m_status->setText(views::errorHtml(views::problemsText(m_last.problems())));
    } else {
        const auto& r = *m_last;
        m_status->setText((r.cancelled ? tr("Stopped: %1 of %2 layouts simulated, %3 rejected before simulation.")
                                       : tr("%1 of %2 layouts simulated, %3 rejected (a rule or memory)."))
                              .arg(m_model->rowCount())
                              .arg(r.enumerated)
                              .arg(static_cast<int>(r.rejected.size())));
        if (m_model->rowCount() > 0 && m_selected < 0) {
            m_view->selectRow(0);
            select(0);
        }
    }
    refreshChart();
    emit explanationChanged(explanation());
}

void SearchStage::select(int row)
{
    m_selected = row;
    m_open->setEnabled(row >= 0 && row < m_model->rowCount());
    m_chart->setSelected(row);
    emit explanationChanged(explanation());
}

void SearchStage::refreshChart()
{
    m_chart->setLayouts(m_model->layouts(), m_selected);
}

void SearchStage::openSelected()
{
    if (m_selected >= 0 && m_selected < m_model->rowCount())
        emit openScenario(m_model->layouts()[static_cast<std::size_t>(m_selected)].scenario);
}

QString SearchStage::explanation() const
{
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(tr("Which layout for this model on these GPUs?"));
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("Every combination of data, tensor and pipeline parallelism, interleaving, expert parallelism, "
                        "ZeRO stage, recomputation and micro-batch size that keeps Megatron-LM's rules and fits in "
                        "memory is simulated; the table ranks them by step time. On the chart, the line is the Pareto "
                        "front: layouts that no other layout beats on both step time and memory."));
    if (m_selected >= 0 && m_selected < m_model->rowCount()) {
        const auto& row = m_model->layouts()[static_cast<std::size_t>(m_selected)];
        const auto& m = row.metrics;
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("<b>%1</b>: step %2 s, MFU %3 %, bubble %4 %, %5 GiB per GPU; exposed communication "
                            "%6 s of it.")
                             .arg(toQString(row.scenario.name).toHtmlEscaped())
                             .arg(m.stepSeconds, 0, 'f', 3)
                             .arg(m.mfu * 100, 0, 'f', 1)
                             .arg(m.bubbleFraction * 100, 0, 'f', 1)
                             .arg(m.memory.totalBytes / (1 << 30), 0, 'f', 1)
                             .arg(m.exposedCommSeconds, 0, 'f', 3));
    }
    return html;
}

void SearchStage::setColors(const views::Palette& palette)
{
    m_chart->setColors(palette);
}

} // namespace tutor::app
