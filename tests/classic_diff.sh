#!/bin/sh
# classic-diff.sh - differential test of lev_comp --target unnethack|
# nethack36 against the games' own compilers: writes N random (valid)
# des-files, compiles each with both, and reports every file whose
# outputs differ (kept in the work directory for a look).
#
#   tests/classic_diff.sh [-g un|nh] [-n N] [-s SEED] [-k DIR]
#   tests/classic_diff.sh [-g un|nh] -p -s SEED     (print one file)
#
# Needs ../shared/oracle and a built build/bin/lev_comp.  Exit status 1
# when some file differs.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
G=un N=50 SEED=1 KEEP= PRINT=
while getopts g:n:s:k:p o; do
    case $o in
    g) G=$OPTARG ;; n) N=$OPTARG ;; s) SEED=$OPTARG ;; k) KEEP=$OPTARG ;;
    p) PRINT=1 ;;
    *) exit 2 ;;
    esac
done
ORC=$TOP/../shared/oracle/unnethack T=unnethack
[ "$G" = nh ] && ORC=$TOP/../shared/oracle/nethack36 T=nethack36
[ -x "$ORC/lev_comp" ] || { echo "no oracle in $ORC" >&2; exit 2; }

# gen SEED: one des-file on stdout.
gen() {
    awk -v seed="$1" -v game="$G" '
    function r(n) { return int(rand() * n) }
    function pick(s,   a, n) { n = split(s, a, "|"); return a[r(n) + 1] }
    function coord() {
        if (r(6) == 0) return "random"
        return "(" r(70) "," r(20) ")"
    }
    function region(   x, y) {
        x = r(60); y = r(15)
        return "(" x "," y "," x + r(10) "," y + r(5) ")"
    }
    function mapchar() {
        if (r(3) == 0) return "(\x27" pick(".|#|T|L|P|}") "\x27," pick("lit|unlit|random") ")"
        return "\x27" pick(".|-|#|T|L|P|}|F|I|W|x| ") "\x27"
    }
    function sel(d) {
        if (d > 2) return coord()
        k = r(9)
        if (k == 0) return "rect " region()
        if (k == 1) return "fillrect " region()
        if (k == 2) return "grow(" sel(d + 1) ")"
        if (k == 3) return "filter(" r(100) "%, " sel(d + 1) ")"
        if (k == 4) return "circle(" coord() ", " r(6) ")"
        if (k == 5) return "floodfill " coord()
        if (k == 6 && game == "un") return sel(d + 1) " & " sel(d + 1)
        if (k == 7) return "complement " sel(d + 1)
        return coord()
    }
    function intexpr(d) {
        k = r(5)
        if (d > 1 || k == 0) return r(20)
        if (k == 1) return r(3) + 1 "d" r(6) + 1
        if (k == 2) return intexpr(d + 1) " + " intexpr(d + 1)
        if (k == 3) return intexpr(d + 1) " * " intexpr(d + 1)
        return "$n"
    }
    function monster() {
        return pick("\"newt\"|\x27a\x27|random|(\x27d\x27,\"jackal\")|\"soldier\"")
    }
    function object() {
        return pick("\"dagger\"|\x27)\x27|random|(\x27(\x27,\"chest\")|\"ruby\"")
    }
    function stmt(d,   k) {
        k = r(31)
        if (k == 24 && d < 1) return "ROOM: \"" pick("ordinary|zoo|temple") "\", " pick("lit|unlit|random") ", " pick("random|(" r(5) + 1 "," r(5) + 1 ")") ", " pick("random|(" pick("left|center|right") "," pick("top|center|bottom") ")") ", " pick("random|(" r(5) + 1 "," r(4) + 1 ")") pick("|, unfilled|, filled, irregular") " {\n" pick("|SUBROOM: \"ordinary\", lit, (" r(2) "," r(2) "), (2,2) {\n" stmt(2) "\n}\n") stmt(2) "\n}"
        if (k == 25 && d < 2) return "CONTAINER: " pick("\"chest\"|(\x27(\x27,\"sack\")") ", " coord() " {\n" pick("OBJECT: \"ruby\"|OBJECT: \x27*\x27, " r(3)) "\n" pick("|BREAK") "\n}"
        if (k == 26 && d < 2) return "MONSTER: " monster() ", " coord() " {\nOBJECT: " object() "\n}"
        if (k == 27 && d < 2) return "FOR $i = " intexpr(1) " TO " intexpr(1) " {\n" stmt(d + 1) "\n}"
        if (k == 28) return "$a = { " intexpr(1) ", " intexpr(1) ", " intexpr(1) " }\nSHUFFLE: $a\nGOLD: $a[" r(3) "], " coord()
        if (k == 29) return "$c = { " coord() ", " coord() " }\nOBJECT: " object() ", $c[" r(2) "]"
        if (k == 30) return "GEOMETRY: " pick("left|center|right|half-left") "," pick("top|center|bottom") "\nMAP\n" pick("..|-|..T") "\n" pick(".{.|P|LL") "\nENDMAP"
        if (k == 0) return "TERRAIN: " sel(0) ", " mapchar()
        if (k == 1) return "MONSTER: " monster() ", " coord() pick("|, peaceful|, asleep|, \"Bob\"|, hostile, awake")
        if (k == 2) return "OBJECT: " object() ", " coord() pick("|, blessed|, cursed, 3|, quantity:" intexpr(0) "|, buried")
        if (k == 3) return "TRAP: " pick("\"pit\"|\"web\"|random") ", " coord()
        if (k == 4) return "DOOR: " pick("open|closed|locked|random|nodoor") ", " coord()
        if (k == 5) return "ALTAR: " coord() ", " pick("law|chaos|neutral|noalign|random") ", " pick("altar|shrine|random")
        if (k == 6) return "GOLD: " intexpr(0) ", " coord()
        if (k == 7) return "ENGRAVING: " coord() ", " pick("dust|burn|random") ", \"x" r(99) "\""
        if (k == 8) return "FOUNTAIN: " sel(0)
        if (k == 9) return "REGION: " region() ", " pick("lit|unlit|random") ", \"" pick("ordinary|zoo|morgue|throne") "\"" pick("|, unfilled|, filled, irregular")
        if (k == 10) return "MESSAGE: \"m" r(99) "\""
        if (k == 11 && d < 2) return "IF [" r(100) "%] {\n" stmt(d + 1) "\n}" pick("| ELSE {\n" stmt(d + 1) "\n}")
        if (k == 12 && d < 2) return "LOOP [" intexpr(0) "] {\n" stmt(d + 1) "\n}"
        if (k == 13 && d < 1) return "SWITCH [" r(4) + 1 "] {\nCASE 0:\n" stmt(d + 1) "\nCASE 1:\n" stmt(d + 1) "\nBREAK\n" pick("|DEFAULT:\n" stmt(d + 1)) "\n}"
        if (k == 14) return "$n = " intexpr(1)
        if (k == 15 && d < 2) return "[" r(100) "%]: " stmt(2)
        if (k == 16) return "NON_DIGGABLE: " region()
        if (k == 17) return "STAIR: " coord() ", " pick("up|down")
        if (k == 18) return "WALLIFY"
        if (k == 19) return "MAZEWALK: " coord() ", " pick("north|south|east|west")
        if (k == 20) return "MINERALIZE"
        if (k == 21) return "REPLACE_TERRAIN: " region() ", " mapchar() ", " mapchar() ", " r(100) "%"
        if (k == 22) return "GRAVE: " coord() pick("|, \"here\"|, random")
        return "DRAWBRIDGE: " coord() ", " pick("north|south|east|west") ", " pick("open|closed|random")
    }
    BEGIN {
        srand(seed)
        print "LEVEL:\"rnd\""
        if (r(2)) print "FLAGS: " pick("noteleport|hardfloor|mazelevel|premapped")
        print "INIT_MAP: solidfill, \x27 \x27"
        print "$n = " r(9)
        n = 5 + r(20)
        for (i = 0; i < n; i++) print stmt(0)
    }'
}

