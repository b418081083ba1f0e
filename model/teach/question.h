// SPDX-License-Identifier: MIT
#pragma once
// The interview question bank: multiple choice, numeric questions generated from templates with seeded
// random parameters and answered by the model, and open questions with a model answer and a timer.
// The file format is documented in lessons/README.md.
#include "model/teach/lesson.h"
#include "model/teach/lessontemplate.h"

#include <cstdint>
#include <map>

namespace tutor::model {

enum class QuestionKind { Choice, Numeric, Open, Design };
std::string_view name(QuestionKind kind); ///< "choice", "numeric", "open", "design"

/// One parameter of a numeric template: the values it may take. A value is a number or the key of a
/// hardware figure ("hw.hgx-h100.nic_GBps"), so questions about presets use the presets' own numbers.
struct QuestionParameter {
    std::string name;
    std::vector<double> values; ///< resolved candidates, in the formula's input unit
    bool operator==(const QuestionParameter&) const = default;
};

struct Question {
    std::string id;
    QuestionKind kind = QuestionKind::Choice;
    std::vector<std::string> topics;
    std::string step; ///< "lesson-id#step-id": the lesson step that shows the answer
    std::string source; ///< where the question comes from ("seed 000 follow-up 2"); empty for our own
    /// The question an interviewer asks next once this one is answered (its id); empty when the chain ends.
    std::string followUp;
    Text prompt; ///< Markdown; numeric prompts quote parameters as {{name}} or {{name.raw}}
    // Choice
    std::vector<Text> choices;
    int correct = 0;
    Text explanation;
    // Numeric
    std::string formula; ///< a name from numericFormulas()
    std::vector<QuestionParameter> parameters;
    std::string unit; ///< unit the learner answers in: "ms", "GB", "%", "GB/s", "x", ...
    double tolerance = 0.02; ///< relative
    Text solution; ///< worked solution; quotes parameters, intermediates and {{answer}}
    /// Claims (claim.h) over the generated figures in base units that every draw must satisfy, e.g.
    /// "{{answer}} >= 0.15" for an MFU; parameters are drawn again until all hold, so they vary jointly.
    std::vector<std::string> constraints;
    // Open
    Text answer;
    std::vector<Text> keyPoints;
    int seconds = 60;
    // Design (design.h): the layout question, graded against the layout search; `explanation` follows the grade
    std::string designModel; ///< a named model (layoutsearch.h): "llama3-70b"
    std::string designPreset = "hgx-h100";
    int designGpus = 0;
    long long designGlobalBatch = 0; ///< sequences per step; 0: the search's default
    std::string path; ///< file it was loaded from
    bool operator==(const Question&) const = default;
};

/// A numeric formula the model answers: named inputs (in the units their names carry) → named outputs
/// with units; the output "answer" is the question's answer in its base unit.
struct NumericFormula {
    std::string name;
    std::vector<std::string> inputs;
    FigureUnit answerUnit = FigureUnit::Seconds;
    std::string closedForm; ///< the formula and its source, shown under the worked solution
    Figures (*evaluate)(const std::map<std::string, double>& inputs) = nullptr;
};
const std::vector<NumericFormula>& numericFormulas();
const NumericFormula* findFormula(std::string_view name);

/// Converts a base-unit value into `unit` ("ms" → ×1e3); nullopt when the unit does not fit the dimension.
std::optional<double> toUnit(double baseValue, FigureUnit dimension, std::string_view unit);

/// One generated numeric question.
struct NumericInstance {
    std::uint64_t seed = 0;
    std::map<std::string, double> inputs;
    Figures figures; ///< hardware figures (hw.*), inputs, intermediates and "answer"
    double answerBase = 0; ///< in the formula's base unit
    double answerInUnit = 0; ///< in Question::unit
    bool operator==(const NumericInstance&) const = default;
};

/// Picks each parameter's value with a 64-bit Mersenne Twister seeded with `seed` (identical on every
/// platform) and evaluates the formula, drawing again (up to kMaxDraws times) until every constraint holds.
/// Problems when the formula is unknown, an input is missing, the answer is not finite, a constraint cannot be
/// evaluated, or no draw satisfies the constraints.
inline constexpr int kMaxDraws = 1000;
Result<NumericInstance> generate(const Question& question, std::uint64_t seed);
/// |given − answer| ≤ tolerance·|answer| (in Question::unit).
bool isCorrect(const Question& question, const NumericInstance& instance, double given);
/// Prompt, solution or other text with the instance's figures resolved.
std::string render(const Text& text, Language language, const NumericInstance& instance);

/// The order a choice question's options are shown in on one attempt: a permutation of 0..choices−1 drawn with
/// a 64-bit Mersenne Twister from the question's id and `attempt`, so the same attempt shows the same order and
/// the right answer lands on each position equally often over attempts. order[k] is the choice shown k-th.
std::vector<int> choiceOrder(const Question& question, std::uint64_t attempt);

/// Parses a bank file {"questions": [...]}; problems carry `where` and the question's path.
Result<std::vector<Question>> parseQuestions(const std::string& jsonText, const std::string& where);
/// Every *.json file in `dir`, sorted; question ids must be unique across files.
Result<std::vector<Question>> loadQuestions(const std::string& dir);

/// Cross-checks: every question's step exists in `lessons`; every numeric question generates finite
/// answers for `samples` seeds. Problems name the question file and id.
Problems checkQuestions(const std::vector<Question>& questions, const std::vector<Lesson>& lessons, int samples = 8);

} // namespace tutor::model
