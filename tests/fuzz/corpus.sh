#!/bin/sh
# corpus.sh BUILD HARNESS...: assemble the seed corpora in
# BUILD/fuzz/corpus-HARNESS from the tests, the bundled dat/, the kept
# crashers (tests/fuzz/regress/HARNESS) and, when present, ../shared/corpus.
# Nothing from ../shared is copied into the project: only into BUILD.
set -u
cd "$(dirname "$0")/../.." || exit 2
build=$1
shift
shared=../shared

# put DIR FILE...: copy the files that exist, named by their path.
put() {
    dir=$1
    shift
    for f in "$@"; do
        [ -f "$f" ] || continue
        cp "$f" "$dir/$(printf '%s' "$f" | tr '/' '_')"
    done
}

for h in "$@"; do
    dir=$build/fuzz/corpus-$h
    rm -rf "$dir"
    mkdir -p "$dir"
    put "$dir" tests/fuzz/regress/"$h"/*
    case $h in
    dgn_src)
        put "$dir" dat/*.def tests/dgn/*/*.def "$shared"/corpus/unnethack/dungeon.def
        if [ -f "$shared/seeds/dgn_comp-manual.txt" ]; then
            sed -n '/^# The dungeon description file for the "standard" original/,/^PROTOFILE: "endgame"/p' \
                "$shared/seeds/dgn_comp-manual.txt" >"$dir/manual.def"
        fi
        ;;
    dgn_bin)
        put "$dir" tests/levgen/*.dgn "$build"/dat/dungeon
        # Every dungeon.def the tests have, compiled, when dgn_comp is built.
        if [ -x "$build/bin/dgn_comp" ]; then
            for f in dat/*.def tests/dgn/*/*.def "$shared"/corpus/unnethack/dungeon.def; do
                [ -f "$f" ] || continue
                "$build/bin/dgn_comp" -w -o "$dir/$(printf '%s' "$f" | tr '/' '_').bin" \
                    "$f" 2>/dev/null
            done
        fi
        ;;
    lev_bin)
        put "$dir" tests/fuzz/seeds/lev_bin/*.lev
        # Real levels: every des-file we have, compiled by lev_comp when it
        # is built (a file it rejects just adds nothing).
        if [ -x "$build/bin/lev_comp" ]; then
            rm -rf "$dir.tmp"
            mkdir -p "$dir.tmp"
            for f in tests/fuzz/seeds/des/*.des dat/*.des "$shared"/corpus/unnethack/*.des; do
                [ -f "$f" ] || continue
                "$build/bin/lev_comp" -w -o "$dir.tmp" "$f" >/dev/null 2>&1
            done
            for f in "$dir.tmp"/*.lev; do
                [ -f "$f" ] && mv "$f" "$dir/lev_$(basename "$f")"
            done
            rm -rf "$dir.tmp"
        fi
        ;;
    classic_lev)
        # The games' own format, as lev_comp --target writes it from our
        # test des-files (each game's version record from tests/dgn/classic).
        if [ -x "$build/bin/lev_comp" ]; then
            rm -rf "$dir.tmp"
            mkdir -p "$dir.tmp/un" "$dir.tmp/nh"
            for f in tests/classic/un-*.des tests/levcomp/run/*.des \
                     tests/fuzz/seeds/des/*.des dat/*.des; do
                [ -f "$f" ] || continue
                "$build/bin/lev_comp" -w --target unnethack \
                    --game-version tests/dgn/classic/date-unnethack.h \
                    -o "$dir.tmp/un" "$f" >/dev/null 2>&1
            done
            for f in tests/classic/nh-*.des tests/dialect/run/*.des; do
                [ -f "$f" ] || continue
                "$build/bin/lev_comp" -w --target nethack36 \
                    --game-version tests/dgn/classic/date-nethack36.h \
                    -o "$dir.tmp/nh" "$f" >/dev/null 2>&1
            done
            for g in un nh; do
                for f in "$dir.tmp/$g"/*.lev; do
                    [ -f "$f" ] && mv "$f" "$dir/${g}_$(basename "$f")"
                done
            done
            rm -rf "$dir.tmp"
        fi
        ;;
    des_parse | des_run)
        put "$dir" tests/fuzz/seeds/des/*.des tests/fuzz/regress/des_parse/* \
            tests/fuzz/regress/des_run/*
        put "$dir" dat/*.des tests/*/*.des tests/*/*/*.des "$shared"/corpus/unnethack/*.des
        ;;
    esac
    echo "fuzz: $dir: $(ls "$dir" | wc -l) seed inputs"
done
