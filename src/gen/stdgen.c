/* stdgen.c - the standard level generator, the games' makelevel: the
 * levels no file describes.  A room-and-corridor level (makerooms, the
 * room sort, stairs in different rooms, corridors, the treasure vault, the
 * branch) and the plain random maze.  Niches, iron bars, special
 * rooms and stocking are not made (doc/world.md). */
#include "common/common.h"
#include "gen/gen_int.h"
#include "splev/world.h"

#include <string.h>

static void put_stair(splev_level *lev, int x, int y, int kind, int up)
{
    if (kind != SPLEV_SK_BRANCH_PORTAL) {
        lev->cells[x][y].typ = SPLEV_STAIRS;
        lev->cells[x][y].flags = up ? SPLEV_LA_UP : SPLEV_LA_DOWN;
    }
    splev_level_add_stair(lev, kind, x, y, kind == SPLEV_SK_BRANCH_PORTAL
                                               ? 0 : up, NULL);
}

static void put_branch(splev_level *lev, const splev_genctx *ctx, int x, int y)
{
    put_stair(lev, x, y, ctx->branch_portal ? SPLEV_SK_BRANCH_PORTAL
                                            : SPLEV_SK_BRANCH_STAIR,
              ctx->branch_up);
}

static int free_floor(const splev_level *lev, int x, int y)
{
    if (lev->cells[x][y].typ != SPLEV_ROOM && lev->cells[x][y].typ != SPLEV_CORR)
        return 0;
    for (size_t i = 0; i < lev->nstairs; i++)
        if (lev->stairs[i].x == x && lev->stairs[i].y == y)
            return 0;
    return 1;
}

/* A free floor spot of a top-level room (k-th), up to 100 tries then a
 * scan; 0 when the room has none. */
static int room_spot(splev_gen *g, int k, int *x, int *y)
{
    int r = splev_gen_room_index(g, k);
    for (int i = 0; i < 100; i++)
        if (gen_somexy(g, r, x, y) && free_floor(g->lev, *x, *y))
            return 1;
    const splev_room *rm = &g->lev->rooms[r];
    for (*x = rm->lx; *x <= rm->hx; (*x)++)
        for (*y = rm->ly; *y <= rm->hy; (*y)++)
            if (free_floor(g->lev, *x, *y))
                return 1;
    return 0;
}

/* The games' makeniche: a one-cell niche behind the top or bottom wall of an
 * ordinary room, reached through a (secret) door, or sealed; with a trap
 * behind a secret corridor (a trap door engraved "Vlad was here", the
 * vault's teleporter "ad aerarium", a level teleporter or falling rock
 * with nothing).  trap: 0, or the trap's name. */
static void makeniche(splev_gen *g, const char *trap)
{
    if (g->ndoors >= SPLEV_GEN_DOORMAX)
        return;
    int n = splev_gen_nroom(g);
    gen_sync_rooms(g);
    for (int tries = 0; tries < 8; tries++) {
        int r = splev_gen_room_index(g, gen_rn2(g, n));
        const splev_room *rm = &g->lev->rooms[r];
        if (rm->rtype != SPLEV_GEN_OROOM)
            continue;
        if (g->doorct[r] == 1 && gen_rn2(g, 5))
            continue;
        int dy = gen_rn2(g, 2) ? 1 : -1;
        int wy = dy > 0 ? rm->hy + 1 : rm->ly - 1;
        int x, y;
        splev_gen_finddpos(g, rm->lx, wy, rm->hx, wy, &x, &y);
        if (!gen_isok(x, y + dy) || gen_typ(g, x, y + dy) != SPLEV_STONE)
            continue;
        if (!gen_isok(x, y - dy))
            continue;
        int inner = gen_typ(g, x, y - dy);
        if (inner == SPLEV_POOL || inner == SPLEV_MOAT ||
            (inner >= SPLEV_STAIRS && inner <= SPLEV_ALTAR))
            continue;
        if (trap || gen_rn2(g, 4) == 0) {
            gen_cell(g, x, y + dy)->typ = SPLEV_SCORR;
            if (trap) {
                int t = splev_trap_from_name(trap);
                if (t > 0)
                    splev_level_add_trap(g->lev, x, y + dy, t);
                const char *engr = strcmp(trap, "trap door") == 0
                                       ? "Vlad was here"
                                   : strcmp(trap, "teleport") == 0
                                       ? "ad aerarium" : NULL;
                if (engr)
                    splev_level_add_engraving(g->lev, x, y - dy,
                                              SPLEV_ENGR_DUST, engr);
            }
            splev_gen_dosdoor(g, x, y, r, SPLEV_SDOOR);
        } else {
            gen_cell(g, x, y + dy)->typ = SPLEV_CORR;
            if (gen_rn2(g, 7)) {
                splev_gen_dosdoor(g, x, y, r,
                                  gen_rn2(g, 5) ? SPLEV_SDOOR : SPLEV_DOOR);
            } else {
                /* sealed: bars now and then, a way out by scroll */
                if (gen_rn2(g, 5) == 0 && SPLEV_IS_WALL(gen_typ(g, x, y)))
                    gen_cell(g, x, y)->typ = SPLEV_IRONBARS;
                splev_level_add_object(g->lev, x, y + dy, '?', "teleportation");
                if (gen_rn2(g, 3) == 0)
                    splev_level_add_object(g->lev, x, y + dy, 0, NULL);
            }
        }
        return;
    }
}

