/* roguecloud.c - a level as one Rogue Cloud room block: a letter per
 * distinct tile assignment, only tiles the server ships, only letters its
 * line rules let through, ASCII only, LF or CRLF. */
#include <stdlib.h>
#include <string.h>

#include "export/export.h"
#include "export/area.h"
#include "level/glyph.h"

#define FLOOR_ASSIGN "300 Floor @Passable"

static int walk(const splev_level *lev, int x, int y)
{
    const splev_cell *c = splev_level_cell_const(lev, x, y);
    return c && export_walkable(c->typ, c->doormask);
}

/* Library walls face the floor: rotate half a turn when it is behind. */
static void wall_assign(bytebuf *b, const splev_level *lev, int x, int y)
{
    int t = lev->cells[x][y].typ;
    if (t == SPLEV_SDOOR)
        t = lev->cells[x][y].horizontal ? SPLEV_HWALL : SPLEV_VWALL;
    switch (t) {
    case SPLEV_HWALL:
        bb_printf(b, "2990, %d Wall",
                  walk(lev, x, y - 1) && !walk(lev, x, y + 1) ? 180 : 0);
        break;
    case SPLEV_VWALL:
        bb_printf(b, "2989, %d Wall",
                  walk(lev, x - 1, y) && !walk(lev, x + 1, y) ? 180 : 0);
        break;
    case SPLEV_TLCORNER: bb_printf(b, "2991, 0 Wall"); break;
    case SPLEV_TRCORNER: bb_printf(b, "2991, 90 Wall"); break;
    case SPLEV_BRCORNER: bb_printf(b, "2991, 180 Wall"); break;
    case SPLEV_BLCORNER: bb_printf(b, "2991, 270 Wall"); break;
    default: bb_printf(b, "104 Wall"); break;
    }
}

static void door_assign(bytebuf *b, const splev_level *lev, int x, int y)
{
    const splev_cell *c = &lev->cells[x][y];
    if (!(c->doormask & (SPLEV_D_ISOPEN | SPLEV_D_CLOSED | SPLEV_D_LOCKED)))
        bb_printf(b, "2908 Doorway @Passable");
    else if (c->doormask & SPLEV_D_ISOPEN)
        bb_printf(b, "2908 Open door @Door");
    else if (c->horizontal)
        bb_printf(b, "107 Door @Door");
    else
        bb_printf(b, "%d Door @Door", walk(lev, x - 1, y) ? 108 : 106);
}

static const char *simple_assign(int t, int up)
{
    switch (splev_terrain_fallback(t)) {    /* doc/variants.md */
    case SPLEV_STONE: case SPLEV_SCORR: return "2058 Stone";
    case SPLEV_ICEWALL: case SPLEV_CRYSTALICEWALL: return "2059 Ice wall";
    case SPLEV_TREE: return "2175 Tree";
    case SPLEV_DEADTREE: return "2183 Dead tree";
    case SPLEV_POOL: case SPLEV_MOAT: case SPLEV_WATER:
    case SPLEV_DRAWBRIDGE_UP: return "234 Water";
    case SPLEV_LAVAPOOL: return "645 Lava";
    case SPLEV_IRONBARS: return "1090 Iron bars";
    case SPLEV_CORR: return "2134 Corridor @Passable";
    case SPLEV_ROOM: return FLOOR_ASSIGN;
    case SPLEV_STAIRS: return up ? "220 Stairs up @Passable"
                                 : "220 Stairs down @Passable";
    case SPLEV_LADDER: return up ? "220 Ladder up @Passable"
                                 : "220 Ladder down @Passable";
    case SPLEV_FOUNTAIN: return "234 / 300 Fountain @Passable";
    case SPLEV_THRONE: return "1033 / 300 Throne @Passable";
    case SPLEV_SINK: return "1148 / 300 Sink @Passable";
    case SPLEV_GRAVE: return "4082 / 4072 Grave @Passable";
    case SPLEV_ALTAR: return "1056 / 300 Altar @Passable";
    case SPLEV_ICE: return "312 Ice @Passable";
    case SPLEV_BOG: return "667 Bog @Passable";
    case SPLEV_MAGIC_PLATFORM: return "1086 Platform @Passable";
    case SPLEV_DRAWBRIDGE_DOWN: return "1135 Drawbridge @Passable";
    case SPLEV_AIR: return "-1 Air @Passable";
    case SPLEV_CLOUD: return "10 / 300 Cloud @Passable";
    default: return NULL;
    }
}

