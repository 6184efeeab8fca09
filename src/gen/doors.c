/* doors.c - doors on room walls: okdoor, finddpos, dodoor/dosdoor with
 * their random states, ROOMDOOR and the DOOR statement's random state. */
#include "gen/gen_int.h"

static int is_door_or_sdoor(const splev_gen *g, int x, int y)
{
    if (!gen_isok(x, y))
        return 0;
    int t = gen_typ(g, x, y);
    return t == SPLEV_DOOR || t == SPLEV_SDOOR;
}

static int bydoor(const splev_gen *g, int x, int y)
{
    return is_door_or_sdoor(g, x + 1, y) || is_door_or_sdoor(g, x - 1, y) ||
           is_door_or_sdoor(g, x, y + 1) || is_door_or_sdoor(g, x, y - 1);
}

int splev_gen_okdoor(const splev_gen *g, int x, int y)
{
    if (!gen_isok(x, y))
        return 0;
    int t = gen_typ(g, x, y);
    return (t == SPLEV_HWALL || t == SPLEV_VWALL) &&
           g->ndoors < SPLEV_GEN_DOORMAX && !bydoor(g, x, y);
}

/* UnNetHack draws only the free coordinate of the wall segment; NetHack
 * draws both (rn2(1) for the fixed one). */
static int pick_between(splev_gen *g, int lo, int hi)
{
    if (g->dialect == SPLEV_GEN_NH36)
        return gen_rn1(g, hi - lo + 1, lo);
    return lo == hi ? lo : lo + gen_rn2(g, hi - lo + 1);
}

void splev_gen_finddpos(splev_gen *g, int x1, int y1, int x2, int y2,
                        int *x, int *y)
{
    *x = pick_between(g, x1, x2);
    *y = pick_between(g, y1, y2);
    if (splev_gen_okdoor(g, *x, *y))
        return;
    for (int xx = x1; xx <= x2; xx++)
        for (int yy = y1; yy <= y2; yy++)
            if (splev_gen_okdoor(g, xx, yy)) {
                *x = xx;
                *y = yy;
                return;
            }
    for (int xx = x1; xx <= x2; xx++)
        for (int yy = y1; yy <= y2; yy++)
            if (is_door_or_sdoor(g, xx, yy)) {
                *x = xx;
                *y = yy;
                return;
            }
    *x = x1;
    *y = y2;
}

/* The random state of an ordinary door (shared by dosdoor and ROOMDOOR):
 * 2/3 no door, else open 1/5, locked 1/6 of the rest, closed. */
static int random_door_mask(splev_gen *g, int shop)
{
    if (gen_rn2(g, 3) != 0)
        return shop ? SPLEV_D_ISOPEN : SPLEV_D_NODOOR;
    if (gen_rn2(g, 5) == 0)
        return SPLEV_D_ISOPEN;
    return gen_rn2(g, 6) == 0 ? SPLEV_D_LOCKED : SPLEV_D_CLOSED;
}

void splev_gen_dosdoor(splev_gen *g, int x, int y, int room, int type)
{
    int shop = gen_on_shop_wall(g, x, y);
    splev_cell *c = gen_cell(g, x, y);
    if (!SPLEV_IS_WALL(c->typ))
        type = SPLEV_DOOR;
    c->typ = (uint8_t)type;
    int mask;
    if (type == SPLEV_DOOR) {
        mask = random_door_mask(g, shop);
        if (mask != SPLEV_D_NODOOR && mask != SPLEV_D_ISOPEN && !shop &&
            g->difficulty >= 5 && gen_rn2(g, 25) == 0)
            mask |= SPLEV_D_TRAPPED;
        if ((mask & SPLEV_D_TRAPPED) && g->difficulty >= 9 &&
            gen_rn2(g, 5) == 0) {
            /* a mimic pretends to be the door: recorded, not simulated */
            mask = SPLEV_D_NODOOR;
            if (splev_level_monster_at(g->lev, x, y) < 0)
                splev_level_add_monster(g->lev, x, y, 'm', NULL);
        }
    } else {
        mask = (shop || gen_rn2(g, 5) == 0) ? SPLEV_D_LOCKED : SPLEV_D_CLOSED;
        if (!shop && g->difficulty >= 4 && gen_rn2(g, 20) == 0)
            mask |= SPLEV_D_TRAPPED;
    }
    c->doormask = (uint8_t)mask;
    splev_gen_add_door(g, room);
}

