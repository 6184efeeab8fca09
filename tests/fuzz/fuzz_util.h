/* fuzz_util.h - small helpers shared by the libFuzzer harnesses.  Every
 * name is static: the replay program (tests/unit/test_fuzz_replay.c)
 * includes several harnesses into one program. */
#ifndef SPLEV_FUZZ_UTIL_H
#define SPLEV_FUZZ_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Diagnostics and listings are formatted (so their code runs) but thrown
 * away. */
static inline FILE *fuzz_sink(void)
{
    static FILE *sink;
    if (!sink) {
        sink = fopen("/dev/null", "w");
        if (!sink)
            abort();
    }
    return sink;
}

/* A broken invariant: say which and stop, so libFuzzer keeps the input. */
#if defined(__GNUC__)
__attribute__((noreturn, format(printf, 1, 2)))
#endif
static inline void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz invariant broken: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

/* An exact-size heap copy, so that reading past the end is an ASan report.
 * with_nul adds a terminating NUL after size bytes (not counted). */
static inline char *fuzz_copy(const uint8_t *data, size_t size, int with_nul)
{
    char *p = malloc(size + (with_nul ? 1 : 0) + (size == 0 && !with_nul));
    if (!p)
        abort();
    if (size)
        memcpy(p, data, size);
    if (with_nul)
        p[size] = '\0';
    return p;
}

/* The interpreter's limits in the harnesses that run levels (des_run,
 * lev_bin).  FUZZ_MAX_STEPS is set from a measurement
 * (tests/fuzz/steps.sh: the steps every level of dat/ and of the games'
 * corpus needs, over three seeds; doc/fuzzing.md has the figures), with
 * room to spare, so that a fuzzed level runs as far as a real one does;
 * a limit below that stopped most levels at their first map-wide
 * statement.  The others keep a runaway input cheap. */
#define FUZZ_MAX_STEPS 2000000
#define FUZZ_MAX_CALL_DEPTH 20
#define FUZZ_MAX_THINGS 2000
#define FUZZ_MAX_STRING 4096


/* A seed for the layouts, taken from the input so that different inputs
 * try different seeds (FNV-1a). */
static inline uint64_t fuzz_hash(const uint8_t *data, size_t size)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < size; i++) {
        h ^= data[i];
        h *= 1099511628211u;
    }
    return h;
}

#endif

/* Outside the include guard: a file that includes splev/interp.h after a
 * first inclusion of this one (the replay program) still gets it. */
#if defined(SPLEV_INTERP_H) && !defined(SPLEV_FUZZ_GENCTX)
#define SPLEV_FUZZ_GENCTX
/* The context the harnesses run levels with (splev/interp.h must be
 * included before this file). */
static inline void fuzz_genctx(splev_genctx *ctx, uint64_t seed)
{
    splev_genctx_init(ctx);
    ctx->max_steps = FUZZ_MAX_STEPS;
    ctx->max_call_depth = FUZZ_MAX_CALL_DEPTH;
    ctx->max_things = FUZZ_MAX_THINGS;
    ctx->max_string = FUZZ_MAX_STRING;
    ctx->depth = 1 + (int)(seed % 50);
}

/* Whatever a verified script does, the interpreter must stop within the
 * harnesses' limits, with a level or with an error message (lev_bin,
 * classic_lev). */
static inline void fuzz_run_script(const splev_levscript *s, uint64_t seed)
{
    splev_genctx ctx;
    fuzz_genctx(&ctx, seed);
    char err[512];
    err[0] = '\0';
    splev_level *lev = splev_run(s, &ctx, seed, err, sizeof err);
    if (lev)
        splev_level_free(lev);
    else if (err[0] == '\0')
        fuzz_fail("the interpreter failed without a message");
}
#endif
