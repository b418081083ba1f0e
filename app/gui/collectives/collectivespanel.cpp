// SPDX-License-Identifier: MIT
#include "collectivespanel.h"

#include "model/collectives/algorithm.h"
#include "model/collectives/collective.h"
#include "model/collectives/hardware.h"
#include "views/text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <algorithm>
#include <cmath>
#include <utility>

namespace tutor::app {

using views::toQString;

namespace {
constexpr int kMaxRanks = 16384;

template <class E> void selectData(QComboBox* box, E value)
{
    const int index = box->findData(static_cast<int>(value));
    if (index >= 0)
        box->setCurrentIndex(index);
}
} // namespace

views::LogScale CollectivesPanel::sizeScale()
{
    return { 4.0, 16.0 * model::GiB, 1 };
}

CollectivesPanel::CollectivesPanel(QWidget* parent)
    : QWidget(parent)
{
    m_form = new QFormLayout(this);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_collective = new QComboBox(this);
    for (const auto& t : model::collectives())
        m_collective->addItem(toQString(t.name), static_cast<int>(t.op));
    m_algorithm = new QComboBox(this);
    m_protocol = new QComboBox(this);
    m_protocol->addItem(QString(), static_cast<int>(model::Protocol::Auto));
    for (auto p : model::concreteProtocols())
        m_protocol->addItem(toQString(model::name(p)), static_cast<int>(p));
    m_ranks = new QSpinBox(this);
    m_ranks->setRange(2, kMaxRanks);
    m_nodes = new QSpinBox(this);
    m_nodes->setRange(1, kMaxRanks);
    m_size = new QSlider(Qt::Horizontal, this);
    m_size->setRange(0, sizeScale().positions() - 1);
    m_sizeLabel = new QLabel(this);
    m_sizeLabel->setMinimumWidth(m_sizeLabel->fontMetrics().horizontalAdvance(QStringLiteral("000.00 MiB")));
    auto* sizeRow = new QWidget(this);
    auto* sizeLayout = new QHBoxLayout(sizeRow);
    sizeLayout->setContentsMargins(0, 0, 0, 0);
    sizeLayout->addWidget(m_size, 1);
    sizeLayout->addWidget(m_sizeLabel);
    m_preset = new QComboBox(this);
    for (const auto& p : model::presets())
        m_preset->addItem(views::presetName(p), toQString(p.id));

    m_form->addRow(new QLabel(this), m_collective);
    m_form->addRow(new QLabel(this), m_algorithm);
    m_form->addRow(new QLabel(this), m_protocol);
    m_form->addRow(new QLabel(this), m_ranks);
    m_form->addRow(new QLabel(this), m_nodes);
    m_form->addRow(new QLabel(this), sizeRow);
    m_form->addRow(new QLabel(this), m_preset);
    // "What if" overrides: the lowest value of each box means "the preset's figure".
    const auto overrideBox = [this](double max, int decimals) {
        auto* box = new QDoubleSpinBox(this);
        box->setRange(-1, max);
        box->setDecimals(decimals);
        box->setValue(-1);
        m_form->addRow(new QLabel(this), box);
        connect(box, &QDoubleSpinBox::valueChanged, this, &CollectivesPanel::emitChanged);
        return box;
    };
    m_intraAlpha = overrideBox(1e4, 2);
    m_intraBandwidth = overrideBox(1e5, 1);
    m_interAlpha = overrideBox(1e4, 2);
    m_interBandwidth = overrideBox(1e5, 1);
    m_nics = new QSpinBox(this);
    m_nics->setRange(0, 1024);
    m_form->addRow(new QLabel(this), m_nics);
    m_sharp = new QCheckBox(this);
    m_form->addRow(new QLabel(this), m_sharp);
    connect(m_nics, &QSpinBox::valueChanged, this, &CollectivesPanel::emitChanged);
    connect(m_sharp, &QCheckBox::toggled, this, &CollectivesPanel::emitChanged);

    setParams(CollectivesParams {});
    retranslate();

    // A new collective offers only its own algorithms (AllToAll has no ring); the list changes before the
    // parameters go out, so the request never names an algorithm the collective lacks.
    connect(m_collective, &QComboBox::currentIndexChanged, this, [this] {
        const bool updating = std::exchange(m_updating, true);
        fillAlgorithms(static_cast<model::Collective>(m_collective->currentData().toInt()));
        m_updating = updating;
    });
    for (QComboBox* box : { m_collective, m_algorithm, m_protocol, m_preset })
        connect(box, &QComboBox::currentIndexChanged, this, &CollectivesPanel::emitChanged);
    connect(m_ranks, &QSpinBox::valueChanged, this, &CollectivesPanel::emitChanged);
    connect(m_nodes, &QSpinBox::valueChanged, this, &CollectivesPanel::emitChanged);
    connect(m_size, &QSlider::valueChanged, this, [this] {
        updateSizeLabel();
        emitChanged();
    });
}

CollectivesParams CollectivesPanel::params() const
{
    CollectivesParams p;
    p.op = static_cast<model::Collective>(m_collective->currentData().toInt());
    p.algorithm = static_cast<model::Algorithm>(m_algorithm->currentData().toInt());
    p.protocol = static_cast<model::Protocol>(m_protocol->currentData().toInt());
    p.ranks = m_ranks->value();
    p.nodes = m_nodes->value();
    p.bytes = static_cast<model::Bytes>(std::llround(sizeScale().valueAt(m_size->value())));
    p.presetId = m_preset->currentData().toString().toStdString();
    p.intraAlphaUs = m_intraAlpha->value();
    p.intraBandwidthGBps = m_intraBandwidth->value();
    p.interAlphaUs = m_interAlpha->value();
    p.interBandwidthGBps = m_interBandwidth->value();
    p.nicsPerNode = m_nics->value();
    p.sharp = m_sharp->isChecked();
    return p;
}

void CollectivesPanel::setParams(const CollectivesParams& params)
{
    m_updating = true;
    selectData(m_collective, params.op);
    fillAlgorithms(params.op);
    selectData(m_algorithm, params.algorithm);
    selectData(m_protocol, params.protocol);
    m_ranks->setValue(params.ranks);
    m_nodes->setValue(params.nodes);
    m_size->setValue(sizeScale().positionOf(static_cast<double>(params.bytes)));
    const int preset = m_preset->findData(QString::fromStdString(params.presetId));
    if (preset >= 0)
        m_preset->setCurrentIndex(preset);
    m_intraAlpha->setValue(params.intraAlphaUs);
    m_intraBandwidth->setValue(params.intraBandwidthGBps);
    m_interAlpha->setValue(params.interAlphaUs);
    m_interBandwidth->setValue(params.interBandwidthGBps);
    m_nics->setValue(params.nicsPerNode);
    m_sharp->setChecked(params.sharp);
    updateSizeLabel();
    m_updating = false;
}

void CollectivesPanel::retranslate()
{
    views::relabelPresets(m_preset);
    const auto label = [this](QWidget* field, const QString& text) {
        if (auto* l = qobject_cast<QLabel*>(m_form->labelForField(field)))
            l->setText(text);
    };
    label(m_collective, tr("Collective"));
    label(m_algorithm, tr("Algorithm"));
    label(m_protocol, tr("Protocol"));
    label(m_ranks, tr("Ranks"));
    label(m_nodes, tr("Nodes"));
    label(m_size->parentWidget(), tr("Message size"));
    label(m_preset, tr("Hardware"));
    label(m_intraAlpha, tr("Intra-node α (µs)"));
    label(m_intraBandwidth, tr("Intra-node β (GB/s)"));
    label(m_interAlpha, tr("Network α (µs)"));
    label(m_interBandwidth, tr("Network β per NIC (GB/s)"));
    label(m_nics, tr("NICs per node"));
    label(m_sharp, tr("In-network reduction"));
    for (QDoubleSpinBox* box : { m_intraAlpha, m_intraBandwidth, m_interAlpha, m_interBandwidth }) {
        box->setSpecialValueText(tr("preset"));
        box->setToolTip(tr("Replaces the preset's figure for a \"what if\"; the lowest value keeps the preset's"));
    }
    m_interBandwidth->setToolTip(
        tr("One NIC's β on its own. Replaces the preset's figure for a \"what if\"; the lowest "
           "value keeps the preset's. While all of a node's NICs stream under NCCL's rings "
           "and trees, each keeps the preset's share of it"));
    m_nics->setSpecialValueText(tr("preset"));
    m_nics->setToolTip(tr("Network cards per node; rings and trees across nodes use one channel per NIC"));
    m_sharp->setText(tr("SHARP / CollNet"));
    m_sharp->setToolTip(tr("The switches between nodes reduce (NCCL CollNet with SHARP): each node sends S instead "
                           "of the ring's 2(n−1)/n·S per GPU"));
    for (int i = 0; i < m_algorithm->count(); ++i)
        m_algorithm->setItemText(i, algorithmText(static_cast<model::Algorithm>(m_algorithm->itemData(i).toInt())));
    m_protocol->setItemText(0, tr("auto (cheapest)"));
    m_collective->setToolTip(tr("The collective operation to animate and cost"));
    m_algorithm->setToolTip(
        tr("How the data moves; auto picks the cheapest of NCCL's own algorithms, as NCCL's tuner does"));
    m_protocol->setToolTip(tr("NCCL protocol: LL (low latency), LL128, or Simple (full bandwidth)"));
    m_ranks->setToolTip(tr("Number of GPUs taking part; up to 64 are drawn one by one"));
    m_nodes->setToolTip(tr("Number of machines; must divide the number of ranks"));
    m_size->setToolTip(tr("Message size S as nccl-tests counts it (log scale)"));
    m_sizeLabel->setToolTip(m_size->toolTip());
    m_preset->setToolTip(tr("Hardware preset: the links inside a node and between nodes"));
}

QString CollectivesPanel::algorithmText(model::Algorithm algorithm) const
{
    if (algorithm == model::Algorithm::Auto)
        return tr("auto (cheapest)");
    // The MPI / textbook algorithms are offered by hand and say that NCCL does not run them.
    return model::originOf(algorithm) == model::Origin::Nccl
        ? toQString(model::name(algorithm))
        : tr("%1 (MPI / textbook, not NCCL)").arg(toQString(model::name(algorithm)));
}

void CollectivesPanel::fillAlgorithms(model::Collective op)
{
    const auto chosen = static_cast<model::Algorithm>(m_algorithm->currentData().toInt());
    const QSignalBlocker quiet(m_algorithm);
    m_algorithm->clear();
    m_algorithm->addItem(algorithmText(model::Algorithm::Auto), static_cast<int>(model::Algorithm::Auto));
    for (const model::Algorithm a : model::algorithmsFor(op))
        m_algorithm->addItem(algorithmText(a), static_cast<int>(a));
    const int index = m_algorithm->findData(static_cast<int>(chosen));
    m_algorithm->setCurrentIndex(index >= 0 ? index : 0);
}

void CollectivesPanel::setCalibratedProfile(const QString& name)
{
    const QString id = QString::fromLatin1(CollectivesController::kCalibratedPresetId);
    const QSignalBlocker quiet(m_preset);
    const int at = m_preset->findData(id);
    if (name.isEmpty()) {
        if (at >= 0)
            m_preset->removeItem(at);
        return;
    }
    const QString text = tr("Calibrated: %1").arg(name);
    if (at >= 0)
        m_preset->setItemText(at, text);
    else
        m_preset->insertItem(0, text, id);
    m_preset->setItemData(m_preset->findData(id),
        tr("Links fitted to your live-lab measurements (Live lab → Calibrate → Use for predictions)"), Qt::ToolTipRole);
}

std::vector<model::Algorithm> CollectivesPanel::offeredAlgorithms() const
{
    std::vector<model::Algorithm> out;
    for (int i = 0; i < m_algorithm->count(); ++i)
        out.push_back(static_cast<model::Algorithm>(m_algorithm->itemData(i).toInt()));
    return out;
}

void CollectivesPanel::setUnavailableAlgorithms(const std::vector<std::pair<model::Algorithm, QString>>& unavailable)
{
    auto* items = qobject_cast<QStandardItemModel*>(m_algorithm->model());
    if (!items)
        return;
    for (int i = 0; i < items->rowCount(); ++i) {
        QStandardItem* item = items->item(i);
        const auto a = static_cast<model::Algorithm>(item->data(Qt::UserRole).toInt());
        const auto found
            = std::find_if(unavailable.begin(), unavailable.end(), [a](const auto& entry) { return entry.first == a; });
        item->setEnabled(found == unavailable.end());
        item->setToolTip(found == unavailable.end() ? QString() : found->second);
    }
}

void CollectivesPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void CollectivesPanel::emitChanged()
{
    if (!m_updating)
        emit paramsChanged(params());
}

void CollectivesPanel::updateSizeLabel()
{
    const auto bytes = static_cast<model::Bytes>(std::llround(sizeScale().valueAt(m_size->value())));
    m_sizeLabel->setText(QString::fromStdString(model::formatBytes(bytes)));
}

} // namespace tutor::app
