/* stmt.c - the placement statements: terrain, doors, features, stairs,
 * level regions, things and rooms from REGION.  Monsters and objects are
 * recorded, not simulated. */
#include "interp/rooms.h"
#include "interp/vm.h"
#include "names/names.h"

#include "common/common.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define D_SECRET 32
#define ALIGN_COALIGNED 0x20
#define ALIGN_NONCOALIGNED 0x40
#define ALIGN_RANDOM (-11)
#define RT_TEMPLE 10
enum { TT_MAGIC_PORTAL = 17, TT_HOLE = 13, TT_TRAPDOOR = 14, TT_TELEP = 15,
       TT_LEVEL_TELEP = 16, TT_VIBRATING = 24 };


static splev_cell *cell(vm *v, int x, int y)
{
    return &v->lev->cells[x][y];
}

/* A copy of a string value as a NUL-terminated C string (the level's
 * setters copy it again). */
static const char *cstr(const val *x)
{
    return x->t == SPLEV_V_STR || x->s ? x->s : NULL;
}

static int pop_sel(vm *v, const char *what, val *out)
{
    return vm_pop_type(v, SPLEV_V_SEL, what, out);
}

/* Terrain operands may come as integers or map characters. */
static int pop_terrain(vm *v, const char *what, int32_t *t, int32_t *lit)
{
    val x;
    vm_pop_val(v, &x);
    if (x.t == SPLEV_V_INT || x.t == SPLEV_V_MAPCHAR) {
        *t = x.a;
        if (lit)
            *lit = x.t == SPLEV_V_MAPCHAR ? x.b : -2;
        return 1;
    }
    vm_error(v, "%s: %s must be a map character", splev_ops[v->s->code[v->pc].op].name,
             what);
    vm_val_release(&x);
    return 0;
}

/* ---- level set-up ---- */

static int st_message(vm *v)
{
    val m;
    if (!vm_pop_type(v, SPLEV_V_STR, "the message", &m))
        return 0;
    if (vm_count_thing(v))
        splev_level_add_message(v->lev, m.s);
    vm_val_release(&m);
    return !v->failed;
}

static int st_mon_generation(vm *v, const splev_insn *in)
{
    int32_t *freq = xcalloc(in->n + 1u, sizeof *freq);
    val *mon = xcalloc(in->n + 1u, sizeof *mon);
    int ok = 1;
    for (int k = in->n; k-- > 0 && ok;)
        ok = vm_pop_type(v, SPLEV_V_MONST, "the monster", &mon[k]) &&
             vm_pop_int(v, "the frequency", &freq[k]);
    int32_t pct;
    ok = ok && vm_pop_int(v, "the percentage", &pct);
    if (ok) {
        v->lev->mongen_percent = pct;
        for (int k = 0; k < in->n && ok; k++)
            if ((ok = vm_count_thing(v)))
                splev_level_add_mongen(v->lev, freq[k], mon[k].s ? 0 : (char)mon[k].a,
                                       mon[k].s);
    }
    free(freq);
    free(mon);
    return ok;
}

static int st_sounds(vm *v, const splev_insn *in)
{
    int32_t *kind = xcalloc(in->n + 1u, sizeof *kind);
    val *text = xcalloc(in->n + 1u, sizeof *text);
    int ok = 1;
    for (int k = in->n; k-- > 0 && ok;)
        ok = vm_pop_type(v, SPLEV_V_STR, "the sound", &text[k]) &&
             vm_pop_int(v, "the sound kind", &kind[k]);
    int32_t freq;
    ok = ok && vm_pop_int(v, "the frequency", &freq);
    if (ok) {
        v->lev->sound_freq = freq < 0 ? -freq : freq;
        for (int k = 0; k < in->n && ok; k++)
            if ((ok = vm_count_thing(v)))
                splev_level_add_sound(v->lev, kind[k], text[k].s);
    }
    for (int k = 0; k < in->n; k++)
        vm_val_release(&text[k]);
    free(kind);
    free(text);
    return ok;
}

/* ---- regions and the room stack ---- */

static void light_region(vm *v, int x1, int y1, int x2, int y2, int lit)
{
    if (lit) {
        x1 = x1 - 1 < 1 ? 1 : x1 - 1;
        y1 = y1 - 1 < 0 ? 0 : y1 - 1;
        x2 = x2 + 1 > XN - 1 ? XN - 1 : x2 + 1;
        y2 = y2 + 1 > YN - 1 ? YN - 1 : y2 + 1;
    }
    int xlo = x1 < 0 ? 0 : x1, xhi = x2 < XN - 1 ? x2 : XN - 1;
    int ylo = y1 < 0 ? 0 : y1, yhi = y2 < YN - 1 ? y2 : YN - 1;
    /* A cell keeps its light when it is lava. */
    for (int x = xlo; x <= xhi; x++)
        for (int y = ylo; y <= yhi; y++) {
            splev_cell *c = &v->lev->cells[x][y];
            if (c->typ != SPLEV_LAVAPOOL)
                c->lit = lit ? 1 : 0;
        }
}

static int top_rooms(const splev_level *lev)
{
    int n = 0;
    for (size_t i = 0; i < lev->nrooms; i++)
        n += lev->rooms[i].parent < 0;
    return n;
}

/* A REGION room goes through the generator stage's registration, the
 * one every room of the level uses ("special": nothing is drawn). */
static int make_region_room(vm *v, int x1, int y1, int x2, int y2, int lit,
                            int type, int irregular, int prefilled, int joined)
{
    splev_level *lev = v->lev;
    splev_gen_newroom nr = {x1, y1, x2, y2, lit, type, 1, -1};
    int r = -1;
    if (irregular && lev->nrooms < ROOM_MAX) {
        int box[4];
        long count;
        int no = (int)lev->nrooms + ROOM_OFFSET;
        rooms_flood(lev, x1, y1, no, lit, 1, box, &count);
        nr = (splev_gen_newroom){box[0], box[1], box[2], box[3], 0, type, 1, -1};
        r = splev_gen_add_room(&v->gen, &nr);
        if (r >= 0) {
            lev->rooms[r].rlit = lit ? 1 : 0;
            lev->rooms[r].irregular = 1;
        }
    } else if (!irregular) {
        r = splev_gen_add_room(&v->gen, &nr);
        if (r >= 0)
            splev_gen_topologize(&v->gen, r);
    }
    if (r < 0) {
        vm_error(v, "REGION: too many rooms");
        return -1;
    }
    lev->rooms[r].needfill = type != 0 ? (prefilled ? 2 : 1) : 0;
    lev->rooms[r].needjoining = joined;
    return r;
}

