/* wayout.c - the `inaccessibles` flag: make sure every walkable region can
 * be reached from the stairs, a portal or a hole, by a door in a wall, a
 * hole or trap door, or an escape item.  Bounded, where the games can
 * loop forever: a region that gets no exit is given up on and counted. */
#include "gen/gen_int.h"

#include <string.h>

enum { T_HOLE = 13, T_TRAPDOOR = 14, T_MAGIC_PORTAL = 17, T_VIBRATING = 24 };

static int passable(const splev_gen *g, int x, int y)
{
    int t = gen_typ(g, x, y);
    return GEN_ACCESSIBLE(t) || t == SPLEV_SDOOR || t == SPLEV_SCORR;
}

typedef uint8_t grid_t[SPLEV_COLNO][SPLEV_ROWNO];

static void mark_from(const splev_gen *g, int x, int y, grid_t reach)
{
    if (!gen_isok(x, y))
        return;
    if (!passable(g, x, y)) {
        reach[x][y] = 1;   /* a stair on odd terrain still counts itself */
        return;
    }
    gen_flood8(g, x, y, passable, reach);
}

/* Step 1: everything connected to a stair, ladder, portal, vibrating
 * square, hole or trap door. */
static void mark_exits(const splev_gen *g, grid_t reach)
{
    const splev_level *lev = g->lev;
    for (size_t i = 0; i < lev->nstairs; i++)
        mark_from(g, lev->stairs[i].x, lev->stairs[i].y, reach);
    for (size_t i = 0; i < lev->ntraps; i++) {
        int t = lev->traps[i].type;
        if (t == T_HOLE || t == T_TRAPDOOR || t == T_MAGIC_PORTAL ||
            t == T_VIBRATING)
            mark_from(g, lev->traps[i].x, lev->traps[i].y, reach);
    }
}

static int is_wall_at(const splev_gen *g, int x, int y)
{
    return gen_isok(x, y) && SPLEV_IS_WALL(gen_typ(g, x, y));
}

/* Take the region's cells in random order; the first with a wall toward a
 * reachable walkable cell (E, W, S, N) gets a door there. */
static int exit_by_door(splev_gen *g, int cells[][2], int n, grid_t reach)
{
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    while (n > 0) {
        int k = gen_rn2(g, n);
        int x = cells[k][0], y = cells[k][1];
        cells[k][0] = cells[n - 1][0];
        cells[k][1] = cells[n - 1][1];
        n--;
        for (int d = 0; d < 4; d++) {
            int wx = x + dx[d], wy = y + dy[d];
            int bx = wx + dx[d], by = wy + dy[d];
            if (!is_wall_at(g, wx, wy) || reach[wx][wy] || !gen_isok(bx, by) ||
                !reach[bx][by] || !GEN_ACCESSIBLE(gen_typ(g, bx, by)))
                continue;
            gen_cell(g, wx, wy)->typ = SPLEV_DOOR;
            return 1;
        }
    }
    return 0;
}

static int has_trap(const splev_gen *g, int x, int y)
{
    for (size_t i = 0; i < g->lev->ntraps; i++)
        if (g->lev->traps[i].x == x && g->lev->traps[i].y == y)
            return 1;
    return 0;
}

/* A hole or trap door on a random plain cell of the region. */
static int exit_by_hole(splev_gen *g, int cells[][2], int n)
{
    while (n > 0) {
        int k = gen_rn2(g, n);
        int x = cells[k][0], y = cells[k][1];
        cells[k][0] = cells[n - 1][0];
        cells[k][1] = cells[n - 1][1];
        n--;
        int type = gen_rn2(g, 2) ? T_HOLE : T_TRAPDOOR;
        int t = gen_typ(g, x, y);
        if ((t == SPLEV_ROOM || t == SPLEV_CORR) && !has_trap(g, x, y)) {
            splev_level_add_trap(g->lev, x, y, type);
            return 1;
        }
    }
    return 0;
}

static const char *const escape_items[7][2] = {
    {"(", "pick-axe"}, {"(", "dwarvish mattock"}, {"(", "crystal pick"},
    {"/", "wand of digging"}, {"/", "wand of teleportation"},
    {"?", "scroll of teleportation"}, {"=", "ring of teleportation"},
};

/* The cells of a region, x-major. */
static int region_cells(const grid_t region, int cells[][2])
{
    int n = 0;
    for (int x = 0; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (region[x][y]) {
                cells[n][0] = x;
                cells[n++][1] = y;
            }
    return n;
}

/* make_exit for the region of (x, y); 1 when an exit was made. */
static int make_exit(splev_gen *g, int x, int y, grid_t reach)
{
    int cells[SPLEV_COLNO * SPLEV_ROWNO][2];
    grid_t region;
    memset(region, 0, sizeof region);
    gen_flood8(g, x, y, passable, region);
    int n = region_cells((const uint8_t (*)[SPLEV_ROWNO])region, cells);
    if (n == 0)
        return 0;
    if (exit_by_door(g, cells, n, reach))
        return 1;
    n = region_cells((const uint8_t (*)[SPLEV_ROWNO])region, cells);
    if (g->can_fall && exit_by_hole(g, cells, n))
        return 1;
    int item = gen_rn2(g, 7);
    int k = gen_rn2(g, n);
    splev_level_add_object(g->lev, cells[k][0], cells[k][1],
                           escape_items[item][0][0], escape_items[item][1]);
    return 1;
}

int splev_gen_ensure_way_out(splev_gen *g)
{
    grid_t reach, gaveup;
    memset(reach, 0, sizeof reach);
    memset(gaveup, 0, sizeof gaveup);
    mark_exits(g, reach);
    int failures = 0;
    for (int rounds = 0; rounds < SPLEV_COLNO * SPLEV_ROWNO; rounds++) {
        int fx = -1, fy = -1;
        for (int x = 0; x < SPLEV_COLNO && fx < 0; x++)
            for (int y = 0; y < SPLEV_ROWNO; y++)
                if (GEN_ACCESSIBLE(gen_typ(g, x, y)) && !reach[x][y] &&
                    !gaveup[x][y]) {
                    fx = x;
                    fy = y;
                    break;
                }
        if (fx < 0)
            break;
        if (make_exit(g, fx, fy, reach)) {
            mark_from(g, fx, fy, reach);
        } else {
            gen_flood8(g, fx, fy, passable, gaveup);
            gaveup[fx][fy] = 1;
            failures++;
            g->warnings++;
        }
    }
    return failures;
}
