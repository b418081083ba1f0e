// SPDX-License-Identifier: MIT
#pragma once
// commtutor-live's command line with nccl-tests' flag meanings and defaults (src/common.cu, 2.19): -b -e -i -f
// -n -w -c -o -d -r -t -g -z -G -T -a -I -J, sizes with K/M/G as powers of two. The collective, which nccl-tests
// picks by binary (all_reduce_perf, ...), is --op.
#include "live/protocol/backendkind.h"
#include "live/worker/layout.h"
#include "model/collectives/units.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::live {

struct Options {
    BackendKind backend = BackendKind::Mpi; ///< --backend
    Op op = Op::AllReduce; ///< --op (nccl-tests: the binary)
    model::Bytes minBytes = 32 * model::MiB; ///< -b (nccl-tests default 32M)
    model::Bytes maxBytes = 32 * model::MiB; ///< -e (nccl-tests default 32M)
    int stepFactor = 1; ///< -f; when > 1 sizes are multiplied, else stepBytes is added
    model::Bytes stepBytes = model::MiB; ///< -i (nccl-tests default 1M)
    int iterations = 20; ///< -n
    int warmup = 1; ///< -w
    int checkIterations = 1; ///< -c: correctness checks per size; 0 prints N/A for #wrong
    std::vector<RedOp> redops { RedOp::Sum }; ///< -o: one, or every op for "all"
    std::vector<model::DType> dtypes { model::DType::Fp32 }; ///< -d: one, or every type for "all"
    int root = 0; ///< -r; -1: every rank in turn
    int threads = 1; ///< -t (only 1: one thread per process)
    int gpus = 1; ///< -g: GPUs driven by one process (NCCL)
    int blocking = 0; ///< -z: 0 none, 1..3 wait (and barrier) after each iteration
    int graphLaunches = 0; ///< -G (only 0: CUDA graphs are not used)
    TimeAcrossRanks average = TimeAcrossRanks::Mean; ///< -a
    bool perIteration = false; ///< -I 1: i_min i_max i_p99 i_cv% columns
    std::string jsonFile; ///< -J: nccl-tests' JSON document
    bool inPlace = true; ///< --inplace 0: skip the in-place run (its columns print N/A)
    bool jsonLines = false; ///< --jsonl: the app's JSON Lines protocol on stdout instead of the table
    double timeoutSeconds = 0; ///< -T, --timeout-s: longest time without progress; 0: no watchdog (nccl-tests)
    bool overlap = false;
    model::Bytes overlapBytes = 0; ///< 0: maxBytes
    double computeUs = 0; ///< overlap compute duration; 0: as long as the collective alone
    int expectRanks = 0; ///< --expect-ranks: fail with RankMismatch when the communicator differs
    bool help = false;
    bool version = false;

    bool check() const { return checkIterations > 0; }
};

struct OptionsResult {
    Options options;
    /// When parsing failed: the flag, the value and the rule or the accepted names
    /// ("--op = allsum: must be one of allreduce, ..."); empty on success.
    std::string error;
    bool ok() const { return error.empty(); }
};

OptionsResult parseOptions(const std::vector<std::string_view>& args);

/// The --help text: every flag, its default, and the exit codes.
std::string helpText();

std::string_view opName(Op op); ///< "allreduce"
std::string_view ncclTestsName(Op op); ///< "all_reduce"
/// The cli name, case-insensitive, '_' and '-' ignored ("all_reduce", "AllReduce"); nullopt otherwise.
std::optional<Op> parseOp(std::string_view text);
/// Every cli name, comma-separated: "allreduce, reducescatter, ...".
std::string opNames();

std::string_view redOpName(RedOp op); ///< nccl-tests' name: "sum", "prod", "max", "min", "avg"
std::optional<RedOp> parseRedOp(std::string_view text);

/// nccl-tests' size (parsesize in src/common.cu): a number, then optionally K, M or G (case-insensitive, an
/// optional trailing B or iB) as 2^10, 2^20, 2^30: "1G" = "1GB" = 1073741824. nullopt for anything else.
std::optional<model::Bytes> parseNcclTestsSize(std::string_view text);

/// The sweep's sizes in bytes: minBytes, then ×stepFactor (when > 1) or +stepBytes while ≤ maxBytes.
std::vector<model::Bytes> sweepSizes(const Options& options);

/// The redops a sweep of `op` runs: nccl-tests prints "none" and runs once for collectives that do not reduce,
/// except SendRecv, which carries the -o op (default sum) although it moves data only.
std::vector<std::optional<RedOp>> redopsFor(const Options& options);
/// The roots a sweep of `op` at `ranks` ranks runs: -1 for unrooted collectives, every rank for -r -1.
std::vector<int> rootsFor(const Options& options, int ranks);

} // namespace tutor::live
