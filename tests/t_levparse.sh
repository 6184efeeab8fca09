# t_levparse.sh - the lev_comp front end: the AST of every statement form
# and of the seed document's examples (golden dumps), exact diagnostics
# (golden stderr), the real corpus, and hostile inputs generated here.
# Sourced by tests/run.sh (which provides BIN, TMPD, SHARED and lib.sh).

LC="$BIN/lev_comp"

if [ ! -x "$LC" ]; then
    fail "lev_comp built" "$LC is missing"
else

# ---- command line ----
expect_status "levparse help" 0 "$LC" --help
run "$LC" --version
if [ "$RC" -eq 0 ] && [ "$(cat "$TMPD/out")" = "lev_comp (splev) 0.1.0" ]; then
    pass "levparse version"
else
    fail "levparse version" "got: $(cat "$TMPD/out")"
fi
expect_status "levparse no files" 2 "$LC"
expect_status "levparse bad option" 2 "$LC" --frobnicate x.des
expect_status "levparse missing file" 1 "$LC" --parse-only "$TMPD/nonexistent.des"
expect_text "levparse missing file message" "$TMPD/err" "nonexistent.des: error: cannot open"
mkdir -p "$TMPD/dm"
expect_status "levparse default mode compiles" 0 "$LC" -o "$TMPD/dm" tests/lev/parse/two_levels.des
if [ "$(ls "$TMPD/dm" | grep -c '\.lev$')" -ge 1 ]; then pass "levparse default mode writes"
else fail "levparse default mode writes" "$(ls "$TMPD/dm")"; fi

# ---- golden syntax trees ----
for des in tests/lev/parse/*.des; do
    name=$(basename "$des" .des)
    expect_stdout "levparse ast $name" 0 "tests/lev/parse/$name.ast" \
        "$LC" --dump-ast "$des"
done
(cd tests/lev/include && "$LC" --dump-ast -I incdir main.des \
    >"$TMPD/inc.out" 2>"$TMPD/inc.err")
echo "status $?" >>"$TMPD/inc.out"
cat "$TMPD/inc.err" >>"$TMPD/inc.out"
compare_golden "levparse include ast" "$TMPD/inc.out" tests/lev/include/main.out

# ---- golden diagnostics ----
for des in tests/lev/errors/*.des; do
    name=$(basename "$des" .des)
    expect_stderr "levparse error $name" 1 "tests/lev/errors/$name.err" \
        "$LC" --parse-only "$des"
done

# standard input
run sh -c "printf 'LEVEL:\"in\"\nMONSTR:random,random\n' | \"$LC\" --parse-only -"
if [ "$RC" -eq 1 ] && grep -q '^-:2:1: error: unknown word' "$TMPD/err"; then
    pass "levparse stdin"
else
    fail "levparse stdin" "status $RC" "$(head -3 "$TMPD/err")"
fi

# ---- the real corpus: every file parses, in one process ----
if need_shared "levparse corpus"; then
    expect_status "levparse corpus" 0 "$LC" --parse-only "$SHARED"/corpus/unnethack/*.des
    # The levels found are the ones the classic compiler writes (vault
    # names are numbered by the game's "%04i" counter).
    run "$LC" --dump-ast "$SHARED"/corpus/unnethack/*.des
    sed -n 's/^  LEVEL "\([^"]*\)".*/\1/p' "$TMPD/out" |
        awk '/%04i/ { n++; printf "vlt-%04d\n", n; next } { print }' |
        sort -u >"$TMPD/levels"
    grep -v '^#' "$SHARED/corpus/unnethack/EXPECTED-LEVELS.txt" | sort \
        >"$TMPD/expected"
    if cmp -s "$TMPD/levels" "$TMPD/expected"; then
        pass "levparse corpus levels"
    else
        fail "levparse corpus levels" \
            "$(diff "$TMPD/expected" "$TMPD/levels" | head -5)"
    fi
fi

# ---- hostile inputs: never a crash, never a hang, a clear message ----
H="$TMPD/hostile"
mkdir -p "$H"
# in_h CMD...: runs CMD inside $H, so messages name files without $TMPD
in_h() { (cd "$H" && "$@"); }
: >"$H/empty.des"
expect_stderr "levparse empty file" 0 tests/lev/hostile/empty.err \
    in_h "$LC" --parse-only empty.des

# a 1 MB name, a 1 MB string and a 1 MB number
awk 'BEGIN { s = "x"; while (length(s) < 1048576) s = s s;
             printf "LEVEL:\"a\"\nMESSAGE:\"%s\"\nGOLD:1,%s\n", s, s }' \
    >"$H/long.des"
expect_status "levparse 1 MB tokens" 0 "$LC" --parse-only "$H/long.des"
awk 'BEGIN { s = "9"; while (length(s) < 1048576) s = s s;
             printf "LEVEL:\"a\"\nGOLD:%s,random\n", s }' >"$H/bignum.des"
expect_status "levparse 1 MB number" 1 "$LC" --parse-only "$H/bignum.des"
expect_text "levparse 1 MB number message" "$TMPD/err" \
    "bignum.des:2:6: error: number too large (the largest is 2147483647)"

