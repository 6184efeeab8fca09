#!/bin/sh
# tests/bench_stats.sh BUILD [COUNT] - levgen --stats benchmark (make
# bench; not part of check): COUNT (default 10000) seeds of the fixed-map
# level tests/stats/blocked.des, pinned to one core, side by side with
# --count over the same seeds (generation alone), so the difference is
# what the statistics cost.  Medians of hyperfine's runs, wall time.
set -u
BUILD=${1:-build}
COUNT=${2:-10000}
LEVEL=$(dirname "$0")/stats/blocked.des
LG=$BUILD/bin/levgen
[ -x "$LG" ] || { echo "bench stats: $LG is missing (make first)"; exit 1; }
PIN=""
command -v taskset >/dev/null 2>&1 && PIN="taskset -c 0"
if command -v hyperfine >/dev/null 2>&1; then
    hyperfine -N -w 2 -r 10 --style basic \
        -n "count $COUNT" "$PIN $LG --count $COUNT -o /dev/null $LEVEL" \
        -n "stats $COUNT" "$PIN $LG --stats $COUNT -o /dev/null $LEVEL" \
        --export-json "$BUILD/bench_stats.json" >/dev/null || exit 1
    python3 -c 'import json,sys
for r in json.load(open(sys.argv[1]))["results"]:
    print("stats bench: %-14s median %.3f s (wall, one core)" % (r["command"], r["median"]))' \
        "$BUILD/bench_stats.json"
else
    start=$(date +%s.%N)
    $PIN "$LG" --stats "$COUNT" -o /dev/null "$LEVEL" || exit 1
    end=$(date +%s.%N)
    awk -v n="$COUNT" -v s="$start" -v e="$end" \
        'BEGIN { printf "stats bench: --stats %d in %.3f s (wall)\n", n, e - s }'
fi
