// SPDX-License-Identifier: MIT
// The NCCL backend's launch path: data types, buffers, one collective on every local GPU, waiting on streams
// while watching the communicators, and reductions of a value across ranks.
#include "live/nccl/ncclbackendimpl.h"
#include "live/worker/sweep.h"
#include "tutor/config.h"

#if TUTOR_WITH_MPI
#include <mpi.h>
#endif

#include <algorithm>
#include <cstdlib>
#include <thread>

namespace tutor::live {

namespace ncclimpl {

std::optional<gpu::Elem> elemOf(model::DType d)
{
    switch (d) {
    case model::DType::Int8:
        return gpu::Elem::Int8;
    case model::DType::Uint8:
        return gpu::Elem::Uint8;
    case model::DType::Int32:
        return gpu::Elem::Int32;
    case model::DType::Uint32:
        return gpu::Elem::Uint32;
    case model::DType::Int64:
        return gpu::Elem::Int64;
    case model::DType::Uint64:
        return gpu::Elem::Uint64;
    case model::DType::Fp16:
        return gpu::Elem::Half;
    case model::DType::Bf16:
        return gpu::Elem::Bf16;
    case model::DType::Fp32:
        return gpu::Elem::Float;
    case model::DType::Fp64:
        return gpu::Elem::Double;
    default:
        return std::nullopt;
    }
}

ncclRedOp_t ncclOp(RedOp op)
{
    switch (op) {
    case RedOp::Prod:
        return ncclProd;
    case RedOp::Max:
        return ncclMax;
    case RedOp::Min:
        return ncclMin;
    case RedOp::Avg:
        return ncclAvg;
    default:
        return ncclSum;
    }
}

ncclDataType_t ncclType(model::DType d)
{
    switch (d) {
    case model::DType::Int8:
        return ncclInt8;
    case model::DType::Uint8:
        return ncclUint8;
    case model::DType::Int32:
        return ncclInt32;
    case model::DType::Uint32:
        return ncclUint32;
    case model::DType::Int64:
        return ncclInt64;
    case model::DType::Uint64:
        return ncclUint64;
    case model::DType::Fp16:
        return ncclFloat16;
    case model::DType::Bf16:
        return ncclBfloat16;
    case model::DType::Fp64:
        return ncclFloat64;
    default:
        return ncclFloat32;
    }
}

const char* ncclCallName(Op op)
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
bool underLauncher()
{
    for (const char* name : { "OMPI_COMM_WORLD_SIZE", "PMIX_SIZE", "PMI_SIZE", "MPI_LOCALNRANKS" })
        if (const char* v = std::getenv(name))
            return std::atoi(v) > 1;
    return false;
}

} // namespace ncclimpl

using namespace ncclimpl;

std::optional<BackendError> NcclBackend::cuda(cudaError_t e, const char* call) const
{
    if (e == cudaSuccess)
        return std::nullopt;
    return BackendError { call, cudaGetErrorString(e), ExitCode::LibraryError, m_rank };
}

std::optional<BackendError> NcclBackend::nccl(ncclResult_t r, const char* call, ncclComm_t comm) const
{
    if (r == ncclSuccess || r == ncclInProgress)
        return std::nullopt;
    std::string message = ncclGetErrorString(r);
    const char* last = ncclGetLastError(comm);
    if (last && *last)
        message += std::string(" (") + last + ")";
    return BackendError { call, message, ExitCode::LibraryError, m_rank };
}

std::optional<BackendError> NcclBackend::reserve(std::size_t bytes)
{
    for (auto& d : m_dev) {
        if (d.capacity >= bytes)
            continue;
        cudaSetDevice(d.ordinal);
        cudaFree(d.send);
        cudaFree(d.recv);
        d.send = d.recv = nullptr;
        d.capacity = 0;
        for (void** buffer : { &d.send, &d.recv }) {
            const cudaError_t r = cudaMalloc(buffer, bytes);
            if (r == cudaErrorMemoryAllocation) {
                cudaGetLastError(); // an allocation failure is not sticky: reset the last error and report it
                return BackendError { "cudaMalloc",
                    "cannot allocate " + bytesText(static_cast<double>(bytes)) + " on GPU " + std::to_string(d.ordinal)
                        + ": out of memory",
                    ExitCode::OutOfMemory, d.rank };
            }
            if (auto e = cuda(r, "cudaMalloc"))
                return e;
        }
        d.capacity = bytes;
    }
    return std::nullopt;
}

std::optional<BufferBudget> NcclBackend::bufferBudget() const
{
    std::optional<BufferBudget> budget;
    for (const auto& d : m_dev) {
        cudaSetDevice(d.ordinal);
        std::size_t free = 0, total = 0;
        if (cudaMemGetInfo(&free, &total) != cudaSuccess)
            return std::nullopt;
        const auto bytes = static_cast<std::int64_t>(total);
        if (!budget || bytes < budget->bytesPerRank)
            budget = BufferBudget { bytes,
                "GPU " + std::to_string(d.ordinal) + "'s memory (" + bytesText(static_cast<double>(total)) + ")" };
    }
    return budget;
}

NcclBackend::Pointers NcclBackend::pointers(const RunSpec& s, Device& d) const
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

std::optional<BackendError> NcclBackend::launch(const RunSpec& s, Device& d)
{
    const Pointers p = pointers(s, d);
    const ncclDataType_t type = ncclType(s.dtype);
    const auto count = static_cast<std::size_t>(s.layout.count);
    const auto chunk = static_cast<std::size_t>(s.layout.chunk);
    const std::size_t ts = static_cast<std::size_t>(model::sizeOf(s.dtype));
    const ncclRedOp_t op = ncclOp(s.redop);
    ncclResult_t r = ncclSuccess;
    switch (s.op) {
    case Op::AllReduce:
        r = ncclAllReduce(p.send, p.recv, count, type, op, d.comm, d.stream);
        break;
    case Op::ReduceScatter:
        r = ncclReduceScatter(p.send, p.recv, chunk, type, op, d.comm, d.stream);
        break;
    case Op::AllGather:
        r = ncclAllGather(p.send, p.recv, chunk, type, d.comm, d.stream);
        break;
    case Op::Broadcast:
        r = ncclBroadcast(p.send, p.recv, count, type, s.root, d.comm, d.stream);
        break;
    case Op::Reduce:
        r = ncclReduce(p.send, p.recv, count, type, op, s.root, d.comm, d.stream);
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

std::optional<BackendError> NcclBackend::launchAll(const RunSpec& s)
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

std::optional<BackendError> NcclBackend::poll(Device& d, const char* call, const std::function<cudaError_t()>& query)
{
    cudaSetDevice(d.ordinal);
    heartbeat().enterCall(call);
    for (;;) {
        const cudaError_t e = query();
        if (e == cudaSuccess) {
            heartbeat().leaveCall();
            return std::nullopt;
        }
        if (e != cudaErrorNotReady)
            return BackendError { call, cudaGetErrorString(e), ExitCode::LibraryError, d.rank };
        ncclResult_t async = ncclSuccess;
        ncclCommGetAsyncError(d.comm, &async);
        if (async != ncclSuccess && async != ncclInProgress)
            return nccl(async, call, d.comm);
        std::this_thread::yield();
    }
}

std::optional<BackendError> NcclBackend::wait(Device& d, cudaStream_t stream, const char* call)
{
    return poll(d, call, [stream] { return cudaStreamQuery(stream); });
}

std::optional<BackendError> NcclBackend::waitEvent(Device& d, cudaEvent_t event, const char* call)
{
    return poll(d, call, [event] { return cudaEventQuery(event); });
}

std::optional<BackendError> NcclBackend::waitAll(const char* call)
{
    for (auto& d : m_dev)
        if (auto e = wait(d, d.stream, call))
            return e;
    return std::nullopt;
}

double NcclBackend::combineAcrossRanks(const std::vector<double>& local, TimeAcrossRanks how) const
{
    // nccl-tests' Allreduce(…, average): rank 0's value, the mean over every GPU, the minimum or the maximum.
    double sum = 0, lo = local.front(), hi = local.front();
    for (double v : local) {
        sum += v;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    int count = static_cast<int>(local.size());
    double value = how == TimeAcrossRanks::Rank0 ? local.front()
        : how == TimeAcrossRanks::Min            ? lo
        : how == TimeAcrossRanks::Max            ? hi
                                                 : sum;
#if TUTOR_WITH_MPI
    if (m_mpi) {
        if (how == TimeAcrossRanks::Rank0) {
            MPI_Bcast(&value, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        } else {
            double out = value;
            MPI_Allreduce(&value, &out, 1, MPI_DOUBLE,
                how == TimeAcrossRanks::Min       ? MPI_MIN
                    : how == TimeAcrossRanks::Max ? MPI_MAX
                                                  : MPI_SUM,
                MPI_COMM_WORLD);
            value = out;
            int total = count;
            MPI_Allreduce(&count, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            count = total;
        }
    }
#endif
    return how == TimeAcrossRanks::Mean ? value / count : value;
}

double NcclBackend::maxAcrossRanks(double v) const
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

std::int64_t NcclBackend::sumAcrossRanks(std::int64_t v) const
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

} // namespace tutor::live
