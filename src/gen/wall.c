/* wall.c - turning stone next to floor into walls (§8.5) and giving walls
 * their corner and T shapes (§9.2, §9.3).  The interpreter has its own
 * WALLIFY; these serve the generators (walled caves, Sheol, room walls). */
#include "gen/gen_int.h"

/* wallify_map: a STONE cell becomes a wall at the first floor-like
 * neighbour of its window, which is clipped to the region on the high side
 * only (the game's asymmetry, kept). */
void gen_wallify_map(splev_gen *g, int x1, int y1, int x2, int y2)
{
    x1 = gen_max(x1, 1);
    y1 = gen_max(y1, 0);
    x2 = gen_min(x2, SPLEV_COLNO - 1);
    y2 = gen_min(y2, SPLEV_ROWNO - 1);
    for (int y = y1; y <= y2; y++)
        for (int x = x1; x <= x2; x++) {
            if (gen_typ(g, x, y) != SPLEV_STONE)
                continue;
            int done = 0;
            for (int yy = gen_max(y - 1, 0); yy <= gen_min(y + 1, y2) && !done;
                 yy++)
                for (int xx = gen_max(x - 1, 1); xx <= gen_min(x + 1, x2);
                     xx++) {
                    int t = gen_typ(g, xx, yy);
                    if (GEN_IS_ROOM(t) || t == SPLEV_CROSSWALL) {
                        gen_cell(g, x, y)->typ =
                            yy != y ? SPLEV_HWALL : SPLEV_VWALL;
                        done = 1;
                        break;
                    }
                }
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

/* §9.2: walls buried on all sides disappear. */
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

/* §9.3: each wall takes the shape its spines give it. */
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
