#pragma once
// The NCCL backend's class, shared by ncclbackend.cpp (set-up, launch, wait) and ncclmeasure.cpp (timed runs,
// check, overlap). Private to live/nccl.
#include "live/nccl/ncclbackend.h"
#include "live/nccl/ncclkernels.h"
#include "tutor/config.h"

#include <cuda_runtime_api.h>
#include <nccl.h>
#if TUTOR_WITH_MPI
#include <mpi.h>
#endif

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <unistd.h>
#include <vector>

namespace tutor::live {

namespace ncclimpl {
using model::DType;

inline std::optional<gpu::Elem> elemOf(DType d)
{
    switch (d) {
    case DType::Int8:
        return gpu::Elem::Int8;
    case DType::Uint8:
        return gpu::Elem::Uint8;
    case DType::Int32:
        return gpu::Elem::Int32;
    case DType::Uint32:
        return gpu::Elem::Uint32;
    case DType::Int64:
        return gpu::Elem::Int64;
    case DType::Uint64:
        return gpu::Elem::Uint64;
    case DType::Fp16:
        return gpu::Elem::Half;
    case DType::Bf16:
        return gpu::Elem::Bf16;
    case DType::Fp32:
        return gpu::Elem::Float;
    case DType::Fp64:
        return gpu::Elem::Double;
    default:
        return std::nullopt;
    }
}

inline ncclDataType_t ncclType(DType d)
{
    switch (d) {
    case DType::Int8:
        return ncclInt8;
    case DType::Uint8:
        return ncclUint8;
    case DType::Int32:
        return ncclInt32;
    case DType::Uint32:
        return ncclUint32;
    case DType::Int64:
        return ncclInt64;
    case DType::Uint64:
        return ncclUint64;
    case DType::Fp16:
        return ncclFloat16;
    case DType::Bf16:
        return ncclBfloat16;
    case DType::Fp64:
        return ncclFloat64;
    default:
        return ncclFloat32;
    }
}

inline const char* ncclCallName(Op op)
{
    switch (op) {
    case Op::AllReduce:
        return "ncclAllReduce";
    case Op::ReduceScatter:
        return "ncclReduceScatter";
    case Op::AllGather:
        return "ncclAllGather";
    case Op::Broadcast:
        return "ncclBroadcast";
    case Op::Reduce:
        return "ncclReduce";
    case Op::AllToAll:
        return "ncclSend/ncclRecv (alltoall)";
    case Op::SendRecv:
        return "ncclSend/ncclRecv";
    }
    return "nccl";
}

/// True when started by a launcher with more than one process (then one rank per process).
inline bool underLauncher()
{
    for (const char* name : { "OMPI_COMM_WORLD_SIZE", "PMIX_SIZE", "PMI_SIZE", "MPI_LOCALNRANKS" })
        if (const char* v = std::getenv(name))
            return std::atoi(v) > 1;
    return false;
}

/// Per-GPU state: communicator, streams and grow-only buffers.
struct Device {
    int ordinal = 0;
    int rank = 0;
    ncclComm_t comm = nullptr;
    cudaStream_t stream = nullptr;
    cudaStream_t compute = nullptr;
    void* send = nullptr;
    void* recv = nullptr;
    std::size_t capacity = 0;
    unsigned long long* counter = nullptr;
    std::string name;
};

} // namespace ncclimpl
using namespace ncclimpl;

class NcclBackend final : public Backend {
public:
    NcclBackend(int gpus, int* argc, char*** argv)
        : m_gpus(gpus)
        , m_argc(argc)
        , m_argv(argv)
    {
    }

