/* lev_classic.c - writes a checked level as the .lev file of UnNetHack or
 * NetHack 3.6: the code the game's own lev_comp generates for it, record
 * for record.  Unlike our own format there are no slots or constant pools:
 * variables travel by name, constants are pushed where they are used,
 * FUNCTION bodies are inlined at their first call in each level, and
 * every jump is relative to the jump's own record.  Where the games'
 * compiler writes a value differently from what the source says (the ROOM
 * flags, a few 32-bit constants, the NetHack MAZE filler), we write what
 * the game writes: the loader and the game's levels depend on it. */
#include "classic/lev_classic.h"

#include "classic/lev_classic_int.h"
#include "common/common.h"
#include "levcode/opcodes.h"
#include "splev/levscript.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- opcodes: X(name, UnNetHack number, NetHack 3.6 number; -1 none) ---- */
#define CL_OPS(X)                                                            \
    X(MESSAGE, 1, 1) X(MONSTER, 2, 2) X(OBJECT, 3, 3) X(ENGRAVING, 4, 4)     \
    X(ROOM, 5, 5) X(SUBROOM, 6, 6) X(DOOR, 7, 7) X(STAIR, 8, 8)              \
    X(LADDER, 9, 9) X(ALTAR, 10, 10) X(FOUNTAIN, 11, 11) X(SINK, 12, 12)     \
    X(POOL, 13, 13) X(TRAP, 14, 14) X(GOLD, 15, 15) X(CORRIDOR, 16, 16)      \
    X(LEVREGION, 17, 17) X(DRAWBRIDGE, 18, 18) X(MAZEWALK, 19, 19)           \
    X(NON_DIGGABLE, 20, 20) X(NON_PASSWALL, 21, 21) X(WALLIFY, 22, 22)       \
    X(MAP, 23, 23) X(ROOM_DOOR, 24, 24) X(REGION, 25, 25)                    \
    X(MINERALIZE, 26, 26) X(CMP, 27, 27) X(JMP, 28, 28) X(JL, 29, 29)        \
    X(JLE, 30, 30) X(JG, 31, 31) X(JGE, 32, 32) X(JE, 33, 33)                \
    X(JNE, 34, 34) X(SPILL, 35, -1) X(TERRAIN, 36, 35)                       \
    X(REPLACETERRAIN, 37, 36) X(EXIT, 38, 37) X(ENDROOM, 39, 38)             \
    X(POP_CONTAINER, 40, 39) X(PUSH, 41, 40) X(POP, 42, 41) X(RN2, 43, 42)   \
    X(DEC, 44, 43) X(INC, 45, 44) X(MATH_ADD, 46, 45) X(MATH_SUB, 47, 46)    \
    X(MATH_MUL, 48, 47) X(MATH_DIV, 49, 48) X(MATH_MOD, 50, 49)              \
    X(MATH_SIGN, 51, 50) X(COPY, 52, 51) X(MON_GENERATION, 53, -1)           \
    X(END_MONINVENT, 54, 52) X(GRAVE, 55, 53) X(CALL, 58, 56)                \
    X(RETURN, 59, 57) X(INITLEVEL, 60, 58) X(LEVEL_FLAGS, 61, 59)            \
    X(LEVEL_SOUNDS, 62, -1) X(WALLWALK, 63, -1) X(VAR_INIT, 64, 60)          \
    X(SHUFFLE_ARRAY, 65, 61) X(DICE, 66, 62) X(COREFUNC, 67, -1)             \
    X(SEL_ADD, 68, 63) X(SEL_POINT, 69, 64) X(SEL_RECT, 70, 65)              \
    X(SEL_FILLRECT, 71, 66) X(SEL_LINE, 72, 67) X(SEL_RNDLINE, 73, 68)       \
    X(SEL_GROW, 74, 69) X(SEL_FLOOD, 75, 70) X(SEL_RNDCOORD, 76, 71)         \
    X(SEL_ELLIPSE, 77, 72) X(SEL_FILTER, 78, 73) X(SEL_GRADIENT, 79, 74)     \
    X(SEL_COMPLEMENT, 80, 75)

enum {
#define X(n, u, h) C_##n,
    CL_OPS(X)
#undef X
    C_COUNT_
};

static const struct { const char *name; int num[2]; } cl_ops[C_COUNT_] = {
#define X(n, u, h) {#n, {u, h}},
    CL_OPS(X)
#undef X
};

/* Operand tags of PUSH. */
enum { T_INT = 1, T_STR, T_VAR, T_COORD, T_REGION, T_MAPCHAR, T_MONST,
       T_OBJ };

/* Per-game constants (index: 0 UnNetHack, 1 NetHack 3.6). */
enum { G_UN, G_NH };
static const int vtag_bytes[2] = {2, 1};
static const int maxrtype[2] = {34, 25};
static const int max_type[2] = {41, 36};
static const int init_style[2][6] = {
    /* none solidfill mazegrid mines sheol rogue */
    {0, 1, 2, 4, 5, 6}, {0, 1, 2, 3, -1, 4}};

/* Terrain numbers of map characters, by game (0: UnNetHack). */
enum { TT_STONE, TT_VWALL, TT_HWALL, TT_CROSSWALL, TT_TREE, TT_DEADTREE,
       TT_ICEWALL, TT_CRYSTALICEWALL, TT_SDOOR, TT_SCORR, TT_POOL, TT_MOAT,
       TT_WATER, TT_LAVAPOOL, TT_IRONBARS, TT_DOOR, TT_CORR, TT_ROOM,
       TT_FOUNTAIN, TT_THRONE, TT_SINK, TT_ICE, TT_BOG, TT_AIR, TT_CLOUD,
       TT_COUNT };
static const signed char terrain_num[2][TT_COUNT] = {
    {0, 1, 2, 7, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25, 26, 27,
     30, 31, 32, 35, 36, 39, 40},
    {0, 1, 2, 7, 13, -1, -1, -1, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24,
     27, 28, 29, 32, -1, 34, 35}};
static const struct { char c; int t; } mapchars[] = {
    {' ', TT_STONE}, {'#', TT_CORR}, {'.', TT_ROOM}, {'-', TT_HWALL},
    {'|', TT_VWALL}, {'+', TT_DOOR}, {'A', TT_AIR}, {'B', TT_CROSSWALL},
    {'C', TT_CLOUD}, {'S', TT_SDOOR}, {'H', TT_SCORR}, {'{', TT_FOUNTAIN},
    {'\\', TT_THRONE}, {'K', TT_SINK}, {'}', TT_MOAT}, {'P', TT_POOL},
    {'L', TT_LAVAPOOL}, {'I', TT_ICE}, {'W', TT_WATER}, {'T', TT_TREE},
    {'F', TT_IRONBARS}, {'M', TT_BOG}, {'t', TT_DEADTREE},
    {'Y', TT_CRYSTALICEWALL}, {'U', TT_ICEWALL}};

/* Level flag bits by game, indexed by the FLAG words in LEV_VALUE_WORDS
 * order from LEV_W_NOTELEPORT. */
static const uint32_t flag_bits[2][20] = {
    {0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x40, 0x60, 0x80, 0x100, 0x200, 0x400,
     0x800, 0x1000, 0x2000, 0x4000, 0x8000, 0x10000, 0x20000, 0x40000},
    {0x1, 0x2, 0x4, 0x8, 0x10, 0, 0, 0, 0x20, 0x40, 0x80, 0, 0x100, 0x200,
     0x400, 0x800, 0x1000, 0, 0, 0}};

/* Room types by name: UnNetHack and NetHack 3.6 codes (-1: none). */
static const struct { const char *name; int code[2]; } room_types[] = {
    {"ordinary", {0, 0}}, {"rndvault", {18, -1}}, {"throne", {2, 2}},
    {"swamp", {3, 3}}, {"vault", {4, 4}}, {"beehive", {5, 5}},
    {"morgue", {6, 6}}, {"barracks", {7, 7}}, {"zoo", {8, 8}},
    {"delphi", {9, 9}}, {"temple", {10, 10}}, {"leprehall", {11, 11}},
    {"cocknest", {12, 12}}, {"anthole", {13, 13}}, {"garden", {14, -1}},
    {"lemurepit", {16, -1}}, {"black market foyer", {19, -1}},
    {"shop", {20, 14}}, {"armor shop", {21, 15}}, {"scroll shop", {22, 16}},
    {"potion shop", {23, 17}}, {"weapon shop", {24, 18}},
    {"food shop", {25, 19}}, {"ring shop", {26, 20}},
    {"wand shop", {27, 21}}, {"tool shop", {28, 22}},
    {"book shop", {29, 23}}, {"tin shop", {30, -1}},
    {"health food shop", {-1, 24}}, {"music shop", {31, -1}},
    {"pet shop", {32, -1}}, {"candle shop", {33, 25}},
    {"black market", {34, -1}}};

