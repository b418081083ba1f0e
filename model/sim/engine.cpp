// SPDX-License-Identifier: MIT
#include "model/sim/engine.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace tutor::model::sim {

namespace {
// The topology a group of `ranks` members runs on when `perNode` of them share a node. Each member
// gets its fair share of the node's NICs, since the other groups of that node send at the same time.
Group groupOn(const HardwarePreset& hw, GroupKind what, int ranks, int perNode)
{
    Group g;
    g.kind = what;
    g.ranks = ranks;
    perNode = std::clamp(perNode, 1, ranks);
    const int nodes = (ranks + perNode - 1) / perNode;
    g.topology = makeTopology(hw, nodes, perNode);
    if (nodes > 1) {
        const double share = std::min(1.0, static_cast<double>(hw.nicsPerNode) / std::max(1, hw.gpusPerNode));
        g.topology.inter.bandwidthGBps = hw.inter.bandwidthGBps * share;
        g.topology.nicsPerNode = perNode;
    }
    g.label = std::string(name(what)) + "(" + std::to_string(ranks) + ", ";
    if (ranks == 1)
        g.label += "local)";
    else if (nodes == 1)
        g.label += std::string(name(hw.intra.kind)) + ")";
    else
        g.label += std::to_string(nodes) + " nodes, " + std::string(name(hw.inter.kind)) + ")";
    return g;
}
} // namespace

std::array<Group, kGroupKinds> makeGroups(const Scenario& s, const HardwarePreset& hw)
{
    // Ranks are numbered in Megatron-Core's default order, tp-cp-ep-dp-pp: TP fastest, then context, expert and
    // data parallelism, pipeline stages slowest.
    const auto& p = s.parallel;
    const int gpn = std::max(1, hw.gpusPerNode);
    const int tp = p.tp, cp = p.cp, dp = p.dp, ep = p.ep;
    std::array<Group, kGroupKinds> groups;
    // TP: consecutive ranks.
    groups[static_cast<int>(GroupKind::Tp)] = groupOn(hw, GroupKind::Tp, tp, std::min(tp, gpn));
    // CP: stride tp, so gpn / tp members share a node.
    groups[static_cast<int>(GroupKind::Cp)] = groupOn(hw, GroupKind::Cp, cp, std::max(1, gpn / tp));
    // Gradients and ZeRO shards: the dp · cp ranks of one TP index (stride tp); the context-parallel ranks hold the
    // same weights and reduce their gradients together.
    groups[static_cast<int>(GroupKind::Dp)] = groupOn(hw, GroupKind::Dp, dp * cp, std::max(1, gpn / tp));
    // PP: neighbours tp·cp·dp ranks apart.
    groups[static_cast<int>(GroupKind::Pp)] = groupOn(hw, GroupKind::Pp, std::min(2, p.pp), tp * cp * dp < gpn ? 2 : 1);
    // The expert layers number a stage's tp·cp·dp ranks etp-ep-dp, fastest first (Megatron-Core's MoE parallel
    // folding; context parallelism folds into the expert data parallelism). EP: ep ranks, stride etp.
    const int etp = p.expertTp();
    groups[static_cast<int>(GroupKind::Ep)] = groupOn(hw, GroupKind::Ep, ep, std::max(1, gpn / etp));
    // Expert data parallel: the tp·cp·dp / (etp·ep) replicas of one expert shard (stride etp·ep).
    groups[static_cast<int>(GroupKind::ExpertDp)]
        = groupOn(hw, GroupKind::ExpertDp, p.expertDataRanks(), std::max(1, gpn / (etp * ep)));
    return groups;
}

namespace {
// predict() is a pure function of its request; one thread's recent (topology, dtype) pairs and their figures.
struct SharedCosts {
    Topology topology;
    DType dtype;
    std::shared_ptr<std::unordered_map<std::uint64_t, Seconds>> seconds;
};
constexpr std::size_t kSharedTopologies = 64;

std::shared_ptr<std::unordered_map<std::uint64_t, Seconds>> sharedCosts(const Topology& topology, DType dtype)
{
    thread_local std::vector<SharedCosts> recent;
    for (const auto& c : recent)
        if (c.dtype == dtype && c.topology == topology)
            return c.seconds;
    if (recent.size() >= kSharedTopologies)
        recent.erase(recent.begin());
    recent.push_back({ topology, dtype, std::make_shared<std::unordered_map<std::uint64_t, Seconds>>() });
    return recent.back().seconds;
}
} // namespace

