// SPDX-License-Identifier: MIT
// Collective model: one auto prediction, a 34-size sweep (what `commtutor-cli predict -b 8 -e 64G -f 2` and the
// bandwidth chart compute), and building + proving the ring AllReduce schedule for 1,024 ranks.
// Targets: the sweep under 50 µs, the 1,024-rank schedule under 100 ms.
#include "model/collectives/costmodel.h"
#include "model/collectives/executor.h"

#include <benchmark/benchmark.h>

namespace {
using namespace tutor::model;

CollectiveRequest h100Request(Bytes bytes)
{
    CollectiveRequest r;
    r.op = Collective::AllReduce;
    r.bytes = bytes;
    r.topology = makeTopology(*findPreset("hgx-h100"), 2, 8);
    return r;
}

void BM_PredictAuto(benchmark::State& state)
{
    const auto r = h100Request(GiB);
    for (auto _ : state) {
        auto cost = predict(r);
        benchmark::DoNotOptimize(cost);
    }
}
BENCHMARK(BM_PredictAuto)->Unit(benchmark::kMicrosecond);

// The chart's and the simulator's path: numbers only (CollectiveRequest::explain = false).
void BM_Sweep34Sizes(benchmark::State& state)
{
    auto r = h100Request(8);
    r.explain = false;
    for (auto _ : state) {
        double sum = 0;
        for (int k = 3; k < 3 + 34; ++k) { // 8 B … 64 GiB
            r.bytes = Bytes { 1 } << k;
            const auto cost = predict(r);
            sum += cost->busBwGBps;
        }
        benchmark::DoNotOptimize(sum);
    }
}
BENCHMARK(BM_Sweep34Sizes)->Unit(benchmark::kMicrosecond);

// The command line's path: every row also gets its formula and the reason for the choice.
void BM_Sweep34SizesExplained(benchmark::State& state)
{
    auto r = h100Request(8);
    for (auto _ : state) {
        double sum = 0;
        for (int k = 3; k < 3 + 34; ++k) {
            r.bytes = Bytes { 1 } << k;
            const auto cost = predict(r);
            sum += cost->busBwGBps;
        }
        benchmark::DoNotOptimize(sum);
    }
}
BENCHMARK(BM_Sweep34SizesExplained)->Unit(benchmark::kMicrosecond);

void BM_RingAllReduceSchedule1024(benchmark::State& state)
{
    for (auto _ : state) {
        const auto schedule = makeSchedule(Collective::AllReduce, Algorithm::Ring, 1024, GiB);
        const auto result = verify(*schedule);
        if (!result.ok)
            state.SkipWithError(result.detail.c_str());
        benchmark::DoNotOptimize(result);
    }
}
BENCHMARK(BM_RingAllReduceSchedule1024)->Unit(benchmark::kMillisecond);
} // namespace
