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

static uint64_t st_hash(const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ULL;      /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h;
}

static void st_grow(strtab *t)
{
    size_t ncap = t->cap ? t->cap * 2 : 256;
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
        st_grow(t);
    size_t j = st_hash(s, len) & (t->cap - 1);
    while (t->slots[j]) {
        if (t->lens[j] == len &&
            memcmp(t->b.data + t->slots[j] - 1, s, len) == 0)
            return t->slots[j] - 1;
        j = (j + 1) & (t->cap - 1);
    }
    uint32_t off = (uint32_t)t->b.len;
    bb_put(&t->b, s, len);
    bb_u8(&t->b, 0);
    t->slots[j] = off + 1;
    t->lens[j] = (uint32_t)len;
    t->used++;
    return off;
}

static uint32_t st_name(strtab *t, const char *s)
{
    return s ? st_add(t, s, strlen(s)) : 0xFFFFFFFFu;
}

unsigned char *splev_lev_encode(const splev_levscript *s, size_t *len)
{
    strtab t;
    memset(&t, 0, sizeof t);
    bb_init(&t.b);
    bb_u8(&t.b, 0);                 /* offset 0: "" */
    bytebuf body;
    bb_init(&body);
    for (uint32_t i = 0; i < s->n_files; i++)
        bb_u32(&body, st_name(&t, s->files[i]));
    for (uint32_t i = 0; i < s->n_funcs; i++) {
        const splev_func *f = &s->funcs[i];
        bb_u32(&body, st_name(&t, f->name));
        bb_u32(&body, f->entry);
        bb_u32(&body, f->end);
        bb_u16(&body, f->nparams);
        bb_u16(&body, f->nslots);
        bb_u32(&body, f->first_varname);
    }
    for (uint32_t i = 0; i < s->n_consts; i++) {
        const splev_const *c = &s->consts[i];
        bb_u8(&body, (unsigned)c->type);
        bb_u8(&body, 0);
        bb_u16(&body, 0);
        bb_u32(&body, (uint32_t)c->a);
        bb_u32(&body, (uint32_t)c->b);
        bb_u32(&body, (uint32_t)c->c);
        bb_u32(&body, (uint32_t)c->d);
        bb_u32(&body, c->str ? st_add(&t, c->str, c->len) : 0xFFFFFFFFu);
        bb_u32(&body, c->str ? c->len : 0);
    }
    for (uint32_t i = 0; i < s->n_insns; i++) {
        const splev_insn *in = &s->code[i];
        bb_u8(&body, in->op);
        bb_u8(&body, in->a);
        bb_u16(&body, in->n);
        bb_u32(&body, (uint32_t)in->arg);
    }
    for (uint32_t i = 0; i < s->n_lines; i++) {
        bb_u32(&body, s->lines[i].pc);
        bb_u32(&body, s->lines[i].file);
        bb_u32(&body, s->lines[i].line);
    }
    for (uint32_t i = 0; i < s->n_varnames; i++)
        bb_u32(&body, st_name(&t, s->varnames[i]));
    uint32_t name = st_name(&t, s->name);
    bb_put(&body, t.b.data, t.b.len);

    bytebuf out;
    bb_init(&out);
    bb_put(&out, lev_magic, sizeof lev_magic);
    bb_u16(&out, 1);                          /* format version */
    bb_u16(&out, LEV_HEADER_SIZE);
    bb_u32(&out, (uint32_t)(LEV_HEADER_SIZE + body.len));
    size_t crc_at = out.len;
    bb_u32(&out, 0);
    bb_u8(&out, (unsigned)s->dialect);
    bb_u8(&out, 0);
    bb_u16(&out, 0);
    bb_u32(&out, name);
    bb_u32(&out, s->flags);
    bb_u32(&out, s->vault_freq);
    bb_u32(&out, s->n_files);
    bb_u32(&out, s->n_funcs);
    bb_u32(&out, s->n_consts);
    bb_u32(&out, s->n_insns);
    bb_u32(&out, s->n_lines);
    bb_u32(&out, s->n_varnames);
    bb_u32(&out, (uint32_t)t.b.len);
    bb_put(&out, body.data, body.len);
    /* The checksum covers everything after its own field. */
    bb_set_u32(&out, crc_at, crc32_bytes(out.data + 20, out.len - 20));
    bb_free(&body);
    bb_free(&t.b);
    free(t.slots);
    free(t.lens);
    *len = out.len;
    return out.data;
}
