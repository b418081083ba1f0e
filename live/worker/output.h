// SPDX-License-Identifier: MIT
#pragma once
// Where the worker's results go: nccl-tests' table, its -J JSON document, or the app's JSON Lines, on rank 0 only.
// Thread-safe: the watchdog thread may write an error record while the main thread is blocked.
#include "live/protocol/protocol.h"

#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tutor::live {

struct Options;

/// nccl-tests' -I figures of one half of a row (src/util.cu computeIterStats), in microseconds.
struct IterationSummary {
    double minUs = 0;
    double maxUs = 0;
    double p99Us = 0;
    double cvPct = 0; ///< 100 · standard deviation / mean
    double meanUs = 0;
    double p50Us = 0;
    double p95Us = 0;
    double stdevUs = 0;
    std::vector<double> timesUs; ///< every iteration, each the maximum across ranks
};

/// One size: the out-of-place run and, when run, the in-place run.
struct Row {
    MeasurementRecord outOfPlace;
    std::optional<MeasurementRecord> inPlace;
    IterationSummary outOfPlaceIterations;
    IterationSummary inPlaceIterations;
};

class Output {
public:
    virtual ~Output() = default;
    virtual void hello(const HelloRecord& hello, const Options& options) = 0;
    virtual void progress(const ProgressRecord& progress) = 0;
    virtual void row(const Row& row) = 0;
    virtual void overlap(const OverlapRecord& overlap) = 0;
    virtual void error(const ErrorRecord& error) = 0;
    virtual void done(const DoneRecord& done) = 0;
    /// True when a file this output writes (-J) could not be written; the worker then exits OutputFailed.
    virtual bool failed() const { return false; }
};

/// JSON Lines, one record per line, flushed per record so a reader sees progress live (--jsonl).
class JsonLinesOutput : public Output {
public:
    explicit JsonLinesOutput(std::FILE* out, bool enabled)
        : m_out(out)
        , m_enabled(enabled)
    {
    }
    void hello(const HelloRecord& hello, const Options& options) override;
    void progress(const ProgressRecord& progress) override;
    void row(const Row& row) override;
    void overlap(const OverlapRecord& overlap) override;
    void error(const ErrorRecord& error) override;
    void done(const DoneRecord& done) override;

private:
    void write(const Record& record, bool always = false);
    std::FILE* m_out;
    bool m_enabled;
    std::mutex m_mutex;
};

/// nccl-tests' table as its 2.19 writes it (src/util.cu): the "# nThread … nGpus …" preamble, "# Using devices"
/// and one "#  Rank N Group G Pid P on HOST device D [BUS] NAME" line per rank, the three header lines, one row of
/// 13 columns per size (size, per-rank count, type, redop, root, then time algbw busbw #wrong out-of-place and
/// in-place; N/A for a half that did not run; 4 more per half with -I 1), and the footer ("# Out of bounds
/// values", "# Avg bus bandwidth", "# Collective test concluded"). Errors go to stderr.
class TableOutput : public Output {
public:
    explicit TableOutput(std::FILE* out, bool enabled)
        : m_out(out)
        , m_enabled(enabled)
    {
    }
    void hello(const HelloRecord& hello, const Options& options) override;
    void progress(const ProgressRecord&) override { }
    void row(const Row& row) override;
    void overlap(const OverlapRecord& overlap) override;
    void error(const ErrorRecord& error) override;
    void done(const DoneRecord& done) override;

private:
    std::FILE* m_out;
    bool m_enabled;
    bool m_perIteration = false;
    std::string m_program; ///< "all_reduce_perf"
    std::mutex m_mutex;
};

/// Sends every call to each of several outputs (the table on stdout and the -J document).
class FanOutput : public Output {
public:
    explicit FanOutput(std::vector<std::unique_ptr<Output>> outputs)
        : m_outputs(std::move(outputs))
    {
    }
    void hello(const HelloRecord& h, const Options& o) override;
    void progress(const ProgressRecord& p) override;
    void row(const Row& r) override;
    void overlap(const OverlapRecord& o) override;
    void error(const ErrorRecord& e) override;
    void done(const DoneRecord& d) override;
    bool failed() const override;

private:
    std::vector<std::unique_ptr<Output>> m_outputs;
};

/// nccl-tests' number format for a column of `width` characters (getFloatStr in src/util.cu): two decimals
/// while they fit, then one, then none, then exponent notation.
std::string formatColumn(double value, int width);

/// The count column nccl-tests prints: the elements each rank passes to the call, S / type size / ranks for
/// ReduceScatter, AllGather and AllToAll (whose S is the whole array), else S / type size.
std::int64_t countColumn(const MeasurementRecord& m);

/// nccl-tests' program name for an op name of the protocol: "allreduce" → "all_reduce_perf".
std::string programName(const std::string& op);

/// GPUs driven by rank 0's process (nccl-tests' nGpus): the devices sharing its host and pid; 1 without pids.
int gpusPerProcess(const HelloRecord& hello);

/// The table's "#  Rank …" line of one device, without the newline. CPU ranks (no PCI address) print device -1
/// and [0000:00:00] so that nccl-tests' own parser (sscanf in src/util.cu) still reads the line.
std::string rankLine(const DeviceInfo& device);

} // namespace tutor::live