    std::optional<BackendError> init() override
    {
        int count = 0;
        const cudaError_t ce = cudaGetDeviceCount(&count);
        if (ce != cudaSuccess || count == 0)
            return BackendError { "cudaGetDeviceCount",
                std::string("no CUDA device")
                    + (ce != cudaSuccess ? std::string(" (") + cudaGetErrorString(ce) + ")" : ""),
                ExitCode::NoDevice };
        char host[256] = {};
        gethostname(host, sizeof host - 1);
        m_host = host;
#if TUTOR_WITH_MPI
        if (underLauncher()) {
            int provided = 0;
            if (MPI_Init_thread(m_argc, m_argv, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS)
                return BackendError { "MPI_Init_thread", "MPI could not start", ExitCode::LibraryError };
            m_mpi = true;
            MPI_Comm_rank(MPI_COMM_WORLD, &m_rank);
            MPI_Comm_size(MPI_COMM_WORLD, &m_size);
            MPI_Comm local;
            MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, m_rank, MPI_INFO_NULL, &local);
            int localRank = 0;
            MPI_Comm_rank(local, &localRank);
            MPI_Comm_free(&local);
            if (localRank >= count)
                return BackendError { "cudaGetDeviceCount",
                    "fewer GPUs than ranks on " + m_host + ": local rank " + std::to_string(localRank) + ", "
                        + std::to_string(count) + " GPU(s)",
                    ExitCode::NoDevice, m_rank };
            ncclUniqueId id;
            if (m_rank == 0)
                if (auto e = nccl(ncclGetUniqueId(&id), "ncclGetUniqueId", nullptr))
                    return e;
            MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
            m_dev.resize(1);
            m_dev[0].ordinal = localRank;
            m_dev[0].rank = m_rank;
            if (auto e = cuda(cudaSetDevice(localRank), "cudaSetDevice"))
                return e;
            if (auto e = nccl(ncclCommInitRank(&m_dev[0].comm, m_size, id, m_rank), "ncclCommInitRank", nullptr))
                return e;
            return setUpDevices();
        }
#endif
        (void)m_argc;
        (void)m_argv;
        const int n = m_gpus > 0 ? m_gpus : count;
        if (n > count)
            return BackendError { "cudaGetDeviceCount",
                "-g " + std::to_string(n) + " asks for more GPUs than the " + std::to_string(count) + " visible",
                ExitCode::NoDevice };
        m_size = n;
        m_dev.resize(static_cast<std::size_t>(n));
        std::vector<int> ordinals(static_cast<std::size_t>(n));
        std::vector<ncclComm_t> comms(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i)
            ordinals[static_cast<std::size_t>(i)] = i;
        if (auto e = nccl(ncclCommInitAll(comms.data(), n, ordinals.data()), "ncclCommInitAll", nullptr))
            return e;
        for (int i = 0; i < n; ++i) {
            m_dev[static_cast<std::size_t>(i)].ordinal = i;
            m_dev[static_cast<std::size_t>(i)].rank = i;
            m_dev[static_cast<std::size_t>(i)].comm = comms[static_cast<std::size_t>(i)];
        }
        return setUpDevices();
    }

    int rank() const override
    {
        return m_rank;
    }
    int ranks() const override
    {
        return m_size;
    }

    HelloRecord describe() const override
    {
        HelloRecord h;
        h.backend = "nccl";
        h.ranks = m_size;
        h.versions["commtutor-live"] = TUTOR_VERSION;
        int v = 0;
        ncclGetVersion(&v);
        h.versions["nccl"]
            = std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100);
        int rt = 0;
        cudaRuntimeGetVersion(&rt);
        h.versions["cuda"] = std::to_string(rt / 1000) + "." + std::to_string(rt % 1000 / 10);
        for (const auto& d : m_allDevices) {
            if (std::find(h.hosts.begin(), h.hosts.end(), d.host) == h.hosts.end())
                h.hosts.push_back(d.host);
            h.devices.push_back(d);
        }
        return h;
    }

    std::optional<std::string> unsupported(DType dtype) const override
    {
        if (elemOf(dtype))
            return std::nullopt;
        return "the nccl backend supports int8, uint8, int32, uint32, int64, uint64, half, bfloat16, float, double";
    }

    Outcome<RunTimes> run(const RunSpec& spec) override;
    Outcome<OverlapTimes> overlap(const OverlapSpec& spec) override;

    void abort(int exitCode) override
    {
        for (auto& d : m_dev)
            if (d.comm)
                ncclCommAbort(d.comm);
#if TUTOR_WITH_MPI
        if (m_mpi)
            MPI_Abort(MPI_COMM_WORLD, exitCode);
#else
        (void)exitCode;
#endif
    }

    void finish() override
    {
        for (auto& d : m_dev) {
            cudaSetDevice(d.ordinal);
            if (d.stream)
                cudaStreamSynchronize(d.stream);
            if (d.comm)
                ncclCommDestroy(d.comm);
            cudaFree(d.send);
            cudaFree(d.recv);
            cudaFree(d.counter);
            d = Device {};
        }
#if TUTOR_WITH_MPI
        int finalized = 0;
        MPI_Finalized(&finalized);
        if (m_mpi && !finalized)
            MPI_Finalize();
#endif
    }

private:
    std::optional<BackendError> cuda(cudaError_t e, const char* call) const
    {
        if (e == cudaSuccess)
            return std::nullopt;
        return BackendError { call, cudaGetErrorString(e), ExitCode::LibraryError, m_rank };
    }

