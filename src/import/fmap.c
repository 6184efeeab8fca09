/* fmap.c - the importers' common back end: a foreign map as des-file text
 * (cropped or split to lev_comp's 76x21 MAP limit) or as a splev_level. */
#include "import/fmap.h"

#include <stdlib.h>
#include <string.h>

#define MAP_W 76
#define MAP_H 21

fmap *fmap_new(int w, int h, const char *name)
{
    fmap *m = xcalloc(1, sizeof *m);
    m->w = w;
    m->h = h;
    m->typ = xcalloc((size_t)(w > 0 ? w : 1) * (size_t)(h > 0 ? h : 1), 1);
    m->name = xstrdup(name);
    return m;
}

void fmap_free(fmap *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->nthings; i++)
        free(m->things[i].name);
    free(m->things);
    free(m->typ);
    free(m->name);
    free(m);
}

void fmap_set(fmap *m, int x, int y, int typ)
{
    if (x >= 0 && x < m->w && y >= 0 && y < m->h)
        m->typ[(size_t)y * (size_t)m->w + (size_t)x] = (unsigned char)typ;
}

int fmap_get(const fmap *m, int x, int y)
{
    if (x < 0 || x >= m->w || y < 0 || y >= m->h)
        return -1;
    return m->typ[(size_t)y * (size_t)m->w + (size_t)x];
}

void fmap_add(fmap *m, int kind, int x, int y, int arg, char cls,
              const char *name)
{
    grow_array((void **)&m->things, &m->capthings, m->nthings + 1,
               sizeof *m->things);
    fthing *t = &m->things[m->nthings++];
    t->kind = kind;
    t->x = x;
    t->y = y;
    t->arg = arg;
    t->cls = cls;
    t->name = name ? xstrdup(name) : NULL;
}

static int wall_like(const fmap *m, int x, int y)
{
    int t = fmap_get(m, x, y);
    return t == SPLEV_HWALL || t == SPLEV_VWALL || t == SPLEV_DOOR ||
           t == SPLEV_SDOOR;
}

void fmap_orient_walls(fmap *m)
{
    for (int y = 0; y < m->h; y++)
        for (int x = 0; x < m->w; x++) {
            int t = fmap_get(m, x, y);
            if (t != SPLEV_HWALL && t != SPLEV_VWALL)
                continue;
            int across = wall_like(m, x - 1, y) || wall_like(m, x + 1, y);
            int down = wall_like(m, x, y - 1) || wall_like(m, x, y + 1);
            fmap_set(m, x, y, !across && down ? SPLEV_VWALL : SPLEV_HWALL);
        }
}

/* The longest LEVEL name the compiler takes. */
#define NAME_MAX_LEN 14

char *fmap_level_name(const char *text)
{
    char out[NAME_MAX_LEN + 1];
    size_t n = 0, full = 0;
    uint32_t hash = 2166136261u;            /* FNV-1a of the kept text */
    const char *base = strrchr(text, '/');
    base = base ? base + 1 : text;
    for (const char *p = base; *p; p++) {
        char c = *p;
        if (c == '.' && p != base)
            break;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        else if (c == ' ')
            c = '_';
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
              c == '-'))
            continue;
        hash = (hash ^ (unsigned char)*p) * 16777619u;
        full++;
        if (n < NAME_MAX_LEN)
            out[n++] = c;
    }
    /* Too long: 9 characters, '-' and 4 hex digits of the whole name, so
     * that names alike in their first characters stay apart. */
    if (full > NAME_MAX_LEN)
        n = 9 + (size_t)snprintf(out + 9, sizeof out - 9, "-%04x",
                                 (unsigned)((hash ^ (hash >> 16)) & 0xffff));
    if (n == 0)
        out[n++] = 'x';
    out[n] = 0;
    return xstrdup(out);
}

/* Text for a des string literal: printable ASCII without quotes. */
static void put_des_string(bytebuf *b, const char *s)
{
    bb_u8(b, '"');
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++)
        bb_u8(b, *p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\' ? *p
                                                                    : '_');
    bb_u8(b, '"');
}

static void put_class_name(bytebuf *b, char cls, const char *name)
{
    if (cls == '\'' || cls == '\\' || cls == '"')
        cls = 0;    /* no portable way to quote these as a class literal */
    if (cls && name) {
        bb_printf(b, "('%c',", cls);
        put_des_string(b, name);
        bb_u8(b, ')');
    } else if (name) {
        put_des_string(b, name);
    } else if (cls) {
        bb_printf(b, "'%c'", cls);
    } else {
        bb_printf(b, "random");
    }
}

