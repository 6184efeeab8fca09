# t_dialect_front.sh - lev_comp's NetHack 3.6 dialect (doc/dialects.md):
# per-file detection (a MAZE header) and --dialect forcing, recorded in the
# .lev header byte 20 and shown by the disassembler; every 3.6 construct
# compiling to its golden disassembly or syntax tree; the -Wdialect
# warnings of mixed files and the unknown-statement error, exactly.
# Sourced by tests/run.sh (which provides BIN, TMPD and lib.sh).

LC="$BIN/lev_comp"
LG="$BIN/levgen"
DD=tests/dialect

if [ ! -x "$LC" ] || [ ! -x "$LG" ]; then
    fail "dialect built" "lev_comp or levgen is missing"
else

# ---- disassembly goldens (the header line names the dialect) ----
# NAME.des compiles to NAME.dis; NAME.opts, when present, holds options.
for des in $DD/disasm/*.des; do
    name=$(basename "$des" .des)
    opts=$(cat "$DD/disasm/$name.opts" 2>/dev/null)
    (cd $DD/disasm && ${SPLEV_WRAP:-} "$LC" --disasm $opts "$name.des" \
        >"$TMPD/out" 2>"$TMPD/err")
    RC=$?
    if crashed || [ "$RC" -ne 0 ] || [ -s "$TMPD/err" ]; then
        fail "dialect disasm $name" "status $RC" "$(head -3 "$TMPD/err")"
    else
        compare_golden "dialect disasm $name" "$TMPD/out" "$DD/disasm/$name.dis"
    fi
done

# ---- ',' and '-' between the ends of a line give the same code (the
# listings differ only in the source file name) ----
run "$LC" --disasm $DD/disasm/line_comma.des
rc1=$RC
sed 's/line_comma/FILE/' "$TMPD/out" >"$TMPD/comma.dis"
run "$LC" -Wno-dialect --disasm $DD/disasm/line_dash_.des
sed 's/line_dash_/FILE/' "$TMPD/out" >"$TMPD/dash.dis"
if [ "$rc1" -eq 0 ] && [ "$RC" -eq 0 ] && grep -q SEL_RNDLINE "$TMPD/dash.dis" &&
   cmp -s "$TMPD/comma.dis" "$TMPD/dash.dis"; then
    pass "dialect line separators same code"
else
    fail "dialect line separators same code" "status $rc1 $RC"
fi

# ---- syntax-tree goldens ----
for des in $DD/ast/*.des; do
    name=$(basename "$des" .des)
    (cd $DD/ast && ${SPLEV_WRAP:-} "$LC" --dump-ast "$name.des" \
        >"$TMPD/out" 2>"$TMPD/err")
    RC=$?
    if crashed || [ "$RC" -ne 0 ]; then
        fail "dialect ast $name" "status $RC" "$(head -3 "$TMPD/err")"
    else
        compare_golden "dialect ast $name" "$TMPD/out" "$DD/ast/$name.ast"
    fi
done

# ---- diagnostics: NAME.des gives exactly NAME.err (status 1 when it
# holds an error, else 0); NAME.opts holds options ----
for des in $DD/diag/*.des; do
    name=$(basename "$des" .des)
    opts=$(cat "$DD/diag/$name.opts" 2>/dev/null)
    # shellcheck disable=SC2086 # $opts holds options or nothing
    check_diag "dialect diag $name" "$DD/diag" "$name" $opts
done

# ---- a health food shop REGION, filled and unfilled, makes its rooms
# (needfill 1 = fill it, 2 = the designer filled it) ----
"$BIN/levgen" --format json "$DD/diag/region_hfs.des" 2>"$TMPD/err" |
    grep -o '"type_name": "health food shop"[^}]*"needfill": [0-9]' \
        >"$TMPD/hfs"
if [ "$(sed 's/.*needfill": //' "$TMPD/hfs" | tr '\n' ' ')" != "1 2 " ]
then
    fail "dialect REGION health food shop" "rooms: $(cat "$TMPD/hfs")" \
        "$(head -3 "$TMPD/err")"
else
    pass "dialect REGION health food shop"
fi

# ---- the dialect byte of the written .lev (header byte 20) ----
mkdir -p "$TMPD/dl"
run "$LC" -o "$TMPD/dl" $DD/disasm/maze_header.des
b=$(od -An -tu1 -j20 -N1 "$TMPD/dl/mazefill.lev" 2>/dev/null | tr -d ' ')
if [ "$RC" -eq 0 ] && [ "$b" = 1 ]; then pass "dialect byte nethack36"; else
    fail "dialect byte nethack36" "status $RC, byte '$b'"; fi
run "$LC" --dialect unnethack -o "$TMPD/dl" $DD/disasm/maze_header.des
b=$(od -An -tu1 -j20 -N1 "$TMPD/dl/mazefill.lev" 2>/dev/null | tr -d ' ')
if [ "$RC" -eq 0 ] && [ "$b" = 0 ]; then pass "dialect byte forced unnethack"; else
    fail "dialect byte forced unnethack" "status $RC, byte '$b'"; fi

# ---- levgen compiles a .des in memory with the same option ----
run "$LG" --disasm $DD/disasm/forced_nh36.des
if [ "$RC" -eq 0 ] && head -1 "$TMPD/out" | grep -q '^level "plain"$'; then
    pass "levgen des auto unnethack"; else
    fail "levgen des auto unnethack" "status $RC" "$(head -1 "$TMPD/out")"; fi
run "$LG" --dialect nethack36 --disasm $DD/disasm/forced_nh36.des
if [ "$RC" -eq 0 ] &&
   head -1 "$TMPD/out" | grep -q '^level "plain" (NetHack 3.6)$'; then
    pass "levgen --dialect nethack36"; else
    fail "levgen --dialect nethack36" "status $RC" "$(head -1 "$TMPD/out")"; fi

# ---- command line ----
expect_status "dialect usage: lev_comp bad --dialect" 2 \
    "$LC" --dialect nethack34 x.des
expect_status "dialect usage: lev_comp --dialect without value" 2 \
    "$LC" x.des --dialect
expect_status "dialect usage: levgen bad --dialect" 2 \
    "$LG" --dialect slashem x.des

fi
