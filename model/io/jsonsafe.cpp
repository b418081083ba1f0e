// SPDX-License-Identifier: MIT
#include "model/io/jsonsafe.h"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

namespace tutor::io {

using nlohmann::json;

namespace {

std::string thousands(std::size_t n)
{
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

JsonFailure failureAt(std::string_view text, std::size_t byte, std::string rule)
{
    JsonFailure f { std::move(rule), byte, 1, 1 };
    const std::size_t end = std::min(byte, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++f.line;
            f.column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++f.column;
        }
    }
    return f;
}

/// One pass over the bytes before the library sees them: nesting depth, string lengths and element counts,
/// with strings (and their escapes) skipped. Malformed text passes through to the parser, which names it.
std::optional<JsonFailure> checkShape(std::string_view text, const JsonLimits& limits)
{
    std::vector<std::size_t> elements; // per open container: separators seen so far
    elements.reserve(static_cast<std::size_t>(std::max(limits.maxDepth, 0)) + 1);
    bool inString = false;
    std::size_t stringStart = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                inString = false;
                if (i - stringStart - 1 > limits.maxString)
                    return failureAt(text, stringStart,
                        "a string of " + thousands(i - stringStart - 1) + " bytes; at most "
                            + thousands(limits.maxString) + " are read");
            }
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            stringStart = i;
            break;
        case '[':
        case '{':
            if (static_cast<int>(elements.size()) >= limits.maxDepth)
                return failureAt(
                    text, i, "nesting deeper than " + std::to_string(limits.maxDepth) + " levels of [ ] and { }");
            elements.push_back(0);
            break;
        case ']':
        case '}':
            if (!elements.empty())
                elements.pop_back();
            break;
        case ',':
            if (!elements.empty() && ++elements.back() >= limits.maxElements)
                return failureAt(
                    text, i, "more than " + thousands(limits.maxElements) + " entries in one list or object");
            break;
        default:
            break;
        }
    }
    if (inString && text.size() - stringStart - 1 > limits.maxString)
        return failureAt(text, stringStart, "a string longer than " + thousands(limits.maxString) + " bytes");
    return std::nullopt;
}

std::string libraryMessage(const json::exception& e)
{
    std::string message = e.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error while parsing …"
    if (const auto at = message.find("syntax error"); at != std::string::npos)
        return message.substr(at);
    if (const auto at = message.find("] "); at != std::string::npos)
        message = message.substr(at + 2);
    return message;
}

/// Up to `budget` characters of value, nesting past maxDepth shown as […] / {…}.
void render(const json& value, int depth, std::string& out, std::size_t budget)
{
    constexpr int kShownDepth = 8;
    if (out.size() > budget)
        return;
    if (value.is_array() || value.is_object()) {
        const bool array = value.is_array();
        if (depth >= kShownDepth) {
            out += array ? "[…]" : "{…}";
            return;
        }
        out += array ? '[' : '{';
        bool first = true;
        for (auto it = value.begin(); it != value.end(); ++it) {
            if (out.size() > budget)
                return;
            if (!first)
                out += ',';
            first = false;
            if (!array) {
                out += json(it.key()).dump(-1, ' ', false, json::error_handler_t::replace);
                out += ':';
            }
            render(*it, depth + 1, out, budget);
        }
        out += array ? ']' : '}';
        return;
    }
    out += value.dump(-1, ' ', false, json::error_handler_t::replace);
}

/// text cut to at most maxChars code points, "…" appended when cut.
std::string cutAt(std::string text, std::size_t maxChars)
{
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80)
            continue;
        if (chars++ == maxChars) {
            text.resize(i);
            return text + "…";
        }
    }
    return text;
}

} // namespace

JsonLimits lineLimits()
{
    JsonLimits limits;
    limits.maxBytes = std::size_t { 1 } << 20;
    limits.maxDepth = 16;
    limits.maxString = std::size_t { 64 } << 10;
    limits.maxElements = std::size_t { 1 } << 16;
    return limits;
}

JsonParse parseBounded(std::string_view text, const JsonLimits& limits)
{
    if (text.size() > limits.maxBytes)
        return JsonFailure { "the text is " + thousands(text.size()) + " bytes; at most " + thousands(limits.maxBytes)
            + " are read" };
    if (auto failure = checkShape(text, limits))
        return *std::move(failure);
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        return failureAt(text, e.byte > 0 ? e.byte - 1 : 0, "malformed JSON: " + libraryMessage(e));
    } catch (const json::exception& e) {
        // out_of_range.406: a number such as 1e999 that no double holds.
        return JsonFailure { "malformed JSON: " + libraryMessage(e) };
    } catch (const std::bad_alloc&) {
        return JsonFailure { "too large to hold in memory" };
    }
}

std::string shown(const json& value, std::size_t maxChars, bool quoted)
{
    try {
        if (!quoted && value.is_string())
            return cutAt(withValidUtf8(value.get_ref<const std::string&>()), maxChars);
        std::string out;
        render(value, 0, out, maxChars * 4 + 8);
        return cutAt(std::move(out), maxChars);
    } catch (...) {
        return "(value)";
    }
}

std::string dumpText(const json& value, int indent)
{
    try {
        if (depthOf(value) > 256)
            return "null";
        return value.dump(indent, ' ', false, json::error_handler_t::replace);
    } catch (...) {
        return "null";
    }
}

int depthOf(const json& value)
{
    int deepest = 0;
    std::vector<std::pair<const json*, int>> pending { { &value, 0 } };
    while (!pending.empty()) {
        const auto [v, depth] = pending.back();
        pending.pop_back();
        if (!v->is_structured())
            continue;
        deepest = std::max(deepest, depth + 1);
        for (const auto& child : *v)
            pending.emplace_back(&child, depth + 1);
    }
    return deepest;
}

bool validUtf8(std::string_view text)
{
    return withValidUtf8(text) == text;
}

std::string withValidUtf8(std::string_view text)
{
    static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto b0 = static_cast<unsigned char>(text[i]);
        std::size_t length = 0;
        char32_t min = 0;
        char32_t code = 0;
        if (b0 < 0x80) {
            out += static_cast<char>(b0);
            ++i;
            continue;
        }
        if ((b0 & 0xE0) == 0xC0) {
            length = 2;
            min = 0x80;
            code = b0 & 0x1F;
        } else if ((b0 & 0xF0) == 0xE0) {
            length = 3;
            min = 0x800;
            code = b0 & 0x0F;
        } else if ((b0 & 0xF8) == 0xF0) {
            length = 4;
            min = 0x10000;
            code = b0 & 0x07;
        }
        bool ok = length > 0 && i + length <= text.size();
        for (std::size_t k = 1; ok && k < length; ++k) {
            const auto b = static_cast<unsigned char>(text[i + k]);
            ok = (b & 0xC0) == 0x80;
            code = (code << 6) | (b & 0x3F);
        }
        ok = ok && code >= min && code <= 0x10FFFF && (code < 0xD800 || code > 0xDFFF);
        if (ok) {
            out.append(text.substr(i, length));
            i += length;
        } else {
            out += kReplacement;
            ++i;
        }
    }
    return out;
}

} // namespace tutor::io
