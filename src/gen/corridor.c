/* corridor.c - digging corridors and joining rooms: dig_corridor, join,
 * RANDOM_CORRIDORS' styles and CORRIDOR. */
#include "gen/gen_int.h"

static int corr_ok(const splev_gen *g, int x, int y, int ftyp, int btyp)
{
    int t = gen_typ(g, x, y);
    return t == btyp || t == ftyp || t == SPLEV_SCORR;
}

/* Dig one cell: background becomes floor (1 % a hidden corridor in
 * NetHack), with a boulder now and then on extra corridors. */
static void dig_cell(splev_gen *g, int x, int y, int nxcor, int ftyp)
{
    splev_cell *c = gen_cell(g, x, y);
    if (ftyp != SPLEV_CORR || gen_rn2(g, 100) != 0) {
        c->typ = (uint8_t)ftyp;
        if (nxcor && gen_rn2(g, 50) == 0)
            splev_level_add_object(g->lev, x, y, '`', "boulder");
    } else {
        c->typ = g->dialect == SPLEV_GEN_NH36 ? SPLEV_SCORR : SPLEV_CORR;
    }
}

static int sign_toward(int from, int to)
{
    return to < from ? -1 : 1;
}

int splev_gen_dig_corridor(splev_gen *g, int ox, int oy, int tx, int ty,
                           int nxcor, int ftyp, int btyp)
{
    return gen_dig_corridor(g, ox, oy, tx, ty, nxcor, ftyp, btyp, NULL);
}

int gen_dig_corridor(splev_gen *g, int ox, int oy, int tx, int ty, int nxcor,
                     int ftyp, int btyp, uint32_t *dug)
{
    if (ox <= 0 || oy <= 0 || tx <= 0 || ty <= 0 || ox > SPLEV_COLNO - 1 ||
        tx > SPLEV_COLNO - 1 || oy > SPLEV_ROWNO - 1 || ty > SPLEV_ROWNO - 1)
        return 0;
    int dx = 0, dy = 0;
    if (tx > ox)
        dx = 1;
    else if (ty > oy)
        dy = 1;
    else if (tx < ox)
        dx = -1;
    else
        dy = -1;
    int x = ox - dx, y = oy - dy, steps = 0;
    while (x != tx || y != ty) {
        if (steps++ > 500 || (nxcor && gen_rn2(g, 35) == 0))
            return 0;
        x += dx;
        y += dy;
        if (x >= SPLEV_COLNO - 1 || x <= 0 || y <= 0 || y >= SPLEV_ROWNO - 1)
            return 0;
        int t = gen_typ(g, x, y);
        if (t == btyp) {
            dig_cell(g, x, y, nxcor, ftyp);
            if (dug)
                dug[x] |= (uint32_t)1 << y;
        }
        else if (t != ftyp && t != SPLEV_SCORR)
            return 0;
        int dix = x > tx ? x - tx : tx - x;
        int diy = y > ty ? y - ty : ty - y;
        if (dix > diy && diy > 0) {
            if (gen_rn2(g, dix - diy + 1) == 0)
                dix = 0;
        } else if (diy > dix && dix > 0) {
            if (gen_rn2(g, diy - dix + 1) == 0)
                diy = 0;
        }
        if (dy && dix > diy) {
            int ndx = sign_toward(x, tx);
            if (corr_ok(g, x + ndx, y, ftyp, btyp)) {
                dx = ndx;
                dy = 0;
                continue;
            }
        } else if (dx && diy > dix) {
            int ndy = sign_toward(y, ty);
            if (corr_ok(g, x, y + ndy, ftyp, btyp)) {
                dy = ndy;
                dx = 0;
                continue;
            }
        }
        if (corr_ok(g, x + dx, y + dy, ftyp, btyp))
            continue;
        if (dx) {
            dx = 0;
            dy = ty < y ? -1 : 1;
        } else {
            dy = 0;
            dx = tx < x ? -1 : 1;
        }
        if (corr_ok(g, x + dx, y + dy, ftyp, btyp))
            continue;
        dx = -dx;
        dy = -dy;
    }
    return 1;
}

/* The two classes of a joined pair merge into the smaller number. */
static void merge_classes(splev_gen *g, int a, int b)
{
    if (g->smeq[a] < g->smeq[b])
        g->smeq[b] = g->smeq[a];
    else
        g->smeq[a] = g->smeq[b];
}

