// SPDX-License-Identifier: MIT
#include "model/measure/validation.h"

#include "model/collectives/costmodel.h"
#include "model/collectives/document.h"
#include "model/collectives/hardware.h"
#include "model/collectives/topology.h"
#include "model/measure/fileio.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

namespace tutor::model {

namespace {
using json = nlohmann::json;

constexpr std::int64_t kMaxRanks = 1 << 20;

/// Reads the fields of one JSON object and collects a problem for every field that breaks its rule.
class FieldReader {
public:
    FieldReader(const json& object, std::string path, const std::string& file, Problems& problems)
        : m_object(object)
        , m_path(std::move(path))
        , m_file(file)
        , m_problems(problems)
    {
    }

    std::string field(const std::string& key) const { return m_path + "." + key; }

    void problem(const std::string& key, const std::string& value, const std::string& rule)
    {
        m_problems.push_back({ field(key), value, rule, m_file });
    }

    const json* find(const std::string& key) const
    {
        const auto it = m_object.find(key);
        return it == m_object.end() ? nullptr : &*it;
    }

    std::string dumpOf(const std::string& key) const
    {
        const auto* v = find(key);
        return v ? shownValue(*v) : "missing";
    }

    std::optional<std::string> text(const std::string& key, bool nonEmpty = false)
    {
        const auto* v = find(key);
        if (!v || !v->is_string() || (nonEmpty && v->get<std::string>().empty())) {
            problem(key, dumpOf(key), nonEmpty ? "must be a non-empty string" : "must be a string");
            return std::nullopt;
        }
        return v->get<std::string>();
    }

    /// A string or null; a missing key counts as null.
    std::optional<std::string> stringOrNull(const std::string& key)
    {
        const auto* v = find(key);
        if (!v || v->is_null())
            return std::nullopt;
        if (!v->is_string()) {
            problem(key, shownValue(*v), "must be a string or null");
            return std::nullopt;
        }
        return v->get<std::string>();
    }

    std::optional<std::int64_t> integer(const std::string& key, std::int64_t minimum)
    {
        const auto* v = find(key);
        if (!v || !v->is_number_integer() || v->get<std::int64_t>() < minimum) {
            problem(key, dumpOf(key), "must be an integer ≥ " + std::to_string(minimum));
            return std::nullopt;
        }
        return v->get<std::int64_t>();
    }

    /// A finite number > 0 (`positive`) or ≥ 0.
    std::optional<double> number(const std::string& key, bool positive)
    {
        const auto* v = find(key);
        const bool ok = v && v->is_number() && std::isfinite(v->get<double>())
            && (positive ? v->get<double>() > 0 : v->get<double>() >= 0);
        if (!ok) {
            problem(key, dumpOf(key), positive ? "must be a number > 0" : "must be a number ≥ 0");
            return std::nullopt;
        }
        return v->get<double>();
    }

