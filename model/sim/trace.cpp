// SPDX-License-Identifier: MIT
#include "model/sim/trace.h"

#include <cmath>
#include <cstdio>
#include <fstream>
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
            args["group"] = e.group;
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

std::string chromeTraceText(const Timeline& timeline, const StepMetrics* metrics)
{
    return chromeTrace(timeline, metrics).dump() + "\n";
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
            + quoted(e.group) + ',' + std::to_string(e.layer) + ',' + std::to_string(e.microBatch) + ','
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
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (out)
        out << text;
    if (!out)
        return { Problem { "file", path, "cannot open for writing", {} } };
    return {};
}

} // namespace tutor::model
