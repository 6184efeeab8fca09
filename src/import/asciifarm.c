/* asciifarm.c - read an Asciifarm room by the game's own loading rules
 * (spec/FORMATS.md) and turn it into the nearest NetHack map. */
#include <stdlib.h>
#include <string.h>

#include "import/foreign.h"
#include "import/fmap.h"
#include "import/json5.h"
#include "import/stock.h"

typedef struct af {
    const char *src;
    size_t len;
    diag *d;
    int errors;
} af;

static void error_at(af *a, size_t off, const char *fmt, const char *arg)
{
    diag_error(a->d, json5_pos(a->src, a->len, off), fmt, arg);
    a->errors++;
}

/* ---- validation of the room keys ---- */
static int need_int(af *a, const jv *v, const char *what)
{
    if (v->kind == JV_INT)
        return 1;
    error_at(a, v->off, v->kind == JV_DEC
                 ? "%s must be an integer (a decimal point is rejected)"
                 : "%s must be an integer", what);
    return 0;
}

static int need_pair(af *a, const jv *v, const char *what)
{
    if (v->kind != JV_ARR || v->n != 2) {
        error_at(a, v->off, "%s must be a list [x, y]", what);
        return 0;
    }
    return need_int(a, v->items[0], what) && need_int(a, v->items[1], what);
}

static int check_template(af *a, const jv *t, int top);

/* A parameter: never null; objects must be templates; lists recurse. */
static int check_param(af *a, const char *key, const jv *v)
{
    if (strcmp(key, "__save__") == 0 && v->kind != JV_BOOL) {
        error_at(a, v->off, "%s must be true or false", key);
        return 0;
    }
    if (strcmp(key, "__clan__") == 0 && v->kind != JV_STR) {
        error_at(a, v->off, "%s must be a string", key);
        return 0;
    }
    switch (v->kind) {
    case JV_NULL:
        error_at(a, v->off, "parameter \"%s\" is null", key);
        return 0;
    case JV_OBJ:
        return check_template(a, v, 0);
    case JV_ARR:
        for (size_t i = 0; i < v->n; i++)
            if (!check_param(a, key, v->items[i]))
                return 0;
        return 1;
    default:
        return 1;
    }
}

static int check_template(af *a, const jv *t, int top)
{
    if (t->kind == JV_STR)
        return 1;
    if (t->kind == JV_ARR && top) {
        for (size_t i = 0; i < t->n; i++) {
            if (t->items[i]->kind == JV_ARR) {
                error_at(a, t->items[i]->off, "%s",
                         "nested list in a mapping entry");
                return 0;
            }
            if (!check_template(a, t->items[i], 0))
                return 0;
        }
        return 1;
    }
    if (t->kind != JV_OBJ) {
        error_at(a, t->off, "%s", "a template is a name, an object with "
                 "\":template\" or a list of those");
        return 0;
    }
    const jv *name = jv_get(t, ":template");
    if (!name || name->kind != JV_STR) {
        error_at(a, name ? name->off : t->off, "%s",
                 "template object without a \":template\" name");
        return 0;
    }
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->keys[i], ":template") != 0 &&
            !check_param(a, t->keys[i], t->items[i]))
            return 0;
    return 1;
}

static int check_mapping(af *a, const jv *m)
{
    if (m->kind != JV_OBJ) {
        error_at(a, m->off, "%s", "mapping must be an object");
        return 0;
    }
    for (size_t i = 0; i < m->n; i++) {
        size_t k = strlen(m->keys[i]);
        if (utf8_count(m->keys[i], k) != 1) {
            error_at(a, m->key_off[i],
                     "mapping key \"%s\" is not exactly one character",
                     m->keys[i]);
            return 0;
        }
        if (!check_template(a, m->items[i], 1))
            return 0;
    }
    return 1;
}

