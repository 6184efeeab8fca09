/* render.c - the level as the game draws it (plain text or ANSI colours),
 * followed by a legend of what is where. */
#include <stdlib.h>
#include <string.h>

#include "level/glyph.h"

/* Drawn glyphs of the terrain types with a fixed look (in terrain order). */
static const glyph terrain_glyphs[SPLEV_TERRAIN_COUNT] = {
    [SPLEV_STONE] = {' ', NO_COLOR},
    [SPLEV_VWALL] = {'|', CLR_GRAY},      [SPLEV_HWALL] = {'-', CLR_GRAY},
    [SPLEV_TLCORNER] = {'-', CLR_GRAY},   [SPLEV_TRCORNER] = {'-', CLR_GRAY},
    [SPLEV_BLCORNER] = {'-', CLR_GRAY},   [SPLEV_BRCORNER] = {'-', CLR_GRAY},
    [SPLEV_CROSSWALL] = {'-', CLR_GRAY},  [SPLEV_TUWALL] = {'-', CLR_GRAY},
    [SPLEV_TDWALL] = {'-', CLR_GRAY},     [SPLEV_TLWALL] = {'|', CLR_GRAY},
    [SPLEV_TRWALL] = {'|', CLR_GRAY},     [SPLEV_DBWALL] = {'#', CLR_BROWN},
    [SPLEV_TREE] = {'#', CLR_GREEN},      [SPLEV_DEADTREE] = {'#', CLR_BROWN},
    [SPLEV_ICEWALL] = {'#', CLR_CYAN},
    [SPLEV_CRYSTALICEWALL] = {'#', CLR_BRIGHT_CYAN},
    [SPLEV_SDOOR] = {'|', CLR_GRAY},      [SPLEV_SCORR] = {' ', NO_COLOR},
    [SPLEV_POOL] = {'}', CLR_BLUE},       [SPLEV_MOAT] = {'}', CLR_BLUE},
    [SPLEV_WATER] = {'}', CLR_BRIGHT_BLUE},
    [SPLEV_DRAWBRIDGE_UP] = {'}', CLR_BLUE},
    [SPLEV_LAVAPOOL] = {'}', CLR_RED},    [SPLEV_IRONBARS] = {'#', CLR_CYAN},
    [SPLEV_DOOR] = {'+', CLR_BROWN},      [SPLEV_CORR] = {'#', CLR_GRAY},
    [SPLEV_ROOM] = {'.', CLR_GRAY},       [SPLEV_STAIRS] = {'>', CLR_GRAY},
    [SPLEV_LADDER] = {'>', CLR_BROWN},    [SPLEV_FOUNTAIN] = {'{', CLR_BLUE},
    [SPLEV_THRONE] = {'\\', CLR_YELLOW},  [SPLEV_SINK] = {'#', CLR_GRAY},
    [SPLEV_GRAVE] = {'|', CLR_WHITE},     [SPLEV_ALTAR] = {'_', CLR_GRAY},
    [SPLEV_ICE] = {'.', CLR_CYAN},        [SPLEV_BOG] = {'}', CLR_GREEN},
    [SPLEV_MAGIC_PLATFORM] = {'.', CLR_BRIGHT_MAGENTA},
    [SPLEV_DRAWBRIDGE_DOWN] = {'#', CLR_BROWN},
    [SPLEV_AIR] = {' ', CLR_CYAN},        [SPLEV_CLOUD] = {'#', CLR_GRAY},
};

