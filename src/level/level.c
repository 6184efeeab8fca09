/* level.c - the level model: life cycle, add helpers and the name tables
 * shared by the renderers, the JSON writer and the foreign formats. */
#include "splev/level.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/common.h"

/* Terrain names, des map characters and what crossing each needs,
 * indexed by splev_terrain. */
#define FREE SPLEV_PASS_FREE
#define NEVER SPLEV_PASS_NEVER
static const struct {
    const char *name;
    char mapchar;       /* in a des-file MAP, 0 when none */
    char nearest;       /* nearest map character for any terrain */
    unsigned char pass; /* SPLEV_PASS_* */
} terrain_info[SPLEV_TERRAIN_COUNT] = {
    {"STONE", ' ', ' ', NEVER},          {"VWALL", '|', '|', NEVER},
    {"HWALL", '-', '-', NEVER},          {"TLCORNER", 0, '-', NEVER},
    {"TRCORNER", 0, '-', NEVER},         {"BLCORNER", 0, '-', NEVER},
    {"BRCORNER", 0, '-', NEVER},         {"CROSSWALL", 'B', '-', NEVER},
    {"TUWALL", 0, '-', NEVER},           {"TDWALL", 0, '-', NEVER},
    {"TLWALL", 0, '|', NEVER},           {"TRWALL", 0, '|', NEVER},
    {"DBWALL", 0, '-', SPLEV_PASS_DRAWBRIDGE},
    {"TREE", 'T', 'T', SPLEV_PASS_TREES},
    {"DEADTREE", 't', 't', SPLEV_PASS_TREES},
    {"ICEWALL", 'U', 'U', NEVER},
    {"CRYSTALICEWALL", 'Y', 'Y', NEVER}, {"SDOOR", 'S', 'S', FREE},
    {"SCORR", 'H', 'H', FREE},
    {"POOL", 'P', 'P', SPLEV_PASS_WATER},
    {"MOAT", '}', '}', SPLEV_PASS_WATER},
    {"WATER", 'W', 'W', SPLEV_PASS_WATER},
    {"DRAWBRIDGE_UP", 0, '}', SPLEV_PASS_DRAWBRIDGE},
    {"LAVAPOOL", 'L', 'L', SPLEV_PASS_LAVA},
    {"IRONBARS", 'F', 'F', SPLEV_PASS_BARS},
    {"DOOR", '+', '+', FREE},
    {"CORR", '#', '#', FREE},            {"ROOM", '.', '.', FREE},
    {"STAIRS", 0, '.', FREE},            {"LADDER", 0, '.', FREE},
    {"FOUNTAIN", '{', '{', FREE},        {"THRONE", '\\', '\\', FREE},
    {"SINK", 'K', 'K', FREE},            {"GRAVE", 0, '.', FREE},
    {"ALTAR", 0, '.', FREE},             {"ICE", 'I', 'I', FREE},
    {"BOG", 'M', 'M', FREE},             {"MAGIC_PLATFORM", 0, '.', FREE},
    {"DRAWBRIDGE_DOWN", 0, '.', FREE},   {"AIR", 'A', 'A', FREE},
    {"CLOUD", 'C', 'C', FREE},
};
#undef FREE
#undef NEVER

/* Variant terrain (level.h), indexed from SPLEV_VT_FIRST: name, map
 * character, walkable, liquid, wall-like, fallback. */
static const splev_vterrain vterrain_info[SPLEV_VT_END - SPLEV_VT_FIRST] = {
    {"GRASS", ',', 1, 0, 0, SPLEV_ROOM},
    {"GROUND", ':', 1, 0, 0, SPLEV_ROOM},
    {"PUDDLE", 'w', 1, 1, 0, SPLEV_ROOM},
    {"SEWAGE", 's', 1, 1, 0, SPLEV_ROOM},
    {"SAND", 'a', 1, 0, 0, SPLEV_ROOM},
    {"MAGIC_CHEST", '(', 1, 0, 0, SPLEV_ROOM},
    {"FORGE", 'f', 1, 0, 0, SPLEV_FOUNTAIN},
    {"TOILET", 'Z', 1, 0, 0, SPLEV_SINK},
    {"VENT", 'V', 1, 0, 0, SPLEV_ROOM},
    {"CARPET", 'c', 1, 0, 0, SPLEV_ROOM},
};

