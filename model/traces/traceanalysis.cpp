// SPDX-License-Identifier: MIT
#include "model/traces/traceanalysis.h"

#include "model/measure/prediction.h"
#include "model/sim/metrics.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace tutor::model {

namespace {

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    const auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), mid, values.end());
    if (values.size() % 2 == 1)
        return *mid;
    const double upper = *mid;
    return (*std::max_element(values.begin(), mid) + upper) / 2;
}

/// Disjoint intervals (seconds from `originUs`) of one kernel class.
std::vector<Interval> intervalsOf(const RankTrace& trace, KernelClass kind, double originUs)
{
    std::vector<Interval> out;
    for (const TraceKernel& k : trace.kernels)
        if (k.kind == kind)
            out.push_back({ (k.startUs - originUs) * kMicro, (k.endUs() - originUs) * kMicro });
    return merge(std::move(out), true);
}

bool blocking(const TraceKernel& k)
{
    return k.kind == KernelClass::Communication && k.collective && *k.collective != Collective::SendRecv;
}

/// The straggler estimate over the collectives that every rank of a process group ran, matched by their order
/// in that group (every rank issues a group's collectives in the same order, or NCCL hangs).
void estimateStragglers(const std::vector<const RankTrace*>& traces, TraceAnalysis& analysis)
{
    // (group, collective) → per rank, that collective's kernel durations in issue order.
    std::map<std::pair<std::string, int>, std::map<std::size_t, std::vector<double>>> sequences;
    for (std::size_t r = 0; r < traces.size(); ++r)
        for (const TraceKernel& k : traces[r]->kernels)
            if (blocking(k))
                sequences[{ k.processGroup, static_cast<int>(*k.collective) }][r].push_back(k.durationUs * kMicro);
    std::vector<std::vector<double>> lateness(traces.size());
    std::vector<int> last(traces.size(), 0), seen(traces.size(), 0);
    std::vector<double> longest;
    for (const auto& [key, perRank] : sequences) {
        if (perRank.size() < 2)
            continue;
        std::size_t count = SIZE_MAX;
        for (const auto& [rank, durations] : perRank)
            count = std::min(count, durations.size());
        for (std::size_t i = 0; i < count; ++i) {
            double maxDuration = 0, minDuration = INFINITY;
            std::size_t lastRank = 0;
            for (const auto& [rank, durations] : perRank) {
                maxDuration = std::max(maxDuration, durations[i]);
                if (durations[i] < minDuration) {
                    minDuration = durations[i];
                    lastRank = rank;
                }
            }
            for (const auto& [rank, durations] : perRank) {
                lateness[rank].push_back(maxDuration - durations[i]);
                ++seen[rank];
            }
            ++last[lastRank];
            longest.push_back(maxDuration);
            ++analysis.matchedCollectives;
        }
    }
    const double typical = median(longest);
    for (std::size_t r = 0; r < traces.size(); ++r) {
        RankFigures& f = analysis.ranks[r];
        f.lateness = median(lateness[r]);
        f.lastArrivalShare = seen[r] ? static_cast<double>(last[r]) / seen[r] : 0;
        // Late by more than a quarter of a typical collective (and 20 µs, above launch jitter), and last to
        // arrive more often than not.
        f.straggler = seen[r] > 0 && f.lateness > std::max(0.25 * typical, 20e-6) && f.lastArrivalShare > 0.5;
    }
}

} // namespace

