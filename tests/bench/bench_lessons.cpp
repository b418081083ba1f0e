// SPDX-License-Identifier: MIT
// Lessons: what a learner waits for. Loading every lesson and question file, evaluating one step's scene
// (a step change in the player), evaluating every scene of every lesson (`commtutor-cli lessons check`), and
// generating a numeric question.
#include "model/teach/lessonscene.h"
#include "model/teach/question.h"

#include <benchmark/benchmark.h>
#include <cstdlib>
#include <string>

namespace {

using namespace tutor::model;

std::string lessonsDir()
{
    const char* root = std::getenv("TUTOR_SOURCE_DIR");
    return std::string(root ? root : TUTOR_BENCH_SOURCE_DIR) + "/lessons";
}

void loadAll(benchmark::State& state)
{
    for (auto _ : state) {
        auto lessons = loadLessons(lessonsDir());
        auto questions = loadQuestions(lessonsDir() + "/questions");
        if (!lessons || !questions) {
            state.SkipWithError("lessons do not load");
            return;
        }
        benchmark::DoNotOptimize(lessons->size() + questions->size());
    }
}
BENCHMARK(loadAll)->Unit(benchmark::kMillisecond);

/// One step change: evaluate the scene of lesson `lesson`, step `step`, and resolve its text.
void stepChange(benchmark::State& state)
{
    auto lessons = loadLessons(lessonsDir());
    if (!lessons) {
        state.SkipWithError("lessons do not load");
        return;
    }
    const auto& step = (*lessons)[state.range(0)].steps[state.range(1)];
    // Without the lesson's memo of simulations: each scene as the first visit to it computes it.
    const SceneContext context { contextForLessons(lessonsDir()).scenariosDir, nullptr };
    for (auto _ : state) {
        auto result = evaluateScene(step.scene, context);
        if (!result) {
            state.SkipWithError(toText(result.problems()).c_str());
            return;
        }
        benchmark::DoNotOptimize(resolveTemplate(step.text.en, result->figures).text.size());
    }
    state.SetLabel(step.id);
}
BENCHMARK(stepChange)->Args({ 1, 0 })->Args({ 8, 3 })->Args({ 13, 0 })->Unit(benchmark::kMillisecond);

void everyScene(benchmark::State& state)
{
    auto lessons = loadLessons(lessonsDir());
    if (!lessons) {
        state.SkipWithError("lessons do not load");
        return;
    }
    // Without the lesson's memo of simulations: each scene as the first visit to it computes it.
    const SceneContext context { contextForLessons(lessonsDir()).scenariosDir, nullptr };
    int scenes = 0;
    for (auto _ : state) {
        scenes = 0;
        for (const auto& l : *lessons)
            for (const auto& s : l.steps) {
                auto result = evaluateScene(s.scene, context);
                benchmark::DoNotOptimize(result.ok());
                ++scenes;
            }
    }
    state.counters["scenes"] = scenes;
}
BENCHMARK(everyScene)->Unit(benchmark::kMillisecond);

void generateNumeric(benchmark::State& state)
{
    auto questions = loadQuestions(lessonsDir() + "/questions");
    if (!questions) {
        state.SkipWithError("questions do not load");
        return;
    }
    std::uint64_t seed = 1;
    for (auto _ : state)
        for (const auto& q : *questions)
            if (q.kind == QuestionKind::Numeric)
                benchmark::DoNotOptimize(generate(q, ++seed).ok());
}
BENCHMARK(generateNumeric)->Unit(benchmark::kMicrosecond);

} // namespace