/* Trap names: the number is the position + 1, except the last ones. */
static const char *const trap_names[] = {
    "arrow", "dart", "falling rock", "board", "bear", "land mine",
    "rolling boulder", "sleep gas", "rust", "fire", "pit", "spiked pit",
    "hole", "trap door", "teleport", "level teleport", "magic portal",
    "web", "statue", "magic", "anti magic"};

/* Core function numbers (UnNetHack), by our CORE_* numbers. */
static const int core_num[CORE_COUNT_] = {
    [CORE_LEVEL_DIFFICULTY] = 1, [CORE_LEVEL_DEPTH] = 2,
    [CORE_DISCORDIAN] = 3, [CORE_PIRATEDAY] = 4, [CORE_APRILFOOLS] = 5,
    [CORE_PIDAY] = 6, [CORE_TOWELDAY] = 7, [CORE_MIDNIGHT] = 8,
    [CORE_NIGHT] = 9, [CORE_FRIDAY13] = 10, [CORE_MOON_PHASE] = 11,
    [CORE_YYYYMMDD] = 12, [CORE_HERO_NAME] = 13, [CORE_STRING] = 14,
    [CORE_INTEGER] = 15, [CORE_COORD] = 16, [CORE_REGION] = 17,
    [CORE_RND] = 18, [CORE_OBJ_AT] = 19, [CORE_MON_AT] = 20,
    [CORE_CARRYING] = 21, [CORE_HERO_ROLE] = 22, [CORE_HERO_RACE] = 23,
    [CORE_ROOM_WIDTH] = 24, [CORE_ROOM_HEIGHT] = 25, [CORE_ROOM_X] = 26,
    [CORE_ROOM_Y] = 27, [CORE_COORD_X] = 28, [CORE_COORD_Y] = 29};
#define CORE_LENGTH 30

/* MONSTER and OBJECT attribute keys. */
enum { CMK_PEACEFUL, CMK_ALIGN, CMK_ASLEEP, CMK_APPEAR, CMK_NAME, CMK_FEMALE,
       CMK_INVIS, CMK_CANCELLED, CMK_REVIVED, CMK_AVENGE, CMK_FLEEING,
       CMK_BLINDED, CMK_PARALYZED, CMK_STUNNED, CMK_CONFUSED, CMK_SEENTRAPS,
       CMK_END };
enum { COK_SPE, COK_CURSE, COK_CORPSENM, COK_NAME, COK_QUAN, COK_BURIED, COK_LIT,
       COK_ERODED, COK_LOCKED, COK_TRAPPED, COK_RECHARGED, COK_INVIS,
       COK_GREASED, COK_BROKEN, COK_COORD, COK_END };

/* ---- the record list ---- */

typedef struct crec {
    int op;                 /* C_* */
    int tag;                /* PUSH: T_* */
    int64_t v;
    const char *s;          /* T_STR / T_VAR bytes (borrowed or owned) */
    uint32_t len;
} crec;

/* A BREAK waiting for the end of its breakable block. */
typedef struct pending {
    size_t push;            /* its offset PUSH */
    int depth;              /* the breakable block it belongs to */
} pending;

/* A FUNCTION already inlined in this level: where its body starts. */
typedef struct inlined {
    const lev_stmt *def;
    size_t body;
} inlined;

typedef struct cm {
    int g;                  /* G_UN or G_NH */
    const lev_plan *plan;
    crec *r;
    size_t n, cap;
    lev_scope *sc;
    pending *brk;           /* newest last */
    size_t nbrk, capbrk;
    int depth;              /* breakable blocks open */
    int content;            /* inside a CONTAINER or MONSTER block */
    inlined *fn;
    size_t nfn, capfn;
    char **owned;
    size_t nowned, capowned;
    const lev_pos *at;      /* the statement being written */
    enum lev_stmt_kind cur; /* and its kind */
    char *err;
    size_t errlen;
    int failed;
} cm;

/* The level cannot be written for this game: "FILE:LINE:COL: error: ..."
 * at the statement being written. */
static void fail(cm *m, const char *fmt, ...)
{
    if (m->failed)
        return;
    m->failed = 1;
    int n = 0;
    if (m->at)
        n = snprintf(m->err, m->errlen, "%s:%d:%d: error: ",
                     lev_pos_file(*m->at), m->at->line, m->at->col);
    if (n < 0 || (size_t)n >= m->errlen)
        n = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->err + n, m->errlen - (size_t)n, fmt, ap);
    va_end(ap);
}

static const char *const game_names[2] = {"UnNetHack", "NetHack 3.6"};

static size_t rec(cm *m, int op, int tag, int64_t v, const char *s,
                  size_t len)
{
    if (cl_ops[op].num[m->g] < 0)
        fail(m, "%s cannot be written for NetHack 3.6: its loader has no "
             "%s instruction", m->at ? lev_stmt_name(m->cur) : "this",
             cl_ops[op].name);
    if (m->n == m->cap) {
        m->cap = m->cap ? m->cap * 2 : 256;
        m->r = xrealloc(m->r, m->cap * sizeof *m->r);
    }
    crec *c = &m->r[m->n];
    c->op = op;
    c->tag = tag;
    c->v = v;
    c->s = s;
    c->len = (uint32_t)len;
    return m->n++;
}

#define OP(m, name) rec(m, C_##name, 0, 0, NULL, 0)

static size_t push(cm *m, int tag, int64_t v)
{
    return rec(m, C_PUSH, tag, v, NULL, 0);
}

static size_t push_int(cm *m, long v)
{
    return push(m, T_INT, v);
}

/* An int constant the UnNetHack compiler passes through a 32-bit int to a
 * long: a negative one is stored zero-extended there (4294967295 for -1);
 * NetHack 3.6 stores it sign-extended. */
static void push_int32(cm *m, int tag, long v)
{
    push(m, tag, m->g == G_UN ? (int64_t)(uint32_t)v : v);
}

static void push_str(cm *m, int tag, const char *s)
{
    rec(m, C_PUSH, tag, 0, s ? s : "", s ? strlen(s) : 0);
}

static char *own(cm *m, char *p)
{
    if (m->nowned == m->capowned) {
        m->capowned = m->capowned ? m->capowned * 2 : 16;
        m->owned = xrealloc(m->owned, m->capowned * sizeof *m->owned);
    }
    return m->owned[m->nowned++] = p;
}

/* Point the offset PUSH of the jump after it at target. */
static void patch(cm *m, size_t push_at, size_t target)
{
    m->r[push_at].v = (int64_t)target - (int64_t)(push_at + 1);
}

/* An offset PUSH and its jump; returns the PUSH's index for patch. */
static size_t jump(cm *m, int op)
{
    size_t at = push_int(m, 0);
    rec(m, op, 0, 0, NULL, 0);
    return at;
}

/* A jump back to target, known already. */
static void jump_to(cm *m, int op, size_t target)
{
    patch(m, jump(m, op), target);
}

/* ---- values ---- */

static int terrain(cm *m, int c)
{
    if (c == 'x')
        return max_type[m->g];
    for (size_t i = 0; i < sizeof mapchars / sizeof mapchars[0]; i++)
        if (mapchars[i].c == c) {
            int t = terrain_num[m->g][mapchars[i].t];
            return t < 0 ? 127 : t;
        }
    return 127;
}

static int64_t pack_mapchar(cm *m, int typ, int lit)
{
    if (m->g == G_UN)
        return (int64_t)lit * 256 + (signed char)typ;
    return (int64_t)(((10 + lit) << 8) | (typ & 0xff));
}

static int64_t pack_thing(cm *m, int index, int cls)
{
    if (m->g == G_UN)
        return (int64_t)index * 256 + (signed char)cls;
    return (int64_t)(((10 + index) << 8) | (cls & 0xff));
}

static const classic_name *name_table(cm *m, int monster)
{
    if (m->g == G_UN)
        return monster ? classic_un_monsters : classic_un_objects;
    return monster ? classic_nh_monsters : classic_nh_objects;
}

