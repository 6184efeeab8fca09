/* rooms.c - room and subroom registration and topology (SEMANTICS §8.6,
 * §8.7 and the room flood of §8.2). */
#include "interp/rooms.h"

#include <stdlib.h>

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static void draw_room(splev_level *lev, int lx, int ly, int hx, int hy,
                      int parent)
{
    for (int x = lx - 1; x <= hx + 1; x++) {
        lev->cells[x][ly - 1].typ = SPLEV_HWALL;
        lev->cells[x][ly - 1].horizontal = 1;
        lev->cells[x][hy + 1].typ = SPLEV_HWALL;
        lev->cells[x][hy + 1].horizontal = 1;
    }
    for (int y = ly; y <= hy; y++) {
        lev->cells[lx - 1][y].typ = SPLEV_VWALL;
        lev->cells[lx - 1][y].horizontal = 0;
        lev->cells[hx + 1][y].typ = SPLEV_VWALL;
        lev->cells[hx + 1][y].horizontal = 0;
        for (int x = lx; x <= hx; x++)
            lev->cells[x][y].typ = SPLEV_ROOM;
    }
    if (parent < 0) {
        /* UnNetHack: shaped corners, then the room's own wallification. */
        lev->cells[lx - 1][ly - 1].typ = SPLEV_TLCORNER;
        lev->cells[hx + 1][ly - 1].typ = SPLEV_TRCORNER;
        lev->cells[lx - 1][hy + 1].typ = SPLEV_BLCORNER;
        lev->cells[hx + 1][hy + 1].typ = SPLEV_BRCORNER;
        walls_wallification(lev, lx - 1, ly - 1, hx + 1, hy + 1);
    }
}

int rooms_add(splev_level *lev, int lx, int ly, int hx, int hy, int lit,
              int rtype, int special, int parent)
{
    if (lev->nrooms >= ROOM_MAX)
        return -1;
    lx = clampi(lx, 1, 78);
    ly = clampi(ly, 1, 19);
    hx = clampi(hx, 1, 78);
    hy = clampi(hy, 1, 19);
    if (lit)
        for (int x = lx - 1; x <= hx + 1; x++)
            for (int y = ly - 1; y <= hy + 1; y++)
                lev->cells[x][y].lit = 1;
    splev_room *r = splev_level_add_room(lev, parent);
    r->lx = lx;
    r->ly = ly;
    r->hx = hx;
    r->hy = hy;
    r->rtype = rtype;
    r->rlit = lit ? 1 : 0;
    r->irregular = 0;
    r->parent = parent;
    if (!special && hx >= lx && hy >= ly)
        draw_room(lev, lx, ly, hx, hy, parent);
    return (int)lev->nrooms - 1;
}

void rooms_topologize(splev_level *lev, int r)
{
    const splev_room *rm = &lev->rooms[r];
    if (rm->irregular)
        return;
    uint8_t no = (uint8_t)(r + ROOM_OFFSET);
    int lx = rm->lx, ly = rm->ly, hx = rm->hx, hy = rm->hy;
    for (int x = lx; x <= hx; x++)
        for (int y = ly; y <= hy; y++)
            lev->cells[x][y].roomno = no;
    for (int x = lx - 1; x <= hx + 1; x++)
        for (int y = ly - 1; y <= hy + 1; y += (x == lx - 1 || x == hx + 1)
                                                     ? 1 : hy - ly + 2) {
            splev_cell *c = &lev->cells[x][y];
            c->edge = 1;
            c->roomno = c->roomno ? ROOM_SHARED : no;
        }
    for (size_t i = 0; i < lev->nrooms; i++)
        if (lev->rooms[i].parent == r)
            rooms_topologize(lev, (int)i);
}

static int flood_match(const splev_level *lev, int x, int y, int typ,
                       int anyroom, int roomno)
{
    const splev_cell *c = &lev->cells[x][y];
    if (c->roomno == roomno)
        return 0;
    if (anyroom)
        return c->typ >= SPLEV_ROOM || c->typ == SPLEV_TREE ||
               c->typ == SPLEV_DEADTREE;
    return c->typ == typ;
}

static int wall_or_door(int t)
{
    return SPLEV_IS_WALL(t) || t == SPLEV_DOOR || t == SPLEV_SDOOR;
}

/* Walls and doors around a filled cell become edges of the room. */
static void mark_edges(splev_level *lev, int x, int y, int roomno, int lit)
{
    for (int i = x - 1; i <= x + 1; i++)
        for (int j = y - 1; j <= y + 1; j++) {
            if (i < 1 || i >= SPLEV_COLNO || j < 0 || j >= SPLEV_ROWNO)
                continue;
            splev_cell *c = &lev->cells[i][j];
            if (!wall_or_door(c->typ))
                continue;
            c->edge = 1;
            if (lit)
                c->lit = 1;
            if (c->roomno == ROOM_NO_ROOM)
                c->roomno = (uint8_t)roomno;
            else if (c->roomno != roomno)
                c->roomno = ROOM_SHARED;
        }
}

void rooms_flood(splev_level *lev, int sx, int sy, int roomno, int lit,
                 int anyroom, int box[4], long *count)
{
    box[0] = box[2] = sx;
    box[1] = box[3] = sy;
    *count = 0;
    if (sx < 1 || sx >= SPLEV_COLNO || sy < 0 || sy >= SPLEV_ROWNO)
        return;
    int typ = lev->cells[sx][sy].typ;
    if (!flood_match(lev, sx, sy, typ, anyroom, roomno))
        return;
    /* An explicit stack of cells; the result of an 8-connected fill does
     * not depend on the visiting order. */
    int cap = SPLEV_COLNO * SPLEV_ROWNO * 8 + 8, top = 0;
    int *st = malloc((size_t)cap * 2 * sizeof *st);
    if (!st)
        abort();
    lev->cells[sx][sy].roomno = (uint8_t)roomno;
    st[top * 2] = sx;
    st[top * 2 + 1] = sy;
    top++;
    while (top > 0) {
        top--;
        int x = st[top * 2], y = st[top * 2 + 1];
        splev_cell *c = &lev->cells[x][y];
        c->lit = (uint8_t)(lit ? 1 : 0);
        (*count)++;
        if (x < box[0]) box[0] = x;
        if (y < box[1]) box[1] = y;
        if (x > box[2]) box[2] = x;
        if (y > box[3]) box[3] = y;
        if (anyroom)
            mark_edges(lev, x, y, roomno, lit);
        for (int dx = -1; dx <= 1; dx++)
            for (int dy = -1; dy <= 1; dy++) {
                int nx = x + dx, ny = y + dy;
                if (nx < 1 || nx > 78 || ny < 0 || ny >= SPLEV_ROWNO)
                    continue;
                if (!flood_match(lev, nx, ny, typ, anyroom, roomno))
                    continue;
                lev->cells[nx][ny].roomno = (uint8_t)roomno;
                st[top * 2] = nx;
                st[top * 2 + 1] = ny;
                top++;
            }
    }
    free(st);
}

int rooms_random_lit(splev_rng *rng, int depth)
{
    return splev_rnd(rng, 1 + abs(depth)) < 11 && splev_rn2(rng, 77);
}
