// SPDX-License-Identifier: MIT
#pragma once
// The live lab protocol: commtutor-live writes one JSON object per line on stdout (JSON Lines), the app reads
// them. Every record carries "type" and "protocol": 1. Standard library + nlohmann_json only, so the worker
// and the app share this file and nothing else.
//
//   {"type":"hello","protocol":1,"backend":"mpi","versions":{...},"ranks":2,"hosts":["a"],"devices":[...]}
//   {"type":"progress","protocol":1,"op":"allreduce","bytes":1024,"index":3,"total":20,"in_place":false}
//   {"type":"measurement","protocol":1,"op":"allreduce","bytes":1024,"count":256,"dtype":"float",...}
//   {"type":"overlap","protocol":1,...}
//   {"type":"error","protocol":1,"call":"ncclAllReduce","message":"unhandled cuda error","code":4}
//   {"type":"done","protocol":1,"exit_code":0,...}
//
// Records of an unknown type parse to UnknownRecord (skipped by readers, so newer workers stay readable);
// a different "protocol" number is a VersionMismatch error.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tutor::live {

inline constexpr int kProtocolVersion = 1;

/// The worker's exit codes; `error` records carry the one the worker will exit with in "code".
enum class ExitCode : int {
    Ok = 0,
    Usage = 1, ///< a bad flag or value
    NotBuilt = 2, ///< the backend was not compiled in
    NoDevice = 3, ///< no CUDA device, or fewer GPUs than asked
    LibraryError = 4, ///< a CUDA, NCCL or MPI call failed
    WrongResults = 5, ///< the correctness check found wrong elements
    Timeout = 6, ///< the watchdog aborted a collective that made no progress for --timeout-s
    RankMismatch = 7, ///< ranks disagree (sizes, counts) or the rank count does not suit the collective
    OutOfMemory = 8, ///< the buffers do not fit in memory, or allocating them failed
    Internal = 9, ///< an unexpected exception in the worker
    OutputFailed = 10, ///< the run ended but a file it writes (-J) could not be written
};

struct DeviceInfo {
    int rank = 0;
    std::string host;
    int device = -1; ///< CUDA device ordinal, -1 for CPU ranks
    std::string name; ///< "NVIDIA H100 80GB HBM3" or "cpu"
    int pid = 0; ///< the rank's process id; 0 when unknown
    std::string busId; ///< PCI "0000:1b:00" as nccl-tests prints it; empty for CPU ranks
    bool operator==(const DeviceInfo&) const = default;
};

struct HelloRecord {
    std::string backend; ///< "mpi" or "nccl"
    std::map<std::string, std::string> versions; ///< "commtutor-live", "mpi", "nccl", "cuda" → version text
    int ranks = 0;
    std::vector<std::string> hosts; ///< distinct host names, rank order of first appearance
    std::vector<DeviceInfo> devices; ///< one per rank
    std::string op; ///< the collective of this run ("allreduce")
    std::string dtype; ///< nccl-tests name ("float")
    int iterations = 0;
    int warmup = 0;
    int sizes = 0; ///< sizes in the sweep
    bool operator==(const HelloRecord&) const = default;
};

struct ProgressRecord {
    std::string op;
    std::int64_t bytes = 0;
    int index = 0; ///< 0-based position in the sweep
    int total = 0; ///< sizes in the sweep
    bool inPlace = false;
    bool operator==(const ProgressRecord&) const = default;
};

/// One timed size, nccl-tests conventions: bytes is S, algbw = S/t, busbw = algbw·factor(op, ranks).
/// timeUs is the mean per iteration of the slowest rank; min/median/p99 are over per-iteration times, each the
/// maximum across ranks.
struct MeasurementRecord {
    std::string op;
    std::int64_t bytes = 0;
    std::int64_t count = 0; ///< elements in S
    std::string dtype;
    int ranks = 0;
    int root = -1; ///< -1 for collectives without a root
    std::string redop; ///< nccl-tests' redop column: "sum", "prod", ...; "none" when the op does not reduce
    bool inPlace = false;
    double timeUs = 0; ///< combined across ranks as the worker's -a says (the app asks for 3, the slowest)
    double algBwGBps = 0;
    double busBwGBps = 0;
    std::int64_t wrong = 0; ///< elements that differ from the definition, summed over ranks; -1 not checked
    double minUs = 0;
    double medianUs = 0;
    double p99Us = 0;
    int iterations = 0;
    bool operator==(const MeasurementRecord&) const = default;
};

