// SPDX-License-Identifier: MIT
// A scenario file: parsed, validated, simulated and measured. A refusal names field and rule; an accepted
// scenario writes out and reads back to itself, and simulates to a finite, ordered timeline whose metrics are
// finite and whose fractions lie in 0..1.
#include "fuzzcheck.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"

#include <cstdint>

namespace {

using namespace tutor;

void checkFraction(double value, std::string_view what)
{
    fuzz::requireFinite(value, what);
    fuzz::require(value >= -1e-9 && value <= 1 + 1e-9, what, std::to_string(value));
}

void checkSimulation(const model::Simulation& simulation)
{
    const auto& timeline = simulation.timeline;
    fuzz::requireFinite(timeline.duration, "timeline.duration");
    fuzz::require(timeline.duration >= 0, "timeline.duration >= 0");
    for (const auto& event : timeline.events) {
        fuzz::requireFinite(event.start, "event.start");
        fuzz::requireFinite(event.duration, "event.duration");
        fuzz::require(event.start >= 0 && event.duration >= 0, "event times >= 0", event.label);
        fuzz::require(event.lane >= 0 && event.lane < static_cast<int>(timeline.lanes.size()), "event.lane in range");
        fuzz::require(event.groupIndex < static_cast<int>(timeline.groups.size()), "event.groupIndex in range");
        fuzz::require(event.bytes >= 0, "event.bytes >= 0");
        for (const int dependency : event.dependencies)
            fuzz::require(
                dependency >= 0 && dependency < static_cast<int>(timeline.events.size()), "event dependency in range");
    }
    const auto& m = simulation.metrics;
    for (const double value : { m.stepSeconds, m.computeSeconds, m.commSeconds, m.commUnionSeconds,
             m.exposedCommSeconds, m.tokensPerStep, m.tokensPerSecond, m.modelFlopsPerStep, m.mfu, m.memory.totalBytes,
             m.memory.paramsBytes, m.memory.activationsBytes })
        fuzz::requireFinite(value, "metrics figure");
    checkFraction(m.overlapHta, "metrics.overlapHta");
    checkFraction(m.overlapOsu, "metrics.overlapOsu");
    checkFraction(m.bubbleFraction, "metrics.bubbleFraction");
    fuzz::require(m.exposedCommSeconds <= m.stepSeconds * (1 + 1e-9) + 1e-15, "exposed communication <= step");
    for (const auto& dimension : m.dimensions) {
        fuzz::requireFinite(dimension.seconds, "dimension.seconds");
        fuzz::requireFinite(dimension.busBytes, "dimension.busBytes");
        fuzz::require(dimension.bytes >= 0 && dimension.calls >= 0, "dimension counts >= 0");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto scenario = model::parseScenario(fuzz::asText(data, size), "fuzz.json");
    if (!scenario.ok()) {
        fuzz::requireNamed(scenario.problems(), "parseScenario refusal");
        return 0;
    }
    // The writer's text reads back to the same scenario.
    const auto text = model::toJsonText(*scenario);
    fuzz::requireUtf8(text, "toJsonText");
    const auto again = model::parseScenario(text, "again.json");
    fuzz::require(
        again.ok(), "written scenario reads back", again.ok() ? std::string {} : again.problems().front().text());
    fuzz::require(*again == *scenario, "scenario round-trips through toJsonText", text);

    const auto problems = model::validate(*scenario);
    const auto simulation = model::simulate(*scenario);
    if (!simulation.ok()) {
        fuzz::requireNamed(simulation.problems(), "simulate refusal");
        return 0;
    }
    if (!problems.empty())
        fuzz::fail("simulate accepts only a valid scenario", problems.front().text());
    checkSimulation(*simulation);
    return 0;
}
