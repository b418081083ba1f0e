// SPDX-License-Identifier: MIT
// Replaying a backward op (the metrics-only path, metricsonly.cpp): where gradients become ready, a stage's backward
// is placed on the real builder from the events it made when it was simulated once on a scratch builder, instead of
// being run layer by layer again. Its events are then the same whenever it starts (without ZeRO-3 or interference).
#pragma once

#include "model/sim/layers.h"
#include "model/sim/stepmodel.h"

#include <cstddef>
#include <vector>

namespace tutor::model::sim {

// A backward op as the real builder takes it when it only has to be placed (see `replay`): its events on the compute,
// TP, EP and CP lanes and its gradient-ready points, times relative to its start; an EventRef's lane indexes `lanes`.
struct Replay {
    struct Lane {
        LaneKind kind = LaneKind::Compute; ///< on the replaying op's stage (ops of several stages share a pattern)
        std::vector<Record> records;
    };
    std::vector<Lane> lanes;
    std::vector<ReadyPoint> ready; ///< layers relative to the op's first layer (the head stays −1)
    EventRef last; ///< the op's last event on the compute chain
};

/// Whether the scenario's backward ops can be replayed: not with ZeRO-3 (its gathers and reductions meet other ops)
/// or interference (the data-parallel lane's load stretches compute).
bool replays(const Scenario& sc);

/// The replay of the op simulated on `scratch` from `begin` (chunk's first layer `firstLayer`), whose lanes held
/// `before` events when it started; `ready` are its gradient-ready points, `last` its last compute event.
Replay replayOf(const Builder& scratch, const std::vector<std::size_t>& before, std::vector<ReadyPoint> ready,
    EventRef last, Seconds begin, int firstLayer);

/// Places `op` (`duration` long) at `start` on the real builder, as LayerRunner::backward would have run it layer by
/// layer (chunk `chunk`, whose first layer is `firstLayer`, micro-batch `mb`), and tells `grads` where its gradients
/// become ready when `last`.
void replay(Builder& b, GradSync& grads, StageState& st, const Replay& op, Seconds duration, Seconds start, int chunk,
    int firstLayer, int mb, bool last);

} // namespace tutor::model::sim
