// SPDX-License-Identifier: MIT
#pragma once
// Design questions ("choose TP, PP, DP, EP and the ZeRO stage for this model on N GPUs") graded against the
// layout search (model/sim/layoutsearch.h): the learner picks the parallel degrees, the search picks the rest
// (virtual stages, recomputation, micro-batch size) for them, and the answer earns credit by how close its step
// time comes to the fastest layout the search finds.
#include "model/sim/layoutsearch.h"
#include "model/teach/question.h"

#include <optional>
#include <string>

namespace tutor::model {

struct DesignAnswer {
    int dp = 1;
    int tp = 1;
    int pp = 1;
    int ep = 1;
    int zeroStage = 0;
};

/// The step-time ratios (fastest ÷ the answer's) that earn full and half credit: within 5 % and within 25 %.
inline constexpr double kFullCreditRatio = 0.95;
inline constexpr double kHalfCreditRatio = 0.8;

struct DesignGrade {
    /// 1 at kFullCreditRatio or better, 0.5 at kHalfCreditRatio or better, else 0 (also when the layout cannot run).
    double credit = 0;
    double ratio = 0; ///< the fastest step time ÷ the answer's (1: as fast as the best)
    LayoutResult best; ///< the search's fastest layout
    std::optional<LayoutResult> yours; ///< the fastest layout with the answer's degrees, when one runs
    std::string why; ///< without `yours`: the rule or the memory limit that rules the answer out
};

/// The layout search a design question asks about (its model, preset, GPU count and global batch).
Result<SearchResult> designSearch(const Question& question);
/// What grading reads of a search: the first (fastest) ranked layout and the first refused one of each set of
/// degrees (dp, tp, pp, ep, ZeRO stage), in their order. gradeDesign gives the same grade with it as with the whole
/// search, which holds every layout it ranked and refused (megabytes, for a window that keeps searches).
SearchResult gradingPart(SearchResult search);
/// Grades `answer` against `search` (designSearch's result for the same question, or its gradingPart).
DesignGrade gradeDesign(const Question& question, const SearchResult& search, const DesignAnswer& answer);
/// "dp8 tp4 pp2 ep1 zero1", the degrees as the search's layout names write them.
std::string designText(const DesignAnswer& answer);

} // namespace tutor::model
