# t_svg.sh - levgen --format svg: the picture of a small level
# (tests/svg/tiny.des) matches its golden byte for byte, is the same for
# the same seed, and is well-formed XML (checked with python3 when present).
SVG_DIR=$TMPD/svg
mkdir -p "$SVG_DIR"
run "$BIN/lev_comp" -o "$SVG_DIR" tests/svg/tiny.des
if [ "$RC" -ne 0 ]; then
    fail "svg: compile tiny.des" "status $RC" "$(head -3 "$TMPD/err")"
else
    run "$BIN/levgen" --seed 1 --format svg -o "$SVG_DIR/tiny-1.svg" \
        "$SVG_DIR/tiny.lev"
    if [ "$RC" -ne 0 ] || crashed; then
        fail "svg: levgen tiny" "status $RC" "$(head -3 "$TMPD/err")"
    else
        compare_golden "svg: tiny seed 1" "$SVG_DIR/tiny-1.svg" tests/svg/tiny-1.svg
        run "$BIN/levgen" --seed 1 --format svg "$SVG_DIR/tiny.lev"
        if cmp -s "$TMPD/out" "$SVG_DIR/tiny-1.svg"; then
            pass "svg: stdout equals -o"
        else
            fail "svg: stdout equals -o" "the two outputs differ"
        fi
        if command -v python3 >/dev/null 2>&1; then
            run python3 -c 'import sys, xml.etree.ElementTree as E
r = E.parse(sys.argv[1]).getroot()
assert r.tag == "{http://www.w3.org/2000/svg}svg", r.tag' "$SVG_DIR/tiny-1.svg"
            if [ "$RC" -eq 0 ]; then
                pass "svg: well-formed"
            else
                fail "svg: well-formed" "$(tail -2 "$TMPD/err")"
            fi
        else
            skip "svg: well-formed" "no python3"
        fi
    fi
fi
# Every corpus level of a few seeds gives well-formed SVG (names, messages
# and engravings of all kinds go through the escaping).
if [ -d "$SHARED/corpus/unnethack" ] && command -v python3 >/dev/null 2>&1; then
    mkdir -p "$SVG_DIR/c" "$SVG_DIR/o"
    "$BIN/lev_comp" -o "$SVG_DIR/c" "$SHARED"/corpus/unnethack/*.des \
        >/dev/null 2>&1
    for f in "$SVG_DIR"/c/*.lev; do
        b=$(basename "$f" .lev)
        "$BIN/levgen" --seed 2 --format svg -o "$SVG_DIR/o/$b.svg" "$f" \
            >/dev/null 2>&1 || rm -f "$SVG_DIR/o/$b.svg"
    done
    run python3 -c 'import sys, glob, xml.etree.ElementTree as E
n = 0
for f in sorted(glob.glob(sys.argv[1] + "/*.svg")):
    E.parse(f); n += 1
assert n > 250, n' "$SVG_DIR/o"
    if [ "$RC" -eq 0 ]; then
        pass "svg: corpus levels well-formed"
    else
        fail "svg: corpus levels well-formed" "$(tail -2 "$TMPD/err")"
    fi
fi
