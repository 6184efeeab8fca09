/* lev_translate.c - the games' level code as our level script
 * (lev_translate.h).
 *
 * Both are stack machines generated from the same statements, and most
 * statements take their operands in the same order in both, so a record
 * usually becomes one instruction.  The differences handled here:
 *   - a PUSH of a packed value becomes a typed constant (coordinates,
 *     regions, map characters unpacked as the game unpacks them);
 *   - LEVEL_FLAGS becomes the header's flags, in our bit order;
 *   - MAP's size, mode, keep flag and map string become one MAP constant
 *     and the instruction's fields;
 *   - ROOM_DOOR's four constant operands are pushed in our order.
 * A record this file does not translate yet, or an operand our format
 * cannot hold, stops the translation with the reason: nothing is guessed. */
#include "classic/lev_translate.h"

#include "classic/lev_classic_int.h"

#include "common/common.h"
#include "levcode/opcodes.h"
#include "splev/interp.h"
#include "splev/level.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const classic_lev *l;
    splev_insn *code;
    size_t n_code, cap_code;
    splev_const *consts;
    size_t n_consts, cap_consts;
    size_t *rec_insn;       /* first instruction of each record */
    unsigned char *merged;  /* records folded into a later instruction */
    struct fixup { size_t insn, landing, rec; } *fix;
    size_t n_fix, cap_fix;
    const char **slots;     /* variable names ("$x"): every function's, */
    unsigned char *is_array;    /* each function's from its scope on */
    size_t n_slots, cap_slots, cap_arr, scope;
    struct cfunc {          /* a function: its inlined body */
        size_t skip;        /* the PUSH of the JMP over it */
        size_t entry, ret;  /* its first VAR_INIT's PUSH, its RETURN */
        size_t nparams;
        size_t code, end;   /* its translation: instructions, */
        size_t first, nslots;   /* and names */
    } *fn;
    size_t n_fn, cap_fn;
    unsigned char *in_fn;   /* records of a body (and the JMP over it) */
    size_t *vs;             /* for each operand stack value, the first */
    size_t vdepth, vcap;    /* instruction of the code that computes it */
    size_t skip_to;         /* records before it are already translated */
    uint32_t flags;
    char *err;
    size_t errlen;
    int failed;
} tr;

static int fail(tr *t, const char *fmt, ...)
{
    if (!t->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(t->err, t->errlen, fmt, ap);
        va_end(ap);
    }
    t->failed = 1;
    return -1;
}

static int unsupported(tr *t, size_t i)
{
    return fail(t, "unsupported classic construct %s (record %zu)",
                classic_op_name(t->l->recs[i].op), i);
}

/* Follow the operand stack along the code as it is emitted (statements
 * leave it as they found it, so the straight order is enough): each value
 * remembers where the code computing it starts, so that a statement can
 * find its attribute pairs among the values it pops. */
static void simulate(tr *t, size_t at)
{
    const splev_insn *in = &t->code[at];
    const splev_opinfo *oi = &splev_ops[in->op];
    size_t pops = (size_t)oi->pops + (size_t)oi->pops_per_n * in->n;
    size_t start = at;
    if (pops > t->vdepth) {
        t->vdepth = 0;
    } else if (pops > 0) {
        start = t->vs[t->vdepth - pops];
        t->vdepth -= pops;
    }
    for (int k = 0; k < oi->pushes; k++) {
        grow_array((void **)&t->vs, &t->vcap, t->vdepth + 1, sizeof *t->vs);
        t->vs[t->vdepth++] = start;
    }
}

static void emit(tr *t, int op, int a, int n, int32_t arg)
{
    grow_array((void **)&t->code, &t->cap_code, t->n_code + 1, sizeof *t->code);
    splev_insn *in = &t->code[t->n_code++];
    in->op = (uint8_t)op;
    in->a = (uint8_t)a;
    in->n = (uint16_t)n;
    in->arg = arg;
    simulate(t, t->n_code - 1);
}

static int32_t add_const(tr *t, const splev_const *k)
{
    grow_array((void **)&t->consts, &t->cap_consts, t->n_consts + 1,
               sizeof *t->consts);
    t->consts[t->n_consts] = *k;
    return (int32_t)t->n_consts++;
}

static void push_const(tr *t, int type, int32_t a, int32_t b, int32_t c,
                       int32_t d, const char *str, uint32_t len)
{
    splev_const k;
    memset(&k, 0, sizeof k);
    k.type = type;
    k.a = a;
    k.b = b;
    k.c = c;
    k.d = d;
    k.str = str;
    k.len = len;
    emit(t, OP_PUSH_CONST, 0, 0, add_const(t, &k));
}

/* An INT operand as our 32-bit field.  UnNetHack stores some negative
 * constants as their zero-extended 32-bit pattern (4294967295 for -1). */
static int int_value(tr *t, size_t i, int32_t *out)
{
    int64_t v = t->l->recs[i].value;
    if (v >= INT32_MIN && v <= INT32_MAX) {
        *out = (int32_t)v;
        return 0;
    }
    if (t->l->game == CLASSIC_UNNETHACK && v > INT32_MAX && v <= 0xffffffffLL) {
        *out = (int32_t)(uint32_t)v;
        return 0;
    }
    return fail(t, "record %zu: integer %lld does not fit our format", i,
                (long long)v);
}

/* NetHack 3.6's terrain numbers in ours (UnNetHack's numbering), its
 * MAX_TYPE (36, 'x') being "leave the cell". */
static const unsigned char nh_terrain[37] = {
    SPLEV_STONE, SPLEV_VWALL, SPLEV_HWALL, SPLEV_TLCORNER, SPLEV_TRCORNER,
    SPLEV_BLCORNER, SPLEV_BRCORNER, SPLEV_CROSSWALL, SPLEV_TUWALL,
    SPLEV_TDWALL, SPLEV_TLWALL, SPLEV_TRWALL, SPLEV_DBWALL, SPLEV_TREE,
    SPLEV_SDOOR, SPLEV_SCORR, SPLEV_POOL, SPLEV_MOAT, SPLEV_WATER,
    SPLEV_DRAWBRIDGE_UP, SPLEV_LAVAPOOL, SPLEV_IRONBARS, SPLEV_DOOR,
    SPLEV_CORR, SPLEV_ROOM, SPLEV_STAIRS, SPLEV_LADDER, SPLEV_FOUNTAIN,
    SPLEV_THRONE, SPLEV_SINK, SPLEV_GRAVE, SPLEV_ALTAR, SPLEV_ICE,
    SPLEV_DRAWBRIDGE_DOWN, SPLEV_AIR, SPLEV_CLOUD, SPLEV_TRANSPARENT,
};

/* A game's terrain number as ours, or -1.  UnNetHack's MAX_TYPE (41) and
 * MATCH_WALL (42, what its maps write for 'x') both mean "leave". */
static int terrain_of(const tr *t, int typ)
{
    if (t->l->game == CLASSIC_NETHACK36)
        return typ >= 0 && typ <= 36 ? nh_terrain[typ] : -1;
    if (typ >= 0 && typ < SPLEV_TERRAIN_COUNT)
        return typ;
    return typ == 41 || typ == 42 ? SPLEV_TRANSPARENT : -1;
}

static int push_coord(tr *t, size_t i)
{
    int64_t v = t->l->recs[i].value;
    if (v & 0x01000000)
        push_const(t, SPLEV_V_COORD, 0, 0, 256 | (int32_t)(v & 0x1f), 0, NULL, 0);
    else {
        int un = t->l->game == CLASSIC_UNNETHACK;
        int x = un ? (int8_t)(v & 0xff) : (int)(v & 0xff);
        int y = un ? (int8_t)((v >> 16) & 0xff) : (int)((v >> 16) & 0xff);
        if (x < 0 || x >= SPLEV_COLNO || y < 0 || y >= SPLEV_ROWNO ||
            (v & ~(int64_t)0xff00ff))
            return fail(t, "record %zu: coordinate %lld does not fit our "
                        "format", i, (long long)v);
        push_const(t, SPLEV_V_COORD, x, y, 0, 0, NULL, 0);
    }
    return 0;
}

