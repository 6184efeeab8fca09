# t_jsonl.sh - levgen datasets: --count N --format jsonl writes one level
# JSON object a line, seed first, to standard output or -o FILE; each line
# is the --format json level of its seed; --count with -o writes the
# summary to the file; a --count format that would be ignored is a usage
# error.
JD=$TMPD/jsonl
mkdir -p "$JD"
run "$BIN/lev_comp" -o "$JD" tests/names/hill.des
LEV=$JD/hill.lev

run "$BIN/levgen" --count 5 --seed 10 --format jsonl "$LEV"
if [ "$RC" -ne 0 ] || crashed; then
    fail "jsonl: 5 levels" "status $RC" "$(head -3 "$TMPD/err")"
else
    cp "$TMPD/out" "$JD/five.jsonl"
    n=$(wc -l <"$JD/five.jsonl")
    [ "$n" -eq 5 ] && pass "jsonl: 5 lines" || fail "jsonl: 5 lines" "$n lines"
    seeds=$(cut -d, -f1 "$JD/five.jsonl" | tr '\n' ' ')
    if [ "$seeds" = '{"seed": 10 {"seed": 11 {"seed": 12 {"seed": 13 {"seed": 14 ' ]; then
        pass "jsonl: seeds in order, first"
    else
        fail "jsonl: seeds in order, first" "$seeds"
    fi
    # line 3 is the JSON of seed 12, with its seed
    sed -n 3p "$JD/five.jsonl" >"$JD/line3"
    run "$BIN/levgen" --seed 12 --format json "$LEV"
    cp "$TMPD/out" "$JD/json12"
    if command -v python3 >/dev/null 2>&1; then
        run python3 -c 'import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
assert b.pop("seed") == 12, "seed"
assert a == b, "objects differ"' "$JD/json12" "$JD/line3"
        [ "$RC" -eq 0 ] && pass "jsonl: line = --format json of its seed" ||
            fail "jsonl: line = --format json of its seed" "$(tail -1 "$TMPD/err")"
    else
        skip "jsonl: line = --format json of its seed" "python3 is missing"
    fi
    run "$BIN/levgen" --count 5 --seed 10 --format jsonl -o "$JD/o.jsonl" "$LEV"
    if [ "$RC" -eq 0 ] && [ ! -s "$TMPD/out" ] &&
       cmp -s "$JD/o.jsonl" "$JD/five.jsonl"; then
        pass "jsonl: -o FILE gets the same lines"
    else
        fail "jsonl: -o FILE gets the same lines" "status $RC"
    fi
    [ -z "$(ls "$JD" | grep '\.tmp')" ] && pass "jsonl: no temporary left" ||
        fail "jsonl: no temporary left" "$(ls "$JD")"
fi
# one level as one line
run "$BIN/levgen" --seed 12 --format jsonl "$LEV"
if [ "$RC" -eq 0 ] && cmp -s "$TMPD/out" "$JD/line3"; then
    pass "jsonl: one level without --count"
else
    fail "jsonl: one level without --count" "status $RC"
fi
# a .des file, every level (--all) into one stream
run "$BIN/levgen" --count 2 --all --format jsonl dat/caves.des
nl=$(wc -l <"$TMPD/out")
nc=$(grep -c '^LEVEL' dat/caves.des)
if [ "$RC" -eq 0 ] && [ "$nl" -eq $((nc * 2)) ]; then
    pass "jsonl: --all of a .des, every level twice"
else
    fail "jsonl: --all of a .des, every level twice" "status $RC, $nl lines for $nc levels"
fi

# --count -o FILE: the summary goes to the file
run "$BIN/levgen" --count 4 -o "$JD/sum.txt" "$LEV"
if [ "$RC" -eq 0 ] && [ ! -s "$TMPD/out" ] &&
   grep -q '^4 levels, 0 failed, ' "$JD/sum.txt"; then
    pass "count: -o FILE gets the summary"
else
    fail "count: -o FILE gets the summary" "status $RC" "$(cat "$JD/sum.txt" 2>/dev/null)"
fi
run "$BIN/levgen" --count 4 -o "$JD/lay.txt" --dungeon tests/levgen/tiny.dgn
if [ "$RC" -eq 0 ] && grep -q '^4 layouts, 0 failed$' "$JD/lay.txt"; then
    pass "count: dungeon summary to -o FILE"
else
    fail "count: dungeon summary to -o FILE" "status $RC"
fi
# every option acts or is a usage error
expect_status "count: --format json is a usage error" 2 "$BIN/levgen" \
    --count 3 --format json "$LEV"
expect_text "count: --format json says why" "$TMPD/err" \
    "levgen: --count N prints a summary (--format text) or every level (--format jsonl)"
expect_status "count: dungeon --format jsonl is a usage error" 2 \
    "$BIN/levgen" --count 3 --format jsonl --dungeon tests/levgen/tiny.dgn
expect_status "count: a bad -o directory" 1 "$BIN/levgen" --count 2 \
    --format jsonl -o "$JD/no/such/dir/x.jsonl" "$LEV"

# the progress line: on a terminal's stderr once a run passes a second,
# never elsewhere (script(1) gives the run a terminal).  A few seconds of
# generation: not under valgrind or the sanitizers.
if [ -n "${SPLEV_WRAP:-}" ] || [ -n "${SPLEV_SAN:-}" ]; then
    skip "count: progress line on a terminal" "slow under a wrapper"
elif ! command -v script >/dev/null 2>&1; then
    skip "count: progress line on a terminal" "script(1) is missing"
else
    script -qec "$BIN/levgen --count 800000 -o $JD/sum2.txt $LEV" /dev/null \
        >"$JD/tty.txt" 2>&1
    if tr '\r' '\n' <"$JD/tty.txt" |
       grep -q '^levgen: 800000/800000 levels, [0-9]* levels/s'; then
        pass "count: progress line on a terminal"
    else
        fail "count: progress line on a terminal" "$(tr '\r' '\n' <"$JD/tty.txt" | tail -2)"
    fi
    run "$BIN/levgen" --count 800000 -o "$JD/sum3.txt" "$LEV"
    if [ "$RC" -eq 0 ] && [ ! -s "$TMPD/err" ]; then
        pass "count: no progress line without a terminal"
    else
        fail "count: no progress line without a terminal" "$(head -2 "$TMPD/err")"
    fi
fi
