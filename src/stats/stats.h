/* stats.h - statistics of one level script over many seeds (levgen
 * --stats): per-cell heat maps, stair reachability, terrain shares, counts
 * per level and the failed seeds, reported as text, JSON, SVG or HTML.
 * Internal to the project: the levgen program is its one user. */
#ifndef SPLEV_STATS_H
#define SPLEV_STATS_H

#include <stdint.h>

#include "splev/level.h"

typedef struct lev_stats lev_stats;

/* Statistics of the level called name, for up to max_seeds seeds. */
lev_stats *lev_stats_new(const char *name, long max_seeds);
void lev_stats_free(lev_stats *st);
/* One generated level, or one failed seed and its message. */
void lev_stats_add(lev_stats *st, uint64_t seed, const splev_level *lev);
void lev_stats_fail(lev_stats *st, uint64_t seed, const char *err);
/* The seeds that failed so far. */
long lev_stats_failures(const lev_stats *st);

/* What a walk may cross besides floor, corridors and (secret) doors. */
enum {
    REACH_WATER = 1, REACH_LAVA = 2, REACH_TREES = 4, REACH_BARS = 8,
    REACH_DRAWBRIDGES = 16
};
#define REACH_KINDS 5
/* The stairs, ladders, portals and branches not reachable from the up
 * stair (else the first of them), crossing the terrain in cross. */
int lev_stats_unreachable(const splev_level *lev, unsigned cross);

/* The reports: malloc'd NUL-terminated text.  colour: ANSI escapes. */
char *lev_stats_text(const lev_stats *st, int colour);
char *lev_stats_json(const lev_stats *st);
char *lev_stats_svg(const lev_stats *st);
char *lev_stats_html(const lev_stats *st);

#endif
