// SPDX-License-Identifier: MIT
#pragma once
// Whether a list of problems names a field with a rule that says something, and what the scenario loader says of one
// wrong field: what tests of validate() and the loaders look for.
#include "model/collectives/problem.h"
#include "model/sim/scenarioio.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace tutor::testing {

/// A problem of `field` whose rule contains `words` (any rule when empty).
inline bool mentions(const model::Problems& problems, const std::string& field, const std::string& words = {})
{
    return std::any_of(problems.begin(), problems.end(),
        [&](const model::Problem& p) { return p.field == field && p.rule.find(words) != std::string::npos; });
}

/// The first problem parseScenario reports for `scenario`'s file with `section`.`key` set to `value`, without its
/// origin; nothing when that file parses.
inline std::optional<model::Problem> problemWith(
    const model::Scenario& scenario, const std::string& section, const std::string& key, const nlohmann::json& value)
{
    auto doc = model::toJson(scenario);
    doc[section][key] = value;
    const auto parsed = model::parseScenario(doc.dump());
    if (parsed)
        return std::nullopt;
    auto first = parsed.problems().front();
    first.where.clear();
    return first;
}

} // namespace tutor::testing
