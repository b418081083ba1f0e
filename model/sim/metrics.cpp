// SPDX-License-Identifier: MIT
#include "model/sim/metrics.h"

#include "model/sim/engine.h"

#include <algorithm>
#include <iterator>
#include <span>
#include <type_traits>

namespace tutor::model {

namespace {
// merge(in, true) in place: the list stays where it is, so its capacity is kept for the next call.
void mergeSorted(std::vector<Interval>& list)
{
    std::size_t out = 0;
    for (const auto& i : list) {
        if (i.end <= i.begin)
            continue;
        if (out > 0 && i.begin <= list[out - 1].end)
            list[out - 1].end = std::max(list[out - 1].end, i.end);
        else
            list[out++] = i;
    }
    list.resize(out);
}
} // namespace

std::vector<Interval> merge(std::vector<Interval> in, bool sorted)
{
    const auto byBegin = [](const Interval& a, const Interval& b) { return a.begin < b.begin; };
    // Lists made lane by lane are often in order already; the union does not depend on how ties are ordered.
    if (!sorted && !std::is_sorted(in.begin(), in.end(), byBegin))
        std::sort(in.begin(), in.end(), byBegin);
    mergeSorted(in); // in place: no second list
    return in;
}

Seconds length(const std::vector<Interval>& v)
{
    Seconds sum = 0;
    for (const auto& i : v)
        sum += i.end - i.begin;
    return sum;
}

std::vector<Interval> intersect(const std::vector<Interval>& a, const std::vector<Interval>& b)
{
    std::vector<Interval> out;
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const Seconds lo = std::max(a[i].begin, b[j].begin);
        const Seconds hi = std::min(a[i].end, b[j].end);
        if (hi > lo)
            out.push_back({ lo, hi });
        (a[i].end < b[j].end) ? ++i : ++j;
    }
    return out;
}

Seconds intersection(const std::vector<Interval>& a, const std::vector<Interval>& b)
{
    Seconds sum = 0;
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const Seconds lo = std::max(a[i].begin, b[j].begin);
        const Seconds hi = std::min(a[i].end, b[j].end);
        if (hi > lo)
            sum += hi - lo;
        (a[i].end < b[j].end) ? ++i : ++j;
    }
    return sum;
}

Seconds covered(const std::vector<Interval>& set, Seconds begin, Seconds end)
{
    auto it = std::upper_bound(set.begin(), set.end(), begin, [](Seconds t, const Interval& i) { return t < i.end; });
    Seconds sum = 0;
    for (; it != set.end() && it->begin < end; ++it)
        sum += std::min(end, it->end) - std::max(begin, it->begin);
    return sum;
}

Seconds covered(const std::vector<Interval>& set, Seconds begin, Seconds end, std::size_t& from)
{
    while (from < set.size() && set[from].end <= begin)
        ++from;
    Seconds sum = 0;
    for (std::size_t k = from; k < set.size() && set[k].begin < end; ++k)
        sum += std::min(end, set[k].end) - std::max(begin, set[k].begin);
    return sum;
}

