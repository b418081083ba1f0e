#include "calibrate.h"

#include <algorithm>
#include <cmath>
#include <map>

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

/// Weighted least squares for t = c0 + c1·S minimising Σ((c0 + c1 S_i)/t_i − 1)²: with x = 1/t, y = S/t the
/// normal equations are [Σxx Σxy; Σxy Σyy]·[c0; c1] = [Σx; Σy]. c0 is clamped at 0 (latency cannot be
/// negative) and the slope refitted alone.
std::optional<std::pair<double, double>> fitAffine(const std::vector<Sample>& s)
{
    double sxx = 0, sxy = 0, syy = 0, sx = 0, sy = 0;
    for (const auto& p : s) {
        const double x = 1.0 / p.seconds;
        const double y = static_cast<double>(p.bytes) / p.seconds;
        sxx += x * x;
        sxy += x * y;
        syy += y * y;
        sx += x;
        sy += y;
    }
    const double det = sxx * syy - sxy * sxy;
    double c0 = 0, c1 = 0;
    if (std::abs(det) > 1e-12 * sxx * syy) {
        c0 = (sx * syy - sy * sxy) / det;
        c1 = (sxx * sy - sxy * sx) / det;
    }
    if (c0 < 0 || !std::isfinite(c0) || !std::isfinite(c1)) {
        c0 = 0;
        c1 = syy > 0 ? sy / syy : 0;
    }
    if (c1 <= 0 || !std::isfinite(c1))
        return std::nullopt;
    return std::pair { c0, c1 };
}

AlphaBetaFit makeFit(double c0, double c1, Collective op, int ranks)
{
    AlphaBetaFit f;
    f.latencySeconds = c0;
    f.busBandwidthGBps = busBandwidthFactor(op, ranks) / c1 / kBytesPerGB;
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

void score(Calibration& c, const std::vector<Sample>& s)
{
    c.points.clear();
    std::vector<double> errors;
    const double asymptote = c.crossoverBytes ? c.large.busBandwidthGBps : c.fit.busBandwidthGBps;
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
    double squares = 0;
    for (double e : errors)
        squares += e * e;
    c.rmsRelativeError = errors.empty() ? 0 : std::sqrt(squares / static_cast<double>(errors.size()));
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
    if (crossoverBytes)
        return segmentSeconds(bytes < *crossoverBytes ? small : large, op, ranks, bytes);
    return segmentSeconds(fit, op, ranks, bytes);
}

Result<Calibration> calibrate(const std::vector<Measurement>& measurements, const CalibrationOptions& options)
{
    Calibration c;
    auto samples = samplesOf(measurements, options, c.op, c.ranks);
    if (!samples)
        return samples.problems();
    const auto& s = *samples;
    auto whole = fitAffine(s);
    if (!whole)
        return Problem { "measurements", std::to_string(s.size()) + " sizes",
            "show no bandwidth term (time does not grow with size); add larger sizes" };
    c.fit = makeFit(whole->first, whole->second, c.op, c.ranks);
    c.small = c.large = c.fit;
    score(c, s);

    constexpr std::size_t kMinSegment = 3;
    if (!options.allowCrossover || s.size() < 2 * kMinSegment)
        return c;
    Calibration best = c;
    for (std::size_t k = kMinSegment; k + kMinSegment <= s.size(); ++k) {
        const std::vector<Sample> lo(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(k));
        const std::vector<Sample> hi(s.begin() + static_cast<std::ptrdiff_t>(k), s.end());
        auto a = fitAffine(lo);
        auto b = fitAffine(hi);
        if (!a || !b)
            continue;
        Calibration trial = c;
        trial.small = makeFit(a->first, a->second, c.op, c.ranks);
        trial.large = makeFit(b->first, b->second, c.op, c.ranks);
        trial.crossoverBytes = s[k].bytes;
        score(trial, s);
        if (trial.rmsRelativeError < best.rmsRelativeError)
            best = trial;
    }
    if (best.crossoverBytes && best.rmsRelativeError < options.crossoverGain * c.rmsRelativeError)
        return best;
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
    const AlphaBetaFit& f = calibration.crossoverBytes ? calibration.large : calibration.fit;
    Link link = base;
    link.alphaSeconds = (calibration.crossoverBytes ? calibration.small : calibration.fit).alphaSeconds;
    link.bandwidthGBps = f.busBandwidthGBps;
    link.source = "calibrated from " + std::to_string(calibration.points.size()) + " sizes of "
        + std::string(name(calibration.op)) + " at " + std::to_string(calibration.ranks) + " ranks";
    return link;
}

} // namespace tutor::model
