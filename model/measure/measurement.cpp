// SPDX-License-Identifier: MIT
#include "model/measure/measurement.h"

#include "model/measure/fileio.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace tutor::model {

using detail::problemAt;
using detail::readFile;
using detail::where;
using nlohmann::json;

Problems validate(const Measurement& m, const std::string& field)
{
    Problems p;
    if (m.bytes < 1 || m.bytes > kMaxMessageBytes)
        p.push_back({ field + ".bytes", std::to_string(m.bytes), "must be in [1, 1 TiB]" });
    if (!std::isfinite(m.timeSeconds) || m.timeSeconds <= 0)
        p.push_back({ field + ".time_us", std::to_string(m.timeSeconds * 1e6), "must be finite and > 0" });
    if (m.ranks < 1)
        p.push_back({ field + ".ranks", std::to_string(m.ranks), "must be ≥ 1" });
    if (!std::isfinite(m.algBwGBps) || m.algBwGBps < 0)
        p.push_back({ field + ".algbw_GBps", std::to_string(m.algBwGBps), "must be finite and ≥ 0" });
    if (!std::isfinite(m.busBwGBps) || m.busBwGBps < 0)
        p.push_back({ field + ".busbw_GBps", std::to_string(m.busBwGBps), "must be finite and ≥ 0" });
    return p;
}

void computeBandwidths(Measurement& m)
{
    if (m.timeSeconds <= 0 || m.ranks < 1) {
        m.algBwGBps = m.busBwGBps = 0;
        return;
    }
    m.algBwGBps = static_cast<double>(m.bytes) / m.timeSeconds / kBytesPerGB;
    m.busBwGBps = m.algBwGBps * busBandwidthFactor(m.op, m.ranks);
}

std::string toJsonLine(const Measurement& m)
{
    // Same keys as the worker's "measurement" record (live/protocol), so files and streams are one format.
    json j { { "type", "measurement" }, { "protocol", 1 }, { "op", traits(m.op).cliName }, { "bytes", m.bytes },
        { "count", m.count }, { "dtype", name(m.dtype) }, { "ranks", m.ranks }, { "root", m.root },
        { "in_place", m.inPlace }, { "time_us", m.timeSeconds / kMicro }, { "algbw_GBps", m.algBwGBps },
        { "busbw_GBps", m.busBwGBps }, { "wrong", m.wrong }, { "min_us", m.minSeconds / kMicro },
        { "median_us", m.medianSeconds / kMicro }, { "p99_us", m.p99Seconds / kMicro },
        { "iterations", m.iterations } };
    if (!m.source.empty())
        j["source"] = m.source;
    return j.dump();
}

std::string toJsonLines(const std::vector<Measurement>& measurements)
{
    std::string out;
    for (const auto& m : measurements)
        out += toJsonLine(m) + "\n";
    return out;
}

Result<std::vector<Measurement>> parseMeasurementLines(std::string_view text, const std::string& fileName)
{
    std::vector<Measurement> out;
    Problems problems;
    int lineNo = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t nl = text.find('\n', start);
        std::string_view line = text.substr(start, nl == text.npos ? text.npos : nl - start);
        start = nl == text.npos ? text.size() : nl + 1;
        ++lineNo;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos)
            continue;
        auto at = [&](std::string field, std::string value, std::string rule) {
            problems.push_back(problemAt(fileName, lineNo, std::move(field), std::move(value), std::move(rule)));
        };
        json j = json::parse(line.begin(), line.end(), nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
            at("record", std::string(line.substr(0, 40)), "must be one JSON object per line");
            continue;
        }
        if (j.value("protocol", 0) != 1) {
            at("protocol", j.contains("protocol") ? j["protocol"].dump() : "missing", "must be 1");
            continue;
        }
        if (j.value("type", std::string()) != "measurement")
            continue;
        Measurement m;
        const auto op = parseCollective(j.value("op", std::string()));
        if (!op) {
            at("op", j.value("op", std::string("missing")), "unknown collective");
            continue;
        }
        m.op = *op;
        auto num = [&](const char* key, double fallback) {
            return j.contains(key) && j[key].is_number() ? j[key].get<double>() : fallback;
        };
        if (!j.contains("bytes") || !j["bytes"].is_number_integer()) {
            at("bytes", j.contains("bytes") ? j["bytes"].dump() : "missing", "must be an integer");
            continue;
        }
        if (!j.contains("time_us") || !j["time_us"].is_number()) {
            at("time_us", j.contains("time_us") ? j["time_us"].dump() : "missing", "must be a number");
            continue;
        }
        m.bytes = j["bytes"].get<Bytes>();
        m.count = static_cast<std::int64_t>(num("count", 0));
        m.dtype = parseDType(j.value("dtype", std::string("float"))).value_or(DType::Fp32);
        m.ranks = static_cast<int>(num("ranks", 1));
        m.root = static_cast<int>(num("root", -1));
        m.inPlace = j.value("in_place", false);
        m.timeSeconds = num("time_us", 0) * kMicro;
        m.algBwGBps = num("algbw_GBps", 0);
        m.busBwGBps = num("busbw_GBps", 0);
        m.wrong = static_cast<std::int64_t>(num("wrong", 0));
        m.minSeconds = num("min_us", 0) * kMicro;
        m.medianSeconds = num("median_us", 0) * kMicro;
        m.p99Seconds = num("p99_us", 0) * kMicro;
        m.iterations = static_cast<int>(num("iterations", 0));
        m.source = j.value("source", fileName);
        auto bad = validate(m, "measurement");
        for (auto& p : bad) {
            p.where = where(fileName, lineNo);
            problems.push_back(std::move(p));
        }
        if (bad.empty())
            out.push_back(std::move(m));
    }
    if (!problems.empty())
        return problems;
    return out;
}

Result<std::vector<Measurement>> loadMeasurements(const std::string& path)
{
    auto text = readFile(path);
    if (!text)
        return Problem { "file", path, "cannot be read", path };
    return parseMeasurementLines(*text, path);
}

Problems saveMeasurements(const std::string& path, const std::vector<Measurement>& measurements)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        return { Problem { "file", path, "cannot be written", path } };
    out << toJsonLines(measurements);
    if (!out)
        return { Problem { "file", path, "write failed", path } };
    return {};
}

} // namespace tutor::model
