/* dgn_classic.h - the `dungeon` file of the games' own builds (what their
 * dgn_comp writes from dungeon.def), written from our parsed and checked
 * description.  Internal to the project: dgn_comp --target uses it. */
#ifndef SPLEV_DGN_CLASSIC_H
#define SPLEV_DGN_CLASSIC_H

#include "classic/classic.h"
#include "dgn_front/dgn_front.h"

/* Build the file game g loads from ast, which dgn_check accepted without
 * errors.  Everything the game's compiler would reject, or would read in a
 * way its loader cannot use, is an error in d (the game's tool would write
 * a file regardless; we write none).  Returns the malloc'd bytes and their
 * length, or NULL when d got an error. */
unsigned char *dgn_classic_build(diag *d, const dgn_ast *ast, classic_game g,
                                 const classic_version *v, size_t *len);

#endif
