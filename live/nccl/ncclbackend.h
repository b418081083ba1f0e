// SPDX-License-Identifier: MIT
#pragma once
// The NCCL backend: CUDA + NCCL, one process driving `gpus` local GPUs (ncclCommInitAll + group calls), or
// one rank per process under mpirun (unique id broadcast over MPI) when the worker is built with MPI.
#include "live/worker/backend.h"

#include <memory>

namespace tutor::live {

std::unique_ptr<Backend> makeNcclBackend(int gpus, int* argc, char*** argv);

} // namespace tutor::live
