// SPDX-License-Identifier: MIT
#include "collectivescontroller.h"

#include "views/collectiveframe.h"
#include "views/collectivelayout.h"
#include "views/text.h"

namespace tutor::app {

CollectivesController::CollectivesController(QObject* parent)
    : QObject(parent)
{
    recompute();
}

void CollectivesController::setParams(const CollectivesParams& params)
{
    m_params = params;
    recompute();
}

void CollectivesController::setCalibratedLinks(std::optional<model::Link> intra, std::optional<model::Link> inter)
{
    if (intra)
        m_intra = intra;
    if (inter)
        m_inter = inter;
    recompute();
}

void CollectivesController::clearCalibration()
{
    m_intra.reset();
    m_inter.reset();
    recompute();
}

void CollectivesController::setCalibratedProfile(
    std::optional<model::HardwarePreset> profile, const CollectivesParams& params)
{
    m_profile = std::move(profile);
    setParams(params);
}

model::Result<model::Topology> CollectivesController::topologyFor(const CollectivesParams& params) const
{
    model::TopologySpec spec;
    spec.preset = params.presetId;
    spec.ranks = params.ranks;
    spec.nodes = params.nodes;
    spec.nodesHoldAtMostPreset = true; // the drawing shows real nodes: 16 GPUs on an 8-GPU node is refused
    if (params.intraAlphaUs >= 0)
        spec.intraAlphaMicroseconds = params.intraAlphaUs;
    if (params.intraBandwidthGBps >= 0)
        spec.intraBandwidthGBps = params.intraBandwidthGBps;
    if (params.interAlphaUs >= 0)
        spec.interAlphaMicroseconds = params.interAlphaUs;
    if (params.interBandwidthGBps >= 0)
        spec.interBandwidthGBps = params.interBandwidthGBps;
    if (params.nicsPerNode > 0)
        spec.nicsPerNode = params.nicsPerNode;
    if (params.sharp)
        spec.sharp = true;
    if (m_profile && params.presetId == kCalibratedPresetId)
        return model::buildTopology(*m_profile, spec);
    return model::buildTopology(spec);
}

void CollectivesController::recompute()
{
    CollectivesResult r;
    r.params = m_params;
    auto topology = topologyFor(m_params);
    if (!topology) {
        r.problems = topology.problems();
        m_result = std::move(r);
        emit updated();
        return;
    }
    r.topology = topology.value();
    r.topologyOk = true;
    if (m_intra)
        r.topology.intra = *m_intra;
    if (m_inter)
        r.topology.inter = *m_inter;
    r.calibrated = m_intra || m_inter;

    model::CollectiveRequest request;
    request.op = m_params.op;
    request.bytes = m_params.bytes;
    request.topology = r.topology;
    request.algorithm = m_params.algorithm;
    request.protocol = m_params.protocol;

    auto cost = model::predict(request);
    if (cost)
        r.cost = cost.value();
    else
        r.problems = cost.problems();

    model::CollectiveRequest autoRequest = request;
    autoRequest.algorithm = model::Algorithm::Auto;
    autoRequest.protocol = model::Protocol::Auto;
    if (auto pick = model::predict(autoRequest))
        r.autoPick = pick.value();
    autoRequest.explain = false;
    for (const model::Bytes size : { model::Bytes { 8 }, model::Bytes { 64 } << 10, model::Bytes { 1 } << 20,
             model::Bytes { 16 } << 20, model::Bytes { 256 } << 20, model::Bytes { 4 } << 30 }) {
        autoRequest.bytes = size;
        if (auto pick = model::predict(autoRequest))
            r.picksBySize.push_back(pick.value());
    }
    r.candidates = model::candidates(request);
    for (const model::Algorithm a : model::algorithmsFor(m_params.op)) {
        model::CollectiveRequest forced = request;
        forced.algorithm = a;
        forced.protocol = model::Protocol::Auto;
        if (const model::Problems problems = model::validate(forced); !problems.empty())
            r.unavailable.emplace_back(a, views::problemText(problems.front()));
    }

    const int ranks = r.topology.ranks();
    if (ranks > views::kMaxAnimatedRanks) {
        r.scheduleNote = tr("More than %1 ranks: the drawing shows the nodes; the figures cover every rank.")
                             .arg(views::kMaxAnimatedRanks);
    } else if (r.cost) {
        auto schedule = model::makeSchedule(m_params.op, r.cost->algorithm, ranks, m_params.bytes, 0, &r.topology);
        if (schedule) {
            r.schedule = schedule.value();
            const model::Verification v = model::verify(*r.schedule);
            r.verified = v.ok;
            r.verification = QString::fromStdString(v.detail);
        } else {
            r.scheduleNote = views::problemsText(schedule.problems());
        }
    } else {
        r.scheduleNote = tr("No schedule: the request has problems (see the readout).");
    }
    m_result = std::move(r);
    emit updated();
}

} // namespace tutor::app
