// SPDX-License-Identifier: MIT
#pragma once
// The custom hardware profile the live lab's calibration produces: a preset whose links carry the fitted α and
// β, saved as JSON so the next session starts from it.
//
// File: QStandardPaths::AppDataLocation/custom-hardware.json, e.g. ~/.local/share/commtutor/custom-hardware.json:
//   {"id":"custom-calibrated","name":"…","base":"cpu-laptop","gpus_per_node":8,"nics_per_node":1,
//    "intra":{"kind":"SharedMemory","alpha_us":1.2,"bandwidth_GBps":9.8,"line_rate_GBps":20,"source":"…"},
//    "inter":{…},"peak_flops":…,"memory_bytes":…,"reduce_GBps":…,"source":"…"}
#include "model/collectives/hardware.h"

#include <QString>
#include <optional>

namespace tutor::app {

/// The default location of the custom profile file.
QString customProfilePath();

/// `base` with the fitted links put in, id "custom-calibrated".
model::HardwarePreset customProfile(
    const model::HardwarePreset& base, const model::Link& intra, const model::Link& inter);

/// The preset a profile was calibrated from ("cpu-laptop"), read from its source; empty when it does not say.
std::string customProfileBase(const model::HardwarePreset& profile);

/// Writes the profile; an error message naming the path, or empty on success.
QString saveCustomProfile(const model::HardwarePreset& profile, const QString& path = customProfilePath());
/// Reads the profile; nullopt when the file is absent or unreadable (then `error` says why, if given).
std::optional<model::HardwarePreset> loadCustomProfile(
    const QString& path = customProfilePath(), QString* error = nullptr);

} // namespace tutor::app
