/* sig.h - the statement signature table, shared by the checker and the
 * emitter.  A statement that is "arguments in, one opcode out" has a row:
 * what each argument must be (and how the checker names it in errors),
 * the order the emitter pushes them in, and the instruction that follows.
 * A new such statement is one row here plus the interpreter's handler.
 * Statements with structure of their own (ROOM, MAP, IF, SWITCH,
 * FUNCTION, MONSTER, ...) have no row: their op is OP_NOP and the
 * checker and emitter keep code for them. */
#ifndef SPLEV_LEV_SIG_H
#define SPLEV_LEV_SIG_H

#include "lev_front/ast.h"

/* What an argument is. */
enum lev_arg_kind {
    LEV_SA_NONE,     /* no more arguments */
    LEV_SA_INT,      /* an integer expression */
    LEV_SA_STR,      /* a string expression */
    LEV_SA_COORD,    /* a coordinate */
    LEV_SA_SEL,      /* a selection or a coordinate */
    LEV_SA_REGION,   /* a region (x1,y1,x2,y2) */
    LEV_SA_MAPCHAR,  /* a map character */
    LEV_SA_WORD,     /* one of words[], or random: pushed as its value or -1 */
    LEV_SA_WORDVAL,  /* a word the grammar has already chosen: its value */
    LEV_SA_LITERAL,  /* a number the grammar has already read: as written */
    LEV_SA_ALIGN,    /* an alignment or an alignment register */
};

/* How an argument may be written. */
enum {
    LEV_SAF_OPT = 1,         /* may be left out: then dflt is pushed */
    LEV_SAF_OPT_TERRAIN = 2, /* may be left out: then terrain dflt is pushed
                               as a map character of no given light */
    LEV_SAF_RANDOM = 4,      /* may be random: not checked, -1 is pushed */
    LEV_SAF_KEEP = 8,        /* LEV_SA_MAPCHAR: 'x' (keep the terrain) too */
};

typedef struct lev_sig_arg {
    unsigned char kind;     /* LEV_SA_* */
    unsigned char flags;    /* LEV_SAF_* */
    int dflt;               /* pushed when a LEV_SAF_OPT* argument is absent */
    const char *what;       /* the argument in messages: "the position" */
    const int *words;       /* LEV_SA_WORD: the words allowed, 0 ends */
} lev_sig_arg;

#define LEV_SIG_MAX_ARGS 4

typedef struct lev_sig {
    int op;                 /* the opcode; OP_NOP: no row, code of its own */
    int a;                  /* the instruction's a field */
    int arg;                /* the instruction's operand */
    const char *order;      /* push order as argument numbers ("10": the
                               second argument first); NULL: as written */
    lev_sig_arg args[LEV_SIG_MAX_ARGS]; /* by slot of LEV_STMT_KINDS */
} lev_sig;

/* The states a door may be given (DOOR, ROOMDOOR), 0 ends. */
extern const int lev_door_states[];

/* The row of statement kind k (op OP_NOP when it has none). */
const lev_sig *lev_stmt_sig(enum lev_stmt_kind k);
/* Its arguments' count, and the slot pushed i-th. */
size_t lev_sig_nargs(const lev_sig *g);
size_t lev_sig_slot(const lev_sig *g, size_t i);

#endif
