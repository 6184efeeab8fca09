/* fuzz_des_run.c - harness 1b: des-file text -> the whole compiler in
 * memory (front end, checker, code generator) -> verifying loader of each
 * level -> interpreter (the limits of fuzz_util.h).
 *
 * Invariants (abort when broken):
 *   - a file with errors gives no levels;
 *   - the code generator's output always passes the verifying loader;
 *   - the interpreter stops within its limits, with a level or a message.
 * INCLUDE names are looked up beside a file in a directory that does not
 * exist, so the harness reads no files.  fuzz_des_parse.c covers the
 * front end and checker alone, many times faster. */
#include "common/common.h"
#include "splev/interp.h"
#include "splev/levcomp.h"

#include "fuzz_util.h"

#define FDR_NAME "/nonexistent-splev-fuzz/fuzz.des"

static void fdr_level(const splev_compiled_level *lv, uint64_t seed)
{
    char err[512];
    err[0] = '\0';
    splev_levscript *s = splev_lev_decode(lv->bytes, lv->len, err, sizeof err);
    if (!s)
        fuzz_fail("level \"%s\": the generated script fails verification: %s",
                  lv->name, err);
    splev_genctx ctx;
    fuzz_genctx(&ctx, seed);
    err[0] = '\0';
    splev_level *lev = splev_run(s, &ctx, seed, err, sizeof err);
    if (lev)
        splev_level_free(lev);
    else if (err[0] == '\0')
        fuzz_fail("level \"%s\": the interpreter failed without a message",
                  lv->name);
    splev_lev_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 20))
        return 0;
    static splev_levcomp *lc;
    if (!lc) {
        splev_levcomp_opts o;
        memset(&o, 0, sizeof o);
        o.diag_out = fuzz_sink();
        o.bytes_only = 1;           /* the harness loads each level itself */
        char err[256];
        lc = splev_levcomp_new(&o, err, sizeof err);
        if (!lc)
            fuzz_fail("splev_levcomp_new: %s", err);
    }
    char *src = fuzz_copy(data, size, 0);
    splev_compiled *r = splev_levcomp_buffer(lc, FDR_NAME, src, size);
    if (!r)
        fuzz_fail("splev_levcomp_buffer returned NULL");
    if (r->errors == 0) {
        uint64_t seed = fuzz_hash(data, size);
        for (size_t i = 0; i < r->nlevels; i++)
            fdr_level(&r->levels[i], seed + i);
    } else if (r->nlevels != 0) {
        fuzz_fail("a file with errors gave %zu levels", r->nlevels);
    }
    splev_compiled_free(r);
    free(src);
    return 0;
}
