// SPDX-License-Identifier: MIT
#pragma once
// The MPI backend: MPI collectives on host buffers, one rank per process under mpirun.
#include "live/worker/backend.h"

#include <memory>

namespace tutor::live {

std::unique_ptr<Backend> makeMpiBackend(int* argc, char*** argv);

} // namespace tutor::live
