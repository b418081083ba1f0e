#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, TUTOR_BUILD_FUZZ=ON) and runs each on its corpus for a set time
# (`make fuzz`; docs/FUZZING.md).
#
#   scripts/fuzz.sh [BUILD_DIR] [TARGET...]        targets: scenario lesson questions ... (default: all)
#   FUZZ_SECONDS   seconds per target (default 60)
#   FUZZ_JOBS      targets run at the same time (default 1)
#   FUZZ_ARGS      extra libFuzzer flags: "-runs=0" replays the corpora only; "-fork=1 -ignore_crashes=1
#                  -ignore_timeouts=1 -ignore_ooms=1" keeps fuzzing past findings
#
# Inputs that reach new coverage go to BUILD_DIR/fuzz/corpus/<target> (the seeds in tests/fuzz/corpus are only
# read); crashes, leaks, time-outs and broken invariants are written to BUILD_DIR/fuzz/findings/<target>/, and
# belong in tests/fuzz/regressions/<target>/ once looked at, so every replay keeps checking them.
# Each run's log is BUILD_DIR/fuzz/logs/<target>.log; the summary gives executions, exec/s and coverage.
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build-fuzz}
shift || true
seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-1}
all=(scenario lesson questions scene measurements nccl_text nccl_json protocol worker_options cli hardware_profile
  lesson_progress kineto)
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${all[@]}")

if [[ ! -f "$build/build.ninja" ]]; then
  CC=${CC:-clang} CXX=${CXX:-clang++} cmake -S "$source_dir" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DTUTOR_BUILD_FUZZ=ON -DTUTOR_BUILD_BENCH=OFF -DTUTOR_WITH_NCCL=OFF ${FUZZ_CMAKE_ARGS:-}
fi
cmake --build "$build" -j "${FUZZ_BUILD_JOBS:-2}" --target "${targets[@]/#/fuzz_}"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$source_dir/tests/sanitizers/lsan.supp}

run_one() {
  local t=$1 out="$build/fuzz"
  mkdir -p "$out/corpus/$t" "$out/findings/$t" "$out/logs"
  local seeds=()
  for dir in "$source_dir/tests/fuzz/corpus/$t" "$source_dir/tests/fuzz/regressions/$t"; do
    [[ -d "$dir" ]] && seeds+=("$dir")
  done
  # shellcheck disable=SC2086
  "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -dict="$source_dir/tests/fuzz/dict/$t.dict" -artifact_prefix="$out/findings/$t/" ${FUZZ_ARGS:-} \
    "$out/corpus/$t" "${seeds[@]}" >"$out/logs/$t.log" 2>&1
}

status=0
running=0
for t in "${targets[@]}"; do
  run_one "$t" &
  running=$((running + 1))
  if ((running >= jobs)); then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true

printf '%-17s %12s %9s %7s %s\n' target executions exec/s cov findings
for t in "${targets[@]}"; do
  log="$build/fuzz/logs/$t.log"
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [[ -z "$runs" ]]; then # -fork=N prints "#<executions>: cov: ... exec/s: ..." instead
    runs=$(grep -oE '^#[0-9]+: cov' "$log" | tail -1 | tr -dc '0-9' || true)
    speed=$(grep -oE 'exec/s:? [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$' || true)
  fi
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2 || true)
  found=$(find "$build/fuzz/findings/$t" -type f | wc -l)
  printf '%-17s %12s %9s %7s %s\n' "$t" "${runs:-?}" "${speed:-?}" "${cov:-?}" "$found"
  if ((found > 0)) || grep -qE '^==[0-9]+==ERROR|^SUMMARY: |fuzz invariant broken' "$log"; then
    status=1
  fi
done
exit $status
