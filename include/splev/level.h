/* splev/level.h - a generated level as plain data a game can consume.
 *
 * The grid is the game's: 80 columns by 21 rows, x 1..79 used (column 0 is
 * never part of the map), y 0..20.  Terrain numbers are UnNetHack's (master)
 * so raw values match the des-file map operands.  Everything else is kept in
 * growable arrays of plain structs; strings are owned by the level and freed
 * with it.  Monster and object names (the name fields declared const) are
 * the level's shared copies, one per distinct text: never free or change
 * them; they stay valid until splev_level_free, through resets too (a
 * runner's level keeps each name it has had).  To rename such a record,
 * point its name at a string that outlives the level: the level never
 * frees a monster's or an object's name.  doc/level-json.md documents the JSON form of the whole model. */
#ifndef SPLEV_LEVEL_H
#define SPLEV_LEVEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "splev/api.h"

SPLEV_BEGIN_DECLS

#define SPLEV_COLNO 80
#define SPLEV_ROWNO 21

/* ---- terrain (UnNetHack numbering; walls first, predicates rely on it) ---- */
typedef enum splev_terrain {
    SPLEV_STONE, SPLEV_VWALL, SPLEV_HWALL, SPLEV_TLCORNER, SPLEV_TRCORNER,
    SPLEV_BLCORNER, SPLEV_BRCORNER, SPLEV_CROSSWALL, SPLEV_TUWALL,
    SPLEV_TDWALL, SPLEV_TLWALL, SPLEV_TRWALL, SPLEV_DBWALL, SPLEV_TREE,
    SPLEV_DEADTREE, SPLEV_ICEWALL, SPLEV_CRYSTALICEWALL, SPLEV_SDOOR,
    SPLEV_SCORR, SPLEV_POOL, SPLEV_MOAT, SPLEV_WATER, SPLEV_DRAWBRIDGE_UP,
    SPLEV_LAVAPOOL, SPLEV_IRONBARS, SPLEV_DOOR, SPLEV_CORR, SPLEV_ROOM,
    SPLEV_STAIRS, SPLEV_LADDER, SPLEV_FOUNTAIN, SPLEV_THRONE, SPLEV_SINK,
    SPLEV_GRAVE, SPLEV_ALTAR, SPLEV_ICE, SPLEV_BOG, SPLEV_MAGIC_PLATFORM,
    SPLEV_DRAWBRIDGE_DOWN, SPLEV_AIR, SPLEV_CLOUD,
    SPLEV_TERRAIN_COUNT,                 /* = MAX_TYPE */
    SPLEV_TRANSPARENT = SPLEV_TERRAIN_COUNT, /* map char 'x': leave as is */
    SPLEV_INVALID_TERRAIN = 127
} splev_terrain;

#define SPLEV_IS_WALL(t) ((t) != SPLEV_STONE && (t) <= SPLEV_DBWALL)

/* Variant terrain (doc/variants.md): the terrain of other games that the
 * level model keeps as it is, numbered after SPLEV_TRANSPARENT (so no
 * base terrain number moves).  splev_vterrain_info tells what each one is
 * like; outputs that have no picture for one use its fallback terrain. */
enum {
    SPLEV_VT_FIRST = SPLEV_TRANSPARENT + 1,
    SPLEV_GRASS = SPLEV_VT_FIRST, SPLEV_GROUND, SPLEV_PUDDLE, SPLEV_SEWAGE,
    SPLEV_SAND, SPLEV_MAGIC_CHEST, SPLEV_FORGE, SPLEV_TOILET, SPLEV_VENT,
    SPLEV_CARPET,
    SPLEV_VT_END
};
#define SPLEV_IS_VTERRAIN(t) ((t) >= SPLEV_VT_FIRST && (t) < SPLEV_VT_END)

