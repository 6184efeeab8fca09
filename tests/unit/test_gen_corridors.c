/* test_gen_corridors.c - RANDOM_CORRIDORS styles, join and dig_corridor,
 * CORRIDOR with its dead-end form, doors: reachability through doors and
 * corridors, doors only on walls and never on corners, valid states. */
#include "gen_check.h"

enum { SEEDS = 200 };

static int passable(const splev_level *lev, int x, int y)
{
    int t = typ_at(lev, x, y);
    return t >= SPLEV_DOOR || t == SPLEV_SDOOR || t == SPLEV_SCORR;
}

static void level_with_rooms(fixture *f, unsigned long seed, int dialect)
{
    fx_open(f, seed);
    f->g.dialect = dialect;
    splev_gen_makerooms(&f->g, NULL, 0, NULL, NULL);
}

/* Rooms a and b (model indices) are connected walking orthogonally. */
static int rooms_connected(const splev_level *lev, int a, int b)
{
    grid_t seen;
    memset(seen, 0, sizeof seen);
    const splev_room *ra = &lev->rooms[a], *rb = &lev->rooms[b];
    flood(lev, ra->lx, ra->ly, passable, 0, seen);
    return seen[rb->lx][rb->ly];
}

/* Rooms in one connectivity class reach each other. */
static int classes_hold(const fixture *f)
{
    int n = (int)f->lev->nrooms;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (f->g.smeq[a] == f->g.smeq[b] &&
                !rooms_connected(f->lev, a, b))
                return 0;
    return 1;
}

static int all_connected(const splev_level *lev)
{
    for (size_t b = 1; b < lev->nrooms; b++)
        if (!rooms_connected(lev, 0, (int)b))
            return 0;
    return 1;
}

/* Every door lies on a room's wall, not on a corner. */
static int doors_on_walls(const splev_level *lev)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int t = typ_at(lev, x, y);
            if (t != SPLEV_DOOR && t != SPLEV_SDOOR)
                continue;
            int on = 0;
            for (size_t i = 0; i < lev->nrooms && !on; i++) {
                const splev_room *r = &lev->rooms[i];
                int side = (x == r->lx - 1 || x == r->hx + 1) &&
                           y >= r->ly && y <= r->hy;
                int topbot = (y == r->ly - 1 || y == r->hy + 1) &&
                             x >= r->lx && x <= r->hx;
                on = side || topbot;
            }
            if (!on)
                return 0;
        }
    return 1;
}

static int door_states_valid(const splev_level *lev)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int t = typ_at(lev, x, y), m = lev->cells[x][y].doormask;
            int base = m & ~SPLEV_D_TRAPPED;
            if (t == SPLEV_DOOR) {
                if (base != SPLEV_D_NODOOR && base != SPLEV_D_BROKEN &&
                    base != SPLEV_D_ISOPEN && base != SPLEV_D_CLOSED &&
                    base != SPLEV_D_LOCKED)
                    return 0;
                if ((m & SPLEV_D_TRAPPED) && base != SPLEV_D_CLOSED &&
                    base != SPLEV_D_LOCKED)
                    return 0;
            } else if (t == SPLEV_SDOOR) {
                if (base != SPLEV_D_CLOSED && base != SPLEV_D_LOCKED)
                    return 0;
            }
        }
    return 1;
}

static int count_doors(const splev_level *lev)
{
    int n = 0;
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            n += typ_at(lev, x, y) == SPLEV_DOOR ||
                 typ_at(lev, x, y) == SPLEV_SDOOR;
    return n;
}

static void test_styles(void)
{
    static const char *names[4] = {"vanilla", "style 1", "style 2", "style 3"};
    for (int style = 0; style < 4; style++) {
        tally cls = {0, 0}, walls = {0, 0}, states = {0, 0}, doors = {0, 0};
        int full = 0;
        for (unsigned long s = 1; s <= SEEDS; s++) {
            fixture f;
        level_with_rooms(&f, s, SPLEV_GEN_UN);
            f.g.difficulty = (int)(s % 12);
            splev_gen_makecorridors(&f.g, style);
            tally_add(&cls, classes_hold(&f), s);
            tally_add(&walls, doors_on_walls(f.lev), s);
            tally_add(&states, door_states_valid(f.lev), s);
            tally_add(&doors, count_doors(f.lev) == f.g.ndoors ||
                                  count_doors(f.lev) <= f.g.ndoors,
                      s);
            full += all_connected(f.lev);
            fx_close(&f);
        }
        CHECK_TALLY(cls, "%s: rooms of one class reach each other", names[style]);
        CHECK_TALLY(walls, "%s: doors on room walls, never corners",
                    names[style]);
        CHECK_TALLY(states, "%s: door states valid", names[style]);
        CHECK_TALLY(doors, "%s: every door recorded", names[style]);
        printf("# %s: %d of %d levels fully connected\n", names[style], full,
               SEEDS);
        if (style == 0 || style == 3)
            CHECK(full >= SEEDS * 9 / 10, "%s: nearly every level connected",
                  names[style]);
    }
}

