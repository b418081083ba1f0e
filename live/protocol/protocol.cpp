// SPDX-License-Identifier: MIT
#include "protocol.h"

#include "model/io/jsonsafe.h"
#include "model/io/numbers.h"

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

namespace tutor::live {

using nlohmann::json;

namespace {

double finite(double v)
{
    return std::isfinite(v) ? v : 0.0;
}

json header(std::string_view type)
{
    return json { { "type", type }, { "protocol", kProtocolVersion } };
}

struct Encoder {
    json operator()(const HelloRecord& r) const
    {
        json j = header("hello");
        j["backend"] = r.backend;
        j["versions"] = r.versions;
        j["ranks"] = r.ranks;
        j["hosts"] = r.hosts;
        json devices = json::array();
        for (const auto& d : r.devices) {
            json dj = { { "rank", d.rank }, { "host", d.host }, { "device", d.device }, { "name", d.name } };
            if (d.pid > 0)
                dj["pid"] = d.pid;
            if (!d.busId.empty())
                dj["bus_id"] = d.busId;
            devices.push_back(std::move(dj));
        }
        j["devices"] = devices;
        j["op"] = r.op;
        j["dtype"] = r.dtype;
        j["iterations"] = r.iterations;
        j["warmup"] = r.warmup;
        j["sizes"] = r.sizes;
        return j;
    }
    json operator()(const ProgressRecord& r) const
    {
        json j = header("progress");
        j["op"] = r.op;
        j["bytes"] = r.bytes;
        j["index"] = r.index;
        j["total"] = r.total;
        j["in_place"] = r.inPlace;
        return j;
    }
    json operator()(const MeasurementRecord& r) const
    {
        json j = header("measurement");
        j["op"] = r.op;
        j["bytes"] = r.bytes;
        j["count"] = r.count;
        j["dtype"] = r.dtype;
        j["ranks"] = r.ranks;
        j["root"] = r.root;
        if (!r.redop.empty())
            j["redop"] = r.redop;
        j["in_place"] = r.inPlace;
        j["time_us"] = finite(r.timeUs);
        j["algbw_GBps"] = finite(r.algBwGBps);
        j["busbw_GBps"] = finite(r.busBwGBps);
        j["wrong"] = r.wrong;
        j["min_us"] = finite(r.minUs);
        j["median_us"] = finite(r.medianUs);
        j["p99_us"] = finite(r.p99Us);
        j["iterations"] = r.iterations;
        return j;
    }
    json operator()(const OverlapRecord& r) const
    {
        json j = header("overlap");
        j["op"] = r.op;
        j["bytes"] = r.bytes;
        j["ranks"] = r.ranks;
        j["iterations"] = r.iterations;
        j["compute_alone_us"] = finite(r.computeAloneUs);
        j["comm_alone_us"] = finite(r.commAloneUs);
        j["compute_together_us"] = finite(r.computeTogetherUs);
        j["comm_together_us"] = finite(r.commTogetherUs);
        j["overall_us"] = finite(r.overallUs);
        j["test_us"] = finite(r.testUs);
        j["osu_overlap_pct"] = finite(r.osuOverlapPct);
        j["hta_overlap_pct"] = finite(r.htaOverlapPct);
        j["compute_slowdown"] = finite(r.computeSlowdown);
        j["comm_slowdown"] = finite(r.commSlowdown);
        return j;
    }
    json operator()(const ErrorRecord& r) const
    {
        json j = header("error");
        j["call"] = r.call;
        j["message"] = r.message;
        j["code"] = r.code;
        j["rank"] = r.rank;
        return j;
    }
    json operator()(const DoneRecord& r) const
    {
        json j = header("done");
        j["exit_code"] = r.exitCode;
        j["measurements"] = r.measurements;
        j["wrong"] = r.wrong;
        j["avg_busbw_GBps"] = finite(r.avgBusBwGBps);
        return j;
    }
    json operator()(const UnknownRecord& r) const { return header(r.type); }
};

/// Reads typed fields of one record, remembering the first problem with its field path.
class Reader {
public:
    Reader(const json& j, std::string type)
        : m_json(j)
        , m_type(std::move(type))
    {
    }

    std::optional<ParseError> error;

