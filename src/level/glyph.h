/* glyph.h - what the level stage offers the exporters: the game's glyph and
 * colour of a cell, and small text helpers for describing things. */
#ifndef SPLEV_LEVEL_GLYPH_H
#define SPLEV_LEVEL_GLYPH_H

#include "common/common.h"
#include "splev/level.h"

/* The game's colour numbers (CLR_*). */
enum {
    CLR_BLACK, CLR_RED, CLR_GREEN, CLR_BROWN, CLR_BLUE, CLR_MAGENTA,
    CLR_CYAN, CLR_GRAY, NO_COLOR, CLR_ORANGE, CLR_BRIGHT_GREEN, CLR_YELLOW,
    CLR_BRIGHT_BLUE, CLR_BRIGHT_MAGENTA, CLR_BRIGHT_CYAN, CLR_WHITE
};

typedef struct glyph {
    char ch;
    unsigned char color;
} glyph;

/* The terrain glyph of one cell (no monsters, objects or traps). */
glyph level_terrain_glyph(const splev_level *lev, int x, int y);
/* The glyph of a trap type. */
glyph level_trap_glyph(int type);
/* Every cell's glyph as the game shows it: monsters over objects over gold
 * over traps over terrain.  out is [x][y]. */
void level_glyph_map(const splev_level *lev,
                     glyph out[SPLEV_COLNO][SPLEV_ROWNO]);
/* The display symbol of an object (its class, ']' when unknown). */
char level_object_symbol(const splev_object *o);
/* The text renderer's legend (things, features, regions, messages), one
 * line per entry, appended to b. */
void level_legend(bytebuf *b, const splev_level *lev);

#endif
