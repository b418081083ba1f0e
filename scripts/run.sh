#!/usr/bin/env bash
# `make run`: opens commtutor. On a machine with no display (DISPLAY and WAYLAND_DISPLAY unset) it says so,
# renders the opening scene of every stage to PNG files it names, and prints the headline numbers: the
# collective table (`commtutor-cli predict`) and the default scenario's metrics (`commtutor-cli simulate`).
set -euo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
gui="$build/app/gui/commtutor"
cli="$build/app/cli/commtutor-cli"
if [[ ! -x "$gui" ]]; then
  echo "run: $gui is not built; run \`make build\` first" >&2
  exit 1
fi

if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
  exec "$gui"
fi

out="$build/stages"
echo "run: no display (DISPLAY and WAYLAND_DISPLAY are unset); rendering each stage offscreen to $out/ instead."
QT_QPA_PLATFORM=offscreen "$gui" --render-stages "$out" --lang en 2>/dev/null | sed 's/^/  wrote /'
QT_QPA_PLATFORM=offscreen "$gui" --render-stages "$out" --lang zh_CN 2>/dev/null | sed 's/^/  wrote /'
if [[ -x "$cli" ]]; then
  echo
  echo "== AllReduce on one HGX H100 node (8 GPUs), 1 KiB to 1 GiB: commtutor-cli predict"
  "$cli" predict --op allreduce --preset hgx-h100 --ranks 8 -b 1K -e 1G -f 4
  echo
  echo "== AllReduce across 4 HGX H100 nodes (32 GPUs)"
  "$cli" predict --op allreduce --preset hgx-h100 --ranks 32 -b 1M -e 1G -f 8
  echo
  echo "== The default training scenario: commtutor-cli simulate assets/scenarios/default.json"
  "$cli" simulate "$root/assets/scenarios/default.json"
else
  echo "run: $cli is not built; skipping the headline numbers" >&2
fi
