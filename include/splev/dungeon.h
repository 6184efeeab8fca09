/* splev/dungeon.h - dungeon scripts (what dgn_comp writes) and dungeon
 * layouts (what a game builds from one at start-up).
 *
 * A splev_dgn_script is plain data: the compiler builds one from a
 * dungeon.def, splev_dgn_encode() turns it into the binary format of
 * doc/formats.md, and splev_dgn_decode() verifies such bytes completely and
 * gives the same structure back.  splev_dgn_layout() then places every
 * dungeon, special level and branch for a seed. */
#ifndef SPLEV_DUNGEON_H
#define SPLEV_DUNGEON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "splev/api.h"

SPLEV_BEGIN_DECLS

/* Limits of the language, the games' own, checked exactly. */
#define SPLEV_MAX_DUNGEONS 16      /* dungeon records in one file */
#define SPLEV_MAX_SPECIAL 99       /* special-level records in one file */
#define SPLEV_MAX_BRANCHES 32      /* branch records in one file */
#define SPLEV_MAXLEVEL 32          /* levels in one dungeon */
#define SPLEV_MAXLEVEL_ANY 64      /* the most any variant profile allows
                                    * (splev_dgn_script.max_levels) */
#define SPLEV_DGN_NAME_MAX 23      /* bytes in a dungeon name */
#define SPLEV_LEV_NAME_MAX 14      /* bytes in a level name */
#define SPLEV_PROTO_NAME_MAX 14    /* bytes in a protofile name */

/* Dungeon and level flags (DESCRIPTION / LEVELDESC). */
enum {
    SPLEV_DF_TOWN = 1,
    SPLEV_DF_HELLISH = 2,
    SPLEV_DF_MAZELIKE = 4,
    SPLEV_DF_ROGUELIKE = 8
};

/* Alignments (ALIGNMENT / LEVALIGN). */
enum {
    SPLEV_ALIGN_NONE = 0,      /* unaligned / noalign: inherit or none */
    SPLEV_ALIGN_CHAOTIC = 1,
    SPLEV_ALIGN_NEUTRAL = 2,
    SPLEV_ALIGN_LAWFUL = 4
};

/* Branch types. */
enum {
    SPLEV_BR_STAIR = 0,
    SPLEV_BR_NO_UP = 1,
    SPLEV_BR_NO_DOWN = 2,
    SPLEV_BR_PORTAL = 3
};

typedef struct splev_dgn_level {
    const char *name;      /* file base name, e.g. "bigrm" */
    char bones;            /* bones character, 0 for "none" */
    unsigned flags;        /* SPLEV_DF_* */
    int align;             /* SPLEV_ALIGN_* (0: the dungeon's) */
    int chance;            /* 1..100 */
    int base, rand;        /* placement: absolute, or offset from chain */
    int rndlevs;           /* 0, or number of variants name-1..name-N */
    int chain;             /* index within this dungeon's levels, or -1 */
} splev_dgn_level;

typedef struct splev_dgn_branch {
    int target;            /* index of the target dungeon */
    int base, rand;        /* placement, as for levels */
    int chain;             /* index within the owning dungeon's levels, or -1 */
    int type;              /* SPLEV_BR_* */
    int up;                /* 1: the stair goes up from the parent */
} splev_dgn_branch;

typedef struct splev_dgn_dungeon {
    const char *name;
    const char *proto;     /* protofile prefix, "" when none */
    char bones;            /* 0 for "none" */
    unsigned flags;        /* SPLEV_DF_* */
    int align;             /* SPLEV_ALIGN_* */
    int chance;            /* 1..100; 100 = always present */
    int base, rand;        /* level count: base + rn2(rand) when rand > 0 */
    int entry;             /* entry level: 0/1 top, >0 that level, <0 from bottom */
    int first_level, n_levels;     /* slice of script->levels */
    int first_branch, n_branches;  /* slice of script->branches */
} splev_dgn_dungeon;

typedef struct splev_dgn_script {
    int n_dungeons, n_levels, n_branches;
    splev_dgn_dungeon *dungeons;
    splev_dgn_level *levels;
    splev_dgn_branch *branches;
    char *strings;         /* owns every name of the script */
    size_t strings_len;
    int max_levels;        /* levels in one dungeon: 0 = SPLEV_MAXLEVEL;
                            * a variant profile's larger limit up to
                            * SPLEV_MAXLEVEL_ANY (doc/variants.md) */
} splev_dgn_script;