/* The games' make_niches: rnd(rooms / 2 + 1) niches; deeper levels may
 * get one with a level teleporter or a trap door. */
static void make_niches(splev_gen *g)
{
    int n = splev_gen_nroom(g);
    if (n == 0)
        return;
    int count = gen_rnd(g, n / 2 + 1);
    int ltptr = g->depth > 15, vamp = g->depth > 5 && g->depth < 25;
    for (int i = 0; i < count; i++) {
        if (ltptr && gen_rn2(g, 6) == 0) {
            ltptr = 0;
            makeniche(g, "level teleport");
        } else if (vamp && gen_rn2(g, 6) == 0) {
            vamp = 0;
            makeniche(g, g->can_fall ? "trap door" : "falling rock");
        } else {
            makeniche(g, NULL);
        }
    }
}

/* ---- special rooms, chosen by depth ---- */

enum { RT_THRONE = 2, RT_SWAMP = 3, RT_BEEHIVE = 5, RT_MORGUE = 6,
       RT_BARRACKS = 7, RT_ZOO = 8, RT_TEMPLE = 10, RT_LEPREHALL = 11,
       RT_COCKNEST = 12, RT_ANTHOLE = 13, RT_GARDEN = 14 };

static int has_stair(const splev_level *lev, const splev_room *r)
{
    for (size_t i = 0; i < lev->nstairs; i++) {
        const splev_stair *st = &lev->stairs[i];
        if (st->x >= r->lx - 1 && st->x <= r->hx + 1 && st->y >= r->ly - 1 &&
            st->y <= r->hy + 1)
            return 1;
    }
    return 0;
}

static int has_up_stair(const splev_level *lev, const splev_room *r, int up)
{
    for (size_t i = 0; i < lev->nstairs; i++) {
        const splev_stair *st = &lev->stairs[i];
        if (st->kind == SPLEV_SK_STAIR && st->up == up &&
            st->x >= r->lx && st->x <= r->hx && st->y >= r->ly && st->y <= r->hy)
            return 1;
    }
    return 0;
}

/* The shop: the first ordinary stair-free room with exactly one door;
 * its kind from the [UN] table. */
