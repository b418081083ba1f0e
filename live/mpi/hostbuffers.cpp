// SPDX-License-Identifier: MIT
#include "live/mpi/hostbuffers.h"

#include "live/worker/layout.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <type_traits>

namespace tutor::live {

namespace {

/// Elements filled or checked between two heartbeats: a few milliseconds of work.
constexpr std::int64_t kElementsPerBeat = std::int64_t { 1 } << 22;

/// Writes `bytes` zero bytes, beating between slices so that a large buffer counts as progress.
void clear(std::byte* p, std::size_t bytes, Heartbeat& heartbeat)
{
    constexpr std::size_t slice = kElementsPerBeat * 8;
    for (std::size_t at = 0; at < bytes; at += slice) {
        std::memset(p + at, 0, std::min(slice, bytes - at));
        heartbeat.beat();
    }
}

} // namespace

void fillInput(const RunSpec& spec, std::byte* send, std::byte* recv, MpiRank self, Heartbeat& heartbeat)
{
    const Layout& l = spec.layout;
    const std::size_t ts = static_cast<std::size_t>(model::sizeOf(spec.dtype));
    withType(spec.dtype, [&](auto zero) {
        using T = decltype(zero);
        auto fill = [&](std::byte* p, std::int64_t n) {
            T* t = reinterpret_cast<T*>(p);
            for (std::int64_t k = 0; k < n; ++k) {
                t[k] = static_cast<T>(inputValue(self.rank, k));
                if ((k + 1) % kElementsPerBeat == 0)
                    heartbeat.beat();
            }
            heartbeat.beat();
        };
        if (!spec.inPlace) {
            fill(send, l.sendCount);
            clear(recv, static_cast<std::size_t>(l.recvCount) * ts, heartbeat);
            // MPI has no out-of-place broadcast: the root's data lives in the buffer MPI_Bcast sends.
            if (spec.op == Op::Broadcast && self.rank == spec.root)
                fill(recv, l.count);
        } else if (spec.op == Op::AllGather) {
            clear(recv, static_cast<std::size_t>(l.count) * ts, heartbeat);
            fill(recv + static_cast<std::size_t>(self.rank) * static_cast<std::size_t>(l.chunk) * ts, l.chunk);
        } else {
            fill(recv, l.count);
        }
    });
}

std::int64_t countWrong(const RunSpec& spec, const std::byte* out, MpiRank self, Heartbeat& heartbeat)
{
    std::int64_t wrong = 0;
    withType(spec.dtype, [&](auto zero) {
        using T = decltype(zero);
        const T* t = reinterpret_cast<const T*>(out);
        const RedOp op = reduces(spec.op) ? spec.redop : RedOp::Sum;
        for (const auto& b : expectedOutput(spec.op, spec.layout, self.size, self.rank, spec.root))
            for (std::int64_t j = 0; j < b.count; ++j) {
                if ((j + 1) % kElementsPerBeat == 0)
                    heartbeat.beat();
                if constexpr (std::is_integral_v<T>) {
                    if (t[b.outOffset + j] != static_cast<T>(expectedInteger(b, j, op)))
                        ++wrong;
                } else if (!matchesReal(static_cast<double>(t[b.outOffset + j]), expectedValue(b, j, op), op,
                               std::numeric_limits<T>::digits, b.rankCount)) {
                    ++wrong;
                }
            }
    });
    return wrong;
}

} // namespace tutor::live
