# t_variant.sh - variant profiles (doc/variants.md): --variant on lev_comp,
# levgen and dgn_comp; each profile's map characters and statements
# compiled (disassembly goldens) and generated for seed 1 (text and JSON
# goldens, and every other output format for one level); a construct of
# another profile is an error naming the profiles that have it, exactly.
# Sourced by tests/run.sh (which provides BIN, TMPD and lib.sh).

LC="$BIN/lev_comp"
LG="$BIN/levgen"
DC="$BIN/dgn_comp"
VD=tests/variant

if [ ! -x "$LC" ] || [ ! -x "$LG" ] || [ ! -x "$DC" ]; then
    fail "variant built" "lev_comp, levgen or dgn_comp is missing"
else

# ---- run/NAME.des with the options of NAME.opts: its disassembly
# (NAME.dis) and its level for seed 1 as text (NAME.txt) and JSON
# (NAME.json) ----
# (vn, not name: lib.sh's assertions set name)
for des in $VD/run/*.des; do
    vn=$(basename "$des" .des)
    opts=$(cat "$VD/run/$vn.opts")
    # shellcheck disable=SC2086 # $opts holds options
    (cd $VD/run && ${SPLEV_WRAP:-} "$LC" --disasm $opts "$vn.des" \
        >"$TMPD/out" 2>"$TMPD/err")
    RC=$?
    if crashed || [ "$RC" -ne 0 ] || [ -s "$TMPD/err" ]; then
        fail "variant disasm $vn" "status $RC" "$(head -3 "$TMPD/err")"
    else
        compare_golden "variant disasm $vn" "$TMPD/out" "$VD/run/$vn.dis"
    fi
    for fmt in text json; do
        ext=$fmt
        [ "$fmt" = text ] && ext=txt
        # shellcheck disable=SC2086
        expect_stdout "variant $fmt $vn" 0 "$VD/run/$vn.$ext" \
            "$LG" $opts --seed 1 --format $fmt "$des"
    done
done

# ---- the other outputs of a level with every EvilHack terrain ----
for fmt in ansi svg asciifarm roguecloud; do
    expect_stdout "variant $fmt evil_map" 0 "$VD/run/evil_map.$fmt" \
        "$LG" --variant evilhack --seed 1 --format $fmt "$VD/run/evil_map.des"
done

# ---- diag/NAME.des gives exactly NAME.err ----
for des in $VD/diag/*.des; do
    name=$(basename "$des" .des)
    opts=$(cat "$VD/diag/$name.opts" 2>/dev/null)
    # shellcheck disable=SC2086 # $opts holds options or nothing
    check_diag "variant diag $name" "$VD/diag" "$name" $opts
done

# ---- dgn_comp: the dungeon limit of a profile ----
for des in $VD/dgn/*.def; do
    vn=$(basename "$des" .def)
    opts=$(cat "$VD/dgn/$vn.opts" 2>/dev/null)
    # shellcheck disable=SC2086
    check_diag_prog "$DC" def "variant dgn $vn" "$VD/dgn" "$vn" $opts
done

# ---- a HackEM dungeon of 60 levels lays out (the limit travels in the
# compiled script: header bytes 22-23, doc/formats.md) ----
run "$DC" --variant hackem -o "$TMPD/deep.dgn" "$VD/dgn/hackem_deep.def"
expect_stdout "variant dgn hackem layout" 0 "$VD/dgn/hackem_deep.layout" \
    "$LG" --dungeon "$TMPD/deep.dgn" --seed 1

# ---- GnollHack's display names are not kept: the levels go by their
# names ----
run "$DC" --variant gnollhack -o "$TMPD/gd.dgn" "$VD/dgn/gnoll_display.def"
expect_stdout "variant dgn gnollhack display names" 0 \
    "$VD/dgn/gnoll_display.layout" "$LG" --dungeon "$TMPD/gd.dgn" --seed 1

# ---- command line ----
expect_status "variant usage: lev_comp bad --variant" 2 \
    "$LC" --variant slashem-2 x.des
expect_status "variant usage: levgen bad --variant" 2 \
    "$LG" --variant slashem-2 x.des
expect_status "variant usage: lev_comp --variant with a game's format" 2 \
    "$LC" --variant evilhack --target nethack36 --game-version \
    tests/dgn/classic/date-nethack36.h "$VD/run/evil_map.des"
expect_status "variant usage: dgn_comp bad --variant" 2 \
    "$DC" --variant slashem-2 x.def
run "$LC" --variant nosuch x.des
if grep -q "unnethack, nethack36, unnethack-3.5, unnethackplus, sporkhack, dynahack, evilhack, hackem, xnethack, gnollhack, splicehack, nethack343, slashem, grunthack or fiqhack" "$TMPD/err"; then
    pass "variant usage lists the profiles"
else
    fail "variant usage lists the profiles" "$(head -2 "$TMPD/err")"
fi

fi
