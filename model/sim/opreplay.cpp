// SPDX-License-Identifier: MIT
#include "model/sim/opreplay.h"

#include <algorithm>
#include <array>

namespace tutor::model::sim {

bool replays(const Scenario& sc)
{
    return sc.parallel.zeroStage < 3 && sc.compute.interference == 0;
}

Replay replayOf(const Builder& scratch, const std::vector<std::size_t>& before, std::vector<ReadyPoint> ready,
    EventRef last, Seconds begin, int firstLayer)
{
    Replay out;
    std::vector<int> slot(static_cast<std::size_t>(scratch.laneCount()), -1);
    for (int l = 0; l < scratch.laneCount(); ++l) {
        const auto kind = scratch.laneInfo(l).kind;
        const auto& records = scratch.records(l);
        if (kind == LaneKind::DpComm || kind == LaneKind::PpComm || records.size() == before[l])
            continue;
        slot[l] = static_cast<int>(out.lanes.size());
        auto& lane = out.lanes.emplace_back();
        lane.kind = kind;
        lane.records.assign(records.begin() + static_cast<std::ptrdiff_t>(before[l]), records.end());
        for (auto& r : lane.records) {
            r.start -= begin;
            if (r.layer >= 0)
                r.layer -= firstLayer;
            r.dependencies = {};
        }
    }
    const auto local = [&](EventRef ref) {
        if (!ref.valid() || slot[ref.lane] < 0 || ref.index < static_cast<int>(before[ref.lane]))
            return EventRef {};
        return EventRef { slot[ref.lane], ref.index - static_cast<int>(before[ref.lane]) };
    };
    for (auto& point : ready) {
        point.at -= begin;
        point.producer = local(point.producer);
        if (point.layer >= 0)
            point.layer -= firstLayer;
    }
    out.ready = std::move(ready);
    out.last = local(last);
    return out;
}

void replay(Builder& b, GradSync& grads, StageState& st, const Replay& op, Seconds duration, Seconds start, int chunk,
    int firstLayer, int mb, bool last)
{
    // Where each of op.lanes is on the real builder and where its events start there (at most one lane per kind).
    std::array<EventRef, kLaneKinds> base {};
    for (std::size_t k = 0; k < op.lanes.size(); ++k) {
        const auto& from = op.lanes[k];
        const int lane = b.lane(st.stage, from.kind);
        const std::size_t size = b.records(lane).size();
        base[k] = { lane, static_cast<int>(size) };
        b.reserve(lane, std::max(size + from.records.size(), 2 * size)); // one allocation, not one per doubling
        for (const Record& r : from.records) {
            auto& placed = b.at(b.add(lane, r, start + r.start)); // copied once, then renumbered in place
            if (placed.layer >= 0)
                placed.layer += firstLayer;
            placed.microBatch = mb;
        }
    }
    const auto real = [&](EventRef ref) {
        return ref.valid() ? EventRef { base[ref.lane].lane, base[ref.lane].index + ref.index } : EventRef {};
    };
    if (last)
        for (const auto& point : op.ready)
            grads.gradReady(st, chunk, point.layer >= 0 ? point.layer + firstLayer : -1, point.part, start + point.at,
                real(point.producer));
    st.lastCompute = real(op.last);
    st.computeFree = start + duration;
}

} // namespace tutor::model::sim
