/* fuzz_des_parse.c - harness 1a: des-file text -> front end (scanner,
 * parser, INCLUDE, variables) -> checker -> syntax-tree dump.  No code is
 * generated or run (fuzz_des_run.c does that), so it runs many times
 * faster and spends its time on the languages' corners.
 *
 * Invariants (abort when broken):
 *   - lev_parse_buffer and lev_check always return a result, and the
 *     checker is given only files the front end accepts (as lev_comp);
 *   - every FUNCTION of the checker's plan is found by its name.
 * INCLUDE names are looked up in a directory that does not exist. */
#include "common/common.h"
#include "lev_check/lev_check.h"
#include "lev_front/lev_front.h"

#include "fuzz_util.h"

#define FDP_NAME "/nonexistent-splev-fuzz/fuzz.des"

static void fdp_check(const lev_file *f)
{
    lev_check_opts co;
    memset(&co, 0, sizeof co);
    co.diag_out = fuzz_sink();
    co.extra_warnings = 1;
    lev_plan *p = lev_check(f, &co);
    if (!p)
        fuzz_fail("lev_check returned NULL");
    for (size_t i = 0; i < p->nfuncs; i++)
        if (lev_plan_function(p, p->funcs[i]->name) != p->funcs[i])
            fuzz_fail("FUNCTION %s is not found by its name",
                      p->funcs[i]->name);
    if (p->errors == 0)
        lev_dump(fuzz_sink(), f);
    lev_plan_free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 20))
        return 0;
    char *src = fuzz_copy(data, size, 0);
    lev_options opt;
    memset(&opt, 0, sizeof opt);
    opt.diag_out = fuzz_sink();
    lev_file *f = lev_parse_buffer(FDP_NAME, src, size, &opt);
    if (!f)
        fuzz_fail("lev_parse_buffer returned NULL");
    if (f->errors == 0)
        fdp_check(f);
    lev_file_free(f);
    free(src);
    return 0;
}
