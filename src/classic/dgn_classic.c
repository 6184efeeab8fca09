/* dgn_classic.c - the games' `dungeon` file (dgn_classic.h).
 *
 * The file is what the games' dgn_comp writes on the LP64 hosts they are
 * built on: the build's version record (8-byte words), a 4-byte count of
 * dungeons, then for each dungeon in definition order its 76-byte record,
 * its special levels (48 bytes each) and its branches (40 bytes each).
 * Numbers are little endian, names are NUL-padded 24-byte fields, and all
 * padding is zero.  A level's or branch's chain is the index of its base
 * level counted over all levels of the file, -1 for none.
 *
 * The records keep what the text says, as the game's compiler stores it:
 * an omitted dungeon chance is 0 ("always"), the descriptor words and
 * alignment share one flags word (alignment bits shifted left by 4), ENTRY
 * is stored as written.  Where that compiler reads the text differently
 * from our own format, the file follows the game:
 *   - LEVELDESC and LEVALIGN change the latest level of the file, even when
 *     it belongs to an earlier dungeon;
 *   - a chained level's base is looked up among its dungeon's levels from
 *     the second on (the first level cannot be a base), a chained branch's
 *     among all of them, the first of equal names winning.
 * What that compiler rejects (a chain from a dungeon's first level, a chained
 * level reusing a level name, a placement whose range passes level 32, text
 * our grammar accepts but theirs does not) is an error here. */
#include "classic/dgn_classic.h"

#include <stdlib.h>
#include <string.h>

enum {
    NAME_FIELD = 24,
    DUNGEON_REC = 76,
    LEVEL_REC = 48,
    BRANCH_REC = 40,
    COUPLE_LIMIT = 32,       /* placements stay within 32 levels */
    LOADER_DUNGEONS = 15,    /* the loader refuses 16 or more */
};

typedef struct {
    const char *name, *proto;
    int base, rand, flags, chance, entry, bones;
    int first_level, n_levels, n_branches;
    const dgn_stmt *st;
} cdungeon;

typedef struct {
    const char *name;
    int base, rand, chance, rndlevs, chain, flags, bones;
    const dgn_stmt *st;
} clevel;

typedef struct {
    const char *name;
    int base, rand, chain, type, up;
} cbranch;

typedef struct {
    diag *d;
    classic_game game;
    int lev_limit;
    int n_dungeons, n_levels, n_branches;
    cdungeon dungeons[SPLEV_MAX_DUNGEONS];
    clevel levels[SPLEV_MAX_SPECIAL];
    cbranch branches[SPLEV_MAX_BRANCHES];
} builder;

static const char *game_title(const builder *b)
{
    return b->game == CLASSIC_NETHACK36 ? "NetHack 3.6" : "UnNetHack";
}

static int align_bits(dgn_word w)
{
    switch (w) {
    case DW_CHAOTIC: return SPLEV_ALIGN_CHAOTIC << 4;
    case DW_NEUTRAL: return SPLEV_ALIGN_NEUTRAL << 4;
    case DW_LAWFUL: return SPLEV_ALIGN_LAWFUL << 4;
    default: return 0;
    }
}

static int desc_bits(dgn_word w)
{
    switch (w) {
    case DW_TOWN: return SPLEV_DF_TOWN;
    case DW_HELLISH: return SPLEV_DF_HELLISH;
    case DW_MAZELIKE: return SPLEV_DF_MAZELIKE;
    case DW_ROGUELIKE: return SPLEV_DF_ROGUELIKE;
    default: return 0;
    }
}

/* The bones string: its character, 0 for "none".  Their grammar has no
 * form without one. */
static int bones_of(builder *b, const dgn_stmt *st)
{
    if (!st->bones.text) {
        diag_error(b->d, st->name.pos, "%s's dungeon compiler needs a bones "
                   "string after the name (\"none\" for no bones)",
                   game_title(b));
        return 0;
    }
    return strcmp(st->bones.text, "none") == 0 ? 0
           : (unsigned char)st->bones.text[0];
}

/* The chance as stored, dflt when none is written. */
static int chance_of(builder *b, const dgn_num *n, int dflt)
{
    if (n->given && n->percent)
        diag_error(b->d, n->pos, "%s's dungeon compiler does not accept "
                   "'%%' after a chance", game_title(b));
    return n->given ? n->value : dflt;
}

/* An absolute placement must end by level 32 counted from its end of the
 * dungeon, or their compiler replaces it with (0, 0). */
