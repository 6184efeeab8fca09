/* emit.c - the code generator: statements and expressions of a checked
 * level become stack-machine code (src/levcode/opcodes.h).  Variables are
 * slots of their function's frame, FUNCTIONs are separate functions
 * reached by CALL, jumps are relative, constants are pooled once each.
 * Control flow is laid out as the games' compilers lay it out, adapted to
 * our machine: a LOOP body runs once when its count is 0 or less, as in
 * the games, but a BREAK pops its loop's counter and leaves its own
 * innermost block, where the games leave the counter and outer BREAKs
 * unpatched. */
#include "lev_emit/lev_emit.h"
#include "lev_front/sig.h"

#include "common/common.h"
#include "levcode/limits.h"
#include "levcode/opcodes.h"
#include "splev/level.h"
#include "splev/levscript.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define FEW_FILES 8             /* a power of two */

typedef struct breaks {
    uint32_t *at;           /* JMPs to patch */
    size_t n, cap;
} breaks;

/* Per-level tables indexed by value, kept all zero between levels (each
 * level clears the entries it set), so a level pays for what it uses
 * only: the counts of literal coordinates, and the pool index + 1 of the
 * constants without a string whose fields are small (most of them:
 * hashing them cost more than the rest of the pooling). */
typedef struct direct {
    uint16_t coord_uses[SPLEV_COLNO * SPLEV_ROWNO]; /* [x * ROWNO + y] */
    uint32_t coord[SPLEV_COLNO * SPLEV_ROWNO];      /* (x,y) */
    uint32_t random[32];                            /* random, by flags */
    uint32_t thing[2][256];     /* a monster/object class (0: random) */
    uint32_t mapchar[128][8];   /* terrain, light + 2 */
} direct;

typedef struct em {
    const lev_plan *plan;
    direct *dt;
    splev_insn *code;
    size_t n, cap;
    splev_const *consts;
    size_t nc, capc;
    uint32_t *chash;        /* constant index + 1, open addressing */
    size_t chcap;
    splev_line *lines;
    size_t nl, capl;
    const char **files;     /* few_files, or malloc'd beyond FEW_FILES */
    size_t nfiles;
    const char **fpaths;    /* the tree's path pointers, parallel */
    const char *few_files[FEW_FILES], *few_fpaths[FEW_FILES];
    splev_func *funcs;
    size_t nfuncs, capfuncs;
    const lev_stmt **fdefs; /* FUNCTION of funcs[i] (NULL for 0) */
    strmap fidx;            /* FUNCTION name -> i of funcs[i] (this level) */
    const char **varnames;
    size_t nv, capv;
    char **owned;           /* buffers to free after encoding */
    size_t nowned, capowned;
    char **chunks;          /* map cells (cell_space), kept between levels */
    size_t nchunks, capchunks;
    size_t chunks_used;     /* chunks in use by this level */
    size_t chunk_fill;      /* bytes used in the last of them */
    lev_scope *sc;
    breaks *brk;            /* innermost breakable construct */
    uint32_t file, line;    /* source of the statement being emitted */
    unsigned pos_file;      /* the lev_pos file number of `file` */
    int containers, monster_block;
    char *err;
    size_t errlen;
    int failed;
    int variant;            /* the file's SPLEV_VARIANT_* (map characters) */
    lev_emitter *owner;
} em;

/* Buffers and tables kept from one level to the next: a level reuses
 * the capacity the levels before it grew, and the direct tables are
 * cleared entry by entry. */
struct lev_emitter {
    em keep;                /* the arrays and their capacities, nothing used */
    direct dt;
    uint16_t *pairs;        /* map_pairs, made at the first MAP */
    int pairs_variant;      /* the profile they were made for */
};


static void fail(em *m, const char *fmt, ...)
{
    if (m->failed)
        return;
    m->failed = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->err, m->errlen, fmt, ap);
    va_end(ap);
}

/* ---- code ---- */

static void grow_code(em *m)
{
    /* the capacity changes once the memory is there (an emitter outlives
     * a compile that ran out of memory) */
    size_t cap = m->cap ? m->cap * 2 : 256;
    m->code = xrealloc(m->code, cap * sizeof *m->code);
    m->cap = cap;
}

/* The line entry of the instructions emitted from here on, unless they
 * come from the line of the last entry.  An entry no instruction followed
 * (its pc is the current one) is taken back first: entries name the
 * source of instructions only (drop_idle_line at the end). */
static void note_line(em *m)
{
    if (m->nl && m->lines[m->nl - 1].pc == m->n)
        m->nl--;
    if (m->nl && m->lines[m->nl - 1].line == m->line &&
        m->lines[m->nl - 1].file == m->file)
        return;
    if (m->nl == m->capl) {
        m->capl = m->capl ? m->capl * 2 : 64;
        m->lines = xrealloc(m->lines, m->capl * sizeof *m->lines);
    }
    m->lines[m->nl].pc = (uint32_t)m->n;
    m->lines[m->nl].file = m->file;
    m->lines[m->nl].line = m->line;
    m->nl++;
}

static void drop_idle_line(em *m)
{
    if (m->nl && m->lines[m->nl - 1].pc == m->n)
        m->nl--;
}

/* One instruction (n fits 16 bits: emit_n checks a count that may not). */
static inline uint32_t emit(em *m, int op, int a, int n, int32_t arg)
{
    if (m->n == m->cap)
        grow_code(m);
    splev_insn *in = &m->code[m->n];
    in->op = (uint8_t)op;
    in->a = (uint8_t)a;
    in->n = (uint16_t)n;
    in->arg = arg;
    return (uint32_t)m->n++;
}

static uint32_t emit_n(em *m, int op, int a, size_t n, int32_t arg)
{
    if (n > 0xffff) {
        fail(m, "more than 65535 values in one instruction");
        n = 0;
    }
    return emit(m, op, a, (int)n, arg);
}

#define E0(m, op) emit(m, OP_##op, 0, 0, 0)

static void push_int(em *m, long v)
{
    emit(m, OP_PUSH_INT, 0, 0, (int32_t)(uint32_t)(unsigned long)v);
}

/* Point the jump at index `at` to `target`. */
static void patch(em *m, uint32_t at, uint32_t target)
{
    m->code[at].arg = (int32_t)((int64_t)target - (int64_t)at);
}

static uint32_t here(const em *m)
{
    return (uint32_t)m->n;
}

/* ---- constants, each stored once ---- */

static inline uint64_t const_hash(const splev_const *c)
{
    /* The five fields as two 64-bit words, then the string. */
    const uint64_t k = 0x9e3779b97f4a7c15ULL;
    uint64_t ab = (uint64_t)(uint32_t)c->a << 32 | (uint32_t)c->b;
    uint64_t cd = (uint64_t)(uint32_t)c->c << 32 | (uint32_t)c->d;
    uint64_t h = (ab ^ (uint64_t)(uint32_t)c->type) * k;
    h = (h ^ cd) * 0xc2b2ae3d27d4eb4fULL;
    h ^= h >> 32;
    if (!c->str)
        return h;
    /* The string by its length and first and last 8 bytes: equal
     * constants are found by comparing, and indexes follow the order of
     * first use, not the hash. */
    uint64_t w[2] = {0, 0};
    if (c->len >= 8) {
        memcpy(&w[0], c->str, 8);
        memcpy(&w[1], c->str + c->len - 8, 8);
    } else {
        for (uint32_t i = 0; i < c->len; i++)
            w[0] = w[0] << 8 | (unsigned char)c->str[i];
    }
    h = (h ^ c->len ^ 0x9e37) * k;
    h = (h ^ w[0]) * k;
    h = (h ^ w[1]) * k;
    return h ^ h >> 32;
}

static int const_eq(const splev_const *x, const splev_const *y)
{
    if (x->type != y->type || x->a != y->a || x->b != y->b || x->c != y->c ||
        x->d != y->d || !x->str != !y->str)
        return 0;
    return !x->str || (x->len == y->len && memcmp(x->str, y->str, x->len) == 0);
}

