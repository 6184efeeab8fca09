# t_dgn_comp.sh - dgn_comp: diagnostics, outputs, bad input.
DGN=$BIN/dgn_comp

# Every semantic and syntax rule: exact messages, exit 1, nothing written.
for f in tests/dgn/errors/*.def; do
    n=$(basename "$f" .def)
    rm -f "$TMPD/out.dgn"
    expect_stderr "error $n" 1 "tests/dgn/errors/$n.err" "$DGN" -o "$TMPD/out.dgn" "$f"
    expect_no_file "error $n writes nothing" "$TMPD/out.dgn"
done

# Warnings: exact messages, exit 0; -Werror turns them into errors.
for f in tests/dgn/warnings/*.def; do
    n=$(basename "$f" .def)
    expect_stderr "warning $n" 0 "tests/dgn/warnings/$n.err" "$DGN" -o "$TMPD/out.dgn" "$f"
    rm -f "$TMPD/out.dgn"
    expect_status "warning $n with -Werror" 1 "$DGN" -Werror -o "$TMPD/out.dgn" "$f"
    expect_no_file "warning $n with -Werror writes nothing" "$TMPD/out.dgn"
    expect_stderr "warning $n with -w" 0 /dev/null "$DGN" -w --check "$f"
done

# What the checker builds from our own dungeon, with and without -D.
expect_stdout "dump dat/dungeon.def" 0 tests/dgn/dump/dungeon.dump \
    "$DGN" --dump dat/dungeon.def
expect_stdout "dump dat/dungeon.def -D FESTIVAL" 0 tests/dgn/dump/dungeon-festival.dump \
    "$DGN" --dump -D FESTIVAL dat/dungeon.def
expect_stderr "dat/dungeon.def has no warnings" 0 /dev/null "$DGN" --check dat/dungeon.def

# The binary script of our dungeon, byte for byte (as hex, to be readable).
run "$DGN" -o "$TMPD/d1" dat/dungeon.def
od -An -tx1 -v "$TMPD/d1" >"$TMPD/d1.hex"
compare_golden "binary dat/dungeon" "$TMPD/d1.hex" tests/dgn/dump/dungeon.hex
"$DGN" -o "$TMPD/d2" - <dat/dungeon.def 2>/dev/null
expect_same "standard input gives the same bytes" "$TMPD/d1" "$TMPD/d2"

# The real dungeon.def of UnNetHack and the manual's example compile.
if need_shared "corpus dungeon.def"; then
    expect_status "corpus dungeon.def compiles" 0 \
        "$DGN" -o "$TMPD/unh.dgn" "$SHARED/corpus/unnethack/dungeon.def"
    expect_text "corpus: LEVALIGN on Town is a warning" "$TMPD/err" \
        "LEVALIGN before any LEVEL of dungeon \"Town\" is taken as the dungeon's ALIGNMENT"
    sed -n '/^# The dungeon description file for the "standard" original/,/^PROTOFILE: "endgame"/p' \
        "$SHARED/seeds/dgn_comp-manual.txt" >"$TMPD/manual.def"
    expect_text "manual example extracted" "$TMPD/manual.def" 'CHAINLEVEL: "castle" "medusa" + (1, 4)'
    expect_status "manual example compiles" 0 "$DGN" --dump "$TMPD/manual.def"
    expect_text "manual example: CHAINLEVEL without bones" "$TMPD/out" \
        'level 4 "castle" bones none chain "medusa" + (1, 4)'
    expect_text "manual example: repeated level name is a warning" "$TMPD/err" \
        'warning: level "fakewiz" is already defined in this dungeon'
    expect_status "manual example lays out" 0 "$DGN" -o "$TMPD/manual.dgn" "$TMPD/manual.def"
    expect_status "manual example: 1000 layouts valid" 0 \
        "$BIN/levgen" --dungeon "$TMPD/manual.dgn" --seed 1 --count 1000
    expect_status "corpus dungeon.def: 1000 layouts valid" 0 \
        "$BIN/levgen" --dungeon "$TMPD/unh.dgn" --seed 1 --count 1000
fi

# Malformed input: an error, exit 1, and no output file.
bad_input() {
    rm -f "$TMPD/bad.dgn"
    expect_status "malformed: $1" 1 "$DGN" -o "$TMPD/bad.dgn" "$2"
    expect_no_file "malformed: $1 writes nothing" "$TMPD/bad.dgn"
}
awk 'BEGIN { srand(7); for (i = 0; i < 8192; i++) printf "%c", int(rand() * 256) }' \
    >"$TMPD/garbage.def" 2>/dev/null
bad_input "garbage bytes" "$TMPD/garbage.def"
: >"$TMPD/empty.def"
bad_input "empty file" "$TMPD/empty.def"
printf '\000\000DUNGEON\000' >"$TMPD/nul.def"
bad_input "NUL bytes" "$TMPD/nul.def"
printf 'DUNGEON: "Main "M" (1, 0)\n' >"$TMPD/unterminated.def"
bad_input "unterminated string" "$TMPD/unterminated.def"
awk 'BEGIN { printf "DUNGEON: \""; for (i = 0; i < 1048576; i++) printf "x"; print "\" \"M\" (1, 0)" }' \
    >"$TMPD/longline.def"
bad_input "1 MB line" "$TMPD/longline.def"
expect_text "1 MB line: names its length" "$TMPD/err" "is 1048576 characters long (at most 23)"
long=$(awk 'BEGIN { for (i = 0; i < 800; i++) printf "abcd/"; }')
bad_input "4000-character path" "$TMPD/$long.def"
expect_text "4000-character path: says why" "$TMPD/err" "cannot open"
bad_input "a directory" "$TMPD"

# The output is replaced atomically: a failed compile keeps the old one.
cp "$TMPD/d1" "$TMPD/keep.dgn"
run "$DGN" -o "$TMPD/keep.dgn" tests/dgn/errors/chains.def
expect_same "failed compile keeps the old output" "$TMPD/keep.dgn" "$TMPD/d1"
mkdir -p "$TMPD/ro" && chmod 555 "$TMPD/ro"
if [ "$(id -u)" != 0 ]; then
    expect_status "unwritable directory" 1 "$DGN" -o "$TMPD/ro/x.dgn" dat/dungeon.def
    expect_text "unwritable directory: says why" "$TMPD/err" "cannot create output"
fi
expect_status "missing directory" 1 "$DGN" -o "$TMPD/nope/x.dgn" dat/dungeon.def
expect_text "missing directory: says why" "$TMPD/err" "x.dgn: error: cannot create output"
ls "$TMPD" | grep -q 'tmp' && fail "no temporary files are left behind" || pass "no temporary files are left behind"

# Command line.
expect_status "--help" 0 "$DGN" --help
expect_text "--help shows usage" "$TMPD/out" "usage: dgn_comp"
expect_status "--version" 0 "$DGN" --version
expect_text "--version" "$TMPD/out" "dgn_comp (splev) "
expect_stderr "unknown option" 2 tests/dgn/usage-unknown.err "$DGN" --frobnicate
expect_stderr "two inputs" 2 tests/dgn/usage-two.err "$DGN" a.def b.def