static int push_region(tr *t, size_t i)
{
    int64_t v = t->l->recs[i].value;
    int x1 = (int)(v & 0xff), y1 = (int)((v >> 8) & 0xff);
    int x2 = (int)((v >> 16) & 0xff), y2 = (int)((v >> 24) & 0xff);
    if (v < 0 || v > 0xffffffffLL)
        return fail(t, "record %zu: region %lld does not fit our format", i,
                    (long long)v);
    if (x1 > x2 || y1 > y2 || x2 >= SPLEV_COLNO || y2 >= SPLEV_ROWNO) {
        /* Not a REGION constant of ours: built at run time, as our
         * compiler builds such literals. */
        emit(t, OP_PUSH_INT, 0, 0, x1);
        emit(t, OP_PUSH_INT, 0, 0, y1);
        emit(t, OP_PUSH_INT, 0, 0, x2);
        emit(t, OP_PUSH_INT, 0, 0, y2);
        emit(t, OP_CORE, 0, 4, CORE_REGION);
        return 0;
    }
    push_const(t, SPLEV_V_REGION, x1, y1, x2, y2, NULL, 0);
    return 0;
}

static int push_mapchar(tr *t, size_t i)
{
    int64_t v = t->l->recs[i].value;
    int typ, lit;
    if (t->l->game == CLASSIC_UNNETHACK) {
        /* a negative one may be stored as its 32-bit pattern (WALLWALK's
         * default background, 4294966811 for ROOM with lit -2) */
        if (v > INT32_MAX && v <= 0xffffffffLL)
            v = (int32_t)(uint32_t)v;
        int low = (int8_t)(v & 0xff);
        typ = (int)(v & 0xff);
        lit = (int)((v - low) >> 8);
    } else {
        typ = (int)(v & 0xff);
        lit = (int)((v >> 8) & 0xff) - 10;
    }
    int ter = terrain_of(t, typ);
    if (ter < 0 || lit < -2 || lit > 1)
        return fail(t, "record %zu: map character %lld does not fit our "
                    "format", i, (long long)v);
    push_const(t, SPLEV_V_MAPCHAR, ter, lit, 0, 0, NULL, 0);
    return 0;
}

static int push_variable(tr *t, size_t i);

/* The monster (mon) or object numbered index in the game's own table
 * (names_tab.c), or NULL.  Monsters are numbered in table order; objects
 * have gaps (the unnamed ones), so they are searched. */
static const classic_name *game_name(const tr *t, int mon, int64_t index)
{
    int nh = t->l->game == CLASSIC_NETHACK36;
    const classic_name *tab = mon ? (nh ? classic_nh_monsters : classic_un_monsters)
                                  : (nh ? classic_nh_objects : classic_un_objects);
    for (const classic_name *e = tab; e->name; e++)
        if (e->index == index)
            return e;
    return NULL;
}

/* A monster or object: random (-1), a class (index -1 / 65535), or an
 * index into the game's table (names_tab.c). */
static int push_thing(tr *t, size_t i)
{
    const classic_rec *r = &t->l->recs[i];
    int mon = r->tag == CTAG_MONST;
    int type = mon ? SPLEV_V_MONST : SPLEV_V_OBJ;
    int64_t v = r->value;
    if (v == -1) {
        push_const(t, type, 0, 0, 0, 0, NULL, 0);
        return 0;
    }
    int un = t->l->game == CLASSIC_UNNETHACK;
    int cls = un ? (int8_t)(v & 0xff) : (int)(v & 0xff);
    /* (v - cls) >> 8 for UnNetHack, without the overflow of v - cls for
     * a value near the limits: a negative class byte borrows one. */
    int64_t index = un ? (v >> 8) + (cls < 0)
                       : ((v >> 8) & 0xffffff) - 10;
    if (un && index == 0xffff)
        index = -1;
    if (index < 0) {
        if (index != -1 || cls < 0x20 || cls > 0x7e)
            return fail(t, "record %zu: %s %lld does not fit our format", i,
                        mon ? "monster" : "object", (long long)v);
        push_const(t, type, cls, 0, 0, 0, NULL, 0);
        return 0;
    }
    const classic_name *n = game_name(t, mon, index);
    if (!n)
        return fail(t, "record %zu: %s number %lld is not in %s's table", i,
                    mon ? "monster" : "object", (long long)index,
                    classic_game_name(t->l->game));
    push_const(t, type, (unsigned char)n->cls, 0, 0, 0, n->name,
               (uint32_t)strlen(n->name));
    return 0;
}

static int push(tr *t, size_t i)
{
    const classic_rec *r = &t->l->recs[i];
    int32_t v;
    switch (r->tag) {
    case CTAG_INT:
        if (int_value(t, i, &v) != 0)
            return -1;
        emit(t, OP_PUSH_INT, 0, 0, v);
        return 0;
    case CTAG_STRING:
        push_const(t, SPLEV_V_STR, 0, 0, 0, 0, r->str, r->len);
        return 0;
    case CTAG_COORD: return push_coord(t, i);
    case CTAG_REGION: return push_region(t, i);
    case CTAG_MAPCHAR: return push_mapchar(t, i);
    case CTAG_VARIABLE: return push_variable(t, i);
    default: return push_thing(t, i);
    }
}

/* Records i-k .. i-1 must be PUSHes of constants, each still one
 * instruction at the end of the code: they are taken back so that the
 * caller can re-emit them in another form.  0 or -1. */
static int take_back(tr *t, size_t i, size_t k, const int *tags)
{
    if (i < k)
        return -1;
    for (size_t j = 0; j < k; j++) {
        const classic_rec *r = &t->l->recs[i - k + j];
        if (r->op != COP_PUSH || (tags && r->tag != tags[j]))
            return -1;
    }
    if (t->n_code != t->rec_insn[i - k] + k || t->vdepth < k)
        return -1;
    t->n_code = t->rec_insn[i - k];
    t->vdepth -= k;
    for (size_t j = 1; j < k; j++)
        t->merged[i - k + j] = 1;
    return 0;
}

/* The INT constant of record j (a PUSH already taken back). */
static int32_t int_at(tr *t, size_t j)
{
    int32_t v = 0;
    int_value(t, j, &v);
    return v;
}

/* Flag bits of each game, in our bit order (SPLEV_F_*). */
static const uint32_t un_flags[19] = {
    0x1, 0x2, 0x4, 0x8, 0x10, 0x80, 0x100, 0x200, 0x800, 0x1000, 0x2000,
    0x4000, 0x8000, 0x20, 0x40, 0x40000, 0x20000, 0x400, 0x10000,
};
static const uint32_t nh_flags[19] = {
    0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x40, 0x80, 0x100, 0x200, 0x400,
    0x800, 0x1000, 0, 0, 0, 0, 0, 0,
};

static int level_flags(tr *t, size_t i)
{
    static const int tag[1] = {CTAG_INT};
    if (take_back(t, i, 1, tag) != 0)
        return fail(t, "unsupported classic construct LEVEL_FLAGS of a "
                    "computed value (record %zu)", i);
    int64_t v = t->l->recs[i - 1].value;
    const uint32_t *bits = t->l->game == CLASSIC_NETHACK36 ? nh_flags : un_flags;
    uint32_t known = 0;
    for (int b = 0; b < 19; b++) {
        known |= bits[b];
        if (bits[b] && (v & bits[b]))
            t->flags |= 1u << b;
    }
    if (v < 0 || (v & ~(int64_t)known))
        return fail(t, "record %zu: unknown level flags %lld", i - 1,
                    (long long)v);
    return 0;
}