/* The direct table entry of a constant, or NULL when it is hashed. */
static inline uint32_t *direct_slot(em *m, int type, int32_t a, int32_t b,
                                    int32_t c, int32_t d, const char *str)
{
    if (str || d)
        return NULL;
    switch (type) {
    case SPLEV_V_COORD:
        if (c == 0 && (uint32_t)a < SPLEV_COLNO && (uint32_t)b < SPLEV_ROWNO)
            return &m->dt->coord[a * SPLEV_ROWNO + b];
        if (a == 0 && b == 0 && (uint32_t)(c - CF_RANDOM) < 32)
            return &m->dt->random[c - CF_RANDOM];
        return NULL;
    case SPLEV_V_MONST: case SPLEV_V_OBJ:
        if (b == 0 && c == 0 && (uint32_t)a < 256)
            return &m->dt->thing[type == SPLEV_V_OBJ][a];
        return NULL;
    case SPLEV_V_MAPCHAR:
        if (c == 0 && (uint32_t)a < 128 && (uint32_t)(b + 2) < 8)
            return &m->dt->mapchar[a][b + 2];
        return NULL;
    default:
        return NULL;
    }
}

static uint32_t *const_slot(em *m, const splev_const *k)
{
    return direct_slot(m, k->type, k->a, k->b, k->c, k->d, k->str);
}

static void chash_grow(em *m)
{
    size_t ncap = m->chcap ? m->chcap * 2 : 256;
    free(m->chash);
    m->chash = xcalloc(ncap, sizeof *m->chash);
    m->chcap = ncap;
    for (size_t i = 0; i < m->nc; i++) {
        if (m->consts[i].type == SPLEV_V_MAP || const_slot(m, &m->consts[i]))
            continue;
        size_t j = const_hash(&m->consts[i]) & (ncap - 1);
        while (m->chash[j])
            j = (j + 1) & (ncap - 1);
        m->chash[j] = (uint32_t)i + 1;
    }
}

static void append(em *m, const splev_const *c)
{
    if (m->nc == m->capc) {
        m->capc = m->capc ? m->capc * 2 : 64;
        m->consts = xrealloc(m->consts, m->capc * sizeof *m->consts);
    }
    m->consts[m->nc++] = *c;
}

/* The index of a new constant, or of the equal one in the pool (one of
 * no direct table). */
static int32_t add_const(em *m, const splev_const *c)
{
    if ((m->nc + 1) * 2 > m->chcap)
        chash_grow(m);
    size_t j = const_hash(c) & (m->chcap - 1);
    while (m->chash[j]) {
        if (const_eq(&m->consts[m->chash[j] - 1], c))
            return (int32_t)m->chash[j] - 1;
        j = (j + 1) & (m->chcap - 1);
    }
    append(m, c);
    m->chash[j] = (uint32_t)m->nc;
    return (int32_t)m->nc - 1;
}

/* A constant that is not looked up (MAP blocks: hashing them costs more
 * than a rare duplicate). */
static int32_t append_const(em *m, const splev_const *c)
{
    append(m, c);
    if (m->nc * 2 > m->chcap)
        chash_grow(m);
    return (int32_t)m->nc - 1;
}

/* A constant not in a direct table. */
static int32_t new_const(em *m, int type, int32_t a, int32_t b, int32_t c,
                         int32_t d, const char *str)
{
    splev_const k = {type, a, b, c, d, str, str ? (uint32_t)strlen(str) : 0};
    return add_const(m, &k);
}

/* A constant of a direct table met first in this level: its entry. */
static uint32_t new_direct(em *m, int type, int32_t a, int32_t b, int32_t c,
                           int32_t d)
{
    splev_const k = {type, a, b, c, d, NULL, 0};
    append(m, &k);
    return (uint32_t)m->nc;
}

static inline void push_const(em *m, int type, int32_t a, int32_t b,
                              int32_t c, int32_t d, const char *str)
{
    uint32_t *slot = direct_slot(m, type, a, b, c, d, str);
    if (!slot) {
        emit(m, OP_PUSH_CONST, 0, 0, new_const(m, type, a, b, c, d, str));
        return;
    }
    if (!*slot)
        *slot = new_direct(m, type, a, b, c, d);
    emit(m, OP_PUSH_CONST, 0, 0, (int32_t)*slot - 1);
}

static void own(em *m, char *p)
{
    if (m->nowned == m->capowned) {
        m->capowned = m->capowned ? m->capowned * 2 : 16;
        m->owned = xrealloc(m->owned, m->capowned * sizeof *m->owned);
    }
    m->owned[m->nowned++] = p;
}

#define CELL_CHUNK 16384    /* ten maps of the largest size */

/* n zero bytes for map cells, valid until the level is encoded: taken
 * from chunks the emitter keeps from one level to the next. */
static char *cell_space(em *m, size_t n)
{
    if (n > CELL_CHUNK) {
        char *p = xcalloc(n, 1);
        own(m, p);
        return p;
    }
    if (m->chunks_used == 0 || m->chunk_fill + n > CELL_CHUNK) {
        if (m->chunks_used == m->nchunks) {
            if (m->nchunks == m->capchunks) {
                m->capchunks = m->capchunks ? m->capchunks * 2 : 4;
                m->chunks = xrealloc(m->chunks,
                                     m->capchunks * sizeof *m->chunks);
            }
            m->chunks[m->nchunks++] = xmalloc(CELL_CHUNK);
        }
        m->chunks_used++;
        m->chunk_fill = 0;
    }
    char *p = m->chunks[m->chunks_used - 1] + m->chunk_fill;
    m->chunk_fill += n;
    memset(p, 0, n);
    return p;
}

/* ---- positions ---- */

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* The file entry of a position's file, added on first use. */
static uint32_t file_index(em *m, lev_pos p)
{
    uint32_t i = 0;
    const char *file = lev_pos_file(p);
    while (i < m->nfiles && m->fpaths[i] != file)
        i++;
    if (i == m->nfiles) {
        if (m->nfiles == FEW_FILES) {   /* INCLUDEs: off the em */
            const char **f = xmalloc(2 * FEW_FILES * sizeof *f);
            const char **fp = xmalloc(2 * FEW_FILES * sizeof *fp);
            memcpy(f, m->files, FEW_FILES * sizeof *f);
            memcpy(fp, m->fpaths, FEW_FILES * sizeof *fp);
            m->files = f;
            m->fpaths = fp;
        } else if (m->nfiles > FEW_FILES &&
                   (m->nfiles & (m->nfiles - 1)) == 0) {
            m->files = xrealloc(m->files, 2 * m->nfiles * sizeof *m->files);
            m->fpaths = xrealloc(m->fpaths,
                                 2 * m->nfiles * sizeof *m->fpaths);
        }
        m->files[m->nfiles] = base_name(file ? file : "");
        m->fpaths[m->nfiles++] = file;
    }
    return i;
}

static inline void at(em *m, const lev_pos *p)
{
    if (p->file != m->pos_file || !m->nfiles) {
        m->file = file_index(m, *p);
        m->pos_file = p->file;
    }
    m->line = (uint32_t)(p->line > 0 ? p->line : 0);
    note_line(m);
}

/* ---- expressions ---- */

static void e_value(em *m, const lev_expr *e, int type);
static void e_sel(em *m, const lev_expr *e);

static void e_var(em *m, const lev_expr *e)
{
    int slot = lev_scope_find(m->sc, e->sval);
    if (slot < 0) {
        fail(m, "internal: variable %s has no slot", e->sval);
        return;
    }
    if (e->sval2) {
        if (strcmp(e->sval2, "length") == 0) {
            emit(m, OP_LENGTH, 0, 0, slot);
            return;
        }
        emit(m, OP_GET, 0, 0, slot);
        emit(m, OP_CORE, 0, 1, e->sval2[0] == 'x' ? CORE_COORD_X : CORE_COORD_Y);
        return;
    }
    if (e->nargs) {
        e_value(m, e->args[0], SPLEV_V_INT);
        emit(m, OP_GET_ELEM, 0, 0, slot);
        return;
    }
    emit(m, OP_GET, 0, 0, slot);
}

static void e_call(em *m, const lev_expr *e)
{
    int fn = lev_core_lookup(e->sval);
    int n = splev_cores[fn].nargs;
    for (int i = 0; i < n; i++)
        e_value(m, e->args[i], splev_core_arg_type(fn, i));
    emit(m, OP_CORE, 0, n, fn);
}

static void e_int_tree(em *m, const lev_expr *e);

/* An integer or string expression; most are integer literals. */
static inline void e_int(em *m, const lev_expr *e)
{
    if (e->kind == LEV_E_INT)
        push_int(m, e->ival);
    else
        e_int_tree(m, e);
}

