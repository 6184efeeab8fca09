/* arena.c - chunks for the bump allocator of arena.h.
 *
 * Ordinary chunks start small (a tiny des-file costs one 8 KB chunk) and
 * double up to 1 MB, so a big file needs few malloc calls and wastes at
 * most one chunk's tail per chunk.  A request bigger than a quarter of the
 * next chunk gets a chunk of its own, and the current chunk stays current
 * for the small requests that follow. */
#include "lev_front/arena.h"

#include "common/common.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct lev_arena_chunk {
    lev_arena_chunk *next;
    size_t own;                 /* holds one block (see alloc_slow) */
    union {                     /* keeps the data aligned */
        void *p;
        long long ll;
        double d;
    } data[];
};

#define FIRST_CHUNK ((size_t)8 * 1024)
#define LARGEST_CHUNK ((size_t)1024 * 1024)

/* Where an empty arena's cur and end point: the first allocation then
 * finds no room without any NULL arithmetic. */
static char no_room[1];

void lev_arena_init(lev_arena *a)
{
    a->cur = a->end = no_room;
    a->chunks = NULL;
    a->next_size = FIRST_CHUNK;
}

void lev_arena_release(lev_arena *a)
{
    lev_arena_chunk *c = a->chunks;
    while (c) {
        lev_arena_chunk *next = c->next;
        free(c);
        c = next;
    }
    lev_arena_init(a);
}

static lev_arena_chunk *new_chunk(size_t data_size)
{
    if (data_size > SIZE_MAX - sizeof(lev_arena_chunk))
        oom_fail(data_size);        /* the caller's guard, if any */
    return xmalloc(sizeof(lev_arena_chunk) + data_size);
}

void *lev_arena_alloc_slow(lev_arena *a, size_t n)
{
    if (n > a->next_size / 4) {
        /* A chunk of its own, linked behind the current one. */
        lev_arena_chunk *c = new_chunk(n);
        c->own = 1;
        if (a->chunks) {
            c->next = a->chunks->next;
            a->chunks->next = c;
        } else {
            c->next = NULL;
            a->chunks = c;
        }
        return c->data;
    }
    size_t size = a->next_size;
    if (a->next_size < LARGEST_CHUNK)
        a->next_size *= 2;
    lev_arena_chunk *c = new_chunk(size);
    c->own = 0;
    c->next = a->chunks;
    a->chunks = c;
    a->cur = (char *)c->data + n;
    a->end = (char *)c->data + size;
    return c->data;
}

void *lev_arena_zalloc(lev_arena *a, size_t n)
{
    void *p = lev_arena_alloc(a, n);
    memset(p, 0, n);
    return p;
}

/* A big block that has a chunk of its own grows with realloc, so a level
 * body of a million statements leaves no trail of outgrown copies.  The
 * chunk is found by walking the list: that happens once per doubling of a
 * big block, and there is one chunk per megabyte. */
static void *grow_own_chunk(lev_arena *a, void *p, size_t n)
{
    lev_arena_chunk **link = &a->chunks;
    while (*link && (void *)(*link)->data != p)
        link = &(*link)->next;
    if (!*link || !(*link)->own)
        return NULL;
    if (n > SIZE_MAX - sizeof(lev_arena_chunk))
        return NULL;
    lev_arena_chunk *c = xrealloc(*link, sizeof(lev_arena_chunk) + n);
    *link = c;
    return c->data;
}

void *lev_arena_grow(lev_arena *a, void *p, size_t old, size_t n)
{
    size_t mask = LEV_ARENA_ALIGN - 1;
    size_t old_r = (old + mask) & ~mask;
    size_t n_r = (n + mask) & ~mask;
    if (p && (char *)p + old_r == a->cur &&
        (size_t)(a->end - (char *)p) >= n_r) {
        a->cur = (char *)p + n_r;
        return p;
    }
    if (p && old > a->next_size / 4) {
        void *g = grow_own_chunk(a, p, n);
        if (g)
            return g;
    }
    void *q = lev_arena_alloc(a, n);
    if (p && old)
        memcpy(q, p, old < n ? old : n);
    return q;
}

char *lev_arena_strndup(lev_arena *a, const char *s, size_t n)
{
    char *p = lev_arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}
