// SPDX-License-Identifier: MIT
// A lesson step's scene evaluated as the lesson player does: the lesson file is parsed, and the first steps'
// scenes (collective predictions, or scenario files from assets/scenarios with their overrides) are evaluated
// with their compare scenes, their task checked, then the task's control set to the condition's value and the
// scene evaluated again. A refusal names field and rule; every figure of an evaluated scene is finite and none
// prints NaN; resolved text is valid UTF-8; a condition check that fails says why.
#include "fuzzcheck.h"
#include "model/teach/claim.h"
#include "model/teach/lessonscene.h"

#include <cstdint>

#ifndef TUTOR_FUZZ_SOURCE_DIR
#error "TUTOR_FUZZ_SOURCE_DIR names the source tree (tests/fuzz/CMakeLists.txt)"
#endif

namespace {

using namespace tutor;

constexpr std::size_t kMaxSteps = 3; // keeps one input fast; a step's scene is the unit that varies

void checkResult(const model::SceneResult& result, const model::LessonStep& step)
{
    for (const auto& [key, figure] : result.figures) {
        if (figure.unit == model::FigureUnit::Text)
            continue;
        fuzz::requireFinite(figure.value, key);
        fuzz::require(!fuzz::printsNonFinite(figure.text), "a figure prints no NaN or inf", key + " = " + figure.text);
    }
    for (const auto language : { model::Language::En, model::Language::ZhCN }) {
        const auto resolved = model::resolveTemplate(step.text.in(language), result.figures);
        fuzz::requireUtf8(resolved.text, "resolved step text");
    }
    const auto claims = model::checkClaims(model::Lesson {}, step, result.figures);
    for (const auto& problem : claims)
        fuzz::require(!problem.rule.empty(), "a failed claim says why", problem.text());
}

model::Result<model::SceneResult> evaluate(
    const model::LessonStep& step, const model::Scene& scene, const model::SceneContext& context)
{
    auto result = model::evaluateStep(step, scene, context);
    if (result.ok())
        checkResult(*result, step);
    else
        fuzz::requireNamed(result.problems(), "evaluateStep refusal");
    return result;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const model::SceneContext context { TUTOR_FUZZ_SOURCE_DIR "/assets/scenarios" };
    const auto lesson = model::parseLesson(std::string(fuzz::asText(data, size)), "fuzz.json");
    if (!lesson.ok())
        return 0; // the lesson target checks refusals
    for (std::size_t i = 0; i < lesson->steps.size() && i < kMaxSteps; ++i) {
        const auto& step = lesson->steps[i];
        const auto result = evaluate(step, step.scene, context);
        if (!result.ok() || !step.task)
            continue;
        const auto& condition = step.task->condition;
        const auto check = model::checkCondition(condition, *result);
        if (!check.problems.empty())
            fuzz::requireNamed(check.problems, "checkCondition problems");
        const auto& control = condition.control.empty() ? condition.field : condition.control;
        if (control.empty())
            continue;
        auto edited = step.scene;
        model::setSceneField(edited, control,
            condition.value.is_string() ? condition.value.get<std::string>() : io::dumpText(condition.value));
        const auto after = evaluate(step, edited, context);
        if (after.ok() && !condition.field.empty())
            fuzz::require(!model::sceneField(*after, condition.field).is_discarded(), "an edited field reads back");
    }
    return 0;
}
