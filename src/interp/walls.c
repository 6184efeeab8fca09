/* walls.c - walls from floor (wallify), the wall-removal pass and the
 * wall-spine pass that gives walls their corner and T shapes (SEMANTICS
 * §8.5, §9.2, §9.3). */
#include "interp/rooms.h"

#include <string.h>

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The first floor-like neighbour in row order decides the wall's kind;
 * the window is clipped to the region on the high side only (kept quirk,
 * DECISIONS 6). */
static void wallify_cell(splev_level *lev, int x, int y, int x2, int y2)
{
    int lox = x - 1 < 1 ? 1 : x - 1, hix = x + 1 > x2 ? x2 : x + 1;
    int loy = y - 1 < 0 ? 0 : y - 1, hiy = y + 1 > y2 ? y2 : y + 1;
    for (int yy = loy; yy <= hiy; yy++)
        for (int xx = lox; xx <= hix; xx++) {
            int t = lev->cells[xx][yy].typ;
            if (t >= SPLEV_ROOM || t == SPLEV_CROSSWALL) {
                lev->cells[x][y].typ = yy != y ? SPLEV_HWALL : SPLEV_VWALL;
                return;
            }
        }
}

void walls_wallify(splev_level *lev, int x1, int y1, int x2, int y2)
{
    x1 = x1 < 1 ? 1 : x1;
    y1 = y1 < 0 ? 0 : y1;
    x2 = x2 > SPLEV_COLNO - 1 ? SPLEV_COLNO - 1 : x2;
    y2 = y2 > SPLEV_ROWNO - 1 ? SPLEV_ROWNO - 1 : y2;
    for (int y = y1; y <= y2; y++)
        for (int x = x1; x <= x2; x++)
            if (lev->cells[x][y].typ == SPLEV_STONE)
                wallify_cell(lev, x, y, x2, y2);
}

/* Cell classes for the two passes, on a grid with a one-cell border
 * (outside the map counts as solid rock).  Changing one wall into
 * another never changes a class, so one classification serves a whole
 * pass in any order. */
enum { C_SOLID = 1, C_WALLLIKE = 2, C_WALL = 4, C_RSOLID = 8 };
typedef uint8_t cgrid[SPLEV_COLNO + 2][SPLEV_ROWNO + 2];

static uint8_t cell_class(int t)
{
    int wall = SPLEV_IS_WALL(t);
    int like = wall || t == SPLEV_DOOR || t == SPLEV_SDOOR || t == SPLEV_IRONBARS;
    return (uint8_t)((t == SPLEV_STONE || like ? C_SOLID : 0) |
                     (t == SPLEV_STONE || wall ? C_RSOLID : 0) |
                     (like ? C_WALLLIKE : 0) |
                     (wall && t != SPLEV_DBWALL ? C_WALL : 0));
}

/* Classify the cells of lx..hx x ly..hy (clamped to the map); the rest of
 * the grid gets stone's class, right for cells the caller knows are stone. */
static void classify_box(const splev_level *lev, cgrid g, int lx, int ly,
                         int hx, int hy)
{
    uint8_t cls[256];
    for (int t = 0; t < 256; t++)
        cls[t] = cell_class(t);
    memset(g, C_SOLID | C_RSOLID, sizeof(cgrid));
    lx = clampi(lx, 0, SPLEV_COLNO - 1);
    hx = clampi(hx, 0, SPLEV_COLNO - 1);
    ly = clampi(ly, 0, SPLEV_ROWNO - 1);
    hy = clampi(hy, 0, SPLEV_ROWNO - 1);
    for (int x = lx; x <= hx; x++)
        for (int y = ly; y <= hy; y++)
            g[x + 1][y + 1] = cls[lev->cells[x][y].typ];
}

static void classify(const splev_level *lev, cgrid g)
{
    classify_box(lev, g, 0, 0, SPLEV_COLNO - 1, SPLEV_ROWNO - 1);
}

/* A wall with only solid ground around it is buried rock: make it stone.
 * The removal test's "solid" is stone or any wall, DBWALL included. */
static int buried(const cgrid g, int x, int y)
{
    for (int i = -1; i <= 1; i++)
        for (int j = -1; j <= 1; j++)
            if ((i || j) && !(g[x + 1 + i][y + 1 + j] & C_RSOLID))
                return 0;
    return 1;
}

static void remove_buried_walls(splev_level *lev, cgrid g, int x1, int y1,
                                int x2, int y2)
{
    uint8_t kill[SPLEV_COLNO][SPLEV_ROWNO];
    int any = 0;
    for (int x = x1; x <= x2; x++)
        for (int y = y1; y <= y2; y++) {
            kill[x][y] = (g[x + 1][y + 1] & C_WALL) && buried(g, x, y);
            any |= kill[x][y];
        }
    if (!any)
        return;
    for (int x = x1; x <= x2; x++)
        for (int y = y1; y <= y2; y++)
            if (kill[x][y]) {
                lev->cells[x][y].typ = SPLEV_STONE;
                g[x + 1][y + 1] = C_SOLID | C_RSOLID;
            }
}

