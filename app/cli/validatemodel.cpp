// SPDX-License-Identifier: MIT
// `commtutor-cli validate-model`: the cost model against the public nccl-tests results in
// tests/data/validation/nccl-tests.json, summarised per size band and per machine (model/measure/validation.h).
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/datadir/datadir.h"
#include "model/io/jsonsafe.h"
#include "model/measure/validation.h"
#include "model/sim/stepvalidation.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace tutor::app::cli {

namespace {
using namespace tutor::model;

// In the validation folder: installed as <datadir>/commtutor/validation, tests/data/validation in the source tree.
constexpr const char* kDataFile = "nccl-tests.json";
constexpr const char* kStepsFile = "steps.json";
constexpr const char* kHeldOutRule = "a run is held out when the FNV-1a 64-bit hash of its id is odd";
constexpr const char* kErrorRule
    = "error = predicted / measured - 1, out-of-place; time below 1 MiB, bus bandwidth from 1 MiB";

void printUsage(std::ostream& out)
{
    out << "usage: commtutor-cli validate-model [--steps] [--data FILE] [--all | --fit | --held-out] [--json] "
           "[--rows]\n"
           "Predicts every row of a set of public nccl-tests results with the cost model (auto algorithm and\n"
           "protocol) and reports the relative error per size band (single- and multi-node) and per machine.\n\n"
           "  --data FILE   the validation set (default: "
        << kDataFile
        << " in the installed validation folder,\n"
           "                <bindir>/../share/commtutor/validation, else in tests/data/validation of the source\n"
           "                tree ($TUTOR_SOURCE_DIR, or the checkout this binary was built in))\n"
           "  --steps       the step simulator against published training runs ("
        << kStepsFile
        << ")\n"
           "                instead: per-row error and where the predicted step goes (compute, exposed\n"
           "                communication, idle), mean / worst |error| per split, and by model kind\n"
           "                (dense, MoE) and scale (up to 64, up to 1,024, more GPUs); peak memory per\n"
           "                GPU against the runs that publish it\n"
           "  --fit-efficiency  with --steps: the GEMM efficiency per GPU generation and precision,\n"
           "                    the time each expert adds to an MoE block, an eager MoE layer's host\n"
           "                    time and the Triton attention kernel's share of FlashAttention-2's rate,\n"
           "                    that fit the fit rows best\n"
           "  --all         every run (default), with the fit and held-out medians beside each band\n"
           "  --fit         only the runs of the fit part\n"
           "  --held-out    only the held-out runs ("
        << kHeldOutRule
        << ")\n"
           "  --json        the same report as one JSON object\n"
           "  --rows        every compared row too (run, bytes, measured, predicted, errors)\n"
           "  -h, --help    this text\n\n"
           "Accuracy is reported, not enforced. Exit status: 0 the report was printed, 2 wrong arguments or\n"
           "unreadable or invalid data.\n";
}

int usageError(std::ostream& err, const std::string& message)
{
    err << "commtutor-cli validate-model: " << message << "\n\n";
    printUsage(err);
    return 2;
}

std::string percent(double fraction)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", fraction * 100);
    return buf;
}

std::string signedPercent(double fraction)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f%%", fraction * 100);
    return buf;
}

/// "12.3% (5)" or "— (0)": an error beside the rows it is taken over.
std::string percentWithRows(double fraction, int rows)
{
    return (rows > 0 ? percent(fraction) : std::string("—")) + " (" + std::to_string(rows) + ")";
}

/// Candidates for the default data file, in the order they are tried.
std::vector<std::string> defaultDataPaths(const char* file)
{
    std::vector<std::string> paths;
    if (const auto dir = findDataDir(DataKind::Validation); !dir.empty())
        paths.push_back((dir / file).string());
    paths.push_back((std::filesystem::path("tests/data/validation") / file).string());
    return paths;
}

std::string seconds(double s)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f s", s);
    return buf;
}

