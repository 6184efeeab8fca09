/* json.c - the whole level model as JSON (schema: doc/level-json.md).
 * Fixed key order and formatting, so equal levels give equal bytes. */
#include <stdlib.h>
#include <string.h>

#include "level/glyph.h"

static void key(bytebuf *b, const char *k)
{
    bb_json_string(b, k);
    bb_printf(b, ": ");
}

static void str_or_null(bytebuf *b, const char *s)
{
    if (s)
        bb_json_string(b, s);
    else
        bb_printf(b, "null");
}

static void char_or_null(bytebuf *b, char c)
{
    char s[2] = {c, 0};
    str_or_null(b, c ? s : NULL);
}

static void json_cells(bytebuf *b, const splev_level *lev)
{
    key(b, "cells");
    bb_printf(b, "[\n");
    for (int y = 0; y < SPLEV_ROWNO; y++) {
        bb_printf(b, "    [");
        for (int x = 0; x < SPLEV_COLNO; x++) {
            const splev_cell *c = &lev->cells[x][y];
            bb_printf(b, "%s[%u,%u,%u,%u,%u,%u,%u,%u,%u]", x ? "," : "",
                      c->typ, c->lit, c->horizontal, c->edge, c->roomno,
                      c->doormask, c->nondiggable, c->nonpasswall, c->flags);
        }
        bb_printf(b, "]%s\n", y + 1 < SPLEV_ROWNO ? "," : "");
    }
    bb_printf(b, "  ],\n");
}

static void json_map(bytebuf *b, const splev_level *lev)
{
    glyph (*m)[SPLEV_ROWNO] = xmalloc(sizeof(glyph[SPLEV_COLNO][SPLEV_ROWNO]));
    level_glyph_map(lev, m);
    key(b, "map");
    bb_printf(b, "[\n");
    for (int y = 0; y < SPLEV_ROWNO; y++) {
        char row[SPLEV_COLNO + 1];
        for (int x = 0; x < SPLEV_COLNO; x++)
            row[x] = m[x][y].ch;
        row[SPLEV_COLNO] = 0;
        bb_printf(b, "    ");
        bb_json_string(b, row);
        bb_printf(b, "%s\n", y + 1 < SPLEV_ROWNO ? "," : "");
    }
    bb_printf(b, "  ],\n");
    free(m);
}

