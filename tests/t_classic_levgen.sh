# t_classic_levgen.sh - levgen and the games' own compiled .lev files: every
# corpus level the UnNetHack oracle compiles is recognised and verified;
# broken files are "bad level file (reason)", exit 1, never a crash.
LEVGEN=$BIN/levgen
# Under valgrind or a sanitizer (each program call ten times slower or
# more) the corpus comparisons take every fourth level; make check takes
# them all.
SAMPLED=${SPLEV_WRAP:-}${SPLEV_SAN:-}

expect_err_text() {   # NAME WANT_STATUS TEXT CMD...
    eet_name=$1 eet_want=$2 eet_text=$3
    shift 3
    run "$@"
    if crashed || [ "$RC" -ne "$eet_want" ]; then
        fail "$eet_name" "exit status $RC, expected $eet_want" "$(head -3 "$TMPD/err")"
    elif [ "$(cat "$TMPD/err")" != "$eet_text" ]; then
        fail "$eet_name" "stderr differs:" "$(cat "$TMPD/err")"
    else
        pass "$eet_name"
    fi
}

# cl_clean GAME DES DIR: the game's lev_comp on DES in a fresh directory;
# its .lev files go to DIR when it said nothing at all (it exits 0 after
# some syntax errors, and writes what it parsed before them).
cl_clean() {
    rm -rf "$TMPD/cl-one"
    mkdir "$TMPD/cl-one"
    cl_said=$(cd "$TMPD/cl-one" && "$SHARED/oracle/$1/lev_comp" "$2" 2>&1)
    if [ -z "$cl_said" ]; then
        for cl_f in "$TMPD"/cl-one/*.lev; do
            [ -f "$cl_f" ] && mv "$cl_f" "$3/"
        done
    fi
    rm -rf "$TMPD/cl-one"
}

# cmp_levels GAMEDIR OURSDIR [K]: every game .lev of GAMEDIR (every Kth
# when $SAMPLED) that has one of ours in OURSDIR, seeds 1 to 3, text
# output compared.  Sets CMP_SAME (a count), CMP_DIFFER and CMP_FAILED
# (the files' names, each after a space; failed: exit status, crash).
cmp_levels() {
    CMP_SAME=0 CMP_DIFFER= CMP_FAILED=
    cmp_k=0
    for f in "$1"/*.lev; do
        b=$(basename "$f")
        [ -f "$2/$b" ] || continue
        cmp_k=$((cmp_k + 1))
        cmp_every=${3:-1}
        [ -n "$SAMPLED" ] || cmp_every=1
        [ $(((cmp_k - 1) % cmp_every)) -eq 0 ] || continue
        cmp_v=same
        for s in 1 2 3; do
            run "$LEVGEN" --seed $s "$f"
            if crashed || [ "$RC" -ne 0 ]; then
                cmp_v=failed
                echo "     $b seed $s: $(head -1 "$TMPD/err")"
                break
            fi
            cp "$TMPD/out" "$TMPD/game.txt"
            run "$LEVGEN" --seed $s "$2/$b"
            cmp -s "$TMPD/out" "$TMPD/game.txt" || { cmp_v=differ; break; }
        done
        case $cmp_v in
        same) CMP_SAME=$((CMP_SAME + 1)) ;;
        differ) CMP_DIFFER="$CMP_DIFFER $b" ;;
        *) CMP_FAILED="$CMP_FAILED $b" ;;
        esac
    done
}

expect_err_text "--classic needs a known game" 2 "levgen: unknown game 'nethack34' (unnethack or nethack36)
Try 'levgen --help'." "$LEVGEN" --classic nethack34 x.lev

if need_shared "the games' .lev files" && [ -x "$SHARED/oracle/unnethack/lev_comp" ]; then
    CL=$TMPD/classic-lev
    mkdir -p "$CL"
    for f in "$SHARED"/corpus/unnethack/*.des; do
        (cd "$CL" && "$SHARED/oracle/unnethack/lev_comp" "$f" >/dev/null 2>&1)
    done
    n=$(ls "$CL"/*.lev | wc -l | tr -d ' ')
    if [ "$n" -eq 304 ]; then
        pass "the UnNetHack oracle writes the 304 corpus levels"
    else
        fail "corpus levels compiled" "$n .lev files, 304 expected"
    fi
    # Mon-filb.lev carries the stale tail of the first Mon-filb (their
    # lev_comp does not truncate): read as the game reads it.
    run "$LEVGEN" --disasm "$CL/Mon-filb.lev"
    expect_text "stale tail of Mon-filb.lev is reported, not read" "$TMPD/out" \
        "; 1080 bytes after the last record (never read)"
    # Forcing the other game reads the numbers as its own: the UnNetHack
    # header is one word shorter, so the count is the record count's
    # neighbours.
    expect_err_text "oracle.lev read as nethack36" 1 \
        "levgen: $CL/oracle.lev: bad level file (record count 27021602059190313 is more than 3406 bytes can hold)" \
        "$LEVGEN" --classic nethack36 "$CL/oracle.lev"
    # Truncations: each a reason, exit 1.
    size=$(wc -c <"$CL/oracle.lev" | tr -d ' ')
    head -c 20 "$CL/oracle.lev" >"$TMPD/t1.lev"
    expect_err_text "truncated version record" 1 \
        "levgen: $TMPD/t1.lev: bad level file (truncated version record)" \
        "$LEVGEN" "$TMPD/t1.lev"
    head -c 36 "$CL/oracle.lev" >"$TMPD/t2.lev"
    expect_err_text "truncated record count" 1 \
        "levgen: $TMPD/t2.lev: bad level file (truncated record count)" \
        "$LEVGEN" "$TMPD/t2.lev"
    head -c $((size - 1)) "$CL/oracle.lev" >"$TMPD/t3.lev"
    expect_err_text "last record cut" 1 \
        "levgen: $TMPD/t3.lev: bad level file (record 280: truncated at byte 3450)" \
        "$LEVGEN" "$TMPD/t3.lev"
    # Deterministic mutations of a real file: one byte in each of 60 places
    # across the file; never a crash, and a rejection is always a reason.
    i=0 crashes=0 odd=0
    while [ $i -lt 60 ]; do
        off=$(( (i * 7919 + 13) % size ))
        cp "$CL/oracle.lev" "$TMPD/m.lev"
        printf '\377' | dd of="$TMPD/m.lev" bs=1 seek=$off conv=notrunc 2>/dev/null
        run "$LEVGEN" --disasm "$TMPD/m.lev"
        if crashed; then
            crashes=$((crashes + 1))
        elif [ "$RC" -ne 0 ] && ! grep -q ': bad level file (' "$TMPD/err"; then
            odd=$((odd + 1))
        fi
        i=$((i + 1))
    done
    if [ $crashes -eq 0 ] && [ $odd -eq 0 ]; then
        pass "60 mutated corpus files: no crash, every rejection a reason"
    else
        fail "mutated corpus files" "$crashes crashes, $odd rejections without a reason"
    fi
    # Running one: the translation into our level script, then our
    # interpreter.  Monsters and objects the file gives by their number
    # in the game's tables are named from those tables (names_tab.c).
    run "$LEVGEN" --seed 1 "$CL/oracle.lev"
    expect_text "an object by number is named from UnNetHack's table" \
        "$TMPD/out" '(35,7) ` "statue"'
    run "$LEVGEN" --seed 1 "$CL/Arc-strt.lev"
    expect_text "a monster by number is named from UnNetHack's table" \
        "$TMPD/out" '"Lord Carnarvon"'
    # Every corpus level prints exactly what our own compiled .lev of the
    # same des prints, for seeds 1, 2 and 3.  Under a wrapper, every
    # fourth level.
    OURS=$TMPD/ours-lev
    mkdir -p "$OURS"
    for f in "$SHARED"/corpus/unnethack/*.des; do
        "$BIN/lev_comp" -o "$OURS" "$f" >/dev/null 2>&1
    done
    cmp_levels "$CL" "$OURS" 4
    # The one difference: vaults.des writes montype:('@', "elvenking");
    # the game stores the monster's number, whose name in its table is
    # "Elvenking", and our level prints a name as the level gives it.
    # Apart from that spelling the two are the same.
    vlt_same=1
    for s in 1 2 3; do
        "$LEVGEN" --seed $s "$CL/vlt-0069.lev" >"$TMPD/v1" 2>&1
        "$LEVGEN" --seed $s "$OURS/vlt-0069.lev" 2>&1 |
            sed 's/montype:"elvenking"/montype:"Elvenking"/' >"$TMPD/v2"
        cmp -s "$TMPD/v1" "$TMPD/v2" || vlt_same=0
    done
    [ $vlt_same -eq 1 ] &&
        pass "vlt-0069: the same level but for the spelling of Elvenking" ||
        fail "vlt-0069" "differs beyond the spelling of Elvenking"
    if [ -n "$SAMPLED" ]; then
        [ -z "$CMP_DIFFER$CMP_FAILED" ] &&
            pass "corpus levels (every fourth) identical" ||
            fail "corpus levels" "different:$CMP_DIFFER; failed:$CMP_FAILED"
    elif [ "$CMP_SAME" -eq 303 ] && [ "$CMP_DIFFER" = " vlt-0069.lev" ] &&
         [ -z "$CMP_FAILED" ]; then
        pass "304 corpus levels: 303 print identically (seeds 1-3), vlt-0069 is the exception"
    else
        fail "UnNetHack corpus levels" "$CMP_SAME identical; different:$CMP_DIFFER; failed:$CMP_FAILED"
    fi
fi

# NetHack 3.6's files: our dialect tests' des-files compiled by its
# lev_comp, run through the translation, against the same des compiled by
# ours in the NetHack 3.6 dialect (seeds 1 to 3).
if need_shared "NetHack 3.6 .lev files" && [ -x "$SHARED/oracle/nethack36/lev_comp" ]; then
    NH=$TMPD/classic-nh
    mkdir -p "$NH/ours"
    for d in tests/dialect/run/*.des tests/dialect/disasm/*.des \
             tests/dialect/diag/region_hfs.des tests/dialect/diag/grow_nh.des \
             tests/dialect/env/mh-lava.des tests/levcomp/disasm/rooms.des \
             tests/classic/nh-align.des; do
        (cd "$NH" && "$SHARED/oracle/nethack36/lev_comp" "$OLDPWD/$d" >/dev/null 2>&1)
        "$BIN/lev_comp" --dialect nethack36 -o "$NH/ours" "$d" >/dev/null 2>&1
    done
    run "$LEVGEN" --disasm "$NH/mazegrid.lev"
    expect_text "a NetHack 3.6 file is recognised" "$TMPD/out" \
        "; nethack36 level file, version 0x3060700"
    cmp_levels "$NH" "$NH/ours"
    # One differs by design, where the game's file cannot say what our
    # compiler reads: mazeice.lev (MAZE's ICE filler, which NetHack 3.6
    # turns into STONE; we fill with ICE).
    if [ "$CMP_SAME" -eq 23 ] && [ "$CMP_DIFFER" = " mazeice.lev" ] &&
       [ -z "$CMP_FAILED" ]; then
        pass "NetHack 3.6 test files: 23 of 24 identical (seeds 1-3), mazeice by design"
    else
        fail "NetHack 3.6 test files" "$CMP_SAME identical; different:$CMP_DIFFER; failed:$CMP_FAILED"
    fi

    # The UnNetHack corpus one level a file (each with its file's lines
    # before the first level), as NetHack 3.6's lev_comp compiles it: a
    # syntax error ends its parse of the whole file, so most of the corpus
    # files give it nothing whole.  The levels it compiles without an
    # error are NetHack 3.6 levels.
    NS=$TMPD/classic-nh-split
    mkdir -p "$NS/des" "$NS/game" "$NS/ours"
    for f in "$SHARED"/corpus/unnethack/*.des; do
        awk -v out="$NS/des/$(basename "$f" .des)" '
            /^[ \t]*(LEVEL|MAZE)[ \t]*:/ { n++ }
            n == 0 { head = head $0 "\n"; next }
            { f = out "-" n ".des"; if (!(f in seen)) { printf "%s", head > f; seen[f] = 1 }
              print > f }' "$f"
    done
    for d in "$NS"/des/*.des; do
        cl_clean nethack36 "$d" "$NS/game"
        "$BIN/lev_comp" --dialect nethack36 -o "$NS/ours" "$d" >/dev/null 2>&1
    done
    n=$(ls "$NS"/game/*.lev | wc -l | tr -d ' ')
    cmp_levels "$NS/game" "$NS/ours" 4
    # (asmod-2 is left out: its REGIONs are "lemurepit", a room type
    # NetHack 3.6 does not have; its lev_comp warns and makes them
    # ordinary, where our NetHack 3.6 dialect keeps the type.)
    if [ -n "$SAMPLED" ]; then
        [ -z "$CMP_DIFFER$CMP_FAILED" ] && pass "NetHack 3.6 corpus levels (every fourth) identical" ||
            fail "NetHack 3.6 corpus levels" "different:$CMP_DIFFER; failed:$CMP_FAILED"
    elif [ "$n" -eq 55 ] && [ "$CMP_SAME" -eq 55 ] && [ -z "$CMP_DIFFER$CMP_FAILED" ]; then
        pass "NetHack 3.6 corpus: 55 of 55 levels identical (seeds 1-3)"
    else
        fail "NetHack 3.6 corpus levels" "$n compiled; $CMP_SAME identical; different:$CMP_DIFFER; failed:$CMP_FAILED"
    fi
    # tests/classic: one small des-file per construct and quirk of the
    # games' compilers, each compiled by its game's lev_comp (where it says
    # nothing: un-rooms.des and nh-spill.des are left out) and by ours.  Exceptions, where the file cannot say what
    # the des-file says: cl-sel's circle and ellipse without filled or
    # unfilled (the game writes 1 for them, as for filled; ours draws an
    # outline, as the game does), cl-nh3 and cl-nh5 (NetHack 3.6's MAZE
    # filler, as mazeice above).
    TC=$TMPD/classic-tc
    mkdir -p "$TC/un" "$TC/nh" "$TC/oun" "$TC/onh"
    for d in tests/classic/un-*.des; do
        cl_clean unnethack "$TOP/$d" "$TC/un"
        "$BIN/lev_comp" -o "$TC/oun" "$d" >/dev/null 2>&1
    done
    for d in tests/classic/nh-*.des; do
        cl_clean nethack36 "$TOP/$d" "$TC/nh"
        "$BIN/lev_comp" --dialect nethack36 -o "$TC/onh" "$d" >/dev/null 2>&1
    done
    cmp_levels "$TC/un" "$TC/oun"
    if [ "$CMP_SAME" -eq 13 ] && [ "$CMP_DIFFER" = " cl-sel.lev" ] &&
       [ -z "$CMP_FAILED" ]; then
        pass "tests/classic UnNetHack levels: 13 of 14 identical (seeds 1-3), cl-sel by design"
    else
        fail "tests/classic UnNetHack levels" "$CMP_SAME identical; different:$CMP_DIFFER; failed:$CMP_FAILED"
    fi
    cmp_levels "$TC/nh" "$TC/onh"
    if [ "$CMP_SAME" -eq 5 ] && [ "$CMP_DIFFER" = " cl-nh3.lev cl-nh5.lev" ] &&
       [ -z "$CMP_FAILED" ]; then
        pass "tests/classic NetHack 3.6 levels: 5 of 7 identical (seeds 1-3), cl-nh3 and cl-nh5 by design"
    else
        fail "tests/classic NetHack 3.6 levels" "$CMP_SAME identical; different:$CMP_DIFFER; failed:$CMP_FAILED"
    fi
fi