/* Which of the four neighbours continue this wall (§9.3); (x, y) are
 * grid coordinates (map + 1). */
static int spine_bits(const cgrid g, int x, int y)
{
    int s00 = g[x - 1][y - 1] & C_SOLID, s10 = g[x][y - 1] & C_SOLID,
        s20 = g[x + 1][y - 1] & C_SOLID, s01 = g[x - 1][y] & C_SOLID,
        s21 = g[x + 1][y] & C_SOLID, s02 = g[x - 1][y + 1] & C_SOLID,
        s12 = g[x][y + 1] & C_SOLID, s22 = g[x + 1][y + 1] & C_SOLID;
    int n = (g[x][y - 1] & C_WALLLIKE) && !(s01 && s21 && s00 && s20);
    int s = (g[x][y + 1] & C_WALLLIKE) && !(s01 && s21 && s02 && s22);
    int e = (g[x + 1][y] & C_WALLLIKE) && !(s10 && s12 && s20 && s22);
    int w = (g[x - 1][y] & C_WALLLIKE) && !(s10 && s12 && s00 && s02);
    return n * 8 + s * 4 + e * 2 + w;
}

static const uint8_t spine_type[16] = {
    SPLEV_STONE, SPLEV_HWALL, SPLEV_HWALL, SPLEV_HWALL,
    SPLEV_VWALL, SPLEV_TRCORNER, SPLEV_TLCORNER, SPLEV_TDWALL,
    SPLEV_VWALL, SPLEV_BRCORNER, SPLEV_BLCORNER, SPLEV_TUWALL,
    SPLEV_VWALL, SPLEV_TLWALL, SPLEV_TRWALL, SPLEV_CROSSWALL,
};

static void spines(splev_level *lev, const cgrid g, int x1, int y1, int x2,
                   int y2)
{
    for (int x = x1; x <= x2; x++)
        for (int y = y1; y <= y2; y++) {
            if (!(g[x + 1][y + 1] & C_WALL))
                continue;
            int bits = spine_bits(g, x + 1, y + 1);
            if (bits)
                lev->cells[x][y].typ = spine_type[bits];
        }
}

void walls_spines(splev_level *lev, int x1, int y1, int x2, int y2)
{
    cgrid g;
    classify(lev, g);
    spines(lev, g, clampi(x1, 1, SPLEV_COLNO - 1), clampi(y1, 0, SPLEV_ROWNO - 1),
           clampi(x2, 1, SPLEV_COLNO - 1), clampi(y2, 0, SPLEV_ROWNO - 1));
}

/* walls_spines when every cell outside lx..hx x ly..hy is stone: the
 * passes touch walls only, so they need the box (and one cell around it
 * for the neighbours) only. */
void walls_spines_box(splev_level *lev, int lx, int ly, int hx, int hy)
{
    if (lx > hx || ly > hy)
        return;
    cgrid g;
    classify_box(lev, g, lx - 1, ly - 1, hx + 1, hy + 1);
    spines(lev, g, clampi(lx, 1, SPLEV_COLNO - 1), clampi(ly, 0, SPLEV_ROWNO - 1),
           clampi(hx, 1, SPLEV_COLNO - 1), clampi(hy, 0, SPLEV_ROWNO - 1));
}

/* walls_wallification of the whole map when every cell outside lx..hx x
 * ly..hy is stone. */
void walls_wallification_box(splev_level *lev, int lx, int ly, int hx, int hy)
{
    int x1 = clampi(lx, 1, SPLEV_COLNO - 1), x2 = clampi(hx, 1, SPLEV_COLNO - 1);
    int y1 = clampi(ly, 0, SPLEV_ROWNO - 1), y2 = clampi(hy, 0, SPLEV_ROWNO - 1);
    if (lx > hx || ly > hy || x1 > x2 || y1 > y2)
        return;
    cgrid g;
    classify_box(lev, g, lx - 1, ly - 1, hx + 1, hy + 1);
    remove_buried_walls(lev, g, x1, y1, x2, y2);
    spines(lev, g, x1, y1, x2, y2);
}

/* Both passes over one classification (the removal updates it). */
void walls_wallification(splev_level *lev, int x1, int y1, int x2, int y2)
{
    x1 = clampi(x1, 1, SPLEV_COLNO - 1);
    x2 = clampi(x2, 1, SPLEV_COLNO - 1);
    y1 = clampi(y1, 0, SPLEV_ROWNO - 1);
    y2 = clampi(y2, 0, SPLEV_ROWNO - 1);
    cgrid g;
    classify(lev, g);
    remove_buried_walls(lev, g, x1, y1, x2, y2);
    spines(lev, g, x1, y1, x2, y2);
}