/* The entry of name (in class cls, 0 any): an exact match first, then one
 * ignoring case, as the games look names up. */
static const classic_name *find_name(cm *m, int monster, const char *name,
                                     int cls)
{
    const classic_name *t = name_table(m, monster);
    for (int pass = 0; pass < 2; pass++)
        for (const classic_name *e = t; e->name; e++)
            if ((!cls || e->cls == cls) &&
                (pass ? strcasecmp(e->name, name) : strcmp(e->name, name))
                    == 0)
                return e;
    return NULL;
}

static int word(const lev_expr *e)
{
    if (!e || e->kind == LEV_E_RANDOM)
        return -1;
    return lev_word_value((int)e->ival);
}

static int light(const lev_expr *e)
{
    return word(e);
}

static void e_expr(cm *m, const lev_expr *e);
static void e_sel(cm *m, const lev_expr *e);

/* $v, $v[i], $v.x, $v.length */
static void e_var(cm *m, const lev_expr *e)
{
    if (e->nargs && e->args[0])
        e_expr(m, e->args[0]);
    push_str(m, T_VAR, e->sval);
    if (e->sval2) {
        int fn = strcmp(e->sval2, "length") == 0 ? CORE_LENGTH
                 : e->sval2[0] == 'x'            ? core_num[CORE_COORD_X]
                                                 : core_num[CORE_COORD_Y];
        push_int(m, fn);
        OP(m, COREFUNC);
    }
}

static void e_value(cm *m, const lev_expr *e, int type);

static void e_core(cm *m, const lev_expr *e)
{
    int fn = lev_core_lookup(e->sval);
    if (fn < 0) {
        fail(m, "unknown function %s", e->sval);
        return;
    }
    for (int i = 0; i < splev_cores[fn].nargs && i < (int)e->nargs; i++)
        e_value(m, e->args[i], splev_core_arg_type(fn, i));
    push_int(m, core_num[fn]);
    OP(m, COREFUNC);
}

/* Integer and string expressions. */
static void e_expr(cm *m, const lev_expr *e)
{
    static const int ops[128] = {['+'] = C_MATH_ADD, ['-'] = C_MATH_SUB,
                                 ['*'] = C_MATH_MUL, ['/'] = C_MATH_DIV,
                                 ['%'] = C_MATH_MOD, ['.'] = C_MATH_ADD};
    switch (e->kind) {
    case LEV_E_INT: case LEV_E_CHAR: case LEV_E_PERCENT:
        push_int(m, e->ival);
        return;
    case LEV_E_DICE:
        push_int(m, e->ival);
        push_int(m, e->ival2);
        OP(m, DICE);
        return;
    case LEV_E_NEG:
        if (lev_expr_constant(e)) {
            push_int(m, lev_expr_eval(e));
            return;
        }
        push_int(m, 0);
        e_expr(m, e->args[0]);
        OP(m, MATH_SUB);
        return;
    case LEV_E_BINOP:
        e_expr(m, e->args[0]);
        e_expr(m, e->args[1]);
        rec(m, ops[e->ival & 127], 0, 0, NULL, 0);
        return;
    case LEV_E_STRING: push_str(m, T_STR, e->sval); return;
    case LEV_E_VAR: e_var(m, e); return;
    case LEV_E_CALL: e_core(m, e); return;
    case LEV_E_RANDOM: push_int(m, -1); return;
    case LEV_E_WORD: push_int(m, lev_word_value((int)e->ival)); return;
    default:
        fail(m, "internal: %s is not an expression",
             lev_expr_kind_name(e->kind));
    }
}

static int all_constant(const lev_expr *e, int n, long *v)
{
    for (int i = 0; i < n; i++) {
        if (!lev_expr_constant(e->args[i]))
            return 0;
        v[i] = lev_expr_eval(e->args[i]);
    }
    return 1;
}

static void e_coord(cm *m, const lev_expr *e)
{
    long v[2];
    switch (e->kind) {
    case LEV_E_COORD:
        if (all_constant(e, 2, v)) {
            push(m, T_COORD, (int64_t)v[0] + ((int64_t)v[1] << 16));
            return;
        }
        e_expr(m, e->args[0]);
        e_expr(m, e->args[1]);
        push_int(m, core_num[CORE_COORD]);
        OP(m, COREFUNC);
        return;
    case LEV_E_RANDOM: {
        int flags = 0;
        for (size_t i = 0; i < e->nargs; i++)
            flags |= lev_word_value((int)e->args[i]->ival);
        push(m, T_COORD, 0x01000000 | flags);
        return;
    }
    case LEV_E_SEL:
        e_sel(m, e->args[0]);
        OP(m, SEL_RNDCOORD);
        return;
    default: e_expr(m, e);
    }
}

static void e_region(cm *m, const lev_expr *e)
{
    long v[4];
    if (e->kind != LEV_E_REGION) {
        e_expr(m, e);
        return;
    }
    if (all_constant(e, 4, v)) {
        push(m, T_REGION, (int64_t)v[0] + ((int64_t)v[1] << 8) +
                              ((int64_t)v[2] << 16) + ((int64_t)v[3] << 24));
        return;
    }
    for (int i = 0; i < 4; i++)
        e_expr(m, e->args[i]);
    push_int(m, core_num[CORE_REGION]);
    OP(m, COREFUNC);
}

static void e_mapchar(cm *m, const lev_expr *e)
{
    switch (e->kind) {
    case LEV_E_CHAR:
        push(m, T_MAPCHAR, pack_mapchar(m, terrain(m, (int)e->ival), -2));
        return;
    case LEV_E_MAPCHAR:
        push(m, T_MAPCHAR, pack_mapchar(m, terrain(m, (int)e->args[0]->ival),
                                        light(e->args[1])));
        return;
    case LEV_E_TYPED: e_mapchar(m, e->args[0]); return;
    default: e_expr(m, e);
    }
}

/* A monster (monster != 0) or object. */
static void e_thing(cm *m, const lev_expr *e, int monster)
{
    int tag = monster ? T_MONST : T_OBJ;
    const classic_name *n;
    switch (e->kind) {
    case LEV_E_CHAR: push(m, tag, pack_thing(m, -1, (int)e->ival)); return;
    case LEV_E_STRING:
        n = find_name(m, monster, e->sval, 0);
        if (!n)
            break;
        push(m, tag, pack_thing(m, n->index, monster ? n->cls : 1));
        return;
    case LEV_E_CLASSNAME:
        n = find_name(m, monster, e->args[1]->sval, (int)e->args[0]->ival);
        if (!n)
            break;
        push(m, tag, pack_thing(m, n->index, (int)e->args[0]->ival));
        return;
    case LEV_E_RANDOM: push(m, tag, -1); return;
    case LEV_E_TYPED: e_thing(m, e->args[0], monster); return;
    default: e_expr(m, e); return;
    }
    fail(m, "%s has no %s \"%s\"", game_names[m->g],
         monster ? "monster" : "object",
         e->kind == LEV_E_STRING ? e->sval : e->args[1]->sval);
}

/* ---- selections ---- */

/* a & b & c: the games' grammar makes & right-recursive, so every
 * operand comes first, then the SEL_ADDs (our tree leans left). */
static void e_union(cm *m, const lev_expr *e)
{
    if (e->kind == LEV_E_SEL && e->ival == LEV_SEL_UNION) {
        e_union(m, e->args[0]);
        e_sel(m, e->args[1]);
        return;
    }
    e_sel(m, e);
}

static size_t union_len(const lev_expr *e)
{
    size_t n = 1;
    for (; e->kind == LEV_E_SEL && e->ival == LEV_SEL_UNION; e = e->args[0])
        n++;
    return n;
}

