/* check.c - the semantic checker: every statement's slots get the values
 * they need (types, ranges, names), variables are defined before use and
 * keep one type, functions are defined before they are called and see
 * only their parameters, blocks nest within the limits, and level names
 * make safe file names.  Unlike the games' compiler, a file with any error
 * writes none of its levels, the map bounds start afresh at every LEVEL,
 * and an included file's errors name that file and line. */
#include "lev_check/lev_check.h"
#include "lev_front/sig.h"
#include "names/names.h"
#include "splev/variant.h"

#include "common/common.h"
#include "levcode/limits.h"
#include "levcode/opcodes.h"
#include "splev/level.h"
#include "splev/levscript.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COND_NEST 20
#define MAX_FOR_NEST 20
#define MAX_CASES 20
#define MAX_MAP_W 76
#define MAX_MAP_H 21
#define MAX_NAME 14

typedef struct chk {
    const lev_check_opts *o;
    diag d;
    const lev_file **files;     /* every file seen, for quoted lines */
    size_t nfiles, capfiles;
    lev_plan *plan;
    lev_scope *sc;
    int in_function;
    int cond_depth, for_depth, in_switch, breakable;
    int room_depth, in_room;    /* room blocks; ROOM/SUBROOM ones */
    int monster_block, containers;
    int max_x, max_y;           /* the last column and row of the frame */
    int have_map;               /* a MAP frame is in effect */
    int counter;                /* %i of this input file */
    uint32_t flags;
    uint32_t vault_freq;
    int vaultgen_seen;
    int dialect;                /* SPLEV_DIALECT_* of the file checked */
    int variant;                /* SPLEV_VARIANT_* of the run */
    int after_syntax;           /* the front end had errors: statements
                                   may be missing (their names too) */
    lev_cells *coords[2];       /* where literal coordinates go (or NULL) */
    size_t caplevels;           /* room in plan->levels */
} chk;

/* ---- diagnostics at a token of any file ---- */

static void use_file_of(chk *c, lev_pos p)
{
    for (size_t i = 0; i < c->nfiles; i++)
        if (c->files[i]->id == p.file) {
            c->d.file = c->files[i]->path;
            c->d.src = c->files[i]->src;
            c->d.src_len = c->files[i]->src_len;
            return;
        }
    const char *file = lev_pos_file(p);
    c->d.file = file ? file : "?";
    c->d.src = NULL;
}

static void report(chk *c, int warning, lev_pos p, const char *fmt, va_list ap)
{
    if (c->d.gave_up)
        return;
    if (warning && c->o->no_warnings && !c->o->werror) {
        c->d.warnings++;
        return;
    }
    use_file_of(c, p);
    srcpos sp = {p.line, p.col, p.end_line, p.end_col};
    diag_vreport(&c->d, warning && !c->o->werror ? "warning" : "error", sp,
                 fmt, ap);
    if (warning && !c->o->werror) {
        c->d.warnings++;
        return;
    }
    if (++c->d.errors >= c->d.max_errors) {
        fprintf(c->d.out, "%s: error: too many errors, stopping\n", c->d.file);
        c->d.gave_up = 1;
    }
}

#if defined(__GNUC__)
#define PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define PRINTF(a, b)
#endif

static void err(chk *c, lev_pos p, const char *fmt, ...) PRINTF(3, 4);
static void warn(chk *c, lev_pos p, const char *fmt, ...) PRINTF(3, 4);
static void extra(chk *c, lev_pos p, const char *fmt, ...) PRINTF(3, 4);

static void err(chk *c, lev_pos p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(c, 0, p, fmt, ap);
    va_end(ap);
}

static void warn(chk *c, lev_pos p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(c, 1, p, fmt, ap);
    va_end(ap);
}

/* A warning shown only with -Wall (lev_check_opts.extra_warnings): the
 * corpus relies on what it reports. */
static void extra(chk *c, lev_pos p, const char *fmt, ...)
{
    if (!c->o->extra_warnings)
        return;
    va_list ap;
    va_start(ap, fmt);
    report(c, 1, p, fmt, ap);
    va_end(ap);
}

/* A name only one dialect knows (a room type, a trap) used in a file of
 * the other: -Wdialect (doc/dialects.md). */
static void dialect_name(chk *c, lev_pos p, const char *what,
                         const char *name, const char *const *un_only,
                         const char *const *nh_only)
{
    if (c->o->no_dialect_warnings)
        return;
    int nh = c->dialect != SPLEV_DIALECT_UNNETHACK;
    const char *const *l = nh ? un_only : nh_only;
    for (; *l; l++)
        if ((*l)[0] == name[0] && strcmp(*l, name) == 0) {
            char w[120];
            snprintf(w, sizeof w, "%s \"%.60s\"", what, name);
            warn(c, p, nh ? LEV_WDIALECT_UN : LEV_WDIALECT_NH, w);
            return;
        }
}

/* A parenthesised list of n elements, whatever the parser named it. */
static int is_list(const lev_expr *e, size_t n)
{
    return (e->kind == LEV_E_TUPLE || e->kind == LEV_E_COORD ||
            e->kind == LEV_E_REGION || e->kind == LEV_E_MAPCHAR ||
            e->kind == LEV_E_CLASSNAME) && e->nargs == n;
}

/* What an expression looks like, for "must be X, not Y" messages. */
static const char *describe(chk *c, const lev_expr *e)
{
    switch (e->kind) {
    case LEV_E_INT: case LEV_E_DICE: case LEV_E_NEG: return "an integer";
    case LEV_E_STRING: return "a string";
    case LEV_E_CHAR: return "a character";
    case LEV_E_PERCENT: return "a percentage";
    case LEV_E_RANDOM: return "random";
    case LEV_E_WORD: return lev_word_name((int)e->ival);
    case LEV_E_COORD: return "a coordinate";
    case LEV_E_REGION: return "a region";
    case LEV_E_MAPCHAR: return "a map character";
    case LEV_E_CLASSNAME: return "a class and name";
    case LEV_E_LEVREGION: return "a levregion";
    case LEV_E_ARRAY: return "a list";
    case LEV_E_SEL: return "a selection";
    default: {
        int t = lev_value_type(e, c->sc);
        return t ? lev_type_name(t) : "this value";
    }
    }
}

/* ---- expressions ---- */

static void want(chk *c, const lev_expr *e, int type, const char *what);

static int is_word(const lev_expr *e, int w)
{
    return e && e->kind == LEV_E_WORD && e->ival == w;
}

static int word_in(const lev_expr *e, const int *set)
{
    if (!e || e->kind != LEV_E_WORD)
        return 0;
    for (; *set; set++)
        if (e->ival == *set)
            return 1;
    return 0;
}

/* A variable use: defined, scalar or element as written, of type `type`
 * (LT_NONE: any). */
static void check_var(chk *c, const lev_expr *e, int type, const char *what)
{
    int slot = lev_scope_find(c->sc, e->sval);
    if (slot < 0 && c->after_syntax)
        return;     /* its assignment may be the statement that failed */
    if (slot < 0) {
        err(c, e->pos, "variable %s is not defined here%s", e->sval,
            c->in_function ? " (a FUNCTION sees only its parameters and "
                             "its own variables)" : "");
        return;
    }
    int vt = c->sc->v[slot].type;
    if (e->sval2) {
        int ok = 0;
        if (strcmp(e->sval2, "x") == 0 || strcmp(e->sval2, "y") == 0) {
            ok = vt == SPLEV_V_COORD && e->nargs == 0;
            if (!ok)
                err(c, e->pos, "%s.%s needs %s to be a coordinate, not %s",
                    e->sval, e->sval2, e->sval, lev_type_name(vt));
        } else if (strcmp(e->sval2, "length") == 0) {
            ok = (vt & LT_ARRAY) && e->nargs == 0;
            if (!ok)
                err(c, e->pos, "%s.length needs %s to be an array, not %s",
                    e->sval, e->sval, lev_type_name(vt));
        } else {
            err(c, e->pos, "unknown method .%s (x, y and length are known)",
                e->sval2);
            return;
        }
        if (ok && type != LT_NONE && type != SPLEV_V_INT)
            err(c, e->pos, "%s must be %s, not an integer", what,
                lev_type_name(type));
        return;
    }
    if (e->nargs > 0) {
        if (!(vt & LT_ARRAY)) {
            err(c, e->pos, "%s is %s, not an array", e->sval,
                lev_type_name(vt));
            return;
        }
        want(c, e->args[0], SPLEV_V_INT, "an array index");
        vt &= ~LT_ARRAY;
    } else if (vt & LT_ARRAY && !(type & LT_ARRAY) && type != LT_NONE) {
        err(c, e->pos, "%s is %s; use one element like %s[0]", e->sval,
            lev_type_name(vt), e->sval);
        return;
    }
    if (type != LT_NONE && vt != type)
        err(c, e->pos, "%s must be %s, but %s is %s", what,
            lev_type_name(type), e->sval, lev_type_name(vt));
}

/* The attribute words of MONSTER and OBJECT, for "did you mean" on an
 * unknown word among a statement's attributes. */
static const char *const mon_words[] = {
    "peaceful", "hostile", "asleep", "awake", "female", "invisible",
    "cancelled", "revived", "avenge", "stunned", "confused", "fleeing",
    "blinded", "paralyzed", "seen_traps", "align", "m_feature", "m_monster",
    "m_object", NULL};
static const char *const obj_words[] = {
    "blessed", "uncursed", "cursed", "montype", "name", "quantity", "buried",
    "lit", "unlit", "eroded", "erodeproof", "locked", "broken", "trapped",
    "not_trapped", "recharged", "invisible", "greased", NULL};

/* The closest value word or core function to w, or NULL; the distance
 * rule of suggest_word. */
static const char *suggest_any_word(const char *w)
{
    size_t len = strlen(w);
    int cap = len <= 3 ? 1 : len <= 6 ? 2 : 3, bestd = cap + 1;
    const char *best = NULL;
    for (int i = 1; i < LEV_W_COUNT + CORE_COUNT_; i++) {
        const char *cand = i < LEV_W_COUNT ? lev_word_name(i)
                                           : splev_cores[i - LEV_W_COUNT].spelling;
        int d = cand[0] == '.' ? cap + 1 : word_distance(w, cand, cap);
        if (d < bestd) {
            bestd = d;
            best = cand;
        }
    }
    return best;
}

