// SPDX-License-Identifier: MIT
#include "model/teach/lessontemplate.h"

#include "model/collectives/hardware.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace tutor::model {

namespace {
std::string sig3(double v)
{
    char buf[64];
    const double a = std::fabs(v);
    if (a != 0 && (a >= 1e6 || a < 1e-3))
        std::snprintf(buf, sizeof buf, "%.3g", v);
    else if (a >= 100 || v == std::floor(v))
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else if (a >= 10)
        std::snprintf(buf, sizeof buf, "%.1f", v);
    else if (a >= 1)
        std::snprintf(buf, sizeof buf, "%.2f", v);
    else
        std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

std::string decimalBytes(double bytes)
{
    const double a = std::fabs(bytes);
    if (a >= 1e12)
        return sig3(bytes / 1e12) + " TB";
    if (a >= 1e9)
        return sig3(bytes / 1e9) + " GB";
    if (a >= 1e6)
        return sig3(bytes / 1e6) + " MB";
    if (a >= 1e3)
        return sig3(bytes / 1e3) + " kB";
    return sig3(bytes) + " B";
}

std::string trim(std::string_view s)
{
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ')
        s.remove_suffix(1);
    return std::string(s);
}
} // namespace

std::string formatFigure(double value, FigureUnit unit)
{
    if (!std::isfinite(value))
        return "—";
    switch (unit) {
    case FigureUnit::Seconds:
        return formatSeconds(value);
    case FigureUnit::Bytes: {
        if (std::fabs(value) < 1024)
            return sig3(value) + " B";
        if (std::fabs(value) >= 0x1p62)
            return decimalBytes(value);
        return formatBytes(static_cast<Bytes>(std::llround(value))) + " (" + decimalBytes(value) + ")";
    }
    case FigureUnit::GBps:
        return sig3(value) + " GB/s";
    case FigureUnit::Gbps:
        return sig3(value) + " Gb/s";
    case FigureUnit::Fraction:
        return sig3(value * 100) + " %";
    case FigureUnit::Count:
        return sig3(value);
    case FigureUnit::Ratio:
        return sig3(value) + "×";
    case FigureUnit::FlopsPerSecond:
        if (std::fabs(value) >= 1e18)
            return sig3(value / 1e18) + " EFLOP/s";
        if (std::fabs(value) >= 1e15)
            return sig3(value / 1e15) + " PFLOP/s";
        return sig3(value / 1e12) + " TFLOP/s";
    case FigureUnit::Text:
        return {};
    }
    return {};
}

Figure makeFigure(double value, FigureUnit unit)
{
    return { value, unit, formatFigure(value, unit) };
}

Figure textFigure(std::string text)
{
    return { 0, FigureUnit::Text, std::move(text) };
}

Figures hardwareFigures()
{
    Figures f;
    for (const auto& p : presets()) {
        const auto k = "hw." + p.id + ".";
        f[k + "name"] = textFigure(p.name);
        f[k + "gpus"] = makeFigure(p.gpusPerNode, FigureUnit::Count);
        f[k + "nics"] = makeFigure(p.nicsPerNode, FigureUnit::Count);
        f[k + "peak_flops"] = makeFigure(p.peakFlops, FigureUnit::FlopsPerSecond);
        f[k + "peak_TFLOPs"] = makeFigure(p.peakFlops, FigureUnit::FlopsPerSecond);
        f[k + "memory"] = makeFigure(static_cast<double>(p.memoryBytes), FigureUnit::Bytes);
        f[k + "nvlink_GBps"] = makeFigure(p.intra.lineRateGBps, FigureUnit::GBps);
        f[k + "intra_line_GBps"] = makeFigure(p.intra.lineRateGBps, FigureUnit::GBps);
        f[k + "nvlink_both_GBps"] = makeFigure(2 * p.intra.lineRateGBps, FigureUnit::GBps); // as spec sheets add them
        f[k + "intra_bw_GBps"] = makeFigure(p.intra.bandwidthGBps, FigureUnit::GBps);
        f[k + "intra_alpha"] = makeFigure(p.intra.alphaSeconds, FigureUnit::Seconds);
        f[k + "nic_GBps"] = makeFigure(p.inter.lineRateGBps, FigureUnit::GBps);
        f[k + "nic_Gbps"] = makeFigure(p.inter.lineRateGBps * 8, FigureUnit::Gbps);
        f[k + "inter_bw_GBps"] = makeFigure(p.inter.bandwidthGBps, FigureUnit::GBps);
        f[k + "inter_alpha"] = makeFigure(p.inter.alphaSeconds, FigureUnit::Seconds);
        const double perGpu = p.inter.lineRateGBps * std::min(1.0, double(p.nicsPerNode) / p.gpusPerNode);
        f[k + "net_per_gpu_GBps"] = makeFigure(perGpu, FigureUnit::GBps);
        f[k + "flops_per_net_byte"] = makeFigure(perGpu > 0 ? p.peakFlops / (perGpu * 1e9) : 0, FigureUnit::Count);
        f[k + "flops_per_nvlink_byte"]
            = makeFigure(p.intra.lineRateGBps > 0 ? p.peakFlops / (p.intra.lineRateGBps * 1e9) : 0, FigureUnit::Count);
    }
    return f;
}

std::vector<std::string> templateKeys(std::string_view text)
{
    std::vector<std::string> keys;
    std::size_t pos = 0;
    while ((pos = text.find("{{", pos)) != std::string_view::npos) {
        const auto end = text.find("}}", pos + 2);
        if (end == std::string_view::npos) {
            keys.push_back(trim(text.substr(pos + 2)));
            break;
        }
        keys.push_back(trim(text.substr(pos + 2, end - pos - 2)));
        pos = end + 2;
    }
    return keys;
}

ResolvedText resolveTemplate(std::string_view text, const Figures& figures)
{
    ResolvedText out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const auto open = text.find("{{", pos);
        if (open == std::string_view::npos) {
            out.text.append(text.substr(pos));
            break;
        }
        out.text.append(text.substr(pos, open - pos));
        const auto close = text.find("}}", open + 2);
        if (close == std::string_view::npos) {
            out.unresolved.push_back(trim(text.substr(open + 2)) + " (no closing }})");
            out.text.append(text.substr(open));
            break;
        }
        const auto expr = trim(text.substr(open + 2, close - open - 2));
        std::optional<std::string> value;
        if (const auto slash = expr.find(" / "); slash != std::string::npos) {
            const auto a = figures.find(trim(std::string_view(expr).substr(0, slash)));
            const auto b = figures.find(trim(std::string_view(expr).substr(slash + 3)));
            if (a != figures.end() && b != figures.end() && a->second.unit != FigureUnit::Text
                && b->second.unit != FigureUnit::Text && b->second.value != 0) {
                const double r = a->second.value / b->second.value;
                if (std::isfinite(r))
                    value = formatFigure(r, FigureUnit::Ratio);
            }
        } else if (const auto it = figures.find(expr); it != figures.end()) {
            value = it->second.text;
        }
        if (value) {
            out.text += *value;
        } else {
            out.unresolved.push_back(expr);
            out.text.append(text.substr(open, close + 2 - open));
        }
        pos = close + 2;
    }
    return out;
}

} // namespace tutor::model
