// SPDX-License-Identifier: MIT
#include "model/sim/layoutsearch.h"

#include "model/sim/simulate.h"

#include <algorithm>
#include <array>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace tutor::model {

namespace {
// Shapes from the models' papers and published configs (Brown et al. 2020 Table 2.1; Narayanan et al. 2021
// Table 1; Meta Llama 3 config.json; Mistral's Mixtral 8x7B config.json; DeepSeek-V3's config.json).
constexpr ModelShape gpt(int layers, int hidden, int heads)
{
    return { .layers = layers, .hidden = hidden, .heads = heads, .seqLen = 2048, .vocab = 51200 };
}
constexpr ModelShape llama(int layers, int hidden, int ffn, int heads)
{
    return { .layers = layers,
        .hidden = hidden,
        .ffn = ffn,
        .heads = heads,
        .kvHeads = 8,
        .gatedMlp = true,
        .seqLen = 8192,
        .vocab = 128256,
        .tiedEmbeddings = false };
}

const std::array<NamedModel, 9>& table()
{
    static const std::array<NamedModel, 9> kModels {
        NamedModel { "gpt3-1.3b", "GPT-3 XL 1.3B (Brown et al. 2020)", gpt(24, 2048, 16) },
        NamedModel { "gpt3-13b", "GPT-3 13B (Brown et al. 2020)", gpt(40, 5120, 40) },
        NamedModel { "gpt3-175b", "GPT-3 175B (Brown et al. 2020)", gpt(96, 12288, 96) },
        NamedModel { "gpt-1t", "1T GPT of Narayanan et al. 2021, Table 1", gpt(128, 25600, 160) },
        NamedModel { "llama3-8b", "Llama 3 8B (Meta, config.json)", llama(32, 4096, 14336, 32) },
        NamedModel { "llama3-70b", "Llama 3 70B (Meta, config.json)", llama(80, 8192, 28672, 64) },
        NamedModel { "llama3-405b", "Llama 3.1 405B (Meta, config.json)", llama(126, 16384, 53248, 128) },
        NamedModel { "mixtral-8x7b", "Mixtral 8x7B (Mistral AI, config.json)",
            { .layers = 32,
                .hidden = 4096,
                .ffn = 14336,
                .heads = 32,
                .kvHeads = 8,
                .gatedMlp = true,
                .seqLen = 4096,
                .vocab = 32000,
                .tiedEmbeddings = false,
                .moe = { .experts = 8, .topK = 2, .capacityFactor = 1.0, .everyNLayers = 1 } } },
        NamedModel { "deepseek-v3", "DeepSeek-V3 671B (DeepSeek-AI, config.json)",
            { .layers = 61,
                .hidden = 7168,
                .ffn = 18432,
                .heads = 128,
                .headDim = 128,
                .gatedMlp = true,
                .seqLen = 4096,
                .vocab = 129280,
                .tiedEmbeddings = false,
                .moe = { .experts = 256,
                    .topK = 8,
                    .firstDenseLayers = 3,
                    .expertFfn = 2048,
                    .sharedExpertFfn = 2048,
                    .groups = 8,
                    .groupTopK = 4 },
                .mla = { .qLoraRank = 1536, .kvLoraRank = 512, .ropeHeadDim = 64, .vHeadDim = 128 } } },
    };
    return kModels;
}

std::vector<int> divisorsOf(long long n, long long cap)
{
    std::vector<int> out;
    for (long long d = 1; d <= std::min(n, cap); ++d)
        if (n % d == 0)
            out.push_back(static_cast<int>(d));
    return out;
}

std::string str(long long v)
{
    return std::to_string(v);
}
} // namespace

std::span<const NamedModel> namedModels()
{
    return table();
}

Result<ModelShape> findModel(std::string_view id, const std::string& field)
{
    const std::string_view alias = id == "gpt-175b" ? "gpt3-175b" : id;
    std::string known;
    for (const auto& m : table()) {
        if (m.id == alias)
            return m.shape;
        known += (known.empty() ? "" : ", ") + std::string(m.id);
    }
    return Problem { field, std::string(id), "unknown model (known: " + known + ")", {} };
}

