// SPDX-License-Identifier: MIT
#include "model/measure/calibrate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <span>

namespace tutor::model {

namespace {

struct Sample {
    Bytes bytes = 0;
    Seconds seconds = 0;
    double busBwGBps = 0;
};

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// t(S) = c0 + c1·S in seconds; c0, c1 ≥ 0.
struct Line {
    double c0 = 0;
    double c1 = 0;
    Seconds at(Bytes bytes) const { return c0 + c1 * static_cast<double>(bytes); }
};

/// Weighted least squares for t = c0 + c1·S minimising Σ w_i·((c0 + c1 S_i)/t_i − 1)²: with x = 1/t, y = S/t the
/// normal equations are [Σwxx Σwxy; Σwxy Σwyy]·[c0; c1] = [Σwx; Σwy]. A negative coefficient is clamped at 0
/// (neither latency nor time per byte can be negative) and the other refitted alone.
Line weightedFit(std::span<const Sample> s, std::span<const double> w)
{
    double sxx = 0, sxy = 0, syy = 0, sx = 0, sy = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const double x = 1.0 / s[i].seconds;
        const double y = static_cast<double>(s[i].bytes) / s[i].seconds;
        sxx += w[i] * x * x;
        sxy += w[i] * x * y;
        syy += w[i] * y * y;
        sx += w[i] * x;
        sy += w[i] * y;
    }
    const double det = sxx * syy - sxy * sxy;
    Line line;
    const bool solved = std::abs(det) > 1e-12 * sxx * syy;
    if (solved) {
        line.c0 = (sx * syy - sy * sxy) / det;
        line.c1 = (sxx * sy - sxy * sx) / det;
    }
    if (!solved || line.c0 < 0 || !std::isfinite(line.c0) || !std::isfinite(line.c1))
        line = { 0, syy > 0 ? sy / syy : 0 };
    else if (line.c1 < 0)
        line = { sxx > 0 ? sx / sxx : 0, 0 };
    return line;
}

/// Least absolute relative deviations: the line minimising Σ|t̂_i / t_i − 1|, by iteratively reweighted least
/// squares (weights 1 / max(|e_i|, 1e-4)). Returns the line and its Σ|e|.
std::pair<Line, double> ladFit(std::span<const Sample> s)
{
    std::vector<double> w(s.size(), 1.0);
    Line best;
    double bestCost = std::numeric_limits<double>::infinity();
    for (int iteration = 0; iteration < 30; ++iteration) {
        const Line line = weightedFit(s, w);
        double cost = 0;
        for (std::size_t i = 0; i < s.size(); ++i) {
            const double e = std::abs(line.at(s[i].bytes) / s[i].seconds - 1);
            cost += e;
            w[i] = 1.0 / std::max(e, 1e-4);
        }
        const bool converged = cost > bestCost * (1 - 1e-9);
        if (cost < bestCost) {
            best = line;
            bestCost = cost;
        }
        if (converged)
            break;
    }
    return { best, bestCost };
}

/// A piecewise fit: segment k covers samples [start[k], start[k + 1]).
struct Pieces {
    std::vector<std::size_t> start; ///< K + 1 entries, start.back() = sample count
    std::vector<Line> lines;
};

/// The LAD fit of every run of at least `minSize` consecutive samples, made once for every number of runs tried.
class RunFits {
public:
    RunFits(std::span<const Sample> s, std::size_t minSize)
        : m_minSize(minSize)
        , m_fits(s.size())
    {
        for (std::size_t i = 0; i + minSize <= s.size(); ++i)
            for (std::size_t j = i + minSize; j <= s.size(); ++j)
                m_fits[i].push_back(ladFit(s.subspan(i, j - i)));
    }
    std::size_t samples() const { return m_fits.size(); }
    std::size_t minSize() const { return m_minSize; }
    /// The fit of samples [i, j) and its Σ|e|; precondition j − i ≥ minSize().
    const std::pair<Line, double>& at(std::size_t i, std::size_t j) const { return m_fits[i][j - i - m_minSize]; }

private:
    std::size_t m_minSize;
    std::vector<std::vector<std::pair<Line, double>>> m_fits; ///< [i][j − i − minSize]
};

/// The optimal cut of the samples into exactly `k` runs of at least runs.minSize() samples (dynamic programming
/// over the runs' LAD costs); nullopt when the samples are too few.
std::optional<Pieces> cut(const RunFits& runs, int k)
{
    const std::size_t n = runs.samples();
    const std::size_t minSize = runs.minSize();
    if (k < 1 || static_cast<std::size_t>(k) * minSize > n)
        return std::nullopt;
    const double inf = std::numeric_limits<double>::infinity();
    // best[m][j]: the least cost of samples [0, j) in m runs; from[m][j] where the last run starts.
    std::vector<std::vector<double>> best(static_cast<std::size_t>(k) + 1, std::vector<double>(n + 1, inf));
    std::vector<std::vector<std::size_t>> from(static_cast<std::size_t>(k) + 1, std::vector<std::size_t>(n + 1, 0));
    best[0][0] = 0;
    for (std::size_t m = 1; m <= static_cast<std::size_t>(k); ++m)
        for (std::size_t j = m * minSize; j <= n; ++j)
            for (std::size_t i = (m - 1) * minSize; i + minSize <= j; ++i) {
                if (best[m - 1][i] == inf)
                    continue;
                const double cost = best[m - 1][i] + runs.at(i, j).second;
                if (cost < best[m][j]) {
                    best[m][j] = cost;
                    from[m][j] = i;
                }
            }
    if (best[static_cast<std::size_t>(k)][n] == inf)
        return std::nullopt;
    Pieces p;
    p.start.assign(static_cast<std::size_t>(k) + 1, n);
    p.lines.resize(static_cast<std::size_t>(k));
    for (std::size_t m = static_cast<std::size_t>(k), j = n; m > 0; --m) {
        const std::size_t i = from[m][j];
        p.start[m - 1] = i;
        p.lines[m - 1] = runs.at(i, j).first;
        j = i;
    }
    return p;
}

/// Which of `count` size ranges holds S. `edge(k)` gives the last size of range k and the first of range k + 1;
/// range k + 1 starts at their geometric mean. Used by the fit (on samples) and by predictSeconds (on segments).
template <class Edge> std::size_t rangeOf(Bytes bytes, std::size_t count, Edge edge)
{
    std::size_t k = 0;
    for (; k + 1 < count; ++k) {
        const auto [lastBelow, firstAbove] = edge(k);
        if (static_cast<double>(bytes) < std::sqrt(static_cast<double>(lastBelow) * static_cast<double>(firstAbove)))
            break;
    }
    return k;
}

/// The time a piecewise fit predicts for S (rangeOf picks the run).
Seconds piecewiseAt(const Pieces& p, std::span<const Sample> s, Bytes bytes)
{
    const auto k = rangeOf(bytes, p.lines.size(), [&](std::size_t r) {
        return std::pair { s[p.start[r + 1] - 1].bytes, s[p.start[r + 1]].bytes };
    });
    return p.lines[k].at(bytes);
}

AlphaBetaFit makeFit(double c0, double c1, Collective op, int ranks)
{
    AlphaBetaFit f;
    f.latencySeconds = c0;
    f.busBandwidthGBps = c1 > 0 ? busBandwidthFactor(op, ranks) / c1 / kBytesPerGB : 0; // 0: latency-bound
    f.steps = calibrationSteps(op, ranks);
    f.alphaSeconds = c0 / f.steps;
    return f;
}

Seconds segmentSeconds(const AlphaBetaFit& f, Collective op, int ranks, Bytes bytes)
{
    if (f.busBandwidthGBps <= 0)
        return f.latencySeconds;
    return f.latencySeconds
        + static_cast<double>(bytes) * busBandwidthFactor(op, ranks) / (f.busBandwidthGBps * kBytesPerGB);
}

/// One time per size (the mean when a size appears twice), sorted by size.
Result<std::vector<Sample>> samplesOf(
    const std::vector<Measurement>& ms, const CalibrationOptions& o, Collective& op, int& ranks)
{
    if (ms.empty())
        return Problem { "measurements", "0 rows", "calibration needs at least 2 sizes" };
    op = ms.front().op;
    ranks = ms.front().ranks;
    bool haveKind = false;
    for (const auto& m : ms)
        haveKind |= (m.op == op && m.ranks == ranks && m.inPlace == o.inPlace);
    std::map<Bytes, std::pair<double, int>> bySize;
    for (std::size_t i = 0; i < ms.size(); ++i) {
        const auto& m = ms[i];
        if (m.op != op || m.ranks != ranks || (haveKind && m.inPlace != o.inPlace))
            continue;
        if (!std::isfinite(m.timeSeconds) || m.timeSeconds <= 0 || m.bytes < 1)
            return Problem { "measurements[" + std::to_string(i) + "].time_us", std::to_string(m.timeSeconds * 1e6),
                "must be finite and > 0 with bytes ≥ 1" };
        auto& slot = bySize[m.bytes];
        slot.first += (o.useMedian && m.medianSeconds > 0) ? m.medianSeconds : m.timeSeconds;
        slot.second += 1;
    }
    std::vector<Sample> s;
    for (const auto& [bytes, acc] : bySize) {
        Sample p { bytes, acc.first / acc.second, 0 };
        p.busBwGBps = static_cast<double>(bytes) / p.seconds / kBytesPerGB * busBandwidthFactor(op, ranks);
        s.push_back(p);
    }
    if (s.size() < 2)
        return Problem { "measurements", std::to_string(s.size()) + " size(s)",
            "calibration needs at least 2 distinct sizes of " + std::string(name(op)) + " at " + std::to_string(ranks)
                + " ranks" };
    return s;
}

/// A robust scale of a k-run fit's errors: the sum of the smallest three quarters of |e| over their count less
/// 2k. The quarter of sizes that a cache cliff or a preempted run spoils does not move it, and the 2k sizes that
/// least-absolute-deviation lines pass through exactly (two per line) are not counted as evidence.
double robustScale(std::vector<double> errors, std::size_t k)
{
    if (errors.empty())
        return 0;
    std::sort(errors.begin(), errors.end());
    const auto keep = std::max<std::size_t>(1, (errors.size() * 3 + 3) / 4);
    double sum = 0;
    for (std::size_t i = 0; i < keep; ++i)
        sum += errors[i];
    return sum / static_cast<double>(keep > 2 * k ? keep - 2 * k : 1);
}

/// Schwarz's criterion (BIC) for a k-run fit with robustScale(): n·ln(scale) + (3k − 1)·ln(n), three parameters
/// per run (α, β and where it starts) less one. Lower is better: a run must pay for itself.
double criterion(std::span<const Sample> s, const Pieces& p)
{
    std::vector<double> errors;
    for (const auto& x : s)
        errors.push_back(std::abs(piecewiseAt(p, s, x.bytes) / x.seconds - 1));
    const double n = static_cast<double>(s.size());
    const std::size_t k = p.lines.size();
    return n * std::log(std::max(robustScale(std::move(errors), k), 1e-6))
        + (3 * static_cast<double>(k) - 1) * std::log(n);
}

void score(Calibration& c, const std::vector<Sample>& s)
{
    c.points.clear();
    std::vector<double> errors;
    const double asymptote = c.summary().busBandwidthGBps;
    for (const auto& p : s) {
        FitPoint f;
        f.bytes = p.bytes;
        f.measuredSeconds = p.seconds;
        f.fittedSeconds = c.predictSeconds(p.bytes);
        f.relativeError = (f.fittedSeconds - p.seconds) / p.seconds;
        f.efficiency = asymptote > 0 ? p.busBwGBps / asymptote : 0;
        errors.push_back(std::abs(f.relativeError));
        c.points.push_back(f);
    }
    double sum = 0;
    for (double e : errors)
        sum += e;
    c.meanRelativeError = errors.empty() ? 0 : sum / static_cast<double>(errors.size());
    c.medianRelativeError = median(errors);
    c.maxRelativeError = errors.empty() ? 0 : *std::max_element(errors.begin(), errors.end());
}

} // namespace

