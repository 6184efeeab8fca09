/* check.c - semantic checks of a dungeon description, and the script they
 * produce.  Every rule of the dgn_comp manual is enforced, plus the ones
 * we add (a branch's dungeon exists, no duplicate names, exact limits,
 * nothing before the first DUNGEON or across one); each problem is
 * reported at the token that causes it, and checking goes on so that one
 * run shows every error. */
#include "dgn_front/dgn_front.h"
#include "splev/variant.h"

#include <stdlib.h>
#include <string.h>

/* Where each record came from, for messages and the end-of-file checks. */
typedef struct {
    const dgn_stmt *st;
    int entry_given, align_given, proto_given;
    int incoming;             /* index of the branch into it, or -1 */
} dungeon_src;

typedef struct {
    const dgn_stmt *st;
    int dungeon;
} level_src;

typedef struct {
    const dgn_stmt *st;
    int owner;
} branch_src;

typedef struct {
    diag *d;
    splev_dgn_script *s;
    size_t cap_d, cap_l, cap_b;      /* of the script's arrays */
    size_t cap_ds, cap_ls, cap_bs;   /* of the source arrays */
    dungeon_src *dsrc;
    level_src *lsrc;
    branch_src *bsrc;
    int cur;                  /* current dungeon, -1 before the first */
    int last_level;           /* latest level of the current dungeon, or -1 */
    int game;                 /* the classic game whose file is wanted, or 0 */
    int maxlev;               /* levels in one dungeon (a profile's limit) */
    int variant;              /* SPLEV_VARIANT_* the file is read for */
} checker;

/* ---- variant profiles (doc/variants.md) ---- */

static int has_feature(const checker *c, unsigned f)
{
    return splev_variant_has_feature(c->variant, f);
}

/* A construct of the profiles with feature f used without one of them:
 * "NAME is a GAMES KIND; use --variant FIRST". */
static int need_feature(checker *c, srcpos p, unsigned f, const char *name,
                        const char *kind)
{
    if (has_feature(c, f))
        return 1;
    const char *first, *who = splev_variant_who_feature(f, &first);
    diag_error(c->d, p, "%s is %s %s %s; use --variant %s", name,
               strchr("AEIOUx", who[0]) ? "an" : "a", who, kind,
               first ? first : "?");
    return 0;
}

/* EvilHack's own descriptor words: accepted (not kept: the script has no
 * flags for them) under its profile. */
static int evil_word(checker *c, const dgn_stmt *st)
{
    if (st->word < DW_VECNAD)
        return 0;
    char name[40];
    snprintf(name, sizeof name, "'%s'", dgn_word_name(st->word));
    need_feature(c, st->word_pos, SPLEV_VF_DESCR_MORE, name,
                 "descriptor word");
    return 1;
}

/* GnollHack's TILESET of a dungeon: a number or a tileset name, checked
 * and not kept (the script has no tileset). */
static int require_dungeon(checker *c, const dgn_stmt *st);
static void do_tileset(checker *c, const dgn_stmt *st)
{
    if (!need_feature(c, st->pos, SPLEV_VF_DGN_TILESET, "TILESET",
                      "statement") ||
        !require_dungeon(c, st))
        return;
    if (st->entry.value < 0)
        diag_error(c->d, st->entry.pos, "tileset %d is out of range (0 or "
                   "more)", st->entry.value);
}

/* Largest and smallest level counts a dungeon can roll. */
static int dungeon_min_levels(const checker *c, const splev_dgn_dungeon *dg)
{
    return dg->base > c->maxlev ? c->maxlev : dg->base;
}

static int dungeon_max_levels(const checker *c, const splev_dgn_dungeon *dg)
{
    int m = dg->rand > 0 ? dg->base + dg->rand - 1 : dg->base;
    return m > c->maxlev ? c->maxlev : m;
}

/* strcmp with a cheap first-byte test: the checker compares every name
 * with every earlier one. */
