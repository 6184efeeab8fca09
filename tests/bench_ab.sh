#!/bin/sh
# tests/bench_ab.sh OLD NEW [RUNS] - wall time of two builds side by
# side, their runs taken in turn (old, new, old, new...) so that a
# machine busy with something else slows both alike.  For each
# benchmark: the median of each, the quartiles, and new/old.
#   corpus   lev_comp of every ../shared/corpus/*/*.des in one process
#   castle-1, minefill, soko1-1   levgen --count 20000 --seed 1
# Not part of check.   sh tests/bench_ab.sh /tmp/old-build build 30
set -u
OLD=${1:?usage: bench_ab.sh OLD_BUILD NEW_BUILD [RUNS]}
NEW=${2:?usage: bench_ab.sh OLD_BUILD NEW_BUILD [RUNS]}
RUNS=${3:-30}
N=${BENCH_LEVELS:-20000}
SHARED=$(cd "$(dirname "$0")/../../shared" 2>/dev/null && pwd) || {
    echo "bench_ab: needs ../shared"
    exit 1
}
T=$(mktemp -d "${TMPDIR:-/tmp}/splev-ab.XXXXXX")
trap 'rm -rf "$T"' EXIT INT TERM
mkdir -p "$T/lev" "$T/out"
"$OLD/bin/lev_comp" -o "$T/lev" "$SHARED"/corpus/unnethack/*.des >/dev/null 2>&1

# now: nanoseconds.
now() { date +%s%N; }
# one B NAME: one run of benchmark NAME with build B; prints seconds.
one() {
    case $2 in
    corpus) set -- "$1" "$1/bin/lev_comp" -o "$T/out" "$SHARED"/corpus/*/*.des ;;
    *) set -- "$1" "$1/bin/levgen" --count "$N" --seed 1 "$T/lev/$2.lev" ;;
    esac
    shift
    t0=$(now)
    "$@" >/dev/null 2>&1
    t1=$(now)
    echo "$t0 $t1" | awk '{ printf "%.4f\n", ($2 - $1) / 1e9 }'
}
# stats FILE: median q1 q3 of the numbers in FILE.
stats() {
    sort -n "$1" | awk '{ v[NR] = $1 } END {
        printf "%.4f %.4f %.4f", v[int((NR + 1) / 2)], v[int(NR / 4) + 1],
               v[int(3 * NR / 4) + 1] }'
}
printf '%-10s %26s %26s %8s\n' bench "old median [q1 q3]" "new median [q1 q3]" new/old
for b in ${BENCH:-corpus castle-1 minefill soko1-1}; do
    : >"$T/a"
    : >"$T/b"
    for _ in $(seq "$RUNS"); do
        one "$OLD" "$b" >>"$T/a"
        one "$NEW" "$b" >>"$T/b"
    done
    set -- $(stats "$T/a") $(stats "$T/b")
    printf '%-10s %8s [%7s %7s] %8s [%7s %7s] %8s\n' "$b" "$1" "$2" "$3" \
        "$4" "$5" "$6" "$(echo "$1 $4" | awk '{ printf "%.3f", $2 / $1 }')"
done
