// SPDX-License-Identifier: MIT
#include "model/collectives/units.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace tutor::model {

namespace {
struct DTypeInfo {
    DType type;
    int size;
    std::string_view name;
};
constexpr std::array kDTypes {
    DTypeInfo { DType::Int8, 1, "int8" },
    DTypeInfo { DType::Uint8, 1, "uint8" },
    DTypeInfo { DType::Int32, 4, "int32" },
    DTypeInfo { DType::Uint32, 4, "uint32" },
    DTypeInfo { DType::Int64, 8, "int64" },
    DTypeInfo { DType::Uint64, 8, "uint64" },
    DTypeInfo { DType::Fp8E4M3, 1, "f8e4m3" },
    DTypeInfo { DType::Fp8E5M2, 1, "f8e5m2" },
    DTypeInfo { DType::Fp16, 2, "half" },
    DTypeInfo { DType::Bf16, 2, "bfloat16" },
    DTypeInfo { DType::Fp32, 4, "float" },
    DTypeInfo { DType::Fp64, 8, "double" },
};

std::string lower(std::string_view s)
{
    std::string out(s);
    for (auto& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}
} // namespace

int sizeOf(DType type)
{
    for (const auto& d : kDTypes)
        if (d.type == type)
            return d.size;
    return 0;
}

std::string_view name(DType type)
{
    for (const auto& d : kDTypes)
        if (d.type == type)
            return d.name;
    return "?";
}

std::optional<DType> parseDType(std::string_view text)
{
    const auto t = lower(text);
    for (const auto& d : kDTypes)
        if (t == d.name)
            return d.type;
    struct Alias {
        std::string_view alias;
        DType type;
    };
    static constexpr std::array kAliases {
        Alias { "fp16", DType::Fp16 },
        Alias { "f16", DType::Fp16 },
        Alias { "float16", DType::Fp16 },
        Alias { "bf16", DType::Bf16 },
        Alias { "fp32", DType::Fp32 },
        Alias { "f32", DType::Fp32 },
        Alias { "float32", DType::Fp32 },
        Alias { "fp64", DType::Fp64 },
        Alias { "f64", DType::Fp64 },
        Alias { "float64", DType::Fp64 },
        Alias { "fp8", DType::Fp8E4M3 },
        Alias { "e4m3", DType::Fp8E4M3 },
        Alias { "e5m2", DType::Fp8E5M2 },
        Alias { "int", DType::Int32 },
        Alias { "char", DType::Int8 },
    };
    for (const auto& a : kAliases)
        if (t == a.alias)
            return a.type;
    return std::nullopt;
}

std::string formatBytes(Bytes bytes)
{
    static constexpr std::array kUnits { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
    double v = static_cast<double>(bytes);
    std::size_t u = 0;
    while (std::fabs(v) >= 1024.0 && u + 1 < kUnits.size()) {
        v /= 1024.0;
        ++u;
    }
    char buf[64];
    if (u == 0)
        std::snprintf(buf, sizeof buf, "%lld B", static_cast<long long>(bytes));
    else
        std::snprintf(buf, sizeof buf, v == std::floor(v) ? "%.0f %s" : "%.2f %s", v, kUnits[u]);
    return buf;
}

std::string formatNumber(double value)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", value);
    return buffer;
}

std::string joinList(const std::vector<std::string_view>& items, std::string_view separator, std::string_view last)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out.append(i == 0 ? std::string_view {} : i + 1 == items.size() ? last : separator).append(items[i]);
    return out;
}

std::string formatSeconds(Seconds seconds)
{
    char buf[64];
    const double a = std::fabs(seconds);
    if (!std::isfinite(seconds))
        return "—";
    if (a < 1e-3)
        std::snprintf(buf, sizeof buf, "%.3g µs", seconds * 1e6);
    else if (a < 1.0)
        std::snprintf(buf, sizeof buf, "%.3g ms", seconds * 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.3g s", seconds);
    return buf;
}

std::optional<Bytes> parseBytes(std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    double number = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec != std::errc {} || !std::isfinite(number) || number < 0)
        return std::nullopt;
    auto suffix = lower(std::string_view(end, text.data() + text.size() - end));
    while (!suffix.empty() && suffix.front() == ' ')
        suffix.erase(0, 1);
    double scale = 1;
    if (suffix.empty() || suffix == "b")
        scale = 1;
    else if (suffix == "k" || suffix == "kib")
        scale = 1024.0;
    else if (suffix == "m" || suffix == "mib")
        scale = 1024.0 * 1024;
    else if (suffix == "g" || suffix == "gib")
        scale = 1024.0 * 1024 * 1024;
    else if (suffix == "t" || suffix == "tib")
        scale = 1024.0 * 1024 * 1024 * 1024;
    else if (suffix == "kb")
        scale = 1e3;
    else if (suffix == "mb")
        scale = 1e6;
    else if (suffix == "gb")
        scale = 1e9;
    else if (suffix == "tb")
        scale = 1e12;
    else
        return std::nullopt;
    const double bytes = number * scale;
    if (bytes > 9.2e18)
        return std::nullopt;
    return static_cast<Bytes>(std::llround(bytes));
}

} // namespace tutor::model
