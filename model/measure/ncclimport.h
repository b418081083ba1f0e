// SPDX-License-Identifier: MIT
#pragma once
// nccl-tests results as Measurements: the text table its binaries print and the `-J file` JSON document.
#include "model/measure/measurement.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::model {

/// What a nccl-tests log may not say by itself. Used only when the file lacks it.
struct ImportHints {
    std::optional<Collective> op; ///< else from "# Collective test starting: all_reduce_perf" or the file name
    std::optional<int> ranks; ///< else the number of "#  Rank" device lines
};

/// Parses nccl-tests' text output (`all_reduce_perf -b 8 -e 1G -f 2`): every data row gives an out-of-place and
/// an in-place Measurement. Lines prefixed by a launcher ("0: ") and interleaved NCCL INFO lines are skipped.
/// `fileName` is used for `where` ("log.txt:17") and as the source.
Result<std::vector<Measurement>> parseNcclTestsLog(
    std::string_view text, const std::string& fileName, const ImportHints& hints = {});

/// Parses nccl-tests' `-J file` JSON (version 1: "config", "results" with "out_of_place"/"in_place").
Result<std::vector<Measurement>> parseNcclTestsJson(
    std::string_view text, const std::string& fileName, const ImportHints& hints = {});

/// Reads a file and picks the JSON or text parser by its first non-blank character.
Result<std::vector<Measurement>> importNcclTests(const std::string& path, const ImportHints& hints = {});

} // namespace tutor::model
