// SPDX-License-Identifier: MIT
// The layout search against brute-force simulation, and the published-run validation set (steps.json) against
// its own definitions, recomputed here.
#include "model/sim/compute.h"
#include "model/sim/layoutsearch.h"
#include "model/sim/memory.h"
#include "model/sim/simulate.h"
#include "model/sim/stepvalidation.h"
#include "tests/common/allocator.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <fstream>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

using namespace tutor::model;

namespace {
std::string stepsPath()
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR").toStdString() + "/tests/data/validation/steps.json";
}

using tutor::testing::kGlibcAllocator;

// Bytes the allocator has handed out and not had back: its blocks in use plus its mapped blocks.
std::size_t heapInUse()
{
#if defined(__GLIBC__)
    const auto m = ::mallinfo2();
    return m.uordblks + m.hblkhd;
#else
    return 0;
#endif
}

SearchRequest smallRequest()
{
    SearchRequest r;
    r.base.model = findModel("gpt3-1.3b").value();
    r.base.model.layers = 8;
    r.base.hardware.preset = "hgx-h100";
    r.gpus = 8;
    r.globalBatch = 16;
    r.threads = 2;
    return r;
}
} // namespace

class TestStepSearch : public QObject {
    Q_OBJECT
private slots:
    // Every enumerated layout keeps Megatron's rules: dp·tp·pp = GPUs, tp inside a node and dividing the heads,
    // the global batch kept; each parallel layout and micro-batch size comes with every recomputation policy.
    void enumerationRules()
    {
        const auto r = smallRequest();
        const auto layouts = enumerateLayouts(r);
        QVERIFY(layouts.size() > 20);
        std::set<std::string> names;
        std::map<Recompute, int> perPolicy;
        for (const auto& s : layouts) {
            ++perPolicy[s.compute.recompute];
            QCOMPARE(s.parallel.dp * s.parallel.tp * s.parallel.pp, 8);
            QCOMPARE(8 % s.parallel.tp, 0);
            QCOMPARE(s.model.heads % s.parallel.tp, 0);
            QCOMPARE(globalBatch(s), 16LL);
            QVERIFY(s.parallel.zeroStage < 3 || s.parallel.pp == 1);
            QVERIFY(names.insert(s.name.en).second); // no layout twice
        }
        QCOMPARE(perPolicy.size(), recomputeChoices().size());
        for (auto policy : recomputeChoices())
            QCOMPARE(perPolicy[policy] * static_cast<int>(recomputeChoices().size()), static_cast<int>(layouts.size()));
    }

    // From 16k tokens on, context parallelism joins the search: every layout still fills the GPUs
    // (dp·tp·pp·cp), 2·cp divides the sequence, and a shorter sequence gets no CP layout.
    void longSequencesSearchContextParallel()
    {
        auto r = smallRequest();
        r.base.model.seqLen = 32768;
        std::set<int> cps;
        for (const auto& s : enumerateLayouts(r)) {
            QCOMPARE(s.parallel.gpus(), 8LL);
            QCOMPARE(s.parallel.dp * s.parallel.tp * s.parallel.pp * s.parallel.cp, 8);
            QCOMPARE(s.model.seqLen % (2 * s.parallel.cp), 0);
            QCOMPARE(globalBatch(s), 16LL);
            cps.insert(s.parallel.cp);
        }
        QCOMPARE(cps, (std::set<int> { 1, 2, 4, 8 }));
        r.base.model.seqLen = 8192;
        for (const auto& s : enumerateLayouts(r))
            QCOMPARE(s.parallel.cp, 1);
        // The ranked CP layouts are simulateMetrics()'s figures.
        r.base.model.seqLen = 32768;
        r.globalBatch = 4;
        const auto result = searchLayouts(r);
        QVERIFY2(result, toText(result.problems()).c_str());
        int ring = 0;
        for (const auto& row : result->ranked) {
            if (row.scenario.parallel.cp == 1)
                continue;
            const auto direct = simulateMetrics(row.scenario);
            QVERIFY2(direct, toText(direct.problems()).c_str());
            QCOMPARE(row.metrics.stepSeconds, direct->stepSeconds);
            ++ring;
        }
        QVERIFY(ring > 0);
    }