static void e_sel_op(cm *m, const lev_expr *e)
{
    lev_expr *const *a = e->args;
    switch (e->ival) {
    case LEV_SEL_UNION:
        e_union(m, e);
        for (size_t i = union_len(e); i > 1; i--)
            OP(m, SEL_ADD);
        return;
    case LEV_SEL_RECT: e_region(m, a[0]); OP(m, SEL_RECT); return;
    case LEV_SEL_FILLRECT: e_region(m, a[0]); OP(m, SEL_FILLRECT); return;
    case LEV_SEL_LINE:
        e_coord(m, a[0]);
        e_coord(m, a[1]);
        OP(m, SEL_LINE);
        return;
    case LEV_SEL_RANDLINE:
        e_coord(m, a[0]);
        e_coord(m, a[1]);
        e_expr(m, a[2]);
        OP(m, SEL_RNDLINE);
        return;
    case LEV_SEL_GROW: {
        e_sel(m, a[0]);
        int dirs = 0;
        for (size_t i = 0; e->nargs > 1 && a[1] && i < a[1]->nargs; i++)
            dirs |= lev_word_value((int)a[1]->args[i]->ival);
        push_int(m, dirs ? dirs : 15);
        OP(m, SEL_GROW);
        return;
    }
    case LEV_SEL_FILTER:
        if (a[0]->kind == LEV_E_PERCENT) {
            e_sel(m, a[1]);
            push_int(m, a[0]->ival);
            push_int(m, 0);
        } else if (a[0]->kind == LEV_E_CHAR || a[0]->kind == LEV_E_MAPCHAR) {
            e_mapchar(m, a[0]);
            e_sel(m, a[1]);
            push_int(m, 2);
        } else {
            e_sel(m, a[0]);
            e_sel(m, a[1]);
            push_int(m, 1);
        }
        OP(m, SEL_FILTER);
        return;
    case LEV_SEL_FLOODFILL: e_coord(m, a[0]); OP(m, SEL_FLOOD); return;
    case LEV_SEL_CIRCLE:
        e_coord(m, a[0]);
        e_expr(m, a[1]);
        OP(m, COPY);
        push_int(m, e->nargs > 2 && a[2] ? lev_word_value((int)a[2]->ival)
                                         : 1);
        OP(m, SEL_ELLIPSE);
        return;
    case LEV_SEL_ELLIPSE:
        e_coord(m, a[0]);
        e_expr(m, a[1]);
        e_expr(m, a[2]);
        push_int(m, e->nargs > 3 && a[3] ? lev_word_value((int)a[3]->ival)
                                         : 1);
        OP(m, SEL_ELLIPSE);
        return;
    case LEV_SEL_GRADIENT:
        e_expr(m, a[1]);
        e_expr(m, a[2]);
        e_coord(m, a[4]);
        if (e->nargs > 5 && a[5])
            e_coord(m, a[5]);
        else
            OP(m, COPY);
        push_int(m, a[3] ? lev_word_value((int)a[3]->ival) : 0);
        push_int(m, lev_word_value((int)a[0]->ival));
        OP(m, SEL_GRADIENT);
        return;
    case LEV_SEL_COMPLEMENT: e_sel(m, a[0]); OP(m, SEL_COMPLEMENT); return;
    case LEV_SEL_RNDCOORD:
        e_coord(m, e);
        OP(m, SEL_POINT);
        return;
    default: return;
    }
}

static void e_sel(cm *m, const lev_expr *e)
{
    if (e->kind == LEV_E_SEL) {
        e_sel_op(m, e);
        return;
    }
    if (e->kind == LEV_E_TYPED) {
        e_sel(m, e->args[0]);
        return;
    }
    if (lev_value_type(e, m->sc) == SPLEV_V_SEL) {
        e_expr(m, e);
        return;
    }
    e_coord(m, e);
    OP(m, SEL_POINT);
}

/* A value of a known type (assignments, arguments, array elements). */
static void e_value(cm *m, const lev_expr *e, int type)
{
    switch (type & ~LT_ARRAY) {
    case SPLEV_V_COORD: e_coord(m, e); return;
    case SPLEV_V_REGION: e_region(m, e); return;
    case SPLEV_V_MAPCHAR: e_mapchar(m, e); return;
    case SPLEV_V_MONST: e_thing(m, e, 1); return;
    case SPLEV_V_OBJ: e_thing(m, e, 0); return;
    case SPLEV_V_SEL: e_sel(m, e); return;
    default: e_expr(m, e); return;
    }
}

/* ---- control flow ---- */

static void e_block(cm *m, const lev_block *b);

static const lev_expr *arg(const lev_stmt *s, size_t i)
{
    return i < s->nargs ? s->args[i] : NULL;
}

static void add_break(cm *m)
{
    size_t at = push_int(m, 0);
    OP(m, JMP);
    /* until its block ends, the offset is the PUSH's own index */
    m->r[at].v = (int64_t)at;
    if (m->nbrk == m->capbrk) {
        m->capbrk = m->capbrk ? m->capbrk * 2 : 8;
        m->brk = xrealloc(m->brk, m->capbrk * sizeof *m->brk);
    }
    m->brk[m->nbrk].push = at;
    m->brk[m->nbrk++].depth = m->depth;
}

/* The end of the breakable block at depth d: its BREAKs land on target.
 * As in the games' compiler, when the newest pending BREAK is this
 * block's, the whole list is dropped after patching, so a BREAK of an
 * outer block written before a nested breakable block that has its own
 * BREAK is never patched. */
static void end_breakable(cm *m, size_t target)
{
    int d = m->depth--;
    if (!m->nbrk || m->brk[m->nbrk - 1].depth != d)
        return;
    for (size_t i = 0; i < m->nbrk; i++)
        if (m->brk[i].depth == d)
            patch(m, m->brk[i].push, target);
    m->nbrk = 0;
}

/* A block closed by end_op (ENDROOM, END_MONINVENT, POP_CONTAINER), where
 * BREAK lands. */
static void e_closed_block(cm *m, const lev_block *body, int end_op)
{
    m->depth++;
    e_block(m, body);
    end_breakable(m, m->n);
    rec(m, end_op, 0, 0, NULL, 0);
}

/* The condition and the jump taken when it is false; returns the jump's
 * offset PUSH. */
static size_t e_cond(cm *m, const lev_expr *c)
{
    static const int rev[] = {[LEV_CMP_EQ] = C_JNE, [LEV_CMP_NE] = C_JE,
                              [LEV_CMP_LT] = C_JGE, [LEV_CMP_LE] = C_JG,
                              [LEV_CMP_GT] = C_JLE, [LEV_CMP_GE] = C_JL};
    if (c->kind == LEV_E_PERCENT) {
        push_int(m, c->ival);
        push_int(m, 100);
        OP(m, RN2);
        OP(m, CMP);
        return jump(m, C_JLE);
    }
    if (c->kind == LEV_E_CMP) {
        e_expr(m, c->args[0]);
        e_expr(m, c->args[1]);
        OP(m, CMP);
        return jump(m, rev[c->ival]);
    }
    e_expr(m, c);
    push_int(m, 0);
    OP(m, CMP);
    return jump(m, C_JE);
}

static void e_if(cm *m, const lev_stmt *s)
{
    size_t jf = e_cond(m, s->args[0]);
    e_block(m, &s->body);
    if (s->has_else) {
        size_t jend = jump(m, C_JMP);
        patch(m, jf, m->n);
        e_block(m, &s->else_body);
        patch(m, jend, m->n);
    } else {
        patch(m, jf, m->n);
    }
}

/* <n>; top: DEC body COPY 0 CMP JG top; POP.  BREAK lands after the POP. */
static void e_loop(cm *m, const lev_stmt *s)
{
    e_expr(m, s->args[0]);
    size_t top = OP(m, DEC);
    m->depth++;
    e_block(m, &s->body);
    OP(m, COPY);
    push_int(m, 0);
    OP(m, CMP);
    jump_to(m, C_JG, top);
    OP(m, POP);
    end_breakable(m, m->n);
}

/* <e> [RN2] JMP table; the case bodies; JMP end; table: per case COPY k
 * CMP JE body; [JMP default]; end: POP (where BREAK lands). */
static void e_switch(cm *m, const lev_stmt *s)
{
    const lev_expr *v = s->args[0];
    e_expr(m, v);
    if (lev_expr_constant(v))
        OP(m, RN2);
    size_t jtable = jump(m, C_JMP);
    size_t n = s->body.n, deflt = 0;
    int has_default = 0;
    size_t *start = xcalloc(n + 1, sizeof *start);
    m->depth++;
    for (size_t i = 0; i < n; i++) {
        const lev_stmt *k = s->body.v[i];
        start[i] = m->n;
        if (k->kind == LEV_S_DEFAULT) {
            deflt = m->n;
            has_default = 1;
        }
        e_block(m, &k->body);
    }
    size_t jend = jump(m, C_JMP);
    patch(m, jtable, m->n);
    for (size_t i = 0; i < n; i++) {
        const lev_stmt *k = s->body.v[i];
        if (k->kind != LEV_S_CASE)
            continue;
        OP(m, COPY);
        push_int(m, lev_expr_eval(k->args[0]));
        OP(m, CMP);
        jump_to(m, C_JE, start[i]);
    }
    if (has_default)
        jump_to(m, C_JMP, deflt);
    patch(m, jend, m->n);
    end_breakable(m, m->n);
    OP(m, POP);
    free(start);
}

