/* types.c - what the checker and the code generator must agree on: value
 * types of expressions, variable slots, and the operand value of every
 * value word (doc/formats.md, "Operand conventions"). */
#include "lev_check/lev_check.h"

#include "common/common.h"
#include "levcode/opcodes.h"
#include "splev/level.h"
#include "splev/levscript.h"
#include "splev/variant.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *lev_type_name(int t)
{
    static const char *const one[] = {
        "nothing", "an integer", "a string", "a coordinate", "a region",
        "a map character", "a monster", "an object", "a selection", "a map"};
    static const char *const many[] = {
        "an array", "an array of integers", "an array of strings",
        "an array of coordinates", "an array of regions",
        "an array of map characters", "an array of monsters",
        "an array of objects", "an array of selections", "an array of maps"};
    int base = t & ~LT_ARRAY;
    if (base < 0 || base >= SPLEV_V_COUNT)
        return "a bad value";
    return t & LT_ARRAY ? many[base] : one[base];
}

/* ---- scopes ---- */

void lev_scope_init(lev_scope *s)
{
    memset(s, 0, sizeof *s);
}

void lev_scope_free(lev_scope *s)
{
    free(s->v);
    free(s->hash);
    memset(s, 0, sizeof *s);
}

int lev_scope_find(const lev_scope *s, const char *name)
{
    if (!s->hcap)
        return -1;
    for (size_t i = strmap_hash(name) & (s->hcap - 1);; i = (i + 1) & (s->hcap - 1)) {
        int32_t k = s->hash[i];
        if (k == 0)
            return -1;
        if (strcmp(s->v[k - 1].name, name) == 0)
            return k - 1;
    }
}

static void hash_put(lev_scope *s, int32_t index)
{
    size_t i = strmap_hash(s->v[index].name) & (s->hcap - 1);
    while (s->hash[i])
        i = (i + 1) & (s->hcap - 1);
    s->hash[i] = index + 1;
}

/* Grow the hash when half full; hidden slots are left out of it. */
static void hash_grow(lev_scope *s, int hidden_mark)
{
    (void)hidden_mark;
    size_t ncap = s->hcap ? s->hcap * 2 : 16;
    free(s->hash);
    s->hash = xcalloc(ncap, sizeof *s->hash);
    s->hcap = ncap;
    for (size_t i = 0; i < s->n; i++)
        if (s->v[i].name[0] == '$' && !strchr(s->v[i].name, ' '))
            hash_put(s, (int32_t)i);
}

int lev_scope_add(lev_scope *s, const char *name, int type, int hidden)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 16;
        s->v = xrealloc(s->v, s->cap * sizeof *s->v);
    }
    int slot = (int)s->n++;
    s->v[slot].name = name;
    s->v[slot].type = type;
    if (!hidden) {
        if ((s->n + 1) * 2 > s->hcap)
            hash_grow(s, 0);
        else
            hash_put(s, slot);
    }
    return slot;
}

/* ---- value words ---- */

int lev_word_value(int w)
{
    switch (w) {
    case LEV_W_LIT: case LEV_W_TRUE: case LEV_W_BROKEN: case LEV_W_NORTH:
    case LEV_W_LEFT: case LEV_W_TOP: case LEV_W_CHAOS: case LEV_W_PEACEFUL:
    case LEV_W_ASLEEP: case LEV_W_SHRINE: case LEV_W_UP: case LEV_W_DUST:
    case LEV_W_BLESSED: case LEV_W_FILLED: case LEV_W_IRREGULAR:
    case LEV_W_UNJOINED: case LEV_W_LIMITED: case LEV_W_SQUARE:
    case LEV_W_DRY: case LEV_W_PLINE: case LEV_W_TRAPPED:
    case LEV_W_HORIZONTAL: case LEV_W_SOLIDFILL:
        return 1;
    case LEV_W_OPEN: case LEV_W_SOUTH: case LEV_W_HALF_LEFT:
    case LEV_W_NEUTRAL: case LEV_W_SANCTUM: case LEV_W_ENGRAVE:
    case LEV_W_UNCURSED: case LEV_W_WET: case LEV_W_VERBAL:
    case LEV_W_VERTICAL: case LEV_W_MAZEGRID:
        return 2;
    case LEV_W_CENTER: case LEV_W_BURN: case LEV_W_CURSED: case LEV_W_FEEL:
    case LEV_W_MINES:
        return 3;
    case LEV_W_CLOSED: case LEV_W_EAST: case LEV_W_HALF_RIGHT: case LEV_W_LAW:
    case LEV_W_MARK: case LEV_W_HOT: case LEV_W_SHEOLLEV:
        return 4;
    case LEV_W_RIGHT: case LEV_W_BOTTOM: case LEV_W_BLOOD: case LEV_W_ROGUE:
        return 5;
    case LEV_W_LOCKED: case LEV_W_WEST: case LEV_W_SOLID:
        return 8;
    case LEV_W_ANY: return 16;
    case LEV_W_SECRET: return 32;
    case LEV_W_COALIGNED: return 0x20;
    case LEV_W_NONCOALIGNED: return 0x40;
    case LEV_W_NONE: return -2;
    default:
        return 0;
    }
}

