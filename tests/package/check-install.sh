#!/usr/bin/env bash
# ctest `package_install` (label package): `cmake --install` into a scratch prefix, then checks that every file is
# where the FHS (GNUInstallDirs) puts it, that the desktop file and AppStream metadata validate, and that the
# installed binaries run and find the installed data with no source tree in reach (the prefix is outside the
# checkout and TUTOR_SOURCE_DIR is unset).
# usage: check-install.sh BUILD-DIR APP-ID
set -euo pipefail
build=$1
id=$2
prefix=$(mktemp -d "${TMPDIR:-/tmp}/commtutor-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
need() { for f; do [[ -s "$prefix/$f" || -d "$prefix/$f" ]] || fail "not installed: $f"; done; }

need bin/commtutor bin/commtutor-cli bin/commtutor-live
need "share/applications/$id.desktop" "share/metainfo/$id.metainfo.xml" "share/mime/packages/$id.xml"
for size in 16 22 24 32 48 64 128 256; do
  png="share/icons/hicolor/${size}x${size}/apps/$id.png"
  need "$png"
  # A PNG's IHDR holds width and height as big-endian 32-bit numbers at bytes 16 and 20.
  read -r w0 w1 w2 w3 h0 h1 h2 h3 < <(od -An -tu1 -j16 -N8 "$prefix/$png" 2>/dev/null)
  width=$(( ((${w0:-0} * 256 + ${w1:-0}) * 256 + ${w2:-0}) * 256 + ${w3:-0} ))
  height=$(( ((${h0:-0} * 256 + ${h1:-0}) * 256 + ${h2:-0}) * 256 + ${h3:-0} ))
  [[ $width == "$size" && $height == "$size" ]] || fail "$png is ${width}x${height}, not ${size}x${size}"
done
need "share/icons/hicolor/scalable/apps/$id.svg"
need share/man/man1/commtutor.1 share/man/man1/commtutor-cli.1 share/man/man1/commtutor-live.1
need share/commtutor/lessons/questions share/commtutor/lessons/glossary.json
need share/commtutor/scenarios/default.json
need share/commtutor/translations/commtutor_zh_CN.qm share/commtutor/translations/commtutor_en.qm
need share/commtutor/validation/nccl-tests.json share/commtutor/validation/steps.json
need share/doc/commtutor/LICENSE

grep -qx 'Exec=commtutor %f' "$prefix/share/applications/$id.desktop" || fail "desktop file: Exec is not 'commtutor %f'"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$prefix/share/applications/$id.desktop" || fail "desktop-file-validate"
else
  echo "note: desktop-file-validate not found (desktop-file-utils): desktop file not validated"
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$prefix/share/metainfo/$id.metainfo.xml" || fail "appstreamcli validate"
else
  echo "note: appstreamcli not found (appstream): metainfo not validated"
fi

# The installed binaries, run from inside the prefix with nothing pointing at the source tree.
run() { (cd "$prefix" && env -u TUTOR_SOURCE_DIR -u TUTOR_LESSONS_DIR -u TUTOR_SCENARIO_DIR QT_QPA_PLATFORM=offscreen "$@"); }
for bin in commtutor commtutor-cli commtutor-live; do
  version=$(run "$prefix/bin/$bin" --version) || fail "$bin --version failed"
  [[ "$version" == *[0-9].[0-9]* ]] || fail "$bin --version printed '$version'"
done
run "$prefix/bin/commtutor" --no-such-flag >/dev/null 2>&1 && fail "commtutor accepted an unknown flag"
lessons=$(run "$prefix/bin/commtutor-cli" lessons list) || fail "commtutor-cli lessons list (installed lessons not found)"
expected=$(find "$prefix/share/commtutor/lessons" -maxdepth 1 -name '[0-9]*.json' | wc -l)
[[ $(grep -c . <<<"$lessons") -eq $expected && $expected -gt 0 ]] \
  || fail "commtutor-cli lessons list printed $(grep -c . <<<"$lessons") lessons, $expected are installed"
# Every step's scene and claim, evaluated against the installed scenarios (share/commtutor/scenarios).
run "$prefix/bin/commtutor-cli" lessons check >/dev/null || fail "commtutor-cli lessons check on the installed lessons"
run "$prefix/bin/commtutor-cli" validate-model >/dev/null || fail "commtutor-cli validate-model (installed validation set)"

if [[ $failures -gt 0 ]]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "ok: installed tree under $prefix is complete and runs"
