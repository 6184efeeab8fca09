/* pick.c - the games' random species and objects by difficulty
 * (rndmonst, mkclass, mkobj's class table), over a names table.
 *
 * The table's monsters are in the game's order (its mons[]), a class's
 * members next to each other and weakest first, as the games' rules
 * assume.  Where the game compares a monster's difficulty rating, the
 * table has only its base level: the level stands in for it (the rating
 * is the level raised by speed, attacks and armour, so a few species come
 * out one or two levels "easier" than in the game).  See
 * doc/generators.md, "Species by difficulty". */
#include "names/names.h"

#include <stdlib.h>

/* A monster the game never makes at random: no generation, unique, or
 * the wrong side of Gehennom ("uncommon"). */
static int uncommon(const names_rec *r, const names_gen *g)
{
    if (r->flags & (NF_NOGEN | NF_UNIQUE))
        return 1;
    return g->in_hell ? (r->flags & NF_NOHELL) != 0
                      : (r->flags & NF_HELL) != 0;
}

/* align_shift: the level's (else the dungeon's) alignment favours
 * species of that alignment; ALIGNWEIGHT is 4. */
static int align_shift(const names_rec *r, const names_gen *g)
{
    switch (g->in_hell ? 0 : g->align) {
    case SPLEV_AM_LAWFUL: return (r->align + 20) / 8;
    case SPLEV_AM_NEUTRAL: return (20 - abs(r->align)) / 4;
    case SPLEV_AM_CHAOTIC: return (20 - r->align) / 8;
    default: return 0;
    }
}

const char *names_rndmonst(const splev_names *t, const names_gen *g,
                           splev_rng *rng, char *cls_out)
{
    size_t n;
    const names_rec *r = names_recs(t, NK_MONSTER, &n);
    int zlevel = g->difficulty, minlev = zlevel / 6;
    int maxlev = (zlevel + g->ulevel) / 2;
    long total = 0;
    for (size_t i = 0; i < n; i++)
        total += names_rndmonst_weight(&r[i], g, minlev, maxlev);
    if (total <= 0 || total > 0x7fffffff)
        return NULL;
    long ct = splev_rnd(rng, (int)total);
    for (size_t i = 0; i < n; i++)
        if ((ct -= names_rndmonst_weight(&r[i], g, minlev, maxlev)) <= 0) {
            if (cls_out)
                *cls_out = r[i].cls;
            return r[i].name;
        }
    return NULL;
}

int names_rndmonst_weight(const names_rec *r, const names_gen *g, int minlev,
                          int maxlev)
{
    if (r->level < minlev || r->level > maxlev || uncommon(r, g))
        return 0;
    int ct = r->freq + align_shift(r, g);
    return ct < 0 ? 0 : ct;
}

/* adj_lev: a monster's level adjusted for the level's difficulty and
 * the hero's experience level. */
static int adj_lev(const names_rec *r, const names_gen *g)
{
    int tmp = r->level, tmp2;
    if (tmp > 49)
        return 50;
    tmp2 = g->difficulty - tmp;
    if (tmp2 < 0)
        tmp--;
    else
        tmp += tmp2 / 5;
    tmp2 = g->ulevel - r->level;
    if (tmp2 > 0)
        tmp += tmp2 / 4;
    tmp2 = 3 * r->level / 2;
    if (tmp2 > 49)
        tmp2 = 49;
    return tmp > tmp2 ? tmp2 : tmp > 0 ? tmp : 0;
}

const char *names_mkclass(const splev_names *t, int cls, const names_gen *g,
                          unsigned allow, splev_rng *rng)
{
    size_t n;
    const names_rec *r = names_recs(t, NK_MONSTER, &n);
    unsigned mask = (NF_NOGEN | NF_UNIQUE) & ~allow;
    size_t first = 0;
    while (first < n && r[first].cls != cls)
        first++;
    if (first == n)
        return NULL;
    int maxlev = g->difficulty >> 1;
    long num = 0;
    size_t last = first;
    /* weights: a species past the hero's strength one less; past the
     * level's half difficulty the class ends with a coin each time */
    int w[256];
    for (; last < n && r[last].cls == cls && last - first < 256; last++) {
        w[last - first] = 0;
        if (r[last].flags & mask)
            continue;
        if (num && r[last].level > maxlev &&
            r[last].level > r[last - 1].level && splev_rn2(rng, 2))
            break;
        if (r[last].freq > 0) {
            w[last - first] = r[last].freq + 1 - (adj_lev(&r[last], g) >
                                                 g->ulevel * 2);
            num += w[last - first];
        }
    }
    if (num <= 0 || num > 0x7fffffff)
        return NULL;
    long k = splev_rnd(rng, (int)num);
    for (size_t i = first; i < last; i++)
        if ((k -= w[i - first]) <= 0)
            return w[i - first] ? r[i].name : NULL;
    return NULL;
}

/* mkobj's class table (percent): the dungeon's, and Gehennom's. */
static const struct {
    char cls;
    unsigned char prob, hell;
} objprobs[] = {
    {')', 10, 20}, {'[', 10, 20}, {'%', 20, 16}, {'(', 8, 12},
    {'*', 8, 10},  {'!', 16, 1},  {'?', 16, 1},  {'+', 4, 0},
    {'/', 4, 8},   {'=', 3, 8},   {'"', 1, 4},
};

const char *names_rndobj(const splev_names *t, int in_hell, splev_rng *rng,
                         char *cls_out)
{
    int p = splev_rnd(rng, 100);
    size_t i = 0, last = sizeof objprobs / sizeof *objprobs - 1;
    for (; i < last; i++)
        if ((p -= in_hell ? objprobs[i].hell : objprobs[i].prob) <= 0)
            break;
    *cls_out = objprobs[i].cls;
    return names_pick(t, NK_OBJECT, objprobs[i].cls, rng, cls_out);
}
