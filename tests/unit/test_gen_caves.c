/* test_gen_caves.c - INIT_MAP: solid fill, maze grid and the mines caves
 * over many seeds (connectivity, walls, light), plus golden maps. */
#include "gen_check.h"

enum { SEEDS = 200 };

static int is_room(const splev_level *lev, int x, int y)
{
    return typ_at(lev, x, y) == SPLEV_ROOM;
}

/* Every floor cell reached from the first one, 8-connected. */
static int floor_connected(const splev_level *lev)
{
    grid_t seen;
    memset(seen, 0, sizeof seen);
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (is_room(lev, x, y))
                return flood(lev, x, y, is_room, 1, seen) ==
                       count_cells(lev, is_room);
    return 1;
}

/* No floor cell touches stone: walls lie between them. */
static int walled_off(const splev_level *lev)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            if (!is_room(lev, x, y))
                continue;
            for (int dx = -1; dx <= 1; dx++)
                for (int dy = -1; dy <= 1; dy++) {
                    int nx = x + dx, ny = y + dy;
                    if (nx >= 1 && nx < SPLEV_COLNO && ny >= 0 &&
                        ny < SPLEV_ROWNO && typ_at(lev, nx, ny) == SPLEV_STONE)
                        return 0;
                }
        }
    return 1;
}

static int has_stone_next_to_floor(const splev_level *lev)
{
    return !walled_off(lev);
}

/* Light as asked: lit caves light floor and walls, unlit ones nothing. */
static int light_is(const splev_level *lev, int lit)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int t = typ_at(lev, x, y), l = lev->cells[x][y].lit;
            if (lit && (t == SPLEV_ROOM || SPLEV_IS_WALL(t)) && !l)
                return 0;
            if (!lit && l)
                return 0;
            if (t == SPLEV_STONE && l)
                return 0;
        }
    return 1;
}

static int only_fg_bg(const splev_level *lev, int fg, int bg)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int t = typ_at(lev, x, y);
            if (t != fg && t != bg)
                return 0;
        }
    return 1;
}

static void test_mines_invariants(void)
{
    tally conn = {0, 0}, walls = {0, 0}, lit = {0, 0}, unlit = {0, 0};
    tally norooms = {0, 0}, amount = {0, 0}, terrain = {0, 0};
    tally unwalled = {0, 0};
    int lit_random = 0;
    for (unsigned long s = 1; s <= SEEDS; s++) {
        fixture f;
        fx_open(&f, s);
        int want = (int)(s % 3) - 1;    /* -1 random, 0, 1 */
        int joined = splev_gen_init_map(&f.g, SPLEV_GEN_INIT_MINES, SPLEV_ROOM,
                                        SPLEV_STONE, 1, 1, want, 1, -1);
        tally_add(&conn, joined && floor_connected(f.lev), s);
        tally_add(&walls, walled_off(f.lev), s);
        int n = count_cells(f.lev, is_room);
        tally_add(&amount, n > 300 && n < 1400, s);
        tally_add(&norooms, f.lev->nrooms == 0, s);
        if (want == 1)
            tally_add(&lit, light_is(f.lev, 1), s);
        else if (want == 0)
            tally_add(&unlit, light_is(f.lev, 0), s);
        else
            lit_random += light_is(f.lev, 1) && n > 0;
        fx_close(&f);

        /* unwalled, unjoined: only fg and bg, floor next to stone */
        fx_open(&f, s);
        splev_gen_mines(&f.g, SPLEV_ROOM, SPLEV_STONE, (int)(s & 1), 0, 0, 0,
                        -1);
        tally_add(&terrain, only_fg_bg(f.lev, SPLEV_ROOM, SPLEV_STONE), s);
        tally_add(&unwalled, has_stone_next_to_floor(f.lev), s);
        fx_close(&f);
    }
    CHECK_TALLY(conn, "joined caves: every floor cell reaches every other");
    CHECK_TALLY(walls, "walled caves: walls between floor and stone");
    CHECK_TALLY(amount, "caves keep a plausible amount of floor");
    CHECK_TALLY(norooms, "UnNetHack empties the cave room list");
    CHECK_TALLY(lit, "lit caves: floor and walls lit");
    CHECK_TALLY(unlit, "unlit caves: nothing lit");
    CHECK(lit_random > 10 && lit_random < SEEDS / 3 - 10,
          "random light lights about half the caves (%d of %d)", lit_random,
          SEEDS / 3);
    CHECK_TALLY(terrain, "unwalled caves hold only fg and bg");
    CHECK_TALLY(unwalled, "unwalled caves leave floor next to stone");
}