static int same_name(const char *a, const char *b)
{
    return a[0] == b[0] && strcmp(a, b) == 0;
}

static int printable_ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
            return 0;
    return 1;
}

static void check_dungeon_name(checker *c, const dgn_str *n)
{
    size_t len = strlen(n->text);
    if (len == 0)
        diag_error(c->d, n->pos, "dungeon name is empty");
    else if (len > SPLEV_DGN_NAME_MAX)
        diag_error(c->d, n->pos,
                   "dungeon name \"%s\" is %zu characters long (at most %d)",
                   n->text, len, SPLEV_DGN_NAME_MAX);
    else if (!printable_ascii(n->text))
        diag_error(c->d, n->pos,
                   "dungeon name may only hold printable ASCII characters");
}

/* kind is "level" or "protofile". */
static int check_file_name(checker *c, const dgn_str *n, const char *kind,
                           int max)
{
    size_t len = strlen(n->text);
    if (len == 0) {
        diag_error(c->d, n->pos, "%s name is empty", kind);
        return 0;
    }
    if (len > (size_t)max) {
        diag_error(c->d, n->pos, "%s name \"%s\" is %zu characters long (at most %d)",
                   kind, n->text, len, max);
        return 0;
    }
    if (!file_name_safe(n->text)) {
        diag_error(c->d, n->pos,
                   "%s name \"%s\" is not a safe file name (use letters, digits, "
                   "'_', '-' and '.', not first)",
                   kind, n->text);
        return 0;
    }
    return 1;
}

/* "X" is bones character X, "none" (or nothing) is no bones. */
static char bones_char(checker *c, const dgn_str *b)
{
    if (!b->text || strcmp(b->text, "none") == 0)
        return 0;
    size_t len = strlen(b->text);
    if (len != 1) {
        diag_error(c->d, b->pos,
                   "bones marker must be one character or \"none\", not \"%s\"",
                   b->text);
        return 0;
    }
    unsigned char ch = (unsigned char)b->text[0];
    if (ch <= 0x20 || ch > 0x7e) {
        diag_error(c->d, b->pos, "bones marker must be a printable character");
        return 0;
    }
    return (char)ch;
}

static int check_chance(checker *c, const dgn_num *n)
{
    if (!n->given)
        return 100;
    if (n->value < 1 || n->value > 100) {
        diag_error(c->d, n->pos, "chance %d%% is out of range (1 to 100)",
                   n->value);
        return 100;
    }
    return n->value;
}

static int require_dungeon(checker *c, const dgn_stmt *st)
{
    if (c->cur >= 0)
        return 1;
    diag_error(c->d, st->pos, "%s before the first DUNGEON", st->keyword);
    return 0;
}

static splev_dgn_dungeon *cur_dungeon(checker *c)
{
    return &c->s->dungeons[c->cur];
}