void printSummaryLine(const char* label, const StepReport& r, std::ostream& out)
{
    out << label << ": " << r.summary.rows << " rows, mean |error| " << percent(r.summary.meanAbs) << ", worst "
        << percent(r.summary.worstAbs) << ", mean error " << signedPercent(r.summary.signedMean);
    if (r.skipped + r.failed > 0)
        out << " (" << r.skipped << " skipped, " << r.failed << " failed)";
    out << '\n';
}

// What a fitted figure is, as the --fit-efficiency table names it.
std::string fittedFigureName(const EfficiencyFit& f)
{
    switch (f.kind) {
    case EfficiencyFit::Moe:
        return "MoE per expert, us";
    case EfficiencyFit::MoeHost:
        return "eager MoE layer, ms";
    case EfficiencyFit::TritonAttention:
        return "Triton attention share";
    case EfficiencyFit::Gemm:
        break;
    }
    return "GEMM " + std::string(name(f.arch)) + " " + std::string(name(f.precision));
}

int reportSteps(
    const std::string& path, Split split, bool asJson, bool fitEfficiency, std::ostream& out, std::ostream& err)
{
    const auto rows = loadStepRows(path);
    if (!rows) {
        err << "commtutor-cli validate-model: " << toText(rows.problems()) << '\n';
        return 2;
    }
    if (fitEfficiency) {
        out << "Compute efficiencies fitted on the fit rows (minimum mean |error|):\n";
        for (const auto& f : fitComputeEfficiency(*rows)) {
            const std::string what = fittedFigureName(f);
            char line[160];
            std::snprintf(line, sizeof line, "  %-22s %.3f  (%d rows, mean |error| %.1f%%)\n", what.c_str(), f.value,
                f.rows, f.meanAbs * 100);
            out << line;
        }
        return 0;
    }
    const auto report = validateSteps(*rows, split);
    if (asJson) {
        nlohmann::json j;
        j["data"] = path;
        j["split"] = std::string(name(split));
        j["rows"] = nlohmann::json::array();
        for (const auto& c : report.rows) {
            j["rows"].push_back({ { "id", c.id }, { "gpus", c.gpus }, { "held_out", c.heldOut },
                { "measured_s", c.measuredSeconds }, { "predicted_s", c.predictedSeconds }, { "error", c.error },
                { "mfu", c.mfu }, { "compute_s", c.computeSeconds }, { "exposed_comm_s", c.exposedCommSeconds },
                { "idle_s", c.idleSeconds() }, { "problem", c.problem } });
            if (c.measuredMemoryBytes > 0) {
                j["rows"].back()["measured_memory_bytes"] = c.measuredMemoryBytes;
                j["rows"].back()["predicted_memory_bytes"] = c.predictedMemoryBytes;
            }
        }
        const auto summaryJson = [](const StepSummary& s) {
            return nlohmann::json { { "rows", s.rows }, { "mean_abs_error", s.meanAbs },
                { "worst_abs_error", s.worstAbs }, { "mean_error", s.signedMean } };
        };
        j["summary"] = summaryJson(report.summary);
        j["summary"]["skipped"] = report.skipped;
        j["summary"]["failed"] = report.failed;
        j["memory"] = summaryJson(report.memory);
        j["bands"] = nlohmann::json::array();
        for (const auto& b : stepBands(report))
            j["bands"].push_back({ { "model", b.moe ? "moe" : "dense" }, { "gpus", std::string(scaleName(b.scale)) },
                { "fit", summaryJson(b.fit) }, { "held_out", summaryJson(b.heldOut) } });
        j["graph_bands"] = nlohmann::json::array();
        for (const auto& b : stepGraphBands(report))
            j["graph_bands"].push_back({ { "cuda_graphs", std::string(graphsLabel(b.graphs)) },
                { "fit", summaryJson(b.fit) }, { "held_out", summaryJson(b.heldOut) } });
        out << io::dumpText(j, 2) << '\n';
        return 0;
    }
    out << "Step model against published training runs: " << path << "\n"
        << "error = predicted / measured - 1 of the seconds per optimizer step; " << kHeldOutRule << "\n\n"
        << "compute, exposed comm and idle: where the predicted step goes on its critical pipeline stage (busy "
           "compute, communication no compute hides, pipeline bubble and waits), in % of the predicted step\n\n"
        << "| row | GPUs | split | measured | predicted | error | MFU | compute | exposed comm | idle |\n"
        << "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const auto& c : report.rows) {
        out << "| " << c.id << " | " << c.gpus << " | " << (c.heldOut ? "held-out" : "fit") << " | "
            << seconds(c.measuredSeconds) << " | ";
        if (!c.problem.empty()) {
            out << c.problem << " | — | — | — | — | — |\n";
            continue;
        }
        const auto share = [&](double s) { return percent(s / c.predictedSeconds); };
        out << seconds(c.predictedSeconds) << " | " << signedPercent(c.error) << " | " << percent(c.mfu) << " | "
            << share(c.computeSeconds) << " | " << share(c.exposedCommSeconds) << " | " << share(c.idleSeconds())
            << " |\n";
    }
    out << '\n';
    for (const auto& [id, why] : report.skippedRows)
        out << "skipped " << id << ": " << why << '\n';
    if (!report.skippedRows.empty())
        out << '\n';
    // By model kind and scale: mean |error| (rows), fit and held out.
    const auto cell = [](const StepSummary& s) { return percentWithRows(s.meanAbs, s.rows); };
    out << "| model | GPUs | fit: mean abs error (rows) | held out: mean abs error (rows) | held out: worst |\n"
        << "|---|---|---:|---:|---:|\n";
    for (const auto& b : stepBands(report))
        out << "| " << (b.moe ? "MoE" : "dense") << " | " << scaleName(b.scale) << " | " << cell(b.fit) << " | "
            << cell(b.heldOut) << " | " << (b.heldOut.rows > 0 ? percent(b.heldOut.worstAbs) : "—") << " |\n";
    out << '\n';
    // By what the run's CUDA graphs capture, on the rows that state it: without them an MoE layer waits on its host.
    const auto graphBands = stepGraphBands(report);
    if (std::any_of(graphBands.begin(), graphBands.end(),
            [](const StepGraphBand& b) { return b.fit.rows + b.heldOut.rows > 0; })) {
        const auto signedCell = [](const StepSummary& s) { return s.rows > 0 ? signedPercent(s.signedMean) : "—"; };
        out << "| CUDA graphs (runs that state them) | fit: mean abs error (rows) | fit: mean error "
               "| held out: mean abs error (rows) | held out: mean error |\n|---|---:|---:|---:|---:|\n";
        for (const auto& b : graphBands)
            out << "| " << graphsLabel(b.graphs) << " | " << cell(b.fit) << " | " << signedCell(b.fit) << " | "
                << cell(b.heldOut) << " | " << signedCell(b.heldOut) << " |\n";
        out << '\n';
    }
    if (report.memory.rows > 0) {
        // Nothing is fitted on memory, so every row that publishes it counts.
        out << "Peak memory per GPU, on the runs that publish it (torchtitan: PyTorch's max reserved memory, which "
               "holds the allocator's cache as well):\n\n"
            << "| row | measured | predicted | error |\n|---|---:|---:|---:|\n";
        for (const auto& c : report.rows)
            if (c.measuredMemoryBytes > 0 && c.problem.empty())
                out << "| " << c.id << " | " << formatBytes(static_cast<Bytes>(c.measuredMemoryBytes)) << " | "
                    << formatBytes(static_cast<Bytes>(c.predictedMemoryBytes)) << " | "
                    << signedPercent(c.predictedMemoryBytes / c.measuredMemoryBytes - 1) << " |\n";
        out << "\nmemory: " << report.memory.rows << " rows, mean |error| " << percent(report.memory.meanAbs)
            << ", worst " << percent(report.memory.worstAbs) << ", mean error "
            << signedPercent(report.memory.signedMean) << "\n\n";
    }
    if (split == Split::All) {
        printSummaryLine("fit", validateSteps(*rows, Split::Fit), out);
        printSummaryLine("held-out", validateSteps(*rows, Split::HeldOut), out);
    }
    printSummaryLine(std::string(name(split)).c_str(), report, out);
    return 0;
}

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string join(const std::vector<std::string>& items, const char* separator)
{
    std::string out;
    for (const auto& s : items)
        out += (out.empty() ? "" : separator) + s;
    return out;
}