static void mkshop(splev_gen *g)
{
    static const int prob[] = {41, 14, 10, 10, 5, 5, 3, 3, 3, 3, 1, 1, 1};
    int n = splev_gen_nroom(g);
    gen_sync_rooms(g);
    for (int k = 0; k < n; k++) {
        int r = splev_gen_room_index(g, k);
        splev_room *rm = &g->lev->rooms[r];
        if (rm->rtype != SPLEV_GEN_OROOM || has_stair(g->lev, rm) ||
            g->doorct[r] != 1)
            continue;
        int j = gen_rnd(g, 100), i = 0;
        while ((j -= prob[i]) > 0 && i < 12)
            i++;
        int area = (rm->hx - rm->lx + 1) * (rm->hy - rm->ly + 1);
        if (area > 20 && (i == 7 || i == 9))
            i = 0;
        rm->rtype = SPLEV_GEN_SHOPBASE + i;
        rm->rlit = 1;
        for (int x = rm->lx - 1; x <= rm->hx + 1; x++)
            for (int y = rm->ly - 1; y <= rm->hy + 1; y++)
                gen_cell(g, x, y)->lit = 1;
        return;
    }
}

/* pick_room: from a random room on, cyclically, an ordinary room; strict
 * skips any stair room, else the up-stair room and (2/3) the down one. */
static int pick_room(splev_gen *g, int strict)
{
    int n = splev_gen_nroom(g);
    gen_sync_rooms(g);
    int k = gen_rn2(g, n);
    for (int i = 0; i < n; i++, k = (k + 1) % n) {
        int r = splev_gen_room_index(g, k);
        const splev_room *rm = &g->lev->rooms[r];
        if (rm->rtype != SPLEV_GEN_OROOM)
            continue;
        if (strict ? has_stair(g->lev, rm)
                   : has_up_stair(g->lev, rm, 1) ||
                         (has_up_stair(g->lev, rm, 0) && gen_rn2(g, 3)))
            continue;
        if (g->doorct[r] == 1 || gen_rn2(g, 5) == 0)
            return r;
    }
    return -1;
}

static int next_to_door(const splev_gen *g, int x, int y)
{
    for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++) {
            int t = gen_typ(g, x + dx, y + dy);
            if (t == SPLEV_DOOR || t == SPLEV_SDOOR)
                return 1;
        }
    return 0;
}

static void mkswamp(splev_gen *g)
{
    int n = splev_gen_nroom(g);
    for (int i = 0; i < 5; i++) {
        splev_room *rm = &g->lev->rooms[splev_gen_room_index(g, gen_rn2(g, n))];
        if (rm->rtype != SPLEV_GEN_OROOM || has_stair(g->lev, rm))
            continue;
        rm->rtype = RT_SWAMP;
        for (int x = rm->lx; x <= rm->hx; x++)
            for (int y = rm->ly; y <= rm->hy; y++)
                if ((x + y) % 2 && gen_typ(g, x, y) == SPLEV_ROOM &&
                    !next_to_door(g, x, y))
                    gen_cell(g, x, y)->typ = SPLEV_POOL;
    }
}

static void mktemple(splev_gen *g)
{
    int r = pick_room(g, 1);
    if (r < 0)
        return;
    splev_room *rm = &g->lev->rooms[r];
    rm->rtype = RT_TEMPLE;
    int x = (rm->lx + rm->hx) / 2, y = (rm->ly + rm->hy) / 2;
    if ((rm->hx - rm->lx + 1) % 2 == 0 && gen_rn2(g, 2))
        x++;
    if ((rm->hy - rm->ly + 1) % 2 == 0 && gen_rn2(g, 2))
        y++;
    static const int aligns[3] = {SPLEV_AM_CHAOTIC, SPLEV_AM_NEUTRAL,
                                  SPLEV_AM_LAWFUL};
    gen_cell(g, x, y)->typ = SPLEV_ALTAR;
    splev_level_add_altar(g->lev, x, y, aligns[gen_rn2(g, 3)], 1);
}

/* mkroom by depth: the first row that passes picks the type; nothing
 * else is tried when its room is not found. */
