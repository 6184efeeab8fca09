/* splev/interp.h - run a verified level script into a level.
 *
 * splev_run() executes a script (splev_lev_decode) with our own PRNG seeded
 * from `seed`, under an explicit generation context that stands in for the
 * game's state (depth, hero, calendar, dungeon).  Monsters and objects are
 * not simulated: the level records what the script asked for.  The same
 * script, context and seed give the same level, byte for byte, everywhere.
 * doc/interpreter.md documents every field, default and rule. */
#ifndef SPLEV_INTERP_H
#define SPLEV_INTERP_H

#include <stddef.h>
#include <stdint.h>

#include "splev/level.h"
#include "splev/levscript.h"

#include "splev/api.h"

SPLEV_BEGIN_DECLS

/* A names table: the monsters (class, generation frequency, level,
 * generation flags, alignment), objects (class, probability), traps and
 * room types of a game.  The library carries one for each dialect; a
 * table can also be read from a file of
 *   kind<TAB>class<TAB>frequency<TAB>name[<TAB>level<TAB>flags<TAB>align]
 * lines (dat/names/ has the built-in ones in that form).  A table is only
 * read once made: threads may share it. */
typedef struct splev_names splev_names;

/* Load a names table; NULL with a message in err when it cannot be read
 * or a line is malformed ("FILE:LINE: ..."). */
SPLEV_API
splev_names *splev_names_load(const char *path, char *err, size_t errlen);
/* A new copy of the built-in table of a dialect (SPLEV_DIALECT_*); NULL
 * for an unknown dialect or when memory ran out. */
SPLEV_API
splev_names *splev_names_builtin(int dialect);
SPLEV_API
void splev_names_free(splev_names *n);
/* Number of entries of a kind ("monster", "object", "trap", "room"). */
SPLEV_API
size_t splev_names_count(const splev_names *n, const char *kind);
/* The class of a monster or object name ("monster" / "object"): its
 * first entry matching exactly, else ignoring case; 0 when unknown. */
SPLEV_API
int splev_names_class(const splev_names *n, const char *kind,
                      const char *name);
/* The index-th entry of a kind, counted in file order from 0 (the games'
 * tables are in their monster and object order): its name, and its class
 * in *cls when cls is not NULL; NULL when there is no such entry. */
SPLEV_API
const char *splev_names_nth(const splev_names *n, const char *kind,
                            size_t index, char *cls);

/* Does the species pass through walls and rock (a wall-passer or a
 * noncorporeal one: xorns, earth elementals, ghosts, shades)?  cls is the
 * class letter, name the species or NULL (then the class decides); the
 * interpreter's own species facts (src/interp/species.c). */
SPLEV_API
int splev_passes_walls(char cls, const char *name);

/* The generation context: what the game would know.  Fill it with
 * splev_genctx_init() and change what you need. */
typedef struct splev_genctx {
    int depth;              /* level.depth (default 1) */
    int difficulty;         /* level.difficulty; < 1 means "= depth" */
    int dunlev;             /* level number inside its dungeon (default 1) */
    int hero_align;         /* SPLEV_AM_LAWFUL/NEUTRAL/CHAOTIC (default neutral) */
    int level_align;        /* alignment of the level, 0 none (default) */
    int dungeon_align;      /* alignment of the dungeon, 0 none (default) */
    const char *hero_name;  /* hero.name (default "Hero") */
    const char *hero_role;  /* hero.role (default "Valkyrie") */
    const char *hero_race;  /* hero.race (default "human") */
    /* Calendar values of the time.* core functions (default all 0 except
     * yyyymmdd 20000101 and moon phase 0). */
    int discordian_holiday, pirateday, aprilfools, piday, towelday;
    int midnight, night, friday13, moon_phase;
    long yyyymmdd;
    /* Dungeon membership and situation. */
    int in_mines, in_minetown, in_sokoban, in_gehennom, in_wiztower;
    int in_endgame, in_quest;
    int top_level;          /* 1: up stairs would leave the dungeon (no stair) */
    int bottom_level;       /* 1: down stairs would leave the dungeon */
    int can_dig_down;       /* 1 (default): trap doors and holes allowed */
    int has_branch;         /* 1: the level has a branch stair or portal:
                             * in its BRANCH region, else placed by the
                             * game's default rule; 0 (default): not
                             * known, as for a level run alone: a BRANCH
                             * region shows where it would go, no default;
                             * -1: the level has none: a BRANCH region
                             * draws its spot as the game does and places
                             * nothing */
    int branch_up;          /* direction of that branch stair */
    int branch_portal;      /* 1: the branch is a portal */
    int flip;               /* 1 (default): apply the random flips as the
                             * game's current build does: a level allowing
                             * flips draws one coin per allowed direction,
                             * but only a Sokoban level (in_sokoban) keeps
                             * the result; 0: never flip (the draws still
                             * happen) */
    int flip_everywhere;    /* 1: with flip, keep the coins' result on
                             * every level, as the older build did
                             * (default 0) */
    const char *carrying;   /* hero.carrying: NUL-separated object names the
                             * hero carries, ending with an empty one; NULL
                             * for nothing (default) */
    const splev_names *names; /* names table for random picks, or NULL */
    uint64_t max_steps;     /* instructions before "step limit" (10000000) */
    int max_call_depth;     /* nested CALLs (default 100) */
    size_t max_things;      /* recorded things + messages (default 100000) */
    size_t max_string;      /* longest string value in bytes (default 65536) */
    int hero_level;         /* the hero's experience level, 1..30 (default
                             * 1): random species reach up to level
                             * (difficulty + hero_level) / 2 */
} splev_genctx;

SPLEV_API
void splev_genctx_init(splev_genctx *ctx);

/* Run script s into a new level.  On a run-time error returns NULL and
 * puts "FILE:LINE: error: message" into err.  ctx may be NULL (defaults). */
SPLEV_API
splev_level *splev_run(const splev_levscript *s, const splev_genctx *ctx,
                       uint64_t seed, char *err, size_t errlen);

/* A runner generates many levels in a row (levgen --count, benchmarks)
 * with almost no allocation per level: it keeps the interpreter's
 * buffers and the level's memory from run to run.  The levels are the
 * ones splev_run makes, byte for byte. */
typedef struct splev_runner splev_runner;
SPLEV_API
splev_runner *splev_runner_new(void);
SPLEV_API
void splev_runner_free(splev_runner *r);
/* splev_run into the runner's own level: valid until the next run or
 * splev_runner_free; NULL (and err) on a run-time error.  A run that runs
 * out of memory ("out of memory" in err) leaves the runner unusable:
 * later runs fail at once, and splev_runner_free drops it without giving
 * its buffers back. */
SPLEV_API
const splev_level *splev_runner_run(splev_runner *r, const splev_levscript *s,
                                    const splev_genctx *ctx, uint64_t seed,
                                    char *err, size_t errlen);

SPLEV_END_DECLS

#endif
