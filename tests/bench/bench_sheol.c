/* bench_sheol.c - the Sheol filler (INIT_MAP sheollev) against its
 * physical floor: what any filler making the same level must do, namely
 * draw the random numbers this one draws and write the grid once a try.
 *
 * For each seed and Sheol level 1..5 the filler runs once (timed alone);
 * its draws are then counted by stepping a copy of the generator until it
 * reaches the state the filler left, and the floor loop replays that many
 * bounded draws (a real division each, the bound unknown to the compiler)
 * and writes 1,659 cells for each try.  Each round runs every level's
 * filler and floor in turn; the medians over ROUNDS rounds are printed,
 * and the median of the rounds' ratios.  The clock is the thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID): on a shared, loaded machine the wall clock
 * mostly measures the other processes; BENCH_WALL=1 uses it anyway.
 *
 * Usage: bench_sheol [LEVELS_PER_DLEVEL [ROUNDS]] (default 400 and 7). */
#define _POSIX_C_SOURCE 200809L
#include "gen/gen_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { DLEVELS = 5, MAX_ROUNDS = 99 };

typedef struct job {
    uint64_t seed;
    int dlevel;
    long draws;     /* generator steps the filler took */
    int tries;      /* restarts + 1 */
} job;

static clockid_t clock_id = CLOCK_THREAD_CPUTIME_ID;

static double now(void)
{
    struct timespec ts;
    clock_gettime(clock_id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One filler; returns its own time and fills in draws and tries. */
static double run_filler(job *j, int count)
{
    splev_level *lev = splev_level_new("bench");
    splev_rng rng, copy;
    splev_gen g;
    splev_rng_seed(&rng, j->seed);
    copy = rng;
    splev_gen_init(&g, lev, &rng);
    g.sheol_dlevel = j->dlevel;
    double t0 = now();
    int restarts = splev_gen_sheol(&g);
    double t = now() - t0;
    if (count) {
        long n = 0;
        while (copy.state != rng.state) {
            splev_rng_next(&copy);
            n++;
        }
        j->draws = n;
        j->tries = restarts + 1;
    }
    splev_gen_free(&g);
    splev_level_free(lev);
    return t;
}

static volatile int bound_base = 21;
static volatile unsigned sink;

/* The floor of one level: its draws, and the grid written per try. */
static double run_floor(const job *j, splev_level *lev)
{
    splev_rng rng;
    splev_rng_seed(&rng, j->seed);
    int base = bound_base;
    unsigned acc = 0;
    double t0 = now();
    for (long i = 0; i < j->draws; i++)
        acc += (unsigned)splev_rn2(&rng, base + (int)(i & 7));
    for (int t = 0; t < j->tries; t++)
        for (int x = 1; x < SPLEV_COLNO; x++)
            for (int y = 0; y < SPLEV_ROWNO; y++)
                lev->cells[x][y].typ = (uint8_t)((acc += (unsigned)y) & 15);
    double dt = now() - t0;
    sink += acc;
    return dt;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
    int per = argc > 1 ? atoi(argv[1]) : 400;
    int rounds = argc > 2 ? atoi(argv[2]) : 7;
    if (per < 1 || rounds < 1 || rounds > MAX_ROUNDS) {
        fprintf(stderr, "usage: bench_sheol [LEVELS_PER_DLEVEL [ROUNDS]]\n");
        return 2;
    }
    const char *wall = getenv("BENCH_WALL");
    if (wall && *wall && *wall != '0')
        clock_id = CLOCK_MONOTONIC;
    int n = per * DLEVELS;
    job *jobs = calloc((size_t)n, sizeof *jobs);
    if (!jobs)
        return 1;
    long draws = 0, tries = 0;
    for (int i = 0; i < n; i++) {
        jobs[i].seed = (uint64_t)(i / DLEVELS + 1);
        jobs[i].dlevel = i % DLEVELS + 1;
        run_filler(&jobs[i], 1);
        draws += jobs[i].draws;
        tries += jobs[i].tries;
    }
    splev_level *lev = splev_level_new("floor");
    /* [d][r]: Sheol level d + 1 (d = DLEVELS: all), round r */
    double fill[DLEVELS + 1][MAX_ROUNDS], floor_[DLEVELS + 1][MAX_ROUNDS];
    double ratio[MAX_ROUNDS];
    memset(fill, 0, sizeof fill);
    memset(floor_, 0, sizeof floor_);
    for (int r = 0; r < rounds; r++) {
        /* level by level in turn, so both see the same load */
        for (int i = 0; i < n; i++) {
            fill[jobs[i].dlevel - 1][r] += run_filler(&jobs[i], 0);
            floor_[jobs[i].dlevel - 1][r] += run_floor(&jobs[i], lev);
        }
        for (int d = 0; d < DLEVELS; d++) {
            fill[DLEVELS][r] += fill[d][r];
            floor_[DLEVELS][r] += floor_[d][r];
        }
    }
    splev_level_free(lev);
    printf("sheol: %d levels (seeds 1-%d x Sheol levels 1-%d), %d rounds, "
           "%.0f draws and %.2f tries a level\n", n, per, DLEVELS, rounds,
           (double)draws / n, (double)tries / n);
    printf("  %-6s %12s %12s %8s\n", "level", "filler us", "floor us",
           "ratio");
    for (int d = 0; d <= DLEVELS; d++) {
        int k = d == DLEVELS ? n : per;
        for (int r = 0; r < rounds; r++)
            ratio[r] = fill[d][r] / floor_[d][r];
        double mr = median(ratio, rounds);
        double mf = median(fill[d], rounds) / k * 1e6;
        double mo = median(floor_[d], rounds) / k * 1e6;
        char name[8] = "all";
        if (d < DLEVELS)
            snprintf(name, sizeof name, "%d", d + 1);
        printf("  %-6s %12.1f %12.1f %8.2f\n", name, mf, mo, mr);
    }
    printf("  (medians of the rounds, %s; target: ratio <= 5)\n",
           clock_id == CLOCK_MONOTONIC ? "wall clock" : "CPU time");
    free(jobs);
    return 0;
}
