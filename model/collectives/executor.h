// SPDX-License-Identifier: MIT
#pragma once
// The symbolic executor: runs a schedule on per-rank buffers of chunk contributions and proves the final
// state equals the collective's definition. The views draw the same states.
#include "model/collectives/schedule.h"

#include <string>
#include <vector>

namespace tutor::model {

/// Which ranks' inputs a buffer slot holds, as sorted, disjoint half-open intervals [first, last) of rank ids.
/// Ring and tree reductions produce contiguous ranges, so this stays short even for 1,024 ranks.
struct Contributions {
    std::vector<std::pair<int, int>> intervals;
    bool empty() const { return intervals.empty(); }
    int count() const;
    bool contains(int rank) const;
    bool operator==(const Contributions&) const = default;
};

/// One rank's buffer: chunks[c] = what the rank holds of chunk c.
struct BufferState {
    std::vector<Contributions> chunks;
    bool operator==(const BufferState&) const = default;
};

/// All ranks' buffers at one point of the schedule.
using BufferStates = std::vector<BufferState>;

/// The collective's input: what every rank holds before step 0.
BufferStates initialState(const Schedule& schedule);
/// The state after steps [0, stepCount); stepCount is clamped to schedule.steps.size().
/// Transfers of one step read the state before the step (they are simultaneous).
BufferStates stateAfter(const Schedule& schedule, int stepCount);

struct Verification {
    bool ok = false;
    std::string detail; ///< the first mismatch ("rank 3 chunk 2 holds {0..2} but needs {0..4}") or a double count
};

/// Runs the schedule and compares with the collective's definition; reports a reduction that would add a
/// contribution twice, a send of data the sender does not hold, and any wrong final slot.
Verification verify(const Schedule& schedule);

} // namespace tutor::model