int calibrationSteps(Collective op, int ranks)
{
    const int n = std::max(1, ranks);
    int steps = 1;
    switch (op) {
    case Collective::AllReduce:
        steps = 2 * (n - 1);
        break;
    case Collective::ReduceScatter:
    case Collective::AllGather:
    case Collective::AllToAll:
    case Collective::Gather:
    case Collective::Scatter:
        steps = n - 1;
        break;
    case Collective::Broadcast:
    case Collective::Reduce:
        steps = static_cast<int>(std::ceil(std::log2(static_cast<double>(n))));
        break;
    case Collective::SendRecv:
        steps = 1;
        break;
    }
    return std::max(1, steps);
}

Seconds Calibration::predictSeconds(Bytes bytes) const
{
    if (segments.empty())
        return segmentSeconds(fit, op, ranks, bytes);
    const auto k = rangeOf(bytes, segments.size(), [&](std::size_t r) {
        return std::pair { segments[r].lastBytes, segments[r + 1].firstBytes };
    });
    return segmentSeconds(segments[k].fit, op, ranks, bytes);
}

AlphaBetaFit Calibration::summary() const
{
    if (segments.empty())
        return fit;
    AlphaBetaFit f = segments.front().fit;
    const double largest = segments.back().fit.busBandwidthGBps;
    f.busBandwidthGBps = largest > 0 ? largest : fit.busBandwidthGBps;
    return f;
}