static void do_dungeon(checker *c, const dgn_stmt *st)
{
    splev_dgn_script *s = c->s;
    if (s->n_dungeons >= SPLEV_MAX_DUNGEONS) {
        diag_error(c->d, st->pos, "too many dungeons (at most %d)",
                   SPLEV_MAX_DUNGEONS);
        c->cur = -1;
        return;
    }
    check_dungeon_name(c, &st->name);
    for (int i = 0; i < s->n_dungeons; i++)
        if (same_name(s->dungeons[i].name, st->name.text))
            diag_error(c->d, st->name.pos,
                       "dungeon \"%s\" is already defined on line %d",
                       st->name.text, c->dsrc[i].st->pos.line);
    char bones = bones_char(c, &st->bones);
    for (int i = 0; bones && i < s->n_dungeons; i++)
        if (s->dungeons[i].bones == bones)
            diag_warning(c->d, st->bones.pos,
                         "bones marker '%c' is also used by dungeon \"%s\" "
                         "(line %d); their bones files would mix",
                         bones, s->dungeons[i].name, c->dsrc[i].st->pos.line);
    int base = st->base.value, rand = st->rand.value;
    if (base < 1 || base > c->maxlev) {
        diag_error(c->d, st->base.pos,
                   "level count %d is out of range (1 to %d)", base,
                   c->maxlev);
        base = 1;
    }
    if (rand < 0 || rand > c->maxlev) {
        diag_error(c->d, st->rand.pos,
                   "random extra levels %d out of range (0 to %d)", rand,
                   c->maxlev);
        rand = 0;
    } else if (rand > 0 && base + rand - 1 > c->maxlev) {
        diag_warning(c->d, st->couple_pos,
                     "(%d, %d) allows %d levels; a dungeon holds at most %d",
                     base, rand, base + rand - 1, c->maxlev);
    }
    grow_array((void **)&s->dungeons, &c->cap_d, (size_t)s->n_dungeons + 1,
               sizeof *s->dungeons);
    grow_array((void **)&c->dsrc, &c->cap_ds, (size_t)s->n_dungeons + 1,
               sizeof *c->dsrc);
    c->cur = s->n_dungeons++;
    splev_dgn_dungeon *dg = cur_dungeon(c);
    memset(dg, 0, sizeof *dg);
    dg->name = st->name.text;
    dg->proto = "";
    dg->bones = bones;
    dg->chance = check_chance(c, &st->chance);
    dg->base = base;
    dg->rand = rand;
    dg->first_level = s->n_levels;
    dg->first_branch = s->n_branches;
    dungeon_src *ds = &c->dsrc[c->cur];
    memset(ds, 0, sizeof *ds);
    ds->st = st;
    ds->incoming = -1;
    c->last_level = -1;
}

static void do_entry(checker *c, const dgn_stmt *st)
{
    if (!require_dungeon(c, st))
        return;
    splev_dgn_dungeon *dg = cur_dungeon(c);
    dungeon_src *ds = &c->dsrc[c->cur];
    if (ds->entry_given)
        diag_warning(c->d, st->pos, "ENTRY given again for dungeon \"%s\"; "
                     "this one replaces the first", dg->name);
    ds->entry_given = 1;
    int v = st->entry.value, max = dungeon_max_levels(c, dg);
    if (v > max || -v > max) {
        diag_error(c->d, st->entry.pos,
                   "ENTRY %d is outside dungeon \"%s\", which has at most %d "
                   "level%s", v, dg->name, max, max == 1 ? "" : "s");
        return;
    }
    int min = dungeon_min_levels(c, dg);
    if (v > min || -v > min)
        diag_warning(c->d, st->entry.pos,
                     "ENTRY %d may be outside dungeon \"%s\", which can have "
                     "as few as %d levels (the nearest level is used then)",
                     v, dg->name, min);
    dg->entry = v;
}

static void do_description(checker *c, const dgn_stmt *st)
{
    if (!require_dungeon(c, st))
        return;
    static const unsigned flag[] = {
        [DW_HELLISH] = SPLEV_DF_HELLISH,
        [DW_MAZELIKE] = SPLEV_DF_MAZELIKE,
        [DW_ROGUELIKE] = SPLEV_DF_ROGUELIKE,
    };
    if (evil_word(c, st))
        return;
    switch (st->word) {
    case DW_HELLISH:
    case DW_MAZELIKE:
    case DW_ROGUELIKE:
        cur_dungeon(c)->flags |= flag[st->word];
        break;
    case DW_TOWN:
        diag_error(c->d, st->word_pos,
                   "'town' describes a level, not a dungeon (use LEVELDESC "
                   "after the LEVEL)");
        break;
    default:
        diag_error(c->d, st->word_pos,
                   "'%s' is an alignment; DESCRIPTION takes hellish, mazelike "
                   "or roguelike (use ALIGNMENT)", dgn_word_name(st->word));
    }
}

