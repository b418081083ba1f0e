// SPDX-License-Identifier: MIT
// The NCCL backend's set-up and teardown: devices and communicators (ncclCommInitAll in one process, or
// ncclCommInitRank with the unique id broadcast over MPI under a launcher), the hello record, abort and finish.
#include "live/nccl/ncclbackendimpl.h"
#include "tutor/config.h"

#if TUTOR_WITH_MPI
#include <mpi.h>
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace tutor::live {

using namespace ncclimpl;

std::unique_ptr<Backend> makeNcclBackend(int gpus, int* argc, char*** argv)
{
    return std::make_unique<NcclBackend>(gpus, argc, argv);
}

NcclBackend::NcclBackend(int gpus, int* argc, char*** argv)
    : m_gpus(gpus)
    , m_argc(argc)
    , m_argv(argv)
{
}

std::optional<BackendError> NcclBackend::init()
{
    int count = 0;
    const cudaError_t ce = cudaGetDeviceCount(&count);
    if (ce != cudaSuccess || count == 0)
        return BackendError { "cudaGetDeviceCount",
            std::string("no CUDA device") + (ce != cudaSuccess ? std::string(" (") + cudaGetErrorString(ce) + ")" : ""),
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

std::optional<BackendError> NcclBackend::setUpDevices()
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
        char bus[32];
        std::snprintf(bus, sizeof bus, "%04x:%02x:%02x", prop.pciDomainID, prop.pciBusID, prop.pciDeviceID);
        d.busId = bus;
        m_smCount = prop.multiProcessorCount;
    }
    // Rank 0 learns every rank's host and GPU for the hello record.
    const int pid = static_cast<int>(getpid());
    std::vector<DeviceInfo> mine;
    for (const auto& d : m_dev)
        mine.push_back({ d.rank, m_host, d.ordinal, d.name, pid, d.busId });
#if TUTOR_WITH_MPI
    if (m_mpi) {
        char line[512] = {};
        std::snprintf(line, sizeof line, "%d|%s|%d|%s|%s", m_dev[0].ordinal, m_host.c_str(), pid,
            m_dev[0].busId.c_str(), m_dev[0].name.c_str());
        std::vector<char> all(static_cast<std::size_t>(m_size) * sizeof line);
        MPI_Gather(line, sizeof line, MPI_CHAR, all.data(), sizeof line, MPI_CHAR, 0, MPI_COMM_WORLD);
        mine.clear();
        for (int r = 0; r < m_size; ++r) {
            std::string s(all.data() + static_cast<std::size_t>(r) * sizeof line);
            // "ordinal|host|pid|bus|name": the name (last) may hold any character.
            std::vector<std::string> f;
            std::size_t at = 0;
            for (std::size_t bar; f.size() < 4 && (bar = s.find('|', at)) != std::string::npos; at = bar + 1)
                f.push_back(s.substr(at, bar - at));
            if (f.size() < 4)
                continue;
            mine.push_back({ r, f[1], std::atoi(f[0].c_str()), s.substr(at), std::atoi(f[2].c_str()), f[3] });
        }
    }
#endif
    m_allDevices = mine;
    return std::nullopt;
}

HelloRecord NcclBackend::describe() const
{
    HelloRecord h;
    h.backend = std::string(name(BackendKind::Nccl));
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

std::optional<std::string> NcclBackend::unsupportedRedOp(RedOp op) const
{
    int v = 0;
    ncclGetVersion(&v);
    if (op == RedOp::Avg && v < 21000)
        return "ncclAvg needs NCCL 2.10 or later";
    return std::nullopt;
}

std::optional<std::string> NcclBackend::unsupported(model::DType dtype) const
{
    if (elemOf(dtype))
        return std::nullopt;
    return "the nccl backend supports int8, uint8, int32, uint32, int64, uint64, half, bfloat16, float, double";
}

void NcclBackend::abort(int exitCode)
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

void NcclBackend::finish()
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

} // namespace tutor::live