static const glyph trap_glyphs[SPLEV_VTRAP_END] = {
    {'^', CLR_GRAY},      {'^', CLR_CYAN},    {'^', CLR_CYAN},
    {'^', CLR_GRAY},      {'^', CLR_BROWN},   {'^', CLR_CYAN},
    {'^', CLR_RED},       {'^', CLR_GRAY},    {'^', CLR_BRIGHT_BLUE},
    {'^', CLR_BLUE},      {'^', CLR_ORANGE},  {'^', CLR_BLACK},
    {'^', CLR_BLACK},     {'^', CLR_BROWN},   {'^', CLR_MAGENTA},
    {'^', CLR_MAGENTA},   {'^', CLR_MAGENTA}, {'^', CLR_BRIGHT_MAGENTA},
    {'"', CLR_GRAY},      {'^', CLR_GRAY},    {'^', CLR_BRIGHT_BLUE},
    {'^', CLR_BRIGHT_BLUE}, {'^', CLR_WHITE}, {'^', CLR_BRIGHT_GREEN},
    {'^', CLR_MAGENTA},
    /* variant traps: ice, crossbow bolt, spear, magic beam, shuriken */
    {'^', CLR_WHITE},     {'^', CLR_CYAN},    {'^', CLR_GRAY},
    {'^', CLR_BRIGHT_BLUE}, {'^', CLR_CYAN},
};

/* Variant terrain (doc/variants.md): its map character, in a colour of
 * its own. */
static const glyph vterrain_glyphs[SPLEV_VT_END - SPLEV_VT_FIRST] = {
    {',', CLR_GREEN},  {':', CLR_BROWN},  {'w', CLR_BLUE},
    {'s', CLR_GREEN},  {'a', CLR_YELLOW}, {'(', CLR_MAGENTA},
    {'f', CLR_ORANGE}, {'Z', CLR_WHITE},  {'V', CLR_GRAY},
    {'c', CLR_RED},
};

/* Walls, doors and stairs depend on the cell's other fields. */
glyph level_terrain_glyph(const splev_level *lev, int x, int y)
{
    const splev_cell *c = &lev->cells[x][y];
    if (SPLEV_IS_VTERRAIN(c->typ))
        return vterrain_glyphs[c->typ - SPLEV_VT_FIRST];
    if (c->typ >= SPLEV_TERRAIN_COUNT)
        return (glyph){'?', CLR_RED};
    glyph g = terrain_glyphs[c->typ];
    switch (c->typ) {
    case SPLEV_SDOOR:
        g.ch = c->horizontal ? '-' : '|';
        break;
    case SPLEV_DOOR:
        if ((c->doormask & ~SPLEV_D_TRAPPED) <= SPLEV_D_BROKEN)
            g = (glyph){'.', CLR_GRAY};
        else if (c->doormask & SPLEV_D_ISOPEN)
            g.ch = c->horizontal ? '|' : '-';
        break;
    case SPLEV_STAIRS:
    case SPLEV_LADDER:
        g.ch = (c->flags & SPLEV_LA_UP) ? '<' : '>';
        break;
    case SPLEV_DRAWBRIDGE_UP:
        if (c->flags & SPLEV_DB_LAVA)
            g.color = CLR_RED;
        break;
    default:
        break;
    }
    return g;
}

glyph level_trap_glyph(int type)
{
    if (type <= 0 || type >= SPLEV_VTRAP_END)
        return trap_glyphs[0];
    return trap_glyphs[type];
}

char level_object_symbol(const splev_object *o)
{
    return o->cls > ' ' && o->cls < 127 ? o->cls : ']';
}

/* The usual colour of an object class (objects have their own colours in
 * the game; the class default is what we can know without its table). */
static unsigned char object_color(char sym)
{
    switch (sym) {
    case '$': return CLR_YELLOW;
    case ')': case '[': case '(': case '0': case '_': return CLR_CYAN;
    case '`': case '*': return CLR_GRAY;
    case '%': return CLR_RED;
    case '!': case '?': case '+': case '=': case '"': return CLR_MAGENTA;
    case '/': return CLR_BROWN;
    default: return CLR_WHITE;
    }
}

static int on_map(int x, int y)
{
    return x >= 0 && x < SPLEV_COLNO && y >= 0 && y < SPLEV_ROWNO;
}