/* A bare word (a name without "()" or ".") that is no core function: a
 * misspelt word, not a call.  Suggests from words, or from every word. */
static int unknown_word(chk *c, const lev_expr *e, const char *const *words)
{
    if (!e || e->kind != LEV_E_CALL || e->ival || e->nargs ||
        strchr(e->sval, '.') || lev_core_lookup(e->sval) >= 0)
        return 0;
    const char *s = words ? suggest_word(e->sval, words)
                          : suggest_any_word(e->sval);
    if (!s && words)
        s = suggest_any_word(e->sval);
    if (s)
        err(c, e->pos, "unknown word '%s' (did you mean %s?)", e->sval, s);
    else
        err(c, e->pos, "unknown word '%s'", e->sval);
    return 1;
}

static void check_call(chk *c, const lev_expr *e, int type, const char *what)
{
    int fn = lev_core_lookup(e->sval);
    if (fn < 0) {
        if (unknown_word(c, e, NULL))
            return;
        const char *sug = suggest_any_word(e->sval);
        if (sug && strchr(sug, '.'))
            err(c, e->pos, "unknown function %s (did you mean %s?)", e->sval,
                sug);
        else
            err(c, e->pos, "unknown function %s", e->sval);
        return;
    }
    int n = splev_cores[fn].nargs;
    if ((int)e->nargs != n) {
        if (n == 0)
            err(c, e->pos, "%s takes no arguments", e->sval);
        else
            err(c, e->pos, "%s takes %d argument%s, not %u", e->sval, n,
                n == 1 ? "" : "s", e->nargs);
        return;
    }
    for (int i = 0; i < n; i++)
        want(c, e->args[i], splev_core_arg_type(fn, i), "the argument");
    int rt = splev_cores[fn].result;
    if (type != LT_NONE && rt != type)
        err(c, e->pos, "%s must be %s, but %s gives %s", what,
            lev_type_name(type), e->sval, lev_type_name(rt));
}

static void want_int_tree(chk *c, const lev_expr *e, const char *what);

/* An integer expression; most are integer literals. */
static inline void want_int(chk *c, const lev_expr *e, const char *what)
{
    if (e->kind != LEV_E_INT)
        want_int_tree(c, e, what);
}

static void want_int_tree(chk *c, const lev_expr *e, const char *what)
{
    switch (e->kind) {
    case LEV_E_INT: return;
    case LEV_E_DICE:
        if (e->ival < 1 || e->ival2 < 1)
            err(c, e->pos, "dice need a positive count and number of sides, "
                "not %dd%d", e->ival, e->ival2);
        return;
    case LEV_E_NEG: want_int(c, e->args[0], what); return;
    case LEV_E_BINOP:
        if (e->ival == '.') {
            err(c, e->pos, "%s must be an integer, not a string", what);
            return;
        }
        want_int(c, e->args[0], what);
        want_int(c, e->args[1], what);
        return;
    case LEV_E_VAR: check_var(c, e, SPLEV_V_INT, what); return;
    case LEV_E_CALL: check_call(c, e, SPLEV_V_INT, what); return;
    default:
        err(c, e->pos, "%s must be an integer, not %s", what, describe(c, e));
    }
}

static void want_str(chk *c, const lev_expr *e, const char *what)
{
    switch (e->kind) {
    case LEV_E_STRING: return;
    case LEV_E_BINOP:
        if (e->ival == '.') {
            want_str(c, e->args[0], what);
            want_str(c, e->args[1], what);
            return;
        }
        err(c, e->pos, "%s must be a string, not an integer (join strings "
            "with '.')", what);
        return;
    case LEV_E_VAR: check_var(c, e, SPLEV_V_STR, what); return;
    case LEV_E_CALL: check_call(c, e, SPLEV_V_STR, what); return;
    default:
        err(c, e->pos, "%s must be a string, not %s", what, describe(c, e));
    }
}

static void check_humidity(chk *c, const lev_expr *e)
{
    int seen = 0;
    for (size_t i = 0; i < e->nargs; i++) {
        int bit = lev_word_value((int)e->args[i]->ival);
        if (seen & bit)
            warn(c, e->args[i]->pos, "humidity %s is given twice",
                 lev_word_name((int)e->args[i]->ival));
        seen |= bit;
    }
}

static void add_cell(lev_cells *l, uint16_t cell)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->v = xrealloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = cell;
}

/* A literal coordinate (x,y) written in the code being checked, for the
 * code generator (lev_cells); outside the level it is not counted. */
static inline void note_coord(chk *c, long x, long y)
{
    lev_cells *l = c->coords[0];
    if (!l || (unsigned long)x >= SPLEV_COLNO ||
        (unsigned long)y >= SPLEV_ROWNO)
        return;
    uint16_t cell = (uint16_t)(x * SPLEV_ROWNO + y);
    if (l->n < l->cap && !c->coords[1]) {
        l->v[l->n++] = cell;
        return;
    }
    add_cell(l, cell);
    if (c->coords[1])
        add_cell(c->coords[1], cell);
}

/* A literal coordinate: inside the level, and inside the map when one is
 * in effect outside any room. */
static void check_coord_literal(chk *c, const lev_expr *e)
{
    const lev_expr *x = e->args[0], *y = e->args[1];
    if (!lev_expr_constant(x) || !lev_expr_constant(y))
        return;
    long xv = lev_expr_eval(x), yv = lev_expr_eval(y);
    note_coord(c, xv, yv);
    if (xv < 0 || xv >= SPLEV_COLNO || yv < 0 || yv >= SPLEV_ROWNO)
        err(c, e->pos, "coordinate (%ld,%ld) is outside the level "
            "(0..79, 0..20)", xv, yv);
    else if (c->have_map && c->room_depth == 0 &&
             (xv > c->max_x || yv > c->max_y))
        extra(c, e->pos, "coordinate (%ld,%ld) is outside the map "
            "(0..%d, 0..%d)", xv, yv, c->max_x, c->max_y);
}

static void want_coord(chk *c, const lev_expr *e, const char *what)
{
    switch (e->kind) {
    case LEV_E_COORD:
        want_int(c, e->args[0], "the x coordinate");
        want_int(c, e->args[1], "the y coordinate");
        check_coord_literal(c, e);
        return;
    case LEV_E_RANDOM: check_humidity(c, e); return;
    case LEV_E_SEL:
        if (e->ival == LEV_SEL_RNDCOORD) {
            want(c, e->args[0], SPLEV_V_SEL, "the selection");
            return;
        }
        break;
    case LEV_E_VAR: check_var(c, e, SPLEV_V_COORD, what); return;
    case LEV_E_CALL: check_call(c, e, SPLEV_V_COORD, what); return;
    default: break;
    }
    err(c, e->pos, "%s must be a coordinate like (x,y), not %s", what,
        describe(c, e));
}

static void want_region(chk *c, const lev_expr *e, const char *what)
{
    switch (e->kind) {
    case LEV_E_REGION: {
        for (size_t i = 0; i < 4; i++)
            want_int(c, e->args[i], "a region corner");
        int lit = 1;
        long v[4];
        for (int i = 0; i < 4; i++) {
            lit &= lev_expr_constant(e->args[i]);
            v[i] = lit ? lev_expr_eval(e->args[i]) : 0;
        }
        if (lit && (v[0] > v[2] || v[1] > v[3]))
            err(c, e->pos, "region (%ld,%ld,%ld,%ld) starts after it ends",
                v[0], v[1], v[2], v[3]);
        else if (lit && (v[0] < 0 || v[1] < 0))
            err(c, e->pos, "region (%ld,%ld,%ld,%ld) has a negative corner",
                v[0], v[1], v[2], v[3]);
        return;
    }
    case LEV_E_VAR: check_var(c, e, SPLEV_V_REGION, what); return;
    case LEV_E_CALL: check_call(c, e, SPLEV_V_REGION, what); return;
    default:
        err(c, e->pos, "%s must be a region like (x1,y1,x2,y2), not %s", what,
            describe(c, e));
    }
}

static void check_mapchar_char(chk *c, const lev_expr *e, int allow_x)
{
    int ch = (int)e->ival;
    int t = ch >= 0 && ch < 256 ? lev_terrain_table_for(c->variant)[ch]
                                : splev_terrain_from_mapchar(ch);
    const char *first, *who = splev_variant_who_mapchar(ch, &first);
    if (t == SPLEV_INVALID_TERRAIN && first)
        err(c, e->pos, "'%c' is a map character of %s; use --variant %s",
            ch, who, first);
    else if (t == SPLEV_INVALID_TERRAIN)
        err(c, e->pos, "'%c' is not a map character", ch > 32 && ch < 127 ? ch : '?');
    else if (!allow_x && ch == 'x')
        err(c, e->pos, "'x' (keep the terrain) cannot be used here");
}

static void want_mapchar(chk *c, const lev_expr *e, const char *what,
                         int allow_x)
{
    static const int lights[] = {LEV_W_LIT, LEV_W_UNLIT, 0};
    switch (e->kind) {
    case LEV_E_CHAR: check_mapchar_char(c, e, allow_x); return;
    case LEV_E_MAPCHAR:
        check_mapchar_char(c, e->args[0], allow_x);
        if (e->args[1]->kind != LEV_E_RANDOM && !word_in(e->args[1], lights))
            err(c, e->args[1]->pos, "the light of a map character must be "
                "lit, unlit or random, not %s", describe(c, e->args[1]));
        return;
    case LEV_E_VAR: check_var(c, e, SPLEV_V_MAPCHAR, what); return;
    default:
        err(c, e->pos, "%s must be a map character like '.', not %s", what,
            describe(c, e));
    }
}

/* A monster or object name or class, checked against the names table. */
static void check_thing_name(chk *c, int kind, const lev_expr *name, int cls)
{
    const char *what = kind == NK_MONSTER ? "monster" : "object";
    if (!c->o->names || names_count(c->o->names, kind) == 0)
        return;     /* no table, or no names of this kind in it */
    int case_only;
    if (names_find(c->o->names, kind, name->sval, cls, &case_only))
        return;
    if (cls && names_find(c->o->names, kind, name->sval, 0, &case_only)) {
        err(c, name->pos, "%s \"%s\" is not of class '%c'", what, name->sval,
            cls);
        return;
    }
    const char *s = suggest_word(name->sval, names_list(c->o->names, kind));
    if (s)
        err(c, name->pos, "unknown %s \"%s\"%s (did you mean \"%s\"?)", what,
            name->sval, cls ? " in this class" : "", s);
    else
        err(c, name->pos, "unknown %s \"%s\"%s", what, name->sval,
            cls ? " in this class" : "");
}