    std::optional<double> optionalNumber(const std::string& key)
    {
        const auto* v = find(key);
        if (!v || v->is_null())
            return std::nullopt;
        return number(key, false);
    }

private:
    const json& m_object;
    std::string m_path;
    const std::string& m_file;
    Problems& m_problems;
};

} // namespace

std::optional<AlgorithmChoice> parseAlgorithmChoice(std::string_view text)
{
    const auto slash = text.find('/');
    AlgorithmChoice c;
    const auto algorithm = parseAlgorithm(text.substr(0, slash));
    if (!algorithm || *algorithm == Algorithm::Auto)
        return std::nullopt;
    c.algorithm = *algorithm;
    if (slash != std::string_view::npos) {
        const auto protocol = parseProtocol(text.substr(slash + 1));
        if (!protocol)
            return std::nullopt;
        c.protocol = *protocol;
    }
    return c;
}

namespace {
std::optional<ValidationRow> readRow(const json& j, const std::string& path, const std::string& file, Problems& out)
{
    if (!j.is_object()) {
        out.push_back({ path, shownValue(j), "must be an object", file });
        return std::nullopt;
    }
    const auto before = out.size();
    FieldReader r(j, path, file, out);
    ValidationRow row;
    row.bytes = r.integer("bytes", 1).value_or(0);
    row.timeUs = r.number("time_us", true).value_or(0);
    row.algBwGBps = r.number("algbw", false).value_or(0);
    row.busBwGBps = r.number("busbw", false).value_or(0);
    row.inPlaceTimeUs = r.optionalNumber("inplace_time_us");
    row.inPlaceBusBwGBps = r.optionalNumber("inplace_busbw");
    row.ncclAlgo = r.stringOrNull("nccl_algo");
    if (row.ncclAlgo && !parseAlgorithmChoice(*row.ncclAlgo))
        r.problem("nccl_algo", '"' + *row.ncclAlgo + '"', "must be algorithm/protocol, e.g. \"ring/LL128\"");
    if (out.size() != before)
        return std::nullopt;
    return row;
}

std::optional<ValidationRun> readRun(const json& j, const std::string& path, const std::string& file, Problems& out)
{
    if (!j.is_object()) {
        out.push_back({ path, shownValue(j), "must be an object", file });
        return std::nullopt;
    }
    const auto before = out.size();
    FieldReader r(j, path, file, out);
    ValidationRun run;
    run.id = r.text("id", true).value_or("");
    run.source = r.text("source").value_or("");
    run.machine = r.text("machine").value_or("");
    run.presetHint = r.text("preset_hint", true).value_or("");
    run.nodes = static_cast<int>(std::min<std::int64_t>(r.integer("nodes", 1).value_or(1), kMaxRanks));
    run.gpusPerNode = static_cast<int>(std::min<std::int64_t>(r.integer("gpus_per_node", 1).value_or(1), kMaxRanks));
    // The model's own limit on ranks (validate(Topology)); also keeps ValidationRun::ranks() within int.
    if (std::int64_t { run.nodes } * run.gpusPerNode > kMaxRanks)
        r.problem("gpus_per_node", std::to_string(run.gpusPerNode),
            "nodes × gpus_per_node must not exceed " + std::to_string(kMaxRanks));
    if (const auto* total = r.find("total_ranks"); total && !total->is_null()) {
        if (!total->is_number_integer() || total->get<std::int64_t>() != std::int64_t { run.nodes } * run.gpusPerNode)
            r.problem("total_ranks", shownValue(*total),
                "must equal nodes × gpus_per_node = " + std::to_string(std::int64_t { run.nodes } * run.gpusPerNode));
    }
    if (const auto op = r.text("collective")) {
        if (const auto parsed = parseCollective(*op))
            run.op = *parsed;
        else
            r.problem("collective", '"' + *op + '"', "unknown collective (" + collectiveNames() + ")");
    }
    if (const auto dtype = r.text("dtype")) {
        if (const auto parsed = parseDType(*dtype))
            run.dtype = *parsed;
        else
            r.problem("dtype", '"' + *dtype + '"', "unknown type (float, half, bfloat16, double, int8, ...)");
    }
    run.ncclVersion = r.stringOrNull("nccl_version");
    run.ncclAlgo = r.stringOrNull("nccl_algo");
    if (run.ncclAlgo && !parseAlgorithmChoice(*run.ncclAlgo))
        r.problem("nccl_algo", '"' + *run.ncclAlgo + '"', "must name an algorithm, e.g. \"ring\" or \"nvls/Simple\"");
    run.notes = r.stringOrNull("notes").value_or("");
    const auto* rows = r.find("rows");
    if (!rows || !rows->is_array() || rows->empty()) {
        r.problem("rows", rows ? shownValue(*rows) : "missing", "must be a non-empty list of rows");
    } else {
        for (std::size_t i = 0; i < rows->size(); ++i)
            if (auto row = readRow((*rows)[i], r.field("rows") + "[" + std::to_string(i) + "]", file, out))
                run.rows.push_back(*row);
    }
    if (out.size() != before)
        return std::nullopt;
    return run;
}

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const auto n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}
} // namespace

Result<ValidationSet> parseValidationSet(std::string_view text, const std::string& fileName)
{
    auto parsed = parseJsonText(text, fileName);
    if (!parsed)
        return parsed.problems();
    const json& j = parsed.value();
    if (!j.is_object() || !j.contains("runs") || !j["runs"].is_array())
        return Problem { "runs", j.is_object() && j.contains("runs") ? shownValue(j["runs"]) : "missing",
            "the validation set is an object with a \"runs\" list", fileName };
    ValidationSet set;
    set.path = fileName;
    if (auto d = j.find("description"); d != j.end() && d->is_string())
        set.description = d->get<std::string>();
    Problems problems;
    std::map<std::string, std::size_t> ids;
    const auto& runs = j["runs"];
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const std::string path = "runs[" + std::to_string(i) + "]";
        auto run = readRun(runs[i], path, fileName, problems);
        if (!run)
            continue;
        if (const auto [it, added] = ids.emplace(run->id, i); !added) {
            problems.push_back({ path + ".id", '"' + run->id + '"',
                "must be unique (runs[" + std::to_string(it->second) + "] has it too)", fileName });
            continue;
        }
        set.runs.push_back(std::move(*run));
    }
    if (!problems.empty())
        return problems;
    return set;
}