/* MAP: coord, mode, keep, map string, height, width (push order). */
static int map(tr *t, size_t i)
{
    static const int tag[5] = {CTAG_INT, CTAG_INT, CTAG_STRING, CTAG_INT,
                               CTAG_INT};
    if (take_back(t, i, 5, tag) != 0)
        return fail(t, "unsupported classic construct MAP of computed "
                    "operands (record %zu)", i);
    const classic_rec *r = &t->l->recs[i - 5];
    int64_t mode = r[0].value, keep = r[1].value, h = r[3].value, w = r[4].value;
    if (mode == 0) {
        static const int ctag[1] = {CTAG_COORD};
        if (h != 0 || w != 0 || take_back(t, i - 5, 1, ctag) != 0)
            return fail(t, "record %zu: NOMAP with a map", i);
        t->merged[i - 5] = 1;
        emit(t, OP_PUSH_NULL, 0, 0, 0);
        emit(t, OP_MAP, 0, keep != 0, -1);
        return 0;
    }
    if (mode < 1 || mode > 2 || w < 1 || w > SPLEV_COLNO - 1 || h < 1 ||
        h > SPLEV_ROWNO || r[2].len != (uint64_t)(w * h) || keep < 0 || keep > 1)
        return fail(t, "record %zu: MAP operands do not fit our format", i);
    char *cells = xmalloc((size_t)(w * h));
    for (int64_t k = 0; k < w * h; k++) {
        int ter = terrain_of(t, (unsigned char)r[2].str[k] - 1);
        if (ter < 0) {
            free(cells);
            return fail(t, "record %zu: map byte %d is no terrain", i - 3,
                        (unsigned char)r[2].str[k]);
        }
        cells[k] = (char)ter;
    }
    splev_const k;
    memset(&k, 0, sizeof k);
    k.type = SPLEV_V_MAP;
    k.a = (int32_t)w;
    k.b = (int32_t)h;
    k.str = cells;          /* freed with the constants */
    k.len = (uint32_t)(w * h);
    emit(t, OP_MAP, (int)mode, (int)keep, add_const(t, &k));
    return 0;
}

/* ROOM_DOOR: the game's push order is pos, state, secret, wall; ours is
 * secret, state, wall, pos. */
static int room_door(tr *t, size_t i)
{
    static const int tag[4] = {CTAG_INT, CTAG_INT, CTAG_INT, CTAG_INT};
    if (take_back(t, i, 4, tag) != 0)
        return fail(t, "unsupported classic construct ROOM_DOOR of computed "
                    "operands (record %zu)", i);
    int32_t pos, state, secret, wall;
    if (int_value(t, i - 4, &pos) || int_value(t, i - 3, &state) ||
        int_value(t, i - 2, &secret) || int_value(t, i - 1, &wall))
        return -1;
    emit(t, OP_PUSH_INT, 0, 0, secret);
    emit(t, OP_PUSH_INT, 0, 0, state);
    emit(t, OP_PUSH_INT, 0, 0, wall);
    emit(t, OP_PUSH_INT, 0, 0, pos);
    emit(t, OP_ROOMDOOR, 0, 0, 0);
    return 0;
}


/* INITLEVEL: the game's push order is style, fill, walled, lit, joined,
 * smoothed, bg, fg, all terrain numbers and integers; ours pushes fg and
 * bg (and a given fill) as map characters, in the other order, with the
 * style in the instruction. */
static int init_level(tr *t, size_t i)
{
    static const int tag[8] = {CTAG_INT, CTAG_INT, CTAG_INT, CTAG_INT,
                               CTAG_INT, CTAG_INT, CTAG_INT, CTAG_INT};
    if (take_back(t, i, 8, tag) != 0)
        return fail(t, "unsupported classic construct INITLEVEL of computed "
                    "operands (record %zu)", i);
    int32_t v[8];
    for (int k = 0; k < 8; k++)
        if (int_value(t, i - 8 + (size_t)k, &v[k]) != 0)
            return -1;
    int32_t style = v[0], fill = v[1], walled = v[2], lit = v[3],
            joined = v[4], smoothed = v[5], bg = v[6], fg = v[7];
    int nh = t->l->game == CLASSIC_NETHACK36;
    /* The games' style codes; ours: 1 solidfill 2 mazegrid 3 mines
     * 4 sheollev 5 rogue. */
    static const int un_style[7] = {0, 1, 2, -1, 3, 4, 5};
    static const int nh_style[5] = {0, 1, 2, 3, 5};
    int st = style < 0 || style > (nh ? 4 : 6) ? -1
             : nh ? nh_style[style] : un_style[style];
    if (st <= 0)
        return fail(t, "record %zu: INITLEVEL style %d does not fit our "
                    "format", i - 8, style);
    if (st == 1 || st == 2) {
        /* NetHack 3.6's MAZE header converts its filler twice, which
         * gives 127 for most characters: that fill leaves the terrain as it
         * is and only sets the light.  As the level's first statement (where
         * the header puts it) it meets a level of unlit stone, so filling
         * with unlit stone is the same. */
        int first = i == 8 && lit == 0;
        int ter = nh && st == 1 && fill == 127 && first ? SPLEV_STONE
                                                        : terrain_of(t, fill);
        if (ter < 0 || ter == SPLEV_TRANSPARENT)
            return fail(t, "record %zu: INITLEVEL terrain %d is no terrain",
                        i - 7, fill);
        int l = st == 1 ? lit : -2;
        push_const(t, SPLEV_V_MAPCHAR, ter, l, 0, 0, NULL, 0);
        for (int k = 0; k < 3; k++)
            emit(t, OP_PUSH_INT, 0, 0, 0);
        emit(t, OP_PUSH_INT, 0, 0, l);
        emit(t, OP_PUSH_INT, 0, 0, 0);
        emit(t, OP_PUSH_INT, 0, 0, -1);
    } else if (st == 3) {
        int f = terrain_of(t, fg), b = terrain_of(t, bg);
        int fl = fill == -1 ? -1 : terrain_of(t, fill);
        if (f < 0 || b < 0 || (fill != -1 && fl < 0))
            return fail(t, "record %zu: INITLEVEL terrain is no terrain", i - 8);
        push_const(t, SPLEV_V_MAPCHAR, f, -2, 0, 0, NULL, 0);
        push_const(t, SPLEV_V_MAPCHAR, b, -2, 0, 0, NULL, 0);
        emit(t, OP_PUSH_INT, 0, 0, smoothed);
        emit(t, OP_PUSH_INT, 0, 0, joined);
        emit(t, OP_PUSH_INT, 0, 0, lit);
        emit(t, OP_PUSH_INT, 0, 0, walled);
        if (fill == -1)
            emit(t, OP_PUSH_INT, 0, 0, -1);
        else
            push_const(t, SPLEV_V_MAPCHAR, fl, -2, 0, 0, NULL, 0);
    } else {
        for (int k = 0; k < 6; k++)
            emit(t, OP_PUSH_INT, 0, 0, 0);
        emit(t, OP_PUSH_INT, 0, 0, -1);
    }
    emit(t, OP_INIT_MAP, 0, 0, st);
    return 0;
}

/* Whether the JMP of record i, landing at record L, is a BREAK out of a
 * LOOP: L follows the loop's closing COPY i(0) CMP i(k) JG POP, whose JG
 * leads back before the JMP.  The game's BREAK leaves the loop's counter
 * on its stack (harmless there: nothing reads it); ours keeps the stack the
 * same on every path, so the counter is dropped before the jump. */
static int breaks_loop(const tr *t, size_t i, int64_t L)
{
    const classic_rec *r = t->l->recs;
    if (L < 7 || (size_t)L - 6 <= i)
        return 0;
    size_t e = (size_t)L;
    return r[e - 1].op == COP_POP && r[e - 2].op == COP_JG &&
           r[e - 3].op == COP_PUSH && r[e - 3].tag == CTAG_INT &&
           r[e - 4].op == COP_CMP && r[e - 5].op == COP_PUSH &&
           r[e - 5].tag == CTAG_INT && r[e - 5].value == 0 &&
           r[e - 6].op == COP_COPY &&
           (int64_t)(e - 2) + r[e - 3].value < (int64_t)i;
}

/* A jump: its offset is the INT pushed right before it (the verifier made
 * sure), so that PUSH is taken back and the target patched once every
 * record has its place.  A landing outside 1..n is no jump, as in the
 * game. */
static int jump(tr *t, size_t i, int op)
{
    static const int tag[1] = {CTAG_INT};
    if (take_back(t, i, 1, tag) != 0)
        return fail(t, "record %zu: jump offset not a constant", i);
    int64_t landing = (int64_t)i + t->l->recs[i - 1].value;
    if (landing < 1 || landing > (int64_t)t->l->n) {
        /* the game ignores such a jump: a conditional one still takes
         * its comparison's flags */
        if (op != OP_JMP)
            emit(t, OP_POP, 0, 0, 0);
        return 0;
    }
    if (op == OP_JMP && breaks_loop(t, i, landing))
        emit(t, OP_POP, 0, 0, 0);
    grow_array((void **)&t->fix, &t->cap_fix, t->n_fix + 1, sizeof *t->fix);
    t->fix[t->n_fix].insn = t->n_code;
    t->fix[t->n_fix].landing = (size_t)landing;
    t->fix[t->n_fix].rec = i;
    t->n_fix++;
    emit(t, op, 0, 0, 0);
    return 0;
}

