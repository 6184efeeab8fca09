/* stock.c - what the two games define, as our own tables: Asciifarm's stock
 * template names with the flags that decide walkability, our encyclopedia's
 * templates, and the tile numbers the Rogue Cloud server ships. */
#include "import/stock.h"
#include "splev/foreign.h"

#include <string.h>

typedef struct named_flags {
    const char *name;
    int flags;
} named_flags;

/* Assemblages, items and template aliases of the stock encyclopediae
 * (default_encyclopedia, crops, base, npcs). */
static const named_flags af_stock[] = {
    {"wall", AF_BLOCKING}, {"rock", AF_BLOCKING}, {"tree", AF_BLOCKING},
    {"fence", AF_BLOCKING}, {"builtwall", AF_BLOCKING},
    {"closeddoor", AF_BLOCKING},
    {"grass", AF_FLOOR}, {"greengrass", AF_FLOOR}, {"ground", AF_FLOOR},
    {"floor", AF_FLOOR}, {"bridge", AF_FLOOR}, {"portal", AF_FLOOR},
    {"_homeportal", AF_FLOOR},
    {"water", 0}, {"house", 0}, {"freeland", 0}, {"img", 0}, {"letter", 0},
    {"spiketrap", 0}, {"dummy", 0}, {"wound", 0}, {"spawner", 0},
    {"singleton", 0}, {"opendoor", 0}, {"sign", 0}, {"quarry", 0},
    {"spinningwheel", 0}, {"loom", 0}, {"sewingtable", 0}, {"tub", 0},
    {"densegrass", 0}, {"homeportal", 0},
    {"radishplant", 0}, {"plantedradishseed", 0}, {"radishseedling", 0},
    {"youngradishplant", 0}, {"plantedseed", 0}, {"seedling", 0},
    {"youngplant", 0}, {"carrotplant", 0}, {"cottonplant", 0},
    {"radishes", 0}, {"plantedcarrotseed", 0}, {"carrotseedling", 0},
    {"youngcarrotplant", 0}, {"plantedcottonseed", 0},
    {"cottonseedling", 0}, {"youngcottonplant", 0},
    {"rat", 0}, {"goblin", 0}, {"troll", 0}, {"rabbit", 0}, {"dude", 0},
    {"trader", 0}, {"dyetrader", 0}, {"toolsmith", 0}, {"villager", 0},
    {"pebble", 0}, {"stone", 0}, {"sword", 0}, {"eldritch_sword", 0},
    {"club", 0}, {"armour", 0}, {"pickaxe", 0}, {"reddye", 0},
    {"greendye", 0}, {"bluedye", 0}, {"cape", 0}, {"redcape", 0},
    {"greencape", 0}, {"bluecape", 0}, {"radishseed", 0}, {"radish", 0},
    {"eldritch_radish", 0}, {"carrotseed", 0}, {"carrot", 0},
    {"cottonseed", 0}, {"cotton", 0}, {"cottonyarn", 0},
    {"cottoncloth", 0},
};

/* Our encyclopedia (splev_asciifarm_encyclopedia) defines these. */
static const named_flags af_own[] = {
    {"nh_fountain", AF_FLOOR}, {"nh_throne", AF_FLOOR}, {"nh_sink", AF_FLOOR},
    {"nh_altar", AF_FLOOR}, {"nh_grave", AF_FLOOR}, {"nh_ice", AF_FLOOR},
    {"nh_air", AF_FLOOR}, {"nh_cloud", AF_FLOOR}, {"nh_lava", 0},
    {"nh_bog", 0}, {"nh_ironbars", AF_BLOCKING},
    {"nh_stairs", AF_FLOOR}, {"nh_ladder", AF_FLOOR}, {"nh_trap", 0},
    {"nh_monster", 0}, {"nh_item", 0},
};

static int lookup(const named_flags *t, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0)
            return t[i].flags;
    return -1;
}

int af_stock_flags(const char *name)
{
    return lookup(af_stock, sizeof af_stock / sizeof af_stock[0], name);
}

int af_own_flags(const char *name)
{
    return lookup(af_own, sizeof af_own / sizeof af_own[0], name);
}

/* Tile numbers with an image on the Rogue Cloud server (tile-numbers.txt),
 * as inclusive ranges. */
static const int rc_tiles[][2] = {
    {10, 10}, {33, 41}, {55, 59}, {100, 122}, {142, 162}, {172, 172},
    {200, 202}, {220, 220}, {230, 238}, {240, 248}, {272, 272}, {274, 274},
    {276, 277}, {300, 304}, {310, 319}, {341, 341}, {400, 421}, {564, 564},
    {645, 645}, {660, 660}, {667, 667}, {1007, 1009}, {1023, 1024},
    {1033, 1033}, {1038, 1040}, {1042, 1043}, {1051, 1063}, {1079, 1079},
    {1086, 1090}, {1093, 1093}, {1114, 1115}, {1133, 1133}, {1135, 1137},
    {1141, 1141}, {1145, 1145}, {1148, 1148}, {1152, 1152}, {1154, 1154},
    {1174, 1174}, {1285, 1285}, {1617, 1617}, {1622, 1622}, {1643, 1643},
    {1649, 1649}, {1651, 1651}, {1657, 1657}, {1713, 1713}, {1733, 1733},
    {1740, 1740}, {1743, 1743}, {1778, 1778}, {1782, 1782}, {1794, 1794},
    {1800, 1800}, {1805, 1806}, {1809, 1846}, {1954, 1954}, {1962, 1963},
    {1966, 1969}, {2012, 2012}, {2019, 2021}, {2023, 2023}, {2058, 2059},
    {2115, 2116}, {2118, 2118}, {2134, 2134}, {2155, 2155}, {2175, 2175},
    {2183, 2183}, {2189, 2189}, {2192, 2193}, {2195, 2195}, {2197, 2197},
    {2242, 2242}, {2244, 2244}, {2246, 2246}, {2248, 2248}, {2315, 2315},
    {2335, 2335}, {2415, 2415}, {2418, 2419}, {2449, 2449}, {2560, 2560},
    {2562, 2562}, {2574, 2574}, {2577, 2577}, {2626, 2627}, {2707, 2707},
    {2790, 2792}, {2794, 2794}, {2796, 2797}, {2812, 2812}, {2903, 2906},
    {2908, 2908}, {2912, 2912}, {2920, 2920}, {2939, 2939}, {2989, 2991},
    {3001, 3001}, {3320, 3324}, {3522, 3522}, {3681, 3681}, {3728, 3728},
    {3740, 3741}, {3744, 3744}, {3874, 3875}, {3885, 3885}, {3916, 3916},
    {3952, 3953}, {3970, 3970}, {4018, 4018}, {4035, 4035}, {4041, 4041},
    {4055, 4055}, {4072, 4072}, {4082, 4082}, {4096, 4097}, {4117, 4117},
    {4119, 4119}, {4122, 4122},
};

int rc_tile_valid(long n)
{
    if (n == -1)
        return 1;
    size_t lo = 0, hi = sizeof rc_tiles / sizeof rc_tiles[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (n < rc_tiles[mid][0])
            hi = mid;
        else if (n > rc_tiles[mid][1])
            lo = mid + 1;
        else
            return 1;
    }
    return 0;
}

int splev_rc_tile_valid(long n)
{
    return rc_tile_valid(n);
}
