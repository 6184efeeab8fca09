/* walls.c - walls from floor (wallify), the wall-removal pass and the
 * wall-spine pass that gives walls their corner and T shapes (SEMANTICS
 * §8.5, §9.2, §9.3). */
#include "interp/rooms.h"

static int in_grid(int x, int y)
{
    return x >= 0 && x < SPLEV_COLNO && y >= 0 && y < SPLEV_ROWNO;
}

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

static int solid(const splev_level *lev, int x, int y)
{
    if (!in_grid(x, y))
        return 1;
    int t = lev->cells[x][y].typ;
    return t == SPLEV_STONE || SPLEV_IS_WALL(t);
}

/* A wall with only solid ground around it is buried rock: make it stone. */
static void remove_buried_walls(splev_level *lev, int x1, int y1, int x2,
                                int y2)
{
    uint8_t kill[SPLEV_COLNO][SPLEV_ROWNO];
    for (int x = x1; x <= x2; x++)
        for (int y = y1; y <= y2; y++) {
            int t = lev->cells[x][y].typ;
            kill[x][y] = 0;
            if (!SPLEV_IS_WALL(t) || t == SPLEV_DBWALL)
                continue;
            int all = 1;
            for (int i = -1; i <= 1 && all; i++)
                for (int j = -1; j <= 1 && all; j++)
                    if ((i || j) && !solid(lev, x + i, y + j))
                        all = 0;
            kill[x][y] = (uint8_t)all;
        }
    for (int x = x1; x <= x2; x++)
        for (int y = y1; y <= y2; y++)
            if (kill[x][y])
                lev->cells[x][y].typ = SPLEV_STONE;
}

static int wall_like(const splev_level *lev, int x, int y)
{
    if (!in_grid(x, y))
        return 0;
    int t = lev->cells[x][y].typ;
    return SPLEV_IS_WALL(t) || t == SPLEV_DOOR || t == SPLEV_SDOOR ||
           t == SPLEV_IRONBARS;
}

static int spine_solid(const splev_level *lev, int x, int y)
{
    return !in_grid(x, y) || lev->cells[x][y].typ == SPLEV_STONE ||
           wall_like(lev, x, y);
}

/* Which of the four neighbours continue this wall (§9.3). */
static int spine_bits(const splev_level *lev, int x, int y)
{
    int L[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            L[i][j] = spine_solid(lev, x + i - 1, y + j - 1);
    int n = wall_like(lev, x, y - 1) &&
            !(L[0][1] && L[2][1] && L[0][0] && L[2][0]);
    int s = wall_like(lev, x, y + 1) &&
            !(L[0][1] && L[2][1] && L[0][2] && L[2][2]);
    int e = wall_like(lev, x + 1, y) &&
            !(L[1][0] && L[1][2] && L[2][0] && L[2][2]);
    int w = wall_like(lev, x - 1, y) &&
            !(L[1][0] && L[1][2] && L[0][0] && L[0][2]);
    return n * 8 + s * 4 + e * 2 + w;
}

static const uint8_t spine_type[16] = {
    SPLEV_STONE, SPLEV_HWALL, SPLEV_HWALL, SPLEV_HWALL,
    SPLEV_VWALL, SPLEV_TRCORNER, SPLEV_TLCORNER, SPLEV_TDWALL,
    SPLEV_VWALL, SPLEV_BRCORNER, SPLEV_BLCORNER, SPLEV_TUWALL,
    SPLEV_VWALL, SPLEV_TLWALL, SPLEV_TRWALL, SPLEV_CROSSWALL,
};

void walls_spines(splev_level *lev, int x1, int y1, int x2, int y2)
{
    x1 = clampi(x1, 1, SPLEV_COLNO - 1);
    x2 = clampi(x2, 1, SPLEV_COLNO - 1);
    y1 = clampi(y1, 0, SPLEV_ROWNO - 1);
    y2 = clampi(y2, 0, SPLEV_ROWNO - 1);
    for (int x = x1; x <= x2; x++)
        for (int y = y1; y <= y2; y++) {
            int t = lev->cells[x][y].typ;
            if (!SPLEV_IS_WALL(t) || t == SPLEV_DBWALL)
                continue;
            int bits = spine_bits(lev, x, y);
            if (bits)
                lev->cells[x][y].typ = spine_type[bits];
        }
}

void walls_wallification(splev_level *lev, int x1, int y1, int x2, int y2)
{
    x1 = clampi(x1, 1, SPLEV_COLNO - 1);
    x2 = clampi(x2, 1, SPLEV_COLNO - 1);
    y1 = clampi(y1, 0, SPLEV_ROWNO - 1);
    y2 = clampi(y2, 0, SPLEV_ROWNO - 1);
    remove_buried_walls(lev, x1, y1, x2, y2);
    walls_spines(lev, x1, y1, x2, y2);
}
