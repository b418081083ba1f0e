// The symbolic executor. Slots hold interval sets of contributing ranks; a reducing transfer must bring
// contributions the receiver does not hold yet (else it would count them twice), and a sender must hold what
// it sends. Internally a slot keeps up to two intervals inline (rings and trees need no more), and the state is
// dense (ranks × chunks) unless that would be large, then a hash map per rank (AllToAll has n² chunks).
#include "executor.h"

#include "collectives/definition.h"

#include <algorithm>
#include <array>
#include <memory>
#include <unordered_map>

namespace tutor::model {

namespace {
using Interval = std::pair<int, int>;

/// Sorted, disjoint, non-adjacent half-open intervals with two of them stored inline.
class IntervalSet {
public:
    bool empty() const { return m_size == 0; }
    std::size_t size() const { return m_size; }
    const Interval* begin() const { return m_more ? m_more->data() : m_inline.data(); }
    const Interval* end() const { return begin() + m_size; }

    void assign(const Interval* first, const Interval* last)
    {
        const auto n = static_cast<std::size_t>(last - first);
        if (n <= m_inline.size()) {
            if (m_more) { // first/last may point into m_more: copy out before releasing it
                std::array<Interval, 2> tmp {};
                std::copy(first, last, tmp.begin());
                m_more.reset();
                m_inline = tmp;
            } else {
                std::copy(first, last, m_inline.begin()); // inline ranges never alias another set's storage here
            }
        } else {
            m_more = std::make_unique<std::vector<Interval>>(first, last);
        }
        m_size = n;
    }

    IntervalSet() = default;
    IntervalSet(const IntervalSet& other) { assign(other.begin(), other.end()); }
    IntervalSet& operator=(const IntervalSet& other)
    {
        if (this != &other)
            assign(other.begin(), other.end());
        return *this;
    }

    bool intersects(const IntervalSet& other) const
    {
        auto a = begin();
        auto b = other.begin();
        while (a != end() && b != other.end()) {
            if (a->second <= b->first)
                ++a;
            else if (b->second <= a->first)
                ++b;
            else
                return true;
        }
        return false;
    }

    void unite(const IntervalSet& other)
    {
        // The common case in rings and trees: two single intervals that touch.
        if (m_size == 1 && other.m_size == 1 && !m_more && !other.m_more) {
            auto& a = m_inline[0];
            const auto& b = other.m_inline[0];
            if (b.first <= a.second && a.first <= b.second) {
                a = { std::min(a.first, b.first), std::max(a.second, b.second) };
                return;
            }
        }
        // Merge into a small stack buffer in the common case; rings and trees hold one or two intervals.
        std::array<Interval, 8> small {};
        std::vector<Interval> large;
        const std::size_t total = m_size + other.m_size;
        Interval* out = small.data();
        if (total > small.size()) {
            large.resize(total);
            out = large.data();
        }
        std::size_t n = 0;
        auto a = begin();
        auto b = other.begin();
        while (a != end() || b != other.end()) {
            const bool takeA = b == other.end() || (a != end() && a->first <= b->first);
            const Interval iv = takeA ? *a++ : *b++;
            if (n > 0 && iv.first <= out[n - 1].second)
                out[n - 1].second = std::max(out[n - 1].second, iv.second);
            else
                out[n++] = iv;
        }
        assign(out, out + n);
    }

    Contributions toContributions() const { return Contributions { std::vector<Interval>(begin(), end()) }; }

    std::string text() const
    {
        if (empty())
            return "{}";
        std::string out = "{";
        for (auto it = begin(); it != end(); ++it) {
            if (it != begin())
                out += ", ";
            out += it->second - it->first == 1 ? std::to_string(it->first)
                                               : std::to_string(it->first) + ".." + std::to_string(it->second - 1);
        }
        return out + "}";
    }

private:
    std::size_t m_size = 0;
    std::array<Interval, 2> m_inline {};
    std::unique_ptr<std::vector<Interval>> m_more;
};

class State {
public:
    // Dense states keep one vector per rank: 1,024 ranks × 1,024 chunks become 1,024 heap blocks of 32 KiB that
    // the allocator reuses, instead of one 32 MiB mapping that is faulted in again on every run.
    State(int ranks, int chunks)
        : m_ranks(ranks)
        , m_chunks(chunks)
        , m_dense(static_cast<long long>(ranks) * chunks <= (1LL << 21))
    {
        if (m_dense) {
            // Default-construct every slot in place; copying a prototype row would copy 1M empty sets.
            m_rows.resize(static_cast<std::size_t>(ranks));
            for (auto& row : m_rows)
                row.resize(static_cast<std::size_t>(chunks));
        } else
            m_maps.resize(static_cast<std::size_t>(ranks));
    }

    bool inRange(int rank, int chunk) const { return rank >= 0 && rank < m_ranks && chunk >= 0 && chunk < m_chunks; }

    const IntervalSet* find(int rank, int chunk) const
    {
        if (m_dense)
            return &m_rows[static_cast<std::size_t>(rank)][static_cast<std::size_t>(chunk)];
        const auto& map = m_maps[static_cast<std::size_t>(rank)];
        const auto it = map.find(chunk);
        return it == map.end() ? nullptr : &it->second;
    }

