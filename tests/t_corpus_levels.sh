# t_corpus_levels.sh - every level of the UnNetHack corpus compiled by
# lev_comp and generated for seeds 1..N by test_corpus_levels (no error,
# stairs on their cells, joined caves connected, rooms joined through
# doors and corridors, no overlapping rooms, nothing drawn into rock);
# golden maps of a few corpus levels; the Sokoban puzzle from a .des.
#
# N is 200, or SPLEV_CORPUS_SEEDS; sanitizer builds of the checker take
# 20 by default (the whole suite has to stay a few minutes under ASan).
CL_CHECK=$BUILD/tests/test_corpus_levels
if need_shared "corpus levels"; then
    mkdir -p "$TMPD/corpus-lev"
    # shellcheck disable=SC2046
    run "$BIN/lev_comp" -o "$TMPD/corpus-lev" $(ls "$SHARED"/corpus/unnethack/*.des)
    if crashed || ! ls "$TMPD/corpus-lev"/*.lev >/dev/null 2>&1; then
        fail "lev_comp compiles the corpus" "$(head -5 "$TMPD/err")"
    else
        pass "lev_comp compiles the corpus"
        if [ -n "${SPLEV_CORPUS_SEEDS:-}" ]; then
            set -- --seeds "$SPLEV_CORPUS_SEEDS"
        else
            set --
        fi
        run "$CL_CHECK" "$@" "$TMPD/corpus-lev"/*.lev
        n_ok=$(grep -c '^ok ' "$TMPD/out")
        n_lev=$(ls "$TMPD/corpus-lev"/*.lev | wc -l)
        if crashed || [ "$RC" -ne 0 ] || [ "$n_ok" -ne "$n_lev" ]; then
            fail "corpus levels generate with their invariants" \
                "$(grep -v '^ok ' "$TMPD/out" | head -10; head -5 "$TMPD/err")"
        else
            pass "corpus levels generate with their invariants ($n_lev levels)"
        fi
        # A runner that reuses its memory and its snapshots of the
        # scripts' openings makes the levels splev_run makes.  Under a
        # wrapper (valgrind: ~80 s for the whole corpus) every fourth
        # level is enough; the plain and ASan runs take them all.
        if [ -n "${SPLEV_WRAP:-}" ]; then
            # shellcheck disable=SC2046
            set -- $(ls "$TMPD/corpus-lev"/*.lev | awk 'NR % 4 == 1')
        else
            set -- "$TMPD/corpus-lev"/*.lev
        fi
        run "$BUILD/tests/test_runner" "$@"
        if crashed || [ "$RC" -ne 0 ] || grep -q '^not ok' "$TMPD/out"; then
            fail "corpus levels through one runner equal fresh runs" \
                "$(grep '^not ok\|differs' "$TMPD/out" | head -10; head -5 "$TMPD/err")"
        else
            pass "corpus levels through one runner equal fresh runs"
        fi
        for g in soko1-1:1 minefill:1 minefill:7 heck-b-5:1 bigrm-1:1 bigrm-5:2 \
                 oracle:3 minend-1:1; do
            name=${g%:*}
            seed=${g#*:}
            expect_stdout "corpus $name seed $seed" 0 \
                "$TOP/tests/golden/corpus/$name-seed$seed.txt" \
                "$BIN/levgen" --seed "$seed" "$TMPD/corpus-lev/$name.lev"
        done
    fi
    # Seed 1 draws a flip for minend-1: outside Sokoban it is not kept
    # (the golden above), with --flip-everywhere it is.
    if [ -f "$TMPD/corpus-lev/minend-1.lev" ]; then
        run "$BIN/levgen" --seed 1 --flip-everywhere "$TMPD/corpus-lev/minend-1.lev"
        if [ "$RC" -eq 0 ] && ! crashed && ! cmp -s "$TMPD/out" \
            "$TOP/tests/golden/corpus/minend-1-seed1.txt"; then
            pass "corpus minend-1 seed 1: mirrored only with --flip-everywhere"
        else
            fail "corpus minend-1 seed 1: mirrored only with --flip-everywhere" \
                "status $RC, or the same map as without the option"
        fi
    fi
    # levgen runs a .des in memory: the Sokoban puzzle, boulders and holes
    run "$BIN/levgen" --seed 1 --level soko1-1 "$SHARED/corpus/unnethack/sokoban.des"
    if [ "$RC" -eq 0 ] && grep -q 'boulder' "$TMPD/out" && grep -q '\^' "$TMPD/out" &&
        grep -q 'hole' "$TMPD/out"; then
        pass "levgen sokoban.des --level soko1-1: boulders and holes"
    else
        fail "levgen sokoban.des --level soko1-1: boulders and holes" \
            "$(head -5 "$TMPD/out" "$TMPD/err")"
    fi
fi
