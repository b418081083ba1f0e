// SPDX-License-Identifier: MIT
#include "output.h"

#include "live/worker/options.h"

#include <cinttypes>
#include <cmath>
#include <string>

namespace tutor::live {

std::string formatColumn(double value, int width)
{
    if (!std::isfinite(value))
        value = 0;
    int power = 0;
    for (double v = 1; value >= v && power < 40; v *= 10)
        ++power;
    char buf[64];
    if (power < width - 2)
        std::snprintf(buf, sizeof buf, "%*.2f", width, value);
    else if (power < width - 1)
        std::snprintf(buf, sizeof buf, "%*.1f", width, value);
    else if (power < width + 1)
        std::snprintf(buf, sizeof buf, "%*.0f", width, value);
    else
        std::snprintf(buf, sizeof buf, "%*.1e", width, value);
    return buf;
}

// --- JSON Lines

void JsonLinesOutput::write(const Record& record, bool always)
{
    if (!m_enabled && !always)
        return;
    std::lock_guard lock(m_mutex);
    const std::string line = encode(record) + "\n";
    std::fwrite(line.data(), 1, line.size(), m_out);
    std::fflush(m_out);
}

void JsonLinesOutput::hello(const HelloRecord& hello, const Options&)
{
    write(hello);
}
void JsonLinesOutput::progress(const ProgressRecord& progress)
{
    write(progress);
}
void JsonLinesOutput::row(const MeasurementRecord& outOfPlace, const std::optional<MeasurementRecord>& inPlace)
{
    write(outOfPlace);
    if (inPlace)
        write(*inPlace);
}
void JsonLinesOutput::overlap(const OverlapRecord& overlap)
{
    write(overlap);
}
void JsonLinesOutput::error(const ErrorRecord& error)
{
    write(error, true);
}
void JsonLinesOutput::done(const DoneRecord& done)
{
    write(done);
}

// --- table

void TableOutput::hello(const HelloRecord& h, const Options& o)
{
    if (!m_enabled)
        return;
    std::lock_guard lock(m_mutex);
    std::fprintf(m_out, "# commtutor-live %s backend %s",
        h.versions.count("commtutor-live") ? h.versions.at("commtutor-live").c_str() : "", h.backend.c_str());
    for (const auto& [lib, version] : h.versions)
        if (lib != "commtutor-live")
            std::fprintf(m_out, " %s %s", lib.c_str(), version.c_str());
    std::fprintf(m_out, "\n# Collective test starting: %s_perf\n", std::string(ncclTestsName(o.op)).c_str());
    std::fprintf(m_out,
        "# nRanks %d minBytes %" PRId64 " maxBytes %" PRId64 " step: %" PRId64 "(%s) warmup iters: %d iters: %d "
        "validation: %d\n#\n# Using devices\n",
        h.ranks, static_cast<std::int64_t>(o.minBytes), static_cast<std::int64_t>(o.maxBytes),
        static_cast<std::int64_t>(o.stepBytes > 0 ? o.stepBytes : o.stepFactor), o.stepBytes > 0 ? "bytes" : "factor",
        o.warmup, o.iterations, o.check ? 1 : 0);
    for (const auto& d : h.devices)
        std::fprintf(m_out, "#  Rank %2d on %10s device %2d %s\n", d.rank, d.host.c_str(), d.device, d.name.c_str());
    std::fprintf(m_out, "#\n");
    std::fprintf(m_out, "# %10s  %12s  %8s  %6s  %6s           out-of-place                       in-place          \n",
        "", "", "", "", "");
    std::fprintf(m_out, "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s  %7s  %6s  %6s  %6s\n", "size", "count",
        "type", "redop", "root", "time", "algbw", "busbw", "#wrong", "time", "algbw", "busbw", "#wrong");
    std::fprintf(m_out, "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s  %7s  %6s  %6s  %6s\n", "(B)", "(elements)",
        "", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(GB/s)", "(GB/s)", "");
    std::fflush(m_out);
}

void TableOutput::row(const MeasurementRecord& oop, const std::optional<MeasurementRecord>& ip)
{
    if (!m_enabled)
        return;
    std::lock_guard lock(m_mutex);
    const auto op = parseOp(oop.op).value_or(Op::AllReduce);
    std::fprintf(m_out, "%12" PRId64 "  %12" PRId64 "  %8s  %6s  %6d", oop.bytes, oop.count, oop.dtype.c_str(),
        reduces(op) ? "sum" : "none", oop.root);
    auto body = [&](const MeasurementRecord& m) {
        char wrong[32];
        if (m.wrong < 0)
            std::snprintf(wrong, sizeof wrong, "   N/A");
        else
            std::snprintf(wrong, sizeof wrong, "%6" PRId64, m.wrong);
        std::fprintf(m_out, "  %7s  %6s  %6s  %6s", formatColumn(m.timeUs, 7).c_str(),
            formatColumn(m.algBwGBps, 6).c_str(), formatColumn(m.busBwGBps, 6).c_str(), wrong);
    };
    body(oop);
    if (ip)
        body(*ip);
    std::fprintf(m_out, "\n");
    std::fflush(m_out);
}

void TableOutput::overlap(const OverlapRecord& o)
{
    if (!m_enabled)
        return;
    std::lock_guard lock(m_mutex);
    std::fprintf(m_out,
        "#\n# Overlap experiment: %s of %" PRId64 " B at %d ranks, %d iterations\n"
        "#   compute alone %10.2f us   collective alone %10.2f us\n"
        "#   together: compute %10.2f us   collective %10.2f us   overall %10.2f us   in MPI_Test %8.2f us\n"
        "#   overlap: OSU %6.1f %%   HTA %6.1f %%   slowdown: compute %5.2fx  collective %5.2fx\n",
        o.op.c_str(), o.bytes, o.ranks, o.iterations, o.computeAloneUs, o.commAloneUs, o.computeTogetherUs,
        o.commTogetherUs, o.overallUs, o.testUs, o.osuOverlapPct, o.htaOverlapPct, o.computeSlowdown, o.commSlowdown);
    std::fflush(m_out);
}

void TableOutput::error(const ErrorRecord& e)
{
    std::lock_guard lock(m_mutex);
    std::fprintf(stderr, "commtutor-live: %s%s%s (exit %d)\n", e.call.c_str(), e.call.empty() ? "" : ": ",
        e.message.c_str(), e.code);
    std::fflush(stderr);
}

void TableOutput::done(const DoneRecord& d)
{
    if (!m_enabled)
        return;
    std::lock_guard lock(m_mutex);
    std::fprintf(m_out, "# %-20s : %" PRId64 " %s\n", "Out of bounds values", d.wrong, d.wrong ? "FAILED" : "OK");
    std::fprintf(m_out, "# %-20s : %g \n#\n", "Avg bus bandwidth", d.avgBusBwGBps);
    std::fflush(m_out);
}

} // namespace tutor::live
