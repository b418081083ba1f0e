// SPDX-License-Identifier: MIT
#include "mpibackend.h"

#include "live/mpi/hostbuffers.h"
#include "live/mpi/mpicalls.h"
#include "live/worker/sweep.h"
#include "tutor/config.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mpi.h>
#include <unistd.h>
#include <vector>

namespace tutor::live {

namespace {

/// The state letter of /proc/<pid>/stat ('R', 'S', 'T' stopped, 'Z' zombie, ...); 0 when there is no such process.
char processState(int pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", pid);
    std::FILE* f = std::fopen(path, "r");
    if (!f)
        return 0;
    char text[512] = {};
    const std::size_t n = std::fread(text, 1, sizeof text - 1, f);
    std::fclose(f);
    const char* close = std::strrchr(text, ')');
    return close && close + 2 < text + n ? close[2] : 0;
}

/// A few floating-point operations per unit on a cache-resident array: a compute load that does not touch
/// the memory the collective uses.
double computeUnits(std::int64_t units)
{
    static double lane[64] = {};
    for (std::int64_t u = 0; u < units; ++u)
        for (double& x : lane)
            x = x * 0.999999 + 1e-7;
    return lane[0];
}

} // namespace

class MpiBackend final : public Backend {
public:
    MpiBackend(int* argc, char*** argv)
        : m_argc(argc)
        , m_argv(argv)
    {
    }

