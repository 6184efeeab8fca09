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
    # Rooms keep their whole names (once cut to 8 characters, both of
    # these were "newhouse").
    for rc_room in "New House:new_house" "New House SE:new_house_se"; do
        expect_status "import roguecloud ${rc_room%:*}" 0 "$LEVGEN" --import \
            roguecloud "$SHARED/corpus/roguecloud/rooms.txt" \
            --room "${rc_room%:*}" -o "$TMPD/rc.des"
        expect_text "import roguecloud ${rc_room%:*}: LEVEL ${rc_room#*:}" \
            "$TMPD/rc.des" "LEVEL:\"${rc_room#*:}\""
    done
    expect_status "import the archived rooms: bad tiles" 1 \
        "$LEVGEN" --import roguecloud "$SHARED/corpus/roguecloud/rooms-archived.txt" --room Bridge -o "$TMPD/none.des"
    expect_text "archived Bridge: the tile is named" "$TMPD/err" "rooms-archived.txt:124:5: error:"
    expect_no_file "archived Bridge: writes nothing" "$TMPD/none.des"
fi

# The LEVEL name from the file name: lower case, '_' for a space, whole
# up to 14 characters (the compiler's limit), else 9 characters, '-' and
# 4 hex digits of a hash of the whole name; the level compiles.
printf '{"width": 2, "height": 1, "spawn": [0, 0], "field": ["aa"],\n "mapping": {"a": "floor"}}\n' >"$TMPD/My Room.json"
for af_name in "My Room:my_room" "A long room name:a_long_ro-de2f" \
    "A long room name 2:a_long_ro-bd14"; do
    [ "${af_name%:*}" = "My Room" ] ||
        cp "$TMPD/My Room.json" "$TMPD/${af_name%:*}.json"
    expect_status "import asciifarm '${af_name%:*}'" 0 "$LEVGEN" --import \
        asciifarm "$TMPD/${af_name%:*}.json" -o "$TMPD/name.des"
    expect_text "import '${af_name%:*}': LEVEL ${af_name#*:}" "$TMPD/name.des" \
        "LEVEL:\"${af_name#*:}\""
    run "$LEVGEN" --seed 1 "$TMPD/name.des"
    expect_text "import '${af_name%:*}': the level compiles" "$TMPD/out" \
        "Level \"${af_name#*:}\""
done

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
