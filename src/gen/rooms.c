/* rooms.c - rooms on the rectangle allocator: the random light state,
 * create_room with random or approximate placement, check_room,
 * subrooms, build_room, registration and topology. */
#include "gen/gen_int.h"

enum { XLIM = 4, YLIM = 3 };

int splev_gen_random_lit(splev_gen *g)
{
    int depth = g->depth < 0 ? -g->depth : g->depth;
    return gen_rnd(g, 1 + depth) < 11 && gen_rn2(g, 77);
}

static void draw_room(splev_gen *g, int lx, int ly, int hx, int hy)
{
    for (int x = lx - 1; x <= hx + 1; x++)
        for (int y = ly - 1; y <= hy + 1; y += hy - ly + 2) {
            gen_cell(g, x, y)->typ = SPLEV_HWALL;
            gen_cell(g, x, y)->horizontal = 1;
        }
    for (int x = lx - 1; x <= hx + 1; x += hx - lx + 2)
        for (int y = ly; y <= hy; y++) {
            gen_cell(g, x, y)->typ = SPLEV_VWALL;
            gen_cell(g, x, y)->horizontal = 0;
        }
    for (int x = lx; x <= hx; x++)
        for (int y = ly; y <= hy; y++)
            gen_cell(g, x, y)->typ = SPLEV_ROOM;
}

static void set_corners(splev_gen *g, int lx, int ly, int hx, int hy)
{
    gen_cell(g, lx - 1, ly - 1)->typ = SPLEV_TLCORNER;
    gen_cell(g, hx + 1, ly - 1)->typ = SPLEV_TRCORNER;
    gen_cell(g, lx - 1, hy + 1)->typ = SPLEV_BLCORNER;
    gen_cell(g, hx + 1, hy + 1)->typ = SPLEV_BRCORNER;
}

/* do_room_or_subroom: the default registration.  The wall fix-up differs
 * per dialect: UnNetHack shapes a top-level room's walls
 * at once and leaves a subroom's plain; NetHack the other way round. */
int splev_gen_add_room(splev_gen *g, const splev_gen_newroom *nr)
{
    if (g->lev->nrooms >= SPLEV_GEN_MAXMODELROOMS)
        return -1;      /* room index + 3 must fit the cell's byte */
    int lx = gen_max(nr->lx, 1), ly = gen_max(nr->ly, 1);
    int hx = gen_min(nr->hx, SPLEV_COLNO - 2), hy = gen_min(nr->hy, SPLEV_ROWNO - 2);
    if (lx > hx || ly > hy)
        return -1;      /* off the map (a subroom beyond its parent) */
    if (nr->lit) {
        /* the grid in a local: the byte stores may alias g */
        splev_cell (*cells)[SPLEV_ROWNO] = g->lev->cells;
        for (int x = lx - 1; x <= hx + 1; x++) {
            splev_cell *c = &cells[x][ly - 1];
            for (int n = hy - ly + 3; n > 0; n--, c++)
                c->lit = 1;
        }
    }
    splev_room *r = splev_level_add_room(g->lev, nr->parent);
    r->lx = lx;
    r->ly = ly;
    r->hx = hx;
    r->hy = hy;
    r->rtype = nr->rtype;
    r->rlit = nr->lit != 0;
    r->irregular = 0;
    r->needfill = 0;
    r->needjoining = 0;
    int index = (int)g->lev->nrooms - 1;
    gen_sync_rooms(g);
    if (nr->special)
        return index;
    draw_room(g, lx, ly, hx, hy);
    int un = g->dialect == SPLEV_GEN_UN;
    if (nr->parent < 0) {
        set_corners(g, lx, ly, hx, hy);
        if (un)
            gen_wallification(g, lx - 1, ly - 1, hx + 1, hy + 1);
    } else if (!un) {
        gen_wallification(g, lx - 1, ly - 1, hx + 1, hy + 1);
    }
    return index;
}

/* Registration through the interpreter's hook when it installed one. */
static int register_room(splev_gen *g, const splev_gen_newroom *nr)
{
    int i = g->add_room ? g->add_room(g->add_room_ud, g, nr)
                        : splev_gen_add_room(g, nr);
    gen_sync_rooms(g);
    return i;
}

/* Shrink (lowx, dx, lowy, dy) away from anything but stone nearby; with
 * 1/3 per obstacle give up instead.  Vault mode never shrinks. */