typedef struct splev_vterrain {
    const char *name;     /* "GRASS" */
    char mapchar;         /* shown in text maps and disassembly */
    int walkable;         /* a hero can stand on it */
    int liquid;           /* it is a liquid (puddle, sewage) */
    int walllike;         /* it blocks like a wall */
    int fallback;         /* base terrain for outputs without a picture */
} splev_vterrain;
/* NULL when typ is not a variant terrain. */
SPLEV_API
const splev_vterrain *splev_vterrain_info(int typ);
/* The base terrain an output without a picture for typ shows: the
 * fallback of a variant terrain, any other terrain itself. */
SPLEV_API
int splev_terrain_fallback(int typ);

/* Door states (doormask bits of the game). */
enum {
    SPLEV_D_NODOOR = 0, SPLEV_D_BROKEN = 1, SPLEV_D_ISOPEN = 2,
    SPLEV_D_CLOSED = 4, SPLEV_D_LOCKED = 8, SPLEV_D_TRAPPED = 16
};
/* Per-type meanings of splev_cell.flags (as the game stores them). */
enum { SPLEV_LA_UP = 1, SPLEV_LA_DOWN = 2 };                /* STAIRS, LADDER */
enum { SPLEV_DB_NORTH, SPLEV_DB_SOUTH, SPLEV_DB_EAST, SPLEV_DB_WEST,
       SPLEV_DB_DIRMASK = 3, SPLEV_DB_LAVA = 4 };           /* drawbridges */
enum { SPLEV_ICED_POOL = 8, SPLEV_ICED_MOAT = 16 };          /* ICE */
/* Alignment masks (altars, monsters). */
enum { SPLEV_AM_NONE = 0, SPLEV_AM_CHAOTIC = 1, SPLEV_AM_NEUTRAL = 2,
       SPLEV_AM_LAWFUL = 4, SPLEV_AM_SHRINE = 8, SPLEV_AM_SANCTUM = 16 };

typedef struct splev_cell {
    uint8_t typ;          /* splev_terrain */
    uint8_t lit;          /* 0/1 */
    uint8_t horizontal;   /* orientation of a door or wall */
    uint8_t edge;         /* room edge (door/wall shared by rooms) */
    uint8_t roomno;       /* 0 none, 1 shared, 2 shared+, room index + 3 */
    uint8_t doormask;     /* SPLEV_D_* for DOOR and SDOOR */
    uint8_t nondiggable;  /* W_NONDIGGABLE */
    uint8_t nonpasswall;  /* W_NONPASSWALL */
    uint8_t flags;        /* ladder/stair direction, drawbridge mask, icedpool,
                           * wall display mode: see the enums above */
} splev_cell;

/* ---- rooms and subrooms (one array; parent >= 0 marks a subroom) ---- */
typedef struct splev_room {
    int lx, ly, hx, hy;   /* interior; walls sit one cell outside */
    int rtype;            /* UnNetHack room type code (splev_room_type_name) */
    int rlit;
    int irregular;
    int needfill;         /* 0 none, 1 stock, 2 only the level flags */
    int needjoining;
    int parent;           /* index of the parent room, -1 for a top-level room */
} splev_room;

/* ---- stairs, ladders, branch stairs and portals ---- */
typedef enum splev_stair_kind {
    SPLEV_SK_STAIR, SPLEV_SK_LADDER, SPLEV_SK_BRANCH_STAIR,
    SPLEV_SK_BRANCH_PORTAL, SPLEV_SK_PORTAL
} splev_stair_kind;

typedef struct splev_stair {
    int x, y;
    int kind;             /* splev_stair_kind */
    int up;               /* 1 up, 0 down (portals: 0) */
    char *dest;           /* destination level name, or NULL */
} splev_stair;

/* ---- level regions (STAIR/PORTAL/BRANCH/TELEPORT_REGION region forms) ---- */
enum { SPLEV_LR_DOWNSTAIR, SPLEV_LR_UPSTAIR, SPLEV_LR_PORTAL, SPLEV_LR_BRANCH,
       SPLEV_LR_TELE, SPLEV_LR_UPTELE, SPLEV_LR_DOWNTELE };

