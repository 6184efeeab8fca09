# t_bad18.sh - the second round of hostile inputs (issue 18): inputs that
# cost time or memory out of all proportion, and output that must stay
# valid whatever bytes the input holds.  Each case is made here, small
# enough to finish in well under a second once handled.
LC=$BIN/lev_comp
X=$TMPD/bad18
rm -rf "$X"
mkdir -p "$X"

# timed NAME SECS WANT CMD...: CMD exits with status WANT within SECS
# seconds (killed after that).  Under a wrapper (valgrind) the time is not
# checked, only the status.
timed() {
    tm_name=$1 tm_secs=$2 tm_want=$3
    shift 3
    if [ -n "${SPLEV_WRAP:-}" ]; then
        run "$@"
    else
        run timeout -s KILL "$tm_secs" "$@"
    fi
    if [ "$RC" -eq 137 ]; then
        fail "$tm_name" "still running after $tm_secs s"
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
timed "100000 CASEs: rejected quickly" 5 1 "$LC" --check "$X/cases.des"
first_line "100000 CASEs: the limit error" \
    "$X/cases.des:43:1: error: more than 20 CASEs in one SWITCH"
# A duplicate among the first 20 is still reported.
printf 'LEVEL:"sw"\nSWITCH [3] {\nCASE 1:\n MESSAGE:"a"\nCASE 2:\n MESSAGE:"b"\nCASE 1:\n MESSAGE:"c"\n}\n' \
    >"$X/dupcase.des"
timed "duplicate CASE: rejected" 5 1 "$LC" --check "$X/dupcase.des"
first_line "duplicate CASE: the message" "$X/dupcase.des:7:6: error: CASE 1 is given twice"

# ---- 100,000 FUNCTIONs and 33,000 calls: found by hash, not by a scan
# of every name (more than 120 s) ----
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "FUNCTION f%d() { MESSAGE:\"m\" }\n", i;
             print "LEVEL:\"calls\"";
             for (i = 0; i < 33000; i++) printf "f%d()\n", (i * 3) % 100000 }' >"$X/funcs.des"
timed "100000 FUNCTIONs, 33000 calls: checked quickly" 10 0 "$LC" --check "$X/funcs.des"
timed "100000 FUNCTIONs, 33000 calls: compiled quickly" 10 0 "$LC" -o "$X" "$X/funcs.des"
expect_text "100000 FUNCTIONs, 33000 calls: level written" "$X/calls.lev" "SPLEV"
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "FUNCTION f%d() { MESSAGE:\"m\" }\n", i;
             print "FUNCTION f77777() { MESSAGE:\"again\" }";
             print "LEVEL:\"calls\""; print "f99999()"; print "g1()" }' >"$X/funcs2.des"
timed "a FUNCTION defined twice among 100000: rejected" 10 1 "$LC" --check "$X/funcs2.des"
first_line "a FUNCTION defined twice: the message" \
    "$X/funcs2.des:100001:1: error: FUNCTION f77777 is already defined"
expect_text "an undefined FUNCTION among 100000: the message" "$TMPD/err" \
    "$X/funcs2.des:100004:1: error: FUNCTION g1 is not defined before this call"