void level_glyph_map(const splev_level *lev,
                     glyph out[SPLEV_COLNO][SPLEV_ROWNO])
{
    for (int x = 0; x < SPLEV_COLNO; x++)
        for (int y = 0; y < SPLEV_ROWNO; y++)
            out[x][y] = level_terrain_glyph(lev, x, y);
    for (size_t i = 0; i < lev->ntraps; i++) {
        const splev_trap *t = &lev->traps[i];
        if (on_map(t->x, t->y))
            out[t->x][t->y] = level_trap_glyph(t->type);
    }
    for (size_t i = 0; i < lev->ngolds; i++) {
        const splev_gold *g = &lev->golds[i];
        if (on_map(g->x, g->y))
            out[g->x][g->y] = (glyph){'$', CLR_YELLOW};
    }
    for (size_t i = 0; i < lev->nobjects; i++) {
        const splev_object *o = &lev->objects[i];
        char sym = level_object_symbol(o);
        if (on_map(o->x, o->y) && !o->buried)
            out[o->x][o->y] = (glyph){sym, object_color(sym)};
    }
    for (size_t i = 0; i < lev->nmonsters; i++) {
        const splev_monster *m = &lev->monsters[i];
        if (on_map(m->x, m->y))
            out[m->x][m->y] =
                (glyph){m->cls > ' ' && m->cls < 127 ? m->cls : 'I',
                        CLR_WHITE};
    }
}

/* ---- ANSI colours ---- */
static void put_color(bytebuf *b, int color)
{
    if (color == NO_COLOR || color == CLR_GRAY)
        bb_printf(b, "\033[0m");
    else if (color == CLR_BLACK)
        bb_printf(b, "\033[1;30m");
    else if (color < NO_COLOR)
        bb_printf(b, "\033[0;%dm", 30 + color);
    else
        bb_printf(b, "\033[1;%dm", 30 + color - NO_COLOR);
}

/* One map row, columns 1..79, trailing blanks dropped. */
static void render_row(bytebuf *b, glyph map[SPLEV_COLNO][SPLEV_ROWNO],
                       int y, int ansi)
{
    int last = 0;
    for (int x = 1; x < SPLEV_COLNO; x++)
        if (map[x][y].ch != ' ')
            last = x;
    int color = NO_COLOR;
    for (int x = 1; x <= last; x++) {
        glyph g = map[x][y];
        if (ansi && g.ch != ' ' && g.color != color) {
            put_color(b, g.color);
            color = g.color;
        }
        bb_u8(b, (unsigned char)g.ch);
    }
    if (ansi && color != NO_COLOR)
        bb_printf(b, "\033[0m");
    bb_u8(b, '\n');
}

/* ---- the legend ---- */
static void put_quoted(bytebuf *b, const char *s)
{
    bb_json_string(b, s ? s : "");
}

static void describe_object(bytebuf *b, const splev_object *o);

static void describe_contents(bytebuf *b, const splev_object *list, size_t n,
                              const char *word, int depth)
{
    for (size_t i = 0; i < n; i++) {
        bb_printf(b, "%*s%s ", 4 + 2 * depth, "", word);
        describe_object(b, &list[i]);
        bb_u8(b, '\n');
        describe_contents(b, list[i].contents, list[i].ncontents, "contains",
                          depth + 1);
    }
}