const splev_vterrain *splev_vterrain_info(int typ)
{
    return SPLEV_IS_VTERRAIN(typ) ? &vterrain_info[typ - SPLEV_VT_FIRST]
                                  : NULL;
}

/* Variant terrain passes as its walkable column says. */
int splev_terrain_passage(int typ)
{
    if (SPLEV_IS_VTERRAIN(typ))
        return vterrain_info[typ - SPLEV_VT_FIRST].walkable
                   ? SPLEV_PASS_FREE : SPLEV_PASS_NEVER;
    if (typ < 0 || typ >= SPLEV_TERRAIN_COUNT)
        return SPLEV_PASS_NEVER;
    return terrain_info[typ].pass;
}

int splev_terrain_fallback(int typ)
{
    return SPLEV_IS_VTERRAIN(typ) ? vterrain_info[typ - SPLEV_VT_FIRST].fallback
                                  : typ;
}

static const char *const trap_names[SPLEV_TRAP_COUNT] = {
    NULL, "arrow", "dart", "falling rock", "board", "bear", "land mine",
    "rolling boulder", "sleep gas", "rust", "fire", "pit", "spiked pit",
    "hole", "trap door", "teleport", "level teleport", "magic portal", "web",
    "statue", "magic", "anti magic", "cold", "polymorph", "vibrating square",
};

/* Variant traps, SPLEV_VTRAP_FIRST on (the profiles that have each are in
 * src/variant/variant.c). */
static const char *const vtrap_names[SPLEV_VTRAP_END - SPLEV_VTRAP_FIRST] = {
    "ice", "crossbow bolt", "spear", "magic beam", "shuriken",
};

static const char *const room_type_names[] = {
    [0] = "ordinary", [2] = "throne", [3] = "swamp", [4] = "vault",
    [5] = "beehive", [6] = "morgue", [7] = "barracks", [8] = "zoo",
    [9] = "delphi", [10] = "temple", [11] = "leprehall", [12] = "cocknest",
    [13] = "anthole", [14] = "garden", [16] = "lemurepit", [18] = "rndvault",
    [19] = "black market foyer", [20] = "shop", [21] = "armor shop",
    [22] = "scroll shop", [23] = "potion shop", [24] = "weapon shop",
    [25] = "food shop", [26] = "ring shop", [27] = "wand shop",
    [28] = "tool shop", [29] = "book shop", [30] = "tin shop",
    [31] = "music shop", [32] = "pet shop", [33] = "candle shop",
    [34] = "black market",
    /* NetHack 3.6's vegetarian food shop; UnNetHack has no code for it */
    [35] = "health food shop",
};

static const char *const flag_names[SPLEV_F_COUNT] = {
    "noteleport", "hardfloor", "nommap", "shortsighted", "arboreal",
    "mazelevel", "premapped", "shroud", "graveyard", "icedpools", "solidify",
    "corrmaze", "inaccessibles", "noflipx", "noflipy", "rndvault", "sheol",
    "stormy", "sky", "outdoors", "spooky",
};

static splev_level *level_new_raw(const char *name)
{
    splev_level *lev = xcalloc(1, sizeof *lev);
    lev->name = xstrdup(name ? name : "");
    return lev;
}

splev_level *splev_level_new(const char *name)
{
    OOM_ENTRY(splev_level *, NULL, level_new_raw(name));
}

/* String memory from one level's records kept for the next one's, by
 * string length (a block holds at least its string's length + 1 bytes,
 * whoever allocated it): a runner's levels make mostly the same names. */
#define SPARE_LENS 40
/* The shared monster and object names (level.h): an open-addressing set
 * of distinct texts, and the last pooled name of each of a few source
 * pointers (a script's names come from the same strings level after
 * level; the text is compared all the same, a source may have changed). */
enum { RECENT = 64 };
struct splev_level_spare {
    char **blocks[SPARE_LENS];
    size_t n[SPARE_LENS], cap[SPARE_LENS];
    char **names;          /* capnames slots (a power of two), NULL: free */
    size_t nnames, capnames;
    struct { const char *src; const char *name; } recent[RECENT];
};

