// SPDX-License-Identifier: MIT
#include "model/teach/lesson.h"

#include "model/collectives/algorithm.h"
#include "model/collectives/collective.h"
#include "model/teach/claim.h"
#include "model/teach/lessonjson.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <utility>

namespace tutor::model {

std::string_view name(Language language)
{
    return language == Language::ZhCN ? "zh_CN" : "en";
}

std::optional<Language> parseLanguage(std::string_view text)
{
    if (text == "en" || text == "en_US" || text == "en_GB")
        return Language::En;
    if (text == "zh_CN" || text == "zh-CN" || text == "zh")
        return Language::ZhCN;
    return std::nullopt;
}

namespace {
constexpr std::pair<SceneView, std::string_view> kViewNames[] {
    { SceneView::Collective, "collective" },
    { SceneView::Timeline, "timeline" },
    { SceneView::Charts, "charts" },
};
constexpr std::pair<SceneHighlight, std::string_view> kHighlightNames[] {
    { SceneHighlight::None, "none" },
    { SceneHighlight::Dp, "dp" },
    { SceneHighlight::Tp, "tp" },
    { SceneHighlight::Pp, "pp" },
    { SceneHighlight::Ep, "ep" },
    { SceneHighlight::Cp, "cp" },
    { SceneHighlight::Exposed, "exposed" },
    { SceneHighlight::Bubble, "bubble" },
};

template <class Enum, std::size_t N>
std::string_view nameIn(const std::pair<Enum, std::string_view> (&table)[N], Enum value)
{
    for (const auto& [e, text] : table)
        if (e == value)
            return text;
    return {};
}

template <class Enum, std::size_t N>
std::optional<Enum> parseIn(const std::pair<Enum, std::string_view> (&table)[N], std::string_view text)
{
    for (const auto& [e, n] : table)
        if (n == text)
            return e;
    return std::nullopt;
}

/// "a, b, c": the names of the table from entry `first` on, for messages.
template <class Enum, std::size_t N>
std::string joinNames(const std::pair<Enum, std::string_view> (&table)[N], std::size_t first)
{
    std::string out;
    for (std::size_t i = first; i < N; ++i)
        out += (out.empty() ? "" : ", ") + std::string(table[i].second);
    return out;
}
} // namespace

std::string_view name(SceneView view)
{
    return nameIn(kViewNames, view);
}

std::optional<SceneView> parseSceneView(std::string_view text)
{
    return parseIn(kViewNames, text);
}

std::string sceneViewNames()
{
    return joinNames(kViewNames, 0);
}

std::string_view name(SceneHighlight highlight)
{
    return nameIn(kHighlightNames, highlight);
}

std::optional<SceneHighlight> parseSceneHighlight(std::string_view text)
{
    return parseIn(kHighlightNames, text);
}

std::string sceneHighlightNames()
{
    return joinNames(kHighlightNames, 1); // "none" is what an absent highlight means, not a value to write
}

const std::vector<std::string>& curriculumTopics()
{
    // Issue 6, "The curriculum covers at least".
    static const std::vector<std::string> topics {
        "where-dp",
        "where-tp",
        "where-pp",
        "where-moe",
        "where-zero",
        "where-sp",
        "prim-allreduce",
        "prim-reducescatter",
        "prim-allgather",
        "prim-reduce",
        "prim-broadcast",
        "prim-alltoall",
        "prim-sendrecv",
        "ar-equals-rs-ag",
        "zero-rs-ag",
        "alpha-beta",
        "volumes",
        "latency-bandwidth-bound",
        "algbw-busbw",
        "units",
        "bottleneck-growth",
        "overlap",
        "bucket-size",
        "grad-accum",
        "topology-groups",
        "tp-intra-node",
        "hierarchical-allreduce",
        "pipeline-bubble",
        "zero-stages",
        "zero-prefetch",
        "moe-alltoall",
        "mixed-precision-comm",
        "compression-risk",
        "diagnose-profile",
        "diagnose-scaling",
        "stragglers",
        "mfu",
        "single-vs-multi-node",
        "failures-checkpoints",
        "common-mistakes",
        "activation-recompute",
        "fsdp-hsdp",
        "nccl-practice",
        "debug-hangs",
        "in-network-reduction",
        "context-parallel",
        "comm-budget",
        "overlap-tp-moe",
    };
    return topics;
}

namespace {
using detail::JsonReader;

const std::set<std::string> kOps { "<", "<=", ">", ">=", "==", "!=" };
/// Figure prefixes a compare scene's name must not shadow (lessontemplate.h lists them; every collective and
/// algorithm name is one too).
bool reservedPrefix(const std::string& name)
{
    static const std::set<std::string> kPrefixes { "scene", "cost", "volume", "link", "hw", "metrics", "scenario",
        "pipeline", "formula", "rs_ag" };
    return kPrefixes.count(name) || parseAlgorithm(name) || parseCollective(name);
}
const std::set<std::string> kCollectiveKeys { "kind", "op", "algorithm", "protocol", "ranks", "nodes", "gpus_per_node",
    "preset", "bytes", "dtype", "view", "time", "highlight" };

/// The scene's "view": absent means the kind's own view; a collective scene is drawn only as its schedule and a
/// scenario scene only as its timeline or charts, so a view that does not fit the kind is reported.
SceneView readView(JsonReader& r, const nlohmann::json& j, const std::string& path, SceneKind kind)
{
    const auto fallback = kind == SceneKind::Collective ? SceneView::Collective : SceneView::Timeline;
    const auto text = r.string(j, path, "view", false);
    if (text.empty())
        return fallback;
    const auto view = parseSceneView(text);
    if (!view) {
        r.problem(path + ".view", text, "must be one of " + sceneViewNames());
        return fallback;
    }
    if ((kind == SceneKind::Collective) != (*view == SceneView::Collective)) {
        r.problem(path + ".view", text,
            kind == SceneKind::Collective ? "must be collective for a collective scene"
                                          : "must be timeline or charts for a scenario scene");
        return fallback;
    }
    return *view;
}

SceneHighlight readHighlight(JsonReader& r, const nlohmann::json& j, const std::string& path)
{
    const auto text = r.string(j, path, "highlight", false);
    if (text.empty())
        return SceneHighlight::None;
    const auto highlight = parseSceneHighlight(text);
    if (!highlight) {
        r.problem(path + ".highlight", text, "must be one of " + sceneHighlightNames());
        return SceneHighlight::None;
    }
    return *highlight;
}

Scene readScene(JsonReader& r, const nlohmann::json& j, const std::string& path)
{
    Scene scene;
    if (!j.is_object()) {
        r.problem(path, shownValue(j), "must be an object");
        return scene;
    }
    const auto kind = r.string(j, path, "kind", true);
    scene.time = r.number(j, path, "time", false, 0);
    scene.highlight = readHighlight(r, j, path);
    if (scene.time < 0 || scene.time > 1)
        r.problem(path + ".time", std::to_string(scene.time), "must be in [0, 1] (fraction of the animation)");
    if (kind == "collective") {
        scene.kind = SceneKind::Collective;
        scene.view = readView(r, j, path, scene.kind);
        r.unknownKeys(j, path, kCollectiveKeys);
        scene.collective = nlohmann::json::object();
        for (const auto& [key, value] : j.items())
            if (key != "kind" && key != "view" && key != "time" && key != "highlight")
                scene.collective[key] = value;
        if (!j.contains("op"))
            r.problem(path + ".op", "", "is required for a collective scene");
    } else if (kind == "scenario") {
        scene.kind = SceneKind::Scenario;
        scene.view = readView(r, j, path, scene.kind);
        r.unknownKeys(j, path, { "kind", "file", "set", "view", "time", "highlight" });
        scene.file = r.string(j, path, "file", true);
        if (j.contains("set")) {
            const auto& set = j["set"];
            if (!set.is_object()) {
                r.problem(path + ".set", shownValue(set), "must be an object of dotted path → value");
            } else {
                for (const auto& [key, value] : set.items())
                    scene.overrides.emplace_back(
                        key, value.is_string() ? value.get<std::string>() : io::dumpText(value));
            }
        }
    } else if (!kind.empty()) {
        r.problem(path + ".kind", kind, "must be \"collective\" or \"scenario\"");
    }
    return scene;
}

Condition readCondition(JsonReader& r, const nlohmann::json& j, const std::string& path)
{
    Condition c;
    if (!j.is_object()) {
        r.problem(path, shownValue(j), "must be an object {field|metric, op, value}");
        return c;
    }
    r.unknownKeys(j, path, { "field", "metric", "op", "value", "control" });
    c.field = r.string(j, path, "field", false);
    c.metric = r.string(j, path, "metric", false);
    c.op = r.string(j, path, "op", true);
    c.control = r.string(j, path, "control", false);
    if (c.control.empty())
        c.control = c.field;
    if (c.control.empty() && !c.metric.empty())
        r.problem(path + ".control", "", "is required with \"metric\": name the field the learner changes");
    if (c.field.empty() == c.metric.empty())
        r.problem(path, "", "needs exactly one of \"field\" or \"metric\"");
    if (!c.op.empty() && !kOps.count(c.op))
        r.problem(path + ".op", c.op, "must be one of < <= > >= == !=");
    if (!j.contains("value"))
        r.problem(path + ".value", "", "is required");
    else
        c.value = j["value"];
    if (c.value.is_number() && !std::isfinite(c.value.get<double>()))
        r.problem(path + ".value", shownValue(c.value), "must be finite");
    return c;
}

LessonStep readStep(JsonReader& r, const nlohmann::json& j, const std::string& path)
{
    LessonStep step;
    if (!j.is_object()) {
        r.problem(path, shownValue(j), "must be an object");
        return step;
    }
    r.unknownKeys(j, path, { "id", "topics", "title", "text", "scene", "compare", "claims", "task" });
    step.id = r.string(j, path, "id", true);
    step.topics = r.strings(j, path, "topics");
    step.title = r.text(j, path, "title", true);
    step.text = r.text(j, path, "text", true);
    if (!j.contains("scene"))
        r.problem(path + ".scene", "", "is required");
    else
        step.scene = readScene(r, j["scene"], path + ".scene");
    if (j.contains("compare")) {
        const auto& compare = j["compare"];
        if (!compare.is_object()) {
            r.problem(path + ".compare", shownValue(compare), "must be an object of name → scene");
        } else {
            for (const auto& [name, scene] : compare.items()) {
                const bool plain = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
                    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                });
                if (!plain || reservedPrefix(name))
                    r.problem(path + ".compare." + name, name,
                        "must be a name of letters, digits and _ that no figure prefix uses (scene, cost, metrics, …)");
                step.compare.emplace_back(name, readScene(r, scene, path + ".compare." + name));
            }
        }
    }
    step.claims = r.strings(j, path, "claims");
    for (std::size_t i = 0; i < step.claims.size(); ++i)
        if (const auto error = claimSyntaxError(step.claims[i]); !error.empty())
            r.problem(path + ".claims[" + std::to_string(i) + "]", step.claims[i], "is not a valid claim: " + error);
    if (j.contains("task")) {
        const auto& t = j["task"];
        const auto tp = path + ".task";
        if (!t.is_object()) {
            r.problem(tp, shownValue(t), "must be an object");
        } else {
            r.unknownKeys(t, tp, { "instruction", "condition", "hint" });
            Task task;
            task.instruction = r.text(t, tp, "instruction", true);
            task.hint = r.text(t, tp, "hint", true);
            if (!t.contains("condition"))
                r.problem(tp + ".condition", "", "is required");
            else
                task.condition = readCondition(r, t["condition"], tp + ".condition");
            step.task = task;
        }
    }
    const auto& known = curriculumTopics();
    for (const auto& topic : step.topics)
        if (std::find(known.begin(), known.end(), topic) == known.end())
            r.problem(path + ".topics", topic, "is not a curriculum topic id (see lessons/README.md)");
    return step;
}
} // namespace

