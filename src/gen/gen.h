/* gen/gen.h - the procedural generators, as a library stage.
 *
 * The random parts of a level: INIT_MAP styles (solid fill, maze grid,
 * mines caves, Sheol, the Rogue tribute), MAZEWALK, rooms on the rectangle
 * allocator, subrooms, doors, corridors, random vaults and the way-out
 * check.  Everything works on the level model (splev/level.h) and draws
 * only from our PRNG (splev/rng.h), in the games' order of draws;
 * doc/generators.md lists where we knowingly differ from the games.
 *
 * Nothing here knows about the virtual machine.  The interpreter keeps one
 * splev_gen per level it runs, sets the engine inputs (depth, difficulty,
 * dialect ...) and calls these with already resolved, absolute values.
 *
 * Rooms.  The model has one rooms array (subrooms carry parent >= 0).  The
 * game's "room a" of the corridor code is the a-th TOP-LEVEL room in
 * creation order: splev_gen_nroom() / splev_gen_room_index() convert.
 * Room registration (a rectangle entering the model, walls drawn unless
 * "special", lit, smeq/door bookkeeping) is splev_gen_add_room(); an
 * interpreter that wants its own registration installs g->add_room and
 * every generator here then calls it instead.  Rooms that appear in the
 * model by other means (REGION) are picked up lazily: each new index
 * starts in its own connectivity class with no doors (the games leave a
 * stale class there). */
#ifndef SPLEV_GEN_H
#define SPLEV_GEN_H

#include <stdint.h>

#include "splev/level.h"
#include "splev/rng.h"

enum {
    SPLEV_GEN_MAXROOMS = 40,     /* top-level rooms (MAXNROFROOMS) */
    SPLEV_GEN_MAXSUBROOMS = 24,  /* per room */
    SPLEV_GEN_DOORMAX = 120,
    SPLEV_GEN_MAXRECTS = 50,
    SPLEV_GEN_MAXCAVEROOMS = 80, /* regions join_map collects */
    SPLEV_GEN_MAXMODELROOMS = 250, /* rooms + subrooms of the model */
    SPLEV_GEN_MAXSPOTS = 38 * 9  /* maze filler: odd x 3..77, odd y 3..19 */
};

/* Walls and directions: the game's bits (ROOMDOOR walls, MAZEWALK and
 * CORRIDOR directions). */
enum { SPLEV_GEN_NORTH = 1, SPLEV_GEN_SOUTH = 2, SPLEV_GEN_EAST = 4,
       SPLEV_GEN_WEST = 8, SPLEV_GEN_ANYWALL = 15 };
/* ROOM alignments: xalign left..right, yalign top (1), center, bottom (5). */
enum { SPLEV_GEN_LEFT = 1, SPLEV_GEN_HALF_LEFT = 2, SPLEV_GEN_CENTER = 3,
       SPLEV_GEN_HALF_RIGHT = 4, SPLEV_GEN_RIGHT = 5,
       SPLEV_GEN_TOP = 1, SPLEV_GEN_BOTTOM = 5 };
/* Room types the algorithms care about (UnNetHack codes). */
enum { SPLEV_GEN_OROOM = 0, SPLEV_GEN_VAULT = 4, SPLEV_GEN_RNDVAULT = 18,
       SPLEV_GEN_SHOPBASE = 20 };
/* INIT_MAP styles (doc/formats.md). */
enum { SPLEV_GEN_INIT_NONE, SPLEV_GEN_INIT_SOLIDFILL, SPLEV_GEN_INIT_MAZEGRID,
       SPLEV_GEN_INIT_MINES, SPLEV_GEN_INIT_SHEOL, SPLEV_GEN_INIT_ROGUE };
/* Dialects (the same numbers as levscript.h). */
enum { SPLEV_GEN_UN = 0, SPLEV_GEN_NH36 = 1 };

typedef struct splev_rect { int lx, ly, hx, hy; } splev_rect;

typedef struct splev_gen splev_gen;

/* A room to register: interior lx..hx x ly..hy, light, type, "special"
 * (draw nothing: REGION and cave rooms), parent model index or -1. */
