/* stock.c - the epilogue's fill step, after door linking: rooms
 * stocked as the games' fill_room / fill_special_room do (mkroom.c
 * fill_zoo, shknam.c stock_room), and the priest of a shrine altar.
 * Facts of the games, our own code; the rules and where they differ are
 * in doc/generators.md, "Room stocking". */
#include "interp/rooms.h"
#include "interp/vm.h"
#include "names/names.h"

#include <stdlib.h>
#include <string.h>

/* Room type codes of the model (UnNetHack's numbers; 35 is NetHack
 * 3.6's health food shop). */
enum {
    RT_COURT = 2, RT_SWAMP = 3, RT_VAULT = 4, RT_BEEHIVE = 5, RT_MORGUE = 6,
    RT_BARRACKS = 7, RT_ZOO = 8, RT_LEPREHALL = 11, RT_COCKNEST = 12,
    RT_ANTHOLE = 13, RT_GARDEN = 14, RT_LEMUREPIT = 16, RT_SHOPBASE = 20,
    RT_BLACKMARKET = 34, RT_HEALTHFOOD = 35, RT_MAX = 36
};

typedef struct species {
    char cls;
    const char *name;       /* NULL: random (of the class, when cls) */
} species;

typedef struct stocker {
    vm *v;
    int room;               /* model index */
    const splev_room *r;
    int dx, dy;             /* the room's first door; dx < 0: none */
    int diff, depth, nh;
    names_gen g;
} stocker;

#define CELL(st, x, y) (&(st)->v->lev->cells[x][y])

/* ---- species and things ---- */

static species mkclass_of(stocker *st, char cls)
{
    const char *n = st->v->ctx.names
        ? names_mkclass(st->v->ctx.names, cls, &st->g, 0, &st->v->rng) : NULL;
    /* no species of the class: makemon(NULL) makes a random one */
    if (st->v->ctx.names && !n)
        return (species){0, NULL};
    return (species){cls, n};
}

static species named(char cls, const char *name)
{
    return (species){cls, name};
}

/* A sleeping monster on (x, y); none when one stands there (the game's
 * makemon refuses a taken spot).  A random species is drawn here. */
static splev_monster *put_mon(stocker *st, int x, int y, species s)
{
    vm *v = st->v;
    if (vm_monster_at(v, x, y) || v->failed || !vm_count_thing(v))
        return NULL;
    if (!s.cls && !s.name && v->ctx.names) {
        char c = 0;
        s.name = names_rndmonst(v->ctx.names, &st->g, &v->rng, &c);
        s.cls = c;
    }
    splev_monster *m = splev_level_add_monster(v->lev, x, y, s.cls, s.name);
    m->asleep = 1;
    return m;
}

static splev_object *put_obj(stocker *st, int x, int y, char cls,
                             const char *name)
{
    vm *v = st->v;
    if (v->failed || !vm_count_thing(v))
        return NULL;
    return splev_level_add_object(v->lev, x, y, cls, name);
}

/* mkobj(class): a random object of the class (0: any class). */
static splev_object *put_random_obj(stocker *st, int x, int y, char cls)
{
    vm *v = st->v;
    char c = cls;
    const char *n = NULL;
    if (v->ctx.names)
        n = cls ? names_pick(v->ctx.names, NK_OBJECT, cls, &v->rng, &c)
                : names_rndobj(v->ctx.names, v->ctx.in_gehennom, &v->rng, &c);
    return put_obj(st, x, y, c, n);
}

static void put_gold(stocker *st, int x, int y, long amount)
{
    if (!st->v->failed && vm_count_thing(st->v))
        splev_level_add_gold(st->v->lev, x, y, amount);
}

/* A box holding gold: the royal coffers. */
static void put_coffers(stocker *st, int x, int y, const char *box, long gold)
{
    splev_object *o = put_obj(st, x, y, '(', box);
    if (o && vm_count_thing(st->v)) {
        splev_object *g = splev_object_add_content(st->v->lev, o, '$',
                                                   "gold piece");
        g->quantity = (int)gold;
    }
}

/* ---- where things go ---- */