CommCosts::CommCosts(std::array<Group, kGroupKinds> groups, DType dtype, bool free)
    : m_groups(std::move(groups))
    , m_dtype(dtype)
    , m_free(free)
{
    if (m_free)
        return;
    for (std::size_t k = 0; k < m_groups.size(); ++k)
        if (m_groups[k].ranks > 1)
            m_shared[k] = sharedCosts(m_groups[k].topology, dtype);
}

Seconds CommCosts::seconds(Collective op, Bytes bytes, GroupKind kind)
{
    const auto& g = group(kind);
    if (m_free || g.ranks <= 1 || bytes <= 0)
        return 0;
    const std::uint64_t key = (static_cast<std::uint64_t>(bytes) << 8) | (static_cast<std::uint64_t>(op) << 4)
        | static_cast<std::uint64_t>(kind);
    for (const auto& [k, v] : m_recent)
        if (k == key)
            return v;
    const auto remember = [&](Seconds t) {
        m_recent[m_next++ % m_recent.size()] = { key, t };
        return t;
    };
    auto& shared = *m_shared[static_cast<int>(kind)];
    const std::uint64_t sharedKey = (static_cast<std::uint64_t>(bytes) << 8) | static_cast<std::uint64_t>(op);
    if (const auto it = shared.find(sharedKey); it != shared.end())
        return remember(it->second);
    const auto t = predictSeconds(op, static_cast<double>(bytes), g.topology, g.label);
    if (t)
        shared.emplace(sharedKey, *t); // a refusal is not shared: each simulation reports its own problems
    return remember(t.value_or(0));
}

std::optional<Seconds> CommCosts::predictSeconds(
    Collective op, double bytes, const Topology& topology, const std::string& label)
{
    CollectiveRequest request;
    request.op = op;
    request.bytes = std::clamp(static_cast<Bytes>(std::ceil(bytes)), Bytes { 1 }, kMaxMessageBytes);
    request.dtype = m_dtype;
    request.topology = topology;
    request.algorithm = Algorithm::Auto;
    request.protocol = Protocol::Auto;
    auto cost = predict(request);
    if (!cost) {
        if (m_problems.empty())
            for (auto problem : cost.problems()) {
                problem.field = label + " " + std::string(name(op)) + " " + problem.field;
                m_problems.push_back(std::move(problem));
            }
        return std::nullopt;
    }
    // Messages beyond the model's limit are sent as several; scale the bandwidth part.
    const Seconds t = cost->totalSeconds;
    return bytes > static_cast<double>(request.bytes)
        ? cost->latencySeconds + (t - cost->latencySeconds) * bytes / static_cast<double>(request.bytes)
        : t;
}

double expertRunHit(const MoeSpec& moe, int first, int count)
{
    const int experts = moe.experts, topK = moe.topK;
    const int groups = moe.routerGroups(), chosen = moe.chosenGroups();
    const int size = experts / groups;
    const int pool = chosen * size; // the experts of the chosen groups, top_k drawn among them
    if (experts <= 0 || topK <= 0 || count <= 0 || topK > pool)
        return 0;
    const int end = std::min(experts, first + count);
    // The run's experts in each group it overlaps.
    std::vector<int> held;
    for (int g = first / size; g * size < end; ++g)
        held.push_back(std::min(end, (g + 1) * size) - std::max(first, g * size));
    const int overlapped = static_cast<int>(held.size());
    // subsets[j][x]: subsets of j overlapped groups that hold x of the run's experts.
    const int most = end - first;
    std::vector<std::vector<double>> subsets(
        static_cast<std::size_t>(overlapped) + 1, std::vector<double>(static_cast<std::size_t>(most) + 1, 0.0));
    subsets[0][0] = 1;
    for (int h : held)
        for (int j = overlapped; j >= 1; --j)
            for (int x = most; x >= h; --x)
                subsets[static_cast<std::size_t>(j)][static_cast<std::size_t>(x)]
                    += subsets[static_cast<std::size_t>(j - 1)][static_cast<std::size_t>(x - h)];
    const auto logChoose
        = [](int n, int r) { return std::lgamma(n + 1.0) - std::lgamma(r + 1.0) - std::lgamma(n - r + 1.0); };
    // P(none of the top_k among x of the pool's experts) = C(pool − x, k) / C(pool, k).
    const auto missed = [&](int x) {
        double p = 1;
        for (int i = 0; i < topK; ++i)
            p *= std::max(0.0, static_cast<double>(pool - x - i) / (pool - i));
        return p;
    };
    double miss = 0;
    for (int j = 0; j <= std::min(overlapped, chosen); ++j) {
        const int rest = chosen - j; // groups chosen among those the run does not touch
        if (rest > groups - overlapped)
            continue;
        const double pick = std::exp(logChoose(groups - overlapped, rest) - logChoose(groups, chosen));
        for (int x = 0; x <= most; ++x)
            if (const double n = subsets[static_cast<std::size_t>(j)][static_cast<std::size_t>(x)]; n > 0)
                miss += n * pick * missed(x);
    }
    return 1 - miss;
}