static void check_range(builder *b, const dgn_stmt *st)
{
    int base = st->base.value, rand = st->rand.value;
    int last = base < 0 ? COUPLE_LIMIT + base + rand + 1 : base + rand;
    if (last > COUPLE_LIMIT)
        diag_error(b->d, st->couple_pos, "(%d, %d) reaches past level %d%s; "
                   "%s's dungeon compiler rejects it", base, rand,
                   COUPLE_LIMIT, base < 0 ? " from the bottom" : "",
                   game_title(b));
}

static cdungeon *cur(builder *b)
{
    return &b->dungeons[b->n_dungeons - 1];
}

static void do_dungeon(builder *b, const dgn_stmt *st)
{
    if (b->n_dungeons >= LOADER_DUNGEONS) {
        diag_error(b->d, st->pos, "%s's loader reads at most %d dungeons",
                   game_title(b), LOADER_DUNGEONS);
        return;
    }
    cdungeon *dg = &b->dungeons[b->n_dungeons++];
    memset(dg, 0, sizeof *dg);
    dg->st = st;
    dg->name = st->name.text;
    dg->proto = "";
    dg->bones = bones_of(b, st);
    dg->base = st->base.value;
    dg->rand = st->rand.value;
    dg->chance = chance_of(b, &st->chance, 0);
    dg->first_level = b->n_levels;
}

/* The global index of the first level named name among the current
 * dungeon's levels from index `from` on, or -1. */
static int find_level(const builder *b, const char *name, int from)
{
    for (int i = from; i < b->n_levels; i++)
        if (strcmp(b->levels[i].name, name) == 0)
            return i;
    return -1;
}

static int chain_of(builder *b, const dgn_stmt *st, int from)
{
    int i = find_level(b, st->chain.text, from);
    if (i < 0) {
        diag_error(b->d, st->chain.pos, "%s's dungeon compiler cannot chain "
                   "from \"%s\", the first level of dungeon \"%s\" (it looks "
                   "for the base from the dungeon's second level on)",
                   game_title(b), st->chain.text, cur(b)->name);
        return -1;
    }
    if (b->levels[i].chance != 100)
        diag_error(b->d, st->chain.pos, "%s's dungeon compiler takes the "
                   "first level called \"%s\" as the base, and it exists "
                   "only by a %d%% chance", game_title(b), st->chain.text,
                   b->levels[i].chance);
    return i;
}

static void do_level(builder *b, const dgn_stmt *st)
{
    if (b->n_levels >= b->lev_limit) {
        diag_error(b->d, st->pos, "%s allows at most %d special levels",
                   game_title(b), b->lev_limit);
        return;
    }
    clevel l;
    memset(&l, 0, sizeof l);
    l.st = st;
    l.name = st->name.text;
    l.bones = bones_of(b, st);
    l.chance = chance_of(b, &st->chance, 100);
    l.rndlevs = st->random ? st->rndlevs.value : 0;
    l.base = st->base.value;
    l.rand = st->rand.value;
    l.chain = -1;
    if (st->kind == DS_CHAINLEVEL) {
        int dup = find_level(b, l.name, 0);
        if (dup >= 0)
            diag_error(b->d, st->name.pos, "%s's dungeon compiler drops a "
                       "chained level whose name is already used (line %d)",
                       game_title(b), b->levels[dup].st->pos.line);
        l.chain = chain_of(b, st, cur(b)->first_level + 1);
    } else {
        check_range(b, st);
    }
    b->levels[b->n_levels++] = l;
    cur(b)->n_levels++;
}

static void do_branch(builder *b, const dgn_stmt *st)
{
    cbranch *br = &b->branches[b->n_branches++];
    memset(br, 0, sizeof *br);
    br->name = st->name.text;
    br->base = st->base.value;
    br->rand = st->rand.value;
    br->type = st->br_type;
    br->up = st->br_up;
    br->chain = -1;
    if (st->kind == DS_CHAINBRANCH)
        br->chain = chain_of(b, st, cur(b)->first_level);
    else
        check_range(b, st);
    cur(b)->n_branches++;
}

/* LEVELDESC / LEVALIGN: the latest level of the file. */
static clevel *latest(builder *b, const dgn_stmt *st)
{
    if (b->n_levels > 0)
        return &b->levels[b->n_levels - 1];
    diag_error(b->d, st->pos, "%s before any LEVEL: %s's dungeon compiler "
               "has no level to apply it to", st->keyword, game_title(b));
    return NULL;
}

