// SPDX-License-Identifier: MIT
// The layout search against brute-force simulation (the validation set steps.json is tst_stepvalidation's).
#include "model/sim/compute.h"
#include "model/sim/layoutsearch.h"
#include "model/sim/memory.h"
#include "model/sim/simulate.h"
#include "tests/common/allocator.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

using namespace tutor::model;

namespace {
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

// The ranked rows whose layout `pick` selects, each against simulateMetrics() of its scenario: how many there are,
// or -1 (with a warning) when one does not simulate or its step differs from the search's figure.
template <typename Pick> int rankedAsSimulated(const SearchResult& result, Pick pick)
{
    int n = 0;
    for (const auto& row : result.ranked) {
        if (!pick(row.scenario.parallel))
            continue;
        const auto direct = simulateMetrics(row.scenario);
        if (!direct || direct->stepSeconds != row.metrics.stepSeconds) {
            qWarning("%s: %s", row.scenario.name.en.c_str(),
                direct ? "another step than the search's" : toText(direct.problems()).c_str());
            return -1;
        }
        ++n;
    }
    return n;
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

    // MoE layouts split the experts as Megatron-Core's parallel folding allows: expert TP at tp or 1, ep dividing the
    // experts and tp · cp · dp / etp, so experts kept whole under TP may spread over more GPUs than DP has. Every one
    // keeps the rules, and the search ranks them by the metrics-only path's figures.
    void moeLayoutsFoldExperts()
    {
        auto r = smallRequest();
        r.base.model = findModel("mixtral-8x7b").value();
        r.base.model.layers = 4;
        r.gpus = 16;
        r.globalBatch = 32;
        std::set<std::pair<int, int>> split; // (etp, ep) beyond dp
        std::set<std::string> names;
        for (const auto& s : enumerateLayouts(r)) {
            const auto& p = s.parallel;
            QVERIFY(names.insert(s.name.en).second);
            QCOMPARE(s.model.moe.experts % p.ep, 0);
            QCOMPARE((p.tp * p.cp * p.dp) % (p.expertTp() * p.ep), 0);
            QVERIFY(p.etp == 0 || p.etp == 1);
            QVERIFY(p.etp == 0 || p.tp > 1);
            for (const auto& problem : validate(s))
                QVERIFY2(problem.field != "parallel.ep", problem.text().c_str());
            if (p.ep > p.dp)
                split.insert({ p.expertTp(), p.ep });
        }
        // At etp = tp, ep stays within cp · dp; with experts whole, TP 4 × DP 4 and TP 8 × DP 2 hold all 8 of Mixtral's
        // experts on 8 GPUs.
        QVERIFY(split.count({ 1, 8 }) > 0);
        QVERIFY(!split.empty());
        for (const auto& [etp, ep] : split)
            QCOMPARE(etp, 1);
        const auto result = searchLayouts(r);
        QVERIFY2(result, toText(result.problems()).c_str());
        QVERIFY(rankedAsSimulated(*result, [](const ParallelSpec& p) { return p.etp == 1; }) > 0);
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
        QVERIFY(rankedAsSimulated(*result, [](const ParallelSpec& p) { return p.cp > 1; }) > 0);
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
};

QTEST_GUILESS_MAIN(TestStepSearch)
#include "tst_stepsearch.moc"
