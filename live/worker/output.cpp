// SPDX-License-Identifier: MIT
#include "output.h"

#include "live/worker/options.h"

#include <algorithm>
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

std::int64_t countColumn(const MeasurementRecord& m)
{
    const auto op = parseOp(m.op);
    if (op && sizeIsWholeArray(*op) && m.ranks > 0)
        return m.count / m.ranks;
    return m.count;
}

std::string programName(const std::string& op)
{
    const auto parsed = parseOp(op);
    return (parsed ? std::string(ncclTestsName(*parsed)) : op) + "_perf";
}

int gpusPerProcess(const HelloRecord& h)
{
    if (h.devices.empty() || h.devices.front().pid <= 0)
        return 1;
    const auto& first = h.devices.front();
    int n = 0;
    for (const auto& d : h.devices)
        n += d.host == first.host && d.pid == first.pid;
    return std::max(1, n);
}

std::string rankLine(const DeviceInfo& d)
{
    char line[1024];
    std::snprintf(line, sizeof line, "#  Rank %2d Group %2d Pid %6d on %10s device %2d [%s] %s", d.rank, 0, d.pid,
        d.host.c_str(), d.device, d.busId.empty() ? "0000:00:00" : d.busId.c_str(), d.name.c_str());
    return line;
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
void JsonLinesOutput::row(const Row& row)
{
    write(row.outOfPlace);
    if (row.inPlace)
        write(*row.inPlace);
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

// --- table (the format strings are nccl-tests' own, src/util.cu writeDeviceReport, writeResultHeader,
// writeBenchmarkLinePreamble, writeBenchmarkLineBody, writePerIterReport, writeResultFooter)

void TableOutput::hello(const HelloRecord& h, const Options& o)
{
    if (!m_enabled)
        return;
    std::lock_guard lock(m_mutex);
    m_perIteration = o.perIteration;
    m_program = std::string(ncclTestsName(o.op)) + "_perf";
    std::fprintf(m_out, "# commtutor-live version %s (nccl-tests 2.19 layout) backend %s",
        h.versions.count("commtutor-live") ? h.versions.at("commtutor-live").c_str() : "?", h.backend.c_str());
    for (const auto& [lib, version] : h.versions) {
        if (lib == "commtutor-live")
            continue;
        if (lib == "nccl") {
            // nccl-tests' nccl-library= code: major·10000 + minor·100 + patch (NCCL ≥ 2.9).
            int major = 0, minor = 0, patch = 0;
            if (std::sscanf(version.c_str(), "%d.%d.%d", &major, &minor, &patch) == 3)
                std::fprintf(m_out, " nccl-library=%d", major * 10000 + minor * 100 + patch);
        } else {
            std::fprintf(m_out, " %s=%s", lib.c_str(), version.c_str());
        }
    }
    std::fprintf(m_out, "\n# Collective test starting: %s\n", m_program.c_str());
    const bool factor = o.stepFactor > 1;
    std::fprintf(m_out,
        "# nThread %d nGpus %d minBytes %" PRId64 " maxBytes %" PRId64 " step: %" PRId64 "(%s) warmup iters: %d "
        "iters: %d agg iters: %d validation: %d graph: %d unalign: %d\n",
        o.threads, gpusPerProcess(h), static_cast<std::int64_t>(o.minBytes), static_cast<std::int64_t>(o.maxBytes),
        static_cast<std::int64_t>(factor ? o.stepFactor : o.stepBytes), factor ? "factor" : "bytes", o.warmup,
        o.iterations, 1, o.checkIterations, 0, 0);
    if (o.blocking == 1)
        std::fprintf(m_out, "# Blocking Enabled: wait and barrier after each inner iteration (-m) \n");
    if (o.blocking == 2)
        std::fprintf(m_out, "# Blocking Enabled: wait after each inner iteration (-m), no barrier \n");
    if (o.blocking == 3)
        std::fprintf(
            m_out, "# Blocking Enabled: wait and barrier after each outer iteration (-n); time excludes barrier \n");
    if (o.perIteration)
        std::fprintf(m_out, "# Per-Iteration Report: CUDA event timing; i_* uses max over process rows \n");
    std::fprintf(m_out, "#\n# Using devices\n");
    for (const auto& d : h.devices)
        std::fprintf(m_out, "%s\n", rankLine(d).c_str());
    std::fprintf(m_out, "#\n");
    if (o.perIteration) {
        std::fprintf(m_out,
            "# %10s  %12s  %8s  %6s  %6s              out-of-place (+ per-iteration)                                "
            "in-place (+ per-iteration)\n",
            "", "", "", "", "");
        std::fprintf(m_out,
            "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s  %7s  %7s  %7s  %7s  %7s  %6s  %6s  %6s  %7s  %7s  %7s  "
            "%7s %*s\n",
            "size", "count", "type", "redop", "root", "time", "algbw", "busbw", "#wrong", "i_min", "i_max", "i_p99",
            "i_cv%", "time", "algbw", "busbw", "#wrong", "i_min", "i_max", "i_p99", "i_cv%", 0, "");
        std::fprintf(m_out,
            "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s  %7s  %7s  %7s  %7s  %7s  %6s  %6s  %6s  %7s  %7s  %7s  "
            "%7s %*s\n",
            "(B)", "(elements)", "", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(us)", "(us)", "(%)", "(us)",
            "(GB/s)", "(GB/s)", "", "(us)", "(us)", "(us)", "(%)", 0, "");
    } else {
        std::fprintf(m_out,
            "# %10s  %12s  %8s  %6s  %6s           out-of-place                       in-place          \n", "", "", "",
            "", "");
        std::fprintf(m_out, "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s  %7s  %6s  %6s  %6s %*s\n", "size",
            "count", "type", "redop", "root", "time", "algbw", "busbw", "#wrong", "time", "algbw", "busbw", "#wrong", 0,
            "");
        std::fprintf(m_out, "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s  %7s  %6s  %6s  %6s %*s\n", "(B)",
            "(elements)", "", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(GB/s)", "(GB/s)", "", 0, "");
    }
    std::fflush(m_out);
}

void TableOutput::row(const Row& r)
{
    if (!m_enabled)
        return;
    std::lock_guard lock(m_mutex);
    const MeasurementRecord& oop = r.outOfPlace;
    std::fprintf(m_out, "%12" PRId64 "  %12" PRId64 "  %8s  %6s  %6d", oop.bytes, countColumn(oop), oop.dtype.c_str(),
        oop.redop.empty() ? "none" : oop.redop.c_str(), oop.root);
    auto body = [&](const MeasurementRecord* m, const IterationSummary& it) {
        if (!m) {
            std::fprintf(m_out, "  %7s  %6s  %6s  %6s", "N/A", "N/A", "N/A", "N/A");
            if (m_perIteration)
                std::fprintf(m_out, "  %7s  %7s  %7s  %7s", "N/A", "N/A", "N/A", "N/A");
            return;
        }
        if (m->wrong < 0)
            std::fprintf(m_out, "  %7s  %6s  %6s    N/A", formatColumn(m->timeUs, 7).c_str(),
                formatColumn(m->algBwGBps, 6).c_str(), formatColumn(m->busBwGBps, 6).c_str());
        else
            std::fprintf(m_out, "  %7s  %6s  %6s  %6g", formatColumn(m->timeUs, 7).c_str(),
                formatColumn(m->algBwGBps, 6).c_str(), formatColumn(m->busBwGBps, 6).c_str(),
                static_cast<double>(m->wrong));
        if (m_perIteration)
            std::fprintf(m_out, "  %7s  %7s  %7s  %7s", formatColumn(it.minUs, 7).c_str(),
                formatColumn(it.maxUs, 7).c_str(), formatColumn(it.p99Us, 7).c_str(),
                formatColumn(it.cvPct, 7).c_str());
    };
    body(&oop, r.outOfPlaceIterations);
    body(r.inPlace ? &*r.inPlace : nullptr, r.inPlaceIterations);
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
        "#   overlap: OSU %6.1f %%   HTA %6.1f %%   slowdown: compute %5.2fx  collective %5.2fx\n#\n",
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
    std::fprintf(m_out, "# %-20s : %g %s\n", "Avg bus bandwidth", d.avgBusBwGBps, "");
    std::fprintf(m_out, "#\n# Collective test concluded: %s\n#\n\n", m_program.c_str());
    std::fflush(m_out);
}

// --- fan-out

void FanOutput::hello(const HelloRecord& h, const Options& o)
{
    for (auto& out : m_outputs)
        out->hello(h, o);
}
void FanOutput::progress(const ProgressRecord& p)
{
    for (auto& out : m_outputs)
        out->progress(p);
}
void FanOutput::row(const Row& r)
{
    for (auto& out : m_outputs)
        out->row(r);
}
void FanOutput::overlap(const OverlapRecord& o)
{
    for (auto& out : m_outputs)
        out->overlap(o);
}
void FanOutput::error(const ErrorRecord& e)
{
    for (auto& out : m_outputs)
        out->error(e);
}
void FanOutput::done(const DoneRecord& d)
{
    for (auto& out : m_outputs)
        out->done(d);
}

bool FanOutput::failed() const
{
    return std::any_of(m_outputs.begin(), m_outputs.end(), [](const auto& o) { return o->failed(); });
}

} // namespace tutor::live
