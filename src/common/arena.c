/* arena.c - bump allocation for data that lives and dies together (a
 * parsed file): one malloc per block instead of one per node, and one
 * free for all of it. */
#include "common.h"

#include <stdlib.h>
#include <string.h>

struct arena_block {
    struct arena_block *next;
    size_t used, size;
    max_align_t data[];
};

#define ARENA_BLOCK (64u * 1024u)

void *arena_alloc(mem_arena *a, size_t n)
{
    size_t align = sizeof(max_align_t);
    n = (n + align - 1) / align * align;
    struct arena_block *b = a->head;
    if (!b || b->size - b->used < n) {
        size_t size = n > ARENA_BLOCK ? n : ARENA_BLOCK;
        b = xmalloc(sizeof *b + size);
        b->size = size;
        b->used = 0;
        b->next = a->head;
        a->head = b;
    }
    void *p = (char *)b->data + b->used;
    b->used += n;
    memset(p, 0, n);
    return p;
}

char *arena_strndup(mem_arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    return p;
}

void arena_free(mem_arena *a)
{
    struct arena_block *b = a->head;
    while (b) {
        struct arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
}
