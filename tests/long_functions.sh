#!/bin/sh
# tests/long_functions.sh [LIMIT] [FILE...] - lists the C functions longer
# than LIMIT lines (default 100), longest first, as "LINES FILE:LINE NAME".
# Exit status 1 when there is one.  Without files: every src/*/*.c (the
# generated scanners and parsers are not in src/).
# A function is what starts at a line beginning with an identifier and
# holding "(" (its declarator), whose body opens with "{" alone at the
# start of a line and closes with "}" at the start of a line.
limit=${1:-100}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- src/*/*.c
awk -v limit="$limit" '
    FNR == 1 { decl = ""; inbody = 0 }
    !inbody && /^[A-Za-z_][A-Za-z0-9_ \t\*]*\(/ {
        decl = $0; dline = FNR
        name = $0; sub(/\(.*/, "", name); sub(/.*[ \t\*]/, "", name)
    }
    !inbody && /^\{/ && decl != "" { inbody = 1; start = dline; next }
    inbody && /^\}/ {
        n = FNR - start + 1
        if (n > limit) printf "%d %s:%d %s\n", n, FILENAME, start, name
        inbody = 0; decl = ""
    }
' "$@" | sort -rn >"${TMPDIR:-/tmp}/long-functions.$$"
cat "${TMPDIR:-/tmp}/long-functions.$$"
if [ -s "${TMPDIR:-/tmp}/long-functions.$$" ]; then rc=1; else rc=0; fi
rm -f "${TMPDIR:-/tmp}/long-functions.$$"
exit $rc
