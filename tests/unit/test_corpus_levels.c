/* test_corpus_levels.c - invariants of generated levels, for every level
 * script given on the command line and seeds 1..N (tests/t_corpus_levels.sh
 * passes the compiled corpus; run with no arguments it checks nothing).
 *
 *   test_corpus_levels [--seeds N] FILE.lev...
 *
 * N: --seeds, else SPLEV_CORPUS_SEEDS, else 200 (20 under ASan).
 *
 * Per level and seed: the run succeeds; stairs and ladders stand on
 * their own cells with walkable ground next to them; a joined mines cave
 * has all its floor connected; on a level with RANDOM_CORRIDORS every
 * joined top-level room reaches every other through doors and corridors
 * (secret ones count); rooms do not overlap, subrooms stay inside their
 * parent; no monster or object drawn at random stands in rock or a wall
 * (wall-passers may, where the level is not non-passwall); no two
 * monsters share a cell.
 * Exceptions the game shares, read from the script: a cave with a MAP
 * (the map may wall a pocket off), REGION-only levels (their rooms are
 * the author's rectangles), things placed before a later MAP.
 * One "ok"/"not ok" line per level, naming the first failing seed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levcode/opcodes.h"
#include "splev/interp.h"
#include "splev/level.h"
#include "splev/levscript.h"

typedef uint8_t grid[SPLEV_COLNO][SPLEV_ROWNO];

/* What the script asks for, read from its code. */
typedef struct traits {
    int joined_cave;    /* INIT_MAP mines with joined, and no MAP */
    int corridors;      /* RANDOM_CORRIDORS */
    int rooms;          /* ROOM or SUBROOM */
    int painted_over;   /* a MAP comes after a MONSTER or OBJECT */
} traits;

static traits script_traits(const splev_levscript *s)
{
    traits t = {0, 0, 0, 0};
    int things = 0, maps = 0;
    for (uint32_t pc = 0; pc < s->n_insns; pc++) {
        const splev_insn *in = &s->code[pc];
        if (in->op == OP_RANDOM_CORRIDORS)
            t.corridors = 1;
        if (in->op == OP_ROOM)
            t.rooms = 1;
        if (in->op == OP_MONSTER || in->op == OP_OBJECT)
            things = 1;
        if (in->op == OP_MAP && in->a) {
            maps = 1;
            t.painted_over |= things;
        }
        /* fg bg smoothed joined lit walled fill: joined is 4 back */
        if (in->op == OP_INIT_MAP && in->arg == 3 && pc >= 4 &&
            s->code[pc - 4].op == OP_PUSH_INT && s->code[pc - 4].arg != 0)
            t.joined_cave = 1;
    }
    /* A MAP block may wall off part of the cave (minetown, Gehennom
     * mazes): the game does not join the cave again. */
    t.joined_cave &= !maps;
    return t;
}

static int inmap(int x, int y)
{
    return x >= 1 && x < SPLEV_COLNO && y >= 0 && y < SPLEV_ROWNO;
}

static int typ(const splev_level *lev, int x, int y)
{
    return lev->cells[x][y].typ;
}

/* Ground one can stand on or pass (secret doors and corridors count). */
static int passable(int t)
{
    return t == SPLEV_SDOOR || t == SPLEV_SCORR || t >= SPLEV_DOOR;
}

static int is_floor(int t)
{
    return t == SPLEV_ROOM || t == SPLEV_CORR;
}

/* In a cave, water and lava do not cut the floor apart (one can swim,
 * levitate or freeze it): only rock, walls, trees and bars do. */
static int cave_passable(int t)
{
    return passable(t) || t == SPLEV_POOL || t == SPLEV_MOAT ||
           t == SPLEV_WATER || t == SPLEV_LAVAPOOL ||
           t == SPLEV_DRAWBRIDGE_UP;
}

/* Doors (with a real door in them) cannot be entered diagonally. */
static int door_blocks_diagonal(const splev_cell *c)
{
    return c->typ == SPLEV_SDOOR ||
           (c->typ == SPLEV_DOOR &&
            (c->doormask & ~(SPLEV_D_NODOOR | SPLEV_D_BROKEN)) != 0);
}

/* Cells reachable from (sx, sy) over passable ground, moving as the
 * hero does; returns how many. */