# a 10 MB MAP block (the checker, not the parser, limits its size)
awk 'BEGIN { print "LEVEL:\"big\""; print "GEOMETRY:center,center";
             print "MAP"; r = "";
             for (i = 0; i < 1000; i++) r = r "-.|.";
             for (i = 0; i < 2600; i++) print r; print "ENDMAP" }' \
    >"$H/bigmap.des"
expect_status "levparse 10 MB MAP" 0 "$LC" --parse-only "$H/bigmap.des"

# 200 nested loops parse; 300 hit the documented nesting limit
for n in 200 300; do
    awk -v n=$n 'BEGIN { print "LEVEL:\"deep\"";
        for (i = 0; i < n; i++) print "LOOP [2] {";
        print "OBJECT:random,random";
        for (i = 0; i < n; i++) print "}" }' >"$H/nest$n.des"
done
expect_status "levparse 200 nested loops" 0 "$LC" --parse-only "$H/nest200.des"
expect_status "levparse 300 nested loops" 1 "$LC" --parse-only "$H/nest300.des"
expect_text "levparse nesting limit" "$TMPD/err" \
    "nest300.des:258:6: error: more than 256 nested brackets and blocks; this is the limit"
# a very long expression: refused beyond its depth limit, without a crash
awk 'BEGIN { printf "LEVEL:\"e\"\nGOLD:1"; for (i = 0; i < 200000; i++)
             printf " + 1"; print ",random" }' >"$H/longexpr.des"
expect_status "levparse long expression" 1 "$LC" --parse-only "$H/longexpr.des"
expect_text "levparse long expression message" "$TMPD/err" \
    "error: expression nested more than 1000 deep; this is the limit"
awk 'BEGIN { printf "LEVEL:\"e\"\nGOLD:"; for (i = 0; i < 200000; i++)
             printf "-"; print "1,random" }' >"$H/minus.des"
expect_status "levparse 200000 unary minus" 1 "$LC" --parse-only "$H/minus.des"
# many statements: no statement-count limit
awk 'BEGIN { print "LEVEL:\"many\""; for (i = 0; i < 100000; i++)
             print "OBJECT:random,random" }' >"$H/many.des"
expect_status "levparse 100000 statements" 0 "$LC" --parse-only "$H/many.des"
# a '}' with no block open: reported once each, and parsing goes on
# (it used to be given back after every recovery, for ever)
printf 'LEVEL:"x"\n}\nMESSAGE:"a"\n  }\nEXIT\n' >"$H/brace.des"
expect_status "levparse stray closing braces" 1 "$LC" --parse-only "$H/brace.des"
if [ "$(grep -c ': error: ' "$TMPD/err")" -eq 2 ]; then
    pass "levparse stray closing braces once each"
else
    fail "levparse stray closing braces once each" "$(head -8 "$TMPD/err")"
fi

# stray NUL and non-ASCII bytes are errors at their position; scanning goes on
printf 'LEVEL:"x"\nEXIT\000\nMONSTR:random,random\n' >"$H/nul.des"
expect_stderr "levparse NUL byte" 1 tests/lev/hostile/nul.err \
    in_h "$LC" --parse-only nul.des
printf 'LEVEL:"x"\n\377\376EXIT\nMESSAGE:"\000"\n' >"$H/bytes.des"
expect_stderr "levparse stray bytes" 1 tests/lev/hostile/bytes.err \
    in_h "$LC" --parse-only bytes.des
# binary garbage: a program file; errors up to the limit, then a stop
expect_status "levparse binary garbage" 1 "$LC" --parse-only "$LC"
expect_text "levparse binary garbage stops" "$TMPD/err" "too many errors, stopping"
# too many errors
awk 'BEGIN { print "LEVEL:\"x\""; for (i = 0; i < 80; i++) print "MONSTR:1" }' \
    >"$H/errs.des"
run "$LC" --parse-only "$H/errs.des"
if [ "$RC" -eq 1 ] && [ "$(grep -c ': error: unknown word' "$TMPD/err")" -eq 50 ] &&
   tail -1 "$TMPD/err" | grep -q 'errs.des: error: too many errors, stopping'; then
    pass "levparse too many errors"
else
    fail "levparse too many errors" "status $RC" "$(tail -2 "$TMPD/err")"
fi
run "$LC" --parse-only --max-errors 3 "$H/errs.des"
if [ "$(grep -c ': error: unknown word' "$TMPD/err")" -eq 3 ]; then
    pass "levparse --max-errors"
else
    fail "levparse --max-errors" "$(tail -2 "$TMPD/err")"
fi
# an INCLUDE chain deeper than the limit
i=0
while [ $i -le 20 ]; do
    printf 'INCLUDE "d%d.des"\n' $((i + 1)) >"$H/d$i.des"
    i=$((i + 1))
done
expect_status "levparse include depth" 1 "$LC" --parse-only "$H/d0.des"
expect_text "levparse include depth message" "$TMPD/err" \
    "error: INCLUDE files nested more than 16 deep:"
# several files in one process parse independently
expect_status "levparse several files" 1 "$LC" --parse-only \
    tests/lev/parse/two_levels.des tests/lev/errors/unknown_word.des \
    tests/lev/parse/seed_map.des
fi
