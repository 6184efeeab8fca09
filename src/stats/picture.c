/* picture.c - lev_stats heat maps as SVG (one panel per kind, each drawn
 * over the terrain seen most often in each cell) and as one HTML page
 * with the summary and every panel, monster classes included. */
#include "stats/stats_int.h"

#include <inttypes.h>
#include <stdlib.h>

#define CELL_W 10
#define CELL_H 16
#define TITLE_H 22
#define PANEL_W (SPLEV_COLNO * CELL_W)
#define PANEL_H (TITLE_H + SPLEV_ROWNO * CELL_H)

/* The background of a cell by its most common terrain. */
static const char *terrain_colour(int t)
{
    if (t == SPLEV_STONE)
        return "#101010";
    if (SPLEV_IS_WALL(t) || t == SPLEV_ICEWALL || t == SPLEV_CRYSTALICEWALL)
        return "#7a7a7a";
    switch (t) {
    case SPLEV_DOOR: case SPLEV_SDOOR: return "#8b5a2b";
    case SPLEV_POOL: case SPLEV_MOAT: case SPLEV_WATER: return "#1f4e9c";
    case SPLEV_LAVAPOOL: return "#8e2a1a";
    case SPLEV_TREE: case SPLEV_DEADTREE: return "#2e6b30";
    case SPLEV_IRONBARS: return "#4a8a8a";
    case SPLEV_DRAWBRIDGE_UP: case SPLEV_DRAWBRIDGE_DOWN: return "#6b4a1b";
    case SPLEV_ICE: return "#9cc7d8";
    default: return "#343434";
    }
}

static void svg_panel(bytebuf *b, const lev_stats *st, const char *title,
                      const heat_map *h, int top)
{
    uint32_t max = stats_heat_max(h);
    bb_printf(b, "<g transform=\"translate(0,%d)\">\n<text x=\"4\" y=\"16\" "
              "font-family=\"sans-serif\" font-size=\"14\" fill=\"#000\">",
              top);
    bb_xml_text(b, title, strlen(title));
    bb_printf(b, " (total %ld, busiest cell %" PRIu32 ")</text>\n",
              stats_heat_total(h), max);
    for (int y = 0; y < SPLEV_ROWNO; y++)
        for (int x = 0; x < SPLEV_COLNO; x++)
            bb_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                      "fill=\"%s\"/>\n", x * CELL_W, TITLE_H + y * CELL_H,
                      CELL_W, CELL_H,
                      terrain_colour(stats_common_terrain(st, x, y)));
    for (int y = 0; max && y < SPLEV_ROWNO; y++)
        for (int x = 0; x < SPLEV_COLNO; x++) {
            uint32_t c = (*h)[y][x];
            if (!c)
                continue;
            bb_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                      "fill=\"#ff3c00\" fill-opacity=\"%.3f\"><title>(%d,%d) "
                      "%" PRIu32 "</title></rect>\n", x * CELL_W,
                      TITLE_H + y * CELL_H, CELL_W, CELL_H,
                      0.25 + 0.75 * (double)c / (double)max, x, y, c);
        }
    bb_printf(b, "</g>\n");
}

static void svg_open(bytebuf *b, int panels)
{
    bb_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
              "height=\"%d\" viewBox=\"0 0 %d %d\">\n<rect width=\"100%%\" "
              "height=\"100%%\" fill=\"#ffffff\"/>\n", PANEL_W,
              panels * PANEL_H, PANEL_W, panels * PANEL_H);
}

static int kinds_shown(const lev_stats *st)
{
    int n = 0;
    for (int k = 0; k < HEAT_KINDS; k++)
        n += stats_heat_max(&st->heat[k]) > 0;
    return n;
}

static void svg_kinds(bytebuf *b, const lev_stats *st)
{
    int n = kinds_shown(st);
    svg_open(b, n ? n : 1);
    int top = 0;
    for (int k = 0; k < HEAT_KINDS; k++)
        if (stats_heat_max(&st->heat[k])) {
            svg_panel(b, st, heat_names[k], &st->heat[k], top);
            top += PANEL_H;
        }
    if (n == 0)
        svg_panel(b, st, "nothing placed", &st->heat[0], 0);
    bb_printf(b, "</svg>\n");
}

char *lev_stats_svg(const lev_stats *st)
{
    bytebuf b;
    bb_init(&b);
    bb_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    svg_kinds(&b, st);
    bb_put(&b, "", 1);
    return (char *)b.data;
}

char *lev_stats_html(const lev_stats *st)
{
    bytebuf b;
    bb_init(&b);
    bb_printf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
              "charset=\"utf-8\">\n<title>levgen --stats: ");
    bb_xml_text(&b, st->name, strlen(st->name));
    bb_printf(&b, "</title>\n<style>body{font-family:sans-serif;margin:1em}"
              "pre{background:#f4f4f4;padding:.5em}svg{display:block;"
              "margin:.5em 0}</style>\n</head>\n<body>\n<h1>");
    bb_xml_text(&b, st->name, strlen(st->name));
    bb_printf(&b, "</h1>\n<pre>");
    char *text = lev_stats_text(st, 0);
    char *maps = strstr(text, "\nheat: ");
    const char *end = maps ? maps : text + strlen(text);
    /* line by line: the escaper writes a control byte, '\n' too, as '?' */
    for (const char *line = text; line < end;) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        const char *stop = nl ? nl : end;
        bb_xml_text(&b, line, (size_t)(stop - line));
        if (!nl)
            break;
        bb_u8(&b, '\n');
        line = nl + 1;
    }
    free(text);
    bb_printf(&b, "</pre>\n<h2>Heat maps</h2>\n");
    svg_kinds(&b, st);
    int any = 0;
    for (int c = 0; c < STATS_CLASSES; c++) {
        if (!st->class_heat[c])
            continue;
        if (!any++)
            bb_printf(&b, "<h2>Monsters by class</h2>\n");
        char title[32];
        snprintf(title, sizeof title, "monsters of class %c", c ? c : '?');
        svg_open(&b, 1);
        svg_panel(&b, st, title, st->class_heat[c], 0);
        bb_printf(&b, "</svg>\n");
    }
    bb_printf(&b, "</body>\n</html>\n");
    bb_put(&b, "", 1);
    return (char *)b.data;
}
