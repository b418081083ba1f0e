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

/// nccl-tests' reduction ops (-o), in its order; avg needs NCCL ≥ 2.10 (MPI has none).
enum class RedOp { Sum, Prod, Max, Min, Avg };

/// nccl-tests' -a: how each size's time is combined across ranks (0 rank 0, 1 mean, 2 min, 3 max).
enum class TimeAcrossRanks { Rank0 = 0, Mean = 1, Min = 2, Max = 3 };

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

/// One rank's input folded into a running reduction (sum and avg add; avg divides at the end).
template <class T> TUTOR_HOST_DEVICE inline T fold(T acc, T v, RedOp op)
{
    switch (op) {
    case RedOp::Prod:
        return acc * v;
    case RedOp::Max:
        return acc > v ? acc : v;
    case RedOp::Min:
        return acc < v ? acc : v;
    default:
        return acc + v;
    }
}

/// The expected value of one element of a block, as a double: the sum (exact: small integers), product, maximum,
/// minimum or mean (sum / rankCount) of the ranks' inputs.
TUTOR_HOST_DEVICE inline double expectedValue(const ExpectedBlock& b, std::int64_t j, RedOp op = RedOp::Sum)
{
    double acc = op == RedOp::Prod ? 1 : op == RedOp::Max ? 0 : op == RedOp::Min ? 1e300 : 0;
    for (int q = b.rankFirst; q < b.rankFirst + b.rankCount; ++q)
        acc = fold(acc, static_cast<double>(inputValue(q, b.indexOffset + j)), op);
    return op == RedOp::Avg ? acc / b.rankCount : acc;
}

/// The expected value for integer types, modulo 2^64 so that converting it to any integer type gives the
/// wrapped result the library computes; avg is the sum divided by rankCount, rounded down (NCCL: sum, then
/// divide).
TUTOR_HOST_DEVICE inline std::uint64_t expectedInteger(const ExpectedBlock& b, std::int64_t j, RedOp op = RedOp::Sum)
{
    std::uint64_t acc = op == RedOp::Prod ? 1 : op == RedOp::Min ? ~std::uint64_t { 0 } : 0;
    for (int q = b.rankFirst; q < b.rankFirst + b.rankCount; ++q)
        acc = fold(acc, static_cast<std::uint64_t>(inputValue(q, b.indexOffset + j)), op);
    return op == RedOp::Avg ? acc / static_cast<std::uint64_t>(b.rankCount) : acc;
}

/// Whether a floating-point result matches: exactly for sum, max and min (small integers are exact in every
/// type); within the rounding of one step per rank for prod and avg, whose partial results the library rounds
/// in its own order (relative 2^-mantissaBits per rank).
TUTOR_HOST_DEVICE inline bool matchesReal(double got, double expected, RedOp op, int mantissaBits, int ranks)
{
    if (op != RedOp::Prod && op != RedOp::Avg)
        return got == expected;
    double eps = 1;
    for (int i = 0; i < mantissaBits; ++i)
        eps *= 0.5;
    const double tolerance = 2 * eps * (ranks + 1) * (expected < 0 ? -expected : expected);
    const double diff = got - expected;
    return (diff < 0 ? -diff : diff) <= tolerance || (got == expected);
}

} // namespace tutor::live