static const char *align_word(int mask)
{
    switch (mask) {
    case SPLEV_AM_LAWFUL: return "law";
    case SPLEV_AM_NEUTRAL: return "neutral";
    case SPLEV_AM_CHAOTIC: return "chaos";
    default: return "noalign";
    }
}

static const char *door_word(int mask)
{
    switch (mask & ~SPLEV_D_TRAPPED) {
    case SPLEV_D_BROKEN: return "broken";
    case SPLEV_D_ISOPEN: return "open";
    case SPLEV_D_LOCKED: return "locked";
    case SPLEV_D_NODOOR: return "nodoor";
    default: return "closed";
    }
}

/* One placement statement, coordinates relative to the piece. */
static void put_thing(bytebuf *b, const fthing *t, int x, int y)
{
    switch (t->kind) {
    case FT_STAIR:
        bb_printf(b, "STAIR:(%d,%d),%s\n", x, y, t->arg ? "up" : "down");
        break;
    case FT_DOOR:
        bb_printf(b, "DOOR:%s,(%d,%d)\n", door_word(t->arg), x, y);
        break;
    case FT_MONSTER:
        bb_printf(b, "MONSTER:");
        put_class_name(b, t->cls, t->name);
        bb_printf(b, ",(%d,%d)%s\n", x, y, t->arg ? ",peaceful" : "");
        break;
    case FT_OBJECT:
        bb_printf(b, "OBJECT:");
        put_class_name(b, t->cls, t->name);
        bb_printf(b, ",(%d,%d)\n", x, y);
        break;
    case FT_TRAP:
        bb_printf(b, "TRAP:");
        put_des_string(b, splev_trap_name(t->arg));
        bb_printf(b, ",(%d,%d)\n", x, y);
        break;
    case FT_GRAVE:
        bb_printf(b, "GRAVE:(%d,%d)", x, y);
        if (t->name) {
            bb_u8(b, ',');
            put_des_string(b, t->name);
        }
        bb_u8(b, '\n');
        break;
    case FT_ALTAR:
        bb_printf(b, "ALTAR:(%d,%d),%s,altar\n", x, y, align_word(t->arg));
        break;
    case FT_ENGRAVING:
        bb_printf(b, "ENGRAVING:(%d,%d),engrave,", x, y);
        put_des_string(b, t->name ? t->name : "");
        bb_u8(b, '\n');
        break;
    }
}

static void put_piece(bytebuf *b, const fmap *m, const char *name, int x0,
                      int y0, int w, int h)
{
    bb_printf(b, "LEVEL:\"%s\"\nFLAGS:noflip\nGEOMETRY:center,center\nMAP\n",
              name);
    for (int y = y0; y < y0 + h; y++) {
        for (int x = x0; x < x0 + w; x++)
            bb_u8(b, (unsigned char)splev_terrain_nearest_mapchar(
                         fmap_get(m, x, y)));
        bb_u8(b, '\n');
    }
    bb_printf(b, "ENDMAP\n");
    for (size_t i = 0; i < m->nthings; i++) {
        const fthing *t = &m->things[i];
        if (t->x >= x0 && t->x < x0 + w && t->y >= y0 && t->y < y0 + h)
            put_thing(b, t, t->x - x0, t->y - y0);
    }
}