Result<Calibration> calibrate(const std::vector<Measurement>& measurements, const CalibrationOptions& options)
{
    Calibration c;
    auto samples = samplesOf(measurements, options, c.op, c.ranks);
    if (!samples)
        return samples.problems();
    const auto& s = *samples;
    const auto whole = ladFit(s).first;
    if (whole.c1 <= 0)
        return Problem { "measurements", std::to_string(s.size()) + " sizes",
            "show no bandwidth term (time does not grow with size); add larger sizes" };
    c.fit = makeFit(whole.c0, whole.c1, c.op, c.ranks);

    // How many runs the data supports: the count with the least criterion().
    const std::size_t minSize = static_cast<std::size_t>(std::max(2, options.minSegmentSizes));
    Pieces best { { 0, s.size() }, { whole } };
    double bestCriterion = criterion(s, best);
    if (options.maxSegments >= 2 && 2 * minSize <= s.size()) {
        const RunFits runs(s, minSize);
        for (int k = 2; k <= options.maxSegments; ++k) {
            const auto p = cut(runs, k);
            if (!p)
                break;
            if (const double value = criterion(s, *p); value < bestCriterion) {
                best = *p;
                bestCriterion = value;
            }
        }
    }
    for (std::size_t k = 0; k < best.lines.size(); ++k)
        c.segments.push_back(FitSegment { s[best.start[k]].bytes, s[best.start[k + 1] - 1].bytes,
            makeFit(best.lines[k].c0, best.lines[k].c1, c.op, c.ranks) });
    score(c, s);
    return c;
}

