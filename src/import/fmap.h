/* fmap.h - a foreign map after reading, before writing: a grid of NetHack
 * terrain of any size plus what it places.  Both importers fill one; it
 * becomes des-file text or a splev_level. */
#ifndef SPLEV_IMPORT_FMAP_H
#define SPLEV_IMPORT_FMAP_H

#include "common/common.h"
#include "splev/foreign.h"

enum { FT_STAIR, FT_DOOR, FT_MONSTER, FT_OBJECT, FT_TRAP, FT_GRAVE,
       FT_ALTAR, FT_ENGRAVING };

typedef struct fthing {
    int kind;               /* FT_* */
    int x, y;               /* map-relative */
    int arg;                /* stair: up; door: doormask; trap: type;
                             * altar: alignment mask */
    char cls;               /* monster / object class, 0 random */
    char *name;             /* species / object / epitaph / engraving */
} fthing;

typedef struct fmap {
    int w, h;
    unsigned char *typ;     /* w*h terrain numbers */
    fthing *things;
    size_t nthings, capthings;
    char *name;             /* derived level name */
} fmap;

fmap *fmap_new(int w, int h, const char *name);
void fmap_free(fmap *m);
void fmap_set(fmap *m, int x, int y, int typ);
int fmap_get(const fmap *m, int x, int y);
void fmap_add(fmap *m, int kind, int x, int y, int arg, char cls,
              const char *name);
/* Walls read as '-' or '|' from their neighbours, as a MAP would draw
 * them: a wall with a wall or door beside it runs horizontally. */
void fmap_orient_walls(fmap *m);
/* A LEVEL name from free text (a file's base name without its extension,
 * or a room's name): lower-case letters, digits, '_' (for a space) and
 * '-', never empty; the whole name when it has at most 14 characters,
 * else its first 9, '-' and 4 hex digits of a hash of all of it. */
char *fmap_level_name(const char *text);
/* des-file text; maps over 76x21 are cropped (warning) or split. */
char *fmap_to_des(const fmap *m, const splev_import_opts *o, const char *file,
                  diag *d);
/* The top-left 76x21 (at most) as a level at (1, 0). */
splev_level *fmap_to_level(const fmap *m);

/* One foreign format's reader: its text as a map, or NULL after
 * reporting why in d. */
typedef fmap *fmap_reader(const char *file, const char *text, size_t len,
                          const splev_import_opts *o, diag *d);
/* Read with rd, then convert: the two public entry points of a format. */
char *fmap_import_des(fmap_reader *rd, const char *file, const char *text,
                      size_t len, const splev_import_opts *o, diag *d);
splev_level *fmap_import_level(fmap_reader *rd, const char *file,
                               const char *text, size_t len,
                               const splev_import_opts *o, diag *d);

#endif
