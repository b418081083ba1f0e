// SPDX-License-Identifier: MIT
// Training timeline: painting 100,000 events at 1920×1080 must take under 16 ms per frame (level of detail
// merges sub-pixel events), and a parameter change on the 1,024-GPU scenario must update the view — simulate,
// rebuild the lane index and axis, paint — in under 50 ms. Run `make bench` (medians of 5 repetitions).
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "views/timelinepainter.h"

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <benchmark/benchmark.h>
#include <cstdlib>
#include <string>

namespace {

using namespace tutor;

// Painting text needs a QGuiApplication; the offscreen platform needs no display.
void ensureApplication()
{
    static int argc = 1;
    static char name[] = "tutor_bench";
    static char* argv[] = { name, nullptr };
    if (!QGuiApplication::instance()) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        static QGuiApplication app(argc, argv);
    }
}

// 8 stages × (compute, tp, dp, pp) lanes sharing `count` events: back-to-back compute, gapped collectives.
model::Timeline syntheticTimeline(int count)
{
    model::Timeline t;
    const model::LaneKind kinds[]
        = { model::LaneKind::Compute, model::LaneKind::TpComm, model::LaneKind::DpComm, model::LaneKind::PpComm };
    for (int stage = 0; stage < 8; ++stage)
        for (auto kind : kinds)
            t.lanes.push_back({ stage, kind, "stage " + std::to_string(stage) });
    const int lanes = static_cast<int>(t.lanes.size());
    const int perLane = count / lanes;
    const double step = 1.0;
    t.events.reserve(static_cast<size_t>(count));
    for (int lane = 0; lane < lanes; ++lane) {
        const bool compute = t.lanes[static_cast<size_t>(lane)].kind == model::LaneKind::Compute;
        const double slot = step / perLane;
        for (int i = 0; i < perLane; ++i) {
            model::Event e;
            e.lane = lane;
            e.kind = compute ? (i % 2 ? model::EventKind::Backward : model::EventKind::Forward)
                             : model::EventKind::Communication;
            e.start = i * slot;
            e.duration = compute ? slot : slot * 0.6;
            e.exposed = compute ? 0 : e.duration * 0.2;
            e.label = compute ? "fwd" : "AllReduce";
            t.events.push_back(std::move(e));
        }
    }
    t.duration = step;
    return t;
}

views::TimeAxis axisFor(const model::Timeline& timeline, const QRectF& bounds)
{
    views::TimeAxis axis;
    axis.setPlot(views::TimelineLayout::plotFor(bounds));
    axis.setLaneCount(static_cast<int>(timeline.lanes.size()));
    axis.setDuration(timeline.duration);
    return axis;
}

void paintTimeline100k(benchmark::State& state)
{
    ensureApplication();
    const model::Timeline timeline = syntheticTimeline(100'000);
    const views::TimelineIndex index = views::TimelineIndex::build(timeline);
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    const QRectF bounds(0, 0, 1920, 1080);
    views::TimeAxis axis = axisFor(timeline, bounds);
    // range(0): zoom factor; 1 = the whole step (every event sub-pixel), 64 = a mix of drawn and merged events
    axis.zoom(static_cast<double>(state.range(0)), axis.plot().center().x());
    const views::Palette palette = views::Palette::light();
    views::TimelinePaintOptions options;
    options.cursor = 0.5;
    views::TimelinePaintStats stats;
    for (auto _ : state) {
        QPainter painter(&image);
        stats = views::paintTimeline(painter, bounds, timeline, index, axis, palette, options);
        benchmark::DoNotOptimize(stats);
    }
    state.counters["events"] = static_cast<double>(timeline.events.size());
    state.counters["drawn"] = stats.drawnRects;
    state.counters["merged"] = stats.mergedEvents;
}
BENCHMARK(paintTimeline100k)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);

model::Scenario gpt175b()
{
    const char* root = std::getenv("TUTOR_SOURCE_DIR");
    const std::string dir = root ? root : TUTOR_BENCH_SOURCE_DIR;
    auto loaded = model::loadScenario(dir + "/assets/scenarios/gpt175b-3d-1024.json");
    return loaded ? loaded.value() : model::Scenario {};
}

// What the stage does after a form edit: simulate, rebuild the lane index and the axis, paint one frame.
void parameterChange1024(benchmark::State& state)
{
    ensureApplication();
    model::Scenario scenario = gpt175b();
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    const QRectF bounds(0, 0, 1920, 1080);
    const views::Palette palette = views::Palette::light();
    std::size_t events = 0;
    int flip = 0;
    for (auto _ : state) {
        scenario.comm.bucketMiB = (flip++ % 2) ? 25 : 50; // the edit
        auto sim = model::simulate(scenario);
        if (!sim) {
            state.SkipWithError(model::toText(sim.problems()).c_str());
            return;
        }
        const views::TimelineIndex index = views::TimelineIndex::build(sim->timeline);
        const views::TimeAxis axis = axisFor(sim->timeline, bounds);
        QPainter painter(&image);
        const auto stats = views::paintTimeline(painter, bounds, sim->timeline, index, axis, palette, {});
        benchmark::DoNotOptimize(stats);
        events = sim->timeline.events.size();
    }
    state.counters["events"] = static_cast<double>(events);
}
BENCHMARK(parameterChange1024)->Unit(benchmark::kMillisecond);

} // namespace
