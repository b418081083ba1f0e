// SPDX-License-Identifier: MIT
#pragma once
// Scenario files: JSON read and written with nlohmann_json (schema in scenario.h).
// Reading reports every problem at once: malformed JSON with file:line:column, wrong types and unknown
// keys with their JSON path, then everything validate() finds.
#include "model/sim/scenario.h"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

namespace tutor::model {

/// The scenario in a JSON document, then validate()d. `origin` (a file name) fills Problem::where.
Result<Scenario> scenarioFromJson(const nlohmann::json& json, const std::string& origin = {});
/// Parses text; malformed JSON gives one problem whose `where` is "origin:line:column".
Result<Scenario> parseScenario(std::string_view text, const std::string& origin = {});
/// Reads a file; "cannot open" when it is missing.
Result<Scenario> loadScenario(const std::string& path);
/// Parses a file into a JSON document without reading it as a scenario (for sweeps and lesson overrides).
Result<nlohmann::json> loadJson(const std::string& path);
Result<nlohmann::json> parseJson(std::string_view text, const std::string& origin = {});

/// Every field written out (defaults included), so a saved file documents itself.
nlohmann::json toJson(const Scenario& scenario);
/// toJson(scenario) pretty-printed with two-space indentation.
std::string toJsonText(const Scenario& scenario);
/// Replaces the file by toJsonText crash-safely (io::writeFileAtomically); when that fails, one problem
/// "<path>: cannot be written: <reason> (the old file is kept)" and the old file unchanged.
Problems saveScenario(const Scenario& scenario, const std::string& path);

/// Sets `dottedPath` (e.g. "comm.bucket_MiB") to `value` written as on a command line ("100", "true",
/// "interleaved"). The text becomes a number or boolean when it reads as one, or when the existing field
/// holds one; otherwise a string. Intermediate objects are created. Problems: empty path or segment,
/// a non-object on the way, a number/boolean field given text that is not one.
Problems setField(nlohmann::json& json, std::string_view dottedPath, std::string_view value);

} // namespace tutor::model