static int patch_jumps(tr *t)
{
    for (size_t k = 0; k < t->n_fix; k++) {
        size_t to = t->fix[k].landing;
        if (to < t->l->n && t->merged[to])
            return fail(t, "unsupported classic construct: the jump of record "
                        "%zu lands inside a statement's operands", t->fix[k].rec);
        t->code[t->fix[k].insn].arg =
            (int32_t)((int64_t)t->rec_insn[to] - (int64_t)t->fix[k].insn);
    }
    return 0;
}

/* The slot of variable name[0..len) in the current function (its names
 * start at t->scope), created when new. */
static int slot_of(tr *t, const char *name, uint32_t len)
{
    for (size_t k = t->scope; k < t->n_slots; k++)
        if (strlen(t->slots[k]) == len && memcmp(t->slots[k], name, len) == 0)
            return (int)(k - t->scope);
    grow_array((void **)&t->slots, &t->cap_slots, t->n_slots + 1,
               sizeof *t->slots);
    grow_array((void **)&t->is_array, &t->cap_arr, t->n_slots + 1,
               sizeof *t->is_array);
    char *copy = xmalloc(len + 1);
    memcpy(copy, name, len);
    copy[len] = '\0';
    t->slots[t->n_slots] = copy;
    t->is_array[t->n_slots] = 0;
    return (int)(t->n_slots++ - t->scope);
}

/* VAR_INIT: values, then INT n and the name STRING (n 0: one value). */
static int var_init(tr *t, size_t i)
{
    static const int tag[2] = {CTAG_INT, CTAG_STRING};
    if (take_back(t, i, 2, tag) != 0)
        return fail(t, "record %zu: VAR_INIT without its count and name", i);
    int32_t n = int_at(t, i - 2);
    const classic_rec *name = &t->l->recs[i - 1];
    int slot = slot_of(t, name->str, name->len);
    if (n < 0 || n > 65535)
        return fail(t, "record %zu: array of %d values", i - 2, n);
    if (n == 0) {
        if (t->is_array[t->scope + (size_t)slot])
            return fail(t, "unsupported classic construct: variable %.*s "
                        "is both an array and a value (record %zu)",
                        (int)name->len, name->str, i);
        emit(t, OP_SET, 0, 0, slot);
    } else {
        t->is_array[t->scope + (size_t)slot] = 1;
        emit(t, OP_SET_ARRAY, 0, n, slot);
    }
    return 0;
}

static int shuffle(tr *t, size_t i)
{
    static const int tag[1] = {CTAG_STRING};
    if (take_back(t, i, 1, tag) != 0)
        return fail(t, "record %zu: SHUFFLE_ARRAY without its name", i);
    const classic_rec *name = &t->l->recs[i - 1];
    emit(t, OP_SHUFFLE, 0, 0, slot_of(t, name->str, name->len));
    return 0;
}

/* A variable's value: an array's element takes the index pushed before. */
static int push_variable(tr *t, size_t i)
{
    const classic_rec *r = &t->l->recs[i];
    int slot = slot_of(t, r->str, r->len);
    const classic_rec *next = &t->l->recs[i + 1];
    if (i + 2 < t->l->n && next[0].op == COP_PUSH && next[0].tag == CTAG_INT &&
        next[0].value == 30 && next[1].op == COP_COREFUNC) {
        /* $a.length: the game's core function 30 pops the name as it is. */
        emit(t, OP_LENGTH, 0, 0, slot);
        t->skip_to = i + 3;
        return 0;
    }
    emit(t, t->is_array[t->scope + (size_t)slot] ? OP_GET_ELEM : OP_GET, 0, 0, slot);
    return 0;
}

/* The value at depth d from the top (0: the top) when it is one PUSH_INT
 * instruction: its index, else -1. */
static long single_int(const tr *t, size_t d)
{
    if (d >= t->vdepth)
        return -1;
    size_t at = t->vs[t->vdepth - 1 - d];
    size_t end = d == 0 ? t->n_code : t->vs[t->vdepth - d];
    if (at >= t->n_code || t->code[at].op != OP_PUSH_INT)
        return -1;
    size_t next = at + 1;
    while (next < end && t->code[next].op == OP_NOP)
        next++;
    return next == end ? (long)at : -1;
}

/* Remove the value at depth d, a lone PUSH_INT, from the code and stack. */
static void drop_value(tr *t, size_t d, long at)
{
    t->code[at].op = OP_NOP;
    t->code[at].arg = 0;
    size_t k = t->vdepth - 1 - d;
    memmove(t->vs + k, t->vs + k + 1, (d) * sizeof *t->vs);
    t->vdepth--;
}

/* Attribute keys, the game's numbers -> ours (-2: the END marker). */
static const int mon_keys[17] = {
    MK_PEACEFUL, MK_ALIGN, MK_ASLEEP, -1, MK_NAME, MK_FEMALE, MK_INVISIBLE,
    MK_CANCELLED, MK_REVIVED, MK_AVENGE, MK_FLEEING, MK_BLINDED,
    MK_PARALYZED, MK_STUNNED, MK_CONFUSED, MK_SEENTRAPS, -2,
};
static const int obj_keys[16] = {
    OK_SPE, OK_CURSE, OK_MONTYPE, OK_NAME, OK_QUANTITY, OK_BURIED, OK_LIT,
    OK_ERODED, OK_LOCKED, OK_TRAPPED, OK_RECHARGED, OK_INVISIBLE,
    OK_GREASED, OK_BROKEN, OK_COORD, -2,
};

/* An alignment of the game in ours: NetHack 3.6 stores coaligned and
 * noncoaligned as 3 and 7, ours (and UnNetHack) as 0x20 and 0x40. */
static int32_t align_of(const tr *t, int32_t v)
{
    if (t->l->game != CLASSIC_NETHACK36)
        return v;
    return v == 3 ? 0x20 : v == 7 ? 0x40 : v;
}

/* MONSTER / OBJECT: the thing, (coordinate,) the END marker, the pairs
 * (value, key) and a last flag (inventory / containment), in push order.
 * The pairs stay where their code put them; their keys are renumbered in
 * place, the marker and the appearance kind become NOPs. */
static uint32_t nh_trap_bits(uint32_t bits);

static int thing(tr *t, size_t i, int mon)
{
    static const int tag[1] = {CTAG_INT};
    if (take_back(t, i, 1, tag) != 0)
        return fail(t, "record %zu: %s without its flag", i,
                    mon ? "MONSTER" : "OBJECT");
    int32_t flag = int_at(t, i - 1);
    int pairs = 0;
    size_t d = 0;
    for (;;) {
        long at = single_int(t, d);
        if (at < 0)
            return fail(t, "unsupported classic construct: %s attribute key "
                        "not a constant (record %zu)", mon ? "MONSTER"
                        : "OBJECT", i);
        int32_t key = t->code[at].arg;
        int ours = key >= 0 && key < (mon ? 17 : 16)
                       ? (mon ? mon_keys : obj_keys)[key] : -3;
        if (ours == -2) {
            drop_value(t, d, at);
            break;
        }
        if (ours == -3)
            return fail(t, "record %zu: unknown %s attribute key %d", i,
                        mon ? "MONSTER" : "OBJECT", key);
        if (mon && key == 3) {
            long kind = single_int(t, d + 1);
            int32_t k = kind < 0 ? 0 : t->code[kind].arg;
            if (k < 1 || k > 3)
                return fail(t, "record %zu: MONSTER appearance kind", i);
            ours = k == 1 ? MK_APPEAR_FEATURE
                 : k == 2 ? MK_APPEAR_OBJECT : MK_APPEAR_MONSTER;
            drop_value(t, d + 1, kind);
        }
        if (mon && key == 1) {
            long val = single_int(t, d + 1);
            if (val >= 0)
                t->code[val].arg = align_of(t, t->code[val].arg);
        }
        if (mon && key == 15 && t->l->game == CLASSIC_NETHACK36) {
            long val = single_int(t, d + 1);
            if (val >= 0)
                t->code[val].arg =
                    (int32_t)nh_trap_bits((uint32_t)t->code[val].arg);
        }
        if (!mon && key == 7) {
            long val = single_int(t, d + 1);
            if (val >= 0 && (t->code[val].arg == -1)) {
                ours = OK_ERODEPROOF;
                t->code[val].arg = 1;
            }
        }
        t->code[at].arg = ours;
        pairs++;
        d += 2;
        if (d >= t->vdepth)
            return fail(t, "record %zu: %s attributes without their END", i,
                        mon ? "MONSTER" : "OBJECT");
    }
    if (flag < 0 || flag > (mon ? 1 : 3))
        return fail(t, "record %zu: %s flag %d", i - 1,
                    mon ? "MONSTER" : "OBJECT", flag);
    emit(t, mon ? OP_MONSTER : OP_OBJECT, flag, pairs, 0);
    return 0;
}

