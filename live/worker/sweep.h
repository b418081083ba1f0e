// SPDX-License-Identifier: MIT
#pragma once
// The sweep driver: hello, every size (out-of-place, then in-place), the overlap experiment, done.
// Returns the exit code; reports every failure as an error record first.
#include "live/worker/backend.h"
#include "live/worker/options.h"
#include "live/worker/output.h"
#include "live/worker/watchdog.h"

namespace tutor::live {

/// nccl-tests' bus-bandwidth factor for `op` at n ranks: AllReduce 2(n−1)/n; ReduceScatter, AllGather, AllToAll
/// (n−1)/n; Broadcast, Reduce, SendRecv 1 (doc/PERFORMANCE.md). Same as model::busBandwidthFactor.
double busFactor(Op op, int ranks);

/// The overlap record from raw timings. OSU: max(0, 100 − 100·(overall − (computeTogether − test)) / commAlone);
/// HTA: 100·intersection / commTogether; slowdowns: together / alone.
OverlapRecord makeOverlapRecord(const OverlapTimes& t, Op op, std::int64_t bytes, int ranks, int iterations);

/// min, median and 99th percentile (nearest rank) of per-iteration times, in seconds.
struct IterationStats {
    double min = 0, median = 0, p99 = 0;
};
IterationStats iterationStats(std::vector<double> seconds);

/// nccl-tests' -I figures (src/util.cu computeIterStats) of per-iteration times in seconds: min, max, p50 =
/// sorted[n/2], p95 and p99 = sorted[min(n−1, ⌈n·p/100⌉−1)], mean, population standard deviation, cv% =
/// 100·stdev/mean; all in µs.
IterationSummary iterationSummary(const std::vector<double>& seconds);

/// Bytes for messages, in the largest binary unit that keeps a number ≥ 1: "512 B", "2 GiB", "1.5 TiB" (three
/// significant digits).
std::string bytesText(double bytes);

/// Runs every size. Refuses up front, before the hello record, a --maxbytes (or --overlap-bytes) that the backend
/// cannot run: more elements per call than Backend::maxElementsPerCall (exit 1), or send and receive buffers
/// (2 × S per rank) larger than Backend::bufferBudget (exit 8). A buffer allocation that fails later is an error
/// record with exit 8.
int runSweep(Backend& backend, const Options& options, Output& output, Watchdog* watchdog);

} // namespace tutor::live