static void e_int_tree(em *m, const lev_expr *e)
{
    static const int ops[128] = {['+'] = OP_ADD, ['-'] = OP_SUB,
                                 ['*'] = OP_MUL, ['/'] = OP_DIV,
                                 ['%'] = OP_MOD, ['.'] = OP_ADD};
    switch (e->kind) {
    case LEV_E_INT: push_int(m, e->ival); return;
    case LEV_E_DICE:
        push_int(m, e->ival);
        push_int(m, e->ival2);
        E0(m, DICE);
        return;
    case LEV_E_NEG:
        if (lev_expr_constant(e)) {
            push_int(m, lev_expr_eval(e));
            return;
        }
        push_int(m, 0);
        e_int(m, e->args[0]);
        E0(m, SUB);
        return;
    case LEV_E_BINOP:
        e_int(m, e->args[0]);
        e_int(m, e->args[1]);
        emit(m, ops[e->ival & 127], 0, 0, 0);
        return;
    case LEV_E_STRING: push_const(m, SPLEV_V_STR, 0, 0, 0, 0, e->sval); return;
    case LEV_E_VAR: e_var(m, e); return;
    case LEV_E_CALL: e_call(m, e); return;
    default:
        fail(m, "internal: %s is not an expression",
             lev_expr_kind_name(e->kind));
    }
}

static int in_range(long v, long lo, long hi)
{
    return v >= lo && v <= hi;
}

/* The value of a literal coordinate (x,y) made of constants; 0 when it
 * is not one. */
static inline int literal_xy(const lev_expr *e, long *x, long *y)
{
    const lev_expr *a = e->args[0], *b = e->args[1];
    if (a->kind == LEV_E_INT && b->kind == LEV_E_INT) {
        *x = a->ival;
        *y = b->ival;
        return 1;
    }
    if (!lev_expr_constant(a) || !lev_expr_constant(b))
        return 0;
    *x = lev_expr_eval(a);
    *y = lev_expr_eval(b);
    return 1;
}

static void e_coord(em *m, const lev_expr *e)
{
    switch (e->kind) {
    case LEV_E_COORD: {
        long x, y;
        /* A coordinate met once costs less built by CORE than pooled. */
        if (literal_xy(e, &x, &y) && in_range(x, 0, SPLEV_COLNO - 1) &&
            in_range(y, 0, SPLEV_ROWNO - 1) &&
            m->dt->coord_uses[x * SPLEV_ROWNO + y] > 1) {
            push_const(m, SPLEV_V_COORD, (int32_t)x, (int32_t)y, 0, 0, NULL);
            return;
        }
        e_int(m, e->args[0]);
        e_int(m, e->args[1]);
        emit(m, OP_CORE, 0, 2, CORE_COORD);
        return;
    }
    case LEV_E_RANDOM: {
        int flags = 0;
        for (size_t i = 0; i < e->nargs; i++)
            flags |= lev_word_value((int)e->args[i]->ival);
        push_const(m, SPLEV_V_COORD, 0, 0, CF_RANDOM | flags, 0, NULL);
        return;
    }
    case LEV_E_SEL:
        e_sel(m, e->args[0]);
        E0(m, SEL_RNDCOORD);
        return;
    default:
        e_int(m, e);
    }
}

static void e_region(em *m, const lev_expr *e)
{
    if (e->kind != LEV_E_REGION) {
        e_int(m, e);
        return;
    }
    long v[4];
    int lit = 1;
    for (int i = 0; i < 4; i++) {
        lit &= lev_expr_constant(e->args[i]);
        v[i] = lit ? lev_expr_eval(e->args[i]) : 0;
    }
    if (lit && in_range(v[0], 0, v[2]) && v[2] < SPLEV_COLNO &&
        in_range(v[1], 0, v[3]) && v[3] < SPLEV_ROWNO) {
        push_const(m, SPLEV_V_REGION, (int32_t)v[0], (int32_t)v[1],
                   (int32_t)v[2], (int32_t)v[3], NULL);
        return;
    }
    for (int i = 0; i < 4; i++)
        e_int(m, e->args[i]);
    emit(m, OP_CORE, 0, 4, CORE_REGION);
}

static int light_value(const lev_expr *e)
{
    /* xNetHack's mineslight: the depth's random choice (doc/variants.md) */
    if (!e || e->kind == LEV_E_RANDOM || e->ival == LEV_W_MINESLIGHT)
        return -1;
    return lev_word_value((int)e->ival);
}

static int terrain_of(int variant, int c)
{
    return c >= 0 && c < 256 ? lev_terrain_table_for(variant)[c]
                             : splev_terrain_from_mapchar(c);
}

static void e_mapchar(em *m, const lev_expr *e)
{
    switch (e->kind) {
    case LEV_E_CHAR:
        push_const(m, SPLEV_V_MAPCHAR, terrain_of(m->variant, (int)e->ival), -2, 0, 0,
                   NULL);
        return;
    case LEV_E_MAPCHAR:
        push_const(m, SPLEV_V_MAPCHAR, terrain_of(m->variant, (int)e->args[0]->ival),
                   light_value(e->args[1]), 0, 0, NULL);
        return;
    case LEV_E_TYPED: e_mapchar(m, e->args[0]); return;
    default: e_int(m, e);
    }
}

static void e_thing(em *m, const lev_expr *e, int type)
{
    switch (e->kind) {
    case LEV_E_CHAR: push_const(m, type, (int32_t)e->ival, 0, 0, 0, NULL); return;
    case LEV_E_STRING: {    /* a name carries its class, as in the games */
        int cls = lev_plan_name_class(m->plan, type == SPLEV_V_MONST, e->sval);
        push_const(m, type, cls, 0, 0, 0, e->sval);
        return;
    }
    case LEV_E_CLASSNAME:
        push_const(m, type, (int32_t)e->args[0]->ival, 0, 0, 0,
                   e->args[1]->sval);
        return;
    case LEV_E_RANDOM: push_const(m, type, 0, 0, 0, 0, NULL); return;
    case LEV_E_TYPED: e_thing(m, e->args[0], type); return;
    default: e_int(m, e);
    }
}

static void e_filled(em *m, const lev_expr *f)
{
    push_int(m, f ? lev_word_value((int)f->ival) : 0);
}

static void e_sel_op(em *m, const lev_expr *e)
{
    lev_expr *const *a = e->args;
    switch (e->ival) {
    case LEV_SEL_UNION: e_sel(m, a[0]); e_sel(m, a[1]); E0(m, SEL_ADD); return;
    case LEV_SEL_RECT: e_region(m, a[0]); E0(m, SEL_RECT); return;
    case LEV_SEL_FILLRECT: e_region(m, a[0]); E0(m, SEL_FILLRECT); return;
    case LEV_SEL_LINE:
        e_coord(m, a[0]);
        e_coord(m, a[1]);
        E0(m, SEL_LINE);
        return;
    case LEV_SEL_RANDLINE:
        e_coord(m, a[0]);
        e_coord(m, a[1]);
        e_int(m, a[2]);
        E0(m, SEL_RNDLINE);
        return;
    case LEV_SEL_GROW: {
        e_sel(m, a[0]);
        int dirs = 0;
        for (size_t i = 0; e->nargs > 1 && a[1] && i < a[1]->nargs; i++)
            dirs |= lev_word_value((int)a[1]->args[i]->ival);
        push_int(m, dirs ? dirs : 15);
        E0(m, SEL_GROW);
        return;
    }
    case LEV_SEL_FILTER:
        if (a[0]->kind == LEV_E_PERCENT) {
            push_int(m, a[0]->ival);
            e_sel(m, a[1]);
            E0(m, SEL_FILTER_PCT);
        } else if (a[0]->kind == LEV_E_CHAR ||
                   a[0]->kind == LEV_E_MAPCHAR) {
            e_mapchar(m, a[0]);
            e_sel(m, a[1]);
            E0(m, SEL_FILTER_MAP);
        } else {
            e_sel(m, a[0]);
            e_sel(m, a[1]);
            E0(m, SEL_FILTER_SEL);
        }
        return;
    case LEV_SEL_FLOODFILL: e_coord(m, a[0]); E0(m, SEL_FLOOD); return;
    case LEV_SEL_CIRCLE:
        e_coord(m, a[0]);
        e_int(m, a[1]);
        E0(m, COPY);
        e_filled(m, e->nargs > 2 ? a[2] : NULL);
        E0(m, SEL_ELLIPSE);
        return;
    case LEV_SEL_ELLIPSE:
        e_coord(m, a[0]);
        e_int(m, a[1]);
        e_int(m, a[2]);
        e_filled(m, e->nargs > 3 ? a[3] : NULL);
        E0(m, SEL_ELLIPSE);
        return;
    case LEV_SEL_GRADIENT:
        e_int(m, a[1]);
        e_int(m, a[2]);
        e_coord(m, a[4]);
        if (a[5])
            e_coord(m, a[5]);
        else
            E0(m, COPY);
        push_int(m, a[3] ? lev_word_value((int)a[3]->ival) : 0);
        push_int(m, lev_word_value((int)a[0]->ival));
        E0(m, SEL_GRADIENT);
        return;
    case LEV_SEL_COMPLEMENT: e_sel(m, a[0]); E0(m, SEL_COMPLEMENT); return;
    case LEV_SEL_RNDCOORD:
        e_coord(m, e);
        E0(m, SEL_POINT);
        return;
    default: return;
    }
}

