/* lev_ctx.h - the state one parse of one des-file shares between the
 * scanner (grammar/lev.l), the parser (grammar/lev.y) and the driver
 * (parse.c).  Internal to src/lev_front: there are no globals, so several
 * files (and INCLUDEs inside them) can be parsed at the same time. */
#ifndef SPLEV_LEV_CTX_H
#define SPLEV_LEV_CTX_H

#include "common/common.h"
#include "lev_front/ast.h"
#include "lev_front/lev_front.h"

/* A token's or a rule's extent, as the parser tracks it (its location
 * type): first and last character, 1-based lines and byte columns. */
typedef struct lev_span {
    int first_line, first_column;
    int last_line, last_column;
} lev_span;

/* The chain of files being parsed, innermost first (INCLUDE cycles). */
typedef struct lev_incl {
    const struct lev_incl *up;
    const char *name;           /* as shown in messages */
    const char *real;           /* canonical path, or NULL for a buffer */
} lev_incl;

/* A construct of one dialect only, or one the dialects read differently
 * (doc/dialects.md): reported as a -Wdialect warning once the parse is
 * over and the file's dialect is known. */
enum { LEV_DN_UN, LEV_DN_NH, LEV_DN_GROW };
typedef struct lev_dnote {
    srcpos pos;
    int kind;                   /* LEV_DN_* */
    const char *what;           /* in the arena */
} lev_dnote;

/* What the grammar's actions tell the check of variables used before any
 * assignment (parse.c), in the order a walk of the finished tree would
 * meet it: the check then reads this list, not the whole tree. */
enum { LEV_VE_USE, LEV_VE_SET, LEV_VE_LEVEL, LEV_VE_FUNC, LEV_VE_END };
typedef struct lev_vevent {
    int kind;                   /* LEV_VE_* */
    const lev_expr *e;          /* USE, SET: the VAR node; FUNC, END: the
                                   parameters; LEVEL: NULL */
} lev_vevent;

typedef struct lev_ctx {
    diag *d;
    lev_file *file;
    unsigned file_id;           /* file->id, which positions carry */
    struct lev_arena *arena;    /* the file's: tree, strings, arrays */
    lev_level *level;           /* receives statements; NULL before LEVEL */
    const lev_options *opt;
    const lev_incl *chain;
    int include_depth;          /* 0 for the file named on the command line */

    /* ---- scanner ---- */
    const char *src;            /* the whole text, two NULs after it */
    size_t src_len;
    int line, col;              /* position of the next byte */
    int nesting;                /* open (, [ and { */
    char open_kind[LEV_MAX_NESTING];    /* what the open ones are, */
    lev_pos open_pos[LEV_MAX_NESTING];  /* and where (only OPEN's) */
    int stop;                   /* give end of file from now on (set
                                   too when the diag gives up) */
    lev_map *map;               /* MAP block being read */
    lev_pos map_pos;
    /* its bad map characters, one run per character and stretch of
     * consecutive rows, in the order of their first cells (lev.l) */
    struct lev_badmap {
        int line, col, last_line, cells;
        unsigned char c;
    } *badmap;                  /* in the arena */
    size_t nbadmap, capbadmap;
    size_t badmap_open[256];    /* 1 + the run of c that may go on, or 0 */
    int last_end_line;          /* last line of the previous token */
    size_t vars;                /* variables seen: none, nothing to check */
    lev_vevent *vlog;           /* see lev_vevent; malloc'd */
    size_t nvlog, capvlog;
    int literals;               /* give literal tuples as one token */
    int retry;                  /* the literals pass failed (see parse.c) */

    /* ---- error recovery (see lev.y) ---- */
    int sync;                   /* skipping to the start of a line */
    int sync_braces;            /* { minus } skipped */
    int replay;                 /* 2: give ERRSYNC, 1: give saved token */
    int replay_tok;
    int replayed;               /* the current token is the one given back */
    void *replay_val;           /* LEV_STYPE *, owned */
    lev_span replay_loc;

    /* ---- the tokens around an error ---- */
    int tok, prev_tok;          /* token kinds */
    void *tok_val;              /* the parser's LEV_STYPE of tok */
    lev_span tok_loc, prev_loc;
    char *prev_ident;           /* text of prev_tok when it was a word */
    char *cur_ident;            /* text of tok when it is a word */
    int depth_reported;         /* "expression too deep" was said */
    int stmt_kw;                /* keyword token starting the statement */
    int stmt_commas;            /* top-level commas since that keyword */
    int stmt_nesting;
    int ident_first;            /* the last IDENT could start a statement:
                                   first on its line, or after '{' or a
                                   "[50%]:" prefix (lev.l) */

    /* ---- dialect notes ---- */
    lev_dnote *dnotes;
    size_t ndnotes, capdnotes;
    int map_noted;              /* this MAP block's UnNetHack character */

    /* ---- NetHack 3.4.3's dialect (old343.c) ---- */
    int old343;                 /* the file is read in it */
    int old343_started;         /* its start token was given */
    lev_stmt *old_room;         /* braceless ROOM/SUBROOM being filled */
    lev_stmt *old_rooms[64];    /* the level's rooms, for SUBROOM */
    const char *old_room_names[64]; /* their NAME:, or NULL */
    size_t n_old_rooms;
    int old_nregs[3];           /* RANDOM_PLACES/OBJECTS/MONSTERS sizes */
    lev_stmt *old_container;    /* the last CONTAINER */
    lev_stmt *old_contained;    /* the OBJECT just read was "contained" */
    int old_err_line, old_err_col; /* the word an error was said at */
    /* UnNetHack 3.5.1-3.5.2: positional lines in the braced language */
    int hybrid;                 /* every MONSTER/OBJECT/CONTAINER is */
    lev_stmt *hyb_pending;      /* a RANDOM_* list's assignment */
    /* the chance after a keyword ("MONSTER[50%]:"), in every dialect:
     * the tokens given back in the prefix order (lev.y, next_token) */
    void *kq;                   /* malloc'd, freed after the parse */
} lev_ctx;

/* old343.c: 2 when the text is in NetHack 3.4.3's dialect for sure, 1 when
 * it only looks like it, else 0 (doc/dialects.md). */
int lev_old343_sniff(const char *text, size_t len);
/* 1 when the text is a NetHack 3.7 Lua level, whatever the file's name
 * (old343.c). */
int lev_lua_text(const char *text, size_t len);
/* old343.c: 1 when the text is in UnNetHack 3.5.1-3.5.2's mix
 * (doc/dialects.md): a positional MONSTER/OBJECT/CONTAINER line and a
 * braced construct. */
int lev_old343_hybrid(const char *text, size_t len);

/* parse.c: note a construct of one dialect (LEV_DN_*) at pos. */
void lev_ctx_dialect(lev_ctx *ctx, srcpos pos, int kind, const char *fmt,
                     ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* parse.c: handle an INCLUDE statement (parse the file, attach it). */
void lev_ctx_include(lev_ctx *ctx, lev_stmt *s);
/* A position in this file (inline: the parser makes one per node). */
static inline lev_pos lev_ctx_pos(const lev_ctx *ctx, int line, int col,
                                  int eline, int ecol)
{
    lev_pos p = {ctx->file_id, line, col, eline, ecol};
    return p;
}

static inline srcpos lev_srcpos(lev_pos p)
{
    srcpos s = {p.line, p.col, p.end_line, p.end_col};
    return s;
}

static inline srcpos lev_span_srcpos(lev_span l)
{
    srcpos s = {l.first_line, l.first_column, l.last_line, l.last_column};
    return s;
}

#endif