static int distmin(int x1, int y1, int x2, int y2)
{
    int dx = abs(x1 - x2), dy = abs(y1 - y2);
    return dx > dy ? dx : dy;
}

/* The row of cells along the wall of the room's first door. */
static int by_door_row(const stocker *st, int x, int y)
{
    const splev_room *r = st->r;
    return st->dx >= 0 &&
           ((x == r->lx && st->dx == x - 1) || (x == r->hx && st->dx == x + 1) ||
            (y == r->ly && st->dy == y - 1) || (y == r->hy && st->dy == y + 1));
}

static int in_irregular(const stocker *st, int x, int y)
{
    const splev_cell *c = CELL(st, x, y);
    return c->roomno == st->room + ROOM_OFFSET && !c->edge;
}

/* fill_zoo's cells: floor-like, not next to the first door (NetHack:
 * within one step of it; UnNetHack: the row along its wall). */
static int zoo_cell(const stocker *st, int x, int y)
{
    int near = st->dx >= 0 && distmin(x, y, st->dx, st->dy) <= 1;
    if (st->r->irregular)
        return in_irregular(st, x, y) && !near;
    if (CELL(st, x, y)->typ <= SPLEV_DOOR)
        return 0;
    return st->nh ? !near : !by_door_row(st, x, y);
}

/* The game's occupied(): a trap, furniture, pool or lava. */
static int occupied(const stocker *st, int x, int y)
{
    int t = CELL(st, x, y)->typ;
    const splev_level *lev = st->v->lev;
    for (size_t i = 0; i < lev->ntraps; i++)
        if (lev->traps[i].x == x && lev->traps[i].y == y)
            return 1;
    return (t >= SPLEV_STAIRS && t <= SPLEV_ALTAR) || t == SPLEV_LAVAPOOL ||
           (t >= SPLEV_POOL && t <= SPLEV_DRAWBRIDGE_UP);
}

static int somexy(stocker *st, int *x, int *y)
{
    return vm_somexy(st->v, st->room, x, y);
}

/* SPACE_POS: what lies past a door in the terrain order. */
static int floor_like(const stocker *st, int x, int y)
{
    return vm_isok(x, y) && CELL(st, x, y)->typ > SPLEV_DOOR;
}

/* A room spot on floor: a REGION may reach past its floor into rock,
 * where the game would put the thing; we draw again (100 tries). */
static int floor_spot(stocker *st, int *x, int *y)
{
    for (int i = 0; i < 100; i++)
        if (somexy(st, x, y) && floor_like(st, *x, *y))
            return 1;
    return 0;
}

/* The first door of the room: the first DOOR or SDOOR on its walls,
 * rows from the top, each from the left (for an irregular room: next to
 * one of its cells). */
static void first_door(stocker *st)
{
    const splev_room *r = st->r;
    st->dx = st->dy = -1;
    for (int y = r->ly - 1; y <= r->hy + 1; y++)
        for (int x = r->lx - 1; x <= r->hx + 1; x++) {
            if (!vm_isok(x, y))
                continue;
            int t = CELL(st, x, y)->typ;
            if (t != SPLEV_DOOR && t != SPLEV_SDOOR)
                continue;
            int wall = x == r->lx - 1 || x == r->hx + 1 || y == r->ly - 1 ||
                       y == r->hy + 1;
            if (r->irregular || wall) {
                st->dx = x;
                st->dy = y;
                return;
            }
        }
}

/* ---- fill_zoo ---- */

static species courtmon(stocker *st)
{
    splev_rng *g = &st->v->rng;
    int i = splev_rn2(g, 60) + splev_rn2(g, 3 * st->diff);
    if (i > 100) return mkclass_of(st, 'D');
    if (i > 95) return mkclass_of(st, 'H');
    if (i > 85) return mkclass_of(st, 'T');
    if (i > 75) return mkclass_of(st, 'C');
    if (i > 60) return mkclass_of(st, 'o');
    if (i > 45) return named('h', "bugbear");
    if (i > 30) return named('o', "hobgoblin");
    if (i > 15) return mkclass_of(st, 'G');
    return mkclass_of(st, 'k');
}

