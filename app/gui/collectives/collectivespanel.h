// SPDX-License-Identifier: MIT
#pragma once
// The collectives stage's parameter panel: collective, algorithm, protocol, ranks, nodes, message size
// (a log slider) and hardware preset. Emits the chosen parameters; computes nothing.
#include "collectivescontroller.h"
#include "views/geometry.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSlider;
class QSpinBox;

namespace tutor::app {

class CollectivesPanel : public QWidget {
    Q_OBJECT
public:
    explicit CollectivesPanel(QWidget* parent = nullptr);

    CollectivesParams params() const;
    /// Shows `params` without emitting paramsChanged.
    void setParams(const CollectivesParams& params);
    void retranslate();
    /// Greys out the listed algorithms (defined for the collective, but not on this machine or rank count), each
    /// with its reason as the item's tooltip; every other listed algorithm is enabled again.
    void setUnavailableAlgorithms(const std::vector<std::pair<model::Algorithm, QString>>& unavailable);
    /// Offers the live lab's calibrated profile in the hardware list as "Calibrated: <name>" (data
    /// CollectivesController::kCalibratedPresetId), or removes it (empty name).
    void setCalibratedProfile(const QString& name);
    /// The algorithms the list offers now (Auto first): those defined for the chosen collective.
    std::vector<model::Algorithm> offeredAlgorithms() const;

    /// The message-size slider's scale: 4 B to 16 GiB, one position per doubling.
    static views::LogScale sizeScale();

signals:
    void paramsChanged(const tutor::app::CollectivesParams& params);

protected:
    void changeEvent(QEvent* event) override;

private:
    void emitChanged();
    /// Fills the algorithm list with Auto and the algorithms defined for `op`; keeps the choice when it is one.
    void fillAlgorithms(model::Collective op);
    QString algorithmText(model::Algorithm algorithm) const;
    void updateSizeLabel();

    QFormLayout* m_form;
    QComboBox* m_collective;
    QComboBox* m_algorithm;
    QComboBox* m_protocol;
    QSpinBox* m_ranks;
    QSpinBox* m_nodes;
    QSlider* m_size;
    QLabel* m_sizeLabel;
    QComboBox* m_preset;
    QDoubleSpinBox* m_intraAlpha;
    QDoubleSpinBox* m_intraBandwidth;
    QDoubleSpinBox* m_interAlpha;
    QDoubleSpinBox* m_interBandwidth;
    QSpinBox* m_nics;
    QCheckBox* m_sharp;
    bool m_updating = false;
};

} // namespace tutor::app
