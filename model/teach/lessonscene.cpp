// SPDX-License-Identifier: MIT
#include "model/teach/lessonscene.h"

#include "model/collectives/document.h"
#include "model/collectives/hardware.h"
#include "model/collectives/topology.h"

#include <cmath>
#include <filesystem>

namespace tutor::model {

namespace {
std::string paramText(const nlohmann::json& v)
{
    return v.is_string() ? v.get<std::string>() : io::dumpText(v);
}

/// Reads an integer parameter; numbers and numeric strings are accepted.
std::optional<int> intParam(const nlohmann::json& params, const char* key, Problems& problems)
{
    if (!params.contains(key))
        return std::nullopt;
    const auto& v = params[key];
    double d = 0;
    if (v.is_number()) {
        d = v.get<double>();
    } else if (v.is_string()) {
        try {
            d = std::stod(v.get<std::string>());
        } catch (...) {
            d = NAN;
        }
    } else {
        d = NAN;
    }
    if (!std::isfinite(d) || d < 1 || d > 1 << 20 || d != std::floor(d)) {
        problems.push_back({ std::string("scene.") + key, paramText(v), "must be a whole number in [1, 1048576]" });
        return std::nullopt;
    }
    return static_cast<int>(d);
}

void addCost(Figures& f, const std::string& prefix, const CollectiveCost& c)
{
    f[prefix + "time"] = makeFigure(c.totalSeconds, FigureUnit::Seconds);
    f[prefix + "latency_time"] = makeFigure(c.latencySeconds, FigureUnit::Seconds);
    f[prefix + "bandwidth_time"] = makeFigure(c.bandwidthSeconds, FigureUnit::Seconds);
    f[prefix + "reduce_time"] = makeFigure(c.reduceSeconds, FigureUnit::Seconds);
    f[prefix + "algbw_GBps"] = makeFigure(c.algBwGBps, FigureUnit::GBps);
    f[prefix + "busbw_GBps"] = makeFigure(c.busBwGBps, FigureUnit::GBps);
    f[prefix + "busbw_factor"] = makeFigure(busBandwidthFactor(c.op, std::max(1, c.ranks)), FigureUnit::Count);
    f[prefix + "steps"] = makeFigure(c.steps, FigureUnit::Count);
    f[prefix + "bytes_per_rank"] = makeFigure(static_cast<double>(c.bytesSentPerRank), FigureUnit::Bytes);
    f[prefix + "intra_bytes"] = makeFigure(static_cast<double>(c.linkBytes.intraNode), FigureUnit::Bytes);
    f[prefix + "inter_bytes"] = makeFigure(static_cast<double>(c.linkBytes.interNode), FigureUnit::Bytes);
    // linkBytes counts every GPU's traffic; a lesson that says "each GPU sends" quotes the share of one.
    f[prefix + "inter_bytes_per_gpu"]
        = makeFigure(static_cast<double>(c.linkBytes.interNode) / std::max(1, c.ranks), FigureUnit::Bytes);
    f[prefix + "algorithm"] = textFigure(std::string(name(c.algorithm)));
    f[prefix + "protocol"] = textFigure(std::string(name(c.protocol)));
    if (c.totalSeconds > 0)
        f[prefix + "latency_fraction"] = makeFigure(c.latencySeconds / c.totalSeconds, FigureUnit::Fraction);
    // The bandwidth term grows linearly with S and the latency term not at all, so the size at which
    // they are equal is S · latency / bandwidth.
    if (c.bandwidthSeconds > 0)
        f[prefix + "crossover_bytes"]
            = makeFigure(static_cast<double>(c.bytes) * c.latencySeconds / c.bandwidthSeconds, FigureUnit::Bytes);
}

Problems evaluateCollective(const Scene& scene, SceneResult& result)
{
    Problems problems;
    auto params = scene.collective;
    if (!params.is_object())
        params = nlohmann::json::object();
    const auto opText = params.value("op", std::string("allreduce"));
    const auto op = parseCollective(opText);
    if (!op)
        problems.push_back({ "scene.op", opText, "is not a collective (" + collectiveNames() + ")" });
    const auto algText = params.contains("algorithm") ? paramText(params["algorithm"]) : "auto";
    const auto algorithm = parseAlgorithm(algText);
    if (!algorithm)
        problems.push_back({ "scene.algorithm", algText, "is not an algorithm (" + algorithmNames() + ")" });
    const auto protoText = params.contains("protocol") ? paramText(params["protocol"]) : "auto";
    const auto protocol = parseProtocol(protoText);
    if (!protocol)
        problems.push_back({ "scene.protocol", protoText, "must be auto, LL, LL128 or Simple" });
    const auto presetId = params.contains("preset") ? paramText(params["preset"]) : "dgx-a100";
    const auto dtypeText = params.contains("dtype") ? paramText(params["dtype"]) : "bf16";
    const auto dtype = parseDType(dtypeText);
    if (!dtype)
        problems.push_back({ "scene.dtype", dtypeText, "is not a data type (bf16, fp16, fp32, fp8, int8, ...)" });
    const auto bytesText = params.contains("bytes") ? paramText(params["bytes"]) : "256MiB";
    const auto bytes = parseBytes(bytesText);
    if (!bytes || *bytes < 1)
        problems.push_back({ "scene.bytes", bytesText, "must be a size such as 64MiB, 1GiB or 4096" });
    TopologySpec spec;
    spec.preset = presetId;
    spec.nodes = intParam(params, "nodes", problems).value_or(1); // a scene is one node unless it says more
    spec.gpusPerNode = intParam(params, "gpus_per_node", problems);
    spec.ranks = intParam(params, "ranks", problems);
    auto topology = buildTopology(spec, "scene.");
    if (!topology)
        problems.insert(problems.end(), topology.problems().begin(), topology.problems().end());
    if (!problems.empty())
        return problems;

    CollectiveRequest request;
    request.op = *op;
    request.bytes = *bytes;
    request.dtype = *dtype;
    request.topology = *topology;
    request.algorithm = *algorithm;
    request.protocol = *protocol;
    auto cost = predict(request);
    if (!cost) {
        for (auto p : cost.problems()) {
            p.field = "scene." + p.field;
            problems.push_back(p);
        }
        return problems;
    }
    result.request = request;
    result.cost = *cost;
    params["op"] = std::string(traits(*op).cliName);
    params["algorithm"] = algText;
    params["protocol"] = protoText;
    params["preset"] = presetId;
    params["dtype"] = dtypeText;
    params["bytes"] = bytesText;
    const int nodes = request.topology.nodes;
    const int gpus = request.topology.gpusPerNode;
    params["nodes"] = nodes;
    params["gpus_per_node"] = gpus;
    params["ranks"] = nodes * gpus;
    result.state = params;

    auto& f = result.figures;
    const int n = request.topology.ranks();
    const double s = static_cast<double>(*bytes);
    f["scene.ranks"] = makeFigure(n, FigureUnit::Count);
    f["scene.nodes"] = makeFigure(nodes, FigureUnit::Count);
    f["scene.gpus_per_node"] = makeFigure(gpus, FigureUnit::Count);
    f["scene.bytes"] = makeFigure(s, FigureUnit::Bytes);
    f["scene.dtype"] = textFigure(std::string(name(*dtype)));
    f["scene.dtype_bytes"] = makeFigure(sizeOf(*dtype), FigureUnit::Count);
    f["scene.elements"] = makeFigure(std::floor(s / sizeOf(*dtype)), FigureUnit::Count);
    f["scene.op"] = textFigure(std::string(name(*op)));
    f["scene.preset"] = textFigure(findPreset(presetId).value().name);
    addCost(f, "cost.", *cost);

    const auto& topo = request.topology;
    f["link.intra_GBps"] = makeFigure(topo.intra.bandwidthGBps, FigureUnit::GBps);
    f["link.intra_line_GBps"] = makeFigure(topo.intra.lineRateGBps, FigureUnit::GBps);
    f["link.intra_alpha"] = makeFigure(topo.intra.alphaSeconds, FigureUnit::Seconds);
    f["link.inter_GBps"] = makeFigure(topo.inter.bandwidthGBps, FigureUnit::GBps);
    f["link.inter_line_GBps"] = makeFigure(topo.inter.lineRateGBps, FigureUnit::GBps);
    f["link.inter_line_Gbps"] = makeFigure(topo.inter.lineRateGBps * 8, FigureUnit::Gbps);
    f["link.inter_alpha"] = makeFigure(topo.inter.alphaSeconds, FigureUnit::Seconds);
    f["link.inter_per_gpu_GBps"] = makeFigure(topo.interBandwidthPerGpuGBps(), FigureUnit::GBps);
    if (topo.interBandwidthPerGpuGBps() > 0)
        f["link.intra_over_inter"]
            = makeFigure(topo.intra.lineRateGBps / topo.interBandwidthPerGpuGBps(), FigureUnit::Ratio);
    if (topo.intra.alphaSeconds > 0)
        f["link.inter_over_intra_alpha"]
            = makeFigure(topo.inter.alphaSeconds / topo.intra.alphaSeconds, FigureUnit::Ratio);

    // Closed-form per-rank volumes (Thakur et al. 2005; nccl-tests PERFORMANCE.md).
    const double share = n > 1 ? double(n - 1) / n : 0.0;
    f["volume.allreduce"] = makeFigure(2 * share * s, FigureUnit::Bytes);
    f["volume.reducescatter"] = makeFigure(share * s, FigureUnit::Bytes);
    f["volume.allgather"] = makeFigure(share * s, FigureUnit::Bytes);
    f["volume.alltoall"] = makeFigure(share * s, FigureUnit::Bytes);
    f["volume.broadcast"] = makeFigure(s, FigureUnit::Bytes);
    f["volume.share"] = makeFigure(share, FigureUnit::Fraction);

    // The same size on the same topology for every primitive, so lessons can compare them.
    for (const auto& t : collectives()) {
        if (t.op == Collective::Gather || t.op == Collective::Scatter)
            continue;
        auto other = request;
        other.op = t.op;
        other.algorithm = Algorithm::Auto;
        other.protocol = Protocol::Auto;
        other.root = 0;
        if (auto c = predict(other))
            addCost(f, std::string(t.cliName) + ".", *c);
        if (t.op == Collective::AllReduce || t.op == Collective::ReduceScatter || t.op == Collective::AllGather)
            for (const auto a : concreteAlgorithms()) {
                other.algorithm = a;
                if (auto c = predict(other))
                    addCost(f, std::string(name(a)) + "." + std::string(t.cliName) + ".", *c);
            }
    }
    if (f.count("reducescatter.time") && f.count("allgather.time"))
        f["rs_ag.time"] = makeFigure(f["reducescatter.time"].value + f["allgather.time"].value, FigureUnit::Seconds);
    return {};
}
} // namespace

SceneContext contextForLessons(const std::string& lessonsDir)
{
    const auto parent = std::filesystem::path(lessonsDir) / "..";
    // Installed, lessons and scenarios are siblings (share/commtutor/{lessons,scenarios}).
    std::error_code ec;
    if (const auto installed = parent / "scenarios"; std::filesystem::is_directory(installed, ec)
        && !std::filesystem::is_directory(parent / "assets" / "scenarios", ec))
        return { installed.lexically_normal().string(), std::make_shared<SimulationMemo>() };
    return { (parent / "assets" / "scenarios").lexically_normal().string(), std::make_shared<SimulationMemo>() };
}

namespace {
Result<SceneResult> evaluate(const Scene& scene, const SceneContext& context, bool withTimeline)
{
    SceneResult result;
    result.figures = hardwareFigures();
    const auto problems = scene.kind == SceneKind::Collective
        ? evaluateCollective(scene, result)
        : evaluateScenarioScene(scene, context, result, withTimeline);
    if (!problems.empty())
        return problems;
    return result;
}
} // namespace

Result<SceneResult> evaluateScene(const Scene& scene, const SceneContext& context)
{
    return evaluate(scene, context, true);
}

Result<SceneResult> evaluateStep(const LessonStep& step, const Scene& scene, const SceneContext& context)
{
    auto result = evaluateScene(scene, context);
    if (!result)
        return result;
    Problems problems;
    for (const auto& [label, other] : step.compare) {
        auto compared = evaluate(other, context, false); // its figures only
        if (!compared) {
            for (auto p : compared.problems()) {
                p.field = "compare." + label + "." + p.field;
                problems.push_back(std::move(p));
            }
            continue;
        }
        for (auto& [key, figure] : compared->figures)
            if (key.rfind("hw.", 0) != 0)
                result.value().figures[label + "." + key] = std::move(figure);
    }
    if (!problems.empty())
        return problems;
    return result;
}

Result<SceneResult> evaluateStep(const LessonStep& step, const SceneContext& context)
{
    return evaluateStep(step, step.scene, context);
}

void setSceneField(Scene& scene, const std::string& field, const std::string& value)
{
    if (scene.kind == SceneKind::Collective) {
        scene.collective[field] = value;
        return;
    }
    for (auto& [path, v] : scene.overrides)
        if (path == field) {
            v = value;
            return;
        }
    scene.overrides.emplace_back(field, value);
}

nlohmann::json sceneField(const SceneResult& result, const std::string& field)
{
    const nlohmann::json* node = &result.state;
    std::size_t pos = 0;
    while (pos <= field.size()) {
        const auto dot = field.find('.', pos);
        const auto key = field.substr(pos, dot == std::string::npos ? std::string::npos : dot - pos);
        if (!node->is_object() || !node->contains(key))
            return nullptr;
        node = &(*node)[key];
        if (dot == std::string::npos)
            break;
        pos = dot + 1;
    }
    return *node;
}

namespace {
std::optional<double> asNumber(const nlohmann::json& v)
{
    if (v.is_number())
        return v.get<double>();
    if (v.is_boolean())
        return v.get<bool>() ? 1.0 : 0.0;
    if (v.is_string()) {
        const auto s = v.get<std::string>();
        if (const auto b = parseBytes(s))
            return static_cast<double>(*b);
    }
    return std::nullopt;
}

bool compare(double a, const std::string& op, double b)
{
    if (op == "<")
        return a < b;
    if (op == "<=")
        return a <= b;
    if (op == ">")
        return a > b;
    if (op == ">=")
        return a >= b;
    if (op == "==")
        return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
    return std::fabs(a - b) > 1e-9 * std::max(1.0, std::fabs(b));
}
} // namespace

ConditionCheck checkCondition(const Condition& condition, const SceneResult& result)
{
    ConditionCheck check;
    if (!condition.metric.empty()) {
        const auto key
            = condition.metric.find('.') == std::string::npos ? "metrics." + condition.metric : condition.metric;
        const auto it = result.figures.find(key);
        if (it == result.figures.end() || it->second.unit == FigureUnit::Text) {
            check.problems.push_back(
                { "task.condition.metric", condition.metric, "is not a numeric figure of the scene" });
            return check;
        }
        const auto target = asNumber(condition.value);
        if (!target) {
            check.problems.push_back({ "task.condition.value", shownValue(condition.value), "must be a number" });
            return check;
        }
        check.actual = it->second.text;
        check.met = compare(it->second.value, condition.op, *target);
        return check;
    }
    const auto actual = sceneField(result, condition.field);
    if (actual.is_null()) {
        check.problems.push_back({ "task.condition.field", condition.field, "is not a field of the scene" });
        return check;
    }
    check.actual = actual.is_string() ? actual.get<std::string>() : shownValue(actual);
    const auto a = asNumber(actual);
    const auto b = asNumber(condition.value);
    if (a && b) {
        check.met = compare(*a, condition.op, *b);
    } else if (actual.is_string() && condition.value.is_string() && (condition.op == "==" || condition.op == "!=")) {
        check.met = (actual.get<std::string>() == condition.value.get<std::string>()) == (condition.op == "==");
    } else {
        check.problems.push_back({ "task.condition.value", shownValue(condition.value),
            "cannot be compared with " + condition.field + " = " + check.actual });
    }
    return check;
}

} // namespace tutor::model