static void check_class(chk *c, int kind, const lev_expr *ch, int named)
{
    int cls = (int)ch->ival;
    (void)named;
    if (cls == ' ')
        return;     /* the ghost class: a class like any other */
    if (cls < 32 || cls >= 127)
        err(c, ch->pos, "a %s class must be a visible character",
            kind == NK_MONSTER ? "monster" : "object");
    else if (c->o->names && names_count(c->o->names, kind) &&
             !names_has_class(c->o->names, kind, cls))
        err(c, ch->pos, "'%c' is not a %s class", cls,
            kind == NK_MONSTER ? "monster" : "object");
}

static void want_thing(chk *c, const lev_expr *e, int kind, const char *what)
{
    int type = kind == NK_MONSTER ? SPLEV_V_MONST : SPLEV_V_OBJ;
    switch (e->kind) {
    case LEV_E_CHAR: check_class(c, kind, e, 0); return;
    case LEV_E_STRING:
        if (c->o->names)
            check_thing_name(c, kind, e, 0);
        return;
    case LEV_E_CLASSNAME:
        check_class(c, kind, e->args[0], 1);
        if (e->args[1]->kind != LEV_E_STRING)
            err(c, e->args[1]->pos, "the name after the class must be a "
                "string, not %s", describe(c, e->args[1]));
        else if (c->o->names)
            check_thing_name(c, kind, e->args[1], (int)e->args[0]->ival);
        return;
    case LEV_E_RANDOM:
        if (e->nargs)
            break;
        return;
    case LEV_E_VAR: check_var(c, e, type, what); return;
    case LEV_E_TYPED:
        if ((kind == NK_MONSTER && e->ival == LEV_T_MONSTER) ||
            (kind == NK_OBJECT && e->ival == LEV_T_OBJECT)) {
            want_thing(c, e->args[0], kind, what);
            return;
        }
        break;
    default: break;
    }
    err(c, e->pos, "%s must be %s, not %s", what,
        kind == NK_MONSTER ? "a monster like 'd' or \"jackal\""
                               : "an object like '(' or \"chest\"",
        describe(c, e));
}

static int is_coordish(chk *c, const lev_expr *e)
{
    switch (e->kind) {
    case LEV_E_COORD: case LEV_E_RANDOM: return 1;
    case LEV_E_SEL: return e->ival == LEV_SEL_RNDCOORD;
    case LEV_E_CALL: return lev_value_type(e, c->sc) == SPLEV_V_COORD;
    default: return 0;
    }
}

static void check_sel_op(chk *c, const lev_expr *e)
{
    const lev_expr *const *a = (const lev_expr *const *)e->args;
    switch (e->ival) {
    case LEV_SEL_UNION:
        want(c, a[0], SPLEV_V_SEL, "a selection");
        want(c, a[1], SPLEV_V_SEL, "a selection");
        return;
    case LEV_SEL_RECT: case LEV_SEL_FILLRECT:
        want_region(c, a[0], "the rectangle");
        return;
    case LEV_SEL_LINE: case LEV_SEL_RANDLINE:
        want_coord(c, a[0], "the line's start");
        want_coord(c, a[1], "the line's end");
        if (e->ival == LEV_SEL_RANDLINE)
            want_int(c, a[2], "the roughness");
        return;
    case LEV_SEL_GROW:
        want(c, a[0], SPLEV_V_SEL, "the selection");
        return;
    case LEV_SEL_FILTER:
        if (a[0]->kind == LEV_E_CHAR || a[0]->kind == LEV_E_MAPCHAR)
            want_mapchar(c, a[0], "the filter", 1);  /* ('c', lit) too */
        else if (a[0]->kind != LEV_E_PERCENT)
            want(c, a[0], SPLEV_V_SEL, "the filter");
        want(c, a[1], SPLEV_V_SEL, "the selection");
        return;
    case LEV_SEL_FLOODFILL:
        want_coord(c, a[0], "the start");
        return;
    case LEV_SEL_CIRCLE: case LEV_SEL_ELLIPSE:
        want_coord(c, a[0], "the centre");
        want_int(c, a[1], "the radius");
        if (e->ival == LEV_SEL_ELLIPSE)
            want_int(c, a[2], "the second radius");
        return;
    case LEV_SEL_GRADIENT:
        want_int(c, a[1], "the minimum distance");
        want_int(c, a[2], "the maximum distance");
        want_coord(c, a[4], "the gradient's start");
        if (a[5])
            want_coord(c, a[5], "the gradient's end");
        return;
    case LEV_SEL_COMPLEMENT:
        want(c, a[0], SPLEV_V_SEL, "the selection");
        return;
    case LEV_SEL_RNDCOORD:
        want(c, a[0], SPLEV_V_SEL, "the selection");
        return;
    default: return;
    }
}

static void want_sel(chk *c, const lev_expr *e, const char *what)
{
    if (e->kind == LEV_E_SEL) {
        check_sel_op(c, e);
        return;
    }
    if (is_coordish(c, e)) {
        want_coord(c, e, what);
        return;
    }
    if (e->kind == LEV_E_VAR) {
        int t = lev_value_type(e, c->sc);
        check_var(c, e, t == SPLEV_V_COORD ? SPLEV_V_COORD : SPLEV_V_SEL,
                  what);
        return;
    }
    err(c, e->pos, "%s must be a selection or a coordinate, not %s", what,
        describe(c, e));
}

static void want_array(chk *c, const lev_expr *e, int base, const char *what)
{
    if (e->kind == LEV_E_TYPED && e->ival != LEV_T_SELECTION)
        e = e->args[0];
    if (e->kind == LEV_E_VAR) {
        check_var(c, e, base | LT_ARRAY, what);
        return;
    }
    if (e->kind != LEV_E_ARRAY) {
        err(c, e->pos, "%s must be a list { ... }, not %s", what,
            describe(c, e));
        return;
    }
    for (size_t i = 0; i < e->nargs; i++)
        want(c, e->args[i], base, "an element");
}

/* Check e as a value of type `type` (SPLEV_V_*, maybe LT_ARRAY). */
static void want(chk *c, const lev_expr *e, int type, const char *what)
{
    if (!e)
        return;
    if (type & LT_ARRAY) {
        want_array(c, e, type & ~LT_ARRAY, what);
        return;
    }
    switch (type) {
    case SPLEV_V_INT: want_int(c, e, what); return;
    case SPLEV_V_STR: want_str(c, e, what); return;
    case SPLEV_V_COORD: want_coord(c, e, what); return;
    case SPLEV_V_REGION: want_region(c, e, what); return;
    case SPLEV_V_MAPCHAR:
        if (e->kind == LEV_E_TYPED && e->ival == LEV_T_TERRAIN)
            e = e->args[0];
        want_mapchar(c, e, what, 1);
        return;
    case SPLEV_V_MONST: want_thing(c, e, NK_MONSTER, what); return;
    case SPLEV_V_OBJ: want_thing(c, e, NK_OBJECT, what); return;
    case SPLEV_V_SEL:
        if (e->kind == LEV_E_TYPED && e->ival == LEV_T_SELECTION)
            e = e->args[0];
        want_sel(c, e, what);
        return;
    default: return;
    }
}

/* ---- conditions ---- */

static void check_cond(chk *c, const lev_expr *e)
{
    if (e->kind == LEV_E_PERCENT)
        return;
    if (e->kind == LEV_E_CMP) {
        int ta = lev_value_type(e->args[0], c->sc);
        int tb = lev_value_type(e->args[1], c->sc);
        if (ta == SPLEV_V_STR || tb == SPLEV_V_STR) {
            want_str(c, e->args[0], "the left side");
            want_str(c, e->args[1], "the right side");
            if (e->ival != LEV_CMP_EQ && e->ival != LEV_CMP_NE)
                err(c, e->pos, "strings can only be compared with == or !=");
            return;
        }
        want_int(c, e->args[0], "the left side");
        want_int(c, e->args[1], "the right side");
        return;
    }
    want_int(c, e, "the condition");
}

/* ---- statements ---- */

static void check_block(chk *c, const lev_block *b);

static const lev_expr *arg(const lev_stmt *s, size_t i)
{
    return i < s->nargs ? s->args[i] : NULL;
}

static void want_word(chk *c, const lev_expr *e, const int *set, int random_ok,
                      const char *what)
{
    if (!e)
        return;
    if (e->kind == LEV_E_RANDOM && random_ok && e->nargs == 0)
        return;
    if (!word_in(e, set))
        err(c, e->pos, "%s cannot be %s", what, describe(c, e));
}

static const int w_light[] = {LEV_W_LIT, LEV_W_UNLIT, 0};
static const int w_dir[] = {LEV_W_NORTH, LEV_W_SOUTH, LEV_W_EAST, LEV_W_WEST, 0};
static const int w_align[] = {LEV_W_NOALIGN, LEV_W_LAW, LEV_W_NEUTRAL,
                              LEV_W_CHAOS, LEV_W_COALIGNED,
                              LEV_W_NONCOALIGNED, 0};
static const int w_bool[] = {LEV_W_TRUE, LEV_W_FALSE, 0};

/* The light of a mines INIT_MAP: lit, unlit, random, or xNetHack's
 * mineslight (doc/variants.md). */
static void check_init_light(chk *c, const lev_expr *e)
{
    static const int w_init_light[] = {LEV_W_LIT, LEV_W_UNLIT,
                                       LEV_W_MINESLIGHT, 0};
    want_word(c, e, w_init_light, 1, "the light");
    if (!is_word(e, LEV_W_MINESLIGHT))
        return;
    if (splev_variant_has_feature(c->variant, SPLEV_VF_MINESLIGHT))
        return;
    const char *first,
        *who = splev_variant_who_feature(SPLEV_VF_MINESLIGHT, &first);
    err(c, e->pos, "light mineslight is %s %s word; use --variant %s",
        strchr("AEIOUx", who[0]) ? "an" : "a", who, first);
}

