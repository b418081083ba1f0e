// SPDX-License-Identifier: MIT
#pragma once
// The cost model against public nccl-tests results (tests/data/validation/nccl-tests.json): the set as value
// types, the preset each run is predicted on, a deterministic fit / held-out split, and per-row and summary
// errors of model::predict (Auto algorithm and protocol). Accuracy is reported here, never enforced.
#include "model/collectives/algorithm.h"
#include "model/collectives/collective.h"
#include "model/collectives/problem.h"
#include "model/collectives/units.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::model {

struct Topology;

/// One message size of one run, as nccl-tests printed it. `bytes` is nccl-tests' size column, which is the
/// model's CollectiveRequest::bytes for every collective (the whole array for AllGather, ReduceScatter and
/// AllToAll, as ncclimport.h reads it). Times in µs, bandwidths in GB/s (1e9 B/s).
struct ValidationRow {
    Bytes bytes = 0;
    double timeUs = 0; ///< out-of-place time; > 0
    double algBwGBps = 0; ///< out-of-place, two decimals as printed (0.00 for small sizes)
    double busBwGBps = 0; ///< out-of-place, two decimals as printed
    std::optional<double> inPlaceTimeUs;
    std::optional<double> inPlaceBusBwGBps;
    /// What NCCL chose for this size when the log prints it (NCCL_DEBUG_SUBSYS=TUNING): "ring/LL128", "nvls/Simple".
    std::optional<std::string> ncclAlgo;
    bool operator==(const ValidationRow&) const = default;
};

/// One nccl-tests run: one collective on one machine, several sizes.
struct ValidationRun {
    std::string id; ///< unique in the set, e.g. "h100-ib-cluster-1x8-allreduce"
    std::string source; ///< URL of the file at a fixed commit
    std::string machine; ///< free text describing the machine
    std::string presetHint; ///< "hgx-h100", "pcie-nop2p", "other", ...; see presetForHint()
    int nodes = 1;
    int gpusPerNode = 1;
    Collective op = Collective::AllReduce;
    DType dtype = DType::Fp32;
    std::optional<std::string> ncclVersion; ///< "2.29.2"; nullopt when the log does not print it
    /// The algorithm (and protocol) the run forced with NCCL_ALGO / NCCL_PROTO ("ring", "nvls/Simple"): the rows
    /// are predicted with it instead of auto. nullopt when NCCL chose.
    std::optional<std::string> ncclAlgo;
    std::string notes;
    std::vector<ValidationRow> rows; ///< at least one
    int ranks() const { return nodes * gpusPerNode; }
    bool operator==(const ValidationRun&) const = default;
};

struct ValidationSet {
    std::string path; ///< the file it was read from (empty when parsed from text without a name)
    std::string description;
    std::vector<ValidationRun> runs; ///< in file order
    bool operator==(const ValidationSet&) const = default;
};

/// An algorithm with an optional protocol, as nccl_algo writes it: "ring", "ring/LL128", "nvls/Simple".
struct AlgorithmChoice {
    Algorithm algorithm = Algorithm::Ring;
    Protocol protocol = Protocol::Auto;
};
/// nullopt for an unknown algorithm or protocol, or "auto".
std::optional<AlgorithmChoice> parseAlgorithmChoice(std::string_view text);

/// Parses the validation JSON: {"description": …, "runs": [{id, source, machine, preset_hint, nodes,
/// gpus_per_node, collective, dtype, nccl_version, nccl_algo, rows: [{bytes, time_us, algbw, busbw,
/// inplace_time_us?, inplace_busbw?}]}]}. Every problem names `fileName` (with the line for JSON syntax errors),
/// the field as a path ("runs[3].rows[2].time_us"), the value and the rule. Rules: ids unique and non-empty;
/// nodes, gpus_per_node ≥ 1 with a product ≤ 1,048,576 (and total_ranks, when given, equal to it);
/// collective and dtype known; nccl_version and nccl_algo a string or null; rows non-empty; bytes an integer
/// ≥ 1; time_us a number > 0; algbw, busbw and the optional in-place values numbers ≥ 0.
Result<ValidationSet> parseValidationSet(std::string_view text, const std::string& fileName);
/// Reads `path` and parses it; a file that cannot be read is a problem naming the path.
Result<ValidationSet> loadValidationSet(const std::string& path);

/// The preset a run's hint is predicted on: the data set's cloud names (p5-efa, p4d-efa, gcp-a3, a800, h800) map
/// to their preset ids; any other hint is looked up as a preset id (findPreset), so presets added later are
/// picked up. nullopt: no preset fits, and the run is reported as unmapped.
struct PresetChoice {
    std::optional<std::string> presetId;
    std::string note; ///< why an approximation was made or why there is no preset; empty for an exact match
    bool operator==(const PresetChoice&) const = default;
};
PresetChoice presetForHint(std::string_view hint);

/// The split. A run is held out when the FNV-1a 64-bit hash of the bytes of its id is odd, and belongs to the
/// fit part otherwise: stable across machines, file orders and added runs, and independent of the results.
enum class Split { Fit, HeldOut, All };
std::string_view name(Split split); ///< "fit", "held-out", "all"
std::uint64_t fnv1a64(std::string_view text); ///< offset basis 0xcbf29ce484222325, prime 0x100000001b3
bool isHeldOut(const ValidationRun& run);
bool inSplit(const ValidationRun& run, Split split);

