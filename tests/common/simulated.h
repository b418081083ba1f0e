// SPDX-License-Identifier: MIT
#pragma once
// The simulation of a scenario a test built, and its kernel costs: a scenario the model refuses stops the test with
// its problems.
#include "model/sim/kernels.h"
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

inline model::KernelCosts kernelsOf(const model::Scenario& scenario)
{
    const auto hw = model::resolveHardware(scenario.hardware);
    if (!hw)
        qFatal("%s", model::toText(hw.problems()).c_str());
    const auto costs = model::kernelCosts(scenario, *hw);
    if (!costs)
        qFatal("%s", model::toText(costs.problems()).c_str());
    return *costs;
}

} // namespace tutor::testing