/* The hidden variable names of a FOR: "$i end", "$i step". */
static const char *for_name(cm *m, const char *var, const char *what)
{
    return own(m, xasprintf("%s %s", var, what));
}

static void var_init(cm *m, const char *name, int n)
{
    push_int(m, n);
    push_str(m, T_STR, name);
    OP(m, VAR_INIT);
}

static void e_for(cm *m, const lev_stmt *s)
{
    const char *v = s->args[0]->sval;
    const char *end = for_name(m, v, "end"), *step = for_name(m, v, "step");
    if (lev_scope_find(m->sc, v) < 0)
        lev_scope_add(m->sc, v, SPLEV_V_INT, 0);
    e_expr(m, s->args[1]);
    e_expr(m, s->args[2]);
    var_init(m, end, 0);
    var_init(m, v, 0);
    push_str(m, T_VAR, end);
    push_str(m, T_VAR, v);
    OP(m, MATH_SUB);
    OP(m, MATH_SIGN);
    var_init(m, step, 0);
    size_t top = m->n;
    m->depth++;
    e_block(m, &s->body);
    push_str(m, T_VAR, v);
    push_str(m, T_VAR, end);
    OP(m, CMP);
    push_str(m, T_VAR, step);
    push_str(m, T_VAR, v);
    OP(m, MATH_ADD);
    var_init(m, v, 0);
    jump_to(m, C_JNE, top);
    end_breakable(m, m->n);
}

static void e_assign(cm *m, const lev_stmt *s)
{
    const lev_expr *v = s->args[0], *val = s->args[1];
    int t = lev_value_type(val, m->sc);
    if (lev_scope_find(m->sc, v->sval) < 0)
        lev_scope_add(m->sc, v->sval, t, 0);
    if (val->kind == LEV_E_TYPED && val->ival != LEV_T_SELECTION)
        val = val->args[0];
    if ((t & LT_ARRAY) && val->kind == LEV_E_ARRAY) {
        for (size_t i = 0; i < val->nargs; i++)
            e_value(m, val->args[i], t);
        var_init(m, v->sval, (int)val->nargs);
        return;
    }
    if (val->kind == LEV_E_VAR && !val->nargs && !val->sval2)
        e_expr(m, val);
    else
        e_value(m, val, t);
    var_init(m, v->sval, 0);
}

static int param_type(const char *t)
{
    return t[0] == 's' ? SPLEV_V_STR : SPLEV_V_INT;
}

/* The body of a FUNCTION, inlined at its first call in the level: the
 * parameters (last first) from the arguments, then the code. */
static size_t e_function_body(cm *m, const lev_stmt *def)
{
    const lev_expr *params = def->args[0];
    size_t jskip = jump(m, C_JMP);
    size_t body = m->n;
    lev_scope sc, *outer = m->sc;
    lev_scope_init(&sc);
    for (size_t k = params->nargs; k-- > 0;)
        var_init(m, params->args[k]->sval, 0);
    for (size_t k = 0; k < params->nargs; k++)
        lev_scope_add(&sc, params->args[k]->sval,
                      param_type(params->args[k]->sval2), 0);
    m->sc = &sc;
    int depth = m->depth, content = m->content;
    size_t nbrk = m->nbrk;
    m->depth = 0;
    m->content = 0;
    e_block(m, &def->body);
    m->depth = depth;
    m->content = content;
    m->nbrk = nbrk;
    m->sc = outer;
    lev_scope_free(&sc);
    push_int(m, 0);
    OP(m, RETURN);
    patch(m, jskip, m->n);
    return body;
}

static void e_call_stmt(cm *m, const lev_stmt *s)
{
    const lev_stmt *def = lev_plan_function(m->plan, s->name);
    const lev_expr *params = def->args[0], *args = s->args[0];
    for (size_t i = 0; i < args->nargs; i++)
        e_value(m, args->args[i], param_type(params->args[i]->sval2));
    size_t body = 0, i;
    for (i = 0; i < m->nfn && m->fn[i].def != def; i++)
        ;
    if (i < m->nfn) {
        body = m->fn[i].body;
    } else {
        body = e_function_body(m, def);
        if (m->nfn == m->capfn) {
            m->capfn = m->capfn ? m->capfn * 2 : 4;
            m->fn = xrealloc(m->fn, m->capfn * sizeof *m->fn);
        }
        m->fn[m->nfn].def = def;
        m->fn[m->nfn++].body = body;
    }
    size_t at = push_int(m, (long)args->nargs);
    push_int(m, (long)body - (long)at - 2);
    OP(m, CALL);
}

/* ---- level set-up ---- */

/* The solidfill / mazegrid operands: style, fill terrain, then lit in the
 * fourth place. */
static void e_fill(cm *m, int style, int typ, int lit)
{
    push_int(m, init_style[m->g][style]);
    push_int(m, typ);
    push_int(m, 0);
    push_int(m, lit);
    for (int i = 0; i < 4; i++)
        push_int(m, 0);
    OP(m, INITLEVEL);
}

static int mapchar_typ(cm *m, const lev_expr *e)
{
    if (e->kind == LEV_E_MAPCHAR)
        e = e->args[0];
    return terrain(m, (int)e->ival);
}

static void e_init_map(cm *m, const lev_stmt *s)
{
    static const int styles[] = {[LEV_W_SOLIDFILL] = 1, [LEV_W_MAZEGRID] = 2,
                                 [LEV_W_MINES] = 3, [LEV_W_SHEOLLEV] = 4,
                                 [LEV_W_ROGUE] = 5};
    int style = styles[arg(s, 0)->ival];
    const lev_expr *fg = arg(s, 1);
    if (style == 1 || style == 2) {
        e_fill(m, style, mapchar_typ(m, fg),
               style == 1 && fg->kind == LEV_E_MAPCHAR ? light(fg->args[1])
               : style == 1                            ? -2 : 0);
        return;
    }
    if (init_style[m->g][style] < 0)
        fail(m, "%s has no INIT_MAP style %s", game_names[m->g],
             lev_word_name((int)arg(s, 0)->ival));
    push_int(m, init_style[m->g][style]);
    if (style != 3) {
        for (int i = 0; i < 7; i++)
            push_int(m, 0);
        OP(m, INITLEVEL);
        return;
    }
    push_int(m, arg(s, 7) ? mapchar_typ(m, arg(s, 7)) : -1);
    push_int(m, word(arg(s, 6)));
    push_int(m, light(arg(s, 5)));
    push_int(m, lev_word_value((int)arg(s, 4)->ival));
    push_int(m, lev_word_value((int)arg(s, 3)->ival));
    push_int(m, mapchar_typ(m, arg(s, 2)));
    push_int(m, mapchar_typ(m, fg));
    OP(m, INITLEVEL);
}

/* NetHack 3.6's MAZE:"name",fill header.  Its compiler converts the
 * filler character to terrain twice (the second time reading the terrain
 * number as a character), so only a few fillers survive; we write what it
 * writes. */
static void e_maze_header(cm *m, const lev_expr *fill)
{
    if (fill->kind == LEV_E_RANDOM)
        e_fill(m, 2, terrain(m, '-'), 0);
    else
        e_fill(m, 1, terrain(m, terrain(m, (int)fill->ival)), 0);
    push_int(m, 0x20);
    OP(m, LEVEL_FLAGS);
}

static void e_flags(cm *m, const lev_stmt *s)
{
    uint32_t bits = 0;
    if (s) {
        m->at = &s->pos;
        const lev_expr *l = s->args[0];
        for (size_t i = 0; i < l->nargs; i++) {
            int w = (int)l->args[i]->ival - LEV_W_NOTELEPORT;
            if (w < 0 || w >= 20)
                continue;
            if (!flag_bits[m->g][w])
                fail(m, "%s has no level flag %s", game_names[m->g],
                     lev_word_name((int)l->args[i]->ival));
            bits |= flag_bits[m->g][w];
        }
    }
    push_int(m, (long)bits);
    OP(m, LEVEL_FLAGS);
}

/* A MAP block: the terrain + 1 of every cell, row by row, short rows
 * padded with STONE. */
