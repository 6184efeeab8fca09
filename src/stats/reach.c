/* reach.c - can one walk from the up stair to every other stair, ladder,
 * portal and branch?  Floor, corridors, furniture, doors and secret doors
 * and corridors always pass (no diagonal step into or out of a doorway);
 * water, lava, trees, iron bars and drawbridges only when asked, so a
 * report can say which of them stands in the way. */
#include "stats/stats_int.h"

/* What crossing a terrain needs: 0 always passes, a REACH_* bit passes
 * when asked, NEVER does not (stone, walls). */
#define NEVER 0x100u

static unsigned terrain_need(int typ)
{
    /* indexed by SPLEV_PASS_* (splev_terrain_passage) */
    static const unsigned need[] = {
        0, REACH_WATER, REACH_LAVA, REACH_TREES, REACH_BARS,
        REACH_DRAWBRIDGES, NEVER};
    return need[splev_terrain_passage(typ)];
}

static int doorway(const splev_cell *c)
{
    return c->typ == SPLEV_SDOOR ||
           (c->typ == SPLEV_DOOR && c->doormask != SPLEV_D_NODOOR &&
            c->doormask != SPLEV_D_BROKEN);
}

static size_t start_stair(const splev_level *lev)
{
    for (size_t i = 0; i < lev->nstairs; i++)
        if ((lev->stairs[i].kind == SPLEV_SK_STAIR ||
             lev->stairs[i].kind == SPLEV_SK_LADDER) && lev->stairs[i].up)
            return i;
    return 0;
}

static int inside(int x, int y)
{
    return x >= 1 && x < SPLEV_COLNO && y >= 0 && y < SPLEV_ROWNO;
}

/* Marks in seen every cell reachable from (sx, sy). */
static void walk(const splev_level *lev, unsigned cross, int sx, int sy,
                 uint8_t seen[SPLEV_COLNO][SPLEV_ROWNO])
{
    static const int dx[8] = {1, -1, 0, 0, 1, 1, -1, -1};
    static const int dy[8] = {0, 0, 1, -1, 1, -1, 1, -1};
    uint8_t q[SPLEV_COLNO * SPLEV_ROWNO][2];
    int head = 0, tail = 0;
    q[tail][0] = (uint8_t)sx;
    q[tail++][1] = (uint8_t)sy;
    seen[sx][sy] = 1;
    while (head < tail) {
        int x = q[head][0], y = q[head++][1];
        const splev_cell *c = &lev->cells[x][y];
        for (int d = 0; d < 8; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            if (!inside(nx, ny) || seen[nx][ny])
                continue;
            const splev_cell *n = &lev->cells[nx][ny];
            unsigned need = terrain_need(n->typ);
            if ((need & ~cross) != 0 ||
                (d >= 4 && (doorway(c) || doorway(n))))
                continue;
            seen[nx][ny] = 1;
            q[tail][0] = (uint8_t)nx;
            q[tail++][1] = (uint8_t)ny;
        }
    }
}

int lev_stats_unreachable(const splev_level *lev, unsigned cross)
{
    if (lev->nstairs < 2)
        return 0;
    size_t start = start_stair(lev);
    const splev_stair *s0 = &lev->stairs[start];
    if (!inside(s0->x, s0->y))
        return (int)lev->nstairs - 1;
    uint8_t seen[SPLEV_COLNO][SPLEV_ROWNO];
    memset(seen, 0, sizeof seen);
    walk(lev, cross, s0->x, s0->y, seen);
    int bad = 0;
    for (size_t i = 0; i < lev->nstairs; i++) {
        const splev_stair *s = &lev->stairs[i];
        if (!inside(s->x, s->y) || !seen[s->x][s->y])
            bad++;
    }
    return bad;
}
