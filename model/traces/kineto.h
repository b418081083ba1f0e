// SPDX-License-Identifier: MIT
#pragma once
// PyTorch profiler (Kineto) traces as a person has them: one JSON document per rank, as torch.profiler's
// export_chrome_trace or tensorboard_trace_handler writes it. What is kept is the GPU work: every kernel and
// memory copy with its stream, start and duration, and for NCCL kernels the collective, its size and its group,
// read from the kernel's own args (PyTorch ≥ 2.1) or from the CPU op that launched it ("nccl:all_reduce" with
// its input shape, or "record_param_comms" with its message sizes) in older traces.
#include "model/collectives/collective.h"
#include "model/collectives/problem.h"
#include "model/collectives/units.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::model {

/// HolisticTraceAnalysis' kernel types (hta/common/types.py): communication = a name that starts with "nccl" or
/// "hccl" or contains "ncclKernel"; memory = "Memcpy…", "Memset…" (also "hip…") or "dma…"; other = CUDA
/// synchronisation records ("… Sync", "Stream Wait Event"); compute = every other GPU kernel.
enum class KernelClass { Compute, Communication, Memory, Other };
KernelClass classifyKernel(std::string_view name, std::string_view category);

/// The collective a communication kernel or a "nccl:…" CPU op stands for: "ncclDevKernel_AllGather_RING_LL",
/// "ncclKernel_AllReduce_RING_LL_Sum_float", "nccl:all_reduce", "allreduce", "_allgather_base",
/// "reduce_scatter_tensor_coalesced", "all_to_allv", "send". nullopt when the text names none.
std::optional<Collective> collectiveFromTraceName(std::string_view text);

/// The element type as traces write it: "Float", "BFloat16", "c10::Half", "float", "long int", "unsigned char",
/// "Float8_e4m3fn", ...; nullopt when unknown. 16-bit integers (no NCCL type) are sized as fp16.
std::optional<DType> traceDtype(std::string_view text);

struct TraceKernel {
    std::string name;
    KernelClass kind = KernelClass::Compute;
    double startUs = 0; ///< trace clock, µs
    double durationUs = 0;
    long long stream = 0; ///< args.stream, else the event's tid
    // Communication kernels only:
    std::optional<Collective> collective;
    Bytes bytes = 0; ///< S in the nccl-tests convention (the whole array for AllGather/ReduceScatter); 0 unknown
    DType dtype = DType::Fp32; ///< the element type when bytes is known
    int groupSize = 0; ///< ranks in the collective's group; 0 unknown
    std::string processGroup; ///< "Process Group Name"; empty when the trace does not say
    /// Where collective and bytes came from: "kernel args", "record_param_comms", "cpu op shape", "kernel name".
    std::string sizeSource;
    double endUs() const { return startUs + durationUs; }
    bool operator==(const TraceKernel&) const = default;
};

/// One rank's trace.
struct RankTrace {
    std::string source; ///< the file it came from (shown in messages)
    int rank = -1; ///< distributedInfo.rank, else a number in the file name ("rank-3", "trace_rank3"); −1 unknown
    int worldSize = 0; ///< distributedInfo.world_size; 0 unknown
    std::string backend; ///< "nccl", "gloo"
    std::string ncclVersion;
    std::string deviceName; ///< deviceProperties[0].name
    int profilerSteps = 0; ///< "ProfilerStep#N" spans
    std::vector<TraceKernel> kernels; ///< GPU work sorted by start (compute, communication, memory)
    Problems warnings; ///< what was skipped and why (a malformed event), never fatal
    bool operator==(const RankTrace&) const = default;
};

/// Reads one trace. Fails (with the field, value and rule) when the text is not a Chrome trace (a JSON object
/// with a "traceEvents" array, or a bare array of events), or when it holds no GPU kernel at all (a CPU-only
/// trace has nothing to analyse). Malformed events are skipped with a warning naming the event's index.
Result<RankTrace> parseKinetoTrace(std::string_view text, const std::string& source);

/// Reads a trace file, plain (.json) or gzip-compressed (.json.gz, recognised by its magic bytes, inflated to at
/// most 1 GiB), and parses it with the file's path as source.
Result<RankTrace> loadKinetoTrace(const std::string& path);

} // namespace tutor::model
