# t_hardening.sh - nothing lost on failure, and the bad-input regression
# items of issue 8 that apply to dgn_comp (and, through the unit program
# test_hardening, to the .lev and dungeon script loaders).
DGN=$BIN/dgn_comp
H=$TMPD/hard
rm -rf "$H"
mkdir -p "$H"

# no_tmp_left NAME DIR: no temporary output file remains in DIR.
no_tmp_left() {
    if ls -a "$2" | grep -q '\.tmp'; then
        fail "$1" "temporary files left in $2:" "$(ls -a "$2" | grep '\.tmp')"
    else
        pass "$1"
    fi
}

# A dungeon.def whose script is larger than 2 KB, so that a 1-block file
# size limit cuts its write short (whatever the block size of ulimit -f).
awk 'BEGIN {
    printf "DUNGEON: \"The Dungeons of Doom\" \"D\" (32, 0)\n"
    for (l = 1; l <= 30; l++)
        printf "LEVEL: \"level%02dabcdefg\" \"none\" @ (%d, 0)\n", l, l
    for (d = 1; d < 16; d++)
        printf "BRANCH: \"Branch dungeon %02d\" @ (%d, 0)\n", d, d
    for (d = 1; d < 16; d++) {
        printf "DUNGEON: \"Branch dungeon %02d\" \"%c\" (4, 0)\n", d, 96 + d
        printf "LEVEL: \"bottom%02dabcdef\" \"none\" @ (-1, 0)\n", d
    }
}' >"$H/big.def"
run "$DGN" -o "$H/big.ref" "$H/big.def"
size=$(cat "$H/big.ref" 2>/dev/null | wc -c)
if [ "$RC" -eq 0 ] && [ "$size" -gt 2048 ]; then
    pass "big.def compiles to more than 2 KB"
else
    fail "big.def compiles to more than 2 KB" "status $RC, $size bytes" "$(head -3 "$TMPD/err")"
fi

# ---- a file-size limit (SIGXFSZ): clear error, exit 1, old output kept ----
# (A limit of 0 blocks cannot be tested this way: the diagnostics go to a
# file too, and writing them would raise SIGXFSZ.)
# ulimit_run N CMD...: CMD under a file-size limit of N blocks.
ulimit_run() {
    lim=$1
    shift
    run /bin/sh -c 'ulimit -f "$0" && exec "$@"' "$lim" "$@"
}
mkdir -p "$H/fsz"
cp dat/dungeon.def "$H/fsz/old.def"
"$DGN" -o "$H/fsz/out" "$H/fsz/old.def" 2>/dev/null
cp "$H/fsz/out" "$H/fsz/out.before"
for lim in 1; do
    ulimit_run $lim "$DGN" -o "$H/fsz/out" "$H/big.def"
    if crashed; then
        fail "ulimit -f $lim: no signal death" "status $RC (SIGXFSZ?)" "$(head -3 "$TMPD/err")"
    elif [ "$RC" -ne 1 ]; then
        fail "ulimit -f $lim: exit 1" "status $RC"
    else
        pass "ulimit -f $lim: exit 1"
    fi
    expect_text "ulimit -f $lim: says why" "$TMPD/err" "out: error: write error: File too large"
    expect_same "ulimit -f $lim: old output byte-identical" "$H/fsz/out" "$H/fsz/out.before"
    no_tmp_left "ulimit -f $lim: no temporary file left" "$H/fsz"
done
# A new output under the limit: nothing at all is left.
ulimit_run 1 "$DGN" -o "$H/fsz/new" "$H/big.def"
expect_no_file "ulimit -f 1: no partial new output" "$H/fsz/new"
no_tmp_left "ulimit -f 1: no temporary file for a new output" "$H/fsz"

