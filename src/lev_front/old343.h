/* old343.h - NetHack 3.4.3's dialect: the tree work of its grammar block
 * (grammar/lev.y) and telling a file of it (lev_old343_sniff, lev_ctx.h).
 * Internal to src/lev_front. */
#ifndef SPLEV_OLD343_H
#define SPLEV_OLD343_H

#include "lev_front/lev_ctx.h"

enum { LEV_OLD_PLACE, LEV_OLD_OBJECT, LEV_OLD_MONSTER };

/* A new LEVEL/MAZE: no room, container or list from before. */
void lev_old_level(lev_ctx *ctx);
/* NAME: "x" and CHANCE: n of the room being filled. */
void lev_old_name(lev_ctx *ctx, lev_pos pos, char *name);
void lev_old_chance(lev_ctx *ctx, lev_pos pos, long n);
/* place[n], object[n], monster[n] (LEV_OLD_*): the list's element. */
lev_expr *lev_old_reg(lev_ctx *ctx, lev_pos pos, int which, long n);
/* A RANDOM_* list (an ARRAY): its assignment and its shuffle. */
void lev_old_list(lev_ctx *ctx, lev_pos pos, int which, lev_expr *list,
                  lev_stmt **assign, lev_stmt **shuffle);
/* Where a statement goes: NULL when into a room or a container, else
 * itself, for the level.  A SUBROOM carries its parent's name in s->name
 * until then; a contained OBJECT is ctx->old_contained. */
lev_stmt *lev_old_item(lev_ctx *ctx, lev_stmt *s);
/* After the file: each maze level's statements in the order 3.4.3's
 * loader makes them (map parts kind by kind, MAZEWALKs last). */
void lev_old_finish(lev_file *f);

#endif
