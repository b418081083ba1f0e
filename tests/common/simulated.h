// SPDX-License-Identifier: MIT
#pragma once
// The simulation of a scenario a test built: a scenario the model refuses stops the test with its problems.
#include "model/sim/simulate.h"

#include <QtGlobal>
#include <utility>

namespace tutor::testing {

inline model::Simulation run(const model::Scenario& scenario, const model::SimulateOptions& options = {})
{
    auto sim = model::simulate(scenario, options);
    if (!sim)
        qFatal("simulate failed: %s", model::toText(sim.problems()).c_str());
    return std::move(sim).value();
}

} // namespace tutor::testing
