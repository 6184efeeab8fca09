# t_outputs.sh - what an output path is decides how it is written (issue
# 18): a regular file is replaced atomically and keeps its mode, a
# read-only one is refused, a link to a regular file keeps being a link;
# devices, FIFOs and /dev/stdout are written through, never replaced.
# And an interrupted batch stops between two outputs and says so.
O=$TMPD/outputs
rm -rf "$O"
mkdir -p "$O"
DGN=$BIN/dgn_comp
"$DGN" -o "$O/ref" dat/dungeon.def 2>/dev/null

# o_same NAME FILE: FILE holds the reference script.
o_same() {
    if cmp -s "$2" "$O/ref"; then pass "$1"; else fail "$1" "$2 differs from the script"; fi
}

# A FIFO given to -o is written through: the reader gets the script and
# the FIFO stays a FIFO (it used to be replaced by a regular file).
mkfifo "$O/fifo"
cat "$O/fifo" >"$O/fifo.read" &
reader=$!
run timeout 10 "$DGN" -o "$O/fifo" dat/dungeon.def
# (a FIFO replaced by a file would leave the reader waiting forever)
[ -p "$O/fifo" ] || kill $reader 2>/dev/null
wait $reader
if [ "$RC" -eq 0 ] && [ -p "$O/fifo" ]; then
    pass "dgn_comp -o FIFO: exit 0, still a FIFO"
else
    fail "dgn_comp -o FIFO: exit 0, still a FIFO" "status $RC" "$(ls -l "$O/fifo")"
fi
o_same "dgn_comp -o FIFO: the reader gets the script" "$O/fifo.read"

# A character device (made here, as /dev/null is: mknod needs root).
if [ "$(id -u)" = 0 ] && mknod "$O/null" c 1 3 2>/dev/null; then
    run "$DGN" -o "$O/null" dat/dungeon.def
    if [ "$RC" -eq 0 ] && [ -c "$O/null" ]; then
        pass "dgn_comp -o a null device: exit 0, still the device"
    else
        fail "dgn_comp -o a null device: exit 0, still the device" "status $RC" "$(ls -l "$O/null")"
    fi
    ln -s "$O/null" "$O/null-link"
    run "$DGN" -o "$O/null-link" dat/dungeon.def
    if [ "$RC" -eq 0 ] && [ -L "$O/null-link" ] && [ -c "$O/null" ]; then
        pass "dgn_comp -o a link to a device: written through"
    else
        fail "dgn_comp -o a link to a device: written through" "status $RC"
    fi
else
    skip "dgn_comp -o a device node" "mknod needs root"
fi

# /dev/stdout (a link to the descriptor) prints, into a pipe or a file.
# The tests use a link of their own made like it: a regressed binary run
# as root would replace the system's /dev/stdout.
ln -s /proc/self/fd/1 "$O/stdout"
run "$DGN" -o "$O/stdout" dat/dungeon.def
o_same "dgn_comp -o /dev/stdout prints the script" "$TMPD/out"
printf 'kept\n' >"$O/append"
"$DGN" -o "$O/stdout" dat/dungeon.def >>"$O/append" 2>/dev/null
if [ "$(head -c 4 "$O/append")" = kept ] && [ "$(wc -c <"$O/append")" -eq $(($(wc -c <"$O/ref") + 5)) ]; then
    pass "dgn_comp -o /dev/stdout >>FILE appends"
else
    fail "dgn_comp -o /dev/stdout >>FILE appends" "$(wc -c <"$O/append") bytes"
fi

# A replaced regular file keeps its mode; a link to one stays a link.
printf 'old' >"$O/m600"
chmod 600 "$O/m600"
run "$DGN" -o "$O/m600" dat/dungeon.def
if [ "$RC" -eq 0 ] && [ "$(stat -c %a "$O/m600")" = 600 ]; then
    pass "a replaced 0600 output stays 0600"
else
    fail "a replaced 0600 output stays 0600" "status $RC, mode $(stat -c %a "$O/m600")"
fi
o_same "the 0600 output holds the script" "$O/m600"
printf 'old' >"$O/target"
ln -s target "$O/link"
run "$DGN" -o "$O/link" dat/dungeon.def
if [ "$RC" -eq 0 ] && [ -L "$O/link" ]; then
    pass "-o a link to a regular file: the link stays"
else
    fail "-o a link to a regular file: the link stays" "status $RC" "$(ls -l "$O")"
fi
o_same "-o a link to a regular file: its target replaced" "$O/target"

# A read-only output is refused (even for root), and kept as it was.
printf 'old' >"$O/ro"
chmod 444 "$O/ro"
run "$DGN" -o "$O/ro" dat/dungeon.def
if [ "$RC" -eq 1 ] && [ "$(cat "$O/ro")" = old ] &&
   grep -q "ro: error: cannot open output: Permission denied" "$TMPD/err"; then
    pass "a read-only output is an error and is kept"
else
    fail "a read-only output is an error and is kept" "status $RC" "$(cat "$TMPD/err")"
fi
chmod 644 "$O/ro"