int splev_gen_check_room(splev_gen *g, int *lowx, int *ddx, int *lowy,
                         int *ddy, int vault)
{
    int hix = *lowx + *ddx, hiy = *lowy + *ddy;
    int xlim = XLIM + (vault ? 1 : 0), ylim = YLIM + (vault ? 1 : 0);
    int in_lx = *lowx, in_dx = *ddx, in_ly = *lowy, in_dy = *ddy;
    if (*lowx < 3)
        *lowx = 3;
    if (*lowy < 2)
        *lowy = 2;
    if (hix > SPLEV_COLNO - 3)
        hix = SPLEV_COLNO - 3;
    if (hiy > SPLEV_ROWNO - 3)
        hiy = SPLEV_ROWNO - 3;
restart:
    if (hix <= *lowx || hiy <= *lowy)
        return 0;
    if (g->vault_mode && *lowx != in_lx && hix - *lowx != in_dx &&
        *lowy != in_ly && hiy - *lowy != in_dy)
        return 0;
    for (int x = *lowx - xlim; x <= hix + xlim; x++) {
        if (x <= 0 || x >= SPLEV_COLNO)
            continue;
        int y0 = gen_max(*lowy - ylim, 0), y1 = gen_min(hiy + ylim, SPLEV_ROWNO - 1);
        for (int y = y0; y <= y1; y++) {
            if (gen_typ(g, x, y) == SPLEV_STONE)
                continue;
            if (!gen_rn2(g, 3) || g->vault_mode)
                return 0;
            if (x < *lowx)
                *lowx = x + xlim + 1;
            else
                hix = x - xlim - 1;
            if (y < *lowy)
                *lowy = y + ylim + 1;
            else
                hiy = y - ylim - 1;
            goto restart;
        }
    }
    *ddx = hix - *lowx;
    *ddy = hiy - *lowy;
    return 1;
}

typedef struct placement {
    int xabs, yabs, w, h;
    splev_rect r2;
} placement;

/* One attempt of the fully random path: a rectangle, a size, a spot.
 * Returns the rectangle (NULL: retry), or sets *none when there is none. */
static splev_rect *place_random(splev_gen *g, int vault, placement *p,
                                int *none)
{
    int xlim = XLIM + vault, ylim = YLIM + vault;
    splev_rect *r = splev_gen_rnd_rect(g);
    if (!r) {
        *none = 1;
        return NULL;
    }
    int dx = 1, dy = 1;
    if (!vault) {
        dx = 2 + gen_rn2(g, r->hx - r->lx > 28 ? 12 : 8);
        dy = 2 + gen_rn2(g, 4);
        if (dx * dy > 50)
            dy = 50 / dx;
    }
    int xborder = (r->lx > 0 && r->hx < SPLEV_COLNO - 1) ? 2 * xlim : xlim + 1;
    int yborder = (r->ly > 0 && r->hy < SPLEV_ROWNO - 1) ? 2 * ylim : ylim + 1;
    if (r->hx - r->lx < dx + 3 + xborder || r->hy - r->ly < dy + 3 + yborder)
        return NULL;
    int xabs = r->lx + (r->lx > 0 ? xlim : 3) +
               gen_rn2(g, r->hx - (r->lx > 0 ? r->lx : 3) - dx - xborder + 1);
    int yabs = r->ly + (r->ly > 0 ? ylim : 2) +
               gen_rn2(g, r->hy - (r->ly > 0 ? r->ly : 2) - dy - yborder + 1);
    int nroom = splev_gen_nroom(g);
    if (r->ly == 0 && r->hy >= SPLEV_ROWNO - 1 &&
        (nroom == 0 || gen_rn2(g, nroom) == 0) && yabs + dy > SPLEV_ROWNO / 2) {
        yabs = gen_rn1(g, 3, 2);
        if (nroom < 4 && dy > 1)
            dy--;
    }
    if (!splev_gen_check_room(g, &xabs, &dx, &yabs, &dy, vault))
        return NULL;
    p->xabs = xabs;
    p->yabs = yabs;
    p->w = dx + 1;
    p->h = dy + 1;
    p->r2 = (splev_rect){xabs - 1, yabs - 1, xabs + p->w, yabs + p->h};
    return r;
}

/* Where the partly specified path puts a w x h room: the top left corner
 * of its floor in *xabs, *yabs.  *rndpos is set when the position was
 * random (the games then reserve one more row and column). */
