/* rooms.c - the room flood of irregular REGION rooms (SEMANTICS §8.7
 * and §8.2).  Registration and topology are the generator stage's
 * (splev_gen_add_room, splev_gen_topologize): one for every room. */
#include "interp/rooms.h"

#include <stdlib.h>

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