typedef struct splev_lregion {
    int type;             /* SPLEV_LR_* */
    int lx, ly, hx, hy;   /* the area (absolute) */
    int dlx, dly, dhx, dhy; /* the excluded area; all 0 when none */
    char *dest;           /* portal destination or NULL */
} splev_lregion;

/* ---- features ---- */
typedef struct splev_altar {
    int x, y;
    int align;            /* SPLEV_AM_CHAOTIC/NEUTRAL/LAWFUL or NONE */
    int shrine;           /* 0 altar, 1 shrine, 2 sanctum */
} splev_altar;

typedef struct splev_grave {
    int x, y;
    char *epitaph;        /* NULL: none */
    int random_epitaph;   /* 1: the game picks a random epitaph */
} splev_grave;

enum { SPLEV_ENGR_DUST = 1, SPLEV_ENGR_ENGRAVE, SPLEV_ENGR_BURN,
       SPLEV_ENGR_MARK, SPLEV_ENGR_BLOOD, SPLEV_ENGR_HEADSTONE };

typedef struct splev_engraving {
    int x, y;
    int type;             /* SPLEV_ENGR_* */
    char *text;
} splev_engraving;

typedef struct splev_gold {
    int x, y;
    long amount;
} splev_gold;

typedef struct splev_trap {
    int x, y;
    int type;             /* UnNetHack trap index 1..24, or a variant
                           * trap 25..29 (splev_trap_name) */
} splev_trap;

typedef struct splev_drawbridge {
    int x, y;             /* the bridge cell; the wall is next to it */
    int dir;              /* SPLEV_DB_NORTH.. */
    int open;             /* 1 lowered, 0 raised */
} splev_drawbridge;

/* ---- objects (containers nest) ---- */
typedef struct splev_object splev_object;
struct splev_object {
    int x, y;             /* -1, -1 inside a container or a monster */
    int at_given_spot;    /* 1: the script gave the spot, or asked for
                           * one in rock (random[solid|any]); 0: drawn */
    char cls;             /* class symbol (')' '[' ...), 0 unknown */
    const char *name;     /* object name (shared, see the top), NULL:
                           * random of the class */
    int curse;            /* 0 random, 1 blessed, 2 uncursed, 3 cursed */
    int spe_set, spe;     /* enchantment / charges when spe_set */
    char montype_cls;     /* statue, figurine, corpse: monster class */
    char *montype;        /* ... or monster name */
    char *given_name;     /* NAME:"..." */
    int quantity;         /* -1 default */
    int buried, invisible, greased, erodeproof;
    int lit;              /* -1 default, 0 unlit, 1 lit */
    int eroded;           /* -1 default, else erosion value */
    int locked, broken;   /* lock state */
    int trapped;          /* -1 default, 0 not_trapped, 1 trapped */
    int recharged;        /* -1 default */
    int container;        /* made by CONTAINER */
    splev_object *contents;
    size_t ncontents, capcontents;
};

/* ---- monsters ---- */
enum { SPLEV_APPEAR_NONE, SPLEV_APPEAR_FEATURE, SPLEV_APPEAR_MONSTER,
       SPLEV_APPEAR_OBJECT };
#define SPLEV_ALIGN_DEFAULT (-128) /* "not given": ordinary creation */

typedef struct splev_monster {
    int x, y;
    int at_given_spot;    /* 1: the script gave the spot, or asked for
                           * one in rock (random[solid|any]); 0: drawn */
    char cls;             /* class letter, 0 unknown */
    const char *name;     /* species (shared, see the top), NULL: random
                           * of the class */
    char *given_name;     /* the monster's own name ("Idefix") */
    int peaceful;         /* -1 default, 0 hostile, 1 peaceful */
    int asleep;           /* -1 default, 0 awake, 1 asleep */
    int align;            /* SPLEV_AM_* mask, or SPLEV_ALIGN_DEFAULT */
    int appear;           /* SPLEV_APPEAR_* */
    char *appear_as;      /* what it mimics */
    int female, invisible, cancelled, revived, avenge, stunned, confused;
    int fleeing, blinded, paralyzed;   /* turns, 0 none */
    uint32_t seen_traps;  /* bit (trap index - 1) */
    splev_object *inventory;
    size_t ninventory, capinventory;
} splev_monster;

