/* layout.c - lays out a dungeon script for a seed: which dungeons exist,
 * how many levels each has, where its branch and special levels go, and
 * what the game does once they are placed (castle tune, floating branches,
 * the Plane of Earth's depth, UnNetHack's plane shuffle).  The draws,
 * in order, are documented in doc/formats.md "Dungeon layout: draw order";
 * a change to their order changes every layout. */
#include "layout/layout.h"
#include "common/common.h"
#include "splev/rng.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* place_level calls allowed per dungeon before giving up. */
#define STEP_BUDGET 1000000L

typedef struct builder {
    const splev_dgn_script *s;
    splev_layout *l;
    splev_rng rng;
    char *err;
    size_t errlen;
    int *present;      /* script dungeon -> layout index, or -1 */
    int *level_of;     /* script level -> level; 0 unplaced, -1 absent */
    int *placed_at;    /* script level -> index in l->levels, or -1 */
    long steps;        /* place_level calls in the current dungeon */
    int failed;        /* an error ended the search; err holds why */
} builder;

/* One dungeon's special levels while they are being placed. */
typedef struct dgn_ctx {
    const splev_dgn_level *recs;
    int *level;        /* tentative level of each record (b->level_of) */
    int n;             /* number of records */
    int lmax;          /* levels in the dungeon */
    const char *name;
} dgn_ctx;

