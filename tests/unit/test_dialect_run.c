/* The run-time half of the NetHack 3.6 dialect where a des-file and
 * levgen cannot show it (doc/dialects.md): the map-character filter with
 * a random light (no des syntax reaches it), the context-dependent rules
 * (a suppressed fixed STAIR, the Mines' light, the default branch over the
 * whole level), and the reachability of the MiniHack-style environments
 * in tests/dialect/env over many seeds. */
#include "interp_asm.h"
#include "splev/levcomp.h"
#include "splev/world.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static splev_genctx ctx;

/* Compile des text in memory; the first level's script (owned by *r). */
static const splev_levscript *compile(const char *text, int dialect,
                                      splev_compiled **r)
{
    splev_levcomp_opts o;
    memset(&o, 0, sizeof o);
    o.dialect = dialect;
    char err[200];
    splev_levcomp *lc = splev_levcomp_new(&o, err, sizeof err);
    *r = splev_levcomp_buffer(lc, "t.des", text, strlen(text));
    splev_levcomp_free(lc);
    return (*r)->errors == 0 && (*r)->nlevels > 0 ? (*r)->levels[0].script
                                                  : NULL;
}

static splev_level *run_text(const char *text, int dialect, uint64_t seed)
{
    splev_compiled *r;
    const splev_levscript *s = compile(text, dialect, &r);
    char err[300] = "";
    splev_level *lev = s ? splev_run(s, &ctx, seed, err, sizeof err) : NULL;
    if (!lev)
        printf("# %s\n", s ? err : "compile failed");
    splev_compiled_free(r);
    return lev;
}

enum { UN = SPLEV_LEVCOMP_DIALECT_UNNETHACK, NH = SPLEV_LEVCOMP_DIALECT_NETHACK36 };

/* ---- filter((c, random), sel): SEMANTICS 8.3 ---- */

/* A row of 20 floor cells; TERRAIN over (with_filter) the floor cells of
 * the row kept by filter(('.', random), row), else over the whole row. */
static splev_level *filter_level(int dialect, int with_filter)
{
    static tasm a;
    asm_init(&a);
    asm_emit(&a, OP_LEVEL_FLAGS, 0, 0, SPLEV_F_NOFLIPX | SPLEV_F_NOFLIPY);
    PREG(&a, 1, 1, 20, 1);
    E0(&a, SEL_FILLRECT);
    push_mapchar(&a, '.', -2);
    E0(&a, TERRAIN);
    if (with_filter)
        push_mapchar(&a, '.', -1);
    PREG(&a, 1, 1, 20, 1);
    E0(&a, SEL_FILLRECT);
    if (with_filter)
        E0(&a, SEL_FILTER_MAP);
    push_mapchar(&a, 'T', -2);
    E0(&a, TERRAIN);
    PCOORD(&a, 5, 5);                 /* one more draw after the filter */
    E0(&a, SEL_POINT);
    asm_emit(&a, OP_PUSH_INT, 0, 0, 1);
    E0(&a, SEL_GROW);
    E0(&a, SEL_RNDCOORD);
    E0(&a, SEL_POINT);
    push_mapchar(&a, '{', -2);
    E0(&a, TERRAIN);
    splev_levscript *s = asm_build(&a, "t");
    if (!s)
        return NULL;
    s->dialect = dialect == NH ? SPLEV_DIALECT_NETHACK36 : SPLEV_DIALECT_UNNETHACK;
    char err[200];
    splev_level *lev = splev_run(s, &ctx, 1, err, sizeof err);
    splev_lev_free(s);
    return lev;
}

