// SPDX-License-Identifier: MIT
#include "model/measure/ncclimportdetail.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace tutor::model::detail {

namespace {

bool isDigit(char c)
{
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

bool allDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), isDigit);
}

std::string_view trimLeft(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    return s;
}

/// "2024-05-01", optionally followed by "T10:00:00.123Z" in the same word.
bool startsWithDate(std::string_view w)
{
    return w.size() >= 10 && allDigits(w.substr(0, 4)) && w[4] == '-' && allDigits(w.substr(5, 2)) && w[7] == '-'
        && allDigits(w.substr(8, 2))
        && (w.size() == 10 || w[10] == 'T' || w[10] == '_' || w[10] == ']' || w[10] == ' ');
}

/// "10:00:00", "10:00:00.123", "10:00:00,123Z", "10:00:00]".
bool startsWithClock(std::string_view w)
{
    return w.size() >= 8 && allDigits(w.substr(0, 2)) && w[2] == ':' && allDigits(w.substr(3, 2)) && w[5] == ':'
        && allDigits(w.substr(6, 2));
}

bool isHostChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '.' || c == '_';
}

/// One launcher prefix removed from the front of `s`, or nullopt when there is none.
std::optional<std::string_view> dropPrefix(std::string_view s)
{
    if (s.empty())
        return std::nullopt;
    if (s.front() == '>') // markdown quote
        return s.substr(1);
    if (s.front() == '[') {
        const auto close = s.find(']');
        if (close == std::string_view::npos)
            return std::nullopt;
        const auto inner = s.substr(1, close - 1);
        auto rest = s.substr(close + 1);
        // mpirun --tag-output "[1,0]<stdout>:" / "[1,0]:", MPICH -prepend-rank "[0] "
        const auto comma = inner.find(',');
        const bool tag = comma != std::string_view::npos && allDigits(inner.substr(0, comma))
            && allDigits(inner.substr(comma + 1));
        if (tag) {
            if (rest.starts_with("<stdout>") || rest.starts_with("<stderr>"))
                rest.remove_prefix(8);
            if (rest.starts_with(":"))
                return rest.substr(1);
            return std::nullopt;
        }
        if (allDigits(inner) && (rest.empty() || rest.front() == ' ' || rest.front() == ':'))
            return rest.starts_with(":") ? rest.substr(1) : rest;
        if (startsWithDate(inner)) // "[2024-05-01 10:00:00]"
            return rest;
        return std::nullopt;
    }
    if (s.front() == '(') { // Ray's "(head, rank=0, pid=3808) "
        const auto close = s.find(')');
        if (close != std::string_view::npos && s.substr(0, close).find("pid=") != std::string_view::npos)
            return s.substr(close + 1);
        return std::nullopt;
    }
    const auto end = std::min(s.find_first_of(" \t"), s.size());
    const auto word = s.substr(0, end);
    if (startsWithDate(word)) { // "2024-05-01T10:00:00Z" or "2024-05-01 10:00:00,123"
        auto rest = trimLeft(s.substr(end));
        if (word.size() == 10 && startsWithClock(rest))
            rest = rest.substr(std::min(rest.find_first_of(" \t"), rest.size()));
        return rest;
    }
    if (word.size() >= 2 && word.back() == ':') {
        const auto name = word.substr(0, word.size() - 1);
        // srun -l "12: ", pdsh "node001: "; not NCCL's "host:pid:tid" (it has no trailing colon)
        if (allDigits(name) || std::all_of(name.begin(), name.end(), isHostChar))
            return s.substr(end);
    }
    return std::nullopt;
}

} // namespace

CleanLine cleanLine(std::string_view raw)
{
    while (!raw.empty() && (raw.back() == '\r' || raw.back() == '\n'))
        raw.remove_suffix(1);
    std::string_view s = trimLeft(raw);
    for (int guard = 0; guard < 8; ++guard) {
        if (s.starts_with("```") || s.starts_with("~~~"))
            return { {}, true };
        const auto next = dropPrefix(s);
        if (!next)
            break;
        s = trimLeft(*next);
    }
    return { s, false };
}

bool isNcclDebugLine(std::string_view line)
{
    for (const std::string_view tag : { "NCCL INFO", "NCCL WARN", "NCCL TRACE", "NCCL ABORT", "NCCL CALL" })
        if (line.find(tag) != std::string_view::npos)
            return true;
    return false;
}

