#!/usr/bin/env bash
# Device check for the live lab's NCCL backend, on a machine with NVIDIA GPUs. Under 5 minutes:
#   1. builds only commtutor-live with TUTOR_WITH_NCCL=ON (the full CMake project; if it cannot configure,
#      e.g. no Qt on the GPU machine, the worker's own sources are compiled directly with nvcc and g++);
#   2. runs the NCCL sweep 1 B – 1 GiB (AllReduce, table and JSON Lines), every collective 1 KiB – 64 MiB,
#      half and bfloat16, all with the correctness check, and the overlap experiment;
#   3. writes everything to one folder: $OUT if set, else ./gpu-results; summary.txt lists the figures.
# Usage: tests/gpu/device-check.sh            (env: OUT, BUILD, CUDA_ARCH=90, GPUS=all visible)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-$PWD/gpu-results}
build=${BUILD:-$root/build-gpu}
arch=${CUDA_ARCH:-90}
mkdir -p "$out"
summary="$out/summary.txt"
: > "$summary"
log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$out/device-check.log"; }
started=$(date +%s)

nvidia-smi > "$out/nvidia-smi.txt" 2>&1 || log "nvidia-smi failed (see nvidia-smi.txt)"
export PATH="$PATH:/usr/local/cuda/bin"
jobs=$(nproc 2>/dev/null || echo 8)

# --- 1. build commtutor-live ---------------------------------------------------------------------------
worker=""
generator=()
command -v ninja > /dev/null && generator=(-G Ninja)
if [[ -z "${FORCE_DIRECT_BUILD:-}" ]] &&
  cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DTUTOR_WITH_NCCL=ON \
    -DBUILD_TESTING=OFF -DTUTOR_BUILD_BENCH=OFF -DCMAKE_CUDA_ARCHITECTURES="$arch" > "$out/configure.log" 2>&1 &&
  cmake --build "$build" --target commtutor-live -j "$jobs" > "$out/build.log" 2>&1; then
  worker="$build/live/worker/commtutor-live"
  log "built with CMake: $worker"
else
  log "CMake build not possible (see configure.log / build.log); compiling the worker directly"
  direct="$build/direct"
  mkdir -p "$direct/generated/tutor" "$direct/obj"
  nccl_home=${NCCL_HOME:-/usr/local/cuda}
  cat > "$direct/generated/tutor/config.h" << 'EOF'
#pragma once
#define TUTOR_WITH_NCCL 1
#define TUTOR_WITH_MPI 0
#define TUTOR_VERSION "device-check"
#define TUTOR_SOURCE_DIR ""
EOF
  includes=(-I"$root" -I"$direct/generated" -I/usr/local/cuda/include -I"$nccl_home/include")
  sources=(live/protocol/protocol.cpp live/worker/main.cpp live/worker/options.cpp live/worker/output.cpp
    live/worker/sweep.cpp live/worker/watchdog.cpp live/nccl/ncclbackend.cpp live/nccl/ncclmeasure.cpp
    model/units.cpp model/problem.cpp)
  for f in "$root"/model/collectives/*.cpp; do sources+=("${f#"$root"/}"); done
  ok=1
  nvcc -std=c++17 -O2 -arch=sm_"$arch" "${includes[@]}" -c "$root/live/nccl/ncclkernels.cu" \
    -o "$direct/obj/ncclkernels.o" >> "$out/build.log" 2>&1 || ok=0
  objs=("$direct/obj/ncclkernels.o")
  for s in "${sources[@]}"; do
    o="$direct/obj/$(echo "$s" | tr '/' '_').o"
    g++ -std=c++20 -O2 -Wall -Werror=undef "${includes[@]}" -c "$root/$s" -o "$o" >> "$out/build.log" 2>&1 &
    objs+=("$o")
  done
  wait
  for o in "${objs[@]}"; do [[ -f "$o" ]] || ok=0; done
  if ((ok)) && g++ -o "$direct/commtutor-live" "${objs[@]}" -L/usr/local/cuda/lib64 -L"$nccl_home/lib" \
    -L"$nccl_home/lib64" -lnccl -lcudart -lpthread >> "$out/build.log" 2>&1; then
    worker="$direct/commtutor-live"
    log "built directly: $worker"
  fi
fi
if [[ -z "$worker" || ! -x "$worker" ]]; then
  log "FAILED: commtutor-live did not build (see build.log)"
  echo "build: FAILED" >> "$summary"
  exit 1
fi
echo "build: ok in $(($(date +%s) - started)) s ($worker)" >> "$summary"
"$worker" --version >> "$summary" 2>&1

# --- 2. runs -------------------------------------------------------------------------------------------
gpus=()
[[ -n "${GPUS:-}" ]] && gpus=(-g "$GPUS")
run() { # name, timeout seconds, worker flags...
  local name=$1 limit=$2
  shift 2
  local t0=$(date +%s)
  timeout "$limit" "$worker" --backend nccl "${gpus[@]}" --timeout-s 60 "$@" > "$out/$name" 2> "$out/$name.stderr"
  local rc=$?
  log "$name: exit $rc in $(($(date +%s) - t0)) s"
  echo "$name: exit $rc" >> "$summary"
  return $rc
}
run allreduce_1B_1GiB.txt 150 --op allreduce -b 1 -e 1G -f 2 -n 20 -w 5
run allreduce_1B_1GiB.jsonl 150 --op allreduce -b 1 -e 1G -f 2 -n 20 -w 5 --json
for op in reducescatter allgather broadcast reduce alltoall sendrecv; do
  run "${op}_1KiB_64MiB.jsonl" 60 --op "$op" -b 1K -e 64M -f 4 -n 10 -w 2 --json
done
for dtype in half bfloat16 int8 double; do
  run "allreduce_${dtype}.jsonl" 60 --op allreduce -b 1K -e 16M -f 16 -n 5 -w 2 -d "$dtype" --json
done
run overlap_allreduce_256MiB.jsonl 90 --op allreduce -b 256M -e 256M -n 10 -w 3 --overlap --json

# --- 3. summary ----------------------------------------------------------------------------------------
{
  echo "wrong elements (all JSON runs): $(cat "$out"/*.jsonl | grep -o '"wrong":[0-9-]*' | cut -d: -f2 |
    awk '{ s += ($1 > 0 ? $1 : 0) } END { print s + 0 }')"
  echo "error records: $(cat "$out"/*.jsonl | grep -c '"type":"error"')"
  echo "allreduce out-of-place busbw at 1 GiB (GB/s): $(grep '"bytes":1073741824' "$out/allreduce_1B_1GiB.jsonl" |
    grep '"in_place":false' | grep -o '"busbw_GBps":[0-9.e+-]*' | cut -d: -f2)"
  echo "overlap: $(grep '"type":"overlap"' "$out/overlap_allreduce_256MiB.jsonl")"
  grep '# Avg bus bandwidth' "$out/allreduce_1B_1GiB.txt"
  echo "total: $(($(date +%s) - started)) s"
} >> "$summary"
cat "$summary"
