/* rooms.h - registering rooms and subrooms in a level and the wall shapes
 * around them: what REGION uses now and the procedural ROOM code will
 * reuse.  Room numbers in cells are room index + 3 (SEMANTICS §1.4). */
#ifndef SPLEV_INTERP_ROOMS_H
#define SPLEV_INTERP_ROOMS_H

#include "splev/level.h"
#include "splev/rng.h"

#define ROOM_NO_ROOM 0
#define ROOM_SHARED 1
#define ROOM_OFFSET 3
#define ROOM_MAX 250            /* room index + 3 fits the cell's byte */

/* Add a room (parent -1) or subroom with interior (lx,ly)-(hx,hy), clamped
 * to x 1..78, y 1..19.  lit lights the interior and its walls.  Unless
 * special, the walls and floor are drawn and (top-level rooms) the corners
 * shaped.  Returns the room index, or -1 when the level is full. */
int rooms_add(splev_level *lev, int lx, int ly, int hx, int hy, int lit,
              int rtype, int special, int parent);

/* Room numbers and edges of a room's cells, then of its subrooms. */
void rooms_topologize(splev_level *lev, int r);

/* 8-connected room flood from (sx,sy): cells matching the start terrain
 * (anyroom: any floor-like terrain) get roomno and lit; with anyroom the
 * walls and doors around become edges.  Reports the bounding box and the
 * number of cells filled. */
void rooms_flood(splev_level *lev, int sx, int sy, int roomno, int lit,
                 int anyroom, int box[4], long *count);

/* "Random light state" of a room at this depth (§8.6). */
int rooms_random_lit(splev_rng *rng, int depth);

/* ---- walls.c ---- */
/* wallify_map (§8.5): stone next to floor becomes wall. */
void walls_wallify(splev_level *lev, int x1, int y1, int x2, int y2);
/* Wall-removal pass then spine pass over the area (§9.2, §9.3). */
void walls_wallification(splev_level *lev, int x1, int y1, int x2, int y2);
/* The spine pass alone (§9.3). */
void walls_spines(splev_level *lev, int x1, int y1, int x2, int y2);

#endif
