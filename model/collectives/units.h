// SPDX-License-Identifier: MIT
#pragma once
// Units used across the model. Bytes are exact integers; times are seconds as double;
// bandwidth is GB/s = 1e9 bytes per second, unidirectional per rank, as nccl-tests reports it.
// clang-format off
// <cstddef> first: Qt 6.4's moc cannot parse <compare> before libstdc++'s configuration macros are defined,
// and test files that include model headers ahead of Qt headers are run through moc.
#include <cstddef>
#include <compare>
// clang-format on
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::model {

using Bytes = std::int64_t;
using Seconds = double;

inline constexpr Bytes KiB = 1024;
inline constexpr Bytes MiB = 1024 * KiB;
inline constexpr Bytes GiB = 1024 * MiB;
inline constexpr double kBytesPerGB = 1e9; // GB/s in nccl-tests and vendor sheets is decimal
inline constexpr double kMicro = 1e-6;

/// Largest message the model accepts: 1 TiB. Beyond it results stop meaning anything for a tutor.
inline constexpr Bytes kMaxMessageBytes = Bytes { 1 } << 40;

/// A typed integer id, so a rank cannot be passed where a chunk or node is expected.
template <class Tag> struct Id {
    int value = 0;
    constexpr auto operator<=>(const Id&) const = default;
};
using RankId = Id<struct RankTag>;
using NodeId = Id<struct NodeTag>;
using ChunkId = Id<struct ChunkTag>;

/// Element types of a collective's buffer, with nccl-tests' short names (`float`, `bfloat16`, ...).
enum class DType { Int8, Uint8, Int32, Uint32, Int64, Uint64, Fp8E4M3, Fp8E5M2, Fp16, Bf16, Fp32, Fp64 };

/// Bytes per element: 1 for int8/fp8, 2 for fp16/bf16, 4 for int32/fp32, 8 for int64/fp64.
int sizeOf(DType type);
/// nccl-tests' name of the type (`int8`, `half`, `bfloat16`, `float`, `double`, ...).
std::string_view name(DType type);
/// Accepts nccl-tests' names and the common aliases (`fp16`, `bf16`, `fp32`, `f32`); nullopt if unknown.
std::optional<DType> parseDType(std::string_view text);

/// "1.50 GiB", "512 B": binary prefixes for sizes a user set in powers of two.
std::string formatBytes(Bytes bytes);
/// "12.3 µs", "4.56 ms", "1.20 s".
std::string formatSeconds(Seconds seconds);
/// A number for an error message, printf "%g" (1e-320, 8e+17, nan, inf).
std::string formatNumber(double value);
/// "a", "a and b", "a, b and c": items joined by `separator`, the last two by `last` (a language's ", " and " and ").
std::string joinList(
    const std::vector<std::string_view>& items, std::string_view separator = ", ", std::string_view last = " and ");
/// Parses "8", "64K", "8M", "1G", "25MiB", "1.5GB" (K/M/G = 2^10/2^20/2^30 as in nccl-tests; kB/MB/GB decimal).
std::optional<Bytes> parseBytes(std::string_view text);

} // namespace tutor::model