const char* scopeName(bool multiNode)
{
    return multiNode ? "multi-node" : "single-node";
}

const char* comparedName(SizeBand band)
{
    return comparesTime(band) ? "time" : "busbw";
}

/// "12.3% (5)" or "— (0)": a median beside its row count.
std::string medianWithRows(const ErrorStats& s)
{
    return percentWithRows(s.medianAbs, s.rows);
}

void statsCells(std::ostream& out, const ErrorStats& s)
{
    if (s.rows == 0)
        out << " — | — | — |";
    else
        out << ' ' << percent(s.medianAbs) << " | " << percent(s.worstAbs) << " | " << signedPercent(s.signedMedian)
            << " |";
}

nlohmann::json statsJson(const ErrorStats& s)
{
    if (s.rows == 0)
        return { { "rows", 0 }, { "median_abs_error", nullptr }, { "worst_abs_error", nullptr },
            { "signed_median_error", nullptr } };
    return { { "rows", s.rows }, { "median_abs_error", s.medianAbs }, { "worst_abs_error", s.worstAbs },
        { "signed_median_error", s.signedMedian } };
}

struct Reports {
    std::string path;
    ValidationReport main;
    std::optional<ValidationReport> fit; ///< with --all: the fit part's summary beside each band
    std::optional<ValidationReport> heldOut;
};

