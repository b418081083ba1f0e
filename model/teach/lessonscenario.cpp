// SPDX-License-Identifier: MIT
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "model/teach/lessonscene.h"

#include <algorithm>
#include <filesystem>

namespace tutor::model {

namespace {
/// scenario.<path> for every numeric or boolean leaf, so text can quote the settings it shows.
void addScenarioFields(Figures& f, const nlohmann::json& j, const std::string& prefix)
{
    for (const auto& [key, value] : j.items()) {
        const auto path = prefix + key;
        if (value.is_object())
            addScenarioFields(f, value, path + ".");
        else if (value.is_number())
            f["scenario." + path] = makeFigure(value.get<double>(), FigureUnit::Count);
        else if (value.is_boolean())
            f["scenario." + path] = textFigure(value.get<bool>() ? "on" : "off");
        else if (value.is_string())
            f["scenario." + path] = textFigure(value.get<std::string>());
    }
}

void addMetrics(Figures& f, const StepMetrics& m)
{
    const auto seconds = [](double v) { return makeFigure(v, FigureUnit::Seconds); };
    f["metrics.step_time"] = seconds(m.stepSeconds);
    f["metrics.compute_time"] = seconds(m.computeSeconds);
    f["metrics.comm_time"] = seconds(m.commSeconds);
    f["metrics.comm_union_time"] = seconds(m.commUnionSeconds);
    f["metrics.exposed_comm"] = seconds(m.exposedCommSeconds);
    f["metrics.exposed_comm_fraction"]
        = makeFigure(m.stepSeconds > 0 ? m.exposedCommSeconds / m.stepSeconds : 0, FigureUnit::Fraction);
    f["metrics.comm_fraction"]
        = makeFigure(m.stepSeconds > 0 ? m.commUnionSeconds / m.stepSeconds : 0, FigureUnit::Fraction);
    f["metrics.overlap_hta"] = makeFigure(m.overlapHta, FigureUnit::Fraction);
    f["metrics.overlap_osu"] = makeFigure(m.overlapOsu, FigureUnit::Fraction);
    f["metrics.bubble_fraction"] = makeFigure(m.bubbleFraction, FigureUnit::Fraction);
    f["metrics.mfu"] = makeFigure(m.mfu, FigureUnit::Fraction);
    f["metrics.tokens_per_step"] = makeFigure(m.tokensPerStep, FigureUnit::Count);
    f["metrics.tokens_per_s"] = makeFigure(m.tokensPerSecond, FigureUnit::Count);
    f["metrics.peak_memory"] = makeFigure(m.memory.totalBytes, FigureUnit::Bytes);
    f["metrics.params_memory"] = makeFigure(m.memory.paramsBytes, FigureUnit::Bytes);
    f["metrics.grads_memory"] = makeFigure(m.memory.gradsBytes, FigureUnit::Bytes);
    f["metrics.optimizer_memory"] = makeFigure(m.memory.optimizerBytes, FigureUnit::Bytes);
    f["metrics.activations_memory"] = makeFigure(m.memory.activationsBytes, FigureUnit::Bytes);
    f["metrics.buffers_memory"] = makeFigure(m.memory.buffersBytes, FigureUnit::Bytes);
    f["metrics.events"] = makeFigure(static_cast<double>(m.events), FigureUnit::Count);
    for (int kind = 1; kind < kLaneKinds; ++kind) {
        const auto lane = static_cast<LaneKind>(kind);
        const auto& d = m.dimension(lane);
        const auto k = "metrics." + std::string(name(lane));
        f[k + "_comm"] = seconds(d.seconds);
        f[k + "_exposed"] = seconds(d.exposedSeconds);
        f[k + "_calls"] = makeFigure(d.calls, FigureUnit::Count);
        f[k + "_bytes"] = makeFigure(static_cast<double>(d.bytes), FigureUnit::Bytes);
    }
}
/// The closed-form bubble beside the simulated one, and the share of idle time that comes from stages doing
/// different amounts of work (the simulated bubble counts both).
void addPipeline(Figures& f, const Scenario& scenario, const Timeline& timeline)
{
    const double p = scenario.parallel.pp, m = scenario.batch.microBatches;
    const double v = scenario.parallel.schedule == PipelineSchedule::Interleaved ? scenario.parallel.virtualStages : 1;
    // Narayanan et al. 2021, §2.2: (p−1)/(m+p−1); interleaved (p−1)/(v·m+p−1).
    f["pipeline.formula_bubble"] = makeFigure(p > 1 ? (p - 1) / (v * m + p - 1) : 0.0, FigureUnit::Fraction);
    std::vector<double> busy(static_cast<std::size_t>(std::max(1, scenario.parallel.pp)), 0.0);
    for (const auto& e : timeline.events) {
        const auto& lane = timeline.lanes[static_cast<std::size_t>(e.lane)];
        if (lane.kind == LaneKind::Compute && e.kind != EventKind::Idle && lane.stage >= 0
            && lane.stage < static_cast<int>(busy.size()))
            busy[static_cast<std::size_t>(lane.stage)] += e.duration;
    }
    const double most = *std::max_element(busy.begin(), busy.end());
    const double least = *std::min_element(busy.begin(), busy.end());
    double idle = 0;
    for (const double b : busy)
        idle += most - b;
    f["pipeline.first_stage_compute"] = makeFigure(busy.front(), FigureUnit::Seconds);
    f["pipeline.last_stage_compute"] = makeFigure(busy.back(), FigureUnit::Seconds);
    f["pipeline.critical_idle"]
        = makeFigure(timeline.duration > 0 ? 1 - most / timeline.duration : 0.0, FigureUnit::Fraction);
    f["pipeline.stage_compute_max"] = makeFigure(most, FigureUnit::Seconds);
    f["pipeline.stage_compute_min"] = makeFigure(least, FigureUnit::Seconds);
    f["pipeline.imbalance_idle"]
        = makeFigure(timeline.duration > 0 ? idle / static_cast<double>(busy.size()) / timeline.duration : 0.0,
            FigureUnit::Fraction);
}
} // namespace

Problems evaluateScenarioScene(const Scene& scene, const SceneContext& context, SceneResult& result, bool withTimeline)
{
    const auto path = (std::filesystem::path(context.scenariosDir) / scene.file).string();
    auto json = loadJson(path);
    if (!json)
        return json.problems();
    Problems problems;
    for (const auto& [field, value] : scene.overrides)
        for (auto p : setField(json.value(), field, value)) {
            p.where = path;
            problems.push_back(std::move(p));
        }
    if (!problems.empty())
        return problems;
    auto scenario = scenarioFromJson(*json, path);
    if (!scenario)
        return scenario.problems();
    auto entry = context.simulations ? context.simulations->find(*scenario, withTimeline) : std::nullopt;
    if (!entry) {
        auto sim = simulate(*scenario);
        if (!sim)
            return sim.problems();
        entry.emplace();
        entry->scenario = *scenario;
        entry->metrics = sim->metrics;
        auto timeline = std::make_shared<const Timeline>(std::move(sim.value().timeline));
        addPipeline(entry->pipeline, *scenario, *timeline);
        if (withTimeline)
            entry->timeline = std::move(timeline);
        if (context.simulations)
            context.simulations->add(*entry);
    }
    result.state = *json;
    result.timeline = withTimeline ? entry->timeline : nullptr;
    addScenarioFields(result.figures, *json, "");
    addMetrics(result.figures, entry->metrics);
    for (const auto& [key, figure] : entry->pipeline)
        result.figures[key] = figure;
    result.metrics = entry->metrics;
    return {};
}

std::optional<SimulationMemo::Entry> SimulationMemo::find(const Scenario& scenario, bool needTimeline)
{
    const std::lock_guard lock(m_mutex);
    const auto it = std::find_if(m_entries.begin(), m_entries.end(),
        [&](const Entry& e) { return e.scenario == scenario && (e.timeline || !needTimeline); });
    if (it == m_entries.end())
        return std::nullopt;
    std::rotate(it, it + 1, m_entries.end()); // the newest now
    return m_entries.back();
}

void SimulationMemo::add(Entry entry)
{
    const std::lock_guard lock(m_mutex);
    std::erase_if(m_entries, [&](const Entry& e) { return e.scenario == entry.scenario; });
    if (m_entries.size() == kEntries)
        m_entries.erase(m_entries.begin());
    m_entries.push_back(std::move(entry));
    for (std::size_t i = 0; i + kTimelines < m_entries.size(); ++i)
        m_entries[i].timeline.reset();
}

void SimulationMemo::clear()
{
    const std::lock_guard lock(m_mutex);
    m_entries.clear();
}

} // namespace tutor::model
