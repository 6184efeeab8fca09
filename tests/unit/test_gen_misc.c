/* test_gen_misc.c - the Rogue tribute level, random-vault selection and
 * the room loop, the treasure vault, and the way-out check. */
#include "gen_check.h"

enum { SEEDS = 200 };

static int passable(const splev_level *lev, int x, int y)
{
    int t = typ_at(lev, x, y);
    return t >= SPLEV_DOOR || t == SPLEV_SDOOR || t == SPLEV_SCORR;
}

static int accessible(const splev_level *lev, int x, int y)
{
    return typ_at(lev, x, y) >= SPLEV_DOOR;
}

/* ---- Rogue ---- */

static void test_rogue(void)
{
    tally conn = {0, 0}, count = {0, 0}, doors = {0, 0}, grid = {0, 0};
    for (unsigned long s = 1; s <= SEEDS; s++) {
        fixture f;
        fx_open(&f, s);
        splev_gen_init_map(&f.g, SPLEV_GEN_INIT_ROGUE, 0, 0, 0, 0, 0, 0, -1);
        int n = (int)f.lev->nrooms;
        tally_add(&count, n >= 1 && n <= 9, s);
        /* everything walkable is one 4-connected network */
        grid_t seen;
        memset(seen, 0, sizeof seen);
        const splev_room *r0 = &f.lev->rooms[0];
        int reached = flood(f.lev, r0->lx, r0->ly, passable, 0, seen);
        tally_add(&conn, reached == count_cells(f.lev, passable), s);
        /* doors: doorless, on walls */
        int ok = 1;
        for (int x = 1; x < SPLEV_COLNO; x++)
            for (int y = 0; y < SPLEV_ROWNO; y++)
                if (typ_at(f.lev, x, y) == SPLEV_DOOR)
                    ok &= f.lev->cells[x][y].doormask == SPLEV_D_NODOOR;
        tally_add(&doors, ok, s);
        /* each room inside its third of the map */
        ok = 1;
        for (int i = 0; i < n; i++) {
            const splev_room *r = &f.lev->rooms[i];
            int cx = (r->lx - 1) / 26, cy = r->ly / 7;
            ok &= (r->hx - 1) / 26 == cx && r->hy / 7 == cy &&
                  r->hy <= 19 && r->hx <= 78;
        }
        tally_add(&grid, ok, s);
        fx_close(&f);
    }
    CHECK_TALLY(count, "rogue: 1..9 rooms");
    CHECK_TALLY(conn, "rogue: rooms and corridors all connected");
    CHECK_TALLY(doors, "rogue: doors are doorways");
    CHECK_TALLY(grid, "rogue: each room within its grid cell");

    fixture f;
    fx_open(&f, 3);
    splev_gen_rogue(&f.g);
    int ok = golden_level(f.lev, "tests/golden/gen/rogue-3.txt");
    CHECK(ok, "golden rogue-3");
    fx_close(&f);
}

/* ---- random vaults ---- */

static void test_pick_vault(void)
{
    fixture f;
    fx_open(&f, 1);
    int hits[3] = {0, 0, 0};
    static const int eq[3] = {1, 1, 1};
    for (int i = 0; i < 3000; i++)
        hits[splev_gen_pick_vault(&f.g, eq, 3)]++;
    CHECK(hits[0] == 0 && hits[1] > 800 && hits[2] > 1800,
          "vault pick: last-loaded first, +1/-1 chances (%d %d %d)", hits[0],
          hits[1], hits[2]);
    static const int w[3] = {2000, 0, 5};
    int big = 0;
    for (int i = 0; i < 2000; i++)
        big += splev_gen_pick_vault(&f.g, w, 3) == 0;
    CHECK(big > 1960, "vault pick: weights count (%d of 2000)", big);
    CHECK(splev_gen_pick_vault(&f.g, w, 0) == -1, "vault pick: empty list");
    fx_close(&f);
}

typedef struct vault_run {
    int calls, in_mode;
} vault_run;

/* A stand-in vault script: one small random ROOM, as vaults.des does. */
static int run_vault(void *ud, splev_gen *g, int index)
{
    vault_run *v = ud;
    v->calls++;
    v->in_mode += g->vault_mode;
    splev_gen_roomspec rs = {index == 0 ? 0 : SPLEV_GEN_RNDVAULT, 100, -1, 1,
                             1, -1, -1, -1, -1, -1, -1};
    return splev_gen_build_room(g, -1, &rs) >= 0;
}

