# t_levscan.sh - the lev_comp scanner's automaton.  grammar/lev.l is
# written so that flex never backs up (its scanner then skips the "last
# accepting state" bookkeeping at every byte): a rule that brings backing
# up back makes every des-file slower, so it is a failure here.  The texts
# that only begin a longer token are tests/lev/*/scan_partial*.des.
# Sourced by tests/run.sh.

if command -v "${FLEX:-flex}" >/dev/null 2>&1; then
    mkdir -p "$TMPD/levscan"
    (cd "$TMPD/levscan" && "${FLEX:-flex}" -b -o lex.c "$TOP/grammar/lev.l" \
        >/dev/null 2>&1)
    if [ -f "$TMPD/levscan/lex.backup" ] &&
       [ "$(cat "$TMPD/levscan/lex.backup")" = "No backing up." ]; then
        pass "levscan no backing up"
    else
        fail "levscan no backing up" \
            "$(head -12 "$TMPD/levscan/lex.backup" 2>/dev/null)"
    fi
else
    skip "levscan no backing up" "no flex"
fi
