/* rooms.h - the irregular-room flood and the wall passes of the
 * interpreter.  Rooms are registered by the generator stage
 * (gen/gen.h).  Room numbers in cells are room index + 3, as in the
 * games (0 none, 1 a shared wall, 2 a shared wall whose neighbours must
 * be searched too). */
#ifndef SPLEV_INTERP_ROOMS_H
#define SPLEV_INTERP_ROOMS_H

#include <stdint.h>

#include "splev/level.h"
#include "splev/rng.h"

#define ROOM_NO_ROOM 0
#define ROOM_SHARED 1
#define ROOM_OFFSET 3
#define ROOM_MAX 250            /* room index + 3 fits the cell's byte */

/* 8-connected room flood from (sx,sy): cells matching the start terrain
 * (anyroom: any floor-like terrain) get roomno and lit; with anyroom the
 * walls and doors around become edges.  Reports the bounding box and the
 * number of cells filled. */
void rooms_flood(splev_level *lev, int sx, int sy, int roomno, int lit,
                 int anyroom, int box[4], long *count);

/* Index of the lowest set bit of w (w != 0). */
static inline int bit_low(uint32_t w)
{
#if defined(__GNUC__)
    return __builtin_ctz(w);
#else
    int n = 0;
    while (!(w & 1u)) {
        w >>= 1;
        n++;
    }
    return n;
#endif
}

/* ---- walls.c ---- */
/* wallify_map: stone next to floor becomes wall. */
void walls_wallify(splev_level *lev, int x1, int y1, int x2, int y2);

/* The classes the passes look at, as bit planes: bit y of x's word.
 * rare: CROSSWALL and drawbridges (the epilogue looks at them). */
typedef struct wall_planes {
    uint32_t solid[SPLEV_COLNO];    /* stone or wall-like */
    uint32_t rsolid[SPLEV_COLNO];   /* stone or wall (DBWALL too) */
    uint32_t like[SPLEV_COLNO];     /* wall, door, secret door, iron bars */
    uint32_t wall[SPLEV_COLNO];     /* wall but DBWALL */
    uint32_t hwall[SPLEV_COLNO];    /* HWALL */
    uint32_t door[SPLEV_COLNO];     /* DOOR, SDOOR */
    uint32_t rare[SPLEV_COLNO];
} wall_planes;
/* Classify columns lx..hx; the others get stone's classes. */
void walls_planes(const splev_level *lev, wall_planes *p, int lx, int hx);
/* Classify column x; copy column x's planes. */
void walls_planes_column(const splev_level *lev, wall_planes *p, int x);
void walls_planes_copy(wall_planes *to, const wall_planes *from, int x);
/* The passes on planes of the whole map; they keep p up to date.  Both
 * leave the columns x with skip[x] alone (skip may be NULL): the caller
 * gives those their planes after the passes. */
void walls_remove_buried(splev_level *lev, wall_planes *p, int x1, int y1,
                         int x2, int y2, const uint8_t *skip);
/* The spine pass returns 1 when a wall of the box kept its type (no
 * neighbour continues it). */
int walls_spines_planes(splev_level *lev, wall_planes *p, int x1, int y1,
                        int x2, int y2, const uint8_t *skip);
/* Every wall of x1..x2 x y1..y2 (from p->wall) given the shape the spine
 * pass gives it once the box is mirrored (fx: left-right, fy:
 * top-bottom); the cells do not move.  Exact when the spine pass shaped
 * every wall and everything outside the box is stone. */
void walls_mirror_shapes(splev_level *lev, const wall_planes *p, int fx,
                         int fy, int x1, int y1, int x2, int y2);
/* The planes the spine pass reads (solid, like, wall, hwall) after
 * mirroring x1..x2 x y1..y2 (fx: left-right, fy: top-bottom) as the cells
 * were;
 * rsolid, door and rare are left as they were, stale: read them after
 * a flip only once walls_planes has classified the cells again. */
void walls_planes_flip(wall_planes *p, int fx, int fy, int x1, int y1,
                       int x2, int y2);
/* Wall-removal pass then spine pass over the box (clamped
 * to the map), for a map that is stone outside it; the spine pass's
 * answer. */
int walls_wallification_planes(splev_level *lev, wall_planes *p, int lx,
                               int ly, int hx, int hy, const uint8_t *skip);

#endif