# ---- a full disk: a small tmpfs filled up (needs mount; root) ----
mkdir -p "$H/full"
if mount -t tmpfs -o size=16k splev-test "$H/full" 2>/dev/null; then
    "$DGN" -o "$H/full/out" dat/dungeon.def 2>/dev/null
    cp "$H/full/out" "$H/fsz/full.before"
    dd if=/dev/zero of="$H/full/filler" bs=1024 count=64 2>/dev/null
    run "$DGN" -o "$H/full/out" "$H/big.def"
    if crashed || [ "$RC" -ne 1 ]; then
        fail "full disk: exit 1" "status $RC" "$(head -3 "$TMPD/err")"
    else
        pass "full disk: exit 1"
    fi
    expect_text "full disk: says why" "$TMPD/err" "out: error: write error: No space left on device"
    expect_same "full disk: old output byte-identical" "$H/full/out" "$H/fsz/full.before"
    no_tmp_left "full disk: no temporary file left" "$H/full"
    umount "$H/full"
else
    skip "full disk" "cannot mount a tmpfs here"
fi

# ---- an unwritable output directory ----
: >"$H/plainfile"
run "$DGN" -o "$H/plainfile/x.dgn" dat/dungeon.def
if crashed || [ "$RC" -ne 1 ]; then
    fail "output under a plain file: exit 1" "status $RC"
else
    pass "output under a plain file: exit 1"
fi
expect_text "output under a plain file: says why" "$TMPD/err" \
    "plainfile/x.dgn: error: cannot create output: Not a directory"
# Root ignores permission bits, so a read-only bind mount stands in for an
# unwritable directory.
mkdir -p "$H/ro"
"$DGN" -o "$H/ro/out" dat/dungeon.def 2>/dev/null
cp "$H/ro/out" "$H/ro.before"
if [ "$(id -u)" != 0 ]; then
    chmod 555 "$H/ro"
    ro_ok=1
elif mount --bind "$H/ro" "$H/ro" 2>/dev/null; then
    if mount -o remount,bind,ro "$H/ro" 2>/dev/null; then ro_ok=1; else ro_ok=; fi
else
    ro_ok=
fi
if [ -n "$ro_ok" ]; then
    run "$DGN" -o "$H/ro/out" "$H/big.def"
    if crashed || [ "$RC" -ne 1 ]; then
        fail "read-only directory: exit 1" "status $RC"
    else
        pass "read-only directory: exit 1"
    fi
    expect_text "read-only directory: says why" "$TMPD/err" "out: error: cannot create output:"
    expect_same "read-only directory: old output byte-identical" "$H/ro/out" "$H/ro.before"
    no_tmp_left "read-only directory: no temporary file left" "$H/ro"
else
    skip "read-only directory" "cannot make a read-only directory here"
fi
umount "$H/ro" 2>/dev/null
chmod 755 "$H/ro" 2>/dev/null

# ---- an interrupted compile: SIGTERM and SIGHUP keep the old output
# (checked on a large input so that the signal lands during the work) ----
awk 'BEGIN { for (i = 0; i < 400000; i++) printf "# padding line %d of a long comment block\n", i;
             print "DUNGEON: \"Main\" \"M\" (5, 0)" }' >"$H/slow.def"
for sig in TERM HUP; do
    cp "$H/ro.before" "$H/sig.out"
    "$DGN" -o "$H/sig.out" "$H/slow.def" 2>/dev/null &
    pid=$!
    sleep 0.05 2>/dev/null || sleep 1
    kill -$sig $pid 2>/dev/null
    wait $pid 2>/dev/null
    if cmp -s "$H/sig.out" "$H/ro.before"; then
        pass "SIG$sig: old output byte-identical or fully replaced"
    else
        "$DGN" -o "$H/sig.want" "$H/slow.def" 2>/dev/null
        expect_same "SIG$sig: old output byte-identical or fully replaced" "$H/sig.out" "$H/sig.want"
    fi
    no_tmp_left "SIG$sig: no temporary file left" "$H"
done

