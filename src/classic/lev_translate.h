/* lev_translate.h - a verified classic level file (lev_load.h) turned into
 * our level script, so that our interpreter generates it.  Internal. */
#ifndef SPLEV_LEV_TRANSLATE_H
#define SPLEV_LEV_TRANSLATE_H

#include "classic/lev_load.h"
#include "splev/interp.h"
#include "splev/levscript.h"

/* Translate l, the level called name (its file's base name).  Monsters
 * and objects the file gives by their number in the game's tables are
 * named from that game's own tables (names_tab.c).  Returns a verified
 * script, or NULL with the reason in err: "unsupported classic construct X (record N)" for what is
 * not translated yet, or what about an operand our format cannot hold. */
splev_levscript *classic_lev_translate(const classic_lev *l, const char *name,
                                       char *err, size_t errlen);

#endif
