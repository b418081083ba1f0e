// SPDX-License-Identifier: MIT
// The live lab's measurement files (JSON Lines). A refusal names field and rule; every accepted measurement
// passes validate() with finite figures, and the writer's text reads back to the same measurements.
#include "fuzzcheck.h"
#include "model/measure/measurement.h"

#include <cstdint>

namespace {

using namespace tutor;

void checkMeasurement(const model::Measurement& m, const std::string& field)
{
    for (const double value : { m.timeSeconds, m.algBwGBps, m.busBwGBps, m.minSeconds, m.medianSeconds, m.p99Seconds })
        fuzz::requireFinite(value, field);
    const auto problems = model::validate(m, field);
    if (!problems.empty())
        fuzz::fail("an accepted measurement passes validate()", problems.front().text());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto parsed = model::parseMeasurementLines(fuzz::asText(data, size), "fuzz.jsonl");
    if (!parsed.ok()) {
        fuzz::requireNamed(parsed.problems(), "parseMeasurementLines refusal");
        return 0;
    }
    for (std::size_t i = 0; i < parsed->size(); ++i)
        checkMeasurement((*parsed)[i], "measurements[" + std::to_string(i) + "]");
    const auto text = model::toJsonLines(*parsed);
    fuzz::requireUtf8(text, "toJsonLines");
    const auto again = model::parseMeasurementLines(text, "again.jsonl");
    fuzz::require(again.ok(), "written measurements read back", again.ok() ? "" : again.problems().front().text());
    fuzz::require(*again == *parsed, "measurements round-trip through toJsonLines", text);
    return 0;
}
