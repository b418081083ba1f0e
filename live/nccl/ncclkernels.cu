// SPDX-License-Identifier: MIT
#include "live/worker/layout.h"
#include "ncclkernels.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <type_traits>

namespace tutor::live::gpu {

namespace {

template <class T> __device__ T fromInt(long long v)
{
    return static_cast<T>(v);
}
template <> __device__ __half fromInt<__half>(long long v)
{
    return __float2half(static_cast<float>(v));
}
template <> __device__ __nv_bfloat16 fromInt<__nv_bfloat16>(long long v)
{
    return __float2bfloat16(static_cast<float>(v));
}

template <class T> __device__ bool same(T a, T b)
{
    return a == b;
}
template <> __device__ bool same<__half>(__half a, __half b)
{
    return __half2float(a) == __half2float(b);
}
template <> __device__ bool same<__nv_bfloat16>(__nv_bfloat16 a, __nv_bfloat16 b)
{
    return __bfloat162float(a) == __bfloat162float(b);
}

template <class T> __global__ void fillKernel(T* buf, std::int64_t n, int rank)
{
    for (std::int64_t k = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; k < n;
         k += static_cast<std::int64_t>(gridDim.x) * blockDim.x)
        buf[k] = fromInt<T>(inputValue(rank, k));
}

template <class T> __device__ double toDouble(T v)
{
    return static_cast<double>(v);
}
template <> __device__ double toDouble<__half>(__half v)
{
    return __half2float(v);
}
template <> __device__ double toDouble<__nv_bfloat16>(__nv_bfloat16 v)
{
    return __bfloat162float(v);
}
template <class T> __host__ __device__ constexpr int mantissaBits()
{
    return std::is_same_v<T, __half> ? 11 : std::is_same_v<T, __nv_bfloat16> ? 8 : std::is_same_v<T, float> ? 24 : 53;
}

template <class T>
__global__ void checkKernel(const T* buf, std::int64_t n, int rankFirst, int rankCount, std::int64_t indexOffset,
    RedOp op, unsigned long long* counter)
{
    unsigned long long wrong = 0;
    const ExpectedBlock block { 0, n, rankFirst, rankCount, indexOffset };
    for (std::int64_t k = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; k < n;
         k += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
        if constexpr (std::is_integral_v<T>) {
            if (buf[k] != static_cast<T>(expectedInteger(block, k, op)))
                ++wrong;
        } else if (op == RedOp::Sum || op == RedOp::Max || op == RedOp::Min) {
            if (!same(buf[k], fromInt<T>(static_cast<long long>(expectedValue(block, k, op)))))
                ++wrong;
        } else if (!matchesReal(toDouble(buf[k]), expectedValue(block, k, op), op, mantissaBits<T>(), rankCount)) {
            ++wrong;
        }
    }
    if (wrong)
        atomicAdd(counter, wrong);
}

__global__ void spinKernel(long long cycles)
{
    const long long start = clock64();
    while (clock64() - start < cycles) { }
}

unsigned gridFor(std::int64_t n)
{
    const std::int64_t blocks = (n + 255) / 256;
    return static_cast<unsigned>(blocks < 1 ? 1 : (blocks > 4096 ? 4096 : blocks));
}

template <class F> cudaError_t dispatch(Elem type, F&& f)
{
    switch (type) {
    case Elem::Int8:
        return f(static_cast<std::int8_t*>(nullptr));
    case Elem::Uint8:
        return f(static_cast<std::uint8_t*>(nullptr));
    case Elem::Int32:
        return f(static_cast<std::int32_t*>(nullptr));
    case Elem::Uint32:
        return f(static_cast<std::uint32_t*>(nullptr));
    case Elem::Int64:
        return f(static_cast<std::int64_t*>(nullptr));
    case Elem::Uint64:
        return f(static_cast<std::uint64_t*>(nullptr));
    case Elem::Half:
        return f(static_cast<__half*>(nullptr));
    case Elem::Bf16:
        return f(static_cast<__nv_bfloat16*>(nullptr));
    case Elem::Float:
        return f(static_cast<float*>(nullptr));
    case Elem::Double:
        return f(static_cast<double*>(nullptr));
    }
    return cudaErrorInvalidValue;
}

} // namespace

cudaError_t fillInput(void* buf, Elem type, std::int64_t n, int rank, cudaStream_t stream)
{
    if (n <= 0)
        return cudaSuccess;
    return dispatch(type, [&](auto tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        fillKernel<T><<<gridFor(n), 256, 0, stream>>>(static_cast<T*>(buf), n, rank);
        return cudaGetLastError();
    });
}

cudaError_t countWrong(const void* buf, Elem type, std::int64_t n, int rankFirst, int rankCount,
    std::int64_t indexOffset, RedOp op, unsigned long long* counter, cudaStream_t stream)
{
    if (n <= 0)
        return cudaSuccess;
    return dispatch(type, [&](auto tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        checkKernel<T><<<gridFor(n), 256, 0, stream>>>(
            static_cast<const T*>(buf), n, rankFirst, rankCount, indexOffset, op, counter);
        return cudaGetLastError();
    });
}

cudaError_t spin(long long cycles, int blocks, cudaStream_t stream)
{
    const unsigned grid = blocks < 1 ? 1u : static_cast<unsigned>(blocks);
    spinKernel<<<grid, 128, 0, stream>>>(cycles);
    return cudaGetLastError();
}

} // namespace tutor::live::gpu
