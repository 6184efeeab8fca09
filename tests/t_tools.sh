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

# ---- a HackEM level whose stairs are joined only by grass and puddles:
# walkable variant terrain passes (the terrain table's passage column),
# so every seed is reachable ----
expect_stdout "stats text of grassway.des (variant terrain passes)" 0 \
    $TS/grassway-4.txt "$LEVGEN" --variant hackem --stats 4 $TS/grassway.des

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
# the summary keeps its lines (the XML escaper writes '\n' as '?')
if grep -qx '  unreachable seeds: 1 3 7 11 13 14 16 17 18 19' "$TMPD/tl.html"; then
    pass "stats html: the summary's lines"
else
    fail "stats html: the summary's lines" "$(grep -m1 'unreachable' "$TMPD/tl.html")"
fi
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

# ---- -fdiagnostics-format=json: every golden error test, its reports
# as JSON, valid against doc/diagnostics.schema.json and the same reports
# (place, severity, message) as the golden text ----
# tl_diag DIR NAME GOLDEN CMD...: run CMD in DIR with the JSON option;
# its stderr becomes $TMPD/tl_diag/N.json, listed with GOLDEN.
mkdir -p "$TMPD/tl_diag"
: >"$TMPD/tl_diag/pairs"
tl_n=0
tl_diag() {
    tl_dir=$1 tl_golden=$3
    shift 3
    tl_n=$((tl_n + 1))
    (cd "$tl_dir" && "$@" >/dev/null 2>"$TMPD/tl_diag/$tl_n.json")
    printf '%s %s\n' "$TMPD/tl_diag/$tl_n.json" "$tl_golden" >>"$TMPD/tl_diag/pairs"
}
J=-fdiagnostics-format=json
for des in tests/levcomp/errors/*.des; do
    n=$(basename "$des" .des)
    case $n in names_*) [ -n "$SHARED" ] || continue
        tl_diag tests/levcomp/errors "$n" "$PWD/tests/levcomp/errors/$n.err" \
            "$BIN/lev_comp" --check $J -Wall --names "$SHARED/spec/names/unnethack.tsv" "$n.des"
        continue ;;
    esac
    tl_diag tests/levcomp/errors "$n" "$PWD/tests/levcomp/errors/$n.err" \
        "$BIN/lev_comp" --check $J -Wall "$n.des"
done
for des in tests/lev/errors/*.des; do
    n=$(basename "$des" .des)
    tl_diag . "$n" "$PWD/tests/lev/errors/$n.err" "$BIN/lev_comp" --parse-only $J "$des"
done
for des in tests/dialect/diag/*.des; do
    n=$(basename "$des" .des)
    # shellcheck disable=SC2046 # the options file holds words
    tl_diag tests/dialect/diag "$n" "$PWD/tests/dialect/diag/$n.err" \
        "$BIN/lev_comp" --check $J $(cat "tests/dialect/diag/$n.opts" 2>/dev/null) "$n.des"
done
for def in tests/dgn/errors/*.def; do
    n=$(basename "$def" .def)
    tl_diag . "$n" "$PWD/tests/dgn/errors/$n.err" "$BIN/dgn_comp" -o "$TMPD/tl.dgn" $J "$def"
done
if python3 tests/jsonschema_check.py doc/diagnostics.schema.json "$TMPD"/tl_diag/*.json >"$TMPD/tl_schema.out" 2>&1; then
    pass "json diagnostics: $tl_n golden error tests valid against the schema"
else
    fail "json diagnostics: valid against the schema" "$(head -5 "$TMPD/tl_schema.out")"
fi
if python3 - "$TMPD/tl_diag/pairs" >"$TMPD/tl_same.out" 2>&1 <<'PY'
import json, re, sys
head = re.compile(r'^(.*?)(?::(\d+):(\d+))?: (error|warning|note): (.*)$')
bad = 0
for line in open(sys.argv[1]):
    js, golden = line.split()
    got = [(d['file'], d['line'], d['column'], d['severity'], d['message'])
           for d in json.load(open(js))]
    want = []
    for g in open(golden, encoding='utf-8', errors='replace'):
        m = head.match(g.rstrip('\n'))
        if m and not g.startswith(' '):
            want.append((m.group(1), int(m.group(2) or 0), int(m.group(3) or 0),
                         m.group(4), m.group(5)))
    if got != want:
        bad += 1
        print(golden, got[:2], want[:2])
sys.exit(1 if bad else 0)
PY
then
    pass "json diagnostics: the same reports as every golden text"
else
    fail "json diagnostics: the same reports as every golden text" "$(head -5 "$TMPD/tl_same.out")"
fi

# fix-its: the replacement of a "did you mean", over the misspelt word
run "$BIN/lev_comp" --check $J tests/levcomp/errors/attr_misspelt.des
tl_json "json diagnostics: fix-its" "$TMPD/err" \
    "[(d['line'], d['column'], d['end_column'], [f['replacement'] for f in d['fixits']]) for d in d] == [(4, 34, 42, ['peaceful']), (5, 21, 26, ['blessed']), (6, 6, 15, ['level.depth']), (7, 6, 13, [])]"
run "$BIN/lev_comp" --check $J tests/stats/blocked.des
printf '[]\n' >"$TMPD/tl_empty.json"
expect_same "json diagnostics: none is []" "$TMPD/err" "$TMPD/tl_empty.json"
tl_usage_lc() {
    run "$@"
    if [ "$RC" -eq 2 ] && grep -q "bad value in" "$TMPD/err"; then pass "$1 $2 refused"
    else fail "$(basename "$1") $2 refused" "status $RC"; fi
}
tl_usage_lc "$BIN/lev_comp" -fdiagnostics-format=xml tests/stats/blocked.des
tl_usage_lc "$BIN/dgn_comp" -fdiagnostics-color=sometimes tests/levgen/tiny.dgn

# colour: always gives gcc's escapes, never and NO_COLOR (auto, not a
# terminal here) none
LE=tests/levcomp/errors
run "$BIN/lev_comp" --check -fdiagnostics-color=always $LE/attr_misspelt.des
printf '\033[1m%s:4:34:\033[0m \033[1;31merror:\033[0m %s\n' "$LE/attr_misspelt.des" \
    "unknown word 'peacefull' (did you mean peaceful?)" >"$TMPD/tl_colour.want"
head -1 "$TMPD/err" >"$TMPD/tl_colour.got"
expect_same "diagnostics colour always" "$TMPD/tl_colour.got" "$TMPD/tl_colour.want"
sed -n 3p "$TMPD/err" >"$TMPD/tl_caret.got"
printf ' %33s\033[1;32m^\033[0m\n' "" >"$TMPD/tl_caret.want"
expect_same "diagnostics colour: the caret" "$TMPD/tl_caret.got" "$TMPD/tl_caret.want"
(cd $LE && "$BIN/lev_comp" --check -fdiagnostics-color=never attr_misspelt.des 2>"$TMPD/tl_never.err")
expect_same "diagnostics colour never" "$TMPD/tl_never.err" "$LE/attr_misspelt.err"
# auto on a terminal (script(1) gives one): colour, unless NO_COLOR
if command -v script >/dev/null 2>&1; then
    (cd $LE && script -qec "$BIN/lev_comp --check attr_misspelt.des" /dev/null \
        >"$TMPD/tl_tty.out" 2>&1)
    expect_text "diagnostics colour auto on a terminal" "$TMPD/tl_tty.out" \
        "$(printf '\033[1;31merror:')"
    (cd $LE && NO_COLOR=1 script -qec "$BIN/lev_comp --check attr_misspelt.des" \
        /dev/null | tr -d '\r' >"$TMPD/tl_nc.err" 2>&1)
    expect_same "diagnostics with NO_COLOR on a terminal" "$TMPD/tl_nc.err" \
        "$LE/attr_misspelt.err"
else
    skip "diagnostics colour auto" "no script(1)"
fi

# ---- did you mean: value words too, one style; an unclosed '{' ----
printf 'LEVEL: "v"\nDOOR: lockd, (1,1)\nALTAR: (2,2), lawfull, altar\n' >"$TMPD/tl_v.des"
(cd "$TMPD" && "$BIN/lev_comp" --check tl_v.des 2>&1 | grep error: >tl_v.got)
printf '%s\n' "tl_v.des:2:7: error: unknown word 'lockd' (did you mean locked?)" \
    "tl_v.des:3:15: error: unknown word 'lawfull' (did you mean law?)" >"$TMPD/tl_v.want"
expect_same "suggestions for value words" "$TMPD/tl_v.got" "$TMPD/tl_v.want"
printf 'LEVEL: "b"\nIF [1 > 0] {\n  IF [2 > 1] {\n    MONSTER: random, random\n  }\n\nOBJECT: random, random\n' >"$TMPD/tl_b.des"
printf '%s\n' "tl_b.des:2:12: error: this '{' is never closed" \
    ' IF [1 > 0] {' '            ^' >"$TMPD/tl_b.want"
(cd "$TMPD" && "$BIN/lev_comp" --check tl_b.des 2>tl_b.got)
expect_same "an unclosed '{' is reported at the brace" "$TMPD/tl_b.got" "$TMPD/tl_b.want"

# ---- --list, and --level with a wrong name lists the right ones ----
printf '%s\n' 'LEVEL: "one"' 'ROOM: "ordinary", random, random, random, random {' '}' \
    'LEVEL: "two"' 'ROOM: "ordinary", random, random, random, random {' '}' \
    'LEVEL: "one"' 'ROOM: "ordinary", random, random, random, random {' '}' \
    >"$TMPD/tl_two.des"
printf 'two\none\n' >"$TMPD/tl_list.want"
expect_stdout "--list" 0 "$TMPD/tl_list.want" "$LEVGEN" --list "$TMPD/tl_two.des"
printf 'levgen: %s: no level named "nope"; its levels: two one\n' "$TMPD/tl_two.des" \
    >"$TMPD/tl_nope.want"
expect_stderr "--level nope lists the levels" 1 "$TMPD/tl_nope.want" \
    "$LEVGEN" --level nope "$TMPD/tl_two.des"
"$BIN/lev_comp" -o "$TMPD" $TS/blocked.des >/dev/null 2>&1
printf 'blocked\n' >"$TMPD/tl_list1.want"
expect_stdout "--list of a .lev" 0 "$TMPD/tl_list1.want" "$LEVGEN" --list "$TMPD/blocked.lev"
tl_usage "--list alone" "--list prints the level names; give it alone with the file" \
    --list --seed 3 --format json $TS/blocked.des

# ---- --watch: a save redraws; errors show instead of the map ----
tl_wait() {     # tl_wait FILE TEXT: up to 10 s for TEXT to appear
    tl_i=0
    while [ $tl_i -lt 100 ] && ! grep -qF -e "$2" "$1" 2>/dev/null; do
        sleep 0.1
        tl_i=$((tl_i + 1))
    done
}
mkdir -p "$TMPD/tl_w"
cp $TS/blocked.des "$TMPD/tl_w/w.des"
"$LEVGEN" --watch --seed 2 "$TMPD/tl_w/w.des" >"$TMPD/tl_w/out" 2>&1 &
tl_pid=$!
tl_wait "$TMPD/tl_w/out" "version 1"
sed 's/MONSTER: .d., (3,3)/MONSTER: (3,3)/' $TS/blocked.des >"$TMPD/tl_w/w.des"
tl_wait "$TMPD/tl_w/out" "version 2"
tl_wait "$TMPD/tl_w/out" "error:"
sed 's/MONSTER: .d., (3,3)/MONSTER: '"'"'D'"'"', (3,3)/' $TS/blocked.des >"$TMPD/tl_w/new.des"
mv "$TMPD/tl_w/new.des" "$TMPD/tl_w/w.des"      # saved as editors do
tl_wait "$TMPD/tl_w/out" "version 3"
tl_wait "$TMPD/tl_w/out" "(34,10) D"
kill "$tl_pid" 2>/dev/null
wait "$tl_pid" 2>/dev/null
"$LEVGEN" --seed 2 $TS/blocked.des >"$TMPD/tl_w/seed2"
awk '/version 1/{on=1;next} /version 2/{on=0} on' "$TMPD/tl_w/out" >"$TMPD/tl_w/v1"
expect_same "--watch: the first drawing is the level" "$TMPD/tl_w/v1" "$TMPD/tl_w/seed2"
awk '/version 2/{on=1;next} /version 3/{on=0} on' "$TMPD/tl_w/out" >"$TMPD/tl_w/v2"
expect_text "--watch: diagnostics while the file has errors" "$TMPD/tl_w/v2" \
    "w.des:30:1: error: expected ',' after ')', found OBJECT"
expect_text "--watch: redrawn after a save by rename" "$TMPD/tl_w/out" "(34,10) D"

# ---- syntax files: every word of both scanners in both editors' files ----
for lang in des:lev dgn:dgn; do
    l=${lang%%:*} src=grammar/${lang#*:}.l
    for f in "$BUILD/editors/vim/syntax/splev$l.vim" \
             "$BUILD/editors/textmate/splev$l.tmLanguage.json"; do
        if python3 - "$src" "$f" >"$TMPD/tl_syn.out" 2>&1 <<'PY'
import re, sys
src, syn = sys.argv[1], sys.argv[2]
text = open(src).read().split('\n%%\n')[1]
words = set()
for line in text.split('\n'):
    m = re.match(r'^((?:"[A-Za-z_][A-Za-z_0-9-]*"\|?)+)\s', line + ' ')
    if m and not m.group(1).endswith('|'):
        words.update(re.findall(r'"([^"]+)"', m.group(1)))
body = open(syn).read()
if syn.endswith('.json'):
    import json
    pats = [p.get('match', '') for p in json.load(open(syn))['patterns']]
    found = {w for w in words if any(re.search(p, w) and re.fullmatch(p.replace('\\b', ''), w) for p in pats if p.startswith('\\b(?:'))}
else:
    found = {w for w in words if re.search(r'(keyword \S+ %s$|/\\<%s\\>/$)' % (re.escape(w), re.escape(w)), body, re.M)}
missing = sorted(words - found)
print(len(words), 'words; missing:', missing[:10])
sys.exit(1 if missing or len(words) < 25 else 0)
PY
        then pass "syntax: every scanner word in $(basename "$f")"
        else fail "syntax: every scanner word in $(basename "$f")" "$(cat "$TMPD/tl_syn.out")"; fi
    done
done

# ---- --stats text in colour on a terminal, plain with NO_COLOR ----
if command -v script >/dev/null 2>&1; then
    script -qec "$LEVGEN --stats 30 $TS/blocked.des" /dev/null >"$TMPD/tl_st_tty" 2>&1
    expect_text "stats colour on a terminal" "$TMPD/tl_st_tty" \
        "$(printf '\033[31m14 of 30\033[0m levels (46.7%%)')"
    NO_COLOR=1 script -qec "$LEVGEN --stats 20 $TS/blocked.des" /dev/null |
        tr -d '\r' >"$TMPD/tl_st_nc"
    expect_same "stats with NO_COLOR on a terminal" "$TMPD/tl_st_nc" $TS/blocked-20.txt
else
    skip "stats colour" "no script(1)"
fi
