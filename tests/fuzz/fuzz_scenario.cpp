// SPDX-License-Identifier: MIT
// Any byte string is either a scenario with problems reported, or a scenario that simulates to finite values.
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tutor::model;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto scenario = parseScenario(text, "fuzz.json");
    if (!scenario.ok()) {
        if (scenario.problems().empty())
            std::abort(); // a failure must say why
        return 0;
    }
    const auto simulation = simulate(*scenario);
    if (simulation.ok() && !std::isfinite(simulation->timeline.duration))
        std::abort();
    return 0;
}
