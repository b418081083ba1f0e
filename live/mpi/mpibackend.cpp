// SPDX-License-Identifier: MIT
#include "mpibackend.h"

#include "live/worker/sweep.h"
#include "tutor/config.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <mpi.h>
#include <type_traits>
#include <unistd.h>
#include <vector>

namespace tutor::live {

namespace {

using model::DType;

/// Calls `f(T{})` with the C++ type of `dtype`; false for types MPI cannot reduce.
template <class F> bool withType(DType dtype, F&& f)
{
    switch (dtype) {
    case DType::Int8:
        f(std::int8_t {});
        return true;
    case DType::Uint8:
        f(std::uint8_t {});
        return true;
    case DType::Int32:
        f(std::int32_t {});
        return true;
    case DType::Uint32:
        f(std::uint32_t {});
        return true;
    case DType::Int64:
        f(std::int64_t {});
        return true;
    case DType::Uint64:
        f(std::uint64_t {});
        return true;
    case DType::Fp32:
        f(float {});
        return true;
    case DType::Fp64:
        f(double {});
        return true;
    default:
        return false;
    }
}

MPI_Op mpiOp(RedOp op)
{
    switch (op) {
    case RedOp::Prod:
        return MPI_PROD;
    case RedOp::Max:
        return MPI_MAX;
    case RedOp::Min:
        return MPI_MIN;
    default:
        return MPI_SUM;
    }
}

MPI_Datatype mpiType(DType dtype)
{
    switch (dtype) {
    case DType::Int8:
        return MPI_INT8_T;
    case DType::Uint8:
        return MPI_UINT8_T;
    case DType::Int32:
        return MPI_INT32_T;
    case DType::Uint32:
        return MPI_UINT32_T;
    case DType::Int64:
        return MPI_INT64_T;
    case DType::Uint64:
        return MPI_UINT64_T;
    case DType::Fp64:
        return MPI_DOUBLE;
    default:
        return MPI_FLOAT;
    }
}

std::string_view callName(Op op, bool blocking)
{
    switch (op) {
    case Op::AllReduce:
        return blocking ? "MPI_Allreduce" : "MPI_Iallreduce";
    case Op::ReduceScatter:
        return blocking ? "MPI_Reduce_scatter_block" : "MPI_Ireduce_scatter_block";
    case Op::AllGather:
        return blocking ? "MPI_Allgather" : "MPI_Iallgather";
    case Op::Broadcast:
        return blocking ? "MPI_Bcast" : "MPI_Ibcast";
    case Op::Reduce:
        return blocking ? "MPI_Reduce" : "MPI_Ireduce";
    case Op::AllToAll:
        return blocking ? "MPI_Alltoall" : "MPI_Ialltoall";
    case Op::SendRecv:
        return blocking ? "MPI_Sendrecv" : "MPI_Isend/MPI_Irecv";
    }
    return "MPI";
}

/// Open MPI 4 has no MPI-4 large-count calls (MPI_Allreduce_c and friends): every count is an int.
constexpr std::int64_t kMaxMpiCount = std::numeric_limits<int>::max();

/// Elements filled or checked between two heartbeats: a few milliseconds of work.
constexpr std::int64_t kElementsPerBeat = std::int64_t { 1 } << 22;

/// A growable, 64-byte aligned host buffer reused across sizes.
class Buffer {
public:
    std::byte* get(std::size_t bytes)
    {
        if (bytes > m_storage.size() * sizeof(Line))
            m_storage.resize((bytes + sizeof(Line) - 1) / sizeof(Line));
        return reinterpret_cast<std::byte*>(m_storage.data());
    }

private:
    struct alignas(64) Line {
        std::byte b[64];
    };
    std::vector<Line> m_storage;
};

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

        auto prepare = [&] { fillInput(spec, send, recv); };
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
            std::int64_t wrong = countWrong(spec, spec.inPlace ? inPlaceBuffer(spec, send, recv) : recv);
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
        fillInput(rs, send, recv);

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
            if (auto e = start(rs, send, recv, reqs))
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
            if (auto e = start(rs, send, recv, reqs))
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

    /// Writes `bytes` zero bytes, beating between slices so that a large buffer counts as progress.
    void clear(std::byte* p, std::size_t bytes) const
    {
        constexpr std::size_t slice = kElementsPerBeat * 8;
        for (std::size_t at = 0; at < bytes; at += slice) {
            std::memset(p + at, 0, std::min(slice, bytes - at));
            heartbeat().beat();
        }
    }

