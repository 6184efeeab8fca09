/* steps.c - how many interpreter steps real levels need: the measurement
 * behind FUZZ_MAX_STEPS (fuzz_util.h).  Each argument is a .lev file; for
 * seeds 1..SEEDS (env STEPS_SEEDS, default 3) the smallest step limit
 * under which the level runs without "step limit" is found by bisection
 * (the run is deterministic for a seed), under the harnesses' other
 * limits.  Prints one line per level (its largest need over the seeds)
 * and a summary:
 *   max N (LEVEL), levels over LIMIT: K of M
 * with LIMIT the current FUZZ_MAX_STEPS.  Built and run by
 * tests/fuzz/steps.sh. */
#include "common/common.h"
#include "splev/interp.h"
#include "splev/levscript.h"

#include "fuzz_util.h"

#include <stdlib.h>
#include <string.h>

/* 1 when the level runs to its end (or stops for a reason other than the
 * step limit) within max steps. */
static int fits(const splev_levscript *s, uint64_t seed, uint64_t max)
{
    splev_genctx ctx;
    fuzz_genctx(&ctx, seed);
    ctx.max_steps = max;
    char err[512];
    err[0] = '\0';
    splev_level *lev = splev_run(s, &ctx, seed, err, sizeof err);
    if (lev) {
        splev_level_free(lev);
        return 1;
    }
    return strstr(err, "step limit") == NULL;
}

static uint64_t need(const splev_levscript *s, uint64_t seed)
{
    uint64_t hi = 1000;
    while (!fits(s, seed, hi)) {
        hi *= 2;
        if (hi > 1000000000u)
            return hi;
    }
    uint64_t lo = 0;            /* lo does not fit (or is 0), hi does */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (fits(s, seed, mid))
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

int main(int argc, char **argv)
{
    const char *e = getenv("STEPS_SEEDS");
    int seeds = e ? atoi(e) : 3;
    uint64_t most = 0;
    const char *most_name = "-";
    int over = 0, n = 0;
    for (int i = 1; i < argc; i++) {
        char err[512];
        size_t len = 0;
        char *bytes = read_whole_file(argv[i], 64u << 20, &len, err,
                                      sizeof err);
        if (!bytes) {
            fprintf(stderr, "%s: %s\n", argv[i], err);
            continue;
        }
        splev_levscript *s = splev_lev_decode((unsigned char *)bytes, len, err,
                                              sizeof err);
        free(bytes);
        if (!s) {
            fprintf(stderr, "%s: %s\n", argv[i], err);
            continue;
        }
        uint64_t worst = 0;
        for (int k = 1; k <= seeds; k++) {
            uint64_t x = need(s, (uint64_t)k);
            if (x > worst)
                worst = x;
        }
        splev_lev_free(s);
        printf("%llu %s\n", (unsigned long long)worst, argv[i]);
        n++;
        over += worst > FUZZ_MAX_STEPS;
        if (worst > most) {
            most = worst;
            most_name = argv[i];
        }
    }
    printf("max %llu (%s), levels over %d: %d of %d\n",
           (unsigned long long)most, most_name, FUZZ_MAX_STEPS, over, n);
    return 0;
}