/* Give up a record's string: freed, or kept in sp when sp is given. */
static void drop_string_slow(struct splev_level_spare *sp, char *p)
{
    size_t len = sp ? strlen(p) : SPARE_LENS;
    if (len >= SPARE_LENS) {
        free(p);
        return;
    }
    if (sp->n[len] == sp->cap[len]) {
        /* the spare is only a cache: no memory for it frees the string
         * (so that a reset cannot run out halfway) */
        size_t ncap = sp->cap[len] ? 2 * sp->cap[len] : 8;
        char **nb = realloc(sp->blocks[len], ncap * sizeof *nb);
        if (!nb) {
            free(p);
            return;
        }
        sp->blocks[len] = nb;
        sp->cap[len] = ncap;
    }
    sp->blocks[len][sp->n[len]++] = p;
}

/* Most fields of most records have no string. */
static inline void drop_string(struct splev_level_spare *sp, char *p)
{
    if (p)
        drop_string_slow(sp, p);
}

/* Free what the last level left unused. */
static void spare_clear(struct splev_level_spare *sp)
{
    for (size_t len = 0; len < SPARE_LENS; len++) {
        for (size_t i = 0; i < sp->n[len]; i++)
            free(sp->blocks[len][i]);
        sp->n[len] = 0;
    }
}

static void spare_free(struct splev_level_spare *sp)
{
    if (!sp)
        return;
    spare_clear(sp);
    for (size_t len = 0; len < SPARE_LENS; len++)
        free(sp->blocks[len]);
    for (size_t i = 0; i < sp->capnames; i++)
        free(sp->names[i]);
    free(sp->names);
    free(sp);
}

static struct splev_level_spare *level_spare(splev_level *lev)
{
    if (!lev->spare)
        lev->spare = xcalloc(1, sizeof *lev->spare);
    return lev->spare;
}

/* The slot of text in the set, or the free slot where it goes. */
static char **name_slot(struct splev_level_spare *sp, const char *text)
{
    size_t mask = sp->capnames - 1;
    for (size_t i = strmap_hash(text) & mask;; i = (i + 1) & mask)
        if (!sp->names[i] || !strcmp(sp->names[i], text))
            return &sp->names[i];
}

static void names_grow(struct splev_level_spare *sp)
{
    char **old = sp->names;
    size_t oldcap = sp->capnames;
    sp->capnames = oldcap ? oldcap * 2 : 64;
    sp->names = xcalloc(sp->capnames, sizeof *sp->names);
    for (size_t i = 0; i < oldcap; i++)
        if (old[i])
            *name_slot(sp, old[i]) = old[i];
    free(old);
}

/* shared_name past the recent sources: found or added in the set. */
static const char *shared_name_slow(splev_level *lev, const char *text)
{
    struct splev_level_spare *sp = level_spare(lev);
    if (2 * (sp->nnames + 1) > sp->capnames)
        names_grow(sp);
    char **slot = name_slot(sp, text);
    if (!*slot) {
        *slot = xstrdup(text);
        sp->nnames++;
    }
    size_t r = ((uintptr_t)text >> 3) % RECENT;
    sp->recent[r].src = text;
    sp->recent[r].name = *slot;
    return *slot;
}

/* The level's shared copy of a monster's or object's name (NULL for
 * NULL). */
static inline const char *shared_name(splev_level *lev, const char *text)
{
    if (!text)
        return NULL;
    struct splev_level_spare *sp = lev->spare;
    size_t r = ((uintptr_t)text >> 3) % RECENT;
    if (sp && sp->recent[r].src == text && !strcmp(sp->recent[r].name, text))
        return sp->recent[r].name;
    return shared_name_slow(lev, text);
}

/* A copy of text owned by the level (NULL for NULL), in kept memory when
 * some is there. */
static char *level_strdup(splev_level *lev, const char *text)
{
    if (!text)
        return NULL;
    size_t len = strlen(text);
    struct splev_level_spare *sp = lev->spare;
    char *p;
    if (sp && len < SPARE_LENS && sp->n[len] > 0)
        p = sp->blocks[len][--sp->n[len]];
    else
        p = xmalloc(len + 1);
    memcpy(p, text, len + 1);
    return p;
}

