/* svg.c - the level as a standalone SVG picture: one rectangle per run of
 * equally coloured cells (terrain colour, lit cells lighter), the game's
 * glyphs for features, traps, objects and monsters on top, then a colour
 * key and the text renderer's legend.  Output depends only on the level,
 * so equal levels give equal bytes. */
#include <stdlib.h>
#include <string.h>

#include "level/glyph.h"

#define CW 12           /* cell width, px */
#define CH 18           /* cell height, px */
#define MX 28           /* left margin (row numbers) */
#define MY 44           /* top margin (title, column numbers) */
#define LINE 16         /* legend line height */

/* Terrain classes: what a viewer tells apart by colour. */
enum {
    K_STONE, K_WALL, K_SDOOR, K_DBWALL, K_TREE, K_DEADTREE, K_ICEWALL,
    K_WATER, K_DEEP, K_LAVA, K_BARS, K_DOOR, K_CORR, K_FLOOR, K_ICE, K_BOG,
    K_PLATFORM, K_BRIDGE, K_AIR, K_CLOUD, K_COUNT
};

static const struct {
    const char *name;
    unsigned rgb;
} klass[K_COUNT] = {
    [K_STONE] = {"solid rock", 0x101014},
    [K_WALL] = {"wall", 0x7c7c88},
    [K_SDOOR] = {"secret door", 0x8c7c6c},
    [K_DBWALL] = {"drawbridge wall", 0x6b4a2b},
    [K_TREE] = {"tree", 0x2a6a2a},
    [K_DEADTREE] = {"dead tree", 0x5e4c32},
    [K_ICEWALL] = {"ice wall", 0x6fb4c4},
    [K_WATER] = {"pool, moat", 0x1e428e},
    [K_DEEP] = {"water", 0x2a5ad0},
    [K_LAVA] = {"lava", 0xb0361e},
    [K_BARS] = {"iron bars", 0x3e6a78},
    [K_DOOR] = {"door, doorway", 0x80562e},
    [K_CORR] = {"corridor", 0x34343c},
    [K_FLOOR] = {"floor", 0x2c2c3a},
    [K_ICE] = {"ice", 0x8cc4d4},
    [K_BOG] = {"bog", 0x40602c},
    [K_PLATFORM] = {"magic platform", 0x7c3e8e},
    [K_BRIDGE] = {"lowered drawbridge", 0x8a6036},
    [K_AIR] = {"air", 0x9cbede},
    [K_CLOUD] = {"cloud", 0xa8a8b4},
};

static int terrain_class(const splev_cell *c)
{
    switch (splev_terrain_fallback(c->typ)) {
    case SPLEV_STONE: case SPLEV_SCORR: return K_STONE;
    case SPLEV_DBWALL: return K_DBWALL;
    case SPLEV_TREE: return K_TREE;
    case SPLEV_DEADTREE: return K_DEADTREE;
    case SPLEV_ICEWALL: case SPLEV_CRYSTALICEWALL: return K_ICEWALL;
    case SPLEV_SDOOR: return K_SDOOR;
    case SPLEV_POOL: case SPLEV_MOAT: return K_WATER;
    case SPLEV_DRAWBRIDGE_UP:
        return (c->flags & SPLEV_DB_LAVA) ? K_LAVA : K_WATER;
    case SPLEV_WATER: return K_DEEP;
    case SPLEV_LAVAPOOL: return K_LAVA;
    case SPLEV_IRONBARS: return K_BARS;
    case SPLEV_DOOR: return K_DOOR;
    case SPLEV_CORR: return K_CORR;
    case SPLEV_ICE: return K_ICE;
    case SPLEV_BOG: return K_BOG;
    case SPLEV_MAGIC_PLATFORM: return K_PLATFORM;
    case SPLEV_DRAWBRIDGE_DOWN: return K_BRIDGE;
    case SPLEV_AIR: return K_AIR;
    case SPLEV_CLOUD: return K_CLOUD;
    default:
        return SPLEV_IS_WALL(c->typ) ? K_WALL : K_FLOOR;
    }
}

/* A lit cell: 40% of the way to a warm lamp colour. */
static unsigned lighten(unsigned rgb)
{
    static const unsigned lamp[3] = {0xf0, 0xe4, 0xb8};
    unsigned out = 0;
    for (int i = 0; i < 3; i++) {
        unsigned c = (rgb >> (16 - 8 * i)) & 0xff;
        c = (c * 3 + lamp[i] * 2) / 5;
        out |= c << (16 - 8 * i);
    }
    return out;
}

