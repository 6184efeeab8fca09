# t_names.sh - the names tables the project carries (dat/names/, built
# into the library): lev_comp checks names against the table of each
# file's dialect by default (--names FILE overrides, --names none turns
# the checks off); levgen draws a named monster with its class and picks
# random species from the table by default, for .lev and .des files alike;
# the tables are what src/names/mknames.py makes from the games' lists.
ND=tests/names
LC=$BIN/lev_comp

# ---- lev_comp: checked by default, with suggestions ----
check_diag "names typo (default table)" "$ND" typo
check_diag "names nh36 file, NetHack 3.6 table" "$ND" nh36
(cd "$ND" && ${SPLEV_WRAP:-} "$LC" --check --dialect unnethack -Wno-dialect \
    nh36.des >"$TMPD/out" 2>"$TMPD/err")
RC=$?
if [ "$RC" -eq 1 ]; then
    compare_golden "names nh36 file read as unnethack" "$TMPD/err" \
        "$ND/nh36-as-un.err"
else
    fail "names nh36 file read as unnethack" "status $RC"
fi
# without a table only the trap (a word of the language) is checked
run "$LC" --check --names none "$ND/typo.des"
if [ "$RC" -eq 1 ] && ! grep -q newtt "$TMPD/err" &&
   ! grep -q bouldr "$TMPD/err" && grep -q '"arow"' "$TMPD/err"; then
    pass "names --names none: names unchecked"
else
    fail "names --names none: names unchecked" "status $RC" "$(head -3 "$TMPD/err")"
fi
# the UnNetHack table for the NetHack 3.6 file: Cthulhu passes, the
# Minion of Huhetotl does not
run "$LC" --check --names dat/names/unnethack.tsv "$ND/nh36.des"
if [ "$RC" -eq 1 ] && ! grep -q Cthulhu "$TMPD/err" &&
   grep -q 'nh36.des:10:10: error: unknown monster "Minion' "$TMPD/err"; then
    pass "names --names FILE overrides the dialect's table"
else
    fail "names --names FILE overrides the dialect's table" "status $RC" \
        "$(head -3 "$TMPD/err")"
fi
expect_status "names --names FILE: typo still caught" 1 "$LC" --check \
    --names dat/names/unnethack.tsv "$ND/typo.des"

# ---- levgen: classes and species out of the box ----
NM=$TMPD/names
mkdir -p "$NM"
run "$LC" --names none -o "$NM" "$ND/hill.des"
run "$BIN/levgen" "$NM/hill.lev"
expect_text "names levgen .lev: hill giant is H" "$TMPD/out" '(39,10) H "hill giant"'
expect_text "names levgen .lev: newt is :" "$TMPD/out" '(40,10) : "newt"'
run "$BIN/levgen" "$ND/hill.des"
expect_text "names levgen .des: hill giant is H" "$TMPD/out" '(39,10) H "hill giant"'
run "$BIN/levgen" --names none "$NM/hill.lev"
expect_text "names levgen --names none: no class" "$TMPD/out" '(39,10) I "hill giant"'
# --names FILE reaches the in-memory compile of a .des: a table without
# newts makes "newt" an error there
grep -v '	newt' dat/names/unnethack.tsv >"$NM/nonewt.tsv"
run "$BIN/levgen" --names "$NM/nonewt.tsv" "$ND/hill.des"
if [ "$RC" -eq 1 ] && grep -q 'hill.des:4:12: error: unknown monster "newt"' "$TMPD/err"; then
    pass "names levgen --names FILE checks a .des"
else
    fail "names levgen --names FILE checks a .des" "status $RC" "$(head -2 "$TMPD/err")"
fi
# the table read from dat/names/ and the built-in one are the same table:
# same picks, same levels
for lev in caves gatehall; do
    f=dat/$lev.des
    [ -e "$f" ] || f=$BUILD/dat/$lev.lev
    [ -e "$f" ] || continue
    run "$BIN/levgen" --seed 3 --all "$f"
    cp "$TMPD/out" "$NM/builtin.txt"
    run "$BIN/levgen" --seed 3 --all --names dat/names/unnethack.tsv "$f"
    if cmp -s "$TMPD/out" "$NM/builtin.txt"; then
        pass "names $lev: dat/names table = built-in table"
    else
        fail "names $lev: dat/names table = built-in table" \
            "$(diff "$NM/builtin.txt" "$TMPD/out" | head -5)"
    fi
done

# ---- the tables are src/names/mknames.py's output ----
if ! command -v python3 >/dev/null 2>&1; then
    skip "names tables regenerate" "python3 is missing"
elif need_shared "names tables regenerate"; then
    mkdir -p "$NM/root/dat/names" "$NM/root/src/names"
    if python3 src/names/mknames.py "$SHARED/spec" "$NM/root" 2>"$TMPD/err" &&
       diff -r "$NM/root/dat/names" dat/names >/dev/null &&
       cmp -s "$NM/root/src/names/tables.c" src/names/tables.c; then
        pass "names tables regenerate"
    else
        fail "names tables regenerate" "src/names/mknames.py gives other tables" \
            "$(head -3 "$TMPD/err")"
    fi
fi
