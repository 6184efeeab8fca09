#!/bin/sh
# steps.sh BUILD [LEVELS_DIR]: the interpreter steps each level needs,
# against the harnesses' FUZZ_MAX_STEPS (tests/fuzz/fuzz_util.h).
# Compiles tests/fuzz/steps.c against BUILD/lib/libsplev-internal.a
# (it uses internal helpers), compiles
# dat/*.des and ../shared/corpus/unnethack/*.des (when present) with
# BUILD/bin/lev_comp into a scratch folder (or takes the .lev files of
# LEVELS_DIR), and prints each level's need and the summary line.
set -u
cd "$(dirname "$0")/../.." || exit 2
build=${1:-build}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/splev-steps.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
${CC:-cc} -std=c11 -O2 -Iinclude -Isrc -I"$build/gen" -Itests/fuzz \
    -o "$tmp/steps" tests/fuzz/steps.c "$build/lib/libsplev-internal.a" -lm || exit 2
if [ $# -ge 2 ]; then
    levels=$2
else
    levels=$tmp/levels
    mkdir -p "$levels"
    for f in dat/*.des ../shared/corpus/unnethack/*.des; do
        [ -f "$f" ] || continue
        "$build/bin/lev_comp" -w -o "$levels" "$f" >/dev/null 2>&1
    done
fi
"$tmp/steps" "$levels"/*.lev | sort -n
