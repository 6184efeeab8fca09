# t_world.sh - whole dungeons: levgen --dungeon FILE --levels DIR --all.
# For our dat/ dungeon and (with $SHARED) the UnNetHack corpus, seeds 1..N
# (N = SPLEV_WORLD_SEEDS, default 20, as issue 10 asks; make check-asan
# uses 3, make check-valgrind 2):
# every level generates; on every level the up stair reaches the down stair
# and every branch stair or portal by walking, except on the file levels
# whose own design cuts them off (listed below and in doc/world.md);
# branch levels carry their branch, the others none; the same seed gives
# the same bytes;
# --level-at gives the level of the full run; the HTML page is well-formed
# with one SVG per level.
WORLD_DIR=$TMPD/world
mkdir -p "$WORLD_DIR"

# Levels whose design keeps a stair out of reach on foot: water, lava or
# walls one crosses by other means (levitation, digging, teleport).  Only
# the levels seen blocked over seeds 1..60 (doc/world.md says why each).
WORLD_DESIGN_DAT=''
WORLD_DESIGN_CORPUS='medusa-1 medusa-2 medusa-3 medusa-4 medufill juiblex
hellfill sheolfil sheolmid palace_f townfill-1 wizard3 drgnC valley-2'

# Levels where only a stair inside a sealed part may be cut off, as
# FILE:X1,Y1,X2,Y2 areas (both flips listed).  The stair, or the up stair
# the walk starts from, must lie in one of them.
# heck-c-4: the MAPs at GEOMETRY left,top and left,bottom are sealed 5x3
# rooms.  Their one STONE cell, meant as a maze cell for MAZEWALK to open,
# falls on column 1 because a left-justified MAP starts at x = 1 after an
# INIT_MAP (SEMANTICS 7.3), and the maze walk never goes below x = 3
# (8.4).  The level's stair regions (1,0,79,10) and (1,11,79,20) cover
# them, and level regions take any floor cell (8.15): the game puts a
# stair there too, one to dig to.
WORLD_SEALED_CORPUS='heck-c-4:1,3,5,5 heck-c-4:1,17,5,19
heck-c-4:74,3,78,5 heck-c-4:74,17,78,19'

# world_sealed FILE LINE AREAS: 0 when LINE's cut-off stair or its start
# lies in one of FILE's AREAS
world_sealed() {
    echo "$2" | awk -v file="$1" -v areas="$3" '{
        s = $0
        sub(/.*BLOCKED: /, "", s)
        gsub(/[^0-9]+/, " ", s)
        if (split(s, v, " ") != 4) exit 1
        n = split(areas, a, /[ \n]+/)
        for (i = 1; i <= n; i++) {
            if (index(a[i], file ":") != 1) continue
            split(substr(a[i], length(file) + 2), b, ",")
            for (j = 1; j <= 3; j += 2)
                if (v[j] + 0 >= b[1] + 0 && v[j] + 0 <= b[3] + 0 &&
                    v[j + 1] + 0 >= b[2] + 0 && v[j + 1] + 0 <= b[4] + 0)
                    exit 0
        }
        exit 1
    }'
}

# world_check NAME DUNGEON LEVDIR DESIGN-LIST [SEALED-AREAS]
world_check() {
    w_name=$1 w_dgn=$2 w_lev=$3 w_design=$4 w_sealed=${5:-}
    for seed in $(seq 1 "${SPLEV_WORLD_SEEDS:-20}"); do
        out=$WORLD_DIR/$w_name-$seed
        run "$BIN/levgen" --dungeon "$w_dgn" --levels "$w_lev" --seed "$seed" \
            --all --out "$out"
        if [ "$RC" -ne 0 ] || crashed; then
            fail "world $w_name seed $seed: every level" "status $RC" \
                "$(grep -v 'reach ok' "$TMPD/out" | head -3)$(head -3 "$TMPD/err")"
            continue
        fi
        cp "$TMPD/out" "$out.sum"
        n=$(grep -c ' depth ' "$out.sum")
        if tail -1 "$out.sum" | grep -q "^$n levels, 0 failed\$" && [ "$n" -gt 5 ]; then
            pass "world $w_name seed $seed: $n levels"
        else
            fail "world $w_name seed $seed: every level" "$(tail -1 "$out.sum")"
        fi
        # blocked levels: only file levels of the design list
        bad=$(grep 'BLOCKED' "$out.sum" | while read -r line; do
            set -- $line
            src=$(echo "$line" | sed 's/.*depth *[0-9]* *//' | cut -d' ' -f1)
            file=$(echo "$line" | sed 's/.*depth *[0-9]* *[a-z]* *//' | cut -d' ' -f1)
            case " $(echo $w_design) " in
            *" $file "*) [ "$src" = special ] || [ "$src" = filler ] ||
                         echo "$line" ;;
            *) world_sealed "$file" "$line" "$w_sealed" || echo "$line" ;;
            esac
        done)
        if [ -z "$bad" ]; then
            pass "world $w_name seed $seed: stairs reachable ($(grep -c BLOCKED "$out.sum") by design)"
        else
            fail "world $w_name seed $seed: stairs reachable" "$bad"
        fi
        # branch levels carry their branch and no other level has one:
        # branch N/M with N = M (a BRANCH region on a level without a
        # branch places nothing)
        short=$(sed -n 's/.* branch \([0-9]*\)\/\([0-9]*\) .*/\1 \2/p' "$out.sum" |
                awk '$1 != $2' | wc -l)
        if [ "$short" -eq 0 ] && grep -q ' branch [1-9]' "$out.sum"; then
            pass "world $w_name seed $seed: branch levels carry their branch, others none"
        else
            fail "world $w_name seed $seed: branches" "$short levels with a wrong count"
        fi
    done
    # same seed, same bytes (the whole dungeon as JSON)
    "$BIN/levgen" --dungeon "$w_dgn" --levels "$w_lev" --seed 3 --all \
        --format json >"$WORLD_DIR/a.json" 2>/dev/null
    "$BIN/levgen" --dungeon "$w_dgn" --levels "$w_lev" --seed 3 --all \
        --format json >"$WORLD_DIR/b.json" 2>/dev/null
    if [ -s "$WORLD_DIR/a.json" ] && cmp -s "$WORLD_DIR/a.json" "$WORLD_DIR/b.json"; then
        pass "world $w_name: same seed, same bytes"
    else
        fail "world $w_name: same seed, same bytes" "the two runs differ"
    fi
    if command -v python3 >/dev/null 2>&1; then
        run python3 -c 'import sys, json
