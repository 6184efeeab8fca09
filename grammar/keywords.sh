#!/bin/sh
# grammar/keywords.sh SCANNER.l - the words of a scanner's keyword table:
# every rule of the rules section whose pattern is quoted words only
# ("MONSTER", "obj"|"object"), each word once, in table order.  The
# build makes the editors' syntax files and the compilers' suggestion
# lists from this, so they cannot drift from the scanner.
awk '
/^%%/ { part++; next }
part != 1 { next }
/^"/ {
    pat = $0
    sub(/[ \t].*/, "", pat)           # the pattern ends at the first blank
    n = split(pat, alt, "|")
    ok = 1
    for (i = 1; i <= n; i++)
        if (alt[i] !~ /^"[A-Za-z_][A-Za-z_0-9-]*"$/) ok = 0
    if (!ok) next
    for (i = 1; i <= n; i++) {
        w = substr(alt[i], 2, length(alt[i]) - 2)
        if (!(w in seen)) { seen[w] = 1; print w }
    }
}' "$1"
