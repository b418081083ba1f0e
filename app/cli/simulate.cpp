// SPDX-License-Identifier: MIT
// commtutor-cli simulate / sweep / validate: the training-step simulator on the command line.
#include "model/sim/simulate.h"

#include "app/cli/command_line.h"
#include "model/io/jsonsafe.h"
#include "model/sim/scenarioio.h"
#include "model/sim/trace.h"

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>

namespace tutor::app::cli {

using namespace tutor::model;

namespace {
std::string percent(double fraction)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f %%", fraction * 100);
    return buffer;
}

std::string fixed(double value, const char* format = "%.3g")
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, format, value);
    return buffer;
}

std::string pad(const std::string& text, std::size_t width)
{
    // Pads by display columns: UTF-8 continuation bytes take no column.
    std::size_t columns = 0;
    for (unsigned char c : text)
        columns += (c & 0xC0) != 0x80;
    return text + std::string(width > columns ? width - columns : 1, ' ');
}

nlohmann::json metricsJson(const Scenario& sc, const StepMetrics& m)
{
    nlohmann::json dims = nlohmann::json::object();
    for (const auto& d : m.dimensions)
        dims[std::string(name(d.lane))] = { { "calls", d.calls }, { "bytes", d.bytes }, { "bus_bytes", d.busBytes },
            { "seconds", d.seconds }, { "exposed_seconds", d.exposedSeconds } };
    return { { "scenario", sc.name.en }, { "step_s", m.stepSeconds }, { "compute_s", m.computeSeconds },
        { "comm_s", m.commSeconds }, { "exposed_comm_s", m.exposedCommSeconds }, { "overlap_hta", m.overlapHta },
        { "overlap_osu", m.overlapOsu }, { "bubble_fraction", m.bubbleFraction }, { "mfu", m.mfu },
        { "tokens_per_step", m.tokensPerStep }, { "tokens_per_s", m.tokensPerSecond },
        { "critical_stage", m.criticalStage }, { "events", m.events },
        { "memory",
            { { "params_bytes", m.memory.paramsBytes }, { "grads_bytes", m.memory.gradsBytes },
                { "optimizer_bytes", m.memory.optimizerBytes }, { "activations_bytes", m.memory.activationsBytes },
                { "buffers_bytes", m.memory.buffersBytes }, { "total_bytes", m.memory.totalBytes },
                { "capacity_bytes", m.memory.capacityBytes }, { "stage", m.memory.stage },
                { "fits", m.memory.fits() } } },
        { "dimensions", dims } };
}

void printMetrics(std::ostream& out, const Scenario& sc, const StepMetrics& m)
{
    const auto& p = sc.parallel;
    out << "scenario      " << (sc.name.en.empty() ? "(unnamed)" : sc.name.en) << '\n';
    out << "GPUs          " << p.gpus() << " = dp " << p.dp << " × tp " << p.tp << " × pp " << p.pp
        << (p.cp > 1 ? " × cp " + std::to_string(p.cp) : "") << (p.ep > 1 ? " (ep " + std::to_string(p.ep) + ")" : "")
        << ", ZeRO-" << p.zeroStage << ", " << name(p.schedule) << '\n';
    out << "step          " << formatSeconds(m.stepSeconds) << '\n';
    out << "compute       " << formatSeconds(m.computeSeconds) << "  (critical stage " << m.criticalStage << ")\n";
    out << "communication " << formatSeconds(m.commSeconds) << '\n';
    out << "exposed comm  " << formatSeconds(m.exposedCommSeconds) << "  ("
        << percent(m.stepSeconds > 0 ? m.exposedCommSeconds / m.stepSeconds : 0) << " of step)\n";
    out << "overlap       HTA " << percent(m.overlapHta) << ", OSU " << percent(m.overlapOsu) << '\n';
    out << "bubble        " << percent(m.bubbleFraction) << '\n';
    out << "MFU           " << percent(m.mfu) << '\n';
    out << "tokens/s      " << fixed(m.tokensPerSecond, "%.4g") << "  (" << fixed(m.tokensPerStep, "%.0f")
        << " tokens per step)\n";
    const auto gib = [](double bytes) { return formatBytes(static_cast<Bytes>(bytes)); };
    out << "memory/GPU    " << gib(m.memory.totalBytes) << " of " << gib(m.memory.capacityBytes)
        << (m.memory.fits() ? "" : "  DOES NOT FIT") << "  (stage " << m.memory.stage << ": params "
        << gib(m.memory.paramsBytes) << ", grads " << gib(m.memory.gradsBytes) << ", optimizer "
        << gib(m.memory.optimizerBytes) << ", activations " << gib(m.memory.activationsBytes) << ", buffers "
        << gib(m.memory.buffersBytes) << ")\n";
    out << "events        " << m.events << "\n\n";
    out << "dimension  calls    bytes          time         exposed\n";
    for (const auto& d : m.dimensions) {
        if (d.calls == 0)
            continue;
        out << pad(std::string(name(d.lane)), 11) << pad(std::to_string(d.calls), 9) << pad(formatBytes(d.bytes), 15)
            << pad(formatSeconds(d.seconds), 13) << formatSeconds(d.exposedSeconds) << '\n';
    }
}