static species squadmon(stocker *st)
{
    static const struct { const char *name; int prob; } squad[] = {
        {"soldier", 80}, {"sergeant", 15}, {"lieutenant", 4}, {"captain", 1},
    };
    int sel = splev_rnd(&st->v->rng, 80 + st->diff), cpro = 0;
    for (int i = 0; i < 4; i++) {
        cpro += squad[i].prob;
        if (cpro > sel)
            return named('@', squad[i].name);
    }
    return named('@', squad[splev_rn2(&st->v->rng, 4)].name);
}

static species morguemon(stocker *st)
{
    splev_rng *g = &st->v->rng;
    int i = splev_rn2(g, 100), hd = splev_rn2(g, st->diff);
    /* ndemon() outside Gehennom: a demon of the class, as mkclass */
    if (hd > 10 && i < 10)
        return mkclass_of(st, '&');
    if (hd > 8 && i > 85)
        return mkclass_of(st, 'V');
    return i < 20 ? named(' ', "ghost") : i < 40 ? named('W', "wraith")
                                                 : mkclass_of(st, 'Z');
}

/* The same ants on a level (the game's birthday / game seed count as 0). */
static species antholemon(stocker *st)
{
    static const char *const nh[] = {"soldier ant", "fire ant",
                                     "giant beetle"};
    static const char *const un[] = {"soldier ant", "fire ant", "snow ant",
                                     "giant ant"};
    return st->nh ? named('a', nh[st->diff % 3]) : named('a', un[st->diff % 4]);
}

static species zoo_species(stocker *st, int type, int at_queen)
{
    switch (type) {
    case RT_COURT: return courtmon(st);
    case RT_BARRACKS: return squadmon(st);
    case RT_MORGUE: return morguemon(st);
    case RT_BEEHIVE:
        return named('a', at_queen ? "queen bee" : "killer bee");
    case RT_LEMUREPIT:
        return splev_rn2(&st->v->rng, 10) ? named('i', "lemure")
                                          : named('&', "horned devil");
    case RT_LEPREHALL: return named('l', "leprechaun");
    case RT_COCKNEST: return named('c', "cockatrice");
    case RT_ANTHOLE: return antholemon(st);
    default: return (species){0, NULL};
    }
}

/* make_grave: a grave with a random epitaph on plain floor, maybe
 * buried gold and up to four buried random objects. */
static void make_grave(stocker *st, int x, int y)
{
    vm *v = st->v;
    splev_cell *c = CELL(st, x, y);
    if ((c->typ != SPLEV_ROOM && c->typ != SPLEV_GRAVE) || occupied(st, x, y))
        return;
    c->typ = SPLEV_GRAVE;
    c->doormask = 0;
    if (!vm_count_thing(v))
        return;
    splev_level_add_grave(v->lev, x, y, NULL)->random_epitaph = 1;
    if (!splev_rn2(&v->rng, 3)) {
        long amount = (long)splev_rnd(&v->rng, st->diff + 2) *
                      splev_rnd(&v->rng, 30);
        splev_object *o = put_obj(st, x, y, '$', "gold piece");
        if (o) {
            o->quantity = (int)amount;
            o->buried = 1;
        }
    }
    for (int n = splev_rn2(&v->rng, 5); n > 0; n--) {
        splev_object *o = put_random_obj(st, x, y, 0);
        if (o)
            o->buried = 1;
    }
}

