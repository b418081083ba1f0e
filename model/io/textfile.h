// SPDX-License-Identifier: MIT
#pragma once
// Reading a whole text file that a person chose: only regular files (not /dev/zero, a FIFO or a folder), at
// most maxBytes, with the reason named when it cannot be read.
#include <cstddef>
#include <string>
#include <variant>

namespace tutor::io {

constexpr std::size_t kMaxTextFileBytes = std::size_t { 256 } << 20;

struct ReadFailure {
    std::string rule; ///< e.g. "is not a regular file", "is 300 MiB; at most 256 MiB is read", "cannot be read: …"
};

using TextRead = std::variant<std::string, ReadFailure>;

TextRead readTextFile(const std::string& path, std::size_t maxBytes = kMaxTextFileBytes);

} // namespace tutor::io
