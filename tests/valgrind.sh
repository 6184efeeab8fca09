#!/bin/sh
# valgrind.sh CMD...: run CMD under valgrind memcheck (make check-valgrind
# puts it in front of every command the suites run, as SPLEV_WRAP).
#
# Any memory error or leak makes the status 99 and puts valgrind's report
# on stderr.  Programs started through a shell (sh -c '...; exec PROG') are
# followed (the shell is checked too).  The reports are also appended to
# $SPLEV_VALGRIND_LOG when it is set.
log=$(mktemp "${TMPDIR:-/tmp}/splev-vg.XXXXXX") || exit 2
valgrind -q --tool=memcheck --error-exitcode=99 --leak-check=full \
    --show-leak-kinds=definite,indirect,possible \
    --errors-for-leak-kinds=definite,indirect,possible \
    --trace-children=yes \
    --log-file="$log" "$@"
rc=$?
if [ -s "$log" ]; then
    {
        echo "valgrind: memcheck report for: $*"
        cat "$log"
    } >&2
    [ -z "${SPLEV_VALGRIND_LOG:-}" ] || cat "$log" >>"$SPLEV_VALGRIND_LOG"
    [ "$rc" -ne 0 ] || rc=99
fi
rm -f "$log"
exit $rc