static void e_map(cm *m, const lev_stmt *s)
{
    const lev_map *mp = s->map;
    size_t w = mp->width, h = mp->nrows;
    char *cells = own(m, xmalloc(w * h + 1));
    for (size_t y = 0; y < h; y++) {
        const lev_map_row *row = &mp->rows[y];
        for (size_t x = 0; x < w; x++)
            cells[y * w + x] = (char)(1 + (x < row->ncells
                                  ? terrain(m, (unsigned char)row->cells[x])
                                  : 0));
    }
    if (arg(s, 0)) {
        push(m, T_COORD, lev_word_value((int)arg(s, 0)->ival) +
                             ((int64_t)lev_word_value((int)arg(s, 1)->ival)
                              << 16));
        push_int(m, 1);
    } else {
        e_coord(m, arg(s, 2));
        push_int(m, 2);
    }
    push_int(m, arg(s, 3) ? lev_word_value((int)arg(s, 3)->ival) : 1);
    rec(m, C_PUSH, T_STR, 0, cells, w * h);
    push_int(m, (long)h);
    push_int(m, (long)w);
    OP(m, MAP);
}

/* ---- rooms, regions, things ---- */

static int room_type(cm *m, const lev_expr *e)
{
    if (!e || e->kind == LEV_E_RANDOM)
        return -1;
    for (size_t i = 0; i < sizeof room_types / sizeof room_types[0]; i++)
        if (strcmp(room_types[i].name, e->sval) == 0) {
            if (room_types[i].code[m->g] < 0)
                fail(m, "%s has no room type \"%s\"", game_names[m->g],
                     e->sval);
            return room_types[i].code[m->g];
        }
    return 0;
}


static void push_pair(cm *m, const lev_expr *e, int words)
{
    for (int i = 0; i < 2; i++) {
        if (!e || e->kind == LEV_E_RANDOM)
            push_int(m, -1);
        else if (words)
            push_int(m, word(e->args[i]));
        else
            e_expr(m, e->args[i]);
    }
}

/* ROOM's flags operand: the games' compiler reads it from the grammar
 * position of the comma after the alignment, which holds the value of the
 * last valued token before it: the vertical alignment (1 for random).
 * The flag list written in the source has no effect. */
static int room_stale_flags(const lev_expr *align)
{
    if (!align || align->kind == LEV_E_RANDOM)
        return 1;
    return word(align->args[1]);
}

static void e_room(cm *m, const lev_stmt *s)
{
    int sub = s->kind == LEV_S_SUBROOM;
    push_int(m, room_type(m, arg(s, 0)));
    push_int(m, arg(s, 1) ? arg(s, 1)->ival : 100);
    push_int(m, light(arg(s, 2)));
    if (sub) {
        push_int(m, lev_room_written_flags(arg(s, 5)));
        push_int32(m, T_INT, -1);
        push_int32(m, T_INT, -1);
    } else {
        push_int(m, room_stale_flags(arg(s, 4)));
        push_pair(m, arg(s, 4), 1);
    }
    push_pair(m, arg(s, 3), 0);
    push_pair(m, arg(s, sub ? 4 : 5), 0);
    rec(m, sub ? C_SUBROOM : C_ROOM, 0, 0, NULL, 0);
    e_closed_block(m, &s->body, C_ENDROOM);
}

/* REGION is always followed by ENDROOM, with or without a block. */
static void e_region_stmt(cm *m, const lev_stmt *s)
{
    e_region(m, arg(s, 0));
    push_int(m, light(arg(s, 1)));
    int flags = lev_room_written_flags(arg(s, 3));
    int type = room_type(m, arg(s, 2));
    if (!(flags & 1))
        type += maxrtype[m->g] + 1;
    push_int(m, type);
    push_int(m, flags);
    OP(m, REGION);
    e_closed_block(m, &s->body, C_ENDROOM);
}

/* An alignment as the game stores it: NetHack 3.6's coaligned and
 * noncoaligned are 3 and 7 (its AM_SPLEV_CO, AM_SPLEV_NONCO), where
 * UnNetHack's (and our word table's) are 0x20 and 0x40. */
static int align_value(cm *m, const lev_expr *e)
{
    if (!e || e->kind == LEV_E_RANDOM)
        return -11;
    if (e->kind == LEV_E_ALIGNREG)
        return (int)-(lev_expr_eval(e->args[0]) + 1);
    if (m->g == G_NH && e->ival == LEV_W_COALIGNED)
        return 3;
    if (m->g == G_NH && e->ival == LEV_W_NONCOALIGNED)
        return 7;
    return lev_word_value((int)e->ival);
}

static int trap_type(cm *m, const char *name)
{
    for (size_t i = 0; i < sizeof trap_names / sizeof trap_names[0]; i++)
        if (strcmp(trap_names[i], name) == 0)
            return (int)i + 1;
    if (strcmp(name, "cold") == 0 && m->g == G_UN)
        return 22;
    if (strcmp(name, "polymorph") == 0)
        return m->g == G_UN ? 23 : 22;
    if (strcmp(name, "vibrating square") == 0 && m->g == G_NH)
        return 23;
    fail(m, "%s has no trap \"%s\"", game_names[m->g], name);
    return 0;
}

/* One MONSTER attribute: its value and key. */
static void e_mon_attr(cm *m, const lev_expr *a)
{
    const lev_expr *v = a->nargs ? a->args[0] : NULL;
    int key;
    switch (a->ival) {
    case LEV_A_NAME: e_expr(m, v); key = CMK_NAME; break;
    case LEV_A_ATTITUDE: push_int(m, word(v)); key = CMK_PEACEFUL; break;
    case LEV_A_ALERTNESS: push_int(m, word(v)); key = CMK_ASLEEP; break;
    case LEV_A_ALIGN: push_int(m, align_value(m, v)); key = CMK_ALIGN; break;
    case LEV_A_APPEARANCE:
        e_expr(m, a->args[1]);
        push_int(m, v->ival == LEV_W_M_FEATURE ? 1
                    : v->ival == LEV_W_M_MONSTER ? 3 : 2);
        key = CMK_APPEAR;
        break;
    case LEV_A_FEMALE: push_int(m, 1); key = CMK_FEMALE; break;
    case LEV_A_INVISIBLE: push_int(m, 1); key = CMK_INVIS; break;
    case LEV_A_CANCELLED: push_int(m, 1); key = CMK_CANCELLED; break;
    case LEV_A_REVIVED: push_int(m, 1); key = CMK_REVIVED; break;
    case LEV_A_AVENGE: push_int(m, 1); key = CMK_AVENGE; break;
    case LEV_A_STUNNED: push_int(m, 1); key = CMK_STUNNED; break;
    case LEV_A_CONFUSED: push_int(m, 1); key = CMK_CONFUSED; break;
    case LEV_A_FLEEING: case LEV_A_BLINDED: case LEV_A_PARALYZED:
        if (v)
            e_expr(m, v);
        else
            push_int(m, 1);
        key = a->ival == LEV_A_FLEEING ? CMK_FLEEING
            : a->ival == LEV_A_BLINDED ? CMK_BLINDED : CMK_PARALYZED;
        break;
    case LEV_A_SEEN_TRAPS: {
        uint32_t bits = v->nargs ? 0 : 0xffffffffu;
        for (size_t k = 0; k < v->nargs; k++)
            bits |= 1u << (trap_type(m, v->args[k]->sval) - 1);
        push_int(m, (long)(int32_t)bits);
        key = CMK_SEENTRAPS;
        break;
    }
    default: return;
    }
    push_int(m, key);
}

static void e_obj_attr(cm *m, const lev_expr *a)
{
    const lev_expr *v = a->nargs ? a->args[0] : NULL;
    int key;
    switch (a->ival) {
    case LEV_A_CURSE: push_int(m, word(v)); key = COK_CURSE; break;
    case LEV_A_MONTYPE: e_thing(m, v, 1); key = COK_CORPSENM; break;
    case LEV_A_SPE: e_expr(m, v); key = COK_SPE; break;
    case LEV_A_NAME: e_expr(m, v); key = COK_NAME; break;
    case LEV_A_QUANTITY: e_expr(m, v); key = COK_QUAN; break;
    case LEV_A_BURIED: push_int(m, 1); key = COK_BURIED; break;
    case LEV_A_LIGHT: push_int(m, word(v)); key = COK_LIT; break;
    case LEV_A_ERODED: e_expr(m, v); key = COK_ERODED; break;
    case LEV_A_ERODEPROOF: push_int32(m, T_INT, -1); key = COK_ERODED; break;
    case LEV_A_LOCK:
        push_int(m, 1);
        key = v->ival == LEV_W_LOCKED ? COK_LOCKED : COK_BROKEN;
        break;
    case LEV_A_TRAPPED: push_int(m, v ? word(v) : 1); key = COK_TRAPPED; break;
    case LEV_A_RECHARGED:
        if (v)
            e_expr(m, v);
        else
            push_int(m, 1);
        key = COK_RECHARGED;
        break;
    case LEV_A_INVISIBLE: push_int(m, 1); key = COK_INVIS; break;
    case LEV_A_GREASED: push_int(m, 1); key = COK_GREASED; break;
    case LEV_A_COORD: e_coord(m, v); key = COK_COORD; break;
    default: return;
    }
    push_int(m, key);
}

