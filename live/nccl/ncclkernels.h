// SPDX-License-Identifier: MIT
#pragma once
// Device helpers of the NCCL backend, compiled by nvcc (ncclkernels.cu) and called from C++: the input fill
// and the correctness check of live/worker/layout.h, and a spin kernel that stands in for compute in the
// overlap experiment.
#include "live/worker/layout.h"

#include <cstdint>
#include <cuda_runtime_api.h>

namespace tutor::live::gpu {

enum class Elem { Int8, Uint8, Int32, Uint32, Int64, Uint64, Half, Bf16, Float, Double };

/// buf[k] = inputValue(rank, k) for k < n, as Elem.
cudaError_t fillInput(void* buf, Elem type, std::int64_t n, int rank, cudaStream_t stream);

/// Adds to *deviceCounter the number of k < n where buf[k] is not `op` over q ∈ [rankFirst, rankFirst+rankCount)
/// of inputValue(q, indexOffset + k) (layout.h: expectedInteger, expectedValue, matchesReal).
cudaError_t countWrong(const void* buf, Elem type, std::int64_t n, int rankFirst, int rankCount,
    std::int64_t indexOffset, RedOp op, unsigned long long* deviceCounter, cudaStream_t stream);

/// A kernel of `blocks` blocks that each spin for `cycles` SM clock cycles.
cudaError_t spin(long long cycles, int blocks, cudaStream_t stream);

} // namespace tutor::live::gpu