Problems validate(const SearchRequest& r)
{
    Problems out;
    const auto hw = resolveHardware(r.base.hardware);
    if (!hw)
        return hw.problems();
    const int perNode = r.base.hardware.gpusPerNode > 0 ? r.base.hardware.gpusPerNode : hw->gpusPerNode;
    if (r.gpus < 1 || r.gpus > 1'000'000)
        out.push_back({ "gpus", str(r.gpus), "must be in [1, 1000000]", {} });
    else if (r.gpus > perNode && r.gpus % perNode != 0)
        out.push_back({ "gpus", str(r.gpus),
            "must be a multiple of the " + str(perNode) + " GPUs per node of " + r.base.hardware.preset, {} });
    if (r.globalBatch < 0 || r.globalBatch > 100'000'000)
        out.push_back({ "global_batch", str(r.globalBatch), "must be in [1, 100000000] (0: 2 · gpus)", {} });
    if (r.threads < 0 || r.threads > 1024)
        out.push_back({ "threads", str(r.threads), "must be in [0, 1024] (0: every core)", {} });
    return out;
}

namespace {
// Search threads that live from the first search that needs them to the end of the process. A thread's buffers
// (event records, pipeline scratch) grow on its first layouts and are reused by every later search: threads started
// per search paid for those pages again each time, which took back much of what a second core gave.
class SearchThreads {
public:
    static SearchThreads& instance()
    {
        static SearchThreads threads;
        return threads;
    }

    /// Runs `work` on `helpers` pool threads and on the calling thread; returns when all of them have returned.
    /// One search at a time: a second caller waits for the first.
    void run(int helpers, const std::function<void()>& work)
    {
        const std::lock_guard one(m_runMutex);
        {
            const std::lock_guard lock(m_mutex);
            while (static_cast<int>(m_threads.size()) < helpers)
                m_threads.emplace_back([this, index = static_cast<int>(m_threads.size())] { loop(index); });
            m_work = &work;
            m_helpers = helpers;
            m_running = helpers;
            ++m_generation;
        }
        m_wake.notify_all();
        std::exception_ptr failed;
        try {
            work();
        } catch (...) {
            failed = std::current_exception(); // the helpers still run `work`: it must outlive them
        }
        std::unique_lock lock(m_mutex);
        m_finished.wait(lock, [&] { return m_running == 0; });
        m_work = nullptr;
        if (!failed)
            failed = m_failed;
        m_failed = nullptr;
        if (failed)
            std::rethrow_exception(failed);
    }

    SearchThreads(const SearchThreads&) = delete;
    SearchThreads& operator=(const SearchThreads&) = delete;

    ~SearchThreads()
    {
        {
            const std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        for (auto& t : m_threads)
            t.join();
    }

private:
    SearchThreads() = default;

    void loop(int index)
    {
        std::uint64_t seen = 0;
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [&] { return m_stop || m_generation != seen; });
            if (m_stop)
                return;
            seen = m_generation;
            if (index >= m_helpers)
                continue; // this search wants fewer threads
            const auto* work = m_work;
            lock.unlock();
            std::exception_ptr failed;
            try {
                (*work)();
            } catch (...) {
                failed = std::current_exception();
            }
            lock.lock();
            if (failed && !m_failed)
                m_failed = failed; // the caller rethrows it
            if (--m_running == 0)
                m_finished.notify_all();
        }
    }

    std::mutex m_runMutex; // held for a whole search
    std::mutex m_mutex; // guards everything below
    std::condition_variable m_wake, m_finished;
    std::vector<std::thread> m_threads;
    const std::function<void()>* m_work = nullptr;
    int m_helpers = 0, m_running = 0;
    std::uint64_t m_generation = 0;
    std::exception_ptr m_failed; // the first exception a helper's `work` threw
    bool m_stop = false;
};

// The expert layouts of an MoE model on a stage of tp · cp · dp GPUs, as (etp, ep) with etp 0 for Megatron-Core's
// default, tp: MoE parallel folding lays the stage's GPUs out as etp, ep, expert data parallel, so ep may take any
// divisor of the experts that divides tp · cp · dp / etp. Under TP the experts may also stay whole (etp 1), as
// Megatron-Bridge's MoE recipes keep them. A dense model has one: (0, 1).
std::vector<std::pair<int, int>> expertLayouts(const ModelShape& m, int tp, int cp, int dp)
{
    if (m.moe.experts <= 0)
        return { { 0, 1 } };
    std::vector<std::pair<int, int>> out;
    for (int etp : tp > 1 ? std::vector<int> { tp, 1 } : std::vector<int> { tp })
        for (int ep : divisorsOf(static_cast<long long>(tp) * cp * dp / etp, m.moe.experts))
            if (m.moe.experts % ep == 0)
                out.emplace_back(etp == tp ? 0 : etp, ep);
    return out;
}