/* ---- level-wide settings ---- */
enum {
    SPLEV_F_NOTELEPORT = 1u << 0, SPLEV_F_HARDFLOOR = 1u << 1,
    SPLEV_F_NOMMAP = 1u << 2, SPLEV_F_SHORTSIGHTED = 1u << 3,
    SPLEV_F_ARBOREAL = 1u << 4, SPLEV_F_MAZELEVEL = 1u << 5,
    SPLEV_F_PREMAPPED = 1u << 6, SPLEV_F_SHROUD = 1u << 7,
    SPLEV_F_GRAVEYARD = 1u << 8, SPLEV_F_ICEDPOOLS = 1u << 9,
    SPLEV_F_SOLIDIFY = 1u << 10, SPLEV_F_CORRMAZE = 1u << 11,
    SPLEV_F_INACCESSIBLES = 1u << 12, SPLEV_F_NOFLIPX = 1u << 13,
    SPLEV_F_NOFLIPY = 1u << 14, SPLEV_F_RNDVAULT = 1u << 15,
    SPLEV_F_SHEOL = 1u << 16, SPLEV_F_STORMY = 1u << 17,
    SPLEV_F_SKY = 1u << 18,
    /* variant profiles (doc/variants.md): xNetHack, HackEM */
    SPLEV_F_OUTDOORS = 1u << 19, SPLEV_F_SPOOKY = 1u << 20
};
#define SPLEV_F_COUNT 21

enum { SPLEV_SOUND_HEAR, SPLEV_SOUND_PLINE, SPLEV_SOUND_VERBAL,
       SPLEV_SOUND_FEEL };

typedef struct splev_sound {
    int kind;             /* SPLEV_SOUND_* */
    char *text;
} splev_sound;

typedef struct splev_mongen {
    int freq;
    char cls;             /* class letter when by class */
    char *name;           /* species name when by name (cls then 0) */
} splev_mongen;

#define SPLEV_ARRAY(type, name) type *name; size_t n##name, cap##name

typedef struct splev_level {
    char *name;
    unsigned flags;       /* SPLEV_F_* */
    splev_cell cells[SPLEV_COLNO][SPLEV_ROWNO];  /* [x][y] */
    SPLEV_ARRAY(splev_room, rooms);
    SPLEV_ARRAY(splev_stair, stairs);
    SPLEV_ARRAY(splev_lregion, lregions);
    SPLEV_ARRAY(splev_altar, altars);
    SPLEV_ARRAY(splev_grave, graves);
    SPLEV_ARRAY(splev_engraving, engravings);
    SPLEV_ARRAY(splev_gold, golds);
    SPLEV_ARRAY(splev_trap, traps);
    SPLEV_ARRAY(splev_drawbridge, drawbridges);
    SPLEV_ARRAY(splev_monster, monsters);
    SPLEV_ARRAY(splev_object, objects);   /* on the floor (or buried) */
    SPLEV_ARRAY(char *, messages);
    int sound_freq;       /* 1 in N per turn; 0 no sounds */
    SPLEV_ARRAY(splev_sound, sounds);
    int mongen_percent;   /* share of random monsters from the table */
    SPLEV_ARRAY(splev_mongen, mongen);
    /* Problems met while generating that did not stop the run (a way-out
     * check that gave up after its bounded tries). */
    SPLEV_ARRAY(char *, warnings);
    /* Private to the level code: string memory splev_level_reset keeps
     * for the next level's records (NULL in a new level). */
    struct splev_level_spare *spare;
} splev_level;

