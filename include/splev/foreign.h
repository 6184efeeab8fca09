/* splev/foreign.h - two other games' map formats: Asciifarm JSON rooms and
 * Rogue Cloud rooms.txt blocks.  Export a splev_level into either; import
 * either into des-file text (LEVEL, GEOMETRY, MAP and placement
 * statements) or straight into a splev_level.  doc/foreign-formats.md
 * lists the mappings and what each direction loses.
 *
 * Diagnostics go to a splev_diags list (splev/diag.h; NULL: printed to
 * standard error): errors for bad foreign input, warnings for what is
 * dropped or cropped.  Every function returning a pointer returns NULL
 * after reporting an error (or when memory ran out); results are malloc'd
 * (free them with free()). */
#ifndef SPLEV_FOREIGN_H
#define SPLEV_FOREIGN_H

#include "splev/api.h"
#include "splev/diag.h"
#include "splev/level.h"

SPLEV_BEGIN_DECLS

/* ---- export ---- */
typedef struct splev_export_opts {
    const char *room_name;  /* Rogue Cloud room name; NULL: the level name */
    int crlf;               /* Rogue Cloud: end lines with CR LF */
    int encyclopedia;       /* Asciifarm: use our own templates (ship the
                             * text of splev_asciifarm_encyclopedia()) for
                             * what the stock set lacks; 0: stock only */
    int x0, y0, w, h;       /* area exported; w == 0: the bounding box of
                             * every cell that is not STONE */
} splev_export_opts;

/* One Asciifarm room JSON. */
SPLEV_API
char *splev_export_asciifarm(const splev_level *lev,
                             const splev_export_opts *opts, splev_diags *d);
/* The encyclopedia file defining our own templates (nh_*). */
SPLEV_API
char *splev_asciifarm_encyclopedia(void);
/* One Rogue Cloud room block (name line, assignments, grid). */
SPLEV_API
char *splev_export_roguecloud(const splev_level *lev,
                              const splev_export_opts *opts, splev_diags *d);

/* ---- import ---- */
typedef struct splev_import_opts {
    const char *room;       /* Rogue Cloud: the room to read; NULL: the
                             * first room of the file */
    const char *level_name; /* LEVEL name; NULL: derived from the input */
    int split;              /* maps beyond 76x21: 1 = one LEVEL per 76x21
                             * piece, 0 = crop with a warning */
} splev_import_opts;

/* `file` is the name used in messages; text/len the whole input. */
SPLEV_API
char *splev_import_asciifarm(const char *file, const char *text, size_t len,
                             const splev_import_opts *opts, splev_diags *d);
SPLEV_API
char *splev_import_roguecloud(const char *file, const char *text, size_t len,
                              const splev_import_opts *opts, splev_diags *d);
/* The same maps as a level: the (cropped) map placed with its top-left
 * corner at (1, 0), stairs, doors, monsters and objects recorded. */
SPLEV_API
splev_level *splev_import_asciifarm_level(const char *file, const char *text,
                                          size_t len,
                                          const splev_import_opts *opts,
                                          splev_diags *d);
SPLEV_API
splev_level *splev_import_roguecloud_level(const char *file, const char *text,
                                           size_t len,
                                           const splev_import_opts *opts,
                                           splev_diags *d);
/* The names of the rooms of a rooms.txt file, in order (NULL-terminated
 * malloc'd array of malloc'd strings); NULL on error. */
SPLEV_API
char **splev_roguecloud_room_names(const char *file, const char *text,
                                   size_t len, splev_diags *d);

/* ---- Rogue Cloud tiles ---- */
/* 1 when the server ships tile n (or n is -1, transparent). */
SPLEV_API
int splev_rc_tile_valid(long n);

SPLEV_END_DECLS

#endif
