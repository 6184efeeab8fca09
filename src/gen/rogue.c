/* rogue.c - INIT_MAP rogue: the Rogue tribute level, a 3x3 grid of rooms
 * and corridor junctions joined by a random walk. */
#include "gen/gen_int.h"

enum { R_LEFT = 1, R_RIGHT = 2, R_UP = 4, R_DOWN = 8 };

typedef struct rogue_cell {
    int real;            /* a room, or a corridor junction */
    int rlx, rly;        /* offset of the room, or the junction */
    int dx, dy;          /* room size */
    int links;           /* R_LEFT.. connections */
    int room;            /* model index of the room */
} rogue_cell;

typedef struct rogue_grid {
    rogue_cell c[3][3];  /* [x][y] */
} rogue_grid;

/* Row by row: a junction with 1/5 (only once a room exists, or in the
 * top-left 2x2 block), else a room with its size and offset. */
static void rogue_cells(splev_gen *g, rogue_grid *rg)
{
    int nreal = 0;
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 3; x++) {
            rogue_cell *h = &rg->c[x][y];
            int last = y == 2;
            h->links = 0;
            h->room = -1;
            if (!gen_rn2(g, 5) && (nreal || (x < 2 && y < 2))) {
                h->real = 0;
                h->rlx = gen_rn1(g, 22, 2);
                h->rly = gen_rn1(g, last ? 4 : 3, 2);
            } else {
                h->real = 1;
                h->dx = gen_rn1(g, 22, 2);
                h->dy = gen_rn1(g, last ? 4 : 3, 2);
                h->rlx = gen_rnd(g, 23 - h->dx + 1);
                h->rly = gen_rnd(g, (last ? 5 : 4) - h->dy + 1);
                nreal++;
            }
        }
}

/* A neighbour may be linked if it has no links yet, or with 1/10. */
static int rogue_candidate(splev_gen *g, rogue_grid *rg, int x, int y,
                           int bit, int nx, int ny)
{
    if (nx < 0 || nx > 2 || ny < 0 || ny > 2 || (rg->c[x][y].links & bit))
        return 0;
    return !rg->c[nx][ny].links || !gen_rn2(g, 10);
}

/* miniwalk: the walkfrom structure over the 3x3 grid. */
static void rogue_walk(splev_gen *g, rogue_grid *rg, int x, int y)
{
    static const int bit[4] = {R_LEFT, R_RIGHT, R_UP, R_DOWN};
    static const int back[4] = {R_RIGHT, R_LEFT, R_DOWN, R_UP};
    static const int ddx[4] = {-1, 1, 0, 0}, ddy[4] = {0, 0, -1, 1};
    for (;;) {
        int dirs[4], n = 0;
        for (int d = 0; d < 4; d++)
            if (rogue_candidate(g, rg, x, y, bit[d], x + ddx[d], y + ddy[d]))
                dirs[n++] = d;
        if (!n)
            return;
        int d = dirs[gen_rn2(g, n)];
        rg->c[x][y].links |= bit[d];
        x += ddx[d];
        y += ddy[d];
        rg->c[x][y].links |= back[d];
        rogue_walk(g, rg, x, y);
    }
}

static void rogue_rooms(splev_gen *g, rogue_grid *rg)
{
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 3; x++) {
            rogue_cell *h = &rg->c[x][y];
            if (!h->real)
                continue;
            int lx = 1 + 26 * x + h->rlx, ly = 7 * y + h->rly;
            splev_gen_newroom nr = {lx, ly, lx + h->dx - 1, ly + h->dy - 1,
                                    !gen_rn2(g, 7), SPLEV_GEN_OROOM, 0, -1};
            h->room = g->add_room ? g->add_room(g->add_room_ud, g, &nr)
                                  : splev_gen_add_room(g, &nr);
            gen_sync_rooms(g);
            if (h->room < 0)
                h->real = 0;    /* no room left: a junction instead */
        }
}

/* An end of a corridor: the junction itself, or a doorless door on the
 * room's wall (position drawn along the wall) and the cell outside it. */