Result<Lesson> parseLesson(const std::string& jsonText, const std::string& where)
{
    auto parsed = parseJsonText(jsonText, where);
    if (!parsed)
        return parsed.problems();
    const auto& j = *parsed;
    JsonReader r(where);
    Lesson lesson;
    if (!j.is_object())
        return Problem { "lesson", "", "must be a JSON object", where };
    r.unknownKeys(j, "", { "id", "title", "summary", "steps" });
    lesson.id = r.string(j, "", "id", true);
    lesson.title = r.text(j, "", "title", true);
    lesson.summary = r.text(j, "", "summary", true);
    if (!j.contains("steps") || !j["steps"].is_array() || j["steps"].empty()) {
        r.problem("steps", "", "must be a non-empty array of steps");
    } else {
        std::set<std::string> ids;
        for (std::size_t i = 0; i < j["steps"].size(); ++i) {
            const auto path = "steps[" + std::to_string(i) + "]";
            auto step = readStep(r, j["steps"][i], path);
            if (!step.id.empty() && !ids.insert(step.id).second)
                r.problem(path + ".id", step.id, "is used by an earlier step of this lesson");
            lesson.steps.push_back(std::move(step));
        }
    }
    if (!r.problems().empty())
        return r.problems();
    return lesson;
}

Result<Lesson> loadLesson(const std::string& path)
{
    auto text = readTextFile(path);
    if (!text)
        return text.problems();
    auto lesson = parseLesson(*text, path);
    if (!lesson)
        return lesson.problems();
    const auto stem = std::filesystem::path(path).stem().string();
    if (lesson->id != stem)
        return Problem { "id", lesson->id, "must equal the file name without .json (\"" + stem + "\")", path };
    lesson.value().path = path;
    return lesson;
}

Result<std::vector<Lesson>> loadLessons(const std::string& dir)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return Problem { "lessons", dir, "is not a directory", dir };
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".json" && entry.path().filename() != kGlossaryFile)
            files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    std::vector<Lesson> lessons;
    Problems problems;
    for (const auto& file : files) {
        auto lesson = loadLesson(file);
        if (lesson)
            lessons.push_back(std::move(lesson).value());
        else
            problems.insert(problems.end(), lesson.problems().begin(), lesson.problems().end());
    }
    if (files.empty())
        problems.push_back({ "lessons", dir, "contains no lesson files (*.json)", dir });
    if (!problems.empty())
        return problems;
    return lessons;
}

} // namespace tutor::model
