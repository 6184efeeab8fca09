/* html.c - the whole dungeon as one self-contained HTML page: an overview
 * tree (dungeons, then their levels with depth and file, each a link to
 * its map) and every level as an inline SVG map with its legend.  No
 * scripts, no external files; the bytes depend only on the input. */
#include "splev/world.h"

#include <stdlib.h>
#include <string.h>

#include "common/common.h"

/* Escaped, valid UTF-8 whatever the bytes (bb_xml_text). */
static void put_esc(bytebuf *b, const char *s)
{
    if (s)
        bb_xml_text(b, s, strlen(s));
}

static void level_label(bytebuf *b, const splev_world_level *wl)
{
    bb_printf(b, "level %d, depth %d: ", wl->level, wl->depth);
    if (wl->file[0]) {
        put_esc(b, wl->file);
        bb_printf(b, ".lev");
    } else {
        bb_printf(b, "%s", wl->source == SPLEV_SRC_MAZE
                               ? "random maze" : "rooms and corridors");
    }
}

static void branches_of(bytebuf *b, const splev_world_level *wl)
{
    if (!wl->lev)
        return;
    for (size_t i = 0; i < wl->lev->nstairs; i++) {
        const splev_stair *st = &wl->lev->stairs[i];
        if (st->kind != SPLEV_SK_BRANCH_STAIR &&
            st->kind != SPLEV_SK_BRANCH_PORTAL)
            continue;
        bb_printf(b, " <span class=\"w-br\">%s %s ",
                  st->kind == SPLEV_SK_BRANCH_PORTAL ? "portal"
                                                     : st->up ? "&#8593;" : "&#8595;",
                  "to");
        put_esc(b, st->dest ? st->dest : "?");
        bb_printf(b, "</span>");
    }
}

static char *world_render_html_unguarded(const splev_dgn_script *s,
                                         const splev_layout *l,
                                         const splev_world *w)
{
    (void)s;
    bytebuf b;
    bb_init(&b);
    bb_printf(&b,
              "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
              "<meta charset=\"utf-8\"/>\n"
              "<title>splev dungeon, seed %llu</title>\n"
              "<style>\n"
              "body{background:#101014;color:#ddd;font-family:sans-serif;"
              "margin:0;display:flex}\n"
              "nav{width:330px;flex:none;height:100vh;overflow:auto;"
              "position:sticky;top:0;padding:8px;box-sizing:border-box;"
              "background:#18181e;font-size:13px}\n"
              "main{flex:1;padding:8px 16px;min-width:0}\n"
              "nav ul{margin:2px 0 6px 0;padding-left:18px}\n"
              "nav a{color:#9cf;text-decoration:none}\n"
              "nav a:hover{text-decoration:underline}\n"
              "summary{cursor:pointer;font-weight:bold}\n"
              "section{margin-bottom:28px}\n"
              "section h2{font-size:16px;margin:8px 0 4px}\n"
              "section svg{max-width:100%%;height:auto}\n"
              ".w-br{color:#fc6}.w-err{color:#f66}\n"
              "</style>\n</head>\n<body>\n<nav>\n"
              "<h1 style=\"font-size:18px\">Dungeon, seed %llu</h1>\n",
              (unsigned long long)w->seed, (unsigned long long)w->seed);
    for (int d = 0; d < l->n_dungeons; d++) {
        const splev_placed_dungeon *pd = &l->dungeons[d];
        bb_printf(&b, "<details open=\"open\"><summary>");
        put_esc(&b, pd->name);
        bb_printf(&b, " (%d level%s, depth %d-%d)</summary>\n<ul>\n",
                  pd->num_levels, pd->num_levels == 1 ? "" : "s",
                  pd->depth_start, pd->depth_start + pd->num_levels - 1);
        for (int i = 0; i < w->n_levels; i++) {
            const splev_world_level *wl = &w->levels[i];
            if (wl->dungeon != d)
                continue;
            bb_printf(&b, "<li><a href=\"#L%d\">", wl->ledger);
            level_label(&b, wl);
            bb_printf(&b, "</a>");
            branches_of(&b, wl);
            bb_printf(&b, "</li>\n");
        }
        bb_printf(&b, "</ul>\n</details>\n");
    }
    bb_printf(&b, "</nav>\n<main>\n");
    for (int i = 0; i < w->n_levels; i++) {
        const splev_world_level *wl = &w->levels[i];
        bb_printf(&b, "<section id=\"L%d\">\n<h2>", wl->ledger);
        put_esc(&b, l->dungeons[wl->dungeon].name);
        bb_printf(&b, ", ");
        level_label(&b, wl);
        branches_of(&b, wl);
        bb_printf(&b, "</h2>\n");
        if (wl->note[0]) {
            bb_printf(&b, "<p class=\"w-err\">");
            put_esc(&b, wl->note);
            bb_printf(&b, "</p>\n");
        }
        char *svg = wl->lev ? splev_level_render_svg(wl->lev) : NULL;
        if (svg) {
            const char *p = strstr(svg, "<svg");
            bb_printf(&b, "%s", p ? p : svg);
            free(svg);
        } else {
            bb_printf(&b, "<p class=\"w-err\">");
            put_esc(&b, wl->error ? wl->error : "not generated");
            bb_printf(&b, "</p>\n");
        }
        bb_printf(&b, "</section>\n");
    }
    bb_printf(&b, "</main>\n</body>\n</html>\n");
    bb_u8(&b, 0);
    return (char *)b.data;
}

/* The entry point: out of memory gives the error result. */
char *splev_world_render_html(const splev_dgn_script *s,
                              const splev_layout *l, const splev_world *w)
{
    OOM_ENTRY(char *, NULL, world_render_html_unguarded(s, l, w));
}