# ---- bad input: exact diagnostic, exit 1, nothing written ----
# bad_dgn NAME FILE TEXT: dgn_comp rejects FILE saying TEXT, writes nothing.
bad_dgn() {
    rm -f "$H/bad.out"
    run "$DGN" -o "$H/bad.out" "$2"
    if crashed || [ "$RC" -ne 1 ]; then
        fail "$1: exit 1" "status $RC" "$(head -3 "$TMPD/err")"
    else
        pass "$1: exit 1"
    fi
    expect_text "$1: diagnostic" "$TMPD/err" "$3"
    expect_no_file "$1: nothing written" "$H/bad.out"
}
awk 'BEGIN { for (i = 0; i < 1048576; i++) printf "w"; print "" }' >"$H/token-word.def"
w64=$(awk 'BEGIN { for (i = 0; i < 64; i++) printf "w" }')
bad_dgn "1 MB word" "$H/token-word.def" "token-word.def:1:1: error: unknown word '$w64...'"
if [ "$(wc -c <"$TMPD/err")" -lt 2000 ]; then
    pass "1 MB word: the message shows its start only"
else
    fail "1 MB word: the message shows its start only" "$(wc -c <"$TMPD/err") bytes of diagnostics"
fi
# Past the error limit the scanner no longer looks for suggestions: 4 MB of
# unknown words used to take seconds of edit-distance searches.
awk 'BEGIN { for (i = 0; i < 500000; i++) printf "abcdefg "; print "" }' >"$H/words.def"
t0=$(date +%s)
bad_dgn "4 MB of unknown words" "$H/words.def" "words.def: error: too many errors, stopping"
t1=$(date +%s)
if [ -n "${SPLEV_WRAP:-}" ] || [ $((t1 - t0)) -le 10 ]; then
    pass "4 MB of unknown words: rejected within 10 s"
else
    fail "4 MB of unknown words: rejected within 10 s" "took $((t1 - t0)) s"
fi
awk 'BEGIN { for (i = 0; i < 1048576; i++) printf "7"; print "" }' >"$H/token-num.def"
bad_dgn "1 MB number" "$H/token-num.def" "token-num.def:1:1: error: number 7777777"
awk 'BEGIN { printf "DUNGEON: \""; for (i = 0; i < 1048576; i++) printf "s"; print "\" \"M\" (1, 0)" }' >"$H/token-str.def"
bad_dgn "1 MB string" "$H/token-str.def" "is 1048576 characters long (at most 23)"
awk 'BEGIN { srand(11); for (i = 0; i < 65536; i++) printf "%c", int(rand() * 256) }' \
    >"$H/garbage.def" 2>/dev/null
bad_dgn "binary garbage" "$H/garbage.def" "garbage.def:1:"
: >"$H/empty.def"
bad_dgn "empty file" "$H/empty.def" "empty.def: error: no DUNGEON is defined"
printf '# nothing but comments\n\n   # and blanks\n' >"$H/comments.def"
bad_dgn "comment-only file" "$H/comments.def" "comments.def: error: no DUNGEON is defined"
printf 'DUNGEON: "A" "A" (1, 0)\000\n' >"$H/nul.def"
bad_dgn "NUL byte" "$H/nul.def" "nul.def:1:24: error: NUL byte in the input"
printf 'DUNGEON: "A" "A" (1, 0)\n\200\n' >"$H/x80.def"
bad_dgn "byte 0x80" "$H/x80.def" "x80.def:2:1: error: byte 0x80 outside a string (only ASCII is allowed here)"
printf 'DUNGEON: "A" "A" (1, 0)\n  \377\n' >"$H/xff.def"
bad_dgn "byte 0xFF" "$H/xff.def" "xff.def:2:3: error: byte 0xff outside a string (only ASCII is allowed here)"
printf 'DUNGEON: "A\351" "A" (1, 0)\n' >"$H/hibyte-str.def"
bad_dgn "byte 0xE9 in a name" "$H/hibyte-str.def" "hibyte-str.def:1:10: error: dungeon name may only hold printable ASCII characters"
printf 'DUNGEON: "A" "A" (1, 0)\nLEVEL: "oracle\n' >"$H/unterminated.def"
bad_dgn "unterminated string" "$H/unterminated.def" \
    "unterminated.def:2:8: error: unterminated string (a string ends on the line it starts)"
