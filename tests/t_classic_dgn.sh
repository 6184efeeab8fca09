# t_classic_dgn.sh - dgn_comp --target unnethack|nethack36: the games'
# `dungeon` file, byte for byte what their own build (makedefs -e, then
# their dgn_comp) writes; the errors where their tools would not take the
# text; usage errors.
DGN=$BIN/dgn_comp
CDIR=tests/dgn/classic
GAMES="unnethack nethack36"

# Usage: a game target needs the game build's date.h.
usage_case() {
    name=$1 want=$2 text=$3
    shift 3
    run "$DGN" "$@"
    if crashed || [ "$RC" -ne "$want" ]; then
        fail "usage: $name" "exit status $RC, expected $want" "$(head -3 "$TMPD/err")"
    elif [ "$(cat "$TMPD/err")" != "$text" ]; then
        fail "usage: $name" "stderr differs:" "$(cat "$TMPD/err")"
    else
        pass "usage: $name"
    fi
}
usage_case "target without --game-version" 2 "dgn_comp: --target unnethack needs --game-version DATE_H (the game build's include/date.h)
Try 'dgn_comp --help'." --target unnethack $CDIR/both-chains.def
usage_case "nethack36 without --game-version" 2 "dgn_comp: --target nethack36 needs --game-version DATE_H (the game build's include/date.h)
Try 'dgn_comp --help'." --target nethack36 -o "$TMPD/u" $CDIR/both-chains.def
usage_case "unknown target" 2 "dgn_comp: unknown target 'nethack34' (splev, unnethack or nethack36)
Try 'dgn_comp --help'." --target nethack34 --game-version $CDIR/date-unnethack.h $CDIR/both-chains.def
usage_case "--target without a game" 2 "dgn_comp: option --target needs a game
Try 'dgn_comp --help'." --target
usage_case "--game-version without a file" 2 "dgn_comp: option --game-version needs a file name
Try 'dgn_comp --help'." --target unnethack --game-version
usage_case "--game-version for our format" 2 "dgn_comp: --game-version is only for --target unnethack or nethack36
Try 'dgn_comp --help'." --game-version $CDIR/date-unnethack.h $CDIR/both-chains.def
usage_case "date.h without SANITY3 for nethack36" 1 "$CDIR/date-unnethack.h: error: no VERSION_SANITY3 defined (the nethack36 version record needs it; pass the game build's include/date.h)" \
    --target nethack36 --game-version $CDIR/date-unnethack.h -o "$TMPD/u" $CDIR/both-chains.def
usage_case "missing date.h" 1 "$TMPD/none.h: error: cannot open: No such file or directory" \
    --target unnethack --game-version "$TMPD/none.h" -o "$TMPD/u" $CDIR/both-chains.def
expect_no_file "usage errors write nothing" "$TMPD/u"
usage_case "--target splev is our format" 0 "" --target splev -o "$TMPD/s1" $CDIR/both-chains.def
run "$DGN" -o "$TMPD/s2" $CDIR/both-chains.def
expect_same "--target splev writes what the default writes" "$TMPD/s1" "$TMPD/s2"

# The layout without the oracles, from a made-up version record: header
# words, the dungeon count, record sizes and where the first dungeon starts.
for g in $GAMES; do
    words=4; [ $g = nethack36 ] && words=5
    run "$DGN" --target $g --game-version $CDIR/date-$g.h -o "$TMPD/l.$g" \
        $CDIR/both-levalign.def
    size=$(wc -c <"$TMPD/l.$g" | tr -d ' ')
    # 2 dungeons, 3 levels, 1 branch.
    want=$((words * 8 + 4 + 2 * 76 + 3 * 48 + 40))
    if [ "$RC" -eq 0 ] && [ "$size" -eq "$want" ]; then
        pass "$g: file size $want"
    else
        fail "$g: file size" "status $RC, $size bytes, expected $want"
    fi
    first=$(od -An -tx1 -j 0 -N 8 "$TMPD/l.$g" | tr -d ' \n')
    count=$(od -An -tx1 -j $((words * 8)) -N 4 "$TMPD/l.$g" | tr -d ' \n')
    name=$(dd if="$TMPD/l.$g" bs=1 skip=$((words * 8 + 4)) count=5 2>/dev/null)
    if [ "$count" = 02000000 ] && [ "$name" = First ]; then
        pass "$g: dungeon count and first record"
    else
        fail "$g: dungeon count and first record" "count $count name '$name'"
    fi
    case $g in
    unnethack) wantv=000f000600000000 ;;
    nethack36) wantv=0007060300000000 ;;
    esac
    if [ "$first" = "$wantv" ]; then pass "$g: VERSION_NUMBER first"
    else fail "$g: VERSION_NUMBER first" "got $first"; fi
done

