/* test_passage.c - the terrain table's passage column
 * (splev_terrain_passage), which both reachability checks read: levgen
 * --dungeon's splev_world_check_reach and levgen --stats's
 * lev_stats_unreachable.  A corridor of each walkable variant terrain
 * between two stairs passes in both; one of water passes in --stats
 * only when crossing water is asked, and never in the world check. */
#include "splev/level.h"
#include "splev/world.h"
#include "stats/stats.h"
#include "unit.h"

#include <string.h>

/* Stairs at (2,5) and (12,5), floor under them, the ten cells between
 * them of terrain t, stone around. */
static splev_level *corridor_of(int t)
{
    splev_level *lev = splev_level_new("passage");
    for (int x = 2; x <= 12; x++)
        lev->cells[x][5].typ = (uint8_t)(x == 2 || x == 12 ? SPLEV_ROOM : t);
    splev_level_add_stair(lev, SPLEV_SK_STAIR, 2, 5, 1, NULL);
    splev_level_add_stair(lev, SPLEV_SK_STAIR, 12, 5, 0, NULL);
    return lev;
}

int main(void)
{
    CHECK(splev_terrain_passage(SPLEV_ROOM) == SPLEV_PASS_FREE &&
              splev_terrain_passage(SPLEV_STONE) == SPLEV_PASS_NEVER &&
              splev_terrain_passage(SPLEV_HWALL) == SPLEV_PASS_NEVER &&
              splev_terrain_passage(SPLEV_MOAT) == SPLEV_PASS_WATER &&
              splev_terrain_passage(SPLEV_LAVAPOOL) == SPLEV_PASS_LAVA &&
              splev_terrain_passage(SPLEV_TREE) == SPLEV_PASS_TREES &&
              splev_terrain_passage(SPLEV_IRONBARS) == SPLEV_PASS_BARS &&
              splev_terrain_passage(SPLEV_DBWALL) ==
                  SPLEV_PASS_DRAWBRIDGE &&
              splev_terrain_passage(SPLEV_INVALID_TERRAIN) ==
                  SPLEV_PASS_NEVER,
          "base terrain passes as the table says");
    for (int t = SPLEV_VT_FIRST; t < SPLEV_VT_END; t++) {
        const splev_vterrain *vt = splev_vterrain_info(t);
        CHECK(splev_terrain_passage(t) ==
                  (vt->walkable ? SPLEV_PASS_FREE : SPLEV_PASS_NEVER),
              "%s passes as its walkable column says", vt->name);
        splev_level *lev = corridor_of(t);
        char msg[160];
        int world = splev_world_check_reach(lev, msg, sizeof msg);
        int stats = lev_stats_unreachable(lev, 0);
        CHECK(world == 0 && stats == 0,
              "a corridor of %s joins the stairs (world %d \"%s\", stats %d)",
              vt->name, world, msg, stats);
        splev_level_free(lev);
    }
    splev_level *lev = corridor_of(SPLEV_MOAT);
    CHECK(splev_world_check_reach(lev, NULL, 0) == 1 &&
              lev_stats_unreachable(lev, 0) == 1 &&
              lev_stats_unreachable(lev, REACH_WATER) == 0,
          "a corridor of water passes only when crossing water");
    splev_level_free(lev);
    lev = corridor_of(SPLEV_STONE);
    CHECK(splev_world_check_reach(lev, NULL, 0) == 1 &&
              lev_stats_unreachable(lev, 0x1f) == 1,
          "stone never passes");
    splev_level_free(lev);
    return unit_status();
}
