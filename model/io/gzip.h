// SPDX-License-Identifier: MIT
#pragma once
// gzip-compressed files as people keep profiler traces (".json.gz"): recognised by their magic bytes and
// inflated with zlib, with a bound on the inflated size so that a small hostile file cannot fill the memory.
#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

namespace tutor::io {

/// True when data starts with gzip's magic bytes 1f 8b.
bool isGzip(std::string_view data);

struct InflateFailure {
    std::string rule; ///< "is not valid gzip data: …", "inflates to more than 1024 MiB"
};

/// The inflated bytes of one or more concatenated gzip members; fails past maxBytes of output.
std::variant<std::string, InflateFailure> gunzip(std::string_view data, std::size_t maxBytes);

} // namespace tutor::io
