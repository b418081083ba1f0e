// SPDX-License-Identifier: MIT
#pragma once
// Bus bandwidth against message size, one curve per algorithm and one for what `auto` picks, with the size
// where the auto choice turns from latency-bound (α term larger) to bandwidth-bound (β term larger). Pure
// functions over predict(); the bandwidth charts of the Collectives and Training pages draw the result.
#include "model/collectives/costmodel.h"

#include <optional>
#include <vector>

namespace tutor::model {

/// One predicted point: message size S in bytes and the bus bandwidth at S.
struct CurvePoint {
    double bytes = 0;
    double busBwGBps = 0;
    bool operator==(const CurvePoint&) const = default;
};

struct BandwidthCurve {
    Algorithm algorithm = Algorithm::Ring;
    std::vector<CurvePoint> points; ///< each point with the algorithm's cheapest protocol at that size
};

struct BandwidthCurves {
    std::vector<BandwidthCurve> curves; ///< algorithms that can run the request, in concreteAlgorithms() order
    std::vector<CurvePoint> autoCurve; ///< what Algorithm::Auto (NCCL's algorithms only) achieves at each size
    /// Smallest S where the β term of the auto choice reaches its α term (latency-bound below, bandwidth-bound
    /// above), refined by bisection in log S; 0 when every size is bandwidth-bound, maxBytes when every size is
    /// latency-bound.
    double crossoverBytes = 0;
    double linkGBps = 0; ///< β of the slowest link class the request uses, for reference
    Bytes minBytes = 0;
    Bytes maxBytes = 0;
};

/// Predicts the template request (its `bytes` and `algorithm` ignored) at S = minBytes · 2^k up to maxBytes
/// (clamped to [1, kMaxMessageBytes]).
BandwidthCurves bandwidthCurves(const CollectiveRequest& request, Bytes minBytes = 8, Bytes maxBytes = 4 * GiB);

/// The auto choice at the request's own size; nullopt when the model refuses it or predicts no bandwidth.
std::optional<CurvePoint> autoPoint(CollectiveRequest request);

} // namespace tutor::model
