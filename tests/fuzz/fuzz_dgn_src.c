/* fuzz_dgn_src.c - harness 2: dungeon.def text -> front end -> checker ->
 * encoder -> verifying loader -> layout -> layout validator.
 *
 * Invariants (abort when broken):
 *   - what the compiler emits always loads, and loads to the same bytes;
 *   - a layout the builder returns always passes the validator. */
#include "common/common.h"
#include "dgn_front/dgn_front.h"
#include "splev/dungeon.h"

#include "fuzz_util.h"

static void fds_layout(const splev_dgn_script *s, uint64_t seed)
{
    char err[256];
    splev_layout *l = splev_dgn_layout(s, seed, err, sizeof err);
    if (!l)
        return;                 /* the levels may not fit: a fair outcome */
    if (splev_layout_validate(s, l, err, sizeof err) != 0)
        fuzz_fail("layout of seed %llu fails validation: %s",
                  (unsigned long long)seed, err);
    splev_layout_print_text(fuzz_sink(), s, l);
    splev_layout_free(l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const fds_defines[] = {"FESTIVAL", "BLACKMARKET"};
    if (size > (1u << 20))
        return 0;               /* the compiler takes up to 64 MB, but the
                                   fuzzer gains nothing from more than 1 MB */
    char *src = fuzz_copy(data, size, 0);
    diag d;
    diag_init(&d, "fuzz.def", src, size);
    d.out = fuzz_sink();
    dgn_options opt = {fds_defines, 2, 0, 0};
    dgn_ast ast;
    memset(&ast, 0, sizeof ast);
    dgn_parse_source(&d, src, size, &opt, &ast);
    splev_dgn_script *s = d.errors ? NULL : dgn_check(&d, &ast);
    if (s) {
        dgn_dump(fuzz_sink(), s);
        size_t n = 0;
        unsigned char *bytes = splev_dgn_encode(s, &n);
        char err[256];
        splev_dgn_script *back = splev_dgn_decode(bytes, n, err, sizeof err);
        if (!back)
            fuzz_fail("the loader rejects what the compiler wrote: %s", err);
        size_t n2 = 0;
        unsigned char *again = splev_dgn_encode(back, &n2);
        if (n2 != n || memcmp(bytes, again, n) != 0)
            fuzz_fail("decode + encode does not give the same bytes");
        free(again);
        fds_layout(back, 1);
        fds_layout(back, fuzz_hash(data, size));
        splev_dgn_script_free(back);
        free(bytes);
        splev_dgn_script_free(s);
    }
    dgn_ast_free(&ast);
    free(src);
    return 0;
}
