# t_runaway.sh - no script runs longer than its step limit (issue 18): the
# randline midpoint that could never land on the map, and the step budget
# charged inside randline's retries.
RA=$TMPD/runaway
rm -rf "$RA"
mkdir -p "$RA"

# ra_timed NAME CMD...: the command must end within 5 s (timeout's 124 is
# a hang), without a crash.
ra_timed() {
    ra_name=$1
    shift
    run timeout 5 "$@"
    if [ "$RC" -eq 124 ]; then
        fail "$ra_name" "still running after 5 s (a hang)"
        return 1
    elif crashed; then
        fail "$ra_name" "status $RC" "$(head -3 "$TMPD/err")"
        return 1
    fi
    return 0
}

for f in tests/runaway/*.des; do
    n=$(basename "$f" .des)
    if ra_timed "runaway $n compiles" "$BIN/lev_comp" -o "$RA" "$f"; then
        pass "runaway $n compiles"
    fi
    for seed in 1 2; do
        if ra_timed "runaway $n seed $seed" "$BIN/levgen" --seed $seed "$RA/$n.lev"; then
            compare_golden "runaway $n seed $seed" "$TMPD/out" \
                "tests/runaway/$n.seed$seed.txt"
        fi
    done
done

# A small budget stops randline inside its retries, with the step error.
if ra_timed "randline under --max-steps 3" "$BIN/levgen" --max-steps 3 --seed 1 "$RA/randline_var.lev"; then
    if [ "$RC" -eq 1 ] && grep -q 'step limit of 3 reached' "$TMPD/err"; then
        pass "randline under --max-steps 3"
    else
        fail "randline under --max-steps 3" "status $RC" "$(head -3 "$TMPD/err")"
    fi
fi

# The Sheol filler's retry loops are bounded and charged: seed 1 needs
# 9,508 steps (6,728 before its Voronoi passes and path restarts counted).
if ra_timed "Sheol under --max-steps 9000" "$BIN/levgen" --max-steps 9000 --seed 1 "$RA/sheol.lev"; then
    if [ "$RC" -eq 1 ] && grep -q 'sheol.des:2: error: step limit of 9000 reached' "$TMPD/err"; then
        pass "Sheol under --max-steps 9000"
    else
        fail "Sheol under --max-steps 9000" "status $RC" "$(head -3 "$TMPD/err")"
    fi
fi