static void check_alignment(chk *c, const lev_expr *e)
{
    if (e->kind == LEV_E_ALIGNREG) {
        const lev_expr *i = e->args[0];
        if (!lev_expr_constant(i)) {
            err(c, i->pos, "an alignment register index must be 0, 1 or 2");
            return;
        }
        long v = lev_expr_eval(i);
        if (v < 0 || v > 2)
            err(c, i->pos, "alignment register index %ld is not 0, 1 or 2", v);
        return;
    }
    want_word(c, e, w_align, 1, "the alignment");
}

/* 1 when word is one of the NULL-terminated list. */
static int name_in(const char *word, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(word, *list) == 0)
            return 1;
    return 0;
}

static void check_room_type(chk *c, const lev_expr *e, int *ordinary)
{
    *ordinary = 0;
    if (e->kind == LEV_E_RANDOM)
        return;
    if (e->kind != LEV_E_STRING) {
        err(c, e->pos, "the room type must be a name in quotes or random, "
            "not %s", describe(c, e));
        return;
    }
    static const char *const un_only[] = {
        "rndvault", "garden", "lemurepit", "tin shop", "music shop",
        "pet shop", "black market", "black market foyer", NULL};
    static const char *const nh_only[] = {"health food shop", NULL};
    int known = lev_room_type(e->sval) >= 0;
    if (c->o->names && names_count(c->o->names, NK_ROOM)) {
        int case_only;
        /* a type of the other dialect is known: -Wdialect tells */
        known = (names_find(c->o->names, NK_ROOM, e->sval, 0,
                            &case_only) && !case_only) ||
                name_in(e->sval, un_only) || name_in(e->sval, nh_only);
    }
    if (known)
        dialect_name(c, e->pos, "room type", e->sval, un_only, nh_only);
    if (!known) {
        warn(c, e->pos, "unknown room type \"%s\", making an ordinary room",
             e->sval);
        *ordinary = 1;
        return;
    }
    *ordinary = strcmp(e->sval, "ordinary") == 0;
}

static void check_room_flags(chk *c, const lev_expr *e)
{
    if (!e)
        return;
    int seen[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < e->nargs; i++) {
        const lev_expr *f = e->args[i];
        int k = f->ival == LEV_W_FILLED || f->ival == LEV_W_UNFILLED ? 0
              : f->ival == LEV_W_REGULAR || f->ival == LEV_W_IRREGULAR ? 1
              : f->ival == LEV_W_JOINED || f->ival == LEV_W_UNJOINED ? 2 : 3;
        if (k == 3) {
            err(c, f->pos, "a room flag must be filled, unfilled, regular, "
                "irregular, joined or unjoined, not %s", describe(c, f));
            continue;
        }
        if (seen[k]++)
            err(c, f->pos, "room flag %s contradicts or repeats an earlier "
                "one", lev_word_name((int)f->ival));
    }
}

/* A ROOM's (x,y) grid cell, (h,v) alignment or (w,h) size: each of the
 * pair in lo..hi[0] and lo..hi[1]. */
static void check_room_pair(chk *c, const lev_expr *e, const char *what,
                            long lo, const long hi[2])
{
    if (!e || e->kind == LEV_E_RANDOM)
        return;
    if (e->kind != LEV_E_COORD) {
        err(c, e->pos, "the %s must be a pair (a,b) or random, not %s", what,
            describe(c, e));
        return;
    }
    long xy[2];
    int lit = 1;
    for (int i = 0; i < 2; i++) {
        const lev_expr *v = e->args[i];
        want_int(c, v, what);
        lit &= lev_expr_constant(v);
        if (lev_expr_constant(v)) {
            long x = xy[i] = lev_expr_eval(v);
            if (x >= lo && x <= hi[i])
                continue;
            if (hi[i] > 1000) {
                err(c, v->pos, "the %s cannot be %ld (at least %ld)",
                    what, x, lo);
            } else if (hi[i] == 5 && x > 5 &&
                       x < (i ? SPLEV_ROWNO : SPLEV_COLNO)) {
                const char *first, *who = splev_variant_who_feature(
                                      SPLEV_VF_ROOM_ABSOLUTE, &first);
                err(c, v->pos, "the %s cannot be %ld (1..5, a cell of the "
                    "5x5 grid; %s reads map positions: --variant %s)",
                    what, x, who, first ? first : "?");
            } else
                err(c, v->pos, "the %s cannot be %ld (%ld..%ld)", what, x,
                    lo, hi[i]);
        }
    }
    if (lit)
        note_coord(c, xy[0], xy[1]);   /* a pair is written as (x,y) too */
}

static void check_room_align(chk *c, const lev_expr *e)
{
    static const int h[] = {LEV_W_LEFT, LEV_W_HALF_LEFT, LEV_W_CENTER,
                            LEV_W_HALF_RIGHT, LEV_W_RIGHT, 0};
    static const int v[] = {LEV_W_TOP, LEV_W_CENTER, LEV_W_BOTTOM, 0};
    if (!e || e->kind == LEV_E_RANDOM)
        return;
    if (!is_list(e, 2)) {
        err(c, e->pos, "the alignment must be (left|center|right, "
            "top|center|bottom) or random, not %s", describe(c, e));
        return;
    }
    want_word(c, e->args[0], h, 1, "the horizontal alignment");
    want_word(c, e->args[1], v, 1, "the vertical alignment");
}

static const char *flags_words(int f)
{
    static const char *const w[8] = {
        "unfilled and joined", "filled and joined",
        "unfilled, irregular and joined", "filled, irregular and joined",
        "unfilled and unjoined", "filled and unjoined",
        "unfilled, irregular and unjoined", "filled, irregular and unjoined",
    };
    return w[f & 7];
}

/* The games read a ROOM's flags from its vertical alignment (see
 * lev_room_effective_flags); we make the room as they do and say so where
 * the written flags would mean something else: at the alignment when it
 * makes the room unjoined, else at the flags. */
static void warn_room_flags(chk *c, const lev_stmt *s)
{
    const lev_expr *list = arg(s, 6), *align = arg(s, 4);
    int written = lev_room_written_flags(list);
    int effective = lev_room_effective_flags(align);
    if (written == effective)
        return;
    lev_pos p = (effective & 4) || !list ? (align ? align->pos : s->pos)
                                          : list->pos;
    warn(c, p, "this ROOM is %s as the games make it, not %s as written "
         "(their compilers take a ROOM's flags from its vertical "
         "alignment, and bottom makes it unjoined)",
         flags_words(effective), flags_words(written));
}

static void enter_room_block(chk *c, const lev_stmt *s, int is_room)
{
    if (c->room_depth >= MAX_ROOM_NEST) {
        err(c, s->pos, "rooms nested more than %d deep", MAX_ROOM_NEST);
        return;
    }
    c->room_depth++;
    c->in_room += is_room;
    c->breakable++;
    check_block(c, &s->body);
    c->breakable--;
    c->in_room -= is_room;
    c->room_depth--;
}

static void check_room(chk *c, const lev_stmt *s)
{
    int sub = s->kind == LEV_S_SUBROOM;
    if (sub && !c->in_room)
        err(c, s->pos, "SUBROOM must be inside a ROOM or SUBROOM");
    else if (!sub && c->room_depth > 0)
        err(c, s->pos, "ROOM inside a room block; use SUBROOM");
    int ordinary;
    check_room_type(c, arg(s, 0), &ordinary);
    const lev_expr *chance = arg(s, 1);
    if (chance && ordinary && chance->ival < 100)
        err(c, chance->pos, "only typed rooms can have a chance");
    want_word(c, arg(s, 2), w_light, 1, "the light");
    static const long grid[2] = {5, 5}, any[2] = {100000, 100000},
                      map[2] = {SPLEV_COLNO - 1, SPLEV_ROWNO - 1};
    int abs_pos = !sub && splev_variant_has_feature(c->variant,
                                                    SPLEV_VF_ROOM_ABSOLUTE);
    check_room_pair(c, arg(s, 3), "position", sub || abs_pos ? 0 : 1,
                    sub ? any : abs_pos ? map : grid);
    if (!sub) {
        check_room_align(c, arg(s, 4));
        check_room_pair(c, arg(s, 5), "size", 1, any);
        check_room_flags(c, arg(s, 6));
        warn_room_flags(c, s);
    } else {
        check_room_pair(c, arg(s, 4), "size", 1, any);
        check_room_flags(c, arg(s, 5));
    }
    enter_room_block(c, s, 1);
}

static void check_region_stmt(chk *c, const lev_stmt *s)
{
    want_region(c, arg(s, 0), "the area");
    want_word(c, arg(s, 1), w_light, 1, "the light");
    int ordinary;
    const lev_expr *type = arg(s, 2);
    check_room_type(c, type, &ordinary);
    check_room_flags(c, arg(s, 3));
    if (s->has_body)
        enter_room_block(c, s, 1);
}

/* A STAIR/PORTAL/BRANCH/TELEPORT_REGION area: a map-relative (x1,y1,x2,y2)
 * inside the map, or an absolute levregion(...) inside the level. */
static void check_place(chk *c, const lev_expr *e)
{
    static const char *const nm[4] = {"x1", "y1", "x2", "y2"};
    if (e->kind != LEV_E_REGION && e->kind != LEV_E_LEVREGION) {
        err(c, e->pos, "an area must be (x1,y1,x2,y2) or levregion(...), "
            "not %s", describe(c, e));
        return;
    }
    long v[4];
    int lit = 1;
    for (int i = 0; i < 4; i++) {
        want_int(c, e->args[i], "a region corner");
        lit &= lev_expr_constant(e->args[i]);
        v[i] = lit ? lev_expr_eval(e->args[i]) : 0;
    }
    if (!lit)
        return;
    for (int i = 0; i < 4; i++) {
        long lo = e->kind == LEV_E_LEVREGION && !(i & 1) ? 1 : 0;
        long hi = e->kind == LEV_E_LEVREGION ? (i & 1 ? 20 : 79)
                                             : (i & 1 ? c->max_y : c->max_x);
        if (v[i] < lo || v[i] > hi) {
            err(c, e->args[i]->pos, "%s = %ld is outside the %s (%ld..%ld)",
                nm[i], v[i], e->kind == LEV_E_LEVREGION ? "level" : "map",
                lo, hi);
            return;
        }
    }
    if (v[0] > v[2] || v[1] > v[3])
        err(c, e->pos, "the area starts after it ends");
}

