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

/// A whole number (or a string holding one) inside int64's range.
std::optional<std::int64_t> wholeNumber(const json& v)
{
    const auto n = number(v);
    return n ? io::wholeAs<std::int64_t>(*n) : std::nullopt;
}

/// A string field, or fallback when it is absent or not a string.
std::string stringField(const json& object, const char* key, const char* fallback)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string(fallback);
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
    auto parsed = io::parseBounded(text);
    if (const auto* failure = std::get_if<io::JsonFailure>(&parsed)) {
        result.warnings.push_back(
            { "json", "", "not valid JSON (" + failure->rule + ")", where(fileName, failure->line) });
        return result;
    }
    json& j = std::get<json>(parsed);
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
            if (const auto whole = io::wholeAs<std::int64_t>(*code))
                run.ncclVersion = detail::ncclVersionFromCode(*whole);
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
            const auto host = d.find("hostname");
            processes.insert({ host != d.end() && host->is_string() ? host->get<std::string>() : std::string(),
                wholeNumber(d.value("pid", json())).value_or(-1) });
            maxRank = std::max(
                maxRank, std::min(wholeNumber(d.value("rank", json())).value_or(-1), std::int64_t { 1 } << 30));
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
        const auto size = r.is_object() ? wholeNumber(r.value("size", json())) : std::nullopt;
        if (!size || *size < 0 || *size > kMaxMessageBytes) {
            result.warnings.push_back(
                { field + ".size", r.is_object() && r.contains("size") ? io::shown(r["size"], 40) : "missing",
                    "must be a whole byte count in [0, 1 TiB]; result skipped", fileName });
            continue;
        }
        Measurement base;
        base.bytes = *size;
        const auto count = wholeNumber(r.value("count", json()));
        if (r.contains("count") && (!count || *count < 0)) {
            result.warnings.push_back({ field + ".count", io::shown(r["count"], 40),
                "must be a whole element count ≥ 0; result skipped", fileName });
            continue;
        }
        base.count = count.value_or(0);
        const std::string type = stringField(r, "type", "float");
        const auto dtype = parseDType(detail::splitWords(type).empty() ? type : detail::splitWords(type).front());
        if (!dtype) {
            result.warnings.push_back({ field + ".type", type, "unknown data type; result skipped", fileName });
            continue;
        }
        base.dtype = *dtype;
        // root and actual_iterations: whole numbers in range, or the result is skipped (1e300 is not a rank).
        const auto small = [&](const char* key, int fallback, int lo, int hi) -> std::optional<int> {
            if (!r.contains(key) || r[key].is_null())
                return fallback;
            const auto v = wholeNumber(r[key]);
            if (v && *v >= lo && *v <= hi)
                return static_cast<int>(*v);
            result.warnings.push_back({ field + "." + key, io::shown(r[key], 40),
                "must be a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]; result skipped",
                fileName });
            return std::nullopt;
        };
        const auto root = small("root", -1, -1, kMaxMeasuredRanks - 1);
        const auto iterations = small("actual_iterations", 0, 0, 1 << 30);
        if (!root || !iterations)
            continue;
        base.root = *root;
        base.iterations = *iterations;
        const std::string redopText = stringField(r, "redop", "");
        const std::string redop = detail::splitWords(redopText).empty()
            ? std::string()
            : std::string(detail::splitWords(redopText).front());
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
                    { field + "." + key + ".time", body.contains("time") ? io::shown(body["time"], 40) : "missing",
                        "must be a number > 0 (µs); result skipped", fileName });
                ok = false;
                break;
            }
            m.timeSeconds = *time * kMicro;
            m.algBwGBps = number(body.value("alg_bw", json())).value_or(0);
            m.busBwGBps = number(body.value("bus_bw", json())).value_or(0);
            m.wrong = std::max<std::int64_t>(-2, wholeNumber(body.value("nwrong", json())).value_or(-1));
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
    for (auto& p : detail::settleRun(run, hints, fileName))
        result.warnings.push_back(std::move(p));
    if (!run.rows.empty())
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
