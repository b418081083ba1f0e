// SPDX-License-Identifier: MIT
#pragma once
// What one simulated training step produces (simulate.h) and the switches that shape the run.
#include "model/sim/metrics.h"
#include "model/sim/timeline.h"

namespace tutor::model {

struct SimulateOptions {
    bool freeCommunication = false; ///< every collective takes no time: isolates compute and the bubble
    bool labels = true; ///< fill Event::label (off for a faster metrics-only run)
    bool operator==(const SimulateOptions&) const = default;
};

struct Simulation {
    Timeline timeline;
    StepMetrics metrics;
    bool operator==(const Simulation&) const = default;
};

} // namespace tutor::model
