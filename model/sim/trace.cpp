// SPDX-License-Identifier: MIT
#include "model/sim/trace.h"

#include "model/io/atomicfile.h"
#include "model/io/jsonsafe.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace tutor::model {

using nlohmann::json;

namespace {
long long nanoseconds(Seconds t)
{
    return std::llround(t * 1e9);
}
double micros(long long ns)
{
    return static_cast<double>(ns) / 1000.0;
}

std::string number(double v)
{
    if (!std::isfinite(v))
        return "0";
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.9g", v);
    return buffer;
}

std::string quoted(const std::string& text)
{
    if (text.find_first_of(",\"\n") == std::string::npos)
        return text;
    std::string out = "\"";
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

json metricsJson(const StepMetrics& m)
{
    json dims = json::object();
    for (const auto& d : m.dimensions)
        dims[std::string(name(d.lane))] = { { "calls", d.calls }, { "bytes", d.bytes }, { "bus_bytes", d.busBytes },
            { "seconds", d.seconds }, { "exposed_seconds", d.exposedSeconds } };
    return { { "step_s", m.stepSeconds }, { "compute_s", m.computeSeconds }, { "comm_s", m.commSeconds },
        { "exposed_comm_s", m.exposedCommSeconds }, { "overlap_hta", m.overlapHta }, { "overlap_osu", m.overlapOsu },
        { "bubble_fraction", m.bubbleFraction }, { "mfu", m.mfu }, { "tokens_per_s", m.tokensPerSecond },
        { "peak_memory_bytes", m.memory.totalBytes }, { "critical_stage", m.criticalStage }, { "events", m.events },
        { "dimensions", dims } };
}
} // namespace

json chromeTrace(const Timeline& timeline, const StepMetrics* metrics)
{
    json events = json::array();
    int stages = 0;
    for (const auto& lane : timeline.lanes)
        stages = std::max(stages, lane.stage + 1);
    for (int s = 0; s < stages; ++s)
        events.push_back({ { "ph", "M" }, { "name", "process_name" }, { "pid", s }, { "tid", 0 },
            { "args", { { "name", "stage " + std::to_string(s) } } } });
    for (int l = 0; l < static_cast<int>(timeline.lanes.size()); ++l) {
        const auto& lane = timeline.lanes[l];
        events.push_back({ { "ph", "M" }, { "name", "thread_name" }, { "pid", lane.stage }, { "tid", l },
            { "args", { { "name", lane.name } } } });
        events.push_back({ { "ph", "M" }, { "name", "thread_sort_index" }, { "pid", lane.stage }, { "tid", l },
            { "args", { { "sort_index", l } } } });
    }
    for (const auto& e : timeline.events) {
        const auto& lane = timeline.lanes[e.lane];
        const long long start = nanoseconds(e.start);
        const long long end = nanoseconds(e.end());
        json args = json::object();
        if (e.collective) {
            args["collective"] = std::string(name(*e.collective));
            args["bytes"] = e.bytes;
            args["group"] = timeline.groupLabel(e);
            args["exposed_us"] = e.exposed * 1e6;
        }
        if (e.layer >= 0)
            args["layer"] = e.layer;
        if (e.microBatch >= 0)
            args["micro_batch"] = e.microBatch;
        if (e.bucket >= 0)
            args["bucket"] = e.bucket;
        events.push_back({ { "ph", "X" }, { "name", e.label.empty() ? std::string(name(e.kind)) : e.label },
            { "cat", e.collective ? std::string(name(lane.kind)) : std::string(name(e.kind)) }, { "pid", lane.stage },
            { "tid", e.lane }, { "ts", micros(start) }, { "dur", micros(end - start) }, { "args", std::move(args) } });
    }
    json out = { { "traceEvents", std::move(events) }, { "displayTimeUnit", "ms" } };
    if (metrics)
        out["otherData"] = metricsJson(*metrics);
    return out;
}

namespace {

/// PyTorch's dtype spelling in Kineto's collective args ("BFloat16", "Float").
std::string torchDType(DType d)
{
    switch (d) {
    case DType::Int8:
        return "Char";
    case DType::Uint8:
        return "Byte";
    case DType::Int32:
    case DType::Uint32:
        return "Int";
    case DType::Int64:
    case DType::Uint64:
        return "Long";
    case DType::Fp8E4M3:
        return "Float8_e4m3fn";
    case DType::Fp8E5M2:
        return "Float8_e5m2";
    case DType::Fp16:
        return "Half";
    case DType::Bf16:
        return "BFloat16";
    case DType::Fp32:
        return "Float";
    case DType::Fp64:
        return "Double";
    }
    return "Float";
}

/// NCCL's short type names in kernel names (src/device/generate.py).
std::string ncclTypeName(DType d)
{
    switch (d) {
    case DType::Int8:
        return "i8";
    case DType::Uint8:
        return "u8";
    case DType::Int32:
        return "i32";
    case DType::Uint32:
        return "u32";
    case DType::Int64:
        return "i64";
    case DType::Uint64:
        return "u64";
    case DType::Fp8E4M3:
        return "f8e4m3";
    case DType::Fp8E5M2:
        return "f8e5m2";
    case DType::Fp16:
        return "f16";
    case DType::Bf16:
        return "bf16";
    case DType::Fp32:
        return "f32";
    case DType::Fp64:
        return "f64";
    }
    return "f32";
}

/// c10d's collective names as record_param_comms reports them.
std::string torchCollectiveName(Collective c)
{
    switch (c) {
    case Collective::AllReduce:
        return "allreduce";
    case Collective::ReduceScatter:
        return "_reduce_scatter_base";
    case Collective::AllGather:
        return "_allgather_base";
    case Collective::Broadcast:
        return "broadcast";
    case Collective::Reduce:
        return "reduce";
    case Collective::AllToAll:
        return "all_to_all";
    case Collective::SendRecv:
        return "send";
    case Collective::Gather:
        return "gather";
    case Collective::Scatter:
        return "scatter";
    }
    return "allreduce";
}

constexpr int kComputeStream = 7;

int streamOf(LaneKind kind)
{
    return kind == LaneKind::Compute ? kComputeStream : 20 + static_cast<int>(kind);
}

/// Ranks of the group of `kind` that contains `rank`, Megatron-Core order (tp fastest, then cp, dp, pp); the dp
/// group holds the cp ranks too. The expert groups number a stage's ranks etp, ep, expert dp (MoE parallel folding).
std::vector<int> groupRanks(const ParallelSpec& p, int rank, std::optional<GroupKind> kind, int size)
{
    int stride = 1;
    if (kind == GroupKind::Dp || kind == GroupKind::Cp)
        stride = p.tp;
    else if (kind == GroupKind::Ep)
        stride = p.expertTp();
    else if (kind == GroupKind::ExpertDp)
        stride = p.expertTp() * std::max(1, p.ep);
    else if (kind == GroupKind::Pp)
        stride = p.tp * std::max(1, p.cp) * p.dp;
    const int span = stride * size;
    const int first = rank / span * span + rank % stride;
    std::vector<int> out;
    for (int i = 0; i < size; ++i)
        out.push_back(first + i * stride);
    return out;
}

std::string listText(const std::vector<int>& ranks)
{
    std::string out = "[";
    for (std::size_t i = 0; i < ranks.size(); ++i)
        out += (i ? ", " : "") + std::to_string(ranks[i]);
    return out + "]";
}

} // namespace

int stageRank(const KinetoOptions& o, int stage)
{
    const auto& p = o.parallel;
    return stage * std::max(1, p.tp) * std::max(1, p.cp) * std::max(1, p.dp);
}

std::string ncclKernelName(Collective c, DType dtype, Bytes bytes)
{
    const std::string proto = bytes < 64 * 1024 ? "RING_LL" : "RING_SIMPLE";
    switch (c) {
    case Collective::AllReduce:
        return "ncclDevKernel_AllReduce_Sum_" + ncclTypeName(dtype) + "_" + proto;
    case Collective::ReduceScatter:
        return "ncclDevKernel_ReduceScatter_Sum_" + ncclTypeName(dtype) + "_" + proto;
    case Collective::Reduce:
        return "ncclDevKernel_Reduce_Sum_" + ncclTypeName(dtype) + "_" + proto;
    case Collective::AllGather:
        return "ncclDevKernel_AllGather_" + proto;
    case Collective::Broadcast:
        return "ncclDevKernel_Broadcast_" + proto;
    default:
        return "ncclDevKernel_SendRecv";
    }
}

json kinetoTrace(const Timeline& timeline, int stage, const KinetoOptions& o)
{
    const int rank = stageRank(o, stage);
    const auto& p = o.parallel;
    const int world = std::max(1, p.tp) * std::max(1, p.cp) * std::max(1, p.dp) * std::max(1, p.pp);
    constexpr int kHostPid = 1000;
    json events = json::array();
    events.push_back({ { "ph", "M" }, { "name", "process_name" }, { "pid", kHostPid }, { "tid", 0 },
        { "args", { { "name", "python3" } } } });
    events.push_back({ { "ph", "M" }, { "name", "process_labels" }, { "pid", kHostPid }, { "tid", 0 },
        { "args", { { "labels", "CPU" } } } });
    events.push_back({ { "ph", "M" }, { "name", "process_name" }, { "pid", 0 }, { "tid", 0 },
        { "args", { { "name", "python3" } } } });
    events.push_back({ { "ph", "M" }, { "name", "process_labels" }, { "pid", 0 }, { "tid", 0 },
        { "args", { { "labels", "GPU 0" } } } });
    std::vector<int> streams;
    for (const auto& lane : timeline.lanes)
        if (lane.stage == stage && std::find(streams.begin(), streams.end(), streamOf(lane.kind)) == streams.end())
            streams.push_back(streamOf(lane.kind));
    for (int s : streams)
        events.push_back({ { "ph", "M" }, { "name", "thread_name" }, { "pid", 0 }, { "tid", s },
            { "args", { { "name", "stream " + std::to_string(s) } } } });
    events.push_back(
        { { "ph", "X" }, { "cat", "cpu_op" }, { "name", "ProfilerStep#0" }, { "pid", kHostPid }, { "tid", kHostPid },
            { "ts", 0.0 }, { "dur", micros(nanoseconds(timeline.duration)) }, { "args", { { "External id", 1 } } } });
    long long correlation = 1;
    for (const auto& e : timeline.events) {
        const auto& lane = timeline.lanes[e.lane];
        const bool comm = lane.kind != LaneKind::Compute;
        // What StepMetrics counts: every event of a communication lane, the compute events of a compute lane.
        if (lane.stage != stage || (!comm && (e.kind == EventKind::Idle || e.kind == EventKind::Communication)))
            continue;
        ++correlation;
        const long long start = nanoseconds(e.start);
        const long long end = nanoseconds(e.end());
        const int stream = streamOf(lane.kind);
        json args = { { "External id", correlation }, { "queued", 0 }, { "device", 0 }, { "context", 1 },
            { "stream", stream }, { "correlation", correlation } };
        std::string kernel = e.label.empty() ? std::string(name(e.kind)) : e.label;
        if (comm) {
            const Collective c = e.collective.value_or(Collective::SendRecv);
            kernel = ncclKernelName(c, o.dtype, e.bytes);
            const CommGroup* group = e.groupIndex >= 0 && e.groupIndex < static_cast<int>(timeline.groups.size())
                ? &timeline.groups[static_cast<std::size_t>(e.groupIndex)]
                : nullptr;
            const int size = group ? std::max(1, group->topology.ranks()) : 2;
            const long long elems = e.bytes / std::max(1, sizeOf(o.dtype));
            // nccl-tests' S is the whole array for these two; PyTorch's in/out sizes are per rank.
            const long long in = c == Collective::ReduceScatter ? elems
                : c == Collective::AllGather                    ? elems / size
                                                                : elems;
            const long long out = c == Collective::ReduceScatter ? elems / size : elems;
            const auto ranks
                = groupRanks(o.parallel, rank, group ? std::optional<GroupKind>(group->kind) : std::nullopt, size);
            args["Collective name"] = torchCollectiveName(c);
            args["In msg nelems"] = in;
            args["Out msg nelems"] = out;
            args["Group size"] = size;
            args["dtype"] = torchDType(o.dtype);
            args["In split size"] = "[]";
            args["Out split size"] = "[]";
            args["Process Group Name"] = group ? std::string(name(group->kind)) : std::string("default_pg");
            args["Process Group Description"] = group ? group->label : std::string("default_pg");
            args["Process Group Ranks"] = listText(ranks);
        }
        events.push_back({ { "ph", "X" }, { "cat", "kernel" }, { "name", kernel }, { "pid", 0 }, { "tid", stream },
            { "ts", micros(start) }, { "dur", micros(end - start) }, { "args", std::move(args) } });
    }
    std::vector<int> everyRank(static_cast<std::size_t>(world));
    for (int r = 0; r < world; ++r)
        everyRank[static_cast<std::size_t>(r)] = r;
    json pgConfig = json::array();
    pgConfig.push_back({ { "pg_name", "0" }, { "pg_desc", "default_pg" }, { "backend_config", "cuda:nccl" },
        { "pg_size", world }, { "ranks", everyRank } });
    json device = { { "id", 0 }, { "name", o.deviceName }, { "totalGlobalMem", o.deviceMemoryBytes },
        { "computeMajor", 9 }, { "computeMinor", 0 }, { "maxThreadsPerBlock", 1024 },
        { "maxThreadsPerMultiprocessor", 2048 }, { "regsPerBlock", 65536 }, { "warpSize", 32 },
        { "sharedMemPerBlock", 49152 }, { "numSms", 132 }, { "regsPerMultiprocessor", 65536 },
        { "sharedMemPerBlockOptin", 232448 }, { "sharedMemPerMultiprocessor", 233472 } };
    return { { "schemaVersion", 1 }, { "deviceProperties", json::array({ device }) },
        { "distributedInfo",
            { { "backend", "nccl" }, { "rank", rank }, { "world_size", world }, { "pg_count", 1 },
                { "pg_config", pgConfig }, { "nccl_version", "2.21.5" } } },
        { "traceEvents", std::move(events) }, { "traceName", "trace_rank" + std::to_string(rank) + ".json" },
        { "displayTimeUnit", "ms" } };
}

std::vector<std::pair<std::string, std::string>> kinetoTraceFiles(const Timeline& timeline, const KinetoOptions& o)
{
    int stages = 0;
    for (const auto& lane : timeline.lanes)
        stages = std::max(stages, lane.stage + 1);
    std::vector<std::pair<std::string, std::string>> files;
    for (int s = 0; s < stages; ++s)
        files.emplace_back(
            "trace_rank" + std::to_string(stageRank(o, s)) + ".json", io::dumpText(kinetoTrace(timeline, s, o)) + "\n");
    return files;
}

std::string chromeTraceText(const Timeline& timeline, const StepMetrics* metrics)
{
    return io::dumpText(chromeTrace(timeline, metrics)) + "\n";
}

std::string eventsCsv(const Timeline& timeline)
{
    std::string out = "lane,stage,lane_kind,kind,label,start_s,duration_s,bytes,collective,group,layer,micro_batch,"
                      "bucket,exposed_s\n";
    for (const auto& e : timeline.events) {
        const auto& lane = timeline.lanes[e.lane];
        out += std::to_string(e.lane) + ',' + std::to_string(lane.stage) + ',' + std::string(name(lane.kind)) + ','
            + std::string(name(e.kind)) + ',' + quoted(e.label) + ',' + number(e.start) + ',' + number(e.duration) + ','
            + std::to_string(e.bytes) + ',' + (e.collective ? std::string(name(*e.collective)) : "") + ','
            + quoted(timeline.groupLabel(e)) + ',' + std::to_string(e.layer) + ',' + std::to_string(e.microBatch) + ','
            + std::to_string(e.bucket) + ',' + number(e.exposed) + '\n';
    }
    return out;
}

std::string metricsCsv(const StepMetrics& m)
{
    std::string out = "metric,value,unit\n";
    const auto row = [&](const std::string& metric, double value, const char* unit) {
        out += metric + ',' + number(value) + ',' + unit + '\n';
    };
    row("step", m.stepSeconds, "s");
    row("compute", m.computeSeconds, "s");
    row("communication", m.commSeconds, "s");
    row("exposed_communication", m.exposedCommSeconds, "s");
    row("overlap_hta", m.overlapHta, "fraction");
    row("overlap_osu", m.overlapOsu, "fraction");
    row("bubble", m.bubbleFraction, "fraction");
    row("mfu", m.mfu, "fraction");
    row("tokens_per_second", m.tokensPerSecond, "1/s");
    row("memory_params", m.memory.paramsBytes, "B");
    row("memory_grads", m.memory.gradsBytes, "B");
    row("memory_optimizer", m.memory.optimizerBytes, "B");
    row("memory_activations", m.memory.activationsBytes, "B");
    row("memory_buffers", m.memory.buffersBytes, "B");
    row("memory_total", m.memory.totalBytes, "B");
    row("critical_stage", m.criticalStage, "");
    row("events", static_cast<double>(m.events), "");
    for (const auto& d : m.dimensions) {
        const std::string p(name(d.lane));
        row(p + "_calls", d.calls, "");
        row(p + "_bytes", static_cast<double>(d.bytes), "B");
        row(p + "_seconds", d.seconds, "s");
        row(p + "_exposed", d.exposedSeconds, "s");
    }
    return out;
}

Problems writeTextFile(const std::string& path, const std::string& text)
{
    if (const auto failure = io::writeFileAtomically(path, text))
        return { Problem { path, {}, failure->rule(), {} } };
    return {};
}

} // namespace tutor::model