static void apply(builder *b, const dgn_stmt *st)
{
    clevel *l;
    switch (st->kind) {
    case DS_DUNGEON: do_dungeon(b, st); break;
    case DS_ENTRY: cur(b)->entry = st->entry.value; break;
    case DS_DESCRIPTION: cur(b)->flags |= desc_bits(st->word); break;
    case DS_ALIGNMENT: cur(b)->flags |= align_bits(st->word); break;
    case DS_PROTOFILE: cur(b)->proto = st->name.text; break;
    case DS_LEVEL:
    case DS_CHAINLEVEL: do_level(b, st); break;
    case DS_LEVELDESC:
        if ((l = latest(b, st)) != NULL)
            l->flags |= desc_bits(st->word);
        break;
    case DS_LEVALIGN:
        if ((l = latest(b, st)) != NULL)
            l->flags |= align_bits(st->word);
        break;
    case DS_BRANCH:
    case DS_CHAINBRANCH: do_branch(b, st); break;
    case DS_TILESET: break;     /* GnollHack's: the games' format has none */
    }
}

static void put_name(unsigned char *p, const char *s)
{
    size_t n = strlen(s);
    memcpy(p, s, n < NAME_FIELD ? n : NAME_FIELD - 1);
}

static void put16(unsigned char *p, int v)
{
    p[0] = (unsigned char)((unsigned)v & 0xff);
    p[1] = (unsigned char)(((unsigned)v >> 8) & 0xff);
}

static void put_dungeon(bytebuf *out, const cdungeon *dg)
{
    unsigned char r[DUNGEON_REC] = {0};
    put_name(r, dg->name);
    put_name(r + 24, dg->proto);
    put16(r + 48, dg->base);
    put16(r + 50, dg->rand);
    classic_put32(r + 52, (uint32_t)dg->flags);
    classic_put32(r + 56, (uint32_t)dg->chance);
    classic_put32(r + 60, (uint32_t)dg->n_levels);
    classic_put32(r + 64, (uint32_t)dg->n_branches);
    classic_put32(r + 68, (uint32_t)dg->entry);
    r[72] = (unsigned char)dg->bones;
    bb_put(out, r, sizeof r);
}

static void put_level(bytebuf *out, const clevel *l)
{
    unsigned char r[LEVEL_REC] = {0};
    put_name(r, l->name);
    put16(r + 24, l->base);
    put16(r + 26, l->rand);
    classic_put32(r + 28, (uint32_t)l->chance);
    classic_put32(r + 32, (uint32_t)l->rndlevs);
    classic_put32(r + 36, (uint32_t)l->chain);
    classic_put32(r + 40, (uint32_t)l->flags);
    r[44] = (unsigned char)l->bones;
    bb_put(out, r, sizeof r);
}

static void put_branch(bytebuf *out, const cbranch *br)
{
    unsigned char r[BRANCH_REC] = {0};
    put_name(r, br->name);
    put16(r + 24, br->base);
    put16(r + 26, br->rand);
    classic_put32(r + 28, (uint32_t)br->chain);
    classic_put32(r + 32, (uint32_t)br->type);
    classic_put32(r + 36, (uint32_t)br->up);
    bb_put(out, r, sizeof r);
}

static unsigned char *serialize(const builder *b, const classic_version *v,
                                size_t *len)
{
    bytebuf out;
    bb_init(&out);
    unsigned char head[5 * 8 + 4];
    size_t n = classic_version_put(v, head);
    classic_put32(head + n, (uint32_t)b->n_dungeons);
    bb_put(&out, head, n + 4);
    int lev = 0, br = 0;
    for (int i = 0; i < b->n_dungeons; i++) {
        const cdungeon *dg = &b->dungeons[i];
        put_dungeon(&out, dg);
        for (int k = 0; k < dg->n_levels; k++)
            put_level(&out, &b->levels[lev++]);
        for (int k = 0; k < dg->n_branches; k++)
            put_branch(&out, &b->branches[br++]);
    }
    *len = out.len;
    return out.data;
}

unsigned char *dgn_classic_build(diag *d, const dgn_ast *ast, classic_game g,
                                 const classic_version *v, size_t *len)
{
    builder *b = xcalloc(1, sizeof *b);
    b->d = d;
    b->game = g;
    b->lev_limit = g == CLASSIC_NETHACK36 ? 50 : 99;
    int errors = d->errors;
    for (const dgn_stmt *st = ast->first; st && !d->gave_up; st = st->next) {
        /* dgn_check accepted the text, so every statement is in a dungeon
         * and within our own limits. */
        if (st->kind == DS_DUNGEON && b->n_dungeons >= LOADER_DUNGEONS) {
            do_dungeon(b, st);      /* the error */
            break;
        }
        if (st->kind == DS_DUNGEON || b->n_dungeons > 0)
            apply(b, st);
    }
    unsigned char *bytes = NULL;
    if (d->errors == errors)
        bytes = serialize(b, v, len);
    free(b);
    return bytes;
}