/* What a zoo-like room puts on a cell besides the monster. */
static void zoo_extras(stocker *st, int type, int x, int y, long *goldlim)
{
    splev_rng *g = &st->v->rng;
    switch (type) {
    case RT_ZOO: case RT_LEPREHALL: {
        long d2 = (long)(x - st->dx) * (x - st->dx) +
                  (long)(y - st->dy) * (y - st->dy);
        long i = st->dx >= 0 ? d2 * d2 : *goldlim;
        if (i >= *goldlim)
            i = 5L * st->diff;
        *goldlim -= i;
        put_gold(st, x, y, splev_rn1(g, (int)i, 10));
        break;
    }
    case RT_MORGUE:
        if (!splev_rn2(g, 5))
            put_obj(st, x, y, '%', "corpse");
        if (!splev_rn2(g, 10))
            put_obj(st, x, y, '(', splev_rn2(g, 3) ? "large box" : "chest");
        if (!splev_rn2(g, 5))
            make_grave(st, x, y);
        break;
    case RT_BEEHIVE:
        if (!splev_rn2(g, 3))
            put_obj(st, x, y, '%', "lump of royal jelly");
        break;
    case RT_BARRACKS:
        if (!splev_rn2(g, 20)) {
            int r3 = splev_rn2(g, 3);
            const char *box = st->nh ? (r3 ? "large box" : "chest")
                              : (r3 || st->depth < 16) ? "chest" : "iron safe";
            put_obj(st, x, y, '(', box);
        }
        break;
    case RT_COCKNEST:
        if (!splev_rn2(g, 3)) {
            splev_object *s = put_obj(st, x, y, '`', "statue");
            for (int n = splev_rn2(g, 5); n > 0 && s; n--) {
                char c = 0;
                const char *nm = st->v->ctx.names
                    ? names_rndobj(st->v->ctx.names, st->v->ctx.in_gehennom, g, &c)
                    : NULL;
                if (vm_count_thing(st->v))
                    splev_object_add_content(st->v->lev, s, c, nm);
            }
        }
        break;
    case RT_ANTHOLE:
        if (!splev_rn2(g, 3))
            put_random_obj(st, x, y, '%');
        break;
    default: break;
    }
}

/* The throne's cell: an existing throne on a maze level, else a room
 * spot that is not occupied (100 tries). */
static void throne_spot(stocker *st, int *tx, int *ty)
{
    const splev_room *r = st->r;
    if (st->v->lev->flags & SPLEV_F_MAZELEVEL)
        for (int x = r->lx; x <= r->hx; x++)
            for (int y = r->ly; y <= r->hy; y++)
                if (CELL(st, x, y)->typ == SPLEV_THRONE) {
                    *tx = x;
                    *ty = y;
                    return;
                }
    for (int i = 0; i < 100; i++) {
        if (!somexy(st, tx, ty))
            break;
        if (floor_like(st, *tx, *ty) && (!occupied(st, *tx, *ty) || i == 99))
            return;
    }
    *tx = *ty = -1;         /* no floor in the room: no throne */
}

/* UnNetHack seats a sleeping, hostile king with a mace on the throne. */
static void throne_king(stocker *st, int x, int y)
{
    if (!vm_isok(x, y))
        return;
    int i = splev_rnd(&st->v->rng, st->diff);
    const char *k = i > 9 ? "ogre king" : i > 5 ? "Elvenking"
                  : i > 2 ? "dwarf king" : "gnome king";
    char cls = i > 9 ? 'O' : i > 5 ? '@' : i > 2 ? 'h' : 'G';
    splev_monster *m = put_mon(st, x, y, named(cls, k));
    if (m) {
        m->peaceful = 0;
        if (vm_count_thing(st->v))
            splev_monster_add_item(st->v->lev, m, ')', "mace");
    }
}

/* Where fill_zoo puts its special monster: the throne, the queen. */
static void zoo_focus(stocker *st, int type, int *tx, int *ty)
{
    const splev_room *r = st->r;
    *tx = *ty = -1;
    if (type == RT_COURT) {
        throne_spot(st, tx, ty);
        if (!st->nh)
            throne_king(st, *tx, *ty);
    } else if (type == RT_BEEHIVE) {
        *tx = r->lx + (r->hx - r->lx + 1) / 2;
        *ty = r->ly + (r->hy - r->ly + 1) / 2;
        if (r->irregular && !in_irregular(st, *tx, *ty))
            floor_spot(st, tx, ty);
    }
}