int skippedRows(const ValidationReport& r)
{
    int n = 0;
    for (const auto& s : r.skipped)
        n += s.rows;
    return n;
}

void printText(const Reports& reports, bool withRows, std::ostream& out)
{
    const auto& r = reports.main;
    out << "commtutor-cli validate-model: split " << name(r.split) << ", " << r.runs << " runs, " << r.rows.size()
        << " rows compared, " << skippedRows(r) << " rows skipped\n"
        << "data: " << reports.path << "\n"
        << "held out: " << kHeldOutRule << "\n"
        << kErrorRule << "\n\n";

    out << "By size band\n\n| band | compares | nodes | rows | median abs error | worst abs error | signed median |";
    if (reports.fit)
        out << " fit: median (rows) | held-out: median (rows) |";
    out << "\n|---|---|---|---:|---:|---:|---:|" << (reports.fit ? "---:|---:|" : "") << '\n';
    for (std::size_t i = 0; i < r.bands.size(); ++i) {
        const auto& b = r.bands[i];
        out << "| " << name(b.band) << " | " << comparedName(b.band) << " | " << scopeName(b.multiNode) << " | "
            << b.stats.rows << " |";
        statsCells(out, b.stats);
        if (reports.fit && reports.heldOut)
            out << ' ' << medianWithRows(reports.fit->bands[i].stats) << " | "
                << medianWithRows(reports.heldOut->bands[i].stats) << " |";
        out << '\n';
    }
    for (const bool multiNode : { false, true }) {
        const int i = multiNode ? 1 : 0;
        out << "| ≥ 1 MiB (both bands above) | busbw | " << scopeName(multiNode) << " | " << r.fromOneMiB[i].rows
            << " |";
        statsCells(out, r.fromOneMiB[i]);
        if (reports.fit && reports.heldOut)
            out << ' ' << medianWithRows(reports.fit->fromOneMiB[i]) << " | "
                << medianWithRows(reports.heldOut->fromOneMiB[i]) << " |";
        out << '\n';
    }

    out << "\nBy machine (all bands, each row's compared quantity)\n\n"
           "| machine | presets | rows | skipped rows | median abs error | worst abs error | signed median |\n"
           "|---|---|---:|---:|---:|---:|---:|\n";
    for (const auto& m : r.machines) {
        out << "| " << m.machine << " | " << (m.presets.empty() ? std::string("—") : join(m.presets, ", ")) << " | "
            << m.stats.rows << " | " << m.skippedRows << " |";
        statsCells(out, m.stats);
        out << '\n';
    }

    out << "\nAlgorithm: ";
    if (r.algorithmCompared == 0)
        out << "no compared run records nccl_algo\n";
    else
        out << "auto chose the recorded nccl_algo on " << r.algorithmAgreed << " of " << r.algorithmCompared
            << " rows\n";

    if (!r.notes.empty()) {
        out << "\nApproximations\n\n";
        for (const auto& n : r.notes)
            out << "- " << n << '\n';
    }
    if (!r.skipped.empty()) {
        out << "\nSkipped (not compared)\n\n| run | preset hint | rows | reason |\n|---|---|---:|---|\n";
        for (const auto& s : r.skipped)
            out << "| " << s.runId << " | " << s.presetHint << " | " << s.rows << " | " << s.reason << " |\n";
    }
    if (withRows) {
        out << "\nRows\n\n| run | bytes | band | measured us | predicted us | time error | measured busbw | "
               "predicted busbw | busbw error | auto |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---|\n";
        for (const auto& c : r.rows)
            out << "| " << c.runId << " | " << c.bytes << " | " << name(c.band) << " | " << fixed(c.measuredUs, 2)
                << " | " << fixed(c.predictedUs, 2) << " | " << signedPercent(c.timeError) << " | "
                << fixed(c.measuredBusBwGBps, 2) << " | " << fixed(c.predictedBusBwGBps, 2) << " | "
                << signedPercent(c.busBwError) << " | " << name(c.algorithm) << '/' << name(c.protocol) << " |\n";
    }
}

