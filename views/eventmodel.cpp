// SPDX-License-Identifier: MIT
#include "eventmodel.h"

#include "views/text.h"
#include "views/timelinepainter.h"

#include <cmath>

namespace tutor::views {

namespace {
QString bytes(double b)
{
    return bytesText(static_cast<model::Bytes>(std::llround(b)));
}
} // namespace

void EventModel::setTimeline(model::Timeline timeline)
{
    setTimeline(std::make_shared<const model::Timeline>(std::move(timeline)));
}

void EventModel::setTimeline(std::shared_ptr<const model::Timeline> timeline)
{
    beginResetModel();
    m_timeline = timeline ? std::move(timeline) : std::make_shared<const model::Timeline>();
    endResetModel();
}

int EventModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_timeline->events.size());
}

int EventModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& e = m_timeline->events[static_cast<size_t>(index.row())];
    const bool laneKnown = e.lane >= 0 && e.lane < static_cast<int>(m_timeline->lanes.size());
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Label:
            return eventLabel(e.label);
        case Kind:
            return displayName(e.kind);
        case Lane:
            return laneKnown ? laneName(m_timeline->lanes[static_cast<size_t>(e.lane)]) : QString();
        case Start:
            return secondsText(e.start);
        case Duration:
            return secondsText(e.duration);
        case Size:
            return e.bytes > 0 ? bytes(static_cast<double>(e.bytes)) : QString();
        case Exposed:
            return e.kind == model::EventKind::Communication ? secondsText(e.exposed) : QString();
        case Group:
            return QString::fromStdString(m_timeline->groupLabel(e));
        default:
            return {};
        }
    }
    if (role == RawValueRole) {
        switch (index.column()) {
        case Label: // sorted as the simulator wrote it: translating it per comparison would take seconds at 50k rows
            return QString::fromStdString(e.label);
        case Kind:
            return static_cast<int>(e.kind);
        case Lane:
            return e.lane;
        case Start:
            return e.start;
        case Duration:
            return e.duration;
        case Size:
            return static_cast<qint64>(e.bytes);
        case Exposed:
            return e.exposed;
        case Group:
            return QString::fromStdString(m_timeline->groupLabel(e));
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() >= Start && index.column() <= Exposed)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant EventModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Label:
        return tr("Event");
    case Kind:
        return tr("Kind");
    case Lane:
        return tr("Lane");
    case Start:
        return tr("Start");
    case Duration:
        return tr("Duration");
    case Size:
        return tr("Size");
    case Exposed:
        return tr("Exposed");
    case Group:
        return tr("Group");
    default:
        return {};
    }
}

void MetricsModel::setMetrics(const model::StepMetrics& metrics)
{
    beginResetModel();
    m_metrics = metrics;
    rebuild();
    endResetModel();
}

void MetricsModel::retranslate()
{
    if (m_rows.empty())
        return;
    rebuild();
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void MetricsModel::rebuild()
{
    const auto& m = m_metrics;
    m_rows.clear();
    auto add = [this](QString name, QString value, double raw, QString explanation) {
        m_rows.push_back({ std::move(name), std::move(value), raw, std::move(explanation) });
    };
    add(tr("Step time"), secondsText(m.stepSeconds), m.stepSeconds, tr("Time of one optimizer step"));
    add(tr("Compute"), secondsText(m.computeSeconds), m.computeSeconds,
        tr("Busy time of the compute lane of the critical stage (stage %1)").arg(m.criticalStage));
    add(tr("Communication"), secondsText(m.commSeconds), m.commSeconds,
        tr("Sum of all collective durations on the critical stage"));
    add(tr("Exposed communication"), secondsText(m.exposedCommSeconds), m.exposedCommSeconds,
        tr("Communication not hidden behind compute: step time minus compute on the critical path"));
    add(tr("Overlap (HTA)"), percentText(m.overlapHta), m.overlapHta,
        tr("Holistic Trace Analysis: time computing and communicating at once ÷ communication time"));
    add(tr("Overlap (OSU)"), percentText(m.overlapOsu), m.overlapOsu,
        tr("OSU benchmarks: 1 − exposed communication ÷ pure communication time"));
    add(tr("Pipeline bubble"), percentText(m.bubbleFraction), m.bubbleFraction,
        tr("Mean idle fraction of the pipeline stages: (p−1)/(m+p−1) for GPipe and 1F1B"));
    add(tr("Tokens / s"), QString::number(m.tokensPerSecond, 'f', 0), m.tokensPerSecond,
        tr("Tokens of the global batch ÷ step time"));
    add(tr("MFU"), percentText(m.mfu), m.mfu,
        tr("Model FLOPs utilisation: model FLOPs ÷ (step · peak · GPUs), the peak of the precision the GEMMs run at "
           "(fp8 or bf16)"));
    add(tr("Peak memory / GPU"), bytes(m.memory.totalBytes), m.memory.totalBytes,
        tr("Parameters %1, gradients %2, optimizer %3, activations %4, buffers %5 (the loss's logits, ZeRO-3's "
           "gathered layers) on stage %6 (capacity %7)")
            .arg(bytes(m.memory.paramsBytes), bytes(m.memory.gradsBytes), bytes(m.memory.optimizerBytes),
                bytes(m.memory.activationsBytes), bytes(m.memory.buffersBytes))
            .arg(m.memory.stage)
            .arg(bytes(m.memory.capacityBytes)));
    const std::array<QString, model::kLaneKinds - 1> dimensionNames { tr("TP"), tr("DP"), tr("PP"), tr("EP"),
        tr("CP") };
    for (size_t d = 0; d < m.dimensions.size(); ++d) {
        const auto& dim = m.dimensions[d];
        if (dim.calls == 0)
            continue;
        add(tr("%1 communication").arg(dimensionNames[d]),
            tr("%1 (%2 exposed)").arg(secondsText(dim.seconds), secondsText(dim.exposedSeconds)), dim.seconds,
            tr("%1 collectives moving %2 in total").arg(dim.calls).arg(bytes(static_cast<double>(dim.bytes))));
    }
}

int MetricsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int MetricsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MetricsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == Name ? row.name : row.value;
    case Qt::ToolTipRole:
        return row.explanation;
    case RawValueRole:
        return row.raw;
    case Qt::TextAlignmentRole:
        return index.column() == Value ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    default:
        return {};
    }
}

QVariant MetricsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return section == Name ? tr("Figure") : section == Value ? tr("Value") : QVariant();
}

} // namespace tutor::views