static void fill_zoo(stocker *st)
{
    const splev_room *r = st->r;
    int type = r->rtype, tx, ty;
    long goldlim = type == RT_ZOO || type == RT_LEPREHALL ? 500L * st->diff : 0;
    zoo_focus(st, type, &tx, &ty);
    for (int x = r->lx; x <= r->hx && !st->v->failed; x++)
        for (int y = r->ly; y <= r->hy; y++) {
            if (!zoo_cell(st, x, y))
                continue;
            if (type == RT_COURT && CELL(st, x, y)->typ == SPLEV_THRONE)
                continue;
            splev_monster *m = put_mon(st, x, y,
                                       zoo_species(st, type, x == tx && y == ty));
            if (m && type == RT_COURT)
                m->peaceful = 0;
            zoo_extras(st, type, x, y, &goldlim);
        }
    if (type == RT_COURT && vm_isok(tx, ty)) {
        CELL(st, tx, ty)->typ = SPLEV_THRONE;
        int cx, cy;
        if (!floor_spot(st, &cx, &cy))
            return;
        long gold = splev_rn1(&st->v->rng, 50 * st->diff, 10);
        put_coffers(st, cx, cy, !st->nh && st->depth > 15 ? "iron safe" : "chest",
                    gold);
    }
}

/* ---- UnNetHack's garden ---- */

static int next_to_door(const stocker *st, int x, int y)
{
    for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++) {
            if (!vm_isok(x + dx, y + dy))
                continue;
            int t = CELL(st, x + dx, y + dy)->typ;
            if (t == SPLEV_DOOR || t == SPLEV_SDOOR)
                return 1;
        }
    return 0;
}

/* Three to seven sleeping nymphs, then three to five trees (two in
 * three) or fountains on plain floor away from doors. */
static void fill_garden(stocker *st)
{
    splev_rng *g = &st->v->rng;
    int x, y;
    int i = splev_rn1(g, 5, 3);
    for (int tried = 0; tried++ < 50 && i >= 0 && somexy(st, &x, &y);) {
        if (vm_monster_at(st->v, x, y) || !floor_like(st, x, y))
            continue;
        species s = mkclass_of(st, 'n');
        if (st->v->ctx.names && !s.name)
            continue;
        put_mon(st, x, y, s);
        i--;
    }
    i = splev_rn1(g, 3, 3);
    for (int tried = 0; tried++ < 50 && i >= 0 && somexy(st, &x, &y);) {
        splev_cell *c = CELL(st, x, y);
        if (c->typ != SPLEV_ROOM || vm_monster_at(st->v, x, y) ||
            next_to_door(st, x, y))
            continue;
        c->typ = splev_rn2(g, 3) ? SPLEV_TREE : SPLEV_FOUNTAIN;
        i--;
    }
}

/* ---- shops ---- */

enum { SH_VEGGY = 1 };       /* cls of the health food shop's vegetarian food */

typedef struct shop_item {
    unsigned char prob;
    char cls;                /* 0: any class */
    const char *name;        /* NULL: a random object of cls */
} shop_item;

typedef struct shop_type {
    unsigned char n;
    const shop_item *items;
} shop_type;

#define ITEMS(...) \
    {sizeof((const shop_item[]){__VA_ARGS__}) / sizeof(shop_item), \
     (const shop_item[]){__VA_ARGS__}}

/* By room type code - RT_SHOPBASE; the games' shtypes[] item lists. */
static const shop_type shops_un[] = {
    ITEMS({100, 0, NULL}),
    ITEMS({90, '[', NULL}, {10, ')', NULL}),
    ITEMS({90, '?', NULL}, {10, '+', NULL}),
    ITEMS({100, '!', NULL}),
    ITEMS({90, ')', NULL}, {10, '[', NULL}),
    ITEMS({83, '%', NULL}, {5, '!', "fruit juice"}, {4, '!', "booze"},
          {5, '!', "water"}, {3, '(', "ice box"}),
    ITEMS({85, '=', NULL}, {10, '*', NULL}, {5, '"', NULL}),
    ITEMS({90, '/', NULL}, {5, '[', "leather gloves"}, {5, '[', "elven cloak"}),
    ITEMS({100, '(', NULL}),
    ITEMS({90, '+', NULL}, {10, '?', NULL}),
    ITEMS({10, '(', "ice box"}, {90, '%', "tin"}),
    ITEMS({10, '(', "tin whistle"}, {3, '(', "magic whistle"},
          {10, '(', "wooden flute"}, {3, '(', "magic flute"},
          {10, '(', "tooled horn"}, {3, '(', "frost horn"},
          {3, '(', "fire horn"}, {3, '(', "horn of plenty"},
          {10, '(', "wooden harp"}, {3, '(', "magic harp"},
          {10, '(', "bell"}, {10, '(', "bugle"}, {10, '(', "leather drum"},
          {2, '(', "drum of earthquake"}, {5, '[', "T-shirt"},
          {5, '(', "lock pick"}),
    ITEMS({67, '(', "figurine"}, {5, '(', "leash"}, {10, '%', "tripe ration"},
          {5, '(', "saddle"}, {10, '(', "tin whistle"},
          {3, '(', "magic whistle"}),
    ITEMS({31, '(', "wax candle"}, {49, '(', "tallow candle"},
          {5, '(', "brass lantern"}, {10, '(', "oil lamp"}, {1, '/', "light"},
          {1, '/', "lightning"}, {3, '(', "magic lamp"}),
    ITEMS({100, 0, NULL}),
};

