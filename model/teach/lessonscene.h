// SPDX-License-Identifier: MIT
#pragma once
// Evaluating a lesson step's scene: the collective is predicted or the scenario simulated, and every figure
// the text may quote is computed from the result. Also the task check against the scene's state.
#include "model/collectives/costmodel.h"
#include "model/sim/metrics.h"
#include "model/sim/scenario.h"
#include "model/sim/timeline.h"
#include "model/teach/lesson.h"
#include "model/teach/lessontemplate.h"

#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace tutor::model {

/// Scenario simulations of one lesson, by scenario after overrides: steps that show the same scenario (lesson 23
/// shows GPT-175B on 1,024 GPUs in five steps, 40 ms each) and the compare scenes beside them simulate it once.
/// Keeps eight entries, least recently used out first; only the newest two keep their timeline (a 1,024-GPU one is
/// tens of MB), the others their figures. Thread-safe.
class SimulationMemo {
public:
    struct Entry {
        Scenario scenario;
        std::shared_ptr<const Timeline> timeline; ///< null where not kept
        StepMetrics metrics;
        Figures pipeline; ///< the pipeline.* figures, which are read from the timeline
    };
    /// The entry of an equal scenario, made the newest; with `needTimeline` only one that kept its timeline.
    std::optional<Entry> find(const Scenario& scenario, bool needTimeline);
    /// Adds the entry (replacing one of an equal scenario) as the newest.
    void add(Entry entry);
    void clear();

private:
    static constexpr std::size_t kEntries = 8;
    static constexpr std::size_t kTimelines = 2;
    std::mutex m_mutex;
    std::vector<Entry> m_entries; ///< newest last
};

struct SceneContext {
    std::string scenariosDir; ///< folder of scenario files named by scenario scenes (assets/scenarios)
    /// Shared by copies of the context; null: every scenario scene simulates afresh.
    std::shared_ptr<SimulationMemo> simulations;
};

/// The scenarios folder next to a lessons folder: <lessonsDir>/../assets/scenarios in the source tree, or
/// <lessonsDir>/../scenarios where that exists and the former does not (the installed share/commtutor layout);
/// with a SimulationMemo.
SceneContext contextForLessons(const std::string& lessonsDir);

struct SceneResult {
    Figures figures; ///< everything templates may quote (includes hardwareFigures())
    nlohmann::json state; ///< collective parameters, or the scenario JSON after overrides
    std::optional<CollectiveRequest> request; ///< kind Collective: the request as predicted
    std::optional<CollectiveCost> cost;
    /// kind Scenario: the simulated step, shared with the view that draws it (null for other kinds)
    std::shared_ptr<const Timeline> timeline;
    std::optional<StepMetrics> metrics; ///< kind Scenario: its metrics (the "charts" view draws them)
};

/// Predicts or simulates the scene. Problems name the scene's field ("scene.op = foo: unknown collective")
/// or the scenario file with its own problems.
Result<SceneResult> evaluateScene(const Scene& scene, const SceneContext& context);

/// Everything a step's text and claims quote: `scene` (the step's own scene, or the learner's edit of it) evaluated
/// as evaluateScene() does, plus each of the step's compare scenes with its figures under "<name>." (hardware
/// figures stay unprefixed). Problems of a compare scene name it: "compare.<name>.scene.op = …".
Result<SceneResult> evaluateStep(const LessonStep& step, const Scene& scene, const SceneContext& context);
/// The same with the step's own scene.
Result<SceneResult> evaluateStep(const LessonStep& step, const SceneContext& context);

/// Changes one field of the scene: a collective parameter ("bytes", "ranks", "nodes", "algorithm", ...)
/// or a scenario dotted path ("comm.bucket_MiB"), replacing an earlier override of the same path.
void setSceneField(Scene& scene, const std::string& field, const std::string& value);
/// The current value of a field in an evaluated scene's state, or null when the path does not exist.
nlohmann::json sceneField(const SceneResult& result, const std::string& field);

struct ConditionCheck {
    bool met = false;
    std::string actual; ///< the value compared, formatted ("64 MiB (67.1 MB)", "12.5 %")
    Problems problems; ///< the field or metric does not exist, or types do not compare
};

/// Compares the field's value (numbers; byte strings such as "100MiB" compare as bytes) or the metric
/// figure's base-unit value with the condition's value.
ConditionCheck checkCondition(const Condition& condition, const SceneResult& result);

/// Scenario scenes (lessonscenario.cpp): loads `file` from the context, applies overrides, simulates and
/// fills state, timeline, metrics.*, scenario.* and pipeline.* figures (pipeline.formula_bubble: the closed-form
/// bubble (p−1)/(m+p−1), or (p−1)/(v·m+p−1) interleaved; pipeline.stage_compute_max / _min / first_stage_compute /
/// last_stage_compute: compute time of the busiest, the idlest, the first and the last stage;
/// pipeline.critical_idle = 1 − max ÷ step: the fill-and-drain idle share the busiest stage sees;
/// pipeline.imbalance_idle: the mean over stages of (max − own compute) ÷ step, the idle time stages spend waiting
/// for the busiest one because their work differs (the LM head on the last stage). critical_idle + imbalance_idle
/// = 1 − mean compute ÷ step, which is metrics.bubble_fraction up to communication that nothing hides).
/// Without `withTimeline` (a compare scene, whose figures alone are read) `result.timeline` stays null.
Problems evaluateScenarioScene(
    const Scene& scene, const SceneContext& context, SceneResult& result, bool withTimeline = true);

} // namespace tutor::model