/* NetHack dialect: secret doors and corridors appear, still passable. */
static void test_nethack(void)
{
    tally cls = {0, 0}, walls = {0, 0}, states = {0, 0};
    int sdoors = 0, scorrs = 0;
    for (unsigned long s = 1; s <= SEEDS; s++) {
        fixture f;
        level_with_rooms(&f, s, SPLEV_GEN_NH36);
        f.g.difficulty = 10;
        splev_gen_makecorridors(&f.g, 2);      /* ignored: vanilla */
        tally_add(&cls, classes_hold(&f), s);
        tally_add(&walls, doors_on_walls(f.lev), s);
        tally_add(&states, door_states_valid(f.lev), s);
        for (int x = 1; x < SPLEV_COLNO; x++)
            for (int y = 0; y < SPLEV_ROWNO; y++) {
                sdoors += typ_at(f.lev, x, y) == SPLEV_SDOOR;
                scorrs += typ_at(f.lev, x, y) == SPLEV_SCORR;
            }
        fx_close(&f);
    }
    CHECK_TALLY(cls, "NetHack: rooms of one class reach each other");
    CHECK_TALLY(walls, "NetHack: doors on walls");
    CHECK_TALLY(states, "NetHack: door states valid");
    CHECK(sdoors > 0 && scorrs > 0, "NetHack: secret doors (%d) and corridors (%d)",
          sdoors, scorrs);
}

/* Unjoined rooms get no corridor in UnNetHack. */
static void test_unjoined(void)
{
    fixture f;
        level_with_rooms(&f, 5, SPLEV_GEN_UN);
    for (size_t i = 0; i < f.lev->nrooms; i++)
        f.lev->rooms[i].needjoining = 0;
    splev_gen_makecorridors(&f.g, 0);
    CHECK(count_doors(f.lev) == 0, "unjoined rooms: no doors, no corridors");
    fx_close(&f);
}

/* Two rooms side by side, doors placed by hand, CORRIDOR between them;
 * north and south mean the rows above and below (DECISIONS 2). */
static void test_corridor_statement(void)
{
    tally ew = {0, 0}, ns = {0, 0}, dead = {0, 0};
    for (unsigned long s = 1; s <= SEEDS; s++) {
        fixture f;
        fx_open(&f, s);
        int a = splev_gen_create_room(&f.g, 1, 2, 6, 3, 1, 1, 0, 0);
        int b = splev_gen_create_room(&f.g, 4, 4, 6, 3, 5, 3, 0, 0);
        const splev_room *ra = &f.lev->rooms[a], *rb = &f.lev->rooms[b];
        splev_gen_dodoor(&f.g, ra->hx + 1, ra->ly + 1, a);
        splev_gen_dodoor(&f.g, rb->lx - 1, rb->ly + 1, b);
        int dug = splev_gen_corridor(&f.g, 0, -1, SPLEV_GEN_EAST, 1, 0,
                                     SPLEV_GEN_WEST);
        tally_add(&ew, dug && rooms_connected(f.lev, a, b), s);
        fx_close(&f);

        fx_open(&f, s);
        a = splev_gen_create_room(&f.g, 2, 1, 6, 2, 1, 1, 0, 0);
        b = splev_gen_create_room(&f.g, 3, 5, 6, 2, 1, 1, 0, 0);
        ra = &f.lev->rooms[a];
        rb = &f.lev->rooms[b];
        splev_gen_dodoor(&f.g, ra->lx + 2, ra->hy + 1, a);
        splev_gen_dodoor(&f.g, rb->lx + 1, rb->ly - 1, b);
        dug = splev_gen_corridor(&f.g, 0, -1, SPLEV_GEN_SOUTH, 1, -1,
                                 SPLEV_GEN_NORTH);
        tally_add(&ns, dug && rooms_connected(f.lev, a, b), s);

        /* the dead end: 4 cells straight out of the first room's door */
        int dx = ra->lx + 2, dy = ra->hy + 1;
        fixture g2;
        fx_open(&g2, s);
        a = splev_gen_create_room(&g2.g, 2, 1, 6, 2, 1, 1, 0, 0);
        splev_gen_dodoor(&g2.g, dx, dy, a);
        dug = splev_gen_corridor(&g2.g, 0, -1, SPLEV_GEN_SOUTH, -1, 4, 0);
        int ok = dug;
        for (int k = 1; k <= 4; k++)
            ok &= typ_at(g2.lev, dx, dy + k) == SPLEV_CORR;
        ok &= typ_at(g2.lev, dx, dy + 5) == SPLEV_STONE;
        tally_add(&dead, ok, s);
        fx_close(&g2);
        fx_close(&f);
    }
    CHECK_TALLY(ew, "CORRIDOR east-west joins the rooms");
    CHECK_TALLY(ns, "CORRIDOR south-north joins the rooms (fixed sides)");
    CHECK_TALLY(dead, "CORRIDOR to nowhere: a dead end of the given length");

    fixture f;
    fx_open(&f, 1);
    splev_gen_create_room(&f.g, 1, 1, 4, 2, 1, 1, 0, 0);
    CHECK(!splev_gen_corridor(&f.g, 0, -1, SPLEV_GEN_EAST, -1, 3, 0),
          "CORRIDOR without a door does nothing");
    fx_close(&f);
}

