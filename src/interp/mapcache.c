/* mapcache.c - MAP constants drawn from cells built once per runner.
 * Most columns of a map are plain terrain: each cell is its terrain's
 * template, whatever the level holds, so a column can be copied whole.
 * A door looks at its left neighbour: when that is a cell of the map's
 * previous column, the door's column is copied too once that column has
 * been drawn.  Columns with ice (its flags depend on the level),
 * transparent cells or doors that look at the level are drawn cell by
 * cell. */
#include "interp/vm.h"

#include "common/common.h"

#include <stdlib.h>
#include <string.h>

#define MAPCACHE_SLOTS 8

typedef struct map_entry {
    const char *src;        /* the constant's bytes it was built from */
    char *copy;             /* a copy: a hit must match them byte for byte */
    int w, h;
    vm_mapcols cols;
} map_entry;

struct vm_mapcache {
    map_entry e[MAPCACHE_SLOTS];
    int n, next;            /* entries used; the one to replace when full */
    unsigned epilogues;     /* vm_mapcache_walls calls */
    void *walls;            /* the epilogue's block */
};

static void entry_free(map_entry *e)
{
    free(e->copy);
    free(e->cols.cells);
    free(e->cols.plain);
    memset(e, 0, sizeof *e);
}

void vm_mapcache_free(vm_mapcache *c)
{
    if (!c)
        return;
    for (int i = 0; i < c->n; i++)
        entry_free(&c->e[i]);
    free(c->walls);
    free(c);
}

void *vm_mapcache_walls(vm_mapcache **cp, size_t size)
{
    if (!*cp)
        *cp = xcalloc(1, sizeof **cp);
    vm_mapcache *c = *cp;
    if (++c->epilogues < 2)
        return NULL;
    if (!c->walls)
        c->walls = xcalloc(1, size);
    return c->walls;
}

static int plain_terrain(int t)
{
    return t < SPLEV_TERRAIN_COUNT && t != SPLEV_ICE;
}

/* What column mx can be copied as: VM_COL_PLAIN, VM_COL_AFTER_LEFT
 * (doors whose left neighbours are map cells), or 0 (cell by cell).
 * Its cells are built either way. */
static uint8_t column_build(map_entry *e, const splev_const *m, int mx,
                            const splev_cell tmpl[SPLEV_TERRAIN_COUNT])
{
    int w = m->a, h = m->b;
    const unsigned char *src = (const unsigned char *)m->str;
    splev_cell *col = &e->cols.cells[(size_t)mx * (size_t)h];
    uint8_t kind = VM_COL_PLAIN;
    for (int my = 0; my < h; my++) {
        size_t i = (size_t)my * (size_t)w + (size_t)mx;
        int t = src[i];
        if (!plain_terrain(t))
            return 0;
        col[my] = tmpl[t];
        if ((t != SPLEV_DOOR && t != SPLEV_SDOOR) || mx == 0)
            continue;
        /* the draw's rule: beside a wall or a horizontal cell */
        int l = src[i - 1];
        if (!plain_terrain(l))
            return 0;
        if (SPLEV_IS_WALL(l) || tmpl[l].horizontal)
            col[my].horizontal = 1;
        kind = VM_COL_AFTER_LEFT;
    }
    return kind;
}

static void entry_build(map_entry *e, const splev_const *m,
                        const splev_cell tmpl[SPLEV_TERRAIN_COUNT])
{
    int w = m->a, h = m->b;
    size_t n = (size_t)w * (size_t)h;
    e->src = m->str;
    e->w = w;
    e->h = h;
    e->copy = xmalloc(n + 1);
    memcpy(e->copy, m->str, n);
    e->cols.cells = xcalloc(n + 1, sizeof *e->cols.cells);
    e->cols.plain = xcalloc((size_t)w + 1, 1);
    for (int mx = 0; mx < w; mx++)
        e->cols.plain[mx] = column_build(e, m, mx, tmpl);
}

const vm_mapcols *vm_mapcache_get(vm_mapcache **cp, const splev_const *m,
                                  const splev_cell tmpl[SPLEV_TERRAIN_COUNT])
{
    if (!*cp)
        *cp = xcalloc(1, sizeof **cp);
    vm_mapcache *c = *cp;
    size_t n = (size_t)m->a * (size_t)m->b;
    for (int i = 0; i < c->n; i++) {
        map_entry *e = &c->e[i];
        if (e->src == m->str && e->w == m->a && e->h == m->b &&
            !memcmp(e->copy, m->str, n))
            return &e->cols;
    }
    map_entry *e;
    if (c->n < MAPCACHE_SLOTS) {
        e = &c->e[c->n++];
    } else {
        e = &c->e[c->next];
        c->next = (c->next + 1) % MAPCACHE_SLOTS;
        entry_free(e);
    }
    entry_build(e, m, tmpl);
    return &e->cols;
}
