// SPDX-License-Identifier: MIT
#pragma once
// Internal to the simulator (simulate.cpp, sim_*.cpp): lanes, the collective-cost cache, groups and the
// per-stage state the pipeline driver, the layer runner and the gradient synchroniser share.
#include "model/collectives/costmodel.h"
#include "model/sim/kernels.h"
#include "model/sim/scenario.h"
#include "model/sim/simulation.h"
#include "model/sim/timeline.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tutor::model::sim {

/// A reference to an event while lanes are still being filled: (lane, index in lane).
struct EventRef {
    int lane = -1;
    int index = -1;
    bool valid() const { return lane >= 0; }
};

/// The communication groups of one rank, with the topology each one's collectives run on.

struct Group {
    GroupKind kind = GroupKind::Dp;
    int ranks = 1;
    Topology topology;
    std::string label; ///< "dp(16, 16 nodes, InfiniBand)"
};

/// Builds every group of a scenario (Megatron rank order, scenario.h).
std::array<Group, kGroupKinds> makeGroups(const Scenario& scenario, const HardwarePreset& hardware);

/// What MoE's flex dispatcher (DeepEP, HybridEP) sends per token and per rank, in copies of the token, when the
/// router picks top_k of the model's experts, spread evenly over `ranks` EP ranks, `perNode` of them in a node, with
/// every expert equally likely (Megatron's force-balanced benchmark routing): a copy over NVLink to each other GPU
/// of a node the token reaches that holds one of its experts, and one copy over the network to each other node
/// that does. Under group-limited routing (moe.groups) every set of group_top_k groups is equally likely and the
/// top_k experts come from those groups' experts. The all-to-all dispatcher sends top_k copies instead, (n − g)/n of
/// them over the network.
struct DispatchCopies {
    double nvlink = 0; ///< N · (g − 1) · P(a given GPU holds one of the token's experts)
    double network = 0; ///< (N − 1) · P(a given node does)
};
DispatchCopies flexDispatchCopies(const MoeSpec& moe, int ranks, int perNode);
/// P(a token's top_k experts include one of experts [first, first + count)) under moe's routing, as above.
double expertRunHit(const MoeSpec& moe, int first, int count);

/// predict() once per distinct (collective, bytes, group): its answers are kept per thread for the last few
/// (topology, dtype) pairs, so the layout search, which makes one CommCosts per layout over the same few groups,
/// predicts each size once.
class CommCosts {
public:
    CommCosts(std::array<Group, kGroupKinds> groups, DType dtype, bool free);
    /// Seconds for `op` of S = `bytes` on `group`; 0 for a one-rank group or free communication.
    Seconds seconds(Collective op, Bytes bytes, GroupKind group);
    /// Seconds for one flex dispatch (or combine) on the EP group, where `tokenBytes` is one copy of the
    /// micro-batch's tokens (tokens · hidden · dtype) and `copies` what each rank sends of it: the NVLink part as an
    /// AllToAll inside one node and the network part as an AllToAll between the nodes on each GPU's own NIC share,
    /// which run at the same time (DeepEP forwards while RDMA still arrives), so the slower decides.
    Seconds flexDispatchSeconds(double tokenBytes, const DispatchCopies& copies);
    const Group& group(GroupKind kind) const { return m_groups[static_cast<int>(kind)]; }
    const std::array<Group, kGroupKinds>& groups() const { return m_groups; }
    const Problems& problems() const { return m_problems; }

private:
    std::array<Group, kGroupKinds> m_groups;
    DType m_dtype;
    bool m_free;
    std::array<std::pair<std::uint64_t, Seconds>, 4> m_recent {}; ///< the TP/EP sizes repeat every layer
    /// Per group: seconds by (bytes, collective) for its topology and dtype, shared within the thread.
    std::array<std::shared_ptr<std::unordered_map<std::uint64_t, Seconds>>, kGroupKinds> m_shared;
    std::size_t m_next = 0;
    Problems m_problems;

    /// predict()'s seconds for S = `bytes` (more than its limit: as several messages); nullopt when it refuses.
    std::optional<Seconds> predictSeconds(
        Collective op, double bytes, const Topology& topology, const std::string& label);
};

/// How Builder::finish() writes an event's label (labels are made once, at the end).
enum class LabelStyle : std::uint8_t {
    Layer, ///< "<prefix> L<layer> <what> #<micro-batch>": "fwd L12 att #3", "AR L12 mlp #3"
    Numbered, ///< "<prefix> <what><number>": "AllReduce bucket 4", "AllGather fwd L7"
    Send, ///< "send act #3 → stage 2" (what = "act" or "grad", number = the receiving stage)
    Plain, ///< "<prefix> <what>": "opt Adam", "AllReduce embedding grad"
};

/// An event while the step is being simulated: plain data, turned into an Event by Builder::finish().
struct Record {
    Seconds start = 0;
    Seconds duration = 0;
    Bytes bytes = 0;
    int layer = -1;
    int microBatch = -1;
    int bucket = -1;
    int number = 0;
    const char* prefix = "";
    const char* what = "";
    EventKind kind = EventKind::Forward;
    std::int8_t collective = -1; ///< Collective, −1 for compute
    std::int8_t group = -1; ///< GroupKind of a collective
    LabelStyle style = LabelStyle::Layer;
    std::array<EventRef, 2> dependencies {};
    Seconds end() const { return start + duration; }
    void setCollective(Collective op, GroupKind g)
    {
        collective = static_cast<std::int8_t>(op);
        group = static_cast<std::int8_t>(g);
    }
};

