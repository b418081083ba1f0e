// SPDX-License-Identifier: MIT
#include "model/teach/design.h"

#include <algorithm>
#include <array>
#include <set>

namespace tutor::model {

namespace {

// What a design answer names of a layout: dp, tp, pp, ep (1 without experts) and the ZeRO stage.
using Degrees = std::array<int, 5>;

Degrees degreesOf(const Scenario& s)
{
    const auto& p = s.parallel;
    return { p.dp, p.tp, p.pp, std::max(1, p.ep), p.zeroStage };
}

bool sameDegrees(const Scenario& s, const DesignAnswer& a)
{
    return degreesOf(s) == Degrees { a.dp, a.tp, a.pp, std::max(1, a.ep), a.zeroStage };
}

} // namespace

Result<SearchResult> designSearch(const Question& question)
{
    SearchRequest request;
    const auto shape = findModel(question.designModel, question.id + ".model");
    if (!shape)
        return shape.problems();
    request.base.model = *shape;
    request.base.name = { question.designModel, {} };
    request.base.hardware.preset = question.designPreset;
    request.base.hardware.gpusPerNode = 0;
    request.gpus = question.designGpus;
    request.globalBatch = question.designGlobalBatch;
    request.threads = 1;
    auto result = searchLayouts(request);
    if (result && result->ranked.empty())
        return Problem { question.id + ".gpus", std::to_string(question.designGpus),
            "no layout of " + question.designModel + " runs on these GPUs (every one breaks a rule or memory)",
            question.path };
    return result;
}

SearchResult gradingPart(SearchResult search)
{
    // Keeps the first layout of each set of degrees: the one gradeDesign's find_if stops at.
    const auto firstOfEach = [](std::vector<LayoutResult>& layouts) {
        std::set<Degrees> seen;
        std::vector<LayoutResult> kept;
        for (auto& r : layouts)
            if (seen.insert(degreesOf(r.scenario)).second)
                kept.push_back(std::move(r));
        layouts = std::move(kept);
    };
    firstOfEach(search.ranked);
    firstOfEach(search.rejected);
    return search;
}

DesignGrade gradeDesign(const Question& question, const SearchResult& search, const DesignAnswer& answer)
{
    DesignGrade grade;
    if (search.ranked.empty())
        return grade;
    grade.best = search.ranked.front();
    const auto mine = std::find_if(search.ranked.begin(), search.ranked.end(),
        [&](const LayoutResult& r) { return sameDegrees(r.scenario, answer); });
    if (mine != search.ranked.end()) {
        grade.yours = *mine;
        grade.ratio = grade.best.metrics.stepSeconds / mine->metrics.stepSeconds;
        grade.credit = grade.ratio >= kFullCreditRatio ? 1.0 : grade.ratio >= kHalfCreditRatio ? 0.5 : 0.0;
        return grade;
    }
    const int product = answer.dp * answer.tp * answer.pp;
    if (product != question.designGpus) {
        grade.why = "dp × tp × pp = " + std::to_string(product) + ", not the " + std::to_string(question.designGpus)
            + " GPUs";
        return grade;
    }
    const auto rejected = std::find_if(search.rejected.begin(), search.rejected.end(),
        [&](const LayoutResult& r) { return sameDegrees(r.scenario, answer); });
    grade.why = rejected != search.rejected.end()
        ? rejected->rejected
        : "no layout with these degrees follows Megatron-LM's rules (tp divides the GPUs per node and the heads, pp "
          "the layers, ep the data-parallel size and the experts; ZeRO-3 only without pipeline stages)";
    return grade;
}

std::string designText(const DesignAnswer& a)
{
    return "dp" + std::to_string(a.dp) + " tp" + std::to_string(a.tp) + " pp" + std::to_string(a.pp) + " ep"
        + std::to_string(a.ep) + " zero" + std::to_string(a.zeroStage);
}

} // namespace tutor::model
