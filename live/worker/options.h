// SPDX-License-Identifier: MIT
#pragma once
// commtutor-live's command line, in nccl-tests' spelling where one exists (-b -e -f -i -n -w -c -d -r -g).
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
    Op op = Op::AllReduce;
    model::Bytes minBytes = 8;
    model::Bytes maxBytes = 64 * model::MiB;
    int stepFactor = 2; ///< -f; used when stepBytes is 0
    model::Bytes stepBytes = 0; ///< -i; when set, sizes grow by this many bytes
    int iterations = 20; ///< -n
    int warmup = 5; ///< -w
    bool check = true; ///< -c / --check
    model::DType dtype = model::DType::Fp32;
    int root = 0;
    bool inPlace = true; ///< --inplace 1: also run the in-place column (nccl-tests prints both)
    bool json = false;
    double timeoutSeconds = 60; ///< per size; 0 disables the watchdog
    bool overlap = false;
    model::Bytes overlapBytes = 0; ///< 0: maxBytes
    double computeUs = 0; ///< overlap compute duration; 0: as long as the collective alone
    int gpus = 0; ///< -g: GPUs driven by one process (NCCL single-process mode); 0: all
    int expectRanks = 0; ///< --expect-ranks: fail with RankMismatch when the communicator differs
    bool help = false;
    bool version = false;
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

/// The sweep's sizes in bytes: minBytes, then ×stepFactor (or +stepBytes) while ≤ maxBytes.
std::vector<model::Bytes> sweepSizes(const Options& options);

} // namespace tutor::live