static void e_monster(cm *m, const lev_stmt *s)
{
    e_thing(m, arg(s, 0), 1);
    e_coord(m, arg(s, 1));
    push_int(m, CMK_END);
    for (size_t i = 0; i < s->nattrs; i++)
        e_mon_attr(m, s->attrs[i]);
    push_int(m, s->has_body);
    OP(m, MONSTER);
    if (!s->has_body)
        return;
    int saved = m->content;
    m->content = 1;
    e_closed_block(m, &s->body, C_END_MONINVENT);
    m->content = saved;
}

static void e_object(cm *m, const lev_stmt *s)
{
    int box = s->kind == LEV_S_CONTAINER;
    e_thing(m, arg(s, 0), 0);
    push_int(m, COK_END);
    for (size_t i = 0; i < s->nattrs; i++)
        e_obj_attr(m, s->attrs[i]);
    push_int(m, m->content | (box ? 2 : 0));
    OP(m, OBJECT);
    if (!box)
        return;
    int saved = m->content;
    m->content = 1;
    e_closed_block(m, &s->body, C_POP_CONTAINER);
    m->content = saved;
}

/* ---- the other statements ---- */

/* STAIR / PORTAL / TELEPORT_REGION / BRANCH regions: ten numbers, the
 * type, a padding 0 and the destination (empty when none). */
static void e_level_region(cm *m, const lev_stmt *s, int type)
{
    for (int k = 0; k < 2; k++) {
        const lev_expr *r = arg(s, (size_t)k);
        for (int i = 0; i < 4; i++)
            if (r)
                e_expr(m, r->args[i]);
            else
                push_int(m, 0);
        push_int(m, r && r->kind == LEV_E_LEVREGION);
    }
    push_int(m, type);
    push_int(m, 0);
    if (s->kind == LEV_S_PORTAL)
        e_expr(m, arg(s, 2));
    else
        push_str(m, T_STR, NULL);
    OP(m, LEVREGION);
}

static int is_up(const lev_expr *e)
{
    return e && e->kind == LEV_E_WORD && e->ival == LEV_W_UP;
}

static void e_corridor(cm *m, const lev_stmt *s)
{
    for (int k = 0; k < 2; k++) {
        const lev_expr *t = arg(s, (size_t)k);
        if (t->kind != LEV_E_TUPLE) {
            push_int32(m, T_INT, -1);
            push_int(m, -1);
            e_expr(m, t);
            continue;
        }
        e_expr(m, t->args[0]);
        e_expr(m, t->args[2]);
        push_int(m, lev_word_value((int)t->args[1]->ival));
    }
    OP(m, CORRIDOR);
}

static void e_random_corridors(cm *m, const lev_expr *style)
{
    push_int32(m, T_INT, -1);
    if (!style)
        push_int(m, 0);
    else if (style->kind == LEV_E_RANDOM)
        push_int32(m, T_INT, -1);
    else
        e_expr(m, style);
    push_int32(m, T_INT, -1);
    push_int32(m, T_INT, -1);
    push_int(m, -1);
    push_int(m, -1);
    OP(m, CORRIDOR);
}

static void e_sounds(cm *m, const lev_stmt *s)
{
    const lev_expr *l = arg(s, 1);
    e_expr(m, arg(s, 0));
    for (size_t i = 0; i < l->nargs; i++) {
        e_expr(m, l->args[i]->args[1]);
        push_int(m, lev_word_value((int)l->args[i]->args[0]->ival));
    }
    push_int(m, (long)l->nargs);
    OP(m, LEVEL_SOUNDS);
}

static void e_mon_generation(cm *m, const lev_stmt *s)
{
    const lev_expr *l = arg(s, 1);
    for (size_t i = 0; i < l->nargs; i++) {
        const lev_expr *mon = l->args[i]->args[1];
        e_expr(m, l->args[i]->args[0]);
        if (mon->kind == LEV_E_CHAR) {
            push_int(m, mon->ival);
            push_int(m, 1);
            continue;
        }
        const classic_name *n = find_name(m, 1, mon->sval, 0);
        if (!n)
            fail(m, "%s has no monster \"%s\"", game_names[m->g],
                 mon->sval);
        push_int(m, n ? n->index : 0);
        push_int(m, 0);
    }
    push_int(m, arg(s, 0)->ival);
    push_int(m, (long)l->nargs);
    OP(m, MON_GENERATION);
}

static void e_placement(cm *m, const lev_stmt *s);

/* The statements that are "operands in, one opcode out": each operand is
 * a kind letter and the statement slot it comes from.  Kinds: e integer
 * or string expression, c coordinate, r region, m map character, s
 * selection, w value word (-1 for random), p a written percentage, a an
 * alignment, t a trap name. */
static const struct {
    enum lev_stmt_kind kind;
    int op;
    const char *operands;
} simple_stmts[] = {
    {LEV_S_MESSAGE, C_MESSAGE, "e0"},
    {LEV_S_FOUNTAIN, C_FOUNTAIN, "s0"},
    {LEV_S_SINK, C_SINK, "s0"},
    {LEV_S_POOL, C_POOL, "s0"},
    {LEV_S_TERRAIN, C_TERRAIN, "s0m1"},
    {LEV_S_REPLACE_TERRAIN, C_REPLACETERRAIN, "r0m1m2p3"},
    {LEV_S_NON_DIGGABLE, C_NON_DIGGABLE, "r0"},
    {LEV_S_NON_PASSWALL, C_NON_PASSWALL, "r0"},
    {LEV_S_SPILL, C_SPILL, "c0m1e3w2"},
    {LEV_S_DOOR, C_DOOR, "s1w0"},
    {LEV_S_STAIR, C_STAIR, "c0w1"},
    {LEV_S_LADDER, C_LADDER, "c0w1"},
    {LEV_S_ALTAR, C_ALTAR, "c0w2a1"},
    {LEV_S_TRAP, C_TRAP, "c1t0"},
    {LEV_S_GOLD, C_GOLD, "e0c1"},
    {LEV_S_ENGRAVING, C_ENGRAVING, "c0e2w1"},
    {LEV_S_EXIT, C_EXIT, ""},
};

static void e_operand(cm *m, int kind, const lev_expr *e)
{
    switch (kind) {
    case 'e': e_expr(m, e); break;
    case 'c': e_coord(m, e); break;
    case 'r': e_region(m, e); break;
    case 'm': e_mapchar(m, e); break;
    case 's': e_sel(m, e); break;
    case 'w': push_int(m, word(e)); break;
    case 'p': push_int(m, e->ival); break;
    case 'a': push_int(m, align_value(m, e)); break;
    case 't':
        push_int(m, e->kind == LEV_E_STRING ? trap_type(m, e->sval) : -1);
        break;
    default: fail(m, "internal: operand kind %c", kind);
    }
}

/* A statement of simple_stmts; 0 when s is another kind. */
static int e_simple(cm *m, const lev_stmt *s)
{
    size_t i, n = sizeof simple_stmts / sizeof simple_stmts[0];
    for (i = 0; i < n && simple_stmts[i].kind != s->kind; i++)
        ;
    if (i == n)
        return 0;
    for (const char *o = simple_stmts[i].operands; o[0] && o[1]; o += 2)
        e_operand(m, o[0], arg(s, (size_t)(o[1] - '0')));
    rec(m, simple_stmts[i].op, 0, 0, NULL, 0);
    return 1;
}

static void e_stmt(cm *m, const lev_stmt *s)
{
    m->at = &s->pos;
    m->cur = s->kind;
    size_t jf = 0;
    if (s->chance)
        jf = e_cond(m, s->chance);
    e_placement(m, s);
    if (s->chance)
        patch(m, jf, m->n);
}

