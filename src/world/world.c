/* world.c - every level of a laid-out dungeon (splev/world.h): the file
 * each level comes from (as the games choose it), its generation context
 * from the
 * layout, its own seed, and the stairs and branches that connect it. */
#include "splev/world.h"

#include <stdlib.h>
#include <string.h>

#include "common/common.h"

/* Loaded level scripts by file name; a missing file is cached too. */
typedef struct script_cache {
    char (*names)[40];
    splev_levscript **scripts;
    size_t n, cap;
    const char *dir;
} script_cache;

static const splev_levscript *cache_get(script_cache *c, const char *name)
{
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->names[i], name) == 0)
            return c->scripts[i];
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 32;
        c->names = xrealloc(c->names, c->cap * sizeof *c->names);
        c->scripts = xrealloc(c->scripts, c->cap * sizeof *c->scripts);
    }
    char *path = xasprintf("%s/%s.lev", c->dir, name);
    char err[600];
    splev_levscript *s = splev_lev_load_file(path, err, sizeof err);
    free(path);
    snprintf(c->names[c->n], sizeof c->names[c->n], "%s", name);
    c->scripts[c->n++] = s;
    return s;
}

static void cache_free(script_cache *c)
{
    for (size_t i = 0; i < c->n; i++)
        splev_lev_free(c->scripts[i]);
    free(c->scripts);
    free(c->names);
}

const char *splev_world_source_name(int source)
{
    static const char *const names[] = {"special", "protofile", "filler",
                                        "rooms", "maze"};
    return source >= 0 && source <= SPLEV_SRC_MAZE ? names[source] : "?";
}

/* ---- the level's place in the dungeon ---- */

static const splev_placed_level *special_at(const splev_layout *l, int d,
                                            int k)
{
    for (int i = 0; i < l->n_levels; i++)
        if (l->levels[i].dungeon == d && l->levels[i].level == k)
            return &l->levels[i];
    return NULL;
}

static int level_named(const splev_layout *l, int d, const char *suffix,
                       int prefix)
{
    size_t n = strlen(suffix);
    for (int i = 0; i < l->n_levels; i++) {
        const char *name = l->levels[i].name;
        size_t m = strlen(name);
        if (l->levels[i].dungeon == d && m >= n &&
            (prefix ? strncmp(name, suffix, n) == 0
                    : strcmp(name + m - n, suffix) == 0))
            return l->levels[i].level;
    }
    return 0;
}

/* The depth of Medusa's level in the main dungeon, 0 when none. */
static int medusa_depth(const splev_layout *l)
{
    int k = l->n_dungeons > 0 ? level_named(l, 0, "medusa", 1) : 0;
    return k ? l->dungeons[0].depth_start + k - 1 : 0;
}

static int named(const splev_placed_dungeon *d, const char *name)
{
    return strcmp(d->name, name) == 0;
}

/* The hero's role as the quest files spell it: "Val" for "Valkyrie". */
static void role_code(const splev_genctx *ctx, char out[4])
{
    const char *r = ctx->hero_role ? ctx->hero_role : "Valkyrie";
    size_t n = strlen(r) < 3 ? strlen(r) : 3;
    memcpy(out, r, n);
    out[n] = '\0';
}

/* A branch end on (d, k): its stair direction, 1 for a portal end; 0 when
 * the end has no stair (one-way branches), else 1. */
typedef struct branch_end {
    int portal, up;
    const char *dest;
} branch_end;

static int branch_ends(const splev_layout *l, int d, int k, branch_end *out,
                       int max)
{
    int n = 0;
    for (int i = 0; i < l->n_branches && n < max; i++) {
        const splev_placed_branch *b = &l->branches[i];
        if (b->floating)
            continue;
        for (int end = 1; end <= 2; end++) {
            int dd = end == 1 ? b->from_dungeon : b->to_dungeon;
            int kk = end == 1 ? b->from_level : b->to_level;
            if (dd != d || kk != k || n >= max)
                continue;
            int up = end == 1 ? b->up : !b->up;
            if ((b->type == SPLEV_BR_NO_UP && up) ||
                (b->type == SPLEV_BR_NO_DOWN && !up))
                continue;
            out[n].portal = b->type == SPLEV_BR_PORTAL;
            out[n].up = up;
            out[n].dest = l->dungeons[end == 1 ? b->to_dungeon
                                               : b->from_dungeon].name;
            n++;
        }
    }
    return n;
}