    // The search's figures are simulate()'s for the same scenario (to rounding), the ranking is by step time, the
    // winner beats every other feasible layout, and every rejected layout breaks memory or a rule.
    void matchesBruteForce()
    {
        const auto r = smallRequest();
        const auto result = searchLayouts(r);
        QVERIFY2(result, toText(result.problems()).c_str());
        QVERIFY(!result->ranked.empty());
        QCOMPARE(static_cast<int>(result->ranked.size() + result->rejected.size()), result->enumerated);
        SimulateOptions options;
        options.labels = false;
        double best = 1e300;
        for (const auto& s : enumerateLayouts(r)) {
            if (!validate(s).empty())
                continue;
            const auto hw = resolveHardware(s.hardware).value();
            if (!peakMemory(s, hw.memoryBytes).fits())
                continue;
            const auto sim = simulate(s, options);
            QVERIFY(sim);
            best = std::min(best, sim->metrics.stepSeconds);
        }
        // the search runs the metrics-only path: equal to the full simulation up to rounding
        QVERIFY(std::abs(result->ranked.front().metrics.stepSeconds / best - 1) < 1e-9);
        for (std::size_t i = 1; i < result->ranked.size(); ++i)
            QVERIFY(result->ranked[i - 1].metrics.stepSeconds <= result->ranked[i].metrics.stepSeconds);
        for (const auto& row : result->ranked) {
            const auto sim = simulate(row.scenario, options);
            QVERIFY(std::abs(row.metrics.stepSeconds / sim->metrics.stepSeconds - 1) < 1e-9);
        }
        for (const auto& x : result->rejected)
            QVERIFY(!x.rejected.empty());
    }

    // A model that cannot fit: every layout is rejected for memory, with the figure in the reason.
    // The Pareto front of (step, memory): no layout is both faster and smaller than a front member, and every
    // layout off the front is dominated by one on it (checked pairwise here).
    void paretoFrontIsNonDominated()
    {
        const auto result = searchLayouts(smallRequest());
        QVERIFY(result);
        const auto& all = result->ranked;
        const auto front = paretoFront(all);
        QVERIFY(!front.empty());
        const auto dominates = [&](std::size_t a, std::size_t b) {
            const auto& x = all[a].metrics;
            const auto& y = all[b].metrics;
            return x.stepSeconds <= y.stepSeconds && x.memory.totalBytes <= y.memory.totalBytes
                && (x.stepSeconds < y.stepSeconds || x.memory.totalBytes < y.memory.totalBytes);
        };
        std::set<std::size_t> onFront(front.begin(), front.end());
        for (std::size_t i = 0; i < all.size(); ++i) {
            bool dominated = false;
            for (std::size_t j = 0; j < all.size(); ++j)
                dominated = dominated || dominates(j, i);
            QCOMPARE(onFront.count(i) == 1, !dominated);
        }
        // the fastest layout is always on the front
        QVERIFY(onFront.count(0) == 1);
    }

    void nothingFits()
    {
        auto r = smallRequest();
        r.base.model = findModel("gpt3-175b").value();
        r.base.model.layers = 96;
        const auto result = searchLayouts(r);
        QVERIFY(result);
        QVERIFY(result->ranked.empty());
        QVERIFY(!result->rejected.empty());
        bool memory = false;
        for (const auto& x : result->rejected)
            memory = memory || (!x.fits && x.rejected.find("GiB per GPU") != std::string::npos);
        QVERIFY(memory);
    }

    void cancelled()
    {
        const std::atomic<bool> stop { true };
        const auto result = searchLayouts(smallRequest(), {}, &stop);
        QVERIFY(result);
        QVERIFY(result->cancelled);
        QVERIFY(result->ranked.empty());
    }

