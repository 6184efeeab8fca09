#!/bin/sh
# tests/same_output.sh OLD NEW - every output of two builds compared:
# lev_comp's .lev files, --disasm, --dump-ast, diagnostics and exit
# status, and levgen's levels in every level format, for the corpus,
# dat/, every des-file under tests/ and mutated copies of them.  For
# changes that must not change behaviour (clean-ups, speed work): run it
# with the build from before and the one after.  Not part of check.
#   sh tests/same_output.sh /tmp/old-build build
set -u
OLD=$(cd "${1:?usage: same_output.sh OLD_BUILD NEW_BUILD}" && pwd)
NEW=$(cd "${2:?usage: same_output.sh OLD_BUILD NEW_BUILD}" && pwd)
SHARED=$(cd "$(dirname "$0")/../../shared" 2>/dev/null && pwd || echo "")
T=$(mktemp -d "${TMPDIR:-/tmp}/splev-same.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$T"' EXIT INT TERM; echo "work: $T"

# The inputs: des-files copied flat (name clashes get a number).
mkdir -p "$T/in"
n=0
for f in dat/*.des $(find tests -name '*.des' | sort) \
         ${SHARED:+"$SHARED"/corpus/unnethack/*.des}; do
    [ -f "$f" ] || continue
    n=$((n + 1))
    cp "$f" "$T/in/$n-$(basename "$f")"
done
# Mutations: from each of the first files, a line dropped, a line
# doubled, a digit changed and a comma dropped (deterministic).
m=0
for f in "$T"/in/*.des; do
    m=$((m + 1))
    [ $m -gt 80 ] && break
    b=$(basename "$f" .des)
    lines=$(wc -l <"$f")
    [ "$lines" -gt 2 ] || continue
    k=$((m * 7 % lines + 1))
    awk -v k=$k 'NR != k' "$f" >"$T/in/mut-drop-$b.des"
    awk -v k=$k '{ print } NR == k { print }' "$f" >"$T/in/mut-dup-$b.des"
    awk -v k=$k 'NR == k { sub(/[0-9]/, "9") } { print }' "$f" \
        >"$T/in/mut-digit-$b.des"
    awk -v k=$k 'NR >= k && !done && sub(/,/, "") { done = 1 } { print }' \
        "$f" >"$T/in/mut-comma-$b.des"
done
echo "inputs: $(ls "$T/in" | wc -l) des-files"

# run BUILD OUTDIR: every output of BUILD into OUTDIR.
run() {
    B=$1
    O=$2
    mkdir -p "$O/lev"
    (cd "$T/in" && for f in *.des; do
        for mode in "" --disasm --dump-ast --check; do
            mkdir -p "$O/lev/$f$mode"
            # -I and the include files: run where the file is
            timeout 20 "$B/bin/lev_comp" $mode -o "$O/lev/$f$mode" "$f" \
                >"$O/$f$mode.out" 2>"$O/$f$mode.err"
            echo "status $?" >>"$O/$f$mode.out"
        done
    done)
    for l in $(cd "$O/lev" && find . -name '*.lev' | sort | head -400); do
        for fmt in text json; do
            k=$(echo "$l" | tr '/' '_')
            timeout 20 "$B/bin/levgen" --seed 7 --count 3 --format $fmt \
                "$O/lev/$l" >"$T/gen" 2>&1
            echo "status $?" >>"$T/gen"
            # the time taken is the one figure that may differ
            sed 's/[0-9.]* ms per level/- ms per level/' "$T/gen" \
                >"$O/gen$k.$fmt"
        done
    done
}
# (both into the same directory: a path in a message stays the same)
run "$OLD" "$T/cur" && mv "$T/cur" "$T/old"
run "$NEW" "$T/cur" && mv "$T/cur" "$T/new"
if diff -r "$T/old" "$T/new" >"$T/diff"; then
    echo "same: $(find "$T/old" -type f | wc -l) outputs identical"
else
    head -60 "$T/diff"
    echo "DIFFERENT: $(grep -c '^diff\|^Only\|^Binary' "$T/diff") files"
    exit 1
fi