static void check_level_region(chk *c, const lev_stmt *s)
{
    check_place(c, arg(s, 0));
    check_place(c, arg(s, 1));
    if (s->kind == LEV_S_PORTAL)
        want_str(c, arg(s, 2), "the destination");
}

/* ---- MONSTER / OBJECT / CONTAINER ---- */

static int obj_key(int k)
{
    switch (k) {
    case LEV_A_CURSE: case LEV_A_MONTYPE: case LEV_A_SPE: case LEV_A_NAME:
    case LEV_A_QUANTITY: case LEV_A_BURIED: case LEV_A_LIGHT:
    case LEV_A_ERODED: case LEV_A_ERODEPROOF: case LEV_A_LOCK:
    case LEV_A_TRAPPED: case LEV_A_RECHARGED: case LEV_A_INVISIBLE:
    case LEV_A_GREASED: case LEV_A_COORD: case LEV_A_PRIZE:
        return 1;
    default: return 0;
    }
}

static int mon_key(int k)
{
    switch (k) {
    case LEV_A_NAME: case LEV_A_ATTITUDE: case LEV_A_ALERTNESS:
    case LEV_A_ALIGN: case LEV_A_APPEARANCE: case LEV_A_FEMALE:
    case LEV_A_INVISIBLE: case LEV_A_CANCELLED: case LEV_A_REVIVED:
    case LEV_A_AVENGE: case LEV_A_FLEEING: case LEV_A_BLINDED:
    case LEV_A_PARALYZED: case LEV_A_STUNNED: case LEV_A_CONFUSED:
    case LEV_A_SEEN_TRAPS: case LEV_A_DEAD:
        return 1;
    default: return 0;
    }
}

static void check_seen_traps(chk *c, const lev_expr *e)
{
    uint32_t seen = 0;
    for (size_t i = 0; i < e->nargs; i++) {
        const lev_expr *t = e->args[i];
        int n = lev_trap_type(t->sval);
        if (!n) {
            err(c, t->pos, "unknown trap \"%s\"", t->sval);
            continue;
        }
        if (seen & (1u << (n - 1)))
            err(c, t->pos, "trap \"%s\" is listed twice", t->sval);
        seen |= 1u << (n - 1);
    }
}

/* A word of some variant profiles (monster flag dead, object option
 * prize): accepted under those profiles, the error naming them otherwise
 * (doc/variants.md).  The level model has no field for it: not kept. */
static void variant_word(chk *c, lev_pos p, int which, const char *what,
                         const char *w)
{
    const char *first, *who = splev_variant_who_word(which, w, &first);
    if (first && !splev_variant_has_word(c->variant, which, w))
        err(c, p, "%s %s is %s %s word; use --variant %s", what, w,
            strchr("AEIOUx", who[0]) ? "an" : "a", who, first);
}

static void check_attr(chk *c, const lev_expr *a, int monster)
{
    static const int att[] = {LEV_W_PEACEFUL, LEV_W_HOSTILE, 0};
    static const int alert[] = {LEV_W_ASLEEP, LEV_W_AWAKE, 0};
    static const int curse[] = {LEV_W_BLESSED, LEV_W_UNCURSED, LEV_W_CURSED, 0};
    static const int trapped[] = {LEV_W_TRAPPED, LEV_W_NOT_TRAPPED, 0};
    const lev_expr *v = a->nargs ? a->args[0] : NULL;
    switch (a->ival) {
    case LEV_A_NAME: want_str(c, v, monster ? "the monster's name" : "the name");
        return;
    case LEV_A_ATTITUDE: want_word(c, v, att, 0, "the attitude"); return;
    case LEV_A_ALERTNESS: want_word(c, v, alert, 0, "the alertness"); return;
    case LEV_A_ALIGN: check_alignment(c, v); return;
    case LEV_A_APPEARANCE: want_str(c, a->args[1], "the appearance"); return;
    case LEV_A_FLEEING: case LEV_A_BLINDED: case LEV_A_PARALYZED:
    case LEV_A_QUANTITY: case LEV_A_ERODED: case LEV_A_RECHARGED:
        if (v)
            want_int(c, v, lev_attr_name((int)a->ival));
        return;
    case LEV_A_SEEN_TRAPS: check_seen_traps(c, v); return;
    case LEV_A_DEAD: variant_word(c, a->pos, 'm', "monster flag", "dead");
        return;
    case LEV_A_PRIZE: variant_word(c, a->pos, 'o', "object option", "prize");
        return;
    case LEV_A_CURSE: want_word(c, v, curse, 0, "the curse state"); return;
    case LEV_A_MONTYPE: want_thing(c, v, NK_MONSTER, "the montype"); return;
    case LEV_A_SPE: want_int(c, v, "the enchantment"); return;
    case LEV_A_LIGHT: want_word(c, v, w_light, 0, "the light"); return;
    case LEV_A_LOCK:
        if (!is_word(v, LEV_W_LOCKED) && !is_word(v, LEV_W_BROKEN))
            err(c, v->pos, "an object can be locked or broken, not %s",
                describe(c, v));
        return;
    case LEV_A_TRAPPED:
        if (v)
            want_word(c, v, trapped, 0, "the trap state");
        return;
    case LEV_A_COORD: want_coord(c, v, "the position"); return;
    default: return;
    }
}

/* Attributes of a MONSTER or OBJECT: known for the statement, once each. */
static void check_attrs(chk *c, const lev_stmt *s, int monster)
{
    uint64_t seen = 0;
    for (size_t i = 0; i < s->nattrs; i++) {
        const lev_expr *a = s->attrs[i];
        int k = (int)a->ival;
        /* A misspelt word ("peacefull") is parsed as a name or position
         * given by a core function without "()": say what it is. */
        if (a->nargs && a->args[0] && a->args[0]->kind == LEV_E_CALL &&
            unknown_word(c, a->args[0], monster ? mon_words : obj_words))
            continue;
        if (monster ? !mon_key(k) : !obj_key(k)) {
            err(c, a->pos, "%s is not %s attribute", lev_attr_name(k),
                monster ? "a monster" : "an object");
            continue;
        }
        int slot = k;
        if (seen & (1ull << slot)) {
            err(c, a->pos, "%s is given twice", lev_attr_name(k));
            continue;
        }
        seen |= 1ull << slot;
        check_attr(c, a, monster);
    }
}

static int has_attr(const lev_stmt *s, int key)
{
    for (size_t i = 0; i < s->nattrs; i++)
        if (s->attrs[i]->ival == key)
            return 1;
    return 0;
}

static void check_object(chk *c, const lev_stmt *s)
{
    want_thing(c, arg(s, 0), NK_OBJECT, "the object");
    check_attrs(c, s, 0);
    int inside = c->containers > 0 || c->monster_block > 0;
    int coord = has_attr(s, LEV_A_COORD);
    if (inside && coord)
        err(c, s->pos, "%s inside a container or monster takes no position",
            lev_stmt_name(s->kind));
    else if (!inside && !coord)
        err(c, s->pos, "%s needs a position (or random) outside a container",
            lev_stmt_name(s->kind));
    if (s->kind != LEV_S_CONTAINER)
        return;
    if (c->containers >= MAX_CONTAINER_NEST) {
        err(c, s->pos, "containers nested more than %d deep",
            MAX_CONTAINER_NEST);
        return;
    }
    c->containers++;
    c->breakable++;
    check_block(c, &s->body);
    c->breakable--;
    c->containers--;
}

static void check_monster(chk *c, const lev_stmt *s)
{
    want_thing(c, arg(s, 0), NK_MONSTER, "the monster");
    want_coord(c, arg(s, 1), "the position");
    check_attrs(c, s, 1);
    if (!s->has_body)
        return;
    if (c->monster_block || c->containers)
        err(c, s->pos, "a MONSTER with an inventory cannot be inside "
            "another inventory or container");
    int saved = c->containers;
    c->containers = 0;
    c->monster_block++;
    c->breakable++;
    check_block(c, &s->body);
    c->breakable--;
    c->monster_block--;
    c->containers = saved;
}

/* ---- terrain statements ---- */

static void check_init_map(chk *c, const lev_stmt *s)
{
    int style = (int)arg(s, 0)->ival;
    c->max_x = 79;
    c->max_y = 21;
    c->have_map = 0;
    if (style == LEV_W_SOLIDFILL || style == LEV_W_MAZEGRID) {
        if (!arg(s, 1))
            err(c, s->pos, "INIT_MAP: %s needs a map character",
                lev_word_name(style));
        else
            want_mapchar(c, arg(s, 1), "the fill", 0);
        if (s->nargs > 2)
            err(c, arg(s, 2)->pos, "INIT_MAP: %s takes one map character",
                lev_word_name(style));
        return;
    }
    if (style == LEV_W_MINES) {
        if (s->nargs < 8) {
            err(c, s->pos, "INIT_MAP: mines needs fg, bg, smoothed, joined, "
                "light and walled");
            return;
        }
        want_mapchar(c, arg(s, 1), "the foreground", 0);
        want_mapchar(c, arg(s, 2), "the background", 0);
        check_init_light(c, arg(s, 5));
        want_word(c, arg(s, 6), w_bool, 1, "walled");
        if (arg(s, 7))
            want_mapchar(c, arg(s, 7), "the fill", 1);
        const lev_expr *fg = arg(s, 1);
        if (is_word(arg(s, 4), LEV_W_TRUE) && fg->kind == LEV_E_CHAR &&
            fg->ival != '.' && fg->ival != '#')
            err(c, arg(s, 4)->pos, "INIT_MAP: joined needs '.' or '#' as "
                "the foreground");
        return;
    }
    if (s->nargs > 1)
        err(c, arg(s, 1)->pos, "INIT_MAP: %s takes no map characters",
            lev_word_name(style));
}

/* The MAP block: at most 76x21 (the first row too wide is an error),
 * rows of one width (the first ragged row is a pedantic warning; the rows
 * after it are still measured). */