static int count_typ(const splev_level *lev, int typ)
{
    int n = 0;
    for (int x = 0; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            n += lev->cells[x][y].typ == typ;
    return n;
}

static int same_cells(const splev_level *a, const splev_level *b)
{
    return memcmp(a->cells, b->cells, sizeof a->cells) == 0;
}

static void test_filter_random_light(void)
{
    splev_level *un = filter_level(UN, 1), *un_all = filter_level(UN, 0);
    splev_level *nh = filter_level(NH, 1);
    CHECK(un && un_all && nh, "filter levels run");
    if (!un || !un_all || !nh)
        return;
    CHECK(count_typ(un, SPLEV_TREE) == 20,
          "UnNetHack: a random light keeps every matching cell (%d of 20)",
          count_typ(un, SPLEV_TREE));
    CHECK(same_cells(un, un_all),
          "UnNetHack: the filter draws nothing (the later random spot is the same)");
    int n = count_typ(nh, SPLEV_TREE);
    CHECK(n == 7, "NetHack 3.6: rn2(2) per matching cell keeps 7 of 20 (seed 1): %d", n);
    splev_level_free(un);
    splev_level_free(un_all);
    splev_level_free(nh);
}

/* ---- context-dependent rules ---- */

static const char *fountain_stair =
    "MAZE: \"fst\", ' '\n"
    "GEOMETRY: center, center\n"
    "MAP\n---\n|{|\n---\nENDMAP\n"
    "STAIR: (1,1), up\n";

/* An up stair at a fixed spot on the top level is not made; UnNetHack
 * has made its cell ROOM first (DECISIONS 49), NetHack 3.6 leaves it. */
static void test_suppressed_stair(void)
{
    ctx.top_level = 1;
    splev_level *un = run_text(fountain_stair, UN, 1);
    splev_level *nh = run_text(fountain_stair, NH, 1);
    ctx.top_level = 0;
    CHECK(un && nh, "suppressed stair levels run");
    if (!un || !nh)
        return;
    CHECK(un->nstairs == 0 && nh->nstairs == 0, "no stair on the top level");
    CHECK(count_typ(un, SPLEV_FOUNTAIN) == 0 && count_typ(un, SPLEV_ROOM) == 1,
          "UnNetHack: the fountain became ROOM under the suppressed stair");
    CHECK(count_typ(nh, SPLEV_FOUNTAIN) == 1,
          "NetHack 3.6: the fountain stays");
    splev_level_free(un);
    splev_level_free(nh);
}

static const char *mines_cave =
    "MAZE: \"mcave\", ' '\n"
    "INIT_MAP: mines, '.', ' ', true, true, random, true\n";

/* Random light in the Mines outside Minetown: UnNetHack lights 9 in 10
 * (rn2(10) < 9 after the rn2(2)), NetHack 3.6 one in 2. */
static void test_mines_light(void)
{
    int lit[2] = {0, 0};
    ctx.in_mines = 1;
    for (int d = 0; d < 2; d++)
        for (uint64_t seed = 1; seed <= 40; seed++) {
            splev_level *lev = run_text(mines_cave, d ? NH : UN, seed);
            if (!lev)
                continue;
            int any = 0;
            for (int x = 0; x < SPLEV_COLNO && !any; x++)
                for (int y = 0; y < SPLEV_ROWNO && !any; y++)
                    any = lev->cells[x][y].typ == SPLEV_ROOM &&
                          lev->cells[x][y].lit;
            lit[d] += any;
            splev_level_free(lev);
        }
    ctx.in_mines = 0;
    CHECK(lit[0] == 36, "UnNetHack Mines caves: 36 of 40 seeds lit (%d)", lit[0]);
    CHECK(lit[1] == 20, "NetHack 3.6 Mines caves: 20 of 40 seeds lit (%d)", lit[1]);
}

static const char *ice_level =
    "MAZE: \"ice\", ' '\n"
    "INIT_MAP: solidfill, 'I'\n"
    "TERRAIN: (40,10), '.'\n";

/* The default branch on a level without rooms goes anywhere on the whole
 * level: x 0..79 and ice in UnNetHack, x 1..79 and no ice in 3.6. */
static void test_whole_level_branch(void)
{
    ctx.has_branch = 1;
    int on_ice[2] = {0, 0}, on_floor[2] = {0, 0};
    for (int d = 0; d < 2; d++)
        for (uint64_t seed = 1; seed <= 10; seed++) {
            splev_level *lev = run_text(ice_level, d ? NH : UN, seed);
            if (!lev)
                continue;
            for (size_t i = 0; i < lev->nstairs; i++)
                if (lev->stairs[i].kind == SPLEV_SK_BRANCH_STAIR) {
                    int x = lev->stairs[i].x, y = lev->stairs[i].y;
                    on_floor[d] += x == 41 && y == 10;
                    on_ice[d] += !(x == 41 && y == 10);
                }
            splev_level_free(lev);
        }
    ctx.has_branch = 0;
    CHECK(on_ice[0] == 10, "UnNetHack: the branch lands on ice (%d of 10)", on_ice[0]);
    CHECK(on_floor[1] == 10 && on_ice[1] == 0,
          "NetHack 3.6: the branch takes the one floor cell (%d of 10)", on_floor[1]);
}

/* ---- the MiniHack-style environments ---- */

static splev_level *run_file(const char *path, uint64_t seed)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("# cannot open %s\n", path);
        return NULL;
    }
    static char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    return run_text(text, SPLEV_LEVCOMP_DIALECT_AUTO, seed);
}

static int stair_at(const splev_level *lev, int up, int *x, int *y)
{
    for (size_t i = 0; i < lev->nstairs; i++)
        if (lev->stairs[i].kind == SPLEV_SK_STAIR && lev->stairs[i].up == up) {
            *x = lev->stairs[i].x;
            *y = lev->stairs[i].y;
            return 1;
        }
    return 0;
}

/* Orthogonal steps over floor, stairs, corridors and doors; a locked
 * door is a wall unless `key`. */