// Every DP × TP × CP × PP × EP (× expert TP) × virtual-stage × ZeRO split of the request's GPUs that keeps
// Megatron-LM's rules for the model and the global batch, in search order.
std::vector<ParallelSpec> parallelLayouts(const SearchRequest& r, int perNode, long long batch)
{
    const auto& m = r.base.model;
    // Context parallelism is for long sequences (Megatron-Core's guidance: 16k tokens and more); shorter ones keep
    // the whole sequence on every GPU and the search stays as large as it was.
    std::vector<int> cps { 1 };
    if (m.seqLen >= 16384)
        for (int cp : { 2, 4, 8, 16 })
            if (m.seqLen % (2 * cp) == 0)
                cps.push_back(cp);
    std::vector<ParallelSpec> out;
    for (int tp : divisorsOf(perNode, perNode)) {
        if (m.heads % tp != 0 || m.hidden % tp != 0 || m.ffnSize() % tp != 0 || m.kvHeadCount() % tp != 0)
            continue;
        for (int cp : cps)
            for (int pp : divisorsOf(r.gpus / tp, m.layers)) {
                if (!splitsLayers(m.layers, pp) || r.gpus % (tp * pp * cp) != 0)
                    continue;
                const int dp = r.gpus / (tp * pp * cp);
                if (batch % dp != 0)
                    continue;
                for (const auto& [etp, ep] : expertLayouts(m, tp, cp, dp)) {
                    for (int v : { 1, 2, 4 }) {
                        if (v > 1 && (pp == 1 || !splitsLayers(m.layers, pp * v)))
                            continue;
                        for (int zero = 0; zero <= 3; ++zero)
                            if (!(zero == 3 && pp > 1) && !(zero > 0 && dp == 1))
                                out.push_back({ .dp = dp,
                                    .tp = tp,
                                    .pp = pp,
                                    .ep = ep,
                                    .etp = etp,
                                    .cp = cp,
                                    .sp = tp > 1,
                                    .zeroStage = zero,
                                    .virtualStages = v,
                                    .schedule = v > 1 ? PipelineSchedule::Interleaved : PipelineSchedule::OneFOneB });
                    }
                }
            }
    }
    return out;
}
} // namespace

