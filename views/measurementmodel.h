// SPDX-License-Identifier: MIT
#pragma once
// The live lab's measurement table as a thin Qt item model over a copy of model::MeasurementRow values
// (model/measure/prediction.h): one row per measurement, in the order given, beside the model's prediction and
// the calibrated fit at its size. Display text comes from views/text.h; RawValueRole gives the unformatted
// value so a QSortFilterProxyModel sorts sizes and times as numbers.
#include "model/measure/prediction.h"

#include <QAbstractTableModel>
#include <vector>

namespace tutor::views {

class MeasurementModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Op, ///< the collective ("AllReduce")
        Size, ///< S in nccl-tests' convention
        InPlace, ///< output buffer = input buffer
        Measured, ///< mean time per call of the slowest rank
        Spread, ///< min / median / p99 per call, where the source has them
        Predicted, ///< the model's time at this size on the comparison preset
        ModelError, ///< (predicted − measured) / measured
        AlgBw, ///< S / t
        BusBw, ///< algbw · busBandwidthFactor(op, ranks)
        Wrong, ///< wrong elements of the correctness check
        Fitted, ///< the calibrated α-β fit at this size
        FitError, ///< (fitted − measured) / measured, as the calibration reports it
        Efficiency, ///< measured busbw / fitted bus bandwidth
        ColumnCount
    };
    enum Role {
        /// The unformatted value, invalid for an empty cell: seconds and fractions as double, bytes and wrong
        /// elements as qint64, in-place as bool, the collective as int (model::Collective), Spread as the median.
        RawValueRole = Qt::UserRole + 1,
    };

    using QAbstractTableModel::QAbstractTableModel;
    void setRows(std::vector<model::MeasurementRow> rows);
    const std::vector<model::MeasurementRow>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Why a cell's value cannot be right on real hardware (shown in red with a ⚠ and this as its tooltip), or empty.
    /// Efficiency above kMostPlausibleEfficiency of the fitted asymptote is one.
    static QString implausibility(const model::MeasurementRow& row, int column);
    static constexpr double kMostPlausibleEfficiency = 1.10;

private:
    QVariant text(const model::MeasurementRow& row, int column) const;
    QVariant raw(const model::MeasurementRow& row, int column) const;
    QString toolTip(const model::MeasurementRow& row, int column) const;
    QString columnDescription(int column) const;

    std::vector<model::MeasurementRow> m_rows;
};

} // namespace tutor::views
