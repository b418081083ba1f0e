// SPDX-License-Identifier: MIT
// `commtutor-cli trace`: measured PyTorch profiler traces in the simulator's terms (model/traces).
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "model/io/jsonsafe.h"
#include "model/traces/traceanalysis.h"

#include <charconv>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace tutor::app::cli {

namespace {
using namespace tutor::model;

void printTraceUsage(std::ostream& out)
{
    out << "usage: commtutor-cli trace FILE... [--preset ID] [--gpus-per-node N] [--json]\n"
           "Reads PyTorch profiler (Kineto) traces, one file per rank (.json or .json.gz), and prints per rank the\n"
           "compute, communication and exposed-communication time and the comm/compute overlap "
           "(HolisticTraceAnalysis'\n"
           "definition: |compute ∩ communication| / |communication|), per collective size the measured kernel time\n"
           "and bus bandwidth beside the cost model's, and ranks that arrive late to collectives (stragglers).\n\n"
           "  --preset ID          the hardware the model predicts for (default: the trace's GPU, else hgx-h100;\n"
           "                       'commtutor-cli presets' lists them)\n"
           "  --gpus-per-node N    GPUs per node for groups larger than a node (default: the preset's)\n"
           "  --json               one JSON document instead of text\n"
           "  -h, --help           this text\n\n"
           "Exit status: 0 analysed, 1 a file cannot be read or is not a GPU trace, 2 wrong arguments.\n";
}

int usageError(std::ostream& err, const std::string& message)
{
    err << "commtutor-cli trace: " << message << "\n\n";
    printTraceUsage(err);
    return 2;
}

std::string fixed(double value, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string padded(const std::string& text, std::size_t width)
{
    return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

nlohmann::json analysisJson(const TraceAnalysis& a, const std::string& preset)
{
    nlohmann::json j;
    j["world_size"] = a.worldSize;
    j["device"] = a.deviceName;
    j["nccl_version"] = a.ncclVersion;
    j["preset"] = preset;
    j["matched_collectives"] = a.matchedCollectives;
    for (const RankFigures& r : a.ranks)
        j["ranks"].push_back({ { "rank", r.rank }, { "file", r.source }, { "window_s", r.window },
            { "compute_s", r.compute }, { "communication_s", r.communication }, { "memory_s", r.memory },
            { "overlap_s", r.overlap }, { "exposed_s", r.exposed }, { "overlap_hta", r.overlapHta },
            { "compute_kernels", r.computeKernels }, { "comm_kernels", r.commKernels }, { "lateness_s", r.lateness },
            { "last_arrival_share", r.lastArrivalShare }, { "straggler", r.straggler } });
    j["collectives"] = nlohmann::json::array();
    for (const CollectiveFigures& c : a.collectives) {
        nlohmann::json row { { "collective", std::string(traits(c.collective).cliName) }, { "bytes", c.bytes },
            { "dtype", std::string(name(c.dtype)) }, { "group_size", c.groupSize }, { "group_assumed", c.groupAssumed },
            { "calls", c.calls }, { "total_s", c.totalSeconds }, { "median_s", c.medianSeconds },
            { "min_s", c.minSeconds }, { "busbw_GBps", c.busGBps } };
        row["predicted_s"] = c.predictedSeconds ? nlohmann::json(*c.predictedSeconds) : nlohmann::json(nullptr);
        row["predicted_busbw_GBps"]
            = c.predictedBusGBps ? nlohmann::json(*c.predictedBusGBps) : nlohmann::json(nullptr);
        j["collectives"].push_back(std::move(row));
    }
    j["warnings"] = nlohmann::json::array();
    for (const Problem& w : a.warnings)
        j["warnings"].push_back(w.text());
    return j;
}

void printAnalysis(const TraceAnalysis& a, const std::string& preset, std::ostream& out)
{
    out << a.ranks.size() << " trace(s); world size " << (a.worldSize ? std::to_string(a.worldSize) : "unknown")
        << "; GPU " << (a.deviceName.empty() ? "unknown" : a.deviceName) << "; NCCL "
        << (a.ncclVersion.empty() ? "unknown" : a.ncclVersion) << "; model on " << preset << "\n\n";
    out << "per rank (ms; overlap = |compute ∩ comm| / |comm|, HTA):\n"
        << "  rank   window  compute     comm  exposed  overlap  late µs  file\n";
    for (const RankFigures& r : a.ranks)
        out << padded(std::to_string(r.rank), 6) << padded(fixed(r.window * 1e3, 2), 9)
            << padded(fixed(r.compute * 1e3, 2), 9) << padded(fixed(r.communication * 1e3, 2), 9)
            << padded(fixed(r.exposed * 1e3, 2), 9) << padded(fixed(r.overlapHta * 100, 1) + "%", 9)
            << padded(fixed(r.lateness * 1e6, 0), 9) << "  " << r.source << (r.straggler ? "  ← straggler" : "")
            << '\n';
    out << "stragglers: estimated from " << a.matchedCollectives
        << " collectives matched across ranks (late = longest kernel − this rank's kernel, median)\n\n";
    out << "per collective (median kernel time over all ranks; busbw = S / t · nccl-tests factor):\n"
        << "  collective        size  type   group  calls  median µs  busbw GB/s  model µs  model GB/s\n";
    for (const CollectiveFigures& c : a.collectives) {
        out << "  " << std::string(traits(c.collective).cliName)
            << std::string(14 - std::min<std::size_t>(13, traits(c.collective).cliName.size()), ' ')
            << padded(c.bytes > 0 ? formatBytes(c.bytes) : "?", 8) << "  " << padded(std::string(name(c.dtype)), 5)
            << padded(c.groupSize ? std::to_string(c.groupSize) + (c.groupAssumed ? "*" : "") : "?", 7)
            << padded(std::to_string(c.calls), 7) << padded(fixed(c.medianSeconds * 1e6, 1), 11)
            << padded(c.busGBps > 0 ? fixed(c.busGBps, 1) : "—", 12)
            << padded(c.predictedSeconds ? fixed(*c.predictedSeconds * 1e6, 1) : "—", 10)
            << padded(c.predictedBusGBps ? fixed(*c.predictedBusGBps, 1) : "—", 11) << '\n';
    }
    bool assumed = false;
    for (const CollectiveFigures& c : a.collectives)
        assumed = assumed || c.groupAssumed;
    if (assumed)
        out << "  * group size not in the trace: the world size was assumed\n";
    for (const Problem& w : a.warnings)
        out << "warning: " << w.text() << '\n';
}

} // namespace

int runTrace(Args args, std::ostream& out, std::ostream& err)
{
    const CommandLine cl(args, { "--preset", "--gpus-per-node" }, { "--json", "--help", "-h" });
    if (!cl.ok())
        return usageError(err, cl.error());
    if (cl.has("--help") || cl.has("-h")) {
        printTraceUsage(out);
        return 0;
    }
    if (cl.positionals().empty())
        return usageError(err, "no trace file given");
    int gpusPerNode = 0;
    if (const auto n = cl.value("--gpus-per-node")) {
        const auto [end, ec] = std::from_chars(n->data(), n->data() + n->size(), gpusPerNode);
        if (ec != std::errc {} || end != n->data() + n->size() || gpusPerNode < 1 || gpusPerNode > 4096)
            return usageError(err, "--gpus-per-node " + *n + ": must be an integer from 1 to 4096");
    }
    std::vector<RankTrace> traces;
    for (const auto& path : cl.positionals()) {
        auto trace = loadKinetoTrace(path);
        if (!trace) {
            err << toText(trace.problems()) << '\n';
            return 1;
        }
        traces.push_back(std::move(*trace));
    }
    auto analysis = analyzeTraces(traces);
    if (!analysis) {
        err << toText(analysis.problems()) << '\n';
        return 1;
    }
    const std::string presetId
        = cl.value("--preset").value_or(presetForDevice(analysis->deviceName).value_or("hgx-h100"));
    const auto preset = findPreset(presetId, "--preset");
    if (!preset)
        return usageError(err, toText(preset.problems()));
    predictCollectives(analysis.value(), *preset, gpusPerNode);
    if (cl.has("--json"))
        out << io::dumpText(analysisJson(*analysis, presetId), 2) << '\n';
    else
        printAnalysis(*analysis, presetId, out);
    return 0;
}

} // namespace tutor::app::cli