void splev_gen_dodoor(splev_gen *g, int x, int y, int room)
{
    if (g->ndoors >= SPLEV_GEN_DOORMAX)
        return;
    int type = SPLEV_DOOR;
    if (g->dialect == SPLEV_GEN_NH36 && gen_rn2(g, 8) == 0)
        type = SPLEV_SDOOR;
    splev_gen_dosdoor(g, x, y, room, type);
}

int splev_gen_rnddoor(splev_gen *g)
{
    return (1 << gen_rn2(g, 5)) >> 1;
}

/* The state ROOMDOOR draws when none is given. */
static int roomdoor_mask(splev_gen *g, int secret)
{
    int mask;
    if (!secret) {
        if (gen_rn2(g, 3) != 0)
            return SPLEV_D_NODOOR;
        mask = gen_rn2(g, 5) == 0 ? SPLEV_D_ISOPEN
               : gen_rn2(g, 6) == 0 ? SPLEV_D_LOCKED : SPLEV_D_CLOSED;
        if (mask != SPLEV_D_ISOPEN && gen_rn2(g, 25) == 0)
            mask |= SPLEV_D_TRAPPED;
        return mask;
    }
    mask = gen_rn2(g, 5) == 0 ? SPLEV_D_LOCKED : SPLEV_D_CLOSED;
    if (gen_rn2(g, 20) == 0)
        mask |= SPLEV_D_TRAPPED;
    return mask;
}

static int rock_at(const splev_gen *g, int x, int y)
{
    return !gen_isok(x, y) || GEN_IS_ROCK(gen_typ(g, x, y));
}

/* One ROOMDOOR attempt: a wall (re-drawn when random), a side, a spot
 * with walkable space behind it. */
static int roomdoor_try(splev_gen *g, const splev_room *r, int walls, int pos,
                        int *x, int *y)
{
    int w = walls == -1 ? 1 << gen_rn2(g, 4) : walls;
    int side = gen_rn2(g, 4);
    static const int bit[4] = {SPLEV_GEN_NORTH, SPLEV_GEN_SOUTH,
                               SPLEV_GEN_WEST, SPLEV_GEN_EAST};
    if (!(w & bit[side]))
        return 0;
    /* A fixed position past any wall (a .lev may hold any 32-bit value)
     * cannot be a door; the sum below must not overflow. */
    if (pos > SPLEV_COLNO || pos < -1)
        return 0;
    int bx, by;
    if (side <= 1) {
        *y = side == 0 ? r->ly - 1 : r->hy + 1;
        *x = r->lx + (pos == -1 ? gen_rn2(g, r->hx - r->lx + 1) : pos);
        bx = *x;
        by = side == 0 ? *y - 1 : *y + 1;
    } else {
        *x = side == 2 ? r->lx - 1 : r->hx + 1;
        *y = r->ly + (pos == -1 ? gen_rn2(g, r->hy - r->ly + 1) : pos);
        bx = side == 2 ? *x - 1 : *x + 1;
        by = *y;
    }
    if (rock_at(g, bx, by))
        return 0;
    return splev_gen_okdoor(g, *x, *y);
}

int splev_gen_roomdoor(splev_gen *g, int room, int secret, int state,
                       int walls, int pos)
{
    if (room < 0 || (size_t)room >= g->lev->nrooms)
        return 0;
    if (secret == -1)
        secret = gen_rn2(g, 2);
    int mask = state == -1 ? roomdoor_mask(g, secret) : state;
    const splev_room *r = &g->lev->rooms[room];
    int x = 0, y = 0, found = 0;
    for (int i = 0; i <= 100 && !found; i++)
        found = roomdoor_try(g, r, walls, pos, &x, &y);
    if (!found) {
        g->warnings++;
        return 0;
    }
    if (g->dialect == SPLEV_GEN_UN)
        splev_gen_add_door(g, room);
    splev_cell *c = gen_cell(g, x, y);
    c->typ = (uint8_t)(secret ? SPLEV_SDOOR : SPLEV_DOOR);
    c->doormask = (uint8_t)mask;
    return 1;
}