std::string ncclVersionInLine(std::string_view line)
{
    const auto at = line.find("NCCL version ");
    if (at == std::string_view::npos)
        return {};
    auto rest = line.substr(at + 13);
    std::size_t n = 0;
    while (n < rest.size() && (isDigit(rest[n]) || rest[n] == '.'))
        ++n;
    auto version = rest.substr(0, n);
    while (!version.empty() && version.back() == '.')
        version.remove_suffix(1);
    return std::count(version.begin(), version.end(), '.') >= 1 ? std::string(version) : std::string();
}

std::string ncclVersionFromCode(std::int64_t code)
{
    if (code <= 0)
        return {};
    // NCCL_VERSION(X,Y,Z): X*1000+Y*100+Z before 2.9, X*10000+Y*100+Z from 2.9 on (nccl.h).
    const std::int64_t major = code >= 10000 ? code / 10000 : code / 1000;
    const std::int64_t minor = code >= 10000 ? (code % 10000) / 100 : (code % 1000) / 100;
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(code % 100);
}

std::optional<Collective> opFromProgramText(std::string_view text)
{
    std::optional<Collective> found;
    bool several = false;
    for (std::size_t at = text.find("_perf"); at != std::string_view::npos; at = text.find("_perf", at + 5)) {
        std::size_t begin = at;
        while (begin > 0
            && (std::islower(static_cast<unsigned char>(text[begin - 1])) != 0 || text[begin - 1] == '_'
                || isDigit(text[begin - 1])))
            --begin;
        const auto identifier = text.substr(begin, at - begin);
        for (const auto& t : collectives()) {
            if (t.ncclTestsName.empty() || identifier != t.ncclTestsName)
                continue;
            several = several || (found && *found != t.op);
            found = t.op;
        }
    }
    return several ? std::nullopt : found;
}

std::optional<Collective> opFromFileName(std::string_view path)
{
    const auto slash = path.find_last_of("/\\");
    const auto base = slash == std::string_view::npos ? path : path.substr(slash + 1);
    std::string key;
    for (char c : base)
        if (std::isalnum(static_cast<unsigned char>(c)) != 0)
            key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    struct Hit {
        std::size_t begin, end;
        Collective op;
    };
    std::vector<Hit> hits;
    for (const auto& t : collectives())
        for (auto at = key.find(t.cliName); at != std::string::npos; at = key.find(t.cliName, at + 1))
            hits.push_back({ at, at + t.cliName.size(), t.op });
    // "allreduce" also holds "reduce", "reducescatter" holds "scatter": a name inside a longer one does not count.
    std::optional<Collective> found;
    for (const auto& h : hits) {
        const bool inside = std::any_of(hits.begin(), hits.end(),
            [&](const Hit& o) { return o.end - o.begin > h.end - h.begin && o.begin <= h.begin && h.end <= o.end; });
        if (inside)
            continue;
        if (found && *found != h.op)
            return std::nullopt;
        found = h.op;
    }
    return found;
}

std::vector<std::string_view> splitWords(std::string_view line)
{
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i])))
            ++i;
        std::size_t j = i;
        while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j])))
            ++j;
        if (j > i)
            words.push_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

std::optional<double> toNumber(std::string_view word)
{
    std::string text(word);
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::optional<std::int64_t> toInteger(std::string_view word)
{
    const auto digits = word.starts_with('-') ? word.substr(1) : word;
    if (!allDigits(digits) || digits.empty())
        return std::nullopt;
    // Past int64 (a 20-digit size) the word is a number that no row can hold: the largest value, which the row's
    // size rule then refuses by name.
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (ec == std::errc::result_out_of_range)
        return word.starts_with('-') ? std::numeric_limits<std::int64_t>::min()
                                     : std::numeric_limits<std::int64_t>::max();
    if (ec != std::errc {} || end != word.data() + word.size())
        return std::nullopt;
    return value;
}

bool isDateWord(std::string_view word)
{
    return word.size() == 10 && startsWithDate(word);
}

bool isClockWord(std::string_view word)
{
    return word.size() == 8 && startsWithClock(word);
}

} // namespace tutor::model::detail
