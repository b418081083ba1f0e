// SPDX-License-Identifier: MIT
// Training-step simulator: the 1,024-GPU GPT-175B 3D-parallel scenario must simulate in under 10 ms
// (median), and the same with DP 2,048 no slower, since ranks that behave alike are simulated once.
#include "model/sim/layoutsearch.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"

#include <benchmark/benchmark.h>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using namespace tutor::model;

Scenario benchmarkScenario(int dp)
{
    const char* root = std::getenv("TUTOR_SOURCE_DIR");
    const std::string dir = root ? root : TUTOR_BENCH_SOURCE_DIR;
    auto loaded = loadScenario(dir + "/assets/scenarios/gpt175b-3d-1024.json");
    if (!loaded)
        return {};
    Scenario s = loaded.value();
    // Keep 8 GPUs per node: nodes = dp·tp·pp / 8.
    s.parallel.dp = dp;
    s.hardware.nodes = dp * s.parallel.tp * s.parallel.pp / 8;
    return s;
}

void simulateStep(benchmark::State& state, int dp, bool labels)
{
    const Scenario scenario = benchmarkScenario(dp);
    SimulateOptions options;
    options.labels = labels;
    std::size_t events = 0;
    for (auto _ : state) {
        auto sim = simulate(scenario, options);
        if (!sim) {
            state.SkipWithError(toText(sim.problems()).c_str());
            return;
        }
        events = sim->timeline.events.size();
        benchmark::DoNotOptimize(sim->metrics.stepSeconds);
    }
    state.counters["events"] = static_cast<double>(events);
    state.counters["gpus"] = static_cast<double>(dp) * scenario.parallel.tp * scenario.parallel.pp;
}

void BM_SimulateGpt175b_1024(benchmark::State& state)
{
    simulateStep(state, 16, true);
}
void BM_SimulateGpt175b_dp2048(benchmark::State& state)
{
    simulateStep(state, 2048, true);
}
void BM_SimulateGpt175b_1024_noLabels(benchmark::State& state)
{
    simulateStep(state, 16, false);
}

// Narayanan et al. 2021's 1T model on 3,072 A100s (t 8, p 64, d 6, 512 micro-batches).
Scenario gpt1T()
{
    Scenario s;
    s.hardware.preset = "dgx-a100";
    s.hardware.nodes = 384;
    s.model = findModel("gpt-1t").value();
    s.parallel.tp = 8;
    s.parallel.pp = 64;
    s.parallel.dp = 6;
    s.batch.microBatches = 512;
    s.compute.recompute = Recompute::Full;
    return s;
}

// The full event timeline.
void BM_SimulateGpt1T_3072(benchmark::State& state)
{
    const auto s = gpt1T();
    SimulateOptions options;
    options.labels = false;
    for (auto _ : state) {
        auto sim = simulate(s, options);
        if (!sim) {
            state.SkipWithError(toText(sim.problems()).c_str());
            return;
        }
        benchmark::DoNotOptimize(sim->metrics.stepSeconds);
    }
}

// The metrics-only path (the layout search's and validate-model's).
void BM_SimulateMetricsGpt1T_3072(benchmark::State& state)
{
    // Twenty scenarios in turn that differ only in their bucket size, so that no run finds its op patterns kept from
    // the run before (the layout search's per-thread cache keeps the last 16).
    std::vector<Scenario> scenarios(20, gpt1T());
    for (std::size_t k = 0; k < scenarios.size(); ++k) {
        scenarios[k].batch.microBatches = static_cast<int>(state.range(0));
        scenarios[k].comm.bucketMiB = 20 + static_cast<double>(k);
    }
    std::size_t k = 0;
    for (auto _ : state) {
        auto metrics = simulateMetrics(scenarios[k++ % scenarios.size()]);
        if (!metrics) {
            state.SkipWithError(toText(metrics.problems()).c_str());
            return;
        }
        benchmark::DoNotOptimize(metrics->stepSeconds);
    }
}

// The layout search for Llama 3 70B on 64 H100s (global batch 128): layouts per second over all threads.
void BM_SearchLlama70b_64(benchmark::State& state)
{
    SearchRequest r;
    r.base.model = findModel("llama3-70b").value();
    r.base.hardware.preset = "hgx-h100";
    r.gpus = 64;
    r.globalBatch = 128;
    r.threads = static_cast<int>(state.range(0));
    int simulated = 0;
    for (auto _ : state) {
        const auto result = searchLayouts(r);
        simulated = result ? static_cast<int>(result->ranked.size()) : 0;
        benchmark::DoNotOptimize(simulated);
    }
    state.counters["layouts"] = simulated;
    state.counters["layouts/s"] = benchmark::Counter(
        static_cast<double>(simulated) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

} // namespace

BENCHMARK(BM_SimulateGpt1T_3072)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SimulateMetricsGpt1T_3072)->Arg(512)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SearchLlama70b_64)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SimulateGpt175b_1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SimulateGpt175b_dp2048)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SimulateGpt175b_1024_noLabels)->Unit(benchmark::kMillisecond);