DispatchCopies flexDispatchCopies(const MoeSpec& moe, int ranks, int perNode)
{
    DispatchCopies out;
    if (ranks <= 1 || moe.experts <= 0 || moe.topK <= 0)
        return out;
    perNode = std::clamp(perNode, 1, ranks);
    const int nodes = (ranks + perNode - 1) / perNode;
    const int perRank = std::max(1, moe.experts / ranks);
    // The mean hit probability over runs of `count` experts that start every `count`: runs at the same offset into
    // their router group are alike, so each offset is worked out once.
    const auto meanHit = [&](int count, int runs) {
        std::vector<std::pair<int, double>> seen;
        const int groupSize = moe.experts / moe.routerGroups();
        double sum = 0;
        for (int r = 0; r < runs; ++r) {
            const int offset = moe.routerGroups() > 1 ? r * count % groupSize : 0;
            auto it = std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.first == offset; });
            if (it == seen.end())
                it = seen.insert(seen.end(), { offset, expertRunHit(moe, r * count, count) });
            sum += it->second;
        }
        return sum / runs;
    };
    out.nvlink = nodes * (perNode - 1) * meanHit(perRank, ranks);
    out.network = (nodes - 1) * meanHit(perRank * perNode, nodes);
    return out;
}

Seconds CommCosts::flexDispatchSeconds(double tokenBytes, const DispatchCopies& copies)
{
    const auto& g = group(GroupKind::Ep);
    if (m_free || g.ranks <= 1 || tokenBytes <= 0)
        return 0;
    const Topology& topo = g.topology;
    const int perNode = topo.gpusPerNode, nodes = topo.nodes;
    Seconds t = 0;
    // An AllToAll of S among n ranks sends (n − 1)/n · S from each: S is chosen so that this is what the flex
    // dispatcher sends on that link class.
    if (perNode > 1 && copies.nvlink > 0) {
        Topology node = topo;
        node.nodes = 1;
        t = predictSeconds(Collective::AllToAll, copies.nvlink * tokenBytes * perNode / (perNode - 1), node, g.label)
                .value_or(0);
    }
    if (nodes > 1 && copies.network > 0) {
        Topology net = topo;
        net.gpusPerNode = 1;
        net.nicsPerNode = 1; // each GPU on its own NIC share, as the group's topology gives it
        t = std::max(t,
            predictSeconds(Collective::AllToAll, copies.network * tokenBytes * nodes / (nodes - 1), net, g.label)
                .value_or(0));
    }
    return t;
}

namespace {
// Lanes' record vectors outlive their Builder on the thread that made them, so a search that simulates thousands
// of layouts reuses their memory instead of growing (and page-faulting) fresh vectors for every one.
class RecordPool {
public:
    static std::vector<Record> take()
    {
        auto& pool = vectors();
        if (pool.empty())
            return {};
        auto v = std::move(pool.back());
        pool.pop_back();
        retained() -= v.capacity();
        return v;
    }
    static void give(std::vector<Record>&& v)
    {
        if (v.capacity() == 0 || retained() + v.capacity() > kMaxRecords)
            return; // freed with the vector
        v.clear();
        retained() += v.capacity();
        vectors().push_back(std::move(v));
    }

private:
    static constexpr std::size_t kMaxRecords = std::size_t { 1 } << 16; // 64 Ki records (about 5 MB) per thread
    static std::vector<std::vector<Record>>& vectors()
    {
        thread_local std::vector<std::vector<Record>> pool;
        return pool;
    }
    static std::size_t& retained()
    {
        thread_local std::size_t records = 0;
        return records;
    }
};
} // namespace

Builder::Builder(int stages, bool tp, bool dp, bool pp, bool ep, bool cp)
    : m_laneOf(static_cast<std::size_t>(stages) * kLaneKinds, -1)
{
    const std::array<bool, kLaneKinds> used { true, tp, dp, pp, ep, cp };
    for (int s = 0; s < stages; ++s) {
        for (int k = 0; k < kLaneKinds; ++k) {
            if (!used[k])
                continue;
            const auto kind = static_cast<LaneKind>(k);
            m_laneOf[s * kLaneKinds + k] = static_cast<int>(m_lanes.size());
            m_lanes.push_back({ s, kind, {} }); // named by finish(): the metrics-only path never reads names
        }
    }
    m_records.resize(m_lanes.size());
    // The destructor gives lanes back first to last, so taking them last to first hands each lane the vector the same
    // lane of the builder before had: the compute lane its large one, not a small communication lane's.
    for (auto it = m_records.rbegin(); it != m_records.rend(); ++it)
        *it = RecordPool::take();
    m_free.assign(m_lanes.size(), 0.0);
}