Result<HoldOut> holdOut(const std::vector<Measurement>& measurements, const CalibrationOptions& options)
{
    Collective op {};
    int ranks = 0;
    auto samples = samplesOf(measurements, options, op, ranks);
    if (!samples)
        return samples.problems();
    std::vector<Measurement> train;
    std::vector<Sample> test;
    for (std::size_t i = 0; i < samples->size(); ++i) {
        const auto& p = (*samples)[i];
        if (i % 2 == 0) {
            Measurement m;
            m.op = op;
            m.ranks = ranks;
            m.bytes = p.bytes;
            m.timeSeconds = p.seconds;
            m.inPlace = options.inPlace;
            train.push_back(m);
        } else {
            test.push_back(p);
        }
    }
    auto fitted = calibrate(train, options);
    if (!fitted)
        return fitted.problems();
    HoldOut h;
    std::vector<double> errors;
    for (const auto& p : test) {
        FitPoint f;
        f.bytes = p.bytes;
        f.measuredSeconds = p.seconds;
        f.fittedSeconds = fitted->predictSeconds(p.bytes);
        f.relativeError = (f.fittedSeconds - p.seconds) / p.seconds;
        errors.push_back(std::abs(f.relativeError));
        h.points.push_back(f);
    }
    h.medianRelativeError = median(errors);
    return h;
}