typedef struct splev_gen_newroom {
    int lx, ly, hx, hy;
    int lit, rtype, special, parent;
} splev_gen_newroom;

/* Replacement room registration: must append the room to g->lev->rooms
 * (as splev_gen_add_room does) and return its model index, or -1. */
typedef int (*splev_gen_add_room_fn)(void *ud, splev_gen *g,
                                     const splev_gen_newroom *nr);

struct splev_gen {
    splev_level *lev;
    splev_rng *rng;
    /* engine inputs (defaults from splev_gen_init in brackets) */
    int dialect;        /* SPLEV_GEN_UN [UN] or SPLEV_GEN_NH36 */
    int old343;         /* NetHack 3.4.3's maze filler (maze.c) [0] */
    int room_abs;       /* ROOM (x,y) is a map position, as xNetHack's
                         * engine reads it, not a 5x5 grid cell [0] */
    int depth;          /* dungeon depth: random light, vault gold [1] */
    int difficulty;     /* level difficulty: door traps, mimics [1] */
    int mines_lit_k;    /* INIT mines random light in the Mines: k of
                         * rn2(10) < k (9 above Minetown, 1 below); 0 off [0] */
    int sheol_dlevel;   /* level number inside Sheol [1] */
    int can_fall;       /* one can fall through the floor (way out) [1] */
    int vault_mode;     /* random-vault mode [0] */
    int vault_failed;   /* set when a vault-mode room fails */
    /* the free-rectangle list */
    splev_rect rects[SPLEV_GEN_MAXRECTS];
    int nrects;
    /* per-room bookkeeping, indexed like lev->rooms, grown lazily */
    int *smeq;          /* connectivity class */
    int *doorct;        /* doors recorded for the room */
    size_t nknown, capknown;
    int ndoors;         /* every recorded door (DOORMAX) */
    /* SpLev_Map: cells marked by MAZEWALK (fill_empty_maze uses them);
     * 1 marked, 0 not, nothing else (the filler sums them) */
    uint8_t mark[SPLEV_COLNO][SPLEV_ROWNO];
    /* the reserved treasure vault of makerooms, if any */
    int vault_x, vault_y, vault_reserved;
    /* optional room registration hook (NULL: splev_gen_add_room) */
    splev_gen_add_room_fn add_room;
    void *add_room_ud;
    int warnings;       /* non-fatal problems met (bounded loops gave up) */
    /* Work done by the retry loops of the generators (a Voronoi pass is
     * a cell visit per cell): the interpreter charges it to its step
     * budget after each generator call. */
    uint64_t work;
};

/* ---- context ---- */
/* A context over lev and rng with the defaults above and one free
 * rectangle (0,0)-(79,20). */
void splev_gen_init(splev_gen *g, splev_level *lev, splev_rng *rng);
void splev_gen_free(splev_gen *g);
/* Reset the free-rectangle list to the whole map. */
void splev_gen_init_rects(splev_gen *g);

/* ---- INIT_MAP ---- */
/* Operands as the INIT_MAP opcode pops them: terrains fg/bg/fill
 * (splev_terrain, -1 for "no fill"), booleans smoothed/joined/walled, lit
 * -1 random, 0, 1 (solidfill also -2 "leave").  Returns `joined` for the
 * mines style (the interpreter keeps it for MAP's remove_rooms), else 0. */
int splev_gen_init_map(splev_gen *g, int style, int fg, int bg, int smoothed,
                       int joined, int lit, int walled, int fill);
void splev_gen_solidfill(splev_gen *g, int fill, int lit);
void splev_gen_mazegrid(splev_gen *g, int fill);
void splev_gen_mines(splev_gen *g, int fg, int bg, int smoothed, int joined,
                     int lit, int walled, int fill);
/* Sheol; uses g->sheol_dlevel.  Returns the number of restarts. */
int splev_gen_sheol(splev_gen *g);
/* The Rogue tribute: 3x3 rooms and junctions, doors, corridors. */
void splev_gen_rogue(splev_gen *g);