static unsigned cell_rgb(const splev_cell *c)
{
    int k = terrain_class(c);
    unsigned rgb = klass[k].rgb;
    return c->lit && k != K_STONE ? lighten(rgb) : rgb;
}

/* The game's colours, brightened a little for a dark background. */
static const unsigned glyph_rgb[16] = {
    0x5a5a6a, 0xe04030, 0x40c040, 0xc08a40, 0x5080ff, 0xd050d0,
    0x40c8c8, 0xd0d0d0, 0xd0d0d0, 0xff9a30, 0x80ff80, 0xffe040,
    0x80a8ff, 0xff80ff, 0x80ffff, 0xffffff,
};

/* Text content: escaped, and valid UTF-8 and XML whatever the bytes
 * (bb_xml_text), so any level gives a well-formed file. */
static void put_text(bytebuf *b, const char *s, size_t n)
{
    bb_xml_text(b, s, n);
}

static int shows_glyph(const splev_level *lev, glyph g, int x, int y)
{
    glyph t = level_terrain_glyph(lev, x, y);
    if (g.ch != t.ch || g.color != t.color)
        return 1;      /* a trap, gold, object or monster */
    switch (lev->cells[x][y].typ) {
    case SPLEV_DOOR: case SPLEV_STAIRS: case SPLEV_LADDER:
    case SPLEV_FOUNTAIN: case SPLEV_THRONE: case SPLEV_SINK:
    case SPLEV_GRAVE: case SPLEV_ALTAR: case SPLEV_IRONBARS:
    case SPLEV_DRAWBRIDGE_UP: case SPLEV_DRAWBRIDGE_DOWN:
    case SPLEV_TREE: case SPLEV_DEADTREE:
        return 1;
    default:
        return 0;
    }
}

static int is_monster(const splev_level *lev, int x, int y)
{
    for (size_t i = 0; i < lev->nmonsters; i++)
        if (lev->monsters[i].x == x && lev->monsters[i].y == y)
            return 1;
    return 0;
}

static void put_title(bytebuf *b, const splev_level *lev)
{
    bb_printf(b, "<text class=\"t\" x=\"%d\" y=\"18\">Level ", MX);
    put_text(b, lev->name ? lev->name : "", lev->name ? strlen(lev->name) : 0);
    int first = 1;
    for (int i = 0; i < SPLEV_F_COUNT; i++)
        if (lev->flags & (1u << i)) {
            bb_printf(b, "%s%s", first ? " \xe2\x80\x94 " : ", ",
                      splev_flag_name(1u << i));
            first = 0;
        }
    bb_printf(b, "</text>\n");
}

static void put_axes(bytebuf *b)
{
    bb_printf(b, "<g class=\"n\">\n");
    for (int x = 0; x < SPLEV_COLNO; x += 10)
        bb_printf(b, "<text x=\"%d\" y=\"%d\">%d</text>\n",
                  MX + x * CW + CW / 2, MY - 6, x);
    for (int y = 0; y < SPLEV_ROWNO; y += 5)
        bb_printf(b, "<text x=\"%d\" y=\"%d\">%d</text>\n", MX - 12,
                  MY + y * CH + CH - 5, y);
    bb_printf(b, "</g>\n");
}

static void put_cells(bytebuf *b, const splev_level *lev)
{
    bb_printf(b, "<g shape-rendering=\"crispEdges\">\n");
    for (int y = 0; y < SPLEV_ROWNO; y++)
        for (int x = 0; x < SPLEV_COLNO;) {
            unsigned rgb = cell_rgb(&lev->cells[x][y]);
            int run = 1;
            while (x + run < SPLEV_COLNO &&
                   cell_rgb(&lev->cells[x + run][y]) == rgb)
                run++;
            bb_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                      "fill=\"#%06x\"/>\n", MX + x * CW, MY + y * CH,
                      run * CW, CH, rgb);
            x += run;
        }
    bb_printf(b, "</g>\n");
}