static void e_sel(em *m, const lev_expr *e)
{
    if (e->kind == LEV_E_SEL) {
        e_sel_op(m, e);
        return;
    }
    if (e->kind == LEV_E_TYPED) {
        e_sel(m, e->args[0]);
        return;
    }
    int t = lev_value_type(e, m->sc);
    if (t == SPLEV_V_SEL) {
        e_int(m, e);
        return;
    }
    e_coord(m, e);
    E0(m, SEL_POINT);
}

/* A value of a known type (assignments, arguments, array elements). */
static void e_value(em *m, const lev_expr *e, int type)
{
    switch (type & ~LT_ARRAY) {
    case SPLEV_V_COORD: e_coord(m, e); return;
    case SPLEV_V_REGION: e_region(m, e); return;
    case SPLEV_V_MAPCHAR: e_mapchar(m, e); return;
    case SPLEV_V_MONST: case SPLEV_V_OBJ: e_thing(m, e, type & ~LT_ARRAY); return;
    case SPLEV_V_SEL: e_sel(m, e); return;
    default: e_int(m, e); return;
    }
}

/* ---- statements ---- */

static void e_block(em *m, const lev_block *b);

static const lev_expr *arg(const lev_stmt *s, size_t i)
{
    return i < s->nargs ? s->args[i] : NULL;
}

static int word_or_random(const lev_expr *e)
{
    if (!e || e->kind == LEV_E_RANDOM)
        return -1;
    return lev_word_value((int)e->ival);
}

/* Run body with a fresh break list; returns it for patching. */
static void with_breaks(em *m, breaks *b, const lev_block *body)
{
    memset(b, 0, sizeof *b);
    breaks *outer = m->brk;
    m->brk = b;
    e_block(m, body);
    m->brk = outer;
}

static void patch_breaks(em *m, breaks *b, uint32_t target)
{
    for (size_t i = 0; i < b->n; i++)
        patch(m, b->at[i], target);
    free(b->at);
}

static void add_break(em *m)
{
    breaks *b = m->brk;
    uint32_t j = E0(m, JMP);
    if (!b)
        return;
    if (b->n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 4;
        b->at = xrealloc(b->at, b->cap * sizeof *b->at);
    }
    b->at[b->n++] = j;
}

/* A block that ends with `end_op` (ENDROOM, END_MONINVENT,
 * POP_CONTAINER); BREAK inside it lands on that instruction. */
static void e_closed_block(em *m, const lev_stmt *s, int end_op)
{
    breaks b;
    with_breaks(m, &b, &s->body);
    at(m, &s->pos);
    patch_breaks(m, &b, here(m));
    emit(m, end_op, 0, 0, 0);
}

/* Emit the condition and the jump taken when it is false; returns the
 * jump's index. */
static uint32_t e_cond_false_jump(em *m, const lev_expr *c)
{
    if (c->kind == LEV_E_PERCENT) {
        push_int(m, 100);
        E0(m, RN2);
        push_int(m, c->ival);
        E0(m, CMP);
        return E0(m, JGE);
    }
    if (c->kind == LEV_E_CMP) {
        static const int rev[] = {[LEV_CMP_EQ] = OP_JNE, [LEV_CMP_NE] = OP_JE,
                                  [LEV_CMP_LT] = OP_JGE, [LEV_CMP_LE] = OP_JG,
                                  [LEV_CMP_GT] = OP_JLE, [LEV_CMP_GE] = OP_JL};
        e_int(m, c->args[0]);
        e_int(m, c->args[1]);
        E0(m, CMP);
        return emit(m, rev[c->ival], 0, 0, 0);
    }
    e_int(m, c);
    push_int(m, 0);
    E0(m, CMP);
    return E0(m, JE);
}

static void e_if(em *m, const lev_stmt *s)
{
    uint32_t jf = e_cond_false_jump(m, s->args[0]);
    e_block(m, &s->body);
    if (s->has_else && s->else_body.n) {
        at(m, &s->pos);
        uint32_t jend = E0(m, JMP);
        patch(m, jf, here(m));
        e_block(m, &s->else_body);
        patch(m, jend, here(m));
    } else {
        patch(m, jf, here(m));
    }
}

/* <n>; top: DEC body COPY 0 CMP JG top; POP.  BREAK lands on the POP. */
static void e_loop(em *m, const lev_stmt *s)
{
    e_int(m, s->args[0]);
    uint32_t top = E0(m, DEC);
    breaks b;
    with_breaks(m, &b, &s->body);
    at(m, &s->pos);
    E0(m, COPY);
    push_int(m, 0);
    E0(m, CMP);
    patch(m, E0(m, JG), top);
    patch_breaks(m, &b, here(m));
    E0(m, POP);
}

/* <e> [RN2]; per case: COPY k CMP JE body; JMP default|end; bodies
 * (falling through); end: POP. */
static void e_switch(em *m, const lev_stmt *s)
{
    const lev_expr *v = s->args[0];
    e_int(m, v);
    if (lev_expr_constant(v))
        E0(m, RN2);
    size_t n = s->body.n;
    uint32_t *jumps = xcalloc(n + 1, sizeof *jumps);
    for (size_t i = 0; i < n; i++) {
        const lev_stmt *k = s->body.v[i];
        if (k->kind != LEV_S_CASE)
            continue;
        E0(m, COPY);
        push_int(m, k->args[0]->ival);
        E0(m, CMP);
        jumps[i] = E0(m, JE);
    }
    uint32_t jdef = E0(m, JMP);
    int has_default = 0;
    breaks b;
    memset(&b, 0, sizeof b);
    breaks *outer = m->brk;
    m->brk = &b;
    for (size_t i = 0; i < n; i++) {
        const lev_stmt *k = s->body.v[i];
        if (k->kind == LEV_S_CASE) {
            patch(m, jumps[i], here(m));
        } else {
            patch(m, jdef, here(m));
            has_default = 1;
        }
        e_block(m, &k->body);
    }
    m->brk = outer;
    at(m, &s->pos);
    if (!has_default)
        patch(m, jdef, here(m));
    patch_breaks(m, &b, here(m));
    E0(m, POP);
    free(jumps);
}

/* i = a; end = b; step = sign(end - i); top: body;
 * CMP(i, end); i += step; JNE top.  BREAK lands after the JNE. */
static void e_for(em *m, const lev_stmt *s)
{
    const lev_expr *v = s->args[0];
    int slot = lev_scope_find(m->sc, v->sval);
    if (slot < 0)
        slot = lev_scope_add(m->sc, v->sval, SPLEV_V_INT, 0);
    int end = lev_scope_add(m->sc, "(FOR end)", SPLEV_V_INT, 1);
    int step = lev_scope_add(m->sc, "(FOR step)", SPLEV_V_INT, 1);
    e_int(m, s->args[1]);
    emit(m, OP_SET, 0, 0, slot);
    e_int(m, s->args[2]);
    emit(m, OP_SET, 0, 0, end);
    emit(m, OP_GET, 0, 0, end);
    emit(m, OP_GET, 0, 0, slot);
    E0(m, SUB);
    E0(m, SIGN);
    emit(m, OP_SET, 0, 0, step);
    uint32_t top = here(m);
    breaks b;
    with_breaks(m, &b, &s->body);
    at(m, &s->pos);
    emit(m, OP_GET, 0, 0, slot);
    emit(m, OP_GET, 0, 0, end);
    E0(m, CMP);
    emit(m, OP_GET, 0, 0, step);
    emit(m, OP_GET, 0, 0, slot);
    E0(m, ADD);
    emit(m, OP_SET, 0, 0, slot);
    patch(m, E0(m, JNE), top);
    patch_breaks(m, &b, here(m));
}

