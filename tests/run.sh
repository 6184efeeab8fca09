#!/bin/sh
# tests/run.sh - runs every test: the shell suites tests/t_*.sh and the C
# unit programs built from tests/unit/*.c.  Ends with the line
#   N passed, N failed, N skipped
# and exits 1 when anything failed.
#
# Environment: SPLEV_BUILD (build directory, default build), UPDATE_GOLDEN=1
# rewrites golden files instead of comparing, T=PATTERN runs only the
# suites whose file name contains PATTERN, SPLEV_TEST_JOBS=N runs N
# suites at a time (default: the number of processors), VERBOSE=1 prints
# each suite's seconds.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP" || exit 2
BUILD=${SPLEV_BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$TOP/$BUILD ;; esac
BIN=$BUILD/bin
SHARED=$(cd "$TOP/../shared" 2>/dev/null && pwd || echo "")
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

# run.sh --one DIR N KIND NAME: one task of a run, in a shell of its own
# with its own scratch folder: KIND suite (tests/NAME.sh) or unit
# ($BUILD/tests/NAME).  Its report goes to stdout, its counts and seconds
# to DIR/N.cnt.
if [ "${1:-}" = --one ]; then
    ONE_DIR=$2 ONE_N=$3 ONE_KIND=$4 ONE_NAME=$5
    TMPD=$(mktemp -d "${TMPDIR:-/tmp}/splev-tests.XXXXXX")
    trap 'rm -rf "$TMPD"' EXIT INT TERM
    . "$TOP/tests/lib.sh"
    t0=$(date +%s)
    # (a suite may change the positional parameters and the directory)
    case $ONE_KIND in
    suite) SUITE=$ONE_NAME; . "$TOP/tests/$ONE_NAME.sh" ;;
    unit) run_unit "$BUILD/tests/$ONE_NAME" ;;
    esac
    cd "$TOP" || exit 2
    echo "$PASSED $FAILED $SKIPPED $(($(date +%s) - t0))" >"$ONE_DIR/$ONE_N.cnt"
    exit 0
fi

# The tasks, each suite and each unit program, run $SPLEV_TEST_JOBS at a
# time (default: the number of processors); their reports are printed in
# the order of the list, whatever order they finish in.
JOBS=${SPLEV_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
RD=$(mktemp -d "${TMPDIR:-/tmp}/splev-run.XXXXXX")
trap 'rm -rf "$RD"' EXIT INT TERM
n=0
for suite in "$TOP"/tests/t_*.sh; do
    [ -e "$suite" ] || continue
    case ${T:-} in '') ;; *) case $suite in *"$T"*) ;; *) continue ;; esac ;; esac
    n=$((n + 1))
    echo "$n suite $(basename "$suite" .sh)"
done >"$RD/tasks"
if [ -z "${T:-}" ] || [ "$T" = unit ]; then
    for u in "$BUILD"/tests/*; do
        [ -f "$u" ] && [ -x "$u" ] || continue
        n=$((n + 1))
        echo "$n unit $(basename "$u")"
    done >>"$RD/tasks"
fi
export SPLEV_BUILD="$BUILD"
xargs -P "$JOBS" -L 1 sh -c 'sh "$0" --one "$1" "$2" "$3" "$4" >"$1/$2.log" 2>&1' \
    "$TOP/tests/run.sh" "$RD" <"$RD/tasks"

PASSED=0 FAILED=0 SKIPPED=0
while read -r i kind name; do
    cat "$RD/$i.log"
    if [ -s "$RD/$i.cnt" ]; then
        read -r p f s secs <"$RD/$i.cnt"
        PASSED=$((PASSED + p)) FAILED=$((FAILED + f)) SKIPPED=$((SKIPPED + s))
        [ -z "${VERBOSE:-}" ] || echo "time $name: $secs s"
    else
        FAILED=$((FAILED + 1))
        echo "FAIL $name: the $kind stopped before its end"
    fi
done <"$RD/tasks"
echo "$PASSED passed, $FAILED failed, $SKIPPED skipped"
[ "$FAILED" -eq 0 ]
