/* dgn.y - grammar of dungeon descriptions (dungeon.def).
 *
 * Pure parser with locations; each statement becomes one dgn_stmt in the
 * AST.  On a syntax error the statement is dropped and parsing resumes at
 * the next statement keyword, so every bad statement is reported. */
%define api.pure full
%define api.prefix {dgn_}
%define parse.error verbose
%locations
%expect 0

%param {yyscan_t scanner}
%parse-param {struct dgn_pctx *ctx}

%code requires {
#include "dgn_front/dgn_pctx.h"
#ifndef YY_TYPEDEF_YY_SCANNER_T
#define YY_TYPEDEF_YY_SCANNER_T
typedef void *yyscan_t;
#endif
}

%code {
#include "classic/classic.h"
#include <stdlib.h>
#include <string.h>

int dgn_lex(DGN_STYPE *val, DGN_LTYPE *loc, yyscan_t scanner);
static void dgn_error(DGN_LTYPE *loc, yyscan_t scanner, struct dgn_pctx *ctx,
                      const char *msg);
static srcpos P(DGN_LTYPE l);
static dgn_stmt *stmt_new(struct dgn_pctx *ctx, dgn_stmt_kind kind,
                          DGN_LTYPE l, const char *keyword);
static dgn_str str(char *text, srcpos l);
static dgn_num num(int v, DGN_LTYPE l);
static void set_word(struct dgn_pctx *ctx, dgn_stmt_kind kind, DGN_LTYPE l,
                     const char *keyword, int word, DGN_LTYPE lw);
}

%union {
    char *str;
    int num;
    struct { dgn_num base, rand; } couple;
    struct { dgn_num chance, rndlevs; } tail;
    struct { char *a, *b, *c, *d; srcpos la, lb, lc, ld; } names;
    struct { int type, type_given, up, dir_given; srcpos ldir; } br;
}

%token DUNGEON "DUNGEON" ENTRY "ENTRY" PROTOFILE "PROTOFILE"
%token DESCRIPTION "DESCRIPTION" LEVELDESC "LEVELDESC"
%token ALIGNMENT "ALIGNMENT" LEVALIGN "LEVALIGN"
%token BRANCH "BRANCH" CHAINBRANCH "CHAINBRANCH"
%token LEVEL "LEVEL" RNDLEVEL "RNDLEVEL" CHAINLEVEL "CHAINLEVEL"
%token RNDCHAINLEVEL "RNDCHAINLEVEL"
%token <num> DIRECTION "a direction (up or down)"
%token <num> BRTYPE "a branch type (stair, no_up, no_down or portal)"
%token <num> WORD "a descriptor word"
%token TILESET "TILESET"
%token <num> TILESETNAME "a tileset name"
%token <str> STRING "a string"
%token <num> INTEGER "a number"
%token LEXERR "bad input"
%token END 0 "end of file"

%type <str> bones_opt
%type <couple> couple
%type <tail> chance_opt level_tail
%type <num> percent_opt
%type <names> level_names chain_names
%type <br> branch_tail

/* Strings and statements live in the AST's arena: nothing to free when
 * error recovery discards a value. */

%%

file
    : %empty
    | file statement
    | file error
    ;

