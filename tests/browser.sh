#!/bin/sh
# tests/browser.sh BUILD - the dungeon page in headless Chromium (make
# check-browser; not part of make check).  Writes BUILD/dungeon.html for
# our dat/ dungeon, loads it, checks that the browser's DOM holds one
# rendered SVG map per level, and takes a screenshot (BUILD/dungeon.png).
# Skips (status 0) when no chromium is installed (apt-get install chromium).
set -u
BUILD=${1:-build}
B=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$B" ]; then
    echo "check-browser: skipped: no chromium (apt-get install chromium)"
    exit 0
fi
PAGE=$(cd "$BUILD" && pwd)/dungeon.html
"$BUILD/bin/levgen" --dungeon "$BUILD/dat/dungeon" --levels "$BUILD/dat" \
    --seed 1 --all --format html -o "$PAGE" || exit 1
PROFILE=$(mktemp -d "${TMPDIR:-/tmp}/splev-chromium.XXXXXX")
trap 'rm -rf "$PROFILE"' EXIT INT TERM
FLAGS="--headless --no-sandbox --disable-gpu --disable-background-networking
 --disable-component-update --disable-sync --no-first-run
 --user-data-dir=$PROFILE"
n=$(grep -c '<section id="L' "$PAGE")
# shellcheck disable=SC2086
dom=$(timeout 120 "$B" $FLAGS --dump-dom "file://$PAGE" 2>/dev/null)
svgs=$(printf '%s' "$dom" | grep -o '<svg ' | wc -l)
if [ "$svgs" -ne "$n" ] || [ "$n" -lt 1 ]; then
    echo "check-browser: FAIL: the browser shows $svgs maps for $n levels"
    exit 1
fi
# shellcheck disable=SC2086
timeout 120 "$B" $FLAGS --window-size=1400,2000 \
    --screenshot="$BUILD/dungeon.png" "file://$PAGE" >/dev/null 2>&1
if [ ! -s "$BUILD/dungeon.png" ]; then
    echo "check-browser: FAIL: no screenshot"
    exit 1
fi
echo "check-browser: ok: $n levels rendered; screenshot $BUILD/dungeon.png"
