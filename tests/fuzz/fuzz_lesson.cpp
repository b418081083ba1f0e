// SPDX-License-Identifier: MIT
// A lesson file as the loader reads it. A refusal names field, rule and the file; an accepted lesson has steps
// with unique ids and claims whose syntax holds, and its templates resolve (with no figures) to valid UTF-8 that
// keeps every unresolved key.
#include "fuzzcheck.h"
#include "model/teach/claim.h"
#include "model/teach/lesson.h"
#include "model/teach/lessontemplate.h"

#include <cstdint>
#include <set>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tutor;
    const std::string text(fuzz::asText(data, size));
    const auto lesson = model::parseLesson(text, "fuzz.json");
    if (!lesson.ok()) {
        fuzz::requireNamed(lesson.problems(), "parseLesson refusal");
        for (const auto& problem : lesson.problems())
            fuzz::require(problem.where.starts_with("fuzz.json"), "a lesson problem names its file", problem.text());
        return 0;
    }
    fuzz::require(!lesson->steps.empty(), "an accepted lesson has steps");
    std::set<std::string> ids;
    for (const auto& step : lesson->steps) {
        fuzz::require(ids.insert(step.id).second, "step ids are unique", step.id);
        for (const auto& claim : step.claims)
            fuzz::require(model::claimSyntaxError(claim).empty(), "an accepted claim parses", claim);
        for (const auto* body : { &step.text, &step.title }) {
            for (const auto language : { model::Language::En, model::Language::ZhCN }) {
                const auto& source = body->in(language);
                fuzz::require(!source.empty() || body == &step.text, "both languages are non-empty");
                const auto resolved = model::resolveTemplate(source, {});
                fuzz::require(resolved.text == source, "with no figures a template is left as written");
                fuzz::require(resolved.unresolved.size() == model::templateKeys(source).size(),
                    "every key stays unresolved without figures");
            }
        }
    }
    return 0;
}
