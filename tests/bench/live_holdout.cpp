// SPDX-License-Identifier: MIT
// Calibration hold-out error of a measurement file: fits every other size, predicts the rest.
// Usage: tutor_live_holdout sweep.jsonl   (a commtutor-live --json stream or a saved measurement file)
#include "model/measure/calibrate.h"

#include <cstdio>

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: tutor_live_holdout FILE.jsonl\n");
        return 1;
    }
    auto ms = tutor::model::loadMeasurements(argv[1]);
    if (!ms) {
        std::fprintf(stderr, "%s\n", tutor::model::toText(ms.problems()).c_str());
        return 1;
    }
    auto fit = tutor::model::calibrate(*ms);
    auto held = tutor::model::holdOut(*ms);
    if (!fit || !held) {
        std::fprintf(stderr, "%s\n", tutor::model::toText(fit ? held.problems() : fit.problems()).c_str());
        return 1;
    }
    const auto summary = fit->summary();
    std::printf("calibration sizes=%zu alpha_us=%.3f busbw_GBps=%.3f segments=%zu fit_median_error_pct=%.1f\n",
        fit->points.size(), summary.alphaSeconds * 1e6, summary.busBandwidthGBps, fit->segments.size(),
        fit->medianRelativeError * 100);
    for (const auto& s : fit->segments)
        std::printf("  segment %lld-%lld B: alpha_us=%.3f busbw_GBps=%.3f\n", static_cast<long long>(s.firstBytes),
            static_cast<long long>(s.lastBytes), s.fit.alphaSeconds * 1e6, s.fit.busBandwidthGBps);
    std::printf("holdout sizes=%zu median_error_pct=%.1f\n", held->points.size(), held->medianRelativeError * 100);
    return 0;
}
