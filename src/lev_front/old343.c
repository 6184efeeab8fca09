/* old343.c - NetHack 3.4.3's dialect of the des-file language (and its
 * lineage: SLASH'EM, GruntHack, FIQHack, UnNetHack 3.5): telling a file of
 * it by its syntax, and the tree work its grammar block (grammar/lev.y,
 * "NetHack 3.4.3's dialect") leaves to plain C: braceless rooms, SUBROOMs
 * naming their parent, NAME and CHANCE lines, contained objects and the
 * RANDOM_* lists.  The tree is the one the other dialects make
 * (doc/dialects.md, "The third dialect"), so the checker, the emitter and
 * the interpreter need nothing of their own. */
#include "lev_front/old343.h"
#include "lev_front/arena.h"

#include <string.h>

/* ---- telling the dialect ---- */

static const char *skip_blanks(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* After a keyword: an optional chance `[...]`, blanks, then the colon;
 * what follows the colon, or NULL when the line has no such colon. */
static const char *after_colon(const char *p, const char *end)
{
    p = skip_blanks(p, end);
    if (p < end && *p == '[') {             /* KEYWORD[50%]: */
        const char *c = memchr(p, ']', (size_t)(end - p));
        if (!c)
            return NULL;
        p = skip_blanks(c + 1, end);
    }
    return p < end && *p == ':' ? p + 1 : NULL;
}

static int word_is(const char *p, const char *end, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(end - p) < n || memcmp(p, w, n) != 0)
        return 0;
    p += n;
    return p == end || !(*p == '_' || (*p >= 'a' && *p <= 'z') ||
                         (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'));
}

/* One field of a positional MONSTER/OBJECT, then its comma: what it was
 * ('c' a character, 's' a string, 'r' random), or 0. */
static int field(const char **pp, const char *end)
{
    const char *p = skip_blanks(*pp, end);
    int k = 0;
    if (end - p >= 3 && p[0] == '\'' && p[2] == '\'') {
        k = 'c';
        p += 3;
    } else if (p < end && *p == '"') {
        const char *q = memchr(p + 1, '"', (size_t)(end - p - 1));
        if (!q)
            return 0;
        k = 's';
        p = q + 1;
    } else if (word_is(p, end, "random")) {
        k = 'r';
        p += 6;
    } else if (word_is(p, end, "monster") || word_is(p, end, "object") ||
               word_is(p, end, "obj")) {
        /* monster[N], object[N]: a RANDOM_* list's class */
        const char *q = p;
        while (q < end && *q >= 'a' && *q <= 'z')
            q++;
        q = skip_blanks(q, end);
        if (q >= end || *q != '[')
            return 0;
        q = memchr(q, ']', (size_t)(end - q));
        if (!q)
            return 0;
        k = 'c';
        p = q + 1;
    } else {
        return 0;
    }
    p = skip_blanks(p, end);
    if (p >= end || *p != ',')
        return 0;
    *pp = p + 1;
    return k;
}

/* "MONSTER: 'd', "jackal", (2,1)" and the like: a class or random, a
 * name or random, then a place (UnNetHack has no such third field). */
static int positional(const char *p, const char *end)
{
    int a = field(&p, end);
    if (a != 'c' && a != 'r')
        return 0;
    const char *q = p;
    int b = field(&q, end);
    if (b == 0) {
        q = skip_blanks(p, end);
        return q < end && *q == '"';        /* 'd', "name" then anything */
    }
    if (b == 's')
        return 1;
    q = skip_blanks(q, end);
    return q < end && (*q == '(' || word_is(q, end, "place") ||
                       word_is(q, end, "random") ||
                       word_is(q, end, "contained"));
}

/* A ROOM/SUBROOM line with no '{' on it nor on the next line of text. */
static int braceless(const char *p, const char *end, const char *text_end)
{
    if (memchr(p, '{', (size_t)(end - p)))
        return 0;
    for (const char *q = end; q < text_end;) {
        const char *nl = memchr(q, '\n', (size_t)(text_end - q));
        const char *le = nl ? nl : text_end;
        const char *s = skip_blanks(q, le);
        if (s < le && *s != '#' && *s != '\r')
            return *s != '{';
        q = le + 1;
    }
    return 1;
}

/* One line: 2 sure, 1 looks like, 0 nothing of the dialect. */
static int sniff_line(const char *p, const char *end, const char *text_end)
{
    p = skip_blanks(p, end);
    const char *w = p;
    while (p < end && (*p == '_' || (*p >= 'A' && *p <= 'Z')))
        p++;
    const char *we = p;
    if (we == w)
        return 0;
    p = after_colon(p, end);
    if (!p)
        return 0;
    size_t n = (size_t)(we - w);
#define IS(s) (n == sizeof(s) - 1 && memcmp(w, s, n) == 0)
    if (IS("RANDOM_PLACES") || IS("RANDOM_OBJECTS") || IS("RANDOM_MONSTERS"))
        return 2;
    if (IS("INIT_MAP")) {
        p = skip_blanks(p, end);
        return p < end && *p == '\'' ? 2 : 0;
    }
    if (IS("MONSTER") || IS("OBJECT") || IS("CONTAINER"))
        return positional(p, end) ? 2 : 0;
    if (IS("ROOM") || IS("SUBROOM"))        /* the others need a '{' */
        return braceless(p, end, text_end) ? 2 : 0;
    if (IS("NAME") || IS("CHANCE"))
        return 1;
#undef IS
    return 0;
}

/* NetHack 3.7's Lua levels, whatever their file's name: the first line
 * that is not blank is a Lua comment ("--", which no des-file line
 * starts with) or a call of the des library ("des."). */
int lev_lua_text(const char *text, size_t len)
{
    const char *end = text + len;
    for (const char *p = text; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        const char *q = skip_blanks(p, le);
        while (q < le && *q == '\r')
            q++;
        if (q < le)
            return (le - q >= 2 && q[0] == '-' && q[1] == '-') ||
                   (le - q >= 4 && memcmp(q, "des.", 4) == 0);
        p = le + 1;
    }
    return 0;
}

int lev_old343_sniff(const char *text, size_t len)
{
    const char *end = text + len;
    int best = 0;
    for (const char *p = text; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        int k = sniff_line(p, le, end);
        if (k == 2)
            return 2;
        if (k > best)
            best = k;
        p = le + 1;
    }
    return best;
}

/* ---- UnNetHack 3.5.1-3.5.2: positional MONSTER/OBJECT in braces ----
 * Those releases read 3.4.3's positional MONSTER/OBJECT/CONTAINER inside
 * the braced language (ROOM {...}, IF [50%] {...}, ROOMDOOR, TERRAIN ...).
 * A file with a positional line and a braced or 3.5-only construct is
 * read in the UnNetHack dialect with every MONSTER/OBJECT/CONTAINER taken
 * as positional (those releases had no other form; lev_old343_hybrid);
 * 3.4.3 itself has no braces outside maps. */

/* A line that only the braced language has: a '{' or '}' of a block, or a
 * statement keyword 3.4.3 lacks. */
static int braced_line(const char *p, const char *end)
{
    p = skip_blanks(p, end);
    while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    if (p >= end || *p == '#')
        return 0;
    if (*p == '{' || *p == '}' || end[-1] == '{')
        return 1;
    static const char *const words[] = {"IF", "LOOP", "SWITCH", "FUNCTION",
                                        "ROOMDOOR", "TERRAIN", "SPILL",
                                        "RANDLINE"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (word_is(p, end, words[i]))
            return 1;
    return 0;
}

/* A positional MONSTER/OBJECT/CONTAINER line (the chance after the
 * keyword allowed). */
static int positional_line(const char *p, const char *end)
{
    p = skip_blanks(p, end);
    const char *w = p;
    while (p < end && *p >= 'A' && *p <= 'Z')
        p++;
    size_t n = (size_t)(p - w);
    if (!((n == 7 && (memcmp(w, "MONSTER", 7) == 0)) ||
          (n == 6 && memcmp(w, "OBJECT", 6) == 0) ||
          (n == 9 && memcmp(w, "CONTAINER", 9) == 0)))
        return 0;
    p = after_colon(p, end);
    return p && positional(p, end);
}

int lev_old343_hybrid(const char *text, size_t len)
{
    const char *end = text + len;
    int braced = 0, positional_seen = 0, in_map = 0;
    for (const char *p = text; p < end && !(braced && positional_seen);) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        const char *s = skip_blanks(p, le);
        if (word_is(s, le, "ENDMAP"))
            in_map = 0;
        else if (word_is(s, le, "MAP"))
            in_map = 1;
        else if (!in_map) {
            positional_seen |= positional_line(p, le);
            braced |= braced_line(p, le);
        }
        p = le + 1;
    }
    return braced && positional_seen;
}

/* ---- the tree ---- */

void lev_old_level(lev_ctx *ctx)
{
    ctx->old_room = NULL;
    ctx->old_container = NULL;
    ctx->old_contained = NULL;
    ctx->n_old_rooms = 0;
    memset(ctx->old_nregs, 0, sizeof ctx->old_nregs);
}

static lev_stmt *room_named(lev_ctx *ctx, const char *name)
{
    for (size_t i = ctx->n_old_rooms; i-- > 0;)
        if (ctx->old_room_names[i] &&
            strcmp(ctx->old_room_names[i], name) == 0)
            return ctx->old_rooms[i];
    return NULL;
}

void lev_old_name(lev_ctx *ctx, lev_pos pos, char *name)
{
    if (!ctx->old_room) {
        diag_error(ctx->d, lev_srcpos(pos), "NAME outside a ROOM");
        return;
    }
    size_t i = ctx->n_old_rooms;
    while (i > 0 && ctx->old_rooms[i - 1] != ctx->old_room)
        i--;
    if (i == 0)
        return;
    if (ctx->old_room_names[i - 1]) {
        diag_error(ctx->d, lev_srcpos(pos), "this room already has a name");
        return;
    }
    ctx->old_room_names[i - 1] = name;
}

void lev_old_chance(lev_ctx *ctx, lev_pos pos, long n)
{
    lev_stmt *r = ctx->old_room;
    if (!r) {
        diag_error(ctx->d, lev_srcpos(pos), "CHANCE outside a ROOM");
        return;
    }
    if (n < 1 || n > 99) {
        diag_error(ctx->d, lev_srcpos(pos),
                   "a room's CHANCE must be 1 to 99, not %ld", n);
        return;
    }
    if (r->args[1]) {
        diag_error(ctx->d, lev_srcpos(pos), "this room already has a chance");
        return;
    }
    lev_expr *p = lev_expr_new(LEV_E_PERCENT, pos);
    p->ival = n;
    r->args[1] = p;
}

/* A register list's entry, place[N]/object[N]/monster[N]: the variable
 * element the list became ($place[N] ...). */
lev_expr *lev_old_reg(lev_ctx *ctx, lev_pos pos, int which, long n)
{
    static const char *const names[] = {"place", "object", "monster"};
    static const char *const lists[] = {"RANDOM_PLACES", "RANDOM_OBJECTS",
                                        "RANDOM_MONSTERS"};
    if (ctx->old_nregs[which] == 0)
        diag_error(ctx->d, lev_srcpos(pos), "%s[%ld] but no %s list before "
                   "it", names[which], n, lists[which]);
    else if (n < 0 || n >= ctx->old_nregs[which])
        diag_error(ctx->d, lev_srcpos(pos), "%s[%ld] but the %s list has "
                   "%d entries", names[which], n, lists[which],
                   ctx->old_nregs[which]);
    char buf[16];
    snprintf(buf, sizeof buf, "$%s", names[which]);
    lev_expr *v = lev_expr_new(LEV_E_VAR, pos);
    v->sval = lev_arena_strndup(ctx->arena, buf, strlen(buf));
    lev_expr_add(v, lev_expr_int(pos, n));
    return v;
}

/* RANDOM_PLACES: (1,1), (5,2) -> $place = { ... } then SHUFFLE: $place:
 * 3.4.3 shuffles each list once, when the level (its part) is made. */
void lev_old_list(lev_ctx *ctx, lev_pos pos, int which, lev_expr *list,
                  lev_stmt **assign, lev_stmt **shuffle)
{
    static const char *const vars[] = {"$place", "$object", "$monster"};
    if (list->nargs > 10)
        diag_error(ctx->d, lev_srcpos(list->pos), "a RANDOM_* list has at "
                   "most 10 entries, not %u", list->nargs);
    ctx->old_nregs[which] = (int)list->nargs;
    lev_expr *value = list;
    if (which > 0) {
        value = lev_expr_new(LEV_E_TYPED, list->pos);
        value->ival = which == 1 ? LEV_T_OBJECT : LEV_T_MONSTER;
        lev_expr_add(value, list);
    }
    const char *vn = vars[which];
    lev_expr *v = lev_expr_new(LEV_E_VAR, pos);
    v->sval = lev_arena_strndup(ctx->arena, vn, strlen(vn));
    lev_stmt *a = lev_stmt_new(LEV_S_ASSIGN, pos);
    lev_stmt_arg(a, v);
    lev_stmt_arg(a, value);
    lev_expr *v2 = lev_expr_new(LEV_E_VAR, pos);
    v2->sval = v->sval;
    lev_stmt *s = lev_stmt_new(LEV_S_SHUFFLE, pos);
    lev_stmt_arg(s, v2);
    *assign = a;
    *shuffle = s;
}

/* The statements a room holds in 3.4.3 (room_detail). */
static int room_detail(enum lev_stmt_kind k)
{
    switch (k) {
    case LEV_S_MONSTER: case LEV_S_OBJECT: case LEV_S_CONTAINER:
    case LEV_S_TRAP: case LEV_S_ALTAR: case LEV_S_FOUNTAIN: case LEV_S_SINK:
    case LEV_S_POOL: case LEV_S_GOLD: case LEV_S_ENGRAVING: case LEV_S_STAIR:
    case LEV_S_ROOMDOOR:
        return 1;
    default:
        return 0;
    }
}

static void body_add(lev_stmt *parent, lev_stmt *s)
{
    lev_block_add(&parent->body, s);
    parent->has_body = 1;
}

/* 3.4.3 fills a room in this order, whatever the order of its lines
 * (sp_lev.c's build_room): its lists (ours: their uses follow), its
 * subrooms, stairs, sinks, pools, fountains, altars, doors, traps,
 * monsters, objects, gold, engravings. */
static int fill_rank(enum lev_stmt_kind k)
{
    static const enum lev_stmt_kind order[] = {
        LEV_S_ASSIGN, LEV_S_SHUFFLE, LEV_S_SUBROOM, LEV_S_STAIR, LEV_S_SINK,
        LEV_S_POOL, LEV_S_FOUNTAIN, LEV_S_ALTAR, LEV_S_ROOMDOOR, LEV_S_TRAP,
        LEV_S_MONSTER, LEV_S_OBJECT, LEV_S_GOLD, LEV_S_ENGRAVING,
    };
    if (k == LEV_S_CONTAINER)
        k = LEV_S_OBJECT;
    if (k == LEV_S_SHUFFLE)
        k = LEV_S_ASSIGN;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (order[i] == k)
            return (int)i;
    return (int)(sizeof order / sizeof order[0]);
}

/* Into a room's body, after every statement of its rank or before. */
static void room_add(lev_stmt *room, lev_stmt *s)
{
    lev_block *b = &room->body;
    lev_block_add(b, s);
    room->has_body = 1;
    int r = fill_rank(s->kind);
    unsigned i = b->n - 1;
    while (i > 0 && fill_rank(b->v[i - 1]->kind) > r) {
        b->v[i] = b->v[i - 1];
        i--;
    }
    b->v[i] = s;
}

/* A SUBROOM goes into the body of the room its last field names. */
static void subroom(lev_ctx *ctx, lev_stmt *s)
{
    char *parent = s->name;
    s->name = NULL;
    lev_stmt *p = parent ? room_named(ctx, parent) : NULL;
    if (!p) {
        diag_error(ctx->d, lev_srcpos(s->pos), "SUBROOM's parent room "
                   "\"%.60s\" is not named before it (NAME: line)",
                   parent ? parent : "");
        return;         /* dropped, with what the lines after it add */
    }
    room_add(p, s);
}

static void new_room(lev_ctx *ctx, lev_stmt *s)
{
    s->has_body = 1;
    if (ctx->n_old_rooms < sizeof ctx->old_rooms / sizeof ctx->old_rooms[0]) {
        ctx->old_rooms[ctx->n_old_rooms] = s;
        ctx->old_room_names[ctx->n_old_rooms++] = NULL;
    } else {
        diag_error(ctx->d, lev_srcpos(s->pos), "more than %zu rooms in one "
                   "level", sizeof ctx->old_rooms / sizeof ctx->old_rooms[0]);
    }
    ctx->old_room = s;
}

/* Where a statement of the dialect goes: into the room or the container
 * it belongs to (NULL: it went there), or to the level (itself). */
lev_stmt *lev_old_item(lev_ctx *ctx, lev_stmt *s)
{
    if (!s)
        return NULL;
    if (s == ctx->old_contained) {
        ctx->old_contained = NULL;
        if (!ctx->old_container) {
            diag_error(ctx->d, lev_srcpos(s->pos), "a contained OBJECT "
                       "with no CONTAINER before it");
            lev_stmt_free(s);
            return NULL;
        }
        body_add(ctx->old_container, s);
        return NULL;
    }
    if (s->kind == LEV_S_CONTAINER) {
        s->has_body = 1;
        ctx->old_container = s;
    }
    if (s->kind == LEV_S_ROOM) {
        new_room(ctx, s);
        return s;
    }
    if (s->kind == LEV_S_SUBROOM) {
        new_room(ctx, s);
        subroom(ctx, s);
        return NULL;
    }
    /* a list inside a room is the room's (its statements use it) */
    if (ctx->old_room && (room_detail(s->kind) || s->kind == LEV_S_ASSIGN ||
                          s->kind == LEV_S_SHUFFLE)) {
        room_add(ctx->old_room, s);
        return NULL;
    }
    if (s->kind != LEV_S_ASSIGN && s->kind != LEV_S_SHUFFLE)
        ctx->old_room = NULL;
    return s;
}

/* ---- a maze level's order ---- */

/* NetHack 3.4.3's maze loader (sp_lev.c, load_maze) makes each map part's
 * things kind by kind, whatever their order in the text: level regions,
 * the RANDOM_* lists, regions, doors, drawbridges, non-diggable and
 * non-passwall walls, ladders, stairs, altars, fountains, traps, monsters,
 * objects, gold, engravings.  -1: a statement that keeps its place and
 * that nothing moves across (MAP starts a part; MESSAGE, INIT_MAP ...). */
static int part_rank(enum lev_stmt_kind k)
{
    static const enum lev_stmt_kind order[] = {
        LEV_S_TELEPORT_REGION, LEV_S_ASSIGN, LEV_S_REGION, LEV_S_DOOR,
        LEV_S_DRAWBRIDGE, LEV_S_NON_DIGGABLE, LEV_S_NON_PASSWALL, LEV_S_LADDER,
        LEV_S_STAIR, LEV_S_ALTAR, LEV_S_FOUNTAIN, LEV_S_TRAP, LEV_S_MONSTER,
        LEV_S_OBJECT, LEV_S_GOLD, LEV_S_ENGRAVING,
    };
    switch (k) {
    case LEV_S_STAIR_REGION: case LEV_S_PORTAL: case LEV_S_BRANCH:
        k = LEV_S_TELEPORT_REGION;
        break;
    case LEV_S_SHUFFLE: k = LEV_S_ASSIGN; break;
    case LEV_S_CONTAINER: k = LEV_S_OBJECT; break;
    default: break;
    }
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (order[i] == k)
            return (int)i;
    return -1;
}

/* Each run of statements that part_rank orders, stably sorted. */
static void order_parts(lev_block *b)
{
    for (unsigned i = 0, j; i < b->n; i = j + (j == i)) {
        for (j = i; j < b->n && part_rank(b->v[j]->kind) >= 0; j++) {
            lev_stmt *s = b->v[j];
            int r = part_rank(s->kind);
            unsigned k = j;
            while (k > i && part_rank(b->v[k - 1]->kind) > r) {
                b->v[k] = b->v[k - 1];
                k--;
            }
            b->v[k] = s;
        }
    }
}

/* 3.4.3 walks its mazes after every part is made, the last MAZEWALK of
 * the text first, and fills the rest of the maze once, after the last
 * walk: the walks go to the end of the level, reversed, and only the
 * last of them is stocked. */
static void walks_last(lev_block *b)
{
    unsigned n = 0, w = 0;
    lev_stmt *walks[64];
    for (unsigned i = 0; i < b->n; i++) {
        lev_stmt *s = b->v[i];
        if (s->kind == LEV_S_MAZEWALK && w < sizeof walks / sizeof walks[0])
            walks[w++] = s;
        else
            b->v[n++] = s;
    }
    for (unsigned k = 0; k < w; k++) {
        lev_stmt *s = walks[w - 1 - k];
        if (k + 1 < w && s->nargs > 2 && !s->args[2])
            s->args[2] = lev_expr_word(s->pos, LEV_W_FALSE);
        b->v[n++] = s;
    }
}

void lev_old_finish(lev_file *f)
{
    for (size_t i = 0; i < f->nlevels; i++) {
        lev_level *l = f->levels[i];
        if (!l->maze_fill)
            continue;           /* a rooms level: its rooms keep their order */
        order_parts(&l->body);
        walks_last(&l->body);
    }
}
