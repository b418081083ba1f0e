// SPDX-License-Identifier: MIT
// The live lab's parameter panel: the form that becomes a LiveLabRequest, and the file actions.
#include "app/gui/livelab/hardwareprofile.h"
#include "app/gui/livelab/livelabsession.h"
#include "app/gui/livelab/livelabstage.h"
#include "model/collectives/units.h"
#include "model/measure/ncclimport.h"
#include "views/text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>
#include <algorithm>
#include <optional>

namespace tutor::app {

namespace {

/// The small dialog that asks for the op and rank count a nccl-tests file does not state, prefilled with what the
/// run does say, else with the panel's current op and ranks. nullopt when cancelled.
std::optional<model::ImportHints> askOpAndRanks(
    QWidget* parent, const model::ImportedRun& run, const QString& file, const LiveLabRequest& current)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Import %1").arg(file));
    auto* layout = new QVBoxLayout(&dialog);
    auto* why = new QLabel(QObject::tr("The log does not say everything about the run at line %1. "
                                       "Check the collective and the number of ranks:")
                               .arg(run.firstLine));
    why->setWordWrap(true);
    layout->addWidget(why);
    auto* form = new QFormLayout;
    auto* op = new QComboBox;
    op->setObjectName(QStringLiteral("importOp"));
    for (const auto& t : model::collectives())
        op->addItem(views::toQString(t.name), static_cast<int>(t.op));
    op->setCurrentIndex(op->findData(static_cast<int>(run.op.value_or(current.op))));
    form->addRow(QObject::tr("Collective"), op);
    auto* ranks = new QSpinBox;
    ranks->setObjectName(QStringLiteral("importRanks"));
    ranks->setRange(1, 1 << 20);
    ranks->setValue(run.ranks > 0 ? run.ranks : std::max(current.ranks, 1));
    form->addRow(QObject::tr("Ranks"), ranks);
    layout->addLayout(form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return model::ImportHints { static_cast<model::Collective>(op->currentData().toInt()), ranks->value() };
}

} // namespace

void LiveLabStage::buildPanel()
{
    m_panel = new QWidget;
    auto* outer = new QVBoxLayout(m_panel);
    auto* form = new QFormLayout;
    outer->addLayout(form);

    m_backend = new QComboBox;
    m_backend->addItem(QString(), static_cast<int>(live::BackendKind::Mpi));
    m_backend->addItem(QString(), static_cast<int>(live::BackendKind::Nccl));
    m_texts.item(m_backend, 0, QT_TR_NOOP("MPI (CPU, any machine)"));
    m_texts.item(m_backend, 1, QT_TR_NOOP("NCCL (GPUs)"));
    form->addRow(m_texts.label(QT_TR_NOOP("Backend")), m_backend);

    m_ranks = new QSpinBox;
    m_ranks->setRange(1, 4096);
    m_ranks->setValue(2);
    m_texts.toolTip(m_ranks, QT_TR_NOOP("MPI processes, or GPUs for NCCL"));
    form->addRow(m_texts.label(QT_TR_NOOP("Ranks")), m_ranks);

    auto* hosts = new QHBoxLayout;
    m_hostsFile = new QLineEdit;
    m_texts.placeholder(m_hostsFile, QT_TR_NOOP("this machine"));
    auto* browse = new QPushButton(tr("…"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("MPI hosts file"));
        if (!path.isEmpty())
            m_hostsFile->setText(path);
    });
    hosts->addWidget(m_hostsFile);
    hosts->addWidget(browse);
    form->addRow(m_texts.label(QT_TR_NOOP("Hosts file")), hosts);

    m_op = new QComboBox;
    // The collectives the worker can run (live/worker).
    using model::Collective;
    for (const Collective op : { Collective::AllReduce, Collective::ReduceScatter, Collective::AllGather,
             Collective::Broadcast, Collective::Reduce, Collective::AllToAll, Collective::SendRecv })
        m_op->addItem(views::toQString(model::name(op)), static_cast<int>(op));
    form->addRow(m_texts.label(QT_TR_NOOP("Collective")), m_op);