/* An object's own strings and contents (its name is shared). */
static void object_free_fields(struct splev_level_spare *sp, splev_object *o)
{
    if (o->contents) {
        for (size_t i = 0; i < o->ncontents; i++)
            object_free_fields(sp, &o->contents[i]);
        free(o->contents);
    }
    drop_string(sp, o->montype);
    drop_string(sp, o->given_name);
}

static void monster_free_fields(struct splev_level_spare *sp, splev_monster *m)
{
    if (m->inventory) {
        for (size_t i = 0; i < m->ninventory; i++)
            object_free_fields(sp, &m->inventory[i]);
        free(m->inventory);
    }
    drop_string(sp, m->given_name);
    drop_string(sp, m->appear_as);
}

/* Every record's strings (freed, or kept in sp) and nested arrays (the
 * level's own arrays and name stay). */
static void free_records(splev_level *lev, struct splev_level_spare *sp)
{
    for (size_t i = 0; i < lev->nstairs; i++)
        drop_string(sp, lev->stairs[i].dest);
    for (size_t i = 0; i < lev->nlregions; i++)
        drop_string(sp, lev->lregions[i].dest);
    for (size_t i = 0; i < lev->ngraves; i++)
        drop_string(sp, lev->graves[i].epitaph);
    for (size_t i = 0; i < lev->nengravings; i++)
        drop_string(sp, lev->engravings[i].text);
    for (size_t i = 0; i < lev->nmonsters; i++)
        monster_free_fields(sp, &lev->monsters[i]);
    for (size_t i = 0; i < lev->nobjects; i++) {
        splev_object *o = &lev->objects[i];
        if (o->contents || o->montype || o->given_name)  /* seldom */
            object_free_fields(sp, o);
    }
    for (size_t i = 0; i < lev->nmessages; i++)
        drop_string(sp, lev->messages[i]);
    for (size_t i = 0; i < lev->nwarnings; i++)
        drop_string(sp, lev->warnings[i]);
    for (size_t i = 0; i < lev->nsounds; i++)
        drop_string(sp, lev->sounds[i].text);
    for (size_t i = 0; i < lev->nmongen; i++)
        drop_string(sp, lev->mongen[i].name);
}

/* X-macro over the level's growable arrays. */
#define LEVEL_ARRAYS(X) \
    X(rooms) X(stairs) X(lregions) X(altars) X(graves) X(engravings) \
    X(golds) X(traps) X(drawbridges) X(monsters) X(objects) X(messages) \
    X(warnings) X(sounds) X(mongen)

void splev_level_free(splev_level *lev)
{
    if (!lev)
        return;
    free_records(lev, NULL);
    spare_free(lev->spare);
#define FREE_ARRAY(f) free(lev->f);
    LEVEL_ARRAYS(FREE_ARRAY)
#undef FREE_ARRAY
    free(lev->name);
    free(lev);
}

/* Every field zero but the arrays' memory and the name; the cells a
 * copy of grid, or cleared when grid is NULL. */
static void clear_level(splev_level *lev,
                        const splev_cell grid[SPLEV_COLNO][SPLEV_ROWNO])
{
    memset(lev, 0, sizeof *lev);
    if (grid)
        memcpy(lev->cells, grid, sizeof lev->cells);
}

static void
level_reset_grid_raw(splev_level *lev, const char *name,
                     const splev_cell grid[SPLEV_COLNO][SPLEV_ROWNO])
{
    /* what can run out first, while the level is still as it was */
    struct splev_level_spare *sp = level_spare(lev);
    if (!name)
        name = "";
    char *new_name =
        lev->name && !strcmp(lev->name, name) ? NULL : xstrdup(name);
    spare_clear(sp);
    free_records(lev, sp);
    splev_level keep;
    keep.name = lev->name;
    keep.spare = lev->spare;
#define KEEP_ARRAY(f) keep.f = lev->f; keep.cap##f = lev->cap##f;
    LEVEL_ARRAYS(KEEP_ARRAY)
#undef KEEP_ARRAY
    clear_level(lev, grid);
#define KEEP_ARRAY(f) lev->f = keep.f; lev->cap##f = keep.cap##f;
    LEVEL_ARRAYS(KEEP_ARRAY)
#undef KEEP_ARRAY
    lev->spare = keep.spare;
    lev->name = keep.name;
    if (new_name) {
        free(lev->name);
        lev->name = new_name;
    }
}