static void e_assign(em *m, const lev_stmt *s)
{
    const lev_expr *v = s->args[0], *val = s->args[1];
    int t = lev_value_type(val, m->sc);
    int slot = lev_scope_find(m->sc, v->sval);
    if (slot < 0)
        slot = lev_scope_add(m->sc, v->sval, t, 0);
    if (val->kind == LEV_E_TYPED && val->ival != LEV_T_SELECTION)
        val = val->args[0];
    if ((t & LT_ARRAY) && val->kind == LEV_E_ARRAY) {
        for (size_t i = 0; i < val->nargs; i++)
            e_value(m, val->args[i], t);
        emit_n(m, OP_SET_ARRAY, 0, val->nargs, slot);
        return;
    }
    if (t & LT_ARRAY) {
        /* a copy of another array: element by element */
        int from = lev_scope_find(m->sc, val->sval);
        fail(m, "copying the array %s is not supported", val->sval);
        (void)from;
        return;
    }
    e_value(m, val, t);
    emit(m, OP_SET, 0, 0, slot);
}

/* The function index of a FUNCTION in this script, queued on first use. */
static int32_t function_index(em *m, const lev_stmt *def)
{
    uintptr_t known = def ? (uintptr_t)strmap_get(&m->fidx, def->name) : 0;
    if (known)
        return (int32_t)known;
    if (m->nfuncs == m->capfuncs) {
        m->capfuncs = m->capfuncs ? m->capfuncs * 2 : 4;
        m->funcs = xrealloc(m->funcs, m->capfuncs * sizeof *m->funcs);
        m->fdefs = xrealloc(m->fdefs, m->capfuncs * sizeof *m->fdefs);
    }
    memset(&m->funcs[m->nfuncs], 0, sizeof m->funcs[0]);
    m->fdefs[m->nfuncs] = def;
    if (def)
        strmap_put(&m->fidx, def->name, (void *)(uintptr_t)m->nfuncs);
    return (int32_t)m->nfuncs++;
}

static int param_type(const char *t)
{
    return t[0] == 's' ? SPLEV_V_STR : SPLEV_V_INT;
}

static void e_call_stmt(em *m, const lev_stmt *s)
{
    const lev_stmt *def = lev_plan_function(m->plan, s->name);
    const lev_expr *params = def->args[0], *args = s->args[0];
    for (size_t i = 0; i < args->nargs; i++)
        e_value(m, args->args[i], param_type(params->args[i]->sval2));
    at(m, &s->pos);
    emit_n(m, OP_CALL, 0, args->nargs, function_index(m, def));
}

/* The operands of a solidfill or mazegrid INIT_MAP after its map
 * character. */
static void e_fill_operands(em *m, int lit)
{
    for (int i = 0; i < 3; i++)
        push_int(m, 0);
    push_int(m, lit);
    push_int(m, 0);
    push_int(m, -1);
}

/* NetHack 3.6's MAZE:"name",fill header: a solidfill of the fill's
 * terrain, unlit (the character converted to terrain once, where 3.6
 * converts it twice), or with `random` a mazegrid of HWALL. */
static void e_maze_header(em *m, const lev_expr *fill)
{
    at(m, &fill->pos);
    int maze = fill->kind == LEV_E_RANDOM;
    push_const(m, SPLEV_V_MAPCHAR,
               splev_terrain_from_mapchar(maze ? '-' : (int)fill->ival), -2,
               0, 0, NULL);
    e_fill_operands(m, 0);
    emit(m, OP_INIT_MAP, 0, 0, maze ? 2 : 1);
}

static void e_init_map(em *m, const lev_stmt *s)
{
    static const int styles[] = {[LEV_W_SOLIDFILL] = 1, [LEV_W_MAZEGRID] = 2,
                                 [LEV_W_MINES] = 3, [LEV_W_SHEOLLEV] = 4,
                                 [LEV_W_ROGUE] = 5};
    int w = (int)arg(s, 0)->ival;
    int style = styles[w];
    const lev_expr *fg = arg(s, 1);
    if (style == 1 || style == 2) {
        e_mapchar(m, fg);
        e_fill_operands(m, fg->kind == LEV_E_MAPCHAR
                               ? light_value(fg->args[1]) : -2);
    } else if (style == 3) {
        e_mapchar(m, fg);
        e_mapchar(m, arg(s, 2));
        push_int(m, lev_word_value((int)arg(s, 3)->ival));
        push_int(m, lev_word_value((int)arg(s, 4)->ival));
        push_int(m, light_value(arg(s, 5)));
        push_int(m, word_or_random(arg(s, 6)));
        if (arg(s, 7))
            e_mapchar(m, arg(s, 7));
        else
            push_int(m, -1);
    } else {
        for (int i = 0; i < 6; i++)
            push_int(m, 0);
        push_int(m, -1);
    }
    emit(m, OP_INIT_MAP, 0, 0, style);
}

/* The terrain numbers of two map characters, by the 16-bit word their two
 * bytes make (in the host's byte order: the value is stored back the same
 * way), so a map costs one table load per two cells.  Filled row by row
 * from the one-character table: 128 KB, once per emitter. */
static const uint16_t *map_pairs(em *m)
{
    lev_emitter *e = m->owner;
    if (e->pairs && e->pairs_variant != m->variant) {
        free(e->pairs);
        e->pairs = NULL;
    }
    if (!e->pairs) {
        e->pairs_variant = m->variant;
        const unsigned char *tbl =
            (const unsigned char *)lev_terrain_table_for(m->variant);
        uint16_t low[256];
        for (int c = 0; c < 256; c++)
            low[c] = tbl[c];
        e->pairs = xmalloc(65536 * sizeof *e->pairs);
        for (int hi = 0; hi < 256; hi++) {
            uint16_t *row = e->pairs + hi * 256;
            uint16_t v = (uint16_t)(tbl[hi] << 8);
            for (int lo = 0; lo < 256; lo++)
                row[lo] = (uint16_t)(low[lo] | v);
        }
    }
    return e->pairs;
}

static inline void pair_cells(const uint16_t *pairs,
                              const unsigned char *from, char *to)
{
    uint16_t k, v;
    memcpy(&k, from, 2);
    v = pairs[k];
    memcpy(to, &v, 2);
}

/* The MAP constant: width x height terrain numbers, short rows padded
 * with STONE. */
static void e_map(em *m, const lev_stmt *s)
{
    const lev_map *mp = s->map;
    size_t w = mp->width, h = mp->nrows;
    char *cells = cell_space(m, w * h + 1);
    /* Locals for the row and its length: stores through char * may alias
     * anything, so fields would be reloaded for every cell. */
    const char *tbl = lev_terrain_table_for(m->variant);
    const uint16_t *pairs = map_pairs(m);
    for (size_t y = 0; y < h; y++) {
        const unsigned char *row = (const unsigned char *)mp->rows[y].cells;
        size_t n = mp->rows[y].ncells;
        char *dst = cells + y * w;
        size_t x = 0;
        for (; x + 8 <= n; x += 8) {
            pair_cells(pairs, row + x, dst + x);
            pair_cells(pairs, row + x + 2, dst + x + 2);
            pair_cells(pairs, row + x + 4, dst + x + 4);
            pair_cells(pairs, row + x + 6, dst + x + 6);
        }
        for (; x + 2 <= n; x += 2)
            pair_cells(pairs, row + x, dst + x);
        if (x < n)
            dst[x] = tbl[row[x]];
    }
    splev_const k;
    memset(&k, 0, sizeof k);
    k.type = SPLEV_V_MAP;
    k.a = (int32_t)w;
    k.b = (int32_t)h;
    k.str = cells;
    k.len = (uint32_t)(w * h);
    int32_t ci = append_const(m, &k);
    int a;
    if (arg(s, 0)) {
        push_const(m, SPLEV_V_COORD, lev_word_value((int)arg(s, 0)->ival),
                   lev_word_value((int)arg(s, 1)->ival), 0, 0, NULL);
        a = 1;
    } else {
        e_coord(m, arg(s, 2));
        a = 2;
    }
    int keep = arg(s, 3) ? lev_word_value((int)arg(s, 3)->ival) : 1;
    emit(m, OP_MAP, a, keep, ci);
}

