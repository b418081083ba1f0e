// SPDX-License-Identifier: MIT
#pragma once
// Figures that lesson text quotes, computed from the scene, and the `{{…}}` templates that quote them.
// Every figure carries its unit, so text and picture agree and units are never implicit.
//
// Vocabulary (lessons/README.md lists every key):
//   scene.*      the collective scene's parameters (scene.ranks, scene.bytes, scene.dtype_bytes, ...)
//   cost.*       the scene's collective as the cost model predicts it (cost.time, cost.busbw_GBps, ...)
//   <op>.*       the same size and topology for every other primitive (allreduce.time, alltoall.busbw_GBps)
//   ring.<op>.*  the same, forced to the ring algorithm
//   volume.*     closed-form bytes each rank sends (volume.allreduce = 2(N−1)/N·S)
//   link.*       the scene's links (link.intra_GBps, link.inter_alpha, ...)
//   hw.<preset>.* every preset's figures (hw.hgx-h100.peak_TFLOPs, hw.dgx-a100.nic_Gbps, ...)
//   metrics.*    a scenario scene's step metrics (metrics.step_time, metrics.exposed_comm_fraction, ...)
//   scenario.*   any numeric field of a scenario scene's JSON (scenario.comm.bucket_MiB)
// `{{a / b}}` quotes the ratio of two figures as "3.17×".
#include "model/collectives/units.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::model {

/// The unit of a figure's value: seconds, bytes, GB/s (1e9 B/s per direction), Gb/s (1e9 bit/s),
/// fraction (0..1, shown as %), plain count, ratio (shown with ×), FLOP/s, or text.
enum class FigureUnit { Seconds, Bytes, GBps, Gbps, Fraction, Count, Ratio, FlopsPerSecond, Text };

struct Figure {
    double value = 0; ///< in the unit's base: s, B, GB/s, Gb/s, 0..1, count, ratio, FLOP/s
    FigureUnit unit = FigureUnit::Count;
    std::string text; ///< formatted with its unit: "1.23 ms", "256 MiB (268 MB)", "12.5 %", "3.17×"
    bool operator==(const Figure&) const = default;
};

using Figures = std::map<std::string, Figure, std::less<>>;

/// Formats a value with three significant digits and its unit (see FigureUnit).
std::string formatFigure(double value, FigureUnit unit);
Figure makeFigure(double value, FigureUnit unit);
Figure textFigure(std::string text);

/// Figures of every hardware preset, independent of any scene: hw.<id>.peak_TFLOPs, memory, nvlink_GBps
/// (intra line rate per direction), nvlink_both_GBps (both directions added, as spec sheets do), nic_Gbps and nic_GBps
/// (one NIC's line rate), net_per_gpu_GBps, intra_alpha, inter_alpha, intra_bw_GBps, inter_bw_GBps (achievable), gpus,
/// nics.
Figures hardwareFigures();

struct ResolvedText {
    std::string text; ///< the input with every resolvable template replaced
    std::vector<std::string> unresolved; ///< keys (or expressions) that did not resolve
};

/// Replaces each `{{key}}` by figures[key].text and each `{{a / b}}` by the ratio a.value / b.value.
/// Unknown keys are left in place as `{{key}}` and listed in `unresolved`; a ratio with a zero or
/// non-finite divisor is unresolved too (no NaN or inf is ever printed).
ResolvedText resolveTemplate(std::string_view text, const Figures& figures);
/// The keys or expressions inside `{{…}}`, in order of appearance.
std::vector<std::string> templateKeys(std::string_view text);

} // namespace tutor::model