char *fmap_to_des(const fmap *m, const splev_import_opts *o, const char *file,
                  diag *d)
{
    const char *name = o && o->level_name ? o->level_name : m->name;
    bytebuf b;
    bb_init(&b);
    bb_printf(&b, "# Imported from %s by splev; see doc/foreign-formats.md\n",
              file);
    if (m->w <= MAP_W && m->h <= MAP_H) {
        put_piece(&b, m, name, 0, 0, m->w, m->h);
    } else if (!o || !o->split) {
        diag_warning(d, (srcpos){0, 0, 0, 0},
                     "map is %dx%d, larger than 76x21: cropped to its "
                     "top-left %dx%d", m->w, m->h,
                     m->w < MAP_W ? m->w : MAP_W, m->h < MAP_H ? m->h : MAP_H);
        put_piece(&b, m, name, 0, 0, m->w < MAP_W ? m->w : MAP_W,
                  m->h < MAP_H ? m->h : MAP_H);
    } else {
        int piece = 0;
        for (int y0 = 0; y0 < m->h; y0 += MAP_H)
            for (int x0 = 0; x0 < m->w; x0 += MAP_W) {
                char pname[32], num[16];
                int nd = snprintf(num, sizeof num, "%d", ++piece);
                snprintf(pname, sizeof pname, "%.*s%s", NAME_MAX_LEN - nd,
                         name, num);
                int w = m->w - x0 < MAP_W ? m->w - x0 : MAP_W;
                int h = m->h - y0 < MAP_H ? m->h - y0 : MAP_H;
                bb_printf(&b, "%s# piece %d: columns %d-%d, rows %d-%d\n",
                          piece > 1 ? "\n" : "", piece, x0, x0 + w - 1, y0,
                          y0 + h - 1);
                put_piece(&b, m, pname, x0, y0, w, h);
            }
    }
    bb_u8(&b, 0);
    return (char *)b.data;
}

static void level_thing(splev_level *lev, const fthing *t, int x, int y)
{
    splev_cell *c = splev_level_cell(lev, x, y);
    switch (t->kind) {
    case FT_STAIR:
        c->typ = SPLEV_STAIRS;
        c->flags = t->arg ? SPLEV_LA_UP : SPLEV_LA_DOWN;
        splev_level_add_stair(lev, SPLEV_SK_STAIR, x, y, t->arg, NULL);
        break;
    case FT_DOOR:
        c->doormask = (uint8_t)t->arg;
        break;
    case FT_MONSTER:
        splev_level_add_monster(lev, x, y, t->cls, t->name)->peaceful =
            t->arg ? 1 : -1;
        break;
    case FT_OBJECT:
        splev_level_add_object(lev, x, y, t->cls, t->name);
        break;
    case FT_TRAP:
        splev_level_add_trap(lev, x, y, t->arg);
        break;
    case FT_GRAVE:
        c->typ = SPLEV_GRAVE;
        splev_level_add_grave(lev, x, y, t->name);
        break;
    case FT_ALTAR:
        c->typ = SPLEV_ALTAR;
        splev_level_add_altar(lev, x, y, t->arg, 0);
        break;
    case FT_ENGRAVING:
        splev_level_add_engraving(lev, x, y, SPLEV_ENGR_ENGRAVE, t->name);
        break;
    }
}

/* Door orientation as the game sets it: walls left or right. */
static void orient_doors(splev_level *lev)
{
    for (int x = 1; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            splev_cell *c = &lev->cells[x][y];
            if (c->typ != SPLEV_DOOR && c->typ != SPLEV_SDOOR)
                continue;
            const splev_cell *l = splev_level_cell_const(lev, x - 1, y);
            const splev_cell *r = splev_level_cell_const(lev, x + 1, y);
            c->horizontal = (l && SPLEV_IS_WALL(l->typ)) ||
                            (r && SPLEV_IS_WALL(r->typ));
        }
}

splev_level *fmap_to_level(const fmap *m)
{
    splev_level *lev = splev_level_new(m->name);
    int w = m->w < MAP_W ? m->w : MAP_W, h = m->h < MAP_H ? m->h : MAP_H;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            splev_cell *c = splev_level_cell(lev, x + 1, y);
            c->typ = (uint8_t)fmap_get(m, x, y);
            c->lit = 1;
            if (c->typ == SPLEV_DOOR)
                c->doormask = SPLEV_D_CLOSED;
        }
    for (size_t i = 0; i < m->nthings; i++) {
        const fthing *t = &m->things[i];
        if (t->x < w && t->y < h)
            level_thing(lev, t, t->x + 1, t->y);
    }
    orient_doors(lev);
    return lev;
}

char *fmap_import_des(fmap_reader *rd, const char *file, const char *text,
                      size_t len, const splev_import_opts *o, diag *d)
{
    fmap *m = rd(file, text, len, o, d);
    if (!m)
        return NULL;
    char *des = fmap_to_des(m, o, file, d);
    fmap_free(m);
    return des;
}

splev_level *fmap_import_level(fmap_reader *rd, const char *file,
                               const char *text, size_t len,
                               const splev_import_opts *o, diag *d)
{
    fmap *m = rd(file, text, len, o, d);
    if (!m)
        return NULL;
    splev_level *lev = fmap_to_level(m);
    fmap_free(m);
    return lev;
}
