# t_dialect.sh - the run-time half of the NetHack 3.6 dialect (SEMANTICS
# §13, doc/dialects.md): levels of our own in the 3.6 dialect, one per
# run-time difference, each generated with --dialect unnethack and with
# --dialect nethack36 for a fixed seed and compared with its golden map
# (tests/dialect/run/NAME-un.txt and NAME-nh.txt); where the games differ
# the two maps must differ, where DECISIONS.md makes them alike they must
# be identical.  Differences the text map cannot show (wall shapes, light,
# altar bits) are compared as one field of the JSON cells (NAME-*.FIELD).
# Then the MiniHack-style environments of tests/dialect/env, whose MAZE
# header makes them 3.6 files; their reachability is asserted by the unit
# test test_dialect_envs.
DL=tests/dialect

# dl_field JSON FIELD: one character per cell of that field of the JSON
# "cells" (0 blank, 1-9, a-z for 10-35, A-Z for 36-61), trailing blanks
# dropped: 21 rows.
dl_field() {
    awk -v k="$2" '
        BEGIN { sym = "123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" }
        /"cells": \[/ { on = 1; next }
        on && n < 21 {
            line = $0
            sub(/^ *\[\[/, "", line)
            sub(/\]\],? *$/, "", line)
            m = split(line, cell, /\],\[/)
            s = ""
            for (i = 1; i <= m; i++) {
                split(cell[i], f, ",")
                v = f[k + 1] + 0
                s = s (v == 0 ? " " : v <= 61 ? substr(sym, v, 1) : "?")
            }
            sub(/ +$/, "", s)
            print s
            n++
        }' "$1"
}

# dl_level NAME SEED KIND [FIELD...]: the map of run/NAME.des in both
# dialects against its goldens; KIND "differ" or "same"; each FIELD
# (1 lit, 0 terrain, 8 flags ...) also compared from the JSON.
dl_opts=
dl_level() {
    dl_name=$1 dl_seed=$2 dl_kind=$3
    shift 3
    for dl_d in un nh; do
        case $dl_d in un) dl_opt=unnethack ;; *) dl_opt=nethack36 ;; esac
        expect_stdout "$dl_name ($dl_opt, seed $dl_seed)" 0 \
            "$DL/run/$dl_name-$dl_d.txt" \
            "$BIN/levgen" --dialect "$dl_opt" --seed "$dl_seed" $dl_opts \
            "$DL/run/$dl_name.des"
        cp "$TMPD/out" "$TMPD/dl-$dl_d.txt"
        for dl_f in "$@"; do
            run "$BIN/levgen" --dialect "$dl_opt" --seed "$dl_seed" --format json \
                $dl_opts "$DL/run/$dl_name.des"
            dl_field "$TMPD/out" "$dl_f" >"$TMPD/dl-$dl_d.f$dl_f"
            compare_golden "$dl_name ($dl_opt) cell field $dl_f" \
                "$TMPD/dl-$dl_d.f$dl_f" "$DL/run/$dl_name-$dl_d.f$dl_f"
        done
    done
    dl_a=$TMPD/dl-un.txt dl_b=$TMPD/dl-nh.txt
    [ $# -eq 0 ] || { dl_a=$TMPD/dl-un.f$1 dl_b=$TMPD/dl-nh.f$1; }
    if [ "$dl_kind" = same ]; then
        expect_same "$dl_name: the same level in both dialects" "$dl_a" "$dl_b"
    elif cmp -s "$dl_a" "$dl_b"; then
        fail "$dl_name: the dialects give different levels" "both are equal"
    else
        pass "$dl_name: the dialects give different levels"
    fi
}

dl_level terrain-stairs 3 differ
dl_level grow 3 differ
dl_level cavewall 5 differ
dl_level caverooms 36 differ
dl_level caveinit 5 differ 1
dl_level corridors 2 differ
dl_level corrstyle 2 differ
expect_same "corrstyle: NetHack 3.6 ignores the corridor style" \
    "$DL/run/corrstyle-nh.txt" "$DL/run/corridors-nh.txt"
dl_level roomplace 1 differ
dl_level subroom 1 differ 0
dl_level roomdoor 4 differ
dl_level stair 6 differ
dl_level sanctum 3 differ 8
dl_opts=--flip-everywhere
dl_level flip 1 differ
dl_opts=
# Without the option UnNetHack draws the same coins but, outside Sokoban,
# keeps the level as drawn: the 3.6 map.
expect_stdout "flip: UnNetHack mirrors only Sokoban levels" 0 \
    "$DL/run/flip-nh.txt" \
    "$BIN/levgen" --dialect unnethack --seed 1 "$DL/run/flip.des"
dl_level lregion 3 differ
dl_level mazefill 11 differ
dl_level same 2 same

# ---- MiniHack-style environments: 3.6 files by their MAZE header ----
for dl_env in mh-room mh-keymaze mh-lava; do
    expect_stdout "$dl_env (seed 1)" 0 "$DL/env/$dl_env.txt" \
        "$BIN/levgen" --seed 1 "$DL/env/$dl_env.des"
    run "$BIN/levgen" --disasm "$DL/env/$dl_env.des"
    expect_text "$dl_env is read as NetHack 3.6" "$TMPD/out" "(NetHack 3.6)"
    # lev_comp's .lev gives the same map as levgen's in-memory compile
    mkdir -p "$TMPD/dl-env"
    run "$BIN/lev_comp" -o "$TMPD/dl-env" "$DL/env/$dl_env.des"
    dl_lev=$(ls "$TMPD/dl-env"/*.lev 2>/dev/null | head -1)
    if [ "$RC" -ne 0 ] || [ -z "$dl_lev" ]; then
        fail "lev_comp compiles $dl_env" "status $RC" "$(head -3 "$TMPD/err")"
    else
        expect_stdout "$dl_env from lev_comp's .lev" 0 "$DL/env/$dl_env.txt" \
            "$BIN/levgen" --seed 1 "$dl_lev"
    fi
    rm -rf "$TMPD/dl-env"
done
