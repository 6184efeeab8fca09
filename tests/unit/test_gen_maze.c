/* test_gen_maze.c - MAZEWALK: a perfect maze on the odd lattice inside
 * its bounds, over many seeds; the stocked fill and its uniform spot
 * pick; golden mazes. */
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

    /* a STONE fill would reopen every cell to the walk: nothing is carved
     * and nothing drawn (the stack of one entry a cell cannot overflow) */
    fx_open(&f, 1);
    splev_rng before = f.rng;
    splev_gen_walkfrom(&f.g, 41, 9, SPLEV_STONE);
    CHECK(count_cells(f.lev, floor_like) == 0 && typ_at(f.lev, 41, 9) == SPLEV_STONE &&
              before.state == f.rng.state,
          "walkfrom with a STONE fill carves nothing");
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

/* The filler's spot pick on a hand-made level: odd dry marked cells of
 * x 3..77, y 3..19 are spots; decoys around them (a spot's cell made a
 * pool, marks on even cells, outside the range, unmarked floor) never
 * are.  One rn2(n) a pick, indexing the spots x-major. */
enum { PICKS_PER_SPOT = 400 };

static int spot_wanted(int x, int y)
{
    return (x * 7 + y * 3) % 5 != 0;    /* 4 of 5 odd cells */
}

static void spot_level(fixture *f)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            int odd = (x & 1) && (y & 1);
            f->lev->cells[x][y].typ = SPLEV_ROOM;
            /* marked: the wanted odd cells, every even cell, the rim */
            f->g.mark[x][y] = !odd || spot_wanted(x, y) || x < 3 || x > 77 ||
                              y < 3 || y > 19;
            if (odd && (x * 7 + y * 3) % 11 == 0)
                f->lev->cells[x][y].typ = SPLEV_POOL;   /* wet: no spot */
        }
}

static int spot_valid(const splev_level *lev, int x, int y)
{
    return (x & 1) && (y & 1) && x >= 3 && x <= 77 && y >= 3 && y <= 19 &&
           spot_wanted(x, y) && lev->cells[x][y].typ == SPLEV_ROOM;
}

static void test_spot_pick(void)
{
    static int hits[SPLEV_COLNO][SPLEV_ROWNO];
    int order[SPLEV_GEN_MAXSPOTS][2], n = 0;
    fixture f;
    fx_open(&f, 5);
    spot_level(&f);
    for (int x = 0; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (spot_valid(f.lev, x, y)) {
                order[n][0] = x;
                order[n++][1] = y;
            }
    int marked = 0;
    for (int x = 2; x <= 77; x++)
        for (int y = 0; y <= 19; y++)
            marked += f.g.mark[x][y];
    splev_gen_spots s;
    splev_gen_maze_spots(&f.g, &s);
    CHECK(s.n == n && n > 200, "spot list: %d spots, %d valid cells", s.n, n);
    CHECK(s.marked == marked, "marked cells of x 2..77, y 0..19: %d, want %d",
          s.marked, marked);

    /* each pick is one rn2(n) naming the spot at that place, x-major */
    splev_rng twin = f.rng;
    int bad = 0, order_bad = 0, total = n * PICKS_PER_SPOT;
    memset(hits, 0, sizeof hits);
    for (int i = 0; i < total; i++) {
        int x = -1, y = -1;
        if (!splev_gen_maze_spot(&f.g, &s, &x, &y) || x < 0 ||
            x >= SPLEV_COLNO || y < 0 || y >= SPLEV_ROWNO) {
            bad++;
            continue;
        }
        int k = splev_rn2(&twin, n);
        order_bad += x != order[k][0] || y != order[k][1];
        bad += !spot_valid(f.lev, x, y);
        hits[x][y]++;
    }
    CHECK(bad == 0, "spot pick: no invalid spot (%d)", bad);
    CHECK(order_bad == 0 && twin.state == f.rng.state,
          "spot pick: one rn2(n) a pick, x-major (%d off)", order_bad);

    /* uniform: each of n spots about PICKS_PER_SPOT times (sd 20) */
    int lo = total, hi = 0;
    double chi2 = 0;
    for (int k = 0; k < n; k++) {
        int h = hits[order[k][0]][order[k][1]];
        lo = h < lo ? h : lo;
        hi = h > hi ? h : hi;
        chi2 += (double)(h - PICKS_PER_SPOT) * (h - PICKS_PER_SPOT) / PICKS_PER_SPOT;
    }
    CHECK(lo >= PICKS_PER_SPOT - 80 && hi <= PICKS_PER_SPOT + 80,
          "spot pick: every spot chosen %d..%d times of %d", lo, hi,
          PICKS_PER_SPOT);
    /* chi-square with n - 1 degrees of freedom: within 4 sd, sqrt(2n) */
    CHECK((chi2 - n) * (chi2 - n) < 16.0 * 2 * n,
          "spot pick: chi-square %.1f for %d spots", chi2, n);
    fx_close(&f);

    /* no spot: nothing picked and no draw made */
    fx_open(&f, 5);
    splev_gen_maze_spots(&f.g, &s);
    splev_rng before = f.rng;
    int x = 0, y = 0;
    CHECK(s.n == 0 && !splev_gen_maze_spot(&f.g, &s, &x, &y) &&
              before.state == f.rng.state,
          "no spot: no pick, no draw");
    fx_close(&f);

    /* one spot: always found */
    fx_open(&f, 5);
    f.lev->cells[41][9].typ = SPLEV_CORR;
    f.g.mark[41][9] = 1;
    splev_gen_maze_spots(&f.g, &s);
    int one = 1;
    for (int i = 0; i < 100; i++)
        one &= splev_gen_maze_spot(&f.g, &s, &x, &y) && x == 41 && y == 9;
    CHECK(s.n == 1 && one, "a single spot is always the pick");
    fx_close(&f);
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
    test_spot_pick();
    test_golden();
    test_determinism();
    return unit_status();
}
