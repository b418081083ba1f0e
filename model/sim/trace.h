// SPDX-License-Identifier: MIT
#pragma once
// Export of a simulated step: Chrome Trace Event Format JSON (opens in Perfetto and chrome://tracing)
// and CSV of the events and of the metrics.
#include "model/collectives/problem.h"
#include "model/sim/metrics.h"
#include "model/sim/scenario.h"
#include "model/sim/timeline.h"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <utility>
#include <vector>

namespace tutor::model {

/// {"traceEvents": [...], "displayTimeUnit": "ms", "otherData": {metrics}}. One complete event
/// (ph "X", ts and dur in µs, rounded to whole ns so that back-to-back events touch exactly) per
/// Event, pid = pipeline stage, tid = lane index (one tid per lane, named by "thread_name" metadata;
/// "process_name" names each stage). args carry bytes, collective, group, layer, micro-batch, bucket and
/// exposed µs, in the spirit of Kineto's NCCL kernel args. Source: Chrome Trace Event Format; Perfetto
/// does not accept partially overlapping X events on one track, which the simulator's lanes guarantee.
nlohmann::json chromeTrace(const Timeline& timeline, const StepMetrics* metrics = nullptr);
std::string chromeTraceText(const Timeline& timeline, const StepMetrics* metrics = nullptr);

/// Who the per-rank Kineto traces stand for. The simulator computes one representative rank per pipeline stage;
/// with Megatron's rank order (tp fastest, then dp, then pp) stage s is global rank s·tp·dp.
struct KinetoOptions {
    ParallelSpec parallel; ///< the layout the ranks and process groups are numbered by (Megatron-Core order)
    DType dtype = DType::Bf16; ///< the collectives' element type ("dtype" arg, NCCL kernel name)
    std::string deviceName = "NVIDIA H100 80GB HBM3"; ///< deviceProperties[0].name
    double deviceMemoryBytes = 80e9; ///< deviceProperties[0].totalGlobalMem
    bool operator==(const KinetoOptions&) const = default;
};

/// The global rank of pipeline stage `stage`: stage·tp·cp·dp.
int stageRank(const KinetoOptions& options, int stage);

/// NCCL's device kernel name for a collective, as CUPTI reports it from NCCL ≥ 2.19:
/// "ncclDevKernel_AllReduce_Sum_bf16_RING_LL" (reductions carry op and type; AllGather and Broadcast the
/// algorithm and protocol only; AllToAll and point-to-point "ncclDevKernel_SendRecv"). Protocol LL below 64 KiB,
/// SIMPLE from there (NCCL's tuner picks LL for small messages); the simulator does not record the algorithm, so
/// RING. Source: NCCL src/device/generate.py kernel naming.
std::string ncclKernelName(Collective collective, DType dtype, Bytes bytes);

/// One PyTorch profiler (Kineto) trace of pipeline stage `stage`, as torch.profiler's export_chrome_trace writes
/// it: top-level "schemaVersion", "deviceProperties", "distributedInfo" {backend "nccl", rank, world_size,
/// pg_count, pg_config, nccl_version}, "traceEvents", "displayTimeUnit". GPU work is ph "X", cat "kernel", pid =
/// device 0, tid = stream (compute 7, one stream per communication lane), args "device", "stream", "correlation",
/// "External id"; NCCL kernels also "Collective name", "In msg nelems", "Out msg nelems", "Group size", "dtype",
/// "Process Group Name", "Process Group Description", "Process Group Ranks". A "ProfilerStep#0" cpu_op spans the
/// step. Times in µs rounded to whole ns, as chromeTrace(). HolisticTraceAnalysis reads it (TraceCollection with
/// files trace_rank<r>.json) and its comm/comp overlap on it equals StepMetrics::overlapHta of the critical stage.
nlohmann::json kinetoTrace(const Timeline& timeline, int stage, const KinetoOptions& options);

/// One file per pipeline stage: ("trace_rank<r>.json", text) with r = stageRank(stage).
std::vector<std::pair<std::string, std::string>> kinetoTraceFiles(
    const Timeline& timeline, const KinetoOptions& options);

/// Header plus one row per event: lane,stage,lane_kind,kind,label,start_s,duration_s,bytes,collective,
/// group,layer,micro_batch,bucket,exposed_s (RFC 4180 quoting).
std::string eventsCsv(const Timeline& timeline);
/// Header "metric,value,unit" and one row per figure, then one row per dimension figure.
std::string metricsCsv(const StepMetrics& metrics);

/// Replaces the file by text crash-safely (io::writeFileAtomically); when that fails, one problem whose text() is
/// "<path>: cannot be written: <reason> (the old file is kept)" and the old file unchanged.
Problems writeTextFile(const std::string& path, const std::string& text);

} // namespace tutor::model
