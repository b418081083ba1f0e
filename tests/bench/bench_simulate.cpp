// SPDX-License-Identifier: MIT
// Training-step simulator: the 1,024-GPU GPT-175B 3D-parallel scenario must simulate in under 10 ms
// (median), and the same with DP 2,048 no slower, since ranks that behave alike are simulated once.
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"

#include <benchmark/benchmark.h>
#include <cstdlib>
#include <string>

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

} // namespace

BENCHMARK(BM_SimulateGpt175b_1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SimulateGpt175b_dp2048)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SimulateGpt175b_1024_noLabels)->Unit(benchmark::kMillisecond);