static void make_context(const splev_layout *l, const splev_world_opts *o,
                         int d, int k, const splev_placed_level *sp,
                         const branch_end *br, int nbr, splev_genctx *ctx)
{
    const splev_placed_dungeon *pd = &l->dungeons[d];
    *ctx = o->base;
    ctx->depth = pd->depth_start + k - 1;
    ctx->difficulty = 0;
    ctx->dunlev = k;
    ctx->dungeon_align = pd->align;
    ctx->level_align = sp ? sp->align : pd->align;
    ctx->in_mines = named(pd, "The Gnomish Mines");
    ctx->in_minetown = ctx->in_mines && sp &&
                       (strncmp(sp->name, "minetn", 6) == 0 ||
                        (sp->flags & SPLEV_DF_TOWN));
    ctx->in_sokoban = named(pd, "Sokoban");
    ctx->in_gehennom = named(pd, "Gehennom") || (pd->flags & SPLEV_DF_HELLISH);
    ctx->in_wiztower = named(pd, "The Wizard's Tower");
    ctx->in_endgame = named(pd, "The Elemental Planes");
    ctx->in_quest = named(pd, "The Quest");
    ctx->top_level = k == 1;
    ctx->bottom_level = k == pd->num_levels;
    ctx->has_branch = nbr > 0 ? 1 : -1;
    ctx->branch_up = nbr > 0 && br[0].up;
    ctx->branch_portal = nbr > 0 && br[0].portal;
}

/* The filler UnNetHack's rules name for dungeon d (minefill, sheolfil, the
 * Quest's fila/filb, medufill, hellfill), or "". */
static void filler_name(const splev_layout *l, const splev_genctx *ctx, int d,
                        int k, char *out, size_t len)
{
    const splev_placed_dungeon *pd = &l->dungeons[d];
    out[0] = '\0';
    if (named(pd, "The Gnomish Mines")) {
        snprintf(out, len, "minefill");
    } else if (named(pd, "Sheol")) {
        snprintf(out, len, "sheolfil");
    } else if (named(pd, "The Quest")) {
        char rc[4];
        role_code(ctx, rc);
        int loca = level_named(l, d, "-loca", 0);
        snprintf(out, len, "%s-fil%c", rc, loca && k > loca ? 'b' : 'a');
    } else if (d == 0) {
        int medusa = level_named(l, d, "medusa", 1);
        if (medusa && k > medusa)
            snprintf(out, len, "medufill");
    } else if (named(pd, "Gehennom") && k != pd->num_levels - 1) {
        snprintf(out, len, "hellfill");
    }
}

/* A free floor cell for a second branch on a level, from its own draws. */
static int spare_spot(const splev_level *lev, uint64_t seed, int *x, int *y)
{
    splev_rng rng;
    splev_rng_seed(&rng, seed);
    for (int i = 0; i < 2000; i++) {
        *x = 1 + splev_rn2(&rng, SPLEV_COLNO - 1);
        *y = splev_rn2(&rng, SPLEV_ROWNO);
        int t = lev->cells[*x][*y].typ;
        if (t != SPLEV_ROOM && t != SPLEV_CORR)
            continue;
        int used = 0;
        for (size_t s = 0; s < lev->nstairs; s++)
            used |= lev->stairs[s].x == *x && lev->stairs[s].y == *y;
        if (!used)
            return 1;
    }
    return 0;
}

/* Name the far end of the branch stairs; add the branches beyond the
 * first (the context carries one).  A level with no branch stair (none,
 * or the stairless end of a one-way branch) got none from its script:
 * the context said so (has_branch -1). */
static void connect_branches(splev_level *lev, const branch_end *br, int nbr,
                             uint64_t seed)
{
    int given = 0;
    for (size_t s = 0; s < lev->nstairs; s++) {
        splev_stair *st = &lev->stairs[s];
        if ((st->kind == SPLEV_SK_BRANCH_STAIR ||
             st->kind == SPLEV_SK_BRANCH_PORTAL) && nbr > 0) {
            if (!st->dest)
                splev_set_string(&st->dest, br[0].dest);
            given = 1;
        }
    }
    for (int i = given ? 1 : 0; i < nbr; i++) {
        int x, y;
        if (!spare_spot(lev, splev_seed_derive(seed, (uint64_t)i + 1), &x, &y))
            continue;
        if (!br[i].portal) {
            lev->cells[x][y].typ = SPLEV_STAIRS;
            lev->cells[x][y].flags = br[i].up ? SPLEV_LA_UP : SPLEV_LA_DOWN;
        }
        splev_level_add_stair(lev, br[i].portal ? SPLEV_SK_BRANCH_PORTAL
                                                : SPLEV_SK_BRANCH_STAIR,
                              x, y, br[i].portal ? 0 : br[i].up, br[i].dest);
    }
}