static void e_features(cm *m, const lev_stmt *s)
{
    switch (s->kind) {
    case LEV_S_WALLWALK:
        e_coord(m, arg(s, 0));
        e_mapchar(m, arg(s, 1));
        if (arg(s, 2))
            e_mapchar(m, arg(s, 2));
        else
            push_int32(m, T_MAPCHAR, (long)pack_mapchar(m, terrain(m, '.'),
                                                        -2));
        push_int(m, arg(s, 3) ? arg(s, 3)->ival : 100);
        OP(m, WALLWALK);
        break;
    case LEV_S_MAZEWALK:
        e_coord(m, arg(s, 0));
        push_int(m, lev_word_value((int)arg(s, 1)->ival));
        /* the short form's fill is 0, the long form's without a
         * character -1 */
        push_int(m, arg(s, 2) ? lev_word_value((int)arg(s, 2)->ival) : 1);
        push_int(m, arg(s, 3) ? mapchar_typ(m, arg(s, 3))
                    : arg(s, 2) ? -1 : 0);
        OP(m, MAZEWALK);
        break;
    case LEV_S_WALLIFY:
        if (arg(s, 0)) {
            e_sel(m, arg(s, 0));
            push_int(m, 1);
        } else {
            push(m, T_REGION, 0xffffffffLL);
            push_int(m, 0);
        }
        OP(m, WALLIFY);
        break;
    case LEV_S_ROOMDOOR: {
        const lev_expr *w = arg(s, 2);
        int bits = 0;
        for (size_t i = 0; w->kind == LEV_E_DIRS && i < w->nargs; i++)
            bits |= lev_word_value((int)w->args[i]->ival);
        if (arg(s, 3)->kind == LEV_E_RANDOM)
            push_int(m, -1);
        else
            e_expr(m, arg(s, 3));
        push_int(m, word(arg(s, 1)));
        push_int(m, word(arg(s, 0)));
        push_int(m, w->kind == LEV_E_DIRS ? bits : word(w));
        OP(m, ROOM_DOOR);
        break;
    }
    case LEV_S_DRAWBRIDGE: {
        static const int db[9] = {[1] = 0, [2] = 1, [4] = 2, [8] = 3};
        const lev_expr *st = arg(s, 2);
        e_coord(m, arg(s, 0));
        push_int(m, st->kind == LEV_E_RANDOM ? -1 : st->ival == LEV_W_OPEN);
        push_int(m, db[lev_word_value((int)arg(s, 1)->ival) & 15]);
        OP(m, DRAWBRIDGE);
        break;
    }
    default: fail(m, "internal: statement %s", lev_stmt_name(s->kind));
    }
}

static void e_things(cm *m, const lev_stmt *s)
{
    switch (s->kind) {
    case LEV_S_OBJECT: case LEV_S_CONTAINER: e_object(m, s); break;
    case LEV_S_MONSTER: e_monster(m, s); break;
    case LEV_S_STAIR_REGION:
        e_level_region(m, s, is_up(arg(s, 2)) ? 1 : 0);
        break;
    case LEV_S_PORTAL: e_level_region(m, s, 2); break;
    case LEV_S_BRANCH: e_level_region(m, s, 3); break;
    case LEV_S_TELEPORT_REGION:
        e_level_region(m, s, !arg(s, 2) ? 4 : is_up(arg(s, 2)) ? 5 : 6);
        break;
    case LEV_S_GRAVE: {
        const lev_expr *t = arg(s, 1);
        e_coord(m, arg(s, 0));
        if (t && t->kind != LEV_E_RANDOM)
            e_expr(m, t);
        else
            push_str(m, T_STR, NULL);
        push_int(m, !t ? 0 : t->kind == LEV_E_RANDOM ? 1 : 2);
        OP(m, GRAVE);
        break;
    }
    default: e_features(m, s);
    }
}

static void e_placement(cm *m, const lev_stmt *s)
{
    if (e_simple(m, s))
        return;
    switch (s->kind) {
    case LEV_S_INIT_MAP: e_init_map(m, s); break;
    case LEV_S_MAP: e_map(m, s); break;
    case LEV_S_NOMAP:
        push(m, T_COORD, 0);
        push_int(m, 0);
        push_int(m, 1);
        push_str(m, T_STR, NULL);
        push_int(m, 0);
        push_int(m, 0);
        OP(m, MAP);
        break;
    case LEV_S_REGION: e_region_stmt(m, s); break;
    case LEV_S_ROOM: case LEV_S_SUBROOM: e_room(m, s); break;
    case LEV_S_MINERALIZE:
        for (size_t i = 0; i < 4; i++)
            if (arg(s, i))
                e_expr(m, arg(s, i));
            else
                push_int(m, -1);
        OP(m, MINERALIZE);
        break;
    case LEV_S_RANDOM_CORRIDORS: e_random_corridors(m, arg(s, 0)); break;
    case LEV_S_CORRIDOR: e_corridor(m, s); break;
    case LEV_S_SOUNDS: e_sounds(m, s); break;
    case LEV_S_MON_GENERATION: e_mon_generation(m, s); break;
    case LEV_S_SHUFFLE:
        push_str(m, T_STR, arg(s, 0)->sval);
        OP(m, SHUFFLE_ARRAY);
        break;
    case LEV_S_ASSIGN: e_assign(m, s); break;
    case LEV_S_IF: e_if(m, s); break;
    case LEV_S_LOOP: e_loop(m, s); break;
    case LEV_S_SWITCH: e_switch(m, s); break;
    case LEV_S_BREAK: add_break(m); break;
    case LEV_S_FOR: e_for(m, s); break;
    case LEV_S_CALL: e_call_stmt(m, s); break;
    case LEV_S_FLAGS: case LEV_S_VAULTGEN: case LEV_S_FUNCTION:
    case LEV_S_INCLUDE: case LEV_S_MINDEPTH: case LEV_S_NOTED:
        break;
    default: e_things(m, s);
    }
}

static void e_block(cm *m, const lev_block *b)
{
    for (size_t i = 0; i < b->n && !m->failed; i++)
        e_stmt(m, b->v[i]);
}

/* ---- the file ---- */

static size_t rec_size(const cm *m, const crec *c)
{
    if (c->op != C_PUSH)
        return 4;
    size_t n = 4 + (size_t)vtag_bytes[m->g];
    return n + (c->tag == T_STR || c->tag == T_VAR ? 4 + c->len : 8);
}

static unsigned char *serialize(const cm *m, const classic_version *v,
                                size_t *len)
{
    size_t total = (size_t)v->n * 8 + 8;
    for (size_t i = 0; i < m->n; i++)
        total += rec_size(m, &m->r[i]);
    unsigned char *out = xmalloc(total ? total : 1), *p = out;
    p += classic_version_put(v, p);
    classic_put64(p, (uint64_t)m->n);
    p += 8;
    for (size_t i = 0; i < m->n; i++) {
        const crec *c = &m->r[i];
        classic_put32(p, (uint32_t)cl_ops[c->op].num[m->g]);
        p += 4;
        if (c->op != C_PUSH)
            continue;
        *p++ = (unsigned char)c->tag;
        if (m->g == G_UN)
            *p++ = 0;
        if (c->tag == T_STR || c->tag == T_VAR) {
            classic_put32(p, c->len);
            memcpy(p + 4, c->s, c->len);
            p += 4 + c->len;
        } else {
            classic_put64(p, (uint64_t)c->v);
            p += 8;
        }
    }
    *len = total;
    return out;
}

unsigned char *lev_classic_emit(const lev_plan *p, const lev_plan_level *pl,
                                classic_game g, const classic_version *v,
                                size_t *len, char *err, size_t errlen)
{
    cm m;
    memset(&m, 0, sizeof m);
    m.g = g == CLASSIC_NETHACK36 ? G_NH : G_UN;
    m.plan = p;
    m.err = err;
    m.errlen = errlen;
    lev_scope sc;
    lev_scope_init(&sc);
    m.sc = &sc;
    const lev_level *l = pl->level;
    if (l->maze_fill)
        e_maze_header(&m, l->maze_fill);
    e_flags(&m, l->flags);
    e_block(&m, &l->body);
    unsigned char *out = m.failed ? NULL : serialize(&m, v, len);
    lev_scope_free(&sc);
    for (size_t i = 0; i < m.nowned; i++)
        free(m.owned[i]);
    free(m.owned);
    free(m.r);
    free(m.brk);
    free(m.fn);
    return out;
}
