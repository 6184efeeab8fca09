# t_old343.sh - the third dialect, NetHack 3.4.3's (doc/dialects.md, "The
# third dialect"): detection by the syntax and --dialect nethack343, the
# dialect in the .lev header, the syntax trees of its constructs, exact
# maps for seed 1, every level generated for seeds 1..3 with the
# invariants t_corpus_levels checks, exact errors (the hint on a file
# forced into another dialect, NetHack 3.7's Lua), and the two forms
# taken in every dialect: "KEYWORD[N%]:" and REGION's irregular boolean.
# Sourced by tests/run.sh (which provides BIN, BUILD, TMPD and lib.sh).

LC="$BIN/lev_comp"
LG="$BIN/levgen"
OD=tests/old343

# old_ast_map NAME: NAME.des's syntax tree and seed-1 map, each exact.
old_ast_map() {
    name=$1
    (cd $OD && ${SPLEV_WRAP:-} "$LC" --dump-ast "$name.des" \
        >"$TMPD/out" 2>"$TMPD/err")
    RC=$?
    if crashed || [ "$RC" -ne 0 ] || [ -s "$TMPD/err" ]; then
        fail "old343 ast $name" "status $RC" "$(head -3 "$TMPD/err")"
    else
        compare_golden "old343 ast $name" "$TMPD/out" "$OD/$name.ast"
    fi
    expect_stdout "old343 levgen $name seed 1" 0 "$OD/$name-seed1.txt" \
        "$LG" --seed 1 "$OD/$name.des"
}

# ---- syntax trees and seed-1 maps of the test levels ----
for name in room maze mines keep issue walks leftcave lineage keyroom; do
    old_ast_map "$name"
done

# ---- 3.4.3's random stairs of a map part: at least 9 cells apart ----
near=""
for seed in $(seq 1 20); do
    "$LG" --seed "$seed" "$OD/walks.des" 2>/dev/null | awk -v s="$seed" 'BEGIN { n = 0 }
        /^Stairs:/ { on = 1; next }
        /^[A-Z]/ { on = 0 }
        on && /stair/ { gsub(/[(),]/, " "); x[n] = $1; y[n] = $2; n++ }
        END { dx = x[0] - x[1]; dy = y[0] - y[1]
              if (dx < 0) dx = -dx; if (dy < 0) dy = -dy
              if (n != 2 || (dx > dy ? dx : dy) <= 8) print "seed " s }'
done >"$TMPD/near"
if [ -s "$TMPD/near" ]; then
    fail "old343 random stairs of a part 9 cells apart" "$(head -3 "$TMPD/near")"
else
    pass "old343 random stairs of a part 9 cells apart (seeds 1..20)"
fi

