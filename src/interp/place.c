/* place.c - coordinates (frame- and room-relative, random spots with a
 * humidity test, as the games' get_location), set-type-and-light and MAP
 * placement. */
#include "interp/rooms.h"
#include "interp/vm.h"

#include <string.h>

int vm_croom(const vm *v)
{
    int r = v->nrooms_open ? v->roomstack[v->nrooms_open - 1] : ROOM_NONE;
    return r >= 0 ? r : -1;
}

static int is_pool_cell(const splev_cell *c)
{
    return c->typ == SPLEV_POOL || c->typ == SPLEV_MOAT ||
           c->typ == SPLEV_WATER ||
           (c->typ == SPLEV_DRAWBRIDGE_UP && !(c->flags & SPLEV_DB_LAVA));
}

static int is_lava_cell(const splev_cell *c)
{
    return c->typ == SPLEV_LAVAPOOL ||
           (c->typ == SPLEV_DRAWBRIDGE_UP && (c->flags & SPLEV_DB_LAVA));
}

/* Variant terrain that is floor to random placement (doc/variants.md):
 * grass, ground, sand and carpet; not liquids or furniture. */
#define VT_FLOOR(t) ((t) == SPLEV_GRASS || (t) == SPLEV_GROUND ||              \
                     (t) == SPLEV_SAND || (t) == SPLEV_CARPET)

/* Is (x,y) a suitable random spot for this humidity? */
static int loc_ok(const vm *v, int x, int y, int h)
{
    if (h & H_ANY)
        return 1;
    if (!vm_isok(x, y))
        return 0;
    const splev_cell *c = &v->lev->cells[x][y];
    int t = c->typ;
    if (h & H_STAIRS)
        return t == SPLEV_ROOM || t == SPLEV_CORR || t == SPLEV_ICE;
    if ((h & H_SOLID) && t < SPLEV_POOL)
        return 1;
    if ((h & H_DRY) && t == SPLEV_BOG)
        return 0;
    if ((h & H_DRY) && (t == SPLEV_ROOM || t == SPLEV_AIR || t == SPLEV_CLOUD ||
                        t == SPLEV_ICE || t == SPLEV_CORR || VT_FLOOR(t)))
        return 1;
    if ((h & H_SPACE) && t > SPLEV_DOOR)
        return 1;
    if ((h & H_WET) && is_pool_cell(c))
        return 1;
    if ((h & H_HOT) && is_lava_cell(c))
        return 1;
    return 0;
}

/* loc_ok's answer for each terrain below 64 as a mask, for humidity h
 * without H_ANY; DRAWBRIDGE_UP depends on its flags and is left to
 * loc_ok. */
static uint64_t humidity_mask(int h)
{
#define T(t) (UINT64_C(1) << (t))
    if (h & H_STAIRS)
        return T(SPLEV_ROOM) | T(SPLEV_CORR) | T(SPLEV_ICE);
    uint64_t m = 0;
    if (h & H_SOLID)
        m |= T(SPLEV_POOL) - 1;
    if (h & H_DRY)
        m |= T(SPLEV_ROOM) | T(SPLEV_AIR) | T(SPLEV_CLOUD) | T(SPLEV_ICE) |
             T(SPLEV_CORR) | T(SPLEV_GRASS) | T(SPLEV_GROUND) | T(SPLEV_SAND) |
             T(SPLEV_CARPET);
    if (h & H_SPACE)
        m |= ~((T(SPLEV_DOOR) << 1) - 1);
    if (h & H_WET)
        m |= T(SPLEV_POOL) | T(SPLEV_MOAT) | T(SPLEV_WATER);
    if (h & H_HOT)
        m |= T(SPLEV_LAVAPOOL);
    if (h & H_DRY)
        m &= ~T(SPLEV_BOG);   /* before SPACE, WET and HOT in loc_ok */
    return m & ~T(SPLEV_DRAWBRIDGE_UP);
#undef T
}

/* loc_ok with the mask of humidity_mask(h) (h without H_ANY). */
static inline int loc_ok_mask(const vm *v, int x, int y, int h, uint64_t m)
{
    if (!vm_isok(x, y))
        return 0;
    int t = v->lev->cells[x][y].typ;
    if (t < 64 && t != SPLEV_DRAWBRIDGE_UP)
        return (int)((m >> t) & 1);
    return loc_ok(v, x, y, h);
}

