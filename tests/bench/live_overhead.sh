#!/usr/bin/env bash
# Harness overhead of commtutor-live and calibration hold-out error, on this machine:
#   1. an 8 MiB MPI AllReduce at 2 ranks timed by commtutor-live vs a bare MPI_Allreduce loop
#      (tutor_bare_allreduce), alternated REPS times; prints both medians and their ratio (target ≤ 1.05);
#   2. a sweep 8 B – 64 MiB with commtutor-live --jsonl, fitted by the calibration with every other size held
#      back (tutor_live_holdout); prints the held-out median error (target < 15 %).
# Usage: tests/bench/live_overhead.sh [build-dir]   (REPS=7 ITERS=50 by default)
set -euo pipefail
build=${1:-build}
worker="$build/live/worker/commtutor-live"
bare="$build/tests/bench/tutor_bare_allreduce"
holdout="$build/tests/bench/tutor_live_holdout"
for exe in "$worker" "$bare" "$holdout"; do
  [[ -x "$exe" ]] || { echo "live_overhead: $exe not built (ninja commtutor-live tutor_bare_allreduce tutor_live_holdout)" >&2; exit 1; }
done
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
reps=${REPS:-7}
iters=${ITERS:-50}
bytes=$((8 * 1024 * 1024))
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
live_times=() bare_times=()
for ((i = 0; i < reps; i++)); do
  b=$(mpirun -np 2 "$bare" "$bytes" "$iters" 10 | sed -n 's/.*time_us=\([0-9.]*\).*/\1/p')
  l=$(mpirun -np 2 "$worker" --backend mpi --op allreduce -b "$bytes" -e "$bytes" -n "$iters" -w 10 --inplace 0 -a 3 --jsonl \
      | sed -n 's/.*"time_us":\([0-9.e+-]*\).*/\1/p' | head -1)
  bare_times+=("$b") live_times+=("$l")
done
bm=$(printf '%s\n' "${bare_times[@]}" | median)
lm=$(printf '%s\n' "${live_times[@]}" | median)
echo "8 MiB allreduce, 2 ranks, $iters iterations, $reps alternating runs"
echo "  bare MPI_Allreduce loop : median ${bm} us  (runs: ${bare_times[*]})"
echo "  commtutor-live          : median ${lm} us  (runs: ${live_times[*]})"
awk -v l="$lm" -v b="$bm" 'BEGIN { printf "  ratio live/bare        : %.3f\n", l / b }'

sweep=$(mktemp --suffix=.jsonl)
trap 'rm -f "$sweep"' EXIT
mpirun -np 2 "$worker" --backend mpi --op allreduce -b 8 -e 64M -f 2 -n 20 -w 5 --inplace 0 -a 3 --jsonl > "$sweep"
echo "Calibration on a 8 B – 64 MiB allreduce sweep at 2 ranks (every other size held back):"
"$holdout" "$sweep" | sed 's/^/  /'
