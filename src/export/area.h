/* area.h - what both exporters share: the exported rectangle, and a table
 * giving each distinct cell content its own character. */
#ifndef SPLEV_EXPORT_AREA_H
#define SPLEV_EXPORT_AREA_H

#include "common/common.h"
#include "splev/foreign.h"

typedef struct area {
    int x0, y0, w, h;
} area;

/* The rectangle asked for, or the bounding box of what is not STONE;
 * 0 (after an error) when it is empty or off the map. */
int export_area(const splev_level *lev, const splev_export_opts *o,
                area *out, diag *d);

/* Distinct contents (keys) to characters (code points). */
typedef struct charmap {
    char **keys;
    long *chars;
    size_t n, cap;
} charmap;

/* The character for key: the one it already has, else `want` when free and
 * allowed, else the first free one that `allowed` accepts (0 if none). */
long charmap_get(charmap *m, const char *key, long want,
                 int (*allowed)(long c));
void charmap_free(charmap *m);
/* Find the monster / top object / gold / trap at a cell (or NULL). */
const splev_monster *export_monster_at(const splev_level *lev, int x, int y);
const splev_object *export_object_at(const splev_level *lev, int x, int y);
const splev_gold *export_gold_at(const splev_level *lev, int x, int y);
const splev_trap *export_trap_at(const splev_level *lev, int x, int y);
/* Can a hero stand here in NetHack terms. */
int export_walkable(int typ, int doormask);

#endif