static int inside_subroom(const splev_level *lev, int r, int x, int y)
{
    for (size_t i = 0; i < lev->nrooms; i++) {
        const splev_room *s = &lev->rooms[i];
        if (s->parent == r && x >= s->lx - 1 && x <= s->hx + 1 &&
            y >= s->ly - 1 && y <= s->hy + 1)
            return 1;
    }
    return 0;
}

static int has_subrooms(const splev_level *lev, int r)
{
    for (size_t i = 0; i < lev->nrooms; i++)
        if (lev->rooms[i].parent == r)
            return 1;
    return 0;
}

/* A random spot of a room (somexy): irregular rooms by their cells,
 * rooms with subrooms avoiding them.  0 when none was found. */
int vm_somexy(vm *v, int r, int *x, int *y)
{
    const splev_level *lev = v->lev;
    const splev_room *rm = &lev->rooms[r];
    int w = rm->hx - rm->lx + 1, h = rm->hy - rm->ly + 1;
    if (rm->irregular) {
        for (int i = 0; i < 100; i++) {
            *x = splev_rn1(&v->rng, w, rm->lx);
            *y = splev_rn1(&v->rng, h, rm->ly);
            const splev_cell *c = &lev->cells[*x][*y];
            if (!c->edge && c->roomno == r + ROOM_OFFSET)
                return 1;
        }
        vm_charge(v, 100 + (uint64_t)w * (uint64_t)h);
        for (*x = rm->lx; *x <= rm->hx; (*x)++)
            for (*y = rm->ly; *y <= rm->hy; (*y)++) {
                const splev_cell *c = &lev->cells[*x][*y];
                if (!c->edge && c->roomno == r + ROOM_OFFSET)
                    return 1;
            }
        return 0;
    }
    if (!has_subrooms(lev, r)) {
        *x = splev_rn1(&v->rng, w, rm->lx);
        *y = splev_rn1(&v->rng, h, rm->ly);
        return 1;
    }
    for (int i = 0; i < 100; i++) {
        *x = splev_rn1(&v->rng, w, rm->lx);
        *y = splev_rn1(&v->rng, h, rm->ly);
        if (!SPLEV_IS_WALL(lev->cells[*x][*y].typ) &&
            !inside_subroom(lev, r, *x, *y))
            return 1;
    }
    vm_charge(v, 100 * (1 + (uint64_t)lev->nrooms));
    return 0;
}

/* c + origin for a coordinate from a script from anywhere: one far off
 * the map stays far off, without overflowing. */
static int offset_coord(int c, int origin)
{
    if (c >= 0 && c < 1000 && origin >= -1000 && origin < 1000)
        return c + origin;   /* the common case */
    int64_t s = (int64_t)c + origin;
    return s > 1000000 ? 1000000 : s < -1000000 ? -1000000 : (int)s;
}

/* The frame of get_location: the current room's interior, else the map
 * frame. */
typedef struct frame_box {
    int ox, oy, sx, sy;
} frame_box;

static inline frame_box location_frame(const vm *v, int croom)
{
    frame_box f;
    if (croom >= 0) {
        const splev_room *rm = &v->lev->rooms[croom];
        f.ox = rm->lx;
        f.oy = rm->ly;
        f.sx = rm->hx - rm->lx + 1;
        f.sy = rm->hy - rm->ly + 1;
    } else {
        f.ox = v->xstart;
        f.oy = v->ystart;
        f.sx = v->xsize;
        f.sy = v->ysize;
    }
    return f;
}

/* The end of get_location: a spot off the map is none (H_NOWARN) or
 * the game's fallback (78, 20). */
static inline int location_checked(int *x, int *y, int h)
{
    if (!(h & H_ANY) && !vm_isok(*x, *y)) {
        if (h & H_NOWARN) {
            *x = *y = -1;
            return 0;
        }
        *x = 78;
        *y = 20;
    }
    return 1;
}

/* get_location of explicit coordinates: offset by the origin. */
static inline int explicit_location(const vm *v, int *x, int *y, int h,
                                    int croom)
{
    frame_box f = location_frame(v, croom);
    *x = offset_coord(*x, f.ox);
    *y = offset_coord(*y, f.oy);
    return location_checked(x, y, h);
}

/* get_location of a random spot: drawn until the humidity test passes,
 * then the first good cell of the frame. */
