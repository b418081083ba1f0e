// SPDX-License-Identifier: MIT
#pragma once
// Fitting the α-β model to measurements: what the live lab's "Calibrate" button does. Qt-free.
//
// For one collective at n ranks the model's time is affine in the size S (Thakur, Rabenseifner, Gropp 2005;
// nccl-tests doc/PERFORMANCE.md):
//     t(S) = L + S · F(op, n) / B
// with L the whole latency term, F the nccl-tests bus-bandwidth factor (busBandwidthFactor) and B the bus
// bandwidth the link sustains. For a ring, L = steps · α with steps = 2(n−1) for AllReduce and n−1 for
// ReduceScatter/AllGather/AllToAll, so a fitted (α = L / steps, β = B) is a Link the cost model uses directly.
//
// The fit minimises the sum of absolute *relative* errors Σ|t̂(S_i) − t_i| / t_i (least absolute deviations, by
// iteratively reweighted least squares), so the 8-byte and the 1-GiB rows weigh the same and one preempted size
// does not drag the line. Real libraries switch protocol with size (NCCL LL → LL128 → Simple, MPI eager →
// rendezvous, a message leaving the cache), so the sizes are also cut into up to `maxSegments` ranges of at least
// `minSegmentSizes` sizes, each with its own α-β line (optimal cuts by dynamic programming). How many ranges the
// data supports is decided by Schwarz's criterion (BIC), n·ln(ē) + (3k − 1)·ln(n), with ē a robust scale of the
// errors (the smallest three quarters, less the sizes the lines pass through exactly): a range must cut the
// typical error enough to pay for its three parameters.
#include "model/collectives/hardware.h"
#include "model/measure/measurement.h"

#include <optional>
#include <string>
#include <vector>

namespace tutor::model {

/// One affine segment t(S) = latencySeconds + S · F / (busBandwidthGBps · 1e9).
struct AlphaBetaFit {
    Seconds latencySeconds = 0; ///< L, the latency term of one call
    double busBandwidthGBps = 0; ///< B, the bus bandwidth approached at large sizes
    Seconds alphaSeconds = 0; ///< α = L / steps, the per-step start-up latency
    int steps = 1; ///< ring/tree steps of the collective at this rank count (calibrationSteps)
    bool operator==(const AlphaBetaFit&) const = default;
};

struct FitPoint {
    Bytes bytes = 0;
    Seconds measuredSeconds = 0;
    Seconds fittedSeconds = 0;
    double relativeError = 0; ///< (fitted − measured) / measured
    double efficiency = 0; ///< measured busbw / fitted B: the fraction of the asymptote this size reaches
    bool operator==(const FitPoint&) const = default;
};

/// One size range of a piecewise fit: the measured sizes firstBytes … lastBytes. A latency-bound range (time flat
/// in size) has busBandwidthGBps 0, read as no bandwidth term.
struct FitSegment {
    Bytes firstBytes = 0;
    Bytes lastBytes = 0;
    AlphaBetaFit fit;
    bool operator==(const FitSegment&) const = default;
};

struct Calibration {
    Collective op = Collective::AllReduce;
    int ranks = 1;
    AlphaBetaFit fit; ///< one α-β line over every size
    std::vector<FitSegment> segments; ///< the piecewise fit, by size; one segment (= fit) when no more is supported
    std::vector<FitPoint> points; ///< per size, sorted by bytes, against predictSeconds()
    double medianRelativeError = 0; ///< median |relativeError| over points
    double maxRelativeError = 0;
    double meanRelativeError = 0; ///< mean |relativeError|: the quantity the fit minimises

    /// The calibrated time for S bytes: the segment whose sizes contain S; between two segments the boundary
    /// is the geometric mean of the last size of one and the first of the next. Precondition bytes ≥ 0.
    Seconds predictSeconds(Bytes bytes) const;
    /// α of the smallest sizes' segment and B of the largest sizes' segment (fit's B when that one is flat).
    AlphaBetaFit summary() const;
    bool operator==(const Calibration&) const = default;
};

struct CalibrationOptions {
    bool inPlace = false; ///< fit in-place rows (falls back to the other kind when there are none)
    bool useMedian = true; ///< fit the per-iteration median where rows have one (robust to preemption)
    int maxSegments = 4; ///< 1 fits a single α-β line
    int minSegmentSizes = 3; ///< the fewest sizes a segment may have (≥ 2)
};

/// The step count that turns L into α: AllReduce 2(n−1); ReduceScatter, AllGather, AllToAll, Gather, Scatter
/// n−1 (ring / pairwise); Broadcast, Reduce ⌈log2 n⌉ (binomial tree); SendRecv 1. At least 1.
int calibrationSteps(Collective op, int ranks);

/// Fits the measurements of one collective and rank count (those of the first row; other rows are ignored).
/// Problems: fewer than 2 distinct sizes, a non-positive time, or no bandwidth term (every size latency-bound).
Result<Calibration> calibrate(const std::vector<Measurement>& measurements, const CalibrationOptions& options = {});

/// Hold-out check: fits every other size (even positions in size order) and predicts the rest.
/// Returns the held-out points; their median |relativeError| is the calibration's honest error.
struct HoldOut {
    std::vector<FitPoint> points;
    double medianRelativeError = 0;
};
Result<HoldOut> holdOut(const std::vector<Measurement>& measurements, const CalibrationOptions& options = {});

/// Why a calibration cannot describe real hardware. Kinds:
/// - AlphaTooHigh: α (value, seconds per step) above kMostPlausibleAlphaSeconds = limit (a collective starts in
///   microseconds, so the run was disturbed or its small sizes are missing);
/// - AboveLink: β (value, GB/s) above 1.2 × the link's bus bandwidth (limit) when that is known (> 0);
/// - BeyondData: β (value) above 1.5 × the best bus bandwidth a measured size reached (limit): the large sizes
///   are missing, so β is a guess beyond the data;
/// - PoorFit: median relative error (value) above 25 % (limit).
struct PlausibilityProblem {
    enum class Kind { AlphaTooHigh, AboveLink, BeyondData, PoorFit } kind = Kind::PoorFit;
    double value = 0;
    double limit = 0;
    bool operator==(const PlausibilityProblem&) const = default;
};
inline constexpr Seconds kMostPlausibleAlphaSeconds = 1e-3;
std::vector<PlausibilityProblem> plausibilityProblems(const Calibration& calibration, double linkBusGBps = 0);
/// One English sentence for the command line and logs.
std::string text(const PlausibilityProblem& problem);

/// The fitted link (summary()): α per step and β = B, line rate left as in `base` (kind, lineRateGBps), source
/// saying so.
Link toLink(const Calibration& calibration, const Link& base);

} // namespace tutor::model