static int st_region(vm *v, const splev_insn *in)
{
    int32_t flags, type, lit;
    val reg;
    if (!vm_pop_int(v, "the flags", &flags) || !vm_pop_int(v, "the room type", &type) ||
        !vm_pop_int(v, "the light", &lit) ||
        !vm_pop_type(v, SPLEV_V_REGION, "the area", &reg))
        return 0;
    /* An unfilled region's type comes MAXRTYPE + 1 up, as in the classic
     * format; bit 0 of the flags says which it is, so NetHack 3.6's type
     * MAXRTYPE + 1 (health food shop) has a filled code too. */
    int prefilled = !(flags & 1);
    if (prefilled && type > MAXRTYPE)
        type -= MAXRTYPE + 1;
    if (type < 0 || type > MAXRTYPE + 1) {
        vm_error(v, "REGION: unknown room type %d", (int)type);
        return 0;
    }
    int irregular = (flags & 2) != 0, joined = !(flags & 4);
    if (lit < 0)
        lit = splev_gen_random_lit(&v->gen);
    int x1 = reg.a, y1 = reg.b, x2 = reg.c, y2 = reg.d;
    vm_rel(v, &x1, &y1, 0);
    vm_rel(v, &x2, &y2, 0);
    int pushed = vm_croom(v);
    if ((type == 0 && !irregular && !prefilled) || top_rooms(v->lev) >= 40) {
        light_region(v, x1, y1, x2, y2, lit);
    } else {
        int r = make_region_room(v, x1, y1, x2, y2, lit, type, irregular,
                                 prefilled, joined);
        if (r < 0)
            return 0;
        if (v->nrooms_open == 0)
            pushed = r;
    }
    if (in->a) {
        /* The block's ENDROOM pops exactly this slot: in the games every
         * REGION's ENDROOM pops whatever is open, even another room. */
        if (v->nrooms_open >= MAX_ROOM_NEST) {
            vm_error(v, "REGION: rooms nested deeper than %d", MAX_ROOM_NEST);
            return 0;
        }
        v->roomstack[v->nrooms_open++] = pushed;
    }
    return 1;
}

static int st_endroom(vm *v)
{
    if (v->nrooms_open > 0)
        v->nrooms_open--;
    return 1;
}

/* ---- terrain ---- */

/* A stair or ladder whose cell became something else is no stair any
 * more: its record goes too (doc/dialects.md, "TERRAIN on stairs"). */
static void drop_stair_record(splev_level *lev, int x, int y)
{
    size_t k = 0;
    for (size_t i = 0; i < lev->nstairs; i++) {
        splev_stair *st = &lev->stairs[i];
        if (st->x == x && st->y == y &&
            (st->kind == SPLEV_SK_STAIR || st->kind == SPLEV_SK_LADDER))
            free(st->dest);
        else
            lev->stairs[k++] = *st;
    }
    lev->nstairs = k;
}

/* UnNetHack keeps stairs out of TERRAIN's reach; NetHack 3.6 overwrites
 * them like any other cell. */
static int st_terrain(vm *v)
{
    int32_t t, lit;
    val s;
    if (!pop_terrain(v, "the terrain", &t, &lit) || !pop_sel(v, "the area", &s))
        return 0;
    const vsel *sel = s.own;
    int nh = vm_nh36(v);
    VSEL_FOR(sel, 1, x, y) {
            int old = cell(v, x, y)->typ;
            if (old == SPLEV_STAIRS && !nh)
                continue;
            vm_set_type_lit(v, x, y, t, lit);
            splev_cell *c = cell(v, x, y);
            if ((old == SPLEV_STAIRS || old == SPLEV_LADDER) && c->typ != old)
                drop_stair_record(v->lev, x, y);
            if (c->typ == SPLEV_SDOOR)
                c->doormask = SPLEV_D_CLOSED;
            if ((c->typ == SPLEV_DOOR || c->typ == SPLEV_SDOOR) &&
                (SPLEV_IS_WALL(cell(v, x - 1, y)->typ) ||
                 cell(v, x - 1, y)->horizontal))
                c->horizontal = 1;
        }
    vm_val_release(&s);
    return 1;
}

static int st_replace_terrain(vm *v)
{
    int32_t chance, to, tolit, from, fromlit;
    val r;
    if (!vm_pop_int(v, "the chance", &chance) ||
        !pop_terrain(v, "the new terrain", &to, &tolit) ||
        !pop_terrain(v, "the old terrain", &from, &fromlit) ||
        !vm_pop_type(v, SPLEV_V_REGION, "the area", &r))
        return 0;
    if (to == SPLEV_TRANSPARENT)
        return 1;
    int x1 = r.a, y1 = r.b, x2 = r.c, y2 = r.d;
    vm_rel(v, &x1, &y1, 1);
    vm_rel(v, &x2, &y2, 1);
    for (int x = x1 < 1 ? 1 : x1; x <= x2 && x < XN; x++)
        for (int y = y1 < 0 ? 0 : y1; y <= y2 && y < YN; y++)
            if (cell(v, x, y)->typ == from && splev_rn2(&v->rng, 100) < chance)
                vm_set_type_lit(v, x, y, to, tolit);
    return 1;
}

static int st_feature(vm *v, const splev_insn *in)
{
    val s;
    if (!pop_sel(v, "the area", &s))
        return 0;
    const vsel *sel = s.own;
    VSEL_FOR(sel, 1, x, y) {
            int t = cell(v, x, y)->typ;
            if (!(t >= SPLEV_STAIRS && t <= SPLEV_ALTAR))
                cell(v, x, y)->typ = (uint8_t)in->arg;
        }
    vm_val_release(&s);
    return 1;
}

static void step_dir(int d, int *x, int *y)
{
    if (d & 1) (*y)--;
    if (d & 2) (*y)++;
    if (d & 4) (*x)++;
    if (d & 8) (*x)--;
}

static int spill_start(vm *v, const val *c, int dir, int t, int lit, int *sx,
                       int *sy)
{
    if (!(c->c & CF_RANDOM))
        return vm_coord(v, c, H_ANY, sx, sy) && vm_isok(*sx, *sy);
    for (int i = 0; i < 500; i++) {
        int x, y;
        val r = *c;
        r.c = CF_RANDOM | H_ANY;
        vm_coord(v, &r, H_ANY, &x, &y);
        int qx = x, qy = y;
        step_dir(((dir & 1) << 1) | ((dir & 2) >> 1) | ((dir & 4) << 1) |
                     ((dir & 8) >> 1), &qx, &qy);
        if (vm_isok(qx, qy) && SPLEV_IS_WALL(cell(v, qx, qy)->typ)) {
            vm_set_type_lit(v, qx, qy, t, lit);
            *sx = x;
            *sy = y;
            return vm_isok(x, y);
        }
    }
    return 0;
}

static int st_spill(vm *v)
{
    int32_t dir, count, t, lit;
    val c;
    if (!vm_pop_int(v, "the direction", &dir) || !vm_pop_int(v, "the count", &count) ||
        !pop_terrain(v, "the terrain", &t, &lit) ||
        !vm_pop_type(v, SPLEV_V_COORD, "the start", &c))
        return 0;
    int x, y;
    if (t == SPLEV_TRANSPARENT || !spill_start(v, &c, dir, t, lit, &x, &y))
        return 1;
    vm_charge(v, count > 0 ? (uint64_t)count : 0);
    if (!vm_steps_left(v))
        return 0;
    int last = -1;
    for (int32_t i = 0; i < count; i++) {
        vm_set_type_lit(v, x, y, t, lit);
        int d, qx, qy, guard = 0;
        do {
            guard++;
            do {
                int k = splev_rn2(&v->rng, 5);
                d = k == 4 ? dir : 1 << k;
                qx = x;
                qy = y;
                step_dir(d, &qx, &qy);
            } while (!vm_isok(qx, qy));
        } while ((d == last || cell(v, qx, qy)->typ == t) && guard < 200);
        vm_charge(v, (uint64_t)guard);     /* the tries of a hemmed-in step */
        if (!vm_steps_left(v))
            return 0;
        x = qx;
        y = qy;
        last = d;
    }
    return 1;
}

