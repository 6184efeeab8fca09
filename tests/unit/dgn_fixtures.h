/* dgn_fixtures.h - dungeon scripts built in C for the unit tests, with a
 * small builder that reads like dungeon.def: dungeons, then their levels
 * and branches, chains and branch targets given by name. */
#ifndef DGN_FIXTURES_H
#define DGN_FIXTURES_H

#include "splev/dungeon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fixture {
    splev_dgn_script s;
    splev_dgn_dungeon d[SPLEV_MAX_DUNGEONS];
    splev_dgn_level lv[SPLEV_MAX_SPECIAL];
    splev_dgn_branch br[SPLEV_MAX_BRANCHES];
    const char *target[SPLEV_MAX_BRANCHES];
} fixture;

static inline void fx_init(fixture *f)
{
    memset(f, 0, sizeof *f);
    f->s.dungeons = f->d;
    f->s.levels = f->lv;
    f->s.branches = f->br;
}

/* DUNGEON: name bones (base, rand) chance; flags, alignment, entry,
 * protofile. */
static inline void fx_dungeon(fixture *f, const char *name, const char *proto,
                              char bones, unsigned flags, int align,
                              int chance, int base, int rand, int entry)
{
    splev_dgn_dungeon *d = &f->d[f->s.n_dungeons++];
    d->name = name;
    d->proto = proto;
    d->bones = bones;
    d->flags = flags;
    d->align = align;
    d->chance = chance;
    d->base = base;
    d->rand = rand;
    d->entry = entry;
    d->first_level = f->s.n_levels;
    d->first_branch = f->s.n_branches;
}

/* The index of a level of the current dungeon, for chains (-1 for NULL). */
static inline int fx_chain(const fixture *f, const char *name)
{
    const splev_dgn_dungeon *d = &f->d[f->s.n_dungeons - 1];
    if (!name)
        return -1;
    for (int i = 0; i < d->n_levels; i++)
        if (strcmp(f->lv[d->first_level + i].name, name) == 0)
            return i;
    fprintf(stderr, "fixture: no level '%s' to chain from\n", name);
    exit(3);
}

/* LEVEL / RNDLEVEL / CHAINLEVEL / RNDCHLEVEL in the current dungeon. */
static inline void fx_level(fixture *f, const char *name, char bones,
                            unsigned flags, int align, int chance,
                            const char *chain, int base, int rand,
                            int rndlevs)
{
    splev_dgn_level *l = &f->lv[f->s.n_levels];
    l->name = name;
    l->bones = bones;
    l->flags = flags;
    l->align = align;
    l->chance = chance;
    l->chain = fx_chain(f, chain);
    l->base = base;
    l->rand = rand;
    l->rndlevs = rndlevs;
    f->s.n_levels++;
    f->d[f->s.n_dungeons - 1].n_levels++;
}

/* BRANCH / CHAINBRANCH from the current dungeon to a dungeon named later. */
static inline void fx_branch(fixture *f, const char *target,
                             const char *chain, int base, int rand, int type,
                             int up)
{
    splev_dgn_branch *b = &f->br[f->s.n_branches];
    f->target[f->s.n_branches] = target;
    b->chain = fx_chain(f, chain);
    b->base = base;
    b->rand = rand;
    b->type = type;
    b->up = up;
    f->s.n_branches++;
    f->d[f->s.n_dungeons - 1].n_branches++;
}

/* Resolve the branch targets by name. */
static inline void fx_finish(fixture *f)
{
    for (int i = 0; i < f->s.n_branches; i++) {
        f->br[i].target = -1;
        for (int d = 0; d < f->s.n_dungeons; d++)
            if (strcmp(f->d[d].name, f->target[i]) == 0)
                f->br[i].target = d;
        if (f->br[i].target < 0) {
            fprintf(stderr, "fixture: no dungeon '%s'\n", f->target[i]);
            exit(3);
        }
    }
}

enum { N = 0, T = SPLEV_DF_TOWN, H = SPLEV_DF_HELLISH, M = SPLEV_DF_MAZELIKE };
enum {
    UN = SPLEV_ALIGN_NONE,
    CH = SPLEV_ALIGN_CHAOTIC,
    NE = SPLEV_ALIGN_NEUTRAL,
    LA = SPLEV_ALIGN_LAWFUL
};