uint32_t lev_flag_bits(int w)
{
    switch (w) {
    case LEV_W_NOTELEPORT: return SPLEV_F_NOTELEPORT;
    case LEV_W_HARDFLOOR: return SPLEV_F_HARDFLOOR;
    case LEV_W_NOMMAP: return SPLEV_F_NOMMAP;
    case LEV_W_SHORTSIGHTED: return SPLEV_F_SHORTSIGHTED;
    case LEV_W_ARBOREAL: return SPLEV_F_ARBOREAL;
    case LEV_W_NOFLIPX: return SPLEV_F_NOFLIPX;
    case LEV_W_NOFLIPY: return SPLEV_F_NOFLIPY;
    case LEV_W_NOFLIP: return SPLEV_F_NOFLIPX | SPLEV_F_NOFLIPY;
    case LEV_W_MAZELEVEL: return SPLEV_F_MAZELEVEL;
    case LEV_W_PREMAPPED: return SPLEV_F_PREMAPPED;
    case LEV_W_SHROUD: return SPLEV_F_SHROUD;
    case LEV_W_STORMY: return SPLEV_F_STORMY;
    case LEV_W_GRAVEYARD: return SPLEV_F_GRAVEYARD;
    case LEV_W_ICEDPOOLS: return SPLEV_F_ICEDPOOLS;
    case LEV_W_SOLIDIFY: return SPLEV_F_SOLIDIFY;
    case LEV_W_CORRMAZE: return SPLEV_F_CORRMAZE;
    case LEV_W_INACCESSIBLES: return SPLEV_F_INACCESSIBLES;
    case LEV_W_SKY: return SPLEV_F_SKY;
    case LEV_W_SHEOL: return SPLEV_F_SHEOL;
    case LEV_W_RNDVAULT: return SPLEV_F_RNDVAULT;
    case LEV_W_OUTDOORS: return SPLEV_F_OUTDOORS;
    case LEV_W_SPOOKY: return SPLEV_F_SPOOKY;
    default: return 0;
    }
}

/* A list of names grouped by first letter (lowercased when fold), read
 * once per thread from the level model, so that a lookup compares whole
 * names only with those of its first letter, in the list's order. */
typedef struct name_index {
    const char *name[64];
    unsigned char order[64];        /* name numbers by first letter */
    unsigned char second[64];       /* each name's second byte (| 0x20
                                       when fold), to skip a compare */
    unsigned char start[257];       /* order[start[c] .. start[c + 1]] */
    int filled;
} name_index;

static void index_names(name_index *x, const char *(*name_of)(int), int n,
                        int fold)
{
    unsigned char first[64];
    memset(x->start, 0, sizeof x->start);
    for (int t = 0; t < n; t++) {
        x->name[t] = name_of(t);
        first[t] = x->name[t] ? (unsigned char)x->name[t][0] : 0;
        if (fold && first[t])
            first[t] |= 0x20;
        if (x->name[t]) {
            x->start[first[t] + 1]++;
            x->second[t] = first[t] ? (unsigned char)x->name[t][1] : 0;
            if (fold)
                x->second[t] |= 0x20;
        }
    }
    for (int c = 0; c < 256; c++)
        x->start[c + 1] = (unsigned char)(x->start[c + 1] + x->start[c]);
    unsigned char next[256];
    memcpy(next, x->start, sizeof next);
    for (int t = 0; t < n; t++)
        if (x->name[t])
            x->order[next[first[t]]++] = (unsigned char)t;
    x->filled = 1;
}

