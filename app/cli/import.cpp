// SPDX-License-Identifier: MIT
// `commtutor-cli import`: what the nccl-tests importer reads from each file, run by run.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "model/io/jsonsafe.h"
#include "model/measure/ncclimport.h"

#include <charconv>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace tutor::app::cli {

namespace {
using namespace tutor::model;

void printImportUsage(std::ostream& out)
{
    out << "usage: commtutor-cli import FILE... [--op OP] [--ranks N] [--json]\n"
           "Reads nccl-tests output (text logs in any launcher's layout, -J JSON) and prints what was read:\n"
           "per run its collective, ranks, GPUs per process, versions, rows, first and last size, and the warnings.\n\n"
           "  --op NAME    the collective of runs whose log does not say it (allreduce, allgather, ...)\n"
           "  --ranks N    the rank count of runs whose log lists no \"#  Rank\" lines\n"
           "  --json       one JSON object per file instead of text\n"
           "  -h, --help   this text\n\n"
           "Exit status: 0 every run complete, 1 a file cannot be read or a run lacks its op or ranks,\n"
           "2 wrong arguments.\n";
}

int usageError(std::ostream& err, const std::string& message)
{
    err << "commtutor-cli import: " << message << "\n\n";
    printImportUsage(err);
    return 2;
}

std::string orUnknown(const std::string& s)
{
    return s.empty() ? "unknown" : s;
}

std::string opText(const ImportedRun& run)
{
    return run.op ? std::string(traits(*run.op).cliName) + " (" + run.opSource + ")" : "unknown";
}

std::string ranksText(const ImportedRun& run)
{
    if (run.ranks < 1)
        return "unknown";
    return (run.ranksAtLeast ? "at least " : "") + std::to_string(run.ranks) + " (" + run.ranksSource + ")";
}

nlohmann::json runJson(const ImportedRun& run)
{
    nlohmann::json j;
    j["op"] = run.op ? nlohmann::json(std::string(traits(*run.op).cliName)) : nlohmann::json(nullptr);
    j["op_source"] = run.opSource;
    j["ranks"] = run.ranks > 0 ? nlohmann::json(run.ranks) : nlohmann::json(nullptr);
    j["ranks_at_least"] = run.ranksAtLeast;
    j["gpus_per_process"] = run.gpusPerProcess > 0 ? nlohmann::json(run.gpusPerProcess) : nlohmann::json(nullptr);
    j["nccl_tests_version"] = run.ncclTestsVersion;
    j["nccl_version"] = run.ncclVersion;
    j["redop"] = run.redop;
    j["dtype"] = std::string(name(run.dtype));
    j["root"] = run.root;
    j["first_line"] = run.firstLine;
    j["rows"] = run.rows.size();
    j["first_bytes"] = run.rows.empty() ? 0 : run.rows.front().bytes;
    j["last_bytes"] = run.rows.empty() ? 0 : run.rows.back().bytes;
    return j;
}

nlohmann::json problemJson(const Problem& p)
{
    return { { "field", p.field }, { "value", p.value }, { "rule", p.rule }, { "where", p.where } };
}

} // namespace

int runImport(Args args, std::ostream& out, std::ostream& err)
{
    const CommandLine cl(args, { "--op", "--ranks" }, { "--json", "--help", "-h" });
    if (!cl.ok())
        return usageError(err, cl.error());
    if (cl.has("--help") || cl.has("-h")) {
        printImportUsage(out);
        return 0;
    }
    if (cl.positionals().empty())
        return usageError(err, "no file given");
    ImportHints hints;
    if (const auto op = cl.value("--op")) {
        hints.op = parseCollective(*op);
        if (!hints.op)
            return usageError(err, "--op " + *op + ": unknown collective (" + collectiveNames() + ")");
    }
    if (const auto ranks = cl.value("--ranks")) {
        int n = 0;
        const auto [end, ec] = std::from_chars(ranks->data(), ranks->data() + ranks->size(), n);
        if (ec != std::errc {} || end != ranks->data() + ranks->size() || n < 1)
            return usageError(err, "--ranks " + *ranks + ": must be an integer ≥ 1");
        hints.ranks = n;
    }
    const bool json = cl.has("--json");
    int status = 0;
    for (const auto& path : cl.positionals()) {
        const auto imported = importNcclTestsFile(path, hints);
        if (!imported) {
            err << toText(imported.problems()) << '\n';
            status = 1;
            continue;
        }
        const ImportResult& result = *imported;
        const Problems incomplete = incompleteRuns(result);
        if (!incomplete.empty()) {
            err << toText(incomplete) << '\n';
            status = 1;
        }
        if (json) {
            nlohmann::json j { { "file", result.file }, { "runs", nlohmann::json::array() },
                { "warnings", nlohmann::json::array() } };
            for (const auto& run : result.runs)
                j["runs"].push_back(runJson(run));
            for (const auto& w : result.warnings)
                j["warnings"].push_back(problemJson(w));
            out << io::dumpText(j) << '\n';
            continue;
        }
        out << result.file << ": " << result.runs.size() << " run(s), " << result.warnings.size() << " warning(s)\n";
        int index = 0;
        for (const auto& run : result.runs) {
            out << "  run " << ++index << " (line " << run.firstLine << "): op " << opText(run) << ", ranks "
                << ranksText(run) << ", GPUs per process "
                << (run.gpusPerProcess > 0 ? std::to_string(run.gpusPerProcess) : "unknown") << '\n';
            out << "    nccl-tests " << orUnknown(run.ncclTestsVersion) << ", NCCL " << orUnknown(run.ncclVersion)
                << ", type " << name(run.dtype) << ", redop " << orUnknown(run.redop) << ", root " << run.root << '\n';
            out << "    " << run.rows.size() << " rows";
            if (!run.rows.empty())
                out << ", " << formatBytes(run.rows.front().bytes) << " to " << formatBytes(run.rows.back().bytes);
            out << '\n';
        }
        for (const auto& w : result.warnings)
            out << "  warning: " << w.text() << '\n';
    }
    return status;
}

} // namespace tutor::app::cli
