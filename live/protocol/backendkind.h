// SPDX-License-Identifier: MIT
#pragma once
// The communication libraries commtutor-live can run, named as its --backend flag and the hello record's
// "backend" field spell them. Shared by the worker (command line) and the app (the live lab's request), so the
// names are written in one place. Standard library only.
#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace tutor::live {

enum class BackendKind {
    Mpi, ///< OpenMPI on host buffers, under mpirun
    Nccl, ///< CUDA + NCCL on local GPUs, or one GPU per process under mpirun
};

inline constexpr std::array kBackendKinds { BackendKind::Mpi, BackendKind::Nccl };

/// "mpi", "nccl": the --backend value and the hello record's "backend".
constexpr std::string_view name(BackendKind kind)
{
    return kind == BackendKind::Nccl ? "nccl" : "mpi";
}

/// The exact names name() gives; nullopt otherwise (the caller reports the flag, the value and backendNames()).
constexpr std::optional<BackendKind> parseBackendKind(std::string_view text)
{
    for (const BackendKind kind : kBackendKinds)
        if (name(kind) == text)
            return kind;
    return std::nullopt;
}

/// Every accepted name, comma-separated: "mpi, nccl".
inline std::string backendNames()
{
    std::string out;
    for (const BackendKind kind : kBackendKinds)
        out += (out.empty() ? "" : ", ") + std::string(name(kind));
    return out;
}

} // namespace tutor::live