/* LEVREGION: the game adds an always-0 INT before the destination, and
 * writes "no destination" as an empty string. */
static int levregion(tr *t, size_t i)
{
    static const int tag[2] = {CTAG_INT, CTAG_STRING};
    if (take_back(t, i, 2, tag) != 0)
        return fail(t, "unsupported classic construct LEVREGION of computed "
                    "operands (record %zu)", i);
    const classic_rec *dest = &t->l->recs[i - 1];
    if (dest->len == 0)
        emit(t, OP_PUSH_NULL, 0, 0, 0);
    else
        push_const(t, SPLEV_V_STR, 0, 0, 0, 0, dest->str, dest->len);
    emit(t, OP_LEVREGION, 0, 0, 0);
    return 0;
}

/* MON_GENERATION: (freq, id, is_class) per entry, then the percentage and
 * the count, all constants; ours: the percentage, then (freq, monster). */
static int mon_generation(tr *t, size_t i)
{
    if (i < 2 || t->l->recs[i - 1].op != COP_PUSH ||
        t->l->recs[i - 1].tag != CTAG_INT)
        return fail(t, "record %zu: MON_GENERATION without its count", i);
    int64_t n = t->l->recs[i - 1].value;
    if (n < 1 || n > 1000 || (size_t)(3 * n + 2) > i)
        return fail(t, "record %zu: MON_GENERATION count %lld", i - 1,
                    (long long)n);
    size_t k = (size_t)(3 * n + 2), base = i - k;
    int tags[3 * 1000 + 2];
    for (size_t j = 0; j < k; j++)
        tags[j] = CTAG_INT;
    if (take_back(t, i, k, tags) != 0)
        return fail(t, "unsupported classic construct MON_GENERATION of "
                    "computed operands (record %zu)", i);
    emit(t, OP_PUSH_INT, 0, 0, int_at(t, i - 2));
    for (size_t e = 0; e < (size_t)n; e++) {
        size_t r = base + 3 * e;
        int32_t freq = int_at(t, r), id = int_at(t, r + 1);
        int is_class = int_at(t, r + 2);
        emit(t, OP_PUSH_INT, 0, 0, freq);
        if (is_class) {
            if (id < 0x20 || id > 0x7e)
                return fail(t, "record %zu: monster class %d", r + 1, id);
            push_const(t, SPLEV_V_MONST, id, 0, 0, 0, NULL, 0);
            continue;
        }
        const classic_name *nm = game_name(t, 1, id);
        if (!nm)
            return fail(t, "record %zu: monster number %d is not in %s's "
                        "table", r + 1, id, classic_game_name(t->l->game));
        push_const(t, SPLEV_V_MONST, (unsigned char)nm->cls, 0, 0, 0,
                   nm->name, (uint32_t)strlen(nm->name));
    }
    emit(t, OP_MON_GENERATION, 0, (int)n, 0);
    return 0;
}

/* ALTAR: the game pushes the type before the alignment, ours after. */
static int altar(tr *t, size_t i)
{
    static const int tag[2] = {CTAG_INT, CTAG_INT};
    if (take_back(t, i, 2, tag) != 0)
        return fail(t, "unsupported classic construct ALTAR of computed "
                    "operands (record %zu)", i);
    emit(t, OP_PUSH_INT, 0, 0, align_of(t, int_at(t, i - 1)));
    emit(t, OP_PUSH_INT, 0, 0, int_at(t, i - 2));
    emit(t, OP_ALTAR, 0, 0, 0);
    return 0;
}

/* MAZEWALK: the fill is a terrain number, 0 (the short form) or -1 for
 * the default; ours takes a map character or -1. */
static int mazewalk(tr *t, size_t i)
{
    static const int tag[1] = {CTAG_INT};
    if (take_back(t, i, 1, tag) != 0)
        return fail(t, "unsupported classic construct MAZEWALK of a computed "
                    "fill (record %zu)", i);
    int32_t fill = int_at(t, i - 1);
    if (fill <= 0) {
        emit(t, OP_PUSH_INT, 0, 0, -1);
    } else {
        int ter = terrain_of(t, fill);
        if (ter < 0 || ter == SPLEV_TRANSPARENT)
            return fail(t, "record %zu: MAZEWALK fill %d is no terrain",
                        i - 1, fill);
        push_const(t, SPLEV_V_MAPCHAR, ter, -2, 0, 0, NULL, 0);
    }
    emit(t, OP_MAZEWALK, 0, 0, 0);
    return 0;
}

/* WALLIFY: kind 0 with the game's default region (all -1) is the whole
 * map; kind 1 takes a selection. */
static int wallify(tr *t, size_t i)
{
    static const int tag[1] = {CTAG_INT};
    if (take_back(t, i, 1, tag) != 0)
        return fail(t, "record %zu: WALLIFY without its kind", i);
    int32_t kind = int_at(t, i - 1);
    if (kind == 1) {
        emit(t, OP_WALLIFY_SEL, 0, 0, 0);
        return 0;
    }
    /* The default region (every corner -1, stored as 4294967295), one
     * value of its own on the stack: the bare WALLIFY. */
    const classic_rec *r = i >= 2 ? &t->l->recs[i - 2] : NULL;
    if (kind == 0 && r && r->op == COP_PUSH &&
        (r->tag == CTAG_REGION || r->tag == CTAG_INT) &&
        (r->value == -1 || r->value == 0xffffffffLL) && t->vdepth >= 1 &&
        t->vs[t->vdepth - 1] == t->rec_insn[i - 2] && !t->merged[i - 2]) {
        t->n_code = t->rec_insn[i - 2];
        t->vdepth--;
        emit(t, OP_WALLIFY, 0, 0, 0);
        return 0;
    }
    return fail(t, "unsupported classic construct WALLIFY of a region "
                "(record %zu)", i);
}

/* COREFUNC: the function number pushed last; the game's numbers (1..30)
 * in ours.  30, an array's length, pops the variable's name unresolved:
 * ours reads the slot. */
static int corefunc(tr *t, size_t i)
{
    static const int tag[1] = {CTAG_INT};
    static const int ours[30] = {
        CORE_LEVEL_DIFFICULTY, CORE_LEVEL_DEPTH, CORE_DISCORDIAN,
        CORE_PIRATEDAY, CORE_APRILFOOLS, CORE_PIDAY, CORE_TOWELDAY,
        CORE_MIDNIGHT, CORE_NIGHT, CORE_FRIDAY13, CORE_MOON_PHASE,
        CORE_YYYYMMDD, CORE_HERO_NAME, CORE_STRING, CORE_INTEGER,
        CORE_COORD, CORE_REGION, CORE_RND, CORE_OBJ_AT, CORE_MON_AT,
        CORE_CARRYING, CORE_HERO_ROLE, CORE_HERO_RACE, CORE_ROOM_WIDTH,
        CORE_ROOM_HEIGHT, CORE_ROOM_X, CORE_ROOM_Y, CORE_COORD_X,
        CORE_COORD_Y, -1,
    };
    if (take_back(t, i, 1, tag) != 0)
        return fail(t, "record %zu: COREFUNC without its number", i);
    int32_t fn = int_at(t, i - 1);
    if (fn < 1 || fn > 30)
        return fail(t, "record %zu: unknown core function %d", i - 1, fn);
    if (fn == 30)       /* push_variable takes the variable's length */
        return fail(t, "record %zu: length of something not a variable", i);
    int f = ours[fn - 1];
    emit(t, OP_CORE, 0, splev_cores[f].nargs, f);
    return 0;
}

/* CORRIDOR: six constants; a first of -1 is RANDOM_CORRIDORS, whose
 * style is the second. */
