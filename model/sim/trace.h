// SPDX-License-Identifier: MIT
#pragma once
// Export of a simulated step: Chrome Trace Event Format JSON (opens in Perfetto and chrome://tracing)
// and CSV of the events and of the metrics.
#include "model/collectives/problem.h"
#include "model/sim/metrics.h"
#include "model/sim/timeline.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace tutor::model {

/// {"traceEvents": [...], "displayTimeUnit": "ms", "otherData": {metrics}}. One complete event
/// (ph "X", ts and dur in µs, rounded to whole ns so that back-to-back events touch exactly) per
/// Event, pid = pipeline stage, tid = lane index (one tid per lane, named by "thread_name" metadata;
/// "process_name" names each stage). args carry bytes, collective, group, layer, micro-batch, bucket and
/// exposed µs, in the spirit of Kineto's NCCL kernel args. Source: Chrome Trace Event Format; Perfetto
/// does not accept partially overlapping X events on one track, which the simulator's lanes guarantee.
nlohmann::json chromeTrace(const Timeline& timeline, const StepMetrics* metrics = nullptr);
std::string chromeTraceText(const Timeline& timeline, const StepMetrics* metrics = nullptr);

/// Header plus one row per event: lane,stage,lane_kind,kind,label,start_s,duration_s,bytes,collective,
/// group,layer,micro_batch,bucket,exposed_s (RFC 4180 quoting).
std::string eventsCsv(const Timeline& timeline);
/// Header "metric,value,unit" and one row per figure, then one row per dimension figure.
std::string metricsCsv(const StepMetrics& metrics);

/// Writes text to a file; a problem naming the path when that fails.
Problems writeTextFile(const std::string& path, const std::string& text);

} // namespace tutor::model
