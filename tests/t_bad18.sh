# t_bad18.sh - the second round of hostile inputs (issue 18): inputs that
# cost time or memory out of all proportion, and output that must stay
# valid whatever bytes the input holds.  Each case is made here, small
# enough to finish in well under a second once handled.
LC=$BIN/lev_comp
X=$TMPD/bad18
rm -rf "$X"
mkdir -p "$X"

# timed NAME SECS WANT CMD...: CMD exits with status WANT using at most
# SECS seconds of CPU time (ulimit -t, which the machine's load does not
# stretch; the wall clock is cut at 10 times that; sanitizer builds get
# ten times the CPU time).  Under a wrapper
# (valgrind) only the status is checked.
timed() {
    tm_name=$1 tm_secs=$2 tm_want=$3
    shift 3
    if [ -n "${SPLEV_WRAP:-}" ]; then
        run "$@"
    elif [ -n "${SPLEV_SAN:-}" ]; then
        # sanitizer builds run several times slower: the limits are the
        # plain build's; here a generous one still catches a hang
        run sh -c 'c=$1; shift; ulimit -t $((c * 10)); exec timeout -s KILL $((c * 40)) "$@"' \
            sh "$tm_secs" "$@"
    else
        run sh -c 'c=$1; shift; ulimit -t "$c"; exec timeout -s KILL $((c * 10)) "$@"' \
            sh "$tm_secs" "$@"
    fi
    if [ "$RC" -eq 137 ] || [ "$RC" -eq 152 ]; then
        fail "$tm_name" "still running after $tm_secs s (status $RC)"
    elif crashed || [ "$RC" -ne "$tm_want" ]; then
        fail "$tm_name" "exit status $RC, expected $tm_want" "$(head -3 "$TMPD/err")"
    else
        pass "$tm_name"
    fi
}

# first_line NAME TEXT: the first line of the last command's stderr.
first_line() {
    if [ "$(head -1 "$TMPD/err")" = "$2" ]; then
        pass "$1"
    else
        fail "$1" "expected: $2" "got: $(head -1 "$TMPD/err" | cut -c1-300)"
    fi
}

# ---- a SWITCH with 100,000 CASEs: the "more than 20" error, then no
# duplicate search among the rest (it was quadratic: more than 60 s) ----
awk 'BEGIN { print "LEVEL:\"sw\""; print "SWITCH [3] {";
             for (i = 0; i < 100000; i++) printf "CASE %d:\n MESSAGE:\"x\"\n", i;
             print "}" }' >"$X/cases.des"
timed "100000 CASEs: rejected quickly" 2 1 "$LC" --check "$X/cases.des"
first_line "100000 CASEs: the limit error" \
    "$X/cases.des:43:1: error: more than 20 CASEs in one SWITCH"
# A duplicate among the first 20 is still reported.
printf 'LEVEL:"sw"\nSWITCH [3] {\nCASE 1:\n MESSAGE:"a"\nCASE 2:\n MESSAGE:"b"\nCASE 1:\n MESSAGE:"c"\n}\n' \
    >"$X/dupcase.des"
timed "duplicate CASE: rejected" 1 1 "$LC" --check "$X/dupcase.des"
first_line "duplicate CASE: the message" "$X/dupcase.des:7:6: error: CASE 1 is given twice"

# ---- 100,000 FUNCTIONs and 33,000 calls: found by hash, not by a scan
# of every name (more than 120 s) ----
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "FUNCTION f%d() { MESSAGE:\"m\" }\n", i;
             print "LEVEL:\"calls\"";
             for (i = 0; i < 33000; i++) printf "f%d()\n", (i * 3) % 100000 }' >"$X/funcs.des"