static int random_location(vm *v, int *x, int *y, int h, int croom)
{
    frame_box f = location_frame(v, croom);
    int found = 0;
    int tries = 0;
    int any = (h & H_ANY) != 0;
    uint64_t m = any ? 0 : humidity_mask(h);
    for (; tries < 100 && !found; tries++) {
        if (croom >= 0) {
            vm_somexy(v, croom, x, y);
        } else {
            *x = f.ox + splev_rn2(&v->rng, f.sx);
            *y = f.oy + splev_rn2(&v->rng, f.sy);
        }
        found = any || loc_ok_mask(v, *x, *y, h, m);
    }
    vm_charge(v, (uint64_t)tries);
    if (!found && f.sx > 0 && f.sy > 0)
        vm_charge(v, (uint64_t)f.sx * (uint64_t)f.sy);
    for (int xx = 0; xx < f.sx && !found; xx++)
        for (int yy = 0; yy < f.sy && !found; yy++)
            if (any || loc_ok_mask(v, f.ox + xx, f.oy + yy, h, m)) {
                *x = f.ox + xx;
                *y = f.oy + yy;
                found = 1;
            }
    if (!found && (h & H_NOWARN)) {
        *x = *y = -1;
        return 0;
    }
    return location_checked(x, y, h);
}

/* get_location: explicit coordinates (x >= 0) are offset by the
 * origin, random ones drawn. */
static int get_location(vm *v, int *x, int *y, int h, int croom)
{
    return *x >= 0 ? explicit_location(v, x, y, h, croom)
                   : random_location(v, x, y, h, croom);
}

/* A random coordinate value: its own humidity bits, else the caller's,
 * without the warning; then the caller's. */
int vm_coord_random(vm *v, const val *c, int humidity, int *x, int *y)
{
    int croom = vm_croom(v);
    int h = c->c & 31;
    if (!h)
        h = humidity;
    *x = *y = -1;
    if (random_location(v, x, y, h | H_NOWARN, croom))
        return 1;
    *x = *y = -1;
    return random_location(v, x, y, humidity, croom);
}

int vm_coord_resolve(vm *v, const val *c, int humidity, int *x, int *y)
{
    if (c->c & CF_RANDOM)
        return vm_coord_random(v, c, humidity, x, y);
    *x = c->a;
    *y = c->b;
    return explicit_location(v, x, y, humidity, vm_croom(v));
}

void vm_rel(vm *v, int *x, int *y, int use_room)
{
    get_location(v, x, y, H_ANY, use_room ? vm_croom(v) : -1);
}

/* ---- a monster's spot when another monster has it ---- */

/* Can a monster stand on (x, y)?  The humidity test of random spots,
 * and rock or walls for one that passes walls, unless non-passwall. */
static int may_stand(const vm *v, int x, int y, int h, int walls)
{
    const splev_cell *c = &v->lev->cells[x][y];
    if (walls && c->typ < SPLEV_POOL && !c->nonpasswall)
        return 1;
    return loc_ok(v, x, y, h);
}

/* The nearest free cell within one humidity: rings of growing
 * Chebyshev distance d around (x, y), each ring row by row from its top
 * left corner (the top and bottom rows whole, the rows between only at
 * x-d and x+d).  No random draws: a level without a collision is not
 * changed, and one with a collision is the same on every run. */
static int nearest_free(const vm *v, int *x, int *y, int h, int walls)
{
    int far = *x - 1;
    far = XN - 1 - *x > far ? XN - 1 - *x : far;
    far = *y > far ? *y : far;
    far = YN - 1 - *y > far ? YN - 1 - *y : far;
    for (int d = 1; d <= far; d++)
        for (int yy = *y - d; yy <= *y + d; yy++) {
            int edge = yy == *y - d || yy == *y + d;
            for (int xx = *x - d; xx <= *x + d; xx += edge ? 1 : 2 * d)
                if (vm_isok(xx, yy) && !((v->mon_at[xx] >> yy) & 1u) &&
                    may_stand(v, xx, yy, h, walls)) {
                    *x = xx;
                    *y = yy;
                    return 1;
                }
        }
    return 0;
}

/* The monsters recorded since the last look (by statements or by the
 * generator stage; none moves before the epilogue) go into mon_at. */
static void note_monsters(vm *v)
{
    const splev_level *lev = v->lev;
    for (; v->mon_noted < lev->nmonsters; v->mon_noted++) {
        const splev_monster *m = &lev->monsters[v->mon_noted];
        if (vm_isok(m->x, m->y))
            v->mon_at[m->x] |= 1u << m->y;
    }
}

int vm_free_spot(vm *v, int *x, int *y, int h, int walls)
{
    note_monsters(v);
    if (!vm_isok(*x, *y) || !((v->mon_at[*x] >> *y) & 1u))
        return 1;
    vm_charge(v, 2u * XN * YN);
    /* As the spot itself: the monster's humidity, then that plus DRY. */
    return nearest_free(v, x, y, h, walls) ||
           ((h | H_DRY) != h && nearest_free(v, x, y, h | H_DRY, walls));
}

