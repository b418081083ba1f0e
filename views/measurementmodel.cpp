// SPDX-License-Identifier: MIT
#include "views/measurementmodel.h"

#include "views/text.h"

#include <cmath>

namespace tutor::views {

namespace {

const QString kNone = QStringLiteral("–");

/// (estimate − measured) / measured; nullopt when the measured time is not positive.
std::optional<double> relativeError(model::Seconds estimate, model::Seconds measured)
{
    if (!(measured > 0))
        return std::nullopt;
    return (estimate - measured) / measured;
}

std::optional<double> modelError(const model::MeasurementRow& row)
{
    if (!row.predictedSeconds)
        return std::nullopt;
    return relativeError(*row.predictedSeconds, row.measurement.timeSeconds);
}

bool hasSpread(const model::Measurement& m)
{
    return m.medianSeconds > 0;
}

QVariant finite(double value)
{
    return std::isfinite(value) ? QVariant(value) : QVariant();
}

} // namespace

void MeasurementModel::setRows(std::vector<model::MeasurementRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int MeasurementModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int MeasurementModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MeasurementModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const model::MeasurementRow& row = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: {
        const QVariant shown = text(row, index.column());
        // A warning sign as well as the colour: the flag reads without colour vision too.
        return implausibility(row, index.column()).isEmpty() ? shown
                                                             : QVariant(QStringLiteral("⚠ ") + shown.toString());
    }
    case RawValueRole:
        return raw(row, index.column());
    case Qt::ToolTipRole: {
        const QString why = implausibility(row, index.column());
        return why.isEmpty() ? toolTip(row, index.column()) : why + QLatin1Char('\n') + toolTip(row, index.column());
    }
    case Qt::ForegroundRole:
        if (!implausibility(row, index.column()).isEmpty())
            return QColor(0xcf222e);
        return {};
    case Qt::TextAlignmentRole:
        return static_cast<int>(
            (index.column() == Op || index.column() == InPlace ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    default:
        return {};
    }
}

QString MeasurementModel::implausibility(const model::MeasurementRow& row, int column)
{
    if (column == Efficiency && row.fit && row.fit->efficiency > kMostPlausibleEfficiency)
        return tr("Implausible: %1 % of the fitted asymptotic bandwidth. No size can beat the line's bandwidth for "
                  "long; this one ran faster than the α-β line allows (cache effects, a protocol switch inside the "
                  "range, or too few sizes for the fit).")
            .arg(row.fit->efficiency * 100, 0, 'f', 0);
    return {};
}

QVariant MeasurementModel::text(const model::MeasurementRow& row, int column) const
{
    const model::Measurement& m = row.measurement;
    switch (column) {
    case Op:
        return toQString(model::name(m.op));
    case Size:
        return bytesText(m.bytes);
    case InPlace:
        return m.inPlace ? tr("yes") : tr("no");
    case Measured:
        return secondsText(m.timeSeconds);
    case Spread:
        return hasSpread(m)
            ? QStringLiteral("%1 / %2 / %3")
                  .arg(secondsText(m.minSeconds), secondsText(m.medianSeconds), secondsText(m.p99Seconds))
            : kNone;
    case Predicted:
        return row.predictedSeconds ? secondsText(*row.predictedSeconds) : kNone;
    case ModelError: {
        const auto error = modelError(row);
        return error ? percentText(*error) : kNone;
    }
    case AlgBw:
        return std::isfinite(m.algBwGBps) ? bandwidthText(m.algBwGBps) : kNone;
    case BusBw:
        return std::isfinite(m.busBwGBps) ? bandwidthText(m.busBwGBps) : kNone;
    case Wrong:
        return m.wrong < 0 ? tr("not checked") : QString::number(m.wrong);
    case Fitted:
        return row.fit ? secondsText(row.fit->fittedSeconds) : kNone;
    case FitError:
        return row.fit ? percentText(row.fit->relativeError) : kNone;
    case Efficiency:
        return row.fit ? percentText(row.fit->efficiency) : kNone;
    default:
        return {};
    }
}

QVariant MeasurementModel::raw(const model::MeasurementRow& row, int column) const
{
    const model::Measurement& m = row.measurement;
    switch (column) {
    case Op:
        return static_cast<int>(m.op);
    case Size:
        return static_cast<qint64>(m.bytes);
    case InPlace:
        return m.inPlace;
    case Measured:
        return m.timeSeconds;
    case Spread:
        return hasSpread(m) ? QVariant(m.medianSeconds) : QVariant();
    case Predicted:
        return row.predictedSeconds ? QVariant(*row.predictedSeconds) : QVariant();
    case ModelError: {
        const auto error = modelError(row);
        return error ? QVariant(*error) : QVariant();
    }
    case AlgBw:
        return finite(m.algBwGBps);
    case BusBw:
        return finite(m.busBwGBps);
    case Wrong:
        return m.wrong < 0 ? QVariant() : QVariant(static_cast<qint64>(m.wrong));
    case Fitted:
        return row.fit ? QVariant(row.fit->fittedSeconds) : QVariant();
    case FitError:
        return row.fit ? QVariant(row.fit->relativeError) : QVariant();
    case Efficiency:
        return row.fit ? QVariant(row.fit->efficiency) : QVariant();
    default:
        return {};
    }
}

QString MeasurementModel::toolTip(const model::MeasurementRow& row, int column) const
{
    const model::Measurement& m = row.measurement;
    QString tip = columnDescription(column);
    switch (column) {
    case Op:
    case Size:
        if (!m.source.empty())
            tip += QLatin1Char('\n') + tr("From %1, %2 ranks.").arg(toQString(m.source)).arg(m.ranks);
        break;
    case Measured:
        if (m.iterations > 0)
            tip += QLatin1Char('\n') + tr("Mean of %1 iterations.").arg(m.iterations);
        break;
    case BusBw:
        tip += QLatin1Char('\n')
            + tr("Here algbw × %1, the factor of %2 at %3 ranks.")
                  .arg(model::busBandwidthFactor(m.op, m.ranks), 0, 'g', 4)
                  .arg(toQString(model::name(m.op)))
                  .arg(m.ranks);
        break;
    case Fitted:
    case FitError:
    case Efficiency:
        if (!row.fit)
            tip += QLatin1Char('\n')
                + (m.inPlace ? tr("The calibration fits out-of-place rows only.") : tr("Not calibrated yet."));
        break;
    default:
        break;
    }
    return tip;
}

QString MeasurementModel::columnDescription(int column) const
{
    switch (column) {
    case Op:
        return tr("The collective that was timed.");
    case Size:
        return tr("Message size S as nccl-tests counts it.");
    case InPlace:
        return tr("Whether the output buffer is the input buffer.");
    case Measured:
        return tr("Mean time per call of the slowest rank.");
    case Spread:
        return tr("Fastest, median and 99th-percentile time per call.");
    case Predicted:
        return tr("The model's time for this size on the comparison hardware.");
    case ModelError:
        return tr("(model − measured) / measured.");
    case AlgBw:
        return tr("Algorithm bandwidth: S / time.");
    case BusBw:
        return tr("Bus bandwidth: algbw × the collective's factor, comparable with the link's bandwidth.");
    case Wrong:
        return tr("Elements the correctness check found wrong.");
    case Fitted:
        return tr("The calibrated α-β line at this size.");
    case FitError:
        return tr("(fit − measured) / measured.");
    case Efficiency:
        return tr("Measured bus bandwidth as a fraction of the fit's asymptotic bandwidth.");
    default:
        return {};
    }
}

QVariant MeasurementModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole)
        return columnDescription(section);
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Op:
        return tr("Collective");
    case Size:
        return tr("Size");
    case InPlace:
        return tr("In-place");
    case Measured:
        return tr("Time");
    case Spread:
        return tr("min / median / p99");
    case Predicted:
        return tr("Model");
    case ModelError:
        return tr("Model error");
    case AlgBw:
        return tr("algbw");
    case BusBw:
        return tr("busbw");
    case Wrong:
        return tr("#wrong");
    case Fitted:
        return tr("Fit");
    case FitError:
        return tr("Fit error");
    case Efficiency:
        return tr("Efficiency");
    default:
        return {};
    }
}

} // namespace tutor::views
