// SPDX-License-Identifier: MIT
#include "model/sim/timeline.h"

#include <algorithm>

namespace tutor::model {

std::string_view name(GroupKind kind)
{
    switch (kind) {
    case GroupKind::Tp:
        return "tp";
    case GroupKind::Dp:
        return "dp";
    case GroupKind::Pp:
        return "pp";
    case GroupKind::Ep:
        return "ep";
    case GroupKind::ExpertDp:
        return "edp";
    case GroupKind::Cp:
        return "cp";
    }
    return "?";
}

std::string_view name(LaneKind kind)
{
    switch (kind) {
    case LaneKind::Compute:
        return "compute";
    case LaneKind::TpComm:
        return "tp";
    case LaneKind::DpComm:
        return "dp";
    case LaneKind::PpComm:
        return "pp";
    case LaneKind::EpComm:
        return "ep";
    case LaneKind::CpComm:
        return "cp";
    }
    return "?";
}

const std::string& Timeline::groupLabel(const Event& event) const
{
    static const std::string none;
    if (event.groupIndex < 0 || event.groupIndex >= static_cast<int>(groups.size()))
        return none;
    return groups[static_cast<std::size_t>(event.groupIndex)].label;
}

std::string_view name(EventKind kind)
{
    switch (kind) {
    case EventKind::Forward:
        return "forward";
    case EventKind::Backward:
        return "backward";
    case EventKind::Recompute:
        return "recompute";
    case EventKind::Optimizer:
        return "optimizer";
    case EventKind::Communication:
        return "communication";
    case EventKind::Idle:
        return "idle";
    case EventKind::Kernel:
        return "kernel";
    }
    return "?";
}

Frame frameAt(const Timeline& timeline, Seconds t)
{
    Frame frame;
    frame.t = std::clamp(t, 0.0, std::max(0.0, timeline.duration));
    frame.lanes.reserve(timeline.lanes.size());
    const auto& events = timeline.events;
    // Events are sorted by (lane, start); find each lane's range, then the last event starting at or before t.
    auto begin = events.begin();
    for (int lane = 0; lane < static_cast<int>(timeline.lanes.size()); ++lane) {
        LaneState state;
        state.lane = lane;
        const auto first
            = std::lower_bound(begin, events.end(), lane, [](const Event& e, int l) { return e.lane < l; });
        const auto last
            = std::lower_bound(first, events.end(), lane + 1, [](const Event& e, int l) { return e.lane < l; });
        begin = last;
        auto it = std::upper_bound(first, last, frame.t, [](Seconds time, const Event& e) { return time < e.start; });
        if (it != first) {
            --it;
            const bool inside = frame.t < it->end() || (frame.t == it->end() && frame.t == timeline.duration);
            if (inside && it->duration > 0) {
                state.event = static_cast<int>(it - events.begin());
                state.progress = std::clamp((frame.t - it->start) / it->duration, 0.0, 1.0);
            }
        }
        frame.lanes.push_back(state);
    }
    return frame;
}

} // namespace tutor::model