/* The alignment named by w, or -1 with an error when w is not one. */
static int alignment_of(checker *c, const dgn_stmt *st)
{
    switch (st->word) {
    case DW_LAWFUL: return SPLEV_ALIGN_LAWFUL;
    case DW_NEUTRAL: return SPLEV_ALIGN_NEUTRAL;
    case DW_CHAOTIC: return SPLEV_ALIGN_CHAOTIC;
    case DW_UNALIGNED:
    case DW_NOALIGN: return SPLEV_ALIGN_NONE;
    default:
        diag_error(c->d, st->word_pos,
                   "'%s' is not an alignment; %s takes lawful, neutral, "
                   "chaotic, unaligned or noalign", dgn_word_name(st->word),
                   st->keyword);
        return -1;
    }
}

static void do_alignment(checker *c, const dgn_stmt *st)
{
    if (!require_dungeon(c, st))
        return;
    int a = alignment_of(c, st);
    if (a < 0)
        return;
    dungeon_src *ds = &c->dsrc[c->cur];
    splev_dgn_dungeon *dg = cur_dungeon(c);
    if (ds->align_given && dg->align != a)
        diag_warning(c->d, st->pos, "ALIGNMENT given again for dungeon \"%s\"; "
                     "this one replaces the first", dg->name);
    ds->align_given = 1;
    dg->align = a;
}

static void do_protofile(checker *c, const dgn_stmt *st)
{
    if (!require_dungeon(c, st))
        return;
    if (!check_file_name(c, &st->name, "protofile", SPLEV_PROTO_NAME_MAX))
        return;
    dungeon_src *ds = &c->dsrc[c->cur];
    if (ds->proto_given)
        diag_warning(c->d, st->pos, "PROTOFILE given again for dungeon \"%s\"; "
                     "this one replaces the first", cur_dungeon(c)->name);
    ds->proto_given = 1;
    cur_dungeon(c)->proto = st->name.text;
}

/* An absolute placement (base, rand) in the current dungeon: base counts
 * from the top (1..) or the bottom (-1..), and must exist however many
 * levels the dungeon rolls. */
static void check_absolute(checker *c, const dgn_stmt *st, int *base, int *rand)
{
    const splev_dgn_dungeon *dg = cur_dungeon(c);
    int b = st->base.value, r = st->rand.value, min = dungeon_min_levels(c, dg);
    if (b == 0 || b > c->maxlev || b < -c->maxlev) {
        diag_error(c->d, st->base.pos,
                   "level %d does not exist: levels count 1 to %d from the top, "
                   "or -1 to -%d from the bottom", b, c->maxlev,
                   c->maxlev);
        b = 1;
    } else if (b > min || -b > min) {
        diag_error(c->d, st->base.pos,
                   "level %d may not exist: dungeon \"%s\" can have as few as "
                   "%d level%s", b, dg->name, min, min == 1 ? "" : "s");
        b = 1;
    }
    if (r < -1 || r > c->maxlev) {
        diag_error(c->d, st->rand.pos,
                   "random range %d is out of range (-1 to %d)", r,
                   c->maxlev);
        r = 0;
    }
    *base = b;
    *rand = r;
}

/* A placement relative to a chained level: an offset and a range. */
static void check_relative(checker *c, const dgn_stmt *st, int *base, int *rand)
{
    int b = st->base.value, r = st->rand.value;
    if (b < -c->maxlev || b > c->maxlev) {
        diag_error(c->d, st->base.pos, "offset %d is out of range (-%d to %d)",
                   b, c->maxlev, c->maxlev);
        b = 0;
    }
    if (r < -1 || r > c->maxlev) {
        diag_error(c->d, st->rand.pos,
                   "random range %d is out of range (-1 to %d)", r,
                   c->maxlev);
        r = 0;
    }
    *base = b;
    *rand = r;
}

