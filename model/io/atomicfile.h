// SPDX-License-Identifier: MIT
#pragma once
// Crash-safe writing of a whole file: the bytes go to a temporary file in the target's folder, every write,
// the flush and fsync (of the file, then of the folder) are checked, and only then is the temporary renamed
// over the target. A full disk, a read-only folder or a crash mid-write leaves the old file byte for byte.
#include <optional>
#include <string>
#include <string_view>

namespace tutor::io {

struct WriteFailure {
    enum class Outcome {
        OldFileKept, ///< the target is as it was before the call (or still absent)
        NotDurable, ///< the new bytes are in place but the folder could not be synced, so a power cut may lose them
    };
    std::string path; ///< the target, as the caller named it
    std::string reason; ///< the system's words, e.g. "No space left on device"
    Outcome outcome = Outcome::OldFileKept;
    bool hadOldFile = true; ///< whether a file was there before the call

    /// "trace_rank3.json: cannot be written: No space left on device (the old file is kept)"; "(no file was
    /// created)" when there was none.
    std::string text() const;
    /// text() without the leading "path: ".
    std::string rule() const;
    bool operator==(const WriteFailure&) const = default;
};

/// Replaces the file at `path` by `bytes`, or returns why not with the old file (if any) unchanged.
///
/// A symbolic link is followed (its target is replaced, the link stays). An existing file keeps its permission
/// bits; a new one gets 0666 less the umask. An existing target that is not a regular file (a terminal,
/// /dev/null, a FIFO) cannot be replaced, so it is written in place, still with every write checked. A folder
/// is refused. No temporary file is left behind on failure.
std::optional<WriteFailure> writeFileAtomically(const std::string& path, std::string_view bytes);

} // namespace tutor::io
