/* emit.c - writes a dungeon script in the binary format of doc/formats.md:
 * header, dungeon, level and branch records, then the string table.  Every
 * field is written byte by byte (little-endian), so the output is the same
 * on every host. */
#include "splev/dungeon.h"
#include "common/common.h"

#include <stdlib.h>
#include <string.h>

#define HEADER_SIZE 32
#define FORMAT_VERSION 1

static const unsigned char dgn_magic[8] = {0x89, 'S', 'P', 'D',
                                           'G',  'N', '\r', '\n'};

/* The string table under construction, with the offset and length of
 * each string so that looking one up compares lengths, not bytes. */
typedef struct {
    bytebuf t;
    uint32_t *off, *len;
    size_t n, cap;
} strtab;

/* The offset of s in the table, adding it at the end when it is new: the
 * table stays deduplicated, in order of first use, with "" at offset 0. */
static uint32_t strtab_intern(strtab *st, const char *s)
{
    if (!s || !*s)
        return 0;
    uint32_t n = (uint32_t)strlen(s);
    for (size_t i = 0; i < st->n; i++)
        if (st->len[i] == n && st->t.data[st->off[i]] == (unsigned char)s[0] &&
            memcmp(st->t.data + st->off[i], s, n) == 0)
            return st->off[i];
    size_t cap = st->cap;
    grow_array((void **)&st->off, &cap, st->n + 1, sizeof *st->off);
    grow_array((void **)&st->len, &st->cap, st->n + 1, sizeof *st->len);
    uint32_t off = (uint32_t)st->t.len;
    st->off[st->n] = off;
    st->len[st->n++] = n;
    bb_put(&st->t, s, n + 1);
    return off;
}

/* A signed value in one byte (two's complement). */
static void put_s8(bytebuf *b, int v)
{
    bb_u8(b, (unsigned)v & 0xFFu);
}

static void put_s16(bytebuf *b, int v)
{
    bb_u16(b, (unsigned)v & 0xFFFFu);
}

static void put_dungeon(bytebuf *b, strtab *t, const splev_dgn_dungeon *d)
{
    bb_u32(b, strtab_intern(t, d->name));
    bb_u32(b, strtab_intern(t, d->proto));
    bb_u8(b, (unsigned char)d->bones);
    bb_u8(b, d->flags & 0xFFu);
    bb_u8(b, (unsigned)d->align & 0xFFu);
    bb_u8(b, (unsigned)d->chance & 0xFFu);
    put_s8(b, d->base);
    put_s8(b, d->rand);
    put_s8(b, d->entry);
    bb_u8(b, 0);
    bb_u16(b, (unsigned)d->first_level & 0xFFFFu);
    bb_u16(b, (unsigned)d->n_levels & 0xFFFFu);
    bb_u16(b, (unsigned)d->first_branch & 0xFFFFu);
    bb_u16(b, (unsigned)d->n_branches & 0xFFFFu);
}

static void put_level(bytebuf *b, strtab *t, const splev_dgn_level *l)
{
    bb_u32(b, strtab_intern(t, l->name));
    bb_u8(b, (unsigned char)l->bones);
    bb_u8(b, l->flags & 0xFFu);
    bb_u8(b, (unsigned)l->align & 0xFFu);
    bb_u8(b, (unsigned)l->chance & 0xFFu);
    put_s8(b, l->base);
    put_s8(b, l->rand);
    bb_u8(b, (unsigned)l->rndlevs & 0xFFu);
    bb_u8(b, 0);
    put_s16(b, l->chain);
    bb_u16(b, 0);
}

static void put_branch(bytebuf *b, const splev_dgn_branch *br)
{
    bb_u16(b, (unsigned)br->target & 0xFFFFu);
    put_s8(b, br->base);
    put_s8(b, br->rand);
    put_s16(b, br->chain);
    bb_u8(b, (unsigned)br->type & 0xFFu);
    bb_u8(b, br->up ? 1u : 0u);
}

static void put_header(bytebuf *out, const splev_dgn_script *s,
                       const bytebuf *body, size_t strtab_len)
{
    bb_put(out, dgn_magic, sizeof dgn_magic);
    bb_u16(out, FORMAT_VERSION);
    bb_u16(out, HEADER_SIZE);
    bb_u32(out, (uint32_t)(HEADER_SIZE + body->len));
    bb_u16(out, (unsigned)s->n_dungeons);
    bb_u16(out, (unsigned)s->n_levels);
    bb_u16(out, (unsigned)s->n_branches);
    /* the level limit when a profile raised it, else 0, in both bytes so
     * that no single flipped bit makes another valid limit
     * (doc/formats.md) */
    unsigned lim = s->max_levels > SPLEV_MAXLEVEL ? (unsigned)s->max_levels : 0;
    bb_u16(out, lim | lim << 8);
    bb_u32(out, (uint32_t)strtab_len);
    bb_u32(out, crc32_bytes(body->data, body->len));
}

static unsigned char *dgn_encode_unguarded(const splev_dgn_script *s,
                                           size_t *len)
{
    bytebuf body, out;
    strtab st;
    memset(&st, 0, sizeof st);
    bb_init(&body);
    bb_init(&st.t);
    bb_init(&out);
    bb_u8(&st.t, 0); /* offset 0: the empty string */
    for (int i = 0; i < s->n_dungeons; i++)
        put_dungeon(&body, &st, &s->dungeons[i]);
    for (int i = 0; i < s->n_levels; i++)
        put_level(&body, &st, &s->levels[i]);
    for (int i = 0; i < s->n_branches; i++)
        put_branch(&body, &s->branches[i]);
    bb_put(&body, st.t.data, st.t.len);
    put_header(&out, s, &body, st.t.len);
    bb_put(&out, body.data, body.len);
    bb_free(&body);
    bb_free(&st.t);
    free(st.off);
    free(st.len);
    *len = out.len;
    return out.data;
}

/* The entry point: out of memory gives the error result. */
unsigned char *splev_dgn_encode(const splev_dgn_script *s, size_t *len)
{
    OOM_ENTRY(unsigned char *, NULL, dgn_encode_unguarded(s, len));
}