# An output that already holds the new bytes is left in place (same
# inode: nothing removed or created) and only gets a new time, so that
# make sees it rebuilt; an output with other bytes of the same length, or
# another length, is replaced.  Each case against the reference script.
cp "$O/ref" "$O/same"
touch -d '2001-01-01 00:00' "$O/same"
ino=$(stat -c %i "$O/same")
run "$DGN" -o "$O/same" dat/dungeon.def
if [ "$RC" -eq 0 ] && [ "$(stat -c %i "$O/same")" = "$ino" ] &&
   [ "$(stat -c %Y "$O/same")" -gt 978307200 ]; then
    pass "an unchanged output stays in place with a new time"
else
    fail "an unchanged output stays in place with a new time" "status $RC" \
        "inode $ino -> $(stat -c %i "$O/same"), time $(stat -c %Y "$O/same")"
fi
o_same "an unchanged output still holds the script" "$O/same"
{ head -c 20 "$O/ref"; printf 'X'; tail -c +22 "$O/ref"; } >"$O/flip"
cmp -s "$O/flip" "$O/ref" && printf 'Y' | dd of="$O/flip" bs=1 seek=20 conv=notrunc 2>/dev/null
ino=$(stat -c %i "$O/flip")
run "$DGN" -o "$O/flip" dat/dungeon.def
if [ "$RC" -eq 0 ] && [ "$(stat -c %i "$O/flip")" != "$ino" ]; then
    pass "an output differing in one byte is replaced"
else
    fail "an output differing in one byte is replaced" "status $RC"
fi
o_same "an output differing in one byte: the script" "$O/flip"
{ cat "$O/ref"; printf 'tail'; } >"$O/longer"
run "$DGN" -o "$O/longer" dat/dungeon.def
o_same "a longer output with the script as its start: replaced" "$O/longer"

# lev_comp and levgen write the same way.
mkfifo "$O/lfifo"
"$BIN/lev_comp" -o "$O" dat/vaults.des 2>/dev/null
cat "$O/lfifo" >"$O/lfifo.read" &
reader=$!
run timeout 10 "$BIN/levgen" --seed 1 -o "$O/lfifo" "$O/vault-01.lev"
[ -p "$O/lfifo" ] || kill $reader 2>/dev/null
wait $reader
"$BIN/levgen" --seed 1 "$O/vault-01.lev" >"$O/vault.txt" 2>/dev/null
if [ "$RC" -eq 0 ] && [ -p "$O/lfifo" ] && cmp -s "$O/lfifo.read" "$O/vault.txt"; then
    pass "levgen -o FIFO: written through"
else
    fail "levgen -o FIFO: written through" "status $RC"
fi
mkdir -p "$O/lv"
ln -s ../stdout "$O/lv/vault-01.lev"
run "$BIN/lev_comp" -o "$O/lv" dat/vaults.des
if [ "$RC" -eq 0 ] && [ -L "$O/lv/vault-01.lev" ] && [ -s "$TMPD/out" ] &&
   cmp -s "$TMPD/out" "$O/vault-01.lev"; then
    pass "lev_comp: a level whose file is a link to /dev/stdout prints"
else
    fail "lev_comp: a level whose file is a link to /dev/stdout prints" "status $RC"
fi
if ls -a "$O" "$O/lv" | grep -q '\.tmp'; then
    fail "no temporary left by the output tests" "$(ls -a "$O" "$O/lv" | grep '\.tmp')"
else
    pass "no temporary left by the output tests"
fi

# SIGINT in a long lev_comp run: it stops between two outputs, removes
# its temporaries, says how many outputs it wrote and exits 130.
mkdir -p "$O/int/in" "$O/int/out"
awk 'BEGIN {
    for (f = 1; f <= 40; f++) {
        file = sprintf("'"$O"'/int/in/big%02d.des", f)
        printf "LEVEL:\"big%02d\"\n", f > file
        for (i = 0; i < 40000; i++)
            printf "OBJECT:(\x27(\x27,\"chest\"),(%d,%d)\n", i % 70 + 1, i % 18 + 1 > file
        close(file)
    }
}'
# (A background job of a script starts with SIGINT ignored, and such a
# signal stays ignored, as nohup wants: perl gives lev_comp the default.)
if command -v perl >/dev/null 2>&1; then
perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or exit 127' \
    "$BIN/lev_comp" -o "$O/int/out" "$O/int/in"/big*.des 2>"$O/int/err" &
pid=$!
sleep 1
kill -INT $pid 2>/dev/null
wait $pid
RC=$?
n=$(ls "$O/int/out" | grep -c '\.lev$')
if [ "$RC" -eq 130 ] && ! ls -a "$O/int/out" | grep -q '\.tmp' &&
   grep -q "^lev_comp: interrupted: $n outputs\{0,1\} written\$" "$O/int/err" &&
   [ "$n" -lt 40 ]; then
    pass "lev_comp: SIGINT stops between outputs, exit 130, count said"
else
    fail "lev_comp: SIGINT stops between outputs, exit 130, count said" \
        "status $RC, $n files" "$(cat "$O/int/err")"
fi
else
    skip "lev_comp: SIGINT stops between outputs" "no perl to reset SIGINT"
fi
rm -rf "$O/int"