Result<TraceAnalysis> analyzeTraces(const std::vector<RankTrace>& input)
{
    if (input.empty())
        return Problem { "traces", "none", "open at least one PyTorch profiler trace" };
    // Rank numbers: the traces' own, then the lowest free numbers in the order given.
    std::map<int, const RankTrace*> byRank;
    for (const RankTrace& t : input)
        if (t.rank >= 0) {
            if (const auto it = byRank.find(t.rank); it != byRank.end())
                return Problem { "distributedInfo.rank", std::to_string(t.rank),
                    "appears in both " + it->second->source + " and " + t.source + ": open one trace per rank" };
            byRank[t.rank] = &t;
        }
    int next = 0;
    std::vector<std::pair<int, const RankTrace*>> ordered;
    for (const auto& [rank, trace] : byRank)
        ordered.emplace_back(rank, trace);
    for (const RankTrace& t : input)
        if (t.rank < 0) {
            while (byRank.count(next))
                ++next;
            byRank[next] = &t;
            ordered.emplace_back(next, &t);
        }
    std::sort(ordered.begin(), ordered.end());

    TraceAnalysis analysis;
    std::vector<const RankTrace*> traces;
    for (const auto& [rank, trace] : ordered) {
        traces.push_back(trace);
        analysis.warnings.insert(analysis.warnings.end(), trace->warnings.begin(), trace->warnings.end());
        analysis.worldSize = std::max(analysis.worldSize, trace->worldSize);
        if (analysis.deviceName.empty())
            analysis.deviceName = trace->deviceName;
        if (analysis.ncclVersion.empty())
            analysis.ncclVersion = trace->ncclVersion;

        RankFigures f;
        f.rank = rank;
        f.source = trace->source;
        const double origin = trace->kernels.front().startUs;
        double end = origin;
        for (const TraceKernel& k : trace->kernels) {
            end = std::max(end, k.endUs());
            f.computeKernels += k.kind == KernelClass::Compute;
            f.commKernels += k.kind == KernelClass::Communication;
        }
        f.window = (end - origin) * kMicro;
        const auto compute = intervalsOf(*trace, KernelClass::Compute, origin);
        const auto comm = intervalsOf(*trace, KernelClass::Communication, origin);
        f.compute = length(compute);
        f.communication = length(comm);
        f.memory = length(intervalsOf(*trace, KernelClass::Memory, origin));
        f.overlap = intersection(compute, comm);
        f.exposed = std::max(0.0, f.communication - f.overlap);
        f.overlapHta = f.communication > 0 ? f.overlap / f.communication : 0;
        analysis.ranks.push_back(f);
    }
    if (analysis.worldSize > 0 && static_cast<int>(traces.size()) > analysis.worldSize)
        analysis.warnings.push_back(Problem { "traces", std::to_string(traces.size()),
            "more traces than distributedInfo.world_size = " + std::to_string(analysis.worldSize) });
    estimateStragglers(traces, analysis);

    // Per collective, size and group over all ranks.
    std::map<std::tuple<int, Bytes, int, int>, std::vector<double>> groups;
    for (const RankTrace* trace : traces)
        for (const TraceKernel& k : trace->kernels)
            if (k.kind == KernelClass::Communication && k.collective)
                groups[{ static_cast<int>(*k.collective), k.bytes, k.groupSize, static_cast<int>(k.dtype) }].push_back(
                    k.durationUs * kMicro);
    for (auto& [key, durations] : groups) {
        CollectiveFigures c;
        c.collective = static_cast<Collective>(std::get<0>(key));
        c.bytes = std::get<1>(key);
        c.groupSize = std::get<2>(key);
        c.dtype = static_cast<DType>(std::get<3>(key));
        if (c.groupSize == 0 && analysis.worldSize > 0) {
            c.groupSize = analysis.worldSize;
            c.groupAssumed = true;
        }
        c.calls = static_cast<int>(durations.size());
        for (const double d : durations)
            c.totalSeconds += d;
        c.minSeconds = *std::min_element(durations.begin(), durations.end());
        c.medianSeconds = median(durations);
        if (c.bytes > 0 && c.groupSize >= 2 && c.medianSeconds > 0)
            c.busGBps
                = static_cast<double>(c.bytes) / c.medianSeconds * busBandwidthFactor(c.collective, c.groupSize) / 1e9;
        analysis.collectives.push_back(c);
    }
    std::stable_sort(analysis.collectives.begin(), analysis.collectives.end(),
        [](const CollectiveFigures& a, const CollectiveFigures& b) { return a.totalSeconds > b.totalSeconds; });
    return analysis;
}

void predictCollectives(TraceAnalysis& analysis, const HardwarePreset& preset, int gpusPerNode)
{
    const int perNode = gpusPerNode > 0 ? gpusPerNode : preset.gpusPerNode;
    for (CollectiveFigures& c : analysis.collectives) {
        c.predictedSeconds.reset();
        c.predictedBusGBps.reset();
        if (c.bytes <= 0 || c.groupSize < 2)
            continue;
        const int hosts = c.groupSize <= perNode ? 1 : c.groupSize / perNode;
        if (hosts > 1 && c.groupSize % perNode != 0)
            continue;
        HardwarePreset machine = preset;
        if (hosts > 1)
            machine.gpusPerNode = perNode;
        const auto topology = liveTopology(machine, c.groupSize, hosts);
        if (!topology)
            continue;
        const auto points = predictSizes(c.collective, c.dtype, *topology, { c.bytes });
        if (points.empty() || points.front().seconds <= 0)
            continue;
        c.predictedSeconds = points.front().seconds;
        c.predictedBusGBps = static_cast<double>(c.bytes) / points.front().seconds
            * busBandwidthFactor(c.collective, c.groupSize) / 1e9;
    }
}

