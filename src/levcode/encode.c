/* encode.c - level scripts to bytes (doc/formats.md, "Level script").
 * Little-endian fixed-width fields; strings deduplicated in order of first
 * use, so equal scripts give equal bytes everywhere. */
#include "common/common.h"
#include "splev/levscript.h"

#include <stdlib.h>
#include <string.h>

#define LEV_HEADER_SIZE 64

static const unsigned char lev_magic[8] = {0x89, 'S', 'P', 'L',
                                           'E',  'V', '\r', '\n'};

/* A string table that stores each distinct byte string once, found
 * through an open-addressing hash of offsets. */
typedef struct {
    bytebuf b;
    uint32_t *slots;        /* offset + 1, 0 = empty */
    uint32_t *lens;
    size_t cap, used;
} strtab;

/* FNV-1a of the string, or for a long one (MAP blocks) of its length,
 * first and last 32 bytes: equal strings are still found by comparing,
 * and offsets depend on the order of first use only, not on the hash. */
static uint64_t st_hash(const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ULL ^ len;
    size_t head = len <= 96 ? len : 32;
    for (size_t i = 0; i < head; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    for (size_t i = len - (len <= 96 ? 0 : 32); i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h;
}

static void st_rehash(strtab *t, size_t ncap)
{
    uint32_t *ns = xcalloc(ncap, sizeof *ns), *nl = xcalloc(ncap, sizeof *nl);
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->slots[i])
            continue;
        const char *str = (const char *)t->b.data + t->slots[i] - 1;
        size_t j = st_hash(str, t->lens[i]) & (ncap - 1);
        while (ns[j])
            j = (j + 1) & (ncap - 1);
        ns[j] = t->slots[i];
        nl[j] = t->lens[i];
    }
    free(t->slots);
    free(t->lens);
    t->slots = ns;
    t->lens = nl;
    t->cap = ncap;
}

static uint32_t st_add(strtab *t, const char *s, size_t len)
{
    if (len == 0)
        return 0;                   /* offset 0 holds "" */
    if ((t->used + 1) * 2 > t->cap)
        st_rehash(t, t->cap ? t->cap * 2 : 256);
    size_t j = st_hash(s, len) & (t->cap - 1);
    while (t->slots[j]) {
        if (t->lens[j] == len &&
            memcmp(t->b.data + t->slots[j] - 1, s, len) == 0)
            return t->slots[j] - 1;
        j = (j + 1) & (t->cap - 1);
    }
    uint32_t off = (uint32_t)t->b.len;
    bb_put(&t->b, s, len + 1);      /* with its NUL */
    t->slots[j] = off + 1;
    t->lens[j] = (uint32_t)len;
    t->used++;
    return off;
}

static uint32_t st_name(strtab *t, const char *s)
{
    return s ? st_add(t, s, strlen(s)) : 0xFFFFFFFFu;
}

/* Little-endian stores into the buffer sized up front. */
static unsigned char *put16(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    return p + 2;
}

static unsigned char *put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
    return p + 4;
}

unsigned char *splev_lev_encode(const splev_levscript *s, size_t *len)
{
    /* Every section but the strings has a fixed size per entry, so the
     * file is one buffer: header and sections written in place, the
     * strings (collected meanwhile) appended at the end. */
    size_t fixed = (size_t)s->n_files * 4 + (size_t)s->n_funcs * 20 +
                   (size_t)s->n_consts * 28 + (size_t)s->n_insns * 8 +
                   (size_t)s->n_lines * 12 + (size_t)s->n_varnames * 4;
    strtab t;
    memset(&t, 0, sizeof t);
    bb_init(&t.b);
    size_t nstr = (size_t)s->n_files + s->n_funcs + s->n_varnames + 2;
    for (uint32_t i = 0; i < s->n_consts; i++)
        nstr += s->consts[i].str != NULL;
    size_t hcap = 256;
    while (hcap < nstr * 2)
        hcap *= 2;
    st_rehash(&t, hcap);
    bb_u8(&t.b, 0);                 /* offset 0: "" */

    size_t cap = LEV_HEADER_SIZE + fixed;
    unsigned char *out = xmalloc(cap);
    unsigned char *p = out + LEV_HEADER_SIZE;
    for (uint32_t i = 0; i < s->n_files; i++)
        p = put32(p, st_name(&t, s->files[i]));
    for (uint32_t i = 0; i < s->n_funcs; i++) {
        const splev_func *f = &s->funcs[i];
        p = put32(p, st_name(&t, f->name));
        p = put32(p, f->entry);
        p = put32(p, f->end);
        p = put16(p, f->nparams);
        p = put16(p, f->nslots);
        p = put32(p, f->first_varname);
    }
    for (uint32_t i = 0; i < s->n_consts; i++) {
        const splev_const *c = &s->consts[i];
        *p++ = (unsigned char)c->type;
        *p++ = 0;
        p = put16(p, 0);
        p = put32(p, (uint32_t)c->a);
        p = put32(p, (uint32_t)c->b);
        p = put32(p, (uint32_t)c->c);
        p = put32(p, (uint32_t)c->d);
        p = put32(p, c->str ? st_add(&t, c->str, c->len) : 0xFFFFFFFFu);
        p = put32(p, c->str ? c->len : 0);
    }
    for (uint32_t i = 0; i < s->n_insns; i++) {
        const splev_insn *in = &s->code[i];
        *p++ = in->op;
        *p++ = in->a;
        p = put16(p, in->n);
        p = put32(p, (uint32_t)in->arg);
    }
    for (uint32_t i = 0; i < s->n_lines; i++) {
        p = put32(p, s->lines[i].pc);
        p = put32(p, s->lines[i].file);
        p = put32(p, s->lines[i].line);
    }
    for (uint32_t i = 0; i < s->n_varnames; i++)
        p = put32(p, st_name(&t, s->varnames[i]));
    uint32_t name = st_name(&t, s->name);

    size_t total = cap + t.b.len;
    out = xrealloc(out, total);
    memcpy(out + cap, t.b.data, t.b.len);
    p = out;
    memcpy(p, lev_magic, sizeof lev_magic);
    p += sizeof lev_magic;
    p = put16(p, 1);                          /* format version */
    p = put16(p, LEV_HEADER_SIZE);
    p = put32(p, (uint32_t)total);
    unsigned char *crc_at = p;
    p = put32(p, 0);
    *p++ = (unsigned char)s->dialect;
    *p++ = 0;
    p = put16(p, 0);
    p = put32(p, name);
    p = put32(p, s->flags);
    p = put32(p, s->vault_freq);
    p = put32(p, s->n_files);
    p = put32(p, s->n_funcs);
    p = put32(p, s->n_consts);
    p = put32(p, s->n_insns);
    p = put32(p, s->n_lines);
    p = put32(p, s->n_varnames);
    put32(p, (uint32_t)t.b.len);
    /* The checksum covers everything after its own field. */
    put32(crc_at, crc32_bytes(out + 20, total - 20));
    bb_free(&t.b);
    free(t.slots);
    free(t.lens);
    *len = total;
    return out;
}