static int check_flags(af *a, const jv *f)
{
    static const char *const ok[] = {"Blocking", "Floor", "Occupied",
                                     "Soil", "Build", "Hot"};
    if (f->kind != JV_ARR) {
        error_at(a, f->off, "%s", "flags must be a list");
        return 0;
    }
    for (size_t i = 0; i < f->n; i++) {
        int found = 0;
        for (int k = 0; k < 6 && f->items[i]->kind == JV_STR; k++)
            found |= strcmp(f->items[i]->s, ok[k]) == 0;
        if (!found) {
            error_at(a, f->items[i]->off, "%s", "unknown room flag");
            return 0;
        }
    }
    return 1;
}

static int check_places(af *a, const jv *p)
{
    if (p->kind != JV_OBJ) {
        error_at(a, p->off, "%s", "places must be an object");
        return 0;
    }
    for (size_t i = 0; i < p->n; i++)
        if (!need_pair(a, p->items[i], "a place"))
            return 0;
    return 1;
}

static const jv *required(af *a, const jv *root, const char *key)
{
    const jv *v = jv_get(root, key);
    if (!v)
        error_at(a, root->off, "missing required key \"%s\"", key);
    return v;
}

/* Every rule the loader applies before it builds anything. */
static int check_room(af *a, const jv *root)
{
    if (root->kind != JV_OBJ) {
        error_at(a, root->off, "%s", "a room must be a JSON object");
        return 0;
    }
    const jv *w = required(a, root, "width"), *h = required(a, root, "height");
    const jv *sp = required(a, root, "spawn"), *f = required(a, root, "field");
    const jv *m = required(a, root, "mapping");
    if (!w || !h || !sp || !f || !m)
        return 0;
    if (!need_int(a, w, "width") || !need_int(a, h, "height") ||
        !need_pair(a, sp, "spawn"))
        return 0;
    if (w->i < 1 || h->i < 1 || w->i > 4096 || h->i > 4096) {
        error_at(a, w->i < 1 || w->i > 4096 ? w->off : h->off, "%s",
                 "room size out of range (1..4096)");
        return 0;
    }
    if (f->kind != JV_ARR) {
        error_at(a, f->off, "%s", "field must be a list of strings");
        return 0;
    }
    for (size_t i = 0; i < f->n; i++)
        if (f->items[i]->kind != JV_STR) {
            error_at(a, f->items[i]->off, "%s", "field rows must be strings");
            return 0;
        }
    const jv *pl = jv_get(root, "places"), *fl = jv_get(root, "flags");
    return check_mapping(a, m) && (!pl || check_places(a, pl)) &&
           (!fl || check_flags(a, fl));
}

/* ---- what a mapping entry means in NetHack terms ---- */
typedef struct cellspec {
    int typ, rank;
    int portal, stair;
    fthing things[8];
    int nthings;
    int done;
} cellspec;

typedef struct named_thing {
    const char *name;
    char cls;
    const char *nh;
    int peaceful;
} named_thing;

static const named_thing af_monsters[] = {
    {"rat", 'r', "sewer rat", 0}, {"goblin", 'o', "goblin", 0},
    {"troll", 'T', "troll", 0}, {"rabbit", 'r', NULL, 0},
    {"dude", '@', "human", 1}, {"trader", '@', "human", 1},
    {"dyetrader", '@', "human", 1}, {"toolsmith", '@', "human", 1},
    {"villager", '@', "human", 1}, {"dummy", '\'', "straw golem", 0},
};

static const named_thing af_items[] = {
    {"pebble", '*', "rock", 0}, {"stone", '*', "rock", 0},
    {"sword", ')', "long sword", 0}, {"eldritch_sword", ')', "long sword", 0},
    {"club", ')', "club", 0}, {"armour", '[', "leather armor", 0},
    {"pickaxe", '(', "pick-axe", 0}, {"cape", '[', "leather cloak", 0},
    {"redcape", '[', "leather cloak", 0},
    {"greencape", '[', "leather cloak", 0},
    {"bluecape", '[', "leather cloak", 0}, {"reddye", '!', NULL, 0},
    {"greendye", '!', NULL, 0}, {"bluedye", '!', NULL, 0},
    {"carrot", '%', "carrot", 0}, {"radish", '%', NULL, 0},
    {"radishes", '%', NULL, 0}, {"eldritch_radish", '%', NULL, 0},
    {"radishseed", '%', NULL, 0}, {"carrotseed", '%', NULL, 0},
    {"cottonseed", '%', NULL, 0}, {"cotton", '(', NULL, 0},
    {"cottonyarn", '(', NULL, 0}, {"cottoncloth", '(', NULL, 0},
};

