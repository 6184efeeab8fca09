/* load.c - reads a binary dungeon script (doc/formats.md) and verifies every
 * rule the format states before anything uses it.  Nothing is trusted: every
 * read is inside the buffer, every count, offset, index and value is checked,
 * and the first failure ends the load with a short reason. */
#include "splev/dungeon.h"
#include "common/common.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define HEADER_SIZE 32
#define DUNGEON_REC 24
#define LEVEL_REC 16
#define BRANCH_REC 8
#define STRTAB_MAX 65536u
#define FORMAT_VERSION 1
#define MAX_FILE_SIZE (16u * 1024u * 1024u)

static const unsigned char dgn_magic[8] = {0x89, 'S', 'P', 'D',
                                           'G',  'N', '\r', '\n'};

typedef struct reader {
    const unsigned char *buf;
    size_t len;
    char *err;
    size_t errlen;
    unsigned nd, nl, nb;          /* record counts */
    const unsigned char *dgn_recs, *lev_recs, *br_recs;
    const char *strtab;           /* the table inside buf */
    uint32_t strtab_len;
    int maxlev;             /* the header's level limit */
    size_t next_new;              /* offset of the next new string */
} reader;

static int fail(reader *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Record the reason of a failure; always returns -1 so callers can
 * `return fail(...)`. */
static int fail(reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (r->errlen)
        vsnprintf(r->err, r->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int rd_s8(const unsigned char *p)
{
    return p[0] >= 0x80 ? (int)p[0] - 256 : (int)p[0];
}

static int rd_s16(const unsigned char *p)
{
    unsigned v = rd_u16(p);
    return v >= 0x8000u ? (int)v - 65536 : (int)v;
}

/* ---- header ---- */

/* The record counts and the string table size, within the format's limits. */
static int check_counts(reader *r)
{
    r->nd = rd_u16(r->buf + 16);
    r->nl = rd_u16(r->buf + 18);
    r->nb = rd_u16(r->buf + 20);
    if (r->nd < 1 || r->nd > SPLEV_MAX_DUNGEONS)
        return fail(r, "dungeon count out of range");
    if (r->nl > SPLEV_MAX_SPECIAL)
        return fail(r, "level count out of range");
    if (r->nb > SPLEV_MAX_BRANCHES)
        return fail(r, "branch count out of range");
    unsigned lim = r->buf[22];
    if (r->buf[23] != lim ||
        (lim != 0 && (lim <= SPLEV_MAXLEVEL || lim > SPLEV_MAXLEVEL_ANY)))
        return fail(r, "level limit out of range");
    r->maxlev = lim ? (int)lim : SPLEV_MAXLEVEL;
    r->strtab_len = rd_u32(r->buf + 24);
    if (r->strtab_len < 1 || r->strtab_len > STRTAB_MAX)
        return fail(r, "string table size out of range");
    return 0;
}

/* Magic, version, sizes, counts and checksum: after this every record and
 * the string table are known to lie inside the buffer. */
static int check_header(reader *r)
{
    if (r->len < HEADER_SIZE)
        return fail(r, "truncated header");
    if (memcmp(r->buf, dgn_magic, sizeof dgn_magic) != 0)
        return fail(r, "bad magic");
    unsigned version = rd_u16(r->buf + 8);
    if (version != FORMAT_VERSION)
        return fail(r, "unsupported version %u", version);
    if (rd_u16(r->buf + 10) != HEADER_SIZE)
        return fail(r, "bad header size");
    uint32_t total = rd_u32(r->buf + 12);
    if (total > r->len)
        return fail(r, "truncated file");
    if (total < r->len)
        return fail(r, "trailing bytes after the script");
    if (check_counts(r) != 0)
        return -1;
    size_t want = HEADER_SIZE + (size_t)DUNGEON_REC * r->nd +
                  (size_t)LEVEL_REC * r->nl + (size_t)BRANCH_REC * r->nb +
                  r->strtab_len;
    if (want != total)
        return fail(r, "file size does not match the counts");
    if (crc32_bytes(r->buf + HEADER_SIZE, r->len - HEADER_SIZE) !=
        rd_u32(r->buf + 28))
        return fail(r, "checksum mismatch");
    r->dgn_recs = r->buf + HEADER_SIZE;
    r->lev_recs = r->dgn_recs + (size_t)DUNGEON_REC * r->nd;
    r->br_recs = r->lev_recs + (size_t)LEVEL_REC * r->nl;
    r->strtab = (const char *)(r->br_recs + (size_t)BRANCH_REC * r->nb);
    if (r->strtab[0] != '\0')
        return fail(r, "string table does not start with an empty string");
    if (r->strtab[r->strtab_len - 1] != '\0')
        return fail(r, "string table not terminated");
    return 0;
}

/* ---- strings ---- */

/* A string used by a record.  Beyond being inside the table, it must be the
 * canonical table: either an earlier string, or the next new one, and never
 * a repeat of an earlier string (stored once, in order of first use). */
static int get_string(reader *r, uint32_t off, const char *what,
                      const char **out)
{
    if (off >= r->strtab_len)
        return fail(r, "%s offset out of range", what);
    const char *s = r->strtab + off;
    if (!memchr(s, '\0', r->strtab_len - off))
        return fail(r, "%s not terminated", what);
    if (off == 0 || (off < r->next_new && r->strtab[off - 1] == '\0')) {
        *out = s;
        return 0;
    }
    if (off != r->next_new)
        return fail(r, "string table not in order of first use");
    for (size_t p = 1; p < r->next_new; p += strlen(r->strtab + p) + 1)
        if (strcmp(r->strtab + p, s) == 0)
            return fail(r, "duplicate string in string table");
    if (*s == '\0')
        return fail(r, "duplicate string in string table");
    r->next_new = off + strlen(s) + 1;
    *out = s;
    return 0;
}

static int printable(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7E)
            return 0;
    return 1;
}

/* A name of min..max bytes of printable ASCII. */
static int check_name(reader *r, const char *s, size_t min, size_t max,
                      const char *what)
{
    size_t n = strlen(s);
    if (n < min || n > max)
        return fail(r, "%s length out of range", what);
    if (!printable(s))
        return fail(r, "%s has a bad character", what);
    return 0;
}

/* Level names become file names: the compiler's rule (file_name_safe). */
static int check_file_name(reader *r, const char *s, const char *what)
{
    if (!file_name_safe(s))
        return fail(r, "%s is not a plain file name", what);
    return 0;
}

static int valid_bones(unsigned c)
{
    return c == 0 || (c >= 0x21 && c <= 0x7E);
}

static int valid_align(unsigned a)
{
    return a == SPLEV_ALIGN_NONE || a == SPLEV_ALIGN_CHAOTIC ||
           a == SPLEV_ALIGN_NEUTRAL || a == SPLEV_ALIGN_LAWFUL;
}

/* ---- dungeon records ---- */

/* The one-byte fields of a dungeon record, each within its range. */
static int check_dungeon_values(reader *r, int i, const unsigned char *p)
{
    if (!valid_bones(p[8]))
        return fail(r, "dungeon %d: bad bones character", i);
    if (p[9] & ~(unsigned)(SPLEV_DF_HELLISH | SPLEV_DF_MAZELIKE |
                           SPLEV_DF_ROGUELIKE))
        return fail(r, "dungeon %d: bad flags", i);
    if (!valid_align(p[10]))
        return fail(r, "dungeon %d: bad alignment", i);
    if (p[11] < 1 || p[11] > 100)
        return fail(r, "dungeon %d: chance out of range", i);
    if (rd_s8(p + 12) < 1 || rd_s8(p + 12) > r->maxlev)
        return fail(r, "dungeon %d: level count out of range", i);
    if (rd_s8(p + 13) < 0 || rd_s8(p + 13) > r->maxlev)
        return fail(r, "dungeon %d: level count range out of range", i);
    if (rd_s8(p + 14) < -r->maxlev || rd_s8(p + 14) > r->maxlev)
        return fail(r, "dungeon %d: entry out of range", i);
    if (p[15] != 0)
        return fail(r, "dungeon %d: reserved byte not zero", i);
    return 0;
}

/* The slices must tile the level and branch records in dungeon order. */
static int check_slices(reader *r, int i, const splev_dgn_dungeon *d,
                        unsigned *next_level, unsigned *next_branch)
{
    if ((unsigned)d->first_level != *next_level ||
        *next_level + (unsigned)d->n_levels > r->nl)
        return fail(r, "dungeon %d: level records not contiguous", i);
    if ((unsigned)d->first_branch != *next_branch ||
        *next_branch + (unsigned)d->n_branches > r->nb)
        return fail(r, "dungeon %d: branch records not contiguous", i);
    *next_level += (unsigned)d->n_levels;
    *next_branch += (unsigned)d->n_branches;
    return 0;
}

/* Names first (their order is the string table's order), then values. */
static int decode_dungeon(reader *r, int i, splev_dgn_dungeon *d)
{
    const unsigned char *p = r->dgn_recs + (size_t)DUNGEON_REC * (size_t)i;
    char what[32];
    snprintf(what, sizeof what, "dungeon %d: name", i);
    if (get_string(r, rd_u32(p), what, &d->name) != 0 ||
        check_name(r, d->name, 1, SPLEV_DGN_NAME_MAX, what) != 0)
        return -1;
    snprintf(what, sizeof what, "dungeon %d: protofile", i);
    if (get_string(r, rd_u32(p + 4), what, &d->proto) != 0 ||
        check_name(r, d->proto, 0, SPLEV_PROTO_NAME_MAX, what) != 0)
        return -1;
    if (check_dungeon_values(r, i, p) != 0)
        return -1;
    d->bones = (char)p[8];
    d->flags = p[9];
    d->align = p[10];
    d->chance = p[11];
    d->base = rd_s8(p + 12);
    d->rand = rd_s8(p + 13);
    d->entry = rd_s8(p + 14);
    d->first_level = (int)rd_u16(p + 16);
    d->n_levels = (int)rd_u16(p + 18);
    d->first_branch = (int)rd_u16(p + 20);
    d->n_branches = (int)rd_u16(p + 22);
    return 0;
}

static int decode_dungeons(reader *r, splev_dgn_script *s)
{
    unsigned next_level = 0, next_branch = 0;
    for (int i = 0; i < (int)r->nd; i++) {
        if (decode_dungeon(r, i, &s->dungeons[i]) != 0 ||
            check_slices(r, i, &s->dungeons[i], &next_level, &next_branch))
            return -1;
    }
    if (next_level != r->nl)
        return fail(r, "level records not all in a dungeon");
    if (next_branch != r->nb)
        return fail(r, "branch records not all in a dungeon");
    return 0;
}

/* ---- level records ---- */

/* base/rand of a level or branch: absolute (1..32 or -32..-1) unless chained
 * (an offset -32..32); rand -1..32. */
static int check_couple(reader *r, const char *what, int i, int base,
                        int rand, int chained)
{
    int ok = chained ? base >= -r->maxlev && base <= r->maxlev
                     : base != 0 && base >= -r->maxlev &&
                           base <= r->maxlev;
    if (!ok)
        return fail(r, "%s %d: base out of range", what, i);
    if (rand < -1 || rand > r->maxlev)
        return fail(r, "%s %d: rand out of range", what, i);
    return 0;
}

/* A chain names a level record of the owning dungeon (before `limit`, its
 * own index for levels) whose chance is 100. */
static int check_chain(reader *r, const splev_dgn_script *s,
                       const splev_dgn_dungeon *d, const char *what, int i,
                       int chain, int limit)
{
    if (chain == -1)
        return 0;
    if (chain < 0 || chain >= limit)
        return fail(r, "%s %d: bad chain", what, i);
    if (s->levels[d->first_level + chain].chance != 100)
        return fail(r, "%s %d: chained to a probabilistic level", what, i);
    return 0;
}

/* The one-byte fields of a level record, each within its documented range. */
static int check_level_values(reader *r, int i, const unsigned char *p)
{
    if (!valid_bones(p[4]))
        return fail(r, "level %d: bad bones character", i);
    if (p[5] & ~(unsigned)(SPLEV_DF_TOWN | SPLEV_DF_HELLISH |
                           SPLEV_DF_MAZELIKE | SPLEV_DF_ROGUELIKE))
        return fail(r, "level %d: bad flags", i);
    if (!valid_align(p[6]))
        return fail(r, "level %d: bad alignment", i);
    if (p[7] < 1 || p[7] > 100)
        return fail(r, "level %d: chance out of range", i);
    if (p[10] > SPLEV_MAX_SPECIAL)
        return fail(r, "level %d: variant count out of range", i);
    if (p[11] != 0 || rd_u16(p + 14) != 0)
        return fail(r, "level %d: reserved byte not zero", i);
    return 0;
}

/* A level record of dungeon d; its chain may only name an earlier record of
 * d, so records are decoded in file order. */
static int decode_level(reader *r, splev_dgn_script *s,
                        const splev_dgn_dungeon *d, int i)
{
    const unsigned char *p = r->lev_recs + (size_t)LEVEL_REC * (size_t)i;
    splev_dgn_level *l = &s->levels[i];
    char what[32];
    snprintf(what, sizeof what, "level %d: name", i);
    if (get_string(r, rd_u32(p), what, &l->name) != 0 ||
        check_name(r, l->name, 1, SPLEV_LEV_NAME_MAX, what) != 0 ||
        check_file_name(r, l->name, what) != 0 ||
        check_level_values(r, i, p) != 0)
        return -1;
    l->bones = (char)p[4];
    l->flags = p[5];
    l->align = p[6];
    l->chance = p[7];
    l->base = rd_s8(p + 8);
    l->rand = rd_s8(p + 9);
    l->rndlevs = p[10];
    l->chain = rd_s16(p + 12);
    if (check_chain(r, s, d, "level", i, l->chain, i - d->first_level) != 0)
        return -1;
    return check_couple(r, "level", i, l->base, l->rand, l->chain >= 0);
}

static int decode_levels(reader *r, splev_dgn_script *s)
{
    for (int di = 0; di < s->n_dungeons; di++) {
        const splev_dgn_dungeon *d = &s->dungeons[di];
        for (int i = d->first_level; i < d->first_level + d->n_levels; i++)
            if (decode_level(r, s, d, i) != 0)
                return -1;
    }
    return 0;
}

/* ---- branch records ---- */

/* A branch record of dungeon `owner`: its target comes later in the file,
 * and only a dungeon that always exists may have branches. */
static int decode_branch(reader *r, splev_dgn_script *s, int owner, int i)
{
    const unsigned char *p = r->br_recs + (size_t)BRANCH_REC * (size_t)i;
    const splev_dgn_dungeon *d = &s->dungeons[owner];
    splev_dgn_branch *b = &s->branches[i];
    b->target = (int)rd_u16(p);
    b->base = rd_s8(p + 2);
    b->rand = rd_s8(p + 3);
    b->chain = rd_s16(p + 4);
    b->type = p[6];
    b->up = p[7];
    if (b->target <= owner || b->target >= s->n_dungeons)
        return fail(r, "branch %d: bad target dungeon", i);
    if (d->chance != 100)
        return fail(r, "branch %d: leaves a dungeon that may not exist", i);
    if (check_chain(r, s, d, "branch", i, b->chain, d->n_levels) != 0 ||
        check_couple(r, "branch", i, b->base, b->rand, b->chain >= 0) != 0)
        return -1;
    if (b->type > SPLEV_BR_PORTAL)
        return fail(r, "branch %d: bad type", i);
    if (p[7] > 1)
        return fail(r, "branch %d: bad direction", i);
    return 0;
}

/* Every dungeon but the first is entered through exactly one branch. */
static int check_reachability(reader *r, const splev_dgn_script *s)
{
    int targeted[SPLEV_MAX_DUNGEONS] = {0};
    for (int i = 0; i < s->n_branches; i++)
        targeted[s->branches[i].target]++;
    for (int di = 1; di < s->n_dungeons; di++) {
        if (targeted[di] == 0)
            return fail(r, "dungeon %d: no branch leads to it", di);
        if (targeted[di] > 1)
            return fail(r, "dungeon %d: more than one branch leads to it",
                        di);
    }
    return 0;
}

static int decode_branches(reader *r, splev_dgn_script *s)
{
    for (int di = 0; di < s->n_dungeons; di++) {
        const splev_dgn_dungeon *d = &s->dungeons[di];
        for (int i = d->first_branch; i < d->first_branch + d->n_branches; i++)
            if (decode_branch(r, s, di, i) != 0)
                return -1;
    }
    return check_reachability(r, s);
}

/* ---- the whole script ---- */

static splev_dgn_script *alloc_script(const reader *r)
{
    splev_dgn_script *s = xcalloc(1, sizeof *s);
    s->n_dungeons = (int)r->nd;
    s->n_levels = (int)r->nl;
    s->n_branches = (int)r->nb;
    s->dungeons = xcalloc(r->nd, sizeof *s->dungeons);
    s->levels = xcalloc(r->nl, sizeof *s->levels);
    s->branches = xcalloc(r->nb, sizeof *s->branches);
    s->strings_len = r->strtab_len;
    s->max_levels = r->maxlev > SPLEV_MAXLEVEL ? r->maxlev : 0;
    s->strings = xmalloc(r->strtab_len);
    memcpy(s->strings, r->strtab, r->strtab_len);
    return s;
}

/* The decoded names point into the file buffer; move them to the script's
 * own copy of the table. */
static const char *rebase(const reader *r, const splev_dgn_script *s,
                          const char *p)
{
    return s->strings + (p - r->strtab);
}

static void rebase_names(const reader *r, splev_dgn_script *s)
{
    for (int i = 0; i < s->n_dungeons; i++) {
        s->dungeons[i].name = rebase(r, s, s->dungeons[i].name);
        s->dungeons[i].proto = rebase(r, s, s->dungeons[i].proto);
    }
    for (int i = 0; i < s->n_levels; i++)
        s->levels[i].name = rebase(r, s, s->levels[i].name);
}

static splev_dgn_script *dgn_decode_unguarded(const unsigned char *buf,
                                              size_t len, char *err,
                                              size_t errlen)
{
    reader r;
    memset(&r, 0, sizeof r);
    r.buf = buf;
    r.len = buf ? len : 0;
    r.err = err;
    r.errlen = errlen;
    r.next_new = 1;
    if (check_header(&r) != 0)
        return NULL;
    splev_dgn_script *s = alloc_script(&r);
    if (decode_dungeons(&r, s) != 0 || decode_levels(&r, s) != 0 ||
        decode_branches(&r, s) != 0) {
        splev_dgn_script_free(s);
        return NULL;
    }
    if (r.next_new != r.strtab_len) {
        fail(&r, "unused bytes in string table");
        splev_dgn_script_free(s);
        return NULL;
    }
    rebase_names(&r, s);
    return s;
}

/* The entry point: out of memory gives "out of memory" in err. */
splev_dgn_script *splev_dgn_decode(const unsigned char *buf, size_t len,
                                   char *err, size_t errlen)
{
    OOM_ENTRY(splev_dgn_script *, oom_report(err, errlen),
              dgn_decode_unguarded(buf, len, err, errlen));
}

static splev_dgn_script *dgn_load_file_unguarded(const char *path, char *err,
                                                 size_t errlen)
{
    char why[200];
    size_t len = 0;
    char *data = read_whole_file(path, MAX_FILE_SIZE, &len, why, sizeof why);
    if (!data) {
        snprintf(err, errlen, "%s: %s", path, why);
        return NULL;
    }
    splev_dgn_script *s = splev_dgn_decode((const unsigned char *)data, len,
                                           why, sizeof why);
    free(data);
    if (!s)
        snprintf(err, errlen, "%s: bad dungeon script (%s)", path, why);
    return s;
}

/* The entry point: out of memory gives "out of memory" in err. */
splev_dgn_script *splev_dgn_load_file(const char *path, char *err,
                                      size_t errlen)
{
    OOM_ENTRY(splev_dgn_script *, oom_report(err, errlen),
              dgn_load_file_unguarded(path, err, errlen));
}

void splev_dgn_script_free(splev_dgn_script *s)
{
    if (!s)
        return;
    free(s->dungeons);
    free(s->levels);
    free(s->branches);
    free(s->strings);
    free(s);
}