void printJson(const Reports& reports, bool withRows, std::ostream& out)
{
    const auto& r = reports.main;
    nlohmann::json j {
        { "data", reports.path },
        { "split", std::string(name(r.split)) },
        { "held_out_rule", kHeldOutRule },
        { "error_rule", kErrorRule },
        { "runs", r.runs },
        { "rows_compared", r.rows.size() },
        { "rows_skipped", skippedRows(r) },
        { "algorithm", { { "compared", r.algorithmCompared }, { "agreed", r.algorithmAgreed } } },
        { "notes", r.notes },
    };
    auto& bands = j["bands"] = nlohmann::json::array();
    for (std::size_t i = 0; i < r.bands.size(); ++i) {
        const auto& b = r.bands[i];
        nlohmann::json band = statsJson(b.stats);
        band["band"] = std::string(name(b.band));
        band["compares"] = comparedName(b.band);
        band["nodes"] = scopeName(b.multiNode);
        if (reports.fit && reports.heldOut) {
            band["fit"] = statsJson(reports.fit->bands[i].stats);
            band["held_out"] = statsJson(reports.heldOut->bands[i].stats);
        }
        bands.push_back(std::move(band));
    }
    auto& fromOneMiB = j["from_1MiB"] = nlohmann::json::array();
    for (const bool multiNode : { false, true }) {
        const int i = multiNode ? 1 : 0;
        nlohmann::json band = statsJson(r.fromOneMiB[i]);
        band["compares"] = "busbw";
        band["nodes"] = scopeName(multiNode);
        if (reports.fit && reports.heldOut) {
            band["fit"] = statsJson(reports.fit->fromOneMiB[i]);
            band["held_out"] = statsJson(reports.heldOut->fromOneMiB[i]);
        }
        fromOneMiB.push_back(std::move(band));
    }
    auto& machines = j["machines"] = nlohmann::json::array();
    for (const auto& m : r.machines) {
        nlohmann::json machine = statsJson(m.stats);
        machine["machine"] = m.machine;
        machine["presets"] = m.presets;
        machine["skipped_rows"] = m.skippedRows;
        machines.push_back(std::move(machine));
    }
    auto& skipped = j["skipped"] = nlohmann::json::array();
    for (const auto& s : r.skipped)
        skipped.push_back({ { "run", s.runId }, { "machine", s.machine }, { "preset_hint", s.presetHint },
            { "rows", s.rows }, { "reason", s.reason } });
    if (withRows) {
        auto& rows = j["rows"] = nlohmann::json::array();
        for (const auto& c : r.rows) {
            nlohmann::json row {
                { "run", c.runId },
                { "machine", c.machine },
                { "preset", c.presetId },
                { "op", std::string(traits(c.op).cliName) },
                { "nodes", c.nodes },
                { "gpus_per_node", c.gpusPerNode },
                { "bytes", c.bytes },
                { "band", std::string(name(c.band)) },
                { "held_out", c.heldOut },
                { "measured_time_us", c.measuredUs },
                { "predicted_time_us", c.predictedUs },
                { "time_error", c.timeError },
                { "measured_busbw_GBps", c.measuredBusBwGBps },
                { "predicted_busbw_GBps", c.predictedBusBwGBps },
                { "busbw_error", c.busBwError },
                { "error", c.error() },
                { "algorithm", std::string(name(c.algorithm)) },
                { "protocol", std::string(name(c.protocol)) },
            };
            row["algorithm_agrees"] = c.algorithmAgrees ? nlohmann::json(*c.algorithmAgrees) : nlohmann::json();
            rows.push_back(std::move(row));
        }
    }
    out << io::dumpText(j, 1) << '\n';
}
} // namespace

