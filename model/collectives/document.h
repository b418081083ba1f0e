// SPDX-License-Identifier: MIT
#pragma once
// Files and JSON text a person hands the program, read within bounds (model/io) and turned into Problems:
// every loader of the core (scenarios, lessons, question banks, measurements, imports, validation sets) goes
// through these, so a 55,000-level nesting, a 1e999, a FIFO or /dev/zero gives a named problem, never a crash
// or a hang.
#include "model/collectives/problem.h"
#include "model/io/jsonsafe.h"

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace tutor::model {

/// A whole regular file of at most io::kMaxTextFileBytes; otherwise Problem {"file", path, <why>, path}.
Result<std::string> readTextFile(const std::string& path);

/// Bounded parse (io::parseBounded) → JSON, or Problem {"(document)", "", <rule>, "where:line:column"}.
Result<nlohmann::json> parseJsonText(
    std::string_view text, const std::string& where, const io::JsonLimits& limits = io::JsonLimits {});

/// readTextFile + parseJsonText.
Result<nlohmann::json> loadJsonFile(const std::string& path);

/// A value for a Problem: io::shown (at most 40 characters, depth-limited, valid UTF-8).
std::string shownValue(const nlohmann::json& value);

} // namespace tutor::model