/* ---- life cycle ----
 * Out of memory: the functions below that return a pointer return NULL,
 * those that return int return -1 (0 otherwise); the level is left as it
 * was, except that a reset level may keep fewer of its old records. */
/* A cleared level: every cell STONE, unlit, no rooms or things. */
SPLEV_API
splev_level *splev_level_new(const char *name);
SPLEV_API
void splev_level_free(splev_level *lev);
/* Make lev what splev_level_new(name) returns, keeping its arrays'
 * memory for the next level (many levels in a row allocate less). */
SPLEV_API
int splev_level_reset(splev_level *lev, const char *name);
/* splev_level_reset with the cells copied from grid instead of cleared
 * (a runner starting where a script's opening left the grid). */
SPLEV_API
int splev_level_reset_grid(splev_level *lev, const char *name,
                           const splev_cell grid[SPLEV_COLNO][SPLEV_ROWNO]);
/* The cell at (x, y), or NULL outside 0..79 x 0..20. */
SPLEV_API
splev_cell *splev_level_cell(splev_level *lev, int x, int y);
SPLEV_API
const splev_cell *splev_level_cell_const(const splev_level *lev, int x, int y);

/* ---- add helpers: append a zeroed/defaulted record and return it.  They
 * only record; the caller sets the grid (the interpreter owns the rules). */
SPLEV_API
splev_room *splev_level_add_room(splev_level *lev, int parent);
SPLEV_API
splev_stair *splev_level_add_stair(splev_level *lev, int kind, int x, int y,
                                   int up, const char *dest);
SPLEV_API
splev_lregion *splev_level_add_lregion(splev_level *lev, int type);
SPLEV_API
splev_altar *splev_level_add_altar(splev_level *lev, int x, int y, int align,
                                   int shrine);
SPLEV_API
splev_grave *splev_level_add_grave(splev_level *lev, int x, int y,
                                   const char *epitaph);
SPLEV_API
splev_engraving *splev_level_add_engraving(splev_level *lev, int x, int y,
                                           int type, const char *text);
SPLEV_API
splev_gold *splev_level_add_gold(splev_level *lev, int x, int y, long amount);
SPLEV_API
splev_trap *splev_level_add_trap(splev_level *lev, int x, int y, int type);
SPLEV_API
splev_drawbridge *splev_level_add_drawbridge(splev_level *lev, int x, int y,
                                             int dir, int open);
SPLEV_API
splev_monster *splev_level_add_monster(splev_level *lev, int x, int y,
                                       char cls, const char *name);
SPLEV_API
splev_object *splev_level_add_object(splev_level *lev, int x, int y, char cls,
                                     const char *name);
/* Index of the first monster standing on (x, y), or -1. */
SPLEV_API
int splev_level_monster_at(const splev_level *lev, int x, int y);
/* Contents of a container, inventory of a monster (x, y are -1); box or
 * m is a record of lev (its name comes from lev's shared names). */
SPLEV_API
splev_object *splev_object_add_content(splev_level *lev, splev_object *box,
                                       char cls, const char *name);
SPLEV_API
splev_object *splev_monster_add_item(splev_level *lev, splev_monster *m,
                                     char cls, const char *name);
SPLEV_API
int splev_level_add_message(splev_level *lev, const char *text);
SPLEV_API
int splev_level_add_warning(splev_level *lev, const char *text);
SPLEV_API
splev_sound *splev_level_add_sound(splev_level *lev, int kind,
                                   const char *text);
SPLEV_API
splev_mongen *splev_level_add_mongen(splev_level *lev, int freq, char cls,
                                     const char *name);
/* Replace a string field owned by the level (NULL clears it); out of
 * memory keeps the old string and returns -1. */
SPLEV_API
int splev_set_string(char **field, const char *text);

/* What walking onto a terrain needs (the reachability checks of levgen
 * --dungeon and levgen --stats read this one column): nothing, a way
 * over water, lava, trees, iron bars or a raised drawbridge, or it never
 * passes (stone, walls).  Variant terrain passes when it is walkable. */