static int corridor(tr *t, size_t i)
{
    static const int tag[6] = {CTAG_INT, CTAG_INT, CTAG_INT, CTAG_INT,
                               CTAG_INT, CTAG_INT};
    if (take_back(t, i, 6, tag) != 0)
        return fail(t, "unsupported classic construct CORRIDOR of computed "
                    "operands (record %zu)", i);
    int32_t v[6];
    for (int k = 0; k < 6; k++)
        v[k] = int_at(t, i - 6 + (size_t)k);
    if (v[0] == -1) {
        emit(t, OP_PUSH_INT, 0, 0, v[1]);
        emit(t, OP_RANDOM_CORRIDORS, 0, 0, 0);
        return 0;
    }
    for (int k = 0; k < 6; k++)
        emit(t, OP_PUSH_INT, 0, 0, v[k]);
    emit(t, OP_CORRIDOR, 0, 0, 0);
    return 0;
}

/* LEVEL_SOUNDS: the frequency, then (message, kind) per sound and the
 * count, all constants; ours pushes (kind, message). */
static int level_sounds(tr *t, size_t i)
{
    if (i < 1 || t->l->recs[i - 1].op != COP_PUSH ||
        t->l->recs[i - 1].tag != CTAG_INT)
        return fail(t, "record %zu: LEVEL_SOUNDS without its count", i);
    int64_t n = t->l->recs[i - 1].value;
    if (n < 1 || n > 1000 || (size_t)(2 * n + 2) > i)
        return fail(t, "record %zu: LEVEL_SOUNDS count %lld", i - 1,
                    (long long)n);
    size_t k = (size_t)(2 * n + 2), base = i - k;
    int tags[2 * 1000 + 2];
    tags[0] = CTAG_INT;
    for (size_t e = 0; e < (size_t)n; e++) {
        tags[1 + 2 * e] = CTAG_STRING;
        tags[2 + 2 * e] = CTAG_INT;
    }
    tags[k - 1] = CTAG_INT;
    if (take_back(t, i, k, tags) != 0)
        return fail(t, "unsupported classic construct LEVEL_SOUNDS of "
                    "computed operands (record %zu)", i);
    emit(t, OP_PUSH_INT, 0, 0, int_at(t, base));
    for (size_t e = 0; e < (size_t)n; e++) {
        const classic_rec *msg = &t->l->recs[base + 1 + 2 * e];
        emit(t, OP_PUSH_INT, 0, 0, int_at(t, base + 2 + 2 * e));
        push_const(t, SPLEV_V_STR, 0, 0, 0, 0, msg->str, msg->len);
    }
    emit(t, OP_SOUNDS, 0, (int)n, 0);
    return 0;
}

/* GRAVE: coord, text and a kind (2 that text, 1 a random epitaph, 0
 * none, both with an empty text); ours: coord, text or NULL, a = 1 for
 * random. */
static int grave(tr *t, size_t i)
{
    static const int tag[1] = {CTAG_INT};
    static const int stag[1] = {CTAG_STRING};
    if (take_back(t, i, 1, tag) != 0)
        return fail(t, "record %zu: GRAVE without its kind", i);
    int32_t kind = int_at(t, i - 1);
    if (kind == 2) {
        emit(t, OP_GRAVE, 0, 0, 0);
        return 0;
    }
    /* The text record must be there (and be a string) before its length
     * is read: a GRAVE may come second in the file. */
    if ((kind != 0 && kind != 1) || take_back(t, i - 1, 1, stag) != 0 ||
        t->l->recs[i - 2].len != 0)
        return fail(t, "record %zu: GRAVE kind %d", i - 1, kind);
    emit(t, OP_PUSH_NULL, 0, 0, 0);
    emit(t, OP_GRAVE, kind, 0, 0);
    return 0;
}

/* Put a PUSH_INT of v at instruction pos, below the values whose code
 * starts there: everything already emitted from pos on moves up one. */
static void insert_int(tr *t, size_t pos, size_t upto_rec, int32_t v)
{
    emit(t, OP_NOP, 0, 0, 0);       /* room for one more */
    memmove(&t->code[pos + 1], &t->code[pos],
            (t->n_code - 1 - pos) * sizeof *t->code);
    t->code[pos].op = OP_PUSH_INT;
    t->code[pos].a = 0;
    t->code[pos].n = 0;
    t->code[pos].arg = v;
    for (size_t k = 0; k <= upto_rec; k++)     /* a jump to the record */
        if (t->rec_insn[k] > pos)               /* at pos lands on the */
            t->rec_insn[k]++;                   /* new first instruction */
    for (size_t k = 0; k < t->n_fix; k++)
        if (t->fix[k].insn >= pos)
            t->fix[k].insn++;
    for (size_t k = 0; k < t->vdepth; k++)
        if (t->vs[k] >= pos)
            t->vs[k]++;
    grow_array((void **)&t->vs, &t->vcap, t->vdepth + 1, sizeof *t->vs);
    size_t below = t->vdepth;
    while (below > 0 && t->vs[below - 1] > pos)
        below--;
    memmove(&t->vs[below + 1], &t->vs[below],
            (t->vdepth - below) * sizeof *t->vs);
    t->vs[below] = pos;
    t->vdepth++;
}

/* SEL_FILTER kind 0: the game pushes the selection, then the percentage;
 * ours takes the percentage first, so it moves below the selection's
 * code. */
static int sel_filter_pct(tr *t, size_t i)
{
    static const int tag[1] = {CTAG_INT};
    if (take_back(t, i - 1, 1, tag) != 0 || t->vdepth < 1)
        return fail(t, "unsupported classic construct SEL_FILTER of a "
                    "computed percentage (record %zu)", i);
    insert_int(t, t->vs[t->vdepth - 1], i, int_at(t, i - 2));
    emit(t, OP_SEL_FILTER_PCT, 0, 0, 0);
    return 0;
}

/* SEL_FILTER: the kind pushed last.  1 (two selections) and 2 (a map
 * character below a selection) take their operands in our order; 0 (a
 * percentage above the selection) does not. */
static int sel_filter(tr *t, size_t i)
{
    static const int tag[1] = {CTAG_INT};
    if (take_back(t, i, 1, tag) != 0)
        return fail(t, "record %zu: SEL_FILTER without its kind", i);
    int32_t kind = int_at(t, i - 1);
    if (kind == 1)
        emit(t, OP_SEL_FILTER_SEL, 0, 0, 0);
    else if (kind == 2)
        emit(t, OP_SEL_FILTER_MAP, 0, 0, 0);
    else if (kind == 0)
        return sel_filter_pct(t, i);
    else
        return fail(t, "unsupported classic construct SEL_FILTER of kind %d "
                    "(record %zu)", kind, i);
    return 0;
}

/* NetHack 3.6's room type codes (its mkroom.h order: 1 unused, shops from
 * 14, the health food shop 24, candle shop 25) as ours (UnNetHack's codes,
 * 35 for the health food shop).  A REGION adds 26 to the type when it is
 * not filled (ours adds 35). */
static int32_t nh_room_type(int32_t v, int region)
{
    static const int32_t ours[26] = {
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
        20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 35, 33,
    };
    int unfilled = region && v >= 26 && v < 52;
    int32_t base = unfilled ? v - 26 : v;
    if (base < 0 || base > 25)
        return v;
    return ours[base] + (unfilled ? 35 : 0);
}

/* NetHack 3.6's trap numbers as ours: it has no cold trap (our 22), so its
 * polymorph trap (22) and vibrating square (23) are one lower. */
static int32_t nh_trap(int32_t v)
{
    return v == 22 || v == 23 ? v + 1 : v;
}

static uint32_t nh_trap_bits(uint32_t bits)
{
    if (bits == 0xffffffffu)
        return bits;
    uint32_t low = bits & ((1u << 21) - 1);
    return low | ((bits >> 21) & 3u) << 22;
}

/* Rewrite the INT constant record j pushed, still one PUSH_INT of ours,
 * with fn; a computed operand is left as it is. */
static void remap_int(tr *t, size_t j, int32_t (*fn)(int32_t, int), int arg)
{
    const classic_rec *r = &t->l->recs[j];
    if (r->op != COP_PUSH || r->tag != CTAG_INT || t->merged[j])
        return;
    splev_insn *in = &t->code[t->rec_insn[j]];
    if (in->op == OP_PUSH_INT && in->arg != -1)
        in->arg = fn(in->arg, arg);
}