int splev_level_reset_grid(splev_level *lev, const char *name,
                           const splev_cell grid[SPLEV_COLNO][SPLEV_ROWNO])
{
    OOM_ENTRY(int, -1, (level_reset_grid_raw(lev, name, grid), 0));
}

int splev_level_reset(splev_level *lev, const char *name)
{
    return splev_level_reset_grid(lev, name, NULL);
}

splev_cell *splev_level_cell(splev_level *lev, int x, int y)
{
    if (x < 0 || x >= SPLEV_COLNO || y < 0 || y >= SPLEV_ROWNO)
        return NULL;
    return &lev->cells[x][y];
}

const splev_cell *splev_level_cell_const(const splev_level *lev, int x, int y)
{
    if (x < 0 || x >= SPLEV_COLNO || y < 0 || y >= SPLEV_ROWNO)
        return NULL;
    return &lev->cells[x][y];
}

static void set_string_raw(char **field, const char *text)
{
    char *copy = text ? xstrdup(text) : NULL;   /* first: may run out */
    free(*field);
    *field = copy;
}

int splev_set_string(char **field, const char *text)
{
    OOM_ENTRY(int, -1, (set_string_raw(field, text), 0));
}

/* Append one zeroed element to a growable array and return it. */
static inline void *push(void **arr, size_t *n, size_t *cap, size_t elem)
{
    if (*n >= *cap)
        grow_array(arr, cap, *n + 1, elem);
    char *p = (char *)*arr + *n * elem;
    memset(p, 0, elem);
    (*n)++;
    return p;
}

#define PUSH(lev, field) \
    push((void **)&(lev)->field, &(lev)->n##field, &(lev)->cap##field, \
         sizeof *(lev)->field)

static splev_room *level_add_room_raw(splev_level *lev, int parent)
{
    splev_room *r = PUSH(lev, rooms);
    r->parent = parent;
    r->needfill = 1;
    return r;
}

splev_room *splev_level_add_room(splev_level *lev, int parent)
{
    OOM_ENTRY(splev_room *, NULL, level_add_room_raw(lev, parent));
}

static splev_stair *level_add_stair_raw(splev_level *lev, int kind, int x,
                                        int y, int up, const char *dest)
{
    char *copy = level_strdup(lev, dest);
    splev_stair *s = PUSH(lev, stairs);
    s->kind = kind;
    s->x = x;
    s->y = y;
    s->up = up;
    s->dest = copy;
    return s;
}

splev_stair *splev_level_add_stair(splev_level *lev, int kind, int x, int y,
                                   int up, const char *dest)
{
    OOM_ENTRY(splev_stair *, NULL,
              level_add_stair_raw(lev, kind, x, y, up, dest));
}

static splev_lregion *level_add_lregion_raw(splev_level *lev, int type)
{
    splev_lregion *r = PUSH(lev, lregions);
    r->type = type;
    return r;
}

splev_lregion *splev_level_add_lregion(splev_level *lev, int type)
{
    OOM_ENTRY(splev_lregion *, NULL, level_add_lregion_raw(lev, type));
}

static splev_altar *level_add_altar_raw(splev_level *lev, int x, int y,
                                        int align, int shrine)
{
    splev_altar *a = PUSH(lev, altars);
    a->x = x;
    a->y = y;
    a->align = align;
    a->shrine = shrine;
    return a;
}

splev_altar *splev_level_add_altar(splev_level *lev, int x, int y, int align,
                                   int shrine)
{
    OOM_ENTRY(splev_altar *, NULL,
              level_add_altar_raw(lev, x, y, align, shrine));
}

static splev_grave *level_add_grave_raw(splev_level *lev, int x, int y,
                                        const char *epitaph)
{
    char *copy = level_strdup(lev, epitaph);
    splev_grave *g = PUSH(lev, graves);
    g->x = x;
    g->y = y;
    g->epitaph = copy;
    return g;
}