/* ---- MAZEWALK ---- */
/* (x, y) absolute, dir one SPLEV_GEN_NORTH.., fill a terrain or < 1 for
 * the default (ROOM, CORR on corrmaze levels).  stocked runs
 * splev_gen_fill_maze afterwards. */
void splev_gen_mazewalk(splev_gen *g, int x, int y, int dir, int stocked,
                        int fill);
/* The walk alone from an odd lattice cell; a STONE fill carves nothing. */
void splev_gen_walkfrom(splev_gen *g, int x, int y, int fill);
/* fill_empty_maze: objects, boulders, minotaurs, monsters, gold, traps
 * recorded in the model on marked odd cells. */
void splev_gen_fill_maze(splev_gen *g);
/* The filler's spots: the odd dry cells of x 3..77, y 3..19 that MAZEWALK
 * marked (UnNetHack) or did not (NetHack), listed x-major (x ascending,
 * then y).  A pick is one rn2(n) indexing that list, which is uniform
 * over the spots as the game's rejection search is when it succeeds;
 * with no spot it draws nothing and returns 0, else 1 and the spot. */
typedef struct splev_gen_spots {
    int marked;         /* marked cells of x 2..77, y 0..19 (the count) */
    int n;
    uint16_t xy[SPLEV_GEN_MAXSPOTS];   /* x * 256 + y */
} splev_gen_spots;
void splev_gen_maze_spots(const splev_gen *g, splev_gen_spots *s);
int splev_gen_maze_spot(splev_gen *g, const splev_gen_spots *s, int *x,
                        int *y);

/* ---- rooms ---- */
/* The random light state: rnd(1+|depth|) < 11 && rn2(77). */
int splev_gen_random_lit(splev_gen *g);
/* Top-level rooms so far, and the model index of the k-th one (-1). */
int splev_gen_nroom(const splev_gen *g);
int splev_gen_room_index(const splev_gen *g, int k);
/* Register a room (see the file comment); returns its model index, or
 * -1 when the model holds SPLEV_GEN_MAXMODELROOMS rooms already or the
 * room lies off the map (nothing of x 1..78, y 1..19 is left). */
int splev_gen_add_room(splev_gen *g, const splev_gen_newroom *nr);
/* create_room: x, y on the 5x5 grid (1..5), w, h, alignments, type, lit;
 * -1 means random.  A vault (type 4) becomes a real closed 2x2 room
 * (where the games' ROOM makes nothing).  Returns the model index or -1. */
int splev_gen_create_room(splev_gen *g, int x, int y, int w, int h,
                          int xalign, int yalign, int rtype, int rlit);
/* create_subroom: x, y, w, h relative to the parent's interior (-1
 * random).  Returns the model index or -1. */
int splev_gen_create_subroom(splev_gen *g, int parent, int x, int y, int w,
                             int h, int rtype, int rlit);
/* The ROOM / SUBROOM opcode (build_room): the chance draw, creation as a
 * subroom of parent (model index) or top-level (parent -1), topologize,
 * needfill = filled, needjoining = joined (never for a vault).  In
 * vault mode a failed top-level room of area <= 20 sets vault_failed. */
typedef struct splev_gen_roomspec {
    int rtype, chance, lit, filled, joined;
    int xalign, yalign, x, y, w, h;
} splev_gen_roomspec;
int splev_gen_build_room(splev_gen *g, int parent,
                         const splev_gen_roomspec *rs);
/* remove_rooms of a MAP drawn over a joined cave: every
 * top-level room whose interior lies entirely inside [lx,hx) x [ly,hy)
 * is removed, last to first, the last top-level room taking its place in
 * the order; partly covered rooms stay as they are, and so do rooms with
 * subrooms.  Returns the number removed. */
int splev_gen_remove_rooms(splev_gen *g, int lx, int ly, int hx, int hy);
/* topologize: roomno on the interior, edge/SHARED on the walls, then the
 * subrooms.  Irregular rooms and rooms already done are skipped. */
void splev_gen_topologize(splev_gen *g, int room);