static void rogue_end(splev_gen *g, rogue_grid *rg, int x, int y, int side,
                      int *ex, int *ey)
{
    rogue_cell *h = &rg->c[x][y];
    if (!h->real) {
        *ex = h->rlx + 1 + 26 * x;
        *ey = h->rly + 7 * y;
        return;
    }
    const splev_room r = g->lev->rooms[h->room];
    int dx = 0, dy = 0;
    switch (side) {
    case R_DOWN: *ex = r.lx + gen_rn2(g, r.hx - r.lx + 1); *ey = r.hy + 1; dy = 1; break;
    case R_UP:   *ex = r.lx + gen_rn2(g, r.hx - r.lx + 1); *ey = r.ly - 1; dy = -1; break;
    case R_RIGHT: *ex = r.hx + 1; *ey = r.ly + gen_rn2(g, r.hy - r.ly + 1); dx = 1; break;
    default:     *ex = r.lx - 1; *ey = r.ly + gen_rn2(g, r.hy - r.ly + 1); dx = -1; break;
    }
    splev_gen_dodoor(g, *ex, *ey, h->room);
    gen_cell(g, *ex, *ey)->doormask = SPLEV_D_NODOOR;
    *ex += dx;
    *ey += dy;
}

static void rogue_corr(splev_gen *g, int x, int y)
{
    if (gen_isok(x, y))
        gen_cell(g, x, y)->typ = SPLEV_CORR;
}

static int span_pick(splev_gen *g, int a, int b)
{
    int lo = gen_min(a, b), hi = gen_max(a, b);
    return lo + gen_rn2(g, hi - lo + 1);
}

/* roguejoin: an L/Z-shaped corridor with one random bend. */
static void rogue_join(splev_gen *g, int x1, int y1, int x2, int y2, int horiz)
{
    if (horiz) {
        int mid = span_pick(g, x1, x2);
        for (int x = gen_min(x1, mid); x <= gen_max(x1, mid); x++)
            rogue_corr(g, x, y1);
        for (int y = gen_min(y1, y2); y <= gen_max(y1, y2); y++)
            rogue_corr(g, mid, y);
        for (int x = gen_min(mid, x2); x <= gen_max(mid, x2); x++)
            rogue_corr(g, x, y2);
    } else {
        int mid = span_pick(g, y1, y2);
        for (int y = gen_min(y1, mid); y <= gen_max(y1, mid); y++)
            rogue_corr(g, x1, y);
        for (int x = gen_min(x1, x2); x <= gen_max(x1, x2); x++)
            rogue_corr(g, x, mid);
        for (int y = gen_min(mid, y2); y <= gen_max(mid, y2); y++)
            rogue_corr(g, x2, y);
    }
}

static void rogue_corridors(splev_gen *g, rogue_grid *rg)
{
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 3; x++) {
            int fx, fy, tx, ty;
            if ((rg->c[x][y].links & R_DOWN) && y < 2) {
                rogue_end(g, rg, x, y, R_DOWN, &fx, &fy);
                rogue_end(g, rg, x, y + 1, R_UP, &tx, &ty);
                rogue_join(g, fx, fy, tx, ty, 0);
            }
            if ((rg->c[x][y].links & R_RIGHT) && x < 2) {
                rogue_end(g, rg, x, y, R_RIGHT, &fx, &fy);
                rogue_end(g, rg, x + 1, y, R_LEFT, &tx, &ty);
                rogue_join(g, fx, fy, tx, ty, 1);
            }
        }
}

void splev_gen_rogue(splev_gen *g)
{
    rogue_grid rg;
    rogue_cells(g, &rg);
    int sx = gen_rn2(g, 3);      /* x before y: C leaves the games' order
                                    to the compiler */
    int sy = gen_rn2(g, 3);
    rogue_walk(g, &rg, sx, sy);
    rogue_rooms(g, &rg);
    rogue_corridors(g, &rg);
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 3; x++)
            if (rg.c[x][y].real)
                splev_gen_topologize(g, rg.c[x][y].room);
}
