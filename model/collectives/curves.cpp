// SPDX-License-Identifier: MIT
// Bus-bandwidth curves over message size and the α/β crossover of the auto choice, computed from predict()
// and candidates(); the charts only draw them.
#include "model/collectives/curves.h"

#include <algorithm>
#include <cmath>

namespace tutor::model {

namespace {

bool positive(double v)
{
    return std::isfinite(v) && v > 0;
}

// Bisection in log(S) between a latency-bound and a bandwidth-bound size, with the auto choice fixed.
double refineCrossover(CollectiveRequest request, double lo, double hi)
{
    for (int i = 0; i < 30 && hi / lo > 1.01; ++i) {
        const double mid = std::sqrt(lo * hi);
        request.bytes = static_cast<Bytes>(std::llround(mid));
        const auto cost = predict(request);
        if (!cost.ok())
            break;
        (cost->bandwidthSeconds >= cost->latencySeconds ? hi : lo) = mid;
    }
    return hi;
}

} // namespace

BandwidthCurves bandwidthCurves(const CollectiveRequest& request, Bytes minBytes, Bytes maxBytes)
{
    BandwidthCurves data;
    data.minBytes = std::max<Bytes>(1, minBytes);
    data.maxBytes = std::max(data.minBytes, std::min(maxBytes, kMaxMessageBytes));
    const auto& topology = request.topology;
    data.linkGBps = topology.nodes > 1 ? topology.interBandwidthPerGpuGBps() : topology.intra.bandwidthGBps;
    const auto algorithms = concreteAlgorithms();
    std::vector<BandwidthCurve> curves(algorithms.size());
    for (size_t a = 0; a < algorithms.size(); ++a)
        curves[a].algorithm = algorithms[a];

    CollectiveRequest probe = request;
    probe.algorithm = Algorithm::Auto;
    probe.protocol = Protocol::Auto;
    probe.explain = false;
    // Auto's choice at each size, and whether its β term is at least its α term there.
    struct AutoPoint {
        double bytes;
        CollectiveCost cost;
    };
    std::vector<AutoPoint> picks;
    for (Bytes s = data.minBytes; s <= data.maxBytes; s *= 2) {
        probe.bytes = s;
        // One curve per algorithm, NCCL's and the MPI / textbook ones alike, each at its cheapest protocol.
        for (size_t a = 0; a < algorithms.size(); ++a) {
            CollectiveRequest forced = probe;
            forced.algorithm = algorithms[a];
            const auto own = candidates(forced);
            if (!own.empty() && positive(own.front().busBwGBps))
                curves[a].points.push_back({ static_cast<double>(s), own.front().busBwGBps });
        }
        // Auto as predict() decides: NCCL's algorithms, and only the rows NCCL's tuner would take.
        if (const auto best = predict(probe); best.ok()) {
            if (positive(best->busBwGBps))
                data.autoCurve.push_back({ static_cast<double>(s), best->busBwGBps });
            picks.push_back({ static_cast<double>(s), *best });
        }
        if (s > data.maxBytes / 2)
            break;
    }
    // The crossover: above the last size where auto's choice is latency-bound, refined between it and the next
    // size with the next size's choice fixed.
    // (Every size bandwidth-bound: the smallest; none: the largest.)
    data.crossoverBytes = picks.empty() ? static_cast<double>(data.maxBytes) : picks.front().bytes;
    for (size_t i = picks.size(); i-- > 0;) {
        if (picks[i].cost.bandwidthSeconds >= picks[i].cost.latencySeconds)
            continue;
        data.crossoverBytes = static_cast<double>(data.maxBytes);
        if (i + 1 < picks.size()) {
            CollectiveRequest fixed = probe;
            fixed.algorithm = picks[i + 1].cost.algorithm;
            fixed.protocol = picks[i + 1].cost.protocol;
            data.crossoverBytes = refineCrossover(fixed, picks[i].bytes, picks[i + 1].bytes);
        }
        break;
    }
    for (auto& c : curves)
        if (!c.points.empty())
            data.curves.push_back(std::move(c));
    return data;
}

std::optional<CurvePoint> autoPoint(CollectiveRequest request)
{
    request.algorithm = Algorithm::Auto;
    const auto cost = predict(request);
    if (!cost.ok() || !positive(cost->busBwGBps))
        return std::nullopt;
    return CurvePoint { static_cast<double>(request.bytes), cost->busBwGBps };
}

} // namespace tutor::model
