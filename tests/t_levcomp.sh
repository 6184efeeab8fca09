# t_levcomp.sh - the lev_comp back end: one failing input per check with
# its exact diagnostics (golden stderr), disassemblies of small levels
# covering every statement and control-flow form, the real corpus (files
# written, size, determinism, the loader on every file, --names), vaults.dat,
# per-file error isolation, and des -> levgen end-to-end maps.
# Sourced by tests/run.sh (which provides BIN, TMPD, SHARED and lib.sh).

LC="$BIN/lev_comp"
LG="$BIN/levgen"
LCD=tests/levcomp

if [ ! -x "$LC" ] || [ ! -x "$LG" ]; then
    fail "levcomp built" "lev_comp or levgen is missing"
else

# ---- one failing input per check: exact diagnostics ----
# Run inside the directory so messages name the files as written.
for des in $LCD/errors/*.des; do
    name=$(basename "$des" .des)
    extra=""
    case $name in names_*) extra="--names $SHARED/spec/names/unnethack.tsv" ;; esac
    if [ -n "$extra" ] && ! need_shared "levcomp error $name"; then continue; fi
    # shellcheck disable=SC2086 # $extra is two words or none
    check_diag "levcomp error $name" "$LCD/errors" "$name" -Wall $extra
done

# -Werror turns a warning into an error; -w hides it
(cd $LCD/errors && "$LC" --check -Werror flags_twice.des >/dev/null 2>"$TMPD/err")
RC=$?
if [ "$RC" -eq 1 ] && grep -q 'error: flag noteleport is given twice' "$TMPD/err"; then
    pass "levcomp -Werror"
else
    fail "levcomp -Werror" "status $RC" "$(head -2 "$TMPD/err")"
fi
run "$LC" --check -w $LCD/errors/flags_twice.des
if [ "$RC" -eq 0 ] && [ ! -s "$TMPD/err" ]; then pass "levcomp -w"; else
    fail "levcomp -w" "status $RC" "$(head -2 "$TMPD/err")"; fi

# ---- command line ----
expect_status "levcomp usage: no files" 2 "$LC"
expect_status "levcomp usage: bad option" 2 "$LC" -Wfrobnicate x.des
expect_status "levcomp usage: bad names file" 2 "$LC" --names "$TMPD/none.tsv" x.des
expect_status "levcomp help" 0 "$LC" --help

# ---- disassembly goldens: every statement and control-flow form ----
for des in $LCD/disasm/*.des; do
    name=$(basename "$des" .des)
    (cd $LCD/disasm && ${SPLEV_WRAP:-} "$LC" --disasm "$name.des" \
        >"$TMPD/out" 2>"$TMPD/err")
    RC=$?
    if crashed || [ "$RC" -ne 0 ] || [ -s "$TMPD/err" ]; then
        fail "levcomp disasm $name" "status $RC" "$(head -3 "$TMPD/err")"
    else
        compare_golden "levcomp disasm $name" "$TMPD/out" "$LCD/disasm/$name.dis"
    fi
done
# with a names table, a name given alone is compiled with its class
if need_shared "levcomp names"; then
    for des in $LCD/names/*.des; do
        name=$(basename "$des" .des)
        (cd $LCD/names && ${SPLEV_WRAP:-} "$LC" --disasm \
            --names "$SHARED/spec/names/unnethack.tsv" "$name.des" \
            >"$TMPD/out" 2>"$TMPD/err")
        RC=$?
        if crashed || [ "$RC" -ne 0 ] || [ -s "$TMPD/err" ]; then
            fail "levcomp names $name" "status $RC" "$(head -3 "$TMPD/err")"
        else
            compare_golden "levcomp names $name" "$TMPD/out" "$LCD/names/$name.dis"
        fi
    done
fi
# levgen --disasm lists the same code, from the .des or from the .lev
mkdir -p "$TMPD/dis"
run "$LC" -o "$TMPD/dis" $LCD/disasm/flow.des
(cd $LCD/disasm && "$LG" --disasm flow.des >"$TMPD/dis/a.txt" 2>&1)
"$LG" --disasm "$TMPD/dis/flow.lev" >"$TMPD/dis/b.txt" 2>&1
expect_same "levgen --disasm .des and .lev" "$TMPD/dis/a.txt" "$TMPD/dis/b.txt"
expect_same "levgen --disasm = lev_comp --disasm" "$TMPD/dis/a.txt" $LCD/disasm/flow.dis

# The line table names every file a level's code comes from: 17 INCLUDEd
# FUNCTIONs and the 17 calls of the level (more files than the generator keeps in place).
mkdir -p "$TMPD/inc"
i=1
while [ $i -le 17 ]; do
    printf 'FUNCTION f%d() {\n  MESSAGE: "part %d"\n}\n' $i $i >"$TMPD/inc/part$i.inc"
    printf 'INCLUDE "part%d.inc"\n' $i >>"$TMPD/inc/many.des"
    i=$((i + 1))
done
printf 'LEVEL: "many"\n' >>"$TMPD/inc/many.des"
i=1
while [ $i -le 17 ]; do printf 'f%d()\n' $i >>"$TMPD/inc/many.des"; i=$((i + 1)); done
run "$LC" -o "$TMPD/inc" "$TMPD/inc/many.des"
run "$LG" --disasm "$TMPD/inc/many.lev"
nsrc=$(grep -o 'part[0-9]*\.inc:2\|many\.des:[0-9]*' "$TMPD/out" | sort -u | wc -l)
if [ "$RC" -eq 0 ] && [ "$nsrc" -eq 34 ] && grep -q 'part17\.inc:2' "$TMPD/out"; then
    pass "levcomp: code from 18 files, each named in the line table"
else
    fail "levcomp: code from 18 files, each named in the line table" \
        "status $RC, $nsrc file:line pairs" "$(head -3 "$TMPD/err")"
fi

# ---- a file with an error writes none of its levels; others are written ----
mkdir -p "$TMPD/iso"
printf 'LEVEL:"good1"\nEXIT\nLEVEL:"good2"\nEXIT\n' >"$TMPD/iso/good.des"
printf 'LEVEL:"bad1"\nEXIT\nLEVEL:"bad2"\nGOLD: 1, (99,1)\n' >"$TMPD/iso/bad.des"
run "$LC" -o "$TMPD/iso" "$TMPD/iso/bad.des" "$TMPD/iso/good.des"
if [ "$RC" -eq 1 ] && [ -f "$TMPD/iso/good1.lev" ] && [ -f "$TMPD/iso/good2.lev" ] \
    && [ ! -e "$TMPD/iso/bad1.lev" ] && [ ! -e "$TMPD/iso/bad2.lev" ]; then
    pass "levcomp per-file errors"
else
    fail "levcomp per-file errors" "status $RC" "$(ls "$TMPD/iso")"
fi
run "$LC" --check "$TMPD/iso/good.des"
if [ "$RC" -eq 0 ] && [ ! -e "./good1.lev" ]; then pass "levcomp --check writes nothing"
else fail "levcomp --check writes nothing" "status $RC"; fi

# standard input, %i counters, vaults.dat rewritten without duplicates
mkdir -p "$TMPD/vlt"
printf 'LEVEL:"v-%%02i"\nFLAGS: rndvault\nVAULTGEN: 7\nEXIT\nLEVEL:"v-%%02i"\nFLAGS:rndvault\nEXIT\nLEVEL:"plain"\nEXIT\n' \
    >"$TMPD/vlt/v.des"
run sh -c "\"$LC\" -o \"$TMPD/vlt\" - <\"$TMPD/vlt/v.des\""
run "$LC" -o "$TMPD/vlt" "$TMPD/vlt/v.des"
printf '7 v-01\n1 v-02\n' >"$TMPD/vlt/want"
if [ "$RC" -eq 0 ] && [ -f "$TMPD/vlt/v-01.lev" ] && [ -f "$TMPD/vlt/plain.lev" ] &&
    cmp -s "$TMPD/vlt/vaults.dat" "$TMPD/vlt/want"; then
    pass "levcomp vaults.dat"
else
    fail "levcomp vaults.dat" "status $RC" "$(cat "$TMPD/vlt/vaults.dat" 2>&1)"
fi

# ---- end to end: des -> levgen, fixed seeds ----
for seed in 1 2 3; do
    expect_stdout "levcomp run simple seed $seed" 0 \
        "$LCD/run/simple-$seed.txt" "$LG" $LCD/run/simple.des --seed $seed
done
# Monsters on a taken cell: the nearest free cell, or none at all.
expect_stdout "levcomp run crowd seed 1" 0 \
    "$LCD/run/crowd-1.txt" "$LG" $LCD/run/crowd.des --level crowd --seed 1
expect_stdout "levcomp run crowd, no free cell" 0 \
    "$LCD/run/crowd-full-1.txt" "$LG" $LCD/run/crowd.des --level full --seed 1
# A level defined twice: the preview shows the last definition, once, by
# name, as the file's first level and in --all; its JSON is one object.
expect_stdout "levcomp run twice: the last definition" 0 \
    "$LCD/run/twice-1.txt" "$LG" $LCD/run/twice.des --level twice --seed 1
expect_stdout "levcomp run twice: the first level, last definition" 0 \
    "$LCD/run/twice-1.txt" "$LG" $LCD/run/twice.des --seed 1
expect_stdout "levcomp run twice --all: each name once" 0 \
    "$LCD/run/twice-all-1.txt" "$LG" $LCD/run/twice.des --all --seed 1
run "$LG" $LCD/run/twice.des --level twice --seed 1 --format json
if [ "$RC" -ne 0 ] || crashed; then
    fail "levcomp run twice --format json" "status $RC" "$(head -3 "$TMPD/err")"
elif [ "$(grep -c '^{' "$TMPD/out")" -ne 1 ] ||
    [ "$(grep -c '"name": "twice"' "$TMPD/out")" -ne 1 ] ||
    ! grep -q '"map": \[' "$TMPD/out"; then
    fail "levcomp run twice --format json" "not one level object" \
        "$(grep -n '^{\|"name"' "$TMPD/out" | head -5)"
else
    pass "levcomp run twice --format json: one level"
fi
if need_shared "levcomp run Monk.des --level Mon-fila: one level"; then
    run "$LG" "$SHARED/corpus/unnethack/Monk.des" --level Mon-fila --seed 1
    if [ "$RC" -eq 0 ] && [ "$(grep -c '^Level "Mon-fila"' "$TMPD/out")" -eq 1 ]; then
        pass "levcomp run Monk.des --level Mon-fila: one level"
    else
        fail "levcomp run Monk.des --level Mon-fila: one level" "status $RC" \
            "$(grep '^Level' "$TMPD/out" | head -3)"
    fi
fi
# A monster's random spot by its species' humidity (flyers on water and
# lava, swimmers in water, fire-lovers on lava, wall-passers in walls);
# with no water the swimmers' second attempt adds DRY.
for seed in 1 2; do
    expect_stdout "levcomp run humid seed $seed" 0 "$LCD/run/humid-$seed.txt" \
        "$LG" $LCD/run/humid.des --level humid --seed $seed
done
expect_stdout "levcomp run humid, no water: DRY added" 0 \
    "$LCD/run/humid-dry-1.txt" "$LG" $LCD/run/humid.des --level dry --seed 1
# filter by a map character with a light state: ('.', lit) keeps the lit
# floor, ('.', unlit) the dark floor, ('.', random) any floor.
expect_stdout "levcomp run filter by ('c', light)" 0 \
    "$LCD/run/filterlight-1.txt" "$LG" $LCD/run/filterlight.des --seed 1
expect_status "levgen --level unknown" 1 "$LG" $LCD/run/simple.des --level nosuch
expect_status "levgen --all on a .lev" 2 "$LG" "$TMPD/dis/flow.lev" --all

# ---- the corpus, in one process ----
if need_shared "levcomp corpus"; then
    C="$SHARED/corpus/unnethack"
    mkdir -p "$TMPD/c1" "$TMPD/c2"
    run "$LC" -o "$TMPD/c1" "$C"/*.des
    if [ "$RC" -eq 0 ]; then pass "levcomp corpus"; else
        fail "levcomp corpus" "status $RC" "$(head -5 "$TMPD/err")"; fi
    expect_text "levcomp corpus: the one warning" "$TMPD/err" \
        'dragons.des:100:27: warning: unknown room type "dragon shop"'
    grep -v '^#' "$C/EXPECTED-LEVELS.txt" | sed 's/$/.lev/' | sort >"$TMPD/want"
    (cd "$TMPD/c1" && ls *.lev | sort) >"$TMPD/got"
    if cmp -s "$TMPD/want" "$TMPD/got"; then pass "levcomp corpus: 304 files"; else
        fail "levcomp corpus: 304 files" "$(diff "$TMPD/want" "$TMPD/got" | head -5)"; fi
    size=$(cat "$TMPD/c1"/*.lev | wc -c)
    if [ "$size" -le 1047675 ]; then pass "levcomp corpus size ($size bytes)"; else
        fail "levcomp corpus size" "$size bytes > 1047675"; fi
    vl=$(wc -l <"$TMPD/c1/vaults.dat")
    vu=$(cut -d' ' -f2 "$TMPD/c1/vaults.dat" | sort -u | wc -l)
    if [ "$vl" -eq 70 ] && [ "$vu" -eq 70 ]; then pass "levcomp corpus vaults.dat"; else
        fail "levcomp corpus vaults.dat" "$vl lines, $vu names"; fi
    run "$LC" --verify -o "$TMPD/c2" "$C"/*.des
    same=1
    for f in "$TMPD/c1"/*; do cmp -s "$f" "$TMPD/c2/$(basename "$f")" || same=0; done
    if [ "$same" -eq 1 ]; then pass "levcomp corpus: identical bytes twice"; else
        fail "levcomp corpus: identical bytes twice"; fi
    bad=0
    for f in "$TMPD/c1"/*.lev; do
        "$LG" --disasm "$f" >/dev/null 2>"$TMPD/lerr" || { bad=$((bad + 1)); head -1 "$TMPD/lerr"; }
    done
    if [ "$bad" -eq 0 ]; then pass "levcomp corpus: the loader accepts every file"; else
        fail "levcomp corpus: the loader accepts every file" "$bad refused"; fi
    # With the names table: monsters, traps and room types are checked (its
    # object names are placeholders, so objects are not); the corpus
    # misspells none of them, only "dragon shop" is no room type.  The
    # other two warnings are Monk.des's levels defined twice.
    run "$LC" --check --names "$SHARED/spec/names/unnethack.tsv" "$C"/*.des
    if [ "$RC" -eq 0 ] && [ "$(grep -c 'warning:\|error:' "$TMPD/err")" -eq 3 ] &&
        [ "$(grep -c 'Monk.des:.*is defined again' "$TMPD/err")" -eq 2 ]; then
        pass "levcomp corpus --names"
    else
        fail "levcomp corpus --names" "status $RC" "$(grep 'warning:\|error:' "$TMPD/err" | head -5)"
    fi
    expect_stdout "levcomp corpus run soko1-1" 0 "$LCD/run/soko1-1.txt" \
        "$LG" "$C/sokoban.des" --level soko1-1 --seed 7
fi

fi
