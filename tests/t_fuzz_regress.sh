# t_fuzz_regress.sh - the kept fuzzing crashers (tests/fuzz/regress/HARNESS/)
# through the real programs: each must be handled (exit 0 or 1) without a
# crash or a sanitizer report.  tests/unit/test_fuzz_replay.c replays the
# same files through the harnesses themselves, invariants included.

# fz_handled NAME CMD...: status 0 or 1, no crash.
fz_handled() {
    fz_name=$1
    shift
    run "$@"
    if crashed || [ "$RC" -gt 1 ]; then
        fail "$fz_name" "status $RC" "$(head -5 "$TMPD/err")"
    else
        pass "$fz_name"
    fi
}

# fz_exact_err NAME TEXT: the last command's diagnostics are exactly TEXT
# and it wrote nothing to standard output.
fz_exact_err() {
    if [ "$(cat "$TMPD/err")" = "$2" ] && [ ! -s "$TMPD/out" ]; then
        pass "$1"
    else
        fail "$1" "expected '$2', got:" "$(head -3 "$TMPD/err" "$TMPD/out")"
    fi
}

for f in tests/fuzz/regress/dgn_src/*; do
    [ -f "$f" ] || continue
    rm -f "$TMPD/fz.dgn"
    fz_handled "dgn_comp on $f" "$BIN/dgn_comp" -o "$TMPD/fz.dgn" "$f"
    if [ -f "$TMPD/fz.dgn" ]; then
        fz_handled "levgen on the script of $f" "$BIN/levgen" --dungeon "$TMPD/fz.dgn" --count 3
    fi
done
for f in tests/fuzz/regress/dgn_bin/*; do
    [ -f "$f" ] || continue
    fz_handled "levgen on $f" "$BIN/levgen" --dungeon "$f" --count 3
done
if [ -x "$BIN/lev_comp" ]; then
    for f in tests/fuzz/regress/des_parse/* tests/fuzz/regress/des_run/*; do
        [ -f "$f" ] || continue
        fz_handled "lev_comp on $f" "$BIN/lev_comp" "$f"
    done
fi
for f in tests/fuzz/regress/lev_bin/*; do
    [ -f "$f" ] || continue
    fz_handled "levgen on $f" "$BIN/levgen" "$f"
done
# Two inputs that once ran for seconds.  An endless loop of WALLIFY (15 s):
# its work is charged to the step budget, so the default limit stops it
# with a positioned error.  A LEVREGION 838 million rows tall (9 s of
# placement scanning it): the box is cut to the map, and the level is made.
expect_status "endless WALLIFY loop: step limit" 1 \
    "$BIN/levgen" tests/fuzz/regress/lev_bin/endless-wallify-loop.lev
fz_exact_err "endless WALLIFY loop: positioned error" \
    ":4: error: step limit of 10000000 reached (runaway script?)"
expect_status "a huge level region: placed" 0 \
    "$BIN/levgen" tests/fuzz/regress/lev_bin/slow-lregion-placement.lev
if [ "$(head -1 "$TMPD/out")" = 'Level "nymph" flags: noflipx, noflipy' ] && [ ! -s "$TMPD/err" ]; then
    pass "a huge level region: the level"
else
    fail "a huge level region: the level" "$(head -3 "$TMPD/out" "$TMPD/err")"
fi