static const shop_item nh_candles[] = {
    {30, '(', "wax candle"}, {48, '(', "tallow candle"},
    {5, '(', "brass lantern"}, {9, '(', "oil lamp"}, {3, '(', "magic lamp"},
    {5, '!', "oil"},
};
static const shop_item nh_healthfood[] = {
    {70, SH_VEGGY, NULL}, {20, '!', "fruit juice"}, {4, '!', "healing"},
    {3, '!', "full healing"}, {2, '?', "food detection"},
    {1, '%', "lump of royal jelly"},
};

/* The item list of a shop type; NULL when the dialect has no such shop. */
static const shop_type *shop_items(const stocker *st, int rtype)
{
    static const shop_type candles = {6, nh_candles};
    static const shop_type health = {6, nh_healthfood};
    if (!st->nh)
        return rtype >= RT_SHOPBASE && rtype <= RT_BLACKMARKET
                   ? &shops_un[rtype - RT_SHOPBASE] : NULL;
    if (rtype == RT_SHOPBASE + 13)
        return &candles;
    if (rtype == RT_HEALTHFOOD)
        return &health;
    return rtype >= RT_SHOPBASE && rtype <= RT_SHOPBASE + 9
               ? &shops_un[rtype - RT_SHOPBASE] : NULL;
}

/* Vegetarian food: food drawn until it is one (15 tries). */
static int veggy(const char *name)
{
    static const char *const list[] = {
        "food ration", "cram ration", "lembas wafer", "apple", "orange",
        "pear", "melon", "banana", "carrot", "kelp frond", "eucalyptus leaf",
        "clove of garlic", "sprig of wolfsbane", "slime mold",
        "fortune cookie", "candy bar", "cream pie", "pancake",
        "lump of royal jelly", "tin",
    };
    for (size_t i = 0; name && i < sizeof list / sizeof *list; i++)
        if (!strcmp(list[i], name))
            return 1;
    return 0;
}

static void put_veggy(stocker *st, int x, int y)
{
    vm *v = st->v;
    char c = '%';
    const char *n = NULL;
    for (int tries = 15; tries > 0 && v->ctx.names; tries--) {
        n = names_pick(v->ctx.names, NK_OBJECT, '%', &v->rng, &c);
        if (veggy(n))
            break;
    }
    put_obj(st, x, y, '%', n);
}

/* mkshobj_at: a mimic (depth in 100; outside the black market), else an
 * item of the shop's list. */
static void shop_cell(stocker *st, const shop_type *sh, int x, int y)
{
    splev_rng *g = &st->v->rng;
    int bm = st->r->rtype == RT_BLACKMARKET && !st->nh;
    if (!bm && splev_rn2(g, 100) < st->depth && !vm_monster_at(st->v, x, y)) {
        species s = mkclass_of(st, 'm');
        if (s.cls) {
            splev_monster *m = put_mon(st, x, y, s);
            if (m)
                m->asleep = -1;
            return;
        }
    }
    if (bm && !splev_rn2(g, 20))
        return;
    if (bm && !splev_rn2(g, 10)) {
        put_random_obj(st, x, y, splev_rn2(g, 5) ? '*' : '(');
        return;
    }
    int j = splev_rnd(g, 100), i = 0;
    while (i + 1 < sh->n && (j -= sh->items[i].prob) > 0)
        i++;
    const shop_item *it = &sh->items[i];
    if (it->cls == SH_VEGGY)
        put_veggy(st, x, y);
    else if (it->name)
        put_obj(st, x, y, it->cls, it->name);
    else
        put_random_obj(st, x, y, it->cls);
}