/* The most recent level of the current dungeon called name, as an index
 * within the dungeon, or -1 with an error. */
static int find_chain(checker *c, const dgn_str *name)
{
    const splev_dgn_script *s = c->s;
    const splev_dgn_dungeon *dg = cur_dungeon(c);
    for (int i = s->n_levels - 1; i >= dg->first_level; i--) {
        if (!same_name(s->levels[i].name, name->text))
            continue;
        if (s->levels[i].chance < 100) {
            diag_error(c->d, name->pos,
                       "cannot chain from \"%s\": it exists only by a %d%% "
                       "chance (line %d)", name->text, s->levels[i].chance,
                       c->lsrc[i].st->pos.line);
            return -1;
        }
        return i - dg->first_level;
    }
    for (int i = 0; i < dg->first_level; i++)
        if (same_name(s->levels[i].name, name->text)) {
            diag_error(c->d, name->pos,
                       "cannot chain from \"%s\": it belongs to dungeon \"%s\"; "
                       "chains stay within their own dungeon", name->text,
                       s->dungeons[c->lsrc[i].dungeon].name);
            return -1;
        }
    diag_error(c->d, name->pos,
               "no level \"%s\" is defined earlier in dungeon \"%s\"",
               name->text, dg->name);
    return -1;
}

static void warn_level_reuse(checker *c, const dgn_stmt *st, char bones)
{
    const splev_dgn_script *s = c->s;
    const splev_dgn_dungeon *dg = cur_dungeon(c);
    for (int i = 0; i < s->n_levels; i++) {
        const splev_dgn_level *l = &s->levels[i];
        int same_dungeon = i >= dg->first_level;
        if (same_name(l->name, st->name.text)) {
            if (same_dungeon)
                diag_warning(c->d, st->name.pos,
                             "level \"%s\" is already defined in this dungeon "
                             "(line %d)", l->name, c->lsrc[i].st->pos.line);
            else
                diag_warning(c->d, st->name.pos,
                             "level \"%s\" is already defined in dungeon \"%s\" "
                             "(line %d)", l->name,
                             s->dungeons[c->lsrc[i].dungeon].name,
                             c->lsrc[i].st->pos.line);
            break;
        }
    }
    for (int i = dg->first_level; bones && i < s->n_levels; i++)
        if (s->levels[i].bones == bones) {
            diag_warning(c->d, st->bones.pos,
                         "bones marker '%c' is also used by level \"%s\" of this "
                         "dungeon (line %d)", bones, s->levels[i].name,
                         c->lsrc[i].st->pos.line);
            break;
        }
}

static void do_level(checker *c, const dgn_stmt *st)
{
    if (!require_dungeon(c, st))
        return;
    /* GnollHack's display name before the level's name: checked, not
     * kept (the script names a level by its file name only) */
    if (st->display.text &&
        !need_feature(c, st->display.pos, SPLEV_VF_DGN_TILESET,
                      "a level's display name", "word"))
        return;
    splev_dgn_script *s = c->s;
    if (s->n_levels >= SPLEV_MAX_SPECIAL) {
        diag_error(c->d, st->pos, "too many special levels (at most %d)",
                   SPLEV_MAX_SPECIAL);
        return;
    }
    check_file_name(c, &st->name, "level", SPLEV_LEV_NAME_MAX);
    char bones = bones_char(c, &st->bones);
    warn_level_reuse(c, st, bones);
    splev_dgn_level l;
    memset(&l, 0, sizeof l);
    l.name = st->name.text;
    l.bones = bones;
    l.chance = check_chance(c, &st->chance);
    l.chain = -1;
    if (st->random) {
        int n = st->rndlevs.value;
        if (n < 1 || n > 99)
            diag_error(c->d, st->rndlevs.pos,
                       "number of variants %d is out of range (1 to 99)", n);
        else
            l.rndlevs = n;
    }
    if (st->kind == DS_CHAINLEVEL) {
        l.chain = find_chain(c, &st->chain);
        check_relative(c, st, &l.base, &l.rand);
    } else {
        check_absolute(c, st, &l.base, &l.rand);
    }
    grow_array((void **)&s->levels, &c->cap_l, (size_t)s->n_levels + 1,
               sizeof *s->levels);
    grow_array((void **)&c->lsrc, &c->cap_ls, (size_t)s->n_levels + 1,
               sizeof *c->lsrc);
    c->lsrc[s->n_levels].st = st;
    c->lsrc[s->n_levels].dungeon = c->cur;
    c->last_level = s->n_levels;
    s->levels[s->n_levels++] = l;
    cur_dungeon(c)->n_levels++;
}