static int set_error(builder *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Keeps the first error only: the outermost failure is a consequence. */
static int set_error(builder *b, const char *fmt, ...)
{
    if (!b->failed && b->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(b->err, b->errlen, fmt, ap);
        va_end(ap);
    }
    b->failed = 1;
    return -1;
}

/* ---- rules shared with the validator ---- */

int layout_level_range(int lmax, int base, int rand, int chain_level,
                       int *start, int *count)
{
    if (chain_level > 0)
        base += chain_level;
    else if (base < 0)
        base = lmax + base + 1;
    if (base < 1 || base > lmax)
        return -1;
    *start = base;
    if (rand == -1 || (rand > 0 && base + rand - 1 > lmax))
        *count = lmax - base + 1;
    else
        *count = rand > 0 ? rand : 1;
    return rand < -1 ? -1 : 0;
}

int layout_entry_level(int entry, int n)
{
    if (entry < 0)
        return n + entry + 1 < 1 ? 1 : n + entry + 1;
    if (entry > 0)
        return entry < n ? entry : n;
    return 1;
}

long layout_branch_key(const splev_placed_branch *b, int n_dungeons)
{
    long d1 = b->floating ? n_dungeons : b->from_dungeon;
    return (d1 * 33 + b->from_level) * (17L * 33) +
           ((long)b->to_dungeon * 33 + b->to_level);
}

int layout_branch_step(int type, int up)
{
    if (type == SPLEV_BR_PORTAL)
        return 0;
    return up ? -1 : 1;
}

int layout_branch_owner(const splev_dgn_script *s, int branch)
{
    for (int d = 0; d < s->n_dungeons; d++) {
        const splev_dgn_dungeon *dg = &s->dungeons[d];
        if (branch >= dg->first_branch &&
            branch < dg->first_branch + dg->n_branches)
            return d;
    }
    return -1;
}

int layout_level_owner(const splev_dgn_script *s, int k)
{
    for (int d = 0; d < s->n_dungeons; d++) {
        const splev_dgn_dungeon *dg = &s->dungeons[d];
        if (k >= dg->first_level && k < dg->first_level + dg->n_levels)
            return d;
    }
    return -1;
}

int layout_names_floating(const char *level_name)
{
    return strcmp(level_name, "knox") == 0 ||
           strcmp(level_name, "advcal") == 0;
}

/* ---- branches ---- */

/* Is (d, level) already an end of a placed branch?  add_branch avoids such
 * levels when it can. */
static int branch_touches(const splev_layout *l, int d, int level)
{
    for (int i = 0; i < l->n_branches; i++) {
        const splev_placed_branch *br = &l->branches[i];
        if ((br->from_dungeon == d && br->from_level == level) ||
            (br->to_dungeon == d && br->to_level == level))
            return 1;
    }
    return 0;
}

/* 11.5.1: draw a candidate, then take the first free one after it (the
 * drawn one itself is tried last). */
static int choose_branch_level(builder *b, int parent, int start, int count)
{
    int j = splev_rn2(&b->rng, count), i = j;
    do
        i = (i + 1) % count;
    while (branch_touches(b->l, parent, start + i) && i != j);
    return start + i;
}

/* Before the first branch whose key is >= its own, as the game inserts. */
static void insert_branch(splev_layout *l, const splev_placed_branch *br)
{
    long key = layout_branch_key(br, l->n_dungeons);
    int at = 0;
    while (at < l->n_branches &&
           layout_branch_key(&l->branches[at], l->n_dungeons) < key)
        at++;
    memmove(&l->branches[at + 1], &l->branches[at],
            (size_t)(l->n_branches - at) * sizeof *l->branches);
    l->branches[at] = *br;
    l->n_branches++;
}

static int find_branch_to(const splev_dgn_script *s, int child)
{
    for (int i = 0; i < s->n_branches; i++)
        if (s->branches[i].target == child)
            return i;
    return -1;
}

/* The parent level a chained branch counts from (0 when not chained). */
static int branch_chain_level(builder *b, const splev_dgn_branch *rec,
                              int owner, int *chain_level)
{
    *chain_level = 0;
    if (rec->chain < 0)
        return 0;
    const splev_dgn_dungeon *od = &b->s->dungeons[owner];
    if (rec->chain >= od->n_levels ||
        b->level_of[od->first_level + rec->chain] <= 0)
        return -1;
    *chain_level = b->level_of[od->first_level + rec->chain];
    return 0;
}

/* Connect a non-first dungeon to its parent (11.5.1) and derive its depth
 * from the parent level: portal 0, up -1, down +1, minus entry - 1. */
static int place_branch(builder *b, int child_di, int child)
{
    const splev_dgn_script *s = b->s;
    splev_placed_dungeon *cd = &b->l->dungeons[child];
    int bi = find_branch_to(s, child_di);
    int owner = bi < 0 ? -1 : layout_branch_owner(s, bi);
    int parent = owner < 0 ? -1 : b->present[owner];
    if (parent < 0)
        return set_error(b, "dungeon '%s': no branch leads to it", cd->name);
    const splev_dgn_branch *rec = &s->branches[bi];
    const splev_placed_dungeon *pd = &b->l->dungeons[parent];
    int chain_level, start, count;
    if (branch_chain_level(b, rec, owner, &chain_level) != 0)
        return set_error(b, "dungeon '%s': branch to '%s' is chained to a "
                         "level that is not placed", pd->name, cd->name);
    if (layout_level_range(pd->num_levels, rec->base, rec->rand, chain_level,
                           &start, &count) != 0)
        return set_error(b, "dungeon '%s': branch to '%s' does not fit in "
                         "its %d levels", pd->name, cd->name, pd->num_levels);
    splev_placed_branch br;
    memset(&br, 0, sizeof br);
    br.def = bi;
    br.type = rec->type;
    br.up = rec->up ? 1 : 0;
    br.from_dungeon = parent;
    br.from_level = choose_branch_level(b, parent, start, count);
    br.to_dungeon = child;
    br.to_level = cd->entry;
    cd->depth_start = pd->depth_start + br.from_level - 1 +
                      layout_branch_step(br.type, br.up) - (cd->entry - 1);
    insert_branch(b->l, &br);
    return 0;
}

/* ---- special levels ---- */

/* 11.5.2 with our rule: a record of chance < 100 draws rn2(100) and exists
 * when the draw is below its chance; chance 100 draws nothing. */
static void draw_existence(builder *b, const dgn_ctx *c)
{
    for (int k = 0; k < c->n; k++) {
        int chance = c->recs[k].chance;
        int exists = chance >= 100 || splev_rn2(&b->rng, 100) < chance;
        c->level[k] = exists ? 0 : -1;
    }
}

/* The range of record k; a chained record counts from its base's tentative
 * level.  A range outside the dungeon is an error, as in the game. */
static int candidate_range(builder *b, const dgn_ctx *c, int k, int *start,
                           int *count)
{
    const splev_dgn_level *rec = &c->recs[k];
    int chain_level = 0;
    if (rec->chain >= 0) {
        if (rec->chain >= k || c->level[rec->chain] <= 0)
            return set_error(b, "dungeon '%s': level '%s' is chained to a "
                             "level that is not placed", c->name, rec->name);
        chain_level = c->level[rec->chain];
    }
    if (layout_level_range(c->lmax, rec->base, rec->rand, chain_level, start,
                           count) != 0)
        return set_error(b, "dungeon '%s': level '%s' does not fit in its "
                         "%d levels", c->name, rec->name, c->lmax);
    return 0;
}

static int nth_free(const unsigned char *map, int lmax, int n)
{
    for (int lev = 1; lev <= lmax; lev++)
        if (map[lev] && n-- == 0)
            return lev;
    return 0;
}

/* 11.5.3: exhaustive depth-first search in record order; a chained level
 * counts from the tentative level of its base.  Returns 1 when records
 * k.. are all placed; b->failed stops the whole search (budget, range). */
static int place_level(builder *b, const dgn_ctx *c, int k)
{
    if (++b->steps > STEP_BUDGET) {
        set_error(b, "dungeon '%s': cannot place its special levels",
                  c->name);
        return 0;
    }
    if (k == c->n)
        return 1;
    if (c->level[k] < 0)
        return place_level(b, c, k + 1);
    unsigned char map[SPLEV_MAXLEVEL_ANY + 1] = {0};
    int start, count;
    if (candidate_range(b, c, k, &start, &count) != 0)
        return 0;
    for (int lev = start; lev < start + count; lev++)
        map[lev] = 1;
    for (int j = 0; j < k; j++)
        if (c->level[j] > 0 && map[c->level[j]]) {
            map[c->level[j]] = 0;
            count--;
        }
    while (count > 0) {
        c->level[k] = nth_free(map, c->lmax, splev_rn2(&b->rng, count));
        if (place_level(b, c, k + 1))
            return 1;
        if (b->failed)
            return 0;
        map[c->level[k]] = 0;
        count--;
    }
    c->level[k] = 0;
    return 0;
}

/* Append the dungeon's placed levels to the layout, by level number. */
static void record_levels(builder *b, int di, int idx)
{
    const splev_dgn_dungeon *d = &b->s->dungeons[di];
    const splev_placed_dungeon *pd = &b->l->dungeons[idx];
    for (int lev = 1; lev <= pd->num_levels; lev++) {
        for (int k = d->first_level; k < d->first_level + d->n_levels; k++) {
            if (b->level_of[k] != lev)
                continue;
            const splev_dgn_level *rec = &b->s->levels[k];
            splev_placed_level *pl = &b->l->levels[b->l->n_levels];
            memset(pl, 0, sizeof *pl);
            pl->dungeon = idx;
            pl->def = k;
            pl->name = rec->name;
            snprintf(pl->file, sizeof pl->file, "%s", rec->name);
            pl->level = lev;
            pl->ledger = pd->ledger_start + lev;
            pl->flags = rec->flags;
            pl->align = rec->align ? rec->align : pd->align;
            b->placed_at[k] = b->l->n_levels++;
            break;
        }
    }
}

/* Existence draws, then the search; the result is appended by level. */
static int place_special_levels(builder *b, int di, int idx)
{
    const splev_dgn_dungeon *d = &b->s->dungeons[di];
    dgn_ctx c = {&b->s->levels[d->first_level], &b->level_of[d->first_level],
                 d->n_levels, b->l->dungeons[idx].num_levels, d->name};
    draw_existence(b, &c);
    b->steps = 0;
    if (!place_level(b, &c, 0)) {
        set_error(b, "dungeon '%s': cannot place its special levels",
                  d->name);
        return -1;
    }
    record_levels(b, di, idx);
    return 0;
}

/* ---- dungeons ---- */

/* A present dungeon of n levels: ledger numbers continue from the previous
 * present dungeon; the depth is set by its branch (1 for the first). */
static void add_dungeon(builder *b, int di, int n)
{
    const splev_dgn_dungeon *d = &b->s->dungeons[di];
    splev_layout *l = b->l;
    int idx = l->n_dungeons++;
    splev_placed_dungeon *pd = &l->dungeons[idx];
    memset(pd, 0, sizeof *pd);
    pd->def = di;
    pd->name = d->name;
    pd->num_levels = n;
    pd->depth_start = 1;
    if (idx > 0)
        pd->ledger_start = l->dungeons[idx - 1].ledger_start +
                           l->dungeons[idx - 1].num_levels;
    pd->entry = layout_entry_level(d->entry, n);
    pd->flags = d->flags;
    pd->align = d->align;
    b->present[di] = idx;
}

/* One dungeon record: its chance, its level count, its branch, its special
 * levels (doc/formats.md, draw order steps 1-5). */
static int lay_out_dungeon(builder *b, int di)
{
    const splev_dgn_dungeon *d = &b->s->dungeons[di];
    if (d->chance < 100 && splev_rn2(&b->rng, 100) >= d->chance) {
        b->l->skipped[b->l->n_skipped++] = di;
        return 0;
    }
    int n = d->base + (d->rand > 0 ? splev_rn2(&b->rng, d->rand) : 0);
    if (n > splev_dgn_max_levels(b->s))
        n = splev_dgn_max_levels(b->s);
    if (n < 1)
        return set_error(b, "dungeon '%s': no levels", d->name);
    add_dungeon(b, di, n);
    int idx = b->l->n_dungeons - 1;
    if (idx > 0 && place_branch(b, di, idx) != 0)
        return -1;
    return place_special_levels(b, di, idx);
}

/* ---- afterwards ---- */

/* rnd(rndlevs) for every placed level with variants, in record order. */
static void choose_variants(builder *b)
{
    for (int k = 0; k < b->s->n_levels; k++) {
        int rndlevs = b->s->levels[k].rndlevs;
        if (b->placed_at[k] < 0 || rndlevs <= 0)
            continue;
        splev_placed_level *pl = &b->l->levels[b->placed_at[k]];
        pl->variant = splev_rnd(&b->rng, rndlevs);
        snprintf(pl->file, sizeof pl->file, "%s-%d", pl->name, pl->variant);
    }
}

static int find_level(const splev_layout *l, int d, const char *name)
{
    for (int i = 0; i < l->n_levels; i++)
        if ((d < 0 || l->levels[i].dungeon == d) &&
            strcmp(l->levels[i].name, name) == 0)
            return i;
    return -1;
}

/* The castle's passtune, drawn only when there is a castle to open. */
static void play_tune(builder *b)
{
    if (find_level(b->l, -1, "castle") < 0)
        return;
    for (int i = 0; i < 5; i++)
        b->l->tune[i] = (char)('A' + splev_rn2(&b->rng, 7));
    b->l->tune[5] = '\0';
}

static int dungeon_has_floating_level(const splev_layout *l, int d)
{
    for (int i = 0; i < l->n_levels; i++)
        if (l->levels[i].dungeon == d &&
            layout_names_floating(l->levels[i].name))
            return 1;
    return 0;
}

/* Branches into a dungeon holding "knox" or "advcal" are placed by the game
 * later; they keep their planned place but sort after every other one. */
static void mark_floating(splev_layout *l)
{
    splev_placed_branch moved[SPLEV_MAX_BRANCHES];
    int n_moved = 0, kept = 0;
    for (int i = 0; i < l->n_branches; i++) {
        splev_placed_branch br = l->branches[i];
        if (dungeon_has_floating_level(l, br.to_dungeon)) {
            br.floating = 1;
            moved[n_moved++] = br;
        } else {
            l->branches[kept++] = br;
        }
    }
    l->n_branches = kept;
    for (int i = 0; i < n_moved; i++)
        insert_branch(l, &moved[i]);
}

/* The "dummy" fix of 11.5: the level above the Planes' bottom is depth -1,
 * not 0.  Then every level's depth follows its dungeon's start. */
static void fix_depths(splev_layout *l)
{
    for (int d = 0; d < l->n_dungeons; d++) {
        splev_placed_dungeon *pd = &l->dungeons[d];
        if (find_level(l, d, "dummy") >= 0 &&
            pd->num_levels > 1 - pd->depth_start)
            pd->depth_start -= 1;
    }
    for (int i = 0; i < l->n_levels; i++) {
        splev_placed_level *pl = &l->levels[i];
        pl->depth = l->dungeons[pl->dungeon].depth_start + pl->level - 1;
    }
}

/* The visiting order: the levels in order, except that the four elemental
 * planes, when one dungeon has them all, are visited in shuffled order:
 * Fisher-Yates over (water, fire, air, earth) with rn2(4), rn2(3), rn2(2);
 * their slots, in level order, receive a[3], a[2], a[1], a[0]. */
static void shuffle_planes(builder *b)
{
    splev_layout *l = b->l;
    for (int i = 0; i < l->n_levels; i++)
        l->chain[i] = i;
    l->n_chain = l->n_levels;
    static const char *const planes[4] = {"water", "fire", "air", "earth"};
    for (int d = 0; d < l->n_dungeons; d++) {
        int a[4], slot[4], found = 1;
        for (int i = 0; i < 4; i++)
            found &= (a[i] = slot[i] = find_level(l, d, planes[i])) >= 0;
        if (!found)
            continue;
        for (int j = 3; j >= 1; j--) {
            int pos = splev_rn2(&b->rng, j + 1), t = a[j];
            a[j] = a[pos];
            a[pos] = t;
        }
        for (int i = 1; i < 4; i++) /* sort the slots by level */
            for (int k = i; k > 0 && slot[k] < slot[k - 1]; k--) {
                int t = slot[k];
                slot[k] = slot[k - 1];
                slot[k - 1] = t;
            }
        for (int i = 0; i < 4; i++)
            l->chain[slot[i]] = a[3 - i];
        return;
    }
}

/* ---- entry points ---- */

static splev_layout *alloc_layout(const splev_dgn_script *s, uint64_t seed)
{
    splev_layout *l = xcalloc(1, sizeof *l);
    l->seed = seed;
    l->dungeons = xcalloc((size_t)s->n_dungeons, sizeof *l->dungeons);
    l->levels = xcalloc((size_t)s->n_levels, sizeof *l->levels);
    l->branches = xcalloc((size_t)s->n_branches + 1, sizeof *l->branches);
    l->skipped = xcalloc((size_t)s->n_dungeons, sizeof *l->skipped);
    l->chain = xcalloc((size_t)s->n_levels, sizeof *l->chain);
    return l;
}

/* Every script level starts absent (-1) and unplaced. */
static void init_builder(builder *b, const splev_dgn_script *s,
                         uint64_t seed, char *err, size_t errlen)
{
    memset(b, 0, sizeof *b);
    b->s = s;
    b->l = alloc_layout(s, seed);
    splev_rng_seed(&b->rng, seed);
    b->err = err;
    b->errlen = errlen;
    b->present = xmalloc(((size_t)s->n_dungeons + 1) * sizeof *b->present);
    b->level_of = xcalloc((size_t)s->n_levels + 1, sizeof *b->level_of);
    b->placed_at = xmalloc(((size_t)s->n_levels + 1) * sizeof *b->placed_at);
    for (int i = 0; i < s->n_dungeons; i++)
        b->present[i] = -1;
    for (int i = 0; i < s->n_levels; i++) {
        b->level_of[i] = -1;
        b->placed_at[i] = -1;
    }
}

static void free_builder(builder *b)
{
    free(b->present);
    free(b->level_of);
    free(b->placed_at);
}

/* A script with counts out of the documented limits cannot be laid out
 * (scripts from the decoder never are). */
static int check_limits(const splev_dgn_script *s, char *err, size_t errlen)
{
    if (s->n_dungeons < 1 || s->n_dungeons > SPLEV_MAX_DUNGEONS ||
        s->n_levels < 0 || s->n_levels > SPLEV_MAX_SPECIAL ||
        s->n_branches < 0 || s->n_branches > SPLEV_MAX_BRANCHES) {
        snprintf(err, errlen, "dungeon script counts out of range");
        return -1;
    }
    return 0;
}

static splev_layout *dgn_layout_unguarded(const splev_dgn_script *s,
                                          uint64_t seed, char *err,
                                          size_t errlen)
{
    if (check_limits(s, err, errlen) != 0)
        return NULL;
    builder b;
    init_builder(&b, s, seed, err, errlen);
    for (int di = 0; di < s->n_dungeons && !b.failed; di++)
        lay_out_dungeon(&b, di);
    if (b.failed) {
        free_builder(&b);
        splev_layout_free(b.l);
        return NULL;
    }
    choose_variants(&b);
    play_tune(&b);
    mark_floating(b.l);
    fix_depths(b.l);
    shuffle_planes(&b);
    free_builder(&b);
    return b.l;
}

/* The entry point: out of memory gives "out of memory" in err. */
splev_layout *splev_dgn_layout(const splev_dgn_script *s, uint64_t seed,
                               char *err, size_t errlen)
{
    OOM_ENTRY(splev_layout *, oom_report(err, errlen),
              dgn_layout_unguarded(s, seed, err, errlen));
}

void splev_layout_free(splev_layout *l)
{
    if (!l)
        return;
    free(l->dungeons);
    free(l->levels);
    free(l->branches);
    free(l->skipped);
    free(l->chain);
    free(l);
}