/* The level limit of a script (its max_levels, or SPLEV_MAXLEVEL). */
static inline int splev_dgn_max_levels(const splev_dgn_script *s)
{
    return s->max_levels > SPLEV_MAXLEVEL ? s->max_levels : SPLEV_MAXLEVEL;
}

/* Encode a script in the binary format.  Returns a malloc'd buffer and its
 * length; the same script gives the same bytes on every platform. */
SPLEV_API
unsigned char *splev_dgn_encode(const splev_dgn_script *s, size_t *len);

/* Verify and decode a binary dungeon script.  On failure returns NULL and
 * writes the reason ("truncated header", "checksum mismatch", ...) to err. */
SPLEV_API
splev_dgn_script *splev_dgn_decode(const unsigned char *buf, size_t len,
                                   char *err, size_t errlen);

/* Read, verify and decode a file.  On failure returns NULL and writes
 * "FILE: bad dungeon script (reason)" or "FILE: cannot open: ..." to err. */
SPLEV_API
splev_dgn_script *splev_dgn_load_file(const char *path, char *err,
                                      size_t errlen);

SPLEV_API
void splev_dgn_script_free(splev_dgn_script *s);

/* ---- layouts ---- */

typedef struct splev_placed_dungeon {
    int def;               /* index in the script's dungeons */
    const char *name;
    int num_levels;
    int depth_start;       /* depth of level 1 */
    int ledger_start;      /* ledger number of level 1 is ledger_start + 1 */
    int entry;             /* resolved entry level, 1..num_levels */
    unsigned flags;
    int align;
} splev_placed_dungeon;

typedef struct splev_placed_level {
    int dungeon;           /* index in layout->dungeons */
    int def;               /* index in the script's levels */
    const char *name;      /* the record's name */
    char file[32];         /* file to load: name, or name-K for rndlevs */
    int variant;           /* 1..rndlevs, or 0 */
    int level;             /* level number within its dungeon, 1-based */
    int depth;
    int ledger;
    unsigned flags;
    int align;             /* the level's, else its dungeon's */
} splev_placed_level;

typedef struct splev_placed_branch {
    int def;               /* index in the script's branches */
    int type;              /* SPLEV_BR_* */
    int up;                /* the stair on end1 goes up */
    int from_dungeon, from_level;   /* end1: layout indices, level number */
    int to_dungeon, to_level;       /* end2: the child's entry level */
    int floating;          /* placed by the game later (e.g. Fort Ludios) */
} splev_placed_branch;

typedef struct splev_layout {
    uint64_t seed;
    int n_dungeons, n_levels, n_branches;
    splev_placed_dungeon *dungeons;    /* present dungeons, in file order */
    splev_placed_level *levels;        /* by dungeon, then level number */
    splev_placed_branch *branches;     /* sorted as the game sorts them */
    int n_skipped;
    int *skipped;          /* script indices of dungeons whose chance failed */
    char tune[6];          /* castle tune when a "castle" level exists, else "" */
    int n_chain;
    int *chain;            /* special-level visiting order (indices into levels):
                              as levels, but with the elemental planes shuffled */
} splev_layout;

/* Lay out the dungeon for a seed.  Returns NULL with a message in err when
 * the levels cannot be placed. */
SPLEV_API
splev_layout *splev_dgn_layout(const splev_dgn_script *s, uint64_t seed,
                               char *err, size_t errlen);
SPLEV_API
void splev_layout_free(splev_layout *l);

/* Check a layout against its script: every level inside its dungeon and its
 * range, chains, no two special levels on one level, branch ends, spacing,
 * depths, ledger numbers, skipped dungeons, tune and visiting order.
 * Returns 0, or -1 with the first broken rule in err. */
SPLEV_API
int splev_layout_validate(const splev_dgn_script *s, const splev_layout *l,
                          char *err, size_t errlen);

/* Print the layout as the overview text of levgen, or as JSON. */
SPLEV_API
void splev_layout_print_text(FILE *f, const splev_dgn_script *s,
                             const splev_layout *l);
SPLEV_API
void splev_layout_print_json(FILE *f, const splev_dgn_script *s,
                             const splev_layout *l);

/* Names for printing. */
SPLEV_API
const char *splev_branch_type_name(int type);  /* "stair", "no_up", ... */
/* "lawful", ..., "unaligned" (shared with splev/level.h, defined in
 * src/level: dungeon and altar alignments use the same bits). */
SPLEV_API
const char *splev_align_name(int align);

SPLEV_END_DECLS

#endif
