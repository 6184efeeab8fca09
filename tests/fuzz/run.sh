#!/bin/sh
# run.sh BUILD MODE SECONDS HARNESS...: run libFuzzer harnesses built by
# `make fuzz`, one after the other, each for SECONDS.
#   MODE smoke: a throw-away working corpus (make check-fuzz);
#   MODE long:  the working corpus BUILD/fuzz/work-HARNESS is kept between
#               runs, and the log goes to BUILD/fuzz/HARNESS.log.
# Extra libFuzzer options can be given in FUZZ_ARGS.  Crashers are written
# to BUILD/fuzz/crash-HARNESS/.  Exits 1 when any harness found something.
set -u
cd "$(dirname "$0")/../.." || exit 2
build=$1 mode=$2 secs=$3
shift 3
status=0
# A smaller ASan quarantine and shorter allocation stacks: a run allocates
# and frees a whole level many times a second, and the default 256 MB
# quarantine made most of that fresh pages from the kernel (about a third
# faster this way; use-after-free is still caught within 16 MB of frees).
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16:malloc_context_size=8}
for h in "$@"; do
    bin=$build/fuzz/fuzz_$h
    case $h in
    dgn_src) dict=tests/fuzz/dgn.dict max_len=65536 ;;
    des_parse) dict=tests/fuzz/des.dict max_len=8192 ;;
    des_run) dict=tests/fuzz/des.dict max_len=4096 ;;
    dgn_bin) dict=tests/fuzz/dgn_bin.dict max_len=16384 ;;
    lev_bin) dict=tests/fuzz/lev_bin.dict max_len=16384 ;;
    classic_lev) dict= max_len=16384 ;;
    *) dict= max_len=4096 ;;
    esac
    work=$build/fuzz/work-$h
    [ "$mode" = long ] || { work=$build/fuzz/smoke-$h; rm -rf "$work"; }
    crashes=$build/fuzz/crash-$h
    mkdir -p "$work" "$crashes"
    log=$build/fuzz/$h.log
    [ "$mode" = long ] || log=$build/fuzz/smoke-$h.log
    echo "fuzz: $h for ${secs}s (log $log)"
    "$bin" ${dict:+-dict=$dict} -max_len=$max_len -timeout=25 \
        -rss_limit_mb=2048 -max_total_time="$secs" -print_final_stats=1 \
        -artifact_prefix="$crashes/" ${FUZZ_ARGS:-} \
        "$work" "$build/fuzz/corpus-$h" >"$log" 2>&1
    rc=$?
    # One line: executions, exec/s, coverage (edges and features) at the end.
    awk -v h="$h" '
        /^stat::number_of_executed_units:/ { runs = $2 }
        /^stat::average_exec_per_sec:/ { eps = $2 }
        / cov: / { for (i = 1; i < NF; i++) { if ($i == "cov:") cov = $(i + 1)
                                             if ($i == "ft:") ft = $(i + 1)
                                             if ($i == "corp:") corp = $(i + 1) } }
        END { printf "fuzz: %s: %s runs, %s exec/s, cov %s, ft %s, corpus %s\n",
                     h, runs, eps, cov, ft, corp }' "$log"
    if [ $rc -ne 0 ]; then
        echo "fuzz: $h FAILED (status $rc): see $log and $crashes/"
        grep -m5 -E 'ERROR|runtime error|invariant|SUMMARY' "$log"
        status=1
    fi
done
exit $status
