/* asciifarm.c - a level as one Asciifarm room JSON: stock templates where
 * they fit, our own (nh_*) or image sprites where the stock set has none. */
#include <stdlib.h>
#include <string.h>

#include "export/export.h"
#include "export/area.h"
#include "level/glyph.h"

typedef struct cellout {
    bytebuf items;          /* comma-separated templates */
    int count;
} cellout;

static void add_name(cellout *c, const char *name)
{
    if (c->count++)
        bb_printf(&c->items, ", ");
    bb_json_string(&c->items, name);
}

/* {":template": "T", "key": "value"} with one string parameter. */
static void add_with(cellout *c, const char *t, const char *k, const char *v)
{
    if (c->count++)
        bb_printf(&c->items, ", ");
    bb_printf(&c->items, "{\":template\": \"%s\"", t);
    if (k) {
        bb_printf(&c->items, ", \"%s\": ", k);
        bb_json_string(&c->items, v ? v : "");
    }
    bb_u8(&c->items, '}');
}

/* A stock image sprite; its height is a decimal, so it keeps its point. */
static void add_img(cellout *c, const char *sprite)
{
    if (c->count++)
        bb_printf(&c->items, ", ");
    bb_printf(&c->items, "{\":template\": \"img\", \"sprite\": \"%s\", "
                         "\"height\": 0.5}", sprite);
}

static void add_feature(cellout *c, int enc, const char *own,
                        const char *sprite)
{
    if (enc)
        add_name(c, own);
    else
        add_img(c, sprite);
}

static const char *align_word(int a)
{
    return a == SPLEV_AM_LAWFUL ? "lawful" : a == SPLEV_AM_NEUTRAL ? "neutral"
         : a == SPLEV_AM_CHAOTIC ? "chaotic" : "none";
}

static const splev_altar *altar_at(const splev_level *lev, int x, int y)
{
    for (size_t i = 0; i < lev->naltars; i++)
        if (lev->altars[i].x == x && lev->altars[i].y == y)
            return &lev->altars[i];
    return NULL;
}

static const splev_grave *grave_at(const splev_level *lev, int x, int y)
{
    for (size_t i = 0; i < lev->ngraves; i++)
        if (lev->graves[i].x == x && lev->graves[i].y == y)
            return &lev->graves[i];
    return NULL;
}

static void add_special(cellout *c, const splev_level *lev, int x, int y,
                        int enc)
{
    const splev_cell *cell = &lev->cells[x][y];
    int up = (cell->flags & SPLEV_LA_UP) != 0;
    switch (splev_terrain_fallback(cell->typ)) {
    case SPLEV_STAIRS:
    case SPLEV_LADDER:
        if (enc)
            add_with(c, cell->typ == SPLEV_STAIRS ? "nh_stairs" : "nh_ladder",
                     "direction", up ? "up" : "down");
        else
            add_img(c, up ? "stairup" : "stairdown");
        break;
    case SPLEV_ALTAR: {
        const splev_altar *a = altar_at(lev, x, y);
        if (enc)
            add_with(c, "nh_altar", "alignment",
                     align_word(a ? a->align : SPLEV_AM_NONE));
        else
            add_img(c, "altar");
        break;
    }
    case SPLEV_GRAVE: {
        const splev_grave *g = grave_at(lev, x, y);
        if (enc)
            add_with(c, "nh_grave", "epitaph", g ? g->epitaph : NULL);
        else
            add_img(c, "grave");
        break;
    }
    case SPLEV_FOUNTAIN: add_feature(c, enc, "nh_fountain", "fountain"); break;
    case SPLEV_THRONE: add_feature(c, enc, "nh_throne", "throne"); break;
    case SPLEV_SINK: add_feature(c, enc, "nh_sink", "sink"); break;
    case SPLEV_ICE: add_feature(c, enc, "nh_ice", "ice"); break;
    case SPLEV_AIR: add_feature(c, enc, "nh_air", "air"); break;
    case SPLEV_CLOUD: add_feature(c, enc, "nh_cloud", "cloud"); break;
    case SPLEV_LAVAPOOL: add_feature(c, enc, "nh_lava", "lavapool"); break;
    case SPLEV_BOG: add_feature(c, enc, "nh_bog", "bog"); break;
    default: break;
    }
}