static void test_makerooms_vaults(void)
{
    tally t = {0, 0}, vault = {0, 0};
    static const int freqs[2] = {2000, 1};
    int made_vaults = 0;
    for (unsigned long s = 1; s <= SEEDS; s++) {
        fixture f;
        fx_open(&f, s);
        vault_run v = {0, 0};
        int n = splev_gen_makerooms(&f.g, freqs, 2, run_vault, &v);
        tally_add(&t, n >= 1 && v.calls >= n && v.in_mode == v.calls &&
                          !f.g.vault_mode,
                  s);
        splev_gen_makecorridors(&f.g, 0);
        int r = splev_gen_make_vault(&f.g);
        if (r >= 0) {
            made_vaults++;
            const splev_room *vr = &f.lev->rooms[r];
            int ok = vr->rtype == SPLEV_GEN_VAULT && vr->hx - vr->lx == 1 &&
                     vr->hy - vr->ly == 1 && f.lev->ngolds == 4;
            /* closed: walls all round, nothing walkable next to them */
            for (int x = vr->lx - 1; x <= vr->hx + 1; x++)
                for (int y = vr->ly - 1; y <= vr->hy + 1; y++) {
                    int wall = x < vr->lx || x > vr->hx || y < vr->ly ||
                               y > vr->hy;
                    ok &= wall ? SPLEV_IS_WALL(typ_at(f.lev, x, y))
                               : typ_at(f.lev, x, y) == SPLEV_ROOM;
                }
            for (size_t i = 0; i < f.lev->nrooms; i++)
                if ((int)i != r) {
                    const splev_room *o = &f.lev->rooms[i];
                    ok &= o->hx + 1 < vr->lx - 1 || vr->hx + 1 < o->lx - 1 ||
                          o->hy + 1 < vr->ly - 1 || vr->hy + 1 < o->ly - 1;
                }
            tally_add(&vault, ok, s);
        }
        fx_close(&f);
    }
    CHECK_TALLY(t, "makerooms runs vault scripts in vault mode");
    CHECK_TALLY(vault, "treasure vault: closed 2x2, gold, apart from rooms");
    CHECK(made_vaults > SEEDS / 4, "treasure vaults made (%d of %d)",
          made_vaults, SEEDS);
}

/* A failing vault script ends the room loop. */
static int failing_vault(void *ud, splev_gen *g, int index)
{
    (void)index;
    (*(int *)ud)++;
    g->vault_failed = 1;
    return 1;
}

static void test_vault_failure(void)
{
    fixture f;
    fx_open(&f, 2);
    int calls = 0;
    static const int one[1] = {1};
    splev_gen_makerooms(&f.g, one, 1, failing_vault, &calls);
    CHECK(calls == 1 && f.lev->nrooms == 0, "a failed vault ends makerooms");
    fx_close(&f);
}

/* NetHack's room order: by left edge, then top, ties stable. */
static void test_sort_rooms(void)
{
    tally t = {0, 0};
    for (unsigned long s = 1; s <= 50; s++) {
        fixture f;
        fx_open(&f, s);
        f.g.dialect = SPLEV_GEN_NH36;
        splev_gen_makerooms(&f.g, NULL, 0, NULL, NULL);
        int ok = splev_gen_sort_rooms(&f.g);
        for (size_t i = 1; i < f.lev->nrooms; i++) {
            const splev_room *a = &f.lev->rooms[i - 1], *b = &f.lev->rooms[i];
            ok &= a->lx < b->lx || (a->lx == b->lx && a->ly <= b->ly);
            ok &= f.g.smeq[i] == (int)i;
        }
        tally_add(&t, ok, s);
        fx_close(&f);
    }
    CHECK_TALLY(t, "sort_rooms: by left edge, classes renumbered");
    fixture f;
    fx_open(&f, 1);
    int p = splev_gen_create_room(&f.g, 3, 3, 10, 5, 3, 3, 0, 0);
    splev_gen_create_subroom(&f.g, p, -1, -1, -1, -1, 0, 0);
    CHECK(!splev_gen_sort_rooms(&f.g), "sort_rooms refuses with subrooms");
    fx_close(&f);
}

/* ---- ensure a way out ---- */