namespace {
bool isCompute(EventKind kind)
{
    return kind != EventKind::Communication && kind != EventKind::Idle;
}
int collectiveOf(const Event& e)
{
    return e.collective ? static_cast<int>(*e.collective) : -1;
}
int collectiveOf(const sim::Record& r)
{
    return r.collective;
}

// The interval lists a thread keeps between calls, over all its lists: 16 Ki intervals (256 KiB), enough for the
// search's layouts; a larger timeline's lists are freed after use.
constexpr std::size_t kKeptIntervals = std::size_t { 1 } << 14;

// The metrics of lanes whose events `eventsOf(lane)` lists in start order: Timeline events (their exposed time is
// written back) or the simulator's records (the metrics-only path, which never builds a Timeline).
template <class LaneOf, class EventsOf>
StepMetrics measureLanes(int laneCount, const LaneOf& laneOf, const EventsOf& eventsOf, Seconds duration,
    std::size_t eventCount, const MetricsContext& ctx, const std::vector<StageFigures>& extra)
{
    StepMetrics out;
    out.events = eventCount;
    out.stepSeconds = duration;
    out.memory = ctx.memory;
    int stages = static_cast<int>(extra.size());
    for (int l = 0; l < laneCount; ++l)
        stages = std::max(stages, laneOf(l).stage + 1);

    // Per-stage lists kept per thread (this function never runs inside itself): made afresh for every call they were
    // a large part of the metrics-only path's allocations.
    thread_local std::vector<std::vector<Interval>> keptCompute, keptComm;
    auto& compute = keptCompute;
    auto& comm = keptComm;
    for (auto* lists : { &compute, &comm }) {
        if (lists->size() < static_cast<std::size_t>(stages) || lists->size() > 4 * static_cast<std::size_t>(stages))
            lists->resize(static_cast<std::size_t>(stages));
        for (auto& list : *lists)
            list.clear();
    }
    for (int l = 0; l < laneCount; ++l) {
        const Lane& lane = laneOf(l);
        if (lane.kind != LaneKind::Compute)
            continue;
        auto& c = compute[lane.stage];
        const auto events = eventsOf(l);
        c.reserve(c.size() + events.size());
        for (const auto& e : events)
            if (isCompute(e.kind))
                c.push_back({ e.start, e.end() });
    }
    // A compute lane's events are already in start order and never overlap.
    for (int s = 0; s < stages; ++s)
        mergeSorted(compute[s]);

    std::vector<StageFigures> figures(stages);
    for (int l = 0; l < laneCount; ++l) {
        const Lane& lane = laneOf(l);
        if (lane.kind == LaneKind::Compute)
            continue;
        const int k = static_cast<int>(lane.kind);
        auto& f = figures[lane.stage];
        auto& d = f.dimensions[k - 1];
        const int ranks = std::max(1, ctx.groupRanks[k - 1]);
        auto& stageComm = comm[lane.stage];
        const auto sortedUpTo = static_cast<std::ptrdiff_t>(stageComm.size());
        std::size_t from = 0; // the lane's events start in order
        int lastOp = -1; // a lane runs one or two kinds of collective: their bus factor is looked up on a change
        double factor = 0;
        for (auto& e : eventsOf(l)) {
            // Rounding in the interval sums must not show as a sliver of exposed (or negative) time.
            Seconds exposed = e.duration - covered(compute[lane.stage], e.start, e.end(), from);
            if (exposed < 1e-9 * e.duration)
                exposed = 0;
            if constexpr (!std::is_const_v<std::remove_reference_t<decltype(e)>>)
                e.exposed = exposed;
            stageComm.push_back({ e.start, e.end() });
            f.commSum += e.duration;
            ++d.calls;
            d.bytes += e.bytes;
            if (const int op = collectiveOf(e); op >= 0) {
                if (op != lastOp) {
                    lastOp = op;
                    factor = busBandwidthFactor(static_cast<Collective>(op), ranks);
                }
                d.busBytes += static_cast<double>(e.bytes) * factor;
            }
            d.seconds += e.duration;
            d.exposedSeconds += exposed;
        }
        // Each lane is in start order: merging it into the stage's list keeps that list sorted (through a buffer
        // kept per thread: std::inplace_merge allocates one on every call).
        if (sortedUpTo > 0 && sortedUpTo < static_cast<std::ptrdiff_t>(stageComm.size())) {
            thread_local std::vector<Interval> merged;
            merged.clear();
            std::merge(stageComm.begin(), stageComm.begin() + sortedUpTo, stageComm.begin() + sortedUpTo,
                stageComm.end(), std::back_inserter(merged),
                [](const Interval& a, const Interval& b) { return a.begin < b.begin; });
            std::copy(merged.begin(), merged.end(), stageComm.begin());
            if (merged.capacity() > kKeptIntervals)
                std::vector<Interval>().swap(merged);
        }
    }
    double idleSum = 0;
    int critical = 0;
    for (int s = 0; s < stages; ++s) {
        auto& f = figures[s];
        auto& commUnion = comm[s];
        mergeSorted(commUnion);
        f.compute = length(compute[s]);
        f.commUnion = length(commUnion);
        f.overlap = intersection(compute[s], commUnion);
        f.exposed = f.commUnion - f.overlap;
        if (s < static_cast<int>(extra.size())) {
            const auto& x = extra[s];
            f.compute += x.compute;
            f.commSum += x.commSum;
            f.commUnion += x.commUnion;
            f.overlap += x.overlap;
            f.exposed += x.exposed;
            for (std::size_t k = 0; k < f.dimensions.size(); ++k) {
                auto& d = f.dimensions[k];
                d.calls += x.dimensions[k].calls;
                d.bytes += x.dimensions[k].bytes;
                d.busBytes += x.dimensions[k].busBytes;
                d.seconds += x.dimensions[k].seconds;
                d.exposedSeconds += x.dimensions[k].exposedSeconds;
            }
            out.events += x.events;
        }
        const Seconds idle = std::max(0.0, out.stepSeconds - (f.compute + f.exposed));
        idleSum += idle;
        if (f.compute + f.exposed > figures[critical].compute + figures[critical].exposed)
            critical = s;
    }
    // A large timeline's lists are not kept (the window simulates a million events now and then): a thread keeps at
    // most kKeptIntervals over all its lists, whatever the number of stages.
    std::size_t kept = 0;
    for (auto* lists : { &compute, &comm })
        for (const auto& list : *lists)
            kept += list.capacity();
    if (kept > kKeptIntervals)
        for (auto* lists : { &compute, &comm })
            for (auto& list : *lists)
                std::vector<Interval>().swap(list);
    if (stages == 0)
        return out;
    const auto& f = figures[critical];
    out.criticalStage = critical;
    out.computeSeconds = f.compute;
    out.commSeconds = f.commSum;
    out.commUnionSeconds = f.commUnion;
    out.exposedCommSeconds = f.exposed;
    out.overlapHta = f.commUnion > 0 ? f.overlap / f.commUnion : 0;
    out.overlapOsu = f.commSum > 0 ? std::clamp(1 - f.exposed / f.commSum, 0.0, 1.0) : 0;
    out.bubbleFraction = out.stepSeconds > 0 ? idleSum / stages / out.stepSeconds : 0;
    out.dimensions = f.dimensions;
    for (int k = 1; k < kLaneKinds; ++k)
        out.dimensions[k - 1].lane = static_cast<LaneKind>(k);

    out.tokensPerStep = ctx.tokensPerStep;
    out.modelFlopsPerStep = ctx.modelFlopsPerToken * ctx.tokensPerStep;
    if (out.stepSeconds > 0) {
        out.tokensPerSecond = ctx.tokensPerStep / out.stepSeconds;
        if (ctx.peakFlops > 0 && ctx.gpus > 0)
            out.mfu = out.modelFlopsPerStep / (out.stepSeconds * ctx.peakFlops * ctx.gpus);
    }
    return out;
}
} // namespace