splev_grave *splev_level_add_grave(splev_level *lev, int x, int y,
                                   const char *epitaph)
{
    OOM_ENTRY(splev_grave *, NULL, level_add_grave_raw(lev, x, y, epitaph));
}

static splev_engraving *level_add_engraving_raw(splev_level *lev, int x, int y,
                                                int type, const char *text)
{
    char *copy = level_strdup(lev, text ? text : "");
    splev_engraving *e = PUSH(lev, engravings);
    e->x = x;
    e->y = y;
    e->type = type;
    e->text = copy;
    return e;
}

splev_engraving *splev_level_add_engraving(splev_level *lev, int x, int y,
                                           int type, const char *text)
{
    OOM_ENTRY(splev_engraving *, NULL,
              level_add_engraving_raw(lev, x, y, type, text));
}

static splev_gold *level_add_gold_raw(splev_level *lev, int x, int y,
                                      long amount)
{
    splev_gold *g = PUSH(lev, golds);
    g->x = x;
    g->y = y;
    g->amount = amount;
    return g;
}

splev_gold *splev_level_add_gold(splev_level *lev, int x, int y, long amount)
{
    OOM_ENTRY(splev_gold *, NULL, level_add_gold_raw(lev, x, y, amount));
}

static splev_trap *level_add_trap_raw(splev_level *lev, int x, int y, int type)
{
    splev_trap *t = PUSH(lev, traps);
    t->x = x;
    t->y = y;
    t->type = type;
    return t;
}

splev_trap *splev_level_add_trap(splev_level *lev, int x, int y, int type)
{
    OOM_ENTRY(splev_trap *, NULL, level_add_trap_raw(lev, x, y, type));
}

static splev_drawbridge *level_add_drawbridge_raw(splev_level *lev, int x,
                                                  int y, int dir, int open)
{
    splev_drawbridge *d = PUSH(lev, drawbridges);
    d->x = x;
    d->y = y;
    d->dir = dir;
    d->open = open;
    return d;
}

splev_drawbridge *splev_level_add_drawbridge(splev_level *lev, int x, int y,
                                             int dir, int open)
{
    OOM_ENTRY(splev_drawbridge *, NULL,
              level_add_drawbridge_raw(lev, x, y, dir, open));
}

static splev_monster *level_add_monster_raw(splev_level *lev, int x, int y,
                                            char cls, const char *name)
{
    const char *shared = shared_name(lev, name);
    splev_monster *m = PUSH(lev, monsters);
    m->x = x;
    m->y = y;
    m->cls = cls;
    m->name = shared;
    m->peaceful = -1;
    m->asleep = -1;
    m->align = SPLEV_ALIGN_DEFAULT;
    return m;
}

splev_monster *splev_level_add_monster(splev_level *lev, int x, int y,
                                       char cls, const char *name)
{
    OOM_ENTRY(splev_monster *, NULL,
              level_add_monster_raw(lev, x, y, cls, name));
}

int splev_level_monster_at(const splev_level *lev, int x, int y)
{
    for (size_t i = 0; i < lev->nmonsters; i++)
        if (lev->monsters[i].x == x && lev->monsters[i].y == y)
            return (int)i;
    return -1;
}

/* Defaults shared by every object, wherever it lies (name: the level's
 * shared copy). */
static void object_defaults(splev_object *o, int x, int y, char cls,
                            const char *name)
{
    o->x = x;
    o->y = y;
    o->cls = cls;
    o->name = name;
    o->quantity = -1;
    o->lit = -1;
    o->eroded = -1;
    o->trapped = -1;
    o->recharged = -1;
}

static splev_object *level_add_object_raw(splev_level *lev, int x, int y,
                                          char cls, const char *name)
{
    const char *shared = shared_name(lev, name);
    splev_object *o = PUSH(lev, objects);
    object_defaults(o, x, y, cls, shared);
    return o;
}

splev_object *splev_level_add_object(splev_level *lev, int x, int y, char cls,
                                     const char *name)
{
    OOM_ENTRY(splev_object *, NULL,
              level_add_object_raw(lev, x, y, cls, name));
}

