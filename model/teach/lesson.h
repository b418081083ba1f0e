// SPDX-License-Identifier: MIT
#pragma once
// Lessons: bilingual (en, zh_CN) sequences of steps, each with Markdown text, the scene it loads and an
// optional task checked against the scene's state. The file format is documented in lessons/README.md.
#include "model/collectives/document.h"
#include "model/collectives/problem.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::model {

/// The two languages every lesson string carries.
enum class Language { En, ZhCN };
/// "en" or "zh_CN".
std::string_view name(Language language);
/// Accepts "en", "zh_CN", "zh-CN", "zh"; nullopt otherwise.
std::optional<Language> parseLanguage(std::string_view text);

/// A string in both languages. Loaders reject a text with either side missing or empty.
struct Text {
    std::string en;
    std::string zhCN;
    const std::string& in(Language language) const { return language == Language::ZhCN ? zhCN : en; }
    bool operator==(const Text&) const = default;
};

enum class SceneKind { Collective, Scenario };

/// How a step's scene is drawn: a collective scene as its animated schedule, a scenario scene as its
/// timeline or as the step's time by part ("charts").
enum class SceneView { Collective, Timeline, Charts };
/// "collective", "timeline", "charts": the names lesson files use.
std::string_view name(SceneView view);
/// The inverse of name(SceneView); nullopt for any other text.
std::optional<SceneView> parseSceneView(std::string_view text);
/// "collective, timeline, charts", for messages.
std::string sceneViewNames();

/// What a timeline scene emphasises: one parallel dimension's communication lanes, the communication not
/// hidden behind compute, or the pipeline's idle time. None emphasises nothing.
enum class SceneHighlight { None, Dp, Tp, Pp, Ep, Cp, Exposed, Bubble };
/// "none", "dp", "tp", "pp", "ep", "cp", "exposed", "bubble".
std::string_view name(SceneHighlight highlight);
/// The inverse of name(SceneHighlight); nullopt for any other text.
std::optional<SceneHighlight> parseSceneHighlight(std::string_view text);
/// "dp, tp, pp, ep, exposed, bubble" (the values a lesson file may write), for messages.
std::string sceneHighlightNames();

/// What a step shows. A collective scene holds its parameters in `collective` as JSON (op, algorithm,
/// protocol, ranks, nodes, preset, bytes, dtype); a scenario scene names a file in assets/scenarios and
/// overrides applied with dotted paths ("comm.bucket_MiB" → "100").
struct Scene {
    SceneKind kind = SceneKind::Collective;
    nlohmann::json collective; ///< collective parameters (kind Collective)
    std::string file; ///< scenario file name (kind Scenario)
    std::vector<std::pair<std::string, std::string>> overrides; ///< dotted path → value, applied in order
    SceneView view = SceneView::Collective; ///< collective scenes: Collective; scenario scenes: Timeline or Charts
    double time = 0; ///< where the animation starts, 0..1 of its length
    SceneHighlight highlight = SceneHighlight::None;
    bool operator==(const Scene&) const = default;
};

/// A comparison against the scene's state: either a field (collective parameter or scenario dotted path)
/// or a metric (a figure key such as "metrics.exposed_comm_fraction"; a bare name means "metrics.<name>").
struct Condition {
    std::string field;
    std::string metric;
    std::string op = ">="; ///< one of < <= > >= == !=
    nlohmann::json value; ///< number or string; a number compares to the figure's value in its base unit
    std::string control; ///< the field the learner edits to meet it; defaults to `field`
    bool operator==(const Condition&) const = default;
};

struct Task {
    Text instruction;
    Condition condition;
    Text hint;
    bool operator==(const Task&) const = default;
};

struct LessonStep {
    std::string id; ///< unique inside the lesson; questions point to "lesson-id#step-id"
    std::vector<std::string> topics; ///< curriculum topic ids this step teaches (see curriculumTopics())
    Text title;
    Text text; ///< Markdown with {{figure}} templates resolved from the scene
    Scene scene;
    /// Further scenes the text compares the shown one with, by name; their figures are quoted as
    /// {{name.<figure>}} ("{{inside.metrics.tokens_per_s}}"). They are evaluated, never drawn.
    std::vector<std::pair<std::string, Scene>> compare;
    /// What the figures must show, each an expression over the step's {{figures}} (claim.h), e.g.
    /// "{{ring.allreduce.time}} > {{hierarchical.allreduce.time}}". Syntax is checked when the lesson loads.
    std::vector<std::string> claims;
    std::optional<Task> task;
    bool operator==(const LessonStep&) const = default;
};

struct Lesson {
    std::string id; ///< file name without ".json", e.g. "01-where-communication-happens"
    Text title;
    Text summary;
    std::vector<LessonStep> steps;
    std::string path; ///< the file it was loaded from
    bool operator==(const Lesson&) const = default;
};

/// The curriculum topics of issue 6; every one must be tagged on at least one step or question.
const std::vector<std::string>& curriculumTopics();

/// Parses one lesson from JSON text. `where` names the source ("lessons/01-x.json") in every problem;
/// malformed JSON gives "where:line:column". Checks structure only: required keys, both languages
/// non-empty, known scene kinds, views (one that fits the kind) and highlights, known condition operators,
/// unknown keys reported with their path.
Result<Lesson> parseLesson(const std::string& jsonText, const std::string& where);
/// Reads and parses a lesson file; the lesson id is the file's stem.
Result<Lesson> loadLesson(const std::string& path);
/// The file beside the lessons that fixes each term's English and Chinese form (not a lesson).
inline constexpr std::string_view kGlossaryFile = "glossary.json";
/// Every `*.json` file directly in `dir` except kGlossaryFile (sorted by name), each parsed; all problems of all
/// files together.
Result<std::vector<Lesson>> loadLessons(const std::string& dir);

} // namespace tutor::model