static int seed_cell(const splev_level *lev, int x, int y)
{
    for (size_t i = 0; i < lev->nstairs; i++)
        if (lev->stairs[i].x == x && lev->stairs[i].y == y)
            return 1;
    for (size_t i = 0; i < lev->ntraps; i++)
        if (lev->traps[i].x == x && lev->traps[i].y == y &&
            (lev->traps[i].type == 13 || lev->traps[i].type == 14))
            return 1;
    for (size_t i = 0; i < lev->nobjects; i++)
        if (lev->objects[i].x == x && lev->objects[i].y == y &&
            lev->objects[i].cls != '`')
            return 1;
    return 0;
}

/* Every accessible cell is connected (8-way, through secret doors and
 * corridors) to a stair, a hole or an escape item. */
static int all_have_exit(const splev_level *lev)
{
    grid_t seen;
    memset(seen, 0, sizeof seen);
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (seed_cell(lev, x, y))
                flood(lev, x, y, passable, 1, seen);
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (accessible(lev, x, y) && !seen[x][y])
                return 0;
    return 1;
}

static void add_stair_in_room(fixture *f, int room)
{
    const splev_room *r = &f->lev->rooms[room];
    f->lev->cells[r->lx][r->ly].typ = SPLEV_STAIRS;
    splev_level_add_stair(f->lev, SPLEV_SK_STAIR, r->lx, r->ly, 1, NULL);
}

static void test_way_out(void)
{
    tally rooms = {0, 0}, nofall = {0, 0}, sub = {0, 0}, caves = {0, 0};
    int items = 0;
    for (unsigned long s = 1; s <= SEEDS; s++) {
        /* unconnected rooms, one stair: holes for the others */
        fixture f;
        fx_open(&f, s);
        splev_gen_makerooms(&f.g, NULL, 0, NULL, NULL);
        add_stair_in_room(&f, 0);
        int left = splev_gen_ensure_way_out(&f.g);
        tally_add(&rooms, left == 0 && all_have_exit(f.lev), s);
        fx_close(&f);

        /* no falling through: escape items */
        fx_open(&f, s);
        f.g.can_fall = 0;
        splev_gen_makerooms(&f.g, NULL, 0, NULL, NULL);
        add_stair_in_room(&f, 0);
        left = splev_gen_ensure_way_out(&f.g);
        items += (int)f.lev->nobjects;
        tally_add(&nofall, left == 0 && f.lev->ntraps == 0 &&
                               all_have_exit(f.lev),
                  s);
        fx_close(&f);

        /* a closed subroom next to the stair's room gets a door */
        fx_open(&f, s);
        int p = splev_gen_create_room(&f.g, 3, 3, 14, 5, 3, 3, 0, 0);
        splev_gen_create_subroom(&f.g, p, 6, 1, 4, 2, 0, 0);
        add_stair_in_room(&f, p);
        left = splev_gen_ensure_way_out(&f.g);
        int doors = 0;
        for (int x = 1; x < SPLEV_COLNO; x++)
            for (int y = 0; y < SPLEV_ROWNO; y++)
                doors += typ_at(f.lev, x, y) == SPLEV_DOOR;
        tally_add(&sub, left == 0 && doors == 1 && f.lev->ntraps == 0 &&
                            all_have_exit(f.lev),
                  s);
        fx_close(&f);

        /* unjoined caves */
        fx_open(&f, s);
        splev_gen_mines(&f.g, SPLEV_ROOM, SPLEV_STONE, 1, 0, 0, 1, -1);
        left = splev_gen_ensure_way_out(&f.g);
        tally_add(&caves, left == 0 && all_have_exit(f.lev), s);
        fx_close(&f);
    }
    CHECK_TALLY(rooms, "way out: every room reaches an exit");
    CHECK_TALLY(nofall, "way out without falling: escape items");
    CHECK(items >= SEEDS, "way out: escape items were made (%d)", items);
    CHECK_TALLY(sub, "way out: a closed subroom gets one door");
    CHECK_TALLY(caves, "way out: unjoined caves");

    fixture f;
    fx_open(&f, 1);
    splev_gen_makerooms(&f.g, NULL, 0, NULL, NULL);
    add_stair_in_room(&f, 0);
    splev_gen_ensure_way_out(&f.g);
    int ok = golden_level(f.lev, "tests/golden/gen/wayout-1.txt");
    CHECK(ok, "golden wayout-1");
    fx_close(&f);
}

int main(void)
{
    test_rogue();
    test_pick_vault();
    test_makerooms_vaults();
    test_vault_failure();
    test_sort_rooms();
    test_way_out();
    return unit_status();
}
