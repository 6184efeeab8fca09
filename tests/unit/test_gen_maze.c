/* test_gen_maze.c - MAZEWALK: a perfect maze on the odd lattice inside
 * its bounds, over many seeds; the stocked fill; golden mazes. */
#include "gen_check.h"

enum { SEEDS = 200, LAT_X = 38, LAT_Y = 9 };

static int floor_like(const splev_level *lev, int x, int y)
{
    int t = typ_at(lev, x, y);
    return t == SPLEV_ROOM || t == SPLEV_CORR;
}

static int maze_check(const splev_level *lev, int extra, int *why);

static int perfect_maze(const splev_level *lev, int *why)
{
    return maze_check(lev, 0, why);
}

/* Lattice cells carved, connectors between them, anything carved out of
 * bounds, and connectivity: a perfect maze has n cells and n-1 links
 * (extra = 1 allows the one loop MAZEWALK's entry cells can close). */
static int maze_check(const splev_level *lev, int extra, int *why)
{
    int cells = 0, links = 0;
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            if (!floor_like(lev, x, y))
                continue;
            if (x < 3 || x > 77 || y < 3 || y > 19) {
                *why = 1;
                return 0;
            }
            if ((x & 1) && (y & 1))
                cells++;
            else if ((x & 1) != (y & 1))
                links++;
            else {
                *why = 2;       /* an even-even cell: never carved */
                return 0;
            }
        }
    if (cells != LAT_X * LAT_Y || links < cells - 1 || links > cells - 1 + extra) {
        *why = 3;
        return 0;
    }
    grid_t seen;
    memset(seen, 0, sizeof seen);
    if (flood(lev, 3, 3, floor_like, 0, seen) != cells + links) {
        *why = 4;
        return 0;
    }
    return 1;
}

static void test_perfect(void)
{
    tally grid = {0, 0}, stone = {0, 0}, corr = {0, 0};
    for (unsigned long s = 1; s <= SEEDS; s++) {
        int why = 0;
        fixture f;
        fx_open(&f, s);
        splev_gen_mazegrid(&f.g, SPLEV_HWALL);
        int y = 3 + 2 * (int)(s % LAT_Y);
        splev_gen_mazewalk(&f.g, 2, y, SPLEV_GEN_EAST, 0, -1);
        tally_add(&grid, perfect_maze(f.lev, &why), s);
        fx_close(&f);

        /* the walk alone on plain stone, from any lattice cell */
        fx_open(&f, s);
        splev_gen_walkfrom(&f.g, 3 + 2 * (int)(s % LAT_X), y, SPLEV_ROOM);
        tally_add(&stone, perfect_maze(f.lev, &why), s);
        fx_close(&f);

        /* corrmaze: corridors */
        fx_open(&f, s);
        f.lev->flags |= SPLEV_F_CORRMAZE;
        splev_gen_mazegrid(&f.g, SPLEV_HWALL);
        splev_gen_mazewalk(&f.g, 40, 2, SPLEV_GEN_SOUTH, 0, -1);
        int ok = typ_at(f.lev, 40, 3) == SPLEV_CORR &&
                 maze_check(f.lev, 1, &why);
        for (int x = 1; x < SPLEV_COLNO; x++)
            for (int yy = 0; yy < SPLEV_ROWNO; yy++)
                ok &= typ_at(f.lev, x, yy) != SPLEV_ROOM;
        tally_add(&corr, ok, s);
        fx_close(&f);
    }
    CHECK_TALLY(grid, "mazegrid + MAZEWALK: a perfect maze in bounds");
    CHECK_TALLY(stone, "walkfrom on plain stone: a perfect maze");
    CHECK_TALLY(corr, "MAZEWALK from an even cell (corrmaze): CORR maze, entry carved");
}

/* The first steps: the entry cells are carved and a door is kept. */
static void test_entry(void)
{
    fixture f;
    fx_open(&f, 1);
    splev_gen_mazegrid(&f.g, SPLEV_HWALL);
    f.lev->cells[39][10].typ = SPLEV_DOOR;
    splev_gen_mazewalk(&f.g, 39, 11, SPLEV_GEN_NORTH, 0, -1);
    CHECK(typ_at(f.lev, 39, 10) == SPLEV_DOOR, "a door next to the start stays");
    CHECK(typ_at(f.lev, 39, 9) == SPLEV_ROOM, "the walk starts beyond it");
    fx_close(&f);

    fx_open(&f, 1);
    splev_gen_mazewalk(&f.g, 0, 5, SPLEV_GEN_EAST, 0, -1);
    CHECK(count_cells(f.lev, floor_like) == 0, "a start off the map does nothing");
    fx_close(&f);
}

static void test_stocked(void)
{
    tally t = {0, 0};
    int things = 0;
    for (unsigned long s = 1; s <= 50; s++) {
        fixture f;
        fx_open(&f, s);
        splev_gen_mazegrid(&f.g, SPLEV_HWALL);
        splev_gen_mazewalk(&f.g, 2, 3, SPLEV_GEN_EAST, 1, -1);
        int ok = 1;
        for (size_t i = 0; i < f.lev->nobjects; i++)
            ok &= floor_like(f.lev, f.lev->objects[i].x, f.lev->objects[i].y);
        for (size_t i = 0; i < f.lev->nmonsters; i++)
            ok &= floor_like(f.lev, f.lev->monsters[i].x,
                             f.lev->monsters[i].y);
        for (size_t i = 0; i < f.lev->ntraps; i++)
            ok &= floor_like(f.lev, f.lev->traps[i].x, f.lev->traps[i].y);
        things += (int)(f.lev->nobjects + f.lev->nmonsters);
        tally_add(&t, ok, s);
        fx_close(&f);
    }
    CHECK_TALLY(t, "stocked maze: everything on carved floor");
    CHECK(things > 50 * 10, "stocked maze: things were placed (%d)", things);
}

static void test_golden(void)
{
    fixture f;
    fx_open(&f, 1);
    splev_gen_mazegrid(&f.g, SPLEV_HWALL);
    splev_gen_mazewalk(&f.g, 2, 11, SPLEV_GEN_EAST, 0, -1);
    int ok = golden_level(f.lev, "tests/golden/gen/maze-1.txt");
    CHECK(ok, "golden maze-1");
    fx_close(&f);
    fx_open(&f, 99);
    splev_gen_mazewalk(&f.g, 40, 10, SPLEV_GEN_NORTH, 0, SPLEV_CORR);
    ok = golden_level(f.lev, "tests/golden/gen/maze-99.txt");
    CHECK(ok, "golden maze-99");
    fx_close(&f);
}

static void test_determinism(void)
{
    uint32_t d[2];
    for (int i = 0; i < 2; i++) {
        fixture f;
        fx_open(&f, 77);
        splev_gen_mazegrid(&f.g, SPLEV_HWALL);
        splev_gen_mazewalk(&f.g, 2, 5, SPLEV_GEN_EAST, 1, -1);
        d[i] = level_digest(f.lev);
        fx_close(&f);
    }
    CHECK(d[0] == d[1], "same seed, same maze");
}

int main(void)
{
    test_perfect();
    test_entry();
    test_stocked();
    test_golden();
    test_determinism();
    return unit_status();
}
