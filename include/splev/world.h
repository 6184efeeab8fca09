/* splev/world.h - every level of a laid-out dungeon, connected.
 *
 * splev_world_generate() takes a dungeon script, its layout, a folder of
 * compiled level scripts and a seed, and makes every level of every
 * present dungeon in ledger order.  Each level has its own seed,
 * splev_seed_derive(seed, ledger), so any one of them can be made again
 * alone (splev_world_generate_one) and comes out byte for byte the same.
 * Which file makes which level follows the games' rules; levels no file
 * describes come from the standard generator (doc/world.md lists what of
 * it we make). */
#ifndef SPLEV_WORLD_H
#define SPLEV_WORLD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "splev/dungeon.h"
#include "splev/interp.h"
#include "splev/level.h"
#include "splev/rng.h"

#include "splev/api.h"

SPLEV_BEGIN_DECLS

/* Where a level came from. */
enum {
    SPLEV_SRC_SPECIAL,   /* a special level of the dungeon script */
    SPLEV_SRC_PROTO,     /* the dungeon's protofile levels */
    SPLEV_SRC_FILLER,    /* the dungeon's filler (minefill, hellfill ...) */
    SPLEV_SRC_ROOMS,     /* the standard room-and-corridor level */
    SPLEV_SRC_MAZE       /* the standard plain random maze */
};

typedef struct splev_world_level {
    int dungeon;          /* index in layout->dungeons */
    int level;            /* level number inside the dungeon, 1-based */
    int depth, ledger;
    uint64_t seed;        /* splev_seed_derive(world seed, ledger) */
    int source;           /* SPLEV_SRC_* */
    char file[40];        /* the .lev base name used ("" for the generator) */
    char note[96];        /* why a file was not used, or "" */
    int n_branch_stairs;  /* branch stairs and portals this level must have */
    splev_level *lev;     /* NULL when the generation failed */
    char *error;          /* the failure, or NULL */
} splev_world_level;

typedef struct splev_world {
    uint64_t seed;
    int n_levels;
    splev_world_level *levels;   /* ledger order */
} splev_world;

typedef struct splev_world_opts {
    const char *levels_dir;      /* folder of NAME.lev files */
    uint64_t seed;
    splev_genctx base;           /* hero, calendar, names, limits: the
                                  * layout sets depth, dungeon ... */
} splev_world_opts;

/* Generate every level.  Returns NULL (message in err) only when nothing
 * can be done; a level that fails keeps its error in its record. */
SPLEV_API
splev_world *splev_world_generate(const splev_dgn_script *s,
                                  const splev_layout *l,
                                  const splev_world_opts *o,
                                  char *err, size_t errlen);
/* Generate only the level (dungeon index, level number) into *out, as the
 * whole run makes it.  Returns 0, or -1 when there is no such level. */
SPLEV_API
int splev_world_generate_one(const splev_dgn_script *s, const splev_layout *l,
                             const splev_world_opts *o, int dungeon, int level,
                             splev_world_level *out);
SPLEV_API
void splev_world_level_clear(splev_world_level *wl);
SPLEV_API
void splev_world_free(splev_world *w);

/* Names. */
SPLEV_API
const char *splev_world_source_name(int source);   /* "special" ... */

/* The standard generator alone: ctx gives depth, dunlev,
 * top/bottom and the branch.  Never NULL. */
SPLEV_API
splev_level *splev_stdgen_rooms(const splev_genctx *ctx, uint64_t seed);
/* The same with Medusa's depth for the shop rule (shops only above
 * Medusa; 0: no limit;
 * splev_stdgen_rooms passes 0). */
SPLEV_API
splev_level *splev_stdgen_rooms_at(const splev_genctx *ctx, uint64_t seed,
                                   int medusa_depth);
SPLEV_API
splev_level *splev_stdgen_maze(const splev_genctx *ctx, uint64_t seed);

/* Walking check: from the up stair (else the first stair) to every other
 * stair, ladder, branch stair and portal.  Floor, corridors, doors and
 * secret doors and corridors pass; walls, stone, trees, bars, water, lava
 * and raised drawbridges do not; no diagonal step into or out of a door.
 * Returns the number of unreachable ones (0: all reachable) and writes
 * the first one to msg. */
SPLEV_API
int splev_world_check_reach(const splev_level *lev, char *msg, size_t len);

/* One self-contained HTML page: the dungeon tree and every level as an
 * inline SVG map.  Deterministic bytes; malloc'd, free() it. */
SPLEV_API
char *splev_world_render_html(const splev_dgn_script *s, const splev_layout *l,
                              const splev_world *w);

SPLEV_END_DECLS

#endif