static splev_object *object_add_content_raw(splev_level *lev,
                                            splev_object *box, char cls,
                                            const char *name)
{
    const char *shared = shared_name(lev, name);
    splev_object *o = PUSH(box, contents);
    object_defaults(o, -1, -1, cls, shared);
    box->container = 1;
    return o;
}

splev_object *splev_object_add_content(splev_level *lev, splev_object *box,
                                       char cls, const char *name)
{
    OOM_ENTRY(splev_object *, NULL,
              object_add_content_raw(lev, box, cls, name));
}

static splev_object *monster_add_item_raw(splev_level *lev, splev_monster *m,
                                          char cls, const char *name)
{
    const char *shared = shared_name(lev, name);
    splev_object *o = PUSH(m, inventory);
    object_defaults(o, -1, -1, cls, shared);
    return o;
}

splev_object *splev_monster_add_item(splev_level *lev, splev_monster *m,
                                     char cls, const char *name)
{
    OOM_ENTRY(splev_object *, NULL, monster_add_item_raw(lev, m, cls, name));
}

static void level_add_message_raw(splev_level *lev, const char *text)
{
    char *copy = level_strdup(lev, text ? text : "");
    char **m = PUSH(lev, messages);
    *m = copy;
}

int splev_level_add_message(splev_level *lev, const char *text)
{
    OOM_ENTRY(int, -1, (level_add_message_raw(lev, text), 0));
}

static void level_add_warning_raw(splev_level *lev, const char *text)
{
    char *copy = level_strdup(lev, text ? text : "");
    char **m = PUSH(lev, warnings);
    *m = copy;
}

int splev_level_add_warning(splev_level *lev, const char *text)
{
    OOM_ENTRY(int, -1, (level_add_warning_raw(lev, text), 0));
}

static splev_sound *level_add_sound_raw(splev_level *lev, int kind,
                                        const char *text)
{
    char *copy = level_strdup(lev, text ? text : "");
    splev_sound *s = PUSH(lev, sounds);
    s->kind = kind;
    s->text = copy;
    return s;
}

splev_sound *splev_level_add_sound(splev_level *lev, int kind,
                                   const char *text)
{
    OOM_ENTRY(splev_sound *, NULL, level_add_sound_raw(lev, kind, text));
}

static splev_mongen *level_add_mongen_raw(splev_level *lev, int freq, char cls,
                                          const char *name)
{
    char *copy = level_strdup(lev, name);
    splev_mongen *g = PUSH(lev, mongen);
    g->freq = freq;
    g->cls = cls;
    g->name = copy;
    return g;
}

splev_mongen *splev_level_add_mongen(splev_level *lev, int freq, char cls,
                                     const char *name)
{
    OOM_ENTRY(splev_mongen *, NULL,
              level_add_mongen_raw(lev, freq, cls, name));
}

/* ---- names ---- */
const char *splev_terrain_name(int typ)
{
    if (typ >= 0 && typ < SPLEV_TERRAIN_COUNT)
        return terrain_info[typ].name;
    if (typ == SPLEV_TRANSPARENT)
        return "MAX_TYPE";
    if (SPLEV_IS_VTERRAIN(typ))
        return vterrain_info[typ - SPLEV_VT_FIRST].name;
    return NULL;
}

int splev_terrain_from_name(const char *name)
{
    for (int t = 0; t < SPLEV_TERRAIN_COUNT; t++)
        if (strcasecmp(name, terrain_info[t].name) == 0)
            return t;
    for (int t = SPLEV_VT_FIRST; t < SPLEV_VT_END; t++)
        if (strcasecmp(name, vterrain_info[t - SPLEV_VT_FIRST].name) == 0)
            return t;
    return -1;
}

int splev_terrain_mapchar(int typ)
{
    if (typ == SPLEV_TRANSPARENT)
        return 'x';
    if (SPLEV_IS_VTERRAIN(typ))
        return vterrain_info[typ - SPLEV_VT_FIRST].mapchar;
    if (typ < 0 || typ >= SPLEV_TERRAIN_COUNT)
        return 0;
    return terrain_info[typ].mapchar;
}