/* A two-dungeon script small enough to check byte by byte. */
static inline void fx_tiny(fixture *f)
{
    fx_init(f);
    fx_dungeon(f, "Main", "", 'D', N, UN, 100, 10, 3, 0);
    fx_level(f, "oracle", 'O', N, NE, 100, NULL, 5, 2, 0);
    fx_level(f, "bigrm", 'B', N, UN, 40, "oracle", 2, 0, 3);
    fx_branch(f, "Mines", NULL, 2, 3, SPLEV_BR_STAIR, 0);
    fx_dungeon(f, "Mines", "mine", 'M', M, LA, 100, 4, 0, -1);
    fx_level(f, "minend", 0, T, UN, 100, NULL, -1, 0, 2);
    fx_finish(f);
}

/* Every feature of the placement rules: chains (levels and branches),
 * variants, chances, a skipped dungeon followed by working ones, portal and
 * up branches, negative bases, rand -1, entries from the bottom. */
static inline void fx_features(fixture *f)
{
    fx_init(f);
    fx_dungeon(f, "Top", "", 'T', N, UN, 100, 12, 6, 0);
    fx_level(f, "anchor", 'A', N, NE, 100, NULL, 3, 4, 0);
    fx_level(f, "maybe", 'Y', N, UN, 50, NULL, 2, -1, 2);
    fx_level(f, "after", 0, N, CH, 100, "anchor", 2, 3, 4);
    fx_level(f, "deep", 'Z', N, UN, 100, NULL, -3, 2, 0);
    fx_level(f, "bottom", 0, N, UN, 100, NULL, -1, 0, 3);
    fx_level(f, "before", 0, N, UN, 70, "bottom", -4, 2, 0);
    fx_branch(f, "Side", NULL, 2, 4, SPLEV_BR_STAIR, 0);
    fx_branch(f, "Tower", "anchor", 1, 0, SPLEV_BR_STAIR, 1);
    fx_branch(f, "Vault", NULL, 4, -1, SPLEV_BR_PORTAL, 0);
    fx_branch(f, "Below", "bottom", 0, 0, SPLEV_BR_NO_DOWN, 0);
    fx_dungeon(f, "Side", "side", 'S', M, LA, 100, 6, 3, 0);
    fx_level(f, "sidetown", 'T', T, UN, 100, NULL, 2, 3, 5);
    fx_level(f, "sideend", 'E', N, UN, 100, NULL, -1, 0, 0);
    fx_branch(f, "Hidden", "sidetown", 1, 0, SPLEV_BR_PORTAL, 0);
    fx_dungeon(f, "Hidden", "", 0, M, CH, 40, 2, 2, 0);
    fx_level(f, "secret", 0, N, UN, 100, NULL, 1, -1, 0);
    fx_dungeon(f, "Tower", "", 0, M, CH, 100, 4, 0, -1);
    fx_level(f, "tower1", 0, N, UN, 100, NULL, 1, 0, 0);
    fx_level(f, "tower2", 0, N, UN, 100, "tower1", 1, 0, 0);
    fx_dungeon(f, "Vault", "", 'V', M, UN, 60, 1, 0, 0);
    fx_level(f, "knox", 'K', N, UN, 100, NULL, -1, 0, 3);
    fx_dungeon(f, "Below", "", 'B', H | M, UN, 100, 8, 4, -2);
    fx_level(f, "first", 0, N, UN, 100, NULL, 1, 0, 0);
    fx_level(f, "any1", 0, N, UN, 100, NULL, 1, -1, 2);
    fx_level(f, "any2", 0, N, UN, 90, NULL, -4, -1, 0);
    fx_level(f, "last", 0, N, UN, 100, NULL, -1, 0, 0);
    fx_branch(f, "Extra", "any1", 1, 0, SPLEV_BR_NO_UP, 1);
    fx_dungeon(f, "Extra", "", 'X', N, NE, 100, 3, 0, 2);
    fx_level(f, "xmid", 0, N, UN, 100, NULL, 2, 0, 0);
    fx_finish(f);
}

/* UnNetHack's dungeon.def (../shared/corpus/unnethack/dungeon.def) as our
 * compiler reads it: no chance means 100, and the LEVALIGN right after
 * Town's DUNGEON line is that dungeon's alignment. */
