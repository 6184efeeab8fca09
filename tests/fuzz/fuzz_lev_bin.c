/* fuzz_lev_bin.c - harness 3: arbitrary bytes as a .lev -> verifying loader
 * -> the interpreter (when include/splev/interp.h exists) with the limits
 * of fuzz_util.h.
 *
 * Invariants (abort when broken):
 *   - a rejected file always gets a reason;
 *   - a script the loader accepts encodes to bytes it accepts again, and its
 *     listing and source positions can be produced. */
#include "common/common.h"
#include "splev/levscript.h"

#if defined(__has_include)
#if __has_include("splev/interp.h")
#include "splev/interp.h"
#define FLB_INTERP 1
#endif
#endif

#include "fuzz_util.h"

/* Most mutated inputs would stop at the size or checksum test.  For 7 of 8
 * inputs (chosen by their hash) the harness writes the true size and
 * checksum into the header first, so the fuzzer reaches the records; the
 * 8th keeps them as they are, so those tests are fuzzed too. */
static void flb_fix_header(unsigned char *b, size_t size, uint64_t h)
{
    if (size < 64 || size > 0xffffffffu || h % 8 == 0)
        return;
    uint32_t n = (uint32_t)size;
    for (int i = 0; i < 4; i++)
        b[12 + i] = (unsigned char)(n >> (8 * i));
    uint32_t c = crc32_bytes(b + 20, size - 20);
    for (int i = 0; i < 4; i++)
        b[16 + i] = (unsigned char)(c >> (8 * i));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned char *buf = (unsigned char *)fuzz_copy(data, size, 0);
    flb_fix_header(buf, size, fuzz_hash(data, size));
    char err[256];
    err[0] = '\0';
    splev_levscript *s = splev_lev_decode(buf, size, err, sizeof err);
    if (!s) {
        if (err[0] == '\0')
            fuzz_fail("the loader rejects without a reason");
    } else {
        splev_lev_disasm(fuzz_sink(), s);
        for (uint32_t pc = 0; pc <= s->n_insns; pc++) {
            uint32_t line = 0;
            (void)splev_lev_source(s, pc, &line);
        }
        size_t n = 0;
        unsigned char *again = splev_lev_encode(s, &n);
        splev_levscript *back = splev_lev_decode(again, n, err, sizeof err);
        if (!back)
            fuzz_fail("a loaded script does not load again: %s", err);
        splev_lev_free(back);
        free(again);
#ifdef FLB_INTERP
        fuzz_run_script(s, fuzz_hash(data, size));
#endif
        splev_lev_free(s);
    }
    free(buf);
    return 0;
}
