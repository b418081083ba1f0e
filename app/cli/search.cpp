// SPDX-License-Identifier: MIT
// `commtutor-cli search`: the parallel layouts of a model on N GPUs, ranked by simulated step time
// (model/sim/layoutsearch.h).
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "model/io/jsonsafe.h"
#include "model/sim/layoutsearch.h"
#include "model/sim/scenarioio.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>

namespace tutor::app::cli {

namespace {
using namespace tutor::model;

std::atomic<bool> g_interrupted { false };

extern "C" void onInterrupt(int)
{
    g_interrupted.store(true);
}

void printUsage(std::ostream& out)
{
    out << "usage: commtutor-cli search (--model NAME | SCENARIO.json) --gpus N [--preset P] [--global-batch B]\n"
           "                            [--seq-len S] [--top K] [--threads T] [--rejected] [--json]\n"
           "Enumerates DP × TP × PP × virtual stages × EP × CP × ZeRO stage × recomputation × micro-batch size,\n"
           "drops what breaks Megatron-LM's rules or does not fit in memory, simulates the rest and ranks by step\n"
           "time.\n\n"
           "  --model NAME       a known model:";
    for (const auto& m : namedModels())
        out << ' ' << m.id;
    out << "\n"
           "  SCENARIO.json      or a scenario file (its model, hardware, comm and compute settings)\n"
           "  --gpus N           GPUs in all (a multiple of the preset's GPUs per node)\n"
           "  --preset P         hardware preset (default hgx-h100, or the scenario's)\n"
           "  --global-batch B   sequences per optimizer step (default 2 · GPUs)\n"
           "  --seq-len S        tokens per sequence (default: the model's); from 16384 on, context parallelism\n"
           "                     (CP 2 to 16) is searched too\n"
           "  --top K            rows to print (default 10)\n"
           "  --threads T        worker threads (default: every core)\n"
           "  --rejected         also list the layouts dropped and why\n"
           "  --json             the ranked layouts (and rejected ones with --rejected) as JSON\n"
           "Ctrl+C stops the search and prints what was simulated so far.\n"
           "Exit status: 0 the ranking was printed, 1 no layout fits, 2 wrong arguments.\n";
}

int usageError(std::ostream& err, const std::string& message)
{
    err << "commtutor-cli search: " << message << "\n\n";
    printUsage(err);
    return 2;
}

std::optional<long long> parseCount(const std::string& text)
{
    try {
        std::size_t used = 0;
        const long long v = std::stoll(text, &used);
        if (used == text.size())
            return v;
    } catch (const std::exception&) {
    }
    return std::nullopt;
}

std::string layoutText(const Scenario& s)
{
    return s.name.en;
}

nlohmann::json rowJson(const LayoutResult& r)
{
    const auto& m = r.metrics;
    nlohmann::json j = { { "layout", layoutText(r.scenario) }, { "dp", r.scenario.parallel.dp },
        { "tp", r.scenario.parallel.tp }, { "pp", r.scenario.parallel.pp },
        { "virtual_stages", r.scenario.parallel.virtualStages }, { "ep", r.scenario.parallel.ep },
        { "etp", r.scenario.parallel.expertTp() }, { "cp", r.scenario.parallel.cp },
        { "zero_stage", r.scenario.parallel.zeroStage },
        { "recompute", std::string(name(r.scenario.compute.recompute)) },
        { "micro_batch_size", r.scenario.batch.microBatchSize }, { "micro_batches", r.scenario.batch.microBatches } };
    if (!r.rejected.empty()) {
        j["rejected"] = r.rejected;
        return j;
    }
    j["step_s"] = m.stepSeconds;
    j["mfu"] = m.mfu;
    j["tokens_per_s"] = m.tokensPerSecond;
    j["bubble"] = m.bubbleFraction;
    j["memory_GiB"] = m.memory.totalBytes / (1 << 30);
    j["exposed_comm_s"] = m.exposedCommSeconds;
    nlohmann::json dims = nlohmann::json::object();
    for (const auto& d : m.dimensions)
        dims[std::string(name(d.lane))] = { { "seconds", d.seconds }, { "exposed_s", d.exposedSeconds } };
    j["dimensions"] = dims;
    return j;
}
} // namespace

int runSearch(Args args, std::ostream& out, std::ostream& err)
{
    const CommandLine cl(args, { "--model", "--gpus", "--preset", "--global-batch", "--seq-len", "--top", "--threads" },
        { "--json", "--rejected", "--help", "-h" });
    if (!cl.ok())
        return usageError(err, cl.error());
    if (cl.has("--help") || cl.has("-h")) {
        printUsage(out);
        return 0;
    }
    SearchRequest request;
    if (cl.positionals().size() > 1)
        return usageError(err, "give one scenario file at most");
    if (cl.has("--model") == !cl.positionals().empty())
        return usageError(err, "give either --model NAME or a scenario file");
    if (const auto model = cl.value("--model")) {
        const auto shape = findModel(*model, "--model");
        if (!shape) {
            err << "commtutor-cli search: " << toText(shape.problems()) << '\n';
            return 2;
        }
        request.base.model = *shape;
        request.base.name = { *model, {} };
    } else {
        const auto scenario = loadScenario(cl.positionals().front());
        if (!scenario) {
            err << "commtutor-cli search: " << toText(scenario.problems()) << '\n';
            return 2;
        }
        request.base = *scenario;
    }
    if (const auto preset = cl.value("--preset")) {
        request.base.hardware.preset = *preset;
        request.base.hardware.gpusPerNode = 0;
    }
    const auto number = [&](const char* flag, long long fallback) -> std::optional<long long> {
        const auto v = cl.value(flag);
        return v ? parseCount(*v) : std::optional<long long>(fallback);
    };
    const auto gpus = number("--gpus", -1), batch = number("--global-batch", 0), top = number("--top", 10),
               threads = number("--threads", 0), seqLen = number("--seq-len", request.base.model.seqLen);
    if (!cl.has("--gpus"))
        return usageError(err, "--gpus is required");
    if (!gpus || *gpus < 1 || *gpus > 1'000'000)
        return usageError(err, "--gpus = " + cl.value("--gpus").value_or("") + ": must be an integer in [1, 1000000]");
    if (!batch || *batch < 0)
        return usageError(err, "--global-batch must be a positive integer");
    if (!top || *top < 1)
        return usageError(err, "--top must be a positive integer");
    if (!threads || *threads < 0 || *threads > 1024)
        return usageError(err, "--threads must be an integer in [0, 1024]");
    if (!seqLen || *seqLen < 1 || *seqLen > 10'000'000)
        return usageError(
            err, "--seq-len = " + cl.value("--seq-len").value_or("") + ": must be an integer in [1, 10000000]");
    request.base.model.seqLen = static_cast<int>(*seqLen);
    request.gpus = static_cast<int>(*gpus);
    request.globalBatch = *batch;
    request.threads = static_cast<int>(*threads);

    g_interrupted.store(false);
    const auto previous = std::signal(SIGINT, onInterrupt);
    auto last = std::chrono::steady_clock::now();
    const auto started = last;
    const auto progress = [&](int done, int total, const LayoutResult&) {
        const auto now = std::chrono::steady_clock::now();
        if (now - last > std::chrono::milliseconds(500) || done == total) {
            last = now;
            err << "\rsimulated " << done << " / " << total << " layouts" << std::flush;
        }
    };
    auto result = searchLayouts(request, progress, &g_interrupted);
    std::signal(SIGINT, previous);
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (!result) {
        err << "commtutor-cli search: " << toText(result.problems()) << '\n';
        return 2;
    }
    err << '\n';
    const auto& r = *result;
    const std::size_t shown = std::min<std::size_t>(static_cast<std::size_t>(*top), r.ranked.size());
    if (cl.has("--json")) {
        nlohmann::json j = { { "model", request.base.name.en }, { "preset", request.base.hardware.preset },
            { "gpus", request.gpus }, { "enumerated", r.enumerated }, { "simulated", r.ranked.size() },
            { "cancelled", r.cancelled }, { "seconds", elapsed } };
        j["ranked"] = nlohmann::json::array();
        for (std::size_t i = 0; i < shown; ++i)
            j["ranked"].push_back(rowJson(r.ranked[i]));
        if (cl.has("--rejected")) {
            j["rejected"] = nlohmann::json::array();
            for (const auto& x : r.rejected)
                j["rejected"].push_back(rowJson(x));
        }
        out << io::dumpText(j, 2) << '\n';
        return r.ranked.empty() ? 1 : 0;
    }
    char line[256];
    std::snprintf(line, sizeof line, "%d layouts enumerated, %zu rejected, %zu simulated in %.2f s%s\n\n", r.enumerated,
        r.rejected.size(), r.ranked.size(), elapsed, r.cancelled ? " (interrupted)" : "");
    out << "Layouts of " << request.base.name.en << " on " << request.gpus << " × " << request.base.hardware.preset
        << ": " << line;
    out << "| # | layout | step | MFU | tokens/s | bubble | memory | exposed tp | exposed dp | exposed pp | exposed ep "
           "| exposed cp |\n"
           "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (std::size_t i = 0; i < shown; ++i) {
        const auto& m = r.ranked[i].metrics;
        std::snprintf(line, sizeof line,
            "| %zu | %s | %.3f s | %.1f%% | %.3g | %.1f%% | %.1f GiB | %.3f s | %.3f s | %.3f s | %.3f s | %.3f s |\n",
            i + 1, layoutText(r.ranked[i].scenario).c_str(), m.stepSeconds, m.mfu * 100, m.tokensPerSecond,
            m.bubbleFraction * 100, m.memory.totalBytes / (1 << 30), m.dimension(LaneKind::TpComm).exposedSeconds,
            m.dimension(LaneKind::DpComm).exposedSeconds, m.dimension(LaneKind::PpComm).exposedSeconds,
            m.dimension(LaneKind::EpComm).exposedSeconds, m.dimension(LaneKind::CpComm).exposedSeconds);
        out << line;
    }
    if (cl.has("--rejected"))
        for (const auto& x : r.rejected)
            out << "rejected " << layoutText(x.scenario) << ": " << x.rejected << '\n';
    if (r.ranked.empty()) {
        out << "No layout fits: every candidate was rejected (run with --rejected to see why).\n";
        return 1;
    }
    return 0;
}

} // namespace tutor::app::cli