static void check_map(chk *c, const lev_stmt *s)
{
    const lev_map *m = s->map;
    if (!m)
        return;
    lev_pos p = m->pos;
    if (m->nrows == 0) {
        err(c, p, "the MAP block is empty");
        return;
    }
    if (m->nrows > MAX_MAP_H) {
        p.line = m->rows[MAX_MAP_H].line;
        p.col = 1;
        err(c, p, "the map has %zu rows; at most %d", m->nrows, MAX_MAP_H);
    }
    size_t w0 = m->rows[0].ncells;
    int ragged = 0;
    for (size_t i = 0; i < m->nrows; i++) {
        const lev_map_row *r = &m->rows[i];
        p.line = r->line;
        p.col = 1;
        if (r->ncells > MAX_MAP_W) {
            p.col = MAX_MAP_W + 1;
            err(c, p, "map row %zu is %zu characters wide; at most %d", i + 1,
                r->ncells, MAX_MAP_W);
            break;
        }
        if (r->ncells != w0 && !ragged) {
            p.col = (int)(r->ncells < w0 ? r->ncells : w0) + 1;
            extra(c, p, "map row %zu is %zu characters wide, row 1 is %zu; "
                 "short rows are filled with stone", i + 1, r->ncells, w0);
            ragged = 1;
        }
    }
    const lev_expr *h = arg(s, 0), *v = arg(s, 1), *at = arg(s, 2);
    if (h) {
        static const int hs[] = {LEV_W_LEFT, LEV_W_HALF_LEFT, LEV_W_CENTER,
                                 LEV_W_HALF_RIGHT, LEV_W_RIGHT, 0};
        static const int vs[] = {LEV_W_TOP, LEV_W_CENTER, LEV_W_BOTTOM, 0};
        want_word(c, h, hs, 0, "the horizontal alignment");
        want_word(c, v, vs, 0, "the vertical alignment");
    } else if (at) {
        want_coord(c, at, "the map position");
    }
    /* A map that is not kept leaves the frame that was in effect before
     * it: the level's own, or an earlier kept map. */
    const lev_expr *keep = arg(s, 3);
    if (keep && keep->kind == LEV_E_WORD && lev_word_value((int)keep->ival) == 0)
        return;
    c->max_x = (int)m->width - 1;
    c->max_y = (int)m->nrows - 1;
    c->have_map = 1;
}

/* A trap name of some variant profiles ("ice", "spear"): accepted under
 * them, the error naming them otherwise (doc/variants.md). */
static void variant_trap(chk *c, const lev_expr *t)
{
    const char *name = splev_trap_name(splev_vtrap_from_name(t->sval));
    const char *first, *who = splev_variant_who_word('t', name, &first);
    if (first && !splev_variant_has_word(c->variant, 't', name))
        err(c, t->pos, "trap \"%s\" is %s %s word; use --variant %s",
            t->sval, strchr("AEIOUx", who[0]) ? "an" : "a", who, first);
}

static void check_trap(chk *c, const lev_stmt *s)
{
    const lev_expr *t = arg(s, 0);
    if (t->kind == LEV_E_STRING) {
        int known = lev_trap_type(t->sval) != 0;
        static const char *const un_only[] = {"cold", NULL};
        static const char *const nh_only[] = {"vibrating square", NULL};
        /* a trap of the other dialect is known: -Wdialect tells */
        if (c->o->names && names_count(c->o->names, NK_TRAP)) {
            int case_only;
            known = names_find(c->o->names, NK_TRAP, t->sval, 0,
                               &case_only) ||
                    strcmp(t->sval, un_only[0]) == 0 ||
                    strcmp(t->sval, nh_only[0]) == 0;
        }
        if (known)
            dialect_name(c, t->pos, "trap", t->sval, un_only, nh_only);
        if (!known && splev_vtrap_from_name(t->sval)) {
            variant_trap(c, t);
            known = 1;
        }
        if (!known) {
            static const char *builtin[SPLEV_TRAP_COUNT + 1];
            for (int i = 1; i < SPLEV_TRAP_COUNT; i++)
                builtin[i - 1] = splev_trap_name(i);
            const char *const *list =
                c->o->names && names_count(c->o->names, NK_TRAP)
                ? names_list(c->o->names, NK_TRAP) : builtin;
            const char *sug = list ? suggest_word(t->sval, list) : NULL;
            if (sug)
                err(c, t->pos, "unknown trap \"%s\" (did you mean \"%s\"?)",
                    t->sval, sug);
            else
                err(c, t->pos, "unknown trap \"%s\"", t->sval);
        }
    } else if (t->kind != LEV_E_RANDOM || t->nargs) {
        err(c, t->pos, "the trap must be a name in quotes or random, not %s",
            describe(c, t));
    }
    want_coord(c, arg(s, 1), "the position");
}

static void check_roomdoor(chk *c, const lev_stmt *s)
{
    if (!c->in_room)
        err(c, s->pos, "ROOMDOOR must be inside a ROOM or SUBROOM");
    want_word(c, arg(s, 0), w_bool, 1, "secret");
    want_word(c, arg(s, 1), lev_door_states, 1, "the door state");
    const lev_expr *walls = arg(s, 2), *pos = arg(s, 3);
    if (walls->kind == LEV_E_RANDOM && pos->kind != LEV_E_RANDOM)
        err(c, pos->pos, "a door on a random wall needs a random position");
    if (pos->kind != LEV_E_RANDOM)
        want_int(c, pos, "the door position");
}

static void check_drawbridge(chk *c, const lev_stmt *s)
{
    static const int st[] = {LEV_W_OPEN, LEV_W_CLOSED, 0};
    want_coord(c, arg(s, 0), "the position");
    want_word(c, arg(s, 1), w_dir, 0, "the direction");
    want_word(c, arg(s, 2), st, 1, "a drawbridge's state (open, closed or "
              "random)");
}

static void check_corridor_end(chk *c, const lev_expr *e)
{
    if (!is_list(e, 3)) {
        err(c, e->pos, "a corridor end must be (room, wall, door), not %s",
            describe(c, e));
        return;
    }
    want_int(c, e->args[0], "the room number");
    want_word(c, e->args[1], w_dir, 0, "the wall");
    if (e->args[2]->kind != LEV_E_RANDOM)
        want_int(c, e->args[2], "the door number");
}

static void check_sounds(chk *c, const lev_stmt *s)
{
    static const int kinds[] = {LEV_W_HEAR, LEV_W_PLINE, LEV_W_VERBAL,
                                LEV_W_FEEL, 0};
    want_int(c, arg(s, 0), "the frequency");
    const lev_expr *l = arg(s, 1);
    for (size_t i = 0; i < l->nargs; i++) {
        const lev_expr *t = l->args[i];
        if (!is_list(t, 2)) {
            err(c, t->pos, "a sound must be (hear|pline|verbal|feel, "
                "\"text\")");
            continue;
        }
        want_word(c, t->args[0], kinds, 0, "the kind of sound");
        want_str(c, t->args[1], "the sound");
    }
}

static void check_mon_generation(chk *c, const lev_stmt *s)
{
    const lev_expr *l = arg(s, 1);
    for (size_t i = 0; i < l->nargs; i++) {
        const lev_expr *t = l->args[i];
        if (!is_list(t, 2) ||
            (t->args[1]->kind != LEV_E_CHAR &&
             t->args[1]->kind != LEV_E_STRING)) {
            err(c, t->pos, "a monster generation entry must be "
                "(frequency, 'c' or \"name\")");
            continue;
        }
        want_int(c, t->args[0], "the frequency");
        want_thing(c, t->args[1], NK_MONSTER, "the monster");
    }
}

static void check_vaultgen(chk *c, const lev_stmt *s)
{
    const lev_expr *f = arg(s, 0);
    if (!(c->flags & SPLEV_F_RNDVAULT)) {
        err(c, s->pos, "VAULTGEN needs FLAGS: rndvault");
        return;
    }
    if (c->in_function || c->cond_depth || c->breakable) {
        err(c, s->pos, "VAULTGEN must be a plain statement of the level");
        return;
    }
    if (!lev_expr_constant(f) || lev_expr_eval(f) <= 0 ||
        lev_expr_eval(f) > 0x7fffffff) {
        err(c, f->pos, "the vault frequency must be a positive number");
        return;
    }
    if (c->vaultgen_seen)
        err(c, s->pos, "a second VAULTGEN in this level");
    c->vaultgen_seen = 1;
    c->vault_freq = (uint32_t)lev_expr_eval(f);
}

/* ---- variables, control flow, functions ---- */

static void check_assign(chk *c, const lev_stmt *s)
{
    const lev_expr *v = s->args[0], *val = s->args[1];
    if (v->sval2) {
        err(c, v->pos, "cannot assign to %s.%s", v->sval, v->sval2);
        return;
    }
    int t = lev_value_type(val, c->sc);
    if (t == LT_NONE) {
        if (val->kind == LEV_E_ARRAY && val->nargs) {
            int t0 = lev_value_type(val->args[0], c->sc);
            if (t0 && !(t0 & LT_ARRAY)) {
                want(c, val, t0 | LT_ARRAY, "the list");
                return;
            }
        }
        if (val->kind == LEV_E_TYPED) {
            static const int base[] = {SPLEV_V_SEL, SPLEV_V_MAPCHAR,
                                       SPLEV_V_MONST, SPLEV_V_OBJ};
            int b = base[val->ival];
            want(c, val->args[0],
                 val->args[0]->kind == LEV_E_ARRAY ? b | LT_ARRAY : b,
                 "the value");
            return;
        }
        if (val->kind == LEV_E_VAR || val->kind == LEV_E_CALL) {
            want(c, val, LT_NONE, "the value");
            if (val->kind == LEV_E_VAR)
                check_var(c, val, LT_NONE, "the value");
            else
                check_call(c, val, LT_NONE, "the value");
            return;
        }
        err(c, val->pos, "%s cannot be stored in a variable%s",
            describe(c, val),
            val->kind == LEV_E_CLASSNAME ? " (write monster: or object: "
                                           "before it)" : "");
        return;
    }
    const lev_expr *inner = val->kind == LEV_E_TYPED ? val->args[0] : val;
    if ((t & LT_ARRAY) && inner->kind == LEV_E_VAR) {
        err(c, inner->pos, "a whole array cannot be copied; write the list");
        return;
    }
    want(c, val, t, "the value");
    int slot = lev_scope_find(c->sc, v->sval);
    if (slot < 0) {
        lev_scope_add(c->sc, v->sval, t, 0);
        return;
    }
    int old = c->sc->v[slot].type;
    if (old != t)
        err(c, v->pos, "%s is %s; it cannot become %s", v->sval,
            lev_type_name(old), lev_type_name(t));
}