static int trap_at(const splev_level *lev, int x, int y)
{
    for (size_t i = 0; i < lev->ntraps; i++)
        if (lev->traps[i].x == x && lev->traps[i].y == y)
            return (int)i;
    return -1;
}

static int door_next_to(vm *v, int x, int y)
{
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    for (int k = 0; k < 4; k++) {
        int nx = x + dx[k], ny = y + dy[k];
        if (vm_isok(nx, ny) && (cell(v, nx, ny)->typ == SPLEV_DOOR ||
                             cell(v, nx, ny)->typ == SPLEV_SDOOR))
            return 1;
    }
    return 0;
}

/* Left-hand walk around the border of a bg area (0% converts nothing,
 * where the games convert every cell). */
static int st_wallwalk(vm *v)
{
    int32_t chance, fg, fglit, bg, bglit;
    val c;
    if (!vm_pop_int(v, "the chance", &chance) ||
        !pop_terrain(v, "the background", &bg, &bglit) ||
        !pop_terrain(v, "the wall terrain", &fg, &fglit) ||
        !vm_pop_type(v, SPLEV_V_COORD, "the start", &c))
        return 0;
    int x, y;
    vm_coord(v, &c, H_ANY, &x, &y);
    if (!vm_isok(x, y) || fg == SPLEV_TRANSPARENT || bg == SPLEV_TRANSPARENT ||
        cell(v, x, y)->typ != bg)
        return 1;
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    int dir = 1, sx = x, sy = y;
    long guard = 4L * XN * YN * 4;
    do {
        if (trap_at(v->lev, x, y) < 0 && !door_next_to(v, x, y) &&
            cell(v, x, y)->typ == bg && splev_rn2(&v->rng, 100) < chance)
            vm_set_type_lit(v, x, y, fg, fglit);
        int tries = 0, px = x, py = y;
        do {
            px = x;
            py = y;
            x += dx[dir % 4];
            y += dy[dir % 4];
            if (vm_isok(x, y) && (cell(v, x, y)->typ == bg || cell(v, x, y)->typ == fg)) {
                dir = (dir + 3) % 4;
            } else {
                dir++;
                x = px;
                y = py;
                tries++;
            }
        } while (x == px && y == py && tries < 5);
        vm_charge(v, 1 + (uint64_t)v->lev->ntraps);   /* trap_at */
    } while ((x != sx || y != sy) && --guard > 0);
    return 1;
}

static int st_wallify(vm *v, const splev_insn *in)
{
    if (in->op == OP_WALLIFY) {
        walls_wallify(v->lev, v->xstart - 1, v->ystart - 1,
                      v->xstart + v->xsize + 1, v->ystart + v->ysize + 1);
        return 1;
    }
    val s;
    if (!pop_sel(v, "the area", &s))
        return 0;
    const vsel *sel = s.own;
    VSEL_FOR(sel, 0, x, y)
        walls_wallify(v->lev, x, y, x, y);
    vm_val_release(&s);
    return 1;
}

static int st_nondig(vm *v, const splev_insn *in)
{
    val r;
    if (!vm_pop_type(v, SPLEV_V_REGION, "the area", &r))
        return 0;
    int x1 = r.a, y1 = r.b, x2 = r.c, y2 = r.d;
    vm_rel(v, &x1, &y1, 0);
    vm_rel(v, &x2, &y2, 0);
    /* 1 for the terrain the flags stick to (stone, walls, trees, bars),
     * or-ed into the flag (0 or 1): no branch a cell */
#define HARD(t) ((t) <= SPLEV_DBWALL || (t) == SPLEV_TREE ||               \
                 (t) == SPLEV_DEADTREE || (t) == SPLEV_IRONBARS)
#define H4(b) HARD(b), HARD(b + 1), HARD(b + 2), HARD(b + 3)
#define H16(b) H4(b), H4(b + 4), H4(b + 8), H4(b + 12)
#define H64(b) H16(b), H16(b + 16), H16(b + 32), H16(b + 48)
    static const uint8_t hard[256] = {H64(0), H64(64), H64(128), H64(192)};
#undef H64
#undef H16
#undef H4
#undef HARD
    /* the flag's byte of a cell, four cells a loop step */
    size_t off = in->op == OP_NON_DIGGABLE ? offsetof(splev_cell, nondiggable)
                                           : offsetof(splev_cell, nonpasswall);
#define MARK(c) (((uint8_t *)(c))[off] |= hard[(c)->typ])
    int ylo = y1 < 0 ? 0 : y1, yhi = y2 < YN - 1 ? y2 : YN - 1;
    for (int x = x1 < 1 ? 1 : x1; x <= x2 && x < XN && ylo <= yhi; x++) {
        splev_cell *c = &v->lev->cells[x][ylo], *end = c + (yhi - ylo + 1);
        for (; end - c >= 4; c += 4) {
            MARK(c);
            MARK(c + 1);
            MARK(c + 2);
            MARK(c + 3);
        }
        for (; c < end; c++)
            MARK(c);
    }
#undef MARK
    return 1;
}

static int st_drawbridge(vm *v)
{
    int32_t dir, state;
    val c;
    if (!vm_pop_int(v, "the direction", &dir) || !vm_pop_int(v, "the state", &state) ||
        !vm_pop_type(v, SPLEV_V_COORD, "the position", &c))
        return 0;
    int x, y;
    if (!vm_coord(v, &c, H_DRY | H_WET | H_HOT, &x, &y) || !vm_isok(x, y))
        return 1;
    if (state == -1)
        state = !splev_rn2(&v->rng, 2);
    if (dir < 0 || dir > 3) {
        vm_error(v, "DRAWBRIDGE: bad direction %d", (int)dir);
        return 0;
    }
    static const int dx[4] = {0, 0, 1, -1}, dy[4] = {-1, 1, 0, 0};
    int wx = x + dx[dir], wy = y + dy[dir];
    if (!vm_isok(wx, wy) || !SPLEV_IS_WALL(cell(v, wx, wy)->typ))
        return 1;   /* no wall to hold it: the game builds nothing */
    splev_cell *b = cell(v, x, y), *w = cell(v, wx, wy);
    int lava = b->typ == SPLEV_LAVAPOOL, h = dir <= 1;
    if (state) {
        b->typ = SPLEV_DRAWBRIDGE_DOWN;
        w->typ = SPLEV_DOOR;
        w->doormask = SPLEV_D_NODOOR;
    } else {
        b->typ = SPLEV_DRAWBRIDGE_UP;
        w->typ = SPLEV_DBWALL;
        w->nondiggable = 1;
    }
    b->horizontal = (uint8_t)!h;
    w->horizontal = (uint8_t)h;
    b->flags = (uint8_t)(dir | (lava ? SPLEV_DB_LAVA : 0));
    v->gen.mark[x][y] = 1;
    if (!vm_count_thing(v))
        return 0;
    splev_level_add_drawbridge(v->lev, x, y, dir, state != 0);
    return 1;
}

/* What a door's neighbour of terrain t (-1 off the map) says: bit 0, it
 * holds the door (a wall or a door); bit 1, it would when no neighbour
 * does (below POOL, iron bars, off the map). */
