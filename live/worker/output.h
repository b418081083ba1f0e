// SPDX-License-Identifier: MIT
#pragma once
// Where the worker's results go: an nccl-tests style table or JSON Lines, on rank 0's stdout only.
// Thread-safe: the watchdog thread may write an error record while the main thread is blocked.
#include "live/protocol/protocol.h"

#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>

namespace tutor::live {

struct Options;

class Output {
public:
    virtual ~Output() = default;
    virtual void hello(const HelloRecord& hello, const Options& options) = 0;
    virtual void progress(const ProgressRecord& progress) = 0;
    /// One size: the out-of-place row and, when run, the in-place row.
    virtual void row(const MeasurementRecord& outOfPlace, const std::optional<MeasurementRecord>& inPlace) = 0;
    virtual void overlap(const OverlapRecord& overlap) = 0;
    virtual void error(const ErrorRecord& error) = 0;
    virtual void done(const DoneRecord& done) = 0;
};

/// JSON Lines, one record per line, flushed per record so a reader sees progress live.
class JsonLinesOutput : public Output {
public:
    explicit JsonLinesOutput(std::FILE* out, bool enabled)
        : m_out(out)
        , m_enabled(enabled)
    {
    }
    void hello(const HelloRecord& hello, const Options& options) override;
    void progress(const ProgressRecord& progress) override;
    void row(const MeasurementRecord& outOfPlace, const std::optional<MeasurementRecord>& inPlace) override;
    void overlap(const OverlapRecord& overlap) override;
    void error(const ErrorRecord& error) override;
    void done(const DoneRecord& done) override;

private:
    void write(const Record& record, bool always = false);
    std::FILE* m_out;
    bool m_enabled;
    std::mutex m_mutex;
};

/// nccl-tests' table: header with the devices, one row per size (out-of-place then in-place columns),
/// "# Out of bounds values" and "# Avg bus bandwidth" footer. Errors go to the same stream as "# error:" lines.
class TableOutput : public Output {
public:
    explicit TableOutput(std::FILE* out, bool enabled)
        : m_out(out)
        , m_enabled(enabled)
    {
    }
    void hello(const HelloRecord& hello, const Options& options) override;
    void progress(const ProgressRecord&) override { }
    void row(const MeasurementRecord& outOfPlace, const std::optional<MeasurementRecord>& inPlace) override;
    void overlap(const OverlapRecord& overlap) override;
    void error(const ErrorRecord& error) override;
    void done(const DoneRecord& done) override;

private:
    std::FILE* m_out;
    bool m_enabled;
    std::mutex m_mutex;
};

/// nccl-tests' number format for a column of `width` characters (getFloatStr in src/util.cu): two decimals
/// while they fit, then one, then none, then exponent notation.
std::string formatColumn(double value, int width);

} // namespace tutor::live
