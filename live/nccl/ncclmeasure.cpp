// SPDX-License-Identifier: MIT
// The NCCL backend's timed runs: CUDA events around each iteration on every local GPU, the correctness check,
// and the overlap experiment (a spin kernel on a second stream beside the collective).
#include "live/nccl/ncclbackendimpl.h"
#include "tutor/config.h"

#if TUTOR_WITH_MPI
#include <mpi.h>
#endif

#include <memory>

namespace tutor::live {

using namespace ncclimpl;

namespace {

/// Events on one stream, destroyed with the scope.
class Events {
public:
    explicit Events(std::size_t n)
        : m_events(n, nullptr)
    {
        for (auto& e : m_events)
            cudaEventCreate(&e);
    }
    ~Events()
    {
        for (auto e : m_events)
            if (e)
                cudaEventDestroy(e);
    }
    Events(const Events&) = delete;
    Events& operator=(const Events&) = delete;
    cudaEvent_t operator[](std::size_t i) const { return m_events[i]; }

private:
    std::vector<cudaEvent_t> m_events;
};

double seconds(cudaEvent_t from, cudaEvent_t to)
{
    float ms = 0;
    cudaEventElapsedTime(&ms, from, to);
    return ms * 1e-3;
}

} // namespace

std::optional<BackendError> NcclBackend::fill(const RunSpec& s)
{
    const gpu::Elem elem = *elemOf(s.dtype);
    const std::size_t ts = static_cast<std::size_t>(model::sizeOf(s.dtype));
    for (auto& d : m_dev) {
        cudaSetDevice(d.ordinal);
        const Pointers p = pointers(s, d);
        cudaMemsetAsync(d.recv, 0, static_cast<std::size_t>(s.layout.count) * ts, d.stream);
        if (auto e = cuda(gpu::fillInput(p.input, elem, p.inputCount, d.rank, d.stream), "fillInput kernel"))
            return e;
    }
    return waitAll("cudaStreamSynchronize");
}

Outcome<std::int64_t> NcclBackend::check(const RunSpec& s)
{
    const gpu::Elem elem = *elemOf(s.dtype);
    const std::size_t ts = static_cast<std::size_t>(model::sizeOf(s.dtype));
    std::int64_t wrong = 0;
    for (auto& d : m_dev) {
        cudaSetDevice(d.ordinal);
        const Pointers p = pointers(s, d);
        cudaMemsetAsync(d.counter, 0, sizeof(unsigned long long), d.stream);
        for (const auto& b : expectedOutput(s.op, s.layout, m_size, d.rank, s.root)) {
            const void* at = static_cast<const char*>(p.output) + static_cast<std::size_t>(b.outOffset) * ts;
            if (auto e = cuda(gpu::countWrong(at, elem, b.count, b.rankFirst, b.rankCount, b.indexOffset,
                                  reduces(s.op) ? s.redop : RedOp::Sum, d.counter, d.stream),
                    "checkKernel"))
                return Outcome<std::int64_t>::failed(*e);
        }
        unsigned long long host = 0;
        if (auto e
            = cuda(cudaMemcpyAsync(&host, d.counter, sizeof host, cudaMemcpyDeviceToHost, d.stream), "cudaMemcpyAsync"))
            return Outcome<std::int64_t>::failed(*e);
        if (auto e = wait(d, d.stream, "cudaStreamSynchronize"))
            return Outcome<std::int64_t>::failed(*e);
        wrong += static_cast<std::int64_t>(host);
    }
    return Outcome<std::int64_t> { sumAcrossRanks(wrong), std::nullopt };
}

Outcome<RunTimes> NcclBackend::run(const RunSpec& s)
{
    const std::size_t ts = static_cast<std::size_t>(model::sizeOf(s.dtype));
    if (auto e = reserve(static_cast<std::size_t>(s.layout.count) * ts))
        return Outcome<RunTimes>::failed(*e);
    if (auto e = fill(s))
        return Outcome<RunTimes>::failed(*e);
    for (int i = 0; i < s.warmup; ++i)
        if (auto e = launchAll(s))
            return Outcome<RunTimes>::failed(*e);
    if (auto e = waitAll(ncclCallName(s.op)))
        return Outcome<RunTimes>::failed(*e);

    const std::size_t iters = static_cast<std::size_t>(s.iterations);
    std::vector<std::unique_ptr<Events>> events;
    for (auto& d : m_dev) {
        cudaSetDevice(d.ordinal);
        events.push_back(std::make_unique<Events>(iters + 1));
    }
#if TUTOR_WITH_MPI
    if (m_mpi)
        MPI_Barrier(MPI_COMM_WORLD);
#endif
    for (std::size_t i = 0; i < iters; ++i) {
        for (std::size_t k = 0; k < m_dev.size(); ++k) {
            cudaSetDevice(m_dev[k].ordinal);
            cudaEventRecord((*events[k])[i], m_dev[k].stream);
        }
        if (auto e = launchAll(s))
            return Outcome<RunTimes>::failed(*e);
        if (s.blocking)
            if (auto e = waitAll(ncclCallName(s.op)))
                return Outcome<RunTimes>::failed(*e);
        heartbeat().beat(); // launches block once the device's queue is full: each one returning is progress
    }
    for (std::size_t k = 0; k < m_dev.size(); ++k) {
        cudaSetDevice(m_dev[k].ordinal);
        cudaEventRecord((*events[k])[iters], m_dev[k].stream);
    }
    // Iteration by iteration, so that the watchdog sees a long healthy loop progress.
    for (std::size_t i = 1; i <= iters; ++i)
        for (std::size_t k = 0; k < m_dev.size(); ++k)
            if (auto e = waitEvent(m_dev[k], (*events[k])[i], ncclCallName(s.op)))
                return Outcome<RunTimes>::failed(*e);
    if (auto e = waitAll(ncclCallName(s.op)))
        return Outcome<RunTimes>::failed(*e);

    RunTimes t;
    t.iterationSeconds.assign(iters, 0.0);
    std::vector<double> loop;
    for (std::size_t k = 0; k < m_dev.size(); ++k) {
        for (std::size_t i = 0; i < iters; ++i)
            t.iterationSeconds[i] = std::max(t.iterationSeconds[i], seconds((*events[k])[i], (*events[k])[i + 1]));
        loop.push_back(seconds((*events[k])[0], (*events[k])[iters]) / static_cast<double>(iters));
    }
    for (auto& v : t.iterationSeconds)
        v = maxAcrossRanks(v);
    t.loopSeconds = combineAcrossRanks(loop, s.average);

    t.wrong = -1;
    for (int c = 0; c < s.checks && t.wrong <= 0; ++c) {
        if (auto e = fill(s))
            return Outcome<RunTimes>::failed(*e);
        if (auto e = launchAll(s))
            return Outcome<RunTimes>::failed(*e);
        if (auto e = waitAll(ncclCallName(s.op)))
            return Outcome<RunTimes>::failed(*e);
        auto wrong = check(s);
        if (wrong.error)
            return Outcome<RunTimes>::failed(*wrong.error);
        t.wrong = *wrong.value;
    }
    return Outcome<RunTimes> { t, std::nullopt };
}

Outcome<OverlapTimes> NcclBackend::overlap(const OverlapSpec& o)
{
    RunSpec s;
    s.op = o.op;
    s.dtype = o.dtype;
    s.layout = o.layout;
    s.root = o.root;
    const std::size_t ts = static_cast<std::size_t>(model::sizeOf(s.dtype));
    if (auto e = reserve(static_cast<std::size_t>(s.layout.count) * ts))
        return Outcome<OverlapTimes>::failed(*e);
    if (auto e = fill(s))
        return Outcome<OverlapTimes>::failed(*e);
    const int blocks = m_smCount;
    const int n = std::max(1, o.iterations);

    // Clock rate of the spin kernel: cycles per second, measured on the first GPU.
    Device& d0 = m_dev.front();
    cudaSetDevice(d0.ordinal);
    double cyclesPerSecond = 1e9;
    {
        Events ev(2);
        const long long probe = 2'000'000;
        cudaEventRecord(ev[0], d0.compute);
        if (auto e = cuda(gpu::spin(probe, blocks, d0.compute), "spin kernel"))
            return Outcome<OverlapTimes>::failed(*e);
        cudaEventRecord(ev[1], d0.compute);
        if (auto e = cuda(cudaStreamSynchronize(d0.compute), "cudaStreamSynchronize"))
            return Outcome<OverlapTimes>::failed(*e);
        cyclesPerSecond = probe / std::max(1e-9, seconds(ev[0], ev[1]));
    }

    OverlapTimes sum;
    // 1. The collective alone.
    for (int i = 0; i < n; ++i) {
        std::vector<std::unique_ptr<Events>> ev;
        for (auto& d : m_dev) {
            cudaSetDevice(d.ordinal);
            ev.push_back(std::make_unique<Events>(2));
            cudaEventRecord((*ev.back())[0], d.stream);
        }
        if (auto e = launchAll(s))
            return Outcome<OverlapTimes>::failed(*e);
        double worst = 0;
        for (std::size_t k = 0; k < m_dev.size(); ++k) {
            cudaSetDevice(m_dev[k].ordinal);
            cudaEventRecord((*ev[k])[1], m_dev[k].stream);
        }
        if (auto e = waitAll(ncclCallName(s.op)))
            return Outcome<OverlapTimes>::failed(*e);
        for (std::size_t k = 0; k < m_dev.size(); ++k)
            worst = std::max(worst, seconds((*ev[k])[0], (*ev[k])[1]));
        sum.commAlone += worst;
    }
    const double target = o.computeSeconds > 0 ? o.computeSeconds : maxAcrossRanks(sum.commAlone / n);
    const long long cycles = std::max(1LL, static_cast<long long>(target * cyclesPerSecond));

    // 2. Compute alone, 3. both: per GPU a base event on the NCCL stream that the compute stream waits for, so
    // both intervals are measured from one origin.
    for (int pass = 0; pass < 2; ++pass) {
        const bool together = pass == 1;
        for (int i = 0; i < n; ++i) {
            std::vector<std::unique_ptr<Events>> ev; // base, compStart, compEnd, commStart, commEnd
            for (auto& d : m_dev) {
                cudaSetDevice(d.ordinal);
                ev.push_back(std::make_unique<Events>(5));
                const Events& e = *ev.back();
                cudaEventRecord(e[0], d.stream);
                cudaStreamWaitEvent(d.compute, e[0], 0);
                cudaEventRecord(e[1], d.compute);
                if (auto err = cuda(gpu::spin(cycles, blocks, d.compute), "spin kernel"))
                    return Outcome<OverlapTimes>::failed(*err);
                cudaEventRecord(e[2], d.compute);
                cudaEventRecord(e[3], d.stream);
            }
            if (together)
                if (auto e = launchAll(s))
                    return Outcome<OverlapTimes>::failed(*e);
            for (std::size_t k = 0; k < m_dev.size(); ++k) {
                cudaSetDevice(m_dev[k].ordinal);
                cudaEventRecord((*ev[k])[4], m_dev[k].stream);
            }
            for (auto& d : m_dev) {
                if (auto e = wait(d, d.stream, ncclCallName(s.op)))
                    return Outcome<OverlapTimes>::failed(*e);
                if (auto e = wait(d, d.compute, "spin kernel"))
                    return Outcome<OverlapTimes>::failed(*e);
            }
            double comp = 0, comm = 0, overall = 0, both = 0;
            for (std::size_t k = 0; k < m_dev.size(); ++k) {
                const Events& e = *ev[k];
                const double cs = seconds(e[0], e[1]), ce = seconds(e[0], e[2]);
                const double ms = seconds(e[0], e[3]), me = seconds(e[0], e[4]);
                comp = std::max(comp, ce - cs);
                comm = std::max(comm, me - ms);
                overall = std::max(overall, std::max(ce, me) - std::min(cs, ms));
                both = std::max(both, std::max(0.0, std::min(ce, me) - std::max(cs, ms)));
            }
            if (!together) {
                sum.computeAlone += comp;
            } else {
                sum.computeTogether += comp;
                sum.commTogether += comm;
                sum.overall += overall;
                sum.intersection += both;
            }
        }
    }
    OverlapTimes t;
    t.computeAlone = maxAcrossRanks(sum.computeAlone / n);
    t.commAlone = maxAcrossRanks(sum.commAlone / n);
    t.computeTogether = maxAcrossRanks(sum.computeTogether / n);
    t.commTogether = maxAcrossRanks(sum.commTogether / n);
    t.overall = maxAcrossRanks(sum.overall / n);
    t.intersection = maxAcrossRanks(sum.intersection / n);
    t.test = 0; // GPUs need no host progress calls
    return Outcome<OverlapTimes> { t, std::nullopt };
}

} // namespace tutor::live
