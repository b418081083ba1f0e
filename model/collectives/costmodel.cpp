// SPDX-License-Identifier: MIT
// The α-β-γ cost model: validation, one algorithm × protocol, and NCCL-style auto selection.
#include "model/collectives/costmodel.h"

#include "model/collectives/algorithms/algorithm_impl.h"
#include "model/collectives/nccltuning.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tutor::model {

namespace {
using detail::AlgorithmEntry;

/// True if `entry` can run the request (its collective, rank count and topology); else false, and the rule in
/// *why when given.
bool runs(const AlgorithmEntry& entry, const CollectiveRequest& request, std::string* why = nullptr)
{
    if (!detail::supports(entry, request.op)) {
        return detail::fail(why, [&] {
            std::string list;
            for (auto op : entry.collectives)
                list += (list.empty() ? "" : ", ") + std::string(name(op));
            return "not defined for " + std::string(name(request.op)) + " (defined for " + list + ")";
        });
    }
    return entry.check(request.op, request.topology.ranks(), &request.topology, why);
}

/// What of the fabric's NCCL setup (`setup`, fabricSetup) still narrows a request's choice: a protocol left to auto
/// keeps to its NCCL_PROTO even under a forced algorithm, an algorithm left to auto to its NCCL_ALGO; a protocol or
/// algorithm forced by hand overrides the setting it replaces, as setting NCCL_PROTO or NCCL_ALGO yourself does.
NetSetup narrowingSetup(const CollectiveRequest& request, NetSetup setup)
{
    if (request.protocol != Protocol::Auto)
        setup.protocols = {};
    if (request.algorithm != Algorithm::Auto)
        setup.algorithms = {};
    return setup;
}

/// What the fabric's NCCL setup does to auto's choice, as the reason's tail (empty inside one node).
std::string setupReason(const NetSetup& setup)
{
    std::string text;
    if (setup.tunerPlugin)
        text += "; this fabric's tuner plugin chooses by the time a call takes";
    if (const auto protocols = names(setup.protocols); !protocols.empty())
        text += "; this fabric's NCCL setup allows only the " + joinList(protocols)
            + (protocols.size() == 1 ? " protocol" : " protocols") + " (NCCL_PROTO)";
    if (const auto algorithms = names(setup.algorithms); !algorithms.empty())
        text += "; this fabric's NCCL setup allows only " + joinList(algorithms) + " (NCCL_ALGO)";
    return text;
}

/// algbw = S / t and busbw = algbw × the collective's factor (nccl-tests), from c.totalSeconds.
void setBandwidths(CollectiveCost& c, Collective op)
{
    if (c.totalSeconds > 0 && std::isfinite(c.totalSeconds)) {
        c.algBwGBps = static_cast<double>(c.bytes) / c.totalSeconds / kBytesPerGB;
        c.busBwGBps = c.algBwGBps * busBandwidthFactor(op, c.ranks);
    }
}

/// The cost of one algorithm × protocol; preconditions: request valid, algorithm and protocol can run it.
/// `withText` false leaves formula and reason empty (the auto search only compares times). `nccl` is NCCL's
/// table for the request (empty where NCCL's model does not apply); an NCCL algorithm with a row there is
/// timed as NCCL's tuner times it, the others with the algorithm's own α-β-γ closed form.
CollectiveCost evaluate(const CollectiveRequest& request, const AlgorithmEntry& entry, Protocol protocol,
    const std::vector<NcclTuning>& nccl, bool withText = true)
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
    in.interNodeBps = topo.interBandwidthPerNodeGBps() * kBytesPerGB * efficiency;
    in.gammaSecondsPerByte = topo.reduceGBps > 0 ? 1.0 / (topo.reduceGBps * kBytesPerGB) : 0.0;
    in.wantFormula = withText;
    const auto terms = entry.cost(in);
    c.steps = terms.steps;
    c.bytesSentPerRank = terms.bytesSentPerRank;
    c.linkBytes = terms.linkBytes;
    if (const auto* row = entry.origin == Origin::Nccl ? findRow(nccl, entry.algorithm, protocol) : nullptr) {
        // NCCL fuses the reduction into the copy: no separate γ term.
        const auto t = ncclTime(*row, request.op, request.bytes, topo);
        c.latencySeconds = t.latency;
        c.bandwidthSeconds = t.transfer + t.pipeline + t.treeFill + t.treeNetChunks;
        c.totalSeconds = t.total();
        c.tunerSeconds = t.tuner;
        setBandwidths(c, request.op);
        if (withText) {
            c.formula = std::string(name(entry.algorithm)) + "/" + std::string(name(protocol)) + " "
                + std::string(name(request.op)) + ", n = " + std::to_string(n) + ": "
                + ncclFormula(*row, t, request.bytes, topo);
            c.reason = "forced " + std::string(name(entry.algorithm)) + "/" + std::string(name(protocol));
        }
        return c;
    }
    // An ideal machine has no launch latency either. NCCL's point-to-point calls (AllToAll, SendRecv, Gather,
    // Scatter) pay what its collectives pay beyond the tuner.
    const double launch = entry.origin == Origin::Nccl ? ncclCallOverheadUs(topo, protocol) * kMicro : 0.0;
    const Seconds base = topo.latencyFree() ? 0.0 : detail::baseLatencySeconds(entry.family, protocol) + launch;
    c.latencySeconds = base + terms.latencySeconds;
    c.bandwidthSeconds = terms.bandwidthSeconds;
    c.reduceSeconds = terms.reduceSeconds;
    c.totalSeconds = c.latencySeconds + c.bandwidthSeconds + c.reduceSeconds;
    c.tunerSeconds = c.totalSeconds;
    setBandwidths(c, request.op);
    if (!withText)
        return c;
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

/// "ring/LL 15.0 µs": the pair and the time auto compares (NCCL's own estimate where its model applies).
std::string label(const CollectiveCost& c)
{
    return std::string(name(c.algorithm)) + "/" + std::string(name(c.protocol)) + " " + detail::fmtTime(c.tunerSeconds);
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
        if (std::string rule; !runs(*entry, request, &rule))
            out.push_back({ "algorithm", std::string(name(request.algorithm)), rule });
        else if (request.protocol != Protocol::Auto) {
            if (const char* prule = detail::protocolRule(request.protocol, request.algorithm, request.topology))
                out.push_back({ "protocol", std::string(name(request.protocol)), prule });
        }
    } else if (request.protocol != Protocol::Auto) {
        bool any = false;
        for (const auto* e : detail::algorithmTable())
            any = any || (runs(*e, request) && !detail::protocolRule(request.protocol, e->algorithm, request.topology));
        if (!any)
            out.push_back({ "protocol", std::string(name(request.protocol)),
                "no algorithm can run this collective "
                "with it on this topology" });
    }
    return out;
}