timed "100000 FUNCTIONs, 33000 calls: checked quickly" 3 0 "$LC" --check "$X/funcs.des"
timed "100000 FUNCTIONs, 33000 calls: compiled quickly" 3 0 "$LC" -o "$X" "$X/funcs.des"
expect_text "100000 FUNCTIONs, 33000 calls: level written" "$X/calls.lev" "SPLEV"
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "FUNCTION f%d() { MESSAGE:\"m\" }\n", i;
             print "FUNCTION f77777() { MESSAGE:\"again\" }";
             print "LEVEL:\"calls\""; print "f99999()"; print "g1()" }' >"$X/funcs2.des"
timed "a FUNCTION defined twice among 100000: rejected" 3 1 "$LC" --check "$X/funcs2.des"
first_line "a FUNCTION defined twice: the message" \
    "$X/funcs2.des:100001:1: error: FUNCTION f77777 is already defined"
expect_text "an undefined FUNCTION among 100000: the message" "$TMPD/err" \
    "$X/funcs2.des:100004:1: error: FUNCTION g1 is not defined before this call"

# ---- input limits: refused at the limit, unread past it; and a file
# given up on (the error limit) is not scanned to its end ----
# (Sparse files: their NUL bytes take no disk space.)
truncate -s 17000000 "$X/big.des"
timed "lev_comp 17 MB file: refused" 1 1 "$LC" --check "$X/big.des"
first_line "lev_comp 17 MB file: the limit" \
    "$X/big.des: error: file too large (limit 16777216 bytes)"
timed "lev_comp 17 MB on standard input: refused" 1 1 \
    sh -c 'head -c 17000000 /dev/zero | "$0" --check -' "$LC"
first_line "lev_comp 17 MB on standard input: the limit" \
    "-: error: file too large (limit 16777216 bytes)"
printf 'INCLUDE "big.des"\nLEVEL:"x"\n' >"$X/incbig.des"
timed "lev_comp INCLUDE of a 17 MB file: refused" 1 1 "$LC" --check "$X/incbig.des"
first_line "lev_comp INCLUDE of a 17 MB file: the limit" \
    "$X/incbig.des:1:9: error: cannot read INCLUDE file \"$X/big.des\": file too large (limit 16777216 bytes)"
# 40 MB of NUL bytes under a raised limit: 50 errors, then the scan stops
# (it went on through every byte: 1.5 s here, 9.5 s for 100 MB).
truncate -s 40000000 "$X/nul40.des"
timed "lev_comp 40 MB of NUL bytes: given up quickly" 1 1 \
    "$LC" --max-input-size 50000000 --check "$X/nul40.des"
first_line "lev_comp 40 MB of NUL bytes: the first error" \
    "$X/nul40.des:1:1: error: a NUL byte in the text"
expect_text "lev_comp 40 MB of NUL bytes: the error limit" "$TMPD/err" \
    "$X/nul40.des: error: too many errors, stopping"
if [ "$(grep -c ': error: ' "$TMPD/err")" -eq 51 ]; then
    pass "lev_comp 40 MB of NUL bytes: 50 errors and the stop"
else
    fail "lev_comp 40 MB of NUL bytes: 50 errors and the stop" \
        "$(grep -c ': error: ' "$TMPD/err") error lines"
fi
printf 'LEVEL:"small"\nMESSAGE:"%s"\n' "0123456789012345678901234567890123456789" >"$X/small.des"
timed "lev_comp --max-input-size below the file: refused" 1 1 \
    "$LC" --max-input-size 50 --check "$X/small.des"
first_line "lev_comp --max-input-size below the file: the limit" \
    "$X/small.des: error: file too large (limit 50 bytes)"
timed "lev_comp --max-input-size above the file: compiled" 1 0 \
    "$LC" --max-input-size 100 --check "$X/small.des"
for bad in 0 -1 12x "" 1099511627777; do
    expect_status "lev_comp --max-input-size '$bad': usage error" 2 \
        "$LC" --max-input-size "$bad" --check "$X/small.des"
    expect_text "lev_comp --max-input-size '$bad': says why" "$TMPD/err" \
        "lev_comp: --max-input-size needs a number of bytes from 1 to 2^40"
