# t_levgen.sh - levgen: usage errors, bad dungeon files, layouts of the
# test scripts in tests/levgen (written by `test_dgn_codec --write-fixtures
# tests/levgen` from tests/unit/dgn_fixtures.h), and seed checks.
LEVGEN=$BIN/levgen
LG=tests/levgen

# lg_usage NAME MESSAGE ARGS...: exit 2 and exactly "levgen: MESSAGE" plus
# the hint on stderr, nothing on stdout.
lg_usage() {
    lg_name=$1
    printf "levgen: %s\nTry 'levgen --help'.\n" "$2" >"$TMPD/lg_want.err"
    shift 2
    expect_stderr "$lg_name" 2 "$TMPD/lg_want.err" "$LEVGEN" "$@"
    expect_stdout "$lg_name: no output" 2 "$TMPD/lg_empty" "$LEVGEN" "$@"
}

# ---- options ----
: >"$TMPD/lg_empty"
lg_usage "unknown option" "unknown option '--frobnicate'" --frobnicate
lg_usage "unknown short option" "unknown option '-x'" -x --dungeon $LG/tiny.dgn
lg_usage "stray argument" "give either --dungeon FILE or a level file, not both" \
    --dungeon $LG/tiny.dgn extra
lg_usage "two level files" "unexpected argument 'b.lev'" a.lev b.lev
lg_usage "nothing to do" "nothing to do: give a level file or --dungeon FILE"
lg_usage "dungeon as ansi" "a dungeon layout is shown as text or json" \
    --dungeon $LG/tiny.dgn --format ansi
lg_usage "encyclopedia without asciifarm" "--encyclopedia goes with --format asciifarm" \
    x.lev --encyclopedia e.json
lg_usage "bad import kind" "unknown import format 'png' (asciifarm or roguecloud)" \
    --import png x.png
lg_usage "missing value" "option '--dungeon' needs a value" --dungeon
lg_usage "missing seed value" "option '--seed' needs a value" --dungeon $LG/tiny.dgn --seed
lg_usage "bad seed" "invalid seed 'abc'" --dungeon $LG/tiny.dgn --seed abc
lg_usage "negative seed" "invalid seed '-1'" --dungeon $LG/tiny.dgn --seed -1
lg_usage "seed with text" "invalid seed '12x'" --dungeon $LG/tiny.dgn --seed=12x
lg_usage "empty seed" "invalid seed ''" --dungeon $LG/tiny.dgn --seed=
lg_usage "seed too big" "invalid seed '18446744073709551616'" \
    --dungeon $LG/tiny.dgn --seed 18446744073709551616
lg_usage "zero count" "invalid count '0' (1..100000000)" --dungeon $LG/tiny.dgn --count 0
lg_usage "bad count" "invalid count '1e3' (1..100000000)" --dungeon $LG/tiny.dgn --count 1e3
lg_usage "bad format" "unknown format 'xml' (text, ansi, json, jsonl, svg, html, asciifarm or roguecloud)" \
    --dungeon $LG/tiny.dgn --format xml

run "$LEVGEN" --help
if [ "$RC" -eq 0 ] && grep -q '^       levgen --dungeon FILE' "$TMPD/out"; then
    pass "--help"
else
    fail "--help" "status $RC" "$(head -2 "$TMPD/out")"
fi
expect_text "--help mentions the default seed" "$TMPD/out" "(default 1)"
printf 'levgen (splev) 0.1.0\n' >"$TMPD/lg_version"
expect_stdout "--version" 0 "$TMPD/lg_version" "$LEVGEN" --version

# ---- bad dungeon files: exit 1, one exact message ----
lg_bad() {
    printf 'levgen: %s\n' "$2" >"$TMPD/lg_want.err"
    expect_stderr "$1" 1 "$TMPD/lg_want.err" "$LEVGEN" --dungeon "$3"
}
lg_bad "missing file" "$TMPD/none.dgn: cannot open: No such file or directory" \
    "$TMPD/none.dgn"
lg_bad "a directory" "$TMPD: is a directory" "$TMPD"
cp $LG/tiny.dgn "$TMPD/flipped.dgn"
printf 'X' | dd of="$TMPD/flipped.dgn" bs=1 seek=100 conv=notrunc 2>/dev/null
lg_bad "corrupted file" "$TMPD/flipped.dgn: bad dungeon script (checksum mismatch)" \
    "$TMPD/flipped.dgn"