static inline int door_side(int t)
{
    /* the two tests as masks by terrain (every terrain is below 64) */
    const uint64_t holds = ((UINT64_C(2) << SPLEV_DBWALL) - 2) |
                           UINT64_C(1) << SPLEV_DOOR | UINT64_C(1) << SPLEV_SDOOR;
    const uint64_t fallback = ((UINT64_C(1) << SPLEV_POOL) - 1) |
                              UINT64_C(1) << SPLEV_IRONBARS;
    if (t < 0 || t >= 64)
        return t < 0 ? 2 : 0;
    return (int)((holds >> t) & 1) | (int)((fallback >> t) & 1) << 1;
}

static inline int door_side_at(const splev_level *lev, int x, int y)
{
    return door_side(vm_isok(x, y) ? lev->cells[x][y].typ : -1);
}

/* Horizontal when a holding neighbour is west or east and not both north
 * and south hold it (by the fallback test when none holds it). */
void vm_set_door_orientation(splev_level *lev, int x, int y)
{
    int w = door_side_at(lev, x - 1, y), e = door_side_at(lev, x + 1, y);
    int n = door_side_at(lev, x, y - 1), s = door_side_at(lev, x, y + 1);
    int bit = (w | e | n | s) & 1 ? 1 : 2;
    lev->cells[x][y].horizontal = (uint8_t)(((w | e) & bit) && !(n & s & bit));
}

static int st_door(vm *v)
{
    int32_t state;
    val s;
    if (!vm_pop_int(v, "the door state", &state) || !pop_sel(v, "the area", &s))
        return 0;
    if (state == -1)
        state = (1 << splev_rn2(&v->rng, 5)) >> 1;
    const vsel *sel = s.own;
    VSEL_FOR(sel, 1, x, y) {
            int st = state;
            splev_cell *c = cell(v, x, y);
            if (c->typ != SPLEV_DOOR && c->typ != SPLEV_SDOOR) {
                c->typ = (st & D_SECRET) ? SPLEV_SDOOR : SPLEV_DOOR;
                vm_gen_door_made(v, x, y);
            }
            if (st & D_SECRET) {
                st &= ~D_SECRET;
                if (st < SPLEV_D_CLOSED)
                    st = SPLEV_D_CLOSED;
            }
            vm_set_door_orientation(v->lev, x, y);
            c->doormask = (uint8_t)st;
            v->gen.mark[x][y] = 1;
        }
    vm_val_release(&s);
    return 1;
}

/* ---- stairs and level regions ---- */

static void remove_trap(splev_level *lev, int x, int y)
{
    int i = trap_at(lev, x, y);
    if (i >= 0) {
        lev->traps[i] = lev->traps[lev->ntraps - 1];
        lev->ntraps--;
    }
}

/* Make a stair or ladder at (x,y) unless it would leave the dungeon. */
int vm_make_stair(vm *v, int x, int y, int up, int ladder)
{
    if (!ladder && ((up && v->ctx.top_level) || (!up && v->ctx.bottom_level)))
        return 1;
    if (!vm_count_thing(v))
        return 0;
    splev_cell *c = cell(v, x, y);
    c->typ = ladder ? SPLEV_LADDER : SPLEV_STAIRS;
    c->flags = up ? SPLEV_LA_UP : SPLEV_LA_DOWN;
    v->gen.mark[x][y] = 1;
    splev_level_add_stair(v->lev, ladder ? SPLEV_SK_LADDER : SPLEV_SK_STAIR, x, y,
                          up, NULL);
    return 1;
}

/* NetHack 3.4.3: a STAIR of a map part (outside rooms) drawn at random
 * within 8 cells (Chebyshev) of the part's previous one is drawn again,
 * up to 100 more times; the last draw stands.  0: no spot at all. */
static int redraw_near_stair(vm *v, const val *c, int *x, int *y)
{
    int px = v->prevstair_x, py = v->prevstair_y;
    for (int tries = 0; px && (c->c & CF_RANDOM) && tries < 100; tries++) {
        int dx = *x > px ? *x - px : px - *x, dy = *y > py ? *y - py : py - *y;
        if ((dx > dy ? dx : dy) > 8)
            break;
        if (!vm_coord(v, c, H_DRY, x, y) || !vm_isok(*x, *y))
            return 0;
    }
    v->prevstair_x = *x;
    v->prevstair_y = *y;
    return 1;
}

static int st_stair(vm *v, const splev_insn *in)
{
    int32_t up;
    val c;
    if (!vm_pop_int(v, "the direction", &up) ||
        !vm_pop_type(v, SPLEV_V_COORD, "the position", &c))
        return 0;
    int x, y;
    /* UnNetHack: a random stair wants ROOM, CORR or ICE and a fixed one
     * makes its cell ROOM first; NetHack 3.6: DRY only, nothing forced. */
    int un_stair = !in->a && !vm_nh36(v) && !vm_nh343(v);
    if (!vm_coord(v, &c, un_stair ? H_DRY | H_STAIRS : H_DRY, &x, &y) ||
        !vm_isok(x, y))
        return 1;
    if (!in->a && vm_nh343(v) && vm_croom(v) < 0 && !redraw_near_stair(v, &c, &x, &y))
        return 1;
    if (!in->a) {
        remove_trap(v->lev, x, y);
        if (un_stair && !(c.c & CF_RANDOM))
            cell(v, x, y)->typ = SPLEV_ROOM;   /* even if no stair is
                                                  made: UnNetHack does */
    }
    return vm_make_stair(v, x, y, up != 0, in->a);
}

static int st_levregion(vm *v)
{
    val dest;
    int32_t f[11];
    if (!vm_pop_type_or_null(v, SPLEV_V_STR, "the destination", &dest))
        return 0;
    for (int k = 10; k >= 0; k--)
        if (!vm_pop_int(v, "a level region field", &f[k])) {
            vm_val_release(&dest);
            return 0;
        }
    if (f[10] < SPLEV_LR_DOWNSTAIR || f[10] > SPLEV_LR_DOWNTELE) {
        vm_error(v, "level region: unknown type %d", (int)f[10]);
        vm_val_release(&dest);
        return 0;
    }
    if (!f[4]) {
        vm_rel(v, &f[0], &f[1], 0);
        vm_rel(v, &f[2], &f[3], 0);
    }
    if (!f[9]) {
        vm_rel(v, &f[5], &f[6], 0);
        vm_rel(v, &f[7], &f[8], 0);
    }
    if (!vm_count_thing(v)) {
        vm_val_release(&dest);
        return 0;
    }
    splev_lregion *r = splev_level_add_lregion(v->lev, f[10]);
    r->lx = f[0]; r->ly = f[1]; r->hx = f[2]; r->hy = f[3];
    r->dlx = f[5]; r->dly = f[6]; r->dhx = f[7]; r->dhy = f[8];
    if (dest.t == SPLEV_V_STR)
        splev_set_string(&r->dest, dest.s);
    vm_val_release(&dest);
    return 1;
}

/* ---- features and things ---- */

static int induced_align(vm *v)
{
    if (v->ctx.level_align && splev_rn2(&v->rng, 100) < 80)
        return v->ctx.level_align;
    if (v->ctx.dungeon_align && splev_rn2(&v->rng, 100) < 80)
        return v->ctx.dungeon_align;
    static const int am[3] = {SPLEV_AM_CHAOTIC, SPLEV_AM_NEUTRAL, SPLEV_AM_LAWFUL};
    return am[splev_rn2(&v->rng, 3)];
}