Result<ValidationSet> loadValidationSet(const std::string& path)
{
    const auto text = readTextFile(path);
    if (!text)
        return text.problems();
    return parseValidationSet(*text, path);
}

PresetChoice presetForHint(std::string_view hint)
{
    // The data set's cloud names for machines that have a preset under another id.
    constexpr std::pair<std::string_view, std::string_view> kAliases[] {
        { "p4d-efa", "aws-p4d" },
        { "p5-efa", "aws-p5" },
        { "gcp-a3", "gcp-a3-mega" },
        { "a800", "hgx-a800" },
        { "h800", "hgx-h800" },
    };
    for (const auto& [alias, id] : kAliases)
        if (hint == alias)
            return { std::string(id), {} };
    if (const auto preset = findPreset(hint))
        return { preset->id, {} };
    return { std::nullopt, "no preset with this id" };
}

std::string_view name(Split split)
{
    switch (split) {
    case Split::Fit:
        return "fit";
    case Split::HeldOut:
        return "held-out";
    case Split::All:
        break;
    }
    return "all";
}

std::uint64_t fnv1a64(std::string_view text)
{
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (const char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

bool isHeldOut(const ValidationRun& run)
{
    return (fnv1a64(run.id) & 1U) != 0;
}

bool inSplit(const ValidationRun& run, Split split)
{
    return split == Split::All || (split == Split::HeldOut) == isHeldOut(run);
}

std::string_view name(SizeBand band)
{
    switch (band) {
    case SizeBand::Below64K:
        return "< 64 KiB";
    case SizeBand::From64KTo1M:
        return "64 KiB – 1 MiB";
    case SizeBand::From1MTo64M:
        return "1 – 64 MiB";
    case SizeBand::From64M:
        break;
    }
    return "≥ 64 MiB";
}

SizeBand bandOf(Bytes bytes)
{
    if (bytes < 64 * KiB)
        return SizeBand::Below64K;
    if (bytes < MiB)
        return SizeBand::From64KTo1M;
    if (bytes < 64 * MiB)
        return SizeBand::From1MTo64M;
    return SizeBand::From64M;
}

bool comparesTime(SizeBand band)
{
    return band == SizeBand::Below64K || band == SizeBand::From64KTo1M;
}

std::string machineLabel(std::string_view machine)
{
    const auto end = machine.find_first_of(":(;,");
    auto label = machine.substr(0, end);
    while (!label.empty() && label.back() == ' ')
        label.remove_suffix(1);
    while (!label.empty() && label.front() == ' ')
        label.remove_prefix(1);
    return std::string(label);
}

ErrorStats errorStats(std::vector<double> errors)
{
    ErrorStats s;
    s.rows = static_cast<int>(errors.size());
    if (errors.empty())
        return s;
    std::vector<double> magnitudes;
    magnitudes.reserve(errors.size());
    for (const double e : errors)
        magnitudes.push_back(std::abs(e));
    s.worstAbs = *std::max_element(magnitudes.begin(), magnitudes.end());
    s.medianAbs = median(std::move(magnitudes));
    s.signedMedian = median(std::move(errors));
    return s;
}

ValidationReport validateModel(const ValidationSet& set, Split split, const std::function<void(Topology&)>& edit)
{
    ValidationReport report;
    report.split = split;
    std::set<std::string> noted;
    std::map<std::string, MachineSummary> machines;
    for (const auto& run : set.runs) {
        if (!inSplit(run, split))
            continue;
        ++report.runs;
        const auto label = machineLabel(run.machine);
        auto& machine = machines[label];
        machine.machine = label;
        auto skip = [&](int rows, std::string reason) {
            report.skipped.push_back({ run.id, label, run.presetHint, rows, std::move(reason) });
            machine.skippedRows += rows;
        };
        const auto choice = presetForHint(run.presetHint);
        if (!choice.presetId) {
            skip(static_cast<int>(run.rows.size()), "preset_hint \"" + run.presetHint + "\": " + choice.note);
            continue;
        }
        if (!choice.note.empty() && noted.insert(run.presetHint).second)
            report.notes.push_back(run.presetHint + " → " + *choice.presetId + ": " + choice.note);
        const auto preset = findPreset(*choice.presetId);
        if (!preset) {
            skip(static_cast<int>(run.rows.size()), toText(preset.problems()));
            continue;
        }
        TopologySpec spec;
        spec.nodes = run.nodes;
        spec.gpusPerNode = run.gpusPerNode;
        if (preset->gpusPerNode > run.gpusPerNode && run.ranks() % preset->gpusPerNode == 0) {
            // Trays of a multi-node NVLink domain (GB200 NVL72: 18 trays of 4): NCCL sees one NVLink node per
            // domain, so the run is laid out in the preset's domains.
            spec.nodes = run.ranks() / preset->gpusPerNode;
            spec.gpusPerNode = preset->gpusPerNode;
        }
        const auto built = buildTopology(*preset, spec);
        if (!built) {
            skip(static_cast<int>(run.rows.size()), toText(built.problems()));
            continue;
        }
        Topology topology = *built;
        if (edit)
            edit(topology);
        const auto forced = run.ncclAlgo ? parseAlgorithmChoice(*run.ncclAlgo) : std::nullopt;
        for (const auto& row : run.rows) {
            CollectiveRequest request;
            request.op = run.op;
            request.bytes = row.bytes;
            request.dtype = run.dtype;
            request.topology = topology;
            request.explain = false;
            if (forced) {
                request.algorithm = forced->algorithm;
                request.protocol = forced->protocol;
            }
            const auto cost = predict(request);
            if (!cost) {
                skip(1, std::to_string(row.bytes) + " B: " + toText(cost.problems()));
                continue;
            }
            RowComparison c;
            c.runId = run.id;
            c.machine = label;
            c.presetId = preset->id;
            c.op = run.op;
            c.nodes = run.nodes;
            c.gpusPerNode = run.gpusPerNode;
            c.bytes = row.bytes;
            c.band = bandOf(row.bytes);
            c.multiNode = run.nodes > 1;
            c.heldOut = isHeldOut(run);
            c.measuredUs = row.timeUs;
            c.predictedUs = cost->totalSeconds / kMicro;
            c.measuredBusBwGBps = row.busBwGBps > 0 ? row.busBwGBps
                                                    : static_cast<double>(row.bytes) / (row.timeUs * kMicro)
                    / kBytesPerGB * busBandwidthFactor(run.op, run.ranks());
            c.predictedBusBwGBps = cost->busBwGBps;
            c.timeError = c.predictedUs / c.measuredUs - 1;
            c.busBwError = c.predictedBusBwGBps / c.measuredBusBwGBps - 1;
            c.algorithm = cost->algorithm;
            c.protocol = cost->protocol;
            if (const auto logged = row.ncclAlgo && !forced ? parseAlgorithmChoice(*row.ncclAlgo) : std::nullopt) {
                c.algorithmAgrees = logged->algorithm == cost->algorithm
                    && (logged->protocol == Protocol::Auto || logged->protocol == cost->protocol);
                ++report.algorithmCompared;
                report.algorithmAgreed += *c.algorithmAgrees ? 1 : 0;
            }
            if (std::find(machine.presets.begin(), machine.presets.end(), c.presetId) == machine.presets.end())
                machine.presets.push_back(c.presetId);
            report.rows.push_back(std::move(c));
        }
    }
    for (const SizeBand band : kSizeBands)
        for (const bool multiNode : { false, true }) {
            std::vector<double> errors;
            for (const auto& r : report.rows)
                if (r.band == band && r.multiNode == multiNode)
                    errors.push_back(r.error());
            report.bands.push_back({ band, multiNode, errorStats(std::move(errors)) });
        }
    for (const bool multiNode : { false, true }) {
        std::vector<double> errors;
        for (const auto& r : report.rows)
            if (!comparesTime(r.band) && r.multiNode == multiNode)
                errors.push_back(r.error());
        report.fromOneMiB[multiNode ? 1 : 0] = errorStats(std::move(errors));
    }
    for (auto& [label, machine] : machines) {
        std::vector<double> errors;
        for (const auto& r : report.rows)
            if (r.machine == label)
                errors.push_back(r.error());
        machine.stats = errorStats(std::move(errors));
        std::sort(machine.presets.begin(), machine.presets.end());
        report.machines.push_back(std::move(machine));
    }
    return report;
}

} // namespace tutor::model