static void check_nested(chk *c, const lev_stmt *s, int *depth, int limit,
                         const char *what)
{
    if (*depth >= limit) {
        err(c, s->pos, "%s nested more than %d deep", what, limit);
        return;
    }
    (*depth)++;
    check_block(c, &s->body);
    check_block(c, &s->else_body);
    (*depth)--;
}

static void check_switch(chk *c, const lev_stmt *s)
{
    want_int(c, arg(s, 0), "the SWITCH value");
    if (c->in_switch) {
        err(c, s->pos, "SWITCH inside another SWITCH");
        return;
    }
    int ncase = 0, ndefault = 0;
    for (size_t i = 0; i < s->body.n; i++) {
        const lev_stmt *k = s->body.v[i];
        if (k->kind == LEV_S_DEFAULT && ndefault++)
            err(c, k->pos, "a second DEFAULT in this SWITCH");
        if (k->kind != LEV_S_CASE)
            continue;
        if (++ncase == MAX_CASES + 1)
            err(c, k->pos, "more than %d CASEs in one SWITCH", MAX_CASES);
        /* Past the limit the SWITCH is wrong already: no duplicate
         * search among the rest, which would take time quadratic in a
         * hostile file's CASEs. */
        for (size_t j = 0; ncase <= MAX_CASES && j < i; j++) {
            const lev_stmt *o = s->body.v[j];
            if (o->kind == LEV_S_CASE && o->args[0]->ival == k->args[0]->ival) {
                err(c, k->args[0]->pos, "CASE %d is given twice",
                    k->args[0]->ival);
                break;
            }
        }
    }
    c->in_switch++;
    c->breakable++;
    for (size_t i = 0; i < s->body.n; i++)
        check_block(c, &s->body.v[i]->body);
    c->breakable--;
    c->in_switch--;
}

static void check_for(chk *c, const lev_stmt *s)
{
    const lev_expr *v = s->args[0];
    want_int(c, arg(s, 1), "the start");
    want_int(c, arg(s, 2), "the end");
    int slot = lev_scope_find(c->sc, v->sval);
    if (slot < 0)
        lev_scope_add(c->sc, v->sval, SPLEV_V_INT, 0);
    else if (c->sc->v[slot].type != SPLEV_V_INT)
        err(c, v->pos, "%s is %s; a FOR variable is an integer", v->sval,
            lev_type_name(c->sc->v[slot].type));
    if (c->for_depth >= MAX_FOR_NEST) {
        err(c, s->pos, "FOR nested more than %d deep", MAX_FOR_NEST);
        return;
    }
    c->for_depth++;
    c->breakable++;
    check_block(c, &s->body);
    c->breakable--;
    c->for_depth--;
}

static int param_type(const char *t)
{
    if (strcmp(t, "int") == 0 || strcmp(t, "integer") == 0)
        return SPLEV_V_INT;
    if (strcmp(t, "str") == 0 || strcmp(t, "string") == 0)
        return SPLEV_V_STR;
    return LT_NONE;
}

static void add_function(lev_plan *p, const lev_stmt *s)
{
    grow_array((void **)&p->funcs, &p->capfuncs, p->nfuncs + 1,
               sizeof *p->funcs);
    p->funcs[p->nfuncs++] = s;
    strmap_put(&p->funcmap, s->name, (void *)s);
}

/* A FUNCTION: checked once where it is defined, with only its
 * parameters in scope. */
static void check_function(chk *c, const lev_stmt *s)
{
    if (c->in_function) {
        err(c, s->pos, "FUNCTION inside another FUNCTION");
        return;
    }
    if (lev_plan_function(c->plan, s->name)) {
        err(c, s->pos, "FUNCTION %s is already defined", s->name);
        return;
    }
    if (lev_core_lookup(s->name) >= 0) {
        err(c, s->pos, "%s is the name of a built-in function", s->name);
        return;
    }
    lev_scope inner;
    lev_scope_init(&inner);
    const lev_expr *params = s->args[0];
    for (size_t i = 0; i < params->nargs; i++) {
        const lev_expr *p = params->args[i];
        int t = param_type(p->sval2);
        if (!t)
            err(c, p->pos, "unknown parameter type '%s' (int or str)",
                p->sval2);
        if (lev_scope_find(&inner, p->sval) >= 0)
            err(c, p->pos, "parameter %s is given twice", p->sval);
        lev_scope_add(&inner, p->sval, t ? t : SPLEV_V_INT, 0);
    }
    add_function(c->plan, s);
    chk saved = *c;
    /* A FUNCTION written inside a level's body is also part of it. */
    c->coords[1] = c->coords[0];
    c->coords[0] = &c->plan->fcoords;
    c->sc = &inner;
    c->in_function = 1;
    c->cond_depth = c->for_depth = c->in_switch = c->breakable = 0;
    c->room_depth = c->in_room = c->monster_block = c->containers = 0;
    check_block(c, &s->body);
    saved.d = c->d;
    *c = saved;
    lev_scope_free(&inner);
}

static void check_call_stmt(chk *c, const lev_stmt *s)
{
    const lev_stmt *f = lev_plan_function(c->plan, s->name);
    if (!f) {
        if (!c->after_syntax)   /* it may be the statement that failed */
            err(c, s->pos, "FUNCTION %s is not defined before this call",
                s->name);
        return;
    }
    const lev_expr *params = f->args[0], *args = s->args[0];
    if (params->nargs != args->nargs) {
        err(c, s->pos, "%s takes %u argument%s, not %u", s->name,
            params->nargs, params->nargs == 1 ? "" : "s", args->nargs);
        return;
    }
    for (size_t i = 0; i < args->nargs; i++) {
        int t = param_type(params->args[i]->sval2);
        want(c, args->args[i], t ? t : SPLEV_V_INT, "the argument");
    }
}

static void check_flags_stmt(chk *c, const lev_stmt *s)
{
    uint32_t bits = 0;
    const lev_expr *l = s->args[0];
    for (size_t i = 0; i < l->nargs; i++) {
        uint32_t b = lev_flag_bits((int)l->args[i]->ival);
        const char *w = lev_word_name((int)l->args[i]->ival), *first;
        const char *who = splev_variant_who_word('f', w, &first);
        /* spooky is SLASH'EM's too: a word of the 3.4.3 lineage */
        int lineage = c->dialect == SPLEV_DIALECT_NETHACK343 &&
                      strcmp(w, "spooky") == 0;
        if (first && !lineage && !splev_variant_has_word(c->variant, 'f', w))
            err(c, l->args[i]->pos, "flag %s is %s %s word; use --variant "
                "%s", w, strchr("AEIOUx", who[0]) ? "an" : "a", who, first);
        else if (!b && !first)      /* a profile's word with no bit: noted */
            err(c, l->args[i]->pos, "%s is not a level flag",
                describe(c, l->args[i]));
        else if (b && (bits & b) == b)
            warn(c, l->args[i]->pos, "flag %s is given twice",
                 lev_word_name((int)l->args[i]->ival));
        bits |= b;
    }
    c->flags = bits;
}

/* The arguments of a statement of the signature table (lev_front/sig.h),
 * each as its row says, in the order they are written. */
static void check_sig(chk *c, const lev_stmt *s, const lev_sig *g)
{
    size_t n = lev_sig_nargs(g);
    for (size_t i = 0; i < n; i++) {
        const lev_sig_arg *a = &g->args[i];
        const lev_expr *e = arg(s, i);
        if (!e || ((a->flags & LEV_SAF_RANDOM) && e->kind == LEV_E_RANDOM))
            continue;
        switch (a->kind) {
        case LEV_SA_INT: want_int(c, e, a->what); break;
        case LEV_SA_STR: want_str(c, e, a->what); break;
        case LEV_SA_COORD: want_coord(c, e, a->what); break;
        case LEV_SA_SEL: want_sel(c, e, a->what); break;
        case LEV_SA_REGION: want_region(c, e, a->what); break;
        case LEV_SA_MAPCHAR:
            want_mapchar(c, e, a->what, (a->flags & LEV_SAF_KEEP) != 0);
            break;
        case LEV_SA_WORD: want_word(c, e, a->words, 1, a->what); break;
        case LEV_SA_ALIGN: check_alignment(c, e); break;
        default: break;     /* the grammar has read it already */
        }
    }
}

static void check_stair(chk *c, const lev_stmt *s)
{
    if (arg(s, 0)->kind == LEV_E_LEVREGION)
        err(c, arg(s, 0)->pos, "a stair in an area needs two areas: "
            "STAIR: area, excluded area, up|down");
    else
        want_coord(c, arg(s, 0), "the position");
}

static void check_shuffle(chk *c, const lev_stmt *s)
{
    const lev_expr *v = arg(s, 0);
    if (v->nargs || v->sval2)
        err(c, v->pos, "SHUFFLE needs an array variable like $a");
    else
        check_var(c, v, LT_NONE, "SHUFFLE");
    int slot = lev_scope_find(c->sc, v->sval);
    if (slot >= 0 && !(c->sc->v[slot].type & LT_ARRAY))
        err(c, v->pos, "SHUFFLE needs an array; %s is %s", v->sval,
            lev_type_name(c->sc->v[slot].type));
}

static void check_loop(chk *c, const lev_stmt *s)
{
    want_int(c, arg(s, 0), "the LOOP count");
    c->breakable++;
    check_nested(c, s, &c->cond_depth, MAX_COND_NEST,
                 "IF, LOOP and chances");
    c->breakable--;
}

