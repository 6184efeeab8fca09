/* lev_check.h - the lev_comp semantic checker: a parsed des-file (ast.h)
 * in, every error the games' compilers report (and ours) at its token,
 * plus what the code generator needs to agree with it: value types,
 * variable scopes, the meaning of value words and the plan of levels.
 *
 *   lev_plan *p = lev_check(f, &opt);      (f from lev_parse_file)
 *   if (p->errors == 0) ... lev_emit each p->levels[i] ...
 *   lev_plan_free(p);
 *
 * Diagnostics go through f->src (and each INCLUDEd file's own text), so
 * they carry the file, line, column and a caret of the offending token. */
#ifndef SPLEV_LEV_CHECK_H
#define SPLEV_LEV_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "common/common.h"
#include "lev_front/ast.h"

/* ---- value types: SPLEV_V_* (levscript.h), with LT_ARRAY for arrays ---- */
enum { LT_NONE = 0, LT_ARRAY = 0x100 };
/* "an integer", "an array of coordinates", ... */
const char *lev_type_name(int t);

/* ---- the names table: a splev_names (src/names) ---- */
typedef struct splev_names lev_names;

/* ---- variables: one slot per name and frame, in order of definition ---- */
typedef struct lev_var {
    const char *name;       /* borrowed from the tree ("$name") */
    int type;
} lev_var;

typedef struct lev_scope {
    lev_var *v;
    size_t n, cap;
    int32_t *hash;          /* open addressing over v (index + 1) */
    size_t hcap;
} lev_scope;

void lev_scope_init(lev_scope *s);
void lev_scope_free(lev_scope *s);
/* The slot of name, or -1. */
int lev_scope_find(const lev_scope *s, const char *name);
/* A new slot; hidden slots (FOR's end and step) are never found by name. */
int lev_scope_add(lev_scope *s, const char *name, int type, int hidden);

/* ---- meanings shared with the code generator ---- */
/* The operand value of a value word (doc/formats.md, Operand conventions). */
int lev_word_value(int word);
/* SPLEV_F_* bits of a FLAGS word, 0 when it is not a flag. */
uint32_t lev_flag_bits(int word);
/* Room flags (bit 0 filled, 1 irregular, 2 unjoined) as a flag list
 * (filled, joined, ...) writes them; no list: filled. */
int lev_room_written_flags(const lev_expr *list);
/* The flags a ROOM (not a SUBROOM) has in the games: their compilers read
 * the operand from the vertical alignment in place of the flag list (top
 * or random 1, center 3, bottom 5) and their ROOM ignores bit 1, so a
 * ROOM is always filled, and unjoined exactly when bottom-aligned: 1 or 5.
 * align is the (h,v) pair, random or absent. */
int lev_room_effective_flags(const lev_expr *align);
/* Room type code of a name (splev_room_type_name), -1 when unknown. */
int lev_room_type(const char *name);
/* The trap type of a name, as splev_trap_from_name (0 when unknown). */
int lev_trap_type(const char *name);
/* The core function of a name ("level.depth", "str" ...), or -1. */
int lev_core_lookup(const char *name);
/* splev_terrain_from_mapchar of every byte, filled once per thread. */
const char *lev_terrain_table(void);
const char *lev_terrain_table_for(int variant);

/* The type of a value expression (right side of an assignment, element
 * of an array, argument) in a scope; LT_NONE when it has none. */
int lev_value_type(const lev_expr *e, const lev_scope *s);
/* Is the expression made of literals only (SWITCH: rn2 of a constant)? */
int lev_expr_constant_tree(const lev_expr *e);
static inline int lev_expr_constant(const lev_expr *e)
{
    return e->kind == LEV_E_INT || lev_expr_constant_tree(e);
}
/* The value of a constant integer expression (lev_expr_constant). */
long lev_expr_eval_tree(const lev_expr *e);
static inline long lev_expr_eval(const lev_expr *e)
{
    return e->kind == LEV_E_INT ? e->ival : lev_expr_eval_tree(e);
}

/* ---- the checker ---- */
typedef struct lev_check_opts {
    const lev_names *names;     /* NULL: any monster/object name */
    FILE *diag_out;             /* NULL: stderr */
    int werror, no_warnings;
    int extra_warnings;         /* -Wall: also the pedantic warnings */
    int max_errors;             /* 0: 50 */
    int no_dialect_warnings;    /* -Wno-dialect */
} lev_check_opts;

/* The literal coordinates (x,y) inside the level met in some code, each
 * as x * SPLEV_ROWNO + y: the code generator pools a coordinate written
 * more than once in a level's code (its body and every FUNCTION), so the
 * checker's walk counts them and the generator needs no walk of its own. */
typedef struct lev_cells {
    uint16_t *v;
    size_t n, cap;
} lev_cells;

/* One level to generate, in compile order (INCLUDEd files' levels first). */
typedef struct lev_plan_level {
    const lev_level *level;
    const lev_file *file;       /* the file the LEVEL is in */
    char *name;                 /* after %i expansion */
    uint32_t flags;             /* SPLEV_F_* */
    uint32_t vault_freq;        /* 0 unless rndvault */
    size_t coords_at, ncoords;  /* in the level's body: lcoords.v[at..] */
} lev_plan_level;

typedef struct lev_plan {
    lev_plan_level *levels;
    size_t nlevels;
    const lev_stmt **funcs;     /* every FUNCTION, by definition order */
    size_t nfuncs, capfuncs;
    strmap funcmap;             /* name -> its FUNCTION */
    lev_cells lcoords;          /* the levels' lists, one after another */
    lev_cells fcoords;          /* in the bodies of all the FUNCTIONs */
    const lev_names *names;     /* the checker's table (NULL: none) */
    int errors, warnings;       /* of the checker alone */
} lev_plan;

lev_plan *lev_check(const lev_file *f, const lev_check_opts *opt);
void lev_plan_free(lev_plan *p);
/* The FUNCTION named name, or NULL. */
const lev_stmt *lev_plan_function(const lev_plan *p, const char *name);
/* The class a monster (monster != 0) or object name given alone carries:
 * from the names table, 0 ("any class") without one or when the table
 * does not hold the name. */
int lev_plan_name_class(const lev_plan *p, int monster, const char *name);

#endif
