#!/bin/sh
# tests/bench.sh BUILD - lev_comp benchmark (make bench; not part of check).
# Reports, side by side, instructions (callgrind), wall and CPU time and
# max RSS for: the whole UnNetHack corpus in one process (compiled, and
# --parse-only), and generated single-level
# des-files of about 100 KB, 1 MB and 10 MB.  The generated level repeats a
# mix of the common statements (MONSTER, OBJECT, TRAP, IF, LOOP, variables)
# so its size grows linearly with the statement count.
set -u
BUILD=${1:-build}
LC=$BUILD/bin/lev_comp
SHARED=$(cd "$(dirname "$0")/../../shared" 2>/dev/null && pwd || echo "")
T=$(mktemp -d "${TMPDIR:-/tmp}/splev-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT INT TERM
[ -x "$LC" ] || { echo "bench: $LC is missing (make first)"; exit 1; }

# gen BYTES FILE: one LEVEL of about BYTES bytes.
gen() {
    awk -v want="$1" 'BEGIN {
        print "LEVEL:\"bench\""
        print "INIT_MAP: solidfill, '"'"' '"'"'"
        print "GEOMETRY:center,center"
        print "MAP"
        for (y = 0; y < 15; y++) print "|..........................................|"
        print "ENDMAP"
        print "$spots = { (1,1), (2,3), (5,4), (9,9) }"
        print "$pt = (5,4)"
        n = 0; size = 0
        while (size < want) {
            x = n % 40 + 1; y = n % 13 + 1
            l1 = sprintf("MONSTER: '"'"'d'"'"', (%d,%d), peaceful", x, y)
            l2 = sprintf("OBJECT: ('"'"'('"'"', \"chest\"), (%d,%d), blessed", y, x % 13)
            l3 = sprintf("[%d%%]: TRAP: \"arrow\", $spots[%d]", n % 100, n % 4)
            l4 = sprintf("IF [ $pt.x > %d ] { GOLD: %d, random }", n % 7, n)
            l5 = sprintf("LOOP [ %d ] { OBJECT: '"'"'*'"'"', random }", n % 3 + 1)
            print l1; print l2; print l3; print l4; print l5
            size += length(l1) + length(l2) + length(l3) + length(l4) + length(l5) + 5
            n++
        }
    }' >"$2"
}

gen 100000 "$T/b100k.des"
gen 1000000 "$T/b1m.des"
gen 10000000 "$T/b10m.des"

have_cg=0
command -v valgrind >/dev/null 2>&1 && have_cg=1
have_time=0
[ -x /usr/bin/time ] && /usr/bin/time -v true >/dev/null 2>&1 && have_time=1

# measure NAME ARGS...: one line of figures for lev_comp ARGS (a compile
# into $T/out unless ARGS say otherwise).
measure() {
    name=$1
    shift
    mkdir -p "$T/out"
    ins="-"
    if [ "$have_cg" -eq 1 ]; then
        valgrind --tool=callgrind --callgrind-out-file="$T/cg.out" \
            "$LC" "$@" >/dev/null 2>"$T/cg.err"
        ins=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$T/cg.err")
        [ -n "$ins" ] || ins=$(grep -o 'refs: *[0-9,]*' "$T/cg.err" | tr -d ', refs:')
    fi
    rss="-"
    cpu="-"
    start=$(date +%s.%N)
    if [ "$have_time" -eq 1 ]; then
        /usr/bin/time -v "$LC" "$@" >/dev/null 2>"$T/time.err"
        rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$T/time.err")
        cpu=$(awk -F': ' '/User time|System time/ { t += $2 }
                          END { printf "%.3f", t }' "$T/time.err")
    else
        "$LC" "$@" >/dev/null 2>&1
    fi
    end=$(date +%s.%N)
    wall=$(echo "$start $end" | awk '{ printf "%.3f", $2 - $1 }')
    printf '%-22s %15s %10s %10s %12s\n' "$name" "$ins" "$wall" "$cpu" "$rss"
}

# cpu = user + system time: on a loaded machine wall time is not the
# program's alone.
printf '%-22s %15s %10s %10s %12s\n' "input" "instructions" "wall (s)" \
    "cpu (s)" "max RSS (KB)"
if [ -n "$SHARED" ] && [ -d "$SHARED/corpus/unnethack" ]; then
    # Issue #4's target: at most 41 million instructions; #3 asks the
    # parse alone to take "a few million".
    measure "corpus (35 files)" -o "$T/out" "$SHARED"/corpus/unnethack/*.des
    measure "corpus --parse-only" --parse-only \
        "$SHARED"/corpus/unnethack/*.des
else
    echo "corpus: ../shared is absent"
fi
# Target for the 10 MB level: under 2 s and under 200 MB (204800 KB).
for f in b100k b1m b10m; do
    measure "$f.des ($(wc -c <"$T/$f.des") B)" -o "$T/out" "$T/$f.des"
done

# ---- levels per second (levgen --count): fixed-map levels (castle,
# Medusa, Sokoban, the Oracle), a mines filler, a maze filler and a big
# room.  Wall time: the best of three runs of N levels on one core;
# instructions per level: callgrind of N+1 levels minus 1 level, over N;
# the goal column is the target (doc/interpreter.md has the figures of
# the tree before and after the speed work).
LG=$BUILD/bin/levgen
if [ ! -x "$LG" ] || [ -z "$SHARED" ] || [ ! -d "$SHARED/corpus/unnethack" ]; then
    echo "levels per second: needs $LG and ../shared (skipped)"
    exit 0
fi
mkdir -p "$T/lev"
"$LC" -o "$T/lev" "$SHARED"/corpus/unnethack/*.des >/dev/null 2>&1
N=${BENCH_LEVELS:-20000}
NCG=${BENCH_CG_LEVELS:-200}
# cg_ins ARGS...: instructions callgrind counts for levgen ARGS.
cg_ins() {
    valgrind --tool=callgrind --callgrind-out-file="$T/cgl.out" \
        "$LG" "$@" >/dev/null 2>"$T/cgl.err"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$T/cgl.err"
}
# goal LEVEL: the levels/s the project aims at (doc/interpreter.md).
goal() {
    case $1 in
    castle-1|medusa-1|soko1-1) echo 50000 ;;
    minefill) echo 10000 ;;
    *) echo - ;;
    esac
}
echo
printf '%-12s %14s %16s %10s\n' "level" "levels/s" "instr/level" "goal"
for l in castle-1 medusa-1 soko1-1 oracle minefill heck-b-5 bigrm-1; do
    f=$T/lev/$l.lev
    [ -f "$f" ] || { echo "$l: not compiled"; continue; }
    best=""
    for _ in 1 2 3; do
        t0=$(date +%s.%N)
        "$LG" --count "$N" --seed 1 "$f" >/dev/null
        t1=$(date +%s.%N)
        s=$(echo "$t0 $t1" | awk '{ print $2 - $1 }')
        best=$(echo "$best $s" | awk '{ if (NF == 1 || $2 < $1) print $NF; else print $1 }')
    done
    lps=$(echo "$best $N" | awk '{ if ($1 > 0) printf "%.0f", $2 / $1; else print "-" }')
    ipl="-"
    if [ "$have_cg" -eq 1 ]; then
        a=$(cg_ins --count 1 --seed 1 "$f")
        b=$(cg_ins --count $((NCG + 1)) --seed 1 "$f")
        [ -n "$a" ] && [ -n "$b" ] && ipl=$(( (b - a) / NCG ))
    fi
    printf '%-12s %14s %16s %10s\n' "$l" "$lps" "$ipl" "$(goal "$l")"
done

# ---- whole dungeons (levgen --dungeon --levels --all --count): every
# level of the UnNetHack dungeon, and of our dat/ dungeon, laid out and
# generated for 20 seeds; the time is the generation per dungeon on one
# core (the .lev files are read once per dungeon).  Target: < 50 ms.
"$BUILD/bin/dgn_comp" -o "$T/lev/dungeon" "$SHARED/corpus/unnethack/dungeon.def" \
    >/dev/null 2>&1
echo
echo "whole dungeon, 20 seeds:"
printf '  corpus:  '
"$LG" --dungeon "$T/lev/dungeon" --levels "$T/lev" --all --count 20 --seed 1
if [ -f "$BUILD/dat/dungeon" ]; then
    printf '  our dat: '
    "$LG" --dungeon "$BUILD/dat/dungeon" --levels "$BUILD/dat" --all \
        --count 20 --seed 1
fi