    std::optional<BackendError> init() override
    {
        int provided = 0;
        if (MPI_Init_thread(m_argc, m_argv, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS)
            return BackendError { "MPI_Init_thread", "MPI could not start", ExitCode::LibraryError };
        m_initialized = true;
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        MPI_Comm_rank(MPI_COMM_WORLD, &m_rank);
        MPI_Comm_size(MPI_COMM_WORLD, &m_size);
        char name[MPI_MAX_PROCESSOR_NAME] = {};
        int length = 0;
        MPI_Get_processor_name(name, &length);
        std::vector<char> all(static_cast<std::size_t>(m_size) * MPI_MAX_PROCESSOR_NAME);
        // Every rank learns every rank's host and pid: rank 0 for the hello record, each rank's watchdog to say
        // which peer on its host stopped.
        if (auto e = check(MPI_Allgather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all.data(), MPI_MAX_PROCESSOR_NAME,
                               MPI_CHAR, MPI_COMM_WORLD),
                "MPI_Allgather"))
            return e;
        for (int r = 0; r < m_size; ++r)
            m_hostOfRank.emplace_back(all.data() + static_cast<std::size_t>(r) * MPI_MAX_PROCESSOR_NAME);
        const int pid = static_cast<int>(getpid());
        m_pidOfRank.resize(static_cast<std::size_t>(m_size));
        if (auto e
            = check(MPI_Allgather(&pid, 1, MPI_INT, m_pidOfRank.data(), 1, MPI_INT, MPI_COMM_WORLD), "MPI_Allgather"))
            return e;
        MPI_Comm host = MPI_COMM_NULL;
        if (auto e = check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host),
                "MPI_Comm_split_type"))
            return e;
        MPI_Comm_size(host, &m_ranksOnHost);
        MPI_Comm_free(&host);
        return std::nullopt;
    }

    int rank() const override { return m_rank; }
    int ranks() const override { return m_size; }

    HelloRecord describe() const override
    {
        HelloRecord h;
        h.backend = std::string(name(BackendKind::Mpi));
        h.ranks = m_size;
        h.versions["commtutor-live"] = TUTOR_VERSION;
        char version[MPI_MAX_LIBRARY_VERSION_STRING] = {};
        int length = 0;
        MPI_Get_library_version(version, &length);
        std::string text(version);
        h.versions["mpi"] = text.substr(0, text.find_first_of(",\n"));
        for (int r = 0; r < static_cast<int>(m_hostOfRank.size()); ++r) {
            const std::string& host = m_hostOfRank[static_cast<std::size_t>(r)];
            if (std::find(h.hosts.begin(), h.hosts.end(), host) == h.hosts.end())
                h.hosts.push_back(host);
            h.devices.push_back({ r, host, -1, "cpu", m_pidOfRank[static_cast<std::size_t>(r)], {} });
        }
        return h;
    }

    std::optional<std::string> unsupported(model::DType dtype) const override
    {
        if (withType(dtype, [](auto) {}))
            return std::nullopt;
        return "the mpi backend has no reduction for this type; use float, double or an integer type";
    }

    std::optional<std::string> unsupportedRedOp(RedOp op) const override
    {
        if (op == RedOp::Avg)
            return "MPI has no average reduction; use sum, prod, max or min, or --backend nccl";
        return std::nullopt;
    }

    std::int64_t maxElementsPerCall() const override { return kMaxMpiCount; }

    /// The ranks on this host whose process is stopped (SIGSTOP, a debugger) or gone, from /proc/<pid>/stat.
    std::string stalledPeers() const override
    {
        std::string text;
        for (int r = 0; r < m_size; ++r) {
            const auto i = static_cast<std::size_t>(r);
            if (r == m_rank || i >= m_pidOfRank.size()
                || m_hostOfRank[i] != m_hostOfRank[static_cast<std::size_t>(m_rank)])
                continue;
            const char state = processState(m_pidOfRank[i]);
            const char* what = state == 'T' || state == 't'  ? "is stopped"
                : state == 0 || state == 'Z' || state == 'X' ? "has exited"
                                                             : nullptr;
            if (what)
                text += (text.empty() ? "" : "; ") + std::string("rank ") + std::to_string(r) + ", pid "
                    + std::to_string(m_pidOfRank[i]) + ", " + what;
        }
        return text;
    }

    /// The host's physical memory shared evenly by the ranks on it.
    std::optional<BufferBudget> bufferBudget() const override
    {
        const long pages = sysconf(_SC_PHYS_PAGES);
        const long pageSize = sysconf(_SC_PAGE_SIZE);
        if (pages <= 0 || pageSize <= 0)
            return std::nullopt;
        const double total = static_cast<double>(pages) * static_cast<double>(pageSize);
        const int n = std::max(1, m_ranksOnHost);
        return BufferBudget { static_cast<std::int64_t>(total / n),
            "this host's memory (" + bytesText(total) + ") shared by its " + std::to_string(n) + " rank"
                + (n == 1 ? "" : "s") + " (" + bytesText(total / n) + " each)" };
    }

    Outcome<RunTimes> run(const RunSpec& spec) override
    {
        const Layout& l = spec.layout;
        const std::size_t ts = static_cast<std::size_t>(model::sizeOf(spec.dtype));
        std::byte* send = m_send.get(static_cast<std::size_t>(std::max(l.sendCount, l.count)) * ts);
        std::byte* recv = m_recv.get(static_cast<std::size_t>(std::max(l.recvCount, l.count)) * ts);

        auto prepare = [&] { fillInput(spec, send, recv, self(), heartbeat()); };
        prepare();
        for (int i = 0; i < spec.warmup; ++i)
            if (auto e = call(spec, send, recv))
                return Outcome<RunTimes>::failed(*e);

        RunTimes t;
        std::vector<double> local(static_cast<std::size_t>(spec.iterations));
        if (auto e = check(waiting("MPI_Barrier", [] { return MPI_Barrier(MPI_COMM_WORLD); }), "MPI_Barrier"))
            return Outcome<RunTimes>::failed(*e);
        const double start = MPI_Wtime();
        for (int i = 0; i < spec.iterations; ++i) {
            const double t0 = MPI_Wtime();
            if (auto e = call(spec, send, recv))
                return Outcome<RunTimes>::failed(*e);
            local[static_cast<std::size_t>(i)] = MPI_Wtime() - t0;
        }
        const double loop = (MPI_Wtime() - start) / spec.iterations;

        t.iterationSeconds.resize(local.size());
        if (auto e = check(waiting("MPI_Reduce",
                               [&] {
                                   return MPI_Reduce(local.data(), t.iterationSeconds.data(), spec.iterations,
                                       MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
                               }),
                "MPI_Reduce"))
            return Outcome<RunTimes>::failed(*e);
        if (spec.average == TimeAcrossRanks::Rank0) {
            t.loopSeconds = loop;
        } else {
            const MPI_Op how = spec.average == TimeAcrossRanks::Min ? MPI_MIN
                : spec.average == TimeAcrossRanks::Max              ? MPI_MAX
                                                                    : MPI_SUM;
            if (auto e
                = check(waiting("MPI_Reduce",
                            [&] { return MPI_Reduce(&loop, &t.loopSeconds, 1, MPI_DOUBLE, how, 0, MPI_COMM_WORLD); }),
                    "MPI_Reduce"))
                return Outcome<RunTimes>::failed(*e);
            if (spec.average == TimeAcrossRanks::Mean)
                t.loopSeconds /= m_size;
        }

        t.wrong = -1;
        for (int c = 0; c < spec.checks; ++c) {
            prepare();
            if (auto e = call(spec, send, recv))
                return Outcome<RunTimes>::failed(*e);
            // In place or not, MPI leaves the result in the receive buffer.
            std::int64_t wrong = countWrong(spec, recv, self(), heartbeat());
            std::int64_t total = 0;
            if (auto e
                = check(waiting("MPI_Allreduce",
                            [&] { return MPI_Allreduce(&wrong, &total, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD); }),
                    "MPI_Allreduce"))
                return Outcome<RunTimes>::failed(*e);
            t.wrong = total;
            if (total > 0)
                break; // nccl-tests stops checking at the first run with wrong elements
        }
        return Outcome<RunTimes> { t, std::nullopt };
    }

    Outcome<OverlapTimes> overlap(const OverlapSpec& spec) override
    {
        RunSpec rs;
        rs.op = spec.op;
        rs.dtype = spec.dtype;
        rs.layout = spec.layout;
        rs.root = spec.root;
        const Layout& l = spec.layout;
        const std::size_t ts = static_cast<std::size_t>(model::sizeOf(spec.dtype));
        std::byte* send = m_send.get(static_cast<std::size_t>(std::max(l.sendCount, l.count)) * ts);
        std::byte* recv = m_recv.get(static_cast<std::size_t>(std::max(l.recvCount, l.count)) * ts);
        fillInput(rs, send, recv, self(), heartbeat());

        // Compute rate of this rank: units per second.
        double unitsPerSecond = 0;
        for (std::int64_t probe = 1000; unitsPerSecond == 0; probe *= 2) {
            const double c0 = MPI_Wtime();
            computeUnits(probe);
            const double elapsed = MPI_Wtime() - c0;
            if (elapsed >= 5e-3 || probe >= (std::int64_t { 1 } << 40))
                unitsPerSecond = static_cast<double>(probe) / std::max(1e-9, elapsed);
        }

        const int n = std::max(1, spec.iterations);
        OverlapTimes sum;
        // 1. The collective alone (non-blocking start + wait, as in the overlapped run).
        for (int i = 0; i < n; ++i) {
            waiting("MPI_Barrier", [] { return MPI_Barrier(MPI_COMM_WORLD); });
            const double t0 = MPI_Wtime();
            std::vector<MPI_Request> reqs;
            if (auto e = startCall(rs, send, recv, reqs, self()))
                return Outcome<OverlapTimes>::failed(*e);
            if (auto e = check(
                    waiting("MPI_Waitall",
                        [&] { return MPI_Waitall(static_cast<int>(reqs.size()), reqs.data(), MPI_STATUSES_IGNORE); }),
                    "MPI_Waitall"))
                return Outcome<OverlapTimes>::failed(*e);
            sum.commAlone += MPI_Wtime() - t0;
        }
        double target = spec.computeSeconds;
        if (target <= 0) {
            const double mine = sum.commAlone / n;
            waiting(
                "MPI_Allreduce", [&] { return MPI_Allreduce(&mine, &target, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD); });
        }
        const std::int64_t units = std::max<std::int64_t>(1, static_cast<std::int64_t>(target * unitsPerSecond));
        const std::int64_t chunks = std::min<std::int64_t>(units, 100);

        // 2. Compute alone.
        for (int i = 0; i < n; ++i) {
            waiting("MPI_Barrier", [] { return MPI_Barrier(MPI_COMM_WORLD); });
            const double t0 = MPI_Wtime();
            computeUnits(units);
            sum.computeAlone += MPI_Wtime() - t0;
            heartbeat().beat();
        }
        // 3. Both: start the collective, compute in chunks, MPI_Test between chunks to drive progress.
        for (int i = 0; i < n; ++i) {
            waiting("MPI_Barrier", [] { return MPI_Barrier(MPI_COMM_WORLD); });
            const double t0 = MPI_Wtime();
            std::vector<MPI_Request> reqs;
            if (auto e = startCall(rs, send, recv, reqs, self()))
                return Outcome<OverlapTimes>::failed(*e);
            const double computeStart = MPI_Wtime();
            double commEnd = 0;
            double testTime = 0;
            for (std::int64_t c = 0; c < chunks; ++c) {
                computeUnits(units / chunks + (c < units % chunks ? 1 : 0));
                if (commEnd == 0) {
                    int flag = 0;
                    const double tt = MPI_Wtime();
                    if (auto e
                        = check(MPI_Testall(static_cast<int>(reqs.size()), reqs.data(), &flag, MPI_STATUSES_IGNORE),
                            "MPI_Testall"))
                        return Outcome<OverlapTimes>::failed(*e);
                    const double now = MPI_Wtime();
                    testTime += now - tt;
                    if (flag)
                        commEnd = now;
                }
            }
            const double computeEnd = MPI_Wtime();
            if (commEnd == 0) {
                if (auto e = check(waiting("MPI_Waitall",
                                       [&] {
                                           return MPI_Waitall(
                                               static_cast<int>(reqs.size()), reqs.data(), MPI_STATUSES_IGNORE);
                                       }),
                        "MPI_Waitall"))
                    return Outcome<OverlapTimes>::failed(*e);
                commEnd = MPI_Wtime();
            }
            sum.overall += std::max(commEnd, computeEnd) - t0;
            sum.commTogether += commEnd - t0;
            sum.computeTogether += computeEnd - computeStart;
            sum.test += testTime;
            sum.intersection += std::max(0.0, std::min(commEnd, computeEnd) - computeStart);
        }
        double mine[7] = { sum.computeAlone / n, sum.commAlone / n, sum.computeTogether / n, sum.commTogether / n,
            sum.overall / n, sum.test / n, sum.intersection / n };
        double worst[7] = {};
        if (auto e = check(waiting("MPI_Reduce",
                               [&] { return MPI_Reduce(mine, worst, 7, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD); }),
                "MPI_Reduce"))
            return Outcome<OverlapTimes>::failed(*e);
        OverlapTimes t { worst[0], worst[1], worst[2], worst[3], worst[4], worst[5], worst[6] };
        return Outcome<OverlapTimes> { t, std::nullopt };
    }

    void abort(int exitCode) override
    {
        if (m_initialized)
            MPI_Abort(MPI_COMM_WORLD, exitCode);
    }

    void finish() override
    {
        int finalized = 0;
        MPI_Finalized(&finalized);
        if (m_initialized && !finalized)
            MPI_Finalize();
    }

private:
    /// A call that may wait for other ranks, marked for the watchdog; `call` is a string literal.
    template <class F> int waiting(const char* call, F&& f) const
    {
        heartbeat().enterCall(call);
        const int rc = f();
        heartbeat().leaveCall();
        return rc;
    }

    std::optional<BackendError> check(int rc, std::string_view call) const { return mpiError(rc, call, m_rank); }

    MpiRank self() const { return { m_rank, m_size }; }

    /// One blocking collective, marked for the watchdog.
    std::optional<BackendError> call(const RunSpec& spec, std::byte* send, std::byte* recv) const
    {
        heartbeat().enterCall(callName(spec.op, true).data());
        auto error = blockingCall(spec, send, recv, self());
        heartbeat().leaveCall();
        return error;
    }

    int* m_argc;
    char*** m_argv;
    bool m_initialized = false;
    int m_rank = 0;
    int m_size = 1;
    int m_ranksOnHost = 1;
    std::vector<std::string> m_hostOfRank;
    std::vector<int> m_pidOfRank;
    HostBuffer m_send;
    HostBuffer m_recv;
};

std::unique_ptr<Backend> makeMpiBackend(int* argc, char*** argv)
{
    return std::make_unique<MpiBackend>(argc, argv);
}

} // namespace tutor::live
