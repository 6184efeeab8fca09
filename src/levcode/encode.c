/* encode.c - level scripts to bytes (doc/formats.md, "Level script").
 * Little-endian fixed-width fields; strings deduplicated in order of first
 * use, so equal scripts give equal bytes everywhere. */
#include "common/common.h"
#include "levcode/format.h"
#include "splev/levscript.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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
    return s ? st_add(t, s, strlen(s)) : LEV_NO_STRING;
}

/* Bytes a name may take in the string table. */
static size_t name_size(const char *s)
{
    return s ? strlen(s) + 1 : 0;
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

/* Entries of each section, in file order. */
static void section_counts(const splev_levscript *s, uint32_t n[LEV_S_COUNT_])
{
    n[LEV_S_FILES] = s->n_files;
    n[LEV_S_FUNCS] = s->n_funcs;
    n[LEV_S_CONSTS] = s->n_consts;
    n[LEV_S_INSNS] = s->n_insns;
    n[LEV_S_LINES] = s->n_lines;
    n[LEV_S_VARNAMES] = s->n_varnames;
}

/* The most the string table can take: every string once. */
static size_t strings_max(const splev_levscript *s, size_t *nstr)
{
    size_t max = 1 + name_size(s->name);
    *nstr = (size_t)s->n_files + s->n_funcs + s->n_varnames + 2;
    for (uint32_t i = 0; i < s->n_files; i++)
        max += name_size(s->files[i]);
    for (uint32_t i = 0; i < s->n_funcs; i++)
        max += name_size(s->funcs[i].name);
    for (uint32_t i = 0; i < s->n_varnames; i++)
        max += name_size(s->varnames[i]);
    for (uint32_t i = 0; i < s->n_consts; i++)
        if (s->consts[i].str) {
            ++*nstr;
            max += (size_t)s->consts[i].len + 1;
        }
    return max;
}

/* The sections at p, their strings added to t; returns the end. */
static unsigned char *put_sections(unsigned char *p, const splev_levscript *s,
                                   strtab *t)
{
    for (uint32_t i = 0; i < s->n_files; i++)
        p = put32(p, st_name(t, s->files[i]));
    for (uint32_t i = 0; i < s->n_funcs; i++) {
        const splev_func *f = &s->funcs[i];
        p = put32(p, st_name(t, f->name));
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
        p = put32(p, c->str ? st_add(t, c->str, c->len) : LEV_NO_STRING);
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
        p = put32(p, st_name(t, s->varnames[i]));
    return p;
}

/* The header of a file of total bytes whose string table holds strsize,
 * and its checksum over everything after the checksum field. */
static void put_header(unsigned char *out, const splev_levscript *s,
                       uint32_t name, size_t total, size_t strsize)
{
    memcpy(out + LEV_H_MAGIC, lev_magic, sizeof lev_magic);
    put16(out + LEV_H_VERSION, LEV_FORMAT_VERSION);
    put16(out + LEV_H_HSIZE, LEV_HEADER_SIZE);
    put32(out + LEV_H_TOTAL, (uint32_t)total);
    out[LEV_H_DIALECT] = (unsigned char)s->dialect;
    out[LEV_H_VARIANT] = (unsigned char)s->variant;
    put16(out + LEV_H_VARIANT + 1, 0);
    put32(out + LEV_H_NAME, name);
    put32(out + LEV_H_FLAGS, s->flags);
    put32(out + LEV_H_VAULT_FREQ, s->vault_freq);
    uint32_t n[LEV_S_COUNT_];
    section_counts(s, n);
    for (int i = 0; i < LEV_S_COUNT_; i++)
        put32(out + LEV_H_COUNTS + 4 * i, n[i]);
    put32(out + LEV_H_STRSIZE, (uint32_t)strsize);
    put32(out + LEV_H_CRC, crc32_bytes(out + LEV_H_CRC + 4,
                                       total - (LEV_H_CRC + 4)));
}

static unsigned char *lev_encode_unguarded(const splev_levscript *s,
                                           size_t *len)
{
    /* Every section but the strings has a fixed size per entry, so the
     * file is one buffer: header and sections written in place, the
     * strings (collected meanwhile) after them. */
    uint32_t n[LEV_S_COUNT_];
    section_counts(s, n);
    size_t cap = LEV_HEADER_SIZE, nstr;
    for (int i = 0; i < LEV_S_COUNT_; i++)
        cap += (size_t)n[i] * LEV_ENTRY_SIZE[i];
    size_t strmax = strings_max(s, &nstr);
    size_t hcap = 16;
    while (hcap < nstr * 2)
        hcap *= 2;
    unsigned char *out = xmalloc(cap + strmax);
    strtab t;
    t.data = (char *)out + cap;
    t.data[0] = '\0';              /* offset 0: "" */
    t.len = 1;
    t.slots = xcalloc(hcap, sizeof *t.slots);
    t.mask = hcap - 1;
    put_sections(out + LEV_HEADER_SIZE, s, &t);
    uint32_t name = st_name(&t, s->name);
    free(t.slots);
    size_t total = cap + t.len;
    put_header(out, s, name, total, t.len);
    *len = total;
    return out;
}

/* The entry point: out of memory gives the error result. */
unsigned char *splev_lev_encode(const splev_levscript *s, size_t *len)
{
    OOM_ENTRY(unsigned char *, NULL, lev_encode_unguarded(s, len));
}
