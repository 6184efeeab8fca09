# t_classic_levgen.sh - levgen and the games' own compiled .lev files: every
# corpus level the UnNetHack oracle compiles is recognised and verified;
# broken files are "bad level file (reason)", exit 1, never a crash.
LEVGEN=$BIN/levgen

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
    # interpreter.  Monsters given by number are named from the game's
    # names table; objects by number are not translated (the tables do not
    # follow the games' object numbering).
    NAMES=$SHARED/spec/names/unnethack.tsv
    expect_err_text "a monster by number needs --names" 1 \
        "levgen: $CL/Arc-strt.lev: unsupported classic construct: monster number 204 needs the game's names table (--names) (record 15)" \
        "$LEVGEN" --seed 1 "$CL/Arc-strt.lev"
    expect_err_text "an object by number is unsupported" 1 \
        "levgen: $CL/oracle.lev: unsupported classic construct: object number 535 (record 13)" \
        "$LEVGEN" --names "$NAMES" --seed 1 "$CL/oracle.lev"
    # Every corpus level the translation takes prints exactly what our own
    # compiled .lev of the same des prints: seed 1 for every level, seeds 2
    # and 3 as well for every fourth one that translates (all three for all
    # levels agree too; this keeps make check fast).  Under a wrapper, every
    # fourth level.
    OURS=$TMPD/ours-lev
    mkdir -p "$OURS"
    for f in "$SHARED"/corpus/unnethack/*.des; do
        "$BIN/lev_comp" --names "$NAMES" -o "$OURS" "$f" >/dev/null 2>&1
    done
    # Each level is verified first: none may be a bad level file.
    same=0 differ=0 unsup=0 other=0 k=0
    for f in "$CL"/*.lev; do
        k=$((k + 1))
        [ -n "${SPLEV_WRAP:-}" ] && [ $((k % 4)) -ne 1 ] && continue
        b=$(basename "$f")
        verdict=same
        seeds="1 2 3"
        [ $((same % 4)) -ne 0 ] && seeds=1
        for s in $seeds; do
            run "$LEVGEN" --names "$NAMES" --seed $s "$f"
            if crashed; then verdict=other; break; fi
            if [ "$RC" -ne 0 ]; then
                grep -q ': unsupported classic construct' "$TMPD/err" &&
                    verdict=unsup || verdict=other
                break
            fi
            cp "$TMPD/out" "$TMPD/classic.txt"
            run "$LEVGEN" --names "$NAMES" --seed $s "$OURS/$b"
            if ! cmp -s "$TMPD/out" "$TMPD/classic.txt"; then
                verdict=differ
                [ $differ -lt 3 ] && echo "     $b seed $s differs"
                break
            fi
        done
        case $verdict in
        same) same=$((same + 1)) ;; differ) differ=$((differ + 1)) ;;
        unsup) unsup=$((unsup + 1)) ;; *) other=$((other + 1)) ;;
        esac
    done
    if [ $differ -eq 0 ] && [ $other -eq 0 ]; then
        pass "corpus verified and translated: $same identical, $unsup unsupported, none different"
    else
        fail "corpus through the translation" "$same identical, $differ different, $other failed otherwise (a bad level file, a crash)"
    fi
    if [ -z "${SPLEV_WRAP:-}" ]; then
        if [ $same -eq 135 ]; then
            pass "135 of the 304 corpus levels translate and print identically"
        else
            fail "identical corpus levels" "$same, expected 135"
        fi
    fi
fi

# NetHack 3.6's files: our dialect tests' des-files compiled by its
# lev_comp, run through the translation, against the same des compiled by
# ours in the NetHack 3.6 dialect (seeds 1 to 3).
if need_shared "NetHack 3.6 .lev files" && [ -x "$SHARED/oracle/nethack36/lev_comp" ]; then
    NH=$TMPD/classic-nh
    NHN=$SHARED/spec/names/nethack36.tsv
    mkdir -p "$NH/ours"
    for d in tests/dialect/run/*.des tests/dialect/disasm/*.des \
             tests/dialect/diag/region_hfs.des tests/dialect/diag/grow_nh.des \
             tests/dialect/env/mh-lava.des tests/levcomp/disasm/rooms.des; do
        (cd "$NH" && "$SHARED/oracle/nethack36/lev_comp" "$OLDPWD/$d" >/dev/null 2>&1)
        "$BIN/lev_comp" --dialect nethack36 --names "$NHN" -o "$NH/ours" "$d" \
            >/dev/null 2>&1
    done
    run "$LEVGEN" --disasm "$NH/mazegrid.lev"
    expect_text "a NetHack 3.6 file is recognised" "$TMPD/out" \
        "; nethack36 level file, version 0x3060700"
    same=0 differ="" unsup=""
    for f in "$NH"/*.lev; do
        b=$(basename "$f")
        [ -f "$NH/ours/$b" ] || continue
        verdict=same
        for s in 1 2 3; do
            run "$LEVGEN" --names "$NHN" --seed $s "$f"
            if crashed || [ "$RC" -ne 0 ]; then verdict=unsup; break; fi
            cp "$TMPD/out" "$TMPD/nh.txt"
            run "$LEVGEN" --names "$NHN" --seed $s "$NH/ours/$b"
            cmp -s "$TMPD/out" "$TMPD/nh.txt" || { verdict=differ; break; }
        done
        case $verdict in
        same) same=$((same + 1)) ;;
        differ) differ="$differ $b" ;;
        *) unsup="$unsup $b" ;;
        esac
    done
    # One differs by design, where the game's file cannot say what our
    # compiler reads: mazeice.lev (MAZE's ICE filler, which NetHack 3.6
    # turns into STONE; we fill with ICE).  (A ROOM's flags no longer
    # differ: our lev_comp makes ROOMs with the games' flags too.)
    if [ $same -eq 21 ] && [ "$differ" = " mazeice.lev" ] &&
       [ "$unsup" = " same.lev" ]; then
        pass "NetHack 3.6 files: 21 identical, 1 different by design, 1 unsupported"
    else
        fail "NetHack 3.6 files" "$same identical; different:$differ; unsupported:$unsup"
    fi
fi