    std::optional<BackendError> nccl(ncclResult_t r, const char* call, ncclComm_t comm) const
    {
        if (r == ncclSuccess || r == ncclInProgress)
            return std::nullopt;
        std::string message = ncclGetErrorString(r);
        const char* last = ncclGetLastError(comm);
        if (last && *last)
            message += std::string(" (") + last + ")";
        return BackendError { call, message, ExitCode::LibraryError, m_rank };
    }

    std::optional<BackendError> setUpDevices()
    {
        for (auto& d : m_dev) {
            if (auto e = cuda(cudaSetDevice(d.ordinal), "cudaSetDevice"))
                return e;
            if (auto e = cuda(cudaStreamCreateWithFlags(&d.stream, cudaStreamNonBlocking), "cudaStreamCreate"))
                return e;
            if (auto e = cuda(cudaStreamCreateWithFlags(&d.compute, cudaStreamNonBlocking), "cudaStreamCreate"))
                return e;
            if (auto e = cuda(cudaMalloc(&d.counter, sizeof(unsigned long long)), "cudaMalloc"))
                return e;
            cudaDeviceProp prop {};
            cudaGetDeviceProperties(&prop, d.ordinal);
            d.name = prop.name;
            m_smCount = prop.multiProcessorCount;
        }
        // Rank 0 learns every rank's host and GPU for the hello record.
        std::vector<DeviceInfo> mine;
        for (const auto& d : m_dev)
            mine.push_back({ d.rank, m_host, d.ordinal, d.name });
#if TUTOR_WITH_MPI
        if (m_mpi) {
            char line[512] = {};
            std::snprintf(line, sizeof line, "%d|%s|%s", m_dev[0].ordinal, m_host.c_str(), m_dev[0].name.c_str());
            std::vector<char> all(static_cast<std::size_t>(m_size) * sizeof line);
            MPI_Gather(line, sizeof line, MPI_CHAR, all.data(), sizeof line, MPI_CHAR, 0, MPI_COMM_WORLD);
            mine.clear();
            for (int r = 0; r < m_size; ++r) {
                std::string s(all.data() + static_cast<std::size_t>(r) * sizeof line);
                const auto a = s.find('|');
                const auto b = s.find('|', a + 1);
                mine.push_back({ r, s.substr(a + 1, b - a - 1), std::atoi(s.substr(0, a).c_str()), s.substr(b + 1) });
            }
        }
#endif
        m_allDevices = mine;
        return std::nullopt;
    }

    std::optional<BackendError> reserve(std::size_t bytes)
    {
        for (auto& d : m_dev) {
            if (d.capacity >= bytes)
                continue;
            cudaSetDevice(d.ordinal);
            cudaFree(d.send);
            cudaFree(d.recv);
            d.send = d.recv = nullptr;
            d.capacity = 0;
            if (auto e = cuda(cudaMalloc(&d.send, bytes), "cudaMalloc"))
                return e;
            if (auto e = cuda(cudaMalloc(&d.recv, bytes), "cudaMalloc"))
                return e;
            d.capacity = bytes;
        }
        return std::nullopt;
    }

    /// Where a run reads and writes on one device, following NCCL's in-place conventions
    /// (ReduceScatter: recv = send + rank·chunk; AllGather: send = recv + rank·chunk).
    struct Pointers {
        void* send;
        void* recv;
        void* output; ///< the logical output checked against expectedOutput
        void* input; ///< where the rank's input is filled
        std::int64_t inputCount;
    };
    Pointers pointers(const RunSpec& s, Device& d) const
    {
        const std::size_t ts = static_cast<std::size_t>(model::sizeOf(s.dtype));
        auto at = [&](void* base, std::int64_t elements) {
            return static_cast<void*>(static_cast<char*>(base) + static_cast<std::size_t>(elements) * ts);
        };
        const Layout& l = s.layout;
        // NCCL has no in-place AllToAll or SendRecv (a buffer cannot be read and overwritten by peers at once):
        // their in-place column repeats the out-of-place run.
        if (!s.inPlace || s.op == Op::AllToAll || s.op == Op::SendRecv)
            return { d.send, d.recv, d.recv, d.send, l.sendCount };
        switch (s.op) {
        case Op::ReduceScatter:
            return { d.send, at(d.send, d.rank * l.chunk), at(d.send, d.rank * l.chunk), d.send, l.count };
        case Op::AllGather:
            return { at(d.recv, d.rank * l.chunk), d.recv, d.recv, at(d.recv, d.rank * l.chunk), l.chunk };
        default:
            return { d.recv, d.recv, d.recv, d.recv, l.count };
        }
    }