    // The search hands out runs of alike layouts to threads that live on from search to search: the number of
    // threads, a thread pool left over from an earlier search and two searches at once change no figure and no rank.
    void threadsChangeNothing()
    {
        const auto ranks = [](const SearchResult& x) {
            std::vector<std::pair<std::string, double>> out;
            for (const auto& row : x.ranked)
                out.emplace_back(row.scenario.name.en, row.metrics.stepSeconds);
            return out;
        };
        auto r = smallRequest();
        r.threads = 1;
        const auto one = searchLayouts(r);
        QVERIFY(one && one->ranked.size() > 10);
        for (int threads : { 2, 3, 8, 2 }) {
            r.threads = threads;
            const auto many = searchLayouts(r);
            QVERIFY(many);
            QCOMPARE(many->enumerated, one->enumerated);
            QCOMPARE(many->rejected.size(), one->rejected.size());
            QVERIFY2(ranks(*many) == ranks(*one), qPrintable(QStringLiteral("%1 threads").arg(threads)));
        }
        r.threads = 2;
        std::optional<Result<SearchResult>> other;
        std::thread beside([&] { other.emplace(searchLayouts(r)); });
        const auto here = searchLayouts(r);
        beside.join();
        QVERIFY(here && other && *other);
        QVERIFY(ranks(*here) == ranks(*one));
        QVERIFY(ranks(**other) == ranks(*one));
    }

