/* test_gen_rooms.c - random rooms on the rectangle allocator, aligned
 * rooms on the 5x5 grid, subrooms, vaults, the random light state, and
 * a statistical check of counts and sizes over 1000 seeds. */
#include "gen_check.h"

enum { SEEDS = 200 };

/* Plain random rooms until the allocator gives up (makerooms without
 * vault scripts). */
static int fill_rooms(fixture *f)
{
    return splev_gen_makerooms(&f->g, NULL, 0, NULL, NULL);
}

static int boxes_overlap(const splev_room *a, const splev_room *b)
{
    return !(a->hx + 1 < b->lx - 1 || b->hx + 1 < a->lx - 1 ||
             a->hy + 1 < b->ly - 1 || b->hy + 1 < a->ly - 1);
}

/* The walls all around, floor inside. */
static int drawn_room(const splev_level *lev, const splev_room *r)
{
    for (int x = r->lx - 1; x <= r->hx + 1; x++)
        for (int y = r->ly - 1; y <= r->hy + 1; y++) {
            int t = typ_at(lev, x, y);
            int wall = x < r->lx || x > r->hx || y < r->ly || y > r->hy;
            if (wall ? !SPLEV_IS_WALL(t) : t != SPLEV_ROOM)
                return 0;
        }
    return 1;
}

static int corners_shaped(const splev_level *lev, const splev_room *r)
{
    return typ_at(lev, r->lx - 1, r->ly - 1) == SPLEV_TLCORNER &&
           typ_at(lev, r->hx + 1, r->ly - 1) == SPLEV_TRCORNER &&
           typ_at(lev, r->lx - 1, r->hy + 1) == SPLEV_BLCORNER &&
           typ_at(lev, r->hx + 1, r->hy + 1) == SPLEV_BRCORNER;
}

static void test_random_rooms(void)
{
    tally overlap = {0, 0}, inside = {0, 0}, walls = {0, 0}, size = {0, 0};
    tally topo = {0, 0}, flags = {0, 0};
    for (unsigned long s = 1; s <= SEEDS; s++) {
        fixture f;
        fx_open(&f, s);
        int n = fill_rooms(&f);
        int ok_o = n >= 1, ok_i = 1, ok_w = 1, ok_s = 1, ok_f = 1;
        for (size_t i = 0; i < f.lev->nrooms; i++) {
            const splev_room *r = &f.lev->rooms[i];
            for (size_t j = 0; j < i; j++)
                ok_o &= !boxes_overlap(r, &f.lev->rooms[j]);
            ok_i &= r->lx >= 3 && r->hx <= 77 && r->ly >= 2 && r->hy <= 18;
            ok_w &= drawn_room(f.lev, r) && corners_shaped(f.lev, r);
            int w = r->hx - r->lx + 1, h = r->hy - r->ly + 1;
            ok_s &= w >= 2 && w <= 14 && h >= 2 && h <= 6;
            ok_f &= r->needjoining == 1 && r->needfill == 1 && r->parent < 0;
        }
        tally_add(&overlap, ok_o, s);
        tally_add(&inside, ok_i, s);
        tally_add(&walls, ok_w, s);
        tally_add(&size, ok_s, s);
        tally_add(&flags, ok_f, s);
        /* topology once the rooms are topologized */
        int ok_t = 1;
        for (size_t i = 0; i < f.lev->nrooms; i++) {
            splev_gen_topologize(&f.g, (int)i);
            const splev_room *r = &f.lev->rooms[i];
            ok_t &= f.lev->cells[r->lx][r->ly].roomno == i + 3 &&
                    f.lev->cells[r->lx - 1][r->ly].edge &&
                    f.lev->cells[r->lx - 1][r->ly].roomno == i + 3;
        }
        tally_add(&topo, ok_t, s);
        fx_close(&f);
    }
    CHECK_TALLY(overlap, "random rooms: at least one, walls never overlap");
    CHECK_TALLY(inside, "random rooms: inside the map's room area");
    CHECK_TALLY(walls, "random rooms: walls all round, shaped corners");
    CHECK_TALLY(size, "random rooms: 2..14 x 2..6");
    CHECK_TALLY(flags, "random rooms of makerooms are joined and filled");
    CHECK_TALLY(topo, "topologize: room numbers and edges");
}

