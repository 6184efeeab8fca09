/* context.c - the generator context: engine inputs, per-room bookkeeping
 * (connectivity classes, door counts) and small shared queries. */
#include "gen/gen_int.h"

#include <stdlib.h>
#include <string.h>

#include "common/common.h"

void splev_gen_init(splev_gen *g, splev_level *lev, splev_rng *rng)
{
    memset(g, 0, sizeof *g);
    g->lev = lev;
    g->rng = rng;
    g->dialect = SPLEV_GEN_UN;
    g->depth = 1;
    g->difficulty = 1;
    g->sheol_dlevel = 1;
    g->can_fall = 1;
    splev_gen_init_rects(g);
}

void splev_gen_free(splev_gen *g)
{
    free(g->smeq);
    free(g->doorct);
    g->smeq = g->doorct = NULL;
    g->nknown = g->capknown = 0;
}

/* Rooms the model gained since we last looked (ours or the interpreter's)
 * each start in their own class with no doors: DECISIONS 41. */
void gen_sync_rooms(splev_gen *g)
{
    size_t n = g->lev->nrooms;
    if (n > g->capknown) {
        size_t cap = g->capknown;
        grow_array((void **)&g->smeq, &cap, n, sizeof *g->smeq);
        cap = g->capknown;
        grow_array((void **)&g->doorct, &cap, n, sizeof *g->doorct);
        g->capknown = cap;
    }
    for (size_t i = g->nknown; i < n; i++) {
        g->smeq[i] = (int)i;
        g->doorct[i] = 0;
    }
    if (n < g->nknown) {
        /* rooms were removed (cave rooms, remove_rooms): forget them */
        for (size_t i = n; i < g->nknown; i++)
            g->doorct[i] = 0;
    }
    g->nknown = n;
}

int splev_gen_nroom(const splev_gen *g)
{
    int n = 0;
    for (size_t i = 0; i < g->lev->nrooms; i++)
        if (g->lev->rooms[i].parent < 0)
            n++;
    return n;
}

int splev_gen_room_index(const splev_gen *g, int k)
{
    if (k < 0)
        return -1;
    for (size_t i = 0; i < g->lev->nrooms; i++)
        if (g->lev->rooms[i].parent < 0 && k-- == 0)
            return (int)i;
    return -1;
}

void splev_gen_add_door(splev_gen *g, int room)
{
    gen_sync_rooms(g);
    if (room >= 0 && (size_t)room < g->nknown)
        g->doorct[room]++;
    g->ndoors++;
}

int gen_count_subrooms(const splev_gen *g, int room)
{
    int n = 0;
    for (size_t i = 0; i < g->lev->nrooms; i++)
        if (g->lev->rooms[i].parent == room)
            n++;
    return n;
}

int gen_on_shop_wall(const splev_gen *g, int x, int y)
{
    int base = g->dialect == SPLEV_GEN_NH36 ? SPLEV_GEN_SHOPBASE_NH
                                             : SPLEV_GEN_SHOPBASE;
    for (size_t i = 0; i < g->lev->nrooms; i++) {
        const splev_room *r = &g->lev->rooms[i];
        if (r->rtype >= base && x >= r->lx - 1 && x <= r->hx + 1 &&
            y >= r->ly - 1 && y <= r->hy + 1)
            return 1;
    }
    return 0;
}

/* An explicit stack keeps deep regions off the C stack. */
int gen_flood8(const splev_gen *g, int sx, int sy, gen_cell_test ok,
               uint8_t out[SPLEV_COLNO][SPLEV_ROWNO])
{
    static const int dx[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
    static const int dy[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    int stack[SPLEV_COLNO * SPLEV_ROWNO][2];
    int sp = 0, count = 0;
    if (!gen_inmap(sx, sy) || out[sx][sy] || !ok(g, sx, sy))
        return 0;
    out[sx][sy] = 1;
    stack[sp][0] = sx;
    stack[sp++][1] = sy;
    while (sp > 0) {
        sp--;
        int x = stack[sp][0], y = stack[sp][1];
        count++;
        for (int d = 0; d < 8; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            if (!gen_isok(nx, ny) || out[nx][ny] || !ok(g, nx, ny))
                continue;
            out[nx][ny] = 1;
            stack[sp][0] = nx;
            stack[sp++][1] = ny;
        }
    }
    return count;
}