/* The floor-level templates of a terrain type. */
static void add_terrain(cellout *c, const splev_level *lev, int x, int y,
                        int enc)
{
    const splev_cell *cell = &lev->cells[x][y];
    int t = splev_terrain_fallback(cell->typ);   /* doc/variants.md */
    if (cell->typ == SPLEV_GRASS) {
        add_name(c, "grass");
        return;
    }
    if (t == SPLEV_STONE || t == SPLEV_SCORR || t >= SPLEV_TERRAIN_COUNT)
        add_name(c, "rock");
    else if (t <= SPLEV_DBWALL || t == SPLEV_SDOOR || t == SPLEV_ICEWALL ||
             t == SPLEV_CRYSTALICEWALL)
        add_name(c, "wall");
    else if (t == SPLEV_TREE || t == SPLEV_DEADTREE)
        add_name(c, "grass"), add_name(c, "tree");
    else if (t == SPLEV_IRONBARS)
        add_name(c, "fence");
    else if (t == SPLEV_LAVAPOOL || t == SPLEV_BOG || t == SPLEV_POOL ||
             t == SPLEV_MOAT || t == SPLEV_WATER || t == SPLEV_DRAWBRIDGE_UP)
        add_name(c, "water");
    else if (t == SPLEV_CORR)
        add_name(c, "ground");
    else if (t == SPLEV_DRAWBRIDGE_DOWN)
        add_name(c, "bridge");
    else
        add_name(c, "floor");
    if (t == SPLEV_DOOR && (cell->doormask & SPLEV_D_ISOPEN))
        add_name(c, "opendoor");
    else if (t == SPLEV_DOOR &&
             (cell->doormask & (SPLEV_D_CLOSED | SPLEV_D_LOCKED)))
        add_name(c, "closeddoor");
    add_special(c, lev, x, y, enc);
}

/* Stock npcs and spawners where the game has a creature like it. */
static void add_monster(cellout *c, const splev_monster *m, int enc)
{
    static const struct { char cls; const char *npc; } npcs[] = {
        {'r', "rat"}, {'o', "goblin"}, {'T', "troll"}, {'\'', "dummy"},
    };
    if (m->cls == '@') {
        add_name(c, m->peaceful == 1 ? "villager" : "dude");
        return;
    }
    for (size_t i = 0; i < sizeof npcs / sizeof npcs[0]; i++)
        if (npcs[i].cls == m->cls) {
            bb_printf(&c->items, "%s{\":template\": \"spawner\", \"template\": "
                                 "{\":template\": \"%s\"}, \"amount\": 1, "
                                 "\"delay\": 1000, \"initial_spawn\": true}",
                      c->count++ ? ", " : "", npcs[i].npc);
            return;
        }
    char cls[2] = {m->cls ? m->cls : 'I', 0};
    if (enc) {
        bb_printf(&c->items, "%s{\":template\": \"nh_monster\", \"class\": ",
                  c->count++ ? ", " : "");
        bb_json_string(&c->items, cls);
        bb_printf(&c->items, ", \"name\": ");
        bb_json_string(&c->items, m->name ? m->name : "");
        bb_u8(&c->items, '}');
    } else {
        add_with(c, "letter", "char", cls);
    }
}

static const char *stock_item(char cls, const char *name)
{
    if (name && strcmp(name, "pick-axe") == 0) return "pickaxe";
    if (name && strcmp(name, "carrot") == 0) return "carrot";
    if (name && strcmp(name, "club") == 0) return "club";
    switch (cls) {
    case ')': return "sword";
    case '[': return "armour";
    case '*': case '`': return "stone";
    case '%': return "radish";
    default: return NULL;
    }
}

static void add_item(cellout *c, char cls, const char *name, int enc)
{
    const char *stock = stock_item(cls, name);
    char s[2] = {cls ? cls : ']', 0};
    if (stock) {
        add_name(c, stock);
    } else if (enc) {
        bb_printf(&c->items, "%s{\":template\": \"nh_item\", \"class\": ",
                  c->count++ ? ", " : "");
        bb_json_string(&c->items, s);
        bb_printf(&c->items, ", \"name\": ");
        bb_json_string(&c->items, name ? name : "");
        bb_u8(&c->items, '}');
    } else {
        add_with(c, "letter", "char", s);
    }
}

static void cell_templates(cellout *c, const splev_level *lev, int x, int y,
                           int enc)
{
    add_terrain(c, lev, x, y, enc);
    const splev_trap *t = export_trap_at(lev, x, y);
    if (t && enc)
        add_with(c, "nh_trap", "trap", splev_trap_name(t->type));
    else if (t)
        add_name(c, "spiketrap");
    if (export_gold_at(lev, x, y))
        add_item(c, '$', "gold piece", enc);
    const splev_object *o = export_object_at(lev, x, y);
    if (o)
        add_item(c, o->cls, o->name, enc);
    const splev_monster *m = export_monster_at(lev, x, y);
    if (m)
        add_monster(c, m, enc);
}