/* dig_corridor on an empty map always arrives, 4-connected. */
static void test_dig(void)
{
    tally t = {0, 0}, blocked = {0, 0};
    for (unsigned long s = 1; s <= SEEDS; s++) {
        fixture f;
        fx_open(&f, s);
        int ox = 2 + (int)(s % 70), oy = 1 + (int)(s % 19);
        int tx = 78 - (int)(s % 60), ty = 19 - (int)(s * 7 % 18);
        int ok = splev_gen_dig_corridor(&f.g, ox, oy, tx, ty, 0, SPLEV_CORR,
                                        SPLEV_STONE);
        grid_t seen;
        memset(seen, 0, sizeof seen);
        flood(f.lev, ox, oy, passable, 0, seen);
        tally_add(&t, ok && seen[tx][ty], s);
        /* a wall across the map stops it */
        for (int y = 0; y < SPLEV_ROWNO; y++)
            f.lev->cells[40][y].typ = SPLEV_VWALL;
        tally_add(&blocked, !splev_gen_dig_corridor(&f.g, 10, 10, 70, 10, 0,
                                                    SPLEV_CORR, SPLEV_STONE),
                  s);
        fx_close(&f);
    }
    CHECK_TALLY(t, "dig_corridor reaches its target");
    CHECK_TALLY(blocked, "dig_corridor stops at a wall");
}

/* ROOMDOOR on subrooms: walls, positions, states, secret doors. */
static void test_roomdoor(void)
{
    tally t = {0, 0}, fixed = {0, 0};
    int secret = 0, plain = 0;
    for (unsigned long s = 1; s <= SEEDS; s++) {
        fixture f;
        fx_open(&f, s);
        int p = splev_gen_create_room(&f.g, 3, 3, 16, 5, 3, 3, 0, 0);
        int sub = splev_gen_create_subroom(&f.g, p, 4, 1, 5, 2, 0, 0);
        int made = splev_gen_roomdoor(&f.g, sub, -1, -1, -1, -1);
        tally_add(&t, made && doors_on_walls(f.lev) &&
                          door_states_valid(f.lev) && count_doors(f.lev) == 1,
                  s);
        for (int x = 1; x < SPLEV_COLNO; x++)
            for (int y = 0; y < SPLEV_ROWNO; y++) {
                secret += typ_at(f.lev, x, y) == SPLEV_SDOOR;
                plain += typ_at(f.lev, x, y) == SPLEV_DOOR;
            }
        /* given: south wall, position 2, locked, not secret */
        made = splev_gen_roomdoor(&f.g, sub, 0, SPLEV_D_LOCKED,
                                  SPLEV_GEN_SOUTH, 2);
        const splev_room *r = &f.lev->rooms[sub];
        int x = r->lx + 2, y = r->hy + 1;
        int ok_fixed = made && typ_at(f.lev, x, y) == SPLEV_DOOR &&
                       f.lev->cells[x][y].doormask == SPLEV_D_LOCKED;
        /* a top-level room has rock behind every wall: no door */
        ok_fixed &= !splev_gen_roomdoor(&f.g, p, 0, -1, -1, -1);
        tally_add(&fixed, ok_fixed || !made, s);
        fx_close(&f);
    }
    CHECK_TALLY(t, "ROOMDOOR: one door on the subroom's wall, valid state");
    CHECK_TALLY(fixed, "ROOMDOOR: given wall/position/state; rock refuses");
    CHECK(secret > 50 && plain > 50, "ROOMDOOR: about half secret (%d/%d)",
          secret, plain);
}

static void test_golden(void)
{
    for (int style = 0; style < 4; style++) {
        fixture f;
        level_with_rooms(&f, 7, SPLEV_GEN_UN);
        splev_gen_makecorridors(&f.g, style);
        char path[64];
        snprintf(path, sizeof path, "tests/golden/gen/corridors-%d.txt", style);
        int ok = golden_level(f.lev, path);
        CHECK(ok, "golden %s", path);
        fx_close(&f);
    }
}

static void test_determinism(void)
{
    uint32_t d[2];
    for (int i = 0; i < 2; i++) {
        fixture f;
        level_with_rooms(&f, 99, SPLEV_GEN_UN);
        splev_gen_makecorridors(&f.g, -1);
        d[i] = level_digest(f.lev);
        fx_close(&f);
    }
    CHECK(d[0] == d[1], "same seed, same corridors");
}

int main(void)
{
    test_styles();
    test_nethack();
    test_unjoined();
    test_corridor_statement();
    test_dig();
    test_roomdoor();
    test_golden();
    test_determinism();
    return unit_status();
}
