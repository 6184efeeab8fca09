/* fuzz_des_src.c - harness 1: des-file text -> front end -> checker ->
 * code generator -> verifying loader -> interpreter (small limits).
 *
 * Invariants (abort when broken):
 *   - the code generator's output always passes the verifying loader;
 *   - the interpreter stops within its limits, with a level or a message.
 * Built against whatever part of the des pipeline exists: the whole
 * compiler (splev/levcomp.h), else the front end alone (a parse and a dump
 * of the syntax tree).  INCLUDE names are looked up beside a file in a
 * directory that does not exist, so the harness reads no files. */
#include "common/common.h"

#include "fuzz_util.h"

#if defined(__has_include)
#if __has_include("splev/levcomp.h")
#include "splev/levcomp.h"
#define FDS_LEVCOMP 1
#endif
#if __has_include("splev/interp.h")
#include "splev/interp.h"
#define FDS_INTERP 1
#endif
#endif
#ifndef FDS_LEVCOMP
#include "lev_front/lev_front.h"
#endif

#define FDS_NAME "/nonexistent-splev-fuzz/fuzz.des"

#ifdef FDS_LEVCOMP
static void fds_level(const splev_compiled_level *lv, uint64_t seed)
{
    char err[512];
    err[0] = '\0';
    splev_levscript *s = splev_lev_decode(lv->bytes, lv->len, err, sizeof err);
    if (!s)
        fuzz_fail("level \"%s\": the generated script fails verification: %s",
                  lv->name, err);
#ifdef FDS_INTERP
    splev_genctx ctx;
    splev_genctx_init(&ctx);
    ctx.max_steps = 5000;
    ctx.max_call_depth = 20;
    ctx.max_things = 2000;
    ctx.max_string = 4096;
    err[0] = '\0';
    splev_level *lev = splev_run(s, &ctx, seed, err, sizeof err);
    if (lev)
        splev_level_free(lev);
    else if (err[0] == '\0')
        fuzz_fail("level \"%s\": the interpreter failed without a message",
                  lv->name);
#else
    (void)seed;
#endif
    splev_lev_free(s);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 20))
        return 0;
    char *src = fuzz_copy(data, size, 0);
#ifdef FDS_LEVCOMP
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
    splev_compiled *r = splev_levcomp_buffer(lc, FDS_NAME, src, size);
    if (!r)
        fuzz_fail("splev_levcomp_buffer returned NULL");
    if (r->errors == 0) {
        uint64_t seed = fuzz_hash(data, size);
        for (size_t i = 0; i < r->nlevels; i++)
            fds_level(&r->levels[i], seed + i);
    } else if (r->nlevels != 0) {
        fuzz_fail("a file with errors gave %zu levels", r->nlevels);
    }
    splev_compiled_free(r);
#else
    lev_options opt;
    memset(&opt, 0, sizeof opt);
    opt.diag_out = fuzz_sink();
    lev_file *f = lev_parse_buffer(FDS_NAME, src, size, &opt);
    if (!f)
        fuzz_fail("lev_parse_buffer returned NULL");
    if (f->errors == 0)
        lev_dump(fuzz_sink(), f);
    lev_file_free(f);
#endif
    free(src);
    return 0;
}