done

DGN=$BIN/dgn_comp
truncate -s 5000000 "$X/big.def"
timed "dgn_comp 5 MB file: refused" 1 1 "$DGN" --check "$X/big.def"
first_line "dgn_comp 5 MB file: the limit" \
    "$X/big.def: error: file too large (limit 4194304 bytes)"
timed "dgn_comp 5 MB on standard input: refused" 1 1 \
    sh -c 'head -c 5000000 /dev/zero | "$0" --check' "$DGN"
first_line "dgn_comp 5 MB on standard input: the limit" \
    "<stdin>: error: file too large (limit 4194304 bytes)"
truncate -s 40000000 "$X/nul40.def"
timed "dgn_comp 40 MB of NUL bytes: given up quickly" 1 1 \
    "$DGN" --max-input-size 50000000 --check "$X/nul40.def"
first_line "dgn_comp 40 MB of NUL bytes: the first error" \
    "$X/nul40.def:1:1: error: NUL byte in the input"
expect_text "dgn_comp 40 MB of NUL bytes: the error limit" "$TMPD/err" \
    "$X/nul40.def: error: too many errors, stopping"
printf 'DUNGEON: "The Dungeons of Doom" "D" (25, 5)\n' >"$X/small.def"
timed "dgn_comp --max-input-size below the file: refused" 1 1 \
    "$DGN" --max-input-size 20 --check "$X/small.def"
first_line "dgn_comp --max-input-size below the file: the limit" \
    "$X/small.def: error: file too large (limit 20 bytes)"
timed "dgn_comp --max-input-size above the file: checked" 1 0 \
    "$DGN" --max-input-size 100 --check "$X/small.def"
for bad in 0 x ""; do
    expect_status "dgn_comp --max-input-size '$bad': usage error" 2 \
        "$DGN" --max-input-size "$bad" --check "$X/small.def"
    expect_text "dgn_comp --max-input-size '$bad': says why" "$TMPD/err" \
        "dgn_comp: option --max-input-size needs a number of bytes from 1 to 2^40"
done
expect_status "dgn_comp --max-input-size with no value: usage error" 2 \
    "$DGN" --max-input-size
rm -f "$X/big.des" "$X/big.def" "$X/nul40.des" "$X/nul40.def"

# ---- output valid whatever the bytes: a MESSAGE, an engraving and a
# sound with bytes that are not UTF-8 (0xFF, a cut sequence, a surrogate,
# 0xFE) next to good UTF-8 and a control byte.  JSON writes such a byte
# as \ufffd, and so does the legend of SVG and HTML maps (its strings are
# quoted as in the text format); other SVG/HTML text has U+FFFD itself
# (tests/unit/test_utf8.c checks that writer) ----
printf 'LEVEL:"u"\nINIT_MAP: solidfill, %s\nMESSAGE:"bad \377 byte, cut \303, ok \303\251, surrogate \355\240\200, ctl \001 and <&>"\nENGRAVING:(3,3), dust, "x\376y"\nSOUNDS: 50, (hear, "\377")\n' \
    "'.'" >"$X/utf.des"
if ! command -v python3 >/dev/null 2>&1; then
    skip "JSON, SVG and HTML from bytes that are not UTF-8" "no python3"
else
    run "$BIN/levgen" --format json "$X/utf.des"
    cp "$TMPD/out" "$X/utf.json"
    run python3 -c '
import json, sys
d = json.loads(open(sys.argv[1], "rb").read().decode("utf-8", "strict"))
want = "bad \ufffd byte, cut \ufffd, ok \u00e9, surrogate \ufffd\ufffd\ufffd, ctl \x01 and <&>"
assert d["messages"] == [want], d["messages"]
assert [e["text"] for e in d["engravings"]] == ["x\ufffdy"], d["engravings"]
assert [s["text"] for s in d["sounds"]] == ["\ufffd"], d["sounds"]
' "$X/utf.json"
    if [ "$RC" -eq 0 ]; then
        pass "levgen --format json: strict UTF-8 JSON, bad bytes as U+FFFD"
    else
        fail "levgen --format json: strict UTF-8 JSON, bad bytes as U+FFFD" "$(tail -3 "$TMPD/err")"
    fi
    expect_text "levgen --format json: the escape written" "$X/utf.json" \
        '"bad \ufffd byte, cut \ufffd, ok '
    run "$BIN/levgen" --format svg "$X/utf.des"
    cp "$TMPD/out" "$X/utf.svg"
    run python3 -c '