static const struct {
    const char *name;
    int typ, rank, doormask;
} af_terrain[] = {
    {"rock", SPLEV_STONE, 5, 0}, {"wall", SPLEV_HWALL, 5, 0},
    {"builtwall", SPLEV_HWALL, 5, 0}, {"house", SPLEV_HWALL, 5, 0},
    {"tree", SPLEV_TREE, 5, 0}, {"fence", SPLEV_IRONBARS, 5, 0},
    {"nh_ironbars", SPLEV_IRONBARS, 5, 0},
    {"closeddoor", SPLEV_DOOR, 6, SPLEV_D_CLOSED},
    {"opendoor", SPLEV_DOOR, 6, SPLEV_D_ISOPEN},
    {"bridge", SPLEV_ROOM, 4, 0}, {"water", SPLEV_MOAT, 3, 0},
    {"floor", SPLEV_ROOM, 2, 0}, {"grass", SPLEV_ROOM, 2, 0},
    {"greengrass", SPLEV_ROOM, 2, 0}, {"ground", SPLEV_CORR, 2, 0},
    {"portal", SPLEV_ROOM, 1, 0}, {"_homeportal", SPLEV_ROOM, 1, 0},
    {"homeportal", SPLEV_ROOM, 1, 0},
    {"nh_fountain", SPLEV_FOUNTAIN, 7, 0}, {"nh_throne", SPLEV_THRONE, 7, 0},
    {"nh_sink", SPLEV_SINK, 7, 0}, {"nh_ice", SPLEV_ICE, 7, 0},
    {"nh_air", SPLEV_AIR, 7, 0}, {"nh_cloud", SPLEV_CLOUD, 7, 0},
    {"nh_lava", SPLEV_LAVAPOOL, 7, 0}, {"nh_bog", SPLEV_BOG, 7, 0},
    {"nh_altar", SPLEV_ROOM, 2, 0}, {"nh_grave", SPLEV_ROOM, 2, 0},
    {"nh_stairs", SPLEV_ROOM, 2, 0}, {"nh_ladder", SPLEV_ROOM, 2, 0},
};

static void spec_thing(cellspec *cs, int kind, int arg, char cls,
                       const char *name)
{
    if (cs->nthings >= 8)
        return;
    fthing *t = &cs->things[cs->nthings++];
    t->kind = kind;
    t->arg = arg;
    t->cls = cls;
    t->name = name ? xstrdup(name) : NULL;
}

static void spec_terrain(cellspec *cs, int typ, int rank)
{
    if (rank > cs->rank) {
        cs->typ = typ;
        cs->rank = rank;
    }
}

static const named_thing *find_named(const named_thing *t, size_t n,
                                     const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    return NULL;
}

#define FIND(table, name) \
    find_named(table, sizeof table / sizeof table[0], name)

static const char *param_str(const jv *obj, const char *key)
{
    const jv *v = obj ? jv_get(obj, key) : NULL;
    return v && v->kind == JV_STR ? v->s : NULL;
}

/* A creature or an item (what spawners and singletons make). */
static int spec_entity(cellspec *cs, const char *name)
{
    const named_thing *m = FIND(af_monsters, name);
    if (m) {
        spec_thing(cs, FT_MONSTER, m->peaceful, m->cls, m->nh);
        return 1;
    }
    const named_thing *o = FIND(af_items, name);
    if (o) {
        spec_thing(cs, FT_OBJECT, 0, o->cls, o->nh);
        return 1;
    }
    return 0;
}

static const char *template_name(const jv *t)
{
    if (t && t->kind == JV_STR)
        return t->s;
    return param_str(t, ":template");
}