static void put_glyphs(bytebuf *b, const splev_level *lev)
{
    glyph (*m)[SPLEV_ROWNO] = xmalloc(sizeof(glyph[SPLEV_COLNO][SPLEV_ROWNO]));
    level_glyph_map(lev, m);
    bb_printf(b, "<g class=\"g\">\n");
    for (int y = 0; y < SPLEV_ROWNO; y++)
        for (int x = 0; x < SPLEV_COLNO; x++) {
            glyph g = m[x][y];
            if (g.ch == ' ' || !shows_glyph(lev, g, x, y))
                continue;
            bb_printf(b, "<text x=\"%d\" y=\"%d\" fill=\"#%06x\"%s>",
                      MX + x * CW + CW / 2, MY + y * CH + CH - 4,
                      glyph_rgb[g.color & 15],
                      is_monster(lev, x, y) ? " class=\"m\"" : "");
            put_text(b, &g.ch, 1);
            bb_printf(b, "</text>\n");
        }
    bb_printf(b, "</g>\n");
    free(m);
}

/* The colour key: every class the level uses, unlit then lit. */
static int put_key(bytebuf *b, const splev_level *lev, int y0)
{
    int seen[K_COUNT][2];
    memset(seen, 0, sizeof seen);
    for (int x = 0; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++) {
            const splev_cell *c = &lev->cells[x][y];
            int k = terrain_class(c);
            seen[k][c->lit && k != K_STONE] = 1;
        }
    int col = 0, y = y0;
    const int colw = 190;
    for (int k = 0; k < K_COUNT; k++)
        for (int lit = 0; lit < 2; lit++) {
            if (!seen[k][lit])
                continue;
            if (MX + (col + 1) * colw > MX + SPLEV_COLNO * CW) {
                col = 0;
                y += LINE + 4;
            }
            int x = MX + col * colw;
            unsigned rgb = lit ? lighten(klass[k].rgb) : klass[k].rgb;
            bb_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                      "fill=\"#%06x\" stroke=\"#888\"/>", x, y, CW, CH - 4,
                      rgb);
            bb_printf(b, "<text class=\"l\" x=\"%d\" y=\"%d\">%s%s</text>\n",
                      x + CW + 6, y + CH - 6, klass[k].name,
                      lit ? " (lit)" : "");
            col++;
        }
    return y + LINE + 8;
}

static char *level_render_svg_unguarded(const splev_level *lev)
{
    bytebuf legend, body;
    bb_init(&legend);
    bb_init(&body);
    level_legend(&legend, lev);

    int key_y = MY + SPLEV_ROWNO * CH + 14;
    put_title(&body, lev);
    put_axes(&body);
    put_cells(&body, lev);
    put_glyphs(&body, lev);
    int y = put_key(&body, lev, key_y);
    bb_printf(&body, "<g class=\"l\">\n");
    size_t start = 0;
    for (size_t i = 0; i < legend.len; i++) {
        if (legend.data[i] != '\n')
            continue;
        y += LINE;
        bb_printf(&body, "<text x=\"%d\" y=\"%d\" xml:space=\"preserve\">",
                  MX, y);
        put_text(&body, (const char *)legend.data + start, i - start);
        bb_printf(&body, "</text>\n");
        start = i + 1;
    }
    bb_printf(&body, "</g>\n");

    int width = MX + SPLEV_COLNO * CW + 12;
    int height = y + 12;
    bytebuf b;
    bb_init(&b);
    bb_printf(&b,
              "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
              "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
              "height=\"%d\" viewBox=\"0 0 %d %d\">\n"
              "<style>\n"
              "text{font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace}\n"
              ".t{font-size:15px;font-weight:bold;fill:#e8e8e8}\n"
              ".n text{font-size:10px;fill:#8a8a96;text-anchor:middle}\n"
              ".g text{font-size:15px;text-anchor:middle;stroke:#000;"
              "stroke-width:2px;paint-order:stroke}\n"
              ".g .m{font-weight:bold}\n"
              ".l,.l text{font-size:12px;fill:#d0d0d0}\n"
              "</style>\n"
              "<rect width=\"100%%\" height=\"100%%\" fill=\"#1a1a20\"/>\n",
              width, height, width, height);
    bb_put(&b, body.data, body.len);
    bb_printf(&b, "</svg>\n");
    bb_u8(&b, 0);
    bb_free(&body);
    bb_free(&legend);
    return (char *)b.data;
}

/* The entry point: out of memory gives the error result. */
char *splev_level_render_svg(const splev_level *lev)
{
    OOM_ENTRY(char *, NULL, level_render_svg_unguarded(lev));
}
