/* test_runner.c - a runner (splev_runner_*: one level's memory and the
 * interpreter's buffers reused from run to run) makes the very levels
 * splev_run makes.  Every level of the project's dat/ files, seeds 1..4,
 * interleaved through ONE runner so each run inherits a different level's
 * leftovers, compared as JSON with a fresh splev_run; and a run that fails
 * (step limit) in the middle must not disturb the next one.  Each level
 * also runs again right away, for another seed and then another context:
 * the runner's snapshot of a script's opening (snapshot.c) is used, or
 * must not be, and the level is the same either way. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "splev/interp.h"
#include "splev/levcomp.h"
#include "splev/level.h"
#include "splev/levscript.h"
#include "interp/vm.h"
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

/* Levels that open with FLAGS, INIT_MAP and MAP, the runner's snapshot
 * (all but the cave, whose INIT_MAP draws), then draw. */
static const char opening_des[] =
    "LEVEL: \"fixed\"\n"
    "FLAGS: noteleport\n"
    "INIT_MAP: solidfill, ' '\n"
    "GEOMETRY: center, center\n"
    "MAP\n"
    "-----------\n"
    "|.........|\n"
    "|....{....|\n"
    "|.........|\n"
    "-----------\n"
    "ENDMAP\n"
    "MONSTER: 'd', random\n"
    "OBJECT: '[', random\n"
    "TRAP: random, random\n"
    "LEVEL: \"mazy\"\n"
    "FLAGS: noteleport, mazelevel\n"
    "INIT_MAP: mazegrid, '-'\n"
    "GEOMETRY: center, center\n"
    "MAP\n"
    "}}}}}}}\n"
    "}-----}\n"
    "}|...|}\n"
    "}-----}\n"
    "}}}}}}}\n"
    "ENDMAP\n"
    "MAZEWALK: (0, 2), west\n"
    "MAZEWALK: (6, 2), east\n"
    "MONSTER: ';', random\n"
    "LEVEL: \"twomaps\"\n"
    "INIT_MAP: solidfill, ' '\n"
    "GEOMETRY: left, top\n"
    "MAP\n"
    "-----\n"
    "|...|\n"
    "-----\n"
    "ENDMAP\n"
    "GEOMETRY: right, bottom\n"
    "MAP\n"
    "-----\n"
    "|.T.|\n"
    "-----\n"
    "ENDMAP\n"
    "OBJECT: '*', random\n"
    "LEVEL: \"cave\"\n"
    "INIT_MAP: mines, '.', ' ', true, true, random, true\n"
    "GEOMETRY: center, center\n"
    "MAP\n"
    "...\n"
    "...\n"
    "ENDMAP\n"
    "MONSTER: 'B', random\n";

/* Run s three times through r (seed, another seed, another context),
 * each compared with a fresh run: the number that differ. */
static int three_runs(splev_runner *r, const splev_levscript *s,
                      const splev_genctx *ctx, const splev_genctx *other,
                      uint64_t seed)
{
    return !same_level(r, s, ctx, seed) + !same_level(r, s, ctx, seed + 100) +
           !same_level(r, s, other, seed);
}

int main(int argc, char **argv)
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

    splev_genctx ctx, tight, deep;
    splev_genctx_init(&ctx);
    splev_genctx_init(&tight);
    splev_genctx_init(&deep);
    tight.max_steps = 20000;
    deep.depth = 30;
    deep.flip = 0;

    splev_runner *r = splev_runner_new();
    int bad = 0, runs = 0;
    /* Seed-major, so consecutive runs are different levels. */
    for (uint64_t seed = 1; seed <= 4; seed++)
        for (size_t i = 0; i < NFILES; i++)
            for (size_t k = 0; k < files[i]->nlevels; k++) {
                const splev_levscript *s = files[i]->levels[k].script;
                bad += three_runs(r, s, &ctx, &deep, seed);
                runs += 3;
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

    /* Openings: kept by the first run of a script, used by the next
     * runs with the same context (not by the cave's). */
    splev_compiled *op = compile_text(lc, opening_des);
    CHECK(op->errors == 0 && op->nlevels == 4, "opening levels compile");
    r = splev_runner_new();
    bad = runs = 0;
    for (uint64_t seed = 1; seed <= 6; seed++)
        for (size_t k = 0; k < op->nlevels; k++) {
            bad += three_runs(r, op->levels[k].script, &ctx, &deep, seed);
            runs += 3;
        }
    CHECK(bad == 0, "%d runs of opening levels equal splev_run's (%d differ)",
          runs, bad);
    /* Per script and seed: one resume (the second run); the first and
     * the third (another context) run the opening and keep it. */
    CHECK(vm_runner_resumes(r) == 3 * 6, "%u runs resumed from a snapshot",
          vm_runner_resumes(r));
    splev_runner_free(r);
    splev_compiled_free(op);

    /* Levels given on the command line (t_corpus_levels.sh: the corpus),
     * seed 1. */
    r = splev_runner_new();
    bad = runs = 0;
    for (int i = 1; i < argc; i++) {
        char e[300];
        splev_levscript *s = splev_lev_load_file(argv[i], e, sizeof e);
        CHECK(s != NULL, "%s loads", argv[i]);
        if (s) {
            bad += three_runs(r, s, &ctx, &deep, 1);
            runs += 3;
        }
        splev_lev_free(s);
    }
    if (argc > 1)
        CHECK(bad == 0, "%d runs of %d scripts equal splev_run's (%d differ)",
              runs, argc - 1, bad);
    splev_runner_free(r);

    for (size_t i = 0; i < NFILES; i++)
        splev_compiled_free(files[i]);
    splev_compiled_free(loop);
    splev_levcomp_free(lc);
    return unit_status();
}
