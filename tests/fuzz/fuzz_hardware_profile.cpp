// SPDX-License-Identifier: MIT
// The live lab's custom hardware profile file (custom-hardware.json), read as the window reads it. A refusal
// says why; an accepted profile has links with α ≥ 0 and finite β > 0 and at least one GPU and NIC per node, and
// saving it and reading it back gives the same profile (times within rounding of the µs unit the file uses).
#include "app/gui/livelab/hardwareprofile.h"
#include "fuzzcheck.h"
#include "qtfile.h"

#include <cmath>
#include <cstdint>

namespace {

using namespace tutor;

bool near(double a, double b)
{
    return a == b || std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b));
}

void checkLink(const model::Link& link, std::string_view what)
{
    fuzz::require(link.alphaSeconds >= 0 && std::isfinite(link.alphaSeconds), what, "alpha");
    fuzz::require(link.bandwidthGBps > 0 && std::isfinite(link.bandwidthGBps), what, "bandwidth");
    fuzz::requireFinite(link.lineRateGBps, what);
}

bool sameLink(const model::Link& a, const model::Link& b)
{
    return a.kind == b.kind && near(a.alphaSeconds, b.alphaSeconds) && a.bandwidthGBps == b.bandwidthGBps
        && a.lineRateGBps == b.lineRateGBps && a.source == b.source;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const QString input = fuzz::scratchPath("profile.json");
    static const QString saved = fuzz::scratchPath("profile-saved.json");
    if (!fuzz::writeScratch(input, data, size))
        return 0;
    QString error;
    const auto profile = app::loadCustomProfile(input, &error);
    if (!profile) {
        fuzz::require(!error.isEmpty(), "a refused profile says why");
        return 0;
    }
    checkLink(profile->intra, "intra link");
    checkLink(profile->inter, "inter link");
    fuzz::require(profile->gpusPerNode >= 1 && profile->nicsPerNode >= 1, "at least one GPU and NIC per node");
    fuzz::requireFinite(profile->peakFlops, "peak_flops");
    fuzz::requireFinite(profile->reduceGBps, "reduce_GBps");

    const auto saveError = app::saveCustomProfile(*profile, saved);
    fuzz::require(saveError.isEmpty(), "a loaded profile can be saved", saveError.toStdString());
    QString againError;
    const auto again = app::loadCustomProfile(saved, &againError);
    fuzz::require(again.has_value(), "a saved profile reads back", againError.toStdString());
    fuzz::require(again->id == profile->id && again->name == profile->name && again->source == profile->source,
        "names round-trip");
    fuzz::require(again->gpusPerNode == profile->gpusPerNode && again->nicsPerNode == profile->nicsPerNode
            && again->nvls == profile->nvls,
        "counts round-trip");
    fuzz::require(sameLink(again->intra, profile->intra) && sameLink(again->inter, profile->inter), "links round-trip");
    fuzz::require(again->peakFlops == profile->peakFlops && again->memoryBytes == profile->memoryBytes
            && again->reduceGBps == profile->reduceGBps,
        "figures round-trip");
    return 0;
}
