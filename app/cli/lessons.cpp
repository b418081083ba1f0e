// SPDX-License-Identifier: MIT
// `commtutor-cli lessons check|list|show|quiz`: the lesson and question files, validated and rendered with
// every figure computed by the model.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/datadir/datadir.h"
#include "model/teach/claim.h"
#include "model/teach/design.h"
#include "model/teach/lessonscene.h"
#include "model/teach/question.h"

#include <charconv>
#include <filesystem>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

namespace tutor::app::cli {

namespace {
using namespace tutor::model;

void usage(std::ostream& out)
{
    out << "usage: commtutor-cli lessons check [DIR]\n"
           "       commtutor-cli lessons list [DIR] [--lang en|zh_CN]\n"
           "       commtutor-cli lessons show LESSON-ID [--dir DIR] [--lang en|zh_CN]\n"
           "       commtutor-cli lessons quiz QUESTION-ID [--dir DIR] [--seed N] [--lang en|zh_CN]\n"
           "                                [--answer \"dp=16 tp=4 pp=1 ep=1 zero=3\"]   (design questions)\n"
           "       commtutor-cli lessons figures LESSON#STEP [--dir DIR]   (every figure the step may quote)\n"
           "DIR defaults to the installed lessons (<bindir>/../share/commtutor/lessons), else the source tree's\n"
           "(TUTOR_LESSONS_DIR overrides both); questions are read from DIR/questions, scenarios from\n"
           "DIR/../assets/scenarios (source tree) or DIR/../scenarios (installed). check also evaluates every step's "
           "claims; quiz draws a numeric question's\n"
           "parameters and a choice question's option order from the seed, and marks the answer.\n";
}

void addProblems(Problems& to, Problems from, const std::string& where, const std::string& prefix)
{
    for (auto& p : from) {
        if (p.where.empty())
            p.where = where;
        p.field = prefix + p.field;
        to.push_back(std::move(p));
    }
}

void checkText(
    Problems& problems, const Text& text, const Figures& figures, const std::string& where, const std::string& field)
{
    for (const auto lang : { Language::En, Language::ZhCN })
        for (const auto& key : resolveTemplate(text.in(lang), figures).unresolved)
            problems.push_back({ field + "." + std::string(name(lang)), "{{" + key + "}}",
                "does not resolve to a figure of the scene", where });
}

/// Evaluates every step and its claims; the figures of each step by "lesson#step".
std::map<std::string, Figures> checkLessons(
    const std::vector<Lesson>& lessons, const SceneContext& context, Problems& problems, std::size_t& claims)
{
    std::map<std::string, Figures> figures;
    for (const auto& lesson : lessons) {
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            const auto& step = lesson.steps[i];
            const auto prefix = "steps[" + std::to_string(i) + "].";
            auto result = evaluateStep(step, context);
            if (!result) {
                addProblems(problems, result.problems(), lesson.path, prefix);
                continue;
            }
            checkText(problems, step.title, result->figures, lesson.path, prefix + "title");
            checkText(problems, step.text, result->figures, lesson.path, prefix + "text");
            if (step.task) {
                checkText(problems, step.task->instruction, result->figures, lesson.path, prefix + "task.instruction");
                checkText(problems, step.task->hint, result->figures, lesson.path, prefix + "task.hint");
                addProblems(problems, checkCondition(step.task->condition, *result).problems, lesson.path, prefix);
            }
            const auto failed = checkClaims(lesson, step, result->figures);
            problems.insert(problems.end(), failed.begin(), failed.end());
            claims += step.claims.size();
            figures[lesson.id + "#" + step.id] = result->figures;
        }
    }
    return figures;
}

/// The lessons shipped with this binary (installed, or the source tree of a developer build); "lessons" (the
/// working directory's) when there are none, so the error names the folder that was tried.
std::string defaultDir()
{
    const auto dir = findDataDir(DataKind::Lessons);
    return dir.empty() ? std::string("lessons") : dir.string();
}

std::string dirOf(const CommandLine& cl, std::size_t positional)
{
    if (auto d = cl.value("--dir"))
        return *d;
    return cl.positionals().size() > positional ? cl.positionals()[positional] : defaultDir();
}

int runCheck(const CommandLine& cl, std::ostream& out, std::ostream& err)
{
    const auto dir = dirOf(cl, 0);
    auto lessons = loadLessons(dir);
    if (!lessons) {
        err << toText(lessons.problems()) << '\n';
        return 1;
    }
    Problems problems;
    std::size_t claims = 0;
    const auto figures = checkLessons(*lessons, contextForLessons(dir), problems, claims);
    const auto questionsDir = (std::filesystem::path(dir) / "questions").string();
    auto questions = loadQuestions(questionsDir);
    std::set<std::string> covered;
    std::size_t steps = 0;
    for (const auto& l : *lessons)
        for (const auto& s : l.steps) {
            ++steps;
            covered.insert(s.topics.begin(), s.topics.end());
        }
    std::map<QuestionKind, int> kinds;
    if (!questions) {
        problems.insert(problems.end(), questions.problems().begin(), questions.problems().end());
    } else {
        const auto qp = checkQuestions(*questions, *lessons);
        problems.insert(problems.end(), qp.begin(), qp.end());
        for (const auto& q : *questions) {
            ++kinds[q.kind];
            covered.insert(q.topics.begin(), q.topics.end());
            if (q.kind == QuestionKind::Numeric)
                continue;
            const auto it = figures.find(q.step);
            const Figures none = hardwareFigures();
            const auto& f = it == figures.end() ? none : it->second;
            checkText(problems, q.prompt, f, q.path, q.id + ".prompt");
            checkText(problems, q.explanation, f, q.path, q.id + ".explanation");
            checkText(problems, q.answer, f, q.path, q.id + ".answer");
            for (const auto& c : q.choices)
                checkText(problems, c, f, q.path, q.id + ".choices");
        }
    }
    for (const auto& topic : curriculumTopics())
        if (!covered.count(topic))
            problems.push_back({ "topics", topic, "no lesson step or question covers this curriculum topic", dir });
    if (!problems.empty()) {
        err << toText(problems) << '\n' << problems.size() << " problem(s)\n";
        return 1;
    }
    out << "ok: " << lessons->size() << " lessons, " << steps << " steps, " << claims << " claims hold, "
        << (questions ? questions->size() : 0) << " questions (" << kinds[QuestionKind::Choice] << " choice, "
        << kinds[QuestionKind::Numeric] << " numeric, " << kinds[QuestionKind::Open] << " open, "
        << kinds[QuestionKind::Design] << " design), " << curriculumTopics().size() << " topics covered\n";
    return 0;
}

Language languageOf(const CommandLine& cl)
{
    return parseLanguage(cl.value("--lang").value_or("en")).value_or(Language::En);
}

int runList(const CommandLine& cl, std::ostream& out, std::ostream& err)
{
    auto lessons = loadLessons(dirOf(cl, 0));
    if (!lessons) {
        err << toText(lessons.problems()) << '\n';
        return 1;
    }
    const auto lang = languageOf(cl);
    for (const auto& l : *lessons)
        out << l.id << "  " << l.title.in(lang) << "  (" << l.steps.size() << " steps)\n";
    return 0;
}

// The lessons of `dir` for a subcommand that names one (show, figures) into `lessons`: 0, or the exit status
// (2 with the usage when no lesson is named, 1 with the problems when the lessons do not load).
int loadNamed(const CommandLine& cl, const std::string& dir, std::vector<Lesson>& lessons, std::ostream& err)
{
    if (cl.positionals().empty()) {
        usage(err);
        return 2;
    }
    auto loaded = loadLessons(dir);
    if (!loaded) {
        err << toText(loaded.problems()) << '\n';
        return 1;
    }
    lessons = std::move(loaded).value();
    return 0;
}

int runShow(const CommandLine& cl, std::ostream& out, std::ostream& err)
{
    const auto dir = cl.value("--dir").value_or(defaultDir());
    std::vector<Lesson> lessons;
    if (const int status = loadNamed(cl, dir, lessons, err))
        return status;
    const auto& id = cl.positionals()[0];
    const auto lang = languageOf(cl);
    for (const auto& l : lessons) {
        if (l.id != id && l.id.substr(0, id.size() + 1) != id + "-")
            continue;
        out << "# " << l.title.in(lang) << "\n\n" << l.summary.in(lang) << "\n";
        const auto context = contextForLessons(dir);
        for (std::size_t i = 0; i < l.steps.size(); ++i) {
            const auto& s = l.steps[i];
            auto result = evaluateStep(s, context);
            if (!result) {
                err << toText(result.problems()) << '\n';
                return 1;
            }
            out << "\n## " << (i + 1) << ". " << resolveTemplate(s.title.in(lang), result->figures).text << "\n\n"
                << resolveTemplate(s.text.in(lang), result->figures).text << "\n";
            if (s.task)
                out << "\n> " << resolveTemplate(s.task->instruction.in(lang), result->figures).text << "\n";
        }
        return 0;
    }
    err << "no lesson '" << id << "' in " << dir << '\n';
    return 1;
}

int runFigures(const CommandLine& cl, std::ostream& out, std::ostream& err)
{
    const auto dir = cl.value("--dir").value_or(defaultDir());
    std::vector<Lesson> lessons;
    if (const int status = loadNamed(cl, dir, lessons, err))
        return status;
    const auto& wanted = cl.positionals()[0];
    const auto hash = wanted.find('#');
    const auto lessonId = wanted.substr(0, hash);
    const auto stepId = hash == std::string::npos ? std::string() : wanted.substr(hash + 1);
    for (const auto& l : lessons) {
        if (l.id != lessonId && l.id.substr(0, lessonId.size() + 1) != lessonId + "-")
            continue;
        for (const auto& s : l.steps) {
            if (s.id != stepId)
                continue;
            auto result = evaluateStep(s, contextForLessons(dir));
            if (!result) {
                err << toText(result.problems()) << '\n';
                return 1;
            }
            for (const auto& [key, figure] : result->figures)
                if (key.rfind("hw.", 0) != 0)
                    out << key << " = " << figure.text << '\n';
            return 0;
        }
    }
    err << "no step '" << wanted << "' in " << dir << '\n';
    return 1;
}

/// The figures a choice or open question may quote: those of the step it points to, or the hardware figures
/// alone when the lessons or the step cannot be evaluated.
Figures questionFigures(const Question& q, const std::string& dir)
{
    const auto lessons = loadLessons(dir);
    if (lessons)
        for (const auto& l : *lessons)
            for (const auto& s : l.steps)
                if (l.id + "#" + s.id == q.step)
                    if (auto result = evaluateStep(s, contextForLessons(dir)))
                        return std::move(result).value().figures;
    return hardwareFigures();
}

/// "dp=16 tp=4 pp=1 ep=1 zero=3" (any order, missing degrees 1, ZeRO 0); nullopt with `error` otherwise.
std::optional<DesignAnswer> parseDesignAnswer(const std::string& text, std::string& error)
{
    DesignAnswer a;
    std::istringstream in(text);
    for (std::string item; in >> item;) {
        const auto eq = item.find('=');
        int value = 0;
        const auto* begin = item.data() + (eq == std::string::npos ? item.size() : eq + 1);
        const auto* end = item.data() + item.size();
        const auto [ptr, ec] = std::from_chars(begin, end, value);
        const std::string key = item.substr(0, eq);
        if (eq == std::string::npos || ec != std::errc() || ptr != end || value < 0 || value > 65536) {
            error = "--answer " + item + ": must be key=number (dp, tp, pp, ep, zero)";
            return std::nullopt;
        }
        if (key == "dp")
            a.dp = value;
        else if (key == "tp")
            a.tp = value;
        else if (key == "pp")
            a.pp = value;
        else if (key == "ep")
            a.ep = value;
        else if (key == "zero")
            a.zeroStage = value;
        else {
            error = "--answer " + item + ": unknown degree (dp, tp, pp, ep, zero)";
            return std::nullopt;
        }
    }
    return a;
}

/// A design question: the prompt, the layout search's best layout and, with --answer, the grade.
int runDesign(const Question& q, const CommandLine& cl, Language lang, std::ostream& out, std::ostream& err)
{
    const bool zh = lang == Language::ZhCN;
    out << q.prompt.in(lang) << "\n\n";
    const auto search = designSearch(q);
    if (!search) {
        err << toText(search.problems()) << '\n';
        return 1;
    }
    const auto& best = search->ranked.front();
    out << (zh ? "最快的布局：" : "Fastest layout: ") << best.scenario.name.en << ", "
        << formatSeconds(best.metrics.stepSeconds) << (zh ? " 每步" : " per step") << "\n";
    if (const auto text = cl.value("--answer")) {
        std::string error;
        const auto answer = parseDesignAnswer(*text, error);
        if (!answer) {
            err << "lessons quiz: " << error << '\n';
            return 2;
        }
        const auto grade = gradeDesign(q, *search, *answer);
        out << (zh ? "你的布局：" : "Your layout: ") << designText(*answer) << ": ";
        if (grade.yours)
            out << grade.yours->scenario.name.en << ", " << formatSeconds(grade.yours->metrics.stepSeconds) << " ("
                << static_cast<int>(grade.ratio * 100 + 0.5) << (zh ? " % 的最快速度" : " % of the fastest") << ")";
        else
            out << grade.why;
        out << "\n" << (zh ? "得分：" : "Credit: ") << grade.credit << "\n";
    }
    out << '\n' << q.explanation.in(lang) << "\n→ " << q.step << '\n';
    return 0;
}

int runQuiz(const CommandLine& cl, std::ostream& out, std::ostream& err)
{
    if (cl.positionals().empty()) {
        usage(err);
        return 2;
    }
    const auto dir = cl.value("--dir").value_or(defaultDir());
    auto questions = loadQuestions((std::filesystem::path(dir) / "questions").string());
    if (!questions) {
        err << toText(questions.problems()) << '\n';
        return 1;
    }
    std::uint64_t seed = 1;
    if (const auto text = cl.value("--seed")) {
        const auto* end = text->data() + text->size();
        if (const auto [ptr, ec] = std::from_chars(text->data(), end, seed); ec != std::errc() || ptr != end) {
            err << "lessons quiz: --seed " << *text << ": must be a whole number ≥ 0\n";
            return 2;
        }
    }
    const auto lang = languageOf(cl);
    const bool zh = lang == Language::ZhCN;
    for (const auto& q : *questions) {
        if (q.id != cl.positionals()[0])
            continue;
        if (q.kind == QuestionKind::Design)
            return runDesign(q, cl, lang, out, err);
        if (q.kind == QuestionKind::Numeric) {
            auto inst = generate(q, seed);
            if (!inst) {
                err << toText(inst.problems()) << '\n';
                return 1;
            }
            out << render(q.prompt, lang, *inst) << "\n\n"
                << (zh ? "答案：" : "Answer: ") << inst->figures.at("answer.in_unit").text << "\n\n"
                << render(q.solution, lang, *inst) << "\n";
        } else {
            const auto figures = questionFigures(q, dir);
            const auto text = [&](const Text& t) { return resolveTemplate(t.in(lang), figures).text; };
            out << text(q.prompt) << "\n\n";
            if (q.kind == QuestionKind::Choice) {
                const auto order = choiceOrder(q, seed);
                char right = '?';
                for (std::size_t k = 0; k < order.size(); ++k) {
                    const bool correct = order[k] == q.correct;
                    if (correct)
                        right = static_cast<char>('A' + k);
                    out << (correct ? "* " : "  ") << char('A' + k) << ". " << text(q.choices[order[k]]) << '\n';
                }
                out << '\n' << (zh ? "答案：" : "Answer: ") << right << "\n\n" << text(q.explanation) << '\n';
            } else {
                out << (zh ? "参考答案：" : "Model answer: ") << text(q.answer) << '\n';
            }
        }
        out << "→ " << q.step << '\n';
        return 0;
    }
    err << "no question '" << cl.positionals()[0] << "'\n";
    return 1;
}
} // namespace

int runLessons(Args args, std::ostream& out, std::ostream& err)
{
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        usage(args.empty() ? err : out);
        return args.empty() ? 2 : 0;
    }
    const CommandLine cl(args.subspan(1), { "--lang", "--dir", "--seed", "--answer" }, {});
    if (!cl.ok()) {
        err << "lessons: " << cl.error() << '\n';
        usage(err);
        return 2;
    }
    const auto& sub = args[0];
    if (sub == "check")
        return runCheck(cl, out, err);
    if (sub == "list")
        return runList(cl, out, err);
    if (sub == "show")
        return runShow(cl, out, err);
    if (sub == "quiz")
        return runQuiz(cl, out, err);
    if (sub == "figures")
        return runFigures(cl, out, err);
    err << "lessons: unknown subcommand '" << sub << "'\n";
    usage(err);
    return 2;
}

} // namespace tutor::app::cli
