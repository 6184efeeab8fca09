/* arena.h - the bump allocator that holds a lev_file's syntax tree.
 *
 * Every node, string and array of a parsed file is carved out of the
 * file's arena: allocation is a pointer bump, and lev_file_free releases
 * the whole tree with a handful of free() calls instead of one per node.
 * Nothing in an arena is freed on its own.  Internal to src/lev_front. */
#ifndef SPLEV_LEV_ARENA_H
#define SPLEV_LEV_ARENA_H

#include <stddef.h>

#include "lev_front/ast.h"

/* Every allocation is rounded up to this, which suits every AST struct. */
#define LEV_ARENA_ALIGN                                                      \
    (sizeof(void *) > sizeof(long long) ? sizeof(void *) : sizeof(long long))

typedef struct lev_arena_chunk lev_arena_chunk;

typedef struct lev_arena {
    char *cur, *end;            /* free space of the current chunk */
    lev_arena_chunk *chunks;    /* every chunk, newest first */
    size_t next_size;           /* size of the next ordinary chunk */
} lev_arena;

void lev_arena_init(lev_arena *a);
/* Frees every chunk; the arena is empty (and usable) afterwards. */
void lev_arena_release(lev_arena *a);

void *lev_arena_alloc_slow(lev_arena *a, size_t n);

/* n bytes, aligned to LEV_ARENA_ALIGN, not cleared.  Never NULL. */
static inline void *lev_arena_alloc(lev_arena *a, size_t n)
{
    n = (n + LEV_ARENA_ALIGN - 1) & ~(size_t)(LEV_ARENA_ALIGN - 1);
    if ((size_t)(a->end - a->cur) < n)
        return lev_arena_alloc_slow(a, n);
    void *p = a->cur;
    a->cur += n;
    return p;
}

void *lev_arena_zalloc(lev_arena *a, size_t n);
/* Resize p (old bytes, allocated from a) to n bytes, keeping the first
 * min(old, n) bytes: in place when p is the newest allocation and the
 * chunk has room, else by copying (the old block stays until release). */
void *lev_arena_grow(lev_arena *a, void *p, size_t old, size_t n);
/* A NUL-terminated copy of the n bytes at s. */
char *lev_arena_strndup(lev_arena *a, const char *s, size_t n);

/* ---- which arena new nodes go to (ast.c) ----
 * The constructors of ast.h allocate from the arena of the newest lev_file
 * still alive on this thread.  lev_file_new makes its file the current one
 * and lev_file_free forgets it; lev_arena_use switches explicitly (parse.c
 * does so around an INCLUDE) and returns the previous arena. */
lev_arena *lev_file_arena(lev_file *f);
lev_arena *lev_arena_current(void);
lev_arena *lev_arena_use(lev_arena *a);
/* The file f owns child: lev_file_free(f) frees child too (INCLUDE). */
void lev_file_adopt(lev_file *f, lev_file *child);
/* Room for n (> 0) args or attrs in the current arena, with the capacity
 * lev_expr_add / lev_stmt_arg / lev_stmt_attr expect of an array of n. */
void **lev_ptr_array(size_t n);

#endif
