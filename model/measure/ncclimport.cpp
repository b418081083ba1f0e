// SPDX-License-Identifier: MIT
#include "model/measure/ncclimport.h"

#include "model/measure/fileio.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace tutor::model {

using detail::problemAt;
using detail::readFile;
using detail::where;
using nlohmann::json;

namespace {

std::vector<std::string_view> splitWords(std::string_view line)
{
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i])))
            ++i;
        std::size_t j = i;
        while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j])))
            ++j;
        if (j > i)
            words.push_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

std::optional<double> toNumber(std::string_view word)
{
    std::string text(word);
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::optional<std::int64_t> toInteger(std::string_view word)
{
    if (word.empty() || word.find_first_not_of("-0123456789") != std::string_view::npos)
        return std::nullopt;
    return std::strtoll(std::string(word).c_str(), nullptr, 10);
}

bool isDigitWord(std::string_view w)
{
    return !w.empty() && std::isdigit(static_cast<unsigned char>(w[0]));
}

/// "all_reduce_perf", "./build/all_reduce_perf", "all_reduce_perf_mpi" → AllReduce.
std::optional<Collective> opFromProgram(std::string_view text)
{
    for (const auto& t : collectives()) {
        if (t.ncclTestsName.empty())
            continue;
        const std::string needle = std::string(t.ncclTestsName) + "_perf";
        if (text.find(needle) != std::string_view::npos)
            return t.op;
    }
    return std::nullopt;
}

/// The op and rank count a log states, else the hints, else the file name.
struct Context {
    std::optional<Collective> op;
    std::optional<int> ranks;
};

Result<Context> finishContext(Context found, const ImportHints& hints, const std::string& fileName)
{
    Context c;
    c.op = found.op ? found.op : hints.op ? hints.op : opFromProgram(fileName);
    c.ranks = found.ranks ? found.ranks : hints.ranks;
    Problems problems;
    if (!c.op)
        problems.push_back({ "op", "unknown",
            "the file names no collective (no \"# Collective test starting: <name>_perf\" line); pass it", fileName });
    if (!c.ranks || *c.ranks < 1)
        problems.push_back(
            { "ranks", "unknown", "the file lists no \"#  Rank\" device lines; pass the rank count", fileName });
    if (!problems.empty())
        return problems;
    return c;
}
} // namespace

Result<std::vector<Measurement>> parseNcclTestsLog(
    std::string_view text, const std::string& fileName, const ImportHints& hints)
{
    Context found;
    int rankLines = 0;
    struct Row {
        int line;
        std::vector<std::string_view> words;
    };
    std::vector<Row> rows;
    Problems problems;

    int lineNo = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t nl = text.find('\n', start);
        std::string_view line = text.substr(start, nl == text.npos ? text.npos : nl - start);
        start = nl == text.npos ? text.size() + 1 : nl + 1;
        ++lineNo;
        auto words = splitWords(line);
        // srun / mpirun --tag-output prefixes: "0:" or "[1,0]<stdout>:".
        if (!words.empty() && words[0].back() == ':' && (isDigitWord(words[0]) || words[0][0] == '['))
            words.erase(words.begin());
        if (words.empty())
            continue;
        if (words[0] == "#") {
            if (words.size() >= 2 && words[1] == "Rank")
                ++rankLines;
            if (words.size() >= 5 && words[1] == "Collective" && words[2] == "test")
                if (auto op = opFromProgram(words.back()))
                    found.op = op;
            continue;
        }
        if (words[0][0] == '#' || !isDigitWord(words[0]))
            continue; // NCCL INFO lines, host banners, warnings
        if (words.size() < 5 || !toInteger(words[0]) || !toInteger(words[1])) {
            problems.push_back(problemAt(fileName, lineNo, "row", std::string(line.substr(0, 40)),
                "a data row needs size, count, type, redop, root, then time algbw busbw #wrong"));
            continue;
        }
        rows.push_back({ lineNo, std::move(words) });
    }
    if (rankLines > 0)
        found.ranks = rankLines;
    if (rows.empty() && problems.empty())
        problems.push_back(
            { "rows", "0", "no data rows (size count type redop root time algbw busbw #wrong)", fileName });
    if (!problems.empty())
        return problems;
    auto context = finishContext(found, hints, fileName);
    if (!context)
        return context.problems();

    std::vector<Measurement> out;
    for (const auto& row : rows) {
        const auto& w = row.words;
        Measurement base;
        base.op = *context->op;
        base.ranks = *context->ranks;
        base.bytes = *toInteger(w[0]);
        base.count = *toInteger(w[1]);
        base.source = "nccl-tests " + std::string(traits(base.op).ncclTestsName) + "_perf (" + fileName + ")";
        if (auto dtype = parseDType(w[2]))
            base.dtype = *dtype;
        else
            problems.push_back(problemAt(fileName, row.line, "type", std::string(w[2]), "unknown data type"));
        if (auto root = toInteger(w[4]))
            base.root = static_cast<int>(*root);
        if (base.bytes < 1)
            continue; // nccl-tests prints 0-byte rows for sizes below one element per rank
        const std::size_t groups = (w.size() - 5) / 4;
        if (groups < 1 || (w.size() - 5) % 4 != 0) {
            problems.push_back(problemAt(fileName, row.line, "row", std::to_string(w.size()) + " columns",
                "expected 5 + 4 (out-of-place) + 4 (in-place) columns"));
            continue;
        }
        for (std::size_t g = 0; g < groups && g < 2; ++g) {
            Measurement m = base;
            m.inPlace = (g == 1);
            const char* names[] = { "time", "algbw", "busbw" };
            double v[3] = {};
            bool ok = true;
            for (int k = 0; k < 3; ++k) {
                auto number = toNumber(w[5 + 4 * g + k]);
                if (!number) {
                    problems.push_back(problemAt(
                        fileName, row.line, names[k], std::string(w[5 + 4 * g + k]), "must be a finite number"));
                    ok = false;
                } else {
                    v[k] = *number;
                }
            }
            if (!ok)
                continue;
            m.timeSeconds = v[0] * kMicro;
            m.algBwGBps = v[1];
            m.busBwGBps = v[2];
            const auto wrongWord = w[5 + 4 * g + 3];
            m.wrong = wrongWord == "N/A" ? -1 : static_cast<std::int64_t>(toNumber(wrongWord).value_or(-1));
            if (m.timeSeconds <= 0) {
                problems.push_back(problemAt(fileName, row.line, "time", std::string(w[5 + 4 * g]), "must be > 0"));
                continue;
            }
            out.push_back(std::move(m));
        }
    }
    if (!problems.empty())
        return problems;
    return out;
}

