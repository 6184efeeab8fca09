/* lev_classic.h - the classic level writer: a checked level (lev_check's
 * plan) in, the .lev file the game's own loader reads out, byte for byte
 * what that game's lev_comp writes for the same level (doc/game-builds.md).
 * UnNetHack and NetHack 3.6 differ in opcode numbers, the width of the
 * operand tag, value packing and the version record. */
#ifndef SPLEV_LEV_CLASSIC_H
#define SPLEV_LEV_CLASSIC_H

#include <stddef.h>

#include "classic/classic.h"
#include "lev_check/lev_check.h"

/* The file (malloc'd, *len bytes): g's version record, the opcode count
 * and the records.  NULL with a reason in err when the level uses what
 * the game cannot express. */
unsigned char *lev_classic_emit(const lev_plan *p, const lev_plan_level *pl,
                                classic_game g, const classic_version *v,
                                size_t *len, char *err, size_t errlen);

#endif