import sys, xml.etree.ElementTree as ET
text = open(sys.argv[1], "rb").read().decode("utf-8", "strict")
root = ET.fromstring(text)
alltext = "".join(root.itertext())
assert "\"x\\ufffdy\"" in alltext, "engraving"
assert "ctl \\u0001 and <&>" in alltext, "control byte and escapes"
' "$X/utf.svg"
    if [ "$RC" -eq 0 ]; then
        pass "levgen --format svg: well-formed XML in strict UTF-8"
    else
        fail "levgen --format svg: well-formed XML in strict UTF-8" "$(tail -3 "$TMPD/err")"
    fi
    mkdir -p "$X/world"
    printf 'DUNGEON: "The Dungeons of Doom" "D" (2, 0)\nLEVEL: "u" "none" @ (1, 0)\n' >"$X/world/d.def"
    "$BIN/dgn_comp" -o "$X/world/d.dgn" "$X/world/d.def" 2>/dev/null
    "$LC" -o "$X/world" "$X/utf.des" 2>/dev/null
    expect_status "levgen --format html of a level with bad bytes" 0 \
        "$BIN/levgen" --dungeon "$X/world/d.dgn" --levels "$X/world" --all \
        --format html --out "$X/world/out"
    run python3 -c '
import sys, html.parser
text = open(sys.argv[1], "rb").read().decode("utf-8", "strict")
assert "x\\ufffdy" in text
html.parser.HTMLParser().feed(text)
' "$X/world/out/dungeon.html"
    if [ "$RC" -eq 0 ]; then
        pass "levgen --format html: strict UTF-8"
    else
        fail "levgen --format html: strict UTF-8" "$(tail -3 "$TMPD/err")"
    fi
fi

# ---- every levgen option acts or is a usage error (exit 2, a message):
# --level-at without --dungeon used to exit 0 having done nothing ----
LG=$BIN/levgen
"$LC" -o "$X" "$X/small.des" 2>/dev/null
printf 'DUNGEON: "The Dungeons of Doom" "D" (2, 0)\n' >"$X/lay.def"
"$BIN/dgn_comp" -o "$X/lay.dgn" "$X/lay.def" 2>/dev/null
printf 'x:\n#####\n#...#\n#####\n' >"$X/rooms.txt"
# useless NAME MESSAGE ARGS...: levgen ARGS exits 2 saying MESSAGE.
useless() {
    ul_name=$1 ul_msg=$2
    shift 2
    expect_status "levgen $ul_name: usage error" 2 "$LG" "$@"
    expect_text "levgen $ul_name: says why" "$TMPD/err" "$ul_msg"
}
useless "--level-at without --dungeon" "--level-at does nothing with a .lev file" \
    "$X/small.lev" --level-at 1:1
useless "--level-at with a .des" "--level-at does nothing with a .des file" \
    "$X/small.des" --level-at 1:1
useless "--dialect with a .lev" "--dialect does nothing with a .lev file" \
    "$X/small.lev" --dialect unnethack
useless "--split without --import" "--split does nothing with a .lev file" \
    "$X/small.lev" --split
useless "--depth in a dungeon layout" "--depth does nothing when laying out a dungeon" \
    --dungeon "$X/lay.dgn" --depth 3
useless "--names in a dungeon layout" "--names does nothing when laying out a dungeon" \
    --dungeon "$X/lay.dgn" --names /dev/null
