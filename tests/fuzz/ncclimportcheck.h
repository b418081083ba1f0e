// SPDX-License-Identifier: MIT
#pragma once
// The checks the two nccl-tests import targets share (text table and -J JSON): warnings name what they skip;
// every kept row is a valid measurement; completing a run with hints keeps its rows valid; the strict form
// refuses with named problems; the rows written as a measurement file read back unchanged.
#include "fuzzcheck.h"
#include "model/measure/ncclimport.h"

namespace tutor::fuzz {

inline void requireValidRows(const std::vector<model::Measurement>& rows, std::string_view what)
{
    for (const auto& m : rows) {
        for (const double value : { m.timeSeconds, m.algBwGBps, m.busBwGBps, m.minSeconds, m.medianSeconds })
            requireFinite(value, what);
        const auto problems = model::validate(m, "row");
        if (!problems.empty())
            fail(what, problems.front().text());
    }
}

inline void checkImport(model::ImportResult result, const model::Result<std::vector<model::Measurement>>& strict)
{
    for (const auto& warning : result.warnings)
        requireNamed({ warning }, "import warning");
    if (const auto incomplete = model::incompleteRuns(result); !incomplete.empty())
        requireNamed(incomplete, "incompleteRuns");
    if (!strict.ok())
        requireNamed(strict.problems(), "strict import refusal");

    const auto known = model::knownMeasurements(result);
    requireValidRows(known, "an imported row passes validate()");
    const auto text = model::toJsonLines(known);
    requireUtf8(text, "toJsonLines of imported rows");
    const auto again = model::parseMeasurementLines(text, "again.jsonl");
    if (known.empty())
        return;
    require(again.ok(), "imported rows saved read back", again.ok() ? "" : again.problems().front().text());
    require(*again == known, "imported rows round-trip through a measurement file", text);

    model::ImportHints hints;
    hints.op = model::Collective::AllReduce;
    hints.ranks = 8;
    for (auto& run : result.runs) {
        require(run.lastLine == 0 || run.firstLine <= run.lastLine, "run lines ordered");
        model::completeRun(run, hints, result.file);
        requireValidRows(run.rows, "a completed run's row passes validate()");
    }
}

} // namespace tutor::fuzz