Link toLink(const Calibration& calibration, const Link& base)
{
    const AlphaBetaFit f = calibration.summary();
    Link link = base;
    link.alphaSeconds = f.alphaSeconds;
    link.bandwidthGBps = f.busBandwidthGBps;
    link.source = "calibrated from " + std::to_string(calibration.points.size()) + " sizes of "
        + std::string(name(calibration.op)) + " at " + std::to_string(calibration.ranks) + " ranks";
    return link;
}

std::vector<PlausibilityProblem> plausibilityProblems(const Calibration& calibration, double linkBusGBps)
{
    using Kind = PlausibilityProblem::Kind;
    std::vector<PlausibilityProblem> out;
    const AlphaBetaFit summary = calibration.summary();
    if (summary.alphaSeconds > kMostPlausibleAlphaSeconds)
        out.push_back({ Kind::AlphaTooHigh, summary.alphaSeconds, kMostPlausibleAlphaSeconds });
    if (linkBusGBps > 0 && summary.busBandwidthGBps > 1.2 * linkBusGBps)
        out.push_back({ Kind::AboveLink, summary.busBandwidthGBps, linkBusGBps });
    double best = 0;
    for (const FitPoint& p : calibration.points)
        if (p.measuredSeconds > 0)
            best = std::max(best,
                static_cast<double>(p.bytes) / p.measuredSeconds / kBytesPerGB
                    * busBandwidthFactor(calibration.op, calibration.ranks));
    if (best > 0 && summary.busBandwidthGBps > 1.5 * best)
        out.push_back({ Kind::BeyondData, summary.busBandwidthGBps, best });
    if (calibration.medianRelativeError > 0.25)
        out.push_back({ Kind::PoorFit, calibration.medianRelativeError, 0.25 });
    return out;
}

std::string text(const PlausibilityProblem& problem)
{
    const auto fixed = [](double v, int digits) {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
        return std::string(buffer);
    };
    switch (problem.kind) {
    case PlausibilityProblem::Kind::AlphaTooHigh:
        return "α = " + fixed(problem.value * 1e6, 0)
            + " µs per step is above 1 ms: a collective starts in microseconds, so the run was disturbed (other "
              "jobs, swapping) or its small sizes are missing";
    case PlausibilityProblem::Kind::AboveLink:
        return "β = " + fixed(problem.value, 1) + " GB/s is above the link's " + fixed(problem.limit, 1)
            + " GB/s: check the rank count, or compare with the hardware the run used";
    case PlausibilityProblem::Kind::BeyondData:
        return "β = " + fixed(problem.value, 1) + " GB/s is far above the best measured " + fixed(problem.limit, 1)
            + " GB/s: the large sizes that show the bandwidth are missing, so β is a guess beyond the data";
    case PlausibilityProblem::Kind::PoorFit:
        return "the line misses the rows by a median " + fixed(problem.value * 100, 0)
            + " %: the run is noisy or mixes regimes the fit cannot separate";
    }
    return {};
}

} // namespace tutor::model
