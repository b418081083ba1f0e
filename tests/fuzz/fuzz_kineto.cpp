// SPDX-License-Identifier: MIT
// PyTorch profiler traces for the Trace lab (gzip or plain JSON). A refusal names field and rule; an accepted
// trace gives kernels with finite, non-negative times sorted by start, and its analysis gives finite figures with
// overlap in [0, 1], exposed ≤ communication and a timeline whose lanes never hold overlapping events.
#include "fuzzcheck.h"
#include "model/io/gzip.h"
#include "model/traces/traceanalysis.h"

#include <cstdint>
#include <map>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tutor;
    std::string text(fuzz::asText(data, size));
    if (io::isGzip(text)) {
        auto inflated = io::gunzip(text, std::size_t { 16 } << 20);
        if (std::holds_alternative<io::InflateFailure>(inflated))
            return 0;
        text = std::get<std::string>(std::move(inflated));
    }
    const auto trace = model::parseKinetoTrace(text, "fuzz.json");
    if (!trace.ok()) {
        fuzz::requireNamed(trace.problems(), "parseKinetoTrace refusal");
        return 0;
    }
    double previous = -INFINITY;
    for (const auto& k : trace->kernels) {
        fuzz::requireFinite(k.startUs, "kernel start");
        fuzz::requireFinite(k.durationUs, "kernel duration");
        fuzz::require(k.durationUs >= 0, "kernel duration ≥ 0");
        fuzz::require(k.startUs >= previous, "kernels sorted by start");
        fuzz::require(k.bytes >= 0, "collective bytes ≥ 0");
        previous = k.startUs;
    }
    const auto analysis = model::analyzeTraces({ *trace });
    fuzz::require(analysis.ok(), "one trace always analyses");
    for (const auto& r : analysis->ranks) {
        for (const double v : { r.window, r.compute, r.communication, r.overlap, r.exposed, r.overlapHta, r.lateness })
            fuzz::requireFinite(v, "rank figure");
        fuzz::require(r.overlapHta >= 0 && r.overlapHta <= 1 + 1e-9, "overlap in [0, 1]");
        fuzz::require(r.exposed <= r.communication * (1 + 1e-9) + 1e-12, "exposed ≤ communication");
    }
    for (const auto& c : analysis->collectives)
        fuzz::require(std::isfinite(c.busGBps) && c.busGBps >= 0, "busbw finite and ≥ 0");
    const auto timeline = model::traceTimeline({ *trace });
    std::map<int, double> laneEnd;
    for (const auto& e : timeline.events) {
        fuzz::require(e.duration > 0 && std::isfinite(e.start), "timeline event finite and non-empty");
        fuzz::require(laneEnd.count(e.lane) == 0 || e.start >= laneEnd[e.lane], "lane events never overlap");
        laneEnd[e.lane] = e.end();
    }
    return 0;
}