statement
    : DUNGEON ':' STRING bones_opt couple chance_opt
        {
            dgn_stmt *s = stmt_new(ctx, DS_DUNGEON, @1, "DUNGEON");
            s->name = str($3, P(@3));
            s->bones = str($4, P(@4));
            s->base = $5.base; s->rand = $5.rand; s->couple_pos = P(@5);
            s->chance = $6.chance;
        }
    | ENTRY ':' INTEGER
        { stmt_new(ctx, DS_ENTRY, @1, "ENTRY")->entry = num($3, @3); }
    | DESCRIPTION ':' WORD
        { set_word(ctx, DS_DESCRIPTION, @1, "DESCRIPTION", $3, @3); }
    | ALIGNMENT ':' WORD
        { set_word(ctx, DS_ALIGNMENT, @1, "ALIGNMENT", $3, @3); }
    | LEVELDESC ':' WORD
        { set_word(ctx, DS_LEVELDESC, @1, "LEVELDESC", $3, @3); }
    | LEVALIGN ':' WORD
        { set_word(ctx, DS_LEVALIGN, @1, "LEVALIGN", $3, @3); }
    | TILESET ':' INTEGER
        { stmt_new(ctx, DS_TILESET, @1, "TILESET")->entry = num($3, @3); }
    | TILESET ':' TILESETNAME
        { stmt_new(ctx, DS_TILESET, @1, "TILESET")->entry = num($3, @3); }
    | PROTOFILE ':' STRING
        { stmt_new(ctx, DS_PROTOFILE, @1, "PROTOFILE")->name = str($3, P(@3)); }
    | LEVEL ':' level_names '@' couple chance_opt
        {
            dgn_stmt *s = stmt_new(ctx, DS_LEVEL, @1, "LEVEL");
            s->name = str($3.a, $3.la);
            s->bones = str($3.b, $3.lb);
            s->display = str($3.d, $3.ld);
            s->base = $5.base; s->rand = $5.rand; s->couple_pos = P(@5);
            s->chance = $6.chance;
        }
    | RNDLEVEL ':' level_names '@' couple level_tail
        {
            dgn_stmt *s = stmt_new(ctx, DS_LEVEL, @1, "RNDLEVEL");
            s->random = 1;
            s->name = str($3.a, $3.la);
            s->bones = str($3.b, $3.lb);
            s->display = str($3.d, $3.ld);
            s->base = $5.base; s->rand = $5.rand; s->couple_pos = P(@5);
            s->chance = $6.chance; s->rndlevs = $6.rndlevs;
        }
    | CHAINLEVEL ':' chain_names '+' couple chance_opt
        {
            dgn_stmt *s = stmt_new(ctx, DS_CHAINLEVEL, @1, "CHAINLEVEL");
            s->name = str($3.a, $3.la);
            s->bones = str($3.b, $3.lb);
            s->display = str($3.d, $3.ld);
            s->chain = str($3.c, $3.lc);
            s->base = $5.base; s->rand = $5.rand; s->couple_pos = P(@5);
            s->chance = $6.chance;
        }
    | RNDCHAINLEVEL ':' chain_names '+' couple level_tail
        {
            dgn_stmt *s = stmt_new(ctx, DS_CHAINLEVEL, @1, "RNDCHAINLEVEL");
            s->random = 1;
            s->name = str($3.a, $3.la);
            s->bones = str($3.b, $3.lb);
            s->display = str($3.d, $3.ld);
            s->chain = str($3.c, $3.lc);
            s->base = $5.base; s->rand = $5.rand; s->couple_pos = P(@5);
            s->chance = $6.chance; s->rndlevs = $6.rndlevs;
        }
    | BRANCH ':' STRING '@' couple branch_tail old_branch_int
        {
            dgn_stmt *s = stmt_new(ctx, DS_BRANCH, @1, "BRANCH");
            s->name = str($3, P(@3));
            s->base = $5.base; s->rand = $5.rand; s->couple_pos = P(@5);
            s->br_type = $6.type; s->br_type_given = $6.type_given;
            s->br_up = $6.up; s->br_dir_given = $6.dir_given;
            s->br_dir_pos = $6.ldir;
        }
    | CHAINBRANCH ':' STRING STRING '+' couple branch_tail old_branch_int
        {
            dgn_stmt *s = stmt_new(ctx, DS_CHAINBRANCH, @1, "CHAINBRANCH");
            s->name = str($3, P(@3));
            s->chain = str($4, P(@4));
            s->base = $6.base; s->rand = $6.rand; s->couple_pos = P(@6);
            s->br_type = $7.type; s->br_type_given = $7.type_given;
            s->br_up = $7.up; s->br_dir_given = $7.dir_given;
            s->br_dir_pos = $7.ldir;
        }
    ;

