// SPDX-License-Identifier: MIT
#include "model/teach/question.h"

#include "model/collectives/hardware.h"
#include "model/sim/layoutsearch.h"
#include "model/teach/claim.h"
#include "model/teach/design.h"
#include "model/teach/lessonjson.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <set>

namespace tutor::model {

std::string_view name(QuestionKind kind)
{
    switch (kind) {
    case QuestionKind::Choice:
        return "choice";
    case QuestionKind::Numeric:
        return "numeric";
    case QuestionKind::Open:
        return "open";
    case QuestionKind::Design:
        return "design";
    }
    return "?";
}

std::optional<double> toUnit(double v, FigureUnit dimension, std::string_view unit)
{
    struct Scale {
        FigureUnit dimension;
        std::string_view unit;
        double perBase;
    };
    static constexpr Scale kScales[] = {
        { FigureUnit::Seconds, "s", 1 },
        { FigureUnit::Seconds, "ms", 1e3 },
        { FigureUnit::Seconds, "us", 1e6 },
        { FigureUnit::Seconds, "µs", 1e6 },
        { FigureUnit::Bytes, "B", 1 },
        { FigureUnit::Bytes, "KB", 1e-3 },
        { FigureUnit::Bytes, "MB", 1e-6 },
        { FigureUnit::Bytes, "GB", 1e-9 },
        { FigureUnit::Bytes, "TB", 1e-12 },
        { FigureUnit::Bytes, "KiB", 1.0 / 1024 },
        { FigureUnit::Bytes, "MiB", 1.0 / (1024 * 1024) },
        { FigureUnit::Bytes, "GiB", 1.0 / (1024.0 * 1024 * 1024) },
        { FigureUnit::GBps, "GB/s", 1 },
        { FigureUnit::Gbps, "Gb/s", 1 },
        { FigureUnit::Fraction, "%", 100 },
        { FigureUnit::Fraction, "", 1 },
        { FigureUnit::Count, "", 1 },
        { FigureUnit::Ratio, "x", 1 },
        { FigureUnit::Ratio, "", 1 },
        { FigureUnit::FlopsPerSecond, "TFLOP/s", 1e-12 },
    };
    for (const auto& s : kScales)
        if (s.dimension == dimension && s.unit == unit)
            return v * s.perBase;
    return std::nullopt;
}

namespace {
using detail::JsonReader;

/// Display of an input by the unit its name carries (size_MiB, alpha_us, beta_GBps, params_B, ...).
Figure inputFigure(const std::string& name, double v)
{
    auto ends = [&](std::string_view suffix) {
        return name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    if (ends("_MiB"))
        return makeFigure(v * 1024 * 1024, FigureUnit::Bytes);
    if (ends("_us"))
        return makeFigure(v * 1e-6, FigureUnit::Seconds);
    if (ends("_ms"))
        return makeFigure(v * 1e-3, FigureUnit::Seconds);
    if (ends("_GBps"))
        return makeFigure(v, FigureUnit::GBps);
    if (name == "gbps")
        return makeFigure(v, FigureUnit::Gbps);
    if (ends("_flops"))
        return makeFigure(v, FigureUnit::FlopsPerSecond);
    if (ends("_TFLOPs"))
        return makeFigure(v * 1e12, FigureUnit::FlopsPerSecond);
    return makeFigure(v, FigureUnit::Count);
}

std::string significant4(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

std::string raw(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

Question readQuestion(JsonReader& r, const nlohmann::json& j, const std::string& path, const Figures& hardware)
{
    Question q;
    if (!j.is_object()) {
        r.problem(path, shownValue(j), "must be an object");
        return q;
    }
    q.id = r.string(j, path, "id", true);
    const auto kind = r.string(j, path, "kind", true);
    q.topics = r.strings(j, path, "topics");
    q.step = r.string(j, path, "step", true);
    q.source = r.string(j, path, "source", false);
    q.followUp = r.string(j, path, "follow_up", false);
    q.prompt = r.text(j, path, "prompt", true);
    const auto& known = curriculumTopics();
    for (const auto& topic : q.topics)
        if (std::find(known.begin(), known.end(), topic) == known.end())
            r.problem(path + ".topics", topic, "is not a curriculum topic id (see lessons/README.md)");
    if (q.step.find('#') == std::string::npos && !q.step.empty())
        r.problem(path + ".step", q.step, "must be \"lesson-id#step-id\"");
    const std::set<std::string> common { "id", "kind", "topics", "step", "source", "follow_up", "prompt" };
    auto known_keys = [&](std::initializer_list<const char*> extra) {
        auto keys = common;
        keys.insert(extra.begin(), extra.end());
        r.unknownKeys(j, path, keys);
    };
    if (kind == "choice") {
        q.kind = QuestionKind::Choice;
        known_keys({ "choices", "correct", "explanation" });
        if (!j.contains("choices") || !j["choices"].is_array() || j["choices"].size() < 2) {
            r.problem(path + ".choices", "", "must be an array of at least two texts");
        } else {
            for (std::size_t i = 0; i < j["choices"].size(); ++i)
                q.choices.push_back(r.textValue(j["choices"][i], path + ".choices[" + std::to_string(i) + "]"));
        }
        const double correct = r.number(j, path, "correct", true, -1);
        if (correct < 0 || correct >= static_cast<double>(q.choices.size()) || correct != std::floor(correct))
            r.problem(path + ".correct", raw(correct), "must index one of the choices (0-based)");
        q.correct = correct >= 0 && correct < static_cast<double>(q.choices.size()) ? static_cast<int>(correct) : 0;
        q.explanation = r.text(j, path, "explanation", true);
    } else if (kind == "numeric") {
        q.kind = QuestionKind::Numeric;
        known_keys({ "formula", "parameters", "unit", "tolerance", "solution", "constraints" });
        q.constraints = r.strings(j, path, "constraints");
        for (std::size_t i = 0; i < q.constraints.size(); ++i)
            if (const auto error = claimSyntaxError(q.constraints[i]); !error.empty())
                r.problem(path + ".constraints[" + std::to_string(i) + "]", q.constraints[i],
                    "is not a valid claim: " + error);
        q.formula = r.string(j, path, "formula", true);
        q.unit = j.contains("unit") && j["unit"].is_string() ? j["unit"].get<std::string>() : "";
        q.tolerance = r.number(j, path, "tolerance", false, 0.02);
        if (!(q.tolerance > 0 && q.tolerance < 0.5))
            r.problem(path + ".tolerance", raw(q.tolerance), "must be in (0, 0.5) (relative)");
        q.solution = r.text(j, path, "solution", true);
        const auto* formula = findFormula(q.formula);
        if (!formula && !q.formula.empty())
            r.problem(path + ".formula", q.formula, "is not a known formula (lessons/README.md lists them)");
        if (formula && !toUnit(1, formula->answerUnit, q.unit))
            r.problem(path + ".unit", q.unit, "does not fit the formula's answer (" + formula->closedForm + ")");
        const auto& params = j.contains("parameters") ? j["parameters"] : nlohmann::json::object();
        if (!params.is_object())
            r.problem(path + ".parameters", shownValue(params), "must be an object name → values");
        for (const auto& [pname, spec] : params.items()) {
            QuestionParameter p { pname, {} };
            const auto ppath = path + ".parameters." + pname;
            if (spec.is_array()) {
                for (const auto& v : spec) {
                    if (v.is_number()) {
                        p.values.push_back(v.get<double>());
                    } else if (v.is_string() && hardware.count(v.get<std::string>())) {
                        p.values.push_back(hardware.find(v.get<std::string>())->second.value);
                    } else {
                        r.problem(
                            ppath, shownValue(v), "must be a number or a hardware figure key (hw.<preset>.<figure>)");
                    }
                }
            } else if (spec.is_object() && spec.contains("min") && spec.contains("max")) {
                const double lo = r.number(spec, ppath, "min", true, 1), hi = r.number(spec, ppath, "max", true, 1);
                const double step = r.number(spec, ppath, "step", false, 1);
                if (!(step > 0) || !(hi >= lo) || !((hi - lo) / step <= 10000))
                    r.problem(ppath, shownValue(spec), "needs min ≤ max and 0 < step with at most 10,000 values");
                else if (lo + step == lo || hi + step == hi)
                    r.problem(ppath, shownValue(spec), "step is below the precision of min and max (a double)");
                else
                    // Counted, not accumulated: lo + i·step, so the loop ends whatever rounding does.
                    for (int i = 0, n = static_cast<int>((hi - lo) / step + 1e-9); i <= n; ++i)
                        p.values.push_back(lo + i * step);
            } else {
                r.problem(ppath, shownValue(spec), "must be a list of values or {min, max, step}");
            }
            for (const double v : p.values)
                if (!std::isfinite(v))
                    r.problem(ppath, raw(v), "must be finite");
            if (p.values.empty())
                r.problem(ppath, "", "has no values");
            q.parameters.push_back(std::move(p));
        }
        if (formula)
            for (const auto& input : formula->inputs)
                if (std::none_of(
                        q.parameters.begin(), q.parameters.end(), [&](const auto& p) { return p.name == input; }))
                    r.problem(path + ".parameters." + input, "", "is required by formula " + q.formula);
    } else if (kind == "open") {
        q.kind = QuestionKind::Open;
        known_keys({ "answer", "key_points", "seconds" });
        q.answer = r.text(j, path, "answer", true);
        const double seconds = r.number(j, path, "seconds", false, 60);
        if (!(seconds >= 10 && seconds <= 600))
            r.problem(path + ".seconds", raw(seconds), "must be in [10, 600]");
        else
            q.seconds = static_cast<int>(seconds);
        if (j.contains("key_points") && j["key_points"].is_array())
            for (std::size_t i = 0; i < j["key_points"].size(); ++i)
                q.keyPoints.push_back(r.textValue(j["key_points"][i], path + ".key_points[" + std::to_string(i) + "]"));
    } else if (kind == "design") {
        q.kind = QuestionKind::Design;
        known_keys({ "model", "preset", "gpus", "global_batch", "explanation" });
        q.designModel = r.string(j, path, "model", true);
        if (!q.designModel.empty() && !findModel(q.designModel))
            r.problem(path + ".model", q.designModel, "is not a named model (commtutor-cli search --help lists them)");
        if (j.contains("preset"))
            q.designPreset = r.string(j, path, "preset", true);
        if (!findPreset(q.designPreset))
            r.problem(path + ".preset", q.designPreset, "is not a hardware preset id");
        const double gpus = r.number(j, path, "gpus", true, 0);
        if (!(gpus >= 1 && gpus <= 65536 && gpus == static_cast<int>(gpus)))
            r.problem(path + ".gpus", raw(gpus), "must be a whole number in [1, 65536]");
        else
            q.designGpus = static_cast<int>(gpus);
        const double batch = r.number(j, path, "global_batch", false, 0);
        if (!(batch >= 0 && batch <= 1e7 && batch == static_cast<long long>(batch)))
            r.problem(path + ".global_batch", raw(batch), "must be a whole number in [0, 10000000]");
        else
            q.designGlobalBatch = static_cast<long long>(batch);
        q.explanation = r.text(j, path, "explanation", true);
    } else if (!kind.empty()) {
        r.problem(path + ".kind", kind, "must be choice, numeric, open or design");
    }
    return q;
}
} // namespace

Result<std::vector<Question>> parseQuestions(const std::string& jsonText, const std::string& where)
{
    auto parsed = parseJsonText(jsonText, where);
    if (!parsed)
        return parsed.problems();
    const auto& j = *parsed;
    JsonReader r(where);
    if (!j.is_object() || !j.contains("questions") || !j["questions"].is_array())
        return Problem { "questions", "", "the file must be an object {\"questions\": [...]}", where };
    r.unknownKeys(j, "", { "questions" });
    const auto hardware = hardwareFigures();
    std::vector<Question> out;
    for (std::size_t i = 0; i < j["questions"].size(); ++i) {
        auto q = readQuestion(r, j["questions"][i], "questions[" + std::to_string(i) + "]", hardware);
        q.path = where;
        out.push_back(std::move(q));
    }
    if (!r.problems().empty())
        return r.problems();
    return out;
}

Result<std::vector<Question>> loadQuestions(const std::string& dir)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return Problem { "questions", dir, "is not a directory", dir };
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".json")
            files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    std::vector<Question> all;
    Problems problems;
    std::set<std::string> ids;
    for (const auto& file : files) {
        auto text = readTextFile(file);
        auto qs = text ? parseQuestions(*text, file) : Result<std::vector<Question>>(text.problems());
        if (!qs) {
            problems.insert(problems.end(), qs.problems().begin(), qs.problems().end());
            continue;
        }
        for (auto& q : qs.value()) {
            if (!ids.insert(q.id).second)
                problems.push_back({ "id", q.id, "is used by another question", file });
            all.push_back(std::move(q));
        }
    }
    // A follow-up names another question; following the chain from any question ends (no loop).
    for (const auto& q : all) {
        if (q.followUp.empty())
            continue;
        if (!ids.count(q.followUp)) {
            problems.push_back({ q.id + ".follow_up", q.followUp, "is not the id of a question", q.path });
            continue;
        }
        std::set<std::string> seen { q.id };
        for (const Question* at = &q; at && !at->followUp.empty();) {
            if (!seen.insert(at->followUp).second) {
                problems.push_back(
                    { q.id + ".follow_up", q.followUp, "leads back to a question of its chain", q.path });
                break;
            }
            const auto next
                = std::find_if(all.begin(), all.end(), [&](const Question& o) { return o.id == at->followUp; });
            at = next == all.end() ? nullptr : &*next;
        }
    }
    if (!problems.empty())
        return problems;
    return all;
}

namespace {
/// One draw: every parameter picked from `rng`, the formula evaluated, the answer converted to the question's unit.
Result<NumericInstance> draw(const Question& question, const NumericFormula& formula, std::mt19937_64& rng)
{
    NumericInstance inst;
    for (const auto& p : question.parameters) {
        if (p.values.empty())
            return Problem { "parameters." + p.name, "", "has no values", question.path };
        inst.inputs[p.name] = p.values[rng() % p.values.size()];
    }
    for (const auto& input : formula.inputs)
        if (!inst.inputs.count(input))
            return Problem { "parameters." + input, "", "is required by formula " + formula.name, question.path };
    static const Figures hardware = hardwareFigures(); // prompts may quote the presets they draw from
    inst.figures = hardware;
    for (const auto& [n, v] : inst.inputs) {
        inst.figures[n] = inputFigure(n, v);
        inst.figures[n + ".raw"] = textFigure(raw(v));
    }
    for (auto& [k, f] : formula.evaluate(inst.inputs)) {
        if (!std::isfinite(f.value))
            return Problem { question.id + "." + k, "not finite", "every generated figure must be finite",
                question.path };
        inst.figures[k] = f;
    }
    inst.answerBase = inst.figures["answer"].value;
    const auto inUnit = toUnit(inst.answerBase, formula.answerUnit, question.unit);
    if (!inUnit || !std::isfinite(*inUnit))
        return Problem { "unit", question.unit, "does not fit the answer of " + formula.name, question.path };
    inst.answerInUnit = *inUnit;
    inst.figures["answer.in_unit"] = textFigure(significant4(*inUnit)
        + (question.unit == "x"         ? "×"
                : question.unit.empty() ? ""
                                        : " " + question.unit));
    inst.figures["unit"] = textFigure(question.unit);
    inst.figures["closed_form"] = textFigure(formula.closedForm);
    return inst;
}
} // namespace

Result<NumericInstance> generate(const Question& question, std::uint64_t seed)
{
    const auto* formula = findFormula(question.formula);
    if (!formula)
        return Problem { "formula", question.formula, "is not a known formula", question.path };
    std::mt19937_64 rng(seed);
    for (int attempt = 0; attempt < kMaxDraws; ++attempt) {
        auto inst = draw(question, *formula, rng);
        if (!inst) {
            auto problems = inst.problems();
            for (auto& p : problems)
                p.rule += " (seed " + std::to_string(seed) + ")";
            return problems;
        }
        bool plausible = true;
        for (std::size_t i = 0; i < question.constraints.size() && plausible; ++i) {
            const auto check = evaluateClaim(question.constraints[i], inst->figures);
            if (!check.error.empty())
                return Problem { question.id + ".constraints[" + std::to_string(i) + "]", question.constraints[i],
                    "cannot be evaluated: " + check.error, question.path };
            plausible = check.holds;
        }
        if (plausible) {
            inst.value().seed = seed;
            return inst;
        }
    }
    return Problem { question.id + ".constraints", "",
        "no draw of the parameters satisfies every constraint in " + std::to_string(kMaxDraws) + " tries (seed "
            + std::to_string(seed) + ")",
        question.path };
}

bool isCorrect(const Question& question, const NumericInstance& instance, double given)
{
    if (!std::isfinite(given))
        return false;
    return std::fabs(given - instance.answerInUnit) <= question.tolerance * std::fabs(instance.answerInUnit);
}

std::vector<int> choiceOrder(const Question& question, std::uint64_t attempt)
{
    std::vector<int> order(question.choices.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<int>(i);
    // FNV-1a of the id, so two questions on the same attempt are not shuffled alike; std::hash is not portable.
    std::uint64_t h = 1469598103934665603ULL;
    for (const unsigned char c : question.id)
        h = (h ^ c) * 1099511628211ULL;
    std::mt19937_64 rng(h ^ (attempt * 0x9E3779B97F4A7C15ULL));
    // Fisher–Yates with the generator's raw output: std::shuffle's distribution is not specified across libraries.
    for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[rng() % i]);
    return order;
}

std::string render(const Text& text, Language language, const NumericInstance& instance)
{
    return resolveTemplate(text.in(language), instance.figures).text;
}

Problems checkQuestions(const std::vector<Question>& questions, const std::vector<Lesson>& lessons, int samples)
{
    Problems problems;
    for (const auto& q : questions) {
        const auto hash = q.step.find('#');
        const auto lessonId = q.step.substr(0, hash);
        const auto stepId = hash == std::string::npos ? std::string() : q.step.substr(hash + 1);
        const auto lesson
            = std::find_if(lessons.begin(), lessons.end(), [&](const Lesson& l) { return l.id == lessonId; });
        const bool found = lesson != lessons.end()
            && std::any_of(
                lesson->steps.begin(), lesson->steps.end(), [&](const LessonStep& s) { return s.id == stepId; });
        if (!found)
            problems.push_back({ q.id + ".step", q.step, "does not name a lesson step (lesson-id#step-id)", q.path });
        if (q.kind == QuestionKind::Design) {
            // The search must find a layout to grade against.
            if (auto search = designSearch(q); !search)
                problems.insert(problems.end(), search.problems().begin(), search.problems().end());
            continue;
        }
        if (q.kind != QuestionKind::Numeric)
            continue;
        for (int seed = 1; seed <= samples; ++seed) {
            auto inst = generate(q, static_cast<std::uint64_t>(seed));
            if (!inst) {
                problems.insert(problems.end(), inst.problems().begin(), inst.problems().end());
                break;
            }
            for (const auto lang : { Language::En, Language::ZhCN })
                for (const auto* text : { &q.prompt, &q.solution }) {
                    const auto resolved = resolveTemplate(text->in(lang), inst->figures);
                    for (const auto& key : resolved.unresolved)
                        problems.push_back(
                            { q.id + (text == &q.prompt ? ".prompt." : ".solution.") + std::string(name(lang)),
                                "{{" + key + "}}", "does not resolve", q.path });
                }
        }
    }
    return problems;
}

} // namespace tutor::model