/* The backfill of UnNetHack: walled + joined + fill replaces the stone. */
static void test_mines_fill(void)
{
    tally t = {0, 0};
    for (unsigned long s = 1; s <= 50; s++) {
        fixture f;
        fx_open(&f, s);
        splev_gen_mines(&f.g, SPLEV_ROOM, SPLEV_STONE, 1, 1, 0, 1,
                        SPLEV_LAVAPOOL);
        int stone = 0, lava_unlit = 0;
        for (int x = 1; x < SPLEV_COLNO; x++)
            for (int y = 0; y < SPLEV_ROWNO; y++) {
                stone += typ_at(f.lev, x, y) == SPLEV_STONE;
                lava_unlit += typ_at(f.lev, x, y) == SPLEV_LAVAPOOL &&
                              !f.lev->cells[x][y].lit;
            }
        tally_add(&t, stone == 0 && lava_unlit == 0 && floor_connected(f.lev),
                  s);
        fx_close(&f);
    }
    CHECK_TALLY(t, "fill replaces the remaining stone (lava lit)");

    /* mazelevel: UnNetHack clears it only with a fill, NetHack always */
    int kept = 0, cleared = 0, nh = 0;
    for (int k = 0; k < 3; k++) {
        fixture f;
        fx_open(&f, 9);
        f.lev->flags |= SPLEV_F_MAZELEVEL;
        f.g.dialect = k == 2 ? SPLEV_GEN_NH36 : SPLEV_GEN_UN;
        splev_gen_mines(&f.g, SPLEV_ROOM, SPLEV_STONE, 1, 1, 0, 1,
                        k == 1 ? SPLEV_STONE : -1);
        int on = (f.lev->flags & SPLEV_F_MAZELEVEL) != 0;
        if (k == 0)
            kept = on;
        else if (k == 1)
            cleared = !on;
        else
            nh = !on;
        fx_close(&f);
    }
    CHECK(kept && cleared && nh, "mazelevel cleared as each dialect does");
}

/* The NetHack dialect keeps its cave rooms, irregular, one per region. */
static void test_mines_nh(void)
{
    tally t = {0, 0};
    for (unsigned long s = 1; s <= 50; s++) {
        fixture f;
        fx_open(&f, s);
        f.g.dialect = SPLEV_GEN_NH36;
        splev_gen_mines(&f.g, SPLEV_ROOM, SPLEV_STONE, 1, 1, 1, 1, -1);
        int ok = f.lev->nrooms > 0 && floor_connected(f.lev) &&
                 walled_off(f.lev);
        for (size_t i = 0; i < f.lev->nrooms; i++)
            ok &= f.lev->rooms[i].irregular && f.lev->rooms[i].rlit;
        tally_add(&t, ok, s);
        fx_close(&f);
    }
    CHECK_TALLY(t, "NetHack caves: rooms kept, lit, joined, walled");
}

/* Room numbers already on the map (a NetHack-dialect script with a room
 * before its INIT_MAP) send the joining to the cell-by-cell flood; one
 * on a background cell, out of every region, must change nothing else:
 * both floods give the same cave. */
static void test_mines_nh_flood_paths(void)
{
    tally t = {0, 0};
    for (unsigned long s = 1; s <= 50; s++) {
        uint32_t d[2];
        size_t n[2];
        for (int k = 0; k < 2; k++) {
            fixture f;
            fx_open(&f, s);
            f.g.dialect = SPLEV_GEN_NH36;
            if (k)
                f.lev->cells[1][0].roomno = 200;
            splev_gen_mines(&f.g, SPLEV_ROOM, SPLEV_STONE, 1, 1, s & 1, 1, -1);
            f.lev->cells[1][0].roomno = 0;
            d[k] = level_digest(f.lev);
            n[k] = f.lev->nrooms;
            fx_close(&f);
        }
        tally_add(&t, d[0] == d[1] && n[0] == n[1] && n[0] > 0, s);
    }
    CHECK_TALLY(t, "NetHack caves: the mask flood and the cell flood agree");
}