    const json* find(const char* key, bool required)
    {
        auto it = m_json.find(key);
        if (it == m_json.end()) {
            if (required)
                fail(ParseError::Kind::MissingField, std::string(key), "", "is required");
            return nullptr;
        }
        return &*it;
    }
    void str(const char* key, std::string& out, bool required = true)
    {
        if (const json* v = find(key, required)) {
            if (v->is_string())
                out = v->get<std::string>();
            else
                fail(ParseError::Kind::BadField, key, io::shown(*v), "must be a string");
        }
    }
    /// An integer inside Int's range and ≥ min; checked before any narrowing (2^40 ranks is refused, not 0).
    template <class Int> void integer(const char* key, Int& out, bool required = true, long long min = INT64_MIN)
    {
        if (const json* v = find(key, required)) {
            const auto value = v->is_number_integer() ? io::integerAs<Int>(*v) : std::nullopt;
            if (!v->is_number_integer())
                fail(ParseError::Kind::BadField, key, io::shown(*v), "must be an integer");
            else if (!value)
                fail(ParseError::Kind::BadField, key, io::shown(*v),
                    "must be at most " + std::to_string(std::numeric_limits<Int>::max()));
            else if (static_cast<long long>(*value) < min)
                fail(ParseError::Kind::BadField, key, io::shown(*v), "must be ≥ " + std::to_string(min));
            else
                out = *value;
        }
    }
    /// A finite number ≥ 0 (or any finite number when nonNegative is false); > 0 when positive.
    void number(const char* key, double& out, bool required = true, bool nonNegative = true, bool positive = false)
    {
        if (const json* v = find(key, required)) {
            if (!v->is_number() || !std::isfinite(v->get<double>()))
                fail(ParseError::Kind::BadField, key, io::shown(*v), "must be a finite number");
            else if (positive && !(v->get<double>() > 0))
                fail(ParseError::Kind::BadField, key, io::shown(*v), "must be > 0");
            else if (nonNegative && v->get<double>() < 0)
                fail(ParseError::Kind::BadField, key, io::shown(*v), "must be ≥ 0");
            else
                out = v->get<double>();
        }
    }
    void boolean(const char* key, bool& out, bool required = true)
    {
        if (const json* v = find(key, required)) {
            if (v->is_boolean())
                out = v->get<bool>();
            else
                fail(ParseError::Kind::BadField, key, io::shown(*v), "must be true or false");
        }
    }
    void fail(ParseError::Kind kind, const std::string& key, const std::string& value, const std::string& rule)
    {
        if (error)
            return;
        std::string text = m_type + "." + key;
        if (!value.empty())
            text += " = " + value;
        error = ParseError { kind, text + ": " + rule };
    }

private:
    const json& m_json;
    std::string m_type;
};

Record readHello(Reader& r, const json& j)
{
    HelloRecord h;
    r.str("backend", h.backend);
    r.integer("ranks", h.ranks, true, 1);
    if (auto it = j.find("versions"); it != j.end() && it->is_object())
        for (const auto& [k, v] : it->items())
            h.versions[k] = v.is_string() ? v.get<std::string>() : io::shown(v);
    if (auto it = j.find("hosts"); it != j.end() && it->is_array())
        for (const auto& v : *it)
            if (v.is_string())
                h.hosts.push_back(v.get<std::string>());
    if (auto it = j.find("devices"); it != j.end() && it->is_array()) {
        for (const auto& v : *it) {
            if (!v.is_object())
                continue;
            DeviceInfo d;
            Reader dr(v, "hello.devices");
            dr.integer("rank", d.rank, false);
            dr.str("host", d.host, false);
            dr.integer("device", d.device, false);
            dr.str("name", d.name, false);
            dr.integer("pid", d.pid, false, 0);
            dr.str("bus_id", d.busId, false);
            h.devices.push_back(d);
        }
    }
    r.str("op", h.op, false);
    r.str("dtype", h.dtype, false);
    r.integer("iterations", h.iterations, false, 0);
    r.integer("warmup", h.warmup, false, 0);
    r.integer("sizes", h.sizes, false, 0);
    return h;
}

Record readProgress(Reader& r)
{
    ProgressRecord p;
    r.str("op", p.op);
    r.integer("bytes", p.bytes, true, 0);
    r.integer("index", p.index, true, 0);
    r.integer("total", p.total, true, 0);
    r.boolean("in_place", p.inPlace, false);
    return p;
}

Record readMeasurement(Reader& r)
{
    MeasurementRecord m;
    r.str("op", m.op);
    r.integer("bytes", m.bytes, true, 1);
    r.integer("count", m.count, true, 0);
    r.str("dtype", m.dtype);
    r.integer("ranks", m.ranks, true, 1);
    r.integer("root", m.root, false, -1);
    r.str("redop", m.redop, false);
    r.boolean("in_place", m.inPlace);
    r.number("time_us", m.timeUs, true, true, true);
    r.number("algbw_GBps", m.algBwGBps);
    r.number("busbw_GBps", m.busBwGBps);
    r.integer("wrong", m.wrong, true, -1); // -1: not checked
    r.number("min_us", m.minUs, false);
    r.number("median_us", m.medianUs, false);
    r.number("p99_us", m.p99Us, false);
    r.integer("iterations", m.iterations, false, 0);
    return m;
}

Record readOverlap(Reader& r)
{
    OverlapRecord o;
    r.str("op", o.op);
    r.integer("bytes", o.bytes, true, 0);
    r.integer("ranks", o.ranks, true, 1);
    r.integer("iterations", o.iterations, false, 0);
    r.number("compute_alone_us", o.computeAloneUs);
    r.number("comm_alone_us", o.commAloneUs);
    r.number("compute_together_us", o.computeTogetherUs);
    r.number("comm_together_us", o.commTogetherUs);
    r.number("overall_us", o.overallUs);
    r.number("test_us", o.testUs, false);
    r.number("osu_overlap_pct", o.osuOverlapPct);
    r.number("hta_overlap_pct", o.htaOverlapPct);
    r.number("compute_slowdown", o.computeSlowdown, false);
    r.number("comm_slowdown", o.commSlowdown, false);
    return o;
}

Record readError(Reader& r)
{
    ErrorRecord e;
    r.str("call", e.call, false);
    r.str("message", e.message);
    r.integer("code", e.code, false, 0);
    r.integer("rank", e.rank, false, -1);
    return e;
}

Record readDone(Reader& r)
{
    DoneRecord d;
    r.integer("exit_code", d.exitCode, false, 0);
    r.integer("measurements", d.measurements, false, 0);
    r.integer("wrong", d.wrong, false, 0);
    r.number("avg_busbw_GBps", d.avgBusBwGBps, false);
    return d;
}

} // namespace

std::string_view typeName(const Record& record)
{
    struct Visitor {
        std::string_view operator()(const HelloRecord&) const { return "hello"; }
        std::string_view operator()(const ProgressRecord&) const { return "progress"; }
        std::string_view operator()(const MeasurementRecord&) const { return "measurement"; }
        std::string_view operator()(const OverlapRecord&) const { return "overlap"; }
        std::string_view operator()(const ErrorRecord&) const { return "error"; }
        std::string_view operator()(const DoneRecord&) const { return "done"; }
        std::string_view operator()(const UnknownRecord& r) const { return r.type; }
    };
    return std::visit(Visitor {}, record);
}

std::string encode(const Record& record)
{
    return io::dumpText(std::visit(Encoder {}, record));
}

ParseResult parseLine(std::string_view line)
{
    auto failed = [](ParseError::Kind kind, std::string message) {
        return ParseResult { std::nullopt, ParseError { kind, std::move(message) } };
    };
    if (line.find_first_not_of(" \t\r") == std::string_view::npos)
        return failed(ParseError::Kind::Malformed, "empty line");
    auto parsed = io::parseBounded(line, io::lineLimits());
    if (const auto* failure = std::get_if<io::JsonFailure>(&parsed)) {
        const std::string shown = io::withValidUtf8(line.substr(0, 60));
        return failed(ParseError::Kind::Malformed,
            "not a JSON record (" + failure->rule + "): \"" + shown + (line.size() > 60 ? "…" : "") + "\"");
    }
    const json& j = std::get<json>(parsed);
    if (!j.is_object())
        return failed(ParseError::Kind::NotAnObject, "record = " + io::shown(j) + ": must be a JSON object");
    auto type = j.find("type");
    if (type == j.end())
        return failed(ParseError::Kind::MissingField, "record.type: is required");
    if (!type->is_string())
        return failed(ParseError::Kind::BadField, "record.type = " + io::shown(*type) + ": must be a string");
    const std::string typeText = type->get<std::string>();
    auto protocol = j.find("protocol");
    if (protocol == j.end())
        return failed(ParseError::Kind::MissingField, typeText + ".protocol: is required");
    if (io::integerAs<long long>(*protocol) != kProtocolVersion)
        return failed(ParseError::Kind::VersionMismatch,
            typeText + ".protocol = " + io::shown(*protocol) + ": this reader speaks protocol "
                + std::to_string(kProtocolVersion));

    Reader reader(j, typeText);
    Record record = UnknownRecord { typeText };
    if (typeText == "hello")
        record = readHello(reader, j);
    else if (typeText == "progress")
        record = readProgress(reader);
    else if (typeText == "measurement")
        record = readMeasurement(reader);
    else if (typeText == "overlap")
        record = readOverlap(reader);
    else if (typeText == "error")
        record = readError(reader);
    else if (typeText == "done")
        record = readDone(reader);
    if (reader.error)
        return ParseResult { std::nullopt, reader.error };
    return ParseResult { std::move(record), std::nullopt };
}

std::vector<std::string> LineBuffer::feed(std::string_view bytes)
{
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < bytes.size()) {
        const std::size_t nl = bytes.find('\n', start);
        const std::string_view piece = bytes.substr(start, nl == std::string_view::npos ? bytes.npos : nl - start);
        const std::size_t room = m_maxLineBytes > m_partial.size() ? m_maxLineBytes - m_partial.size() : 0;
        if (m_cut) {
            // the rest of a line already cut to the limit is dropped
        } else if (piece.size() > room) {
            m_partial.append(piece.substr(0, room));
            m_cut = true;
        } else {
            m_partial.append(piece);
        }
        if (nl == std::string_view::npos)
            break;
        if (m_cut) {
            m_cut = false;
            ++m_tooLong;
        }
        if (!m_partial.empty() && m_partial.back() == '\r')
            m_partial.pop_back();
        lines.push_back(std::move(m_partial));
        m_partial.clear();
        start = nl + 1;
    }
    return lines;
}

std::string LineBuffer::takeRemainder()
{
    std::string tail = std::move(m_partial);
    m_partial.clear();
    if (m_cut) {
        m_cut = false;
        ++m_tooLong;
    }
    return tail;
}

} // namespace tutor::live
