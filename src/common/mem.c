/* mem.c - allocation that never returns NULL: running out of memory
 * inside a library call makes that call fail (the guard it set up is
 * jumped to); in a program's own code it stops the program with a
 * message instead of limping on. */
#include "common.h"

#include <stdlib.h>
#include <string.h>

/* The innermost guard of this thread. */
static _Thread_local oom_guard *guards;
/* mem_fail_after: allocations left before one is made to fail (0: off). */
static _Thread_local long fail_countdown;

void mem_fail_after(long n)
{
    fail_countdown = n > 0 ? n : 0;
}

/* 1 when the allocation about to be made is the one to fail. */
static int injected_failure(void)
{
    return fail_countdown > 0 && --fail_countdown == 0;
}

void oom_push(oom_guard *g)
{
    g->outer = guards;
    guards = g;
}

void oom_pop(oom_guard *g)
{
    guards = g->outer;
}

int oom_guarded(void)
{
    return guards != NULL;
}

void oom_fail(size_t n)
{
    oom_guard *g = guards;
    if (g) {
        guards = g->outer;
        longjmp(g->jb, 1);
    }
    fprintf(stderr, "fatal: out of memory (asked for %zu bytes)\n", n);
    exit(1);
}

void *xmalloc(size_t n)
{
    void *p = injected_failure() ? NULL : malloc(n ? n : 1);
    if (!p)
        oom_fail(n);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = injected_failure() ? NULL
                                  : calloc(n ? n : 1, size ? size : 1);
    if (!p)
        oom_fail(n * size);
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = injected_failure() ? NULL : realloc(p, n ? n : 1);
    if (!q)
        oom_fail(n);
    return q;
}

char *xstrdup(const char *s)
{
    return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *xasprintf(const char *fmt, ...)
{
    /* Format into a stack buffer first; only long results are formatted
     * twice.  A NULL format is taken as "" (gcc's UBSan builds otherwise
     * see a path with a NULL format and warn). */
    char small[256];
    if (!fmt)
        fmt = "";
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    char *p = xmalloc((size_t)n + 1);
    if ((size_t)n < sizeof small) {
        memcpy(p, small, (size_t)n + 1);
        return p;
    }
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

void grow_array(void **arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return;
    size_t ncap = *cap ? *cap : 8;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2 / elem)
            oom_fail(SIZE_MAX);
        ncap *= 2;
    }
    *arr = xrealloc(*arr, ncap * elem);
    *cap = ncap;
}
