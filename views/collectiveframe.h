// SPDX-License-Identifier: MIT
#pragma once
// What the collectives view shows at animation time t (in steps): a pure function of the schedule,
// the buffer states the executor computed, and t. Tests read the same frame the painter draws.
#include "model/collectives/executor.h"
#include "model/collectives/schedule.h"

#include <QString>
#include <vector>

namespace tutor::views {

struct CollectiveFrame {
    double t = 0; ///< clamped to [0, steps]
    int steps = 0; ///< schedule length
    int completed = 0; ///< steps finished at t; buffers show the state after them
    int inFlight = -1; ///< step whose transfers are moving, −1 when none
    double progress = 0; ///< 0..1 through the step in flight
    model::BufferStates buffers; ///< per rank, per chunk: whose contributions the slot holds
    std::vector<model::Transfer> moving; ///< transfers of the step in flight (empty when none)
    bool final() const { return steps > 0 && completed >= steps; }
};

/// The frame at t. `afterCompleted` must be model::stateAfter(schedule, floor(clamp(t))); the caller caches
/// it because states of large schedules are costly to recompute every frame.
CollectiveFrame collectiveFrameAt(const model::Schedule& schedule, model::BufferStates afterCompleted, double t);

/// One sentence on what a step does: "Step 3 of 6: 4 transfers (reduce), over NVLink: each rank adds the
/// chunk it receives to its own copy." Translated through QCoreApplication::translate.
QString describeStep(const model::Schedule& schedule, const model::Topology& topology, int step);

} // namespace tutor::views