# ---- the old mkmap's light: a lit cave's trees and an unlit cave's lava
# stay dark (NetHack 3.6 lights both) ----
run "$LG" --all --seed 1 --format json "$OD/cavelight.des"
awk '/"name": "otrees"/ { l = 1 } /"name": "olava"/ { l = 2 }
    { s = $0; room[l] += gsub(/\[27,1,/, "", s); tree[l] += gsub(/\[13,1,/, "", s)
      utree[l] += gsub(/\[13,0,/, "", s); lava[l] += gsub(/\[23,1,/, "", s)
      ulava[l] += gsub(/\[23,0,/, "", s) }
    END { printf "lit floor %s, lit trees %d, dark trees %s, lit lava %d, dark lava %s\n",
          (room[1] > 0 ? "yes" : "no"), tree[1], (utree[1] > 0 ? "yes" : "no"),
          lava[2], (ulava[2] > 0 ? "yes" : "no") }' "$TMPD/out" >"$TMPD/light"
if [ "$RC" -eq 0 ] && [ "$(cat "$TMPD/light")" = \
    "lit floor yes, lit trees 0, dark trees yes, lit lava 0, dark lava yes" ]; then
    pass "old343 the old mkmap's light"
else
    fail "old343 the old mkmap's light" "status $RC" "$(cat "$TMPD/light")"
fi

# ---- the dialect in the header; forcing it gives the same code ----
run "$LC" --disasm $OD/maze.des
expect_text "old343 disasm names the dialect" "$TMPD/out" \
    'level "omaze" (NetHack 3.4.3)'
cp "$TMPD/out" "$TMPD/auto.dis"
run "$LC" --dialect nethack343 --disasm $OD/maze.des
expect_same "old343 --dialect nethack343 same as detected" \
    "$TMPD/auto.dis" "$TMPD/out"
# the lineage's --variant names read a file in the dialect too (the
# header names the profile: the script is the same but for that)
for v in nethack343 slashem grunthack fiqhack; do
    run "$LC" --variant $v --disasm $OD/maze.des
    sed "1s/ variant $v\$//" "$TMPD/out" >"$TMPD/var.dis"
    expect_same "old343 --variant $v same as detected" \
        "$TMPD/auto.dis" "$TMPD/var.dis"
done
expect_text "old343 --variant names the profile in the header" "$TMPD/out" \
    'level "omaze" (NetHack 3.4.3) variant fiqhack'
printf 'LEVEL: "u"\nROOM: "ordinary", lit, (3,3), (center,center), (9,5) {\n}\n' \
    >"$TMPD/un-room.des"
expect_status "old343 --variant slashem reads an UnNetHack room as 3.4.3" 1 \
    "$LC" --variant slashem --check "$TMPD/un-room.des"
expect_status "old343 the same file in its own dialect" 0 \
    "$LC" --check "$TMPD/un-room.des"

# ---- every level generates for seeds 1..3 with the corpus invariants ----
mkdir -p "$TMPD/old343"
run "$LC" -o "$TMPD/old343" $OD/room.des $OD/maze.des $OD/mines.des \
    $OD/keep.des $OD/issue.des $OD/walks.des $OD/leftcave.des \
    $OD/lineage.des $OD/keyroom.des $OD/cavelight.des
if crashed || [ "$RC" -ne 0 ]; then
    fail "old343 test levels compile" "$(head -5 "$TMPD/err")"
else
    run "$BUILD/tests/test_corpus_levels" --seeds 3 "$TMPD/old343"/*.lev
    n_ok=$(grep -c '^ok ' "$TMPD/out")
    if crashed || [ "$RC" -ne 0 ] || [ "$n_ok" -ne 11 ]; then
        fail "old343 levels generate with the corpus invariants" \
            "$(grep -v '^ok ' "$TMPD/out" | head -10; head -5 "$TMPD/err")"
    else
        pass "old343 levels generate with the corpus invariants"
    fi
fi

# ---- exact errors ----
for name in badplace noparent nocontainer syntax typo; do
    (cd $OD/bad && ${SPLEV_WRAP:-} "$LC" -o "$TMPD" "$name.des" \
        >"$TMPD/out" 2>"$TMPD/err")
    RC=$?
    if crashed || [ "$RC" -ne 1 ]; then
        fail "old343 error $name" "status $RC, expected 1"
    else
        compare_golden "old343 error $name" "$TMPD/err" "$OD/bad/$name.err"
    fi
done
(cd $OD/bad && "$LC" -o "$TMPD" level.lua >"$TMPD/out" 2>"$TMPD/err")
RC=$?
if [ "$RC" -eq 1 ] && [ "$(cat "$TMPD/err")" = \
    "level.lua: error: NetHack 3.7 Lua levels are not des-files" ]; then
    pass "old343 a .lua level: one error"
else
    fail "old343 a .lua level: one error" "status $RC" "$(head -3 "$TMPD/err")"
fi
# the same for Lua in a file of any name, and for levgen
(cd $OD/bad && "$LC" -o "$TMPD" lua37.des >"$TMPD/out" 2>"$TMPD/err")
RC=$?
if [ "$RC" -eq 1 ] && [ "$(cat "$TMPD/err")" = \
    "lua37.des: error: NetHack 3.7 Lua levels are not des-files" ]; then
    pass "old343 Lua in a .des file: one error"
else
    fail "old343 Lua in a .des file: one error" "status $RC" "$(head -3 "$TMPD/err")"
fi
(cd $OD/bad && "$LG" --seed 1 level.lua >"$TMPD/out" 2>"$TMPD/err")
RC=$?
if [ "$RC" -eq 1 ] && [ "$(head -1 "$TMPD/err")" = \
    "level.lua: error: NetHack 3.7 Lua levels are not des-files" ] &&
    [ ! -s "$TMPD/out" ]; then
    pass "old343 levgen on a .lua level: the same error"
else
    fail "old343 levgen on a .lua level: the same error" "status $RC" \
        "$(head -3 "$TMPD/err")"
fi
# forced into another dialect: the first error carries the hint
(cd $OD && "$LC" --dialect unnethack -o "$TMPD" room.des \
    >"$TMPD/out" 2>"$TMPD/err")
head -4 "$TMPD/err" >"$TMPD/err4"
compare_golden "old343 forced unnethack: the hint" "$TMPD/err4" \
    "$OD/bad/forced.err"
expect_status "old343 usage: bad --dialect" 2 "$LC" --dialect nethack34 x.des

# ---- in every dialect: KEYWORD[N%]: and REGION's trailing boolean ----
(cd $OD && "$LC" --dump-ast un_chance.des >"$TMPD/out" 2>"$TMPD/err")
compare_golden "old343 chance after keyword, unnethack" "$TMPD/out" \
    "$OD/un_chance.ast"

# ---- UnNetHack 3.5.1-3.5.2: positional MONSTER/OBJECT in braces ----
# detected (positional lines and braces) and read in the UnNetHack
# grammar: syntax trees, seed-1 maps, seeds 1..3 with the corpus
# invariants, the braced forms' code, --variant unnethack-3.5, errors
for name in un35room un35maze un35loop; do
    old_ast_map "$name"
done
mkdir -p "$TMPD/un35"
run "$LC" -o "$TMPD/un35" $OD/un35room.des $OD/un35maze.des $OD/un35loop.des
if crashed || [ "$RC" -ne 0 ]; then
    fail "old343 un35 levels compile" "$(head -5 "$TMPD/err")"
else
    run "$BUILD/tests/test_corpus_levels" --seeds 3 "$TMPD/un35"/*.lev
    if crashed || [ "$RC" -ne 0 ] || [ "$(grep -c '^ok ' "$TMPD/out")" -ne 3 ]
    then
        fail "old343 un35 levels generate with the corpus invariants" \
            "$(grep -v '^ok ' "$TMPD/out" | head -10; head -5 "$TMPD/err")"
    else
        pass "old343 un35 levels generate with the corpus invariants"
    fi
fi
run "$LC" --disasm $OD/un35same.des
sed 's/un35same\.des:/F:/' "$TMPD/out" >"$TMPD/pos.dis"
run "$LC" --disasm $OD/un35same-braced.des
sed 's/un35same-braced\.des:/F:/' "$TMPD/out" >"$TMPD/braced.dis"
expect_same "old343 un35 positional forms: the braced forms' code" \
    "$TMPD/braced.dis" "$TMPD/pos.dis"
head -1 "$TMPD/pos.dis" >"$TMPD/head1"
printf 'level "u35same"\n' >"$TMPD/want1"
expect_same "old343 un35 read as UnNetHack" "$TMPD/want1" "$TMPD/head1"
run "$LC" --variant unnethack-3.5 --disasm $OD/un35same.des
sed 's/un35same\.des:/F:/; 1s/ variant unnethack-3\.5$//' "$TMPD/out" \
    >"$TMPD/var.dis"
expect_same "old343 un35 --variant unnethack-3.5 same as detected" \
    "$TMPD/pos.dis" "$TMPD/var.dis"
(cd $OD/bad && "$LC" -o "$TMPD" un35bad.des >"$TMPD/out" 2>"$TMPD/err")
RC=$?
if crashed || [ "$RC" -ne 1 ]; then
    fail "old343 error un35bad" "status $RC, expected 1"
else
    compare_golden "old343 error un35bad" "$TMPD/err" "$OD/bad/un35bad.err"
fi

# ---- dgn_comp: SLASH'EM's trailing integer on BRANCH/CHAINBRANCH ----
run "$BIN/dgn_comp" -o "$TMPD/slashem.dgn" $OD/slashem.def
if crashed || [ "$RC" -ne 0 ] || [ -s "$TMPD/err" ]; then
    fail "old343 dgn_comp SLASH'EM branch integer" "status $RC" \
        "$(head -3 "$TMPD/err")"
else
    expect_stdout "old343 SLASH'EM dungeon layout seed 1" 0 \
        "$OD/slashem-seed1.txt" "$LG" --dungeon "$TMPD/slashem.dgn" --seed 1
fi

# ---- levgen compiles a .des in memory in the dialect, forced or told ----
run "$LG" --seed 2 $OD/keep.des
cp "$TMPD/out" "$TMPD/keep-auto.txt"
run "$LG" --seed 2 --dialect nethack343 $OD/keep.des
if [ "$RC" -eq 0 ] && grep -q '^Level "okeep"' "$TMPD/out"; then
    expect_same "old343 levgen --dialect nethack343 same as detected" \
        "$TMPD/keep-auto.txt" "$TMPD/out"
else
    fail "old343 levgen --dialect nethack343" "status $RC" "$(head -3 "$TMPD/err")"
fi
expect_status "old343 levgen forced nethack36 on a 3.4.3 file fails" 1 \
    "$LG" --seed 1 --dialect nethack36 $OD/keep.des
expect_text "old343 levgen forced: the hint" "$TMPD/err" \
    "keep.des: note: this looks like the NetHack 3.4.3 dialect; try --dialect nethack343"
