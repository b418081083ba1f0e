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
// The fit minimises the squared *relative* error Σ((t̂(S_i) − t_i) / t_i)², so the 8-byte and the 1-GiB rows
// weigh the same. Where the data supports it (≥ 3 sizes on each side and a clearly better fit), a second
// segment models a protocol switch (NCCL LL → Simple, MPI eager → rendezvous) at a crossover size.
#include "hardware.h"
#include "measurement.h"

#include <optional>
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

struct Calibration {
    Collective op = Collective::AllReduce;
    int ranks = 1;
    AlphaBetaFit fit; ///< one segment over every size
    std::optional<Bytes> crossoverBytes; ///< set when a two-segment (protocol) fit is used
    AlphaBetaFit small; ///< below crossoverBytes (equals fit when there is no crossover)
    AlphaBetaFit large; ///< from crossoverBytes up
    std::vector<FitPoint> points; ///< per size, sorted by bytes, against predictSeconds()
    double medianRelativeError = 0; ///< median |relativeError| over points
    double maxRelativeError = 0;
    double rmsRelativeError = 0; ///< √(mean relativeError²): the quantity the fit minimises

    /// The calibrated time for S bytes (two segments when crossoverBytes is set). Precondition bytes ≥ 0.
    Seconds predictSeconds(Bytes bytes) const;
    bool operator==(const Calibration&) const = default;
};

struct CalibrationOptions {
    bool inPlace = false; ///< fit in-place rows (falls back to the other kind when there are none)
    bool useMedian = true; ///< fit the per-iteration median where rows have one (robust to preemption)
    bool allowCrossover = true; ///< try the two-segment fit
    double crossoverGain = 0.7; ///< keep two segments only if the RMS relative error drops below gain × one segment
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

/// The fitted link: α per step and β = B, line rate left as in `base` (kind, lineRateGBps), source saying so.
Link toLink(const Calibration& calibration, const Link& base);

} // namespace tutor::model