    m_minBytes = new QLineEdit(QStringLiteral("8"));
    m_maxBytes = new QLineEdit(QStringLiteral("64M"));
    m_texts.toolTip(m_minBytes, QT_TR_NOOP("8, 64K, 8M, 1G (K/M/G are powers of 1024, as in nccl-tests)"));
    m_texts.toolTip(m_maxBytes, QT_TR_NOOP("8, 64K, 8M, 1G (K/M/G are powers of 1024, as in nccl-tests)"));
    form->addRow(m_texts.label(QT_TR_NOOP("From size")), m_minBytes);
    form->addRow(m_texts.label(QT_TR_NOOP("To size")), m_maxBytes);
    m_stepFactor = new QSpinBox;
    m_stepFactor->setRange(2, 64);
    m_stepFactor->setValue(2);
    form->addRow(m_texts.label(QT_TR_NOOP("Size factor")), m_stepFactor);
    m_iterations = new QSpinBox;
    m_iterations->setRange(1, 100000);
    m_iterations->setValue(20);
    form->addRow(m_texts.label(QT_TR_NOOP("Iterations")), m_iterations);
    m_warmup = new QSpinBox;
    m_warmup->setRange(0, 10000);
    m_warmup->setValue(5);
    form->addRow(m_texts.label(QT_TR_NOOP("Warm-up")), m_warmup);
    m_dtype = new QComboBox;
    for (const char* t : { "float", "double", "int32", "int8", "half", "bfloat16" })
        m_dtype->addItem(QString::fromLatin1(t), QString::fromLatin1(t));
    form->addRow(m_texts.label(QT_TR_NOOP("Data type")), m_dtype);
    m_check = m_texts.button(new QCheckBox, QT_TR_NOOP("Check every result"));
    m_check->setChecked(true);
    m_inPlace = m_texts.button(new QCheckBox, QT_TR_NOOP("Also in-place"));
    m_inPlace->setChecked(true);
    m_overlap = m_texts.button(new QCheckBox, QT_TR_NOOP("Overlap experiment"));
    form->addRow(m_check);
    form->addRow(m_inPlace);
    form->addRow(m_overlap);
    m_timeout = new QDoubleSpinBox;
    m_timeout->setRange(0, 3600);
    m_timeout->setValue(60);
    m_texts.add(QT_TR_NOOP(" s"), [this](const QString& t) { m_timeout->setSuffix(t); });
    m_texts.toolTip(
        m_timeout, QT_TR_NOOP("The worker aborts a collective that makes no progress for this long (0: never)"));
    form->addRow(m_texts.label(QT_TR_NOOP("Time-out")), m_timeout);

    m_preset = new QComboBox;
    for (const auto& p : model::presets())
        m_preset->addItem(views::presetName(p), QString::fromStdString(p.id));
    if (auto custom = loadCustomProfile())
        m_preset->addItem(QString::fromStdString(custom->name), QString(LiveLabSession::kCustomPresetId));
    m_preset->setCurrentIndex(std::max(0, m_preset->findData(QStringLiteral("cpu-laptop"))));
    m_texts.toolTip(m_preset, QT_TR_NOOP("The hardware the model's prediction is drawn for"));
    form->addRow(m_texts.label(QT_TR_NOOP("Compare with")), m_preset);
    connect(m_preset, &QComboBox::currentIndexChanged, this,
        [this] { m_session->setComparisonPreset(m_preset->currentData().toString()); });
    connect(m_backend, &QComboBox::currentIndexChanged, this, [this] {
        const bool gpu = static_cast<live::BackendKind>(m_backend->currentData().toInt()) == live::BackendKind::Nccl;
        const int at = m_preset->findData(gpu ? QStringLiteral("hgx-h100") : QStringLiteral("cpu-laptop"));
        if (at >= 0)
            m_preset->setCurrentIndex(at);
        if (!gpu)
            m_ranks->setValue(std::clamp(m_ranks->value(), 1, std::max(2, QThread::idealThreadCount())));
    });