/// Size bands, each with the quantity it compares: below 64 KiB and up to 1 MiB the time (latency dominates),
/// from 1 MiB the bus bandwidth (bandwidth dominates). Boundaries are inclusive below: 64 KiB is in the second
/// band, 1 MiB in the third, 64 MiB in the fourth.
enum class SizeBand { Below64K, From64KTo1M, From1MTo64M, From64M };
std::string_view name(SizeBand band); ///< "< 64 KiB", "64 KiB – 1 MiB", "1 – 64 MiB", "≥ 64 MiB"
SizeBand bandOf(Bytes bytes);
bool comparesTime(SizeBand band); ///< true for the two bands below 1 MiB; false: bus bandwidth
constexpr SizeBand kSizeBands[]
    = { SizeBand::Below64K, SizeBand::From64KTo1M, SizeBand::From1MTo64M, SizeBand::From64M };

/// A short machine name for grouping: `machine` up to the first ':', '(', ';' or ',', trimmed
/// ("AWS p5.48xlarge: 8x …" → "AWS p5.48xlarge"); the whole text when none occurs.
std::string machineLabel(std::string_view machine);

/// One measured row beside the model. Errors are relative: predicted / measured − 1 (positive: the model
/// predicts a longer time, or a higher bus bandwidth, than was measured).
struct RowComparison {
    std::string runId;
    std::string machine; ///< machineLabel()
    std::string presetId;
    Collective op = Collective::AllReduce;
    int nodes = 1;
    int gpusPerNode = 1;
    Bytes bytes = 0;
    SizeBand band = SizeBand::Below64K;
    bool multiNode = false; ///< nodes > 1
    bool heldOut = false;
    double measuredUs = 0;
    double predictedUs = 0;
    /// The printed busbw; when it printed as 0.00 (small sizes), bytes / time · busBandwidthFactor instead.
    double measuredBusBwGBps = 0;
    double predictedBusBwGBps = 0;
    double timeError = 0;
    double busBwError = 0;
    Algorithm algorithm = Algorithm::Ring; ///< what auto chose (or the run's forced algorithm)
    Protocol protocol = Protocol::Simple;
    /// Whether auto chose the algorithm and protocol the row's nccl_algo records (NCCL's logged choice; an
    /// algorithm the model does not know disagrees); nullopt when the row records none or the run forced one.
    std::optional<bool> algorithmAgrees;
    /// The error of the quantity the band compares: timeError below 1 MiB, busBwError from 1 MiB.
    double error() const { return comparesTime(band) ? timeError : busBwError; }
    bool operator==(const RowComparison&) const = default;
};

/// Rows that were not compared: their hint has no preset, or the model rejected the run or a size.
struct SkippedRows {
    std::string runId;
    std::string machine; ///< machineLabel()
    std::string presetHint;
    int rows = 0;
    std::string reason;
    bool operator==(const SkippedRows&) const = default;
};

/// Statistics of relative errors. Medians of an even count are the mean of the two middle values; all zero
/// when there are no rows.
struct ErrorStats {
    int rows = 0;
    double medianAbs = 0; ///< median of |error|
    double worstAbs = 0; ///< largest |error|
    double signedMedian = 0; ///< median of error (its sign says which way the model leans)
    bool operator==(const ErrorStats&) const = default;
};
ErrorStats errorStats(std::vector<double> errors);

struct BandSummary {
    SizeBand band = SizeBand::Below64K;
    bool multiNode = false;
    ErrorStats stats; ///< over RowComparison::error()
    bool operator==(const BandSummary&) const = default;
};

struct MachineSummary {
    std::string machine; ///< machineLabel()
    std::vector<std::string> presets; ///< the presets its rows were predicted on, sorted
    int skippedRows = 0; ///< rows of this machine that were not compared
    ErrorStats stats; ///< over RowComparison::error(), all bands together
    bool operator==(const MachineSummary&) const = default;
};

struct ValidationReport {
    Split split = Split::All;
    int runs = 0; ///< runs of the split, compared or not
    std::vector<RowComparison> rows; ///< in file order, sizes ascending within a run as in the file
    std::vector<SkippedRows> skipped;
    std::vector<std::string> notes; ///< "hint → preset: note", once per hint that was approximated
    std::vector<BandSummary> bands; ///< every band × {single-node, multi-node}, in kSizeBands order, empty ones too
    /// Bus bandwidth from 1 MiB (the last two bands together), single-node then multi-node: the accuracy target's
    /// own band.
    std::array<ErrorStats, 2> fromOneMiB {};
    std::vector<MachineSummary> machines; ///< every machine of the split's runs, sorted by name, skipped ones too
    int algorithmCompared = 0; ///< rows whose run records nccl_algo
    int algorithmAgreed = 0;
    bool operator==(const ValidationReport&) const = default;
};

/// Predicts every out-of-place row of the split's runs with model::predict (Auto algorithm and protocol, the
/// run's dtype, buildTopology(preset, {nodes, gpus_per_node})) and summarises the errors. `edit`, when given, changes
/// each run's topology before its rows are predicted: a refit's trial figure, tried through the same path.
ValidationReport validateModel(
    const ValidationSet& set, Split split, const std::function<void(Topology&)>& edit = nullptr);

} // namespace tutor::model
