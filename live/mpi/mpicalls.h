// SPDX-License-Identifier: MIT
#pragma once
// The MPI calls of one collective on MPI_COMM_WORLD: the blocking call a timed run makes and the non-blocking start
// of the overlap experiment, with MPI's own types and reductions, their errors as BackendError.
#include "live/worker/backend.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <mpi.h>
#include <optional>
#include <string_view>
#include <vector>

namespace tutor::live {

/// Open MPI 4 has no MPI-4 large-count calls (MPI_Allreduce_c and friends): every count is an int.
inline constexpr std::int64_t kMaxMpiCount = std::numeric_limits<int>::max();

/// This process's place in MPI_COMM_WORLD.
struct MpiRank {
    int rank = 0;
    int size = 1;
};

/// The MPI function that runs `op`: "MPI_Allreduce", or "MPI_Iallreduce" when not `blocking`.
std::string_view callName(Op op, bool blocking);

/// The error of an MPI call that returned `rc` (MPI_ERRORS_RETURN), with MPI's own text; none on MPI_SUCCESS.
std::optional<BackendError> mpiError(int rc, std::string_view call, int rank);

/// One blocking collective, in place (MPI_IN_PLACE) or out of place as `spec` says.
std::optional<BackendError> blockingCall(const RunSpec& spec, std::byte* send, std::byte* recv, MpiRank self);

/// One non-blocking collective (out of place, sum) for the overlap experiment, its requests in `requests`.
std::optional<BackendError> startCall(
    const RunSpec& spec, std::byte* send, std::byte* recv, std::vector<MPI_Request>& requests, MpiRank self);

} // namespace tutor::live