int splev_terrain_nearest_mapchar(int typ)
{
    if (typ == SPLEV_TRANSPARENT)
        return 'x';
    if (SPLEV_IS_VTERRAIN(typ))
        return vterrain_info[typ - SPLEV_VT_FIRST].mapchar;
    if (typ < 0 || typ >= SPLEV_TERRAIN_COUNT)
        return ' ';
    return terrain_info[typ].nearest;
}

int splev_terrain_from_mapchar(int c)
{
    if (c == 'x')
        return SPLEV_TRANSPARENT;
    if (c <= 0)
        return SPLEV_INVALID_TERRAIN;
    for (int t = 0; t < SPLEV_TERRAIN_COUNT; t++)
        if (terrain_info[t].mapchar == c)
            return t;
    return SPLEV_INVALID_TERRAIN;
}

const char *splev_trap_name(int type)
{
    if (type >= SPLEV_VTRAP_FIRST && type < SPLEV_VTRAP_END)
        return vtrap_names[type - SPLEV_VTRAP_FIRST];
    return type > 0 && type < SPLEV_TRAP_COUNT ? trap_names[type] : NULL;
}

int splev_vtrap_from_name(const char *name)
{
    for (int t = SPLEV_VTRAP_FIRST; t < SPLEV_VTRAP_END; t++)
        if (strcasecmp(name, vtrap_names[t - SPLEV_VTRAP_FIRST]) == 0)
            return t;
    return 0;
}

int splev_trap_from_name(const char *name)
{
    for (int t = 1; t < SPLEV_TRAP_COUNT; t++)
        if (strcasecmp(name, trap_names[t]) == 0)
            return t;
    return 0;
}

const char *splev_room_type_name(int rtype)
{
    int n = (int)(sizeof room_type_names / sizeof room_type_names[0]);
    return rtype >= 0 && rtype < n ? room_type_names[rtype] : NULL;
}

const char *splev_flag_name(unsigned bit)
{
    for (int i = 0; i < SPLEV_F_COUNT; i++)
        if (bit == 1u << i)
            return flag_names[i];
    return NULL;
}

const char *splev_door_state_name(int doormask)
{
    const char *base;
    switch (doormask & ~SPLEV_D_TRAPPED) {
    case SPLEV_D_NODOOR: base = "nodoor"; break;
    case SPLEV_D_BROKEN: base = "broken"; break;
    case SPLEV_D_ISOPEN: base = "open"; break;
    case SPLEV_D_CLOSED: base = "closed"; break;
    case SPLEV_D_LOCKED: base = "locked"; break;
    default: base = "odd"; break;
    }
    if (!(doormask & SPLEV_D_TRAPPED))
        return base;
    if (strcmp(base, "closed") == 0)
        return "closed trapped";
    if (strcmp(base, "locked") == 0)
        return "locked trapped";
    return "trapped";
}

const char *splev_align_name(int align)
{
    switch (align) {
    case SPLEV_ALIGN_DEFAULT: return "default";
    case SPLEV_AM_NONE: return "unaligned";
    case SPLEV_AM_CHAOTIC: return "chaotic";
    case SPLEV_AM_NEUTRAL: return "neutral";
    case SPLEV_AM_LAWFUL: return "lawful";
    default: return "odd";
    }
}

const char *splev_engraving_type_name(int type)
{
    static const char *const n[] = {NULL, "dust", "engrave", "burn",
                                     "mark", "blood", "headstone"};
    return type >= 1 && type <= SPLEV_ENGR_HEADSTONE ? n[type] : "odd";
}

const char *splev_sound_kind_name(int kind)
{
    static const char *const n[] = {"hear", "pline", "verbal", "feel"};
    return kind >= 0 && kind <= SPLEV_SOUND_FEEL ? n[kind] : "odd";
}

const char *splev_lregion_type_name(int type)
{
    static const char *const n[] = {"downstair", "upstair", "portal",
                                     "branch", "tele", "uptele", "downtele"};
    return type >= 0 && type <= SPLEV_LR_DOWNTELE ? n[type] : "odd";
}

const char *splev_stair_kind_name(int kind)
{
    static const char *const n[] = {"stair", "ladder", "branch stair",
                                     "branch portal", "portal"};
    return kind >= 0 && kind <= SPLEV_SK_PORTAL ? n[kind] : "odd";
}
