// SPDX-License-Identifier: MIT
#pragma once
// The seam between the sweep driver and a communication library: one small interface, two implementations
// (live/mpi, live/nccl), chosen at run time and compiled when found at configure time.
#include "live/protocol/backendkind.h"
#include "live/protocol/protocol.h"
#include "live/worker/heartbeat.h"
#include "live/worker/layout.h"
#include "model/collectives/units.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace tutor::live {

/// A failed library call, passed up to main as a value (never printed or exited on where it happens).
struct BackendError {
    std::string call; ///< "MPI_Allreduce", "ncclAllReduce", "cudaGetDeviceCount"
    std::string message; ///< the library's message
    ExitCode code = ExitCode::LibraryError;
    int rank = -1;
};

struct RunSpec {
    Op op = Op::AllReduce;
    RedOp redop = RedOp::Sum; ///< for AllReduce, ReduceScatter, Reduce
    model::DType dtype = model::DType::Fp32;
    Layout layout;
    bool inPlace = false;
    int warmup = 1;
    int iterations = 20;
    int checks = 1; ///< correctness runs after the timed loop; stops at the first with wrong elements; 0: none
    int root = 0;
    bool blocking = false; ///< wait for each iteration before launching the next (nccl-tests -z)
    TimeAcrossRanks average = TimeAcrossRanks::Mean; ///< how loopSeconds is combined across ranks
};

/// Times of one size. On rank 0 every figure is already combined across ranks.
struct RunTimes {
    double loopSeconds = 0; ///< (timed loop) / iterations, combined across ranks as RunSpec::average says
    std::vector<double> iterationSeconds; ///< each iteration's time, maximum across ranks
    std::int64_t wrong = 0; ///< wrong elements summed over ranks; -1 when not checked
};

struct OverlapSpec {
    Op op = Op::AllReduce;
    model::DType dtype = model::DType::Fp32;
    Layout layout;
    int iterations = 10;
    double computeSeconds = 0; ///< target compute duration; 0: as long as the collective alone
    int root = 0;
};

/// Raw overlap timings (means over iterations, maximum across ranks); the driver turns them into a record.
struct OverlapTimes {
    double computeAlone = 0;
    double commAlone = 0;
    double computeTogether = 0;
    double commTogether = 0;
    double overall = 0;
    double test = 0; ///< time inside progress calls during the overlapped compute
    double intersection = 0; ///< time the compute and the collective were both in flight
};

template <class T> struct Outcome {
    std::optional<T> value;
    std::optional<BackendError> error;
    static Outcome failed(BackendError e) { return Outcome { std::nullopt, std::move(e) }; }
};

/// Memory one rank may use for its buffers, and how that figure was found (for the refusal message).
struct BufferBudget {
    std::int64_t bytesPerRank = 0;
    std::string source; ///< "this host's memory (23.4 GiB) shared by 2 ranks", "GPU 0's memory (79.1 GiB)"
};

class Backend {
public:
    virtual ~Backend() = default;
    /// Sets up the library and devices. An error here is reported and the worker exits with its code.
    virtual std::optional<BackendError> init() = 0;
    virtual int rank() const = 0; ///< this process's first rank (0 prints)
    virtual int ranks() const = 0; ///< ranks in the communicator
    /// Backend name, library versions, hosts and devices for the hello record (valid on rank 0).
    virtual HelloRecord describe() const = 0;
    /// Whether the backend can reduce/move this type ("half" has no MPI reduction).
    virtual std::optional<std::string> unsupported(model::DType dtype) const = 0;
    /// Whether the backend has this reduction (MPI has no average).
    virtual std::optional<std::string> unsupportedRedOp(RedOp) const { return std::nullopt; }
    /// The most elements one library call takes as its count (MPI without MPI-4 large counts: 2^31 − 1).
    virtual std::int64_t maxElementsPerCall() const { return std::numeric_limits<std::int64_t>::max(); }
    /// Memory for the send and receive buffers of one rank; nullopt when unknown (no up-front refusal).
    virtual std::optional<BufferBudget> bufferBudget() const { return std::nullopt; }
    virtual Outcome<RunTimes> run(const RunSpec& spec) = 0;
    virtual Outcome<OverlapTimes> overlap(const OverlapSpec& spec) = 0;
    /// Called by the watchdog thread: the other ranks that are known to have stopped or exited ("rank 1, pid 4242,
    /// is stopped"), for the report of a rank that waits for them; empty when none is known.
    virtual std::string stalledPeers() const { return {}; }
    /// Called by the watchdog thread: tear the communicator down so a hung call returns or the process ends.
    virtual void abort(int exitCode) = 0;
    /// Orderly shutdown (MPI_Finalize, ncclCommDestroy).
    virtual void finish() = 0;

    /// Where run() and overlap() report progress for the watchdog; a private heartbeat until one is set.
    void setHeartbeat(Heartbeat* heartbeat) { m_heartbeat = heartbeat ? heartbeat : &m_ownHeartbeat; }

protected:
    Heartbeat& heartbeat() const { return *m_heartbeat; }

private:
    mutable Heartbeat m_ownHeartbeat;
    Heartbeat* m_heartbeat = &m_ownHeartbeat;
};

} // namespace tutor::live