void splev_gen_join(splev_gen *g, int a, int b, int nxcor)
{
    int ia = splev_gen_room_index(g, a), ib = splev_gen_room_index(g, b);
    gen_sync_rooms(g);
    if (ia < 0 || ib < 0 || g->ndoors >= SPLEV_GEN_DOORMAX)
        return;
    const splev_room ra = g->lev->rooms[ia], rb = g->lev->rooms[ib];
    if (g->dialect == SPLEV_GEN_UN && (!ra.needjoining || !rb.needjoining))
        return;
    if (ra.hx < 0 || rb.hx < 0)
        return;
    int dx = 0, dy = 0, cx, cy, tx, ty;
    if (rb.lx > ra.hx) {
        dx = 1;
        splev_gen_finddpos(g, ra.hx + 1, ra.ly, ra.hx + 1, ra.hy, &cx, &cy);
        splev_gen_finddpos(g, rb.lx - 1, rb.ly, rb.lx - 1, rb.hy, &tx, &ty);
    } else if (rb.hy < ra.ly) {
        dy = -1;
        splev_gen_finddpos(g, ra.lx, ra.ly - 1, ra.hx, ra.ly - 1, &cx, &cy);
        splev_gen_finddpos(g, rb.lx, rb.hy + 1, rb.hx, rb.hy + 1, &tx, &ty);
    } else if (rb.hx < ra.lx) {
        dx = -1;
        splev_gen_finddpos(g, ra.lx - 1, ra.ly, ra.lx - 1, ra.hy, &cx, &cy);
        splev_gen_finddpos(g, rb.hx + 1, rb.ly, rb.hx + 1, rb.hy, &tx, &ty);
    } else {
        dy = 1;
        splev_gen_finddpos(g, ra.lx, ra.hy + 1, ra.hx, ra.hy + 1, &cx, &cy);
        splev_gen_finddpos(g, rb.lx, rb.ly - 1, rb.hx, rb.ly - 1, &tx, &ty);
    }
    int ox = cx + dx, oy = cy + dy, ex = tx - dx, ey = ty - dy;
    if (nxcor && (!gen_inmap(ox, oy) || gen_typ(g, ox, oy) != SPLEV_STONE))
        return;
    if (splev_gen_okdoor(g, cx, cy) || !nxcor)
        splev_gen_dodoor(g, cx, cy, ia);
    int ftyp = (g->lev->flags & SPLEV_F_ARBOREAL) ? SPLEV_ROOM : SPLEV_CORR;
    if (!splev_gen_dig_corridor(g, ox, oy, ex, ey, nxcor, ftyp, SPLEV_STONE))
        return;
    if (splev_gen_okdoor(g, tx, ty) || !nxcor)
        splev_gen_dodoor(g, tx, ty, ib);
    merge_classes(g, ia, ib);
}

static int cls(const splev_gen *g, int k)
{
    return g->smeq[splev_gen_room_index(g, k)];
}

/* The vanilla passes: neighbours, every other room, every class, then a
 * few extra corridors that may end blind. */
static void corridors_vanilla(splev_gen *g, int nroom)
{
    for (int a = 0; a < nroom - 1; a++) {
        splev_gen_join(g, a, a + 1, 0);
        if (gen_rn2(g, 50) == 0)
            break;
    }
    for (int a = 0; a < nroom - 2; a++)
        if (cls(g, a) != cls(g, a + 2))
            splev_gen_join(g, a, a + 2, 0);
    int any = 1;
    for (int a = 0; any && a < nroom; a++) {
        any = 0;
        for (int b = 0; b < nroom; b++)
            if (cls(g, a) != cls(g, b)) {
                splev_gen_join(g, a, b, 0);
                any = 1;
            }
    }
    if (nroom > 2)
        for (int i = gen_rn2(g, nroom) + 4; i; i--) {
            int a = gen_rn2(g, nroom);
            int b = gen_rn2(g, nroom - 2);
            if (b >= a)
                b += 2;
            splev_gen_join(g, a, b, 1);
        }
}

static int needs_joining(const splev_gen *g, int k)
{
    return g->lev->rooms[splev_gen_room_index(g, k)].needjoining != 0;
}

static int has_doors(const splev_gen *g, int k)
{
    return g->doorct[splev_gen_room_index(g, k)] > 0;
}

static int style1_bad(const splev_gen *g, int a, int b)
{
    return a == b || has_doors(g, b) || !needs_joining(g, b);
}

/* Style 1: each room to a random door-less room that needs joining, with
 * a retry budget per room and never to itself (UnNetHack shares one
 * budget and may join a room to itself). */
static void corridors_style1(splev_gen *g, int nroom)
{
    for (int a = 0; a < nroom; a++) {
        int b = gen_rn2(g, nroom - 1), tries = 0;
        while (style1_bad(g, a, b) && tries < 100) {
            tries++;
            b = gen_rn2(g, nroom - 1);
        }
        if (style1_bad(g, a, b)) {
            for (b = 0; b < nroom - 1; b++)
                if (!has_doors(g, b) && b != a)
                    break;
        }
        if (b == a)
            b++;
        if (b < nroom && b != a)
            splev_gen_join(g, a, b, 0);
    }
}

