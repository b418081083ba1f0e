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
    double previousLatencyBound = 0;
    bool sawLatencyBound = false, sawBandwidthBound = false;
    for (Bytes s = data.minBytes; s <= data.maxBytes; s *= 2) {
        probe.bytes = s;
        // One curve per algorithm, NCCL's and the MPI / textbook ones alike, each at its cheapest protocol. Auto's
        // choice is the cheapest of these among NCCL's algorithms (all of them when none of NCCL's runs), as
        // predict() decides; ties keep the table order.
        const CollectiveCost* nccl = nullptr;
        const CollectiveCost* any = nullptr;
        std::vector<std::vector<CollectiveCost>> own(algorithms.size());
        for (size_t a = 0; a < algorithms.size(); ++a) {
            CollectiveRequest forced = probe;
            forced.algorithm = algorithms[a];
            own[a] = candidates(forced);
            if (own[a].empty())
                continue;
            const CollectiveCost& cheapest = own[a].front();
            if (positive(cheapest.busBwGBps))
                curves[a].points.push_back({ static_cast<double>(s), cheapest.busBwGBps });
            if (!any || cheapest.totalSeconds < any->totalSeconds)
                any = &cheapest;
            if (originOf(algorithms[a]) == Origin::Nccl && (!nccl || cheapest.totalSeconds < nccl->totalSeconds))
                nccl = &cheapest;
        }
        if (!any)
            continue;
        const CollectiveCost& best = nccl ? *nccl : *any;
        if (positive(best.busBwGBps))
            data.autoCurve.push_back({ static_cast<double>(s), best.busBwGBps });
        if (best.bandwidthSeconds < best.latencySeconds) {
            sawLatencyBound = true;
            previousLatencyBound = static_cast<double>(s);
        } else if (!sawBandwidthBound) {
            sawBandwidthBound = true;
            if (sawLatencyBound) {
                CollectiveRequest fixed = probe;
                fixed.algorithm = best.algorithm;
                fixed.protocol = best.protocol;
                data.crossoverBytes = refineCrossover(fixed, previousLatencyBound, static_cast<double>(s));
            }
        }
        if (s > data.maxBytes / 2)
            break;
    }
    if (!sawBandwidthBound)
        data.crossoverBytes = static_cast<double>(data.maxBytes);
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