static int uses_vterrain(const splev_level *lev)
{
    for (int x = 0; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            if (SPLEV_IS_VTERRAIN(lev->cells[x][y].typ))
                return 1;
    return 0;
}

static void json_header(bytebuf *b, const splev_level *lev)
{
    bb_printf(b, "{\n  ");
    key(b, "format");
    bb_printf(b, "\"splev-level-1\",\n  ");
    key(b, "name");
    bb_json_string(b, lev->name);
    bb_printf(b, ",\n  \"width\": %d,\n  \"height\": %d,\n  ", SPLEV_COLNO,
              SPLEV_ROWNO);
    key(b, "flags");
    bb_u8(b, '[');
    int n = 0;
    for (int i = 0; i < SPLEV_F_COUNT; i++)
        if (lev->flags & (1u << i)) {
            bb_printf(b, "%s", n++ ? ", " : "");
            bb_json_string(b, splev_flag_name(1u << i));
        }
    bb_printf(b, "],\n  ");
    key(b, "terrain_names");
    bb_u8(b, '[');
    /* variant terrain (doc/variants.md) extends the list, only in the
     * levels that have some: index 41 (no terrain) is null */
    int end = uses_vterrain(lev) ? SPLEV_VT_END : SPLEV_TERRAIN_COUNT;
    for (int t = 0; t < end; t++) {
        bb_printf(b, "%s", t ? ", " : "");
        if (t == SPLEV_TRANSPARENT)
            bb_printf(b, "null");
        else
            bb_json_string(b, splev_terrain_name(t));
    }
    bb_printf(b, "],\n  ");
}

/* Opens "name": [ and returns the separator state for list items. */
static void list_open(bytebuf *b, const char *name, size_t n)
{
    bb_printf(b, "  ");
    key(b, name);
    bb_printf(b, n ? "[\n" : "[");
}

static void list_item_start(bytebuf *b, size_t i, int depth)
{
    bb_printf(b, "%s%*s", i ? ",\n" : "", 4 + 2 * depth, "");
}

static void list_close(bytebuf *b, size_t n, int last)
{
    bb_printf(b, n ? "\n  ]%s\n" : "]%s\n", last ? "" : ",");
}

static void json_object(bytebuf *b, const splev_object *o, int depth);

static void json_object_list(bytebuf *b, const splev_object *list, size_t n,
                             int depth)
{
    bb_printf(b, n ? "[\n" : "[");
    for (size_t i = 0; i < n; i++) {
        list_item_start(b, i, depth);
        json_object(b, &list[i], depth);
    }
    if (n)
        bb_printf(b, "\n%*s", 2 + 2 * depth, "");
    bb_u8(b, ']');
}

static void json_object(bytebuf *b, const splev_object *o, int depth)
{
    bb_printf(b, "{\"x\": %d, \"y\": %d, \"class\": ", o->x, o->y);
    char_or_null(b, o->cls);
    bb_printf(b, ", \"name\": ");
    str_or_null(b, o->name);
    bb_printf(b, ", \"curse\": %d, \"spe\": ", o->curse);
    if (o->spe_set)
        bb_printf(b, "%d", o->spe);
    else
        bb_printf(b, "null");
    bb_printf(b, ", \"montype_class\": ");
    char_or_null(b, o->montype_cls);
    bb_printf(b, ", \"montype\": ");
    str_or_null(b, o->montype);
    bb_printf(b, ", \"given_name\": ");
    str_or_null(b, o->given_name);
    bb_printf(b, ", \"quantity\": %d, \"buried\": %d, \"invisible\": %d, "
                 "\"greased\": %d, \"erodeproof\": %d, \"lit\": %d, "
                 "\"eroded\": %d, \"locked\": %d, \"broken\": %d, "
                 "\"trapped\": %d, \"recharged\": %d, \"container\": %d, "
                 "\"contents\": ",
              o->quantity, o->buried, o->invisible, o->greased, o->erodeproof,
              o->lit, o->eroded, o->locked, o->broken, o->trapped,
              o->recharged, o->container);
    json_object_list(b, o->contents, o->ncontents, depth + 1);
    bb_u8(b, '}');
}

static void json_monster(bytebuf *b, const splev_monster *m)
{
    bb_printf(b, "{\"x\": %d, \"y\": %d, \"class\": ", m->x, m->y);
    char_or_null(b, m->cls);
    bb_printf(b, ", \"name\": ");
    str_or_null(b, m->name);
    bb_printf(b, ", \"given_name\": ");
    str_or_null(b, m->given_name);
    bb_printf(b, ", \"peaceful\": %d, \"asleep\": %d, \"align\": ",
              m->peaceful, m->asleep);
    bb_json_string(b, splev_align_name(m->align));
    bb_printf(b, ", \"appear\": %d, \"appear_as\": ", m->appear);
    str_or_null(b, m->appear_as);
    bb_printf(b, ", \"female\": %d, \"invisible\": %d, \"cancelled\": %d, "
                 "\"revived\": %d, \"avenge\": %d, \"stunned\": %d, "
                 "\"confused\": %d, \"fleeing\": %d, \"blinded\": %d, "
                 "\"paralyzed\": %d, \"seen_traps\": %u, \"inventory\": ",
              m->female, m->invisible, m->cancelled, m->revived, m->avenge,
              m->stunned, m->confused, m->fleeing, m->blinded, m->paralyzed,
              (unsigned)m->seen_traps);
    json_object_list(b, m->inventory, m->ninventory, 1);
    bb_u8(b, '}');
}

static void json_rooms(bytebuf *b, const splev_level *lev)
{
    list_open(b, "rooms", lev->nrooms);
    for (size_t i = 0; i < lev->nrooms; i++) {
        const splev_room *r = &lev->rooms[i];
        list_item_start(b, i, 0);
        bb_printf(b, "{\"lx\": %d, \"ly\": %d, \"hx\": %d, \"hy\": %d, "
                     "\"type\": %d, \"type_name\": ",
                  r->lx, r->ly, r->hx, r->hy, r->rtype);
        str_or_null(b, splev_room_type_name(r->rtype));
        bb_printf(b, ", \"lit\": %d, \"irregular\": %d, \"needfill\": %d, "
                     "\"needjoining\": %d, \"parent\": %d}",
                  r->rlit, r->irregular, r->needfill, r->needjoining,
                  r->parent);
    }
    list_close(b, lev->nrooms, 0);
}

static void json_stairs_regions(bytebuf *b, const splev_level *lev)
{
    list_open(b, "stairs", lev->nstairs);
    for (size_t i = 0; i < lev->nstairs; i++) {
        const splev_stair *s = &lev->stairs[i];
        list_item_start(b, i, 0);
        bb_printf(b, "{\"x\": %d, \"y\": %d, \"kind\": ", s->x, s->y);
        bb_json_string(b, splev_stair_kind_name(s->kind));
        bb_printf(b, ", \"up\": %d, \"dest\": ", s->up);
        str_or_null(b, s->dest);
        bb_u8(b, '}');
    }
    list_close(b, lev->nstairs, 0);
    list_open(b, "lregions", lev->nlregions);
    for (size_t i = 0; i < lev->nlregions; i++) {
        const splev_lregion *r = &lev->lregions[i];
        list_item_start(b, i, 0);
        bb_printf(b, "{\"type\": ");
        bb_json_string(b, splev_lregion_type_name(r->type));
        bb_printf(b, ", \"area\": [%d, %d, %d, %d], "
                     "\"exclude\": [%d, %d, %d, %d], \"dest\": ",
                  r->lx, r->ly, r->hx, r->hy, r->dlx, r->dly, r->dhx, r->dhy);
        str_or_null(b, r->dest);
        bb_u8(b, '}');
    }
    list_close(b, lev->nlregions, 0);
}

static void json_features(bytebuf *b, const splev_level *lev)
{
    list_open(b, "altars", lev->naltars);
    for (size_t i = 0; i < lev->naltars; i++) {
        const splev_altar *a = &lev->altars[i];
        list_item_start(b, i, 0);
        bb_printf(b, "{\"x\": %d, \"y\": %d, \"align\": ", a->x, a->y);
        bb_json_string(b, splev_align_name(a->align));
        bb_printf(b, ", \"shrine\": %d}", a->shrine);
    }
    list_close(b, lev->naltars, 0);
    list_open(b, "graves", lev->ngraves);
    for (size_t i = 0; i < lev->ngraves; i++) {
        list_item_start(b, i, 0);
        bb_printf(b, "{\"x\": %d, \"y\": %d, \"epitaph\": ",
                  lev->graves[i].x, lev->graves[i].y);
        str_or_null(b, lev->graves[i].epitaph);
        bb_u8(b, '}');
    }
    list_close(b, lev->ngraves, 0);
    list_open(b, "engravings", lev->nengravings);
    for (size_t i = 0; i < lev->nengravings; i++) {
        const splev_engraving *e = &lev->engravings[i];
        list_item_start(b, i, 0);
        bb_printf(b, "{\"x\": %d, \"y\": %d, \"type\": ", e->x, e->y);
        bb_json_string(b, splev_engraving_type_name(e->type));
        bb_printf(b, ", \"text\": ");
        str_or_null(b, e->text);
        bb_u8(b, '}');
    }
    list_close(b, lev->nengravings, 0);
    list_open(b, "gold", lev->ngolds);
    for (size_t i = 0; i < lev->ngolds; i++) {
        list_item_start(b, i, 0);
        bb_printf(b, "{\"x\": %d, \"y\": %d, \"amount\": %ld}",
                  lev->golds[i].x, lev->golds[i].y, lev->golds[i].amount);
    }
    list_close(b, lev->ngolds, 0);
    list_open(b, "traps", lev->ntraps);
    for (size_t i = 0; i < lev->ntraps; i++) {
        list_item_start(b, i, 0);
        bb_printf(b, "{\"x\": %d, \"y\": %d, \"type\": %d, \"name\": ",
                  lev->traps[i].x, lev->traps[i].y, lev->traps[i].type);
        str_or_null(b, splev_trap_name(lev->traps[i].type));
        bb_u8(b, '}');
    }
    list_close(b, lev->ntraps, 0);
    list_open(b, "drawbridges", lev->ndrawbridges);
    for (size_t i = 0; i < lev->ndrawbridges; i++) {
        const splev_drawbridge *d = &lev->drawbridges[i];
        list_item_start(b, i, 0);
        bb_printf(b, "{\"x\": %d, \"y\": %d, \"dir\": %d, \"open\": %d}",
                  d->x, d->y, d->dir, d->open);
    }
    list_close(b, lev->ndrawbridges, 0);
}

static void json_creatures(bytebuf *b, const splev_level *lev)
{
    list_open(b, "monsters", lev->nmonsters);
    for (size_t i = 0; i < lev->nmonsters; i++) {
        list_item_start(b, i, 0);
        json_monster(b, &lev->monsters[i]);
    }
    list_close(b, lev->nmonsters, 0);
    list_open(b, "objects", lev->nobjects);
    for (size_t i = 0; i < lev->nobjects; i++) {
        list_item_start(b, i, 0);
        json_object(b, &lev->objects[i], 0);
    }
    list_close(b, lev->nobjects, 0);
}

static void json_ambience(bytebuf *b, const splev_level *lev)
{
    list_open(b, "messages", lev->nmessages);
    for (size_t i = 0; i < lev->nmessages; i++) {
        list_item_start(b, i, 0);
        bb_json_string(b, lev->messages[i]);
    }
    list_close(b, lev->nmessages, 0);
    bb_printf(b, "  \"sound_frequency\": %d,\n", lev->sound_freq);
    list_open(b, "sounds", lev->nsounds);
    for (size_t i = 0; i < lev->nsounds; i++) {
        list_item_start(b, i, 0);
        bb_printf(b, "{\"kind\": ");
        bb_json_string(b, splev_sound_kind_name(lev->sounds[i].kind));
        bb_printf(b, ", \"text\": ");
        bb_json_string(b, lev->sounds[i].text);
        bb_u8(b, '}');
    }
    list_close(b, lev->nsounds, 0);
    bb_printf(b, "  \"mon_generation_percent\": %d,\n", lev->mongen_percent);
    list_open(b, "mon_generation", lev->nmongen);
    for (size_t i = 0; i < lev->nmongen; i++) {
        list_item_start(b, i, 0);
        bb_printf(b, "{\"freq\": %d, \"class\": ", lev->mongen[i].freq);
        char_or_null(b, lev->mongen[i].cls);
        bb_printf(b, ", \"name\": ");
        str_or_null(b, lev->mongen[i].name);
        bb_u8(b, '}');
    }
    list_close(b, lev->nmongen, 1);
}

static char *level_to_json_unguarded(const splev_level *lev)
{
    bytebuf b;
    bb_init(&b);
    json_header(&b, lev);
    json_map(&b, lev);
    bb_printf(&b, "  ");
    json_cells(&b, lev);
    json_rooms(&b, lev);
    json_stairs_regions(&b, lev);
    json_features(&b, lev);
    json_creatures(&b, lev);
    json_ambience(&b, lev);
    bb_printf(&b, "}\n");
    bb_u8(&b, 0);
    return (char *)b.data;
}

/* The entry point: out of memory gives the error result. */
char *splev_level_to_json(const splev_level *lev)
{
    OOM_ENTRY(char *, NULL, level_to_json_unguarded(lev));
}

int splev_level_write_json(const splev_level *lev, FILE *out)
{
    char *s = splev_level_to_json(lev);
    if (!s)
        return -1;
    size_t n = strlen(s);
    int rc = fwrite(s, 1, n, out) == n ? 0 : -1;
    free(s);
    return rc;
}
