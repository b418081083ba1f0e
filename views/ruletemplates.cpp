// SPDX-License-Identifier: MIT
#include "views/ruletemplates.h"

#include <QCoreApplication>
#include <span>

namespace tutor::views {

namespace {

/// A wording with parts that vary. The English pattern is both what is matched and the source text of the
/// translation; bit n-1 of `translatedParts` marks %n as a wording of its own (translated in turn), the other parts
/// (numbers, names, fields, quoted input) are kept as written.
struct RuleTemplate {
    const char* pattern;
    unsigned translatedParts = 0;
};

constexpr unsigned part(int n)
{
    return 1u << (n - 1);
}

// Whole rules the model, the worker and the readers write with figures inside the sentence.
constexpr RuleTemplate kRuleTemplates[] = {
    // JSON text the library refused: its message is split into what it was parsing, what went wrong, what it read
    // last and what it expected (nlohmann::json's parse_error.101 wording), each part translated.
    { QT_TRANSLATE_NOOP(
          "tutor::views::Problem", "malformed JSON: syntax error while parsing %1 - %2; last read: %3; expected %4"),
        part(1) | part(2) | part(4) },
    { QT_TRANSLATE_NOOP(
          "tutor::views::Problem", "malformed JSON: syntax error while parsing %1 - unexpected %2; expected %3"),
        part(1) | part(2) | part(3) },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "malformed JSON: syntax error while parsing %1 - %2; last read: %3"),
        part(1) | part(2) },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "malformed JSON: syntax error while parsing %1 - unexpected %2"),
        part(1) | part(2) },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "malformed JSON: number overflow parsing %1") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "not valid JSON (%1)"), part(1) },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "must be one JSON object per line (%1)"), part(1) },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "not a JSON record (%1): %2"), part(1) },
    // The bounded JSON reader's limits (model/io/jsonsafe.cpp) and the file reader's (model/io/textfile.cpp).
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "the text is %1 bytes; at most %2 are read") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "a string of %1 bytes; at most %2 are read") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "a string longer than %1 bytes") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "nesting deeper than %1 levels of [ ] and { }") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "more than %1 entries in one list or object") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "is %1; at most %2 is read"), part(1) | part(2) },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be read: %1"), part(1) },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be written: %1 (the old file is kept)"), part(1) },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be written: %1 (no file was created)"), part(1) },
    { QT_TRANSLATE_NOOP("tutor::views::Problem",
          "was written, but its folder could not be synced: %1 (a power cut may bring the old file back)"),
        part(1) },
    // A claim of a lesson step that does not parse (model/teach/claim.cpp).
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a valid claim: column %1: %2"), part(2) },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be evaluated: column %1: %2"), part(2) },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be evaluated: %1"), part(1) },
    // Scenario, topology and layout rules.
    { QT_TRANSLATE_NOOP("tutor::views::Problem",
        "would put %1 ranks on each node, but a %2 node has %3 GPUs: use at least %4 nodes for %5 ranks") },
    { QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "must be a multiple of parallel.pp = %1 for the interleaved schedule") },
    { QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "times model.layers = %1 is too large to simulate (at most 100,000 layer passes)") },
    { QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "no layout of %1 runs on these GPUs (every one breaks a rule or memory)") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "skipped; the first %1 are listed") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "with bytes = %1 means %2 GB/s, more than any link (%3 GB/s)") },
    // The live-lab worker's error records (live/worker, live/mpi, live/nccl).
    { QT_TRANSLATE_NOOP("tutor::views::Problem",
        "%1 made no progress for %2 s: rank %3 waited in %4 for another rank (%5); communicator aborted") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem",
        "%1 made no progress for %2 s: rank %3 waited in %4 for another rank; communicator aborted") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem",
        "%1 made no progress for %2 s: rank %3 stopped outside any library call; communicator aborted") },
    { QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "allocating the buffers of %1 of %2 B (%3 per rank) failed: out of memory") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "the %1 backend moves at most %2 elements per call (%3)") },
    { QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "needs %1 of buffers per rank (send and receive, 2 × S), more than %2") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "-g %1 asks for more GPUs than the %2 visible") },
    { QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "count %1 exceeds the int count of MPI calls (at most 2^31−1 elements)") },
};