Builder::~Builder()
{
    for (auto& records : m_records)
        RecordPool::give(std::move(records));
}

EventRef Builder::add(int lane, const Record& record, Seconds ready)
{
    auto& records = m_records[lane];
    records.push_back(record);
    auto& r = records.back();
    r.start = std::max(ready, m_free[lane]);
    m_free[lane] = r.start + r.duration;
    m_end = std::max(m_end, m_free[lane]); // records are never moved once placed
    return { lane, static_cast<int>(records.size()) - 1 };
}

void Builder::depend(EventRef ref, EventRef on)
{
    if (!ref.valid() || !on.valid())
        return;
    auto& slots = at(ref).dependencies;
    if (!slots[0].valid())
        slots[0] = on;
    else if (!slots[1].valid())
        slots[1] = on;
}

std::size_t Builder::size() const
{
    std::size_t n = 0;
    for (const auto& lane : m_records)
        n += lane.size();
    return n;
}

namespace {
// Labels are written into a stack buffer and copied once: most fit std::string's small buffer.
struct LabelBuffer {
    char data[96];
    std::size_t size = 0;
    void add(const char* text)
    {
        while (*text && size < sizeof data)
            data[size++] = *text++;
    }
    void add(char c)
    {
        if (size < sizeof data)
            data[size++] = c;
    }
    void add(int value)
    {
        if (size + 12 > sizeof data)
            return;
        size = static_cast<std::size_t>(std::to_chars(data + size, data + sizeof data, value).ptr - data);
    }
};

void writeLabel(std::string& out, const Record& r)
{
    LabelBuffer b;
    b.add(r.prefix);
    switch (r.style) {
    case LabelStyle::Layer:
        if (r.layer >= 0) {
            b.add(" L");
            b.add(r.layer);
        }
        if (*r.what) {
            b.add(' ');
            b.add(r.what);
        }
        b.add(" #");
        b.add(r.microBatch);
        break;
    case LabelStyle::Numbered:
        b.add(' ');
        b.add(r.what);
        b.add(r.number);
        break;
    case LabelStyle::Plain:
        b.add(' ');
        b.add(r.what);
        break;
    case LabelStyle::Send:
        b.add(' ');
        b.add(r.what);
        b.add(" #");
        b.add(r.microBatch);
        b.add(" → stage ");
        b.add(r.number);
        break;
    }
    out.assign(b.data, b.size);
}
} // namespace

Timeline Builder::finish(const std::array<Group, kGroupKinds>& groups, bool labels)
{
    Timeline t;
    const int lanes = static_cast<int>(m_lanes.size());
    std::vector<int> offset(m_lanes.size() + 1, 0);
    for (int l = 0; l < lanes; ++l)
        offset[l + 1] = offset[l] + static_cast<int>(m_records[l].size());
    t.events.resize(offset.back());
    for (int l = 0; l < lanes; ++l) {
        Event* e = t.events.data() + offset[l];
        for (const auto& r : m_records[l]) {
            e->lane = l;
            e->kind = r.kind;
            e->start = r.start;
            e->duration = r.duration;
            e->bytes = r.bytes;
            e->layer = r.layer;
            e->microBatch = r.microBatch;
            e->bucket = r.bucket;
            if (r.collective >= 0)
                e->collective = static_cast<Collective>(r.collective);
            e->groupIndex = r.group;
            if (labels)
                writeLabel(e->label, r);
            const auto& d = r.dependencies;
            if (d[1].valid())
                e->dependencies = { offset[d[0].lane] + d[0].index, offset[d[1].lane] + d[1].index };
            else if (d[0].valid())
                e->dependencies = { offset[d[0].lane] + d[0].index };
            t.duration = std::max(t.duration, r.end());
            ++e;
        }
        std::vector<Record>().swap(m_records[l]);
    }
    t.lanes = std::move(m_lanes);
    for (auto& lane : t.lanes)
        lane.name = "stage " + std::to_string(lane.stage) + " · " + std::string(name(lane.kind));
    for (const auto& g : groups)
        t.groups.push_back(CommGroup { g.kind, g.label, g.topology });
    return t;
}

} // namespace tutor::model::sim
