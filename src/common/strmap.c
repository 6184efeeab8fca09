/* strmap.c - a map from NUL-terminated strings to pointers: open
 * addressing with linear probing on an FNV-1a hash, kept at most half
 * full.  The keys are not copied; they must outlive the map (they
 * normally point into a syntax tree or a loaded file). */
#include "common.h"

#include <stdlib.h>
#include <string.h>

uint32_t strmap_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h;
}

/* The slot holding key, or the empty slot where it would go. */
static struct strmap_slot *slot_of(const strmap *m, const char *key)
{
    size_t mask = m->cap - 1;
    for (size_t i = strmap_hash(key) & mask;; i = (i + 1) & mask) {
        struct strmap_slot *s = &m->v[i];
        if (!s->key || strcmp(s->key, key) == 0)
            return s;
    }
}

static void grow(strmap *m)
{
    strmap bigger = {NULL, 0, m->cap ? m->cap * 2 : 16};
    bigger.v = xcalloc(bigger.cap, sizeof *bigger.v);
    for (size_t i = 0; i < m->cap; i++)
        if (m->v[i].key)
            *slot_of(&bigger, m->v[i].key) = m->v[i];
    bigger.n = m->n;
    free(m->v);
    *m = bigger;
}

void *strmap_get(const strmap *m, const char *key)
{
    if (!m->n)
        return NULL;
    return slot_of(m, key)->val;
}

int strmap_has(const strmap *m, const char *key)
{
    return m->n && slot_of(m, key)->key != NULL;
}

int strmap_put(strmap *m, const char *key, void *val)
{
    if ((m->n + 1) * 2 > m->cap)
        grow(m);
    struct strmap_slot *s = slot_of(m, key);
    if (s->key) {
        s->val = val;
        return 0;
    }
    s->key = key;
    s->val = val;
    m->n++;
    return 1;
}

void strmap_free(strmap *m)
{
    free(m->v);
    m->v = NULL;
    m->n = m->cap = 0;
}