/* An alignment operand as an alignment mask.  `random` (-11, which
 * UnNetHack reads past its three registers, on ALTAR too) is the induced
 * alignment, as NetHack 3.6 reads it. */
static int resolve_align(vm *v, int a)
{
    if (a == ALIGN_COALIGNED)
        return v->ctx.hero_align;
    if (a == ALIGN_NONCOALIGNED) {
        int other[2], n = 0;
        static const int am[3] = {SPLEV_AM_CHAOTIC, SPLEV_AM_NEUTRAL,
                                  SPLEV_AM_LAWFUL};
        for (int i = 0; i < 3; i++)
            if (am[i] != v->ctx.hero_align && n < 2)
                other[n++] = am[i];
        return other[splev_rn2(&v->rng, 2)];
    }
    if (a == ALIGN_RANDOM)
        return induced_align(v);
    if (a >= -3 && a <= -1)
        return v->align_reg[-a - 1];
    return a & 7;
}

/* A free room location: the spot, then random room spots until
 * one is plain floor. */
static int free_room_spot(vm *v, const val *c, int *x, int *y)
{
    int r = vm_croom(v);
    vm_coord(v, c, H_DRY, x, y);
    for (int i = 0; i <= 100 && !(vm_isok(*x, *y) && cell(v, *x, *y)->typ == SPLEV_ROOM);
         i++)
        vm_somexy(v, r, x, y);
    if (vm_isok(*x, *y) && cell(v, *x, *y)->typ == SPLEV_ROOM)
        return 1;
    vm_error(v, "%s: no free spot in the room", splev_ops[v->s->code[v->pc].op].name);
    return 0;
}

static int room_of(const splev_level *lev, int x, int y)
{
    int no = lev->cells[x][y].roomno;
    return no >= ROOM_OFFSET && (size_t)(no - ROOM_OFFSET) < lev->nrooms
               ? no - ROOM_OFFSET : -1;
}

static int st_altar(vm *v)
{
    int32_t shrine, align;
    val c;
    if (!vm_pop_int(v, "the altar type", &shrine) || !vm_pop_int(v, "the alignment", &align) ||
        !vm_pop_type(v, SPLEV_V_COORD, "the position", &c))
        return 0;
    int x, y, r = vm_croom(v);
    if (r >= 0) {
        if (!free_room_spot(v, &c, &x, &y))
            return 0;
    } else if (!vm_coord(v, &c, H_DRY, &x, &y) || !vm_isok(x, y)) {
        return 1;
    } else {
        r = room_of(v->lev, x, y);
    }
    splev_cell *ce = cell(v, x, y);
    if (ce->typ == SPLEV_STAIRS || ce->typ == SPLEV_LADDER)
        return 1;
    int am = resolve_align(v, align);
    if (shrine == -1)
        shrine = splev_rn2(&v->rng, 2);
    int temple = r >= 0 && v->lev->rooms[r].rtype == RT_TEMPLE;
    if (!temple)
        shrine = 0;
    ce->typ = SPLEV_ALTAR;
    /* A sanctum is a shrine with the sanctum bit in UnNetHack; NetHack
     * 3.6 sets the shrine bit only (the record keeps "sanctum"). */
    int sanctum = shrine == 2 && !vm_nh36(v);
    ce->flags = (uint8_t)(am | (shrine > 0 ? SPLEV_AM_SHRINE : 0) |
                          (sanctum ? SPLEV_AM_SANCTUM : 0));
    if (!vm_count_thing(v))
        return 0;
    splev_level_add_altar(v->lev, x, y, am, shrine);
    return 1;
}

static void remove_engravings(splev_level *lev, int x, int y)
{
    size_t k = 0;
    for (size_t i = 0; i < lev->nengravings; i++) {
        if (lev->engravings[i].x == x && lev->engravings[i].y == y)
            free(lev->engravings[i].text);
        else
            lev->engravings[k++] = lev->engravings[i];
    }
    lev->nengravings = k;
}

static int st_grave(vm *v, const splev_insn *in)
{
    val text, c;
    if (!vm_pop_type_or_null(v, SPLEV_V_STR, "the epitaph", &text))
        return 0;
    if (!vm_pop_type(v, SPLEV_V_COORD, "the position", &c)) {
        vm_val_release(&text);
        return 0;
    }
    int x, y, ok = 1;
    if (vm_coord(v, &c, H_DRY, &x, &y) && vm_isok(x, y) && trap_at(v->lev, x, y) < 0) {
        cell(v, x, y)->typ = SPLEV_GRAVE;
        if (text.t == SPLEV_V_NULL && !in->a)
            remove_engravings(v->lev, x, y);
        if ((ok = vm_count_thing(v))) {
            splev_grave *g = splev_level_add_grave(v->lev, x, y, cstr(&text));
            g->random_epitaph = in->a != 0;
        }
    }
    vm_val_release(&text);
    return ok;
}

static int st_engraving(vm *v)
{
    int32_t type;
    val text, c;
    if (!vm_pop_int(v, "the engraving type", &type) ||
        !vm_pop_type(v, SPLEV_V_STR, "the text", &text))
        return 0;
    if (!vm_pop_type(v, SPLEV_V_COORD, "the position", &c)) {
        vm_val_release(&text);
        return 0;
    }
    if (type == -1)
        type = splev_rnd(&v->rng, 5);
    int x, y, ok = 1;
    if (vm_coord(v, &c, H_DRY, &x, &y) && vm_isok(x, y) && (ok = vm_count_thing(v)))
        splev_level_add_engraving(v->lev, x, y, type, text.s);
    vm_val_release(&text);
    return ok;
}

static int st_gold(vm *v)
{
    int32_t amount;
    val c;
    if (!vm_pop_type(v, SPLEV_V_COORD, "the position", &c) ||
        !vm_pop_int(v, "the amount", &amount))
        return 0;
    int x, y;
    if (!vm_coord(v, &c, H_DRY, &x, &y) || !vm_isok(x, y))
        return 1;
    if (amount < 0)
        amount = splev_rnd(&v->rng, 200);
    if (!vm_count_thing(v))
        return 0;
    splev_level_add_gold(v->lev, x, y, amount);
    return 1;
}

/* A random trap type the level allows (drawn again until one is). */
static int random_trap(vm *v)
{
    for (;;) {
        int t = splev_rnd(&v->rng, SPLEV_TRAP_COUNT - 1);
        if (t == TT_HOLE || t == TT_VIBRATING || t == TT_MAGIC_PORTAL)
            continue;
        if (t == TT_TRAPDOOR && !v->ctx.can_dig_down)
            continue;
        if ((t == TT_TELEP || t == TT_LEVEL_TELEP) &&
            (v->lev->flags & SPLEV_F_NOTELEPORT))
            continue;
        return t;
    }
}