static void cell_assign(bytebuf *b, const splev_level *lev, int x, int y)
{
    const splev_cell *c = &lev->cells[x][y];
    const splev_trap *t = export_trap_at(lev, x, y);
    const char *s = simple_assign(c->typ, (c->flags & SPLEV_LA_UP) != 0);
    if (t && export_walkable(c->typ, c->doormask))
        bb_printf(b, "10 / 300 Trap %s @Passable", splev_trap_name(t->type)
                                                   ? splev_trap_name(t->type)
                                                   : "unknown");
    else if (c->typ == SPLEV_DOOR)
        door_assign(b, lev, x, y);
    else if (s)
        bb_printf(b, "%s", s);
    else
        wall_assign(b, lev, x, y);
}

/* Letters the line rules let through as grid characters. */
static int rc_letter_ok(long c)
{
    return c > ' ' && c < 127 && !strchr("!@*{}:=", (int)c);
}

static void put_line(bytebuf *b, int crlf, const char *s)
{
    bb_printf(b, "%s%s", s, crlf ? "\r\n" : "\n");
}

static char *room_name(const splev_level *lev, const splev_export_opts *o)
{
    const char *src = o && o->room_name ? o->room_name : lev->name;
    char *n = xstrdup(src && *src ? src : "splev");
    for (char *p = n; *p; p++)
        if (*p == ':' || (unsigned char)*p < ' ' || (unsigned char)*p > '~')
            *p = '-';
    char *s = n;
    while (*s == ' ')
        s++;
    size_t len = strlen(s);
    while (len && s[len - 1] == ' ')
        s[--len] = 0;
    char *out = xstrdup(*s ? s : "splev");
    free(n);
    return out;
}

char *foreign_export_roguecloud(const splev_level *lev,
                              const splev_export_opts *opts, struct diag *d)
{
    area a;
    if (!export_area(lev, opts, &a, d))
        return NULL;
    int crlf = opts && opts->crlf;
    glyph (*g)[SPLEV_ROWNO] = xmalloc(sizeof(glyph[SPLEV_COLNO][SPLEV_ROWNO]));
    level_glyph_map(lev, g);
    charmap cm = {0};
    charmap_get(&cm, FLOOR_ASSIGN, '.', rc_letter_ok);
    bytebuf grid;
    bb_init(&grid);
    int ok = 1;
    for (int y = a.y0; y < a.y0 + a.h; y++) {
        for (int x = a.x0; x < a.x0 + a.w; x++) {
            if (export_monster_at(lev, x, y)) {
                bb_u8(&grid, '@');
                continue;
            }
            if (export_object_at(lev, x, y) || export_gold_at(lev, x, y)) {
                bb_u8(&grid, '!');
                continue;
            }
            bytebuf k;
            bb_init(&k);
            cell_assign(&k, lev, x, y);
            bb_u8(&k, 0);
            long ch = charmap_get(&cm, (char *)k.data,
                                  (unsigned char)g[x][y].ch, rc_letter_ok);
            ok &= ch != 0 && ch < 127;
            bb_u8(&grid, ch > 0 && ch < 127 ? (unsigned)ch : '?');
            bb_free(&k);
        }
        bb_printf(&grid, "%s", crlf ? "\r\n" : "\n");
    }
    free(g);
    bytebuf b;
    bb_init(&b);
    if (ok) {
        char *name = room_name(lev, opts);
        bb_printf(&b, "%s:%s", name, crlf ? "\r\n" : "\n");
        free(name);
        put_line(&b, crlf, "* = " FLOOR_ASSIGN);
        for (size_t i = 0; i < cm.n; i++) {
            char *line = xasprintf("%c = %s", (char)cm.chars[i], cm.keys[i]);
            put_line(&b, crlf, line);
            free(line);
        }
        put_line(&b, crlf, "{");
        bb_put(&b, grid.data, grid.len);
        put_line(&b, crlf, "}");
        bb_u8(&b, 0);
    } else {
        diag_error_nopos(d, "too many different tiles for one room's letters");
        bb_free(&b);
    }
    bb_free(&grid);
    charmap_free(&cm);
    return ok ? (char *)b.data : NULL;
}