static int reach(const splev_level *lev, int sx, int sy, grid seen,
                 int (*ok)(int))
{
    static int st[SPLEV_COLNO * SPLEV_ROWNO][2];
    int sp = 0, n = 0;
    memset(seen, 0, sizeof(grid));
    seen[sx][sy] = 1;
    st[sp][0] = sx;
    st[sp++][1] = sy;
    while (sp > 0) {
        sp--;
        int x = st[sp][0], y = st[sp][1];
        n++;
        for (int dx = -1; dx <= 1; dx++)
            for (int dy = -1; dy <= 1; dy++) {
                int nx = x + dx, ny = y + dy;
                if (!inmap(nx, ny) || seen[nx][ny] || !ok(typ(lev, nx, ny)))
                    continue;
                if (dx && dy && (door_blocks_diagonal(&lev->cells[x][y]) ||
                                 door_blocks_diagonal(&lev->cells[nx][ny])))
                    continue;
                seen[nx][ny] = 1;
                st[sp][0] = nx;
                st[sp++][1] = ny;
            }
    }
    return n;
}

static char why[256];

static int check_stairs(const splev_level *lev)
{
    for (size_t i = 0; i < lev->nstairs; i++) {
        const splev_stair *s = &lev->stairs[i];
        if (s->kind == SPLEV_SK_PORTAL || s->kind == SPLEV_SK_BRANCH_PORTAL)
            continue;
        int t = typ(lev, s->x, s->y);
        int want = s->kind == SPLEV_SK_LADDER ? SPLEV_LADDER : SPLEV_STAIRS;
        if (t != want) {
            snprintf(why, sizeof why, "%s at (%d,%d) on %s",
                     splev_stair_kind_name(s->kind), s->x, s->y,
                     splev_terrain_name(t));
            return 0;
        }
    }
    return 1;
}

static int check_cave(const splev_level *lev)
{
    grid seen;
    int total = 0, sx = -1, sy = -1;
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (is_floor(typ(lev, x, y))) {
                total++;
                if (sx < 0) {
                    sx = x;
                    sy = y;
                }
            }
    if (sx < 0)
        return 1;
    reach(lev, sx, sy, seen, cave_passable);
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (is_floor(typ(lev, x, y)) && !seen[x][y]) {
                snprintf(why, sizeof why,
                         "joined cave: floor (%d,%d) not reached from (%d,%d)",
                         x, y, sx, sy);
                return 0;
            }
    return 1;
}

static int joinable(const splev_room *r)
{
    return r->parent < 0 && r->needjoining && r->rtype != 4 && !r->irregular;
}

static int check_rooms_joined(const splev_level *lev)
{
    grid seen;
    int first = -1;
    for (size_t i = 0; i < lev->nrooms; i++) {
        const splev_room *r = &lev->rooms[i];
        if (!joinable(r))
            continue;
        if (first < 0) {
            first = (int)i;
            reach(lev, r->lx, r->ly, seen, passable);
            continue;
        }
        int ok = 0;
        for (int x = r->lx; x <= r->hx && !ok; x++)
            for (int y = r->ly; y <= r->hy && !ok; y++)
                ok = seen[x][y];
        if (!ok) {
            snprintf(why, sizeof why, "room %zu (%d,%d)-(%d,%d) not joined to room %d",
                     i, r->lx, r->ly, r->hx, r->hy, first);
            return 0;
        }
    }
    return 1;
}

static int overlap(const splev_room *a, const splev_room *b)
{
    return a->lx <= b->hx && b->lx <= a->hx && a->ly <= b->hy && b->ly <= a->hy;
}

static int inside(const splev_room *in, const splev_room *out)
{
    return in->lx >= out->lx && in->hx <= out->hx && in->ly >= out->ly &&
           in->hy <= out->hy;
}

static int check_overlap(const splev_level *lev)
{
    for (size_t i = 0; i < lev->nrooms; i++) {
        const splev_room *a = &lev->rooms[i];
        if (a->parent >= 0 && !inside(a, &lev->rooms[a->parent])) {
            snprintf(why, sizeof why, "subroom %zu outside its parent %d", i,
                     a->parent);
            return 0;
        }
        for (size_t j = i + 1; j < lev->nrooms; j++) {
            const splev_room *b = &lev->rooms[j];
            if (b->parent != a->parent || a->irregular || b->irregular)
                continue;
            if (overlap(a, b)) {
                snprintf(why, sizeof why,
                         "rooms %zu (%d,%d)-(%d,%d) and %zu (%d,%d)-(%d,%d) overlap",
                         i, a->lx, a->ly, a->hx, a->hy, j, b->lx, b->ly, b->hx, b->hy);
                return 0;
            }
        }
    }
    return 1;
}

static int solid(int t)
{
    return t == SPLEV_STONE || SPLEV_IS_WALL(t) || t == SPLEV_SCORR ||
           t == SPLEV_SDOOR;
}

