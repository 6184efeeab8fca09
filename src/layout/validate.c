/* validate.c - checks a layout against its script: every invariant that
 * the game's dungeon building and our conventions promise, computed independently of
 * the order in which the builder made its choices.  Used by the tests and
 * by `levgen --count`. */
#include "layout/layout.h"
#include "common/common.h"

#include <stdarg.h>
#include <string.h>

typedef struct checker {
    const splev_dgn_script *s;
    const splev_layout *l;
    char *err;
    size_t errlen;
    int level_at[SPLEV_MAX_SPECIAL];   /* script level -> layout index, -1 */
} checker;

static int bad(checker *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int bad(checker *c, const char *fmt, ...)
{
    if (c->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->err, c->errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int names_equal(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

/* ---- dungeons ---- */

/* Present and skipped dungeons together are the script's, in file order;
 * only a dungeon with a chance below 100 may be skipped. */
static int check_presence(checker *c)
{
    const splev_layout *l = c->l;
    if (l->n_dungeons + l->n_skipped != c->s->n_dungeons)
        return bad(c, "dungeon count does not match the script");
    int p = 0, k = 0;
    for (int di = 0; di < c->s->n_dungeons; di++) {
        if (p < l->n_dungeons && l->dungeons[p].def == di) {
            p++;
        } else if (k < l->n_skipped && l->skipped[k] == di) {
            if (c->s->dungeons[di].chance >= 100)
                return bad(c, "dungeon '%s' skipped although always present",
                           c->s->dungeons[di].name);
            k++;
        } else {
            return bad(c, "dungeon %d neither present nor skipped", di);
        }
    }
    return 0;
}

/* Level count within base..base+rand-1 (at most 32), entry, flags and
 * consecutive ledger numbers. */
static int check_dungeon(checker *c, int d)
{
    const splev_placed_dungeon *pd = &c->l->dungeons[d];
    const splev_dgn_dungeon *rec = &c->s->dungeons[pd->def];
    int lo = rec->base, hi = rec->base + (rec->rand > 0 ? rec->rand - 1 : 0);
    int max = splev_dgn_max_levels(c->s);
    lo = lo > max ? max : lo;
    hi = hi > max ? max : hi;
    if (!names_equal(pd->name, rec->name))
        return bad(c, "dungeon %d: wrong name", d);
    if (pd->num_levels < lo || pd->num_levels > hi)
        return bad(c, "dungeon '%s': %d levels, outside %d..%d", rec->name,
                   pd->num_levels, lo, hi);
    if (pd->entry != layout_entry_level(rec->entry, pd->num_levels))
        return bad(c, "dungeon '%s': wrong entry level %d", rec->name,
                   pd->entry);
    if (pd->flags != rec->flags || pd->align != rec->align)
        return bad(c, "dungeon '%s': wrong flags or alignment", rec->name);
    int ledger = d == 0 ? 0 : c->l->dungeons[d - 1].ledger_start +
                                  c->l->dungeons[d - 1].num_levels;
    if (pd->ledger_start != ledger)
        return bad(c, "dungeon '%s': ledger start %d, expected %d", rec->name,
                   pd->ledger_start, ledger);
    return 0;
}

/* ---- special levels ---- */

/* A placed level belongs to its dungeon, appears once, lies inside the
 * dungeon, and the list is strictly ordered (so no level is shared). */
static int check_level_record(checker *c, int i)
{
    const splev_placed_level *pl = &c->l->levels[i];
    if (pl->dungeon < 0 || pl->dungeon >= c->l->n_dungeons || pl->def < 0 ||
        pl->def >= c->s->n_levels)
        return bad(c, "special level %d: bad indices", i);
    const splev_placed_dungeon *pd = &c->l->dungeons[pl->dungeon];
    const splev_dgn_level *rec = &c->s->levels[pl->def];
    if (layout_level_owner(c->s, pl->def) != pd->def)
        return bad(c, "level '%s' placed outside its dungeon", rec->name);
    if (!names_equal(pl->name, rec->name))
        return bad(c, "special level %d: wrong name", i);
    if (c->level_at[pl->def] >= 0)
        return bad(c, "level '%s' placed twice", rec->name);
    c->level_at[pl->def] = i;
    if (pl->level < 1 || pl->level > pd->num_levels)
        return bad(c, "level '%s' at %d, outside 1..%d of '%s'", rec->name,
                   pl->level, pd->num_levels, pd->name);
    if (i > 0 && (c->l->levels[i - 1].dungeon > pl->dungeon ||
                  (c->l->levels[i - 1].dungeon == pl->dungeon &&
                   c->l->levels[i - 1].level >= pl->level)))
        return bad(c, "level '%s': special levels not in order or sharing "
                   "a level", rec->name);
    return 0;
}

/* Depth, ledger, flags, alignment and the variant file of a placed level. */
static int check_level_values(checker *c, int i)
{
    const splev_placed_level *pl = &c->l->levels[i];
    const splev_placed_dungeon *pd = &c->l->dungeons[pl->dungeon];
    const splev_dgn_level *rec = &c->s->levels[pl->def];
    if (pl->depth != pd->depth_start + pl->level - 1)
        return bad(c, "level '%s': depth %d, expected %d", rec->name,
                   pl->depth, pd->depth_start + pl->level - 1);
    if (pl->ledger != pd->ledger_start + pl->level)
        return bad(c, "level '%s': wrong ledger number", rec->name);
    if (pl->flags != rec->flags ||
        pl->align != (rec->align ? rec->align : pd->align))
        return bad(c, "level '%s': wrong flags or alignment", rec->name);
    char file[40];
    if (rec->rndlevs > 0)
        snprintf(file, sizeof file, "%s-%d", rec->name, pl->variant);
    else
        snprintf(file, sizeof file, "%s", rec->name);
    if ((rec->rndlevs > 0 ? pl->variant < 1 || pl->variant > rec->rndlevs
                          : pl->variant != 0) ||
        strcmp(pl->file, file) != 0)
        return bad(c, "level '%s': bad variant %d", rec->name, pl->variant);
    return 0;
}

/* The level of a placed record: its chain base plus offset within range, or
 * its absolute range. */
static int check_placement(checker *c, int i)
{
    const splev_placed_level *pl = &c->l->levels[i];
    const splev_placed_dungeon *pd = &c->l->dungeons[pl->dungeon];
    const splev_dgn_level *rec = &c->s->levels[pl->def];
    int chain_level = 0, start, count;
    if (rec->chain >= 0) {
        int base = c->s->dungeons[pd->def].first_level + rec->chain;
        int at = c->level_at[base];
        if (at < 0)
            return bad(c, "level '%s': its chain base is not placed",
                       rec->name);
        chain_level = c->l->levels[at].level;
    }
    if (layout_level_range(pd->num_levels, rec->base, rec->rand, chain_level,
                           &start, &count) != 0 ||
        pl->level < start || pl->level >= start + count)
        return bad(c, "level '%s' at %d, outside its range", rec->name,
                   pl->level);
    return 0;
}

/* Every record of chance 100 in a present dungeon is placed. */
static int check_certain_levels(checker *c)
{
    for (int d = 0; d < c->l->n_dungeons; d++) {
        const splev_dgn_dungeon *rec = &c->s->dungeons[c->l->dungeons[d].def];
        for (int k = rec->first_level; k < rec->first_level + rec->n_levels;
             k++)
            if (c->s->levels[k].chance >= 100 && c->level_at[k] < 0)
                return bad(c, "level '%s' of chance 100 is missing",
                           c->s->levels[k].name);
    }
    return 0;
}

static int check_levels(checker *c)
{
    for (int k = 0; k < SPLEV_MAX_SPECIAL; k++)
        c->level_at[k] = -1;
    if (c->l->n_levels < 0 || c->l->n_levels > c->s->n_levels)
        return bad(c, "special level count out of range");
    for (int i = 0; i < c->l->n_levels; i++)
        if (check_level_record(c, i) != 0 || check_level_values(c, i) != 0)
            return -1;
    for (int i = 0; i < c->l->n_levels; i++)
        if (check_placement(c, i) != 0)
            return -1;
    return check_certain_levels(c);
}

/* ---- branches ---- */

static int level_named(const splev_layout *l, int d, const char *name)
{
    for (int i = 0; i < l->n_levels; i++)
        if (l->levels[i].dungeon == d && strcmp(l->levels[i].name, name) == 0)
            return i;
    return -1;
}

static int holds_floating_level(const splev_layout *l, int d)
{
    for (int i = 0; i < l->n_levels; i++)
        if (l->levels[i].dungeon == d &&
            layout_names_floating(l->levels[i].name))
            return 1;
    return 0;
}

/* A branch joins its record's owner to its target, keeps the record's type
 * and arrives at the child's entry level. */
static int check_branch_ends(checker *c, const splev_placed_branch *br)
{
    const splev_layout *l = c->l;
    if (br->def < 0 || br->def >= c->s->n_branches || br->from_dungeon < 0 ||
        br->from_dungeon >= l->n_dungeons || br->to_dungeon <= 0 ||
        br->to_dungeon >= l->n_dungeons)
        return bad(c, "branch with bad indices");
    const splev_dgn_branch *rec = &c->s->branches[br->def];
    const splev_placed_dungeon *from = &l->dungeons[br->from_dungeon];
    const splev_placed_dungeon *to = &l->dungeons[br->to_dungeon];
    if (layout_branch_owner(c->s, br->def) != from->def ||
        rec->target != to->def || br->from_dungeon >= br->to_dungeon)
        return bad(c, "branch to '%s' joins the wrong dungeons", to->name);
    if (br->type != rec->type || br->up != (rec->up ? 1 : 0))
        return bad(c, "branch to '%s': wrong type", to->name);
    if (br->to_level != to->entry)
        return bad(c, "branch to '%s' does not arrive at its entry level",
                   to->name);
    if (br->floating != holds_floating_level(l, br->to_dungeon))
        return bad(c, "branch to '%s': wrong floating mark", to->name);
    return 0;
}

/* The parent level lies in the record's range (counted from the chain
 * base's placed level for a chained branch). */
static int branch_range(checker *c, const splev_placed_branch *br,
                        int *start, int *count)
{
    const splev_dgn_branch *rec = &c->s->branches[br->def];
    const splev_placed_dungeon *from = &c->l->dungeons[br->from_dungeon];
    int chain_level = 0;
    if (rec->chain >= 0) {
        int k = c->s->dungeons[from->def].first_level + rec->chain;
        if (rec->chain >= c->s->dungeons[from->def].n_levels ||
            c->level_at[k] < 0)
            return bad(c, "branch to '%s': its chain base is not placed",
                       c->l->dungeons[br->to_dungeon].name);
        chain_level = c->l->levels[c->level_at[k]].level;
    }
    if (layout_level_range(from->num_levels, rec->base, rec->rand,
                           chain_level, start, count) != 0 ||
        br->from_level < *start || br->from_level >= *start + *count)
        return bad(c, "branch to '%s' at level %d, outside its range",
                   c->l->dungeons[br->to_dungeon].name, br->from_level);
    return 0;
}

/* Was (d, level) an end of a branch placed before `child`'s (branches are
 * placed in the order of their child dungeons)? */
static int occupied_before(const splev_layout *l, int child, int d, int level)
{
    for (int i = 0; i < l->n_branches; i++) {
        const splev_placed_branch *br = &l->branches[i];
        if (br->to_dungeon >= child)
            continue;
        if ((br->from_dungeon == d && br->from_level == level) ||
            (br->to_dungeon == d && br->to_level == level))
            return 1;
    }
    return 0;
}

/* add_branch avoids levels that already hold a branch end, unless every
 * candidate does. */
static int check_branch_spacing(checker *c, const splev_placed_branch *br,
                                int start, int count)
{
    const splev_layout *l = c->l;
    if (!occupied_before(l, br->to_dungeon, br->from_dungeon, br->from_level))
        return 0;
    for (int lev = start; lev < start + count; lev++)
        if (!occupied_before(l, br->to_dungeon, br->from_dungeon, lev))
            return bad(c, "branch to '%s' shares level %d although level %d "
                       "was free", l->dungeons[br->to_dungeon].name,
                       br->from_level, lev);
    return 0;
}

/* One branch into every present dungeon but the first, each well placed,
 * the list sorted by key. */
static int check_branches(checker *c)
{
    const splev_layout *l = c->l;
    int incoming[SPLEV_MAX_DUNGEONS] = {0};
    if (l->n_branches != (l->n_dungeons > 0 ? l->n_dungeons - 1 : 0))
        return bad(c, "%d branches for %d dungeons", l->n_branches,
                   l->n_dungeons);
    for (int i = 0; i < l->n_branches; i++) {
        const splev_placed_branch *br = &l->branches[i];
        int start, count;
        if (check_branch_ends(c, br) != 0 ||
            branch_range(c, br, &start, &count) != 0 ||
            check_branch_spacing(c, br, start, count) != 0)
            return -1;
        if (incoming[br->to_dungeon]++ > 0)
            return bad(c, "two branches lead to '%s'",
                       l->dungeons[br->to_dungeon].name);
        if (i > 0 && layout_branch_key(&l->branches[i - 1], l->n_dungeons) >
                         layout_branch_key(br, l->n_dungeons))
            return bad(c, "branches not sorted");
    }
    return 0;
}

/* ---- depths ---- */

static const splev_placed_branch *branch_into(const splev_layout *l, int d)
{
    for (int i = 0; i < l->n_branches; i++)
        if (l->branches[i].to_dungeon == d)
            return &l->branches[i];
    return NULL;
}

/* Depth starts recomputed from the branches (before the "dummy" fix, as the
 * game computes them), then the fix applied. */
static int check_depths(checker *c)
{
    const splev_layout *l = c->l;
    int orig[SPLEV_MAX_DUNGEONS];
    for (int d = 0; d < l->n_dungeons; d++) {
        const splev_placed_dungeon *pd = &l->dungeons[d];
        const splev_placed_branch *br = branch_into(l, d);
        if (d == 0)
            orig[d] = 1;
        else if (!br)
            return bad(c, "no branch leads to '%s'", pd->name);
        else
            orig[d] = orig[br->from_dungeon] + br->from_level - 1 +
                      layout_branch_step(br->type, br->up) - (pd->entry - 1);
        int want = orig[d];
        if (level_named(l, d, "dummy") >= 0 && pd->num_levels > 1 - want)
            want--;
        if (pd->depth_start != want)
            return bad(c, "dungeon '%s': depth start %d, expected %d",
                       pd->name, pd->depth_start, want);
    }
    return 0;
}

/* ---- tune and visiting order ---- */

/* A tune of five notes A..G exactly when a castle was placed. */
static int check_tune(checker *c)
{
    const char *t = c->l->tune;
    int has_castle = 0;
    for (int i = 0; i < c->l->n_levels; i++)
        has_castle |= strcmp(c->l->levels[i].name, "castle") == 0;
    if (!has_castle)
        return t[0] == '\0' ? 0 : bad(c, "a tune without a castle");
    if (t[5] != '\0' || strspn(t, "ABCDEFG") != 5)
        return bad(c, "bad castle tune");
    return 0;
}

static int is_plane_slot(const splev_layout *l, int d, int i)
{
    static const char *const planes[4] = {"water", "fire", "air", "earth"};
    for (int p = 0; p < 4; p++)
        if (level_named(l, d, planes[p]) == i)
            return 1;
    return 0;
}

/* The dungeon whose four planes are shuffled, or -1. */
static int plane_dungeon(const splev_layout *l)
{
    for (int d = 0; d < l->n_dungeons; d++)
        if (level_named(l, d, "water") >= 0 &&
            level_named(l, d, "fire") >= 0 &&
            level_named(l, d, "air") >= 0 && level_named(l, d, "earth") >= 0)
            return d;
    return -1;
}

/* The visiting order is a permutation that moves only the planes' slots. */
static int check_chain(checker *c)
{
    const splev_layout *l = c->l;
    if (l->n_chain != l->n_levels)
        return bad(c, "visiting order has %d levels, expected %d", l->n_chain,
                   l->n_levels);
    int pd = plane_dungeon(l);
    for (int i = 0; i < l->n_chain; i++) {
        int v = l->chain[i];
        if (v < 0 || v >= l->n_levels)
            return bad(c, "visiting order out of range");
        int slot = pd >= 0 && is_plane_slot(l, pd, i);
        if (slot ? !is_plane_slot(l, pd, v) : v != i)
            return bad(c, "visiting order wrong at %d", i);
        for (int j = 0; j < i; j++)
            if (l->chain[j] == v)
                return bad(c, "visiting order repeats a level");
    }
    return 0;
}

int splev_layout_validate(const splev_dgn_script *s, const splev_layout *l,
                          char *err, size_t errlen)
{
    checker c;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.l = l;
    c.err = err;
    c.errlen = errlen;
    if (!s || !l)
        return bad(&c, "no layout");
    if (s->n_levels > SPLEV_MAX_SPECIAL || s->n_dungeons > SPLEV_MAX_DUNGEONS)
        return bad(&c, "dungeon script counts out of range");
    if (check_presence(&c) != 0)
        return -1;
    for (int d = 0; d < l->n_dungeons; d++)
        if (check_dungeon(&c, d) != 0)
            return -1;
    if (check_levels(&c) != 0 || check_branches(&c) != 0 ||
        check_depths(&c) != 0 || check_tune(&c) != 0 || check_chain(&c) != 0)
        return -1;
    return 0;
}
