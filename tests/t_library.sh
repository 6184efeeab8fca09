# t_library.sh - the library as a game or a researcher gets it:
# 1. what it exports: every defined global of libsplev.a and libsplev.so
#    is named splev_*, and the shared library has its soname;
# 2. `make install DESTDIR=...` and a C and a C++ program built with only
#    `pkg-config --cflags --libs splev` against that tree (the C program
#    also statically, beside a game's own xmalloc), their output exact;
# 3. `make uninstall` leaves no file behind.
LIBD=$BUILD/lib

# ---- 1. exports ----
for lib in "$LIBD/libsplev.a" "$LIBD/libsplev.so"; do
    if ! command -v nm >/dev/null 2>&1; then
        skip "library exports $(basename "$lib")" "nm is missing"
        continue
    fi
    case $lib in *.so) nmopt=-D ;; *) nmopt= ;; esac
    nm $nmopt -g --defined-only "$lib" >"$TMPD/nm" 2>"$TMPD/err"
    # lines "ADDRESS TYPE NAME"; archive member headers and blanks skipped
    bad=$(awk 'NF == 3 && $3 !~ /^splev_/ { print $3 }' "$TMPD/nm" | head -5)
    total=$(awk 'NF == 3' "$TMPD/nm" | wc -l)
    if [ ! -s "$TMPD/nm" ] || [ "$total" -lt 50 ]; then
        fail "library exports $(basename "$lib")" "only $total symbols"
    elif [ -n "$bad" ]; then
        fail "library exports $(basename "$lib")" "not splev_: $bad"
    else
        pass "library exports $(basename "$lib")"
    fi
done
if command -v objdump >/dev/null 2>&1; then
    if objdump -p "$LIBD/libsplev.so" | grep -q 'SONAME *libsplev\.so\.0$'; then
        pass "library soname"
    else
        fail "library soname" "$(objdump -p "$LIBD/libsplev.so" | grep SONAME)"
    fi
fi

# ---- 2. install, pkg-config, a C and a C++ program ----
LIB_DEST=$TMPD/dest
make -s BUILD="$BUILD" DESTDIR="$LIB_DEST" PREFIX=/usr install \
    >"$TMPD/out" 2>"$TMPD/err"
if [ $? -ne 0 ]; then
    fail "library install" "$(tail -3 "$TMPD/err")"
elif ! command -v pkg-config >/dev/null 2>&1; then
    skip "library pkg-config programs" "pkg-config is missing"
else
    pass "library install"
    for f in usr/lib/libsplev.a usr/lib/libsplev.so.0 usr/include/splev.h \
             usr/include/splev/diag.h usr/share/man/man6/levgen.6 \
             usr/share/doc/splev/library.md \
             usr/share/splev/names/unnethack.tsv \
             usr/share/splev/names/nethack36.tsv \
             usr/lib/python3/dist-packages/splev/__init__.py; do
        if [ -e "$LIB_DEST/$f" ]; then pass "library installs $f"
        else fail "library installs $f" "missing"; fi
    done
    PC="env PKG_CONFIG_PATH=$LIB_DEST/usr/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$LIB_DEST pkg-config"
    flags=$($PC --cflags --libs splev 2>"$TMPD/err")
    case " $flags " in
    *" -lm "*) pass "library pkg-config gives -lm" ;;
    *) fail "library pkg-config gives -lm" "flags: $flags" ;;
    esac
    # shellcheck disable=SC2086
    if ${CC:-cc} -std=c11 -Wall -Wextra -Werror ${SPLEV_SAN:-} \
           -o "$TMPD/consumer" tests/lib/consumer.c $flags 2>"$TMPD/err"; then
        run env LD_LIBRARY_PATH="$LIB_DEST/usr/lib" "$TMPD/consumer"
        if [ "$RC" -ne 0 ] || crashed; then
            fail "library C program (shared)" "status $RC" "$(head -3 "$TMPD/err")"
        else
            compare_golden "library C program (shared)" "$TMPD/out" \
                tests/lib/consumer.out
        fi
    else
        fail "library C program builds" "$(head -5 "$TMPD/err")"
    fi
    # shellcheck disable=SC2086
    if ${CC:-cc} -std=c11 ${SPLEV_SAN:-} -o "$TMPD/consumer_static" \
           tests/lib/consumer.c $($PC --cflags splev) \
           "$LIB_DEST/usr/lib/libsplev.a" -lm 2>"$TMPD/err"; then
        run "$TMPD/consumer_static"
        compare_golden "library C program (static, own xmalloc)" \
            "$TMPD/out" tests/lib/consumer.out
    else
        fail "library C program links statically" "$(head -5 "$TMPD/err")"
    fi
    if command -v ${CXX:-g++} >/dev/null 2>&1; then
        # shellcheck disable=SC2086
        if ${CXX:-g++} -Wall -Wextra -Werror ${SPLEV_SAN:-} \
               -o "$TMPD/consumer_cxx" tests/lib/consumer.cc $flags \
               2>"$TMPD/err"; then
            run env LD_LIBRARY_PATH="$LIB_DEST/usr/lib" "$TMPD/consumer_cxx"
            expect_text_eq=$(cat "$TMPD/out")
            if [ "$RC" -eq 0 ] && [ "$expect_text_eq" = "rn2 80, json ok" ]; then
                pass "library C++ program"
            else
                fail "library C++ program" "status $RC: $expect_text_eq"
            fi
        else
            fail "library C++ program builds" "$(head -5 "$TMPD/err")"
        fi
    else
        skip "library C++ program" "g++ is missing"
    fi
fi

# the installed Python package finds the installed library by itself
if command -v python3 >/dev/null 2>&1 && [ -z "${SPLEV_SAN:-}" ] &&
   [ -e "$LIB_DEST/usr/lib/python3/dist-packages/splev/__init__.py" ]; then
    run env -u SPLEV_LIB PYTHONPATH="$LIB_DEST/usr/lib/python3/dist-packages" \
        python3 -c 'import splev, sys
sys.stdout.write(splev.compile(sys.argv[1]).generate(seed=1).rows[10])' \
        dat/caves.des
    if [ "$RC" -eq 0 ] && [ "$(wc -c <"$TMPD/out")" -eq 80 ]; then
        pass "library installed python package"
    else
        fail "library installed python package" "status $RC" "$(tail -2 "$TMPD/err")"
    fi
fi

# ---- 3. uninstall ----
make -s BUILD="$BUILD" DESTDIR="$LIB_DEST" PREFIX=/usr uninstall \
    >"$TMPD/out" 2>"$TMPD/err"
left=$(find "$LIB_DEST" ! -type d 2>/dev/null | head -3)
if [ -z "$left" ]; then
    pass "library uninstall"
else
    fail "library uninstall" "left: $left"
fi