static void e_level_region(em *m, const lev_stmt *s, int type)
{
    for (int k = 0; k < 2; k++) {
        const lev_expr *r = arg(s, (size_t)k);
        for (int i = 0; i < 4; i++)
            e_int(m, r->args[i]);
        push_int(m, r->kind == LEV_E_LEVREGION);
    }
    push_int(m, type);
    if (s->kind == LEV_S_PORTAL)
        e_int(m, arg(s, 2));
    else
        E0(m, PUSH_NULL);
    E0(m, LEVREGION);
}

static int is_word_up(const lev_expr *e)
{
    return e && e->kind == LEV_E_WORD && e->ival == LEV_W_UP;
}

static int align_value(const lev_expr *e)
{
    if (!e || e->kind == LEV_E_RANDOM)
        return -11;
    if (e->kind == LEV_E_ALIGNREG)
        return (int)-(lev_expr_eval(e->args[0]) + 1);
    return lev_word_value((int)e->ival);
}

static int room_type_value(const lev_expr *e)
{
    if (!e || e->kind == LEV_E_RANDOM)
        return -1;
    int t = lev_room_type(e->sval);
    return t < 0 ? 0 : t;
}

/* bit0 filled (the default without a list), bit1 irregular, bit2 unjoined */
static void push_pair(em *m, const lev_expr *e, int words)
{
    for (int i = 0; i < 2; i++) {
        if (!e || e->kind == LEV_E_RANDOM)
            push_int(m, -1);
        else if (words)
            push_int(m, word_or_random(e->args[i]));
        else
            e_int(m, e->args[i]);
    }
}

static void e_room(em *m, const lev_stmt *s)
{
    int sub = s->kind == LEV_S_SUBROOM;
    push_int(m, room_type_value(arg(s, 0)));
    push_int(m, arg(s, 1) ? arg(s, 1)->ival : 100);
    push_int(m, light_value(arg(s, 2)));
    /* a ROOM has the flags the games give it, a SUBROOM its own */
    push_int(m, sub ? lev_room_written_flags(arg(s, 5))
                    : lev_room_effective_flags(arg(s, 4)));
    if (sub) {
        push_int(m, -1);
        push_int(m, -1);
    } else {
        push_pair(m, arg(s, 4), 1);
    }
    push_pair(m, arg(s, 3), 0);
    push_pair(m, arg(s, sub ? 4 : 5), 0);
    emit(m, OP_ROOM, sub, 0, 0);
    e_closed_block(m, s, OP_ENDROOM);
}

static void e_region_stmt(em *m, const lev_stmt *s)
{
    e_region(m, arg(s, 0));
    push_int(m, light_value(arg(s, 1)));
    int flags = lev_room_written_flags(arg(s, 3));
    int type = room_type_value(arg(s, 2));
    if (type < 0)
        type = 0;
    if (!(flags & 1))
        type += MAXRTYPE + 1;
    push_int(m, type);
    push_int(m, flags);
    emit(m, OP_REGION, s->has_body, 0, 0);
    if (s->has_body)
        e_closed_block(m, s, OP_ENDROOM);
}

/* Attribute pairs (value, key) of a MONSTER or OBJECT; returns the count. */
static int e_mon_attrs(em *m, const lev_stmt *s)
{
    int n = 0;
    for (size_t i = 0; i < s->nattrs; i++) {
        const lev_expr *a = s->attrs[i];
        const lev_expr *v = a->nargs ? a->args[0] : NULL;
        int key = -1;
        switch (a->ival) {
        case LEV_A_NAME: e_int(m, v); key = MK_NAME; break;
        case LEV_A_ATTITUDE: push_int(m, lev_word_value((int)v->ival));
            key = MK_PEACEFUL; break;
        case LEV_A_ALERTNESS: push_int(m, lev_word_value((int)v->ival));
            key = MK_ASLEEP; break;
        case LEV_A_ALIGN: push_int(m, align_value(v)); key = MK_ALIGN; break;
        case LEV_A_APPEARANCE:
            e_int(m, a->args[1]);
            key = v->ival == LEV_W_M_FEATURE ? MK_APPEAR_FEATURE
                : v->ival == LEV_W_M_MONSTER ? MK_APPEAR_MONSTER
                                             : MK_APPEAR_OBJECT;
            break;
        case LEV_A_FEMALE: push_int(m, 1); key = MK_FEMALE; break;
        case LEV_A_INVISIBLE: push_int(m, 1); key = MK_INVISIBLE; break;
        case LEV_A_CANCELLED: push_int(m, 1); key = MK_CANCELLED; break;
        case LEV_A_REVIVED: push_int(m, 1); key = MK_REVIVED; break;
        case LEV_A_AVENGE: push_int(m, 1); key = MK_AVENGE; break;
        case LEV_A_STUNNED: push_int(m, 1); key = MK_STUNNED; break;
        case LEV_A_CONFUSED: push_int(m, 1); key = MK_CONFUSED; break;
        case LEV_A_FLEEING: if (v) e_int(m, v); else push_int(m, 1);
            key = MK_FLEEING; break;
        case LEV_A_BLINDED: if (v) e_int(m, v); else push_int(m, 1);
            key = MK_BLINDED; break;
        case LEV_A_PARALYZED: if (v) e_int(m, v); else push_int(m, 1);
            key = MK_PARALYZED; break;
        case LEV_A_SEEN_TRAPS: {
            uint32_t bits = v->nargs ? 0 : 0xffffffffu;
            for (size_t k = 0; k < v->nargs; k++)
                bits |= 1u << (lev_trap_type(v->args[k]->sval) - 1);
            push_int(m, (long)(int32_t)bits);
            key = MK_SEENTRAPS;
            break;
        }
        default: continue;
        }
        push_int(m, key);
        n++;
    }
    return n;
}

static int e_obj_attrs(em *m, const lev_stmt *s)
{
    int n = 0;
    for (size_t i = 0; i < s->nattrs; i++) {
        const lev_expr *a = s->attrs[i];
        const lev_expr *v = a->nargs ? a->args[0] : NULL;
        int key = -1;
        switch (a->ival) {
        case LEV_A_CURSE: push_int(m, lev_word_value((int)v->ival));
            key = OK_CURSE; break;
        case LEV_A_MONTYPE: e_thing(m, v, SPLEV_V_MONST); key = OK_MONTYPE; break;
        case LEV_A_SPE: e_int(m, v); key = OK_SPE; break;
        case LEV_A_NAME: e_int(m, v); key = OK_NAME; break;
        case LEV_A_QUANTITY: e_int(m, v); key = OK_QUANTITY; break;
        case LEV_A_BURIED: push_int(m, 1); key = OK_BURIED; break;
        case LEV_A_LIGHT: push_int(m, lev_word_value((int)v->ival));
            key = OK_LIT; break;
        case LEV_A_ERODED: e_int(m, v); key = OK_ERODED; break;
        case LEV_A_ERODEPROOF: push_int(m, 1); key = OK_ERODEPROOF; break;
        case LEV_A_LOCK: push_int(m, 1);
            key = v->ival == LEV_W_LOCKED ? OK_LOCKED : OK_BROKEN; break;
        case LEV_A_TRAPPED:
            push_int(m, v ? lev_word_value((int)v->ival) : 1);
            key = OK_TRAPPED; break;
        case LEV_A_RECHARGED: if (v) e_int(m, v); else push_int(m, 1);
            key = OK_RECHARGED; break;
        case LEV_A_INVISIBLE: push_int(m, 1); key = OK_INVISIBLE; break;
        case LEV_A_GREASED: push_int(m, 1); key = OK_GREASED; break;
        case LEV_A_COORD: e_coord(m, v); key = OK_COORD; break;
        default: continue;
        }
        push_int(m, key);
        n++;
    }
    return n;
}