    auto* run = new QHBoxLayout;
    m_start = m_texts.button(new QPushButton, QT_TR_NOOP("Start"));
    m_cancel = m_texts.button(new QPushButton, QT_TR_NOOP("Cancel"));
    m_cancel->setEnabled(false);
    connect(m_start, &QPushButton::clicked, this, &LiveLabStage::start);
    connect(m_cancel, &QPushButton::clicked, this, &LiveLabStage::cancel);
    run->addWidget(m_start);
    run->addWidget(m_cancel);
    outer->addLayout(run);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("idle"));
    outer->addWidget(m_progress);
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(m_status);

    auto* fit = new QHBoxLayout;
    m_calibrate = m_texts.button(new QPushButton, QT_TR_NOOP("Calibrate"));
    m_use = m_texts.button(new QPushButton, QT_TR_NOOP("Use for predictions"));
    m_use->setEnabled(false);
    connect(m_calibrate, &QPushButton::clicked, this, &LiveLabStage::calibrate);
    connect(m_use, &QPushButton::clicked, this, &LiveLabStage::useForPredictions);
    fit->addWidget(m_calibrate);
    fit->addWidget(m_use);
    outer->addLayout(fit);

    // Every run of the session (live runs, opened files, imports): checked runs are drawn beside the current one.
    auto* runsLabel = m_texts.label(QT_TR_NOOP("Runs (check to compare, click to show)"));
    outer->addWidget(runsLabel);
    m_runs = new QListWidget;
    m_runs->setObjectName(QStringLiteral("liveRuns"));
    m_runs->setMaximumHeight(110);
    outer->addWidget(m_runs);
    auto* runButtons = new QHBoxLayout;
    m_removeRun = m_texts.button(new QPushButton, QT_TR_NOOP("Remove run"));
    m_undoRemove = m_texts.button(new QPushButton, QT_TR_NOOP("Undo remove"));
    m_removeRun->setEnabled(false);
    m_undoRemove->setEnabled(false);
    runButtons->addWidget(m_removeRun);
    runButtons->addWidget(m_undoRemove);
    outer->addLayout(runButtons);
    connect(m_runs, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        m_session->setRunVisible(item->data(Qt::UserRole).toInt(), item->checkState() == Qt::Checked);
    });
    connect(m_runs, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        if (!m_session->selectRun(item->data(Qt::UserRole).toInt()))
            showRuns(); // refused while recording: put the selection back
    });
    connect(m_removeRun, &QPushButton::clicked, this, [this] {
        if (const QListWidgetItem* item = m_runs->currentItem()) {
            const QString name = item->text();
            if (m_session->removeRun(item->data(Qt::UserRole).toInt()))
                m_status->setText(tr("Removed %1 (Undo remove puts it back)").arg(name));
        }
    });
    connect(m_undoRemove, &QPushButton::clicked, this, [this] {
        if (m_session->undoRemoveRun())
            m_status->setText(tr("Run put back"));
    });
    auto* removeShortcut = new QShortcut(QKeySequence::Delete, m_runs, nullptr, nullptr, Qt::WidgetShortcut);
    connect(removeShortcut, &QShortcut::activated, m_removeRun, &QPushButton::click);
    auto* undoShortcut = new QShortcut(QKeySequence::Undo, m_runs, nullptr, nullptr, Qt::WidgetShortcut);
    connect(undoShortcut, &QShortcut::activated, m_undoRemove, &QPushButton::click);

    auto* files = new QHBoxLayout;
    auto* open = m_texts.button(new QPushButton, QT_TR_NOOP("Open…"));
    auto* save = m_texts.button(new QPushButton, QT_TR_NOOP("Save…"));
    auto* import = m_texts.button(new QPushButton, QT_TR_NOOP("Import nccl-tests…"));
    const QString jsonl = tr("Measurements (*.jsonl *.json);;All files (*)");
    connect(open, &QPushButton::clicked, this, [this, jsonl] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open measurements"), {}, jsonl);
        if (!path.isEmpty())
            m_status->setText(openMeasurements(path));
    });
    connect(save, &QPushButton::clicked, this, [this, jsonl] {
        const QString path
            = QFileDialog::getSaveFileName(this, tr("Save measurements"), QStringLiteral("live.jsonl"), jsonl);
        if (!path.isEmpty()) {
            const QString error = saveMeasurements(path);
            m_status->setText(error.isEmpty() ? tr("Saved %1").arg(path) : error);
            if (!error.isEmpty())
                emit message(error, true);
        }
    });
    connect(import, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import an nccl-tests log or -J JSON"), {},
            tr("nccl-tests output (*.txt *.log *.out *.json *.dat.*);;All files (*)"));
        if (path.isEmpty())
            return;
        auto read = m_session->readNcclTests(path);
        if (read) {
            const auto incomplete = model::incompleteRuns(*read);
            if (!incomplete.empty()) {
                // The file does not say the op or the rank count of a run: ask, prefilled with what is known.
                const auto& run = *std::find_if(read->runs.begin(), read->runs.end(),
                    [](const model::ImportedRun& r) { return !r.op || r.ranks < 1; });
                const auto hints = askOpAndRanks(this, run, QFileInfo(path).fileName(), request());
                if (!hints) {
                    m_status->setText(tr("Import cancelled: %1").arg(views::problemsText(incomplete)));
                    return;
                }
                read = m_session->readNcclTests(path, *hints);
            }
        }
        m_status->setText(read ? m_session->applyNcclImport(*read, path) : views::problemsText(read.problems()));
    });
    files->addWidget(open);
    files->addWidget(save);
    files->addWidget(import);
    outer->addLayout(files);
    outer->addStretch(1);
}

LiveLabRequest LiveLabStage::request() const
{
    LiveLabRequest r;
    r.backend = static_cast<live::BackendKind>(m_backend->currentData().toInt());
    r.ranks = m_ranks->value();
    r.hostsFile = m_hostsFile->text().trimmed();
    r.op = static_cast<model::Collective>(m_op->currentData().toInt());
    r.minBytes = model::parseBytes(m_minBytes->text().trimmed().toStdString()).value_or(-1);
    r.maxBytes = model::parseBytes(m_maxBytes->text().trimmed().toStdString()).value_or(-1);
    r.stepFactor = m_stepFactor->value();
    r.iterations = m_iterations->value();
    r.warmup = m_warmup->value();
    r.dtype = m_dtype->currentData().toString();
    r.check = m_check->isChecked();
    r.inPlace = m_inPlace->isChecked();
    r.overlap = m_overlap->isChecked();
    r.timeoutSeconds = m_timeout->value();
    return r;
}

} // namespace tutor::app
