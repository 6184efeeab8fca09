#!/bin/sh
# tests/bench_jsonl.sh BUILD [COUNT] - dataset benchmark (make bench; not
# part of check): COUNT (default 100000) levels of UnNetHack's minefill
# written as JSONL by `levgen --count COUNT --format jsonl`, into a pipe
# that only counts the bytes.  Prints levels/s and MB/s.
set -u
BUILD=${1:-build}
COUNT=${2:-100000}
SHARED=$(cd "$(dirname "$0")/../../shared" 2>/dev/null && pwd || echo "")
T=$(mktemp -d "${TMPDIR:-/tmp}/splev-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT INT TERM
MINES=$SHARED/corpus/unnethack/mines.des
if [ -z "$SHARED" ] || [ ! -e "$MINES" ]; then
    echo "bench jsonl: skipped (../shared/corpus is missing)"
    exit 0
fi
"$BUILD/bin/lev_comp" -o "$T" "$MINES" || exit 1
start=$(date +%s.%N)
bytes=$("$BUILD/bin/levgen" --count "$COUNT" --format jsonl "$T/minefill.lev" |
        wc -c) || exit 1
end=$(date +%s.%N)
awk -v n="$COUNT" -v b="$bytes" -v s="$start" -v e="$end" 'BEGIN {
    t = e - s
    printf "jsonl: %d minefill levels, %.1f MB in %.2f s: %.0f levels/s, %.1f MB/s\n",
        n, b / 1e6, t, n / t, b / 1e6 / t
}'
