# t_style.sh - no function over 100 lines but the known ones, which are
# listed (by file and name) in tests/style/long-functions.txt to be split.
# A new long function, or a listed one grown back, fails here.
sh tests/long_functions.sh 100 >"$TMPD/long.txt"
awk '{ split($2, p, ":"); print p[1], $3 }' "$TMPD/long.txt" | sort >"$TMPD/long.now"
sort tests/style/long-functions.txt >"$TMPD/long.known"
new=$(comm -23 "$TMPD/long.now" "$TMPD/long.known")
if [ -z "$new" ]; then
    pass "no new function over 100 lines"
else
    fail "no new function over 100 lines" "$(grep -F -e "$(echo "$new" | awk '{print $2}')" "$TMPD/long.txt")"
fi
gone=$(comm -13 "$TMPD/long.now" "$TMPD/long.known")
if [ -z "$gone" ]; then
    pass "tests/style/long-functions.txt lists only long functions"
else
    fail "tests/style/long-functions.txt lists only long functions" \
        "no longer over 100 lines (remove them from the list): $gone"
fi