# What their tools reject, or what their loader cannot use: exact errors,
# exit 1, nothing written (the games' dgn_comp writes a file regardless).
for f in tests/dgn/classic-errors/*.def; do
    n=${f%.def}
    for g in $GAMES; do
        want=0
        grep -q ': error: ' "$n.$g.err" && want=1
        rm -f "$TMPD/e.dgn"
        expect_stderr "$(basename "$n") ($g)" $want "$n.$g.err" \
            "$DGN" --target $g --game-version $CDIR/date-$g.h -o "$TMPD/e.dgn" "$f"
        [ $want = 1 ] && expect_no_file "$(basename "$n") ($g) writes nothing" "$TMPD/e.dgn"
    done
done

# Byte for byte against the games' own build: makedefs -e run from a folder
# whose ../dat holds dungeon.def, then dgn_comp dungeon.pdf, in fresh dirs.
oracle_dungeon() {   # GAME DEF OUT: 0 when the oracle wrote OUT cleanly
    od_dir=$(mktemp -d "$TMPD/oracle.XXXXXX")
    mkdir "$od_dir/dat" "$od_dir/util"
    cp "$2" "$od_dir/dat/dungeon.def"
    (cd "$od_dir/util" && "$SHARED/oracle/$1/makedefs" -e) >/dev/null 2>&1 &&
        (cd "$od_dir/dat" && "$SHARED/oracle/$1/dgn_comp" dungeon.pdf) \
            >"$od_dir/log" 2>&1 &&
        ! [ -s "$od_dir/log" ] && cp "$od_dir/dat/dungeon" "$3"
    od_rc=$?
    rm -rf "$od_dir"
    return $od_rc
}

# same_as_oracle LABEL GAME DEF [-D NAME]...: our file equals theirs.
same_as_oracle() {
    so_label=$1 so_game=$2 so_def=$3
    shift 3
    rm -f "$TMPD/theirs" "$TMPD/ours"
    if ! oracle_dungeon "$so_game" "$so_def" "$TMPD/theirs"; then
        fail "$so_label" "the $so_game oracle did not take $so_def"
        return
    fi
    run "$DGN" -w --target "$so_game" \
        --game-version "$SHARED/oracle/$so_game/date.h" -o "$TMPD/ours" "$@" "$so_def"
    if crashed || [ "$RC" -ne 0 ]; then
        fail "$so_label" "exit status $RC" "$(head -3 "$TMPD/err")"
    else
        expect_same "$so_label" "$TMPD/ours" "$TMPD/theirs"
    fi
}

if need_shared "classic dungeon files against the oracles" &&
   [ -x "$SHARED/oracle/unnethack/dgn_comp" ]; then
    same_as_oracle "corpus dungeon.def: unnethack bytes" unnethack \
        "$SHARED/corpus/unnethack/dungeon.def"
    # The corpus file's LEVALIGN for "Town" lands on Sokoban's last level in
    # the game's file; the warning says so.
    run "$DGN" --check --target unnethack \
        --game-version "$SHARED/oracle/unnethack/date.h" \
        "$SHARED/corpus/unnethack/dungeon.def"
    expect_text "corpus: LEVALIGN warning names the level the file changes" \
        "$TMPD/err" 'LEVALIGN before any LEVEL of dungeon "Town": the game'"'"'s compiler applies it to the latest level, "soko3"'
    for f in $CDIR/both-*.def; do
        for g in $GAMES; do
            same_as_oracle "$(basename "$f") ($g)" $g "$f"
        done
    done
    # The oracles' builds: NetHack 3.6 has UNIX and TTY_GRAPHICS on (and
    # VMS off), UnNetHack has REINCARNATION on.
    same_as_oracle "nh36-conditionals.def (nethack36)" nethack36 \
        $CDIR/nh36-conditionals.def -D UNIX -D TTY_GRAPHICS
    same_as_oracle "un-reincarnation.def (unnethack)" unnethack \
        $CDIR/un-reincarnation.def -D REINCARNATION
    # With the option off, the lines go: as if they were never written.
    grep -v '^%' $CDIR/un-reincarnation.def >"$TMPD/nore.def"
    oracle_dungeon unnethack "$TMPD/nore.def" "$TMPD/theirs"
    run "$DGN" -w --target unnethack --game-version \
        "$SHARED/oracle/unnethack/date.h" -o "$TMPD/ours" $CDIR/un-reincarnation.def
    expect_same "un-reincarnation.def without -D" "$TMPD/ours" "$TMPD/theirs"
    # Every description of the other suites: where both take it, the same
    # bytes; where the oracle takes it and we do not, nothing is written
    # (those files break rules the games do not check).
    for f in tests/dgn/*/*.def dat/dungeon.def; do
        case $f in */classic-errors/*|*/classic/*) continue ;; esac
        for g in $GAMES; do
            rm -f "$TMPD/theirs" "$TMPD/ours"
            oracle_dungeon $g "$f" "$TMPD/theirs" || continue
            run "$DGN" -w --target $g \
                --game-version "$SHARED/oracle/$g/date.h" -o "$TMPD/ours" "$f"
            if crashed; then
                fail "$f ($g)" "crashed" "$(head -3 "$TMPD/err")"
            elif [ "$RC" -eq 0 ]; then
                expect_same "$f ($g): the oracle's bytes" "$TMPD/ours" "$TMPD/theirs"
            else
                expect_no_file "$f ($g): rejected, nothing written" "$TMPD/ours"
            fi
        done
    done
    # Our own dungeon uses our dialect ('%FESTIVAL', bones left out, '75%'):
    # neither game's tools take it, and neither do our classic targets.
    for g in $GAMES; do
        expect_status "dat/dungeon.def is not $g's dialect" 1 "$DGN" \
            --target $g --game-version "$SHARED/oracle/$g/date.h" \
            -o "$TMPD/dat.$g" dat/dungeon.def
        expect_no_file "dat/dungeon.def ($g) writes nothing" "$TMPD/dat.$g"
    done
    expect_text "dat/dungeon.def: '%FESTIVAL' named for nethack36" "$TMPD/err" \
        "dat/dungeon.def:31:1: error: '%FESTIVAL' lines are UnNetHack's conditionals"
fi