/* ---- rectangle allocator ---- */
splev_rect *splev_gen_rnd_rect(splev_gen *g);
splev_rect *splev_gen_get_rect(splev_gen *g, const splev_rect *r);
void splev_gen_add_rect(splev_gen *g, const splev_rect *r);
void splev_gen_remove_rect(splev_gen *g, const splev_rect *r);
void splev_gen_split_rects(splev_gen *g, splev_rect r1, splev_rect r2);
int splev_gen_check_room(splev_gen *g, int *lowx, int *ddx, int *lowy,
                         int *ddy, int vault);

/* ---- doors ---- */
/* okdoor: an HWALL/VWALL, doors not full, no door orthogonally next. */
int splev_gen_okdoor(const splev_gen *g, int x, int y);
/* dodoor / dosdoor: make a door of type DOOR or SDOOR on a wall of room
 * (model index), drawing its state; records it (add_door). */
void splev_gen_dodoor(splev_gen *g, int x, int y, int room);
void splev_gen_dosdoor(splev_gen *g, int x, int y, int room, int type);
/* Record one door for room (the interpreter calls it for doors it links). */
void splev_gen_add_door(splev_gen *g, int room);
/* ROOMDOOR: secret -1/0/1, state -1 or a doormask, walls a mask of
 * SPLEV_GEN_NORTH.. or -1 (random), pos -1 or the offset along the wall.
 * Returns 1 when a door was made. */
int splev_gen_roomdoor(splev_gen *g, int room, int secret, int state,
                       int walls, int pos);
/* rnddoor(): the random state of the DOOR statement. */
int splev_gen_rnddoor(splev_gen *g);
/* finddpos over a wall segment. */
void splev_gen_finddpos(splev_gen *g, int x1, int y1, int x2, int y2,
                        int *x, int *y);

/* ---- corridors ---- */
/* dig_corridor; returns 1 when dst was reached. */
int splev_gen_dig_corridor(splev_gen *g, int ox, int oy, int tx, int ty,
                           int nxcor, int ftyp, int btyp);
/* join(a, b, nxcor) over top-level room numbers. */
void splev_gen_join(splev_gen *g, int a, int b, int nxcor);
/* RANDOM_CORRIDORS: style -1 random, 0 vanilla, 1, 2, 3 (UN; NH always 0). */
void splev_gen_makecorridors(splev_gen *g, int style);
/* CORRIDOR: room numbers are top-level numbers, doors the n-th door of
 * that wall (-1 the first), walls SPLEV_GEN_NORTH...  r2 < 0 is the dead
 * end form (a no-op in the games): door2 is the corridor's length.
 * Returns 1 when a corridor was dug. */
int splev_gen_corridor(splev_gen *g, int r1, int door1, int wall1, int r2,
                       int door2, int wall2);

/* ---- random vaults ---- */
/* The weighted pick over frequencies given in file order; returns the
 * index picked (-1 when n == 0). */
int splev_gen_pick_vault(splev_gen *g, const int *freqs, int n);
/* The room loop of the standard generator: run_vault(ud, g, i) runs vault
 * script i in vault mode and returns 0 when it failed; with nvaults == 0
 * plain random rooms are made.  Every room gets needjoining and needfill.
 * Returns the number of top-level rooms. */
typedef int (*splev_gen_vault_fn)(void *ud, splev_gen *g, int index);
int splev_gen_makerooms(splev_gen *g, const int *freqs, int nvaults,
                        splev_gen_vault_fn run_vault, void *ud);
/* NetHack's sort_rooms, made stable: top-level rooms ordered by
 * left edge, then top, creation order for ties.  Only before any
 * subroom, door or topology exists (right after makerooms); returns 0 when it
 * refused (subrooms present). */
int splev_gen_sort_rooms(splev_gen *g);
/* Realise the treasure vault reserved by makerooms: returns the
 * model index of the closed 2x2 vault, or -1. */
int splev_gen_make_vault(splev_gen *g);

/* ---- ensure a way out (bounded, where the games can loop) ---- */
/* Returns the number of regions it gave up on (0 normally); each also
 * counts in g->warnings. */
int splev_gen_ensure_way_out(splev_gen *g);

#endif