typedef struct spot {
    int x, y, w, h, xalign, yalign;
} spot;

/* The draws after the position, the same in both readings: a random
 * size, then random alignments; the size kept to what the map can hold
 * (a .lev may come from anywhere; values the compiler accepts are
 * unchanged). */
static void draw_size_align(splev_gen *g, spot *s)
{
    if (s->w < 0 || s->h < 0) {
        s->w = gen_rn1(g, 15, 3);
        s->h = gen_rn1(g, 8, 2);
    }
    if (s->xalign == -1)
        s->xalign = gen_rnd(g, 3);
    if (s->yalign == -1)
        s->yalign = gen_rnd(g, 3);
    s->w = s->w > SPLEV_COLNO ? SPLEV_COLNO : s->w;
    s->h = s->h > SPLEV_ROWNO ? SPLEV_ROWNO : s->h;
}

/* The games': a cell of the 5x5 grid, aligned in it. */
static void grid_spot(splev_gen *g, spot *s, int *xabs, int *yabs,
                      int *rndpos)
{
    if (s->x < 0 && s->y < 0) {
        s->x = gen_rnd(g, 5);
        s->y = gen_rnd(g, 5);
        *rndpos = 1;
    }
    draw_size_align(g, s);
    /* (the cell kept to the grid, so the arithmetic cannot overflow) */
    s->x = s->x < -1 ? -1 : s->x > 5 ? 5 : s->x;
    s->y = s->y < -1 ? -1 : s->y > 5 ? 5 : s->y;
    *xabs = ((s->x - 1) * SPLEV_COLNO) / 5 + 1;
    *yabs = ((s->y - 1) * SPLEV_ROWNO) / 5 + 1;
    if (s->xalign == SPLEV_GEN_RIGHT)
        *xabs += SPLEV_COLNO / 5 - s->w;
    else if (s->xalign == SPLEV_GEN_CENTER)
        *xabs += (SPLEV_COLNO / 5 - s->w) / 2;
    if (s->yalign == SPLEV_GEN_BOTTOM)
        *yabs += SPLEV_ROWNO / 5 - s->h;
    else if (s->yalign == SPLEV_GEN_CENTER)
        *yabs += (SPLEV_ROWNO / 5 - s->h) / 2;
}

/* xNetHack's (doc/variants.md): (x,y) is a map position, and the
 * alignment says which side or the middle of the room is there; a random
 * x or y is any column (both drawn from the width of the map, as
 * xNetHack's engine draws them). */
static void absolute_spot(splev_gen *g, spot *s, int *xabs, int *yabs)
{
    *xabs = s->x < 0 ? gen_rn2(g, SPLEV_COLNO) : s->x;
    *yabs = s->y < 0 ? gen_rn2(g, SPLEV_COLNO) : s->y;
    draw_size_align(g, s);
    /* (the position kept to the map, as the cell above) */
    *xabs = *xabs > SPLEV_COLNO ? SPLEV_COLNO : *xabs;
    *yabs = *yabs > SPLEV_COLNO ? SPLEV_COLNO : *yabs;
    if (s->xalign == SPLEV_GEN_RIGHT)
        *xabs -= s->w;
    else if (s->xalign == SPLEV_GEN_CENTER)
        *xabs -= s->w / 2;
    if (s->yalign == SPLEV_GEN_BOTTOM)
        *yabs -= s->h;
    else if (s->yalign == SPLEV_GEN_CENTER)
        *yabs -= s->h / 2;
}

/* One attempt of the partly specified path: a spot, clamped into the
 * map, then the rectangle that contains it. */
static splev_rect *place_aligned(splev_gen *g, spot s, int vault,
                                 placement *p)
{
    int rndpos = 0, xabs, yabs;
    if (g->room_abs)
        absolute_spot(g, &s, &xabs, &yabs);
    else
        grid_spot(g, &s, &xabs, &yabs, &rndpos);
    int w = s.w, h = s.h;
    if (xabs + w - 1 > SPLEV_COLNO - 2)
        xabs = SPLEV_COLNO - 3 - w;
    if (xabs < 2)
        xabs = 2;
    if (yabs + h - 1 > SPLEV_ROWNO - 2)
        yabs = SPLEV_ROWNO - 3 - h;
    if (yabs < 2)
        yabs = 2;
    p->r2 = (splev_rect){xabs - 1, yabs - 1, xabs + w + rndpos,
                         yabs + h + rndpos};
    splev_rect *r = splev_gen_get_rect(g, &p->r2);
    if (r && g->dialect == SPLEV_GEN_UN) {
        int dx = w, dy = h;
        if (!splev_gen_check_room(g, &xabs, &dx, &yabs, &dy, vault))
            r = NULL;
    }
    p->xabs = xabs;
    p->yabs = yabs;
    p->w = w;
    p->h = h;
    return r;
}