Result<std::vector<Measurement>> parseNcclTestsJson(
    std::string_view text, const std::string& fileName, const ImportHints& hints)
{
    json j;
    try {
        j = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        // e.byte is 1-based; count the lines before it for file:line.
        const std::size_t at = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
        const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
        return Problem { "json", "", "not valid JSON (" + std::string(e.what()) + ")", where(fileName, line) };
    }
    if (!j.is_object() || !j.contains("results") || !j["results"].is_array())
        return Problem { "results", "missing", "an nccl-tests -J file has a \"results\" list", fileName };
    Context found;
    if (auto it = j.find("args"); it != j.end() && it->is_array() && !it->empty() && (*it)[0].is_string())
        found.op = opFromProgram((*it)[0].get<std::string>());
    if (auto cfg = j.find("config"); cfg != j.end() && cfg->is_object())
        if (auto dev = cfg->find("devices"); dev != cfg->end() && dev->is_array() && !dev->empty())
            found.ranks = static_cast<int>(dev->size());
    auto context = finishContext(found, hints, fileName);
    if (!context)
        return context.problems();

    std::vector<Measurement> out;
    Problems problems;
    int index = 0;
    for (const auto& r : j["results"]) {
        const std::string field = "results[" + std::to_string(index++) + "]";
        if (!r.is_object() || !r.contains("size") || !r["size"].is_number_integer()) {
            problems.push_back({ field + ".size", r.is_object() && r.contains("size") ? r["size"].dump() : "missing",
                "must be an integer byte count", fileName });
            continue;
        }
        Measurement base;
        base.op = *context->op;
        base.ranks = *context->ranks;
        base.bytes = r["size"].get<Bytes>();
        base.count = r.value("count", std::int64_t { 0 });
        base.source = "nccl-tests " + std::string(traits(base.op).ncclTestsName) + "_perf (" + fileName + ")";
        if (auto dtype = parseDType(r.value("type", std::string("float"))))
            base.dtype = *dtype;
        if (r.contains("root") && r["root"].is_string())
            base.root = std::atoi(r["root"].get<std::string>().c_str());
        if (base.bytes < 1)
            continue;
        for (const char* key : { "out_of_place", "in_place" }) {
            auto it = r.find(key);
            if (it == r.end() || !it->is_object())
                continue;
            Measurement m = base;
            m.inPlace = std::string_view(key) == "in_place";
            const json& body = *it;
            const json* time = body.contains("time") ? &body["time"]
                : body.contains("cpu_time")          ? &body["cpu_time"]
                                                     : nullptr;
            if (!time || !time->is_number() || time->get<double>() <= 0) {
                problems.push_back({ field + "." + key + ".time", time ? time->dump() : "missing",
                    "must be a number > 0 (µs)", fileName });
                continue;
            }
            m.timeSeconds = time->get<double>() * kMicro;
            m.algBwGBps = body.value("alg_bw", 0.0);
            m.busBwGBps = body.value("bus_bw", 0.0);
            m.wrong = body.contains("nwrong") && body["nwrong"].is_number()
                ? static_cast<std::int64_t>(body["nwrong"].get<double>())
                : -1;
            m.iterations = r.value("actual_iterations", 0);
            out.push_back(std::move(m));
        }
    }
    if (!problems.empty())
        return problems;
    return out;
}

Result<std::vector<Measurement>> importNcclTests(const std::string& path, const ImportHints& hints)
{
    auto text = readFile(path);
    if (!text)
        return Problem { "file", path, "cannot be read", path };
    const auto first = text->find_first_not_of(" \t\r\n");
    if (first != std::string::npos && (*text)[first] == '{')
        return parseNcclTestsJson(*text, path, hints);
    return parseNcclTestsLog(*text, path, hints);
}

} // namespace tutor::model