int lev_room_written_flags(const lev_expr *list)
{
    if (!list)
        return 1;
    int v = 0;
    for (size_t i = 0; i < list->nargs; i++) {
        int w = (int)list->args[i]->ival;
        if (w == LEV_W_FILLED || w == LEV_W_TRUE)
            v |= 1;
        else if (w == LEV_W_IRREGULAR)
            v |= 2;
        else if (w == LEV_W_UNJOINED)
            v |= 4;
    }
    return v;
}

int lev_room_effective_flags(const lev_expr *align)
{
    if (!align || align->kind == LEV_E_RANDOM || align->nargs != 2)
        return 1;
    return align->args[1]->ival == LEV_W_BOTTOM ? 5 : 1;
}

int lev_room_type(const char *name)
{
    static _Thread_local name_index rooms;
    if (!rooms.filled)
        index_names(&rooms, splev_room_type_name, 64, 0);
    unsigned char c0 = (unsigned char)name[0];
    unsigned char c1 = c0 ? (unsigned char)name[1] : 0;
    for (int k = rooms.start[c0]; k < rooms.start[c0 + 1]; k++)
        if (rooms.second[rooms.order[k]] == c1 &&
            strcmp(rooms.name[rooms.order[k]], name) == 0)
            return rooms.order[k];
    return -1;
}

int lev_trap_type(const char *name)
{
    /* splev_trap_from_name (case-insensitive; index 0 is no trap). */
    static _Thread_local name_index traps;
    if (!traps.filled)
        index_names(&traps, splev_trap_name, SPLEV_TRAP_COUNT, 1);
    unsigned char c0 = (unsigned char)name[0] | 0x20;
    unsigned char c1 = (name[0] ? (unsigned char)name[1] : 0) | 0x20;
    for (int k = traps.start[c0]; k < traps.start[c0 + 1]; k++)
        if (traps.order[k] != 0 && traps.second[traps.order[k]] == c1 &&
            strcasecmp(traps.name[traps.order[k]], name) == 0)
            return traps.order[k];
    return 0;
}

int lev_core_lookup(const char *name)
{
    if (strcmp(name, "str") == 0)
        return CORE_STRING;
    if (strcmp(name, "int") == 0)
        return CORE_INTEGER;
    for (int i = 0; i < CORE_COUNT_; i++)
        if (splev_cores[i].spelling[0] != '.' &&
            strcmp(splev_cores[i].spelling, name) == 0)
            return i;
    return -1;
}

/* Map character -> terrain number, for every byte: filled once per
 * thread, so the checker's map characters and the code generator's MAP
 * cells cost one table load each. */
const char *lev_terrain_table(void)
{
    return lev_terrain_table_for(0);
}

/* The same for a variant profile: its own characters over the base
 * table (splev_variant_mapchar). */
const char *lev_terrain_table_for(int variant)
{
    static _Thread_local char tbls[SPLEV_VARIANT_COUNT][256];
    static _Thread_local unsigned char done[SPLEV_VARIANT_COUNT];
    if (variant < 0 || variant >= SPLEV_VARIANT_COUNT)
        variant = 0;
    char *tbl = tbls[variant];
    if (!done[variant]) {
        /* splev_terrain_from_mapchar for every byte, from one pass over
         * the terrains (the first terrain of a character wins). */
        memset(tbl, SPLEV_INVALID_TERRAIN, 256);
        for (int t = SPLEV_TERRAIN_COUNT - 1; t >= 0; t--) {
            int c = splev_terrain_mapchar(t);
            if (c > 0 && c < 256)
                tbl[c] = (char)t;
        }
        tbl['x'] = (char)SPLEV_TRANSPARENT;
        for (int c = 1; c < 256; c++) {
            int t = splev_variant_mapchar(variant, c);
            if (t >= 0)
                tbl[c] = (char)t;
        }
        done[variant] = 1;
    }
    return tbl;
}