namespace {
/// Calls visit(entry, protocol) for every pair that can run a valid request.
/// Auto considers only the algorithms NCCL has (Origin::Nccl), as NCCL's tuner chooses among its own; the MPI /
/// textbook ones are candidates only when no NCCL algorithm can run the request (a forced algorithm is always
/// the one visited). Where NCCL's table has rows for the request, auto considers exactly the rows NCCL would
/// choose among (NcclTuning::automatic).
template <class Visit>
void forEachPair(const CollectiveRequest& request, const std::vector<NcclTuning>& nccl, Visit&& visit)
{
    const NetSetup fabric = fabricSetup(request.topology);
    const NetSetup setup = narrowingSetup(request, fabric);
    bool ncclOnly = false;
    if (request.algorithm == Algorithm::Auto)
        for (const auto* e : detail::algorithmTable())
            ncclOnly = ncclOnly || (e->origin == Origin::Nccl && runs(*e, request));
    for (const auto* e : detail::algorithmTable()) {
        if (request.algorithm != Algorithm::Auto && e->algorithm != request.algorithm)
            continue;
        if (ncclOnly && e->origin != Origin::Nccl)
            continue;
        if (!runs(*e, request))
            continue;
        for (auto p : concreteProtocols()) {
            if (request.protocol != Protocol::Auto && p != request.protocol)
                continue;
            if (detail::protocolRule(p, e->algorithm, request.topology))
                continue;
            // The fabric's NCCL setup narrows NCCL's own collective algorithms (the rows of its table) as far as the
            // request leaves the choice open.
            const auto* row = nccl.empty() ? nullptr : findRow(nccl, e->algorithm, p);
            if (row && !setup.allows(e->algorithm, p))
                continue;
            // Auto also leaves out what NCCL's own rules do (NVLS on half of the NVSwitch domain or less); the rows
            // carry the fabric's setup too, applied just above.
            if (ncclOnly && !nccl.empty() && request.algorithm == Algorithm::Auto
                && (!row || (!row->automatic && fabric.allows(e->algorithm, p))))
                continue;
            visit(*e, p);
        }
    }
}
} // namespace