/* "name" "bones", or "name" alone (the bones marker then is "none");
 * GnollHack's "display name" "name" "bones" (d: the display name). */
level_names
    : STRING STRING STRING
        { $$.d = $1; $$.a = $2; $$.b = $3; $$.c = NULL;
          $$.ld = P(@1); $$.la = P(@2); $$.lb = P(@3); $$.lc = P(@3); }
    | STRING STRING
        { $$.a = $1; $$.b = $2; $$.c = $$.d = NULL; $$.la = P(@1); $$.lb = P(@2); $$.lc = $$.ld = P(@2); }
    | STRING
        { $$.a = $1; $$.b = $$.c = $$.d = NULL; $$.la = $$.lb = $$.lc = $$.ld = P(@1); }
    ;

/* "name" "bones" "base", or "name" "base": the manual's own example leaves
 * the bones marker out of a CHAINLEVEL; GnollHack's "display name" "name"
 * "bones" "base". */
chain_names
    : STRING STRING STRING STRING
        { $$.d = $1; $$.a = $2; $$.b = $3; $$.c = $4;
          $$.ld = P(@1); $$.la = P(@2); $$.lb = P(@3); $$.lc = P(@4); }
    | STRING STRING STRING
        { $$.a = $1; $$.b = $2; $$.c = $3; $$.d = NULL; $$.la = P(@1); $$.lb = P(@2); $$.lc = $$.ld = P(@3); }
    | STRING STRING
        { $$.a = $1; $$.b = $$.d = NULL; $$.c = $2; $$.la = $$.lb = $$.ld = P(@1); $$.lc = P(@2); }
    ;

bones_opt
    : %empty   { $$ = NULL; }
    | STRING   { $$ = $1; }
    ;

couple
    : '(' INTEGER ',' INTEGER ')'
        { $$.base = num($2, @2); $$.rand = num($4, @4); }
    ;

chance_opt
    : %empty
        { memset(&$$, 0, sizeof $$); }
    | INTEGER percent_opt
        { memset(&$$, 0, sizeof $$); $$.chance = num($1, @1);
          $$.chance.percent = $2; }
    ;

percent_opt
    : %empty   { $$ = 0; }
    | '%'      { $$ = 1; }
    ;

/* RNDLEVEL: [chance] count.  With one number it is the count. */
level_tail
    : INTEGER
        { memset(&$$, 0, sizeof $$); $$.rndlevs = num($1, @1); }
    | INTEGER percent_opt INTEGER
        {
            memset(&$$, 0, sizeof $$);
            $$.chance = num($1, @1);
            $$.chance.percent = $2;
            $$.rndlevs = num($3, @3);
        }
    ;

/* SLASH'EM's trailing integer on BRANCH and CHAINBRANCH (NetHack 3.4.3's
 * lineage, doc/dialects.md): accepted and not used; our dungeon model has
 * nothing it would set. */
old_branch_int
    : %empty
    | INTEGER                   { (void)$1; }
    ;

branch_tail
    : %empty
        { $$.type = SPLEV_BR_STAIR; $$.type_given = 0; $$.up = 0;
          $$.dir_given = 0; $$.ldir = P(@$); }
    | BRTYPE
        { $$.type = $1; $$.type_given = 1; $$.up = 0; $$.dir_given = 0;
          $$.ldir = P(@1); }
    | DIRECTION
        { $$.type = SPLEV_BR_STAIR; $$.type_given = 0; $$.up = $1;
          $$.dir_given = 1; $$.ldir = P(@1); }
    | BRTYPE DIRECTION
        { $$.type = $1; $$.type_given = 1; $$.up = $2; $$.dir_given = 1;
          $$.ldir = P(@2); }
    ;

%%

#include "dgn_lex.h"

