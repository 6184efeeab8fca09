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
 * each start in their own class with no doors (the games reuse a stale
 * class from an earlier level for some rooms). */
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

/* Take model room `gone` out: the last top-level room takes its place in
 * the order (the game copies it into the slot), every other room keeps
 * its relative order; room numbers in cells, parents, classes and door
 * counts follow.  Cells still numbered for the removed room lose it. */
static void remove_room(splev_gen *g, int gone)
{
    splev_level *lev = g->lev;
    int n = (int)lev->nrooms, last = -1;
    for (int i = 0; i < n; i++)
        if (lev->rooms[i].parent < 0)
            last = i;
    int *newidx = xcalloc((size_t)n, sizeof *newidx);
    splev_room *rooms = xcalloc((size_t)n, sizeof *rooms);
    int *smeq = xcalloc((size_t)n, sizeof *smeq);
    int *doorct = xcalloc((size_t)n, sizeof *doorct);
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (i == gone) {
            if (last != gone)
                newidx[last] = k++;
        } else if (i != last) {
            newidx[i] = k++;
        }
    }
    newidx[gone] = -1;
    for (int i = 0; i < n; i++) {
        if (newidx[i] < 0)
            continue;
        splev_room r = lev->rooms[i];
        if (r.parent >= 0)
            r.parent = newidx[r.parent];
        rooms[newidx[i]] = r;
        doorct[newidx[i]] = g->doorct[i];
    }
    /* each class is named by its smallest new index */
    for (int i = 0; i < n; i++) {
        if (newidx[i] < 0)
            continue;
        int label = newidx[i];
        for (int j = 0; j < n; j++)
            if (newidx[j] >= 0 && g->smeq[j] == g->smeq[i] && newidx[j] < label)
                label = newidx[j];
        smeq[newidx[i]] = label;
    }
    for (int x = 0; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            splev_cell *c = gen_cell(g, x, y);
            int r = c->roomno - GEN_ROOMOFFSET;
            if (r >= 0 && r < n)
                c->roomno = (uint8_t)(newidx[r] < 0 ? GEN_NO_ROOM
                                                    : newidx[r] + GEN_ROOMOFFSET);
        }
    memcpy(lev->rooms, rooms, (size_t)(n - 1) * sizeof *rooms);
    memcpy(g->smeq, smeq, (size_t)(n - 1) * sizeof *smeq);
    memcpy(g->doorct, doorct, (size_t)(n - 1) * sizeof *doorct);
    lev->nrooms = (size_t)(n - 1);
    g->nknown = (size_t)(n - 1);
    free(newidx);
    free(rooms);
    free(smeq);
    free(doorct);
}

int splev_gen_remove_rooms(splev_gen *g, int lx, int ly, int hx, int hy)
{
    gen_sync_rooms(g);
    int removed = 0;
    for (int i = (int)g->lev->nrooms - 1; i >= 0; i--) {
        const splev_room *r = &g->lev->rooms[i];
        if (r->parent >= 0 || r->lx < lx || r->hx >= hx || r->ly < ly ||
            r->hy >= hy || gen_count_subrooms(g, i) > 0)
            continue;
        remove_room(g, i);
        removed++;
    }
    return removed;
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
    /* room types in the model are UnNetHack's codes in both dialects */
    for (size_t i = 0; i < g->lev->nrooms; i++) {
        const splev_room *r = &g->lev->rooms[i];
        if (r->rtype >= SPLEV_GEN_SHOPBASE && x >= r->lx - 1 && x <= r->hx + 1 &&
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
