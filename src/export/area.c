/* area.c - the exporters' shared helpers: the exported rectangle, lookups
 * of what stands on a cell, and the content -> character table. */
#include "export/area.h"

#include <stdlib.h>
#include <string.h>

int export_area(const splev_level *lev, const splev_export_opts *o, area *out,
                diag *d)
{
    if (o && o->w > 0) {
        *out = (area){o->x0, o->y0, o->w, o->h};
        if (o->x0 < 0 || o->y0 < 0 || o->h < 1 ||
            o->x0 + o->w > SPLEV_COLNO || o->y0 + o->h > SPLEV_ROWNO) {
            diag_error_nopos(d, "export area %dx%d at (%d,%d) is off the map",
                             o->w, o->h, o->x0, o->y0);
            return 0;
        }
        return 1;
    }
    int lx = SPLEV_COLNO, ly = SPLEV_ROWNO, hx = -1, hy = -1;
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (lev->cells[x][y].typ != SPLEV_STONE) {
                lx = x < lx ? x : lx;
                hx = x > hx ? x : hx;
                ly = y < ly ? y : ly;
                hy = y > hy ? y : hy;
            }
    if (hx < 0) {
        diag_error_nopos(d, "the level is solid stone: nothing to export");
        return 0;
    }
    *out = (area){lx, ly, hx - lx + 1, hy - ly + 1};
    return 1;
}

long charmap_get(charmap *m, const char *key, long want,
                 int (*allowed)(long c))
{
    for (size_t i = 0; i < m->n; i++)
        if (strcmp(m->keys[i], key) == 0)
            return m->chars[i];
    long c = want;
    for (long k = 0;; k++) {
        if (k > 0)
            c = k == 1 ? 33 : c + 1;
        if (c > 0x2fff)
            return 0;
        int taken = !allowed(c);
        for (size_t i = 0; i < m->n && !taken; i++)
            taken = m->chars[i] == c;
        if (!taken)
            break;
    }
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 16;
        m->keys = xrealloc(m->keys, m->cap * sizeof *m->keys);
        m->chars = xrealloc(m->chars, m->cap * sizeof *m->chars);
    }
    m->keys[m->n] = xstrdup(key);
    m->chars[m->n++] = c;
    return c;
}

void charmap_free(charmap *m)
{
    for (size_t i = 0; i < m->n; i++)
        free(m->keys[i]);
    free(m->keys);
    free(m->chars);
}

const splev_monster *export_monster_at(const splev_level *lev, int x, int y)
{
    const splev_monster *found = NULL;
    for (size_t i = 0; i < lev->nmonsters; i++)
        if (lev->monsters[i].x == x && lev->monsters[i].y == y)
            found = &lev->monsters[i];
    return found;
}

const splev_object *export_object_at(const splev_level *lev, int x, int y)
{
    const splev_object *found = NULL;
    for (size_t i = 0; i < lev->nobjects; i++)
        if (lev->objects[i].x == x && lev->objects[i].y == y &&
            !lev->objects[i].buried)
            found = &lev->objects[i];
    return found;
}

const splev_gold *export_gold_at(const splev_level *lev, int x, int y)
{
    for (size_t i = 0; i < lev->ngolds; i++)
        if (lev->golds[i].x == x && lev->golds[i].y == y)
            return &lev->golds[i];
    return NULL;
}

const splev_trap *export_trap_at(const splev_level *lev, int x, int y)
{
    for (size_t i = 0; i < lev->ntraps; i++)
        if (lev->traps[i].x == x && lev->traps[i].y == y)
            return &lev->traps[i];
    return NULL;
}

int export_walkable(int typ, int doormask)
{
    const splev_vterrain *vt = splev_vterrain_info(typ);
    if (vt)
        return vt->walkable;
    switch (typ) {
    case SPLEV_DOOR:
        return (doormask & (SPLEV_D_CLOSED | SPLEV_D_LOCKED)) == 0;
    case SPLEV_CORR: case SPLEV_ROOM: case SPLEV_STAIRS: case SPLEV_LADDER:
    case SPLEV_FOUNTAIN: case SPLEV_THRONE: case SPLEV_SINK:
    case SPLEV_GRAVE: case SPLEV_ALTAR: case SPLEV_ICE:
    case SPLEV_MAGIC_PLATFORM: case SPLEV_DRAWBRIDGE_DOWN: case SPLEV_AIR:
    case SPLEV_CLOUD:
        return 1;
    default:
        return 0;
    }
}