/* Style 2: each room to the next one that needs joining, cyclically. */
static void corridors_style2(splev_gen *g, int nroom)
{
    for (int a = 0; a < nroom; a++) {
        if (!needs_joining(g, a))
            continue;
        int b = -1;
        for (int i = 1; i < nroom; i++) {
            int c = (a + i) % nroom;
            if (needs_joining(g, c)) {
                b = c;
                break;
            }
        }
        if (b >= 0)
            splev_gen_join(g, a, b, 0);
    }
}

/* Style 3: every room to the first one that needs joining. */
static void corridors_style3(splev_gen *g, int nroom)
{
    int b = 0;
    while (b < nroom && !needs_joining(g, b))
        b++;
    if (b >= nroom)
        return;
    for (int a = 0; a < nroom; a++)
        if (a != b)
            splev_gen_join(g, a, b, 0);
}

void splev_gen_makecorridors(splev_gen *g, int style)
{
    gen_sync_rooms(g);
    int nroom = splev_gen_nroom(g);
    if (g->dialect == SPLEV_GEN_NH36)
        style = 0;
    else if (style == -1)
        style = gen_rn2(g, 4);
    switch (style) {
    case 1:
        if (nroom > 1)
            corridors_style1(g, nroom);
        break;
    case 2:
        if (nroom > 1)
            corridors_style2(g, nroom);
        break;
    case 3:
        if (nroom > 1)
            corridors_style3(g, nroom);
        break;
    default:
        corridors_vanilla(g, nroom);
        break;
    }
}

/* search_door with north = the row above the room (the games swap north
 * and south): the
 * n-th DOOR/SDOOR of that wall, -1 the first.  1 when found. */
static int search_door(const splev_gen *g, const splev_room *r, int wall,
                       int n, int *x, int *y)
{
    int xx, yy, dx = 0, dy = 0;
    switch (wall) {
    case SPLEV_GEN_NORTH: xx = r->lx; yy = r->ly - 1; dx = 1; break;
    case SPLEV_GEN_SOUTH: xx = r->lx; yy = r->hy + 1; dx = 1; break;
    case SPLEV_GEN_WEST:  xx = r->lx - 1; yy = r->ly; dy = 1; break;
    case SPLEV_GEN_EAST:  xx = r->hx + 1; yy = r->ly; dy = 1; break;
    default: return 0;
    }
    while (xx <= r->hx + 1 && yy <= r->hy + 1) {
        int t = gen_typ(g, xx, yy);
        if (t == SPLEV_DOOR || t == SPLEV_SDOOR) {
            if (n <= 0) {       /* (counted down only while positive) */
                *x = xx;
                *y = yy;
                return 1;
            }
            n--;
        }
        xx += dx;
        yy += dy;
    }
    return 0;
}

static void wall_step(int wall, int *dx, int *dy)
{
    *dx = wall == SPLEV_GEN_EAST ? 1 : wall == SPLEV_GEN_WEST ? -1 : 0;
    *dy = wall == SPLEV_GEN_SOUTH ? 1 : wall == SPLEV_GEN_NORTH ? -1 : 0;
}

int splev_gen_corridor(splev_gen *g, int r1, int door1, int wall1, int r2,
                       int door2, int wall2)
{
    int i1 = splev_gen_room_index(g, r1);
    int x1, y1, dx1, dy1;
    if (i1 < 0 || !search_door(g, &g->lev->rooms[i1], wall1, door1, &x1, &y1))
        return 0;
    wall_step(wall1, &dx1, &dy1);
    if (r2 < 0) {
        /* the dead end, where the games do nothing: door2 cells straight
         * out */
        if (door2 <= 0)
            return 0;
        int ex = x1 + dx1 * door2, ey = y1 + dy1 * door2;
        ex = gen_max(1, gen_min(ex, SPLEV_COLNO - 2));
        ey = gen_max(1, gen_min(ey, SPLEV_ROWNO - 2));
        return splev_gen_dig_corridor(g, x1 + dx1, y1 + dy1, ex, ey, 0,
                                      SPLEV_CORR, SPLEV_STONE);
    }
    int i2 = splev_gen_room_index(g, r2);
    int x2, y2, dx2, dy2;
    if (i2 < 0 || !search_door(g, &g->lev->rooms[i2], wall2, door2, &x2, &y2))
        return 0;
    wall_step(wall2, &dx2, &dy2);
    return splev_gen_dig_corridor(g, x1 + dx1, y1 + dy1, x2 + dx2, y2 + dy2, 0,
                                  SPLEV_CORR, SPLEV_STONE);
}
