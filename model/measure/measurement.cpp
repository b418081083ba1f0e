// SPDX-License-Identifier: MIT
#include "model/measure/measurement.h"

#include "model/collectives/document.h"
#include "model/io/atomicfile.h"
#include "model/measure/fileio.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace tutor::model {

using detail::problemAt;
using detail::where;
using nlohmann::json;

Problems validate(const Measurement& m, const std::string& field)
{
    Problems p;
    const auto real = [](double v) { return formatNumber(v); };
    if (m.bytes < 1 || m.bytes > kMaxMessageBytes)
        p.push_back({ field + ".bytes", std::to_string(m.bytes), "must be in [1, 1 TiB]" });
    if (!std::isfinite(m.timeSeconds) || m.timeSeconds < kMinMeasuredSeconds)
        p.push_back({ field + ".time_us", real(m.timeSeconds / kMicro),
            "must be finite and ≥ 0.001 µs (no collective completes faster)" });
    if (m.ranks < 1 || m.ranks > kMaxMeasuredRanks)
        p.push_back({ field + ".ranks", std::to_string(m.ranks), "must be in [1, 1048576]" });
    if (m.root < -1 || (m.ranks >= 1 && m.root >= m.ranks))
        p.push_back({ field + ".root", std::to_string(m.root),
            "must be -1 (no root) or a rank in [0, " + std::to_string(m.ranks) + ")" });
    if (m.count < 0)
        p.push_back({ field + ".count", std::to_string(m.count), "must be ≥ 0" });
    if (m.wrong < -1)
        p.push_back({ field + ".wrong", std::to_string(m.wrong), "must be ≥ 0, or -1 when not checked" });
    if (m.iterations < 0)
        p.push_back({ field + ".iterations", std::to_string(m.iterations), "must be ≥ 0" });
    for (const auto& [value, key] : { std::pair { m.algBwGBps, ".algbw_GBps" }, { m.busBwGBps, ".busbw_GBps" } })
        if (!std::isfinite(value) || value < 0 || value > kMaxMeasuredGBps)
            p.push_back({ field + key, real(value), "must be finite and in [0, 100000] GB/s (faster than any link)" });
    for (const auto& [value, key] :
        { std::pair { m.minSeconds, ".min_us" }, { m.medianSeconds, ".median_us" }, { m.p99Seconds, ".p99_us" } })
        if (!std::isfinite(value) || value < 0 || value > 1e6)
            p.push_back({ field + key, real(value / kMicro), "must be finite and ≥ 0" });
    // A row whose size and time imply more than any link carries (1e-320 µs, a mistyped unit) would dominate a
    // fit; one rank moves nothing over a link, so it is exempt.
    if (m.ranks > 1 && std::isfinite(m.timeSeconds) && m.timeSeconds >= kMinMeasuredSeconds && m.bytes >= 1
        && static_cast<double>(m.bytes) / m.timeSeconds / kBytesPerGB > kMaxMeasuredGBps)
        p.push_back({ field + ".time_us", real(m.timeSeconds / kMicro),
            "with bytes = " + std::to_string(m.bytes) + " means "
                + real(static_cast<double>(m.bytes) / m.timeSeconds / kBytesPerGB)
                + " GB/s, more than any link (100000 GB/s)" });
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
    return io::dumpText(j);
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
        auto parsed = io::parseBounded(line, io::lineLimits());
        const json* record = std::get_if<json>(&parsed);
        if (!record || !record->is_object()) {
            const auto* failure = std::get_if<io::JsonFailure>(&parsed);
            at("record", io::withValidUtf8(line.substr(0, 40)),
                failure ? "must be one JSON object per line (" + failure->rule + ")"
                        : "must be one JSON object per line");
            continue;
        }
        const json& j = *record;
        detail::RecordFields fields(j);
        if (fields.integer<int>("protocol", 0) != 1) {
            at("protocol", fields.shown("protocol"), "must be 1");
            continue;
        }
        if (fields.text("type", "") != "measurement")
            continue;
        Measurement m;
        const auto op = parseCollective(fields.text("op", ""));
        if (!op) {
            at("op", fields.shown("op"), "unknown collective");
            continue;
        }
        m.op = *op;
        if (!fields.has("bytes") || !j["bytes"].is_number_integer()) {
            at("bytes", fields.shown("bytes"), "must be an integer");
            continue;
        }
        if (!fields.has("time_us") || !j["time_us"].is_number()) {
            at("time_us", fields.shown("time_us"), "must be a number");
            continue;
        }
        m.bytes = fields.integer<Bytes>("bytes", -1);
        m.count = fields.integer<std::int64_t>("count", 0);
        m.dtype = parseDType(fields.text("dtype", "float")).value_or(DType::Fp32);
        m.ranks = fields.integer<int>("ranks", 1);
        m.root = fields.integer<int>("root", -1);
        m.inPlace = fields.boolean("in_place", false);
        m.timeSeconds = fields.real("time_us", 0) * kMicro;
        m.algBwGBps = fields.real("algbw_GBps", 0);
        m.busBwGBps = fields.real("busbw_GBps", 0);
        m.wrong = fields.integer<std::int64_t>("wrong", 0);
        m.minSeconds = fields.real("min_us", 0) * kMicro;
        m.medianSeconds = fields.real("median_us", 0) * kMicro;
        m.p99Seconds = fields.real("p99_us", 0) * kMicro;
        m.iterations = fields.integer<int>("iterations", 0);
        for (auto& wrongType : fields.problems()) {
            wrongType.where = where(fileName, lineNo);
            problems.push_back(std::move(wrongType));
        }
        if (!fields.problems().empty())
            continue;
        m.source = fields.text("source", fileName);
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
    const auto text = readTextFile(path);
    if (!text)
        return text.problems();
    return parseMeasurementLines(*text, path);
}

Problems saveMeasurements(const std::string& path, const std::vector<Measurement>& measurements)
{
    if (const auto failure = io::writeFileAtomically(path, toJsonLines(measurements)))
        return { Problem { path, {}, failure->rule(), {} } };
    return {};
}

} // namespace tutor::model
