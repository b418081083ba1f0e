// SPDX-License-Identifier: MIT
#pragma once
// The live lab's calibrated profile as a choice in a page's hardware list ("Calibrated: NVIDIA HGX H100"): the preset
// it was calibrated from, with the fitted links as the scenario's link overrides. The Training page and the Layout
// search page offer it the same way (the Collectives page keeps the whole profile as a preset of its own).
#include "app/gui/livelab/hardwareprofile.h"
#include "model/sim/scenario.h"

#include <QString>
#include <optional>
#include <string>

class QComboBox;

namespace tutor::app {

struct CalibratedChoice {
    model::HardwarePreset profile;
    std::string base; ///< the preset it was calibrated from
};

/// The item data of the hardware list's calibrated entry.
inline const QString kCalibratedEntry = QStringLiteral("custom-calibrated");

/// The saved profile, when there is one that names its base preset.
std::optional<CalibratedChoice> loadCalibratedChoice(const QString& path = customProfilePath());

/// Adds, relabels (in the current language, with the fitted figures as its tooltip) or, without a choice, removes the
/// calibrated entry at the end of a hardware list.
void offerCalibrated(QComboBox* presets, const std::optional<CalibratedChoice>& choice);

/// The hardware the choice stands for: its base preset with exactly the fitted links as overrides.
void applyCalibrated(model::HardwareSpec& hardware, const CalibratedChoice& choice);

/// Whether the hardware's link overrides are exactly the choice's fitted links.
bool hasCalibratedLinks(const model::HardwareSpec& hardware, const CalibratedChoice& choice);

} // namespace tutor::app