StepMetrics measure(Timeline& timeline, const MetricsContext& ctx, const std::vector<StageFigures>& extra)
{
    // Events are sorted by lane: find each lane's range once.
    const int laneCount = static_cast<int>(timeline.lanes.size());
    std::vector<std::size_t> begin(laneCount + 1, timeline.events.size());
    for (int l = 0; l < laneCount; ++l)
        begin[l] = static_cast<std::size_t>(std::lower_bound(timeline.events.begin(), timeline.events.end(), l,
                                                [](const Event& e, int lane) { return e.lane < lane; })
            - timeline.events.begin());
    const auto eventsOf = [&](int l) {
        return std::span<Event>(timeline.events.data() + begin[l], timeline.events.data() + begin[l + 1]);
    };
    const auto laneOf = [&](int l) -> const Lane& { return timeline.lanes[l]; };
    return measureLanes(laneCount, laneOf, eventsOf, timeline.duration, timeline.events.size(), ctx, extra);
}

namespace sim {
StepMetrics measure(
    const Builder& builder, const MetricsContext& ctx, const std::vector<StageFigures>& extra, Seconds later)
{
    // The builder keeps its latest end as it goes: one pass less over every record.
    const Seconds duration = builder.end() + later;
    const auto laneOf = [&](int l) -> const Lane& { return builder.laneInfo(l); };
    const auto eventsOf = [&](int l) { return std::span<const Record>(builder.records(l)); };
    return measureLanes(builder.laneCount(), laneOf, eventsOf, duration, builder.size(), ctx, extra);
}
} // namespace sim

} // namespace tutor::model
