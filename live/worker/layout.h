// SPDX-License-Identifier: MIT
#pragma once
// Buffer sizes and the expected result of each collective, shared by the MPI and NCCL backends (header-only,
// plain C++ so that .cu files can include it).
//
// Every rank r fills its input with value(r, k) for element k. The expected output is written as blocks, each
// the sum of value(q, indexOffset + j) over ranks q in [rankFirst, rankFirst + rankCount): a single rank for
// data movement, all ranks for reductions. Values are small integers (1..5), so sums over up to 25 ranks are
// exact in every type, int8 and bfloat16 included.
#include <cstdint>
#include <vector>

#if defined(__CUDACC__)
#define TUTOR_HOST_DEVICE __host__ __device__
#else
#define TUTOR_HOST_DEVICE
#endif

namespace tutor::live {

/// The collectives of the worker, in nccl-tests order.
enum class Op { AllReduce, ReduceScatter, AllGather, Broadcast, Reduce, AllToAll, SendRecv };

/// nccl-tests: S is the whole array (count·size·N) for these; the per-rank chunk is S / N.
inline bool sizeIsWholeArray(Op op)
{
    return op == Op::ReduceScatter || op == Op::AllGather || op == Op::AllToAll;
}
inline bool isRooted(Op op)
{
    return op == Op::Broadcast || op == Op::Reduce;
}
inline bool reduces(Op op)
{
    return op == Op::AllReduce || op == Op::ReduceScatter || op == Op::Reduce;
}

/// Elements of one rank's send and receive buffers for S = `count` elements at n ranks.
struct Layout {
    std::int64_t count = 0; ///< elements in S (nccl-tests' "count" column)
    std::int64_t chunk = 0; ///< per-rank block for whole-array collectives, else count
    std::int64_t sendCount = 0; ///< elements in the send buffer
    std::int64_t recvCount = 0; ///< elements in the receive buffer
};

/// Rounds the requested element count down as nccl-tests does (whole-array collectives to a multiple of n).
inline Layout layoutFor(Op op, std::int64_t requestedCount, int ranks)
{
    Layout l;
    if (sizeIsWholeArray(op)) {
        l.chunk = requestedCount / ranks;
        l.count = l.chunk * ranks;
    } else {
        l.count = l.chunk = requestedCount;
    }
    switch (op) {
    case Op::ReduceScatter:
        l.sendCount = l.count;
        l.recvCount = l.chunk;
        break;
    case Op::AllGather:
        l.sendCount = l.chunk;
        l.recvCount = l.count;
        break;
    default:
        l.sendCount = l.recvCount = l.count;
        break;
    }
    return l;
}

/// Input element k of rank r: 1..5, varying with both so a block from the wrong rank or offset is caught.
TUTOR_HOST_DEVICE inline int inputValue(int rank, std::int64_t k)
{
    return 1 + static_cast<int>((rank * 7 + (k % 5) * 3) % 5);
}

struct ExpectedBlock {
    std::int64_t outOffset = 0; ///< first element in the logical output
    std::int64_t count = 0;
    int rankFirst = 0;
    int rankCount = 1;
    std::int64_t indexOffset = 0; ///< input index of the first element
};

/// The logical output of `rank` (the receive buffer, or the result region for in-place runs), as blocks.
/// Empty when the rank has no defined output (Reduce on a non-root rank).
inline std::vector<ExpectedBlock> expectedOutput(Op op, const Layout& l, int ranks, int rank, int root)
{
    const int n = ranks;
    switch (op) {
    case Op::AllReduce:
        return { { 0, l.count, 0, n, 0 } };
    case Op::ReduceScatter:
        return { { 0, l.chunk, 0, n, static_cast<std::int64_t>(rank) * l.chunk } };
    case Op::AllGather: {
        std::vector<ExpectedBlock> blocks;
        for (int q = 0; q < n; ++q)
            blocks.push_back({ q * l.chunk, l.chunk, q, 1, 0 });
        return blocks;
    }
    case Op::Broadcast:
        return { { 0, l.count, root, 1, 0 } };
    case Op::Reduce:
        if (rank != root)
            return {};
        return { { 0, l.count, 0, n, 0 } };
    case Op::AllToAll: {
        std::vector<ExpectedBlock> blocks;
        for (int q = 0; q < n; ++q)
            blocks.push_back({ q * l.chunk, l.chunk, q, 1, static_cast<std::int64_t>(rank) * l.chunk });
        return blocks;
    }
    case Op::SendRecv:
        return { { 0, l.count, (rank - 1 + n) % n, 1, 0 } };
    }
    return {};
}

/// The expected value of one element of a block, as a double (exact: small integer sums).
inline double expectedValue(const ExpectedBlock& b, std::int64_t j)
{
    double sum = 0;
    for (int q = b.rankFirst; q < b.rankFirst + b.rankCount; ++q)
        sum += inputValue(q, b.indexOffset + j);
    return sum;
}

} // namespace tutor::live