printf 'DUNGEON: "A" "A" (1, 0)\nLEVEL: "oracle" "O" @ (5' >"$H/unfinished.def"
bad_dgn "statement cut at the end of the file" "$H/unfinished.def" "unfinished.def:2:"

# 10,000 dungeons: the limit error, fast.
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "DUNGEON: \"D%d\" \"%c\" (1, 0)\n", i, 65 + i % 26 }' \
    >"$H/many.def"
t0=$(date +%s)
bad_dgn "10000 dungeons" "$H/many.def" "many.def:17:1: error: too many dungeons (at most 16)"
t1=$(date +%s)
if [ $((t1 - t0)) -le 5 ]; then
    pass "10000 dungeons: rejected within 5 s"
else
    fail "10000 dungeons: rejected within 5 s" "took $((t1 - t0)) s"
fi
expect_text "10000 dungeons: stops at the error limit" "$TMPD/err" \
    "many.def: error: too many errors, stopping"

# A 4,000-character output path: a clear error, nothing written.
long=$(awk 'BEGIN { for (i = 0; i < 800; i++) printf "abcd/"; }')
run "$DGN" -o "$H/$long.dgn" dat/dungeon.def
if crashed || [ "$RC" -ne 1 ]; then
    fail "4000-character output path: exit 1" "status $RC"
else
    pass "4000-character output path: exit 1"
fi
expect_text "4000-character output path: says why" "$TMPD/err" "error: cannot create output:"
no_tmp_left "bad input: no temporary file left" "$H"

# '%' in names is data, never a format: the names come out as written.
printf 'DUNGEON: "%%s%%n%%x%%d" "D" (5, 0)\nLEVEL: "oracle" "none" @ (2, 0)\nBRANCH: "%%p%%n" @ (3, 0)\nDUNGEON: "%%p%%n" "P" (2, 0)\n' \
    >"$H/pct.def"
expect_status "%-format names: dgn_comp --dump" 0 "$DGN" --dump "$H/pct.def"
expect_text "%-format names: dump shows them" "$TMPD/out" 'dungeon 0 "%s%n%x%d"'
expect_status "%-format names: compile" 0 "$DGN" -o "$H/pct.dgn" "$H/pct.def"
expect_status "%-format names: levgen text" 0 "$BIN/levgen" --dungeon "$H/pct.dgn"
expect_text "%-format names: levgen text shows them" "$TMPD/out" "stair down to %p%n (level 1"
expect_status "%-format names: levgen json" 0 "$BIN/levgen" --dungeon "$H/pct.dgn" --format json
expect_text "%-format names: levgen json shows them" "$TMPD/out" '"name": "%s%n%x%d"'
printf 'DUNGEON: "A" "A" (1, 0)\nLEVEL: "%%n%%s" "none" @ (1, 0)\n' >"$H/pct-level.def"
bad_dgn "%-format level name" "$H/pct-level.def" \
    "pct-level.def:2:8: error: level name \"%n%s\" is not a safe file name"

