/* layout.h - the game's dungeon-building rules shared by the layout builder and
 * its validator, so that both compute ranges, entries and sort keys the
 * same way.  Internal to src/layout. */
#ifndef SPLEV_LAYOUT_INTERNAL_H
#define SPLEV_LAYOUT_INTERNAL_H

#include "splev/dungeon.h"

/* level_range (11.5.4): the candidate levels start..start+count-1 of a
 * couple in a dungeon of lmax levels.  chain_level is the (tentative) level
 * of the chain base, or 0 for an absolute couple.  Returns -1 when the base
 * falls outside 1..lmax or the range is empty. */
int layout_level_range(int lmax, int base, int rand, int chain_level,
                       int *start, int *count);

/* The entry level of a dungeon of n levels (11.5). */
int layout_entry_level(int entry, int n);

/* Sort key of a branch (11.5.1); a floating branch sorts as if its parent
 * were dungeon n_dungeons, after every placed one. */
long layout_branch_key(const splev_placed_branch *b, int n_dungeons);

/* Depth change across a branch seen from its parent (portal 0, up -1,
 * down +1). */
int layout_branch_step(int type, int up);

/* The owning dungeon (script index) of a branch record, or -1. */
int layout_branch_owner(const splev_dgn_script *s, int branch);

/* The script index of the dungeon that holds level record k, or -1. */
int layout_level_owner(const splev_dgn_script *s, int k);

/* The names the start-up conventions look for. */
int layout_names_floating(const char *level_name);

#endif
