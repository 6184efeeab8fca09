/* encode.c - level scripts to bytes (doc/formats.md, "Level script").
 * Little-endian fixed-width fields; strings deduplicated in order of first
 * use, so equal scripts give equal bytes everywhere. */
#include "common/common.h"
#include "splev/levscript.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define LEV_HEADER_SIZE 64

static const unsigned char lev_magic[8] = {0x89, 'S', 'P', 'L',
                                           'E',  'V', '\r', '\n'};

/* The string table, written straight into the output buffer (sized for
 * every string up front), with each distinct byte string stored once and
 * found through an open-addressing hash of offsets. */
typedef struct {
    char *data;
    size_t len;
    struct st_slot {
        uint32_t off1;      /* offset + 1, 0 = empty */
        uint32_t len;
    } *slots;
    size_t mask;
} strtab;

/* Words of the string's first and last 16 bytes (all of a short one) and
 * its length: equal strings are still found by comparing, and offsets
 * depend on the order of first use only, not on the hash (nor on the
 * host's byte order, which the loads below depend on). */
static uint64_t st_hash(const char *s, size_t len)
{
    uint64_t w[4] = {0, 0, 0, 0};
    if (len <= 16) {
        memcpy(w, s, len);
    } else {
        memcpy(w, s, 16);
        memcpy(w + 2, s + len - 16, 16);
    }
    const uint64_t k = 0x9e3779b97f4a7c15ULL;
    uint64_t h = len;
    for (int i = 0; i < 4; i++)
        h = (h ^ w[i]) * k;
    return h ^ h >> 31;
}

static uint32_t st_add(strtab *t, const char *s, size_t len)
{
    if (len == 0)
        return 0;                   /* offset 0 holds "" */
    size_t j = st_hash(s, len) & t->mask;
    for (; t->slots[j].off1; j = (j + 1) & t->mask)
        if (t->slots[j].len == len &&
            memcmp(t->data + t->slots[j].off1 - 1, s, len) == 0)
            return t->slots[j].off1 - 1;
    uint32_t off = (uint32_t)t->len;
    memcpy(t->data + off, s, len);
    t->data[off + len] = '\0';
    t->len += len + 1;
    t->slots[j].off1 = off + 1;
    t->slots[j].len = (uint32_t)len;
    return off;
}

static uint32_t st_name(strtab *t, const char *s)
{
    return s ? st_add(t, s, strlen(s)) : 0xFFFFFFFFu;
}

/* Bytes a name may take in the string table. */
static size_t name_size(const char *s)
{
    return s ? strlen(s) + 1 : 0;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HOST_LE 1
#else
#define HOST_LE 0
#endif

/* Little-endian stores into the buffer sized up front. */
static unsigned char *put16(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    return p + 2;
}

static unsigned char *put32(unsigned char *p, uint32_t v)
{
    if (HOST_LE) {
        memcpy(p, &v, 4);
    } else {
        p[0] = (unsigned char)v;
        p[1] = (unsigned char)(v >> 8);
        p[2] = (unsigned char)(v >> 16);
        p[3] = (unsigned char)(v >> 24);
    }
    return p + 4;
}

/* Instructions and line entries are laid out in memory as in the file
 * (fields in order, no padding) on a little-endian host: copied whole. */
#define INSNS_AS_FILE                                                        \
    (HOST_LE && sizeof(splev_insn) == 8 && offsetof(splev_insn, a) == 1 &&  \
     offsetof(splev_insn, n) == 2 && offsetof(splev_insn, arg) == 4)
#define LINES_AS_FILE                                                        \
    (HOST_LE && sizeof(splev_line) == 12 && offsetof(splev_line, file) == 4 \
     && offsetof(splev_line, line) == 8)

static unsigned char *lev_encode_unguarded(const splev_levscript *s,
                                           size_t *len)
{
    /* Every section but the strings has a fixed size per entry, so the
     * file is one buffer: header and sections written in place, the
     * strings (collected meanwhile) after them. */
    size_t fixed = (size_t)s->n_files * 4 + (size_t)s->n_funcs * 20 +
                   (size_t)s->n_consts * 28 + (size_t)s->n_insns * 8 +
                   (size_t)s->n_lines * 12 + (size_t)s->n_varnames * 4;
    size_t nstr = (size_t)s->n_files + s->n_funcs + s->n_varnames + 2;
    size_t strmax = 1 + name_size(s->name);
    for (uint32_t i = 0; i < s->n_files; i++)
        strmax += name_size(s->files[i]);
    for (uint32_t i = 0; i < s->n_funcs; i++)
        strmax += name_size(s->funcs[i].name);
    for (uint32_t i = 0; i < s->n_varnames; i++)
        strmax += name_size(s->varnames[i]);
    for (uint32_t i = 0; i < s->n_consts; i++)
        if (s->consts[i].str) {
            nstr++;
            strmax += (size_t)s->consts[i].len + 1;
        }
    size_t hcap = 16;
    while (hcap < nstr * 2)
        hcap *= 2;
    size_t cap = LEV_HEADER_SIZE + fixed;
    unsigned char *out = xmalloc(cap + strmax);
    strtab t;
    t.data = (char *)out + cap;
    t.data[0] = '\0';              /* offset 0: "" */
    t.len = 1;
    /* Most scripts have a few dozen strings: their table on the stack. */
    struct st_slot few[256];
    if (hcap <= 256) {
        memset(few, 0, hcap * sizeof *few);
        t.slots = few;
    } else {
        t.slots = xcalloc(hcap, sizeof *t.slots);
    }
    t.mask = hcap - 1;

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
    if (INSNS_AS_FILE && s->n_insns) {
        memcpy(p, s->code, (size_t)s->n_insns * 8);
        p += (size_t)s->n_insns * 8;
    } else {
        for (uint32_t i = 0; i < s->n_insns; i++) {
            const splev_insn *in = &s->code[i];
            *p++ = in->op;
            *p++ = in->a;
            p = put16(p, in->n);
            p = put32(p, (uint32_t)in->arg);
        }
    }
    if (LINES_AS_FILE && s->n_lines) {
        memcpy(p, s->lines, (size_t)s->n_lines * 12);
        p += (size_t)s->n_lines * 12;
    } else {
        for (uint32_t i = 0; i < s->n_lines; i++) {
            p = put32(p, s->lines[i].pc);
            p = put32(p, s->lines[i].file);
            p = put32(p, s->lines[i].line);
        }
    }
    for (uint32_t i = 0; i < s->n_varnames; i++)
        p = put32(p, st_name(&t, s->varnames[i]));
    uint32_t name = st_name(&t, s->name);
    if (t.slots != few)
        free(t.slots);

    size_t total = cap + t.len;
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
    put32(p, (uint32_t)t.len);
    /* The checksum covers everything after its own field. */
    put32(crc_at, crc32_bytes(out + 20, total - 20));
    *len = total;
    return out;
}

/* The entry point: out of memory gives the error result. */
unsigned char *splev_lev_encode(const splev_levscript *s, size_t *len)
{
    oom_guard g;
    OOM_GUARD(g, NULL);
    unsigned char *res = lev_encode_unguarded(s, len);
    oom_pop(&g);
    return res;
}