if [ -n "$PRINT" ]; then
    gen "$SEED"
    exit 0
fi
W=${KEEP:-$(mktemp -d "${TMPDIR:-/tmp}/classic-diff.XXXXXX")}
mkdir -p "$W"
bad=0 same=0 skipped=0
i=0
while [ "$i" -lt "$N" ]; do
    s=$((SEED + i))
    i=$((i + 1))
    f=$W/r$s.des
    gen "$s" >"$f"
    mkdir -p "$W/a$s" "$W/b$s"
    if ! (cd "$W/a$s" && "$ORC/lev_comp" "$f" >/dev/null 2>&1); then
        skipped=$((skipped + 1))
        rm -rf "$W/a$s" "$W/b$s" "$f"
        continue
    fi
    "$TOP/build/bin/lev_comp" --target "$T" --game-version "$ORC/date.h" \
        -o "$W/b$s" "$f" >/dev/null 2>"$W/b$s.err"
    if cmp -s "$W/a$s/rnd.lev" "$W/b$s/rnd.lev"; then
        same=$((same + 1))
        rm -rf "$W/a$s" "$W/b$s" "$W/b$s.err" "$f"
    else
        bad=$((bad + 1))
        echo "DIFF $f"
    fi
done
echo "$same identical, $bad differ, $skipped refused by the game's compiler"
[ -n "$KEEP" ] || [ "$bad" -ne 0 ] || rmdir "$W" 2>/dev/null
[ "$bad" -eq 0 ]