static int32_t room_fn(int32_t v, int region) { return nh_room_type(v, region); }
static int32_t trap_fn(int32_t v, int unused) { (void)unused; return nh_trap(v); }

/* The game-numbered operands of record i: a REGION's random type (both
 * games); NetHack 3.6's room types of ROOM / SUBROOM (the first of ten
 * operands) and REGION (the third of four), and trap types of TRAP (the
 * last). */
static void nh_operands(tr *t, size_t i)
{
    if (t->l->recs[i].op == COP_REGION && i >= 2) {
        /* A REGION of random type is an ordinary one (our compiler writes
         * 0 for it). */
        const classic_rec *r = &t->l->recs[i - 2];
        splev_insn *in = &t->code[t->rec_insn[i - 2]];
        if (r->op == COP_PUSH && r->tag == CTAG_INT && !t->merged[i - 2] &&
            in->op == OP_PUSH_INT && in->arg == -1)
            in->arg = 0;
    }
    if (t->l->game != CLASSIC_NETHACK36)
        return;
    switch (t->l->recs[i].op) {
    case COP_ROOM: case COP_SUBROOM:
        if (i >= 10)
            remap_int(t, i - 10, room_fn, 0);
        break;
    case COP_REGION:
        if (i >= 2)
            remap_int(t, i - 2, room_fn, 1);
        break;
    case COP_TRAP:
        if (i >= 1)
            remap_int(t, i - 1, trap_fn, 0);
        break;
    default:
        break;
    }
}

/* ---- functions ----
 * The game inlines a function's body at its first call in the level:
 *   <args> i(skip) JMP | (i(0) s(param) VAR_INIT) per parameter, last
 *   first | body | i(0) RETURN | i(nargs) i(rel) CALL
 * and every later call is <args> i(nargs) i(rel) CALL, rel leading to
 * the first VAR_INIT.  Ours keeps each body as a function of its own,
 * after the main code, with its parameters as its first slots. */

static int is_int_push(const tr *t, size_t j)
{
    return t->l->recs[j].op == COP_PUSH && t->l->recs[j].tag == CTAG_INT;
}

/* The function whose body starts at record entry, its index in t->fn, or
 * -1. */
static int fn_at(const tr *t, size_t entry)
{
    for (size_t k = 0; k < t->n_fn; k++)
        if (t->fn[k].entry == entry)
            return (int)k;
    return -1;
}

/* The body a CALL at record i leads to (nparams, entry): found, checked
 * and added to t->fn.  0 or -1. */
static int find_body(tr *t, size_t i, size_t nparams, size_t entry)
{
    const classic_rec *r = t->l->recs;
    size_t ret = entry;
    while (ret < i && r[ret].op != COP_RETURN)
        ret++;
    int ok = entry >= 2 && ret < i && r[entry - 1].op == COP_JMP &&
             is_int_push(t, entry - 2) && is_int_push(t, ret - 1) &&
             r[ret - 1].value == 0 &&
             (int64_t)(entry - 1) + r[entry - 2].value == (int64_t)ret + 1 &&
             entry + 3 * nparams < ret;
    for (size_t p = 0; ok && p < nparams; p++) {
        size_t v = entry + 3 * p;
        ok = is_int_push(t, v) && r[v].value == 0 &&
             r[v + 1].op == COP_PUSH && r[v + 1].tag == CTAG_STRING &&
             r[v + 2].op == COP_VAR_INIT;
    }
    for (size_t k = entry - 2; ok && k <= ret; k++)
        ok = !t->in_fn[k];
    if (!ok)
        return fail(t, "unsupported classic construct: the CALL of record "
                    "%zu leads to no function body of the game's layout", i);
    grow_array((void **)&t->fn, &t->cap_fn, t->n_fn + 1, sizeof *t->fn);
    struct cfunc *f = &t->fn[t->n_fn++];
    f->skip = entry - 2;
    f->entry = entry;
    f->ret = ret;
    f->nparams = nparams;
    for (size_t k = entry - 2; k <= ret; k++)
        t->in_fn[k] = 1;
    t->in_fn[entry - 2] = 2;
    return 0;
}

/* Every function body of the level, from its CALLs. */
static int find_functions(tr *t)
{
    const classic_rec *r = t->l->recs;
    for (size_t i = 2; i < t->l->n; i++) {
        if (r[i].op != COP_CALL)
            continue;
        if (!is_int_push(t, i - 1) || !is_int_push(t, i - 2) ||
            r[i - 2].value < 0 || r[i - 2].value > 255 ||
            (int64_t)i + r[i - 1].value < 2 || r[i - 1].value >= 0)
            return fail(t, "unsupported classic construct: CALL of "
                        "computed operands (record %zu)", i);
        size_t entry = (size_t)((int64_t)i + r[i - 1].value);
        size_t np = (size_t)r[i - 2].value;
        int k = fn_at(t, entry);
        if (k < 0 && find_body(t, i, np, entry) != 0)
            return -1;
        if (k >= 0 && t->fn[k].nparams != np)
            return fail(t, "record %zu: CALL with %zu arguments of a "
                        "function of %zu", i, np, t->fn[k].nparams);
    }
    return 0;
}

/* CALL: its two INTs become the instruction's fields. */
static int call(tr *t, size_t i)
{
    static const int tag[2] = {CTAG_INT, CTAG_INT};
    int k = take_back(t, i, 2, tag) == 0
                ? fn_at(t, (size_t)((int64_t)i + t->l->recs[i - 1].value)) : -1;
    if (k < 0)
        return fail(t, "record %zu: CALL of no function", i);
    emit(t, OP_CALL, 0, (int)t->fn[k].nparams, k + 1);
    return 0;
}

/* Records that are one instruction of ours, with the operands in the same
 * order. */
static const struct {
    classic_op cop;
    int op, a;
} same[] = {
    {COP_ROOM, OP_ROOM, 0},
    {COP_SUBROOM, OP_ROOM, 1},
    {COP_ENDROOM, OP_ENDROOM, 0},
    {COP_REGION, OP_REGION, 1},
    {COP_CMP, OP_CMP, 0},
    {COP_POP, OP_POP, 0},
    {COP_COPY, OP_COPY, 0},
    {COP_RN2, OP_RN2, 0},
    {COP_INC, OP_INC, 0},
    {COP_DEC, OP_DEC, 0},
    {COP_MATH_ADD, OP_ADD, 0},
    {COP_MATH_SUB, OP_SUB, 0},
    {COP_MATH_MUL, OP_MUL, 0},
    {COP_MATH_DIV, OP_DIV, 0},
    {COP_MATH_MOD, OP_MOD, 0},
    {COP_MATH_SIGN, OP_SIGN, 0},
    {COP_DICE, OP_DICE, 0},
    {COP_EXIT, OP_EXIT, 0},
    {COP_MESSAGE, OP_MESSAGE, 0},
    {COP_TERRAIN, OP_TERRAIN, 0},
    {COP_STAIR, OP_STAIR, 0},
    {COP_LADDER, OP_STAIR, 1},
    {COP_NON_DIGGABLE, OP_NON_DIGGABLE, 0},
    {COP_NON_PASSWALL, OP_NON_PASSWALL, 0},
    {COP_DOOR, OP_DOOR, 0},
    {COP_SEL_ADD, OP_SEL_ADD, 0},
    {COP_SEL_POINT, OP_SEL_POINT, 0},
    {COP_SEL_RECT, OP_SEL_RECT, 0},
    {COP_SEL_FILLRECT, OP_SEL_FILLRECT, 0},
    {COP_SEL_LINE, OP_SEL_LINE, 0},
    {COP_SEL_RNDLINE, OP_SEL_RNDLINE, 0},
    {COP_SEL_FLOOD, OP_SEL_FLOOD, 0},
    {COP_SEL_RNDCOORD, OP_SEL_RNDCOORD, 0},
    {COP_SEL_COMPLEMENT, OP_SEL_COMPLEMENT, 0},
    {COP_END_MONINVENT, OP_END_MONINVENT, 0},
    {COP_TRAP, OP_TRAP, 0},
    {COP_GOLD, OP_GOLD, 0},
    {COP_ENGRAVING, OP_ENGRAVING, 0},
    {COP_DRAWBRIDGE, OP_DRAWBRIDGE, 0},
    {COP_REPLACETERRAIN, OP_REPLACE_TERRAIN, 0},
    {COP_MINERALIZE, OP_MINERALIZE, 0},
    {COP_SPILL, OP_SPILL, 0},
    {COP_SEL_GROW, OP_SEL_GROW, 0},
    {COP_SEL_ELLIPSE, OP_SEL_ELLIPSE, 0},
    {COP_SEL_GRADIENT, OP_SEL_GRADIENT, 0},
    {COP_POP_CONTAINER, OP_POP_CONTAINER, 0},
    {COP_WALLWALK, OP_WALLWALK, 0},
};

