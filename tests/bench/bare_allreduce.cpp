// SPDX-License-Identifier: MIT
// The baseline for commtutor-live's harness overhead: a bare MPI_Allreduce timing loop, nothing else.
// Usage: mpirun -np 2 tutor_bare_allreduce [bytes=8388608] [iters=50] [warmup=10]
// Prints the mean time per call of the slowest rank in µs (as commtutor-live's time column).
#include <cstdio>
#include <cstdlib>
#include <mpi.h>
#include <vector>

int main(int argc, char** argv)
{
    MPI_Init(&argc, &argv);
    const long bytes = argc > 1 ? std::atol(argv[1]) : 8L << 20;
    const int iters = argc > 2 ? std::atoi(argv[2]) : 50;
    const int warmup = argc > 3 ? std::atoi(argv[3]) : 10;
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int count = static_cast<int>(bytes / 4);
    std::vector<float> send(static_cast<std::size_t>(count), 1.0f), recv(static_cast<std::size_t>(count));
    for (int i = 0; i < warmup; ++i)
        MPI_Allreduce(send.data(), recv.data(), count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    for (int i = 0; i < iters; ++i)
        MPI_Allreduce(send.data(), recv.data(), count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    const double mine = (MPI_Wtime() - t0) / iters;
    double slowest = 0;
    MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        std::printf("bare_allreduce bytes=%ld ranks=%d iters=%d time_us=%.3f\n", bytes, size, iters, slowest * 1e6);
    MPI_Finalize();
    return 0;
}