static void walk(const splev_level *lev, int sx, int sy, int key,
                 uint8_t seen[SPLEV_COLNO][SPLEV_ROWNO])
{
    static int q[SPLEV_COLNO * SPLEV_ROWNO][2];
    int head = 0, tail = 0;
    memset(seen, 0, SPLEV_COLNO * SPLEV_ROWNO);
    seen[sx][sy] = 1;
    q[tail][0] = sx;
    q[tail++][1] = sy;
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    while (head < tail) {
        int x = q[head][0], y = q[head++][1];
        for (int d = 0; d < 4; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            if (nx < 1 || nx >= SPLEV_COLNO || ny < 0 || ny >= SPLEV_ROWNO ||
                seen[nx][ny])
                continue;
            const splev_cell *c = &lev->cells[nx][ny];
            int ok = c->typ == SPLEV_ROOM || c->typ == SPLEV_STAIRS ||
                     c->typ == SPLEV_CORR ||
                     (c->typ == SPLEV_DOOR &&
                      (key || !(c->doormask & SPLEV_D_LOCKED)));
            if (!ok)
                continue;
            seen[nx][ny] = 1;
            q[tail][0] = nx;
            q[tail++][1] = ny;
        }
    }
}

enum { ENV_SEEDS = 30 };

static void test_env_room(void)
{
    int good = 0;
    for (uint64_t seed = 1; seed <= ENV_SEEDS; seed++) {
        splev_level *lev = run_file("tests/dialect/env/mh-room.des", seed);
        int ux, uy, dx, dy;
        good += lev && stair_at(lev, 1, &ux, &uy) && stair_at(lev, 0, &dx, &dy) &&
                (ux != dx || uy != dy) && splev_world_check_reach(lev, NULL, 0) == 0 &&
                lev->cells[ux][uy].lit && lev->cells[dx][dy].lit;
        splev_level_free(lev);
    }
    CHECK(good == ENV_SEEDS,
          "mh-room: start and goal apart, lit, the goal reachable (%d of %d seeds)",
          good, ENV_SEEDS);
}

static void test_env_keymaze(void)
{
    int good = 0;
    static uint8_t seen[SPLEV_COLNO][SPLEV_ROWNO];
    for (uint64_t seed = 1; seed <= ENV_SEEDS; seed++) {
        splev_level *lev = run_file("tests/dialect/env/mh-keymaze.des", seed);
        int ux, uy, dx, dy, ok = lev && stair_at(lev, 1, &ux, &uy) &&
                                 stair_at(lev, 0, &dx, &dy);
        const splev_object *key = NULL;
        for (size_t i = 0; ok && i < lev->nobjects; i++)
            if (lev->objects[i].name && !strcmp(lev->objects[i].name, "skeleton key"))
                key = &lev->objects[i];
        ok = ok && key;
        if (ok) {
            walk(lev, ux, uy, 0, seen);
            ok = seen[key->x][key->y] && !seen[dx][dy];
        }
        if (ok) {
            walk(lev, ux, uy, 1, seen);
            ok = seen[dx][dy] && splev_world_check_reach(lev, NULL, 0) == 0;
        }
        good += ok;
        splev_level_free(lev);
    }
    CHECK(good == ENV_SEEDS,
          "mh-keymaze: the key is reachable, the goal only through the locked "
          "door (%d of %d seeds)", good, ENV_SEEDS);
}

static void test_env_lava(void)
{
    int good = 0;
    for (uint64_t seed = 1; seed <= ENV_SEEDS; seed++) {
        splev_level *lev = run_file("tests/dialect/env/mh-lava.des", seed);
        int ux, uy, dx, dy, ok = lev && stair_at(lev, 1, &ux, &uy) &&
                                 stair_at(lev, 0, &dx, &dy);
        int fx = -1, fy = -1, lava = 0;
        for (int x = 0; ok && x < SPLEV_COLNO; x++)
            for (int y = 0; y < SPLEV_ROWNO; y++) {
                if (lev->cells[x][y].typ == SPLEV_LAVAPOOL) {
                    lava++;
                    fx = x;
                }
            }
        /* the ford: the one floor cell of the river's column */
        for (int y = 0; ok && fx >= 0 && y < SPLEV_ROWNO; y++)
            if (lev->cells[fx][y].typ == SPLEV_ROOM)
                fy = fy < 0 ? y : -2;
        ok = ok && lava == 5 && fy >= 0 && ux < fx && dx > fx &&
             splev_world_check_reach(lev, NULL, 0) == 0;
        if (ok) {
            lev->cells[fx][fy].typ = SPLEV_LAVAPOOL;
            ok = splev_world_check_reach(lev, NULL, 0) == 1;
        }
        good += ok;
        splev_level_free(lev);
    }
    CHECK(good == ENV_SEEDS,
          "mh-lava: one ford, start and goal on either bank, the goal reachable "
          "only over the ford (%d of %d seeds)", good, ENV_SEEDS);
}

int main(void)
{
    splev_genctx_init(&ctx);
    test_filter_random_light();
    test_suppressed_stair();
    test_mines_light();
    test_whole_level_branch();
    test_env_room();
    test_env_keymaze();
    test_env_lava();
    return unit_status();
}
