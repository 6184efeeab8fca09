/* fuzz_dgn_bin.c - harness 4: arbitrary bytes as a binary dungeon script ->
 * verifying loader -> layout -> layout validator.
 *
 * Invariants (abort when broken):
 *   - a script the loader accepts encodes to bytes it accepts again;
 *   - a layout the builder returns always passes the validator. */
#include "common/common.h"
#include "splev/dungeon.h"

#include "fuzz_util.h"

/* Most mutated inputs would stop at the size or checksum test.  For 7 of 8
 * inputs (chosen by their hash) the harness writes the true size and
 * checksum into the header first, so the fuzzer reaches the records; the
 * 8th keeps them as they are, so those tests are fuzzed too. */
static void fdb_fix_header(unsigned char *b, size_t size, uint64_t h)
{
    if (size < 32 || size > 0xffffffffu || h % 8 == 0)
        return;
    uint32_t n = (uint32_t)size;
    for (int i = 0; i < 4; i++)
        b[12 + i] = (unsigned char)(n >> (8 * i));
    uint32_t c = crc32_bytes(b + 32, size - 32);
    for (int i = 0; i < 4; i++)
        b[28 + i] = (unsigned char)(c >> (8 * i));
}

static void fdb_layout(const splev_dgn_script *s, uint64_t seed)
{
    char err[256];
    splev_layout *l = splev_dgn_layout(s, seed, err, sizeof err);
    if (!l)
        return;
    if (splev_layout_validate(s, l, err, sizeof err) != 0)
        fuzz_fail("layout of seed %llu fails validation: %s",
                  (unsigned long long)seed, err);
    splev_layout_print_json(fuzz_sink(), s, l);
    splev_layout_free(l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned char *buf = (unsigned char *)fuzz_copy(data, size, 0);
    fdb_fix_header(buf, size, fuzz_hash(data, size));
    char err[256];
    err[0] = '\0';
    splev_dgn_script *s = splev_dgn_decode(buf, size, err, sizeof err);
    if (!s) {
        if (err[0] == '\0')
            fuzz_fail("the loader rejects without a reason");
    } else {
        size_t n = 0;
        unsigned char *again = splev_dgn_encode(s, &n);
        splev_dgn_script *back = splev_dgn_decode(again, n, err, sizeof err);
        if (!back)
            fuzz_fail("a loaded script does not load again: %s", err);
        splev_dgn_script_free(back);
        free(again);
        fdb_layout(s, 7);
        fdb_layout(s, fuzz_hash(data, size));
        splev_dgn_script_free(s);
    }
    free(buf);
    return 0;
}
