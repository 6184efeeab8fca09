#!/bin/sh
# tests/run.sh - runs every test: the shell suites tests/t_*.sh and the C
# unit programs built from tests/unit/*.c.  Ends with the line
#   N passed, N failed, N skipped
# and exits 1 when anything failed.
#
# Environment: SPLEV_BUILD (build directory, default build), UPDATE_GOLDEN=1
# rewrites golden files instead of comparing, T=PATTERN runs only the
# suites whose file name contains PATTERN.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP" || exit 2
BUILD=${SPLEV_BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$TOP/$BUILD ;; esac
BIN=$BUILD/bin
SHARED=$(cd "$TOP/../shared" 2>/dev/null && pwd || echo "")
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/splev-tests.XXXXXX")
trap 'rm -rf "$TMPD"' EXIT INT TERM
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

. "$TOP/tests/lib.sh"

for suite in "$TOP"/tests/t_*.sh; do
    [ -e "$suite" ] || continue
    case ${T:-} in '') ;; *) case $suite in *"$T"*) ;; *) continue ;; esac ;; esac
    SUITE=$(basename "$suite" .sh)
    . "$suite"
done

if [ -z "${T:-}" ] || [ "$T" = unit ]; then
    for u in "$BUILD"/tests/*; do
        [ -f "$u" ] && [ -x "$u" ] || continue
        run_unit "$u"
    done
fi

echo "$PASSED passed, $FAILED failed, $SKIPPED skipped"
[ "$FAILED" -eq 0 ]