static int st_trap(vm *v)
{
    int32_t type;
    val c;
    if (!vm_pop_int(v, "the trap type", &type) ||
        !vm_pop_type(v, SPLEV_V_COORD, "the position", &c))
        return 0;
    int x = -1, y = -1;
    if (vm_croom(v) >= 0) {
        if (!free_room_spot(v, &c, &x, &y))
            return 0;
    } else {
        int found = 0;
        for (int i = 0; i < 101 && !found; i++)
            found = vm_coord(v, &c, H_DRY, &x, &y) && vm_isok(x, y) &&
                    cell(v, x, y)->typ != SPLEV_STAIRS &&
                    cell(v, x, y)->typ != SPLEV_LADDER;
        if (!found)
            return 1;
    }
    if (type < 1)
        type = random_trap(v);
    if (type >= SPLEV_VTRAP_END) {
        vm_error(v, "TRAP: unknown trap type %d", (int)type);
        return 0;
    }
    int i = trap_at(v->lev, x, y);
    if (i >= 0) {
        v->lev->traps[i].type = type;
        return 1;
    }
    if (!vm_count_thing(v))
        return 0;
    splev_level_add_trap(v->lev, x, y, type);
    return 1;
}

/* ---- monsters and objects ---- */

typedef struct attr {
    int32_t key;
    val v;
} attr;

/* The error of an attribute key out of range; 0. */
static int bad_attr_key(vm *v, int32_t key)
{
    vm_error(v, "%s: unknown attribute %d", splev_ops[v->s->code[v->pc].op].name,
             (int)key);
    return 0;
}

/* Pop n (value key) pairs into a[0..n-1] in source order; on an error
 * the pairs not popped are left empty (free_attrs releases all n). */
static inline int pop_attrs(vm *v, int n, attr *a, int nkeys)
{
    for (int k = n; k-- > 0;) {
        int ok = vm_pop_int(v, "an attribute key", &a[k].key);
        if (ok)
            vm_pop_val(v, &a[k].v);
        else
            memset(&a[k].v, 0, sizeof a[k].v);
        if (ok && (a[k].key < 0 || a[k].key >= nkeys))
            ok = bad_attr_key(v, a[k].key);
        if (!ok) {
            memset(a, 0, (size_t)k * sizeof *a);
            return 0;
        }
    }
    return 1;
}

/* Attributes of one statement: on the stack unless there are many;
 * pop_attrs fills them. */
enum { ATTRS_ON_STACK = 24 };

static attr *new_attrs(attr *buf, int n)
{
    return n > ATTRS_ON_STACK ? xmalloc((size_t)n * sizeof(attr)) : buf;
}

static void free_attrs(attr *a, int n, const attr *buf)
{
    for (int k = 0; k < n; k++)
        if (a[k].v.own)
            vm_val_release(&a[k].v);
    if (a != buf)
        free(a);
}

static int attr_type(vm *v, const attr *a, int type)
{
    if (a->v.t == type)
        return 1;
    vm_error(v, "%s: attribute %d has the wrong type", splev_ops[v->s->code[v->pc].op].name,
             (int)a->key);
    return 0;
}

static int monster_attr(vm *v, splev_monster *m, const attr *a)
{
    int is_str = a->key == MK_NAME || a->key == MK_APPEAR_FEATURE ||
                 a->key == MK_APPEAR_MONSTER || a->key == MK_APPEAR_OBJECT;
    if (!attr_type(v, a, is_str ? SPLEV_V_STR : SPLEV_V_INT))
        return 0;
    int32_t i = a->v.a;
    switch (a->key) {
    case MK_PEACEFUL: m->peaceful = i != 0; break;
    case MK_ALIGN: m->align = resolve_align(v, i); break;
    case MK_ASLEEP: m->asleep = i != 0; break;
    case MK_APPEAR_FEATURE: case MK_APPEAR_MONSTER: case MK_APPEAR_OBJECT:
        m->appear = SPLEV_APPEAR_FEATURE + (a->key - MK_APPEAR_FEATURE);
        splev_set_string(&m->appear_as, a->v.s);
        break;
    case MK_NAME: splev_set_string(&m->given_name, a->v.s); break;
    case MK_FEMALE: m->female = i != 0; break;
    case MK_INVISIBLE: m->invisible = i != 0; break;
    case MK_CANCELLED: m->cancelled = i != 0; break;
    case MK_REVIVED: m->revived = i != 0; break;
    case MK_AVENGE: m->avenge = i != 0; break;
    case MK_FLEEING: m->fleeing = i % 127; break;
    case MK_BLINDED: m->blinded = i % 127; break;
    case MK_PARALYZED: m->paralyzed = i % 127; break;
    case MK_STUNNED: m->stunned = i != 0; break;
    case MK_CONFUSED: m->confused = i != 0; break;
    case MK_SEENTRAPS: m->seen_traps = (uint32_t)i; break;
    default: break;
    }
    return 1;
}

/* The hero's experience level of the context, kept to the games' 1..30. */
int vm_hero_level(const vm *v)
{
    int l = v->ctx.hero_level;
    return l < 1 ? 1 : l > 30 ? 30 : l;
}

/* The species rules' inputs from the generation context. */
static names_gen species_gen(const vm *v)
{
    const splev_genctx *c = &v->ctx;
    names_gen g = {c->difficulty >= 1 ? c->difficulty : c->depth,
                   vm_hero_level(v),
                   c->level_align ? c->level_align : c->dungeon_align,
                   c->in_gehennom != 0};
    return g;
}

/* The name of a monster or object (kind NK_*), and its class: a name
 * given alone takes its class from the names table; a class or nothing
 * draws a name from it: objects by the game's class percentages, then
 * frequency; a monster of a class by mkclass (chosen before its spot,
 * see class_species), any monster by rndmonst. */
static const char *pick_name(vm *v, int kind, const val *what, char *cls)
{
    *cls = (char)what->a;
    if (what->s) {
        if (!*cls && v->ctx.names)
            *cls = (char)names_class(v->ctx.names, kind, what->s);
        return what->s;
    }
    if (!v->ctx.names)
        return NULL;
    if (kind == NK_OBJECT)
        return what->a ? names_pick(v->ctx.names, kind, what->a, &v->rng, cls)
                       : names_rndobj(v->ctx.names, v->ctx.in_gehennom,
                                      &v->rng, cls);
    names_gen g = species_gen(v);
    *cls = 0;
    return names_rndmonst(v->ctx.names, &g, &v->rng, cls);
}

/* A monster given by its class alone takes its species from mkclass
 * before its spot is drawn, as the game's create_monster does (the
 * spot suits the species); a class with no species left gives a fully
 * random monster.  Returns mon with the name filled in. */
static val class_species(vm *v, val mon)
{
    if (mon.s || !mon.a || !v->ctx.names)
        return mon;
    names_gen g = species_gen(v);
    mon.s = names_mkclass(v->ctx.names, mon.a, &g, NF_NOGEN, &v->rng);
    if (!mon.s)
        mon.a = 0;
    return mon;
}

/* The script chose the spot, or a random one that may be in rock
 * (random[solid], random[any]): recorded as at_given_spot. */
static int script_placed(const val *c)
{
    return !(c->c & CF_RANDOM) || (c->c & (H_SOLID | H_ANY));
}

/* ---- nest: open inventories and containers ----
 * A MONSTER with a block opens its inventory (NEST_MONSTER); a CONTAINER
 * opens a box: on the floor, in that inventory, or inside the box below
 * it.  A content OBJECT goes into the innermost entry; the box or monster
 * of an entry is found again from the indices each time (the arrays may
 * have moved), and every index is checked: a crafted script gets an
 * error, never a stray object. */

