// SPDX-License-Identifier: MIT
// The symbolic executor. Slots hold interval sets of contributing ranks; a reducing transfer must bring
// contributions the receiver does not hold yet (else it would count them twice), and a sender must hold what
// it sends. Rings and trees build one or two ranges (a ring's partial sums wrap around rank n − 1), so a slot keeps
// two intervals inline in 16 bytes; a slot with more moves to a side table. The state is dense (ranks × chunks) unless
// that would be large, then a hash map per rank (AllToAll has n² chunks).
#include "model/collectives/executor.h"

#include "model/collectives/primitives/definition.h"

#include <algorithm>
#include <array>
#include <climits>
#include <span>
#include <unordered_map>

namespace tutor::model {

namespace {
using Interval = std::pair<int, int>;
using Intervals = std::span<const Interval>;

/// One slot: up to two intervals inline (an unused one is empty, first == last), or, when iv[0].first ==
/// kSpilled, more kept in State's side table.
struct Slot {
    static constexpr int kSpilled = INT_MIN;
    std::array<Interval, 2> iv {};
    bool spilled() const { return iv[0].first == kSpilled; }
    std::size_t size() const { return iv[0].first == iv[0].second ? 0 : iv[1].first == iv[1].second ? 1 : 2; }
};

bool intersects(Intervals a, Intervals b)
{
    auto x = a.begin();
    auto y = b.begin();
    while (x != a.end() && y != b.end()) {
        if (x->second <= y->first)
            ++x;
        else if (y->second <= x->first)
            ++y;
        else
            return true;
    }
    return false;
}

/// a ∪ b, merging touching intervals, into `out` (cleared first).
void unite(Intervals a, Intervals b, std::vector<Interval>& out)
{
    out.clear();
    auto x = a.begin();
    auto y = b.begin();
    while (x != a.end() || y != b.end()) {
        const bool takeA = y == b.end() || (x != a.end() && x->first <= y->first);
        const Interval iv = takeA ? *x++ : *y++;
        if (!out.empty() && iv.first <= out.back().second)
            out.back().second = std::max(out.back().second, iv.second);
        else
            out.push_back(iv);
    }
}

std::string text(Intervals set)
{
    if (set.empty())
        return "{}";
    std::string out = "{";
    for (const auto& [first, last] : set) {
        if (out.size() > 1)
            out += ", ";
        out += last - first == 1 ? std::to_string(first) : std::to_string(first) + ".." + std::to_string(last - 1);
    }
    return out + "}";
}

class State {
public:
    State(int ranks, int chunks)
        : m_ranks(ranks)
        , m_chunks(chunks)
        , m_dense(static_cast<long long>(ranks) * chunks <= (1LL << 21))
    {
        if (m_dense)
            m_slots.resize(static_cast<std::size_t>(ranks) * static_cast<std::size_t>(chunks));
        else
            m_maps.resize(static_cast<std::size_t>(ranks));
    }

    bool inRange(int rank, int chunk) const { return rank >= 0 && rank < m_ranks && chunk >= 0 && chunk < m_chunks; }

    /// What `rank` holds of `chunk`; precondition inRange. The span is valid until the slot changes.
    Intervals get(int rank, int chunk) const
    {
        const Slot* slot = find(rank, chunk);
        if (!slot)
            return {};
        if (slot->spilled())
            return m_spilled.at(key(rank, chunk));
        return { slot->iv.data(), slot->size() };
    }

    /// Precondition: `value` is sorted and disjoint, and does not point into this state.
    void set(int rank, int chunk, Intervals value)
    {
        Slot& slot = at(rank, chunk);
        if (value.size() <= slot.iv.size()) {
            std::array<Interval, 2> inlined {};
            std::copy(value.begin(), value.end(), inlined.begin());
            if (slot.spilled())
                m_spilled.erase(key(rank, chunk));
            slot.iv = inlined;
        } else {
            slot.iv[0] = { Slot::kSpilled, 0 };
            m_spilled[key(rank, chunk)].assign(value.begin(), value.end());
        }
    }

