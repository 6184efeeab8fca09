/* wall.c - turning stone next to floor into walls (WALLIFY) and giving
 * walls their corner and T shapes (the games' wallification).  The interpreter has its own
 * WALLIFY; these serve the generators (walled caves, Sheol, room walls). */
#include "gen/gen_int.h"

#include <string.h>

/* wallify_map: a STONE cell becomes a wall at the first floor-like
 * neighbour of its window, which is clipped to the region on the high side
 * only (the game's asymmetry, kept). */
void gen_wallify_map(splev_gen *g, int x1, int y1, int x2, int y2)
{
    x1 = gen_max(x1, 1);
    y1 = gen_max(y1, 0);
    x2 = gen_min(x2, SPLEV_COLNO - 1);
    y2 = gen_min(y2, SPLEV_ROWNO - 1);
    if (x1 > x2 || y1 > y2)
        return;
    /* near[x + 1][y + 1]: a floor-like cell in x-1..x+1 of row y, within
     * the window (columns >= 1, <= x2; rows <= y2).  Walls made below are
     * not floor-like, so one look before the pass sees what the cell-by-
     * cell scan would; rows are tried y-1, y, y+1 as the scan does. */
    uint8_t fl[SPLEV_COLNO + 2][SPLEV_ROWNO + 2];
    uint8_t near[SPLEV_COLNO + 2][SPLEV_ROWNO + 2];
    memset(fl, 0, sizeof fl);
    int ylo = gen_max(y1 - 1, 0), xlo = gen_max(x1 - 1, 1);
    for (int x = xlo; x <= x2; x++)
        for (int y = ylo; y <= y2; y++) {
            int t = gen_typ(g, x, y);
            fl[x + 1][y + 1] = (uint8_t)(GEN_IS_ROOM(t) || t == SPLEV_CROSSWALL);
        }
    for (int x = x1; x <= x2; x++)
        for (int y = ylo; y <= y2; y++)
            near[x + 1][y + 1] =
                (uint8_t)(fl[x][y + 1] | fl[x + 1][y + 1] | fl[x + 2][y + 1]);
    for (int x = x1; x <= x2; x++) {
        near[x + 1][0] = 0;           /* row -1 lies outside the map */
        near[x + 1][y2 + 2] = 0;      /* row y2 + 1 lies outside the window */
    }
    for (int y = y1; y <= y2; y++)
        for (int x = x1; x <= x2; x++) {
            if (gen_typ(g, x, y) != SPLEV_STONE)
                continue;
            if (near[x + 1][y])
                gen_cell(g, x, y)->typ = SPLEV_HWALL;
            else if (near[x + 1][y + 1])
                gen_cell(g, x, y)->typ = SPLEV_VWALL;
            else if (near[x + 1][y + 2])
                gen_cell(g, x, y)->typ = SPLEV_HWALL;
        }
}

/* Out of the map, stone or any wall: what a wall may be buried in. */
static int solid(const splev_gen *g, int x, int y)
{
    if (!gen_isok(x, y))
        return 1;
    return GEN_IS_STWALL(gen_typ(g, x, y));
}

static int wall_like(const splev_gen *g, int x, int y)
{
    if (!gen_isok(x, y))
        return 0;
    int t = gen_typ(g, x, y);
    return SPLEV_IS_WALL(t) || t == SPLEV_DOOR || t == SPLEV_SDOOR ||
           t == SPLEV_IRONBARS;
}

/* Walls buried on all sides disappear. */
static void remove_buried_walls(splev_gen *g, int x1, int y1, int x2, int y2)
{
    for (int x = x1; x <= x2; x++)
        for (int y = y1; y <= y2; y++) {
            int t = gen_typ(g, x, y);
            if (!SPLEV_IS_WALL(t) || t == SPLEV_DBWALL)
                continue;
            int buried = 1;
            for (int dx = -1; dx <= 1 && buried; dx++)
                for (int dy = -1; dy <= 1; dy++)
                    if ((dx || dy) && !solid(g, x + dx, y + dy)) {
                        buried = 0;
                        break;
                    }
            if (buried)
                gen_cell(g, x, y)->typ = SPLEV_STONE;
        }
}

/* A spine toward (dx, dy): a wall-like neighbour there that is not
 * merely running alongside solid rock. */
static int spine(const splev_gen *g, int x, int y, int dx, int dy)
{
    if (!wall_like(g, x + dx, y + dy))
        return 0;
    if (dx)
        return !(solid(g, x, y - 1) && solid(g, x, y + 1) &&
                 solid(g, x + dx, y - 1) && solid(g, x + dx, y + 1));
    return !(solid(g, x - 1, y) && solid(g, x + 1, y) &&
             solid(g, x - 1, y + dy) && solid(g, x + 1, y + dy));
}

static const uint8_t spine_shape[16] = {
    0, SPLEV_HWALL, SPLEV_HWALL, SPLEV_HWALL,
    SPLEV_VWALL, SPLEV_TRCORNER, SPLEV_TLCORNER, SPLEV_TDWALL,
    SPLEV_VWALL, SPLEV_BRCORNER, SPLEV_BLCORNER, SPLEV_TUWALL,
    SPLEV_VWALL, SPLEV_TLWALL, SPLEV_TRWALL, SPLEV_CROSSWALL,
};

/* Each wall takes the shape its spines give it. */
static void shape_walls(splev_gen *g, int x1, int y1, int x2, int y2)
{
    for (int x = x1; x <= x2; x++)
        for (int y = y1; y <= y2; y++) {
            int t = gen_typ(g, x, y);
            if (!SPLEV_IS_WALL(t) || t == SPLEV_DBWALL)
                continue;
            int bits = spine(g, x, y, 0, -1) * 8 + spine(g, x, y, 0, 1) * 4 +
                       spine(g, x, y, 1, 0) * 2 + spine(g, x, y, -1, 0);
            if (bits)
                gen_cell(g, x, y)->typ = spine_shape[bits];
        }
}

void gen_wallification(splev_gen *g, int x1, int y1, int x2, int y2)
{
    x1 = gen_max(x1, 1);
    y1 = gen_max(y1, 0);
    x2 = gen_min(x2, SPLEV_COLNO - 1);
    y2 = gen_min(y2, SPLEV_ROWNO - 1);
    remove_buried_walls(g, x1, y1, x2, y2);
    shape_walls(g, x1, y1, x2, y2);
}
