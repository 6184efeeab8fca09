# t_levgen_import.sh - levgen --import: other games' maps become des-files.
LEVGEN=$BIN/levgen

if need_shared "foreign corpus imports"; then
    for f in "$SHARED"/corpus/asciifarm/maps/*.json; do
        n=$(basename "$f" .json)
        rm -f "$TMPD/imp.des"
        expect_status "import asciifarm $n" 0 "$LEVGEN" --import asciifarm "$f" -o "$TMPD/imp.des"
        expect_text "import asciifarm $n: a MAP" "$TMPD/imp.des" "ENDMAP"
    done
    expect_status "import asciifarm --split" 0 "$LEVGEN" --import asciifarm --split \
        "$SHARED/corpus/asciifarm/maps/_home.json" -o "$TMPD/split.des"
    n=$(grep -c '^LEVEL:' "$TMPD/split.des")
    if [ "$n" -gt 1 ]; then pass "import --split makes several levels"; else
        fail "import --split makes several levels" "$n LEVEL lines"; fi
    expect_status "import roguecloud first room" 0 \
        "$LEVGEN" --import roguecloud "$SHARED/corpus/roguecloud/rooms.txt" -o "$TMPD/rc.des"
    expect_text "import roguecloud: a MAP" "$TMPD/rc.des" "ENDMAP"
    rm -f "$TMPD/none.des"
    expect_status "import roguecloud: unknown room" 1 \
        "$LEVGEN" --import roguecloud "$SHARED/corpus/roguecloud/rooms.txt" --room nosuch -o "$TMPD/none.des"
    expect_text "unknown room: says so" "$TMPD/err" 'error: no room named "nosuch"'
    expect_no_file "unknown room: writes nothing" "$TMPD/none.des"
    expect_status "import the archived rooms: bad tiles" 1 \
        "$LEVGEN" --import roguecloud "$SHARED/corpus/roguecloud/rooms-archived.txt" --room Bridge -o "$TMPD/none.des"
    expect_text "archived Bridge: the tile is named" "$TMPD/err" "rooms-archived.txt:124:5: error:"
    expect_no_file "archived Bridge: writes nothing" "$TMPD/none.des"
fi

# Bad foreign input: file:line:col, exit 1, no output.
printf '{"width": 2, "height": 1, "spawn": [0, 0], "field": ["ab"],\n "mapping": {"a": "floor"}}\n' >"$TMPD/bad.json"
rm -f "$TMPD/none.des"
expect_status "asciifarm: unmapped character" 1 "$LEVGEN" --import asciifarm "$TMPD/bad.json" -o "$TMPD/none.des"
expect_text "asciifarm: unmapped character is located" "$TMPD/err" "bad.json:1:"
expect_no_file "asciifarm: unmapped character writes nothing" "$TMPD/none.des"
printf '{"width": 2, "spawn": [0, 0], "field": ["a"], "mapping": {"a": "floor"},\n  "height": 1.0 }\n' >"$TMPD/bad2.json"
expect_status "asciifarm: decimal height" 1 "$LEVGEN" --import asciifarm "$TMPD/bad2.json"
expect_text "asciifarm: decimal height is located" "$TMPD/err" "bad2.json:2:"
printf '{"width": 2, \n' >"$TMPD/bad3.json"
expect_status "asciifarm: truncated JSON" 1 "$LEVGEN" --import asciifarm "$TMPD/bad3.json"
expect_status "import: missing file" 1 "$LEVGEN" --import asciifarm "$TMPD/nope.json"
expect_text "import: missing file says why" "$TMPD/err" "nope.json: error: cannot open"