// Wordings that only occur as a part of a rule above: what the JSON library was parsing, what it found and expected,
// a claim's syntax errors, and the operating system's error texts (std::generic_category, glibc's C locale).
constexpr RuleTemplate kPartWordings[] = {
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "value") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "object key") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "object separator") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "object") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "array") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "invalid literal") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "invalid string: missing closing quote") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "invalid string: '\\u' must be followed by 4 hex digits") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "invalid string: forbidden character after backslash") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "invalid string: ill-formed UTF-8 byte") },
    { QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF") },
    { QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "invalid string: control character %1 must be escaped to %2") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "invalid number; expected digit after exponent sign") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "invalid number; expected digit after %1") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "invalid number; expected '+', '-', or digit after exponent") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "invalid BOM; must be 0xEF 0xBB 0xBF if given") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "end of input") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "'[', '{', or a literal") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "string literal") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "number literal") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "true literal") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "false literal") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "null literal") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown token") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "%1 bytes") },
    // claim syntax
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "the claim is empty") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "the value is not finite") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "unexpected %1") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "division by zero") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "expected a number, a {{figure}}, a function or '('") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "expected ')' or ','") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "expected ')'") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "expected '(' after %1") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "not a number") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown function '%1' (abs, min, max)") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "abs takes one argument") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "'{{' without '}}'") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "empty {{}}") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "{{%1}}: division by zero") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "{{%1}} is not a figure of the step") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "{{%1}} is text, not a number") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "{{%1}} is not finite") },
    // operating-system errors
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "No such file or directory") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "Permission denied") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "No space left on device") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "File too large") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "Is a directory") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "Not a directory") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "Read-only file system") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "File exists") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "Too many open files") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "Input/output error") },
    { QT_TRANSLATE_NOOP("tutor::views::Problem", "Disk quota exceeded") },
};

using Translate = QString (*)(std::string_view);

std::optional<QString> fromTable(std::span<const RuleTemplate> table, std::string_view text, Translate translate);

/// A part marked as a wording: one of the part wordings, else whatever the caller's translation makes of it.
QString partText(std::string_view part, Translate translate)
{
    if (auto text = fromTable(kPartWordings, part, translate))
        return *text;
    return translate(part);
}

std::optional<QString> fromTable(std::span<const RuleTemplate> table, std::string_view text, Translate translate)
{
    for (const RuleTemplate& t : table) {
        const auto parts = matchPattern(t.pattern, text);
        if (!parts)
            continue;
        std::vector<QString> args;
        args.reserve(parts->size());
        for (std::size_t i = 0; i < parts->size(); ++i) {
            const std::string_view p = (*parts)[i];
            args.push_back(t.translatedParts & (1u << i)
                    ? partText(p, translate)
                    : QString::fromUtf8(p.data(), static_cast<qsizetype>(p.size())));
        }
        return fillPattern(QCoreApplication::translate("tutor::views::Problem", t.pattern), args);
    }
    return std::nullopt;
}

bool isPlaceholder(std::string_view s, std::size_t i)
{
    return i + 1 < s.size() && s[i] == '%' && s[i + 1] >= '1' && s[i + 1] <= '9';
}

} // namespace

std::optional<std::vector<std::string_view>> matchPattern(std::string_view pattern, std::string_view text)
{
    // Split the pattern into literals and the placeholders between them.
    std::vector<std::string_view> literals { {} };
    std::vector<int> numbers;
    for (std::size_t i = 0, start = 0; i <= pattern.size(); ++i) {
        if (i == pattern.size()) {
            literals.back() = pattern.substr(start, i - start);
        } else if (isPlaceholder(pattern, i)) {
            literals.back() = pattern.substr(start, i - start);
            numbers.push_back(pattern[i + 1] - '0');
            literals.emplace_back();
            start = i + 2;
            ++i;
        }
    }
    if (!text.starts_with(literals.front()))
        return std::nullopt;
    if (numbers.empty())
        return text.size() == literals.front().size() ? std::optional(std::vector<std::string_view> {}) : std::nullopt;
    std::vector<std::string_view> parts(numbers.size());
    std::size_t pos = literals.front().size();
    for (std::size_t k = 0; k < numbers.size(); ++k) {
        const std::string_view next = literals[k + 1];
        const bool last = k + 1 == numbers.size();
        std::size_t end;
        if (last) {
            if (text.size() < pos + 1 + next.size() || !text.ends_with(next))
                return std::nullopt;
            end = text.size() - next.size();
        } else {
            end = text.find(next, pos + 1);
            if (end == std::string_view::npos)
                return std::nullopt;
        }
        const auto n = static_cast<std::size_t>(numbers[k]);
        if (n > parts.size())
            return std::nullopt;
        parts[n - 1] = text.substr(pos, end - pos);
        pos = end + next.size();
    }
    return parts;
}

QString fillPattern(const QString& pattern, const std::vector<QString>& args)
{
    QString out;
    out.reserve(pattern.size() + 64);
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern[i];
        if (c == QLatin1Char('%') && i + 1 < pattern.size() && pattern[i + 1] >= QLatin1Char('1')
            && pattern[i + 1] <= QLatin1Char('9')) {
            const auto n = static_cast<std::size_t>(pattern[i + 1].unicode() - u'0');
            if (n <= args.size()) {
                out += args[n - 1];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

std::optional<QString> templatedRule(std::string_view rule, Translate translate)
{
    return fromTable(kRuleTemplates, rule, translate);
}

} // namespace tutor::views