/* LEVELDESC and LEVALIGN change the latest level of the current dungeon. */
static splev_dgn_level *latest_level(checker *c, const dgn_stmt *st)
{
    if (!require_dungeon(c, st))
        return NULL;
    if (c->last_level < 0) {
        /* xNetHack's own compiler takes it and does nothing with it */
        if (st->kind == DS_LEVELDESC &&
            has_feature(c, SPLEV_VF_LEVELDESC_EARLY))
            diag_warning(c->d, st->pos, "%s before any LEVEL of dungeon "
                         "\"%s\" changes nothing", st->keyword,
                         cur_dungeon(c)->name);
        else
            diag_error(c->d, st->pos, "%s before any LEVEL of dungeon "
                       "\"%s\"", st->keyword, cur_dungeon(c)->name);
        return NULL;
    }
    return &c->s->levels[c->last_level];
}

static void do_leveldesc(checker *c, const dgn_stmt *st)
{
    splev_dgn_level *l = latest_level(c, st);
    if (!l || evil_word(c, st))
        return;
    switch (st->word) {
    case DW_TOWN: l->flags |= SPLEV_DF_TOWN; break;
    case DW_HELLISH: l->flags |= SPLEV_DF_HELLISH; break;
    case DW_MAZELIKE: l->flags |= SPLEV_DF_MAZELIKE; break;
    case DW_ROGUELIKE: l->flags |= SPLEV_DF_ROGUELIKE; break;
    case DW_UNALIGNED:
    case DW_NOALIGN:
        diag_warning(c->d, st->word_pos,
                     "LEVELDESC %s changes nothing (alignments go with "
                     "LEVALIGN)", dgn_word_name(st->word));
        break;
    default:
        diag_error(c->d, st->word_pos,
                   "'%s' is an alignment; LEVELDESC takes town, hellish, "
                   "mazelike or roguelike (use LEVALIGN)",
                   dgn_word_name(st->word));
    }
}

/* LEVALIGN right after DUNGEON: UnNetHack's own dungeon.def writes it for
 * "Town" meaning the dungeon's alignment (the classic compiler silently
 * changes the previous dungeon's last level instead).  We take the evident
 * meaning, with a warning, so that file compiles; a classic target's file
 * keeps the game's reading, and the warning says so. */
static void do_levalign(checker *c, const dgn_stmt *st)
{
    if (!require_dungeon(c, st))
        return;
    if (c->last_level < 0) {
        int a = alignment_of(c, st);
        if (a < 0)
            return;
        if (c->game && c->s->n_levels > 0)
            diag_warning(c->d, st->pos,
                         "LEVALIGN before any LEVEL of dungeon \"%s\": the "
                         "game's compiler applies it to the latest level, "
                         "\"%s\" (line %d), and so does its file",
                         cur_dungeon(c)->name,
                         c->s->levels[c->s->n_levels - 1].name,
                         c->lsrc[c->s->n_levels - 1].st->pos.line);
        else
            diag_warning(c->d, st->pos,
                         "LEVALIGN before any LEVEL of dungeon \"%s\" is "
                         "taken as the dungeon's ALIGNMENT",
                         cur_dungeon(c)->name);
        cur_dungeon(c)->align = a;
        c->dsrc[c->cur].align_given = 1;
        return;
    }
    splev_dgn_level *l = latest_level(c, st);
    int a = alignment_of(c, st);
    if (a >= 0)
        l->align = a;
}