static void e_monster(em *m, const lev_stmt *s)
{
    e_thing(m, arg(s, 0), SPLEV_V_MONST);
    e_coord(m, arg(s, 1));
    int n = e_mon_attrs(m, s);
    emit_n(m, OP_MONSTER, s->has_body, (size_t)n, 0);
    if (!s->has_body)
        return;
    int saved = m->containers;
    m->containers = 0;
    m->monster_block++;
    e_closed_block(m, s, OP_END_MONINVENT);
    m->monster_block--;
    m->containers = saved;
}

static void e_object(em *m, const lev_stmt *s)
{
    int box = s->kind == LEV_S_CONTAINER;
    e_thing(m, arg(s, 0), SPLEV_V_OBJ);
    int n = e_obj_attrs(m, s);
    int content = m->containers > 0 || m->monster_block > 0;
    emit_n(m, OP_OBJECT, content | (box ? 2 : 0), (size_t)n, 0);
    if (!box)
        return;
    m->containers++;
    e_closed_block(m, s, OP_POP_CONTAINER);
    m->containers--;
}

static void e_corridor(em *m, const lev_stmt *s)
{
    for (int k = 0; k < 2; k++) {
        const lev_expr *t = arg(s, (size_t)k);
        if (t->kind != LEV_E_TUPLE) {
            push_int(m, -1);
            push_int(m, -1);
            e_int(m, t);
            continue;
        }
        e_int(m, t->args[0]);
        if (t->args[2]->kind == LEV_E_RANDOM)
            push_int(m, -1);
        else
            e_int(m, t->args[2]);
        push_int(m, lev_word_value((int)t->args[1]->ival));
    }
    E0(m, CORRIDOR);
}

/* One argument of a statement of the signature table, as its row says. */
static void e_sig_arg(em *m, const lev_sig_arg *a, const lev_expr *e)
{
    if (!e && (a->flags & LEV_SAF_OPT_TERRAIN)) {
        push_const(m, SPLEV_V_MAPCHAR, a->dflt, -2, 0, 0, NULL);
        return;
    }
    if ((!e && (a->flags & LEV_SAF_OPT)) ||
        (e && (a->flags & LEV_SAF_RANDOM) && e->kind == LEV_E_RANDOM)) {
        push_int(m, e ? -1 : a->dflt);
        return;
    }
    switch (a->kind) {
    case LEV_SA_INT: case LEV_SA_STR: e_int(m, e); break;
    case LEV_SA_COORD: e_coord(m, e); break;
    case LEV_SA_SEL: e_sel(m, e); break;
    case LEV_SA_REGION: e_region(m, e); break;
    case LEV_SA_MAPCHAR: e_mapchar(m, e); break;
    case LEV_SA_WORD: push_int(m, word_or_random(e)); break;
    case LEV_SA_WORDVAL: push_int(m, lev_word_value((int)e->ival)); break;
    case LEV_SA_LITERAL: push_int(m, e->ival); break;
    case LEV_SA_ALIGN: push_int(m, align_value(e)); break;
    default: break;
    }
}

/* A statement of the signature table: its arguments in the row's order,
 * then its one instruction. */
static void e_sig(em *m, const lev_stmt *s, const lev_sig *g)
{
    size_t n = lev_sig_nargs(g);
    for (size_t i = 0; i < n; i++) {
        size_t k = lev_sig_slot(g, i);
        e_sig_arg(m, &g->args[k], arg(s, k));
    }
    emit(m, g->op, g->a, 0, g->arg);
}

static void e_trap(em *m, const lev_stmt *s)
{
    const lev_expr *t = arg(s, 0);
    e_coord(m, arg(s, 1));
    int type = -1;
    if (t->kind == LEV_E_STRING) {
        type = lev_trap_type(t->sval);
        if (!type)
            type = splev_vtrap_from_name(t->sval);
    }
    push_int(m, type);
    E0(m, TRAP);
}

static void e_roomdoor(em *m, const lev_stmt *s)
{
    push_int(m, word_or_random(arg(s, 0)));
    push_int(m, word_or_random(arg(s, 1)));
    const lev_expr *w = arg(s, 2);
    int bits = 0;
    for (size_t i = 0; w->kind == LEV_E_DIRS && i < w->nargs; i++)
        bits |= lev_word_value((int)w->args[i]->ival);
    push_int(m, w->kind == LEV_E_DIRS ? bits : -1);
    if (arg(s, 3)->kind == LEV_E_RANDOM)
        push_int(m, -1);
    else
        e_int(m, arg(s, 3));
    E0(m, ROOMDOOR);
}

static void e_drawbridge(em *m, const lev_stmt *s)
{
    static const int db[9] = {[1] = 0, [2] = 1, [4] = 2, [8] = 3};
    e_coord(m, arg(s, 0));
    const lev_expr *st = arg(s, 2);
    push_int(m, st->kind == LEV_E_RANDOM ? -1 : st->ival == LEV_W_OPEN);
    push_int(m, db[lev_word_value((int)arg(s, 1)->ival) & 15]);
    E0(m, DRAWBRIDGE);
}

static void e_wallify(em *m, const lev_stmt *s)
{
    if (arg(s, 0)) {
        e_sel(m, arg(s, 0));
        E0(m, WALLIFY_SEL);
    } else {
        E0(m, WALLIFY);
    }
}

static void e_stair(em *m, const lev_stmt *s)
{
    e_coord(m, arg(s, 0));
    push_int(m, lev_word_value((int)arg(s, 1)->ival));
    emit(m, OP_STAIR, s->kind == LEV_S_LADDER, 0, 0);
}

static void e_grave(em *m, const lev_stmt *s)
{
    const lev_expr *t = arg(s, 1);
    e_coord(m, arg(s, 0));
    if (t && t->kind != LEV_E_RANDOM)
        e_int(m, t);
    else
        E0(m, PUSH_NULL);
    emit(m, OP_GRAVE, t && t->kind == LEV_E_RANDOM, 0, 0);
}

static void e_sounds(em *m, const lev_stmt *s)
{
    const lev_expr *l = arg(s, 1);
    e_int(m, arg(s, 0));
    for (size_t i = 0; i < l->nargs; i++) {
        push_int(m, lev_word_value((int)l->args[i]->args[0]->ival));
        e_int(m, l->args[i]->args[1]);
    }
    emit_n(m, OP_SOUNDS, 0, l->nargs, 0);
}

static void e_mon_generation(em *m, const lev_stmt *s)
{
    const lev_expr *l = arg(s, 1);
    push_int(m, arg(s, 0)->ival);
    for (size_t i = 0; i < l->nargs; i++) {
        e_int(m, l->args[i]->args[0]);
        e_thing(m, l->args[i]->args[1], SPLEV_V_MONST);
    }
    emit_n(m, OP_MON_GENERATION, 0, l->nargs, 0);
}

static void e_teleport_region(em *m, const lev_stmt *s)
{
    e_level_region(m, s, !arg(s, 2) ? SPLEV_LR_TELE
                         : is_word_up(arg(s, 2)) ? SPLEV_LR_UPTELE
                                                 : SPLEV_LR_DOWNTELE);
}

/* A statement with no row in the signature table. */
static void e_own(em *m, const lev_stmt *s)
{
    switch (s->kind) {
    case LEV_S_INIT_MAP: e_init_map(m, s); break;
    case LEV_S_MAP: e_map(m, s); break;
    case LEV_S_NOMAP:
        E0(m, PUSH_NULL);
        emit(m, OP_MAP, 0, 1, -1);
        break;
    case LEV_S_OBJECT: case LEV_S_CONTAINER: e_object(m, s); break;
    case LEV_S_MONSTER: e_monster(m, s); break;
    case LEV_S_TRAP: e_trap(m, s); break;
    case LEV_S_ROOMDOOR: e_roomdoor(m, s); break;
    case LEV_S_DRAWBRIDGE: e_drawbridge(m, s); break;
    case LEV_S_WALLIFY: e_wallify(m, s); break;
    case LEV_S_REGION: e_region_stmt(m, s); break;
    case LEV_S_ROOM: case LEV_S_SUBROOM: e_room(m, s); break;
    case LEV_S_LADDER: case LEV_S_STAIR: e_stair(m, s); break;
    case LEV_S_STAIR_REGION:
        e_level_region(m, s, is_word_up(arg(s, 2)) ? SPLEV_LR_UPSTAIR
                                                   : SPLEV_LR_DOWNSTAIR);
        break;
    case LEV_S_PORTAL: e_level_region(m, s, SPLEV_LR_PORTAL); break;
    case LEV_S_BRANCH: e_level_region(m, s, SPLEV_LR_BRANCH); break;
    case LEV_S_TELEPORT_REGION: e_teleport_region(m, s); break;
    case LEV_S_GRAVE: e_grave(m, s); break;
    case LEV_S_CORRIDOR: e_corridor(m, s); break;
    case LEV_S_SOUNDS: e_sounds(m, s); break;
    case LEV_S_MON_GENERATION: e_mon_generation(m, s); break;
    case LEV_S_SHUFFLE:
        emit(m, OP_SHUFFLE, 0, 0, lev_scope_find(m->sc, arg(s, 0)->sval));
        break;
    case LEV_S_ASSIGN: e_assign(m, s); break;
    case LEV_S_IF: e_if(m, s); break;
    case LEV_S_LOOP: e_loop(m, s); break;
    case LEV_S_SWITCH: e_switch(m, s); break;
    case LEV_S_BREAK: add_break(m); break;
    case LEV_S_FOR: e_for(m, s); break;
    case LEV_S_CALL: e_call_stmt(m, s); break;
    default: break;   /* FLAGS, VAULTGEN, FUNCTION, INCLUDE, MINDEPTH (a
                       * game's vault choice, doc/variants.md): no code */
    }
}