    std::optional<BackendError> check(int rc, std::string_view call) const
    {
        if (rc == MPI_SUCCESS)
            return std::nullopt;
        char text[MPI_MAX_ERROR_STRING] = {};
        int length = 0;
        MPI_Error_string(rc, text, &length);
        return BackendError { std::string(call), std::string(text, static_cast<std::size_t>(length)),
            ExitCode::LibraryError, m_rank };
    }

    /// The buffer an in-place run works on: the receive buffer, holding the input where MPI expects it.
    std::byte* inPlaceBuffer(const RunSpec&, std::byte*, std::byte* recv) const { return recv; }

    void fillInput(const RunSpec& spec, std::byte* send, std::byte* recv) const
    {
        const Layout& l = spec.layout;
        const std::size_t ts = static_cast<std::size_t>(model::sizeOf(spec.dtype));
        withType(spec.dtype, [&](auto zero) {
            using T = decltype(zero);
            auto fill = [&](std::byte* p, std::int64_t n) {
                T* t = reinterpret_cast<T*>(p);
                for (std::int64_t k = 0; k < n; ++k) {
                    t[k] = static_cast<T>(inputValue(m_rank, k));
                    if ((k + 1) % kElementsPerBeat == 0)
                        heartbeat().beat();
                }
                heartbeat().beat();
            };
            if (!spec.inPlace) {
                fill(send, l.sendCount);
                clear(recv, static_cast<std::size_t>(l.recvCount) * ts);
                // MPI has no out-of-place broadcast: the root's data lives in the buffer MPI_Bcast sends.
                if (spec.op == Op::Broadcast && m_rank == spec.root)
                    fill(recv, l.count);
            } else if (spec.op == Op::AllGather) {
                clear(recv, static_cast<std::size_t>(l.count) * ts);
                fill(recv + static_cast<std::size_t>(m_rank) * static_cast<std::size_t>(l.chunk) * ts, l.chunk);
            } else {
                fill(recv, l.count);
            }
        });
    }

    std::int64_t countWrong(const RunSpec& spec, const std::byte* out) const
    {
        std::int64_t wrong = 0;
        withType(spec.dtype, [&](auto zero) {
            using T = decltype(zero);
            const T* t = reinterpret_cast<const T*>(out);
            const RedOp op = reduces(spec.op) ? spec.redop : RedOp::Sum;
            for (const auto& b : expectedOutput(spec.op, spec.layout, m_size, m_rank, spec.root))
                for (std::int64_t j = 0; j < b.count; ++j) {
                    if ((j + 1) % kElementsPerBeat == 0)
                        heartbeat().beat();
                    if constexpr (std::is_integral_v<T>) {
                        if (t[b.outOffset + j] != static_cast<T>(expectedInteger(b, j, op)))
                            ++wrong;
                    } else if (!matchesReal(static_cast<double>(t[b.outOffset + j]), expectedValue(b, j, op), op,
                                   std::numeric_limits<T>::digits, b.rankCount)) {
                        ++wrong;
                    }
                }
        });
        return wrong;
    }

