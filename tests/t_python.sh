# t_python.sh - the Python package (python/splev) over the shared library
# of this build: its unittest suite (python/tests), and the one-liner of
# doc/library.md run from the project root.  Skipped where python3 is
# missing, and in sanitizer builds (python3 cannot load a library built
# with them).
if ! command -v python3 >/dev/null 2>&1; then
    skip "python unittest" "python3 is missing"
elif [ -n "${SPLEV_SAN:-}" ]; then
    skip "python unittest" "sanitizer build"
else
    PYLIB=$BUILD/lib/libsplev.so
    run env PYTHONPATH=python SPLEV_LIB="$PYLIB" python3 -m unittest \
        discover -s python/tests
    if [ "$RC" -eq 0 ] && grep -q '^OK' "$TMPD/err"; then
        pass "python unittest ($(grep '^Ran' "$TMPD/err"))"
    else
        fail "python unittest" "status $RC" "$(tail -15 "$TMPD/err")"
    fi
    run env PYTHONPATH=python SPLEV_LIB="$PYLIB" python3 -c \
        'import splev; print(splev.compile(open("dat/caves.des").read()).generate(seed=1).rows)'
    run "$BIN/levgen" --seed 1 dat/caves.des
    head -22 "$TMPD/out" | tail -21 >"$TMPD/map"
    run env PYTHONPATH=python SPLEV_LIB="$PYLIB" python3 -c \
        'import splev
rows = splev.compile(open("dat/caves.des").read()).generate(seed=1).rows
# the text drawing leaves out column 0 and trailing blanks
print("\n".join(r[1:].rstrip() for r in rows))'
    if [ "$RC" -eq 0 ] && cmp -s "$TMPD/out" "$TMPD/map"; then
        pass "python one-liner: the map levgen draws"
    else
        fail "python one-liner: the map levgen draws" "status $RC" \
            "$(head -3 "$TMPD/err")"
    fi
fi
