// SPDX-License-Identifier: MIT
// A question bank file: parsed, then every numeric question generated for several seeds and every choice
// question's order drawn. A refusal names field, rule and file; a generated answer is finite, counts as correct
// against itself, and renders without NaN; a choice order is a permutation with the right answer in it.
#include "fuzzcheck.h"
#include "model/teach/question.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

namespace {

using namespace tutor;

void checkNumeric(const model::Question& question)
{
    for (const std::uint64_t seed : { 0ULL, 1ULL, 7ULL, 0xFFFFFFFFFFFFFFFFULL }) {
        const auto instance = model::generate(question, seed);
        if (!instance.ok()) {
            fuzz::requireNamed(instance.problems(), "generate refusal");
            continue;
        }
        fuzz::require(instance->seed == seed, "an instance keeps its seed");
        fuzz::requireFinite(instance->answerBase, "answerBase");
        fuzz::requireFinite(instance->answerInUnit, "answerInUnit");
        for (const auto& [name, value] : instance->inputs)
            fuzz::requireFinite(value, name);
        fuzz::require(model::isCorrect(question, *instance, instance->answerInUnit), "the answer is correct",
            question.id + ": " + std::to_string(instance->answerInUnit));
        const auto again = model::generate(question, seed);
        fuzz::require(again.ok() && *again == *instance, "generate is a function of the seed", question.id);
        for (const auto language : { model::Language::En, model::Language::ZhCN }) {
            const auto prompt = model::render(question.prompt, language, *instance);
            fuzz::requireUtf8(prompt, "rendered prompt");
            fuzz::require(!fuzz::printsNonFinite(prompt) || fuzz::printsNonFinite(question.prompt.in(language)),
                "a rendered prompt prints no NaN or inf", prompt);
            fuzz::requireUtf8(model::render(question.solution, language, *instance), "rendered solution");
        }
    }
}

void checkChoice(const model::Question& question)
{
    const int count = static_cast<int>(question.choices.size());
    fuzz::require(question.correct >= 0 && question.correct < count, "the correct choice exists", question.id);
    for (const std::uint64_t attempt : { 0ULL, 1ULL, 2ULL }) {
        auto order = model::choiceOrder(question, attempt);
        fuzz::require(static_cast<int>(order.size()) == count, "an order shows every choice");
        std::sort(order.begin(), order.end());
        std::vector<int> identity(order.size());
        std::iota(identity.begin(), identity.end(), 0);
        fuzz::require(order == identity, "an order is a permutation", question.id);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(fuzz::asText(data, size));
    const auto bank = model::parseQuestions(text, "fuzz.json");
    if (!bank.ok()) {
        fuzz::requireNamed(bank.problems(), "parseQuestions refusal");
        return 0;
    }
    for (const auto& question : *bank) {
        if (question.kind == model::QuestionKind::Numeric)
            checkNumeric(question);
        else if (question.kind == model::QuestionKind::Choice)
            checkChoice(question);
        else
            fuzz::require(!question.answer.en.empty() && question.seconds > 0, "an open question has an answer");
    }
    return 0;
}
