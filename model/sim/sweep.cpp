// SPDX-License-Identifier: MIT
#include "model/sim/sweep.h"

#include "model/collectives/hardware.h"
#include "model/sim/simulate.h"

#include <algorithm>

namespace tutor::model {

std::string_view fieldName(SweepParameter parameter)
{
    switch (parameter) {
    case SweepParameter::BucketSize:
        return "comm.bucket_MiB";
    case SweepParameter::MicroBatches:
        return "batch.micro_batches";
    case SweepParameter::DataParallel:
        return "parallel.dp";
    }
    return "?";
}

namespace {
std::vector<double> gridValues(SweepParameter parameter, const Scenario& scenario)
{
    switch (parameter) {
    case SweepParameter::BucketSize:
        return { 1, 2, 5, 10, 25, 50, 100, 200, 500, 1000 };
    case SweepParameter::MicroBatches: {
        std::vector<double> values;
        const int pp = std::max(1, scenario.parallel.pp);
        for (int m = 1; m <= 256; m *= 2)
            if (scenario.parallel.schedule != PipelineSchedule::Interleaved || m % pp == 0)
                values.push_back(m);
        return values;
    }
    case SweepParameter::DataParallel: {
        std::vector<double> values;
        for (int dp = 1; dp <= 4096; dp *= 2)
            values.push_back(dp);
        return values;
    }
    }
    return {};
}
} // namespace

std::vector<double> sweepValues(SweepParameter parameter, const Scenario& scenario)
{
    // A valid scenario's own value is always visited, so the chart's ring sits on the curve (12 micro-batches, a
    // 40 MiB bucket, DP 6 are not on the grid).
    std::vector<double> values = gridValues(parameter, scenario);
    const double own = parameterValue(scenario, parameter);
    if (own > 0 && std::find(values.begin(), values.end(), own) == values.end() && validate(scenario).empty())
        values.insert(std::upper_bound(values.begin(), values.end(), own), own);
    return values;
}

Scenario withParameter(Scenario scenario, SweepParameter parameter, double value)
{
    switch (parameter) {
    case SweepParameter::BucketSize:
        scenario.comm.bucketMiB = value;
        break;
    case SweepParameter::MicroBatches:
        scenario.batch.microBatches = static_cast<int>(value);
        break;
    case SweepParameter::DataParallel: {
        scenario.parallel.dp = static_cast<int>(value);
        const int perNode = std::max(1, gpusPerNode(scenario.hardware));
        const long long gpus = scenario.parallel.gpus();
        if (gpus >= perNode && gpus % perNode == 0) {
            scenario.hardware.nodes = static_cast<int>(gpus / perNode);
        } else {
            scenario.hardware.nodes = 1;
            scenario.hardware.gpusPerNode = static_cast<int>(gpus);
        }
        break;
    }
    }
    return scenario;
}

double parameterValue(const Scenario& scenario, SweepParameter parameter)
{
    switch (parameter) {
    case SweepParameter::BucketSize:
        return scenario.comm.bucketMiB;
    case SweepParameter::MicroBatches:
        return scenario.batch.microBatches;
    case SweepParameter::DataParallel:
        return scenario.parallel.dp;
    }
    return 0;
}

std::vector<SweepPoint> sweep(const Scenario& base, SweepParameter parameter)
{
    std::vector<SweepPoint> points;
    SimulateOptions options;
    options.labels = false;
    for (const double value : sweepValues(parameter, base)) {
        const Scenario s = withParameter(base, parameter, value);
        if (!validate(s).empty())
            continue;
        if (const auto sim = simulate(s, options); sim.ok())
            points.push_back({ value, sim->metrics.stepSeconds, sim->metrics.exposedCommSeconds,
                sim->metrics.bubbleFraction, sim->metrics.mfu, sim->metrics.tokensPerSecond });
    }
    return points;
}

} // namespace tutor::model
