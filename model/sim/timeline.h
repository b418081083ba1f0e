// SPDX-License-Identifier: MIT
#pragma once
// The simulator's output: events on lanes. Views draw it; frameAt() samples it for the animation;
// trace.h exports it for Perfetto.
#include "model/collectives/collective.h"
#include "model/collectives/topology.h"
#include "model/collectives/units.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace tutor::model {

/// What a lane carries. One lane per kind per pipeline stage.
enum class LaneKind { Compute, TpComm, DpComm, PpComm, EpComm, CpComm };
inline constexpr int kLaneKinds = 6;
std::string_view name(LaneKind kind); ///< "compute", "tp", "dp", "pp", "ep", "cp"

struct Lane {
    int stage = 0;
    LaneKind kind = LaneKind::Compute;
    std::string name; ///< "stage 0 · compute"
    /// A lane of a measured trace (model/traces): one CUDA stream of one rank; −1 for simulated lanes.
    int rank = -1;
    long long stream = -1;
    bool operator==(const Lane&) const = default;
};

/// The parallel dimension a communication group belongs to; ExpertDp is the data-parallel group of one expert. Dp
/// holds the context-parallel ranks too (Megatron-Core reduces gradients over data × context parallel ranks).
enum class GroupKind { Tp, Dp, Pp, Ep, ExpertDp, Cp };
inline constexpr int kGroupKinds = 6;
std::string_view name(GroupKind kind); ///< "tp", "dp", "pp", "ep", "edp", "cp"

/// A communication group of the scenario: who runs a collective together, on which links.
struct CommGroup {
    GroupKind kind = GroupKind::Dp;
    std::string label; ///< "dp(16, 2 nodes, InfiniBand)"
    Topology topology; ///< what the cost model was given for this group's collectives
    bool operator==(const CommGroup&) const = default;
};

/// Kernel: a measured compute kernel of a profiler trace (model/traces), neither forward nor backward as far as
/// the trace says.
enum class EventKind { Forward, Backward, Recompute, Optimizer, Communication, Idle, Kernel };
std::string_view name(EventKind kind);

/// The events an event waited for, as indices into Timeline::events: at most two (the previous op on its chain
/// and its input), held inline so that a timeline of 100,000 events makes no allocation per event.
class Dependencies {
public:
    Dependencies() = default;
    Dependencies(std::initializer_list<int> indices)
    {
        for (const int i : indices)
            if (m_size < static_cast<int>(m_index.size()))
                m_index[static_cast<std::size_t>(m_size++)] = i;
    }
    const int* begin() const { return m_index.data(); }
    const int* end() const { return m_index.data() + m_size; }
    int size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    bool operator==(const Dependencies& o) const { return std::equal(begin(), end(), o.begin(), o.end()); }

private:
    std::array<int, 2> m_index { -1, -1 };
    int m_size = 0;
};

struct Event {
    int lane = 0; ///< index into Timeline::lanes
    EventKind kind = EventKind::Forward;
    std::string label; ///< "fwd L12 mb3", "AllReduce bucket 4"
    Seconds start = 0;
    Seconds duration = 0;
    Bytes bytes = 0; ///< bytes of the collective (S, nccl-tests convention); 0 for compute
    std::optional<Collective> collective;
    int groupIndex = -1; ///< the collective's group in Timeline::groups; −1 for compute
    int layer = -1;
    int microBatch = -1;
    int bucket = -1;
    Seconds exposed = 0; ///< part of this communication not hidden behind compute on its stage
    Dependencies dependencies; ///< indices of events that had to finish first
    Seconds end() const { return start + duration; }
    bool operator==(const Event&) const = default;
};

struct Timeline {
    std::vector<Lane> lanes;
    std::vector<Event> events; ///< sorted by (lane, start); events of one lane never overlap
    std::vector<CommGroup> groups; ///< the scenario's communication groups (Event::groupIndex)
    Seconds duration = 0; ///< step time
    /// The label of the group a collective ran in ("dp(16, 2 nodes, InfiniBand)"); empty for compute.
    const std::string& groupLabel(const Event& event) const;
    bool operator==(const Timeline&) const = default;
};

/// What one lane is doing at time t.
struct LaneState {
    int lane = 0;
    int event = -1; ///< index into Timeline::events, −1 when idle
    double progress = 0; ///< 0..1 through that event
    bool operator==(const LaneState&) const = default;
};

struct Frame {
    Seconds t = 0;
    std::vector<LaneState> lanes; ///< one per Timeline::lanes, same order
    bool operator==(const Frame&) const = default;
};

/// Pure sampling of a timeline at time t (clamped to [0, duration]); O(lanes · log events).
Frame frameAt(const Timeline& timeline, Seconds t);

} // namespace tutor::model
