#!/usr/bin/env bash
# Runs the Google Benchmark suite with repetitions and prints medians (`make bench`).
set -euo pipefail
build=${1:-build}
bench="$build/tests/bench/tutor_bench"
if [[ ! -x "$bench" ]]; then
  echo "bench: $bench not built (configure with -DTUTOR_BUILD_BENCH=ON)" >&2
  exit 1
fi
"$bench" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  --benchmark_display_aggregates_only=true "${@:2}"
