#!/usr/bin/env bash
# CI step: builds the Debian package (CPack), unpacks it into a scratch prefix with `dpkg -x` (no root needed) and
# runs it from there: `commtutor-cli --version`, `commtutor-cli simulate` on an installed scenario, and a headless
# screenshot of the window. Also checks that every library the binaries need resolves and that every package the
# .deb depends on is one Debian knows. Prints the package's size and Depends.
# usage: scripts/check-package.sh [BUILD-DIR]   (a configured build folder; default build)
set -euo pipefail
build=${1:-build}
start=$SECONDS
[[ -f "$build/CPackConfig.cmake" ]] || { echo "check-package: $build is not a configured build folder" >&2; exit 1; }

cmake --build "$build" --target package >/dev/null
deb=$(ls -t "$build"/commtutor_*.deb | head -1)
echo "check-package: $deb, $(du -k "$deb" | cut -f1) KiB"
depends=$(dpkg-deb -f "$deb" Depends)
echo "check-package: Depends: $depends"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/commtutor-deb.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
dpkg -x "$deb" "$scratch"
usr=$scratch/usr
run() { (cd "$scratch" && env -u TUTOR_SOURCE_DIR -u TUTOR_LESSONS_DIR -u TUTOR_SCENARIO_DIR "$@"); }

missing=$(ldd "$usr"/bin/commtutor* | grep 'not found' || true)
[[ -z "$missing" ]] || { echo "check-package: unresolved libraries:"$'\n'"$missing" >&2; exit 1; }
if command -v apt-cache >/dev/null; then
  for dep in $(tr ',|' '\n\n' <<<"$depends" | sed 's/(.*)//; s/ //g' | sort -u); do
    apt-cache show "$dep" >/dev/null 2>&1 || { echo "check-package: Depends names '$dep', which apt does not know" >&2; exit 1; }
  done
fi

run "$usr/bin/commtutor-cli" --version
run "$usr/bin/commtutor-cli" simulate "$usr/share/commtutor/scenarios/default.json" >/dev/null
run env QT_QPA_PLATFORM=offscreen "$usr/bin/commtutor" --screenshot "$scratch/x.png" >/dev/null
[[ $(head -c 8 "$scratch/x.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] \
  || { echo "check-package: the screenshot is not a PNG" >&2; exit 1; }
echo "check-package: ok: the package unpacks, runs and renders headless ($((SECONDS - start)) s)"