/* Counts and sizes over 1000 levels: the ranges the allocator gives. */
static void test_statistics(void)
{
    int min_n = 99, max_n = 0, total = 0, wide = 0, rooms = 0;
    for (unsigned long s = 1; s <= 1000; s++) {
        fixture f;
        fx_open(&f, s);
        int n = fill_rooms(&f);
        min_n = n < min_n ? n : min_n;
        max_n = n > max_n ? n : max_n;
        total += n;
        for (size_t i = 0; i < f.lev->nrooms; i++) {
            const splev_room *r = &f.lev->rooms[i];
            wide += r->hx - r->lx + 1 >= 10;
            rooms++;
        }
        fx_close(&f);
    }
    printf("# rooms per level %d..%d, mean %.2f, wide %d of %d\n", min_n,
           max_n, total / 1000.0, wide, rooms);
    CHECK(min_n >= 2 && max_n <= SPLEV_GEN_MAXROOMS, "room count in range");
    CHECK(total / 1000.0 > 5 && total / 1000.0 < 15, "mean room count 5..15");
    CHECK(wide > rooms / 20 && wide < rooms / 2, "some wide rooms");
}

/* A ROOM on the 5x5 grid, aligned, on an empty level: the exact spot. */
static void test_aligned(void)
{
    static const struct {
        int x, y, w, h, xa, ya, lx, ly;
    } cases[] = {
        {3, 3, 5, 3, SPLEV_GEN_CENTER, SPLEV_GEN_CENTER, 38, 9},
        {1, 1, 4, 2, SPLEV_GEN_LEFT, SPLEV_GEN_TOP, 3, 2},
        {5, 5, 6, 3, SPLEV_GEN_RIGHT, SPLEV_GEN_BOTTOM, 71, 15},
        {2, 4, 3, 2, SPLEV_GEN_HALF_RIGHT, SPLEV_GEN_TOP, 17, 13},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fixture f;
        fx_open(&f, 1);
        int r = splev_gen_create_room(&f.g, cases[i].x, cases[i].y,
                                      cases[i].w, cases[i].h, cases[i].xa,
                                      cases[i].ya, SPLEV_GEN_OROOM, 0);
        const splev_room *rm = r >= 0 ? &f.lev->rooms[r] : NULL;
        CHECK(rm && rm->lx == cases[i].lx && rm->ly == cases[i].ly &&
                  rm->hx - rm->lx + 1 == cases[i].w &&
                  rm->hy - rm->ly + 1 == cases[i].h,
              "aligned room %zu at (%d,%d): got (%d,%d)", i, cases[i].lx,
              cases[i].ly, rm ? rm->lx : -1, rm ? rm->ly : -1);
        fx_close(&f);
    }
}

static int interiors_overlap(const splev_room *a, const splev_room *b)
{
    return !(a->hx < b->lx || b->hx < a->lx || a->hy < b->ly || b->hy < a->ly);
}

/* Partly random rooms (random grid cell, size or alignment).  This path
 * trusts the rectangle list alone (NetHack) or moves a room off the
 * rectangle it was given (UnNetHack's check_room, SEMANTICS §8.6, kept),
 * and the list's nested splits can leave a margin over a room's walls,
 * so two rooms may share a wall; their floors never meet. */
