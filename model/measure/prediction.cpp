// SPDX-License-Identifier: MIT
#include "model/measure/prediction.h"

#include "model/collectives/topology.h"

#include <algorithm>
#include <map>
#include <set>

namespace tutor::model {

Result<Topology> liveTopology(const HardwarePreset& preset, int ranks, int hosts)
{
    TopologySpec spec;
    spec.ranks = ranks;
    spec.nodes = std::max(1, hosts);
    return buildTopology(preset, spec);
}

std::vector<PredictedPoint> predictSizes(
    Collective op, DType dtype, const Topology& topology, const std::vector<Bytes>& sizes, std::string* problem)
{
    std::vector<PredictedPoint> out;
    for (const Bytes bytes : sizes) {
        CollectiveRequest request;
        request.op = op;
        request.bytes = bytes;
        request.dtype = dtype;
        request.topology = topology;
        const auto cost = predict(request);
        if (!cost) {
            if (problem && problem->empty())
                *problem = toText(cost.problems());
            continue;
        }
        out.push_back({ bytes, cost->totalSeconds });
    }
    return out;
}

std::vector<Bytes> measuredSizes(const std::vector<Measurement>& measurements)
{
    std::set<Bytes> sizes;
    for (const auto& m : measurements)
        if (!m.inPlace)
            sizes.insert(m.bytes);
    if (sizes.empty())
        for (const auto& m : measurements)
            sizes.insert(m.bytes);
    return { sizes.begin(), sizes.end() };
}

OverlapPrediction predictOverlap(double computeUs, double commUs)
{
    OverlapPrediction p;
    p.computeUs = computeUs;
    p.commUs = commUs;
    p.overallUs = std::max(computeUs, commUs);
    if (commUs > 0) {
        p.htaPct = std::clamp(100.0 * std::min(computeUs, commUs) / commUs, 0.0, 100.0);
        p.osuPct = std::clamp(100.0 - 100.0 * (p.overallUs - computeUs) / commUs, 0.0, 100.0);
    }
    return p;
}

std::vector<MeasurementRow> measurementRows(const std::vector<Measurement>& measurements,
    const std::vector<PredictedPoint>& predicted, const std::optional<Calibration>& calibration)
{
    std::map<Bytes, Seconds> model;
    for (const auto& p : predicted)
        model[p.bytes] = p.seconds;
    std::map<Bytes, FitPoint> fit;
    if (calibration)
        for (const auto& p : calibration->points)
            fit[p.bytes] = p;
    std::vector<MeasurementRow> rows;
    rows.reserve(measurements.size());
    for (const auto& m : measurements) {
        MeasurementRow row { m, std::nullopt, std::nullopt };
        if (const auto at = model.find(m.bytes); at != model.end())
            row.predictedSeconds = at->second;
        if (const auto at = fit.find(m.bytes); at != fit.end() && !m.inPlace)
            row.fit = at->second;
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace tutor::model
