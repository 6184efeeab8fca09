# tests/lib.sh - the assertions the suites use.  Sourced by tests/run.sh.
# Each assertion is one test: it prints "FAIL name" (with the difference)
# or nothing, and counts.
PASSED=0
FAILED=0
SKIPPED=0

pass() { PASSED=$((PASSED + 1)); [ -z "${VERBOSE:-}" ] || echo "ok   $1"; }
fail() {
    FAILED=$((FAILED + 1))
    echo "FAIL ${SUITE:-}: $1"
    shift
    [ $# -eq 0 ] || printf '     %s\n' "$@"
}
skip() { SKIPPED=$((SKIPPED + 1)); echo "skip ${SUITE:-}: $1 ($2)"; }

# sampled_wrap [K]: sets $SW to $SPLEV_WRAP for one call in K * $SPLEV_WRAP_EVERY
# (default 1) of the calls that ask, the 1st of each period, else to
# nothing.  make check-valgrind sets SPLEV_WRAP_EVERY: memcheck makes each
# program start take a second or more, so the suites still check every
# output but run a fixed sample of the calls under it; loops over hundreds
# of real inputs ask for K = 4 on top.
SAMPLED_N=0
sampled_wrap() {
    SAMPLED_N=$((SAMPLED_N + 1))
    SW=
    [ $((SAMPLED_N % (${1:-1} * ${SPLEV_WRAP_EVERY:-1}))) -ne 1 ] &&
        [ $((${1:-1} * ${SPLEV_WRAP_EVERY:-1})) -ne 1 ] || SW=${SPLEV_WRAP:-}
}

# run CMD...: runs a command; its stdout, stderr and status are left in
# $TMPD/out, $TMPD/err and $RC.  $SPLEV_WRAP, when set, is put in front of
# a command given by its path (make check-valgrind: tests/valgrind.sh; one
# call in $SPLEV_WRAP_EVERY, see sampled_wrap); shell functions and plain
# command names run as they are.
run() {
    case $1 in
    */*) sampled_wrap; $SW "$@" >"$TMPD/out" 2>"$TMPD/err" </dev/null ;;
    *) "$@" >"$TMPD/out" 2>"$TMPD/err" </dev/null ;;
    esac
    RC=$?
}

# A sanitizer report or a crash is always a failure, whatever was expected.
crashed() {
    [ "$RC" -ge 128 ] && return 0
    grep -q -e 'AddressSanitizer' -e 'runtime error:' -e 'LeakSanitizer' \
        "$TMPD/err" 2>/dev/null
}

# check_diag LABEL DIR NAME OPTIONS...: `lev_comp --check OPTIONS NAME.des`
# run inside DIR (so messages name the file as written) must print exactly
# DIR/NAME.err on stderr and exit 1 when that holds an error, else 0.
check_diag() { check_diag_prog "$BIN/lev_comp" des "$@"; }

# check_diag_prog PROGRAM EXT LABEL DIR NAME OPTIONS...: the same for
# another compiler and its inputs NAME.EXT (dgn_comp and .def files).
check_diag_prog() {
    cd_prog=$1 cd_ext=$2 cd_label=$3 cd_dir=$4 cd_name=$5
    shift 5
    (cd "$cd_dir" && ${SPLEV_WRAP:-} "$cd_prog" --check "$@" \
        "$cd_name.$cd_ext" >"$TMPD/out" 2>"$TMPD/err")
    RC=$?
    cd_want=0
    if [ -z "${UPDATE_GOLDEN:-}" ]; then
        grep -q ': error: ' "$cd_dir/$cd_name.err" 2>/dev/null && cd_want=1
    else
        grep -q ': error: ' "$TMPD/err" && cd_want=1
    fi
    if crashed || [ "$RC" -ne "$cd_want" ]; then
        fail "$cd_label" "exit status $RC, expected $cd_want" \
            "$(head -3 "$TMPD/err")"
    else
        compare_golden "$cd_label" "$TMPD/err" "$cd_dir/$cd_name.err"
    fi
}

# compare_golden NAME FILE GOLDEN: FILE must equal GOLDEN byte for byte.
compare_golden() {
    if [ -n "${UPDATE_GOLDEN:-}" ]; then
        cp "$2" "$3"
        pass "$1"
        return
    fi
    if [ ! -e "$3" ]; then
        fail "$1" "missing golden file $3"
    elif cmp -s "$2" "$3"; then
        pass "$1"
    else
        fail "$1" "output differs from $3:"
        diff -u "$3" "$2" | head -40 | sed 's/^/     /'
    fi
}

# expect_status NAME WANT CMD...: the command exits with status WANT.
expect_status() {
    name=$1 want=$2
    shift 2
    run "$@"
    if crashed; then
        fail "$name" "crashed (status $RC)" "$(head -5 "$TMPD/err")"
    elif [ "$RC" -ne "$want" ]; then
        fail "$name" "exit status $RC, expected $want" "$(head -5 "$TMPD/err")"
    else
        pass "$name"
    fi
}

# expect_stream STREAM NAME WANT GOLDEN CMD...: status WANT and the
# command's STREAM (out or err) equal to GOLDEN.
expect_stream() {
    stream=$1 name=$2 want=$3 golden=$4
    shift 4
    run "$@"
    if crashed || [ "$RC" -ne "$want" ]; then
        fail "$name" "exit status $RC, expected $want" "$(head -5 "$TMPD/err")"
        return
    fi
    compare_golden "$name" "$TMPD/$stream" "$golden"
}

# expect_stdout NAME WANT GOLDEN CMD...: status WANT and stdout == GOLDEN.
expect_stdout() { expect_stream out "$@"; }

# expect_stderr NAME WANT GOLDEN CMD...: status WANT and stderr == GOLDEN.
expect_stderr() { expect_stream err "$@"; }

# expect_text NAME FILE TEXT: FILE contains TEXT (a fixed string).
expect_text() {
    if grep -qF -e "$3" "$2"; then
        pass "$1"
    else
        fail "$1" "'$3' not found in:" "$(head -5 "$2")"
    fi
}

# expect_no_file NAME PATH: PATH does not exist.
expect_no_file() {
    if [ -e "$2" ]; then fail "$1" "$2 exists"; else pass "$1"; fi
}

# expect_same NAME A B: two files are identical.
expect_same() {
    if cmp -s "$2" "$3"; then pass "$1"; else fail "$1" "$2 and $3 differ"; fi
}

# need_shared NAME: true when ../shared is there; otherwise counts a skip.
need_shared() {
    [ -n "$SHARED" ] && [ -d "$SHARED/corpus" ] && return 0
    skip "$1" "../shared is absent"
    return 1
}

# run_unit PROG: a C test program printing "ok - ..." / "not ok - ..." lines.
run_unit() {
    SUITE=unit/$(basename "$1")
    # $SPLEV_WRAP_SKIP: unit programs that run without the wrapper (pure
    # computation over many inputs, a minute each under memcheck; the
    # ASan run covers them)
    uw=${SPLEV_WRAP:-}
    case " ${SPLEV_WRAP_SKIP:-} " in *" $(basename "$1") "*) uw= ;; esac
    $uw "$1" >"$TMPD/uout" 2>"$TMPD/uerr" </dev/null
    urc=$?
    n_ok=$(grep -c '^ok ' "$TMPD/uout")
    n_bad=$(grep -c '^not ok ' "$TMPD/uout")
    PASSED=$((PASSED + n_ok))
    if [ "$n_bad" -gt 0 ]; then
        FAILED=$((FAILED + n_bad))
        grep '^not ok ' "$TMPD/uout" | sed "s|^|FAIL $SUITE: |"
    fi
    if [ "$urc" -ne 0 ] && [ "$n_bad" -eq 0 ]; then
        fail "exit" "status $urc" "$(head -5 "$TMPD/uerr")"
    fi
}