static void test_solid_and_grid(void)
{
    fixture f;
    fx_open(&f, 7);
    splev_gen_init_map(&f.g, SPLEV_GEN_INIT_SOLIDFILL, SPLEV_LAVAPOOL, 0, 0,
                       0, 0, 0, -1);
    int ok = 1;
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int edge = x == 1 || x == SPLEV_COLNO - 1;
            int t = typ_at(f.lev, x, y);
            ok &= edge ? t == SPLEV_STONE
                       : t == SPLEV_LAVAPOOL && f.lev->cells[x][y].lit;
        }
    CHECK(ok, "solidfill fills columns 2..78, lava lit");
    fx_close(&f);

    /* no light given (-2): the type only; a transparent fill: the light
     * only; each leaves the other byte and columns 0, 1, 79 alone */
    static const struct { int fill, lit, want_typ, want_lit; } only[] = {
        {SPLEV_ROOM, -2, SPLEV_ROOM, 1},
        {SPLEV_TRANSPARENT, 0, SPLEV_POOL, 0},
    };
    for (size_t k = 0; k < sizeof only / sizeof only[0]; k++) {
        fx_open(&f, 7);
        for (int x = 0; x < SPLEV_COLNO; x++)
            for (int y = 0; y < SPLEV_ROWNO; y++) {
                f.lev->cells[x][y].typ = SPLEV_POOL;
                f.lev->cells[x][y].lit = 1;
            }
        splev_gen_solidfill(&f.g, only[k].fill, only[k].lit);
        ok = 1;
        for (int x = 0; x < SPLEV_COLNO; x++)
            for (int y = 0; y < SPLEV_ROWNO; y++) {
                int in = x >= 2 && x <= 78;
                ok &= typ_at(f.lev, x, y) == (in ? only[k].want_typ : SPLEV_POOL) &&
                      f.lev->cells[x][y].lit == (in ? only[k].want_lit : 1);
            }
        CHECK(ok, "solidfill %zu: only the type or only the light", k);
        fx_close(&f);
    }

    fx_open(&f, 7);
    splev_gen_mazegrid(&f.g, SPLEV_HWALL);
    ok = 1;
    for (int x = 2; x <= 78; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int stone = y < 2 || ((x & 1) && (y & 1));
            ok &= typ_at(f.lev, x, y) == (stone ? SPLEV_STONE : SPLEV_HWALL);
        }
    CHECK(ok, "mazegrid: stone lattice cells in a wall grid");
    fx_close(&f);

    /* a transparent fill keeps what is not lattice stone */
    fx_open(&f, 7);
    for (int x = 0; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            f.lev->cells[x][y].typ = SPLEV_POOL;
    splev_gen_mazegrid(&f.g, SPLEV_TRANSPARENT);
    ok = 1;
    for (int x = 0; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int stone = x >= 2 && x <= 78 && (y < 2 || ((x & 1) && (y & 1)));
            ok &= typ_at(f.lev, x, y) == (stone ? SPLEV_STONE : SPLEV_POOL);
        }
    CHECK(ok, "mazegrid with a transparent fill: only the lattice changes");
    fx_close(&f);

    /* a corridor maze starts as stone everywhere */
    fx_open(&f, 7);
    f.lev->flags |= SPLEV_F_CORRMAZE;
    splev_gen_mazegrid(&f.g, SPLEV_HWALL);
    ok = 1;
    for (int x = 2; x <= 78; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            ok &= typ_at(f.lev, x, y) == SPLEV_STONE;
    CHECK(ok, "mazegrid of a corridor maze: all stone");
    fx_close(&f);
}

static void test_determinism(void)
{
    uint32_t d[2];
    for (int i = 0; i < 2; i++) {
        fixture f;
        fx_open(&f, 4242);
        splev_gen_mines(&f.g, SPLEV_ROOM, SPLEV_STONE, 1, 1, -1, 1, -1);
        d[i] = level_digest(f.lev);
        fx_close(&f);
    }
    CHECK(d[0] == d[1], "same seed, same cave");
}

static void test_golden(void)
{
    static const struct {
        unsigned long seed;
        int smoothed, joined, lit, walled;
        const char *file;
    } cases[] = {
        {1, 1, 1, 1, 1, "tests/golden/gen/mines-1.txt"},
        {2, 1, 1, 0, 1, "tests/golden/gen/mines-2.txt"},
        {3, 0, 0, 0, 0, "tests/golden/gen/mines-3.txt"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fixture f;
        fx_open(&f, cases[i].seed);
        splev_gen_mines(&f.g, SPLEV_ROOM, SPLEV_STONE, cases[i].smoothed,
                        cases[i].joined, cases[i].lit, cases[i].walled, -1);
        int ok = golden_level(f.lev, cases[i].file);
        CHECK(ok, "golden %s", cases[i].file);
        fx_close(&f);
    }
}

int main(void)
{
    test_mines_invariants();
    test_mines_fill();
    test_mines_nh();
    test_mines_nh_flood_paths();
    test_solid_and_grid();
    test_determinism();
    test_golden();
    return unit_status();
}