/* Try a file; 1 when it made the level (or failed running: error kept). */
static int try_file(script_cache *c, const char *name, int source,
                    const splev_genctx *ctx, splev_world_level *wl)
{
    const splev_levscript *s = cache_get(c, name);
    if (!s)
        return 0;
    char err[600];
    wl->source = source;
    snprintf(wl->file, sizeof wl->file, "%s", name);
    wl->lev = splev_run(s, ctx, wl->seed, err, sizeof err);
    if (!wl->lev)
        wl->error = xstrdup(err);
    return 1;
}

static void make_level(const splev_dgn_script *s, const splev_layout *l,
                       const splev_world_opts *o, script_cache *c, int d,
                       int k, splev_world_level *wl)
{
    const splev_placed_dungeon *pd = &l->dungeons[d];
    const splev_placed_level *sp = special_at(l, d, k);
    memset(wl, 0, sizeof *wl);
    wl->dungeon = d;
    wl->level = k;
    wl->depth = pd->depth_start + k - 1;
    wl->ledger = pd->ledger_start + k;
    wl->seed = splev_seed_derive(o->seed, (uint64_t)wl->ledger);
    branch_end br[8];
    int nbr = branch_ends(l, d, k, br, 8);
    wl->n_branch_stairs = nbr;
    splev_genctx ctx;
    make_context(l, o, d, k, sp, br, nbr, &ctx);
    char name[40];
    int done = 0;
    if (sp) {
        if (strncmp(sp->file, "x-", 2) == 0) {
            char rc[4];
            role_code(&ctx, rc);
            snprintf(name, sizeof name, "%s%s", rc, sp->file + 1);
        } else {
            snprintf(name, sizeof name, "%s", sp->file);
        }
        done = try_file(c, name, SPLEV_SRC_SPECIAL, &ctx, wl);
        if (!done)
            snprintf(wl->note, sizeof wl->note, "%s.lev not found", name);
    }
    const char *proto = s->dungeons[pd->def].proto;
    if (!done && proto && *proto) {
        if (pd->num_levels > 1)
            snprintf(name, sizeof name, "%s%d", proto, k);
        else
            snprintf(name, sizeof name, "%s", proto);
        done = try_file(c, name, SPLEV_SRC_PROTO, &ctx, wl);
    }
    if (!done) {
        filler_name(l, &ctx, d, k, name, sizeof name);
        if (name[0])
            done = try_file(c, name, SPLEV_SRC_FILLER, &ctx, wl);
    }
    if (!done) {
        int maze = (pd->flags & SPLEV_DF_MAZELIKE) ||
                   (sp && (sp->flags & SPLEV_DF_MAZELIKE)) ||
                   (named(pd, "Gehennom") && k == pd->num_levels - 1);
        wl->source = maze ? SPLEV_SRC_MAZE : SPLEV_SRC_ROOMS;
        wl->lev = maze ? splev_stdgen_maze(&ctx, wl->seed)
                       : splev_stdgen_rooms_at(&ctx, wl->seed,
                                               medusa_depth(l));
    }
    if (wl->lev)
        connect_branches(wl->lev, br, nbr, wl->seed);
}

static int by_ledger(const void *a, const void *b)
{
    const splev_world_level *x = a, *y = b;
    return (x->ledger > y->ledger) - (x->ledger < y->ledger);
}

static splev_world *world_generate_unguarded(const splev_dgn_script *s,
                                             const splev_layout *l,
                                             const splev_world_opts *o,
                                             char *err, size_t errlen)
{
    if (!s || !l || !o || !o->levels_dir) {
        snprintf(err, errlen, "no dungeon, layout or level folder");
        return NULL;
    }
    int total = 0;
    for (int d = 0; d < l->n_dungeons; d++)
        total += l->dungeons[d].num_levels;
    splev_world *w = xcalloc(1, sizeof *w);
    w->seed = o->seed;
    w->levels = xcalloc(total > 0 ? (size_t)total : 1, sizeof *w->levels);
    script_cache c;
    memset(&c, 0, sizeof c);
    c.dir = o->levels_dir;
    for (int d = 0; d < l->n_dungeons; d++)
        for (int k = 1; k <= l->dungeons[d].num_levels; k++)
            make_level(s, l, o, &c, d, k, &w->levels[w->n_levels++]);
    cache_free(&c);
    qsort(w->levels, (size_t)w->n_levels, sizeof *w->levels, by_ledger);
    return w;
}