static void special_room(splev_gen *g, int medusa_depth, int threshold)
{
    int d = g->depth, n = splev_gen_nroom(g);
    if (n == 0)
        return;
    int type = -1;
    if (d > 1 && (medusa_depth <= 0 || d < medusa_depth) && n >= threshold &&
        gen_rn2(g, d) < 3) {
        mkshop(g);
        return;
    }
    if (d > 4 && gen_rn2(g, 6) == 0) type = RT_THRONE;
    else if (d > 5 && gen_rn2(g, 8) == 0) type = RT_LEPREHALL;
    else if (d > 6 && gen_rn2(g, 7) == 0) type = RT_ZOO;
    else if (d > 7 && gen_rn2(g, 6) == 0) type = RT_GARDEN;
    else if (d > 8 && gen_rn2(g, 5) == 0) type = RT_TEMPLE;
    else if (d > 9 && gen_rn2(g, 5) == 0) type = RT_BEEHIVE;
    else if (d > 11 && gen_rn2(g, 6) == 0) type = RT_MORGUE;
    else if (d > 12 && gen_rn2(g, 8) == 0) type = RT_ANTHOLE;
    else if (d > 14 && gen_rn2(g, 4) == 0) type = RT_BARRACKS;
    else if (d > 15 && gen_rn2(g, 6) == 0) type = RT_SWAMP;
    else if (d > 16 && gen_rn2(g, 8) == 0) type = RT_COCKNEST;
    if (type == RT_TEMPLE) {
        mktemple(g);
    } else if (type == RT_SWAMP) {
        mkswamp(g);
    } else if (type == RT_THRONE) {
        int r = pick_room(g, 0);
        if (r >= 0) {
            splev_room *rm = &g->lev->rooms[r];
            rm->rtype = type;
            int x = gen_rn1(g, rm->hx - rm->lx + 1, rm->lx);
            int y = gen_rn1(g, rm->hy - rm->ly + 1, rm->ly);
            if (gen_typ(g, x, y) == SPLEV_ROOM)
                gen_cell(g, x, y)->typ = SPLEV_THRONE;
        }
    } else if (type >= 0) {
        int r = pick_room(g, 0);
        if (r >= 0)
            g->lev->rooms[r].rtype = type;
    }
}

static void set_inputs(splev_gen *g, const splev_genctx *ctx)
{
    g->dialect = SPLEV_GEN_NH36;
    g->depth = ctx->depth;
    g->difficulty = ctx->difficulty >= 1 ? ctx->difficulty : ctx->depth;
    g->can_fall = ctx->can_dig_down;
}

splev_level *splev_stdgen_rooms(const splev_genctx *ctx, uint64_t seed)
{
    return splev_stdgen_rooms_at(ctx, seed, 0);
}

/* A new level named name and a generator drawing from rng seeded with
 * seed, its inputs from *ctx; a NULL *ctx becomes def, set to the
 * defaults (the caller keeps reading *ctx). */
static splev_level *stdgen_start(const splev_genctx **ctx, splev_genctx *def,
                                 uint64_t seed, const char *name,
                                 splev_rng *rng, splev_gen *g)
{
    if (!*ctx) {
        splev_genctx_init(def);
        *ctx = def;
    }
    splev_level *lev = splev_level_new(name);
    splev_rng_seed(rng, seed);
    splev_gen_init(g, lev, rng);
    set_inputs(g, *ctx);
    return lev;
}