static int nest_push(vm *v, int kind, int monster, int index)
{
    if (v->nnest >= VM_MAX_NEST) {
        vm_error(v, "more than %d open inventories and containers",
                 VM_MAX_NEST);
        return 0;
    }
    vm_nest *e = &v->nest[v->nnest++];
    e->kind = (int8_t)kind;
    e->monster = monster;
    e->index = index;
    return 1;
}

/* Boxes open above the innermost inventory. */
static int nest_boxes(const vm *v)
{
    int n = 0;
    for (int i = v->nnest - 1; i >= 0 && v->nest[i].kind != NEST_MONSTER; i--)
        n++;
    return n;
}

static splev_monster *nest_monster(vm *v, int m)
{
    return m >= 0 && (size_t)m < v->lev->nmonsters ? &v->lev->monsters[m]
                                                   : NULL;
}

/* The box of entry i (NULL: no such object, an error). */
static splev_object *nest_box(vm *v, int i)
{
    const vm_nest *e = &v->nest[i];
    splev_object *base = NULL;
    size_t n = 0;
    if (e->kind == NEST_FLOOR) {
        base = v->lev->objects;
        n = v->lev->nobjects;
    } else if (e->kind == NEST_INVENTORY) {
        splev_monster *m = nest_monster(v, e->monster);
        if (m) {
            base = m->inventory;
            n = m->ninventory;
        }
    } else if (e->kind == NEST_INSIDE && i > 0) {
        splev_object *outer = nest_box(v, i - 1);
        if (!outer)
            return NULL;
        base = outer->contents;
        n = outer->ncontents;
    }
    if (!base || e->index < 0 || (size_t)e->index >= n) {
        if (!v->failed)
            vm_error(v, "an object goes into a container that is not open");
        return NULL;
    }
    return base + e->index;
}

int vm_st_monster(vm *v, const splev_insn *in)
{
    attr buf[ATTRS_ON_STACK];
    attr *a = new_attrs(buf, in->n);
    val c, mon;
    int ok = pop_attrs(v, in->n, a, MK_COUNT_) &&
             vm_pop_type(v, SPLEV_V_COORD, "the position", &c) &&
             vm_pop_type(v, SPLEV_V_MONST, "the monster", &mon);
    /* The species' humidity (its name, else its class; a class's
     * species is drawn first, any species after the spot), then that
     * plus DRY. */
    if (ok)
        mon = class_species(v, mon);
    int x = -1, y = -1, h = ok ? vm_species_humidity((char)mon.a, mon.s) : 0;
    int own = (c.c & CF_RANDOM) ? c.c & 31 : 0;
    if (ok) {
        if (!vm_coord(v, &c, h | H_NOWARN, &x, &y) || !vm_isok(x, y)) {
            h |= H_DRY;
            vm_coord(v, &c, h, &x, &y);
        }
        ok = vm_count_thing(v);
    }
    if (ok) {
        char cls;
        const char *name = pick_name(v, NK_MONSTER, &mon, &cls);
        /* A random spot in rock is one its humidity allowed. */
        int given = script_placed(&c) || (!own && (h & H_SOLID));
        int walls = name == mon.s ? (h & H_SOLID) != 0
                                  : splev_passes_walls(cls, name);
        /* A taken spot: the nearest free one, by the humidity the spot
         * was drawn with (rock by the wall-passer rule, which keeps out
         * of non-passwall cells); none in the whole level: no monster. */
        h = own ? own : h & ~H_SOLID;
        splev_monster *m = NULL;
        if (vm_free_spot(v, &x, &y, h, walls)) {
            m = splev_level_add_monster(v->lev, x, y, cls, name);
            m->at_given_spot = given;
        }
        for (int k = 0; k < in->n && ok && m; k++)
            ok = monster_attr(v, m, &a[k]);
        if (in->a)
            ok = nest_push(v, NEST_MONSTER, m ? (int)v->lev->nmonsters - 1 : -1, 0);
    }
    free_attrs(a, in->n, buf);
    return ok;
}

static int object_attr(vm *v, splev_object *o, const attr *a)
{
    int type = a->key == OK_NAME ? SPLEV_V_STR
             : a->key == OK_MONTYPE ? SPLEV_V_MONST
             : a->key == OK_COORD ? SPLEV_V_COORD : SPLEV_V_INT;
    if (!attr_type(v, a, type))
        return 0;
    int32_t i = a->v.a;
    switch (a->key) {
    case OK_SPE: o->spe_set = 1; o->spe = i; break;
    case OK_CURSE: o->curse = i; break;
    case OK_MONTYPE:
        o->montype_cls = (char)a->v.a;
        splev_set_string(&o->montype, a->v.s);
        break;
    case OK_NAME: splev_set_string(&o->given_name, a->v.s); break;
    case OK_QUANTITY: o->quantity = i; break;
    case OK_BURIED: o->buried = i != 0; break;
    case OK_LIT: o->lit = i != 0; break;
    case OK_ERODED: o->eroded = i; break;
    case OK_LOCKED: o->locked = i != 0; break;
    case OK_TRAPPED: o->trapped = i != 0; break;
    case OK_RECHARGED: o->recharged = i % 8; break;
    case OK_INVISIBLE: o->invisible = i != 0; break;
    case OK_GREASED: o->greased = i != 0; break;
    case OK_BROKEN: o->broken = i != 0; break;
    case OK_ERODEPROOF: o->erodeproof = i != 0; break;
    default: break;
    }
    return 1;
}

/* Where a content object goes. */
enum { DEST_FLOOR, DEST_INSIDE, DEST_LOST };
static int object_dest(const vm *v, int content)
{
    if (!content || v->nnest == 0)
        return DEST_FLOOR;
    const vm_nest *e = &v->nest[v->nnest - 1];
    return e->kind == NEST_LOST || (e->kind == NEST_MONSTER && e->monster < 0)
               ? DEST_LOST : DEST_INSIDE;
}

/* A new object where dest says (NULL: an error); a new box is opened. */
static splev_object *new_object(vm *v, int dest, int box, int x, int y,
                                char cls, const char *name)
{
    splev_object *o;
    int kind, monster = -1, index;
    if (dest == DEST_FLOOR) {
        kind = NEST_FLOOR;
        index = (int)v->lev->nobjects;
        o = splev_level_add_object(v->lev, x, y, cls, name);
    } else if (v->nest[v->nnest - 1].kind == NEST_MONSTER) {
        monster = v->nest[v->nnest - 1].monster;
        splev_monster *m = nest_monster(v, monster);
        if (!m) {
            vm_error(v, "an object goes into a container that is not open");
            return NULL;
        }
        kind = NEST_INVENTORY;
        index = (int)m->ninventory;
        o = splev_monster_add_item(v->lev, m, cls, name);
    } else {
        splev_object *outer = nest_box(v, v->nnest - 1);
        if (!outer)
            return NULL;
        kind = NEST_INSIDE;
        index = (int)outer->ncontents;
        o = splev_object_add_content(v->lev, outer, cls, name);
    }
    if (box) {
        o->container = 1;
        if (!nest_push(v, kind, monster, index))
            return NULL;
    }
    return o;
}