    BufferStates toBuffers() const
    {
        BufferStates out(static_cast<std::size_t>(m_ranks));
        for (int r = 0; r < m_ranks; ++r) {
            auto& row = out[static_cast<std::size_t>(r)].chunks;
            row.resize(static_cast<std::size_t>(m_chunks));
            for (int c = 0; c < m_chunks; ++c) {
                const auto held = get(r, c);
                row[static_cast<std::size_t>(c)].intervals.assign(held.begin(), held.end());
            }
        }
        return out;
    }

private:
    long long key(int rank, int chunk) const { return static_cast<long long>(rank) * m_chunks + chunk; }

    const Slot* find(int rank, int chunk) const
    {
        if (m_dense)
            return &m_slots[static_cast<std::size_t>(key(rank, chunk))];
        const auto& map = m_maps[static_cast<std::size_t>(rank)];
        const auto it = map.find(chunk);
        return it == map.end() ? nullptr : &it->second;
    }

    Slot& at(int rank, int chunk)
    {
        if (m_dense)
            return m_slots[static_cast<std::size_t>(key(rank, chunk))];
        return m_maps[static_cast<std::size_t>(rank)][chunk];
    }

    int m_ranks;
    int m_chunks;
    bool m_dense;
    std::vector<Slot> m_slots;
    std::vector<std::unordered_map<int, Slot>> m_maps;
    std::unordered_map<long long, std::vector<Interval>> m_spilled;
};

State initial(const Schedule& schedule)
{
    State state(schedule.ranks, schedule.chunks);
    const detail::ChunkSpace space { schedule.ranks, schedule.chunks, schedule.root };
    detail::definition(schedule.op).initial(space, [&](int rank, int chunk, int first, int last) {
        const Interval iv { first, last };
        if (state.inRange(rank, chunk))
            state.set(rank, chunk, { &iv, 1 });
    });
    return state;
}

/// Runs steps [0, stepCount); returns the first error, empty when none.
std::string run(const Schedule& schedule, State& state, std::size_t stepCount)
{
    // What each transfer of a step carries, read before any destination is written (transfers are
    // simultaneous): transfer i carries carried[offset[i], offset[i + 1]).
    std::vector<Interval> carried;
    std::vector<std::size_t> offset;
    std::vector<Interval> merged;
    for (std::size_t k = 0; k < stepCount && k < schedule.steps.size(); ++k) {
        const auto& transfers = schedule.steps[k].transfers;
        carried.clear();
        offset.assign(1, 0);
        for (const Transfer t : transfers) {
            if (!state.inRange(t.src.value, t.chunk.value) || !state.inRange(t.dst.value, t.chunk.value))
                return "step " + std::to_string(k) + ": transfer " + std::to_string(t.src.value) + " → "
                    + std::to_string(t.dst.value) + " of chunk " + std::to_string(t.chunk.value)
                    + " is outside the schedule's ranks or chunks";
            const auto held = state.get(t.src.value, t.chunk.value);
            if (held.empty())
                return "step " + std::to_string(k) + ": rank " + std::to_string(t.src.value) + " sends chunk "
                    + std::to_string(t.chunk.value) + " it does not hold";
            carried.insert(carried.end(), held.begin(), held.end());
            offset.push_back(carried.size());
        }
        std::size_t i = 0;
        for (const Transfer t : transfers) {
            const Intervals in { carried.data() + offset[i], offset[i + 1] - offset[i] };
            ++i;
            if (!t.reduce) {
                state.set(t.dst.value, t.chunk.value, in);
                continue;
            }
            const auto held = state.get(t.dst.value, t.chunk.value);
            if (intersects(held, in))
                return "step " + std::to_string(k) + ": rank " + std::to_string(t.dst.value) + " would count "
                    + text(in) + " twice in chunk " + std::to_string(t.chunk.value) + " (it holds " + text(held) + ")";
            unite(held, in, merged);
            state.set(t.dst.value, t.chunk.value, merged);
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
        const Interval needed { first, last };
        const auto held = state.inRange(rank, chunk) ? state.get(rank, chunk) : Intervals {};
        if (held.size() != 1 || held.front() != needed)
            mismatch = "rank " + std::to_string(rank) + " chunk " + std::to_string(chunk) + " holds " + text(held)
                + " but needs " + text({ &needed, 1 });
    });
    if (!mismatch.empty())
        return { false, mismatch };
    return { true, {} };
}

} // namespace tutor::model