static void do_branch(checker *c, const dgn_stmt *st)
{
    if (!require_dungeon(c, st))
        return;
    splev_dgn_script *s = c->s;
    splev_dgn_dungeon *dg = cur_dungeon(c);
    if (s->n_branches >= SPLEV_MAX_BRANCHES) {
        diag_error(c->d, st->pos, "too many branches (at most %d)",
                   SPLEV_MAX_BRANCHES);
        return;
    }
    if (dg->chance < 100)
        diag_error(c->d, st->pos,
                   "no branch may leave dungeon \"%s\": it exists only by a "
                   "%d%% chance", dg->name, dg->chance);
    splev_dgn_branch b;
    memset(&b, 0, sizeof b);
    b.target = -1;          /* resolved at the end: targets come later */
    b.type = st->br_type;
    b.up = st->br_up;
    b.chain = -1;
    if (st->kind == DS_CHAINBRANCH) {
        b.chain = find_chain(c, &st->chain);
        check_relative(c, st, &b.base, &b.rand);
    } else {
        check_absolute(c, st, &b.base, &b.rand);
    }
    if (b.type == SPLEV_BR_PORTAL && st->br_dir_given)
        diag_warning(c->d, st->br_dir_pos,
                     "a portal has no direction; '%s' is ignored",
                     b.up ? "up" : "down");
    grow_array((void **)&s->branches, &c->cap_b, (size_t)s->n_branches + 1,
               sizeof *s->branches);
    grow_array((void **)&c->bsrc, &c->cap_bs, (size_t)s->n_branches + 1,
               sizeof *c->bsrc);
    c->bsrc[s->n_branches].st = st;
    c->bsrc[s->n_branches].owner = c->cur;
    s->branches[s->n_branches++] = b;
    dg->n_branches++;
}

static int dungeon_named(const splev_dgn_script *s, const char *name)
{
    for (int i = 0; i < s->n_dungeons; i++)
        if (same_name(s->dungeons[i].name, name))
            return i;
    return -1;
}

/* Branch targets may be defined later in the file, so they are resolved
 * once everything is read. */
static void resolve_branches(checker *c)
{
    splev_dgn_script *s = c->s;
    for (int i = 0; i < s->n_branches; i++) {
        const dgn_stmt *st = c->bsrc[i].st;
        int owner = c->bsrc[i].owner;
        int t = dungeon_named(s, st->name.text);
        if (t < 0) {
            const char *list[SPLEV_MAX_DUNGEONS + 1];
            for (int k = 0; k < s->n_dungeons; k++)
                list[k] = s->dungeons[k].name;
            list[s->n_dungeons] = NULL;
            const char *near = suggest_word(st->name.text, list);
            if (near)
                diag_error(c->d, st->name.pos,
                           "no dungeon named \"%s\" (did you mean \"%s\"?)",
                           st->name.text, near);
            else
                diag_error(c->d, st->name.pos, "no dungeon named \"%s\"",
                           st->name.text);
            continue;
        }
        if (t == owner) {
            diag_error(c->d, st->name.pos,
                       "dungeon \"%s\" cannot branch to itself", st->name.text);
            continue;
        }
        if (t < owner) {
            diag_error(c->d, st->name.pos,
                       "branch back to \"%s\", which is defined before \"%s\"; "
                       "a branch must lead to a later dungeon", st->name.text,
                       s->dungeons[owner].name);
            continue;
        }
        if (c->dsrc[t].incoming >= 0) {
            diag_error(c->d, st->name.pos,
                       "dungeon \"%s\" is already reached by the branch on line "
                       "%d; each dungeon has one way in", st->name.text,
                       c->bsrc[c->dsrc[t].incoming].st->pos.line);
            continue;
        }
        c->dsrc[t].incoming = i;
        s->branches[i].target = t;
    }
    for (int t = 1; t < s->n_dungeons; t++)
        if (c->dsrc[t].incoming < 0)
            diag_error(c->d, c->dsrc[t].st->name.pos,
                       "dungeon \"%s\" cannot be reached: no BRANCH leads to it",
                       s->dungeons[t].name);
}

