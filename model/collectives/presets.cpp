// SPDX-License-Identifier: MIT
// The hardware presets in the order every view lists them, each defined in presets/<vendor>.cpp.
#include "model/collectives/presets/catalog.h"

#include <array>

namespace tutor::model {

namespace {
const std::array<HardwarePreset, 21>& table()
{
    static const std::array<HardwarePreset, 21> kPresets {
        catalog::dgxA100(),
        catalog::hgxH100(),
        catalog::hgxH200(),
        catalog::hgxA800(),
        catalog::hgxH800(),
        catalog::awsP4d(),
        catalog::awsP5(),
        catalog::gcpA3High(),
        catalog::gcpA3Mega(),
        catalog::gcpA3Ultra(),
        catalog::gcpA4(),
        catalog::hgxB200(),
        catalog::gb200Nvl72(),
        catalog::roceH100(),
        catalog::alpsGh200(),
        catalog::grandTetonH100(),
        catalog::pcieGen3(),
        catalog::pcieNop2p(),
        catalog::pcieGen4(),
        catalog::pcieGen5(),
        catalog::cpuLaptop(),
    };
    return kPresets;
}
} // namespace

std::span<const HardwarePreset> presets()
{
    return table();
}

Result<HardwarePreset> findPreset(std::string_view id, const std::string& field)
{
    for (const auto& p : table())
        if (p.id == id)
            return p;
    std::string known;
    for (const auto& p : table())
        known += (known.empty() ? "" : ", ") + p.id;
    return Problem { field, std::string(id), "unknown preset (known: " + known + ")" };
}

} // namespace tutor::model
