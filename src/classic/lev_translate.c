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

#include "common/common.h"
#include "levcode/opcodes.h"
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

static void emit(tr *t, int op, int a, int n, int32_t arg)
{
    grow_array((void **)&t->code, &t->cap_code, t->n_code + 1, sizeof *t->code);
    splev_insn *in = &t->code[t->n_code++];
    in->op = (uint8_t)op;
    in->a = (uint8_t)a;
    in->n = (uint16_t)n;
    in->arg = arg;
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
    if (v < 0 || v > 0xffffffffLL || x1 > x2 || y1 > y2 ||
        x2 >= SPLEV_COLNO || y2 >= SPLEV_ROWNO)
        return fail(t, "record %zu: region %lld does not fit our format", i,
                    (long long)v);
    push_const(t, SPLEV_V_REGION, x1, y1, x2, y2, NULL, 0);
    return 0;
}

static int push_mapchar(tr *t, size_t i)
{
    int64_t v = t->l->recs[i].value;
    int typ, lit;
    if (t->l->game == CLASSIC_UNNETHACK) {
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
    default:
        return fail(t, "unsupported classic construct PUSH of a %s "
                    "(record %zu)", r->tag == CTAG_VARIABLE ? "variable"
                    : r->tag == CTAG_MONST ? "monster" : "object", i);
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
    if (t->n_code != t->rec_insn[i - k] + k)
        return -1;
    t->n_code = t->rec_insn[i - k];
    return 0;
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
};

static int record(tr *t, size_t i)
{
    classic_op op = t->l->recs[i].op;
    switch (op) {
    case COP_PUSH: return push(t, i);
    case COP_LEVEL_FLAGS: return level_flags(t, i);
    case COP_MAP: return map(t, i);
    case COP_ROOM_DOOR: return room_door(t, i);
    default: break;
    }
    for (size_t k = 0; k < sizeof same / sizeof same[0]; k++)
        if (same[k].cop == op) {
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
    for (size_t i = 0; i < l->n && !t.failed; i++) {
        t.rec_insn[i] = t.n_code;
        record(&t, i);
    }
    splev_levscript *s = NULL;
    if (!t.failed) {
        splev_func f;
        memset(&f, 0, sizeof f);
        f.name = "";
        f.end = (uint32_t)t.n_code;
        const char *files[1] = {name};
        splev_levscript in;
        memset(&in, 0, sizeof in);
        in.name = name;
        in.dialect = l->game == CLASSIC_NETHACK36 ? SPLEV_DIALECT_NETHACK36
                                                  : SPLEV_DIALECT_UNNETHACK;
        in.flags = t.flags;
        in.vault_freq = (t.flags & SPLEV_F_RNDVAULT) ? 1 : 0;
        in.n_files = 1;
        in.files = files;
        in.n_funcs = 1;
        in.funcs = &f;
        in.n_consts = (uint32_t)t.n_consts;
        in.consts = t.consts;
        in.n_insns = (uint32_t)t.n_code;
        in.code = t.code;
        size_t len = 0;
        unsigned char *bytes = splev_lev_encode(&in, &len);
        char verr[300];
        s = splev_lev_decode(bytes, len, verr, sizeof verr);
        if (!s)
            snprintf(err, errlen, "the translation does not verify (%s)", verr);
        free(bytes);
    }
    free_parts(&t);
    return s;
}