void vm_set_type_lit(vm *v, int x, int y, int t, int lit)
{
    if (x < 0 || x >= XN || y < 0 || y >= YN)
        return;
    splev_cell *c = &v->lev->cells[x][y];
    if (t < SPLEV_TRANSPARENT || SPLEV_IS_VTERRAIN(t))
        c->typ = (uint8_t)t;
    if (t == SPLEV_LAVAPOOL)
        c->lit = 1;
    else if (lit == -1)
        c->lit = (uint8_t)splev_rn2(&v->rng, 2);
    else if (lit != -2)
        c->lit = (uint8_t)(lit ? 1 : 0);
}

/* ---- MAP ---- */

static void align_map(vm *v, int h, int vv, int w, int ht)
{
    switch (h) {
    case 1:     /* 3.6 puts a left map at x 1 over an INIT_MAP, 3.4.3 at 3 */
        v->xstart = v->init_map_used && !vm_nh343(v) ? 1 : 3;
        break;
    case 2: v->xstart = 2 + (78 - 2 - w) / 4; break;
    case 3: v->xstart = 2 + (78 - 2 - w) / 2; break;
    case 4: v->xstart = 2 + ((78 - 2 - w) * 3) / 4; break;
    case 5: v->xstart = 78 - w - 1; break;
    default: break;
    }
    switch (vv) {
    case 1: v->ystart = 3; break;
    case 3: v->ystart = 2 + (20 - 2 - ht) / 2; break;
    case 5: v->ystart = 20 - ht - 1; break;
    default: break;
    }
    if (!(v->xstart & 1))
        v->xstart++;
    if (!(v->ystart & 1))
        v->ystart++;
}

/* What a map character leaves in a cell, per terrain type: a constant
 * table, copied per MAP to set ICE's flags (they depend on the level);
 * then each cell is one copy; only doors look at their left neighbour. */
#define TMPL(t)                                                              \
    {.typ = (uint8_t)(t), .lit = (t) == SPLEV_LAVAPOOL,                      \
     .horizontal = (t) == SPLEV_HWALL || (t) == SPLEV_IRONBARS,              \
     .doormask = (t) == SPLEV_SDOOR ? SPLEV_D_CLOSED : 0}
#define TMPL4(b) TMPL(b), TMPL(b + 1), TMPL(b + 2), TMPL(b + 3)
#define TMPL16(b) TMPL4(b), TMPL4(b + 4), TMPL4(b + 8), TMPL4(b + 12)
_Static_assert(SPLEV_TERRAIN_COUNT == 41, "map_base lists every terrain");
static const splev_cell map_base[SPLEV_TERRAIN_COUNT] = {
    TMPL16(0), TMPL16(16), TMPL4(32), TMPL4(36), TMPL(40)};
#undef TMPL16
#undef TMPL4
#undef TMPL

static void map_templates(const vm *v, splev_cell tmpl[SPLEV_TERRAIN_COUNT])
{
    memcpy(tmpl, map_base, sizeof map_base);
    if (v->init_map_used)
        tmpl[SPLEV_ICE].flags = (v->lev->flags & SPLEV_F_ICEDPOOLS)
                                    ? SPLEV_ICED_POOL : SPLEV_ICED_MOAT;
}