int vm_st_object(vm *v, const splev_insn *in)
{
    attr buf[ATTRS_ON_STACK];
    attr *a = new_attrs(buf, in->n);
    val obj;
    int ok = pop_attrs(v, in->n, a, OK_COUNT_) &&
             vm_pop_type(v, SPLEV_V_OBJ, "the object", &obj);
    int dest = object_dest(v, in->a & 1), box = (in->a & 2) != 0;
    int x = -1, y = -1, given_spot = 0;
    if (ok && dest == DEST_FLOOR) {
        val c;
        memset(&c, 0, sizeof c);
        c.t = SPLEV_V_COORD;
        c.c = CF_RANDOM;
        for (int k = 0; k < in->n; k++)
            if (a[k].key == OK_COORD)
                c = a[k].v;
        given_spot = c.t == SPLEV_V_COORD && script_placed(&c);
        if (c.t != SPLEV_V_COORD)
            ok = attr_type(v, &a[0], SPLEV_V_COORD);
        else if (!vm_coord(v, &c, H_DRY, &x, &y))
            x = y = -1;
    }
    if (ok && box && nest_boxes(v) >= MAX_CONTAINER_NEST) {
        vm_error(v, "CONTAINER: more than %d nested containers", MAX_CONTAINER_NEST);
        ok = 0;
    }
    ok = ok && vm_count_thing(v);
    if (ok && dest == DEST_LOST) {
        if (box)        /* its contents are lost with it */
            ok = nest_push(v, NEST_LOST, -1, 0);
    } else if (ok) {
        char cls;
        const char *name = pick_name(v, NK_OBJECT, &obj, &cls);
        splev_object *o = new_object(v, dest, box, x, y, cls, name);
        if (!o)
            ok = 0;
        else
            o->at_given_spot = dest == DEST_FLOOR && given_spot;
        for (int k = 0; k < in->n && ok; k++)
            ok = object_attr(v, o, &a[k]);
    }
    free_attrs(a, in->n, buf);
    return ok;
}

/* ---- MINERALIZE ---- */

static void kelp(vm *v, int32_t kp, int32_t km)
{
    for (int x = 2; x <= 77; x++)
        for (int y = 1; y <= 19; y++) {
            int t = cell(v, x, y)->typ;
            if ((kp && t == SPLEV_POOL && splev_rn2(&v->rng, kp) == 0) ||
                (km && t == SPLEV_MOAT && splev_rn2(&v->rng, km) == 0)) {
                if (!vm_count_thing(v))
                    return;
                splev_level_add_object(v->lev, x, y, '%', "kelp frond");
            }
        }
}

static int all_stone_around(vm *v, int x, int y)
{
    for (int i = -1; i <= 1; i++)
        for (int j = -1; j <= 1; j++)
            if (cell(v, x + i, y + j)->typ != SPLEV_STONE)
                return 0;
    return 1;
}

static void ore(vm *v, int x, int y, int32_t gold, int32_t gem)
{
    if (splev_rn2(&v->rng, 1000) < gold && vm_count_thing(v)) {
        splev_object *o = splev_level_add_object(v->lev, x, y, '$', "gold piece");
        /* gold is the script's value: keep gold * 3 + 1 inside 32 bits */
        int32_t most = gold > (INT32_MAX - 1) / 3 ? INT32_MAX - 1 : gold * 3;
        o->quantity = 1 + splev_rnd(&v->rng, most);
        o->buried = splev_rn2(&v->rng, 3) == 0;
    }
    if (splev_rn2(&v->rng, 1000) < gem) {
        int n = splev_rnd(&v->rng, 2 + v->ctx.dunlev / 3);
        for (int k = 0; k < n && vm_count_thing(v); k++) {
            char cls = '*';
            const char *name = v->ctx.names
                ? names_pick(v->ctx.names, NK_OBJECT, '*', &v->rng, &cls) : NULL;
            int buried = splev_rn2(&v->rng, 3) == 0;
            if (name && !strcmp(name, "rock"))
                continue;
            splev_object *o = splev_level_add_object(v->lev, x, y, '*', name);
            o->buried = buried;
        }
    }
}

static int st_mineralize(vm *v)
{
    int32_t gem, gold, km, kp;
    if (!vm_pop_int(v, "the gem chance", &gem) || !vm_pop_int(v, "the gold chance", &gold) ||
        !vm_pop_int(v, "the moat kelp", &km) || !vm_pop_int(v, "the pool kelp", &kp))
        return 0;
    if (kp < 0) kp = 10;
    if (km < 0) km = 30;
    kelp(v, kp, km);
    if (gold < 0) gold = 20 + v->ctx.depth / 3;
    if (gem < 0) gem = gold / 4;
    for (int x = 2; x <= 77; x++)
        for (int y = 1; y <= 19 && !v->failed; y++) {
            if (cell(v, x, y + 1)->typ != SPLEV_STONE)
                y += 2;
            else if (cell(v, x, y)->typ != SPLEV_STONE)
                y += 1;
            else if (!cell(v, x, y)->nondiggable && all_stone_around(v, x, y))
                ore(v, x, y, gold, gem);
        }
    return !v->failed;
}

int vm_statement(vm *v, const splev_insn *in)
{
    switch (in->op) {
    case OP_LEVEL_FLAGS:
        v->lev->flags |= (unsigned)in->arg;
        return 1;
    case OP_MAP: return vm_map(v, in);
    case OP_MESSAGE: return st_message(v);
    case OP_MINERALIZE: return st_mineralize(v);
    case OP_MON_GENERATION: return st_mon_generation(v, in);
    case OP_SOUNDS: return st_sounds(v, in);
    case OP_ENDROOM: return st_endroom(v);
    case OP_REGION: return st_region(v, in);
    case OP_TERRAIN: return st_terrain(v);
    case OP_REPLACE_TERRAIN: return st_replace_terrain(v);
    case OP_FEATURE: return st_feature(v, in);
    case OP_SPILL: return st_spill(v);
    case OP_WALLWALK: return st_wallwalk(v);
    case OP_WALLIFY: case OP_WALLIFY_SEL: return st_wallify(v, in);
    case OP_NON_DIGGABLE: case OP_NON_PASSWALL: return st_nondig(v, in);
    case OP_DRAWBRIDGE: return st_drawbridge(v);
    case OP_DOOR: return st_door(v);
    case OP_STAIR: return st_stair(v, in);
    case OP_LEVREGION: return st_levregion(v);
    case OP_ALTAR: return st_altar(v);
    case OP_GRAVE: return st_grave(v, in);
    case OP_ENGRAVING: return st_engraving(v);
    case OP_GOLD: return st_gold(v);
    case OP_TRAP: return st_trap(v);
    case OP_MONSTER: return vm_st_monster(v, in);
    case OP_END_MONINVENT:       /* closes the inventory and its boxes */
        while (v->nnest > 0 && v->nest[v->nnest - 1].kind != NEST_MONSTER)
            v->nnest--;
        if (v->nnest > 0)
            v->nnest--;
        return 1;
    case OP_OBJECT: return vm_st_object(v, in);
    case OP_POP_CONTAINER:
        if (v->nnest > 0 && v->nest[v->nnest - 1].kind != NEST_MONSTER)
            v->nnest--;
        return 1;
    default:
        vm_error(v, "unknown instruction %s", splev_ops[in->op].name);
        return 0;
    }
}