useless "--night in a dungeon layout" "--night does nothing when laying out a dungeon" \
    --dungeon "$X/lay.dgn" --night
useless "--max-steps in a dungeon layout" "--max-steps does nothing when laying out a dungeon" \
    --dungeon "$X/lay.dgn" --max-steps 5
useless "--difficulty with --level-at" "--difficulty does nothing with --dungeon --level-at" \
    --dungeon "$X/lay.dgn" --levels "$X" --level-at 1:1 --difficulty 3
useless "--count with --level-at" "--count does nothing with --dungeon --level-at" \
    --dungeon "$X/lay.dgn" --levels "$X" --level-at 1:1 --count 3
useless "--seed with --disasm" "--seed does nothing with --disasm" \
    "$X/small.lev" --disasm --seed 4
useless "--format with --disasm" "--format does nothing with --disasm" \
    "$X/small.des" --disasm --format json
useless "--count with --disasm" "--count does nothing with --disasm" \
    "$X/small.lev" --disasm --count 3
useless "--seed with --import" "--seed does nothing with --import" \
    --import roguecloud "$X/rooms.txt" --seed 3
useless "--format with --import" "--format does nothing with --import" \
    --import roguecloud "$X/rooms.txt" --format json
useless "--room with --import asciifarm" "--room goes with --import roguecloud" \
    --import asciifarm "$X/rooms.txt" --room x
useless "--crlf without --format roguecloud" "--crlf goes with --format roguecloud" \
    "$X/small.lev" --crlf
useless "--room without --format roguecloud" "--room goes with --format roguecloud" \
    "$X/small.lev" --room r
# ... and where they act, they still do.
expect_status "levgen --level-at with --dungeon --levels: runs" 0 \
    "$LG" --dungeon "$X/lay.dgn" --levels "$X" --level-at 1:1
expect_text "levgen --level-at with --dungeon --levels: a map" "$TMPD/out" "|"
expect_status "levgen --import roguecloud --room: not a usage error" 1 \
    "$LG" --import roguecloud "$X/rooms.txt" --room nosuch
if [ -f "$X/world/u.lev" ]; then
    expect_status "levgen --format roguecloud --room --crlf: acts" 0 \
        "$LG" "$X/world/u.lev" --format roguecloud --room r --crlf
    expect_text "levgen --format roguecloud --room --crlf: the room name" "$TMPD/out" "$(printf 'r:\r')"
fi
expect_status "levgen --depth with a .lev: acts" 0 "$LG" "$X/small.lev" --depth 3

# ---- tests/bench/gen_big_des.sh writes what compiles, quickly at any
# size (its body had unknown trap names, a coordinate as a monster and
# reversed rectangles; its one-token kinds took minutes for sizes that
# are not a power of two) ----
GB=tests/bench/gen_big_des.sh
for size in 3001 20k; do
    sh "$GB" "$size" "$X/gb-body.des" body
    expect_status "gen_big_des body $size: compiles" 0 "$LC" --check "$X/gb-body.des"
done
for kind in string comment blanks; do
    sh "$GB" 3001 "$X/gb-$kind.des" "$kind"
    expect_status "gen_big_des $kind 3001: compiles" 0 "$LC" --check "$X/gb-$kind.des"
done
sh "$GB" 3001 "$X/gb-maprow.des" maprow
expect_status "gen_big_des maprow 3001: parses" 0 "$LC" --parse-only "$X/gb-maprow.des"
for kind in string comment maprow blanks; do
    timed "gen_big_des $kind 3000001: written quickly" 2 0 sh "$GB" 3000001 "$X/gb-big.des" "$kind"
    if [ "$(wc -c <"$X/gb-big.des")" -gt 3000001 ]; then
        pass "gen_big_des $kind 3000001: the size"
    else
        fail "gen_big_des $kind 3000001: the size" "$(wc -c <"$X/gb-big.des") bytes"
    fi
done
rm -f "$X/gb-big.des"
