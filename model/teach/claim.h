// SPDX-License-Identifier: MIT
#pragma once
// Checked claims: what a lesson step's figures must show, written as a small arithmetic comparison over the same
// `{{figure}}` templates its text quotes, e.g. "{{inside.metrics.tokens_per_s}} > 1.3 * {{metrics.tokens_per_s}}".
//
// Grammar (no exceptions escape; every failure is a value):
//   claim      := sum (cmp sum)?            cmp: < <= > >= == !=   (== and != compare with relative 1e-9)
//   sum        := product (("+" | "-") product)*
//   product    := unary (("*" | "/") unary)*
//   unary      := "-" unary | primary
//   primary    := number | "{{" key "}}" | "{{" key " / " key "}}" | ("abs" | "min" | "max") "(" args ")"
//               | "(" sum ")"
// A figure stands for its value in its base unit (s, B, GB/s, Gb/s, fraction 0..1, count, ratio, FLOP/s), so
// "{{metrics.bubble_fraction}} < 0.4" means 40 %. A claim without a comparison holds when its value is non-zero.
#include "model/collectives/problem.h"
#include "model/teach/lesson.h"
#include "model/teach/lessontemplate.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tutor::model {

/// The outcome of one claim against a step's figures.
struct ClaimCheck {
    bool holds = false;
    std::string error; ///< non-empty when the claim could not be evaluated (syntax, unknown figure, ÷ 0, text figure)
    /// Each template the claim quotes with the value it stood for, formatted with its unit ("{{metrics.mfu}} = 41.2
    /// %").
    std::vector<std::pair<std::string, std::string>> values;
    bool operator==(const ClaimCheck&) const = default;
};

/// Only the syntax: an empty string when `claim` parses, otherwise what is wrong and at which column (1-based),
/// e.g. "column 12: expected ')'". Needs no figures, so lesson files are checked when they load.
std::string claimSyntaxError(std::string_view claim);

/// Evaluates `claim` against `figures`. Never throws; a claim that cannot be evaluated does not hold and says why.
ClaimCheck evaluateClaim(std::string_view claim, const Figures& figures);

/// "{{a}} = 1.2 ms, {{b}} = 3 ms": the values of a check, for messages.
std::string claimValuesText(const ClaimCheck& check);

/// Every claim of `step` against `figures` (evaluateStep()'s). One problem per claim that does not hold or cannot
/// be evaluated: field "<lesson>#<step>.claims[i]", value the claim, rule "does not hold: <values>" or
/// "cannot be evaluated: <why>", where the lesson's file.
Problems checkClaims(const Lesson& lesson, const LessonStep& step, const Figures& figures);

} // namespace tutor::model