    IntervalSet& at(int rank, int chunk)
    {
        if (m_dense)
            return m_rows[static_cast<std::size_t>(rank)][static_cast<std::size_t>(chunk)];
        return m_maps[static_cast<std::size_t>(rank)][chunk];
    }

    BufferStates toBuffers() const
    {
        BufferStates out(static_cast<std::size_t>(m_ranks));
        for (int r = 0; r < m_ranks; ++r) {
            auto& slots = out[static_cast<std::size_t>(r)].slots;
            slots.resize(static_cast<std::size_t>(m_chunks));
            for (int c = 0; c < m_chunks; ++c)
                if (const auto* s = find(r, c))
                    slots[static_cast<std::size_t>(c)] = s->toContributions();
        }
        return out;
    }

private:
    int m_ranks;
    int m_chunks;
    bool m_dense;
    std::vector<std::vector<IntervalSet>> m_rows;
    std::vector<std::unordered_map<int, IntervalSet>> m_maps;
};

IntervalSet single(int first, int last)
{
    IntervalSet s;
    const Interval iv { first, last };
    s.assign(&iv, &iv + 1);
    return s;
}

State initial(const Schedule& schedule)
{
    State state(schedule.ranks, schedule.chunks);
    const detail::ChunkSpace space { schedule.ranks, schedule.chunks, schedule.root };
    detail::definition(schedule.op).initial(space, [&](int rank, int chunk, int first, int last) {
        if (state.inRange(rank, chunk))
            state.at(rank, chunk) = single(first, last);
    });
    return state;
}

/// Runs steps [0, stepCount); returns the first error, empty when none.
std::string run(const Schedule& schedule, State& state, std::size_t stepCount)
{
    std::vector<IntervalSet> incoming;
    for (std::size_t k = 0; k < stepCount && k < schedule.steps.size(); ++k) {
        const auto& transfers = schedule.steps[k].transfers;
        // Simultaneous transfers: read every source before writing any destination.
        incoming.resize(transfers.size());
        for (std::size_t i = 0; i < transfers.size(); ++i) {
            const auto& t = transfers[i];
            if (!state.inRange(t.src.value, t.chunk.value) || !state.inRange(t.dst.value, t.chunk.value))
                return "step " + std::to_string(k) + ": transfer " + std::to_string(t.src.value) + " → "
                    + std::to_string(t.dst.value) + " of chunk " + std::to_string(t.chunk.value)
                    + " is outside the schedule's ranks or chunks";
            const auto* held = state.find(t.src.value, t.chunk.value);
            if (!held || held->empty())
                return "step " + std::to_string(k) + ": rank " + std::to_string(t.src.value) + " sends chunk "
                    + std::to_string(t.chunk.value) + " it does not hold";
            incoming[i] = *held;
        }
        for (std::size_t i = 0; i < transfers.size(); ++i) {
            const auto& t = transfers[i];
            auto& slot = state.at(t.dst.value, t.chunk.value);
            if (!t.reduce) {
                slot = incoming[i];
                continue;
            }
            if (slot.intersects(incoming[i]))
                return "step " + std::to_string(k) + ": rank " + std::to_string(t.dst.value) + " would count "
                    + incoming[i].text() + " twice in chunk " + std::to_string(t.chunk.value) + " (it holds "
                    + slot.text() + ")";
            slot.unite(incoming[i]);
        }
    }
    return {};
}
} // namespace

int Contributions::count() const
{
    int n = 0;
    for (const auto& [first, last] : intervals)
        n += last - first;
    return n;
}

bool Contributions::contains(int rank) const
{
    for (const auto& [first, last] : intervals)
        if (rank >= first && rank < last)
            return true;
    return false;
}

BufferStates initialState(const Schedule& schedule)
{
    return initial(schedule).toBuffers();
}

BufferStates stateAfter(const Schedule& schedule, int stepCount)
{
    auto state = initial(schedule);
    run(schedule, state, static_cast<std::size_t>(std::max(stepCount, 0)));
    return state.toBuffers();
}

Verification verify(const Schedule& schedule)
{
    if (schedule.ranks < 1 || schedule.chunks < 0)
        return { false, "the schedule has no ranks" };
    auto state = initial(schedule);
    if (auto error = run(schedule, state, schedule.steps.size()); !error.empty())
        return { false, error };
    std::string mismatch;
    const detail::ChunkSpace space { schedule.ranks, schedule.chunks, schedule.root };
    detail::definition(schedule.op).expected(space, [&](int rank, int chunk, int first, int last) {
        if (!mismatch.empty())
            return;
        const auto* held = state.inRange(rank, chunk) ? state.find(rank, chunk) : nullptr;
        const bool ok = held && held->size() == 1 && held->begin()->first == first && held->begin()->second == last;
        if (!ok)
            mismatch = "rank " + std::to_string(rank) + " chunk " + std::to_string(chunk) + " holds "
                + (held ? held->text() : std::string("{}")) + " but needs " + single(first, last).text();
    });
    if (!mismatch.empty())
        return { false, mismatch };
    return { true, {} };
}

} // namespace tutor::model
