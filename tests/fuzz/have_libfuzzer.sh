#!/bin/sh
# have_libfuzzer.sh [CC]: true when CC (default clang) can link a libFuzzer
# harness with ASan and UBSan.
cc=${1:-clang}
command -v "$cc" >/dev/null 2>&1 || exit 1
t=$(mktemp -d "${TMPDIR:-/tmp}/splev-fz.XXXXXX") || exit 1
trap 'rm -rf "$t"' EXIT
cat >"$t/h.c" <<'C'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }
C
"$cc" -fsanitize=fuzzer,address,undefined -o "$t/h" "$t/h.c" >/dev/null 2>&1