int gen_create_room(splev_gen *g, int x, int y, int w, int h, int xalign,
                    int yalign, int rtype, int rlit, int reserve_only)
{
    int vault = rtype == SPLEV_GEN_VAULT;
    if (rtype < 0)
        rtype = SPLEV_GEN_OROOM;
    if (!reserve_only && splev_gen_nroom(g) >= SPLEV_GEN_MAXROOMS)
        return -1;
    if (rlit == -1)
        rlit = splev_gen_random_lit(g);
    int fully_random = vault || (x < 0 && y < 0 && w < 0 && xalign < 0 &&
                                 yalign < 0);
    placement p = {0, 0, 0, 0, {0, 0, 0, 0}};
    splev_rect *r = NULL;
    for (int attempt = 0; attempt <= 100 && !r; attempt++) {
        int none = 0;
        if (fully_random)
            r = place_random(g, vault, &p, &none);
        else
            r = place_aligned(g, (spot){x, y, w, h, xalign, yalign}, vault,
                              &p);
        if (none)
            return -1;
    }
    if (!r)
        return -1;
    splev_gen_split_rects(g, *r, p.r2);
    if (reserve_only) {
        g->vault_x = p.xabs;
        g->vault_y = p.yabs;
        g->vault_reserved = 1;
        return 0;
    }
    splev_gen_newroom nr = {p.xabs, p.yabs, p.xabs + p.w - 1,
                            p.yabs + p.h - 1, rlit, rtype, 0, -1};
    return register_room(g, &nr);
}

int splev_gen_create_room(splev_gen *g, int x, int y, int w, int h,
                          int xalign, int yalign, int rtype, int rlit)
{
    return gen_create_room(g, x, y, w, h, xalign, yalign, rtype, rlit, 0);
}

int splev_gen_create_subroom(splev_gen *g, int parent, int x, int y, int w,
                             int h, int rtype, int rlit)
{
    if (parent < 0 || (size_t)parent >= g->lev->nrooms ||
        gen_count_subrooms(g, parent) >= SPLEV_GEN_MAXSUBROOMS)
        return -1;
    const splev_room *pr = &g->lev->rooms[parent];
    int pw = pr->hx - pr->lx + 1, ph = pr->hy - pr->ly + 1;
    if (pw < 4 || ph < 4)
        return -1;
    /* Keep explicit offsets and sizes to what the map holds, so that the
     * sums below cannot overflow (values the compiler accepts are
     * unchanged in effect: add_room keeps the room on the map). */
    x = gen_min(x, SPLEV_COLNO);
    y = gen_min(y, SPLEV_ROWNO);
    w = gen_min(w, SPLEV_COLNO);
    h = gen_min(h, SPLEV_ROWNO);
    if (w < 0)
        w = gen_rnd(g, pw - 3);
    if (h < 0)
        h = gen_rnd(g, ph - 3);
    if (x < 0)
        x = gen_rnd(g, pw - w - 1) - 1;
    if (y < 0)
        y = gen_rnd(g, ph - h - 1) - 1;
    if (x == 1)
        x = 0;
    if (y == 1)
        y = 0;
    if (x + w + 1 == pw)
        x++;
    if (y + h + 1 == ph)
        y++;
    if (rtype < 0)
        rtype = SPLEV_GEN_OROOM;
    if (rlit < 0)
        rlit = splev_gen_random_lit(g);
    pr = &g->lev->rooms[parent];
    splev_gen_newroom nr = {pr->lx + x, pr->ly + y, pr->lx + x + w - 1,
                            pr->ly + y + h - 1, rlit, rtype, 0, parent};
    return register_room(g, &nr);
}