static int align_from_word(const char *w)
{
    if (!w)
        return SPLEV_AM_NONE;
    if (strcmp(w, "lawful") == 0) return SPLEV_AM_LAWFUL;
    if (strcmp(w, "neutral") == 0) return SPLEV_AM_NEUTRAL;
    if (strcmp(w, "chaotic") == 0) return SPLEV_AM_CHAOTIC;
    return SPLEV_AM_NONE;
}

/* Our own templates and img sprites carry NetHack things. */
static int spec_own(cellspec *cs, const char *name, const jv *obj)
{
    const char *sprite = param_str(obj, "sprite");
    if (strcmp(name, "img") == 0 && sprite) {
        if (strcmp(sprite, "stairup") == 0 || strcmp(sprite, "stairdown") == 0) {
            spec_thing(cs, FT_STAIR, sprite[5] == 'u', 0, NULL);
            cs->stair = 1;
        } else if (strcmp(sprite, "altar") == 0) {
            spec_thing(cs, FT_ALTAR, SPLEV_AM_NONE, 0, NULL);
        } else if (strcmp(sprite, "grave") == 0) {
            spec_thing(cs, FT_GRAVE, 0, 0, NULL);
        } else {
            int t = splev_terrain_from_name(sprite);
            if (t == SPLEV_FOUNTAIN || t == SPLEV_THRONE || t == SPLEV_SINK ||
                t == SPLEV_ICE || t == SPLEV_AIR || t == SPLEV_CLOUD ||
                t == SPLEV_BOG || t == SPLEV_LAVAPOOL)
                spec_terrain(cs, t, 7);
        }
        return 1;
    }
    if (strcmp(name, "nh_altar") == 0)
        spec_thing(cs, FT_ALTAR, align_from_word(param_str(obj, "alignment")),
                   0, NULL);
    else if (strcmp(name, "nh_grave") == 0)
        spec_thing(cs, FT_GRAVE, 0, 0, param_str(obj, "epitaph"));
    else if (strcmp(name, "nh_stairs") == 0 || strcmp(name, "nh_ladder") == 0) {
        const char *dir = param_str(obj, "direction");
        spec_thing(cs, FT_STAIR, dir && strcmp(dir, "up") == 0, 0, NULL);
        cs->stair = 1;
    } else if (strcmp(name, "nh_trap") == 0) {
        const char *tn = param_str(obj, "trap");
        int type = tn ? splev_trap_from_name(tn) : 0;
        spec_thing(cs, FT_TRAP, type ? type : 12, 0, NULL);
    } else if (strcmp(name, "nh_monster") == 0 || strcmp(name, "nh_item") == 0) {
        const char *c = param_str(obj, "class");
        spec_thing(cs, name[3] == 'm' ? FT_MONSTER : FT_OBJECT, 0,
                   c && c[0] && !c[1] ? c[0] : 0, param_str(obj, "name"));
    } else {
        return 0;
    }
    return 1;
}

static void spec_template(af *a, cellspec *cs, const jv *t)
{
    const char *name = template_name(t);
    const jv *obj = t->kind == JV_OBJ ? t : NULL;
    for (size_t i = 0; i < sizeof af_terrain / sizeof af_terrain[0]; i++)
        if (strcmp(af_terrain[i].name, name) == 0) {
            spec_terrain(cs, af_terrain[i].typ, af_terrain[i].rank);
            if (af_terrain[i].typ == SPLEV_DOOR)
                spec_thing(cs, FT_DOOR, af_terrain[i].doormask, 0, NULL);
            cs->portal |= af_terrain[i].rank == 1;
        }
    if (spec_own(cs, name, obj) || spec_entity(cs, name))
        return;
    if (strcmp(name, "spiketrap") == 0) {
        spec_thing(cs, FT_TRAP, 12, 0, NULL);
    } else if (strcmp(name, "spawner") == 0 || strcmp(name, "singleton") == 0) {
        const jv *inner = jv_get(obj, name[1] == 'p' ? "template" : "ent");
        const char *in = template_name(inner);
        if (in)
            spec_entity(cs, in);
    } else if (strcmp(name, "sign") == 0) {
        spec_thing(cs, FT_ENGRAVING, 0, 0, "sign");
    } else if (af_stock_flags(name) < 0 && af_own_flags(name) < 0) {
        diag_warning(a->d, json5_pos(a->src, a->len, t->off),
                     "unknown template \"%s\": ignored", name);
    }
}