    /// One blocking collective.
    std::optional<BackendError> call(const RunSpec& s, std::byte* send, std::byte* recv) const
    {
        const Layout& l = s.layout;
        if (auto e = countFits(l, callName(s.op, true)))
            return e;
        const MPI_Datatype type = mpiType(s.dtype);
        const int count = static_cast<int>(l.count);
        const int chunk = static_cast<int>(l.chunk);
        const bool ip = s.inPlace;
        void* in = ip ? MPI_IN_PLACE : send;
        const int next = (m_rank + 1) % m_size;
        const int prev = (m_rank - 1 + m_size) % m_size;
        const MPI_Op op = mpiOp(s.redop);
        int rc = MPI_SUCCESS;
        heartbeat().enterCall(callName(s.op, true).data());
        switch (s.op) {
        case Op::AllReduce:
            rc = MPI_Allreduce(in, recv, count, type, op, MPI_COMM_WORLD);
            break;
        case Op::ReduceScatter:
            rc = MPI_Reduce_scatter_block(in, recv, chunk, type, op, MPI_COMM_WORLD);
            break;
        case Op::AllGather:
            rc = MPI_Allgather(in, chunk, type, recv, chunk, type, MPI_COMM_WORLD);
            break;
        case Op::Broadcast:
            rc = MPI_Bcast(recv, count, type, s.root, MPI_COMM_WORLD);
            break;
        case Op::Reduce:
            if (ip && m_rank != s.root)
                rc = MPI_Reduce(recv, nullptr, count, type, op, s.root, MPI_COMM_WORLD);
            else
                rc = MPI_Reduce(in, recv, count, type, op, s.root, MPI_COMM_WORLD);
            break;
        case Op::AllToAll:
            rc = MPI_Alltoall(in, chunk, type, recv, chunk, type, MPI_COMM_WORLD);
            break;
        case Op::SendRecv:
            if (ip)
                rc = MPI_Sendrecv_replace(recv, count, type, next, 0, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            else
                rc = MPI_Sendrecv(
                    send, count, type, next, 0, recv, count, type, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            break;
        }
        heartbeat().leaveCall();
        return check(rc, callName(s.op, true));
    }

    /// The sweep refuses such sizes up front (refuseSize); this keeps a count from ever being cut to an int.
    std::optional<BackendError> countFits(const Layout& l, std::string_view call) const
    {
        if (l.count <= kMaxMpiCount && l.chunk <= kMaxMpiCount)
            return std::nullopt;
        return BackendError { std::string(call),
            "count " + std::to_string(l.count) + " exceeds the int count of MPI calls (at most 2^31−1 elements)",
            ExitCode::Usage, m_rank };
    }

    /// One non-blocking collective (out-of-place), for the overlap experiment.
    std::optional<BackendError> start(
        const RunSpec& s, std::byte* send, std::byte* recv, std::vector<MPI_Request>& reqs) const
    {
        const Layout& l = s.layout;
        if (auto e = countFits(l, callName(s.op, false)))
            return e;
        const MPI_Datatype type = mpiType(s.dtype);
        const int count = static_cast<int>(l.count);
        const int chunk = static_cast<int>(l.chunk);
        reqs.assign(1, MPI_REQUEST_NULL);
        int rc = MPI_SUCCESS;
        switch (s.op) {
        case Op::AllReduce:
            rc = MPI_Iallreduce(send, recv, count, type, MPI_SUM, MPI_COMM_WORLD, &reqs[0]);
            break;
        case Op::ReduceScatter:
            rc = MPI_Ireduce_scatter_block(send, recv, chunk, type, MPI_SUM, MPI_COMM_WORLD, &reqs[0]);
            break;
        case Op::AllGather:
            rc = MPI_Iallgather(send, chunk, type, recv, chunk, type, MPI_COMM_WORLD, &reqs[0]);
            break;
        case Op::Broadcast:
            rc = MPI_Ibcast(recv, count, type, s.root, MPI_COMM_WORLD, &reqs[0]);
            break;
        case Op::Reduce:
            rc = MPI_Ireduce(send, recv, count, type, MPI_SUM, s.root, MPI_COMM_WORLD, &reqs[0]);
            break;
        case Op::AllToAll:
            rc = MPI_Ialltoall(send, chunk, type, recv, chunk, type, MPI_COMM_WORLD, &reqs[0]);
            break;
        case Op::SendRecv:
            reqs.assign(2, MPI_REQUEST_NULL);
            rc = MPI_Irecv(recv, count, type, (m_rank - 1 + m_size) % m_size, 0, MPI_COMM_WORLD, &reqs[0]);
            if (rc == MPI_SUCCESS)
                rc = MPI_Isend(send, count, type, (m_rank + 1) % m_size, 0, MPI_COMM_WORLD, &reqs[1]);
            break;
        }
        return check(rc, callName(s.op, false));
    }

    int* m_argc;
    char*** m_argv;
    bool m_initialized = false;
    int m_rank = 0;
    int m_size = 1;
    int m_ranksOnHost = 1;
    std::vector<std::string> m_hostOfRank;
    std::vector<int> m_pidOfRank;
    Buffer m_send;
    Buffer m_recv;
};

std::unique_ptr<Backend> makeMpiBackend(int* argc, char*** argv)
{
    return std::make_unique<MpiBackend>(argc, argv);
}

} // namespace tutor::live