static void draw_map(vm *v, const splev_const *m)
{
    splev_cell tmpl[SPLEV_TERRAIN_COUNT];
    map_templates(v, tmpl);
    int w = m->a, h = m->b;
    /* The map cells that land on 1..79 x 0..20. */
    int mx0 = v->xstart < 1 ? 1 - v->xstart : 0;
    int mx1 = XN - v->xstart < w ? XN - v->xstart : w;
    int my0 = v->ystart < 0 ? -v->ystart : 0;
    int my1 = YN - v->ystart < h ? YN - v->ystart : h;
    /* Column by column (the grid's order); a door's left neighbour is
     * drawn before it either way. */
    const vm_mapcols *cols = vm_mapcache_get(&v->maps, m, tmpl);
    /* held in locals: the byte stores below may alias v */
    splev_cell (*cells)[YN] = v->lev->cells;
    uint8_t (*marks)[YN] = v->gen.mark;
    const splev_cell *cached = cols->cells + my0;
    const uint8_t *plain = cols->plain;
    int xs = v->xstart, y0 = v->ystart + my0;
    size_t n = (size_t)(my1 - my0);
    for (int mx = mx0; mx < mx1; mx++) {
        const unsigned char *src = (const unsigned char *)m->str + mx;
        int x = xs + mx;
        splev_cell *col = cells[x];
        uint8_t *mark = marks[x];
        if (plain[mx] == VM_COL_PLAIN ||
            (plain[mx] == VM_COL_AFTER_LEFT && mx > mx0)) {
            memcpy(&col[y0], &cached[(size_t)mx * (size_t)h], n * sizeof *col);
            memset(&mark[y0], 1, n);
            continue;
        }
        const unsigned char *p = src + (size_t)my0 * (size_t)w;
        for (int y = v->ystart + my0; y < v->ystart + my1; y++, p += w) {
            int t = *p;
            if (t < SPLEV_TERRAIN_COUNT && t != SPLEV_DOOR && t != SPLEV_SDOOR) {
                col[y] = tmpl[t];          /* the common case */
                mark[y] = 1;
                continue;
            }
            if (t == SPLEV_TRANSPARENT)
                continue;
            splev_cell *c = &col[y];
            if (t < SPLEV_TERRAIN_COUNT) {
                *c = tmpl[t];
            } else {
                memset(c, 0, sizeof *c);
                c->typ = (uint8_t)t;
            }
            mark[y] = 1;
            if ((t == SPLEV_DOOR || t == SPLEV_SDOOR) && mx != 0) {
                const splev_cell *l = &v->lev->cells[x - 1][y];
                if (SPLEV_IS_WALL(l->typ) || l->horizontal)
                    c->horizontal = 1;
            }
        }
    }
}

/* The MAP opcode: place, draw and (keep) make the map the frame. */
int vm_map(vm *v, const splev_insn *in)
{
    val c;
    if (!vm_pop_type_or_null(v, SPLEV_V_COORD, "the map position", &c))
        return 0;
    int sx = v->xstart, sy = v->ystart, sw = v->xsize, sh = v->ysize;
    int keep = in->n;
    if (in->a == 0) {
        v->xstart = 1;
        v->ystart = 0;
        v->xsize = XN - 1;
        v->ysize = YN;
    } else {
        const splev_const *m = &v->s->consts[in->arg];
        int w = m->a, h = m->b;
        if (c.t == SPLEV_V_NULL) {
            vm_error(v, "MAP: no position");
            return 0;
        }
        if (in->a == 1) {
            align_map(v, c.a, c.b, w, h);
        } else {
            int x, y;
            if (vm_croom(v) < 0) {
                v->xstart = 1;
                v->ystart = 0;
                v->xsize = XN - 1 - w;
                v->ysize = YN - h;
            }
            vm_coord(v, &c, H_ANY, &x, &y);
            v->xstart = x;
            v->ystart = y;
        }
        v->xsize = w;
        v->ysize = h;
        if (v->ystart < 0 || v->ystart + h > YN) {
            v->ystart += v->ystart > 0 ? -2 : 2;
            if (h == YN)
                v->ystart = 0;
            if (v->ystart < 0 || v->ystart + h > YN) {
                vm_error(v, "MAP: a %dx%d map does not fit at row %d", w, h,
                         v->ystart);
                return 0;
            }
        }
        draw_map(v, m);
        v->prevstair_x = v->prevstair_y = 0;   /* a new map part */
        /* After a joined cave, rooms the map covers entirely go:
         * NetHack 3.6's cave rooms, or rooms a script made since. */
        if (v->mines_joined && !v->gen.vault_mode)
            splev_gen_remove_rooms(&v->gen, v->xstart, v->ystart,
                                   v->xstart + w, v->ystart + h);
    }
    if (!keep) {
        v->xstart = sx;
        v->ystart = sy;
        v->xsize = sw;
        v->ysize = sh;
    }
    return 1;
}

int vm_monster_at(vm *v, int x, int y)
{
    note_monsters(v);
    return vm_isok(x, y) && ((v->mon_at[x] >> y) & 1u);
}

int vm_move_monster_away(vm *v, int x, int y)
{
    int i = splev_level_monster_at(v->lev, x, y);
    if (i < 0)
        return 1;
    note_monsters(v);
    splev_monster *m = &v->lev->monsters[i];
    int nx = x, ny = y;
    if (!vm_free_spot(v, &nx, &ny, H_DRY, 0))
        return 0;
    v->mon_at[x] &= ~(1u << y);
    v->mon_at[nx] |= 1u << ny;
    m->x = nx;
    m->y = ny;
    return 1;
}