/* Wall-passers may stand in rock and walls the level lets them pass. */
static int may_be_in_rock(const splev_level *lev, const splev_monster *m)
{
    return splev_passes_walls(m->cls, m->name) &&
           !lev->cells[m->x][m->y].nonpasswall;
}

static int check_things(const splev_level *lev)
{
    for (size_t i = 0; i < lev->nmonsters; i++) {
        const splev_monster *m = &lev->monsters[i];
        if (!m->at_given_spot && inmap(m->x, m->y) && solid(typ(lev, m->x, m->y)) &&
            !may_be_in_rock(lev, m)) {
            snprintf(why, sizeof why, "monster class %d at (%d,%d) in %s", m->cls,
                     m->x, m->y, splev_terrain_name(typ(lev, m->x, m->y)));
            return 0;
        }
    }
    for (size_t i = 0; i < lev->nobjects; i++) {
        const splev_object *o = &lev->objects[i];
        if (!o->at_given_spot && !o->buried && inmap(o->x, o->y) &&
            solid(typ(lev, o->x, o->y))) {
            snprintf(why, sizeof why, "object class %d at (%d,%d) in %s", o->cls,
                     o->x, o->y, splev_terrain_name(typ(lev, o->x, o->y)));
            return 0;
        }
    }
    return 1;
}

/* One monster per cell (SEMANTICS §8: a taken spot moves the newcomer
 * to the nearest free one). */
static int check_monsters_apart(const splev_level *lev)
{
    static size_t who[SPLEV_COLNO][SPLEV_ROWNO];
    memset(who, 0, sizeof who);
    for (size_t i = 0; i < lev->nmonsters; i++) {
        const splev_monster *m = &lev->monsters[i];
        if (!inmap(m->x, m->y))
            continue;
        if (who[m->x][m->y]) {
            const splev_monster *o = &lev->monsters[who[m->x][m->y] - 1];
            snprintf(why, sizeof why,
                     "monsters %zu '%c' %s and %zu '%c' %s both at (%d,%d)",
                     who[m->x][m->y] - 1, o->cls ? o->cls : '?',
                     o->name ? o->name : "random", i, m->cls ? m->cls : '?',
                     m->name ? m->name : "random", m->x, m->y);
            return 0;
        }
        who[m->x][m->y] = i + 1;
    }
    return 1;
}

static int check_level(const splev_level *lev, traits t)
{
    /* REGION rooms are the author's rectangles (they may share walls);
     * things an earlier statement placed may be painted over by a later
     * MAP (Gehennom's maze fillers), as in the game. */
    return check_stairs(lev) && check_monsters_apart(lev) &&
           (!t.joined_cave || check_cave(lev)) &&
           (!t.corridors || check_rooms_joined(lev)) &&
           (!t.rooms || check_overlap(lev)) &&
           (t.painted_over || check_things(lev));
}

/* All seeds of one script; one TAP line. */
static int run_file(const char *path, int seeds)
{
    char err[512];
    splev_levscript *s = splev_lev_load_file(path, err, sizeof err);
    if (!s) {
        printf("not ok - %s: %s\n", path, err);
        return 0;
    }
    traits t = script_traits(s);
    splev_genctx ctx;
    splev_genctx_init(&ctx);
    int ok = 1;
    for (int seed = 1; seed <= seeds && ok; seed++) {
        splev_level *lev = splev_run(s, &ctx, (uint64_t)seed, err, sizeof err);
        if (!lev) {
            printf("not ok - %s seed %d: %s\n", path, seed, err);
            ok = 0;
            break;
        }
        if (!check_level(lev, t)) {
            printf("not ok - %s seed %d: %s\n", path, seed, why);
            ok = 0;
        }
        splev_level_free(lev);
    }
    if (ok)
        printf("ok - %s: seeds 1-%d%s%s%s%s\n", path, seeds,
               t.joined_cave ? ", joined cave" : "",
               t.corridors ? ", rooms joined" : "",
               t.rooms ? ", no overlap" : "",
               t.painted_over ? "" : ", things on ground");
    splev_lev_free(s);
    return ok;
}

/* 200 seeds; 20 in sanitizer builds; SPLEV_CORPUS_SEEDS or --seeds wins. */
static int default_seeds(void)
{
    const char *e = getenv("SPLEV_CORPUS_SEEDS");
    if (e && atoi(e) > 0)
        return atoi(e);
#if defined(__SANITIZE_ADDRESS__)
    return 20;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return 20;
#endif
#endif
    return 200;
}

int main(int argc, char **argv)
{
    int seeds = default_seeds(), bad = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seeds") && i + 1 < argc) {
            seeds = atoi(argv[++i]);
            continue;
        }
        bad += !run_file(argv[i], seeds);
    }
    return bad ? 1 : 0;
}
