// The α-β-γ cost model: validation, one algorithm × protocol, and NCCL-style auto selection.
#include "costmodel.h"

#include "algorithms/algorithm_impl.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tutor::model {

namespace {
using detail::AlgorithmEntry;

std::string algorithmRule(const AlgorithmEntry& entry, const CollectiveRequest& request)
{
    if (!detail::supports(entry, request.op)) {
        std::string list;
        for (auto op : entry.collectives)
            list += (list.empty() ? "" : ", ") + std::string(name(op));
        return "not defined for " + std::string(name(request.op)) + " (defined for " + list + ")";
    }
    return entry.check(request.op, request.topology.ranks(), &request.topology);
}

/// The cost of one algorithm × protocol; preconditions: request valid, algorithm and protocol can run it.
CollectiveCost evaluate(const CollectiveRequest& request, const AlgorithmEntry& entry, Protocol protocol)
{
    const Topology& topo = request.topology;
    const int n = topo.ranks();
    CollectiveCost c;
    c.op = request.op;
    c.algorithm = entry.algorithm;
    c.protocol = protocol;
    c.ranks = n;
    c.bytes = request.bytes;
    if (n <= 1) {
        // NCCL costs a one-rank communicator at 0 (enqueue.cc: nRanks == 1 → time 0): nothing moves.
        c.reason = "1 rank: nothing to communicate, time 0";
        c.formula = "n = 1: t = 0";
        return c;
    }
    detail::CostInput in;
    in.op = request.op;
    in.bytes = request.bytes;
    in.ranks = n;
    in.topology = &topo;
    in.protocol = protocol;
    in.intraHop = detail::hopLatencySeconds(topo.intra, entry.family, protocol);
    in.interHop = detail::hopLatencySeconds(topo.inter, entry.family, protocol);
    const double efficiency = detail::protocolEfficiency(protocol);
    in.intraBps = topo.intra.bandwidthGBps * kBytesPerGB * efficiency;
    in.interBps = topo.interBandwidthPerGpuGBps() * kBytesPerGB * efficiency;
    in.gammaSecondsPerByte = topo.reduceGBps > 0 ? 1.0 / (topo.reduceGBps * kBytesPerGB) : 0.0;
    const auto terms = entry.cost(in);
    // An ideal machine (α = 0 on every link it uses) has no launch latency either, so that busbw reaches β.
    const bool latencyFree = topo.intra.alphaSeconds == 0 && (topo.nodes == 1 || topo.inter.alphaSeconds == 0);
    const Seconds base = latencyFree ? 0.0 : detail::baseLatencySeconds(entry.family, protocol);
    c.latencySeconds = base + terms.latencySeconds;
    c.bandwidthSeconds = terms.bandwidthSeconds;
    c.reduceSeconds = terms.reduceSeconds;
    c.totalSeconds = c.latencySeconds + c.bandwidthSeconds + c.reduceSeconds;
    c.steps = terms.steps;
    c.bytesSentPerRank = terms.bytesSentPerRank;
    c.linkBytes = terms.linkBytes;
    if (c.totalSeconds > 0 && std::isfinite(c.totalSeconds)) {
        c.algBwGBps = static_cast<double>(request.bytes) / c.totalSeconds / kBytesPerGB;
        c.busBwGBps = c.algBwGBps * busBandwidthFactor(request.op, n);
    }
    std::string formula = std::string(name(entry.algorithm)) + "/" + std::string(name(protocol)) + " "
        + std::string(name(request.op)) + ", n = " + std::to_string(n) + ": t = ";
    if (base > 0)
        formula += "base " + detail::fmtTime(base) + " + ";
    formula += terms.formula;
    if (c.reduceSeconds > 0)
        formula += " + γ " + detail::fmtTime(c.reduceSeconds);
    formula += " = " + detail::fmtTime(c.totalSeconds);
    c.formula = std::move(formula);
    c.reason = "forced " + std::string(name(entry.algorithm)) + "/" + std::string(name(protocol));
    return c;
}

std::vector<Protocol> protocolsFor(const CollectiveRequest& request, const AlgorithmEntry& entry)
{
    std::vector<Protocol> out;
    for (auto p : concreteProtocols()) {
        if (request.protocol != Protocol::Auto && p != request.protocol)
            continue;
        if (detail::protocolRule(p, entry.algorithm, request.topology).empty())
            out.push_back(p);
    }
    return out;
}

std::string label(const CollectiveCost& c)
{
    return std::string(name(c.algorithm)) + "/" + std::string(name(c.protocol)) + " " + detail::fmtTime(c.totalSeconds);
}
} // namespace

Problems validate(const CollectiveRequest& request)
{
    Problems out = validate(request.topology, "topology");
    if (request.bytes < 1 || request.bytes > kMaxMessageBytes)
        out.push_back({ "bytes", std::to_string(request.bytes), "must be between 1 and 1099511627776 (1 TiB)" });
    const int n = request.topology.ranks();
    if (traits(request.op).rooted && (request.root < 0 || (n >= 1 && request.root >= n)))
        out.push_back({ "root", std::to_string(request.root), "must be a rank in [0, " + std::to_string(n) + ")" });
    if (!out.empty())
        return out; // the checks below need a sane topology
    if (request.algorithm != Algorithm::Auto) {
        const auto* entry = detail::findAlgorithm(request.algorithm);
        if (const auto rule = algorithmRule(*entry, request); !rule.empty())
            out.push_back({ "algorithm", std::string(name(request.algorithm)), rule });
        else if (request.protocol != Protocol::Auto) {
            if (const auto prule = detail::protocolRule(request.protocol, request.algorithm, request.topology);
                !prule.empty())
                out.push_back({ "protocol", std::string(name(request.protocol)), prule });
        }
    } else if (request.protocol != Protocol::Auto) {
        bool any = false;
        for (const auto* e : detail::algorithmTable())
            any = any
                || (algorithmRule(*e, request).empty()
                    && detail::protocolRule(request.protocol, e->algorithm, request.topology).empty());
        if (!any)
            out.push_back({ "protocol", std::string(name(request.protocol)),
                "no algorithm can run this collective "
                "with it on this topology" });
    }
    return out;
}

std::vector<CollectiveCost> candidates(const CollectiveRequest& request)
{
    std::vector<CollectiveCost> out;
    if (!validate(request).empty())
        return out;
    for (const auto* e : detail::algorithmTable()) {
        if (request.algorithm != Algorithm::Auto && e->algorithm != request.algorithm)
            continue;
        if (!algorithmRule(*e, request).empty())
            continue;
        for (auto p : protocolsFor(request, *e))
            out.push_back(evaluate(request, *e, p));
    }
    std::stable_sort(out.begin(), out.end(),
        [](const CollectiveCost& a, const CollectiveCost& b) { return a.totalSeconds < b.totalSeconds; });
    return out;
}

Result<CollectiveCost> predict(const CollectiveRequest& request)
{
    if (auto problems = validate(request); !problems.empty())
        return problems;
    auto all = candidates(request);
    if (all.empty())
        return Problem { "algorithm", std::string(name(request.algorithm)), "no algorithm can run this request" };
    CollectiveCost best = all.front();
    if (best.ranks <= 1)
        return best;
    const bool chose = request.algorithm == Algorithm::Auto || request.protocol == Protocol::Auto;
    if (chose && all.size() > 1)
        best.reason = label(best) + " beats " + label(all[1]);
    else if (chose)
        best.reason = label(best) + ": the only algorithm/protocol that can run this";
    return best;
}

} // namespace tutor::model