std::optional<std::string> presetForDevice(const std::string& deviceName)
{
    std::string upper;
    for (const char ch : deviceName)
        upper += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    const auto has = [&](const char* part) { return upper.find(part) != std::string::npos; };
    if (has("GB200"))
        return "gb200-nvl72";
    if (has("B200"))
        return "hgx-b200";
    if (has("H200"))
        return "hgx-h200";
    if (has("H800"))
        return "hgx-h800";
    if (has("H100"))
        return "hgx-h100";
    if (has("A800"))
        return "hgx-a800";
    if (has("A100"))
        return "dgx-a100";
    return std::nullopt;
}

Timeline traceTimeline(const std::vector<RankTrace>& input, int maxRanks)
{
    std::vector<const RankTrace*> traces;
    for (const RankTrace& t : input)
        traces.push_back(&t);
    std::stable_sort(traces.begin(), traces.end(), [](const RankTrace* a, const RankTrace* b) {
        return (a->rank < 0 ? INT32_MAX : a->rank) < (b->rank < 0 ? INT32_MAX : b->rank);
    });
    if (static_cast<int>(traces.size()) > maxRanks)
        traces.resize(static_cast<std::size_t>(std::max(0, maxRanks)));
    // One clock when the ranks' first kernels lie within a second of each other (one host, or synchronised
    // hosts); otherwise each rank from its own first kernel.
    double earliest = INFINITY, latest = -INFINITY;
    for (const RankTrace* t : traces)
        if (!t->kernels.empty()) {
            earliest = std::min(earliest, t->kernels.front().startUs);
            latest = std::max(latest, t->kernels.front().startUs);
        }
    const bool sharedClock = latest - earliest < 1e6;

    Timeline timeline;
    for (std::size_t position = 0; position < traces.size(); ++position) {
        const RankTrace& trace = *traces[position];
        if (trace.kernels.empty())
            continue;
        const double origin = sharedClock ? earliest : trace.kernels.front().startUs;
        // Streams in order, compute streams first; one lane each.
        std::set<std::pair<bool, long long>> streams;
        for (const TraceKernel& k : trace.kernels)
            if (k.kind != KernelClass::Memory)
                streams.insert({ k.kind == KernelClass::Communication, k.stream });
        std::map<std::pair<bool, long long>, int> laneOf;
        for (const auto& [comm, stream] : streams) {
            Lane lane;
            lane.stage = static_cast<int>(position);
            lane.kind = comm ? LaneKind::DpComm : LaneKind::Compute;
            lane.rank = trace.rank < 0 ? static_cast<int>(position) : trace.rank;
            lane.stream = stream < 0 ? 0 : stream;
            lane.name = "rank " + std::to_string(lane.rank) + " · " + (comm ? "nccl" : "compute") + " · stream "
                + std::to_string(lane.stream);
            laneOf[{ comm, stream }] = static_cast<int>(timeline.lanes.size());
            timeline.lanes.push_back(std::move(lane));
        }
        const auto compute = intervalsOf(trace, KernelClass::Compute, origin);
        std::map<int, Seconds> laneEnd;
        for (const TraceKernel& k : trace.kernels) {
            if (k.kind == KernelClass::Memory)
                continue;
            const bool comm = k.kind == KernelClass::Communication;
            const int lane = laneOf.at({ comm, k.stream });
            Seconds start = (k.startUs - origin) * kMicro;
            const Seconds end = (k.endUs() - origin) * kMicro;
            Seconds& previous = laneEnd[lane];
            start = std::max(start, previous);
            if (end <= start)
                continue;
            previous = end;
            Event e;
            e.lane = lane;
            e.kind = comm ? EventKind::Communication : EventKind::Kernel;
            e.label = k.name.substr(0, 120);
            e.start = start;
            e.duration = end - start;
            e.collective = k.collective;
            e.bytes = k.bytes;
            if (comm) // the part no compute kernel of this rank ran beside: HTA's non-overlapped communication
                e.exposed = std::max(0.0, e.duration - covered(compute, start, end));
            timeline.events.push_back(std::move(e));
            timeline.duration = std::max(timeline.duration, end);
        }
    }
    std::stable_sort(timeline.events.begin(), timeline.events.end(),
        [](const Event& a, const Event& b) { return std::tie(a.lane, a.start) < std::tie(b.lane, b.start); });
    return timeline;
}

} // namespace tutor::model