static srcpos P(DGN_LTYPE l)
{
    srcpos p = {l.first_line, l.first_column, l.last_line, l.last_column};
    return p;
}

static dgn_str str(char *text, srcpos l)
{
    dgn_str s = {text, l};
    return s;
}

static dgn_num num(int v, DGN_LTYPE l)
{
    dgn_num n = {v, 1, 0, P(l)};
    return n;
}

static dgn_stmt *stmt_new(struct dgn_pctx *ctx, dgn_stmt_kind kind,
                          DGN_LTYPE l, const char *keyword)
{
    dgn_stmt *s = arena_alloc(&ctx->ast->mem, sizeof *s);
    s->kind = kind;
    s->pos = P(l);
    s->keyword = keyword;
    if (ctx->ast->last)
        ctx->ast->last->next = s;
    else
        ctx->ast->first = s;
    ctx->ast->last = s;
    return s;
}

static void set_word(struct dgn_pctx *ctx, dgn_stmt_kind kind, DGN_LTYPE l,
                     const char *keyword, int word, DGN_LTYPE lw)
{
    dgn_stmt *s = stmt_new(ctx, kind, l, keyword);
    s->word = (dgn_word)word;
    s->word_pos = P(lw);
}

/* Name the offending token as the user wrote it.  When the statement
 * still expected something and the token starts on a later line, it was
 * cut short: point just after the previous token, "found end of line". */
static void dgn_error(DGN_LTYPE *loc, yyscan_t scanner, struct dgn_pctx *ctx,
                      const char *msg)
{
    (void)scanner;
    if (ctx->lex_error)
        return;     /* the scanner already reported this token */
    srcpos pos = P(*loc);
    char found[96];
    char t[48];
    size_t n = ctx->last_len < sizeof t - 1 ? ctx->last_len : sizeof t - 1;
    memcpy(t, ctx->src + ctx->last_off, n);
    t[n] = '\0';
    switch (ctx->last_tok) {
    case END:
        snprintf(found, sizeof found, "end of file");
        break;
    case STRING:
        snprintf(found, sizeof found, "the string %.60s", t);
        break;
    case INTEGER:
        snprintf(found, sizeof found, "the number %s", t);
        break;
    default:
        snprintf(found, sizeof found, "'%.60s'", t);
    }
    if (ctx->prev_end.line > 0 && pos.line > ctx->prev_end.line &&
        strstr(msg, ", expecting ")) {
        pos.line = pos.end_line = ctx->prev_end.line;
        pos.col = pos.end_col = ctx->prev_end.col + 1;
        if (ctx->last_tok != END)
            snprintf(found, sizeof found, "end of line");
    }
    diag_syntax_error(ctx->d, pos, msg, found);
}

/* Entry point: parse src into ast (see dgn_front.h). */
void dgn_parse_source(diag *d, const char *src, size_t len,
                      const dgn_options *opt, dgn_ast *ast)
{
    struct dgn_pctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.d = d;
    ctx.ast = ast;
    ctx.opt = opt;
    ast->game = opt->game;
    ast->variant = opt->variant;
    ctx.src = src;
    ctx.line = 1;
    ctx.col = 1;
    yyscan_t scanner;
    if (dgn_lex_init_extra(&ctx, &scanner) != 0) {
        diag_error_nopos(d, "cannot start the scanner");
        return;
    }
    /* NetHack 3.6's conditionals are whole-line and nest: they are applied
     * to the text first; UnNetHack's (one line each) by the scanner. */
    char *text = NULL;
    if (opt->game != CLASSIC_UNNETHACK) {
        text = dgn_conditionals(d, src, len, opt, &len);
        src = text;
        ctx.src = text;
    }
    YY_BUFFER_STATE b = dgn__scan_bytes(src, (int)len, scanner);
    dgn_parse(scanner, &ctx);
    dgn__delete_buffer(b, scanner);
    dgn_lex_destroy(scanner);
    free(text);
}