/* Copy every name into one string block owned by the script, as the
 * loader's scripts are, so one free releases everything. */
static void own_strings(splev_dgn_script *s)
{
    bytebuf pool;
    bb_init(&pool);
    bb_u8(&pool, 0);
    size_t *off = xcalloc((size_t)(2 * s->n_dungeons + s->n_levels) + 1,
                          sizeof *off);
    size_t k = 0;
    for (int i = 0; i < s->n_dungeons; i++) {
        off[k++] = pool.len;
        bb_put(&pool, s->dungeons[i].name, strlen(s->dungeons[i].name) + 1);
        off[k++] = pool.len;
        bb_put(&pool, s->dungeons[i].proto, strlen(s->dungeons[i].proto) + 1);
    }
    for (int i = 0; i < s->n_levels; i++) {
        off[k++] = pool.len;
        bb_put(&pool, s->levels[i].name, strlen(s->levels[i].name) + 1);
    }
    s->strings = (char *)pool.data;
    s->strings_len = pool.len;
    k = 0;
    for (int i = 0; i < s->n_dungeons; i++) {
        s->dungeons[i].name = s->strings + off[k++];
        s->dungeons[i].proto = s->strings + off[k++];
    }
    for (int i = 0; i < s->n_levels; i++)
        s->levels[i].name = s->strings + off[k++];
    free(off);
}

splev_dgn_script *dgn_check(diag *d, const dgn_ast *ast)
{
    return dgn_check_limit(d, ast, SPLEV_MAXLEVEL);
}

splev_dgn_script *dgn_check_limit(diag *d, const dgn_ast *ast, int maxlev)
{
    checker c;
    memset(&c, 0, sizeof c);
    c.d = d;
    c.game = ast->game;
    c.variant = ast->variant;
    c.s = xcalloc(1, sizeof *c.s);
    c.cur = -1;
    c.last_level = -1;
    c.maxlev = maxlev;
    c.s->max_levels = maxlev > SPLEV_MAXLEVEL ? maxlev : 0;
    for (const dgn_stmt *st = ast->first; st && !d->gave_up; st = st->next) {
        switch (st->kind) {
        case DS_DUNGEON: do_dungeon(&c, st); break;
        case DS_ENTRY: do_entry(&c, st); break;
        case DS_DESCRIPTION: do_description(&c, st); break;
        case DS_ALIGNMENT: do_alignment(&c, st); break;
        case DS_PROTOFILE: do_protofile(&c, st); break;
        case DS_LEVEL:
        case DS_CHAINLEVEL: do_level(&c, st); break;
        case DS_LEVELDESC: do_leveldesc(&c, st); break;
        case DS_LEVALIGN: do_levalign(&c, st); break;
        case DS_BRANCH:
        case DS_CHAINBRANCH: do_branch(&c, st); break;
        case DS_TILESET: do_tileset(&c, st); break;
        }
    }
    if (c.s->n_dungeons == 0 && d->errors == 0)
        diag_error_nopos(d, "no DUNGEON is defined");
    resolve_branches(&c);
    free(c.dsrc);
    free(c.lsrc);
    free(c.bsrc);
    if (d->errors > 0) {
        free(c.s->dungeons);
        free(c.s->levels);
        free(c.s->branches);
        free(c.s);
        return NULL;
    }
    own_strings(c.s);
    return c.s;
}
