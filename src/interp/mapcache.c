/* mapcache.c - MAP constants drawn from cells built once per runner.
 * Most columns of a map are plain terrain: each cell is its terrain's
 * template, whatever the level holds, so a column can be copied whole.
 * Columns with doors (they look at their left neighbour), ice (its flags
 * depend on the level) or transparent cells are drawn cell by cell. */
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
    free(c);
}

static int plain_terrain(int t)
{
    return t < SPLEV_TERRAIN_COUNT && t != SPLEV_DOOR && t != SPLEV_SDOOR &&
           t != SPLEV_ICE;
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
    for (int mx = 0; mx < w; mx++) {
        int plain = 1;
        for (int my = 0; my < h; my++) {
            int t = (unsigned char)m->str[(size_t)my * (size_t)w + (size_t)mx];
            if (!plain_terrain(t)) {
                plain = 0;
                break;
            }
            e->cols.cells[(size_t)mx * (size_t)h + (size_t)my] = tmpl[t];
        }
        e->cols.plain[mx] = (uint8_t)plain;
    }
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
