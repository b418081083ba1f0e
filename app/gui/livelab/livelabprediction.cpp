#include "livelabprediction.h"

#include <algorithm>
#include <set>

namespace tutor::app {

model::Result<model::Topology> liveTopology(const model::HardwarePreset& preset, int ranks, int hosts)
{
    model::TopologySpec spec;
    spec.ranks = ranks;
    spec.nodes = std::max(1, hosts);
    return model::buildTopology(preset, spec);
}

std::vector<PredictedPoint> predictSizes(model::Collective op, model::DType dtype, const model::Topology& topology,
    const std::vector<model::Bytes>& sizes, std::string* problem)
{
    std::vector<PredictedPoint> out;
    for (const model::Bytes bytes : sizes) {
        model::CollectiveRequest request;
        request.op = op;
        request.bytes = bytes;
        request.dtype = dtype;
        request.topology = topology;
        const auto cost = model::predict(request);
        if (!cost) {
            if (problem && problem->empty())
                *problem = model::toText(cost.problems());
            continue;
        }
        out.push_back({ bytes, cost->totalSeconds });
    }
    return out;
}

std::vector<model::Bytes> measuredSizes(const std::vector<model::Measurement>& measurements)
{
    std::set<model::Bytes> sizes;
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

} // namespace tutor::app
