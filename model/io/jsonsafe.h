// SPDX-License-Identifier: MIT
#pragma once
// JSON from untrusted bytes, and JSON values shown back to a person.
//
// parseBounded() is the one way the project turns text into a nlohmann::json: the text's size, the nesting
// depth, every string's length and every array's or object's element count are bounded before anything
// recursive (dump, a destructor, a type check in an error message) can see the value, and every exception the
// library throws (syntax, number overflow such as 1e999, invalid UTF-8) becomes a JsonFailure naming the rule
// and the byte. shown() and dumpText() never throw: invalid UTF-8 is replaced by U+FFFD and deep or long
// values are cut with "…".
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>

namespace tutor::io {

struct JsonLimits {
    std::size_t maxBytes = std::size_t { 64 } << 20; ///< the whole text
    int maxDepth = 64; ///< nested arrays and objects
    std::size_t maxString = std::size_t { 1 } << 20; ///< one string or key, in bytes
    std::size_t maxElements = std::size_t { 1 } << 22; ///< one array's or object's entries
};

/// Limits for one line of the worker protocol or a JSON Lines measurement (short records, shallow).
JsonLimits lineLimits();

struct JsonFailure {
    std::string rule; ///< e.g. "nesting deeper than 64 levels", "malformed JSON: syntax error …"
    std::size_t byte = 0; ///< offset in the text where it was found (0 when it concerns the whole text)
    int line = 1; ///< 1-based line and column of byte
    int column = 1;
};

using JsonParse = std::variant<nlohmann::json, JsonFailure>;

/// Parses text within limits; never throws.
JsonParse parseBounded(std::string_view text, const JsonLimits& limits = {});

/// A value for an error message: compact JSON (a string without quotes when quoted is false), at most
/// maxChars characters (cut at a UTF-8 boundary, "…" appended), nesting past 8 levels shown as "[…]" / "{…}",
/// invalid UTF-8 replaced. Never throws.
std::string shown(const nlohmann::json& value, std::size_t maxChars = 60, bool quoted = true);

/// The value as JSON text for output (files, protocol records, --json): invalid UTF-8 replaced by U+FFFD.
/// indent < 0 is compact. Never throws (a value deeper than any parseBounded limit is refused with "null").
std::string dumpText(const nlohmann::json& value, int indent = -1);

/// True when text is well-formed UTF-8 (no overlongs, surrogates or code points past U+10FFFF).
bool validUtf8(std::string_view text);

/// text with every invalid UTF-8 sequence replaced by U+FFFD.
std::string withValidUtf8(std::string_view text);

/// The nesting depth of a value (iterative; a scalar is 0).
int depthOf(const nlohmann::json& value);

} // namespace tutor::io
