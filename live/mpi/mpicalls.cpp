// SPDX-License-Identifier: MIT
#include "live/mpi/mpicalls.h"

#include <string>

namespace tutor::live {

namespace {

using model::DType;

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

/// The sweep refuses such sizes up front (refuseSize); this keeps a count from ever being cut to an int.
std::optional<BackendError> countFits(const Layout& l, std::string_view call, int rank)
{
    if (l.count <= kMaxMpiCount && l.chunk <= kMaxMpiCount)
        return std::nullopt;
    return BackendError { std::string(call),
        "count " + std::to_string(l.count) + " exceeds the int count of MPI calls (at most 2^31−1 elements)",
        ExitCode::Usage, rank };
}

} // namespace

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

std::optional<BackendError> mpiError(int rc, std::string_view call, int rank)
{
    if (rc == MPI_SUCCESS)
        return std::nullopt;
    char text[MPI_MAX_ERROR_STRING] = {};
    int length = 0;
    MPI_Error_string(rc, text, &length);
    return BackendError { std::string(call), std::string(text, static_cast<std::size_t>(length)),
        ExitCode::LibraryError, rank };
}

std::optional<BackendError> blockingCall(const RunSpec& s, std::byte* send, std::byte* recv, MpiRank self)
{
    const Layout& l = s.layout;
    if (auto e = countFits(l, callName(s.op, true), self.rank))
        return e;
    const MPI_Datatype type = mpiType(s.dtype);
    const int count = static_cast<int>(l.count);
    const int chunk = static_cast<int>(l.chunk);
    const bool ip = s.inPlace;
    void* in = ip ? MPI_IN_PLACE : send;
    const int next = (self.rank + 1) % self.size;
    const int prev = (self.rank - 1 + self.size) % self.size;
    const MPI_Op op = mpiOp(s.redop);
    int rc = MPI_SUCCESS;
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
        if (ip && self.rank != s.root)
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
    return mpiError(rc, callName(s.op, true), self.rank);
}

std::optional<BackendError> startCall(
    const RunSpec& s, std::byte* send, std::byte* recv, std::vector<MPI_Request>& reqs, MpiRank self)
{
    const Layout& l = s.layout;
    if (auto e = countFits(l, callName(s.op, false), self.rank))
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
        rc = MPI_Irecv(recv, count, type, (self.rank - 1 + self.size) % self.size, 0, MPI_COMM_WORLD, &reqs[0]);
        if (rc == MPI_SUCCESS)
            rc = MPI_Isend(send, count, type, (self.rank + 1) % self.size, 0, MPI_COMM_WORLD, &reqs[1]);
        break;
    }
    return mpiError(rc, callName(s.op, false), self.rank);
}

} // namespace tutor::live