static int record(tr *t, size_t i)
{
    classic_op op = t->l->recs[i].op;
    switch (op) {
    case COP_PUSH: return push(t, i);
    case COP_LEVEL_FLAGS: return level_flags(t, i);
    case COP_MAP: return map(t, i);
    case COP_ROOM_DOOR: return room_door(t, i);
    case COP_INITLEVEL: return init_level(t, i);
    case COP_JMP: return jump(t, i, OP_JMP);
    case COP_JL: return jump(t, i, OP_JL);
    case COP_JLE: return jump(t, i, OP_JLE);
    case COP_JG: return jump(t, i, OP_JG);
    case COP_JGE: return jump(t, i, OP_JGE);
    case COP_JE: return jump(t, i, OP_JE);
    case COP_JNE: return jump(t, i, OP_JNE);
    case COP_VAR_INIT: return var_init(t, i);
    case COP_SHUFFLE_ARRAY: return shuffle(t, i);
    case COP_ALTAR: return altar(t, i);
    case COP_COREFUNC: return corefunc(t, i);
    case COP_LEVEL_SOUNDS: return level_sounds(t, i);
    case COP_GRAVE: return grave(t, i);
    case COP_SEL_FILTER: return sel_filter(t, i);
    case COP_CORRIDOR: return corridor(t, i);
    case COP_MAZEWALK: return mazewalk(t, i);
    case COP_WALLIFY: return wallify(t, i);
    case COP_MONSTER: return thing(t, i, 1);
    case COP_OBJECT: return thing(t, i, 0);
    case COP_LEVREGION: return levregion(t, i);
    case COP_MON_GENERATION: return mon_generation(t, i);
    case COP_CALL: return call(t, i);
    case COP_FOUNTAIN:
        emit(t, OP_FEATURE, 0, 0, SPLEV_FOUNTAIN);
        return 0;
    case COP_SINK:
        emit(t, OP_FEATURE, 0, 0, SPLEV_SINK);
        return 0;
    case COP_POOL:
        emit(t, OP_FEATURE, 0, 0, SPLEV_POOL);
        return 0;
    default: break;
    }
    for (size_t k = 0; k < sizeof same / sizeof same[0]; k++)
        if (same[k].cop == op) {
            nh_operands(t, i);
            emit(t, same[k].op, same[k].a, 0, 0);
            return 0;
        }
    return unsupported(t, i);
}

static void free_parts(tr *t)
{
    for (size_t k = 0; k < t->n_consts; k++)
        if (t->consts[k].type == SPLEV_V_MAP)
            free((char *)t->consts[k].str);
    free(t->consts);
    free(t->code);
    free(t->rec_insn);
    free(t->merged);
    free(t->fix);
    for (size_t k = 0; k < t->n_slots; k++)
        free((char *)t->slots[k]);
    free(t->slots);
    free(t->is_array);
    free(t->vs);
    free(t->fn);
    free(t->in_fn);
}

/* Records from..to-1, in order.  The main code (main) leaves the
 * function bodies out; the JMP over a body is where the main code goes
 * on. */
static void translate_range(tr *t, size_t from, size_t to, int main)
{
    for (size_t i = from; i < to && !t->failed; i++) {
        t->rec_insn[i] = t->n_code;
        t->merged[i] = 0;
        if (i < t->skip_to || (main && t->in_fn[i] == 1))
            t->merged[i] = 1;
        else if (!(main && t->in_fn[i]))
            record(t, i);
    }
}

/* Function k's body as a function of ours: its parameters (named by the
 * VAR_INITs, the last parameter first) are its first slots. */
static void translate_body(tr *t, size_t k)
{
    struct cfunc *f = &t->fn[k];
    f->code = t->n_code;
    f->first = t->scope = t->n_slots;
    t->vdepth = 0;
    t->skip_to = 0;
    for (size_t p = f->nparams; p-- > 0;) {
        const classic_rec *nm = &t->l->recs[f->entry + 3 * p + 1];
        slot_of(t, nm->str, nm->len);
    }
    size_t body = f->entry + 3 * f->nparams;
    for (size_t j = f->entry; j < body; j++) {
        t->rec_insn[j] = t->n_code;
        t->merged[j] = 1;
    }
    translate_range(t, body, f->ret - 1, 0);
    t->rec_insn[f->ret - 1] = t->rec_insn[f->ret] = t->n_code;
    t->merged[f->ret - 1] = t->merged[f->ret] = 0;
    f->end = t->n_code;
    f->nslots = t->n_slots - f->first;
}

/* The whole level: the main code, then each function. */
static void translate_all(tr *t)
{
    if (find_functions(t) != 0)
        return;
    translate_range(t, 0, t->l->n, 1);
    t->rec_insn[t->l->n] = t->n_code;
    size_t main_slots = t->n_slots;
    for (size_t k = 0; k < t->n_fn && !t->failed; k++)
        translate_body(t, k);
    t->scope = main_slots;      /* main's names: 0 .. main_slots */
    if (!t->failed)
        patch_jumps(t);
}

/* Our script of the translation, verified. */
static splev_levscript *build_script(tr *t, const char *name)
{
    splev_func *f = xcalloc(t->n_fn + 1, sizeof *f);
    char (*fname)[24] = xcalloc(t->n_fn + 1, sizeof *fname);
    f[0].name = "";
    f[0].end = (uint32_t)(t->n_fn ? t->fn[0].code : t->n_code);
    f[0].nslots = (uint16_t)t->scope;
    for (size_t k = 0; k < t->n_fn; k++) {
        snprintf(fname[k + 1], sizeof fname[k + 1], "f%zu", k + 1);
        f[k + 1].name = fname[k + 1];
        f[k + 1].entry = (uint32_t)t->fn[k].code;
        f[k + 1].end = (uint32_t)t->fn[k].end;
        f[k + 1].nparams = (uint16_t)t->fn[k].nparams;
        f[k + 1].nslots = (uint16_t)t->fn[k].nslots;
        f[k + 1].first_varname = (uint32_t)t->fn[k].first;
    }
    const char *files[1] = {name};
    splev_levscript in;
    memset(&in, 0, sizeof in);
    in.name = name;
    in.dialect = t->l->game == CLASSIC_NETHACK36 ? SPLEV_DIALECT_NETHACK36
                                                 : SPLEV_DIALECT_UNNETHACK;
    in.flags = t->flags;
    in.vault_freq = (t->flags & SPLEV_F_RNDVAULT) ? 1 : 0;
    in.n_files = 1;
    in.files = files;
    in.n_funcs = (uint32_t)t->n_fn + 1;
    in.funcs = f;
    in.n_consts = (uint32_t)t->n_consts;
    in.consts = t->consts;
    in.n_insns = (uint32_t)t->n_code;
    in.code = t->code;
    in.n_varnames = (uint32_t)t->n_slots;
    in.varnames = t->slots;
    size_t len = 0;
    unsigned char *bytes = splev_lev_encode(&in, &len);
    char verr[300];
    splev_levscript *s = splev_lev_decode(bytes, len, verr, sizeof verr);
    if (!s)
        snprintf(t->err, t->errlen, "the translation does not verify (%s)",
                 verr);
    free(bytes);
    free(fname);
    free(f);
    return s;
}

splev_levscript *classic_lev_translate(const classic_lev *l, const char *name,
                                       char *err, size_t errlen)
{
    tr t;
    memset(&t, 0, sizeof t);
    t.l = l;
    t.err = err;
    t.errlen = errlen;
    t.rec_insn = xcalloc(l->n + 1, sizeof *t.rec_insn);
    t.merged = xcalloc(l->n + 1, 1);
    t.in_fn = xcalloc(l->n + 1, 1);
    translate_all(&t);
    splev_levscript *s = t.failed ? NULL : build_script(&t, name);
    free_parts(&t);
    return s;
}
