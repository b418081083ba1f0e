// SPDX-License-Identifier: MIT
#pragma once
// The NCCL backend's class, private to live/nccl. Its code is in three files:
//   ncclbackend.cpp  set-up (devices, communicators, the hello record) and teardown
//   nccllaunch.cpp   type mapping, buffers, launching one collective on every local GPU, waiting, rank reductions
//   ncclmeasure.cpp  timed runs, the correctness check, the overlap experiment
#include "live/nccl/ncclbackend.h"
#include "live/nccl/ncclkernels.h"

#include <cstddef>
#include <cstdint>
#include <cuda_runtime_api.h>
#include <functional>
#include <nccl.h>
#include <optional>
#include <string>
#include <vector>

namespace tutor::live {

namespace ncclimpl {

/// The kernels' element type of a data type; nullopt for types NCCL cannot reduce (fp8 and the like).
std::optional<gpu::Elem> elemOf(model::DType dtype);
/// NCCL's data type; callers check elemOf() first (unsupported types map to ncclFloat32).
ncclDataType_t ncclType(model::DType dtype);
/// NCCL's reduction op (ncclAvg exists from NCCL 2.10; unsupportedRedOp() says so first).
ncclRedOp_t ncclOp(RedOp op);
/// The NCCL call behind an op, as error records name it ("ncclAllReduce", "ncclSend/ncclRecv").
const char* ncclCallName(Op op);
/// True when started by a launcher with more than one process (then one rank per process).
bool underLauncher();

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
    std::string busId; ///< "0000:1b:00"
};

} // namespace ncclimpl

class NcclBackend final : public Backend {
public:
    /// `gpus`: devices this process drives without a launcher (0: all visible). argc/argv go to MPI_Init_thread
    /// when the worker runs under mpirun.
    NcclBackend(int gpus, int* argc, char*** argv);

    /// No CUDA device (or fewer than asked) is BackendError{"cudaGetDeviceCount", "no CUDA device …", NoDevice}.
    std::optional<BackendError> init() override;
    int rank() const override { return m_rank; }
    int ranks() const override { return m_size; }
    HelloRecord describe() const override;
    std::optional<std::string> unsupported(model::DType dtype) const override;
    std::optional<std::string> unsupportedRedOp(RedOp op) const override;
    /// The smallest device memory among this process's GPUs (cudaMemGetInfo's total).
    std::optional<BufferBudget> bufferBudget() const override;
    Outcome<RunTimes> run(const RunSpec& spec) override;
    Outcome<OverlapTimes> overlap(const OverlapSpec& spec) override;
    void abort(int exitCode) override;
    void finish() override;

private:
    using Device = ncclimpl::Device;

    /// Where a run reads and writes on one device, following NCCL's in-place conventions
    /// (ReduceScatter: recv = send + rank·chunk; AllGather: send = recv + rank·chunk).
    struct Pointers {
        void* send;
        void* recv;
        void* output; ///< the logical output checked against expectedOutput
        void* input; ///< where the rank's input is filled
        std::int64_t inputCount;
    };

    // Errors as values naming the call; nullopt on success (ncclInProgress counts as success).
    std::optional<BackendError> cuda(cudaError_t e, const char* call) const;
    std::optional<BackendError> nccl(ncclResult_t r, const char* call, ncclComm_t comm) const;

    // ncclbackend.cpp
    /// Streams, the check counter and device names on every local GPU; rank 0 gathers every rank's device.
    std::optional<BackendError> setUpDevices();

    // nccllaunch.cpp
    /// Grows every device's send and receive buffers to at least `bytes`.
    std::optional<BackendError> reserve(std::size_t bytes);
    Pointers pointers(const RunSpec& s, Device& d) const;
    std::optional<BackendError> launch(const RunSpec& s, Device& d);
    /// One collective on every local GPU (a group call when this process drives several).
    std::optional<BackendError> launchAll(const RunSpec& s);
    /// Waits for a stream while watching the communicator for asynchronous errors.
    std::optional<BackendError> wait(Device& d, cudaStream_t stream, const char* call);
    std::optional<BackendError> waitAll(const char* call);
    /// Waits for an event recorded on a device's stream, as wait() does.
    std::optional<BackendError> waitEvent(Device& d, cudaEvent_t event, const char* call);
    /// The loop of wait() and waitEvent(): polls `query` (cudaStreamQuery or cudaEventQuery) until done, inside a
    /// heartbeat call, returning the first CUDA or asynchronous NCCL error.
    std::optional<BackendError> poll(Device& d, const char* call, const std::function<cudaError_t()>& query);
    /// Across processes under mpirun; the value itself in a single process.
    double maxAcrossRanks(double v) const;
    /// Per-GPU values of this process combined over every rank as nccl-tests' -a says.
    double combineAcrossRanks(const std::vector<double>& local, TimeAcrossRanks how) const;
    std::int64_t sumAcrossRanks(std::int64_t v) const;

    // ncclmeasure.cpp
    std::optional<BackendError> fill(const RunSpec& s);
    Outcome<std::int64_t> check(const RunSpec& s);

    int m_gpus;
    int* m_argc;
    char*** m_argv;
    bool m_mpi = false; ///< one rank per process, bootstrapped over MPI
    int m_rank = 0;
    int m_size = 1;
    int m_smCount = 1;
    std::string m_host;
    std::vector<Device> m_dev;
    std::vector<DeviceInfo> m_allDevices; ///< every rank's device (on rank 0), for the hello record
};

} // namespace tutor::live
