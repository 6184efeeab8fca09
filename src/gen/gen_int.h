/* gen_int.h - helpers shared by the files of the generator stage only.
 * Not part of the stage's face (gen.h); every name starts with gen_. */
#ifndef SPLEV_GEN_INT_H
#define SPLEV_GEN_INT_H

#include "gen/gen.h"

#define GEN_ROOMOFFSET 3
#define GEN_NO_ROOM 0
#define GEN_SHARED 1

/* Terrain predicates, as the games define them. */
#define GEN_IS_STWALL(t) ((t) <= SPLEV_DBWALL)
#define GEN_IS_ROCK(t) ((t) < SPLEV_POOL)
#define GEN_IS_DOOR(t) ((t) == SPLEV_DOOR)
#define GEN_IS_ROOM(t) ((t) >= SPLEV_ROOM)
#define GEN_ACCESSIBLE(t) ((t) >= SPLEV_DOOR)

static inline int gen_isok(int x, int y)
{
    return x >= 1 && x <= SPLEV_COLNO - 1 && y >= 0 && y <= SPLEV_ROWNO - 1;
}

static inline int gen_inmap(int x, int y)
{
    return x >= 0 && x < SPLEV_COLNO && y >= 0 && y < SPLEV_ROWNO;
}

static inline splev_cell *gen_cell(splev_gen *g, int x, int y)
{
    return &g->lev->cells[x][y];
}

static inline int gen_typ(const splev_gen *g, int x, int y)
{
    return g->lev->cells[x][y].typ;
}

static inline int gen_rn2(splev_gen *g, int n) { return splev_rn2(g->rng, n); }
static inline int gen_rnd(splev_gen *g, int n) { return splev_rnd(g->rng, n); }
static inline int gen_rn1(splev_gen *g, int a, int b)
{
    return splev_rn1(g->rng, a, b);
}

static inline int gen_min(int a, int b) { return a < b ? a : b; }
static inline int gen_max(int a, int b) { return a > b ? a : b; }

/* Bookkeeping arrays cover every room of the model (new ones start in
 * their own class with no doors). */
void gen_sync_rooms(splev_gen *g);
/* The model index of the top-level room that owns roomno-holding cell,
 * for shop tests: 1 when (x, y) lies on or inside a shop's walls. */
int gen_on_shop_wall(const splev_gen *g, int x, int y);
/* Subrooms of a room, counted. */
int gen_count_subrooms(const splev_gen *g, int room);

/* WALLIFY's wallify_map (asymmetric window) and the two-pass
 * wallification (buried walls removed, then spines) over a region. */
void gen_wallify_map(splev_gen *g, int x1, int y1, int x2, int y2);
void gen_wallification(splev_gen *g, int x1, int y1, int x2, int y2);

/* splev_gen_dig_corridor that also marks each cell it digs: bit y of
 * dug[x] (dug may be NULL). */
int gen_dig_corridor(splev_gen *g, int ox, int oy, int tx, int ty, int nxcor,
                     int ftyp, int btyp, uint32_t *dug);

/* somexy for a room; 1 on success. */
int gen_somexy(splev_gen *g, int room, int *x, int *y);

/* A region flood (8-connected) over cells passing ok(); marks out[][] and
 * returns the number of cells.  Used by the way-out check. */
typedef int (*gen_cell_test)(const splev_gen *g, int x, int y);
int gen_flood8(const splev_gen *g, int sx, int sy, gen_cell_test ok,
               uint8_t out[SPLEV_COLNO][SPLEV_ROWNO]);

/* create_room's core, also used for the reserved treasure vault:
 * reserve_only cuts the rectangle but adds no room (returns 0 on success
 * and stores the spot in g->vault_x/y). */
int gen_create_room(splev_gen *g, int x, int y, int w, int h, int xalign,
                    int yalign, int rtype, int rlit, int reserve_only);

/* A Voronoi site: a point of the map and the terrain it spreads. */
typedef struct gen_site { int x, y, typ; } gen_site;
enum { GEN_MAX_SITES = 300 };

/* Each cell x 1..79, y 0..20 gets in near[x][y] the index of its nearest
 * site (squared distance; the lowest index at equal distance).  Sites lie
 * inside the map (x 0..79, y 0..20); n is 1..GEN_MAX_SITES.  Looks at the
 * cells around each cell nearest first instead of at every site. */
void gen_nearest_sites(const gen_site *s, int n,
                       int16_t near[SPLEV_COLNO][SPLEV_ROWNO]);

#endif
