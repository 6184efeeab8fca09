/* collect.c - lev_stats: what each generated level adds to the heat maps,
 * the terrain counts, the counts per level and the reachability figures. */
#include "stats/stats_int.h"

#include <stdlib.h>
#include <string.h>

const char *const heat_names[HEAT_KINDS] = {
    "monsters", "objects", "gold", "traps", "doors", "stairs", "upstairs",
    "downstairs"};
/* gold: piles; gold_amount: the amounts the script gave (0: the game's) */
const char *const count_names[COUNT_KINDS] = {"monsters", "objects", "gold",
                                              "gold_amount"};
const char *const reach_names[REACH_KINDS] = {
    "water", "lava", "trees", "iron bars", "drawbridges"};

lev_stats *lev_stats_new(const char *name, long max_seeds)
{
    lev_stats *st = xcalloc(1, sizeof *st);
    st->name = xstrdup(name ? name : "");
    st->max_seeds = max_seeds > 0 ? max_seeds : 1;
    for (int k = 0; k < COUNT_KINDS; k++)
        st->counts[k] = xcalloc((size_t)st->max_seeds, sizeof(long));
    return st;
}

void lev_stats_free(lev_stats *st)
{
    if (!st)
        return;
    for (int c = 0; c < STATS_CLASSES; c++)
        free(st->class_heat[c]);
    for (long i = 0; i < st->n_failures && i < STATS_KEEP_SEEDS; i++)
        free(st->failures[i].msg);
    for (int k = 0; k < COUNT_KINDS; k++)
        free(st->counts[k]);
    free(st->name);
    free(st);
}

static void note_seed(lev_stats *st, uint64_t seed)
{
    if (!st->have_first) {
        st->first_seed = seed;
        st->have_first = 1;
    }
    st->seeds++;
}

void lev_stats_fail(lev_stats *st, uint64_t seed, const char *err)
{
    note_seed(st, seed);
    if (st->n_failures < STATS_KEEP_SEEDS) {
        st->failures[st->n_failures].seed = seed;
        st->failures[st->n_failures].msg = xstrdup(err ? err : "");
    }
    st->n_failures++;
}

long lev_stats_failures(const lev_stats *st)
{
    return st->n_failures;
}

static void heat_at(heat_map *h, int x, int y)
{
    if (x >= 0 && x < SPLEV_COLNO && y >= 0 && y < SPLEV_ROWNO)
        (*h)[y][x]++;
}

static void add_monsters(lev_stats *st, const splev_level *lev)
{
    for (size_t i = 0; i < lev->nmonsters; i++) {
        const splev_monster *m = &lev->monsters[i];
        heat_at(&st->heat[HEAT_MONSTERS], m->x, m->y);
        unsigned c = (unsigned char)m->cls;
        if (c >= STATS_CLASSES)
            c = 0;
        if (!st->class_heat[c])
            st->class_heat[c] = xcalloc(1, sizeof(heat_map));
        heat_at(st->class_heat[c], m->x, m->y);
        st->class_total[c]++;
    }
}

static void add_things(lev_stats *st, const splev_level *lev)
{
    for (size_t i = 0; i < lev->nobjects; i++)
        heat_at(&st->heat[HEAT_OBJECTS], lev->objects[i].x,
                lev->objects[i].y);
    long gold = 0;
    for (size_t i = 0; i < lev->ngolds; i++) {
        heat_at(&st->heat[HEAT_GOLD], lev->golds[i].x, lev->golds[i].y);
        gold += lev->golds[i].amount;
    }
    for (size_t i = 0; i < lev->ntraps; i++)
        heat_at(&st->heat[HEAT_TRAPS], lev->traps[i].x, lev->traps[i].y);
    for (size_t i = 0; i < lev->nstairs; i++) {
        const splev_stair *s = &lev->stairs[i];
        heat_at(&st->heat[HEAT_STAIRS], s->x, s->y);
        if (s->kind == SPLEV_SK_STAIR || s->kind == SPLEV_SK_LADDER)
            heat_at(&st->heat[s->up ? HEAT_UPSTAIRS : HEAT_DOWNSTAIRS], s->x,
                    s->y);
    }
    long n = st->generated;
    st->counts[COUNT_MONSTERS][n] = (long)lev->nmonsters;
    st->counts[COUNT_OBJECTS][n] = (long)lev->nobjects;
    st->counts[COUNT_GOLD][n] = (long)lev->ngolds;
    st->counts[COUNT_GOLD_AMOUNT][n] = gold;
}