static void describe_object(bytebuf *b, const splev_object *o)
{
    static const char *const curse[] = {NULL, "blessed", "uncursed",
                                        "cursed"};
    bb_printf(b, "%c ", level_object_symbol(o));
    if (o->name)
        put_quoted(b, o->name);
    else
        bb_printf(b, "random");
    if (o->curse >= 1 && o->curse <= 3)
        bb_printf(b, " %s", curse[o->curse]);
    if (o->spe_set)
        bb_printf(b, " %+d", o->spe);
    if (o->montype_cls || o->montype) {
        bb_printf(b, " montype:");
        if (o->montype)
            put_quoted(b, o->montype);
        else
            bb_printf(b, "'%c'", o->montype_cls);
    }
    if (o->given_name) {
        bb_printf(b, " named ");
        put_quoted(b, o->given_name);
    }
    if (o->quantity >= 0)
        bb_printf(b, " quantity:%d", o->quantity);
    if (o->buried) bb_printf(b, " buried");
    if (o->invisible) bb_printf(b, " invisible");
    if (o->greased) bb_printf(b, " greased");
    if (o->erodeproof) bb_printf(b, " erodeproof");
    if (o->lit >= 0) bb_printf(b, o->lit ? " lit" : " unlit");
    if (o->eroded >= 0) bb_printf(b, " eroded:%d", o->eroded);
    if (o->locked) bb_printf(b, " locked");
    if (o->broken) bb_printf(b, " broken");
    if (o->trapped >= 0) bb_printf(b, o->trapped ? " trapped" : " not_trapped");
    if (o->recharged >= 0) bb_printf(b, " recharged:%d", o->recharged);
    if (o->container) bb_printf(b, " container");
}

static void describe_monster(bytebuf *b, const splev_monster *m)
{
    static const char *const appear[] = {NULL, "m_feature", "m_monster",
                                         "m_object"};
    bb_printf(b, "%c ", m->cls > ' ' && m->cls < 127 ? m->cls : 'I');
    if (m->name)
        put_quoted(b, m->name);
    else
        bb_printf(b, "random");
    if (m->given_name) {
        bb_printf(b, " named ");
        put_quoted(b, m->given_name);
    }
    if (m->peaceful >= 0) bb_printf(b, m->peaceful ? " peaceful" : " hostile");
    if (m->asleep >= 0) bb_printf(b, m->asleep ? " asleep" : " awake");
    if (m->align != SPLEV_ALIGN_DEFAULT)
        bb_printf(b, " %s", splev_align_name(m->align));
    if (m->appear >= 1 && m->appear <= 3) {
        bb_printf(b, " %s ", appear[m->appear]);
        put_quoted(b, m->appear_as);
    }
    if (m->female) bb_printf(b, " female");
    if (m->invisible) bb_printf(b, " invisible");
    if (m->cancelled) bb_printf(b, " cancelled");
    if (m->revived) bb_printf(b, " revived");
    if (m->avenge) bb_printf(b, " avenge");
    if (m->stunned) bb_printf(b, " stunned");
    if (m->confused) bb_printf(b, " confused");
    if (m->fleeing) bb_printf(b, " fleeing:%d", m->fleeing);
    if (m->blinded) bb_printf(b, " blinded:%d", m->blinded);
    if (m->paralyzed) bb_printf(b, " paralyzed:%d", m->paralyzed);
    if (m->seen_traps) bb_printf(b, " seen_traps:0x%x", (unsigned)m->seen_traps);
}

