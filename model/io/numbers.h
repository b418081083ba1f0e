// SPDX-License-Identifier: MIT
#pragma once
// Numeric conversions that check the range before the cast: a double outside the target type's range (or
// NaN, or with a fraction where an integer is wanted) is refused instead of being undefined behaviour.
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>

namespace tutor::io {

/// value as Int when it is finite, whole and inside Int's range.
template <std::integral Int> std::optional<Int> wholeAs(double value)
{
    if (!std::isfinite(value) || value != std::trunc(value))
        return std::nullopt;
    // Both bounds are exact in double: min() is -2^k (or 0) and max() + 1 is 2^k; the upper one is exclusive.
    constexpr double lower = static_cast<double>(std::numeric_limits<Int>::min());
    constexpr double upper = 2.0 * static_cast<double>(std::numeric_limits<Int>::max() / 2 + 1);
    if (value < lower || value >= upper)
        return std::nullopt;
    return static_cast<Int>(value);
}

/// A JSON number as Int when it is an integer (or a whole double) inside Int's range; never throws.
template <std::integral Int> std::optional<Int> integerAs(const nlohmann::json& value)
{
    if (value.is_number_unsigned()) {
        const auto v = value.get<std::uint64_t>();
        if (v > static_cast<std::uint64_t>(std::numeric_limits<Int>::max()))
            return std::nullopt;
        return static_cast<Int>(v);
    }
    if (value.is_number_integer()) {
        const auto v = value.get<std::int64_t>();
        if constexpr (std::is_signed_v<Int>) {
            if (v < static_cast<std::int64_t>(std::numeric_limits<Int>::min())
                || v > static_cast<std::int64_t>(std::numeric_limits<Int>::max()))
                return std::nullopt;
        } else {
            if (v < 0 || static_cast<std::uint64_t>(v) > std::numeric_limits<Int>::max())
                return std::nullopt;
        }
        return static_cast<Int>(v);
    }
    if (value.is_number_float())
        return wholeAs<Int>(value.get<double>());
    return std::nullopt;
}

/// A JSON number as a finite double; never throws.
inline std::optional<double> finiteNumber(const nlohmann::json& value)
{
    if (!value.is_number())
        return std::nullopt;
    const double v = value.get<double>();
    if (!std::isfinite(v))
        return std::nullopt;
    return v;
}

} // namespace tutor::io
