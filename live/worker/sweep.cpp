// SPDX-License-Identifier: MIT
#include "sweep.h"

#include "model/collectives/collective.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <limits>
#include <new>
#include <optional>

namespace tutor::live {

namespace {

model::Collective toCollective(Op op)
{
    switch (op) {
    case Op::AllReduce:
        return model::Collective::AllReduce;
    case Op::ReduceScatter:
        return model::Collective::ReduceScatter;
    case Op::AllGather:
        return model::Collective::AllGather;
    case Op::Broadcast:
        return model::Collective::Broadcast;
    case Op::Reduce:
        return model::Collective::Reduce;
    case Op::AllToAll:
        return model::Collective::AllToAll;
    case Op::SendRecv:
        return model::Collective::SendRecv;
    }
    return model::Collective::AllReduce;
}

ErrorRecord toRecord(const BackendError& e)
{
    return ErrorRecord { e.call, e.message, static_cast<int>(e.code), e.rank };
}

int fail(Output& out, const BackendError& e)
{
    out.error(toRecord(e));
    return static_cast<int>(e.code);
}

BackendError outOfMemory(const Backend& backend, const std::string& op, std::int64_t bytes)
{
    return { "memory",
        "allocating the buffers of " + op + " of " + std::to_string(bytes) + " B (" + bytesText(2.0 * bytes)
            + " per rank) failed: out of memory",
        ExitCode::OutOfMemory, backend.rank() };
}

/// A run whose buffers cannot be allocated is an error record, not a std::bad_alloc that ends the process.
Outcome<RunTimes> runGuarded(Backend& backend, const RunSpec& spec, const std::string& op, std::int64_t bytes)
{
    try {
        return backend.run(spec);
    } catch (const std::bad_alloc&) {
        return Outcome<RunTimes>::failed(outOfMemory(backend, op, bytes));
    }
}

Outcome<OverlapTimes> overlapGuarded(
    Backend& backend, const OverlapSpec& spec, const std::string& op, std::int64_t bytes)
{
    try {
        return backend.overlap(spec);
    } catch (const std::bad_alloc&) {
        return Outcome<OverlapTimes>::failed(outOfMemory(backend, op, bytes));
    }
}

/// A size as the flags spell it: "4097M", "1T" is "1024G", "1000" (nccl-tests' K, M, G: 2^10, 2^20, 2^30).
std::string flagSize(std::int64_t bytes)
{
    for (const auto& [shift, unit] : { std::pair { 30, 'G' }, std::pair { 20, 'M' }, std::pair { 10, 'K' } })
        if (bytes >= (std::int64_t { 1 } << shift) && bytes % (std::int64_t { 1 } << shift) == 0)
            return std::to_string(bytes >> shift) + unit;
    return std::to_string(bytes);
}

std::string upper(std::string text)
{
    for (char& c : text)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
}

/// The refusal of `bytes`, the largest size that `flag` = `flagBytes` gives, when it cannot run on this backend: more
/// elements per call than the library's count type holds, or buffers larger than the memory of a rank.
std::optional<BackendError> refuseSize(const Backend& backend, const std::string& backendName, Op op,
    std::string_view flag, std::int64_t flagBytes, std::int64_t bytes, model::DType dtype, int ranks)
{
    const std::int64_t typeSize = model::sizeOf(dtype);
    const Layout l = layoutFor(op, bytes / typeSize, ranks);
    const std::int64_t perCall = sizeIsWholeArray(op) ? l.chunk : l.count;
    const std::int64_t maxElements = backend.maxElementsPerCall();
    std::string value = std::string(flag) + " = " + flagSize(flagBytes);
    if (bytes != flagBytes)
        value += " (largest size " + flagSize(bytes) + ")";
    value += ": ";
    if (perCall > maxElements) {
        const std::string elements
            = maxElements == std::numeric_limits<std::int32_t>::max() ? "2^31−1" : std::to_string(maxElements);
        const double limit
            = static_cast<double>(maxElements) * static_cast<double>(typeSize) * (sizeIsWholeArray(op) ? ranks : 1);
        const std::string at = sizeIsWholeArray(op)
            ? ", " + std::string(opName(op)) + " at " + std::to_string(ranks) + " ranks"
            : std::string();
        return BackendError { "args",
            value + "the " + upper(backendName) + " backend moves at most " + elements + " elements per call ("
                + std::string(model::name(dtype)) + at + ": " + bytesText(limit) + ")",
            ExitCode::Usage, -1 };
    }
    if (const auto budget = backend.bufferBudget()) {
        const std::int64_t needed = 2 * l.count * typeSize; // send and receive buffer, each S bytes
        if (needed > budget->bytesPerRank)
            return BackendError { "memory",
                value + "needs " + bytesText(static_cast<double>(needed))
                    + " of buffers per rank (send and receive, 2 × S), more than " + budget->source,
                ExitCode::OutOfMemory, -1 };
    }
    return std::nullopt;
}

} // namespace

std::string bytesText(double bytes)
{
    static constexpr const char* kUnits[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
    int unit = 0;
    while (bytes >= 1024 && unit + 1 < static_cast<int>(std::size(kUnits))) {
        bytes /= 1024;
        ++unit;
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.3g %s", bytes, kUnits[unit]);
    return text;
}

double busFactor(Op op, int ranks)
{
    return model::busBandwidthFactor(toCollective(op), ranks);
}

IterationStats iterationStats(std::vector<double> s)
{
    IterationStats st;
    if (s.empty())
        return st;
    std::sort(s.begin(), s.end());
    const std::size_t n = s.size();
    st.min = s.front();
    st.median = n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    const std::size_t rank = static_cast<std::size_t>(std::ceil(0.99 * static_cast<double>(n)));
    st.p99 = s[std::clamp<std::size_t>(rank, 1, n) - 1];
    return st;
}

OverlapRecord makeOverlapRecord(const OverlapTimes& t, Op op, std::int64_t bytes, int ranks, int iterations)
{
    OverlapRecord r;
    r.op = std::string(opName(op));
    r.bytes = bytes;
    r.ranks = ranks;
    r.iterations = iterations;
    r.computeAloneUs = t.computeAlone * 1e6;
    r.commAloneUs = t.commAlone * 1e6;
    r.computeTogetherUs = t.computeTogether * 1e6;
    r.commTogetherUs = t.commTogether * 1e6;
    r.overallUs = t.overall * 1e6;
    r.testUs = t.test * 1e6;
    if (t.commAlone > 0)
        r.osuOverlapPct
            = std::clamp(100.0 - 100.0 * (t.overall - (t.computeTogether - t.test)) / t.commAlone, 0.0, 100.0);
    if (t.commTogether > 0)
        r.htaOverlapPct = std::clamp(100.0 * t.intersection / t.commTogether, 0.0, 100.0);
    r.computeSlowdown = t.computeAlone > 0 ? t.computeTogether / t.computeAlone : 1;
    r.commSlowdown = t.commAlone > 0 ? t.commTogether / t.commAlone : 1;
    return r;
}

IterationSummary iterationSummary(const std::vector<double>& seconds)
{
    IterationSummary s;
    if (seconds.empty())
        return s;
    std::vector<double> us;
    for (double v : seconds)
        us.push_back(v * 1e6);
    s.timesUs = us;
    std::sort(us.begin(), us.end());
    const int n = static_cast<int>(us.size());
    const auto at = [&](int percentile) { return us[std::min(n - 1, (n * percentile + 99) / 100 - 1)]; };
    s.minUs = us.front();
    s.maxUs = us.back();
    s.p50Us = us[n / 2];
    s.p95Us = at(95);
    s.p99Us = at(99);
    double sum = 0;
    for (double v : us)
        sum += v;
    s.meanUs = sum / n;
    double var = 0;
    for (double v : us)
        var += (v - s.meanUs) * (v - s.meanUs);
    s.stdevUs = std::sqrt(var / n);
    s.cvPct = s.meanUs > 0 ? 100 * s.stdevUs / s.meanUs : 0;
    return s;
}

int runSweep(Backend& backend, const Options& o, Output& out, Watchdog* watchdog)
{
    const int ranks = backend.ranks();
    HelloRecord hello = backend.describe();
    hello.op = std::string(opName(o.op));
    hello.dtype = std::string(model::name(o.dtypes.front()));
    hello.iterations = o.iterations;
    hello.warmup = o.warmup;
    const auto sizes = sweepSizes(o);

    if (o.expectRanks > 0 && o.expectRanks != ranks)
        return fail(out,
            { "ranks",
                "the communicator has " + std::to_string(ranks) + " ranks, --expect-ranks is "
                    + std::to_string(o.expectRanks),
                ExitCode::RankMismatch });
    if (isRooted(o.op) && o.root >= ranks)
        return fail(out,
            { "args", "--root = " + std::to_string(o.root) + ": must be below the rank count " + std::to_string(ranks),
                ExitCode::Usage });
    // "-d all" and "-o all" run what the backend has, as nccl-tests leaves out fp8 before Hopper; a single type
    // or op the backend lacks is an error.
    std::vector<model::DType> dtypes;
    for (const auto dtype : o.dtypes) {
        if (auto why = backend.unsupported(dtype)) {
            if (o.dtypes.size() == 1)
                return fail(
                    out, { "args", "--dtype = " + std::string(model::name(dtype)) + ": " + *why, ExitCode::Usage });
        } else {
            dtypes.push_back(dtype);
        }
    }
    std::vector<std::optional<RedOp>> redops;
    for (const auto redop : redopsFor(o)) {
        if (auto why = redop && reduces(o.op) ? backend.unsupportedRedOp(*redop) : std::nullopt) {
            if (o.redops.size() == 1)
                return fail(out, { "args", "-o = " + std::string(redOpName(*redop)) + ": " + *why, ExitCode::Usage });
        } else {
            redops.push_back(redop);
        }
    }
    for (const auto dtype : dtypes) {
        auto e = refuseSize(backend, hello.backend, o.op, "--maxbytes", o.maxBytes, sizes.back(), dtype, ranks);
        if (!e && o.overlap && o.overlapBytes > 0 && dtype == dtypes.front()) // the overlap runs the first type
            e = refuseSize(
                backend, hello.backend, o.op, "--overlap-bytes", o.overlapBytes, o.overlapBytes, dtype, ranks);
        if (e) {
            e->rank = backend.rank();
            return fail(out, *e);
        }
    }
    const auto roots = rootsFor(o, ranks);
    // Progress records count rows in an int; -r -1 at many ranks could pass it.
    const std::uint64_t rows = static_cast<std::uint64_t>(sizes.size()) * dtypes.size() * redops.size() * roots.size();
    if (rows > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
        return fail(out,
            { "args",
                "the sweep has " + std::to_string(rows)
                    + " rows (sizes × types × reduction ops × roots); at most 2^31−1: fewer sizes, or one root",
                ExitCode::Usage, backend.rank() });
    hello.sizes = static_cast<int>(rows);

    out.hello(hello, o);
    const double factor = busFactor(o.op, ranks);
    DoneRecord done;
    double busSum = 0;
    int index = 0;
    for (const auto dtype : dtypes)
        for (const auto redop : redops)
            for (const int root : roots)
                for (const model::Bytes size : sizes) {
                    const int typeSize = model::sizeOf(dtype);
                    RunSpec spec;
                    spec.op = o.op;
                    spec.redop = redop.value_or(RedOp::Sum);
                    spec.dtype = dtype;
                    spec.layout = layoutFor(o.op, size / typeSize, ranks);
                    spec.warmup = o.warmup;
                    spec.iterations = o.iterations;
                    spec.checks = o.checkIterations;
                    spec.root = root;
                    spec.blocking = o.blocking != 0;
                    spec.average = o.average;
                    const std::int64_t bytes = spec.layout.count * typeSize;
                    if (spec.layout.chunk == 0) {
                        ++index; // below one element per rank: nothing to move (nccl-tests prints a 0-byte row)
                        continue;
                    }
                    Row row;
                    for (int pass = 0; pass < (o.inPlace ? 2 : 1); ++pass) {
                        spec.inPlace = pass == 1;
                        out.progress({ hello.op, bytes, index, hello.sizes, spec.inPlace });
                        if (watchdog)
                            watchdog->arm(o.timeoutSeconds, hello.op + " of " + std::to_string(bytes) + " B");
                        auto result = runGuarded(backend, spec, hello.op, bytes);
                        if (watchdog)
                            watchdog->disarm();
                        if (result.error)
                            return fail(out, *result.error);
                        const RunTimes& t = *result.value;
                        MeasurementRecord m;
                        m.op = hello.op;
                        m.bytes = bytes;
                        m.count = spec.layout.count;
                        m.dtype = std::string(model::name(dtype));
                        m.ranks = ranks;
                        m.root = spec.root;
                        m.redop = redop ? std::string(redOpName(*redop)) : "none";
                        m.inPlace = spec.inPlace;
                        m.timeUs = t.loopSeconds * 1e6;
                        m.algBwGBps = t.loopSeconds > 0 ? static_cast<double>(bytes) / t.loopSeconds / 1e9 : 0;
                        m.busBwGBps = m.algBwGBps * factor;
                        m.wrong = t.wrong;
                        const auto st = iterationStats(t.iterationSeconds);
                        m.minUs = st.min * 1e6;
                        m.medianUs = st.median * 1e6;
                        m.p99Us = st.p99 * 1e6;
                        m.iterations = o.iterations;
                        done.measurements += 1;
                        done.wrong += std::max<std::int64_t>(0, t.wrong);
                        busSum += m.busBwGBps;
                        (pass == 0 ? row.outOfPlaceIterations : row.inPlaceIterations)
                            = iterationSummary(t.iterationSeconds);
                        if (pass == 0)
                            row.outOfPlace = m;
                        else
                            row.inPlace = m;
                    }
                    out.row(row);
                    ++index;
                }
    done.avgBusBwGBps = done.measurements ? busSum / done.measurements : 0;

    if (o.overlap) {
        const model::DType dtype = dtypes.front();
        const int typeSize = model::sizeOf(dtype);
        OverlapSpec spec;
        spec.op = o.op;
        spec.dtype = dtype;
        spec.layout = layoutFor(o.op, (o.overlapBytes ? o.overlapBytes : o.maxBytes) / typeSize, ranks);
        spec.iterations = std::max(3, std::min(o.iterations, 50));
        spec.computeSeconds = o.computeUs * 1e-6;
        spec.root = isRooted(o.op) ? roots.front() : -1;
        if (spec.layout.chunk > 0) {
            const std::int64_t bytes = spec.layout.count * typeSize;
            out.progress({ hello.op, bytes, index, hello.sizes, false });
            if (watchdog)
                watchdog->arm(
                    o.timeoutSeconds, "overlap experiment (" + hello.op + " of " + std::to_string(bytes) + " B)");
            auto result = overlapGuarded(backend, spec, hello.op, bytes);
            if (watchdog)
                watchdog->disarm();
            if (result.error)
                return fail(out, *result.error);
            out.overlap(makeOverlapRecord(*result.value, o.op, bytes, ranks, spec.iterations));
        }
    }
    done.exitCode = done.wrong > 0 ? static_cast<int>(ExitCode::WrongResults) : 0;
    out.done(done);
    return done.exitCode;
}

} // namespace tutor::live
