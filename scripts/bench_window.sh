#!/usr/bin/env bash
# Window start-up benchmark: "the window starts and shows its first frame in under 1 s, using under 200 MB
# resident". Runs `commtutor --first-frame` (build the window, show it, paint the first frame, quit) N times
# offscreen under /usr/bin/time -v and prints the median wall time and median peak RSS.
#   scripts/bench_window.sh [build-dir] [runs]
set -euo pipefail
build=${1:-build}
runs=${2:-7}
gui="$build/app/gui/commtutor"
[[ -x "$gui" ]] || { echo "bench_window: $gui is not built" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "bench_window: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }
walls=()
rss=()
for ((i = 0; i < runs; i++)); do
  log=$(mktemp)
  QT_QPA_PLATFORM=offscreen /usr/bin/time -v "$gui" --first-frame >/dev/null 2>"$log"
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (k = 1; k <= n; k++) s = s * 60 + p[k]; print s }' "$log")
  kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$log")
  rm -f "$log"
  walls+=("$wall")
  rss+=("$kb")
done
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
mw=$(median "${walls[@]}")
mr=$(median "${rss[@]}")
printf 'first frame: median wall %.3f s over %d runs (target < 1 s)\n' "$mw" "$runs"
printf 'peak RSS:    median %.1f MB (target < 200 MB)\n' "$(echo "$mr / 1024" | bc -l)"