d = json.load(open(sys.argv[1]))
assert len(d["levels"]) > 5 and all(x["map"] for x in d["levels"])' \
            "$WORLD_DIR/a.json"
        if [ "$RC" -eq 0 ]; then
            pass "world $w_name: the json document parses"
        else
            fail "world $w_name: json" "$(tail -2 "$TMPD/err")"
        fi
    fi
    # --level-at gives the level of the full run (text), for a few levels
    ok=0 tried=0
    for f in "$WORLD_DIR/$w_name-2"/*.txt; do
        tried=$((tried + 1))
        [ $((tried % 7)) -eq 1 ] || continue
        b=$(basename "$f" .txt)
        lvl=${b##*-}
        ledger=${b%%-*}
        dname=$(grep "^ *$(expr "$ledger" + 0) " "$WORLD_DIR/$w_name-2.sum" |
                sed 's/^ *[0-9]*  //; s/  *[0-9]*  depth.*//')
        "$BIN/levgen" --dungeon "$w_dgn" --levels "$w_lev" --seed 2 \
            --level-at "$dname:$lvl" >"$WORLD_DIR/one.txt" 2>"$WORLD_DIR/one.err"
        if cmp -s "$f" "$WORLD_DIR/one.txt"; then
            ok=$((ok + 1))
        else
            fail "world $w_name: --level-at $dname:$lvl" \
                "differs from the full run" "$(head -2 "$WORLD_DIR/one.err")"
            ok=-999
        fi
    done
    [ "$ok" -gt 0 ] && pass "world $w_name: --level-at reproduces $ok levels"
    # the page: well-formed, one SVG and one link per level
    "$BIN/levgen" --dungeon "$w_dgn" --levels "$w_lev" --seed 1 --all \
        --format html -o "$WORLD_DIR/$w_name.html" 2>/dev/null
    n=$(grep -c ' depth ' "$WORLD_DIR/$w_name-1.sum")
    if command -v python3 >/dev/null 2>&1; then
        run python3 -c 'import sys, xml.etree.ElementTree as E
r = E.parse(sys.argv[1]).getroot()
svgs = r.findall(".//{http://www.w3.org/2000/svg}svg")
links = [a for a in r.iter("a") if a.get("href", "").startswith("#L")]
secs = [s for s in r.iter("section") if s.get("id", "").startswith("L")]
n = int(sys.argv[2])
assert len(svgs) == n and len(links) == n and len(secs) == n, \
    (len(svgs), len(links), len(secs), n)' "$WORLD_DIR/$w_name.html" "$n"
        if [ "$RC" -eq 0 ]; then
            pass "world $w_name: html page well-formed, $n maps"
        else
            fail "world $w_name: html page" "$(tail -2 "$TMPD/err")"
        fi
    else
        c=$(grep -c '<svg ' "$WORLD_DIR/$w_name.html")
        if [ "$c" -eq "$n" ]; then
            pass "world $w_name: html page, $n maps"
        else
            fail "world $w_name: html page" "$c maps for $n levels"
        fi
    fi
}

world_check dat "$BUILD/dat/dungeon" "$BUILD/dat" "$WORLD_DESIGN_DAT"

if [ -d "$SHARED/corpus/unnethack" ]; then
    mkdir -p "$WORLD_DIR/corpus"
    "$BIN/lev_comp" -o "$WORLD_DIR/corpus" "$SHARED"/corpus/unnethack/*.des \
        >/dev/null 2>&1
    "$BIN/dgn_comp" -o "$WORLD_DIR/corpus/dungeon" \
        "$SHARED/corpus/unnethack/dungeon.def" >/dev/null 2>&1
    world_check corpus "$WORLD_DIR/corpus/dungeon" "$WORLD_DIR/corpus" \
        "$WORLD_DESIGN_CORPUS" "$WORLD_SEALED_CORPUS"
else
    skip "world corpus" "no \$SHARED/corpus/unnethack"
fi
