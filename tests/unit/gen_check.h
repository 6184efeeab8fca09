/* gen_check.h - shared fixtures of the generator tests (test_gen_*.c):
 * a level with its PRNG and generator context, floods for reachability,
 * tallies over many seeds, and golden maps in tests/golden/gen/. */
#ifndef GEN_CHECK_H
#define GEN_CHECK_H

#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "gen/gen.h"
#include "splev/level.h"
#include "splev/rng.h"
#include "golden.h"
#include "unit.h"

typedef struct fixture {
    splev_level *lev;
    splev_rng rng;
    splev_gen g;
} fixture;

static inline void fx_open(fixture *f, uint64_t seed)
{
    f->lev = splev_level_new("gentest");
    splev_rng_seed(&f->rng, seed);
    splev_gen_init(&f->g, f->lev, &f->rng);
}

static inline void fx_close(fixture *f)
{
    splev_gen_free(&f->g);
    splev_level_free(f->lev);
}

typedef unsigned char grid_t[SPLEV_COLNO][SPLEV_ROWNO];
typedef int (*cell_pred)(const splev_level *lev, int x, int y);

static inline int typ_at(const splev_level *lev, int x, int y)
{
    return lev->cells[x][y].typ;
}

/* Flood from (sx, sy) over cells passing ok, 4- or 8-connected; returns
 * the number of cells reached. */
static inline int flood(const splev_level *lev, int sx, int sy, cell_pred ok,
                        int eight, grid_t seen)
{
    static int stack[SPLEV_COLNO * SPLEV_ROWNO][2];
    int sp = 0, n = 0;
    if (seen[sx][sy] || !ok(lev, sx, sy))
        return 0;
    seen[sx][sy] = 1;
    stack[sp][0] = sx;
    stack[sp++][1] = sy;
    while (sp) {
        sp--;
        int x = stack[sp][0], y = stack[sp][1];
        n++;
        for (int dx = -1; dx <= 1; dx++)
            for (int dy = -1; dy <= 1; dy++) {
                if ((!dx && !dy) || (!eight && dx && dy))
                    continue;
                int nx = x + dx, ny = y + dy;
                if (nx < 1 || nx >= SPLEV_COLNO || ny < 0 ||
                    ny >= SPLEV_ROWNO || seen[nx][ny] || !ok(lev, nx, ny))
                    continue;
                seen[nx][ny] = 1;
                stack[sp][0] = nx;
                stack[sp++][1] = ny;
            }
    }
    return n;
}

static inline int count_cells(const splev_level *lev, cell_pred ok)
{
    int n = 0;
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            n += ok(lev, x, y) != 0;
    return n;
}

/* A tally of one invariant over many seeds: the first failing seed is
 * reported. */
typedef struct tally {
    int fails;
    unsigned long first;
} tally;

static inline void tally_add(tally *t, int ok, unsigned long seed)
{
    if (!ok && t->fails++ == 0)
        t->first = seed;
}

#define CHECK_TALLY(t, ...)                                                  \
    do {                                                                     \
        CHECK((t).fails == 0, __VA_ARGS__);                                  \
        if ((t).fails)                                                       \
            printf("#   %d failing seeds, first %lu\n", (t).fails,          \
                   (t).first);                                               \
    } while (0)

/* The rendered map of a level against its golden file. */
static inline int golden_level(const splev_level *lev, const char *path)
{
    char *text = splev_level_render_text(lev);
    int ok = matches_golden(text, path);
    free(text);
    return ok;
}

/* A byte digest of the whole grid, for determinism checks. */
static inline uint32_t level_digest(const splev_level *lev)
{
    return crc32_bytes((const unsigned char *)lev->cells, sizeof lev->cells);
}

#endif
