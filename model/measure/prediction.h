// SPDX-License-Identifier: MIT
#pragma once
// The model's side of the live lab: predicted times for the sizes that were measured, on the topology the
// worker reported (ranks spread over hosts), the overlap the model expects, and the rows of the measurement
// table (each measurement beside the model's time and the calibrated fit at its size). Pure functions over
// model values; the live lab's session calls them and hands the values to the chart and tables.
#include "model/collectives/costmodel.h"
#include "model/measure/calibrate.h"
#include "model/measure/measurement.h"

#include <optional>
#include <string>
#include <vector>

namespace tutor::model {

/// A time at one size: the model's prediction or the calibrated fit.
struct PredictedPoint {
    Bytes bytes = 0;
    Seconds seconds = 0;
    bool operator==(const PredictedPoint&) const = default;
};

/// The topology of a live run: `ranks` processes or GPUs on `hosts` machines of `preset`'s kind (hosts < 1 counts
/// as 1). buildTopology's rules: one host is one node of `ranks` GPUs; several hosts must divide the ranks.
Result<Topology> liveTopology(const HardwarePreset& preset, int ranks, int hosts);

/// model::predict for every size (Auto algorithm and protocol, as NCCL's tuner), in the order given; sizes the
/// model rejects are left out and the first problem is put in `problem` (when given and still empty).
std::vector<PredictedPoint> predictSizes(Collective op, DType dtype, const Topology& topology,
    const std::vector<Bytes>& sizes, std::string* problem = nullptr);

/// The distinct sizes of the out-of-place rows, ascending; the sizes of every row when none is out-of-place.
std::vector<Bytes> measuredSizes(const std::vector<Measurement>& measurements);

/// What the model expects of the overlap experiment (times in µs, overlaps in %): compute and communication on
/// separate streams run fully concurrently, so overall = max(compute, comm), HTA overlap = 100·min(compute, comm)
/// / comm and OSU overlap = 100 − 100·(overall − compute) / comm, both clamped to [0, 100] (0 when comm is 0).
struct OverlapPrediction {
    double commUs = 0;
    double computeUs = 0;
    double overallUs = 0;
    double htaPct = 0;
    double osuPct = 0;
    bool operator==(const OverlapPrediction&) const = default;
};
OverlapPrediction predictOverlap(double computeUs, double commUs);

/// One row of the live lab's measurement table.
struct MeasurementRow {
    Measurement measurement;
    std::optional<Seconds> predictedSeconds; ///< the model at this size; nullopt when it has no prediction
    /// The calibrated fit at this size: out-of-place rows of a size the calibration fitted, else nullopt (the
    /// calibration fits out-of-place rows, so an in-place row has no fit of its own).
    std::optional<FitPoint> fit;
    bool operator==(const MeasurementRow&) const = default;
};

/// Every measurement in order, with the predicted time of its size (looked up by bytes in `predicted`) and the
/// calibration's point of its size.
std::vector<MeasurementRow> measurementRows(const std::vector<Measurement>& measurements,
    const std::vector<PredictedPoint>& predicted, const std::optional<Calibration>& calibration);

} // namespace tutor::model