    // A progress callback that throws (on whichever thread reaches the layout first) ends the search with its
    // exception once every thread has stopped, and the threads serve the next search.
    void throwingCallbackReachesTheCaller()
    {
        auto r = smallRequest();
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, searchLayouts(r, [](int done, int, const LayoutResult&) {
            if (done == 3)
                throw std::runtime_error("callback failed");
        }));
        const auto after = searchLayouts(r);
        QVERIFY(after && after->ranked.size() > 10);
    }

    // Cancelled part-way (from the progress callback, as the window's Stop does): the search stops within a run of
    // alike layouts per thread and returns what it finished, marked cancelled.
    void cancelledPartWay()
    {
        auto r = smallRequest();
        std::atomic<bool> stop { false };
        int seen = 0, total = 0;
        const auto result = searchLayouts(
            r,
            [&](int done, int all, const LayoutResult&) {
                seen = std::max(seen, done);
                total = all;
                if (done == 5)
                    stop = true;
            },
            &stop);
        QVERIFY(result && result->cancelled);
        QVERIFY(total > 20);
        QVERIFY2(seen < total, qPrintable(QStringLiteral("%1 of %2").arg(seen).arg(total)));
        QVERIFY(result->ranked.size() <= static_cast<std::size_t>(seen));
        for (std::size_t i = 1; i < result->ranked.size(); ++i)
            QVERIFY(result->ranked[i - 1].metrics.stepSeconds <= result->ranked[i].metrics.stepSeconds);
    }

    // simulateMetrics() keeps the op patterns of its last scenarios per thread (megabytes for a 70B model); a search
    // frees them on every thread it ran on, the calling one included, so a window's pool thread keeps nothing.
    void searchKeepsNoPatterns()
    {
        if (!kGlibcAllocator)
            QSKIP("needs glibc's allocator statistics (a sanitizer's allocator holds freed blocks)");
        SearchRequest r;
        r.base.model = findModel("llama3-70b").value();
        r.base.hardware.preset = "hgx-h100";
        r.gpus = 64;
        r.globalBatch = 128;
        r.threads = 1;
        QVERIFY(searchLayouts(r)); // what every search needs once (cost tables, per-thread lists)
        releaseMetricsCaches();
        std::vector<Scenario> fastest;
        const std::size_t before = heapInUse();
        {
            const auto result = searchLayouts(r);
            QVERIFY(result && result->ranked.size() > 100);
            for (std::size_t i = 0; i < 16; ++i)
                fastest.push_back(result->ranked[i].scenario);
        }
        const auto kept = static_cast<double>(heapInUse()) - static_cast<double>(before);
        // Without the release the search leaves its last 16 scenarios' patterns here (about 0.5 MiB for this model,
        // megabytes for larger ones).
        QVERIFY2(kept < 256 * 1024, qPrintable(QStringLiteral("%1 bytes kept").arg(kept)));
        // And simulateMetrics() on its own keeps them until released.
        for (const auto& scenario : fastest)
            QVERIFY(simulateMetrics(scenario));
        const auto held = static_cast<double>(heapInUse()) - static_cast<double>(before);
        releaseMetricsCaches();
        const auto released = static_cast<double>(heapInUse()) - static_cast<double>(before);
        QVERIFY2(held > 256 * 1024 && released < 256 * 1024,
            qPrintable(QStringLiteral("%1 bytes held, %2 after the release").arg(held).arg(released)));
    }

    void namedErrors()
    {
        const auto unknown = findModel("gpt-5", "--model");
        QVERIFY(!unknown);
        QVERIFY(unknown.problems().front().text().find("--model = gpt-5: unknown model") != std::string::npos);
        auto r = smallRequest();
        r.gpus = 12;
        const auto bad = searchLayouts(r);
        QVERIFY(!bad);
        QVERIFY2(
            toText(bad.problems()).find("gpus = 12: must be a multiple of the 8 GPUs per node") != std::string::npos,
            toText(bad.problems()).c_str());
    }

    // Each row's seconds per step follow its own measurement's definition, recomputed from the file.
    void measuredSecondsFollowTheirDefinition()
    {
        const auto rows = loadStepRows(stepsPath());
        QVERIFY2(rows, toText(rows.problems()).c_str());
        QVERIFY(rows->size() >= 15);
        std::ifstream in(stepsPath());
        const auto doc = nlohmann::json::parse(in);
        int checked = 0;
        for (const auto& j : doc["rows"]) {
            const auto id = j["id"].get<std::string>();
            const auto it = std::find_if(rows->begin(), rows->end(), [&](const StepRow& r) { return r.id == id; });
            QVERIFY(it != rows->end());
            if (!it->skipped.empty())
                continue;
            const auto& sc = it->scenario;
            // The GPUs the run had: its nodes · GPUs per node.
            const auto& hw = j["scenario"]["hardware"];
            const double gpus = hw.value("nodes", 1.0) * hw.value("gpus_per_node", 8.0);
            QCOMPARE(gpus, static_cast<double>(sc.parallel.dp) * sc.parallel.tp * sc.parallel.pp * sc.parallel.cp);
            const double tokens
                = static_cast<double>(j["scenario"]["batch"]["global_batch"].get<long long>()) * sc.model.seqLen;
            const auto& m = j["measured"];
            double expected = 0;
            if (m.contains("iteration_s")) {
                expected = m["iteration_s"].get<double>();
            } else if (m.contains("tokens_per_s_per_gpu")) {
                expected = tokens / (m["tokens_per_s_per_gpu"].get<double>() * gpus);
            } else if (m.contains("tflops_per_gpu")
                && j.value("flops_convention", std::string()).rfind("megatron-2021", 0) == 0) {
                const double s = sc.model.seqLen, l = sc.model.layers, h = sc.model.hidden, v = sc.model.vocab;
                const double flops = 72.0 * tokens * l * h * h * (1 + s / (6 * h) + v / (16 * l * h)) * 4 / 3;
                expected = flops / (m["tflops_per_gpu"].get<double>() * 1e12 * gpus);
            } else {
                continue;
            }
            QVERIFY2(std::abs(it->measuredSeconds / expected - 1) < 1e-9, id.c_str());
            ++checked;
        }
        QVERIFY(checked >= 15);
    }

    // The presets hold the figures the fit rows give: each fitted value is a minimum of its rows' mean |error|
    // (recomputed here a step to either side) and within 0.015 of the figure the presets carry.
    void presetsHoldTheFittedFigures()
    {
        const auto rows = loadStepRows(stepsPath());
        QVERIFY(rows);
        const auto fits = fitComputeEfficiency(*rows);
        // A fit row on other GPUs than its preset's (torchtitan's 500 W H100s) is validated but fits nothing.
        QVERIFY(std::any_of(rows->begin(), rows->end(),
            [](const StepRow& row) { return !row.offPreset.empty() && !isHeldOut(row) && row.skipped.empty(); }));
        const auto meanAbs = [&](const EfficiencyFit& f, double value) {
            double sum = 0;
            int n = 0;
            for (const auto& row : *rows) {
                const bool moe = row.scenario.model.moe.experts > 0;
                if (!row.skipped.empty() || !row.offPreset.empty() || isHeldOut(row)
                    || moe != (f.kind == EfficiencyFit::Moe))
                    continue;
                auto sc = row.scenario;
                if (f.kind == EfficiencyFit::Moe) {
                    sc.compute.moeEfficiency = value;
                } else {
                    const auto hw = resolveHardware(sc.hardware);
                    if (!hw || hw->nccl.arch != f.arch || sc.compute.precision != f.precision)
                        continue;
                    sc.compute.efficiency = value;
                }
                const auto m = simulateMetrics(sc);
                if (!m)
                    continue;
                sum += std::abs(m->stepSeconds / row.measuredSeconds - 1);
                ++n;
            }
            return std::make_pair(n, n > 0 ? sum / n : 0.0);
        };
        int moe = 0;
        for (const auto& f : fits) {
            const auto [n, at] = meanAbs(f, f.efficiency);
            QCOMPARE(n, f.rows);
            QVERIFY(std::abs(at - f.meanAbs) < 1e-12);
            QVERIFY(at <= meanAbs(f, f.efficiency - 0.03).second + 1e-9);
            QVERIFY(at <= meanAbs(f, f.efficiency + 0.03).second + 1e-9);
            const auto figures = [&](const char* id) { return findPreset(id).value().compute; };
            double inUse = 0;
            if (f.kind == EfficiencyFit::Moe) {
                inUse = figures("hgx-h100").moeEfficiency;
                ++moe;
            } else {
                const char* id = f.arch == GpuArch::Ampere ? "dgx-a100"
                    : f.arch == GpuArch::Hopper            ? "hgx-h100"
                                                           : "hgx-b200";
                inUse = f.precision == Precision::Fp8 ? figures(id).fp8GemmEfficiency : figures(id).gemmEfficiency;
            }
            QVERIFY2(std::abs(inUse - f.efficiency) < 0.015,
                (std::to_string(inUse) + " in use, fitted " + std::to_string(f.efficiency)).c_str());
        }
        QCOMPARE(moe, 1);
    }

    // Blackwell has no dense bf16 fit row, so no fit of its own for bf16 GEMMs: they take Hopper's bf16 fraction scaled
    // by the Blackwell / Hopper ratio of the fp8 fits (recomputed here), on every Blackwell preset.
    void blackwellBf16FollowsTheFp8Ratio()
    {
        const auto rows = loadStepRows(stepsPath());
        QVERIFY(rows);
        double hopperBf16 = 0, hopperFp8 = 0, blackwellFp8 = 0;
        for (const auto& f : fitComputeEfficiency(*rows)) {
            if (f.kind != EfficiencyFit::Gemm)
                continue;
            QVERIFY2(!(f.arch == GpuArch::Blackwell && f.precision == Precision::Bf16),
                "a dense Blackwell bf16 fit row exists: fit the figure instead of deriving it");
            if (f.arch == GpuArch::Hopper)
                (f.precision == Precision::Fp8 ? hopperFp8 : hopperBf16) = f.efficiency;
            if (f.arch == GpuArch::Blackwell && f.precision == Precision::Fp8)
                blackwellFp8 = f.efficiency;
        }
        QVERIFY(hopperBf16 > 0 && hopperFp8 > 0 && blackwellFp8 > 0);
        const double derived = hopperBf16 * blackwellFp8 / hopperFp8;
        QVERIFY(derived < hopperBf16); // the fp8 fits put Blackwell below Hopper
        int blackwell = 0;
        for (const auto& p : presets()) {
            if (p.nccl.arch != GpuArch::Blackwell)
                continue;
            ++blackwell;
            QVERIFY2(std::abs(p.compute.gemmEfficiency - derived) < 0.015,
                (p.id + ": " + std::to_string(p.compute.gemmEfficiency) + " in use, derived " + std::to_string(derived))
                    .c_str());
        }
        QVERIFY(blackwell >= 3); // hgx-b200, gb200-nvl72, gcp-a4
    }

    // Meta's Grand Teton H100s (96 GB HBM2e, 500 W): torchtitan's page puts their peak between H100 SXM's and H100
    // NVL's. The preset takes NVL's dense figures (datasheet: 1,671 bf16 and 3,341 fp8 TFLOP/s with sparsity) because
    // the fit rows on these hosts err less the nearer the peak is to that end, recomputed here across the range.
    void grandTetonPeakIsTheFitRowsEnd()
    {
        const auto preset = findPreset("grand-teton-h100").value();
        const auto sxm = findPreset("hgx-h100").value();
        QVERIFY(std::abs(preset.peakFlops - 1671e12 / 2) < 1e12);
        QVERIFY(std::abs(preset.compute.fp8PeakFlops - 3341e12 / 2) < 1e12);
        QCOMPARE(sxm.peakFlops, 989e12);
        QCOMPARE(preset.memoryBytes, static_cast<Bytes>(96) * GiB);
        QCOMPARE(preset.compute.memoryGBps, 2400.0);
        const auto rows = loadStepRows(stepsPath());
        QVERIFY(rows);
        const auto meanAbs = [&](double peakTflops) {
            double sum = 0;
            int n = 0;
            for (const auto& row : *rows) {
                if (row.scenario.hardware.preset != "grand-teton-h100" || isHeldOut(row) || !row.skipped.empty()
                    || row.scenario.compute.precision != Precision::Bf16)
                    continue;
                auto sc = row.scenario;
                sc.hardware.peakTflops = peakTflops;
                const auto m = simulateMetrics(sc);
                if (!m)
                    return -1.0;
                sum += std::abs(m->stepSeconds / row.measuredSeconds - 1);
                ++n;
            }
            return n > 0 ? sum / n : -1.0;
        };
        const double nvl = meanAbs(preset.peakFlops / 1e12),
                     middle = meanAbs((preset.peakFlops + sxm.peakFlops) / 2e12), top = meanAbs(sxm.peakFlops / 1e12);
        QVERIFY(nvl >= 0);
        QVERIFY2(nvl < middle && middle < top,
            qPrintable(QStringLiteral("mean |error| %1 at NVL, %2 between, %3 at SXM").arg(nvl).arg(middle).arg(top)));
    }

    // Rows that differ only in how their element-wise work runs (torchtitan with and without torch.compile, Tables 1
    // and 3): the model's eager / fused step-time ratio against the published one.
    void eagerAgainstCompiledRows()
    {
        const auto rows = loadStepRows(stepsPath());
        QVERIFY(rows);
        int pairs = 0;
        for (const auto& eager : *rows) {
            if (eager.scenario.compute.elementwise != Elementwise::Eager || !eager.skipped.empty())
                continue;
            for (const auto& fused : *rows) {
                auto same = fused.scenario;
                same.compute.elementwise = eager.scenario.compute.elementwise;
                same.compute.norm = eager.scenario.compute.norm;
                same.compute.loss = eager.scenario.compute.loss;
                same.name = eager.scenario.name;
                if (fused.scenario.compute.elementwise != Elementwise::Fused || !(same == eager.scenario))
                    continue;
                const auto slow = simulateMetrics(eager.scenario), fast = simulateMetrics(fused.scenario);
                QVERIFY(slow && fast);
                const double measured = eager.measuredSeconds / fused.measuredSeconds;
                const double predicted = slow->stepSeconds / fast->stepSeconds;
                QVERIFY2(measured > 1.05 && std::abs(predicted / measured - 1) < 0.08,
                    qPrintable(QStringLiteral("%1: eager / compiled %2 measured, %3 predicted")
                                   .arg(QString::fromStdString(eager.id))
                                   .arg(measured)
                                   .arg(predicted)));
                ++pairs;
            }
        }
        QCOMPARE(pairs, 2);
    }

    // Peak memory against the runs that publish it: every such row of the file is compared, and the summary is the
    // mean, signed mean and worst of their errors, recomputed here from the simulation.
    void memoryAgainstTheRows()
    {
        const auto rows = loadStepRows(stepsPath());
        QVERIFY(rows);
        const auto report = validateSteps(*rows, Split::All);
        double sum = 0, signedSum = 0, worst = 0;
        int n = 0;
        for (const auto& row : *rows) {
            if (row.measuredMemoryBytes <= 0 || !row.skipped.empty())
                continue;
            const auto m = simulateMetrics(row.scenario);
            QVERIFY(m);
            const double e = m->memory.totalBytes / row.measuredMemoryBytes - 1;
            sum += std::abs(e);
            signedSum += e;
            worst = std::max(worst, std::abs(e));
            ++n;
        }
        QVERIFY(n >= 8);
        QCOMPARE(report.memory.rows, n);
        QVERIFY(std::abs(report.memory.meanAbs - sum / n) < 1e-12);
        QVERIFY(std::abs(report.memory.signedMean - signedSum / n) < 1e-12);
        QCOMPARE(report.memory.worstAbs, worst);
    }

    // A published memory figure that is not a memory: the problem names the row's field, the value and the rule.
    void badMemoryFigureIsNamed()
    {
        std::ifstream in(stepsPath());
        auto doc = nlohmann::json::parse(in);
        auto row = doc["rows"][0];
        for (const auto& bad : { nlohmann::json(-3), nlohmann::json("lots"), nlohmann::json(1e30) }) {
            row["measured"]["memory_gib"] = bad;
            const QString path = QDir::temp().filePath(QStringLiteral("tst_stepsearch_memory.json"));
            std::ofstream(path.toStdString()) << nlohmann::json { { "rows", { row } } }.dump();
            const auto loaded = loadStepRows(path.toStdString());
            QVERIFY(!loaded);
            const auto& p = loaded.problems().front();
            QCOMPARE(p.field, std::string("rows[0].measured.memory_gib"));
            QVERIFY2(p.value.find(bad.is_string()    ? "lots"
                             : bad.get<double>() < 0 ? "-3"
                                                     : "1e+30")
                    != std::string::npos,
                p.value.c_str());
            QCOMPARE(p.rule, std::string("must be the peak memory per GPU in GiB, > 0 and at most 1024"));
            QFile::remove(path);
        }
    }

    // The bands (dense / MoE × up to 64, up to 1,024, more GPUs) partition the compared rows, and each band's figures
    // are the mean, signed mean and maximum of its own rows' errors, recomputed here.
    void bandsPartitionTheRows()
    {
        const auto rows = loadStepRows(stepsPath());
        QVERIFY(rows);
        const auto report = validateSteps(*rows, Split::All);
        const auto bands = stepBands(report);
        QCOMPARE(bands.size(), std::size_t { 6 });
        int counted = 0;
        for (const auto& band : bands) {
            for (const bool held : { false, true }) {
                const auto& s = held ? band.heldOut : band.fit;
                double sum = 0, signedSum = 0, worst = 0;
                int n = 0;
                for (const auto& c : report.rows) {
                    const int scale = c.gpus > 1024 ? 2 : c.gpus > 64 ? 1 : 0;
                    if (c.heldOut != held || c.moe != band.moe || scale != band.scale || !c.problem.empty())
                        continue;
                    sum += std::abs(c.error);
                    signedSum += c.error;
                    worst = std::max(worst, std::abs(c.error));
                    ++n;
                }
                QCOMPARE(s.rows, n);
                if (n == 0)
                    continue;
                QVERIFY(std::abs(s.meanAbs - sum / n) < 1e-12);
                QVERIFY(std::abs(s.signedMean - signedSum / n) < 1e-12);
                QCOMPARE(s.worstAbs, worst);
                counted += n;
            }
        }
        QCOMPARE(counted, report.summary.rows);
        // Both kinds of model are in the data, dense at every scale.
        QVERIFY(bands[0].heldOut.rows > 0 && bands[1].heldOut.rows > 0 && bands[2].heldOut.rows > 0);
        QVERIFY(bands[3].fit.rows + bands[3].heldOut.rows > 0);
    }

    // The report's summary is the mean and maximum of its rows' |error|, and the two splits partition the rows.
    void summaryAndSplit()
    {
        const auto rows = loadStepRows(stepsPath());
        QVERIFY(rows);
        const auto fit = validateSteps(*rows, Split::Fit);
        const auto held = validateSteps(*rows, Split::HeldOut);
        const auto all = validateSteps(*rows, Split::All);
        QCOMPARE(fit.summary.rows + held.summary.rows, all.summary.rows);
        QVERIFY(fit.summary.rows >= 8 && held.summary.rows >= 8);
        double sum = 0, worst = 0;
        for (const auto& c : held.rows) {
            QVERIFY(c.heldOut);
            QVERIFY(c.problem.empty());
            QCOMPARE(c.error, c.predictedSeconds / c.measuredSeconds - 1);
            sum += std::abs(c.error);
            worst = std::max(worst, std::abs(c.error));
        }
        QVERIFY(std::abs(held.summary.meanAbs - sum / held.summary.rows) < 1e-12);
        QCOMPARE(held.summary.worstAbs, worst);
        for (const auto& c : fit.rows)
            QVERIFY(!c.heldOut);
    }
};

QTEST_GUILESS_MAIN(TestStepSearch)
#include "tst_stepsearch.moc"