static void test_partly_random(void)
{
    tally t[2] = {{0, 0}, {0, 0}};
    for (int nh = 0; nh < 2; nh++)
        for (unsigned long s = 1; s <= SEEDS; s++) {
            fixture f;
            fx_open(&f, s);
            f.g.dialect = nh ? SPLEV_GEN_NH36 : SPLEV_GEN_UN;
            for (int k = 0; k < 12; k++) {
                splev_gen_roomspec rs = {SPLEV_GEN_OROOM, 100, -1, 1, 1,
                                         -1, -1, -1, -1, -1, -1};
                if (k & 1) {
                    rs.x = 1 + k % 5;
                    rs.y = 1 + (k / 2) % 5;
                }
                if (k & 2) {
                    rs.w = 3 + k;
                    rs.h = 2 + k % 3;
                }
                splev_gen_build_room(&f.g, -1, &rs);
            }
            int ok = 1;
            for (size_t i = 0; i < f.lev->nrooms; i++) {
                const splev_room *r = &f.lev->rooms[i];
                ok &= r->lx >= 1 && r->hx <= 78 && r->ly >= 1 && r->hy <= 19;
                for (size_t j = 0; j < i; j++)
                    ok &= !interiors_overlap(r, &f.lev->rooms[j]);
            }
            tally_add(&t[nh], ok, s);
            fx_close(&f);
        }
    CHECK_TALLY(t[0], "partly random rooms (UnNetHack): floors never overlap");
    CHECK_TALLY(t[1], "partly random rooms (NetHack): floors never overlap");
}

static int inside_parent(const splev_level *lev, const splev_room *s)
{
    const splev_room *p = &lev->rooms[s->parent];
    return s->lx >= p->lx && s->hx <= p->hx && s->ly >= p->ly &&
           s->hy <= p->hy && s->lx - 1 >= p->lx - 1 && s->hx + 1 <= p->hx + 1;
}

static void test_subrooms(void)
{
    tally t = {0, 0}, nested = {0, 0};
    for (unsigned long s = 1; s <= SEEDS; s++) {
        fixture f;
        fx_open(&f, s);
        int parent = splev_gen_create_room(&f.g, 3, 3, 16, 4 + (int)(s % 3),
                                           SPLEV_GEN_CENTER, SPLEV_GEN_CENTER,
                                           SPLEV_GEN_OROOM, 1);
        int ok = parent >= 0;
        for (int k = 0; k < 3 && ok; k++) {
            splev_gen_roomspec rs = {SPLEV_GEN_OROOM, 100, -1, 1, 1,
                                     -1, -1, -1, -1, -1, -1};
            int sub = splev_gen_build_room(&f.g, parent, &rs);
            ok &= sub >= 0 && f.lev->rooms[sub].parent == parent &&
                  inside_parent(f.lev, &f.lev->rooms[sub]) &&
                  f.lev->cells[f.lev->rooms[sub].lx][f.lev->rooms[sub].ly]
                          .roomno == sub + 3;
        }
        tally_add(&t, ok, s);
        fx_close(&f);
        /* a subroom of a subroom, then the 4x4 minimum */
        fx_open(&f, s);
        int big = splev_gen_create_room(&f.g, 2, 2, 14, 6, 1, 1, 0, 0);
        int mid = splev_gen_create_subroom(&f.g, big, 2, 1, 8, 4, 0, 0);
        int small = splev_gen_create_subroom(&f.g, mid, -1, -1, -1, -1, 0, 0);
        int tiny = splev_gen_create_subroom(&f.g, small, -1, -1, -1, -1, 0, 0);
        tally_add(&nested, big >= 0 && mid >= 0 && small >= 0 && tiny < 0 &&
                               inside_parent(f.lev, &f.lev->rooms[mid]) &&
                               inside_parent(f.lev, &f.lev->rooms[small]),
                  s);
        fx_close(&f);
    }
    CHECK_TALLY(t, "subrooms lie inside their parent, numbered");
    CHECK_TALLY(nested, "nested subrooms; a parent under 4x4 refuses");

    fixture f;
    fx_open(&f, 5);
    int big = splev_gen_create_room(&f.g, 3, 3, 17, 5, 3, 3, 0, 0);
    int made = 0;
    for (int k = 0; k < 30; k++)
        made += splev_gen_create_subroom(&f.g, big, 1 + k % 10, 1, 1, 1, 0, 0)
                >= 0;
    CHECK(made == SPLEV_GEN_MAXSUBROOMS, "at most 24 subrooms per room (%d)",
          made);
    fx_close(&f);

    /* the model's limit: room numbers must fit a byte */
    fx_open(&f, 6);
    int last = 0;
    for (int k = 0; k < SPLEV_GEN_MAXMODELROOMS + 5; k++) {
        splev_gen_newroom nr = {5, 5, 6, 6, 0, 0, 1, -1};
        last = splev_gen_add_room(&f.g, &nr);
    }
    CHECK(last == -1 && f.lev->nrooms == SPLEV_GEN_MAXMODELROOMS,
          "registration stops at %d rooms", SPLEV_GEN_MAXMODELROOMS);
    fx_close(&f);
}

