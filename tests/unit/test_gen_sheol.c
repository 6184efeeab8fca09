/* test_gen_sheol.c - INIT_MAP sheollev: reachability, both sides open,
 * light and nondiggable rock, the three depths, determinism, goldens. */
#include "gen_check.h"

enum { SEEDS = 40 };

static int wet(const splev_level *lev, int x, int y)
{
    int t = typ_at(lev, x, y);
    return t == SPLEV_ICE || t == SPLEV_POOL || t == SPLEV_ROOM;
}

static int wet_or_icewall(const splev_level *lev, int x, int y)
{
    int t = typ_at(lev, x, y);
    return wet(lev, x, y) || t == SPLEV_ICEWALL || t == SPLEV_CRYSTALICEWALL;
}

/* From one floor cell every ICE/POOL/ROOM cell is reached, walking
 * 4-connected, if need be through ice walls (they melt). */
static int reachable(const splev_level *lev)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            if (typ_at(lev, x, y) != SPLEV_ROOM)
                continue;
            grid_t seen;
            memset(seen, 0, sizeof seen);
            flood(lev, x, y, wet_or_icewall, 0, seen);
            for (int xx = 1; xx < SPLEV_COLNO; xx++)
                for (int yy = 0; yy < SPLEV_ROWNO; yy++)
                    if (wet(lev, xx, yy) && !seen[xx][yy])
                        return 0;
            return 1;
        }
    return 0;
}

static int sides_open(const splev_level *lev)
{
    int west = 0, east = 0;
    for (int y = 0; y < SPLEV_ROWNO; y++) {
        for (int x = 1; x <= 15; x++)
            west |= typ_at(lev, x, y) == SPLEV_ROOM;
        for (int x = 65; x <= 79; x++)
            east |= typ_at(lev, x, y) == SPLEV_ROOM;
    }
    return west && east;
}

static int lit_and_hard(const splev_level *lev)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            const splev_cell *c = &lev->cells[x][y];
            if (!c->lit)
                return 0;
            if (c->typ == SPLEV_STONE && !c->nondiggable)
                return 0;
            if ((c->typ == SPLEV_ICE || c->typ == SPLEV_ROOM) && c->nondiggable)
                return 0;
        }
    return 1;
}

static void test_invariants(void)
{
    tally reach = {0, 0}, sides = {0, 0}, light = {0, 0};
    for (int dl = 1; dl <= 3; dl++)
        for (unsigned long s = 1; s <= SEEDS; s++) {
            fixture f;
            fx_open(&f, s);
            f.g.sheol_dlevel = dl;
            splev_gen_init_map(&f.g, SPLEV_GEN_INIT_SHEOL, 0, 0, 0, 0, 0, 0, -1);
            tally_add(&reach, reachable(f.lev), s * 10 + (unsigned long)dl);
            tally_add(&sides, sides_open(f.lev), s * 10 + (unsigned long)dl);
            tally_add(&light, lit_and_hard(f.lev) && f.g.warnings == 0,
                      s * 10 + (unsigned long)dl);
            fx_close(&f);
        }
    CHECK_TALLY(reach, "sheol: all ice, pools and floor reachable");
    CHECK_TALLY(sides, "sheol: floor at both ends");
    CHECK_TALLY(light, "sheol: lit, stone nondiggable, floor diggable");
}

static void test_golden_and_determinism(void)
{
    static const int dls[3] = {1, 2, 3};
    for (int i = 0; i < 3; i++) {
        fixture f;
        fx_open(&f, 5);
        f.g.sheol_dlevel = dls[i];
        splev_gen_sheol(&f.g);
        uint32_t d = level_digest(f.lev);
        char path[64];
        snprintf(path, sizeof path, "tests/golden/gen/sheol-%d.txt", dls[i]);
        int ok = golden_level(f.lev, path);
        CHECK(ok, "golden %s", path);
        fx_close(&f);
        fx_open(&f, 5);
        f.g.sheol_dlevel = dls[i];
        splev_gen_sheol(&f.g);
        CHECK(d == level_digest(f.lev), "same seed, same Sheol (level %d)",
              dls[i]);
        fx_close(&f);
    }
}

/* Every Sheol of dungeon levels 1-5 and seeds 1-60, as a digest of the
 * grid and the next number the generator would draw: the faster searches
 * (voronoi.c, the river's stamps, the path's spacing, the flood) must
 * leave the maps and the draws of the plain code that wrote this file
 * exactly as they were. */
static void test_digests(void)
{
    size_t cap = 64 * 300, len = 0;
    char *text = malloc(cap);
    for (int dl = 1; dl <= 5; dl++)
        for (unsigned long s = 1; s <= 60; s++) {
            fixture f;
            fx_open(&f, s);
            f.g.sheol_dlevel = dl;
            int restarts = splev_gen_sheol(&f.g);
            len += (size_t)snprintf(text + len, cap - len,
                                    "%d %lu %08x %d %d %u\n", dl, s,
                                    (unsigned)level_digest(f.lev), restarts,
                                    f.g.warnings,
                                    (unsigned)splev_rng_next(&f.rng));
            fx_close(&f);
        }
    CHECK(matches_golden(text, "tests/golden/gen/sheol-digests.txt"),
          "300 Sheol levels as the plain search made them");
    free(text);
}

int main(void)
{
    test_digests();
    test_invariants();
    test_golden_and_determinism();
    return unit_status();
}