std::vector<Scenario> enumerateLayouts(const SearchRequest& r)
{
    std::vector<Scenario> out;
    const auto hw = resolveHardware(r.base.hardware);
    if (!hw)
        return out;
    const int perNode
        = std::min(r.gpus, r.base.hardware.gpusPerNode > 0 ? r.base.hardware.gpusPerNode : hw->gpusPerNode);
    const long long batch = r.globalBatch > 0 ? r.globalBatch : 2LL * r.gpus;
    const auto layouts = parallelLayouts(r, perNode, batch);
    // Recomputation × micro-batch size: reserved so that no Scenario is moved by a reallocation.
    constexpr std::array kMicroBatchSizes { 1, 2, 4, 8 };
    out.reserve(layouts.size() * recomputeChoices().size() * kMicroBatchSizes.size());
    for (const auto& par : layouts)
        for (auto recompute : recomputeChoices())
            for (int mbs : kMicroBatchSizes) {
                const int dp = par.dp, pp = par.pp, v = par.virtualStages;
                if ((batch / dp) % mbs != 0)
                    continue;
                const long long micro = batch / dp / mbs;
                if ((v > 1 && micro % pp != 0) || micro > 100'000)
                    continue;
                Scenario sc = r.base;
                sc.hardware.nodes = std::max(1, r.gpus / perNode);
                sc.hardware.gpusPerNode = perNode;
                sc.parallel = par;
                sc.batch = {};
                sc.batch.microBatchSize = mbs;
                sc.batch.microBatches = static_cast<int>(micro);
                sc.batch.globalBatch = static_cast<int>(batch);
                sc.compute.recompute = recompute;
                sc.name = { "dp" + str(dp) + " tp" + str(par.tp) + " pp" + str(pp) + (v > 1 ? " v" + str(v) : "")
                        + (par.cp > 1 ? " cp" + str(par.cp) : "") + (par.ep > 1 ? " ep" + str(par.ep) : "")
                        + (par.etp > 0 ? " etp" + str(par.etp) : "") + " zero" + str(par.zeroStage) + " "
                        + std::string(name(recompute)) + " mbs" + str(mbs),
                    {} };
                out.push_back(std::move(sc));
            }
    return out;
}

Result<SearchResult> searchLayouts(
    const SearchRequest& r, const SearchProgress& progress, const std::atomic<bool>* cancel)
{
    if (auto problems = validate(r); !problems.empty())
        return problems;
    const auto hw = resolveHardware(r.base.hardware);
    SearchResult out;
    auto layouts = enumerateLayouts(r);
    out.enumerated = static_cast<int>(layouts.size());
    // Cheap checks first: Megatron's rules (validate) and memory; only what fits is simulated.
    std::vector<Scenario> feasible;
    feasible.reserve(layouts.size());
    out.rejected.reserve(layouts.size());
    for (auto& sc : layouts) {
        LayoutResult rejected;
        if (auto problems = validate(sc); !problems.empty()) {
            rejected.rejected = problems.front().text();
        } else if (const auto mem = peakMemory(sc, hw->memoryBytes); !mem.fits()) {
            rejected.fits = false;
            rejected.rejected = "needs " + str(static_cast<long long>(mem.totalBytes / (1 << 30))) + " GiB per GPU of "
                + str(static_cast<long long>(mem.capacityBytes / (1 << 30))) + " GiB (stage " + str(mem.stage) + ")";
        } else {
            feasible.push_back(std::move(sc));
            continue;
        }
        rejected.scenario = std::move(sc);
        out.rejected.push_back(std::move(rejected));
    }
    const int total = static_cast<int>(feasible.size());
    // Work is handed out by runs of layouts that differ only in ZeRO stage (below 3), recomputation and micro-batch
    // size: they share most op patterns, which metricsOnly() keeps per thread, so a run stays on one thread and its
    // patterns are simulated once rather than once on every thread.
    const auto sameRun = [](const Scenario& a, const Scenario& b) {
        const auto& x = a.parallel;
        const auto& y = b.parallel;
        return x.dp == y.dp && x.tp == y.tp && x.pp == y.pp && x.ep == y.ep && x.etp == y.etp && x.cp == y.cp
            && x.virtualStages == y.virtualStages && (x.zeroStage == 3) == (y.zeroStage == 3);
    };
    std::vector<int> runStart;
    for (int i = 0; i < total; ++i)
        if (i == 0 || !sameRun(feasible[i - 1], feasible[i]))
            runStart.push_back(i);
    runStart.push_back(total);
    const int runs = static_cast<int>(runStart.size()) - 1;
    std::vector<std::optional<LayoutResult>> results(feasible.size());
    std::atomic<int> nextRun { 0 }, done { 0 };
    std::mutex progressMutex;
    const auto work = [&] {
        for (int run = nextRun++; run < runs; run = nextRun++)
            for (int i = runStart[run]; i < runStart[run + 1]; ++i) {
                if (cancel && cancel->load())
                    break;
                LayoutResult res;
                if (auto metrics = simulateMetrics(feasible[i])) {
                    res.metrics = *metrics;
                } else {
                    res.rejected = metrics.problems().front().text();
                }
                res.scenario = std::move(feasible[i]); // each layout is taken by one thread, once
                const int d = ++done;
                if (progress) {
                    const std::lock_guard lock(progressMutex);
                    progress(d, total, res);
                }
                results[i] = std::move(res);
            }
        releaseMetricsCaches(); // the calling thread lives on (a window's pool thread): its patterns are not kept
    };
    const int threads = std::max(1,
        std::min(
            runs, r.threads > 0 ? r.threads : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()))));
    if (threads > 1)
        SearchThreads::instance().run(threads - 1, work);
    else
        work();
    out.cancelled = cancel && cancel->load();
    // Ranked by step time through indices: a LayoutResult is moved once, not by every step of a sort.
    std::vector<int> order;
    order.reserve(results.size());
    for (int i = 0; i < total; ++i) {
        if (!results[i])
            continue;
        if (results[i]->rejected.empty())
            order.push_back(i);
        else
            out.rejected.push_back(std::move(*results[i]));
    }
    std::stable_sort(order.begin(), order.end(),
        [&](int a, int b) { return results[a]->metrics.stepSeconds < results[b]->metrics.stepSeconds; });
    out.ranked.reserve(order.size());
    for (const int i : order)
        out.ranked.push_back(std::move(*results[i]));
    return out;
}

std::vector<std::size_t> paretoFront(const std::vector<LayoutResult>& layouts)
{
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < layouts.size(); ++i)
        if (layouts[i].rejected.empty())
            order.push_back(i);
    // By memory, then step time: a layout is on the front when it is faster than every smaller one.
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto& x = layouts[a].metrics;
        const auto& y = layouts[b].metrics;
        return x.memory.totalBytes != y.memory.totalBytes ? x.memory.totalBytes < y.memory.totalBytes
                                                          : x.stepSeconds < y.stepSeconds;
    });
    std::vector<std::size_t> front;
    double best = 1e300;
    for (auto i : order) {
        const auto& m = layouts[i].metrics;
        // an exact tie with the last front member is not dominated by it either
        const bool tie = !front.empty() && m.stepSeconds == best
            && m.memory.totalBytes == layouts[front.back()].metrics.memory.totalBytes;
        if (m.stepSeconds < best || tie) {
            front.push_back(i);
            best = m.stepSeconds;
        }
    }
    return front;
}

} // namespace tutor::model