/* ---- expression types ---- */

static int var_type(const lev_expr *e, const lev_scope *s)
{
    int slot = lev_scope_find(s, e->sval);
    if (slot < 0)
        return LT_NONE;
    int t = s->v[slot].type;
    if (e->sval2) {
        if (strcmp(e->sval2, "x") == 0 || strcmp(e->sval2, "y") == 0 ||
            strcmp(e->sval2, "length") == 0)
            return SPLEV_V_INT;
        return LT_NONE;
    }
    if (e->nargs > 0)
        return t & LT_ARRAY ? t & ~LT_ARRAY : LT_NONE;
    return t;
}

static int array_type(const lev_expr *e, const lev_scope *s, int base_hint)
{
    int t = LT_NONE;
    for (size_t i = 0; i < e->nargs; i++) {
        int et = base_hint ? base_hint : lev_value_type(e->args[i], s);
        if (et == LT_NONE || (et & LT_ARRAY) || (t && et != t))
            return LT_NONE;
        t = et;
    }
    return t ? t | LT_ARRAY : LT_NONE;
}

static int typed_type(const lev_expr *e, const lev_scope *s)
{
    static const int base[] = {SPLEV_V_SEL, SPLEV_V_MAPCHAR, SPLEV_V_MONST,
                               SPLEV_V_OBJ};
    int t = base[e->ival];
    const lev_expr *a = e->args[0];
    if (e->ival == LEV_T_SELECTION)
        return t;
    if (a->kind == LEV_E_ARRAY)
        return array_type(a, s, t);
    if (a->kind == LEV_E_VAR) {
        int vt = var_type(a, s);
        return vt == t || vt == (t | LT_ARRAY) ? vt : LT_NONE;
    }
    return t;
}

int lev_value_type(const lev_expr *e, const lev_scope *s)
{
    if (!e)
        return LT_NONE;
    switch (e->kind) {
    case LEV_E_INT: case LEV_E_DICE: case LEV_E_NEG:
        return SPLEV_V_INT;
    case LEV_E_BINOP:
        return e->ival == '.' ? SPLEV_V_STR : SPLEV_V_INT;
    case LEV_E_STRING: return SPLEV_V_STR;
    case LEV_E_CHAR: case LEV_E_MAPCHAR: return SPLEV_V_MAPCHAR;
    case LEV_E_COORD: case LEV_E_RANDOM: return SPLEV_V_COORD;
    case LEV_E_REGION: return SPLEV_V_REGION;
    case LEV_E_SEL:
        return e->ival == LEV_SEL_RNDCOORD ? SPLEV_V_COORD : SPLEV_V_SEL;
    case LEV_E_VAR: return var_type(e, s);
    case LEV_E_CALL: {
        int c = lev_core_lookup(e->sval);
        return c < 0 ? LT_NONE : splev_cores[c].result;
    }
    case LEV_E_ARRAY: return array_type(e, s, 0);
    case LEV_E_TYPED: return typed_type(e, s);
    default:
        return LT_NONE;
    }
}

int lev_expr_constant_tree(const lev_expr *e)
{
    switch (e->kind) {
    case LEV_E_INT: return 1;
    case LEV_E_NEG: return lev_expr_constant(e->args[0]);
    case LEV_E_BINOP:
        return e->ival != '.' && lev_expr_constant(e->args[0]) &&
               lev_expr_constant(e->args[1]);
    default: return 0;
    }
}

long lev_expr_eval_tree(const lev_expr *e)
{
    switch (e->kind) {
    case LEV_E_INT: return e->ival;
    case LEV_E_NEG: return (long)(0ul - (unsigned long)lev_expr_eval(e->args[0]));
    case LEV_E_BINOP: {
        long a = lev_expr_eval(e->args[0]), b = lev_expr_eval(e->args[1]);
        switch (e->ival) {
        case '+': return (long)((unsigned long)a + (unsigned long)b);
        case '-': return (long)((unsigned long)a - (unsigned long)b);
        case '*': return (long)((unsigned long)a * (unsigned long)b);
        case '/': return b < 1 ? 0 : a / b;
        case '%': return b < 1 ? 0 : a % b;
        default: return 0;
        }
    }
    default: return 0;
    }
}