/* The shopkeeper's spot: inside the first door (irregular rooms: the
 * first cell of the room next to it, west, east, north, south). */
static int shk_spot(const stocker *st, int *sx, int *sy)
{
    const splev_room *r = st->r;
    int x = st->dx, y = st->dy;
    if (r->irregular) {
        static const int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int k = 0; k < 4; k++)
            if (vm_isok(x + d[k][0], y + d[k][1]) &&
                in_irregular(st, x + d[k][0], y + d[k][1])) {
                *sx = x + d[k][0];
                *sy = y + d[k][1];
                return 1;
            }
        return 0;
    }
    if (x == r->lx - 1) x++;
    else if (x == r->hx + 1) x--;
    else if (y == r->ly - 1) y++;
    else if (y == r->hy + 1) y--;
    else return 0;
    *sx = x;
    *sy = y;
    return 1;
}

/* The shop's door: a doorway gets an open door, a secret door becomes a
 * door, a trapped one is locked instead; a locked door gets "Closed for
 * inventory" written in the dust outside it. */
static void shop_door(stocker *st)
{
    splev_cell *c = CELL(st, st->dx, st->dy);
    if (c->doormask == SPLEV_D_NODOOR)
        c->doormask = SPLEV_D_ISOPEN;
    if (c->typ == SPLEV_SDOOR)
        c->typ = SPLEV_DOOR;
    if (c->doormask & SPLEV_D_TRAPPED)
        c->doormask = SPLEV_D_LOCKED;
    if (c->doormask != SPLEV_D_LOCKED)
        return;
    int m = st->dx, n = st->dy;
    const splev_room *r = st->r;
#define INSIDE(x, y) ((x) >= r->lx && (x) <= r->hx && (y) >= r->ly && (y) <= r->hy)
    if (INSIDE(m + 1, n)) m--;
    else if (INSIDE(m - 1, n)) m++;
    if (INSIDE(st->dx, n + 1)) n--;
    else if (INSIDE(st->dx, n - 1)) n++;
#undef INSIDE
    if (vm_count_thing(st->v))
        splev_level_add_engraving(st->v->lev, m, n, SPLEV_ENGR_DUST,
                                  "Closed for inventory");
}

/* The cells a shop stocks: all but the row along the door's wall
 * (irregular shops: their own cells not within one step of the door;
 * UnNetHack: floor only). */
static int shop_cell_ok(const stocker *st, int x, int y)
{
    if (st->r->irregular)
        return in_irregular(st, x, y) && distmin(x, y, st->dx, st->dy) > 1;
    return !by_door_row(st, x, y) &&
           (st->nh || CELL(st, x, y)->typ >= SPLEV_ROOM);
}

/* NetHack 3.6's tribute: one stocked cell of each shop drawn at random
 * (rnd(count)); in a bookstore it holds a novel. */
static int tribute_spot(stocker *st)
{
    const splev_room *r = st->r;
    int n = 0;
    if (!st->nh)
        return 0;
    for (int x = r->lx; x <= r->hx; x++)
        for (int y = r->ly; y <= r->hy; y++)
            n += shop_cell_ok(st, x, y);
    int spot = splev_rnd(&st->v->rng, n);
    int books = r->rtype == RT_SHOPBASE + 2 || r->rtype == RT_SHOPBASE + 9;
    return books ? spot : 0;
}

