// SPDX-License-Identifier: MIT
#pragma once
// nccl-tests results as runs of Measurements: the text table its binaries print (every layout from 2.0 on, as
// captured through mpirun, srun, pdsh or pasted into markdown) and the `-J file` JSON document (versions 1–3).
#include "model/measure/measurement.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::model {

/// What a nccl-tests log may not say by itself. Used only for runs that lack it; never overrides the log.
struct ImportHints {
    std::optional<Collective> op; ///< else the log's op (see ImportedRun::opSource), else the file name
    std::optional<int> ranks; ///< else the "#  Rank N" lines (max N + 1) or the -J devices
};

/// One nccl-tests invocation found in a file: its header facts and its rows (out-of-place and in-place
/// Measurements, in file order). A run whose op or ranks is unknown keeps its rows, but their `op` and `ranks`
/// are placeholders (AllReduce, 1) until completeRun() fills them: never calibrate or predict from it.
struct ImportedRun {
    std::optional<Collective> op; ///< nullopt: the file does not say and no hint was given
    /// Where op came from: "header" ("# Collective test starting", or the only pre-2.13 column layout that one
    /// collective prints), "command line" (a `<name>_perf` binary named before the table), "file name", "hint".
    std::string opSource;
    int ranks = 0; ///< 0 unknown
    /// true when ranks is max("#  Rank N") + 1 from an excerpt that lists fewer lines than that: at least so many.
    bool ranksAtLeast = false;
    std::string ranksSource; ///< "rank lines", "json devices", "hint"; empty when unknown
    int gpusPerProcess = 0; ///< nThread × nGpus ("-t", "-g"); 0 when the log does not print it
    std::string ncclTestsVersion; ///< "2.17.6" from "# nccl-tests version"; empty before 2.13.7 printed it
    std::string ncclVersion; ///< "2.21.5" from nccl-library= or "NCCL version 2.21.5+cuda12.4"; empty if absent
    std::string redop; ///< the first row's redop ("sum", "none"); empty in layouts without the column
    DType dtype = DType::Fp32; ///< the first row's type
    int root = -1; ///< the first row's root; -1 without one
    int firstLine = 0; ///< 1-based line of the run's first header or row (0 for JSON)
    int lastLine = 0;
    std::vector<Measurement> rows;
    bool operator==(const ImportedRun&) const = default;
};

/// Everything read from one file. `warnings` name file:line, field, value and rule of what was skipped (a bad
/// row, a run without rows); they never stop the rest of the file from being read.
struct ImportResult {
    std::string file;
    std::vector<ImportedRun> runs;
    Problems warnings;
    bool operator==(const ImportResult&) const = default;
};

/// Parses nccl-tests' text output. Strips launcher prefixes (`[1,0]<stdout>:`, srun -l `12: `, pdsh `node001: `),
/// markdown quotes and fences and leading timestamps; skips NCCL INFO/WARN/TRACE lines and any other text; splits
/// the file into one run per header block. Layouts: 2.13+ (size count type redop root, 4 + 4 columns),
/// pre-2.13 (no redop and/or no root column, "error" instead of "#wrong"), `-I 1` (8 + 8 columns with i_min,
/// i_max, i_p99, i_cv%), `-S 1` (a trailing "YYYY-MM-DD HH:MM:SS"). Never fails; `fileName` names the source.
ImportResult parseNcclTestsText(std::string_view text, const std::string& fileName, const ImportHints& hints = {});

/// Parses one `-J file` JSON document (versions 1–3): args[0] names the op, nccl_version the library,
/// config.nthreads × config.ngpus the GPUs per process, config.devices the processes (one entry each).
/// A document that is not valid JSON gives no run and a warning with its line.
ImportResult parseNcclTestsJsonText(std::string_view text, const std::string& fileName, const ImportHints& hints = {});

/// Reads a file and picks the JSON or the text parser by its first non-blank character. Fails only when the
/// file cannot be read; a file without any run gives an empty `runs` and a warning.
Result<ImportResult> importNcclTestsFile(const std::string& path, const ImportHints& hints = {});

/// One problem per run that lacks op or ranks: field "op"/"ranks", value "unknown", the rule saying what to pass,
/// where = "file:firstLine".
Problems incompleteRuns(const ImportResult& result);

/// Sets op and ranks where the run lacks them (source "hint") and rewrites its rows' op, ranks and source
/// ("nccl-tests all_reduce_perf (fileName)").
Problems completeRun(ImportedRun& run, const ImportHints& hints, const std::string& fileName = {});

/// The rows of every run whose op and ranks are known, in file order.
std::vector<Measurement> knownMeasurements(const ImportResult& result);

// --- strict, single-list forms (the measurement tests, the worker's table check, the fuzzer) ---

/// parseNcclTestsText with every warning and every incomplete run turned into a failure; the rows of all runs.
Result<std::vector<Measurement>> parseNcclTestsLog(
    std::string_view text, const std::string& fileName, const ImportHints& hints = {});
/// parseNcclTestsJsonText, strict like parseNcclTestsLog.
Result<std::vector<Measurement>> parseNcclTestsJson(
    std::string_view text, const std::string& fileName, const ImportHints& hints = {});
/// importNcclTestsFile, strict like parseNcclTestsLog.
Result<std::vector<Measurement>> importNcclTests(const std::string& path, const ImportHints& hints = {});

} // namespace tutor::model
