// SPDX-License-Identifier: MIT
#pragma once
// Thin Qt item models over copies of model values (docs/HACKING.md, "Mapping apart from painting": thin adapters,
// checked with QAbstractItemModelTester): the events of a timeline, and the figures of a step's metrics.
#include "model/sim/metrics.h"
#include "model/sim/timeline.h"

#include <QAbstractTableModel>
#include <memory>

namespace tutor::views {

/// One row per event of a timeline, in the timeline's order (row = event index).
class EventModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Label, Kind, Lane, Start, Duration, Size, Exposed, Group, ColumnCount };
    enum Role {
        /// The unformatted value: seconds as double, bytes as qint64, kind/lane as int.
        RawValueRole = Qt::UserRole + 1,
    };

    using QAbstractTableModel::QAbstractTableModel;
    void setTimeline(model::Timeline timeline);
    /// Lists a timeline another view holds too (the Training page's Gantt chart), without a copy.
    void setTimeline(std::shared_ptr<const model::Timeline> timeline);
    const model::Timeline& timeline() const { return *m_timeline; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const model::Timeline> m_timeline = std::make_shared<const model::Timeline>();
};

/// One row per figure of a step: its name, value with unit, and a short explanation as tooltip.
class MetricsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Value, ColumnCount };
    enum Role {
        RawValueRole = Qt::UserRole + 1, ///< the figure in SI units (seconds, bytes, fraction)
    };

    using QAbstractTableModel::QAbstractTableModel;
    void setMetrics(const model::StepMetrics& metrics);
    const model::StepMetrics& metrics() const { return m_metrics; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Re-reads the translated names (after a language switch).
    void retranslate();

private:
    struct Row {
        QString name;
        QString value;
        double raw = 0;
        QString explanation;
    };
    void rebuild();

    model::StepMetrics m_metrics;
    std::vector<Row> m_rows;
};

} // namespace tutor::views
