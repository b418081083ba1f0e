// SPDX-License-Identifier: MIT
#pragma once
// A parameter sweep of the training step: the scenario simulated once per value of one parameter (bucket size,
// micro-batches, DP size), giving the step time and the exposed communication at each value. The Training
// page's sweep chart draws the points.
#include "model/sim/scenario.h"

#include <array>
#include <string_view>
#include <vector>

namespace tutor::model {

/// What a sweep varies.
enum class SweepParameter {
    BucketSize, ///< comm.bucket_MiB
    MicroBatches, ///< batch.micro_batches
    DataParallel, ///< parallel.dp, with the node count following so that dp·tp·pp stays the GPU count
};

inline constexpr std::array kSweepParameters { SweepParameter::BucketSize, SweepParameter::MicroBatches,
    SweepParameter::DataParallel };

/// The scenario field a parameter sets: "comm.bucket_MiB", "batch.micro_batches", "parallel.dp".
std::string_view fieldName(SweepParameter parameter);

struct SweepPoint {
    double x = 0; ///< the parameter's value (MiB, micro-batches, DP ranks)
    double stepSeconds = 0; ///< simulated step time
    double exposedSeconds = 0; ///< exposed communication on the critical stage
    double bubbleFraction = 0; ///< StepMetrics::bubbleFraction
    double mfu = 0; ///< StepMetrics::mfu
    double tokensPerSecond = 0; ///< StepMetrics::tokensPerSecond
    bool operator==(const SweepPoint&) const = default;
};

/// The values a sweep visits, in ascending order: bucket sizes 1–1000 MiB; micro-batches 1, 2, 4 … 256 (multiples
/// of pp for the interleaved schedule); DP sizes 1, 2, 4 … 4096; and a valid scenario's own value where it is not one.
std::vector<double> sweepValues(SweepParameter parameter, const Scenario& scenario);

/// The scenario with one parameter set. DP changes the node count to keep dp·tp·pp = GPUs (one partial node,
/// of dp·tp·pp GPUs, when the product is not a multiple of the node's GPUs).
Scenario withParameter(Scenario scenario, SweepParameter parameter, double value);

/// The scenario's value of the parameter (the chart marks it).
double parameterValue(const Scenario& scenario, SweepParameter parameter);

/// Simulates `base` at every sweepValues() value, without event labels; values whose scenario does not
/// validate or simulate are left out.
std::vector<SweepPoint> sweep(const Scenario& base, SweepParameter parameter);

} // namespace tutor::model