static void stock_shop(stocker *st)
{
    const splev_room *r = st->r;
    const shop_type *sh = shop_items(st, r->rtype);
    int sx, sy;
    if (!sh || st->dx < 0 || !shk_spot(st, &sx, &sy))
        return;             /* no door: no shopkeeper, no stock */
    int bm = r->rtype == RT_BLACKMARKET && !st->nh;
    if (!vm_move_monster_away(st->v, sx, sy))
        return;
    splev_monster *k = put_mon(st, sx, sy, bm ? named('@', "One-eyed Sam")
                                              : named('@', "shopkeeper"));
    if (!k)
        return;
    k->asleep = 0;
    k->peaceful = 1;
    shop_door(st);
    int novel = tribute_spot(st), count = 0;
    for (int x = r->lx; x <= r->hx && !st->v->failed; x++)
        for (int y = r->ly; y <= r->hy; y++) {
            if (!shop_cell_ok(st, x, y))
                continue;
            if (++count == novel)
                put_obj(st, x, y, '+', "novel");
            else
                shop_cell(st, sh, x, y);
        }
}

/* ---- the fill step ---- */

static void vault_gold(stocker *st)
{
    const splev_room *r = st->r;
    int d = abs(st->depth) * 100;
    for (int x = r->lx; x <= r->hx; x++)
        for (int y = r->ly; y <= r->hy; y++)
            put_gold(st, x, y, d > 0 ? splev_rn1(&st->v->rng, d, 51) : 51);
}

/* Which rooms each game stocks from a level script (fill_room). */
static int zoo_like(const stocker *st, int t)
{
    switch (t) {
    case RT_COURT: case RT_ZOO: case RT_BEEHIVE: case RT_MORGUE:
    case RT_BARRACKS:
        return 1;
    case RT_ANTHOLE: case RT_COCKNEST: case RT_LEPREHALL:
        return st->nh;
    case RT_LEMUREPIT:
        return !st->nh;
    default:
        return 0;
    }
}

static void fill_room(vm *v, int room)
{
    stocker st = {v, room, &v->lev->rooms[room], -1, -1, 0, v->ctx.depth,
                  vm_nh36(v), {0, 1, 0, 0}};
    const splev_genctx *c = &v->ctx;
    /* kept within the games' range, so that the sums stay small */
    st.diff = c->difficulty >= 1 ? c->difficulty : c->depth;
    st.diff = st.diff < 1 ? 1 : st.diff > 1000 ? 1000 : st.diff;
    st.depth = st.depth < -1000 ? -1000 : st.depth > 1000 ? 1000 : st.depth;
    st.g = (names_gen){st.diff, vm_hero_level(v),
                       c->level_align ? c->level_align : c->dungeon_align,
                       c->in_gehennom != 0};
    first_door(&st);
    int t = st.r->rtype;
    if (t >= RT_SHOPBASE)
        stock_shop(&st);
    else if (t == RT_VAULT)
        vault_gold(&st);
    else if (t == RT_GARDEN && !st.nh)
        fill_garden(&st);
    else if (zoo_like(&st, t))
        fill_zoo(&st);
}

/* A shrine altar's priest stands east of it (priestini); a sanctum's is
 * the high priest. */
static void shrine_priests(vm *v)
{
    for (size_t i = 0; i < v->lev->naltars && !v->failed; i++) {
        const splev_altar a = v->lev->altars[i];
        int x = a.x + 1;
        if (a.shrine <= 0 || !vm_isok(x, a.y) || vm_monster_at(v, x, a.y) ||
            !vm_count_thing(v))
            continue;
        splev_monster *m = splev_level_add_monster(
            v->lev, x, a.y, '@', a.shrine > 1 ? "high priest" : "aligned priest");
        m->peaceful = 1;
        m->align = a.align;
    }
}

void vm_stock_rooms(vm *v)
{
    splev_level *lev = v->lev;
    shrine_priests(v);
    size_t n = lev->nrooms;
    for (size_t i = 0; i < n && !v->failed; i++) {
        if (lev->rooms[i].parent >= 0)
            continue;
        if (lev->rooms[i].needfill == 1)
            fill_room(v, (int)i);
        /* its subrooms, as if needfill were 1, as the games do */
        for (size_t j = 0; j < n && !v->failed; j++)
            if (lev->rooms[j].parent == (int)i && lev->rooms[j].needfill)
                fill_room(v, (int)j);
    }
}
