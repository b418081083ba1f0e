// SPDX-License-Identifier: MIT
#include "model/measure/ncclimport.h"

#include "model/measure/fileio.h"
#include "model/measure/ncclimportdetail.h"

namespace tutor::model {

namespace {

void stampRows(ImportedRun& run, const std::string& fileName)
{
    if (!run.op || run.ranks < 1)
        return;
    const std::string source = "nccl-tests " + std::string(traits(*run.op).ncclTestsName) + "_perf"
        + (fileName.empty() ? "" : " (" + fileName + ")");
    for (auto& m : run.rows) {
        m.op = *run.op;
        m.ranks = run.ranks;
        m.source = source;
    }
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

void settleRun(ImportedRun& run, const ImportHints& hints, const std::string& fileName)
{
    applyHints(run, hints);
    if (!run.op)
        if ((run.op = opFromFileName(fileName)))
            run.opSource = "file name";
    stampRows(run, fileName);
}

} // namespace detail

Result<ImportResult> importNcclTestsFile(const std::string& path, const ImportHints& hints)
{
    const auto text = detail::readFile(path);
    if (!text)
        return Problem { "file", path, "cannot be read", path };
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

void completeRun(ImportedRun& run, const ImportHints& hints, const std::string& fileName)
{
    applyHints(run, hints);
    stampRows(run, fileName);
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