    std::optional<BackendError> launch(const RunSpec& s, Device& d)
    {
        const Pointers p = pointers(s, d);
        const ncclDataType_t type = ncclType(s.dtype);
        const auto count = static_cast<std::size_t>(s.layout.count);
        const auto chunk = static_cast<std::size_t>(s.layout.chunk);
        const std::size_t ts = static_cast<std::size_t>(model::sizeOf(s.dtype));
        ncclResult_t r = ncclSuccess;
        switch (s.op) {
        case Op::AllReduce:
            r = ncclAllReduce(p.send, p.recv, count, type, ncclSum, d.comm, d.stream);
            break;
        case Op::ReduceScatter:
            r = ncclReduceScatter(p.send, p.recv, chunk, type, ncclSum, d.comm, d.stream);
            break;
        case Op::AllGather:
            r = ncclAllGather(p.send, p.recv, chunk, type, d.comm, d.stream);
            break;
        case Op::Broadcast:
            r = ncclBroadcast(p.send, p.recv, count, type, s.root, d.comm, d.stream);
            break;
        case Op::Reduce:
            r = ncclReduce(p.send, p.recv, count, type, ncclSum, s.root, d.comm, d.stream);
            break;
        case Op::AllToAll:
            r = ncclGroupStart();
            for (int q = 0; q < m_size && r == ncclSuccess; ++q) {
                r = ncclSend(static_cast<char*>(p.send) + q * chunk * ts, chunk, type, q, d.comm, d.stream);
                if (r == ncclSuccess)
                    r = ncclRecv(static_cast<char*>(p.recv) + q * chunk * ts, chunk, type, q, d.comm, d.stream);
            }
            if (r == ncclSuccess)
                r = ncclGroupEnd();
            break;
        case Op::SendRecv:
            r = ncclGroupStart();
            if (r == ncclSuccess)
                r = ncclSend(p.send, count, type, (d.rank + 1) % m_size, d.comm, d.stream);
            if (r == ncclSuccess)
                r = ncclRecv(p.recv, count, type, (d.rank - 1 + m_size) % m_size, d.comm, d.stream);
            if (r == ncclSuccess)
                r = ncclGroupEnd();
            break;
        }
        return nccl(r, ncclCallName(s.op), d.comm);
    }

    /// One collective on every local GPU (a group call when this process drives several).
    std::optional<BackendError> launchAll(const RunSpec& s)
    {
        if (auto e = nccl(ncclGroupStart(), "ncclGroupStart", nullptr))
            return e;
        for (auto& d : m_dev) {
            if (auto e = launch(s, d)) {
                ncclGroupEnd();
                return e;
            }
        }
        return nccl(ncclGroupEnd(), ncclCallName(s.op), m_dev.front().comm);
    }

    /// Waits for a stream while watching the communicator for asynchronous errors.
    std::optional<BackendError> wait(Device& d, cudaStream_t stream, const char* call)
    {
        cudaSetDevice(d.ordinal);
        for (;;) {
            const cudaError_t e = cudaStreamQuery(stream);
            if (e == cudaSuccess)
                return std::nullopt;
            if (e != cudaErrorNotReady)
                return BackendError { call, cudaGetErrorString(e), ExitCode::LibraryError, d.rank };
            ncclResult_t async = ncclSuccess;
            ncclCommGetAsyncError(d.comm, &async);
            if (async != ncclSuccess && async != ncclInProgress)
                return nccl(async, call, d.comm);
            std::this_thread::yield();
        }
    }

    std::optional<BackendError> waitAll(const char* call)
    {
        for (auto& d : m_dev)
            if (auto e = wait(d, d.stream, call))
                return e;
        return std::nullopt;
    }

    double maxAcrossRanks(double v) const
    {
#if TUTOR_WITH_MPI
        if (m_mpi) {
            double out = v;
            MPI_Allreduce(&v, &out, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            return out;
        }
#endif
        return v;
    }

    std::int64_t sumAcrossRanks(std::int64_t v) const
    {
#if TUTOR_WITH_MPI
        if (m_mpi) {
            std::int64_t out = v;
            MPI_Allreduce(&v, &out, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
            return out;
        }
#endif
        return v;
    }

    std::optional<BackendError> fill(const RunSpec& s);
    Outcome<std::int64_t> check(const RunSpec& s);

    int m_gpus;
    int* m_argc;
    char*** m_argv;
    bool m_mpi = false;
    int m_rank = 0;
    int m_size = 1;
    int m_smCount = 1;
    std::string m_host;
    std::vector<Device> m_dev;
    std::vector<DeviceInfo> m_allDevices;
};

} // namespace tutor::live