std::vector<CollectiveCost> candidates(const CollectiveRequest& request)
{
    std::vector<CollectiveCost> out;
    if (!validate(request).empty())
        return out;
    const auto nccl = ncclTable(request.op, request.topology);
    forEachPair(
        request, nccl, [&](const AlgorithmEntry& e, Protocol p) { out.push_back(evaluate(request, e, p, nccl)); });
    std::stable_sort(out.begin(), out.end(),
        [](const CollectiveCost& a, const CollectiveCost& b) { return a.tunerSeconds < b.tunerSeconds; });
    return out;
}

Result<CollectiveCost> predict(const CollectiveRequest& request)
{
    if (auto problems = validate(request); !problems.empty())
        return problems;
    // Compare NCCL's estimates only (tunerSeconds); the winner is evaluated again with its formula. Equal times
    // keep the first pair in table order, as candidates() does.
    const AlgorithmEntry* bestEntry = nullptr;
    CollectiveCost best;
    CollectiveCost second;
    int count = 0;
    const auto nccl = ncclTable(request.op, request.topology);
    forEachPair(request, nccl, [&](const AlgorithmEntry& e, Protocol p) {
        auto c = evaluate(request, e, p, nccl, false);
        ++count;
        if (!bestEntry || c.tunerSeconds < best.tunerSeconds) {
            second = std::move(best);
            best = std::move(c);
            bestEntry = &e;
        } else if (count == 2 || c.tunerSeconds < second.tunerSeconds) {
            second = std::move(c);
        }
    });
    if (!bestEntry)
        return Problem { "algorithm", std::string(name(request.algorithm)), "no algorithm can run this request" };
    if (!request.explain)
        return best;
    auto chosen = evaluate(request, *bestEntry, best.protocol, nccl, true);
    if (chosen.ranks <= 1)
        return chosen;
    const bool chose = request.algorithm == Algorithm::Auto || request.protocol == Protocol::Auto;
    if (chose) {
        chosen.candidates = count;
        if (count > 1) {
            chosen.runnerUpAlgorithm = second.algorithm;
            chosen.runnerUpProtocol = second.protocol;
            chosen.runnerUpSeconds = second.tunerSeconds;
        }
    }
    if (chose && count > 1) {
        chosen.reason = label(chosen) + " beats " + label(second);
        if (chosen.tunerSeconds != chosen.totalSeconds)
            chosen.reason
                += " in NCCL's own estimate (its tuner's figures; the time shown adds the measured launch and "
                   "low-latency (LL, LL128) costs, the chunk pipeline, the tree's fill and the fabric's own measured "
                   "network costs)";
    } else if (chose)
        chosen.reason = label(chosen) + ": the only algorithm/protocol that can run this";
    if (chose)
        chosen.reason += setupReason(narrowingSetup(request, fabricSetup(request.topology)));
    return chosen;
}

} // namespace tutor::model