/// The overlap experiment: compute alone, the collective alone, both together.
/// OSU: overlap% = max(0, 100 − 100·(overall − (compute − test)) / comm) (OSU micro-benchmarks, non-blocking
/// collectives). HTA: overlap% = 100·|compute ∩ comm| / |comm| (HolisticTraceAnalysis).
struct OverlapRecord {
    std::string op;
    std::int64_t bytes = 0;
    int ranks = 0;
    int iterations = 0;
    double computeAloneUs = 0;
    double commAloneUs = 0;
    double computeTogetherUs = 0; ///< compute span when run beside the collective
    double commTogetherUs = 0; ///< collective span when run beside the compute
    double overallUs = 0; ///< start of both to end of both
    double testUs = 0; ///< time spent in progress calls (MPI_Test) during the compute; 0 on GPUs
    double osuOverlapPct = 0;
    double htaOverlapPct = 0;
    double computeSlowdown = 1; ///< computeTogether / computeAlone
    double commSlowdown = 1; ///< commTogether / commAlone
    bool operator==(const OverlapRecord&) const = default;
};

struct ErrorRecord {
    std::string call; ///< the library call or stage that failed: "ncclAllReduce", "cudaGetDeviceCount", "args"
    std::string message; ///< the library's message, or ours
    int code = 0; ///< the ExitCode the worker exits with
    int rank = -1; ///< the rank that saw it, -1 when not rank-specific
    bool operator==(const ErrorRecord&) const = default;
};

struct DoneRecord {
    int exitCode = 0;
    int measurements = 0;
    std::int64_t wrong = 0;
    double avgBusBwGBps = 0; ///< nccl-tests' "# Avg bus bandwidth": mean busbw over all rows
    bool operator==(const DoneRecord&) const = default;
};

/// A record whose type this reader does not know; kept so a reader can say what it skipped.
struct UnknownRecord {
    std::string type;
    bool operator==(const UnknownRecord&) const = default;
};

using Record = std::variant<HelloRecord, ProgressRecord, MeasurementRecord, OverlapRecord, ErrorRecord, DoneRecord,
    UnknownRecord>;

/// The "type" string of a record ("hello", "measurement", ...).
std::string_view typeName(const Record& record);

/// One line of JSON, no trailing newline. Non-finite numbers are written as 0 (never NaN).
std::string encode(const Record& record);

struct ParseError {
    enum class Kind {
        Malformed, ///< not JSON (garbage on stdout, a crash mid-line)
        NotAnObject, ///< JSON, but not an object
        MissingField, ///< a required key is absent ("type", "protocol", or a record's own field)
        BadField, ///< a key has the wrong JSON type or an impossible value
        VersionMismatch, ///< "protocol" is not kProtocolVersion
        Truncated, ///< the stream ended in the middle of a line
        TooLong, ///< a line longer than LineBuffer::kMaxLineBytes
    };
    Kind kind = Kind::Malformed;
    std::string message; ///< names the field and the value: "measurement.bytes = -3: must be ≥ 1"
    bool operator==(const ParseError&) const = default;
};

/// Either a record or why the line is not one.
struct ParseResult {
    std::optional<Record> record;
    std::optional<ParseError> error;
    bool ok() const { return record.has_value(); }
};

/// Parses one line (without its newline). Whitespace-only lines are Malformed with message "empty line".
ParseResult parseLine(std::string_view line);

/// Splits a byte stream into lines as it arrives, keeping a partial last line for the next chunk.
class LineBuffer {
public:
    static constexpr std::size_t kMaxLineBytes = 1 << 20;

    /// A buffer that cuts lines at maxLineBytes (the protocol's limit unless a test wants a smaller one).
    explicit LineBuffer(std::size_t maxLineBytes = kMaxLineBytes)
        : m_maxLineBytes(maxLineBytes == 0 ? 1 : maxLineBytes)
    {
    }
    std::size_t maxLineBytes() const { return m_maxLineBytes; }

    /// Appends bytes; returns the complete lines now available (without '\n', a trailing '\r' removed).
    /// A line longer than maxLineBytes() is returned cut to that length, and tooLongLines() counts it.
    std::vector<std::string> feed(std::string_view bytes);
    /// At end of stream: the unterminated tail (empty when the stream ended on a newline). Clears it.
    std::string takeRemainder();
    bool hasPartialLine() const { return !m_partial.empty(); }
    int tooLongLines() const { return m_tooLong; }

private:
    std::size_t m_maxLineBytes;
    std::string m_partial;
    bool m_cut = false; ///< m_partial reached m_maxLineBytes; the rest of its line is dropped (a flag, not a marker
                        ///< byte, so a NUL in the stream stays data)
    int m_tooLong = 0;
};

} // namespace tutor::live
