// SPDX-License-Identifier: MIT
#pragma once
// Internal to tutor_measure's nccl-tests import: what a captured line looks like under the launchers people use,
// and the names nccl-tests gives its collectives.
#include "model/measure/ncclimport.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::model::detail {

/// A log line as nccl-tests printed it: `[1,0]<stdout>:`, `[1,0]:`, srun -l `12: `, pdsh `node001: `, markdown
/// `> ` and leading timestamps ("2024-05-01T10:00:00Z", "[2024-05-01 10:00:00]") removed, repeatedly, and a
/// trailing '\r' dropped. `fence` is set for a markdown code fence line (```` ``` ````, `~~~`).
struct CleanLine {
    std::string_view text;
    bool fence = false;
};
CleanLine cleanLine(std::string_view raw);

/// True for NCCL's own debug lines (NCCL INFO / WARN / TRACE / ABORT), whatever precedes them.
bool isNcclDebugLine(std::string_view line);
/// "2.21.5" from "NCCL version 2.21.5+cuda12.4" anywhere in the line; empty if none.
std::string ncclVersionInLine(std::string_view line);
/// NCCL_VERSION_CODE as nccl-tests prints it (nccl-library=22105) → "2.21.5"; codes below 2900 are the
/// pre-2.9 layout major·1000 + minor·100 + patch.
std::string ncclVersionFromCode(std::int64_t code);

/// The one collective named by `<name>_perf` words in the text ("./build/all_reduce_perf -b 8",
/// "all_gather_perf_mpi"); nullopt when none or several different ones are named.
std::optional<Collective> opFromProgramText(std::string_view text);
/// The one collective a file name names ("alltoall_output.dat.1", "all_gather_perf_16.log", "allreduce.txt");
/// nullopt when none or several.
std::optional<Collective> opFromFileName(std::string_view path);

std::vector<std::string_view> splitWords(std::string_view line);
std::optional<double> toNumber(std::string_view word);
std::optional<std::int64_t> toInteger(std::string_view word);
/// "2025-10-28" (a date) and "12:34:56" (a time of day): the two words `-S 1` appends to a row.
bool isDateWord(std::string_view word);
bool isClockWord(std::string_view word);

/// Fills op and ranks from the hints and then the file name where the run lacks them, and stamps every row with
/// the run's op, ranks and source.
/// Hints and the file name fill what the log left open; returns the rows dropped as invalid (see stampRows).
Problems settleRun(ImportedRun& run, const ImportHints& hints, const std::string& fileName);

} // namespace tutor::model::detail