/* A statement with no row in the signature table. */
static void check_own(chk *c, const lev_stmt *s)
{
    switch (s->kind) {
    case LEV_S_INIT_MAP: check_init_map(c, s); break;
    case LEV_S_FLAGS: check_flags_stmt(c, s); break;
    case LEV_S_MAP: check_map(c, s); break;
    case LEV_S_NOMAP:
        c->max_x = 79;
        c->max_y = 21;
        c->have_map = 0;
        break;
    case LEV_S_OBJECT: case LEV_S_CONTAINER: check_object(c, s); break;
    case LEV_S_MONSTER: check_monster(c, s); break;
    case LEV_S_TRAP: check_trap(c, s); break;
    case LEV_S_ROOMDOOR: check_roomdoor(c, s); break;
    case LEV_S_DRAWBRIDGE: check_drawbridge(c, s); break;
    case LEV_S_WALLIFY:
        if (arg(s, 0))
            want_sel(c, arg(s, 0), "the area");
        break;
    case LEV_S_REGION: check_region_stmt(c, s); break;
    case LEV_S_ROOM: case LEV_S_SUBROOM: check_room(c, s); break;
    case LEV_S_LADDER: case LEV_S_STAIR: check_stair(c, s); break;
    case LEV_S_STAIR_REGION: case LEV_S_PORTAL: case LEV_S_TELEPORT_REGION:
    case LEV_S_BRANCH:
        check_level_region(c, s);
        break;
    case LEV_S_GRAVE:
        want_coord(c, arg(s, 0), "the position");
        if (arg(s, 1) && arg(s, 1)->kind != LEV_E_RANDOM)
            want_str(c, arg(s, 1), "the epitaph");
        break;
    case LEV_S_CORRIDOR:
        check_corridor_end(c, arg(s, 0));
        if (arg(s, 1)->kind == LEV_E_TUPLE)
            check_corridor_end(c, arg(s, 1));
        else
            want_int(c, arg(s, 1), "the corridor length");
        break;
    case LEV_S_SOUNDS: check_sounds(c, s); break;
    case LEV_S_MON_GENERATION: check_mon_generation(c, s); break;
    case LEV_S_VAULTGEN: check_vaultgen(c, s); break;
    case LEV_S_MINDEPTH: want_int(c, arg(s, 0), "the minimum depth"); break;
    case LEV_S_NOTED: break;   /* GnollHack's: checked by the scanner */
    case LEV_S_SHUFFLE: check_shuffle(c, s); break;
    case LEV_S_ASSIGN: check_assign(c, s); break;
    case LEV_S_IF:
        check_cond(c, arg(s, 0));
        check_nested(c, s, &c->cond_depth, MAX_COND_NEST,
                     "IF, LOOP and chances");
        break;
    case LEV_S_LOOP: check_loop(c, s); break;
    case LEV_S_SWITCH: check_switch(c, s); break;
    case LEV_S_BREAK:
        if (!c->breakable)
            err(c, s->pos, "BREAK outside a LOOP, FOR, SWITCH or block");
        break;
    case LEV_S_FOR: check_for(c, s); break;
    case LEV_S_FUNCTION: check_function(c, s); break;
    case LEV_S_CALL: check_call_stmt(c, s); break;
    default: break;
    }
}

static void check_stmt(chk *c, const lev_stmt *s)
{
    if (s->chance) {
        check_cond(c, s->chance);
        if (c->cond_depth >= MAX_COND_NEST) {
            err(c, s->pos, "IF, LOOP and chances nested more than %d deep",
                MAX_COND_NEST);
            return;
        }
        c->cond_depth++;
    }
    const lev_sig *g = lev_stmt_sig(s->kind);
    if (g->op != OP_NOP)
        check_sig(c, s, g);
    else
        check_own(c, s);
    if (s->chance)
        c->cond_depth--;
}

static void check_block(chk *c, const lev_block *b)
{
    for (size_t i = 0; i < b->n && !c->d.gave_up; i++)
        check_stmt(c, b->v[i]);
}

/* ---- levels ---- */

/* Expand one "%[0-9]*i" counter; NULL (and an error) for a bad name. */
static char *expand_name(chk *c, const lev_level *l)
{
    const char *n = l->name;
    const char *pct = strchr(n, '%');
    if (!pct)
        return xstrdup(n);
    const char *q = pct + 1;
    while (*q >= '0' && *q <= '9')
        q++;
    if (*q != 'i') {
        err(c, l->name_pos, "a level name may contain only a %%i counter "
            "like %%04i");
        return NULL;
    }
    if (strchr(q, '%')) {
        err(c, l->name_pos, "a level name may contain one %%i counter");
        return NULL;
    }
    int width = atoi(pct + 1);
    if (width > 14)
        width = 15;
    int v = ++c->counter;
    if (width < 0 || v < 0) {   /* atoi's overflow: printf's reading */
        char num[32];
        snprintf(num, sizeof num, pct[1] == '0' ? "%0*d" : "%*d", width, v);
        return xasprintf("%.*s%s%s", (int)(pct - n), n, num, q + 1);
    }
    /* NAME%04i: the digits of the counter right-aligned in width, padded
     * with zeros or spaces as printf would (once per vault level). */
    char num[16];
    int nd = 0;
    do
        num[sizeof num - ++nd] = (char)('0' + v % 10);
    while ((v /= 10) && nd < (int)sizeof num);
    size_t pad = width > nd ? (size_t)(width - nd) : 0;
    size_t head = (size_t)(pct - n), tail = strlen(q + 1);
    char *out = xmalloc(head + pad + (size_t)nd + tail + 1);
    memcpy(out, n, head);
    memset(out + head, pct[1] == '0' ? '0' : ' ', pad);
    memcpy(out + head + pad, num + sizeof num - nd, (size_t)nd);
    memcpy(out + head + pad + nd, q + 1, tail + 1);
    return out;
}

static int name_char_ok(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9') || ch == '_' || ch == '-';
}

static char *check_level_name(chk *c, const lev_level *l)
{
    char *name = expand_name(c, l);
    if (!name)
        return NULL;
    const char *bad = NULL;
    if (!name[0])
        bad = "a level needs a name";
    else if (strchr(name, '/'))
        bad = "a level name cannot contain '/'";
    else if (strchr(name, '.'))
        bad = "a level name cannot contain '.'";
    for (const char *p = name; !bad && *p; p++)
        if (!name_char_ok(*p))
            bad = "a level name may use only letters, digits, '_' and '-'";
    if (bad) {
        err(c, l->name_pos, "%s", bad);
    } else if (strlen(name) > MAX_NAME) {
        err(c, l->name_pos, "level name \"%s\" is %zu characters long; at "
            "most %d", name, strlen(name), MAX_NAME);
        bad = "";
    }
    if (bad) {
        free(name);
        return NULL;
    }
    return name;
}

static void check_level(chk *c, const lev_file *f, const lev_level *l)
{
    lev_scope sc;
    lev_scope_init(&sc);
    c->sc = &sc;
    size_t coords_at = c->plan->lcoords.n;
    c->coords[0] = &c->plan->lcoords;
    c->max_x = 79;
    c->max_y = 21;
    c->have_map = 0;
    c->flags = 0;
    c->vault_freq = 0;
    c->vaultgen_seen = 0;
    char *name = check_level_name(c, l);
    if (l->flags)
        check_flags_stmt(c, l->flags);
    if (l->maze_fill) {         /* NetHack 3.6: the level is a maze */
        c->flags |= SPLEV_F_MAZELEVEL;
        if (l->maze_fill->kind == LEV_E_CHAR)
            check_mapchar_char(c, l->maze_fill, 0);
    }
    check_block(c, &l->body);
    lev_scope_free(&sc);
    c->sc = NULL;
    c->coords[0] = NULL;
    if (!name) {
        c->plan->lcoords.n = coords_at;
        return;
    }
    lev_plan *p = c->plan;
    if (p->nlevels == c->caplevels) {
        c->caplevels = c->caplevels ? c->caplevels * 2 : 16;
        p->levels = xrealloc(p->levels, c->caplevels * sizeof *p->levels);
    }
    lev_plan_level *pl = &p->levels[p->nlevels++];
    pl->level = l;
    pl->file = f;
    pl->name = name;
    pl->flags = c->flags;
    pl->vault_freq = c->flags & SPLEV_F_RNDVAULT
                         ? (c->vault_freq ? c->vault_freq : 1) : 0;
    pl->coords_at = coords_at;
    pl->ncoords = p->lcoords.n - coords_at;
}

static void add_file(chk *c, const lev_file *f)
{
    if (c->nfiles == c->capfiles) {
        c->capfiles = c->capfiles ? c->capfiles * 2 : 8;
        c->files = xrealloc(c->files, c->capfiles * sizeof *c->files);
    }
    c->files[c->nfiles++] = f;
}

/* A file: its header (FUNCTIONs, INCLUDEd files with their levels), then
 * its levels. */
static void check_file(chk *c, const lev_file *f)
{
    add_file(c, f);
    int outer = c->dialect;
    c->dialect = f->dialect;
    c->variant = f->variant;
    lev_scope none;
    lev_scope_init(&none);
    for (size_t i = 0; i < f->header.n && !c->d.gave_up; i++) {
        const lev_stmt *s = f->header.v[i];
        c->sc = &none;
        if (s->kind == LEV_S_INCLUDE && s->included)
            check_file(c, s->included);
        else if (s->kind == LEV_S_FUNCTION)
            check_function(c, s);
    }
    lev_scope_free(&none);
    c->dialect = f->dialect;    /* an INCLUDEd file may have changed it */
    for (size_t i = 0; i < f->nlevels && !c->d.gave_up; i++)
        check_level(c, f, f->levels[i]);
    c->dialect = outer;
}

lev_plan *lev_check(const lev_file *f, const lev_check_opts *opt)
{
    static const lev_check_opts none;
    chk c;
    memset(&c, 0, sizeof c);
    c.o = opt ? opt : &none;
    diag_init(&c.d, f->path, f->src, f->src_len);
    if (c.o->diag_out)
        c.d.out = c.o->diag_out;
    c.d.max_errors = c.o->max_errors > 0 ? c.o->max_errors : 50;
    c.plan = xcalloc(1, sizeof *c.plan);
    c.plan->names = c.o->names;
    c.after_syntax = f->errors > 0;
    check_file(&c, f);
    c.plan->errors = c.d.errors;
    c.plan->warnings = c.d.warnings;
    free(c.files);
    return c.plan;
}

void lev_plan_free(lev_plan *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->nlevels; i++) {
        free(p->levels[i].name);
    }
    free(p->levels);
    free(p->funcs);
    strmap_free(&p->funcmap);
    free(p->lcoords.v);
    free(p->fcoords.v);
    free(p);
}

const lev_stmt *lev_plan_function(const lev_plan *p, const char *name)
{
    return strmap_get(&p->funcmap, name);
}

int lev_plan_name_class(const lev_plan *p, int monster, const char *name)
{
    if (!p->names)
        return 0;
    return names_class(p->names, monster ? NK_MONSTER : NK_OBJECT,
                           name);
}
