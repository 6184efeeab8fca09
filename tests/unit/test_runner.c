/* test_runner.c - a runner (splev_runner_*: one level's memory and the
 * interpreter's buffers reused from run to run) makes the very levels
 * splev_run makes.  Every level of the project's dat/ files, seeds 1..4,
 * interleaved through ONE runner so each run inherits a different level's
 * leftovers, compared as JSON with a fresh splev_run; and a run that fails
 * (step limit) in the middle must not disturb the next one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "splev/interp.h"
#include "splev/levcomp.h"
#include "splev/level.h"
#include "unit.h"

static const char *const dat_files[] = {
    "dat/keep.des", "dat/arena.des", "dat/crypt.des", "dat/caves.des",
    "dat/spire.des", "dat/ember.des", "dat/branches.des", "dat/vaults.des",
};
#define NFILES (sizeof dat_files / sizeof dat_files[0])

/* 1 when the runner's level for (s, seed) equals splev_run's. */
static int same_level(splev_runner *r, const splev_levscript *s,
                      const splev_genctx *ctx, uint64_t seed)
{
    char e1[300] = "", e2[300] = "";
    splev_level *fresh = splev_run(s, ctx, seed, e1, sizeof e1);
    const splev_level *reused = splev_runner_run(r, s, ctx, seed, e2,
                                                 sizeof e2);
    int same;
    if (!fresh || !reused) {
        same = !fresh && !reused && strcmp(e1, e2) == 0;
    } else {
        char *a = splev_level_to_json(fresh);
        char *b = splev_level_to_json(reused);
        same = strcmp(a, b) == 0;
        free(a);
        free(b);
    }
    if (!same)
        printf("# %s seed %llu differs (%s | %s)\n", s->name,
               (unsigned long long)seed, e1, e2);
    splev_level_free(fresh);
    return same;
}

static splev_compiled *compile_text(splev_levcomp *lc, const char *text)
{
    return splev_levcomp_buffer(lc, "loop.des", text, strlen(text));
}

int main(void)
{
    splev_levcomp_opts o;
    memset(&o, 0, sizeof o);
    o.no_warnings = 1;
    char err[300];
    splev_levcomp *lc = splev_levcomp_new(&o, err, sizeof err);
    CHECK(lc != NULL, "compiler made");
    if (!lc)
        return unit_status();

    splev_compiled *files[NFILES];
    size_t nlevels = 0;
    for (size_t i = 0; i < NFILES; i++) {
        files[i] = splev_levcomp_file(lc, dat_files[i]);
        CHECK(files[i]->errors == 0 && files[i]->nlevels > 0,
              "%s compiles", dat_files[i]);
        nlevels += files[i]->nlevels;
    }
    splev_compiled *loop = compile_text(
        lc, "LEVEL: \"loop\"\nINIT_MAP: solidfill, ' '\n"
            "LOOP [1000000] { WALLIFY }\n");
    CHECK(loop->errors == 0 && loop->nlevels == 1, "runaway level compiles");

    splev_genctx ctx, tight;
    splev_genctx_init(&ctx);
    splev_genctx_init(&tight);
    tight.max_steps = 20000;

    splev_runner *r = splev_runner_new();
    int bad = 0, runs = 0;
    /* Seed-major, so consecutive runs are different levels. */
    for (uint64_t seed = 1; seed <= 4; seed++)
        for (size_t i = 0; i < NFILES; i++)
            for (size_t k = 0; k < files[i]->nlevels; k++) {
                const splev_levscript *s = files[i]->levels[k].script;
                bad += !same_level(r, s, &ctx, seed);
                runs++;
                if (k == 0 && loop->nlevels == 1) {
                    char e[300] = "";
                    const splev_level *l = splev_runner_run(
                        r, loop->levels[0].script, &tight, seed, e, sizeof e);
                    bad += l != NULL || !strstr(e, "step limit");
                }
            }
    CHECK(nlevels >= 20, "dat/ has %zu levels", nlevels);
    CHECK(bad == 0, "%d runs through one runner equal splev_run's levels "
                    "(%d differ), a failed run between them",
          runs, bad);
    splev_runner_free(r);

    for (size_t i = 0; i < NFILES; i++)
        splev_compiled_free(files[i]);
    splev_compiled_free(loop);
    splev_levcomp_free(lc);
    return unit_status();
}