static void build_spec(af *a, cellspec *cs, const jv *entry)
{
    cs->typ = SPLEV_STONE;
    cs->done = 1;
    if (entry->kind == JV_ARR)
        for (size_t i = 0; i < entry->n; i++)
            spec_template(a, cs, entry->items[i]);
    else
        spec_template(a, cs, entry);
    if (cs->portal && !cs->stair)
        spec_thing(cs, FT_TRAP, 15, 0, NULL);
}

/* The mapping entry of code point cp; -1 when the room would not load. */
static long mapping_index(const jv *m, long cp)
{
    for (size_t i = m->n; i-- > 0;) {
        size_t p = 0;
        if (utf8_next(m->keys[i], strlen(m->keys[i]), &p) == cp)
            return (long)i;
    }
    return -1;
}

static void place_spec(fmap *fm, const cellspec *cs, int x, int y)
{
    fmap_set(fm, x, y, cs->typ);
    for (int k = 0; k < cs->nthings; k++) {
        const fthing *t = &cs->things[k];
        fmap_add(fm, t->kind, x, y, t->arg, t->cls, t->name);
    }
}

/* One field row: code points beyond width are never read. */
static int build_row(af *a, fmap *fm, const jv *m, cellspec *specs,
                     const jv *row, int y)
{
    size_t p = 0;
    for (int x = 0; x < fm->w && p < row->slen; x++) {
        size_t at = p;
        long cp = utf8_next(row->s, row->slen, &p);
        long k = cp < 0 ? -1 : mapping_index(m, cp);
        if (k < 0) {
            char ch[8] = {0};
            memcpy(ch, row->s + at, p - at < 7 ? p - at : 7);
            error_at(a, json5_char_off(a->src, a->len, row, (size_t)x),
                     "char \"%s\" not found in mapping", ch);
            return 0;
        }
        if (!specs[k].done)
            build_spec(a, &specs[k], m->items[k]);
        place_spec(fm, &specs[k], x, y);
    }
    return 1;
}

static fmap *read_room(const char *file, const char *text, size_t len,
                       const splev_import_opts *o, diag *d)
{
    af a = {text, len, d, 0};
    jv *root = json5_parse(text, len, d);
    if (!root)
        return NULL;
    if (!check_room(&a, root)) {
        jv_free(root);
        return NULL;
    }
    const jv *m = jv_get(root, "mapping"), *f = jv_get(root, "field");
    char *name = fmap_level_name(o && o->level_name ? o->level_name : file);
    fmap *fm = fmap_new((int)jv_get(root, "width")->i,
                        (int)jv_get(root, "height")->i, name);
    free(name);
    cellspec *specs = xcalloc(m->n ? m->n : 1, sizeof *specs);
    int ok = 1;
    for (int y = 0; ok && y < fm->h && (size_t)y < f->n; y++)
        ok = build_row(&a, fm, m, specs, f->items[y], y);
    for (size_t i = 0; i < m->n; i++)
        for (int k = 0; k < specs[i].nthings; k++)
            free(specs[i].things[k].name);
    free(specs);
    jv_free(root);
    if (!ok) {
        fmap_free(fm);
        return NULL;
    }
    fmap_orient_walls(fm);
    return fm;
}

char *foreign_import_asciifarm(const char *file, const char *text, size_t len,
                             const splev_import_opts *opts, struct diag *d)
{
    return fmap_import_des(read_room, file, text, len, opts, d);
}

splev_level *foreign_import_asciifarm_level(const char *file, const char *text,
                                          size_t len,
                                          const splev_import_opts *opts,
                                          struct diag *d)
{
    return fmap_import_level(read_room, file, text, len, opts, d);
}