int usage(std::ostream& err, const char* text)
{
    err << text;
    return 2;
}

constexpr const char* kSimulateUsage
    = "usage: commtutor-cli simulate <scenario.json> [--json] [--trace out.json] [--trace-dir DIR] [--csv out.csv]\n"
      "  Simulates one training step and prints its metrics and the breakdown per dimension.\n"
      "  --trace  Chrome trace JSON (Perfetto, chrome://tracing)\n"
      "  --trace-dir  one PyTorch profiler (Kineto) trace per pipeline stage, DIR/trace_rank<r>.json (HTA)\n"
      "  --csv    events as CSV; the metrics go to <out>.metrics.csv beside it\n"
      "  --set    path=value override, e.g. --set comm.overlap=false (repeatable)\n";
constexpr const char* kSweepUsage
    = "usage: commtutor-cli sweep <scenario.json> --set <path>=<v1>,<v2>,... [--set path=value ...] [--json]\n"
      "  Simulates the scenario once per value of the first list and prints one row each.\n";
constexpr const char* kValidateUsage = "usage: commtutor-cli validate <scenario.json>\n"
                                       "  Checks a scenario file; exit 0 valid, 1 invalid (messages on stderr).\n";

// Loads the file, applies `path=value` overrides, reads the scenario.
Result<Scenario> loadWith(const std::string& file, const std::vector<std::string>& sets)
{
    auto doc = loadJson(file);
    if (!doc)
        return doc.problems();
    Problems problems;
    for (const auto& set : sets) {
        const auto eq = set.find('=');
        if (eq == std::string::npos) {
            problems.push_back({ "--set", set, "must be path=value, e.g. comm.bucket_MiB=100", {} });
            continue;
        }
        auto p = setField(doc.value(), std::string_view(set).substr(0, eq), std::string_view(set).substr(eq + 1));
        problems.insert(problems.end(), p.begin(), p.end());
    }
    if (!problems.empty())
        return problems;
    return scenarioFromJson(doc.value(), file);
}
} // namespace

int runSimulate(Args args, std::ostream& out, std::ostream& err)
{
    const CommandLine cl(args, { "--trace", "--trace-dir", "--csv", "--set" }, { "--json", "--help" });
    if (cl.has("--help"))
        return out << kSimulateUsage, 0;
    if (!cl.ok())
        return usage(err, (cl.error() + "\n" + kSimulateUsage).c_str());
    if (cl.positionals().size() != 1)
        return usage(err, kSimulateUsage);
    const auto file = cl.positionals().front();
    const auto scenario = loadWith(file, cl.values("--set"));
    if (!scenario) {
        err << toText(scenario.problems()) << '\n';
        return 1;
    }
    const auto sim = simulate(*scenario);
    if (!sim) {
        err << toText(sim.problems()) << '\n';
        return 1;
    }
    if (cl.has("--json"))
        out << io::dumpText(metricsJson(*scenario, sim->metrics), 2) << '\n';
    else
        printMetrics(out, *scenario, sim->metrics);
    Problems problems;
    if (const auto path = cl.value("--trace")) {
        auto p = writeTextFile(*path, chromeTraceText(sim->timeline, &sim->metrics));
        problems.insert(problems.end(), p.begin(), p.end());
        if (p.empty() && !cl.has("--json"))
            out << "trace written to " << *path << '\n';
    }
    if (const auto dir = cl.value("--trace-dir")) {
        const KinetoOptions kineto { .parallel = scenario->parallel, .dtype = scenario->comm.dtype };
        std::error_code ec;
        std::filesystem::create_directories(*dir, ec);
        for (const auto& [name, text] : kinetoTraceFiles(sim->timeline, kineto)) {
            auto p = writeTextFile(*dir + "/" + name, text);
            problems.insert(problems.end(), p.begin(), p.end());
        }
        if (problems.empty() && !cl.has("--json"))
            out << "per-rank traces written to " << *dir << '\n';
    }
    if (const auto path = cl.value("--csv")) {
        auto p = writeTextFile(*path, eventsCsv(sim->timeline));
        auto q = writeTextFile(*path + ".metrics.csv", metricsCsv(sim->metrics));
        problems.insert(problems.end(), p.begin(), p.end());
        problems.insert(problems.end(), q.begin(), q.end());
        if (p.empty() && q.empty() && !cl.has("--json"))
            out << "events written to " << *path << ", metrics to " << *path << ".metrics.csv\n";
    }
    if (!problems.empty()) {
        err << toText(problems) << '\n';
        return 1;
    }
    return 0;
}

