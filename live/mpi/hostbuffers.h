// SPDX-License-Identifier: MIT
#pragma once
// The host memory of the MPI backend: reusable aligned buffers, the input each rank writes before a call and the
// check of what the call left, element by element against live/worker/layout.h's expected values.
#include "live/mpi/mpicalls.h"
#include "live/worker/heartbeat.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tutor::live {

/// Calls `f(T{})` with the C++ type of `dtype`; false for types MPI cannot reduce.
template <class F> bool withType(model::DType dtype, F&& f)
{
    switch (dtype) {
    case model::DType::Int8:
        f(std::int8_t {});
        return true;
    case model::DType::Uint8:
        f(std::uint8_t {});
        return true;
    case model::DType::Int32:
        f(std::int32_t {});
        return true;
    case model::DType::Uint32:
        f(std::uint32_t {});
        return true;
    case model::DType::Int64:
        f(std::int64_t {});
        return true;
    case model::DType::Uint64:
        f(std::uint64_t {});
        return true;
    case model::DType::Fp32:
        f(float {});
        return true;
    case model::DType::Fp64:
        f(double {});
        return true;
    default:
        return false;
    }
}

/// A growable, 64-byte aligned host buffer reused across sizes.
class HostBuffer {
public:
    std::byte* get(std::size_t bytes)
    {
        if (bytes > m_storage.size() * sizeof(Line))
            m_storage.resize((bytes + sizeof(Line) - 1) / sizeof(Line));
        return reinterpret_cast<std::byte*>(m_storage.data());
    }

private:
    struct alignas(64) Line {
        std::byte b[64];
    };
    std::vector<Line> m_storage;
};

/// Writes the input of `spec` on this rank (the send buffer, or the receive buffer in place) and zeroes what the
/// call will write, beating `heartbeat` as it goes so that a large buffer counts as progress.
void fillInput(const RunSpec& spec, std::byte* send, std::byte* recv, MpiRank self, Heartbeat& heartbeat);

/// Elements of `out` that differ from what `spec` leaves on this rank.
std::int64_t countWrong(const RunSpec& spec, const std::byte* out, MpiRank self, Heartbeat& heartbeat);

} // namespace tutor::live