static int af_char_ok(long c)
{
    return (c >= ' ' && c < 127 && c != '"' && c != '\\') ||
           (c >= 0xc0 && c < 0x2fff);
}

static void put_codepoint(bytebuf *b, long cp)
{
    char tmp[5] = {0};
    if (cp < 0x80) {
        tmp[0] = (char)cp;
    } else if (cp < 0x800) {
        tmp[0] = (char)(0xc0 | (cp >> 6));
        tmp[1] = (char)(0x80 | (cp & 0x3f));
    } else {
        tmp[0] = (char)(0xe0 | (cp >> 12));
        tmp[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        tmp[2] = (char)(0x80 | (cp & 0x3f));
    }
    bb_printf(b, "%s", tmp);
}

/* spawn: the up stairs, else the first square a hero can stand on. */
static void find_spawn(const splev_level *lev, const area *a, int *sx,
                       int *sy)
{
    *sx = *sy = -1;
    for (int y = a->y0; y < a->y0 + a->h; y++)
        for (int x = a->x0; x < a->x0 + a->w; x++) {
            const splev_cell *c = &lev->cells[x][y];
            if (c->typ == SPLEV_STAIRS && (c->flags & SPLEV_LA_UP) && *sx < 0) {
                *sx = x - a->x0;
                *sy = y - a->y0;
                return;
            }
        }
    for (int y = a->y0; y < a->y0 + a->h && *sx < 0; y++)
        for (int x = a->x0; x < a->x0 + a->w && *sx < 0; x++)
            if (export_walkable(lev->cells[x][y].typ,
                                lev->cells[x][y].doormask)) {
                *sx = x - a->x0;
                *sy = y - a->y0;
            }
    if (*sx < 0)
        *sx = *sy = 0;
}

/* Named places: stairs and ladders in reading order, suffixed when
 * repeated ("stairdown", "stairdown2"), then branch and portal records. */
static void put_places(bytebuf *b, const splev_level *lev, const area *a)
{
    int n = 0, counts[6] = {0};
    static const char *const names[6] = {"stairdown", "stairup", "ladderdown",
                                         "ladderup", "branch", "portal"};
    bb_printf(b, "  \"places\": {");
    for (int y = a->y0; y < a->y0 + a->h; y++)
        for (int x = a->x0; x < a->x0 + a->w; x++) {
            const splev_cell *c = &lev->cells[x][y];
            if (c->typ != SPLEV_STAIRS && c->typ != SPLEV_LADDER)
                continue;
            int k = (c->typ == SPLEV_LADDER) * 2 + !!(c->flags & SPLEV_LA_UP);
            bb_printf(b, "%s\"%s", n++ ? ", " : "", names[k]);
            if (++counts[k] > 1)
                bb_printf(b, "%d", counts[k]);
            bb_printf(b, "\": [%d, %d]", x - a->x0, y - a->y0);
        }
    for (size_t i = 0; i < lev->nstairs; i++) {
        const splev_stair *s = &lev->stairs[i];
        int k = s->kind == SPLEV_SK_BRANCH_STAIR ||
                s->kind == SPLEV_SK_BRANCH_PORTAL ? 4
              : s->kind == SPLEV_SK_PORTAL ? 5 : -1;
        if (k < 0 || s->x < a->x0 || s->x >= a->x0 + a->w || s->y < a->y0 ||
            s->y >= a->y0 + a->h)
            continue;
        bb_printf(b, "%s\"%s", n++ ? ", " : "", names[k]);
        if (++counts[k] > 1)
            bb_printf(b, "%d", counts[k]);
        bb_printf(b, "\": [%d, %d]", s->x - a->x0, s->y - a->y0);
    }
    bb_printf(b, "},\n");
}

static int put_field(bytebuf *b, const splev_level *lev, const area *a,
                     charmap *cm, int enc)
{
    glyph (*g)[SPLEV_ROWNO] = xmalloc(sizeof(glyph[SPLEV_COLNO][SPLEV_ROWNO]));
    level_glyph_map(lev, g);
    int ok = 1;
    bb_printf(b, "  \"field\": [\n");
    for (int y = a->y0; y < a->y0 + a->h; y++) {
        bb_printf(b, "    \"");
        for (int x = a->x0; x < a->x0 + a->w; x++) {
            cellout c = {{0}, 0};
            bb_init(&c.items);
            cell_templates(&c, lev, x, y, enc);
            bb_u8(&c.items, 0);
            char *key = c.count > 1 ? xasprintf("[%s]", (char *)c.items.data)
                                    : xstrdup((char *)c.items.data);
            long ch = charmap_get(cm, key, (unsigned char)g[x][y].ch,
                                  af_char_ok);
            ok &= ch != 0;
            put_codepoint(b, ch ? ch : '?');
            free(key);
            bb_free(&c.items);
        }
        bb_printf(b, "\"%s\n", y + 1 < a->y0 + a->h ? "," : "");
    }
    bb_printf(b, "  ],\n");
    free(g);
    return ok;
}

char *foreign_export_asciifarm(const splev_level *lev,
                             const splev_export_opts *opts, struct diag *d)
{
    area a;
    if (!export_area(lev, opts, &a, d))
        return NULL;
    int enc = opts && opts->encyclopedia, sx, sy;
    find_spawn(lev, &a, &sx, &sy);
    bytebuf b;
    bb_init(&b);
    bb_printf(&b, "{\n  \"width\": %d,\n  \"height\": %d,\n"
                  "  \"spawn\": [%d, %d],\n", a.w, a.h, sx, sy);
    put_places(&b, lev, &a);
    charmap cm = {0};
    if (!put_field(&b, lev, &a, &cm, enc)) {
        diag_error_nopos(d, "too many different cells for one room");
        charmap_free(&cm);
        bb_free(&b);
        return NULL;
    }
    bb_printf(&b, "  \"mapping\": {\n");
    for (size_t i = 0; i < cm.n; i++) {
        bb_printf(&b, "    \"");
        put_codepoint(&b, cm.chars[i]);
        bb_printf(&b, "\": %s%s\n", cm.keys[i], i + 1 < cm.n ? "," : "");
    }
    bb_printf(&b, "  }\n}\n");
    bb_u8(&b, 0);
    charmap_free(&cm);
    return (char *)b.data;
}

static char *asciifarm_encyclopedia_unguarded(void)
{
    return xstrdup(
        "{\n"
        "  \"assemblages\": {\n"
        "    \"nh_fountain\": {\"sprite\": \"fountain\", \"height\": 0.5, \"flags\": [\"Floor\"]},\n"
        "    \"nh_throne\": {\"sprite\": \"throne\", \"height\": 1.0, \"flags\": [\"Floor\"]},\n"
        "    \"nh_sink\": {\"sprite\": \"sink\", \"height\": 0.5, \"flags\": [\"Floor\"]},\n"
        "    \"nh_altar\": {\"arguments\": {\"alignment\": \"none\"}, \"sprite\": \"altar\", \"height\": 0.5, \"flags\": [\"Floor\"]},\n"
        "    \"nh_grave\": {\"arguments\": {\"epitaph\": \"\"}, \"sprite\": \"grave\", \"height\": 0.5, \"flags\": [\"Floor\"]},\n"
        "    \"nh_ice\": {\"sprite\": \"ice\", \"height\": 0.1, \"flags\": [\"Floor\"]},\n"
        "    \"nh_air\": {\"sprite\": \"air\", \"height\": 0.0, \"flags\": [\"Floor\"]},\n"
        "    \"nh_cloud\": {\"sprite\": \"cloud\", \"height\": 1.0, \"flags\": [\"Floor\"]},\n"
        "    \"nh_lava\": {\"sprite\": \"lava\", \"height\": 0.0},\n"
        "    \"nh_bog\": {\"sprite\": \"bog\", \"height\": 0.0},\n"
        "    \"nh_ironbars\": {\"sprite\": \"fence\", \"height\": 1.0, \"flags\": [\"Blocking\"]},\n"
        "    \"nh_stairs\": {\"arguments\": {\"direction\": \"down\"}, \"sprite\": \"stairdown\", \"height\": 0.5, \"flags\": [\"Floor\"]},\n"
        "    \"nh_ladder\": {\"arguments\": {\"direction\": \"down\"}, \"sprite\": \"stairdown\", \"height\": 0.5, \"flags\": [\"Floor\"]},\n"
        "    \"nh_trap\": {\"arguments\": {\"trap\": \"\"}, \"sprite\": \"spiketrap\", \"height\": 0.2},\n"
        "    \"nh_monster\": {\"arguments\": {\"class\": \"\", \"name\": \"\"}, \"sprite\": \"dummy\", \"height\": 1.0},\n"
        "    \"nh_item\": {\"arguments\": {\"class\": \"\", \"name\": \"\"}, \"sprite\": \"stone\", \"height\": 0.3}\n"
        "  }\n"
        "}\n");
}

/* The entry point: out of memory gives the error result. */
char *splev_asciifarm_encyclopedia(void)
{
    OOM_ENTRY(char *, NULL, asciifarm_encyclopedia_unguarded());
}