head -c 100 $LG/tiny.dgn >"$TMPD/short.dgn"
lg_bad "truncated file" "$TMPD/short.dgn: bad dungeon script (truncated file)" \
    "$TMPD/short.dgn"
head -c 20 $LG/tiny.dgn >"$TMPD/head.dgn"
lg_bad "truncated header" "$TMPD/head.dgn: bad dungeon script (truncated header)" \
    "$TMPD/head.dgn"
: >"$TMPD/empty.dgn"
lg_bad "empty file" "$TMPD/empty.dgn: bad dungeon script (truncated header)" \
    "$TMPD/empty.dgn"
lg_bad "a text file" "dat/dungeon.def: bad dungeon script (bad magic)" dat/dungeon.def

# ---- layouts, byte for byte ----
expect_stdout "unnethack seed 1 (text)" 0 $LG/unnethack-1.txt \
    "$LEVGEN" --dungeon $LG/unnethack.dgn
expect_stdout "unnethack seed 1 (json)" 0 $LG/unnethack-1.json \
    "$LEVGEN" --dungeon $LG/unnethack.dgn --seed 1 --format json
expect_stdout "features seed 5 (skipped dungeons)" 0 $LG/features-5.txt \
    "$LEVGEN" --dungeon $LG/features.dgn --seed=5 --format=text
expect_stdout "features seed 5 (json)" 0 $LG/features-5.json \
    "$LEVGEN" --dungeon $LG/features.dgn --seed=5 --format=json
run "$LEVGEN" --dungeon $LG/unnethack.dgn --seed 77
cp "$TMPD/out" "$TMPD/lg_a"
run "$LEVGEN" --seed 77 --dungeon $LG/unnethack.dgn
expect_same "the same seed prints the same layout" "$TMPD/lg_a" "$TMPD/out"
run "$LEVGEN" --dungeon $LG/unnethack.dgn --seed 18446744073709551615
expect_text "the largest seed" "$TMPD/out" "Dungeon layout for seed 18446744073709551615"

# ---- seed checks ----
printf '1000 layouts, 0 failed\n' >"$TMPD/lg_count"
expect_stdout "unnethack: 1000 seeds valid" 0 "$TMPD/lg_count" \
    "$LEVGEN" --dungeon $LG/unnethack.dgn --count 1000
expect_stdout "features: 1000 seeds valid" 0 "$TMPD/lg_count" \
    "$LEVGEN" --dungeon $LG/features.dgn --count 1000 --seed 5000
printf '%s\n' \
    "seed 2: dungeon 'Small': level 'next' does not fit in its 10 levels" \
    "seed 3: dungeon 'Small': level 'next' does not fit in its 10 levels" \
    "seed 6: dungeon 'Small': level 'next' does not fit in its 10 levels" \
    "seed 12: dungeon 'Small': level 'next' does not fit in its 10 levels" \
    "12 layouts, 4 failed" >"$TMPD/lg_fragile"
expect_stdout "failing seeds are listed, exit 1" 1 "$TMPD/lg_fragile" \
    "$LEVGEN" --dungeon $LG/fragile.dgn --count 12
printf "levgen: $LG/fragile.dgn: seed 2: dungeon 'Small': level 'next' does not fit in its 10 levels\n" \
    >"$TMPD/lg_want.err"
expect_stderr "a failing seed: exit 1 with the reason" 1 "$TMPD/lg_want.err" \
    "$LEVGEN" --dungeon $LG/fragile.dgn --seed 2

# ---- with the compiler: our dungeon, and the corpus file ----
if [ -x "$BIN/dgn_comp" ]; then
    run "$BIN/dgn_comp" -o "$TMPD/lg_dat.dgn" dat/dungeon.def
    expect_stdout "dat/dungeon.def: 1000 seeds valid" 0 "$TMPD/lg_count" \
        "$LEVGEN" --dungeon "$TMPD/lg_dat.dgn" --count 1000
    if need_shared "corpus dungeon.def layout"; then
        run "$BIN/dgn_comp" -o "$TMPD/lg_unh.dgn" "$SHARED/corpus/unnethack/dungeon.def"
        expect_same "dgn_comp on the corpus gives the C fixture's bytes" \
            "$TMPD/lg_unh.dgn" $LG/unnethack.dgn
    fi
else
    skip "dat/dungeon.def layouts" "no dgn_comp in $BIN"
fi
