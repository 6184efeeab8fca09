# t_tools.sh - the designer tools of levgen (issue 21): --stats over many
# seeds (text, JSON, SVG, HTML), with a hand-written level whose down
# stair is out of reach in known seeds, and castle-1 and minefill of the
# corpus (skipped without ../shared).
LEVGEN=$BIN/levgen
TS=tests/stats

# tl_usage NAME MESSAGE ARGS...: exit 2, "levgen: MESSAGE" and the hint.
tl_usage() {
    tl_name=$1
    printf "levgen: %s\nTry 'levgen --help'.\n" "$2" >"$TMPD/tl_want.err"
    shift 2
    expect_stderr "$tl_name" 2 "$TMPD/tl_want.err" "$LEVGEN" "$@"
}

# tl_json NAME FILE PYTHON: the JSON document in FILE, as d, makes the
# Python expression true.
tl_json() {
    if python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if ($3) else 1)" "$2" 2>"$TMPD/tl_py.err"; then
        pass "$1"
    else
        fail "$1" "not true: $3" "$(head -3 "$TMPD/tl_py.err")"
    fi
}

# ---- usage ----
tl_usage "stats zero" "invalid --stats count '0' (1..1000000)" --stats 0 $TS/blocked.des
tl_usage "stats too many" "invalid --stats count '1000001' (1..1000000)" \
    --stats 1000001 $TS/blocked.des
tl_usage "stats and count" "give either --count or --stats" \
    --stats 3 --count 3 $TS/blocked.des
tl_usage "stats of all levels" "--stats looks at one level (--level NAME)" \
    --stats 3 --all $TS/blocked.des
tl_usage "stats as ansi" "--stats reports as text, json, svg or html" \
    --stats 3 --format ansi $TS/blocked.des
tl_usage "stats with a dungeon" "--stats does nothing when laying out a dungeon" \
    --stats 3 --dungeon tests/levgen/tiny.dgn

# ---- the hand-written level: the down stair is reachable in half the
# seeds; in 7 of the other 10 crossing water would reach it ----
expect_stdout "stats text of blocked.des" 0 $TS/blocked-20.txt \
    "$LEVGEN" --stats 20 $TS/blocked.des
run "$LEVGEN" --stats 20 --format json $TS/blocked.des
cp "$TMPD/out" "$TMPD/tl_blocked.json"
tl_json "stats json: seeds" "$TMPD/tl_blocked.json" \
    "d['seeds'] == 20 and d['generated'] == 20 and d['failed'] == 0"
tl_json "stats json: reachable share" "$TMPD/tl_blocked.json" \
    "d['reachable'] == 0.5 and d['reachable_levels'] == 10"
tl_json "stats json: unreachable seeds" "$TMPD/tl_blocked.json" \
    "d['unreachable_seeds'] == [1, 3, 7, 11, 13, 14, 16, 17, 18, 19]"
tl_json "stats json: what blocks them" "$TMPD/tl_blocked.json" \
    "d['reachable_crossing'] == {'water': 7, 'lava': 0, 'trees': 0, 'iron_bars': 0, 'drawbridges': 0} and d['unreachable_crossing_all'] == 3"
tl_json "stats json: heat is 21 rows of 80" "$TMPD/tl_blocked.json" \
    "all(len(h) == 21 and all(len(r) == 80 for r in h) for h in d['heat'].values())"
# the map sits at (31,7): the up stair (1,1) every seed, the jackal at (3,3)
tl_json "stats json: stair and monster heat" "$TMPD/tl_blocked.json" \
    "d['heat']['upstairs'][8][32] == 20 and d['heat']['monsters'][10][34] == 20 and d['heat_by_class']['d'][10][34] == 20 and sum(map(sum, d['heat']['downstairs'])) == 20 and d['heat']['downstairs'][12][42] == 10"
tl_json "stats json: counts" "$TMPD/tl_blocked.json" \
    "d['counts']['monsters'] == {'min': 1, 'median': 1, 'max': 1} and d['monster_classes'] == {'d': 20}"