/// The lanes of every stage and the events on them, each lane in start order.
class Builder {
public:
    /// Creates the lanes: compute always; tp, dp, pp, ep, cp when that dimension is > 1.
    Builder(int stages, bool tp, bool dp, bool pp, bool ep, bool cp = false);
    ~Builder();
    Builder(Builder&&) = default;
    Builder& operator=(Builder&&) = default;
    int lane(int stage, LaneKind kind) const { return m_laneOf[stage * kLaneKinds + static_cast<int>(kind)]; }
    Seconds laneFree(int lane) const { return m_free[lane]; }
    /// Places `record` on `lane` at max(ready, lane free); returns where it went.
    EventRef add(int lane, const Record& record, Seconds ready);
    Record& at(EventRef ref) { return m_records[ref.lane][ref.index]; }
    /// Records that `ref` waited for `on` (at most two per event; resolved to global indices by finish()).
    void depend(EventRef ref, EventRef on);
    /// Concatenates the lanes into a Timeline (events sorted by lane, then start); `groups` name each
    /// collective's group; `labels` false leaves labels and group names empty.
    Timeline finish(const std::array<Group, kGroupKinds>& groups, bool labels);
    std::size_t size() const;
    void reserve(int lane, std::size_t count) { m_records[lane].reserve(count); }
    const std::vector<Record>& records(int lane) const { return m_records[lane]; }
    int laneCount() const { return static_cast<int>(m_lanes.size()); }
    const Lane& laneInfo(int lane) const { return m_lanes[lane]; }
    /// The latest end of any record added so far (0 when there is none).
    Seconds end() const { return m_end; }

private:
    std::vector<Lane> m_lanes;
    std::vector<int> m_laneOf;
    std::vector<std::vector<Record>> m_records;
    std::vector<Seconds> m_free;
    Seconds m_end = 0;
};

/// measure() on the builder's records, without making a Timeline (the metrics-only path); the step ends `later`
/// seconds after the last record (the steady-state shortcut's micro-batches that were not run).
StepMetrics measure(
    const Builder& builder, const MetricsContext& context, const std::vector<StageFigures>& extra, Seconds later = 0);

/// simulateMetrics() by the steady-state shortcut (simulate.cpp): a 1F1B pass of many micro-batches run with a
/// few more micro-batches than stages, the pairs that repeat counted instead of run. Nullopt where the shortcut does
/// not apply (other schedules, gradient accumulation, few micro-batches, interference) or the run's pairs do not
/// repeat; the caller then runs every micro-batch.
Result<std::optional<StepMetrics>> steadyStateMetrics(const Scenario& scenario, const SimulateOptions& options);

/// Per-stage state while the step runs.
struct StageState {
    int stage = 0;
    double slow = 1; ///< straggler factor for this stage's compute
    Seconds computeFree = 0; ///< when the compute lane can take the next event
    EventRef lastCompute; ///< last event on the compute chain (compute or blocking comm)
};

/// Everything a simulation shares.
struct Context {
    const Scenario& scenario;
    const HardwarePreset& hardware;
    const SimulateOptions& options;
    CommCosts& costs;
    Builder& builder;
    int layersPerChunk = 1; ///< the most layers one model chunk holds
    std::vector<int> chunkFirst; ///< first layer of each model chunk, pp·v + 1 entries (the last: model.layers)
    std::vector<int> localLayer; ///< per layer: its place in its model chunk
    /// Layers of model chunk (virtual stage) vs: [firstLayer(vs), firstLayer(vs + 1)).
    int firstLayer(int vs) const { return chunkFirst[static_cast<std::size_t>(vs)]; }
    void splitLayers(const ModelShape& model, const ParallelSpec& parallel)
    {
        const int layers = model.layers, chunks = parallel.pp * parallel.virtualStages;
        chunkFirst.resize(static_cast<std::size_t>(chunks) + 1);
        localLayer.resize(static_cast<std::size_t>(std::max(0, layers)));
        layersPerChunk = 1;
        for (int vs = 0; vs <= chunks; ++vs)
            chunkFirst[static_cast<std::size_t>(vs)] = chunkFirstLayer(model, parallel, vs);
        for (int vs = 0; vs < chunks; ++vs) {
            layersPerChunk = std::max(layersPerChunk, firstLayer(vs + 1) - firstLayer(vs));
            for (int l = firstLayer(vs); l < firstLayer(vs + 1); ++l)
                localLayer[static_cast<std::size_t>(l)] = l - firstLayer(vs);
        }
    }
    int totalMicroBatches = 1; ///< micro_batches · grad_accum
    KernelCosts kernels; ///< seconds of each layer's kernels per micro-batch (kernels.h)
    Bytes activationBytes = 0; ///< b·s·h·dtype, one TP collective's S
};

} // namespace tutor::model::sim