int runSweep(Args args, std::ostream& out, std::ostream& err)
{
    const CommandLine cl(args, { "--set" }, { "--json", "--help" });
    if (cl.has("--help"))
        return out << kSweepUsage, 0;
    if (!cl.ok())
        return usage(err, (cl.error() + "\n" + kSweepUsage).c_str());
    const auto sets = cl.values("--set");
    if (cl.positionals().size() != 1 || sets.empty())
        return usage(err, kSweepUsage);
    const auto& axis = sets.front();
    const auto eq = axis.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == axis.size()) {
        err << "--set " << axis << ": must be path=v1,v2,...\n" << kSweepUsage;
        return 2;
    }
    const std::string path = axis.substr(0, eq);
    std::vector<std::string> values;
    for (std::size_t begin = eq + 1;;) {
        const auto comma = axis.find(',', begin);
        values.push_back(axis.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin));
        if (comma == std::string::npos)
            break;
        begin = comma + 1;
    }
    const std::vector<std::string> fixedSets(sets.begin() + 1, sets.end());
    auto rows = nlohmann::json::array();
    if (!cl.has("--json"))
        out << pad(path, 20) << pad("step", 12) << pad("exposed", 12) << pad("overlap", 10) << pad("bubble", 9)
            << pad("MFU", 9) << pad("tokens/s", 12) << "memory/GPU\n";
    int status = 0;
    for (const auto& value : values) {
        auto sets = fixedSets;
        sets.push_back(path + "=" + value);
        const auto scenario = loadWith(cl.positionals().front(), sets);
        Result<Simulation> sim = scenario ? simulate(*scenario) : Result<Simulation>(scenario.problems());
        if (!sim) {
            err << path << " = " << value << ":\n" << toText(sim.problems()) << '\n';
            status = 1;
            continue;
        }
        const auto& m = sim->metrics;
        if (cl.has("--json")) {
            auto row = metricsJson(*scenario, m);
            row["value"] = value;
            rows.push_back(std::move(row));
        } else {
            out << pad(value, 20) << pad(formatSeconds(m.stepSeconds), 12)
                << pad(formatSeconds(m.exposedCommSeconds), 12) << pad(percent(m.overlapHta), 10)
                << pad(percent(m.bubbleFraction), 9) << pad(percent(m.mfu), 9)
                << pad(fixed(m.tokensPerSecond, "%.4g"), 12) << formatBytes(static_cast<Bytes>(m.memory.totalBytes))
                << '\n';
        }
    }
    if (cl.has("--json"))
        out << io::dumpText(nlohmann::json { { "path", path }, { "rows", rows } }, 2) << '\n';
    return status;
}

int runValidate(Args args, std::ostream& out, std::ostream& err)
{
    const CommandLine cl(args, {}, { "--help" });
    if (cl.has("--help"))
        return out << kValidateUsage, 0;
    if (!cl.ok())
        return usage(err, (cl.error() + "\n" + kValidateUsage).c_str());
    if (cl.positionals().size() != 1)
        return usage(err, kValidateUsage);
    const auto scenario = loadScenario(cl.positionals().front());
    if (!scenario) {
        err << toText(scenario.problems()) << '\n';
        return 1;
    }
    out << cl.positionals().front() << ": valid (" << (scenario->name.en.empty() ? "unnamed" : scenario->name.en)
        << ")\n";
    return 0;
}

} // namespace tutor::app::cli