static void e_stmt(em *m, const lev_stmt *s)
{
    at(m, &s->pos);
    uint32_t jf = 0;
    if (s->chance)
        jf = e_cond_false_jump(m, s->chance);
    const lev_sig *g = lev_stmt_sig(s->kind);
    if (g->op != OP_NOP)
        e_sig(m, s, g);
    else
        e_own(m, s);
    if (s->chance)
        patch(m, jf, here(m));
}

static void e_block(em *m, const lev_block *b)
{
    for (size_t i = 0; i < b->n && !m->failed; i++)
        e_stmt(m, b->v[i]);
}

/* ---- literal coordinates, counted by the checker ---- */

/* The n cells of l from index at on. */
static void count_cells(em *m, const lev_cells *l, size_t at, size_t n)
{
    for (size_t i = at; i < at + n; i++)
        if (m->dt->coord_uses[l->v[i]] < 0xffff)
            m->dt->coord_uses[l->v[i]]++;
}

static void uncount_cells(em *m, const lev_cells *l, size_t at, size_t n)
{
    for (size_t i = at; i < at + n; i++)
        m->dt->coord_uses[l->v[i]] = 0;
}


/* ---- functions and the script ---- */

static void add_varnames(em *m, splev_func *f, const lev_scope *sc)
{
    if (sc->n > 0xffff) {
        fail(m, "more than 65535 variables in one function");
        return;
    }
    f->first_varname = (uint32_t)m->nv;
    f->nslots = (uint16_t)sc->n;
    for (size_t i = 0; i < sc->n; i++) {
        if (m->nv == m->capv) {
            m->capv = m->capv ? m->capv * 2 : 32;
            m->varnames = xrealloc(m->varnames, m->capv * sizeof *m->varnames);
        }
        m->varnames[m->nv++] = sc->v[i].name;
    }
}

/* A FUNCTION's body as function i, with its parameters in the first
 * slots. */
static void e_function(em *m, size_t i)
{
    const lev_stmt *def = m->fdefs[i];
    lev_scope sc;
    lev_scope_init(&sc);
    const lev_expr *params = def->args[0];
    for (size_t k = 0; k < params->nargs; k++)
        lev_scope_add(&sc, params->args[k]->sval,
                      param_type(params->args[k]->sval2), 0);
    m->sc = &sc;
    m->brk = NULL;
    m->containers = m->monster_block = 0;
    uint32_t entry = here(m);
    e_block(m, &def->body);
    splev_func *f = &m->funcs[i];
    f->name = def->name;
    f->entry = entry;
    f->end = here(m);
    f->nparams = (uint16_t)params->nargs;
    add_varnames(m, f, &sc);
    lev_scope_free(&sc);
}

lev_emitter *lev_emitter_new(void)
{
    return xcalloc(1, sizeof(lev_emitter));
}

void lev_emitter_free(lev_emitter *e)
{
    if (!e)
        return;
    free(e->keep.code);
    free(e->keep.consts);
    free(e->keep.chash);
    free(e->keep.lines);
    free(e->keep.funcs);
    free(e->keep.fdefs);
    free(e->keep.varnames);
    free(e->keep.owned);
    for (size_t i = 0; i < e->keep.nchunks; i++)
        free(e->keep.chunks[i]);
    free(e->keep.chunks);
    free(e->pairs);
    free(e);
}

static void em_start(em *m, lev_emitter *e)
{
    *m = e->keep;
    m->dt = &e->dt;
    m->owner = e;
    m->files = m->few_files;
    m->fpaths = m->few_fpaths;
    if (m->chcap)
        memset(m->chash, 0, m->chcap * sizeof *m->chash);
}

/* Back to the emitter: what the level allocated is freed, the arrays kept
 * empty, the direct tables cleared. */
static void em_finish(em *m, lev_emitter *e, const lev_plan *p,
                      const lev_plan_level *pl)
{
    for (size_t i = 0; i < m->nc; i++) {
        uint32_t *d = const_slot(m, &m->consts[i]);
        if (d)
            *d = 0;
    }
    uncount_cells(m, &p->lcoords, pl->coords_at, pl->ncoords);
    uncount_cells(m, &p->fcoords, 0, p->fcoords.n);
    if (m->nfiles > FEW_FILES) {
        free(m->files);
        free(m->fpaths);
    }
    for (size_t i = 0; i < m->nowned; i++)
        free(m->owned[i]);
    strmap_free(&m->fidx);
    em *k = &e->keep;
    memset(k, 0, sizeof *k);
    k->code = m->code;
    k->cap = m->cap;
    k->consts = m->consts;
    k->capc = m->capc;
    k->chash = m->chash;
    k->chcap = m->chcap;
    k->lines = m->lines;
    k->capl = m->capl;
    k->funcs = m->funcs;
    k->fdefs = m->fdefs;
    k->capfuncs = m->capfuncs;
    k->varnames = m->varnames;
    k->capv = m->capv;
    k->owned = m->owned;
    k->capowned = m->capowned;
    k->chunks = m->chunks;
    k->nchunks = m->nchunks;
    k->capchunks = m->capchunks;
}

unsigned char *lev_emit_level(lev_emitter *e, const lev_plan *p,
                              const lev_plan_level *pl, size_t *len,
                              char *err, size_t errlen)
{
    em m;
    em_start(&m, e);
    m.plan = p;
    m.variant = pl->file->variant;
    m.err = err;
    m.errlen = errlen;
    function_index(&m, NULL);
    count_cells(&m, &p->lcoords, pl->coords_at, pl->ncoords);
    count_cells(&m, &p->fcoords, 0, p->fcoords.n);
    at(&m, &pl->level->pos);
    lev_scope sc;
    lev_scope_init(&sc);
    m.sc = &sc;
    if (pl->level->maze_fill)
        e_maze_header(&m, pl->level->maze_fill);
    e_block(&m, &pl->level->body);
    m.funcs[0].name = "";
    m.funcs[0].end = here(&m);
    add_varnames(&m, &m.funcs[0], &sc);
    for (size_t i = 1; i < m.nfuncs && !m.failed; i++)
        e_function(&m, i);
    drop_idle_line(&m);
    unsigned char *out = NULL;
    if (!m.failed) {
        splev_levscript s;
        memset(&s, 0, sizeof s);
        s.name = pl->name;
        s.dialect = pl->file->dialect;
        s.variant = pl->file->variant;
        s.flags = pl->flags;
        s.vault_freq = pl->vault_freq;
        s.n_files = (uint32_t)m.nfiles;
        s.files = m.files;
        s.n_funcs = (uint32_t)m.nfuncs;
        s.funcs = m.funcs;
        s.n_consts = (uint32_t)m.nc;
        s.consts = m.consts;
        s.n_insns = (uint32_t)m.n;
        s.code = m.code;
        s.n_lines = (uint32_t)m.nl;
        s.lines = m.lines;
        s.n_varnames = (uint32_t)m.nv;
        s.varnames = m.varnames;
        out = splev_lev_encode(&s, len);
        if (!out)
            oom_fail(0);        /* to the compile's own guard */
    }
    lev_scope_free(&sc);
    em_finish(&m, e, p, pl);
    return out;
}