static inline void fx_unnethack(fixture *f)
{
    const int P = SPLEV_BR_PORTAL, S = SPLEV_BR_STAIR, ND = SPLEV_BR_NO_DOWN;
    fx_init(f);
    fx_dungeon(f, "The Dungeons of Doom", "", 'D', N, UN, 100, 25, 5, 0);
    fx_branch(f, "The Gnomish Mines", NULL, 2, 3, S, 0);
    fx_branch(f, "Advent Calendar", NULL, 1, 5, P, 0);
    fx_level(f, "oracle", 'O', N, NE, 100, NULL, 5, 5, 0);
    fx_branch(f, "Sokoban", "oracle", 1, 0, S, 1);
    fx_branch(f, "Town", "oracle", 2, 2, S, 1);
    fx_level(f, "bigrm", 'B', N, UN, 40, NULL, 10, 3, 14);
    fx_branch(f, "The Quest", "oracle", 6, 2, P, 0);
    fx_branch(f, "The Ruins of Moria", NULL, 16, 4, S, 1);
    fx_branch(f, "Fort Ludios", NULL, 18, 4, P, 0);
    fx_level(f, "nymph", 'N', N, UN, 45, NULL, 5, 15, 0);
    fx_branch(f, "One-eyed Sam's Market", NULL, 20, 5, P, 0);
    fx_level(f, "medusa", 0, N, CH, 100, NULL, -5, 4, 4);
    fx_level(f, "castle", 0, N, UN, 100, NULL, -1, 0, 3);
    fx_branch(f, "Gehennom", "castle", 0, 0, ND, 0);
    fx_branch(f, "The Elemental Planes", NULL, 1, 0, ND, 1);

    fx_dungeon(f, "Gehennom", "", 'G', M | H, UN, 100, 15, 0, 0);
    fx_branch(f, "Vlad's Tower", NULL, 1, 5, S, 1);
    fx_branch(f, "Sheol", NULL, 5, 5, S, 0);
    fx_branch(f, "The Dragon Caves", NULL, 1, 4, S, 0);
    fx_branch(f, "The Wizard's Tower", NULL, -2, 0, S, 1);
    fx_level(f, "valley", 'V', N, UN, 100, NULL, 1, 0, 2);
    fx_level(f, "sanctum", 0, N, UN, 100, NULL, -1, 0, 0);
    fx_level(f, "heck-a", 'H', N, UN, 25, NULL, 2, 0, 7);
    fx_level(f, "juiblex", 'J', N, UN, 100, NULL, 3, 0, 0);
    fx_level(f, "heck-b", 'I', N, UN, 50, NULL, 4, 0, 7);
    fx_level(f, "baalz", 'B', N, UN, 100, NULL, 5, 0, 2);
    fx_level(f, "heck-c", 'K', N, UN, 75, NULL, 6, 0, 8);
    fx_level(f, "asmod", 'A', N, UN, 100, NULL, 7, 0, 2);
    fx_level(f, "heck-d", 'L', N, UN, 100, NULL, 8, 0, 9);
    fx_level(f, "orcus", 'O', N, UN, 100, NULL, 9, 0, 2);
    fx_level(f, "heck-e", 'M', N, UN, 50, NULL, 10, 0, 9);

    fx_dungeon(f, "Sheol", "", 'S', H, UN, 100, 6, 2, 0);
    fx_level(f, "sheolmid", 'H', N, UN, 100, NULL, 2, 0, 0);
    fx_level(f, "palace_f", 'P', N, UN, 100, NULL, -2, 0, 0);
    fx_level(f, "palace_e", 'U', N, UN, 100, NULL, -1, 0, 0);

    fx_dungeon(f, "The Gnomish Mines", "", 'M', M, LA, 100, 8, 2, 0);
    fx_level(f, "minetn", 'T', T, UN, 100, NULL, 3, 2, 8);
    fx_level(f, "minend", 'E', N, UN, 100, NULL, -1, 0, 3);

    fx_dungeon(f, "The Quest", "", 'Q', N, UN, 100, 5, 2, 0);
    fx_level(f, "x-strt", 0, N, UN, 100, NULL, 1, 1, 0);
    fx_level(f, "x-loca", 'L', N, UN, 100, NULL, 3, 1, 0);
    fx_level(f, "x-goal", 0, N, UN, 100, NULL, -1, 0, 0);

    fx_dungeon(f, "Sokoban", "", 0, M, NE, 100, 3, 0, -1);
    fx_level(f, "soko1", 0, N, UN, 100, NULL, 1, 0, 6);
    fx_level(f, "soko2", 0, N, UN, 100, NULL, 2, 0, 11);
    fx_level(f, "soko3", 0, N, UN, 100, NULL, 3, 0, 16);

    fx_dungeon(f, "Town", "", 'A', N, LA, 100, 2, 0, -1);
    fx_level(f, "town", 'T', N, UN, 100, NULL, 1, 0, 2);
    fx_level(f, "townfill", 'T', T, UN, 100, NULL, 2, 0, 1);

    fx_dungeon(f, "The Ruins of Moria", "", 0, M, UN, 100, 6, 0, -1);
    fx_level(f, "moria6", 0, N, UN, 100, NULL, 1, 0, 2);
    fx_level(f, "moria5", '5', N, UN, 100, NULL, 2, 0, 1);
    fx_level(f, "moria4", '4', N, UN, 100, NULL, 3, 0, 4);
    fx_level(f, "moria3", '3', N, UN, 100, NULL, 4, 0, 1);
    fx_level(f, "moria2", '2', N, UN, 100, NULL, 5, 0, 1);
    fx_level(f, "moria1", '1', N, UN, 100, NULL, 6, 0, 1);

    fx_dungeon(f, "Fort Ludios", "", 'K', M, UN, 100, 1, 0, 0);
    fx_level(f, "knox", 'K', N, UN, 100, NULL, -1, 0, 3);

    fx_dungeon(f, "One-eyed Sam's Market", "", 'D', M, CH, 100, 1, 0, 0);
    fx_level(f, "blkmar", 'D', N, UN, 100, NULL, 1, 0, 2);

    fx_dungeon(f, "Vlad's Tower", "tower", 'T', M, CH, 100, 4, 0, -1);
    fx_level(f, "tower1", 0, N, UN, 100, NULL, 1, 0, 0);
    fx_level(f, "tower2", 0, N, UN, 100, NULL, 2, 0, 0);
    fx_level(f, "tower3", 0, N, UN, 100, NULL, 3, 0, 0);
    fx_level(f, "tower4", 0, N, UN, 100, NULL, 4, 0, 0);

    fx_dungeon(f, "The Dragon Caves", "", 'D', M, CH, 100, 4, 0, 0);
    fx_level(f, "drgnA", 'D', N, UN, 100, NULL, 1, 0, 0);
    fx_level(f, "drgnB", 'D', T, UN, 100, NULL, 2, 0, 0);
    fx_level(f, "drgnC", 'D', N, UN, 100, NULL, 3, 0, 0);
    fx_level(f, "drgnD", 'D', N, UN, 100, NULL, 4, 0, 0);

    fx_dungeon(f, "The Wizard's Tower", "", 'W', M, CH, 100, 3, 0, 3);
    fx_level(f, "wizard1", 0, N, UN, 100, NULL, 1, 0, 0);
    fx_level(f, "wizard2", 'X', N, UN, 100, NULL, 2, 0, 0);
    fx_level(f, "wizard3", 'Y', N, UN, 100, NULL, 3, 0, 0);

    fx_dungeon(f, "The Elemental Planes", "", 'E', M, UN, 100, 6, 0, -2);
    fx_level(f, "astral", 0, N, UN, 100, NULL, 1, 0, 0);
    fx_level(f, "water", 0, N, UN, 100, NULL, 2, 0, 0);
    fx_level(f, "fire", 0, N, UN, 100, NULL, 3, 0, 0);
    fx_level(f, "air", 0, N, UN, 100, NULL, 4, 0, 0);
    fx_level(f, "earth", 0, N, UN, 100, NULL, 5, 0, 0);
    fx_level(f, "dummy", 0, N, UN, 100, NULL, 6, 0, 0);

    fx_dungeon(f, "Advent Calendar", "", 0, M, UN, 100, 1, 0, 0);
    fx_level(f, "advcal", 0, N, UN, 100, NULL, -1, 0, 0);
    fx_finish(f);
}

/* A chained level that falls off the bottom for some placements of its
 * base: a layout error for those seeds. */
static inline void fx_fragile(fixture *f)
{
    fx_init(f);
    fx_dungeon(f, "Small", "", 0, N, UN, 100, 10, 0, 0);
    fx_level(f, "base", 0, N, UN, 100, NULL, 1, -1, 0);
    fx_level(f, "next", 0, N, UN, 100, "base", 3, 0, 0);
    fx_finish(f);
}

#endif
