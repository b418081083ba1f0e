// SPDX-License-Identifier: MIT
#include "model/measure/ncclimport.h"

#include "model/collectives/document.h"
#include "model/measure/fileio.h"
#include "model/measure/ncclimportdetail.h"

namespace tutor::model {

namespace {

/// Stamps op, ranks and source on every row once both are known, then drops the rows that break a measurement's
/// rules (measurement.h: a 2^63 size, a negative bandwidth, 1e-320 µs) with a warning each, so that no poisoned
/// row reaches a fit.
Problems stampRows(ImportedRun& run, const std::string& fileName)
{
    Problems dropped;
    if (!run.op || run.ranks < 1)
        return dropped;
    const std::string source = "nccl-tests " + std::string(traits(*run.op).ncclTestsName) + "_perf"
        + (fileName.empty() ? "" : " (" + fileName + ")");
    std::vector<Measurement> kept;
    kept.reserve(run.rows.size());
    for (auto& m : run.rows) {
        m.op = *run.op;
        m.ranks = run.ranks;
        m.source = source;
        auto problems = validate(m, "row " + std::to_string(m.bytes) + " B" + (m.inPlace ? " in-place" : ""));
        for (auto& p : problems) {
            p.rule += "; row skipped";
            p.where = fileName;
            dropped.push_back(std::move(p));
        }
        if (problems.empty())
            kept.push_back(std::move(m));
    }
    run.rows = std::move(kept);
    return dropped;
}

void applyHints(ImportedRun& run, const ImportHints& hints)
{
    if (!run.op && hints.op) {
        run.op = hints.op;
        run.opSource = "hint";
    }
    if (run.ranks < 1 && hints.ranks && *hints.ranks >= 1) {
        run.ranks = *hints.ranks;
        run.ranksAtLeast = false;
        run.ranksSource = "hint";
    }
}

Result<std::vector<Measurement>> strict(const ImportResult& result)
{
    Problems problems = result.warnings;
    if (problems.empty())
        problems = incompleteRuns(result);
    if (problems.empty() && result.runs.empty())
        problems.push_back(
            { "rows", "0", "no data rows (size count type redop root time algbw busbw #wrong)", result.file });
    if (!problems.empty())
        return problems;
    return knownMeasurements(result);
}

} // namespace

namespace detail {

Problems settleRun(ImportedRun& run, const ImportHints& hints, const std::string& fileName)
{
    applyHints(run, hints);
    if (!run.op)
        if ((run.op = opFromFileName(fileName)))
            run.opSource = "file name";
    return stampRows(run, fileName);
}

} // namespace detail

Result<ImportResult> importNcclTestsFile(const std::string& path, const ImportHints& hints)
{
    const auto text = readTextFile(path);
    if (!text)
        return text.problems();
    const auto first = text->find_first_not_of(" \t\r\n");
    ImportResult result = first != std::string::npos && (*text)[first] == '{'
        ? parseNcclTestsJsonText(*text, path, hints)
        : parseNcclTestsText(*text, path, hints);
    if (result.runs.empty() && result.warnings.empty())
        result.warnings.push_back({ "rows", "0",
            "no nccl-tests data rows (size count type [redop] [root] time algbw busbw #wrong ...)", path });
    return result;
}

Problems incompleteRuns(const ImportResult& result)
{
    Problems problems;
    for (const auto& run : result.runs) {
        const std::string at = run.firstLine > 0 ? detail::where(result.file, run.firstLine) : result.file;
        if (!run.op)
            problems.push_back({ "op", "unknown",
                "no \"# Collective test starting\" line, no <name>_perf binary in the log and none in the file name; "
                "pass the collective (--op)",
                at });
        if (run.ranks < 1)
            problems.push_back(
                { "ranks", "unknown", "no \"#  Rank N\" device lines; pass the rank count (--ranks)", at });
    }
    return problems;
}

Problems completeRun(ImportedRun& run, const ImportHints& hints, const std::string& fileName)
{
    applyHints(run, hints);
    return stampRows(run, fileName);
}

std::vector<Measurement> knownMeasurements(const ImportResult& result)
{
    std::vector<Measurement> out;
    for (const auto& run : result.runs)
        if (run.op && run.ranks >= 1)
            out.insert(out.end(), run.rows.begin(), run.rows.end());
    return out;
}

Result<std::vector<Measurement>> parseNcclTestsLog(
    std::string_view text, const std::string& fileName, const ImportHints& hints)
{
    return strict(parseNcclTestsText(text, fileName, hints));
}

Result<std::vector<Measurement>> parseNcclTestsJson(
    std::string_view text, const std::string& fileName, const ImportHints& hints)
{
    return strict(parseNcclTestsJsonText(text, fileName, hints));
}

Result<std::vector<Measurement>> importNcclTests(const std::string& path, const ImportHints& hints)
{
    auto result = importNcclTestsFile(path, hints);
    if (!result)
        return result.problems();
    return strict(*result);
}

} // namespace tutor::model