int runValidateModel(Args args, std::ostream& out, std::ostream& err)
{
    const CommandLine cl(args, { "--data" },
        { "--steps", "--fit-efficiency", "--all", "--fit", "--held-out", "--json", "--rows", "--help", "-h" });
    if (!cl.ok())
        return usageError(err, cl.error());
    if (cl.has("--help") || cl.has("-h")) {
        printUsage(out);
        return 0;
    }
    if (!cl.positionals().empty())
        return usageError(err, "unexpected argument '" + cl.positionals().front() + "'");
    if (cl.has("--all") + cl.has("--fit") + cl.has("--held-out") > 1)
        return usageError(err, "give at most one of --all, --fit and --held-out");
    const Split split = cl.has("--fit") ? Split::Fit : cl.has("--held-out") ? Split::HeldOut : Split::All;

    const bool steps = cl.has("--steps");
    std::string path;
    if (const auto data = cl.value("--data")) {
        if (data->empty())
            return usageError(err, "--data needs a file name");
        path = *data;
    } else {
        const auto candidates = defaultDataPaths(steps ? kStepsFile : kDataFile);
        for (const auto& c : candidates) {
            std::error_code ec;
            if (std::filesystem::is_regular_file(c, ec)) {
                path = c;
                break;
            }
        }
        if (path.empty()) {
            err << "commtutor-cli validate-model: no validation set found (tried " << join(candidates, ", ")
                << "); give --data FILE\n";
            return 2;
        }
    }
    if (steps)
        return reportSteps(path, split, cl.has("--json"), cl.has("--fit-efficiency"), out, err);
    const auto set = loadValidationSet(path);
    if (!set) {
        err << "commtutor-cli validate-model: " << toText(set.problems()) << '\n';
        return 2;
    }
    Reports reports { path, validateModel(*set, split), std::nullopt, std::nullopt };
    if (split == Split::All) {
        reports.fit = validateModel(*set, Split::Fit);
        reports.heldOut = validateModel(*set, Split::HeldOut);
    }
    const bool withRows = cl.has("--rows");
    if (cl.has("--json"))
        printJson(reports, withRows, out);
    else
        printText(reports, withRows, out);
    return 0;
}

} // namespace tutor::app::cli