static void legend_things(bytebuf *b, const splev_level *lev)
{
    if (lev->nstairs)
        bb_printf(b, "Stairs:\n");
    for (size_t i = 0; i < lev->nstairs; i++) {
        const splev_stair *s = &lev->stairs[i];
        bb_printf(b, "  (%d,%d) %s%s", s->x, s->y,
                  s->kind == SPLEV_SK_PORTAL || s->kind == SPLEV_SK_BRANCH_PORTAL
                      ? "" : (s->up ? "up " : "down "),
                  splev_stair_kind_name(s->kind));
        if (s->dest) {
            bb_printf(b, " to ");
            put_quoted(b, s->dest);
        }
        bb_u8(b, '\n');
    }
    if (lev->nmonsters)
        bb_printf(b, "Monsters:\n");
    for (size_t i = 0; i < lev->nmonsters; i++) {
        const splev_monster *m = &lev->monsters[i];
        bb_printf(b, "  (%d,%d) ", m->x, m->y);
        describe_monster(b, m);
        bb_u8(b, '\n');
        describe_contents(b, m->inventory, m->ninventory, "carries", 0);
    }
    if (lev->nobjects)
        bb_printf(b, "Objects:\n");
    for (size_t i = 0; i < lev->nobjects; i++) {
        const splev_object *o = &lev->objects[i];
        bb_printf(b, "  (%d,%d) ", o->x, o->y);
        describe_object(b, o);
        bb_u8(b, '\n');
        describe_contents(b, o->contents, o->ncontents, "contains", 0);
    }
    if (lev->ngolds)
        bb_printf(b, "Gold:\n");
    for (size_t i = 0; i < lev->ngolds; i++)
        bb_printf(b, "  (%d,%d) %ld\n", lev->golds[i].x, lev->golds[i].y,
                  lev->golds[i].amount);
    if (lev->ntraps)
        bb_printf(b, "Traps:\n");
    for (size_t i = 0; i < lev->ntraps; i++) {
        const char *n = splev_trap_name(lev->traps[i].type);
        bb_printf(b, "  (%d,%d) %s\n", lev->traps[i].x, lev->traps[i].y,
                  n ? n : "unknown");
    }
}

static void legend_features(bytebuf *b, const splev_level *lev)
{
    static const char *const shrine[] = {"altar", "shrine", "sanctum"};
    static const char *const dirs[] = {"north", "south", "east", "west"};
    if (lev->naltars)
        bb_printf(b, "Altars:\n");
    for (size_t i = 0; i < lev->naltars; i++) {
        const splev_altar *a = &lev->altars[i];
        bb_printf(b, "  (%d,%d) %s %s\n", a->x, a->y,
                  splev_align_name(a->align),
                  shrine[a->shrine >= 0 && a->shrine <= 2 ? a->shrine : 0]);
    }
    if (lev->ngraves)
        bb_printf(b, "Graves:\n");
    for (size_t i = 0; i < lev->ngraves; i++) {
        bb_printf(b, "  (%d,%d) ", lev->graves[i].x, lev->graves[i].y);
        if (lev->graves[i].epitaph)
            put_quoted(b, lev->graves[i].epitaph);
        else
            bb_printf(b, "no epitaph");
        bb_u8(b, '\n');
    }
    if (lev->nengravings)
        bb_printf(b, "Engravings:\n");
    for (size_t i = 0; i < lev->nengravings; i++) {
        const splev_engraving *e = &lev->engravings[i];
        bb_printf(b, "  (%d,%d) %s ", e->x, e->y,
                  splev_engraving_type_name(e->type));
        put_quoted(b, e->text);
        bb_u8(b, '\n');
    }
    if (lev->ndrawbridges)
        bb_printf(b, "Drawbridges:\n");
    for (size_t i = 0; i < lev->ndrawbridges; i++) {
        const splev_drawbridge *d = &lev->drawbridges[i];
        bb_printf(b, "  (%d,%d) %s %s\n", d->x, d->y, dirs[d->dir & 3],
                  d->open ? "open" : "closed");
    }
}

static void legend_regions(bytebuf *b, const splev_level *lev)
{
    if (lev->nrooms || lev->nlregions)
        bb_printf(b, "Regions:\n");
    for (size_t i = 0; i < lev->nrooms; i++) {
        const splev_room *r = &lev->rooms[i];
        const char *t = splev_room_type_name(r->rtype);
        if (r->parent >= 0)
            bb_printf(b, "  subroom %zu of %d: ", i, r->parent);
        else
            bb_printf(b, "  room %zu: ", i);
        if (t)
            bb_printf(b, "%s", t);
        else
            bb_printf(b, "type %d", r->rtype);
        bb_printf(b, " %s (%d,%d)-(%d,%d)%s%s\n", r->rlit ? "lit" : "unlit",
                  r->lx, r->ly, r->hx, r->hy,
                  r->needfill ? " filled" : " unfilled",
                  r->irregular ? " irregular" : "");
    }
    for (size_t i = 0; i < lev->nlregions; i++) {
        const splev_lregion *r = &lev->lregions[i];
        bb_printf(b, "  %s region (%d,%d)-(%d,%d)",
                  splev_lregion_type_name(r->type), r->lx, r->ly, r->hx,
                  r->hy);
        if (r->dlx || r->dly || r->dhx || r->dhy)
            bb_printf(b, " except (%d,%d)-(%d,%d)", r->dlx, r->dly, r->dhx,
                      r->dhy);
        if (r->dest) {
            bb_printf(b, " to ");
            put_quoted(b, r->dest);
        }
        bb_u8(b, '\n');
    }
}