# ---- lev_comp: the same guarantees for .lev files ----
# Every output is either its old content or the complete new one, and no
# temporary file is left.  dat/keep.des writes levels of 1.5 to 5.5 KB.
LC=$BIN/lev_comp
if [ -x "$LC" ]; then
    mkdir -p "$H/lcref"
    run "$LC" -o "$H/lcref" dat/keep.des
    nlev=$(ls "$H/lcref" | grep -c '\.lev$')
    if [ "$RC" -eq 0 ] && [ "$nlev" -gt 0 ]; then
        pass "lev_comp: dat/keep.des compiles ($nlev levels)"
    else
        fail "lev_comp: dat/keep.des compiles" "status $RC" "$(head -3 "$TMPD/err")"
    fi
    # lc_prepare DIR: old outputs, each "old NAME".
    lc_prepare() {
        for f in "$H"/lcref/*.lev; do
            printf 'old %s\n' "$(basename "$f")" >"$1/$(basename "$f")"
        done
    }
    # lc_check NAME DIR WHAT: exit 1, WHAT said, each output old or whole.
    lc_check() {
        if crashed || [ "$RC" -ne 1 ]; then
            fail "$1: exit 1" "status $RC" "$(head -3 "$TMPD/err")"
        else
            pass "$1: exit 1"
        fi
        expect_text "$1: says why" "$TMPD/err" "$3"
        lc_bad=
        for f in "$H"/lcref/*.lev; do
            b=$(basename "$f")
            printf 'old %s\n' "$b" >"$H/lc.old"
            cmp -s "$2/$b" "$H/lc.old" || cmp -s "$2/$b" "$f" || lc_bad="$lc_bad $b"
        done
        if [ -z "$lc_bad" ]; then
            pass "$1: every .lev is its old or its complete new content"
        else
            fail "$1: every .lev is its old or its complete new content" "partial:$lc_bad"
        fi
        no_tmp_left "$1: no temporary file left" "$2"
    }
    mkdir -p "$H/lcfsz"
    lc_prepare "$H/lcfsz"
    ulimit_run 1 "$LC" -o "$H/lcfsz" dat/keep.des
    lc_check "lev_comp ulimit -f 1" "$H/lcfsz" "write error: File too large"

    # The levels of one des-file replace their old files together: under a
    # 3 KB limit archive.lev (2.2 KB) could be written, gatehall.lev (5 KB)
    # cannot, so none of keep.des's levels changes.
    /bin/sh -c 'ulimit -f 1 && head -c 4096 /dev/zero >"$0"' "$H/blk" 2>/dev/null
    blk=$(wc -c <"$H/blk")
    small=$(wc -c <"$H/lcref/archive.lev")
    big=$(wc -c <"$H/lcref/gatehall.lev")
    if [ "$small" -lt 3072 ] && [ "$big" -gt 3072 ]; then
        mkdir -p "$H/lcall"
        lc_prepare "$H/lcall"
        ulimit_run $((3072 / blk)) "$LC" -o "$H/lcall" dat/keep.des
        lc_changed=
        for f in "$H"/lcref/*.lev; do
            b=$(basename "$f")
            printf 'old %s\n' "$b" >"$H/lc.old"
            cmp -s "$H/lcall/$b" "$H/lc.old" || lc_changed="$lc_changed $b"
        done
        if [ "$RC" -eq 1 ] && [ -z "$lc_changed" ]; then
            pass "lev_comp 3 KB limit: no level of the file is replaced"
        else
            fail "lev_comp 3 KB limit: no level of the file is replaced" \
                "status $RC, replaced:$lc_changed"
        fi
        no_tmp_left "lev_comp 3 KB limit: no temporary file left" "$H/lcall"
    else
        fail "lev_comp 3 KB limit: archive.lev under 3 KB, gatehall.lev over" \
            "$small and $big bytes"
    fi

    mkdir -p "$H/lcfull"
    if mount -t tmpfs -o size=16k splev-test "$H/lcfull" 2>/dev/null; then
        lc_prepare "$H/lcfull"
        dd if=/dev/zero of="$H/lcfull/filler" bs=1024 count=64 2>/dev/null
        run "$LC" -o "$H/lcfull" dat/keep.des
        lc_check "lev_comp full disk" "$H/lcfull" "write error: No space left on device"
        umount "$H/lcfull"
    else
        skip "lev_comp full disk" "cannot mount a tmpfs here"
    fi

    mkdir -p "$H/lcro"
    lc_prepare "$H/lcro"
    if [ "$(id -u)" != 0 ]; then
        chmod 555 "$H/lcro"
        ro_ok=1
    elif mount --bind "$H/lcro" "$H/lcro" 2>/dev/null; then
        if mount -o remount,bind,ro "$H/lcro" 2>/dev/null; then ro_ok=1; else ro_ok=; fi
    else
        ro_ok=
    fi
    if [ -n "$ro_ok" ]; then
        run "$LC" -o "$H/lcro" dat/keep.des
        lc_check "lev_comp read-only directory" "$H/lcro" "cannot create output:"
    else
        skip "lev_comp read-only directory" "cannot make a read-only directory here"
    fi
    umount "$H/lcro" 2>/dev/null
    chmod 755 "$H/lcro" 2>/dev/null

    : >"$H/lcplain"
    run "$LC" -o "$H/lcplain" dat/keep.des
    if crashed || [ "$RC" -ne 1 ]; then
        fail "lev_comp -o a plain file: exit 1" "status $RC"
    else
        pass "lev_comp -o a plain file: exit 1"
    fi
fi

# ---- lev_comp: the bad-input items of issue 8, each with its exact
# diagnostic (the first line of the report) and nothing written ----
if [ -x "$LC" ]; then
    B=$H/des
    mkdir -p "$B"
    # bad_des NAME FILE STATUS FIRSTLINE: lev_comp -o OUT FILE (run in $B,
    # so messages name FILE as given) exits STATUS, its first line of
    # diagnostics is FIRSTLINE, and OUT stays empty.
    bad_des() {
        rm -rf "$B/out"
        mkdir -p "$B/out"
        run sh -c 'cd "$1" && shift && exec "$@"' sh "$B" "$LC" -o out "$2"
        if crashed || [ "$RC" -ne "$3" ]; then
            fail "lev_comp $1: exit $3" "status $RC" "$(head -3 "$TMPD/err")"
        else
            pass "lev_comp $1: exit $3"
        fi
        if [ "$(head -1 "$TMPD/err")" = "$4" ]; then
            pass "lev_comp $1: diagnostic"
        else
            fail "lev_comp $1: diagnostic" "expected: $(printf '%s' "$4" | cut -c1-300)" \
                "got: $(head -1 "$TMPD/err" | cut -c1-300)"
        fi
        if [ -z "$(ls -A "$B/out")" ]; then
            pass "lev_comp $1: nothing written"
        else
            fail "lev_comp $1: nothing written" "$(ls -A "$B/out")"
        fi
    }
    # A message quoting a 1 MB word shows 800 bytes of its start and 200 of
    # its end around "..."; the quoted source line is cut at 200 columns.
    # cut_msg PREFIX N SUFFIX: that shortened message for a word of N x.
    cut_msg() {
        awk -v p="$1" -v n="$2" -v s="$3" 'BEGIN { x = "x";
            while (length(x) < n) x = x x; m = p substr(x, 1, n) s;
            print substr(m, 1, 800) "..." substr(m, length(m) - 199) }'
    }
    x1m=$(awk 'BEGIN { s = "x"; while (length(s) < 1048576) s = s s; printf "%s", s }')
    printf 'LEVEL:"a"\nGOLD:1,%s\n' "$x1m" >"$B/tok-word.des"
    bad_des "1 MB word" tok-word.des 1 \
        "tok-word.des:2:8: error: $(cut_msg "unknown word '" 1048576 "'")"
    if [ "$(wc -c <"$TMPD/err")" -lt 2000 ]; then
        pass "lev_comp 1 MB word: the report is short"
    else
        fail "lev_comp 1 MB word: the report is short" "$(wc -c <"$TMPD/err") bytes of diagnostics"
    fi
    printf 'LEVEL:"a"\nGOLD:1,$%s\n' "$x1m" >"$B/tok-var.des"
    bad_des "1 MB variable name" tok-var.des 1 \
        "tok-var.des:2:8: error: $(cut_msg 'variable $' 1048576 ' is used before any assignment to it')"
    awk 'BEGIN { print "LEVEL:\"big\""; print "GEOMETRY:center,center"; print "MAP"; r = "";
                 for (i = 0; i < 1000; i++) r = r "-.|.";
                 for (i = 0; i < 2600; i++) print r; print "ENDMAP" }' >"$B/bigmap.des"
    bad_des "10 MB MAP" bigmap.des 1 "bigmap.des:25:1: error: the map has 2600 rows; at most 21"
    for kind in LOOP IF FUNCTION; do
        awk -v k=$kind 'BEGIN {
            if (k != "FUNCTION") print "LEVEL:\"deep\"";
            for (i = 0; i < 500; i++)
                if (k == "LOOP") print "LOOP [2] {";
                else if (k == "IF") print "IF [50%] {";
                else printf "FUNCTION f%d() {\n", i;
            print "OBJECT:random,random";
            for (i = 0; i < 500; i++) print "}";
            if (k == "FUNCTION") print "LEVEL:\"deep\"\nf0()" }' >"$B/nest-$kind.des"
    done
    bad_des "500 nested LOOPs" nest-LOOP.des 1 \
        "nest-LOOP.des:258:6: error: more than 256 nested brackets and blocks; this is the limit"
    bad_des "500 nested IFs" nest-IF.des 1 \
        "nest-IF.des:258:4: error: more than 256 nested brackets and blocks; this is the limit"
    bad_des "500 nested FUNCTIONs" nest-FUNCTION.des 1 \
        "nest-FUNCTION.des:257:14: error: more than 256 nested brackets and blocks; this is the limit"
    # 500 FUNCTIONs calling each other compile; running them stops at the
    # call depth limit with a positioned error.
    awk 'BEGIN { print "FUNCTION f500() { OBJECT:random,random }";
                 for (i = 499; i >= 0; i--) printf "FUNCTION f%d() {\n f%d()\n}\n", i, i + 1;
                 print "LEVEL:\"calls\""; print "f0()" }' >"$B/calls.des"
    expect_status "lev_comp 500 chained FUNCTIONs compile" 0 "$LC" -o "$B" "$B/calls.des"
    expect_status "levgen 500 chained FUNCTIONs: call depth" 1 "$BIN/levgen" "$B/calls.lev"
    expect_text "levgen 500 chained FUNCTIONs: positioned error" "$TMPD/err" \
        "calls.des:1203: error: calls nested deeper than 100 (runaway recursion?)"
    printf 'LEVEL:"%%n%%s"\nOBJECT:random,random\n' >"$B/pct.des"
    bad_des "%-format level name" pct.des 1 \
        "pct.des:1:7: error: a level name may contain only a %i counter like %04i"
    awk 'BEGIN { srand(11); for (i = 0; i < 65536; i++) printf "%c", int(rand() * 256) }' \
        >"$B/garbage.des" 2>/dev/null
    bad_des "binary garbage" garbage.des 1 "garbage.des:1:1: error: non-ASCII bytes outside a string"
    expect_text "lev_comp binary garbage: stops at the error limit" "$TMPD/err" \
        "garbage.des: error: too many errors, stopping"
    : >"$B/empty.des"
    bad_des "empty file" empty.des 0 "empty.des: warning: no LEVEL in this file"
    printf '# nothing but comments\n\n   # and blanks\n' >"$B/comments.des"
    bad_des "comment-only file" comments.des 0 "comments.des: warning: no LEVEL in this file"
    printf 'LEVEL:"x"\nEXIT\000\n' >"$B/nul.des"
    bad_des "NUL byte" nul.des 1 "nul.des:2:5: error: a NUL byte in the text"
    printf 'LEVEL:"x"\n\200EXIT\n' >"$B/x80.des"
    bad_des "byte 0x80" x80.des 1 "x80.des:2:1: error: non-ASCII byte outside a string"
    printf 'LEVEL:"x"\n  \377\n' >"$B/xff.des"
    bad_des "byte 0xFF" xff.des 1 "xff.des:2:3: error: non-ASCII byte outside a string"
    printf 'LEVEL:"x"\nMESSAGE:"abc\n' >"$B/unstr.des"
    bad_des "unterminated string" unstr.des 1 "unstr.des:2:9: error: unterminated string: no closing '\"'"
    printf 'LEVEL:"x"\nGEOMETRY:center,center\nMAP\n...\n...\n' >"$B/unmap.des"
    bad_des "unterminated MAP" unmap.des 1 "unmap.des:3:1: error: MAP block without ENDMAP"
    printf 'LEVEL:"x"\nLOOP [2] {\nMESSAGE:"a"\n' >"$B/unblock.des"
    bad_des "unterminated block" unblock.des 1 \
        "unblock.des:2:10: error: this '{' is never closed"
    # A comment runs to the end of its line: one cut off by the end of the
    # file is a whole comment, and the level before it is written.
    printf 'LEVEL:"x"\nMESSAGE:"a"\n# a comment with no newline' >"$B/eofcomment.des"
    expect_status "lev_comp comment cut by the end of the file" 0 "$LC" -o "$B" "$B/eofcomment.des"
    expect_text "lev_comp comment cut by the end of the file: level written" "$B/x.lev" "SPLEV"
    printf 'INCLUDE "cyc2.des"\n' >"$B/cyc1.des"
    printf 'INCLUDE "cyc1.des"\nLEVEL:"x"\n' >"$B/cyc2.des"
    bad_des "INCLUDE cycle" cyc1.des 1 "cyc2.des:1:9: error: INCLUDE cycle: cyc1.des -> cyc2.des -> cyc1.des"
    i=0
    while [ $i -le 20 ]; do
        printf 'INCLUDE "d%d.des"\n' $((i + 1)) >"$B/d$i.des"
        i=$((i + 1))
    done
    bad_des "INCLUDE depth" d0.des 1 \
        "d16.des:1:9: error: INCLUDE files nested more than 16 deep: d0.des -> d1.des -> d2.des -> d3.des -> d4.des -> d5.des -> d6.des -> d7.des -> d8.des -> d9.des -> d10.des -> d11.des -> d12.des -> d13.des -> d14.des -> d15.des -> d16.des -> d17.des"
    # 4,000-character paths: the output directory and the input file.
    printf 'LEVEL:"ok"\nMESSAGE:"a"\n' >"$B/ok.des"
    run "$LC" -o "$B/${long%/}" "$B/ok.des"
    if crashed || [ "$RC" -ne 1 ]; then
        fail "lev_comp 4000-character output path: exit 1" "status $RC"
    else
        pass "lev_comp 4000-character output path: exit 1"
    fi
    expect_text "lev_comp 4000-character output path: says why" "$TMPD/err" \
        "lev_comp: cannot create $B/${long%/}: No such file or directory"
    bad_des "4000-character input path" "$long.des" 1 \
        "$long.des: error: cannot open: No such file or directory"
    # A script that loops forever ends with the positioned step-limit error.
    printf 'LEVEL:"forever"\nFOR $i = 1 TO 2000000000 {\n  WALLIFY\n}\n' >"$B/forever.des"
    expect_status "levgen endless loop: step limit" 1 "$BIN/levgen" "$B/forever.des"
    expect_text "levgen endless loop: positioned error" "$TMPD/err" \
        "forever.des:3: error: step limit of 10000000 reached (runaway script?)"
fi

# ---- a .lev cut at every byte offset: levgen rejects each prefix with
# the loader's reason and prints nothing ----
TINY=tests/fuzz/seeds/lev_bin/tiny.lev
tiny_len=$(wc -c <"$TINY")
n=0 cut_bad=
while [ "$n" -lt "$tiny_len" ]; do
    head -c "$n" "$TINY" >"$H/cut.lev"
    if [ "$n" -lt 64 ]; then why="truncated header"; else why="truncated file"; fi
    run "$BIN/levgen" "$H/cut.lev"
    if crashed || [ "$RC" -ne 1 ] || [ -s "$TMPD/out" ] ||
       [ "$(cat "$TMPD/err")" != "levgen: $H/cut.lev: bad level script ($why)" ]; then
        cut_bad="$cut_bad $n"
    fi
    n=$((n + 1))
done
if [ -z "$cut_bad" ]; then
    pass "levgen: tiny.lev cut at each of its $tiny_len offsets: rejected, nothing printed"
else
    fail "levgen: tiny.lev cut at every offset" "wrong at offsets:$cut_bad" "$(head -2 "$TMPD/err")"
fi
