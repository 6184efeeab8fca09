/* stats_int.h - the record lev_stats collects into (src/stats only). */
#ifndef SPLEV_STATS_INT_H
#define SPLEV_STATS_INT_H

#include "stats/stats.h"
#include "common/common.h"

/* The heat maps, one count per cell summed over the seeds. */
enum {
    HEAT_MONSTERS, HEAT_OBJECTS, HEAT_GOLD, HEAT_TRAPS, HEAT_DOORS,
    HEAT_STAIRS, HEAT_UPSTAIRS, HEAT_DOWNSTAIRS, HEAT_KINDS
};
extern const char *const heat_names[HEAT_KINDS];
typedef uint32_t heat_map[SPLEV_ROWNO][SPLEV_COLNO];   /* [y][x] */

/* Counts per level, kept for the median. */
enum { COUNT_MONSTERS, COUNT_OBJECTS, COUNT_GOLD, COUNT_GOLD_AMOUNT,
       COUNT_KINDS };
extern const char *const count_names[COUNT_KINDS];

#define STATS_KEEP_SEEDS 20   /* failing seeds listed */
#define STATS_CLASSES 128     /* monster class letters (ASCII) */

typedef struct failure {
    uint64_t seed;
    char *msg;
} failure;

struct lev_stats {
    char *name;
    long max_seeds;
    long seeds, generated, reachable;
    int have_first;
    uint64_t first_seed;
    long reach_if[REACH_KINDS];  /* unreachable seeds a crossing fixes */
    long no_way;                 /* unreachable even crossing them all */
    uint64_t unreachable[STATS_KEEP_SEEDS];
    int n_unreachable;
    failure failures[STATS_KEEP_SEEDS];
    long n_failures;
    heat_map heat[HEAT_KINDS];
    heat_map *class_heat[STATS_CLASSES];   /* monsters by class, lazily */
    long class_total[STATS_CLASSES];
    /* Terrain counts per cell.  The run of levels since a cell last
     * changed is counted apart (last, run) and added to terrain[] only
     * when the cell changes, so a fixed map costs a comparison a cell. */
    uint32_t terrain[SPLEV_ROWNO][SPLEV_COLNO][SPLEV_TERRAIN_COUNT];
    uint8_t last[SPLEV_COLNO][SPLEV_ROWNO];
    uint32_t run[SPLEV_COLNO][SPLEV_ROWNO];
    long *counts[COUNT_KINDS];             /* one per generated level */
};

extern const char *const reach_names[REACH_KINDS];

/* The levels in which (x, y) was terrain t. */
uint32_t stats_terrain_count(const lev_stats *st, int x, int y, int t);
/* The terrain seen most often at (x, y) (ties: the lower number). */
int stats_common_terrain(const lev_stats *st, int x, int y);
/* The largest count of a heat map. */
uint32_t stats_heat_max(const heat_map *h);
long stats_heat_total(const heat_map *h);
/* min, median (the lower middle) and max of counts[k]. */
void stats_count_summary(const lev_stats *st, int k, long out[3]);
/* A JSON string into b. */

#endif