static void legend_level(bytebuf *b, const splev_level *lev)
{
    if (lev->nmessages)
        bb_printf(b, "Messages:\n");
    for (size_t i = 0; i < lev->nmessages; i++) {
        bb_printf(b, "  ");
        put_quoted(b, lev->messages[i]);
        bb_u8(b, '\n');
    }
    if (lev->nwarnings)
        bb_printf(b, "Warnings:\n");
    for (size_t i = 0; i < lev->nwarnings; i++) {
        bb_printf(b, "  ");
        put_quoted(b, lev->warnings[i]);
        bb_u8(b, '\n');
    }
    if (lev->nsounds)
        bb_printf(b, "Sounds (1 in %d):\n", lev->sound_freq);
    for (size_t i = 0; i < lev->nsounds; i++) {
        bb_printf(b, "  %s ", splev_sound_kind_name(lev->sounds[i].kind));
        put_quoted(b, lev->sounds[i].text);
        bb_u8(b, '\n');
    }
    if (lev->nmongen)
        bb_printf(b, "Monster generation (%d%%):\n", lev->mongen_percent);
    for (size_t i = 0; i < lev->nmongen; i++) {
        const splev_mongen *g = &lev->mongen[i];
        bb_printf(b, "  %d ", g->freq);
        if (g->name)
            put_quoted(b, g->name);
        else
            bb_printf(b, "'%c'", g->cls);
        bb_u8(b, '\n');
    }
}

void level_legend(bytebuf *b, const splev_level *lev)
{
    legend_things(b, lev);
    legend_features(b, lev);
    legend_regions(b, lev);
    legend_level(b, lev);
}

static void render_header(bytebuf *b, const splev_level *lev)
{
    bb_printf(b, "Level ");
    put_quoted(b, lev->name);
    int first = 1;
    for (int i = 0; i < SPLEV_F_COUNT; i++) {
        if (!(lev->flags & (1u << i)))
            continue;
        bb_printf(b, "%s%s", first ? " flags: " : ", ",
                  splev_flag_name(1u << i));
        first = 0;
    }
    bb_u8(b, '\n');
}

static char *render(const splev_level *lev, int ansi)
{
    glyph (*m)[SPLEV_ROWNO] = xmalloc(sizeof(glyph[SPLEV_COLNO][SPLEV_ROWNO]));
    level_glyph_map(lev, m);
    bytebuf b;
    bb_init(&b);
    render_header(&b, lev);
    for (int y = 0; y < SPLEV_ROWNO; y++)
        render_row(&b, m, y, ansi);
    free(m);
    level_legend(&b, lev);
    bb_u8(&b, 0);
    return (char *)b.data;
}

static char *level_render_text_unguarded(const splev_level *lev)
{
    return render(lev, 0);
}

/* The entry point: out of memory gives the error result. */
char *splev_level_render_text(const splev_level *lev)
{
    OOM_ENTRY(char *, NULL, level_render_text_unguarded(lev));
}

static char *level_render_ansi_unguarded(const splev_level *lev)
{
    return render(lev, 1);
}

/* The entry point: out of memory gives the error result. */
char *splev_level_render_ansi(const splev_level *lev)
{
    OOM_ENTRY(char *, NULL, level_render_ansi_unguarded(lev));
}
