// SPDX-License-Identifier: MIT
#pragma once
// What every harness checks besides "no crash": a refusal names field, rule and origin; an accepted input gives
// finite figures; text a writer produces is valid UTF-8. A broken invariant prints what broke and aborts, which
// libFuzzer and the replay driver report as a finding with the input that caused it.
#include "model/collectives/problem.h"
#include "model/io/jsonsafe.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace tutor::fuzz {

[[noreturn]] inline void fail(std::string_view what, std::string_view detail = {})
{
    std::fprintf(stderr, "fuzz invariant broken: %.*s\n", static_cast<int>(what.size()), what.data());
    if (!detail.empty())
        std::fprintf(stderr, "  %.*s\n", static_cast<int>(std::min<std::size_t>(detail.size(), 2000)), detail.data());
    std::abort();
}

inline void require(bool holds, std::string_view what, std::string_view detail = {})
{
    if (!holds)
        fail(what, detail);
}

inline void requireFinite(double value, std::string_view what)
{
    if (!std::isfinite(value))
        fail(what, std::to_string(value));
}

/// A refusal says why: at least one problem, each with a rule and either the field or the origin it concerns.
inline void requireNamed(const model::Problems& problems, std::string_view what)
{
    require(!problems.empty(), what, "refused without a problem");
    for (const auto& p : problems) {
        require(!p.rule.empty(), what, "problem without a rule: " + p.text());
        require(!p.field.empty() || !p.where.empty(), what, "problem names neither field nor origin: " + p.text());
    }
}

/// Text meant for a person or a file (messages, JSON written back) is valid UTF-8.
inline void requireUtf8(std::string_view text, std::string_view what)
{
    require(io::validUtf8(text), what, "invalid UTF-8 in output");
}

/// No "nan" or "inf" printed as a number.
inline bool printsNonFinite(std::string_view text)
{
    for (std::string_view bad : { "nan", "NaN", "inf", "Inf" }) {
        for (auto at = text.find(bad); at != std::string_view::npos; at = text.find(bad, at + 1)) {
            const bool wordStart = at == 0 || !std::isalpha(static_cast<unsigned char>(text[at - 1]));
            const auto end = at + bad.size();
            const bool wordEnd = end >= text.size() || !std::isalpha(static_cast<unsigned char>(text[end]));
            if (wordStart && wordEnd)
                return true;
        }
    }
    return false;
}

/// The input as text; most targets read a whole file, so the bytes are taken as they are.
inline std::string_view asText(const unsigned char* data, std::size_t size)
{
    return { reinterpret_cast<const char*>(data), size };
}

} // namespace tutor::fuzz