static void add_terrain(lev_stats *st, const splev_level *lev)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int t = lev->cells[x][y].typ;
            if (t == SPLEV_DOOR || t == SPLEV_SDOOR)
                st->heat[HEAT_DOORS][y][x]++;
            if (t == st->last[x][y] && st->run[x][y] > 0) {
                st->run[x][y]++;
                continue;
            }
            if (st->run[x][y] > 0)
                st->terrain[y][x][st->last[x][y]] += st->run[x][y];
            st->last[x][y] = (uint8_t)(t < SPLEV_TERRAIN_COUNT ? t : 0);
            st->run[x][y] = t < SPLEV_TERRAIN_COUNT;
        }
}

static void add_reach(lev_stats *st, uint64_t seed, const splev_level *lev)
{
    if (lev_stats_unreachable(lev, 0) == 0) {
        st->reachable++;
        return;
    }
    if (st->n_unreachable < STATS_KEEP_SEEDS)
        st->unreachable[st->n_unreachable++] = seed;
    /* what crossing them all does not reach, crossing one will not */
    if (lev_stats_unreachable(lev, (1u << REACH_KINDS) - 1) != 0) {
        st->no_way++;
        return;
    }
    for (int k = 0; k < REACH_KINDS; k++)
        if (lev_stats_unreachable(lev, 1u << k) == 0)
            st->reach_if[k]++;
}

void lev_stats_add(lev_stats *st, uint64_t seed, const splev_level *lev)
{
    if (st->generated >= st->max_seeds)
        return;
    note_seed(st, seed);
    add_monsters(st, lev);
    add_things(st, lev);
    add_terrain(st, lev);
    add_reach(st, seed, lev);
    st->generated++;
}

uint32_t stats_terrain_count(const lev_stats *st, int x, int y, int t)
{
    return st->terrain[y][x][t] + (st->last[x][y] == t ? st->run[x][y] : 0);
}

int stats_common_terrain(const lev_stats *st, int x, int y)
{
    int best = 0;
    uint32_t most = stats_terrain_count(st, x, y, 0);
    for (int t = 1; t < SPLEV_TERRAIN_COUNT; t++) {
        uint32_t n = stats_terrain_count(st, x, y, t);
        if (n > most) {
            best = t;
            most = n;
        }
    }
    return best;
}

uint32_t stats_heat_max(const heat_map *h)
{
    uint32_t m = 0;
    for (int y = 0; y < SPLEV_ROWNO; y++)
        for (int x = 0; x < SPLEV_COLNO; x++)
            if ((*h)[y][x] > m)
                m = (*h)[y][x];
    return m;
}

long stats_heat_total(const heat_map *h)
{
    long n = 0;
    for (int y = 0; y < SPLEV_ROWNO; y++)
        for (int x = 0; x < SPLEV_COLNO; x++)
            n += (long)(*h)[y][x];
    return n;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

void stats_count_summary(const lev_stats *st, int k, long out[3])
{
    long n = st->generated;
    out[0] = out[1] = out[2] = 0;
    if (n == 0)
        return;
    long *v = xmalloc((size_t)n * sizeof *v);
    memcpy(v, st->counts[k], (size_t)n * sizeof *v);
    qsort(v, (size_t)n, sizeof *v, cmp_long);
    out[0] = v[0];
    out[1] = v[(n - 1) / 2];
    out[2] = v[n - 1];
    free(v);
}