/* The entry point: out of memory gives "out of memory" in err. */
splev_world *splev_world_generate(const splev_dgn_script *s,
                                  const splev_layout *l,
                                  const splev_world_opts *o, char *err,
                                  size_t errlen)
{
    OOM_ENTRY(splev_world *, oom_report(err, errlen),
              world_generate_unguarded(s, l, o, err, errlen));
}

static int world_generate_one_unguarded(const splev_dgn_script *s,
                                        const splev_layout *l,
                                        const splev_world_opts *o, int dungeon,
                                        int level, splev_world_level *out)
{
    if (dungeon < 0 || dungeon >= l->n_dungeons || level < 1 ||
        level > l->dungeons[dungeon].num_levels)
        return -1;
    script_cache c;
    memset(&c, 0, sizeof c);
    c.dir = o->levels_dir;
    make_level(s, l, o, &c, dungeon, level, out);
    cache_free(&c);
    return 0;
}

/* The entry point: out of memory gives the error result. */
int splev_world_generate_one(const splev_dgn_script *s, const splev_layout *l,
                             const splev_world_opts *o, int dungeon,
                             int level, splev_world_level *out)
{
    OOM_ENTRY(int, -1,
              world_generate_one_unguarded(s, l, o, dungeon, level,
                                           out));
}

void splev_world_level_clear(splev_world_level *wl)
{
    splev_level_free(wl->lev);
    free(wl->error);
    wl->lev = NULL;
    wl->error = NULL;
}

void splev_world_free(splev_world *w)
{
    if (!w)
        return;
    for (int i = 0; i < w->n_levels; i++)
        splev_world_level_clear(&w->levels[i]);
    free(w->levels);
    free(w);
}

/* ---- walking ---- */

/* Raised drawbridges count as passable like closed doors: the bridge is
 * the level's own way over its moat, and lowered, its wall is an empty
 * doorway and its span a floor over the water. */
static int walkable(const splev_cell *c)
{
    int p = splev_terrain_passage(c->typ);
    return p == SPLEV_PASS_FREE || p == SPLEV_PASS_DRAWBRIDGE;
}

static int doorway(const splev_cell *c)
{
    return c->typ == SPLEV_SDOOR ||
           (c->typ == SPLEV_DOOR && c->doormask != SPLEV_D_NODOOR &&
            c->doormask != SPLEV_D_BROKEN);
}

int splev_world_check_reach(const splev_level *lev, char *msg, size_t len)
{
    if (msg && len)
        msg[0] = '\0';
    if (lev->nstairs < 2)
        return 0;
    size_t start = 0;
    for (size_t i = 0; i < lev->nstairs; i++)
        if (lev->stairs[i].kind == SPLEV_SK_STAIR && lev->stairs[i].up) {
            start = i;
            break;
        }
    static const int dx[8] = {1, -1, 0, 0, 1, 1, -1, -1};
    static const int dy[8] = {0, 0, 1, -1, 1, -1, 1, -1};
    uint8_t seen[SPLEV_COLNO][SPLEV_ROWNO];
    memset(seen, 0, sizeof seen);
    int qx[SPLEV_COLNO * SPLEV_ROWNO], qy[SPLEV_COLNO * SPLEV_ROWNO];
    int head = 0, tail = 0;
    qx[tail] = lev->stairs[start].x;
    qy[tail++] = lev->stairs[start].y;
    seen[qx[0]][qy[0]] = 1;
    while (head < tail) {
        int x = qx[head], y = qy[head++];
        const splev_cell *c = &lev->cells[x][y];
        for (int d = 0; d < 8; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            if (nx < 1 || nx >= SPLEV_COLNO || ny < 0 || ny >= SPLEV_ROWNO ||
                seen[nx][ny])
                continue;
            const splev_cell *n = &lev->cells[nx][ny];
            if (!walkable(n) || (d >= 4 && (doorway(c) || doorway(n))))
                continue;
            seen[nx][ny] = 1;
            qx[tail] = nx;
            qy[tail++] = ny;
        }
    }
    int bad = 0;
    for (size_t i = 0; i < lev->nstairs; i++) {
        const splev_stair *st = &lev->stairs[i];
        if (seen[st->x][st->y])
            continue;
        if (bad++ == 0 && msg)
            snprintf(msg, len, "%s%s at (%d,%d) not reachable from (%d,%d)",
                     splev_stair_kind_name(st->kind),
                     st->kind == SPLEV_SK_BRANCH_PORTAL ||
                             st->kind == SPLEV_SK_PORTAL
                         ? "" : st->up ? " up" : " down",
                     st->x, st->y, lev->stairs[start].x, lev->stairs[start].y);
    }
    return bad;
}
