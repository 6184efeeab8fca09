#!/bin/sh
# coverage.sh BUILD HARNESS [DIR...]: line coverage (gcc --coverage, gcov)
# of the library reached by a harness's corpus: by default the working
# corpus of long runs and the seed corpus, BUILD/fuzz/{work,corpus}-HARNESS.
# Prints one line per source file and a total for the stages the harness
# targets.
set -eu
cd "$(dirname "$0")/../.."
build=$1 h=$2
shift 2
[ $# -gt 0 ] || set -- "$build/fuzz/work-$h" "$build/fuzz/corpus-$h"
# Built: the finished stages (as FUZZ_CORE_DIRS in the Makefile) plus what
# the harness needs; reported: the stages the harness targets.
core="common rng dgn_front dgn_emit dgn_load layout levcode level"
case $h in
dgn_src) build_dirs=$core; dirs="dgn_front dgn_emit dgn_load layout"; gen="dgn_lex dgn_parse" ;;
dgn_bin) build_dirs=$core; dirs="dgn_load layout"; gen="dgn_lex dgn_parse" ;;
lev_bin) build_dirs="$core interp gen"; dirs="levcode interp"; gen="dgn_lex dgn_parse" ;;
des_parse) build_dirs="$core lev_front lev_check lev_emit interp gen"; dirs="lev_front lev_check"; gen="dgn_lex dgn_parse lev_lex lev_parse" ;;
des_run) build_dirs="$core lev_front lev_check lev_emit interp gen"; dirs="lev_front lev_check lev_emit interp"; gen="dgn_lex dgn_parse lev_lex lev_parse" ;;
*) echo "coverage.sh: unknown harness $h" >&2; exit 2 ;;
esac
out=$build/fuzz/cov-$h
rm -rf "$out"
mkdir -p "$out"
srcs=
for d in $build_dirs; do
    for f in src/$d/*.c; do [ -f "$f" ] && srcs="$srcs $f"; done
done
for g in $gen; do srcs="$srcs $build/gen/$g.c"; done
report=
for d in $dirs; do
    for f in src/$d/*.c; do [ -f "$f" ] && report="$report $f"; done
done
case $h in
dgn_src) report="$report $build/gen/dgn_lex.c $build/gen/dgn_parse.c" ;;
des_parse | des_run) report="$report $build/gen/lev_lex.c $build/gen/lev_parse.c" ;;
esac
objs=
for f in $srcs tests/fuzz/fuzz_$h.c tests/fuzz/replay_main.c; do
    o=$out/$(printf '%s' "$f" | tr '/' '_' | sed 's/\.c$/.o/')
    gcc -std=c11 -O0 --coverage -Iinclude -Isrc -I"$build/gen" -Itests/fuzz \
        -c -o "$o" "$f"
    objs="$objs $o"
done
gcc --coverage -o "$out/replay" $objs -lm
"$out/replay" "$@" 2>&1 | tail -1
# gcov per library source: "Lines executed:NN.NN% of M"
total=0 hit=0
for f in $report; do
    o=$out/$(printf '%s' "$f" | tr '/' '_' | sed 's/\.c$/.o/')
    # A generated scanner or parser is reported as its grammar file.
    case $f in
    */gen/*_lex.c) want=grammar/$(basename "$f" _lex.c).l ;;
    */gen/*_parse.c) want=grammar/$(basename "$f" _parse.c).y ;;
    *) want=$f ;;
    esac
    line=$(cd "$out" && gcov -n -o "$(basename "$o")" "$OLDPWD/$f" 2>/dev/null |
           awk -v w="$want" '/^File/ { f = $2; gsub(/\047/, "", f) }
                             /Lines executed/ && index(f, w) { print; exit }')
    f=$want
    pct=$(printf '%s' "$line" | sed -n 's/.*executed:\([0-9.]*\)% of \([0-9]*\).*/\1/p')
    n=$(printf '%s' "$line" | sed -n 's/.*executed:\([0-9.]*\)% of \([0-9]*\).*/\2/p')
    [ -n "$n" ] || continue
    printf '%6s%% of %5s lines  %s\n' "$pct" "$n" "$f"
    total=$((total + n))
    hit=$(awk -v h=$hit -v p="$pct" -v n="$n" 'BEGIN { printf "%d", h + p * n / 100 + 0.5 }')
done
awk -v h=$hit -v t=$total -v name="$h" \
    'BEGIN { printf "%s: %d of %d lines (%.1f%%)\n", name, h, t, t ? 100 * h / t : 0 }'