/* DECISIONS 13: a ROOM of type vault is a real closed 2x2 room. */
static void test_vault_room(void)
{
    tally t = {0, 0};
    for (unsigned long s = 1; s <= SEEDS; s++) {
        fixture f;
        fx_open(&f, s);
        splev_gen_roomspec rs = {SPLEV_GEN_VAULT, 100, 1, 1, 1,
                                 -1, -1, -1, -1, -1, -1};
        int r = splev_gen_build_room(&f.g, -1, &rs);
        int ok = r >= 0;
        if (ok) {
            const splev_room *v = &f.lev->rooms[r];
            ok = v->rtype == SPLEV_GEN_VAULT && v->hx - v->lx == 1 &&
                 v->hy - v->ly == 1 && !v->needjoining && drawn_room(f.lev, v);
        }
        tally_add(&t, ok, s);
        fx_close(&f);
    }
    CHECK_TALLY(t, "a vault ROOM is a closed, unjoined 2x2 room");
}

static void test_random_lit(void)
{
    fixture f;
    fx_open(&f, 3);
    int lit1 = 0, lit30 = 0;
    for (int i = 0; i < 2000; i++)
        lit1 += splev_gen_random_lit(&f.g);
    f.g.depth = 30;
    for (int i = 0; i < 2000; i++)
        lit30 += splev_gen_random_lit(&f.g);
    CHECK(lit1 > 1900, "shallow rooms are nearly always lit (%d/2000)", lit1);
    CHECK(lit30 > 500 && lit30 < 850, "deep rooms: 10/31 lit (%d/2000)",
          lit30);
    fx_close(&f);
}

/* The chance of a room type: rn2(100) < chance keeps it. */
static void test_chance(void)
{
    fixture f;
    fx_open(&f, 11);
    int typed = 0;
    for (int k = 0; k < 200; k++) {
        splev_gen_roomspec rs = {8, 30, 0, 0, 1, -1, -1, -1, -1, -1, -1};
        int r = splev_gen_build_room(&f.g, -1, &rs);
        if (r >= 0)
            typed += f.lev->rooms[r].rtype == 8;
        f.lev->nrooms = 0;
        splev_gen_init_rects(&f.g);
        memset(f.lev->cells, 0, sizeof f.lev->cells);
    }
    CHECK(typed > 35 && typed < 90, "chance 30: about 30%% typed (%d/200)",
          typed);
    fx_close(&f);
}

static void test_golden(void)
{
    fixture f;
    fx_open(&f, 1);
    fill_rooms(&f);
    int ok = golden_level(f.lev, "tests/golden/gen/rooms-1.txt");
    CHECK(ok, "golden rooms-1");
    fx_close(&f);
    fx_open(&f, 2);
    f.g.dialect = SPLEV_GEN_NH36;
    int p = splev_gen_create_room(&f.g, 2, 2, 12, 5, 3, 3, 0, 1);
    splev_gen_create_subroom(&f.g, p, -1, -1, -1, -1, 0, 0);
    splev_gen_create_room(&f.g, -1, -1, -1, -1, -1, -1, 0, -1);
    ok = golden_level(f.lev, "tests/golden/gen/rooms-2.txt");
    CHECK(ok, "golden rooms-2");
    fx_close(&f);
}

static void test_determinism(void)
{
    uint32_t d[2];
    for (int i = 0; i < 2; i++) {
        fixture f;
        fx_open(&f, 31337);
        fill_rooms(&f);
        d[i] = level_digest(f.lev);
        fx_close(&f);
    }
    CHECK(d[0] == d[1], "same seed, same rooms");
}

int main(void)
{
    test_random_rooms();
    test_statistics();
    test_aligned();
    test_partly_random();
    test_subrooms();
    test_vault_room();
    test_random_lit();
    test_chance();
    test_golden();
    test_determinism();
    return unit_status();
}