enum {
    SPLEV_PASS_FREE, SPLEV_PASS_WATER, SPLEV_PASS_LAVA, SPLEV_PASS_TREES,
    SPLEV_PASS_BARS, SPLEV_PASS_DRAWBRIDGE, SPLEV_PASS_NEVER
};
SPLEV_API
int splev_terrain_passage(int typ);

/* ---- names ---- */
SPLEV_API
const char *splev_terrain_name(int typ);       /* "STONE".., NULL if bad */
SPLEV_API
int splev_terrain_from_name(const char *name); /* -1 if unknown */
/* The des-file map character of a terrain, or 0 when it has none
 * (corners, STAIRS, ALTAR ...).  CROSSWALL gives 'B', MAX_TYPE 'x'. */
SPLEV_API
int splev_terrain_mapchar(int typ);
/* The terrain of a map character; SPLEV_INVALID_TERRAIN when unknown. */
SPLEV_API
int splev_terrain_from_mapchar(int c);
/* The nearest map character for any terrain (corners become '-' or '|',
 * furniture its floor ...): what a des MAP would have to say. */
SPLEV_API
int splev_terrain_nearest_mapchar(int typ);
SPLEV_API
const char *splev_trap_name(int type);         /* "arrow".., NULL if bad */
SPLEV_API
int splev_trap_from_name(const char *name);    /* 0 if unknown */
#define SPLEV_TRAP_COUNT 25                     /* indices 1..24 */
/* Variant traps (doc/variants.md): the trap names of other games, numbered
 * after the base ones; splev_trap_name names them too, random traps never
 * pick them. */
enum {
    SPLEV_VTRAP_FIRST = SPLEV_TRAP_COUNT,
    SPLEV_TRAP_ICE = SPLEV_VTRAP_FIRST, SPLEV_TRAP_CROSSBOW_BOLT,
    SPLEV_TRAP_SPEAR, SPLEV_TRAP_MAGIC_BEAM, SPLEV_TRAP_SHURIKEN,
    SPLEV_VTRAP_END
};
/* The variant trap of this name (case-insensitive), or 0. */
SPLEV_API
int splev_vtrap_from_name(const char *name);
SPLEV_API
const char *splev_room_type_name(int rtype);   /* "ordinary".., NULL */
SPLEV_API
const char *splev_flag_name(unsigned bit);     /* one SPLEV_F_* bit */
SPLEV_API
const char *splev_door_state_name(int doormask);   /* "nodoor".. */
SPLEV_API
const char *splev_align_name(int align);       /* "lawful".. */
SPLEV_API
const char *splev_engraving_type_name(int type);
SPLEV_API
const char *splev_sound_kind_name(int kind);
SPLEV_API
const char *splev_lregion_type_name(int type);
SPLEV_API
const char *splev_stair_kind_name(int kind);

/* ---- output: byte-identical for equal levels ---- */
/* The map as the game draws it, then a legend.  Returns a malloc'd
 * NUL-terminated string (free it with free()). */
SPLEV_API
char *splev_level_render_text(const splev_level *lev);
/* The same with ANSI colour escapes (the game's default colours). */
SPLEV_API
char *splev_level_render_ansi(const splev_level *lev);
/* The level as one standalone SVG picture: cells coloured by terrain (lit
 * cells lighter), features, traps, objects and monsters as glyphs, and a
 * legend.  Deterministic bytes; malloc'd, free() it. */
SPLEV_API
char *splev_level_render_svg(const splev_level *lev);
/* The whole model as JSON (doc/level-json.md): malloc'd string. */
SPLEV_API
char *splev_level_to_json(const splev_level *lev);
/* Writes splev_level_to_json to out; 0, or -1 on a write error. */
SPLEV_API
int splev_level_write_json(const splev_level *lev, FILE *out);

SPLEV_END_DECLS

#endif