run "$LEVGEN" --stats 20 --seed 1 --format json -o "$TMPD/tl_o.json" $TS/blocked.des
expect_same "stats -o writes the same" "$TMPD/tl_o.json" "$TMPD/tl_blocked.json"
# seed 2 alone is a reachable one, seed 3 alone is not
run "$LEVGEN" --stats 1 --seed 2 --format json $TS/blocked.des
cp "$TMPD/out" "$TMPD/tl_s2.json"
tl_json "stats of seed 2: reachable" "$TMPD/tl_s2.json" \
    "d['reachable'] == 1 and d['unreachable_seeds'] == [] and d['first_seed'] == 2"
run "$LEVGEN" --stats 1 --seed 3 --format json $TS/blocked.des
cp "$TMPD/out" "$TMPD/tl_s3.json"
tl_json "stats of seed 3: not" "$TMPD/tl_s3.json" \
    "d['reachable'] == 0 and d['unreachable_seeds'] == [3]"

# ---- failures: every seed runs out of steps ----
run "$LEVGEN" --stats 3 --seed 5 --max-steps 2 --format json $TS/blocked.des
cp "$TMPD/out" "$TMPD/tl_fail.json"
if [ "$RC" -eq 1 ]; then pass "stats with failures exits 1"; else
    fail "stats with failures exits 1" "status $RC"; fi
tl_json "stats json: failures with seeds" "$TMPD/tl_fail.json" \
    "d['failed'] == 3 and d['generated'] == 0 and [f['seed'] for f in d['failures']] == [5, 6, 7] and all('step' in f['message'] for f in d['failures'])"

# ---- pictures ----
run "$LEVGEN" --stats 20 --format svg $TS/blocked.des
cp "$TMPD/out" "$TMPD/tl.svg"
if python3 -c "import sys, xml.etree.ElementTree as E; r=E.parse(sys.argv[1]).getroot(); sys.exit(0 if r.tag.endswith('svg') and len(r.findall('{http://www.w3.org/2000/svg}g')) == 6 else 1)" "$TMPD/tl.svg"; then
    pass "stats svg: well-formed, a panel per kind placed"
else
    fail "stats svg: well-formed, a panel per kind placed"
fi
run "$LEVGEN" --stats 20 --format html $TS/blocked.des
cp "$TMPD/out" "$TMPD/tl.html"
expect_text "stats html: the summary" "$TMPD/tl.html" \
    "unreachable seeds: 1 3 7 11 13 14 16 17 18 19"
expect_text "stats html: the class panel" "$TMPD/tl.html" "monsters of class d"
if [ "$(grep -c '<svg ' "$TMPD/tl.html")" -eq 2 ]; then pass "stats html: two pictures"
else fail "stats html: two pictures" "$(grep -c '<svg ' "$TMPD/tl.html")"; fi

# ---- the corpus: castle-1 and minefill always reachable ----
if need_shared "stats of corpus levels"; then
    C=$SHARED/corpus/unnethack
    run "$LEVGEN" --stats 50 --level castle-1 --format json "$C/castle.des"
    cp "$TMPD/out" "$TMPD/tl_castle.json"
    tl_json "stats castle-1" "$TMPD/tl_castle.json" \
        "d['generated'] == 50 and d['reachable'] == 1 and d['unreachable_seeds'] == [] and sum(map(sum, d['heat']['upstairs'])) == 50 and d['terrain']['MOAT'] > 0.1"
    run "$LEVGEN" --stats 50 --level minefill --format json "$C/mines.des"
    cp "$TMPD/out" "$TMPD/tl_mines.json"
    tl_json "stats minefill" "$TMPD/tl_mines.json" \
        "d['generated'] == 50 and d['reachable'] == 1 and sum(map(sum, d['heat']['downstairs'])) == 50 and d['monster_classes']['G'] > d['monster_classes']['h'] > 0"
fi
