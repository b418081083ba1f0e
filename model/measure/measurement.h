// SPDX-License-Identifier: MIT
#pragma once
// Measured collectives: the live lab's rows and measurement files (JSON Lines); ncclimport.h reads nccl-tests.
// Qt-free. Loaders report bad input as Problems with `where` = "file:line".
#include "model/collectives/collective.h"
#include "model/collectives/problem.h"
#include "model/collectives/units.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::model {

/// One timed collective at one size, in nccl-tests conventions (doc/PERFORMANCE.md): `bytes` is S,
/// algBwGBps = S / time / 1e9, busBwGBps = algBwGBps · busBandwidthFactor(op, ranks).
struct Measurement {
    Collective op = Collective::AllReduce;
    Bytes bytes = 0;
    std::int64_t count = 0; ///< elements in S
    DType dtype = DType::Fp32;
    int ranks = 1;
    int root = -1; ///< -1 for collectives without a root
    bool inPlace = false;
    Seconds timeSeconds = 0; ///< mean per iteration, slowest rank
    double algBwGBps = 0;
    double busBwGBps = 0;
    std::int64_t wrong = 0; ///< wrong elements; -1 when the run was not checked ("N/A" in nccl-tests)
    Seconds minSeconds = 0; ///< per-iteration statistics; 0 when the source has none (nccl-tests)
    Seconds medianSeconds = 0;
    Seconds p99Seconds = 0;
    int iterations = 0;
    std::string source; ///< "commtutor-live mpi", "nccl-tests all_reduce_perf", the file it came from
    bool operator==(const Measurement&) const = default;
};

/// Bounds every measurement is checked against, whether typed, imported or received from the worker.
inline constexpr Seconds kMinMeasuredSeconds = 1e-9; ///< no collective completes in under a nanosecond
inline constexpr double kMaxMeasuredGBps = 1e5; ///< no link carries 100 TB/s
inline constexpr int kMaxMeasuredRanks = 1 << 20;

/// Problems with one measurement: bytes in [1, kMaxMessageBytes], time finite and ≥ kMinMeasuredSeconds, ranks in
/// [1, kMaxMeasuredRanks], root -1 or a rank, bandwidths finite in [0, kMaxMeasuredGBps], bytes / time at most
/// kMaxMeasuredGBps when ranks > 1. `field` prefixes the paths ("measurements[3]").
Problems validate(const Measurement& measurement, const std::string& field);

/// Fills algBwGBps and busBwGBps from bytes, time and ranks (nccl-tests' formulas).
void computeBandwidths(Measurement& measurement);

/// One JSON Lines record {"type":"measurement","protocol":1,...}, the worker's format, without newline.
std::string toJsonLine(const Measurement& measurement);
/// Every measurement, one line each (a commtutor measurement file).
std::string toJsonLines(const std::vector<Measurement>& measurements);

/// Reads a measurement file or a saved worker stream: "measurement" lines become Measurements, other record
/// types (hello, progress, done, ...) are skipped, anything that is not a protocol-1 JSON object is a problem
/// with file:line.
Result<std::vector<Measurement>> parseMeasurementLines(std::string_view text, const std::string& fileName);
Result<std::vector<Measurement>> loadMeasurements(const std::string& path);
/// Replaces the file by toJsonLines(measurements) crash-safely (io::writeFileAtomically); when that fails, one
/// problem "<path>: cannot be written: <reason> (the old file is kept)" and the old file unchanged.
Problems saveMeasurements(const std::string& path, const std::vector<Measurement>& measurements);

} // namespace tutor::model
