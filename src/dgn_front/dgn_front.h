/* dgn_front.h - the dungeon compiler's front end: dungeon.def text -> AST
 * (parse.c, grammar/dgn.{l,y}) -> checked splev_dgn_script (check.c). */
#ifndef DGN_FRONT_H
#define DGN_FRONT_H

#include "common/common.h"
#include "splev/dungeon.h"

typedef enum {
    DS_DUNGEON,
    DS_ENTRY,
    DS_DESCRIPTION,
    DS_ALIGNMENT,
    DS_PROTOFILE,
    DS_LEVEL,        /* LEVEL and RNDLEVEL */
    DS_CHAINLEVEL,   /* CHAINLEVEL and RNDCHAINLEVEL */
    DS_LEVELDESC,
    DS_LEVALIGN,
    DS_BRANCH,
    DS_CHAINBRANCH,
    DS_TILESET       /* GnollHack: TILESET: number or name */
} dgn_stmt_kind;

/* Words that follow DESCRIPTION, ALIGNMENT, LEVELDESC and LEVALIGN. */
typedef enum {
    DW_TOWN, DW_HELLISH, DW_MAZELIKE, DW_ROGUELIKE,
    DW_UNALIGNED, DW_NOALIGN, DW_LAWFUL, DW_NEUTRAL, DW_CHAOTIC,
    /* EvilHack's own (SPLEV_VF_DESCR_MORE): accepted there, not kept */
    DW_VECNAD, DW_GTOWN, DW_PURG, DW_HDGN
} dgn_word;

typedef struct {
    char *text;         /* NULL when absent */
    srcpos pos;
} dgn_str;

typedef struct {
    int value;
    int given;          /* 0 when the optional number was left out */
    int percent;        /* a chance written with '%' after it */
    srcpos pos;
} dgn_num;

typedef struct dgn_stmt {
    dgn_stmt_kind kind;
    srcpos pos;                  /* the keyword */
    const char *keyword;         /* as written, for messages */
    dgn_str name;                /* dungeon or level name, branch target */
    dgn_str bones;
    dgn_str display;             /* GnollHack: a level's display name */
    dgn_str chain;               /* CHAIN*: the level chained from */
    dgn_num base, rand;          /* the couple */
    srcpos couple_pos;
    dgn_num chance, rndlevs;
    int random;                  /* RNDLEVEL / RNDCHAINLEVEL */
    dgn_num entry;               /* ENTRY */
    dgn_word word;               /* DESCRIPTION ... LEVALIGN */
    srcpos word_pos;
    int br_type;                 /* SPLEV_BR_* */
    int br_type_given;
    int br_up, br_dir_given;
    srcpos br_dir_pos;
    struct dgn_stmt *next;
} dgn_stmt;

typedef struct {
    dgn_stmt *first, *last;
    mem_arena mem;               /* owns every statement and string */
    int game;                    /* dgn_options.game it was read with */
    int variant;                 /* dgn_options.variant */
} dgn_ast;

typedef struct {
    const char *const *defines;  /* -D names: conditional lines kept */
    int n_defines;
    /* Whose build tool's conditionals the text may use: 0 (our own
     * format) both kinds, CLASSIC_UNNETHACK only "%NAME rest" lines,
     * CLASSIC_NETHACK36 only "^?NAME" ... "^." blocks (classic/classic.h). */
    int game;
    int variant;                 /* SPLEV_VARIANT_* (doc/variants.md) */
} dgn_options;

/* The "^?NAME" / "^!NAME" / "^:" / "^." / "^#" / "^^" line conditionals
 * of NetHack 3.6's makedefs (pp.c).  Returns a malloc'd copy of src with
 * the same lines, where every control line and every line of a block that
 * is off is empty; NAME is on when it was given with -D.  Errors (a bad
 * control line, an unterminated block) go to d. */
char *dgn_conditionals(diag *d, const char *src, size_t len,
                       const dgn_options *opt, size_t *out_len);

/* Parse source text into an AST; every syntax error goes to d. */
void dgn_parse_source(diag *d, const char *src, size_t len,
                      const dgn_options *opt, dgn_ast *ast);
void dgn_ast_free(dgn_ast *ast);

/* Check the AST and build the script; NULL when d got any error. */
splev_dgn_script *dgn_check(diag *d, const dgn_ast *ast);
/* The same with a variant profile's level limit (doc/variants.md). */
splev_dgn_script *dgn_check_limit(diag *d, const dgn_ast *ast, int maxlev);

/* Print a checked script as readable text (dgn_comp --dump). */
void dgn_dump(FILE *f, const splev_dgn_script *s);

const char *dgn_word_name(dgn_word w);

#endif