int splev_gen_build_room(splev_gen *g, int parent,
                         const splev_gen_roomspec *rs)
{
    int rtype = (rs->chance == 0 || gen_rn2(g, 100) < rs->chance)
                    ? rs->rtype : SPLEV_GEN_OROOM;
    int room;
    if (parent >= 0)
        room = splev_gen_create_subroom(g, parent, rs->x, rs->y, rs->w, rs->h,
                                        rtype, rs->lit);
    else
        room = splev_gen_create_room(g, rs->x, rs->y, rs->w, rs->h,
                                     rs->xalign, rs->yalign, rtype, rs->lit);
    if (room < 0) {
        if (parent < 0 && g->vault_mode && rs->w * rs->h <= 20)
            g->vault_failed = 1;
        return -1;
    }
    splev_gen_topologize(g, room);
    splev_room *r = &g->lev->rooms[room];
    r->needfill = rs->filled;
    r->needjoining = r->rtype == SPLEV_GEN_VAULT ? 0 : rs->joined;
    return room;
}

static void mark_perimeter(splev_cell *c, int rno)
{
    c->edge = 1;
    c->roomno = (uint8_t)(c->roomno ? GEN_SHARED : rno);
}

void splev_gen_topologize(splev_gen *g, int room)
{
    const splev_room *r = &g->lev->rooms[room];
    int rno = room + GEN_ROOMOFFSET;
    if (r->irregular || gen_cell(g, r->lx, r->ly)->roomno == rno)
        return;
    /* the grid and the box in locals: the byte stores may alias them */
    splev_cell (*cells)[SPLEV_ROWNO] = g->lev->cells;
    int lx = r->lx, ly = r->ly, hx = r->hx, hy = r->hy;
    for (int x = lx; x <= hx; x++) {
        splev_cell *c = &cells[x][ly];
        for (int n = hy - ly + 1; n > 0; n--, c++)
            c->roomno = (uint8_t)rno;
    }
    for (int x = lx - 1; x <= hx + 1; x++) {
        mark_perimeter(&cells[x][ly - 1], rno);
        mark_perimeter(&cells[x][hy + 1], rno);
    }
    for (int y = ly; y <= hy; y++) {
        mark_perimeter(&cells[lx - 1][y], rno);
        mark_perimeter(&cells[hx + 1][y], rno);
    }
    for (size_t i = 0; i < g->lev->nrooms; i++)
        if (g->lev->rooms[i].parent == room)
            splev_gen_topologize(g, (int)i);
}

/* Inside one of room's subrooms, walls included. */
static int in_subroom(const splev_gen *g, int room, int x, int y)
{
    for (size_t i = 0; i < g->lev->nrooms; i++) {
        const splev_room *s = &g->lev->rooms[i];
        if (s->parent == room && x >= s->lx - 1 && x <= s->hx + 1 &&
            y >= s->ly - 1 && y <= s->hy + 1)
            return 1;
    }
    return 0;
}

/* The games' somexy: irregular rooms sample their own cells, rooms with
 * subrooms avoid them (100 tries), plain rooms take one draw each. */
int gen_somexy(splev_gen *g, int room, int *x, int *y)
{
    const splev_room *r = &g->lev->rooms[room];
    if (r->irregular) {
        int rno = room + GEN_ROOMOFFSET;
        for (int i = 0; i < 100; i++) {
            *x = gen_rn1(g, r->hx - r->lx + 1, r->lx);
            *y = gen_rn1(g, r->hy - r->ly + 1, r->ly);
            const splev_cell *c = gen_cell(g, *x, *y);
            if (!c->edge && c->roomno == rno)
                return 1;
        }
        for (int xx = r->lx; xx <= r->hx; xx++)
            for (int yy = r->ly; yy <= r->hy; yy++) {
                const splev_cell *c = gen_cell(g, xx, yy);
                if (!c->edge && c->roomno == rno) {
                    *x = xx;
                    *y = yy;
                    return 1;
                }
            }
        return 0;
    }
    if (gen_count_subrooms(g, room) == 0) {
        *x = gen_rn1(g, r->hx - r->lx + 1, r->lx);
        *y = gen_rn1(g, r->hy - r->ly + 1, r->ly);
        return 1;
    }
    for (int i = 0; i < 100; i++) {
        *x = gen_rn1(g, r->hx - r->lx + 1, r->lx);
        *y = gen_rn1(g, r->hy - r->ly + 1, r->ly);
        if (!SPLEV_IS_WALL(gen_typ(g, *x, *y)) && !in_subroom(g, room, *x, *y))
            return 1;
    }
    return 0;
}