static splev_level *stdgen_rooms_raw(const splev_genctx *ctx, uint64_t seed,
                                     int medusa_depth)
{
    splev_genctx def;
    splev_rng rng;
    splev_gen g;
    splev_level *lev = stdgen_start(&ctx, &def, seed, "rooms", &rng, &g);
    /* The room loop (plain rooms, every one joined), the
     * reserved vault, then NetHack's room order. */
    splev_gen_makerooms(&g, NULL, 0, NULL, NULL);
    splev_gen_sort_rooms(&g);
    int n = splev_gen_nroom(&g);
    if (n == 0) {
        /* nothing fitted (cannot happen on an empty map): one room */
        int r = splev_gen_create_room(&g, 3, 3, 5, 3, -1, -1,
                                      SPLEV_GEN_OROOM, 1);
        if (r >= 0)
            lev->rooms[r].needjoining = 1;
        n = splev_gen_nroom(&g);
    }
    /* as NetHack: the down stair in one room, the up stair in another */
    int down_room = n > 0 ? splev_rn2(&rng, n) : -1, up_room = down_room;
    int x, y;
    if (n > 0 && !ctx->bottom_level && room_spot(&g, down_room, &x, &y))
        put_stair(lev, x, y, SPLEV_SK_STAIR, 0);
    if (n > 1) {
        up_room = splev_rn2(&rng, n - 1);
        if (up_room == down_room)
            up_room = n - 1;
    }
    if (n > 0 && !ctx->top_level && room_spot(&g, up_room, &x, &y))
        put_stair(lev, x, y, SPLEV_SK_STAIR, 1);
    /* corridors, niches, the vault (no iron bars) */
    splev_gen_makecorridors(&g, 0);
    make_niches(&g);
    int threshold = ctx->has_branch > 0 ? 4 : 3;
    if (splev_gen_make_vault(&g) >= 0) {
        threshold++;
        /* now and then a niche whose one-shot teleporter leads
         * into the vault (these levels always allow teleporting) */
        if (gen_rn2(&g, 3) == 0)
            makeniche(&g, "teleport");
    }
    special_room(&g, medusa_depth, threshold);
    /* the branch: an ordinary room that holds neither stair */
    if (ctx->has_branch > 0 && n > 0) {
        int k = -1;
        for (int i = 0; i < 100; i++) {
            k = splev_rn2(&rng, n);
            if (n <= 2 || (k != up_room && k != down_room))
                break;
        }
        if (room_spot(&g, k, &x, &y) ||
            (n > 2 && room_spot(&g, k == 0 ? 1 : 0, &x, &y)))
            put_branch(lev, ctx, x, y);
    }
    for (size_t i = 0; i < lev->nrooms; i++)
        splev_gen_topologize(&g, (int)i);
    splev_gen_free(&g);
    return lev;
}

/* UnNetHack's mazexy: a lattice cell of the fill type. */
static int mazexy(splev_gen *g, int *x, int *y)
{
    for (int i = 0; i < 100; i++) {
        *x = 3 + 2 * gen_rn2(g, 38);
        *y = 3 + 2 * gen_rn2(g, 9);
        if (free_floor(g->lev, *x, *y))
            return 1;
    }
    for (*x = 3; *x <= 77; *x += 2)
        for (*y = 3; *y <= 19; *y += 2)
            if (free_floor(g->lev, *x, *y))
                return 1;
    return 0;
}

static splev_level *stdgen_maze_raw(const splev_genctx *ctx, uint64_t seed)
{
    splev_genctx def;
    splev_rng rng;
    splev_gen g;
    splev_level *lev = stdgen_start(&ctx, &def, seed, "maze", &rng, &g);
    lev->flags |= SPLEV_F_MAZELEVEL;
    for (int x = 2; x <= 78; x++)
        for (int y = 2; y <= 20; y++)
            lev->cells[x][y].typ = (x & 1) && (y & 1) ? SPLEV_STONE
                                                      : SPLEV_HWALL;
    int sx = 3 + 2 * gen_rn2(&g, 38);
    int sy = 3 + 2 * gen_rn2(&g, 9);
    splev_gen_walkfrom(&g, sx, sy, SPLEV_ROOM);
    gen_wallification(&g, 2, 2, 78, 20);
    int x, y;
    if (!ctx->top_level && mazexy(&g, &x, &y))
        put_stair(lev, x, y, SPLEV_SK_STAIR, 1);
    if (!ctx->bottom_level && mazexy(&g, &x, &y))
        put_stair(lev, x, y, SPLEV_SK_STAIR, 0);
    if (ctx->has_branch > 0 && mazexy(&g, &x, &y))
        put_branch(lev, ctx, x, y);
    splev_gen_free(&g);
    return lev;
}

/* The entry points: out of memory gives NULL. */
splev_level *splev_stdgen_rooms_at(const splev_genctx *ctx, uint64_t seed,
                                   int medusa_depth)
{
    OOM_ENTRY(splev_level *, NULL, stdgen_rooms_raw(ctx, seed, medusa_depth));
}

splev_level *splev_stdgen_maze(const splev_genctx *ctx, uint64_t seed)
{
    OOM_ENTRY(splev_level *, NULL, stdgen_maze_raw(ctx, seed));
}
