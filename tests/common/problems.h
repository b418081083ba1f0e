// SPDX-License-Identifier: MIT
#pragma once
// Whether a list of problems names a field with a rule that says something: what tests of validate() and the loaders
// look for.
#include "model/collectives/problem.h"

#include <algorithm>
#include <string>

namespace tutor::testing {

/// A problem of `field` whose rule contains `words` (any rule when empty).
inline bool mentions(const model::Problems& problems, const std::string& field, const std::string& words = {})
{
    return std::any_of(problems.begin(), problems.end(),
        [&](const model::Problem& p) { return p.field == field && p.rule.find(words) != std::string::npos; });
}

} // namespace tutor::testing
