// SPDX-License-Identifier: MIT
// nccl-tests' `-J file` document (src/util.cu, JSON_FILE_VERSION 1–3) as one run.
#include "model/measure/fileio.h"
#include "model/measure/ncclimportdetail.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

namespace tutor::model {

using detail::where;
using nlohmann::json;

namespace {

/// nccl-tests writes booleans and NaN as strings ("true", "nan"); numbers may come either way.
std::optional<double> number(const json& v)
{
    if (v.is_number())
        return v.get<double>();
    if (v.is_string())
        return detail::toNumber(v.get<std::string>());
    return std::nullopt;
}

/// The first of `keys` present in `object` as a positive integer.
std::optional<int> positiveInt(const json& object, std::initializer_list<const char*> keys)
{
    if (!object.is_object())
        return std::nullopt;
    for (const char* key : keys)
        if (auto it = object.find(key); it != object.end())
            if (const auto v = number(*it); v && *v >= 1 && *v < (1 << 24))
                return static_cast<int>(*v);
    return std::nullopt;
}

} // namespace

namespace {
ImportResult parseDocument(std::string_view text, const std::string& fileName, const ImportHints& hints)
{
    ImportResult result;
    result.file = fileName;
    json j;
    try {
        j = json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {
        // A parse_error's byte is 1-based; count the lines before it for file:line.
        const auto* parse = dynamic_cast<const json::parse_error*>(&e);
        const std::size_t at = std::min<std::size_t>(parse && parse->byte > 0 ? parse->byte - 1 : 0, text.size());
        const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
        result.warnings.push_back(
            { "json", "", "not valid JSON (" + std::string(e.what()) + ")", where(fileName, line) });
        return result;
    }
    if (!j.is_object() || !j.contains("results") || !j["results"].is_array()) {
        result.warnings.push_back(
            { "results", "missing", "an nccl-tests -J file is an object with a \"results\" list", fileName });
        return result;
    }
    ImportedRun run;
    run.firstLine = 1;
    if (auto it = j.find("args"); it != j.end() && it->is_array() && !it->empty() && (*it)[0].is_string()) {
        if ((run.op = detail::opFromProgramText((*it)[0].get<std::string>())))
            run.opSource = "header";
        // commtutor-live names the collective with --op (nccl-tests names it by binary).
        for (std::size_t i = 1; !run.op && i + 1 < it->size(); ++i)
            if ((*it)[i] == "--op" && (*it)[i + 1].is_string())
                if ((run.op = parseCollective((*it)[i + 1].get<std::string>())))
                    run.opSource = "command line";
    }
    if (auto it = j.find("nccl_version"); it != j.end())
        if (const auto code = number(*it))
            run.ncclVersion = detail::ncclVersionFromCode(static_cast<std::int64_t>(*code));
    if (auto it = j.find("nccl_tests_version"); it != j.end() && it->is_string())
        run.ncclTestsVersion = it->get<std::string>();
    const json config = j.value("config", json::object());
    const int threads = positiveInt(config, { "nthreads", "nThreads", "nthread", "nThread" }).value_or(1);
    const auto gpus = positiveInt(config, { "ngpus", "nGpus", "ngpu", "nGpu" });
    if (gpus)
        run.gpusPerProcess = threads * *gpus;
    if (const auto ranks = positiveInt(config, { "nranks", "nRanks", "ranks" }).value_or(0)) {
        run.ranks = ranks;
        run.ranksSource = "json config";
    } else if (auto dev = config.find("devices"); dev != config.end() && dev->is_array() && !dev->empty()) {
        // One entry per process (the writer parses the first "#  Rank" line each process sends), so ranks are
        // processes × GPUs per process; a file listing every rank has its highest rank + 1 instead.
        std::set<std::pair<std::string, std::int64_t>> processes;
        std::int64_t maxRank = -1;
        for (const auto& d : *dev) {
            if (!d.is_object())
                continue;
            processes.insert({ d.value("hostname", std::string()),
                static_cast<std::int64_t>(number(d.value("pid", json())).value_or(-1)) });
            maxRank = std::max(maxRank, static_cast<std::int64_t>(number(d.value("rank", json())).value_or(-1)));
        }
        const std::int64_t perProcess = run.gpusPerProcess > 0 ? run.gpusPerProcess : 1;
        const std::int64_t ranks
            = std::max<std::int64_t>(static_cast<std::int64_t>(processes.size()) * perProcess, maxRank + 1);
        if (ranks >= 1 && ranks < (1 << 24)) {
            run.ranks = static_cast<int>(ranks);
            run.ranksSource = "json devices";
        }
    }

    int index = 0;
    for (const auto& r : j["results"]) {
        const std::string field = "results[" + std::to_string(index++) + "]";
        const auto size = r.is_object() ? number(r.value("size", json())) : std::nullopt;
        if (!size || *size < 0) {
            result.warnings.push_back(
                { field + ".size", r.is_object() && r.contains("size") ? r["size"].dump() : "missing",
                    "must be a byte count ≥ 0; result skipped", fileName });
            continue;
        }
        Measurement base;
        base.bytes = static_cast<Bytes>(*size);
        base.count = static_cast<std::int64_t>(number(r.value("count", json())).value_or(0));
        const std::string type = r.value("type", std::string("float"));
        const auto dtype = parseDType(detail::splitWords(type).empty() ? type : detail::splitWords(type).front());
        if (!dtype) {
            result.warnings.push_back({ field + ".type", type, "unknown data type; result skipped", fileName });
            continue;
        }
        base.dtype = *dtype;
        if (const auto root = number(r.value("root", json())))
            base.root = static_cast<int>(*root);
        base.iterations = static_cast<int>(number(r.value("actual_iterations", json())).value_or(0));
        const std::string redop = detail::splitWords(r.value("redop", std::string())).empty()
            ? std::string()
            : std::string(detail::splitWords(r.value("redop", std::string())).front());
        if (base.bytes < 1)
            continue;
        std::vector<Measurement> halves;
        bool ok = true;
        for (const char* key : { "out_of_place", "in_place" }) {
            auto it = r.find(key);
            if (it == r.end() || !it->is_object())
                continue; // null for trace replay's in-place-only rows
            Measurement m = base;
            m.inPlace = std::string_view(key) == "in_place";
            const json& body = *it;
            const auto time = number(body.value("time", body.value("cpu_time", json())));
            if (!time || *time <= 0) {
                result.warnings.push_back(
                    { field + "." + key + ".time", body.contains("time") ? body["time"].dump() : "missing",
                        "must be a number > 0 (µs); result skipped", fileName });
                ok = false;
                break;
            }
            m.timeSeconds = *time * kMicro;
            m.algBwGBps = number(body.value("alg_bw", json())).value_or(0);
            m.busBwGBps = number(body.value("bus_bw", json())).value_or(0);
            m.wrong = static_cast<std::int64_t>(number(body.value("nwrong", json())).value_or(-1));
            const json perIter = r.value(std::string(key) + "_per_iter", json());
            if (perIter.is_object()) {
                m.minSeconds = number(perIter.value("min_us", json())).value_or(0) * kMicro;
                m.medianSeconds = number(perIter.value("p50_us", json())).value_or(0) * kMicro;
                m.p99Seconds = number(perIter.value("p99_us", json())).value_or(0) * kMicro;
            }
            halves.push_back(m);
        }
        if (!ok)
            continue;
        if (run.rows.empty()) {
            run.redop = redop;
            run.dtype = base.dtype;
            run.root = base.root;
        }
        for (auto& m : halves)
            run.rows.push_back(std::move(m));
    }
    if (run.rows.empty()) {
        result.warnings.push_back({ "results", "0 rows", "the -J file has no timed result", fileName });
        return result;
    }
    detail::settleRun(run, hints, fileName);
    result.runs.push_back(std::move(run));
    return result;
}

} // namespace

ImportResult parseNcclTestsJsonText(std::string_view text, const std::string& fileName, const ImportHints& hints)
{
    try {
        return parseDocument(text, fileName, hints);
    } catch (const nlohmann::json::exception& e) {
        // A field of an unexpected JSON type (a number where nccl-tests writes a string, say).
        ImportResult result;
        result.file = fileName;
        result.warnings.push_back({ "json", "", std::string("unexpected value type (") + e.what() + ")", fileName });
        return result;
    }
}

} // namespace tutor::model
