#!/bin/sh
# tests/bench_disk.sh BUILD - a game build's recompile, side by side (make
# bench; issue 24): every corpus des-file compiled by one process each, as
# the games' dat/ Makefiles run lev_comp, over the outputs of the previous
# run, in a folder on the project's disk (not /tmp, which may be tmpfs).
# Four loops take turns (hyperfine -N, medians): ours with --target
# unnethack over outputs that already hold the same bytes (a rebuild:
# nothing is rewritten, src/common/file.c), ours over outputs that all
# differ (one byte appended to each before every run: each is replaced),
# the game's own lev_comp, and the floor: the same loop starting
# /bin/true, what any compiler pays to be started 35 times.
set -u
BUILD=${1:-build}
LC=$(cd "$(dirname "$BUILD/bin/lev_comp")" && pwd)/lev_comp
TOP=$(cd "$(dirname "$0")/.." && pwd)
SHARED=$(cd "$TOP/../shared" 2>/dev/null && pwd || echo "")
ORACLE=$SHARED/oracle/unnethack
if [ -z "$SHARED" ] || [ ! -x "$ORACLE/lev_comp" ]; then
    echo "disk recompile: needs ../shared/oracle (skipped)"
    exit 0
fi
if ! command -v hyperfine >/dev/null 2>&1; then
    echo "disk recompile: needs hyperfine (apt-get install hyperfine; skipped)"
    exit 0
fi
D=$(cd "$BUILD" && pwd)/bench-disk
rm -rf "$D"
mkdir -p "$D/ours" "$D/changed" "$D/game"
loop() {        # loop NAME DIR COMMAND...: a script running COMMAND FILE per file
    {
        echo '#!/bin/sh'
        echo "cd '$2' || exit 1"
        echo "for f in '$SHARED'/corpus/unnethack/*.des; do"
        echo "    $3 \"\$f\" >/dev/null 2>&1"
        echo "done"
    } >"$D/$1.sh"
    chmod +x "$D/$1.sh"
}
loop ours "$D/ours" "'$LC' --target unnethack --game-version '$ORACLE/date.h'"
loop changed "$D/changed" "'$LC' --target unnethack --game-version '$ORACLE/date.h'"
loop game "$D/game" "'$ORACLE/lev_comp'"
loop floor "$D/ours" "/bin/true"
"$D/ours.sh"
"$D/changed.sh"
"$D/game.sh"
{
    echo '#!/bin/sh'
    echo "for f in '$D'/changed/*.lev; do printf x >>\"\$f\"; done"
} >"$D/alter.sh"
chmod +x "$D/alter.sh"
n=$(ls "$D/ours" | grep -c '\.lev$')
echo "disk recompile: $n levels over their old outputs, one process a file"
hyperfine -N --warmup 3 --runs "${BENCH_DISK_RUNS:-20}" \
    --export-json "$D/times.json" \
    --prepare true --prepare "$D/alter.sh" --prepare true --prepare true \
    "$D/ours.sh" "$D/changed.sh" "$D/game.sh" "$D/floor.sh" \
    >"$D/hyperfine.txt" 2>&1
awk '
    /"command"/ { split($0, q, "\""); c = q[4]; sub(/.*\//, "", c); sub(/\.sh$/, "", c) }
    /"median"/ { gsub(/[^0-9.e-]/, "", $2); med[c] = $2 * 1000 }
    END {
        printf "  %-8s %10s\n", "loop", "median ms"
        printf "  %-8s %10.1f\n", "ours", med["ours"]
        printf "  %-8s %10.1f   (ours, every old output different)\n", "changed", med["changed"]
        printf "  %-8s %10.1f\n", "game", med["game"]
        printf "  %-8s %10.1f\n", "floor", med["floor"]
        if (med["game"] > 0)
            printf "  ours / game = %.2f (target <= 0.20); above the floor: %.1f ms against %.1f ms\n",
                med["ours"] / med["game"], med["ours"] - med["floor"], med["game"] - med["floor"]
        if (med["game"] > 0)
            printf "  changed / game = %.2f\n", med["changed"] / med["game"]
    }' "$D/times.json"
rm -rf "$D/ours" "$D/changed" "$D/game"
