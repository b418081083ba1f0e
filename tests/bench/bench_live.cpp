// SPDX-License-Identifier: MIT
// Live lab: parsing the worker's stream, and fitting α-β to a sweep (the work behind "Calibrate").
#include "live/protocol/protocol.h"
#include "model/measure/calibrate.h"

#include <benchmark/benchmark.h>
#include <random>

namespace {

std::vector<tutor::model::Measurement> sweep(int sizes)
{
    using namespace tutor::model;
    std::mt19937 rng(1);
    std::normal_distribution<double> noise(0.0, 0.03);
    std::vector<Measurement> ms;
    Bytes s = 8;
    for (int i = 0; i < sizes; ++i, s *= 2) {
        Measurement m;
        m.ranks = 4;
        m.bytes = s;
        m.timeSeconds = (6 * 2e-6 + static_cast<double>(s) * 1.5 / 10e9) * (1 + noise(rng));
        ms.push_back(m);
    }
    return ms;
}

void BM_ParseMeasurementRecord(benchmark::State& state)
{
    tutor::live::MeasurementRecord m;
    m.op = "allreduce";
    m.bytes = 8 << 20;
    m.count = 2 << 20;
    m.dtype = "float";
    m.ranks = 8;
    m.timeUs = 123.4;
    m.algBwGBps = 67.9;
    m.busBwGBps = 118.9;
    m.iterations = 20;
    const std::string line = tutor::live::encode(m);
    for (auto _ : state)
        benchmark::DoNotOptimize(tutor::live::parseLine(line));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * line.size()));
}
BENCHMARK(BM_ParseMeasurementRecord);

void BM_CalibrateSweep(benchmark::State& state)
{
    const auto ms = sweep(static_cast<int>(state.range(0)));
    for (auto _ : state)
        benchmark::DoNotOptimize(tutor::model::calibrate(ms));
    const auto held = tutor::model::holdOut(ms);
    state.counters["holdout_median_error_pct"] = held ? held->medianRelativeError * 100 : -1;
}
BENCHMARK(BM_CalibrateSweep)->Arg(24)->Arg(28);

} // namespace
