/* lev.y - the grammar of the des-file language (UnNetHack dialect) and the
 * construction of its syntax tree (src/lev_front/ast.h).
 *
 * Pure parser, reentrant scanner: all state is in the lev_ctx.  The tree
 * keeps what was written; the checker (a later stage) decides whether each
 * value fits its slot.  To keep the grammar free of conflicts without the
 * classic compiler's typed variable tokens, a variable or a core function
 * call is one kind of term wherever it appears.
 *
 * Error recovery: on a syntax error the parser pops to the enclosing
 * statement list and shifts `error`; the scanner then drops the rest of the
 * line and gives ERRSYNC, so the next line is parsed afresh and its errors
 * are reported too.  A bad line that opened a '{' gives ERRSYNC_OPEN, and
 * the block's statements are parsed (and checked) before its '}'.
 *
 * No conflicts (%expect 0). */
%define api.pure full
%define api.prefix {lev_}
%define api.location.type {lev_span}
%locations
%define parse.error custom
%param {void *scanner} {lev_ctx *ctx}
%expect 0

%code requires {
#include "lev_front/lev_ctx.h"
}

%union {
    long num;
    char *str;
    struct { int n, sides; } dice;  /* ints: the value stays 8 bytes */
    lev_expr *expr;
    lev_stmt *stmt;
    lev_block *block;
    lev_map *map;
}

%code {
#include <stdlib.h>
#include <string.h>

#include "lev_front/arena.h"
#include "splev/level.h"
#include "splev/variant.h"
#include "lev_front/old343.h"

#define YYSTYPE LEV_STYPE
#define YYLTYPE LEV_LTYPE
/* The scanner's header maps yylex to its own name unless yylex is already a
 * macro; give it a clean slate, then point yylex back at our wrapper. */
#undef yylex
#include "lev_lex.h"
#undef yylex
#define yylex lev_lex

static int lev_lex(LEV_STYPE *lval, LEV_LTYPE *lloc, void *scanner,
                   lev_ctx *ctx);
static void lev_error(LEV_LTYPE *loc, void *scanner, lev_ctx *ctx,
                      const char *msg);

/* A rule spans its first to its last symbol (an empty rule: the end of
 * what precedes it).  lev_span keeps each end's line and column side by
 * side, so each end is copied whole. */
#define YYLLOC_DEFAULT(Cur, Rhs, N)                                          \
    do {                                                                     \
        if (N) {                                                             \
            memcpy(&(Cur).first_line, &YYRHSLOC(Rhs, 1).first_line,          \
                   2 * sizeof(int));                                         \
            memcpy(&(Cur).last_line, &YYRHSLOC(Rhs, N).last_line,           \
                   2 * sizeof(int));                                         \
        } else {                                                             \
            memcpy(&(Cur).first_line, &YYRHSLOC(Rhs, 0).last_line,          \
                   2 * sizeof(int));                                         \
            memcpy(&(Cur).last_line, &YYRHSLOC(Rhs, 0).last_line,           \
                   2 * sizeof(int));                                         \
        }                                                                    \
    } while (0)

#define SPAN(a, b) lev_ctx_pos(ctx, (a).first_line, (a).first_column,     \
                              (b).last_line, (b).last_column)
#define P(l) lev_ctx_pos(ctx, (l).first_line, (l).first_column,             \
                         (l).last_line, (l).last_column)
#define E(kind, l) lev_expr_new(LEV_E_##kind, P(l))
#define S(kind, l) lev_stmt_new(LEV_S_##kind, P(l))

static lev_expr *limit_depth(lev_ctx *ctx, lev_expr *e);
static lev_expr *mk_tuple(lev_ctx *ctx, lev_expr *t);
static lev_expr *lit_args(lev_expr *t);
static lev_expr *relabel(lev_expr *t, enum lev_expr_kind kind, lev_pos pos);
static lev_expr *mk_var(lev_pos pos, char *name, lev_expr *index);
static lev_expr *mk_attr(lev_pos pos, int key, lev_expr *a, lev_expr *b);
static lev_expr *mk_sel(lev_pos pos, int op, lev_expr *a, lev_expr *b,
                        lev_expr *c);
static lev_stmt *args_of(lev_stmt *s, int n, lev_expr *const *v);
static lev_stmt *attrs_new(enum lev_stmt_kind kind, lev_expr *attr);
static lev_stmt *mon_new(lev_ctx *ctx, LEV_LTYPE at, lev_expr *mon,
                         lev_expr *coord);
static lev_expr *mk_char(lev_pos pos, long c);
static lev_expr *word_attr(lev_ctx *ctx, LEV_LTYPE at, int key, long word);
static lev_expr *random_coord_attr(lev_ctx *ctx, LEV_LTYPE at);
/* args(s, n, a, b, ...): the n slots of statement s (no varargs walk). */
#define args(s, n, ...) args_of((s), (n), (lev_expr *const[]){__VA_ARGS__})
static void top_item_rest(lev_ctx *ctx, lev_stmt *s);
/* variant profiles (doc/variants.md) */
static int variant_need(lev_ctx *ctx, LEV_LTYPE at, unsigned f,
                        const char *word);
static void variant_word_need(lev_ctx *ctx, LEV_LTYPE at, unsigned f,
                              const char *what);
static lev_stmt *variant_terrain_stmt(lev_ctx *ctx, LEV_LTYPE all,
                                      LEV_LTYPE kw, unsigned f, lev_expr *sel);
static lev_expr *wallify_area(lev_expr *e);
/* NetHack 3.4.3's dialect (its block of rules) */
static lev_expr *old_thing(lev_expr *cls, lev_expr *name, lev_pos pos);
static lev_expr *hyb_mapchar(lev_ctx *ctx, LEV_LTYPE at, long c,
                             lev_expr *light);
static lev_expr *hyb_lit(lev_ctx *ctx, lev_expr *mc, lev_expr *light);
static lev_expr *hyb_line(lev_ctx *ctx, LEV_LTYPE at, lev_expr *from,
                          int horizontal, long n);
static void old_montype(lev_ctx *ctx, lev_stmt *s, LEV_LTYPE at, char *name);
static void old_spe_attr(lev_stmt *s, lev_expr *spe);
static void old_oname_attr(lev_stmt *s, lev_expr *name);
static lev_stmt *old_door_stmt(lev_ctx *ctx, LEV_LTYPE at, lev_expr *f);
static lev_expr *old_room_flags(lev_expr *flags);
static lev_expr *region_flags(lev_expr *flags);
/* Append s to b: the room is there but for one time in a while. */
static inline void push_stmt(lev_block *b, lev_stmt *s)
{
    if (b->n < b->cap)
        b->v[b->n++] = s;
    else
        lev_block_add(b, s);
}
/* A statement outside any block: to the current level in the usual
 * case, else as top_item_rest says. */
static inline void top_item(lev_ctx *ctx, lev_stmt *s)
{
    lev_level *l = ctx->level;
    if (s && l && s->kind != LEV_S_FLAGS && s->kind != LEV_S_INCLUDE)
        push_stmt(&l->body, s);
    else
        top_item_rest(ctx, s);
}
/* A list's assignment: where the dialect puts it (its shuffle follows
 * as the rule's statement). */
static inline void old_list_item(lev_ctx *ctx, lev_stmt *a)
{
    lev_stmt *s = lev_old_item(ctx, a);
    if (s)
        top_item(ctx, s);
}
static void new_level(lev_ctx *ctx, lev_pos pos, char *name, lev_pos at,
                      lev_expr *maze_fill);
static void block_item(lev_ctx *ctx, lev_block *b, lev_stmt *s);
static lev_block *take_block(lev_block *b);
static lev_block *new_block(lev_ctx *ctx);
static void token_words(int tok, char *buf, size_t n);
static void vevent(lev_ctx *ctx, int kind, const lev_expr *e);
static void vevent_before(lev_ctx *ctx, int kind, const lev_expr *e,
                          LEV_LTYPE at);
/* NetHack 3.6 has no names (core or user functions) in its language. */
static void note_call(lev_ctx *ctx, LEV_LTYPE at, const char *name)
{
    lev_ctx_dialect(ctx, lev_span_srcpos(at), LEV_DN_UN, "the call of %s",
                    name);
}
}

/* No %destructor: every value lives in the file's arena (arena.h), so a
 * value the parser drops costs nothing and lev_file_free frees it. */

%token ERRSYNC "the end of a bad line"
%token ERRSYNC_OPEN "the end of a bad line with '{'"
%token <num> INTEGER "a number"
%token <num> PERCENT "a percentage like 50%"
%token <num> CHAR "a character in single quotes"
%token <dice> DICE "dice like 2d6"
%token <str> STRING "a string in double quotes"
%token <str> IDENT "a name"
%token <str> VAR "a variable"
%token <str> VARIDX "an array element like $a[0]"
%token <map> MAPBLOCK "a MAP block"
%token <expr> TUPLE_LIT "a literal tuple"
%token MAP_WORD "MAP (which must stand alone on its line)"
%token ENDMAP "ENDMAP (without MAP)"
%token RANDOM_BRACKET "random[...]"
%token EQ "==" NE "!=" LE "<=" GE ">="
%token TO "TO"
/* NetHack 3.4.3's dialect: its start (given first when the file is in
 * it) and its words (IDENTs in the other dialects), see next_token */
%token OLD343 "the NetHack 3.4.3 dialect"
%token O_RANDOM_PLACES "RANDOM_PLACES" O_RANDOM_OBJECTS "RANDOM_OBJECTS"
%token O_RANDOM_MONSTERS "RANDOM_MONSTERS" O_PLACE "place" O_HALLUMSG "HALLUMSG"
%token O_CONTAINED "contained"
/* UnNetHack 3.5.1-3.5.2: MONSTER/OBJECT/CONTAINER in their positional
 * form in the braced language (old343.c, lev_old343_hybrid) */
%token H_MONSTER "MONSTER (positional)" H_OBJECT "OBJECT (positional)"
%token H_CONTAINER "CONTAINER (positional)" O_RANDLINE "RANDLINE"

%token MESSAGE "MESSAGE" NOMAP "NOMAP" LEVEL "LEVEL" INIT_MAP "INIT_MAP"
%token MAZE "MAZE"
%token FLAGS "FLAGS" GEOMETRY "GEOMETRY" OBJECT "OBJECT" CONTAINER "CONTAINER"
%token MONSTER "MONSTER" TRAP "TRAP" DOOR "DOOR" ROOMDOOR "ROOMDOOR"
%token DRAWBRIDGE "DRAWBRIDGE" MAZEWALK "MAZEWALK" WALLIFY "WALLIFY"
%token REGION "REGION" ALTAR "ALTAR" LADDER "LADDER" STAIR "STAIR"
%token PORTAL "PORTAL" TELEPORT_REGION "TELEPORT_REGION" BRANCH "BRANCH"
%token FOUNTAIN "FOUNTAIN" SINK "SINK" POOL "POOL" WALLWALK "WALLWALK"
%token NON_DIGGABLE "NON_DIGGABLE" NON_PASSWALL "NON_PASSWALL"
%token IF "IF" ELSE "ELSE" EXIT "EXIT" ROOM "ROOM" SUBROOM "SUBROOM"
%token RANDOM_CORRIDORS "RANDOM_CORRIDORS" CORRIDOR "CORRIDOR" SPILL "SPILL"
%token TERRAIN "TERRAIN" REPLACE_TERRAIN "REPLACE_TERRAIN"
%token MON_GENERATION "MON_GENERATION" GOLD "GOLD" GRAVE "GRAVE"
%token ENGRAVING "ENGRAVING" MINERALIZE "MINERALIZE" NAME "name"
%token CHANCE "CHANCE" FOR "FOR" LOOP "LOOP" SWITCH "SWITCH" CASE "CASE"
%token BREAK "BREAK" DEFAULT "DEFAULT" FUNCTION "FUNCTION" INCLUDE "INCLUDE"
%token SOUNDS "SOUNDS" SHUFFLE "SHUFFLE" VAULTGEN "VAULTGEN"
%token OBJECT_T "object" MONSTER_T "monster" TERRAIN_T "terrain"
%token MONTYPE "montype" SELECTION "selection"
%token RECT "rect" FILLRECT "fillrect" LINE "line" RANDLINE "randline"
%token GROW "grow" FLOODFILL "floodfill" RNDCOORD "rndcoord"
%token CIRCLE "circle" ELLIPSE "ellipse" FILTER "filter" GRADIENT "gradient"
%token COMPLEMENT "complement" LEVREGION "levregion" ALIGN "align"
%token RANDOM "random" SEEN_TRAPS "seen_traps" ALL "all"
%token IRONDOOR "irondoor" DOORMAT "a door material like iron"
%token <num> ATTRKEY "an attribute like quantity:"
%token <num> ATTRFLAG "an attribute like buried"
%token <num> W_LIGHT "lit or unlit" W_BOOL "true or false"
%token <num> W_DOORSTATE "a door state" W_DIRECTION "a direction"
%token <num> W_HALIGN "left or right" W_CENTER "center"
%token <num> W_VALIGN "top or bottom" W_ALIGNMENT "an alignment"
%token <num> W_ATTITUDE "peaceful or hostile" W_ALERTNESS "asleep or awake"
%token <num> W_APPEARANCE "a mimic appearance" W_ALTARTYPE "an altar type"
%token <num> W_UPDOWN "up or down" W_ENGRAVING "an engraving type"
%token <num> W_CURSE "a curse state" W_FILLING "filled or unfilled"
%token <num> W_IRREGULAR "regular or irregular" W_JOINED "joined or unjoined"
%token <num> W_LIMITED "limited or unlimited" W_GRADTYPE "radial or square"
%token <num> W_HUMIDITY "a humidity like dry" W_MSGOUT "a sound kind"
%token <num> W_TRAPPED "trapped or not_trapped"
%token <num> W_HORIZVERT "horizontal or vertical" W_NONE "none"
%token <num> W_INITSTYLE "a map style like solidfill" W_FLAG "a level flag"
/* ---- variant profiles (doc/variants.md) ---- */
%token <num> VSTMT_SEL "a variant terrain statement like FORGE"
%token MINDEPTH "MINDEPTH"
%token <num> VSTMT_LINE "a GnollHack statement like BRAZIER"
/* ---- end of variant profiles ---- */

%left '.'
%left '+' '-'
%left '*' '/' '%'
%precedence UMINUS

%type <stmt> simple_stmt other_stmt
%type <block> stmts cases
%type <expr> cond cond_expr expr var_ref call value typed_value
%type <expr> value_list arglist args coordish coord_other regionish place
%type <expr> sel sel_x
%type <expr> sel_fn sel_paren
%type <expr> tuple ptuple tuple_list telem_list telem word monobj mapchar trap_type doorstate
%type <expr> boolr walls dirs intr light roomtype room_chance aroom
%type <expr> room_flags room_flag altar_align altar_type engr_type flag_list
%type <expr> hum_list gbound opt_limited opt_keep halign valign caseval
%type <expr> mon_attr obj_attr strlist params param_list param
%type <expr> mapchar_opt opt_coord maze_fill
%type <stmt> mon_stmt obj_attrs init_map wallwalk geometry
%type <num> door_flags
%type <expr> monobj_other
%type <num> cmpop typed_kw
%type <stmt> old_stmt old_mon old_obj old_objh
%type <stmt> hyb_mon hyb_obj hyb_cont hyb_list
%type <expr> hyb_oattr
%type <expr> old_coord old_place old_char old_name old_oclass old_align
%type <expr> old_places old_chars old_spe old_door old_door_item
%type <expr> old_oname old_flags old_flag

%%

file
    : items
    | OLD343 old_items          { lev_old_finish(ctx->file); }
    ;

/* ==== NetHack 3.4.3's dialect (doc/dialects.md, src/lev_front/old343.c).
 * A grammar of its own from the start token on, so that its positional
 * MONSTER/OBJECT and braceless rooms cannot conflict with the other
 * dialects' forms; it makes the same tree, reusing their argument forms.
 * Rooms, containers and lists are put together by old343.c. ==== */
old_items
    : %empty
    | old_items LEVEL ':' STRING
        { lev_old_level(ctx); new_level(ctx, SPAN(@2, @4), $4, P(@4), NULL); }
    | old_items MAZE ':' STRING ',' maze_fill
        { lev_old_level(ctx); new_level(ctx, SPAN(@2, @6), $4, P(@4), $6); }
    | old_items old_stmt
        { lev_stmt *s = lev_old_item(ctx, $2); if (s) top_item(ctx, s); }
    | old_items '[' PERCENT ']' ':' old_stmt
        { if ($6) { $6->chance = E(PERCENT, @3); $6->chance->ival = $3;
                    $6->pos = SPAN(@2, @6); }
          lev_stmt *s = lev_old_item(ctx, $6); if (s) top_item(ctx, s); }
    | old_items error ERRSYNC               { yyerrok; }
    | old_items error ERRSYNC_OPEN          { yyerrok; }
    ;

old_stmt
    : MESSAGE ':' expr          { $$ = args(S(MESSAGE, @$), 1, $3); }
    | O_HALLUMSG ':' STRING
        { /* FIQHack's message for a hallucinating hero: not kept */
          $$ = NULL; }
    | FLAGS ':' old_flags       { $$ = args(S(FLAGS, @$), 1, $3); }
    | INIT_MAP ':' CHAR ',' CHAR ',' W_BOOL ',' W_BOOL ',' light ',' boolr
        { /* fg, bg, smoothed, joined, light, walled: the mines style */
          $$ = args(S(INIT_MAP, @$), 8, lev_expr_word(P(@1), LEV_W_MINES),
                    mk_char(P(@3), $3), mk_char(P(@5), $5),
                    lev_expr_word(P(@7), (int)$7),
                    lev_expr_word(P(@9), (int)$9), $11, $13, NULL); }
    | geometry                  { $$ = $1; $$->pos = P(@$); }
    | NOMAP                     { $$ = S(NOMAP, @$); }
    | O_RANDOM_PLACES ':' old_places
        { lev_stmt *a, *b;
          lev_old_list(ctx, P(@1), LEV_OLD_PLACE, $3, &a, &b);
          old_list_item(ctx, a); $$ = b; }
    | O_RANDOM_OBJECTS ':' old_chars
        { lev_stmt *a, *b;
          lev_old_list(ctx, P(@1), LEV_OLD_OBJECT, $3, &a, &b);
          old_list_item(ctx, a); $$ = b; }
    | O_RANDOM_MONSTERS ':' old_chars
        { lev_stmt *a, *b;
          lev_old_list(ctx, P(@1), LEV_OLD_MONSTER, $3, &a, &b);
          old_list_item(ctx, a); $$ = b; }
    | old_mon                   { $$ = $1; $$->pos = P(@$); }
    | old_obj                   { $$ = $1; $$->pos = P(@$); }
    | TRAP ':' old_name ',' old_coord
        { /* 3.4.3 spells the trap door "trapdoor" */
          if ($3->kind == LEV_E_STRING && strcmp($3->sval, "trapdoor") == 0)
              $3->sval = lev_arena_strndup(ctx->arena, "trap door", 9);
          $$ = args(S(TRAP, @$), 2, $3, $5); }
    | DOOR ':' old_door         { $$ = old_door_stmt(ctx, @$, $3); }
    | DRAWBRIDGE ':' old_coord ',' W_DIRECTION ',' doorstate
        { $$ = args(S(DRAWBRIDGE, @$), 3, $3, lev_expr_word(P(@5), (int)$5),
                    $7); }
    | MAZEWALK ':' old_coord ',' W_DIRECTION
        { $$ = args(S(MAZEWALK, @$), 4, $3, lev_expr_word(P(@5), (int)$5),
                    NULL, NULL); }
    | WALLIFY                   { $$ = args(S(WALLIFY, @$), 1, NULL); }
    | REGION ':' regionish ',' light ',' roomtype room_flags
        { $$ = args(S(REGION, @$), 4, $3, $5, $7, region_flags($8)); }
    | ALTAR ':' old_coord ',' old_align ',' altar_type
        { $$ = args(S(ALTAR, @$), 3, $3, $5, $7); }
    | LADDER ':' old_coord ',' W_UPDOWN
        { $$ = args(S(LADDER, @$), 2, $3, lev_expr_word(P(@5), (int)$5)); }
    | STAIR ':' old_place ',' W_UPDOWN
        { $$ = args(S(STAIR, @$), 2, $3, lev_expr_word(P(@5), (int)$5)); }
    | STAIR ':' old_place ',' old_place ',' W_UPDOWN
        { $$ = args(S(STAIR_REGION, @$), 3, $3, $5,
                    lev_expr_word(P(@7), (int)$7)); }
    | PORTAL ':' old_place ',' old_place ',' STRING
        { $$ = args(S(PORTAL, @$), 3, $3, $5,
                    lev_expr_str(LEV_E_STRING, P(@7), $7)); }
    | TELEPORT_REGION ':' old_place ',' old_place
        { $$ = args(S(TELEPORT_REGION, @$), 3, $3, $5, NULL); }
    | TELEPORT_REGION ':' old_place ',' old_place ',' W_UPDOWN
        { $$ = args(S(TELEPORT_REGION, @$), 3, $3, $5,
                    lev_expr_word(P(@7), (int)$7)); }
    | BRANCH ':' old_place ',' old_place
        { $$ = args(S(BRANCH, @$), 2, $3, $5); }
    | FOUNTAIN ':' old_coord    { $$ = args(S(FOUNTAIN, @$), 1, $3); }
    | SINK ':' old_coord        { $$ = args(S(SINK, @$), 1, $3); }
    | POOL ':' old_coord        { $$ = args(S(POOL, @$), 1, $3); }
    | NON_DIGGABLE ':' regionish
        { $$ = args(S(NON_DIGGABLE, @$), 1, $3); }
    | NON_PASSWALL ':' regionish
        { $$ = args(S(NON_PASSWALL, @$), 1, $3); }
    | GOLD ':' expr ',' old_coord
        { $$ = args(S(GOLD, @$), 2, $3, $5); }
    | GOLD ':' RANDOM ',' old_coord
        { /* 3.4.3's random amount: rnd(200) (doc/dialects.md) */
          lev_expr *d = E(DICE, @3); d->ival = 1; d->ival2 = 200;
          $$ = args(S(GOLD, @$), 2, d, $5); }
    | ENGRAVING ':' old_coord ',' engr_type ',' expr
        { $$ = args(S(ENGRAVING, @$), 3, $3, $5, $7); }
    | ROOM ':' roomtype ',' light ',' aroom ',' aroom ',' aroom room_flags
        { $$ = args(S(ROOM, @$), 7, $3, NULL, $5, $7, $9, $11,
                    old_room_flags($12)); }
    | SUBROOM ':' roomtype ',' light ',' aroom ',' aroom ',' STRING
      room_flags
        { $$ = args(S(SUBROOM, @$), 6, $3, NULL, $5, $7, $9,
                    old_room_flags($12));
          $$->name = $11; }
    | NAME ':' STRING           { lev_old_name(ctx, P(@$), $3); $$ = NULL; }
    | CHANCE ':' INTEGER        { lev_old_chance(ctx, P(@$), $3); $$ = NULL; }
    | RANDOM_CORRIDORS
        { $$ = args(S(RANDOM_CORRIDORS, @$), 1, NULL); }
    | CORRIDOR ':' tuple ',' tuple
        { $$ = args(S(CORRIDOR, @$), 2, $3, $5); }
    | CORRIDOR ':' tuple ',' expr
        { $$ = args(S(CORRIDOR, @$), 2, $3, $5); }
    | REPLACE_TERRAIN ':' regionish ',' mapchar ',' mapchar ',' PERCENT
        { lev_expr *p = E(PERCENT, @9); p->ival = $9;
          $$ = args(S(REPLACE_TERRAIN, @$), 4, $3, $5, $7, p); }
    | REPLACE_TERRAIN ':' regionish ',' mapchar ',' mapchar ',' light ','
      PERCENT
        { /* UnNetHack 3.5: the light of the new terrain */
          lev_expr *p = E(PERCENT, @11); p->ival = $11;
          lev_expr *to = $7;
          if (to->kind == LEV_E_CHAR) {
              to = E(MAPCHAR, @7);
              lev_expr_add(to, $7); lev_expr_add(to, $9);
          }
          $$ = args(S(REPLACE_TERRAIN, @$), 4, $3, $5, to, p); }
    ;

/* MONSTER: class, name, place, then the optional fields in any order */
old_mon
    : MONSTER ':' old_char ',' old_name ',' old_coord
        { $$ = mon_new(ctx, @$, old_thing($3, $5, P(@3)), $7); }
    | old_mon ',' STRING
        { $$ = $1; lev_stmt_attr($$, mk_attr(P(@3), LEV_A_NAME,
              lev_expr_str(LEV_E_STRING, P(@3), $3), NULL)); }
    | old_mon ',' W_ATTITUDE
        { $$ = $1; lev_stmt_attr($$, word_attr(ctx, @3, LEV_A_ATTITUDE, $3)); }
    | old_mon ',' W_ALERTNESS
        { $$ = $1;
          lev_stmt_attr($$, word_attr(ctx, @3, LEV_A_ALERTNESS, $3)); }
    | old_mon ',' old_align
        { $$ = $1; lev_stmt_attr($$, mk_attr(P(@3), LEV_A_ALIGN, $3, NULL)); }
    | old_mon ',' W_APPEARANCE STRING
        { $$ = $1; lev_stmt_attr($$, mk_attr(SPAN(@3, @4), LEV_A_APPEARANCE,
              lev_expr_word(P(@3), (int)$3),
              lev_expr_str(LEV_E_STRING, P(@4), $4))); }
    ;

/* OBJECT/CONTAINER: class, name, place or "contained", then curse state,
 * corpse or statue monster, enchantment and name (3.4.3's three forms) */
old_objh
    : OBJECT ':' old_oclass ',' old_name ',' old_coord
        { $$ = args(S(OBJECT, @$), 1, old_thing($3, $5, P(@3)));
          lev_stmt_attr($$, mk_attr(P(@7), LEV_A_COORD, $7, NULL)); }
    | OBJECT ':' old_oclass ',' old_name ',' O_CONTAINED
        { $$ = args(S(OBJECT, @$), 1, old_thing($3, $5, P(@3)));
          ctx->old_contained = $$; }
    | CONTAINER ':' old_oclass ',' old_name ',' old_coord
        { $$ = args(S(CONTAINER, @$), 1, old_thing($3, $5, P(@3)));
          lev_stmt_attr($$, mk_attr(P(@7), LEV_A_COORD, $7, NULL)); }
    ;

old_obj
    : old_objh                  { $$ = $1; }
    /* the tail, once: curse state, monster, enchantment, name */
    | old_objh ',' W_CURSE ',' STRING ',' old_spe old_oname
        { $$ = $1; lev_stmt_attr($$, word_attr(ctx, @3, LEV_A_CURSE, $3));
          old_montype(ctx, $$, @5, $5); old_spe_attr($$, $7);
          old_oname_attr($$, $8); }
    | old_objh ',' RANDOM ',' STRING ',' old_spe old_oname
        { $$ = $1; old_montype(ctx, $$, @5, $5); old_spe_attr($$, $7);
          old_oname_attr($$, $8); }
    | old_objh ',' W_CURSE ',' old_spe old_oname
        { $$ = $1; lev_stmt_attr($$, word_attr(ctx, @3, LEV_A_CURSE, $3));
          old_spe_attr($$, $5); old_oname_attr($$, $6); }
    | old_objh ',' RANDOM ',' old_spe old_oname
        { $$ = $1; old_spe_attr($$, $5); old_oname_attr($$, $6); }
    | old_objh ',' STRING ',' old_spe old_oname
        { $$ = $1; old_montype(ctx, $$, @3, $3); old_spe_attr($$, $5);
          old_oname_attr($$, $6); }
    ;

old_oname
    : %empty                    { $$ = NULL; }
    | ',' W_NONE                { $$ = NULL; }
    | ',' STRING                { $$ = lev_expr_str(LEV_E_STRING, P(@2), $2); }
    ;

/* FLAGS: 3.4.3's words, and SLASH'EM's spooky (a level flag, as in HackEM)
 * and lethe (Lethe water, which the model lacks: accepted, not kept) */
old_flags
    : old_flag
        { $$ = E(ARRAY, @$); if ($1) lev_expr_add($$, $1); }
    | old_flags ',' old_flag
        { $$ = $1; $$->pos = P(@$); if ($3) lev_expr_add($$, $3); }
    ;

old_flag
    : W_FLAG                    { $$ = lev_expr_word(P(@1), (int)$1); }
    | IDENT
        { $$ = NULL;
          if (strcmp($1, "spooky") != 0 && strcmp($1, "lethe") != 0)
              diag_error(ctx->d, lev_srcpos(P(@1)), "unknown level flag "
                         "'%.60s'", $1); }
    ;

old_spe
    : RANDOM                    { $$ = NULL; }
    | INTEGER                   { $$ = lev_expr_int(P(@$), $1); }
    | '-' INTEGER               { $$ = lev_expr_int(P(@$), -$2); }
    ;

old_char
    : CHAR                      { $$ = mk_char(P(@1), $1); }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    | MONSTER_T '[' INTEGER ']'
        { $$ = lev_old_reg(ctx, P(@$), LEV_OLD_MONSTER, $3); }
    ;

old_oclass
    : CHAR                      { $$ = mk_char(P(@1), $1); }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    | OBJECT_T '[' INTEGER ']'
        { $$ = lev_old_reg(ctx, P(@$), LEV_OLD_OBJECT, $3); }
    ;

old_name
    : STRING                    { $$ = lev_expr_str(LEV_E_STRING, P(@$), $1); }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

old_coord
    : coordish                  { $$ = $1; }
    | O_PLACE '[' INTEGER ']'
        { $$ = lev_old_reg(ctx, P(@$), LEV_OLD_PLACE, $3); }
    ;

/* a STAIR's, PORTAL's ... place or area; levregion() is the whole level */
old_place
    : place                     { $$ = $1; }
    | O_PLACE '[' INTEGER ']'
        { $$ = lev_old_reg(ctx, P(@$), LEV_OLD_PLACE, $3); }
    | LEVREGION '(' ')'
        { /* the whole level: x 1..79, y 0..20 */
          static const int whole[4] = {1, 0, 79, 20};
          $$ = E(LEVREGION, @$);
          for (int i = 0; i < 4; i++)
              lev_expr_add($$, lev_expr_int(P(@$), whole[i])); }
    ;

old_align
    : altar_align               { $$ = $1; }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

old_places
    : old_coord                 { $$ = E(ARRAY, @$); lev_expr_add($$, $1); }
    | old_places ',' old_coord  { $$ = $1; $$->pos = P(@$);
                                  lev_expr_add($$, $3); }
    ;

old_chars
    : CHAR                      { $$ = E(ARRAY, @$);
                                  lev_expr_add($$, mk_char(P(@1), $1)); }
    | old_chars ',' CHAR        { $$ = $1; $$->pos = P(@$);
                                  lev_expr_add($$, mk_char(P(@3), $3)); }
    ;

/* DOOR: a map door (state, place [, "key"] of SLASH'EM) or a room door
 * (secret, state, wall, position): told apart by the number of fields */
old_door
    : old_door_item             { $$ = E(ARRAY, @$); lev_expr_add($$, $1); }
    | old_door ',' old_door_item
        { $$ = $1; $$->pos = P(@$); lev_expr_add($$, $3); }
    ;

old_door_item
    : value                     { $$ = $1; }
    | W_BOOL                    { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_DOORSTATE               { $$ = lev_expr_word(P(@1), (int)$1); }
    | dirs                      { $$ = $1; }
    | O_PLACE '[' INTEGER ']'
        { $$ = lev_old_reg(ctx, P(@$), LEV_OLD_PLACE, $3); }
    ;
/* ==== end of NetHack 3.4.3's dialect ==== */

/* ==== UnNetHack 3.5.1-3.5.2: 3.4.3's positional MONSTER/OBJECT/CONTAINER
 * in the braced language (doc/dialects.md).  The scanner gives H_MONSTER
 * ... in a file old343.c found to be of that mix; the rules make the tree
 * the braced forms make, with attributes in any order as 3.5 reads them.
 * A contained OBJECT has no place (its container's body holds it). ==== */
hyb_mon
    : H_MONSTER ':' old_char ',' old_name ',' old_coord
        { $$ = mon_new(ctx, @$, old_thing($3, $5, P(@3)), $7); }
    | hyb_mon ',' mon_attr      { $$ = $1; lev_stmt_attr($$, $3); }
    | hyb_mon ',' W_ATTITUDE
        { $$ = $1; lev_stmt_attr($$, word_attr(ctx, @3, LEV_A_ATTITUDE, $3)); }
    | hyb_mon ',' RANDOM
        { /* 3.5's random alignment */
          $$ = $1; lev_stmt_attr($$, mk_attr(P(@3), LEV_A_ALIGN, E(RANDOM, @3),
                                             NULL)); }
    ;

hyb_obj
    : H_OBJECT ':' old_oclass ',' old_name
        { $$ = args(S(OBJECT, @$), 1, old_thing($3, $5, P(@3))); }
    | hyb_obj ',' hyb_oattr     { $$ = $1; lev_stmt_attr($$, $3); }
    ;

hyb_cont
    : H_CONTAINER ':' old_oclass ',' old_name
        { $$ = args(S(CONTAINER, @$), 1, old_thing($3, $5, P(@3))); }
    | hyb_cont ',' hyb_oattr    { $$ = $1; lev_stmt_attr($$, $3); }
    ;

/* the place (3.5's first field after the name), then curse state, the
 * corpse's or statue's monster, enchantment, NAME:, quantity: ... */
hyb_oattr
    : obj_attr                  { $$ = $1; }
    | TUPLE_LIT                 { $$ = mk_attr(P(@$), LEV_A_COORD, $1, NULL); }
    | RANDOM                    { $$ = random_coord_attr(ctx, @1); }
    | O_PLACE '[' INTEGER ']'
        { $$ = mk_attr(P(@$), LEV_A_COORD,
                       lev_old_reg(ctx, P(@$), LEV_OLD_PLACE, $3), NULL); }
    | STRING
        { $$ = mk_attr(P(@$), LEV_A_MONTYPE,
                       lev_expr_str(LEV_E_STRING, P(@1), $1), NULL); }
    ;

/* RANDOM_PLACES/OBJECTS/MONSTERS: the list's assignment waits in
 * ctx->hyb_pending for the rule that takes the shuffle */
hyb_list
    : O_RANDOM_PLACES ':' old_places
        { lev_old_list(ctx, P(@1), LEV_OLD_PLACE, $3, &ctx->hyb_pending, &$$); }
    | O_RANDOM_OBJECTS ':' old_chars
        { lev_old_list(ctx, P(@1), LEV_OLD_OBJECT, $3, &ctx->hyb_pending,
                       &$$); }
    | O_RANDOM_MONSTERS ':' old_chars
        { lev_old_list(ctx, P(@1), LEV_OLD_MONSTER, $3, &ctx->hyb_pending,
                       &$$); }
    ;
/* ==== end of UnNetHack 3.5.1-3.5.2's positional forms ==== */

/* The file's statements are folded into items directly (not through
 * item -> stmt -> simple_stmt): two reductions fewer per line. */
items
    : %empty
    | items LEVEL ':' STRING
        { new_level(ctx, SPAN(@2, @4), $4, P(@4), NULL); }
    | items MAZE ':' STRING ',' maze_fill
        {
            /* NetHack 3.6's header: a level with a fill (doc/dialects.md) */
            new_level(ctx, SPAN(@2, @6), $4, P(@4), $6);
        }
    | items simple_stmt         { top_item(ctx, $2); }
    | items other_stmt          { top_item(ctx, $2); }
    /* MONSTER without a block: not through simple_stmt (one step) */
    | items mon_stmt            { $2->pos = P(@2); top_item(ctx, $2); }
    | items hyb_list
        { top_item(ctx, ctx->hyb_pending); top_item(ctx, $2); }
    ;

maze_fill
    : CHAR                      { $$ = E(CHAR, @$); $$->ival = $1; }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

/* As items: no unit step stmt -> simple_stmt for each statement. */
stmts
    : %empty                    { $$ = new_block(ctx); }
    | stmts simple_stmt         { $$ = $1; block_item(ctx, $$, $2); }
    | stmts other_stmt          { $$ = $1; block_item(ctx, $$, $2); }
    | stmts mon_stmt
        { $$ = $1; $2->pos = P(@2); block_item(ctx, $$, $2); }
    | stmts hyb_list
        { $$ = $1; block_item(ctx, $$, ctx->hyb_pending);
          block_item(ctx, $$, $2); }
    ;

/* [N%]: spelt out, as the commonest condition (one step fewer) */
other_stmt
    : '[' PERCENT ']' ':' simple_stmt
        { $$ = $5; $$->chance = E(PERCENT, @2); $$->chance->ival = $2;
          $$->pos = P(@$); }
    | '[' cond_expr ']' ':' simple_stmt
        { $$ = $5; $$->chance = $2; $$->pos = P(@$); }
    | '[' PERCENT ']' ':' mon_stmt
        { $$ = $5; $$->chance = E(PERCENT, @2); $$->chance->ival = $2;
          $$->pos = P(@$); }
    | '[' cond_expr ']' ':' mon_stmt
        { $$ = $5; $$->chance = $2; $$->pos = P(@$); }
    | error ERRSYNC             { $$ = NULL; yyerrok; }
    | error ERRSYNC_OPEN { yyerrok; } stmts '}'
        { $$ = NULL; (void)$4; }
    ;

cond
    : PERCENT                   { $$ = E(PERCENT, @$); $$->ival = $1; }
    | cond_expr                 { $$ = $1; }
    ;

cond_expr
    : expr                      { $$ = $1; }
    | expr cmpop expr
        { $$ = lev_expr_op(LEV_E_CMP, $2, P(@$), $1, $3); }
    ;

cmpop
    : EQ                        { $$ = LEV_CMP_EQ; }
    | NE                        { $$ = LEV_CMP_NE; }
    | '<'                       { $$ = LEV_CMP_LT; }
    | LE                        { $$ = LEV_CMP_LE; }
    | '>'                       { $$ = LEV_CMP_GT; }
    | GE                        { $$ = LEV_CMP_GE; }
    ;

simple_stmt
    : MESSAGE ':' expr          { $$ = args(S(MESSAGE, @$), 1, $3); }
    | init_map                  { $$ = $1; $$->pos = P(@$); }
    | FLAGS ':' flag_list       { $$ = args(S(FLAGS, @$), 1, $3); }
    | geometry                  { $$ = $1; $$->pos = P(@$); }
    | MAPBLOCK
        {
            diag_error(ctx->d, lev_srcpos(P(@1)),
                       "a MAP block must follow GEOMETRY");
            $$ = args(S(MAP, @$), 4, NULL, NULL, NULL, NULL);
            $$->map = $1;
        }
    | NOMAP                     { $$ = S(NOMAP, @$); }
    /* OBJECT, CONTAINER and MONSTER with and without attributes, and
     * MONSTER (and REGION) with and without a block, are rules of their
     * own: no empty step for an absent part */
    /* OBJECT's object in its commonest forms spelt out (one step fewer) */
    | OBJECT ':' TUPLE_LIT      { $$ = args(S(OBJECT, @$), 1, $3); }
    | OBJECT ':' CHAR
        { $$ = args(S(OBJECT, @$), 1, mk_char(P(@3), $3)); }
    | OBJECT ':' RANDOM         { $$ = args(S(OBJECT, @$), 1, E(RANDOM, @3)); }
    | OBJECT ':' monobj_other   { $$ = args(S(OBJECT, @$), 1, $3); }
    | OBJECT ':' TUPLE_LIT obj_attrs
        { $$ = $4; $$->pos = P(@$); $$->args[0] = $3; }
    | OBJECT ':' CHAR obj_attrs
        { $$ = $4; $$->pos = P(@$); $$->args[0] = mk_char(P(@3), $3); }
    | OBJECT ':' RANDOM obj_attrs
        { $$ = $4; $$->pos = P(@$); $$->args[0] = E(RANDOM, @3); }
    | OBJECT ':' monobj_other obj_attrs
        { $$ = $4; $$->pos = P(@$); $$->args[0] = $3; }
    | CONTAINER ':' monobj '{' stmts '}'
        { $$ = args(S(CONTAINER, @$), 1, $3); $$->body = *take_block($5);
          $$->has_body = 1; }
    | CONTAINER ':' monobj obj_attrs '{' stmts '}'
        { $$ = $4; $$->kind = LEV_S_CONTAINER; $$->pos = P(@$);
          $$->args[0] = $3; $$->body = *take_block($6);
          $$->has_body = 1; }
    | mon_stmt '{' stmts '}'
        { $$ = $1; $$->pos = P(@$); $$->body = *take_block($3);
          $$->has_body = 1; }
    /* UnNetHack 3.5.1-3.5.2's positional forms (hyb_mon below) */
    | hyb_mon                   { $$ = $1; $$->pos = P(@$); }
    | hyb_mon '{' stmts '}'
        { $$ = $1; $$->pos = P(@$); $$->body = *take_block($3);
          $$->has_body = 1; }
    | hyb_obj                   { $$ = $1; $$->pos = P(@$); }
    | hyb_cont '{' stmts '}'
        { $$ = $1; $$->pos = P(@$); $$->body = *take_block($3);
          $$->has_body = 1; }
    /* TRAP's coordinate in its commonest forms spelt out */
    | TRAP ':' trap_type ',' TUPLE_LIT
        { $$ = args(S(TRAP, @$), 2, $3, $5); }
    | TRAP ':' trap_type ',' RANDOM
        { $$ = args(S(TRAP, @$), 2, $3, E(RANDOM, @5)); }
    | TRAP ':' trap_type ',' coord_other
        { $$ = args(S(TRAP, @$), 2, $3, $5); }
    | TRAP ':' RANDOM ',' TUPLE_LIT
        { $$ = args(S(TRAP, @$), 2, E(RANDOM, @3), $5); }
    | TRAP ':' RANDOM ',' RANDOM
        { $$ = args(S(TRAP, @$), 2, E(RANDOM, @3), E(RANDOM, @5)); }
    | TRAP ':' RANDOM ',' coord_other
        { $$ = args(S(TRAP, @$), 2, E(RANDOM, @3), $5); }
    /* (the door state spelt out: one step fewer) */
    | DOOR ':' W_DOORSTATE ',' sel
        { $$ = args(S(DOOR, @$), 2, lev_expr_word(P(@3), (int)$3), $5); }
    | DOOR ':' RANDOM ',' sel
        { $$ = args(S(DOOR, @$), 2, E(RANDOM, @3), $5); }
    | DOOR ':' DOORMAT ',' W_DOORSTATE ',' sel
        { variant_word_need(ctx, @3, SPLEV_VF_DOOR_MATERIAL,
                            "door materials are");
          $$ = args(S(DOOR, @$), 2, lev_expr_word(P(@5), (int)$5), $7); }
    | DOOR ':' DOORMAT ',' RANDOM ',' sel
        { variant_word_need(ctx, @3, SPLEV_VF_DOOR_MATERIAL,
                            "door materials are");
          $$ = args(S(DOOR, @$), 2, E(RANDOM, @5), $7); }
    | DOOR ':' door_flags ',' sel
        { variant_word_need(ctx, @3, SPLEV_VF_DOOR_FLAGS,
                            "door flags joined by '&' are");
          $$ = args(S(DOOR, @$), 2, lev_expr_word(P(@3), (int)$3), $5); }
    | ROOMDOOR ':' boolr ',' doorstate ',' walls ',' intr
        { $$ = args(S(ROOMDOOR, @$), 4, $3, $5, $7, $9); }
    | ROOMDOOR ':' boolr ',' DOORMAT ',' doorstate ',' walls ',' intr
        { variant_word_need(ctx, @5, SPLEV_VF_DOOR_MATERIAL,
                            "door materials are");
          $$ = args(S(ROOMDOOR, @$), 4, $3, $7, $9, $11); }
    | DRAWBRIDGE ':' coordish ',' W_DIRECTION ',' doorstate
        { $$ = args(S(DRAWBRIDGE, @$), 3, $3, lev_expr_word(P(@5), (int)$5),
                    $7); }
    | MAZEWALK ':' coordish ',' W_DIRECTION
        { $$ = args(S(MAZEWALK, @$), 4, $3, lev_expr_word(P(@5), (int)$5),
                    NULL, NULL); }
    | MAZEWALK ':' coordish ',' W_DIRECTION ',' W_BOOL mapchar_opt
        { $$ = args(S(MAZEWALK, @$), 4, $3, lev_expr_word(P(@5), (int)$5),
                    lev_expr_word(P(@7), (int)$7), $8); }
    | WALLIFY                   { $$ = args(S(WALLIFY, @$), 1, NULL); }
    | WALLIFY ':' sel
        { $$ = args(S(WALLIFY, @$), 1, wallify_area($3)); }
    | REGION ':' regionish ',' light ',' roomtype room_flags
        { $$ = args(S(REGION, @$), 4, $3, $5, $7, region_flags($8)); }
    | REGION ':' regionish ',' light ',' roomtype room_flags '{' stmts '}'
        { $$ = args(S(REGION, @$), 4, $3, $5, $7, region_flags($8));
          $$->body = *take_block($10); $$->has_body = 1; }
    | ROOM ':' roomtype room_chance ',' light ',' aroom ',' aroom ',' aroom
      room_flags '{' stmts '}'
        { $$ = args(S(ROOM, @$), 7, $3, $4, $6, $8, $10, $12, $13);
          $$->body = *take_block($15); $$->has_body = 1; }
    | SUBROOM ':' roomtype room_chance ',' light ',' aroom ',' aroom
      room_flags '{' stmts '}'
        { $$ = args(S(SUBROOM, @$), 6, $3, $4, $6, $8, $10, $11);
          $$->body = *take_block($13); $$->has_body = 1; }
    | ALTAR ':' coordish ',' altar_align ',' altar_type altar_montype
        { $$ = args(S(ALTAR, @$), 3, $3, $5, $7); }
    | ALTAR ':' coordish ',' RANDOM ',' altar_type altar_montype
        { $$ = args(S(ALTAR, @$), 3, $3, E(RANDOM, @5), $7); }
    | LADDER ':' coordish ',' W_UPDOWN
        { $$ = args(S(LADDER, @$), 2, $3, lev_expr_word(P(@5), (int)$5)); }
    | STAIR ':' place ',' W_UPDOWN
        { $$ = args(S(STAIR, @$), 2, $3, lev_expr_word(P(@5), (int)$5)); }
    | STAIR ':' place ',' place ',' W_UPDOWN
        { $$ = args(S(STAIR_REGION, @$), 3, $3, $5,
                    lev_expr_word(P(@7), (int)$7)); }
    | PORTAL ':' place ',' place ',' expr
        { $$ = args(S(PORTAL, @$), 3, $3, $5, $7); }
    | TELEPORT_REGION ':' place ',' place
        { $$ = args(S(TELEPORT_REGION, @$), 3, $3, $5, NULL); }
    | TELEPORT_REGION ':' place ',' place ',' W_UPDOWN
        { $$ = args(S(TELEPORT_REGION, @$), 3, $3, $5,
                    lev_expr_word(P(@7), (int)$7)); }
    | BRANCH ':' place ',' place
        { $$ = args(S(BRANCH, @$), 2, $3, $5); }
    | FOUNTAIN ':' sel          { $$ = args(S(FOUNTAIN, @$), 1, $3); }
    | SINK ':' sel              { $$ = args(S(SINK, @$), 1, $3); }
    | POOL ':' sel              { $$ = args(S(POOL, @$), 1, $3); }
    | TERRAIN ':' sel ',' mapchar
        { $$ = args(S(TERRAIN, @$), 2, $3, $5); }
    /* UnNetHack 3.5.1-3.5.2's TERRAIN forms: a place, a line of N cells
     * from a place, a region; the terrain's light after its character */
    | TERRAIN ':' sel ',' CHAR ',' light
        { $$ = args(S(TERRAIN, @$), 2, $3, hyb_mapchar(ctx, @5, $5, $7)); }
    | TERRAIN ':' sel ',' W_HORIZVERT ',' INTEGER ',' CHAR ',' light
        { $$ = args(S(TERRAIN, @$), 2,
                    hyb_line(ctx, @3, $3, $5 == LEV_W_HORIZONTAL, $7),
                    hyb_mapchar(ctx, @9, $9, $11)); }
    | TERRAIN ':' sel ',' W_FILLING ',' CHAR ',' light
        { $$ = args(S(TERRAIN, @$), 2,
                    mk_sel(P(@3), $5 == LEV_W_FILLED ? LEV_SEL_FILLRECT
                                                      : LEV_SEL_RECT,
                           $3, NULL, NULL),
                    hyb_mapchar(ctx, @7, $7, $9)); }
    | O_RANDLINE ':' coordish ',' coordish ',' CHAR ',' light ',' expr
        { $$ = args(S(TERRAIN, @$), 2,
                    mk_sel(P(@$), LEV_SEL_RANDLINE, $3, $5, $11),
                    hyb_mapchar(ctx, @7, $7, $9)); }
    | O_RANDLINE ':' coordish ',' coordish ',' CHAR ',' light ',' expr ','
      INTEGER
        { /* the line's thickness: the model draws lines one cell wide */
          if ($13 != 0)
              diag_error(ctx->d, lev_srcpos(P(@13)), "a RANDLINE thicker "
                         "than 0 is not supported");
          $$ = args(S(TERRAIN, @$), 2,
                    mk_sel(P(@$), LEV_SEL_RANDLINE, $3, $5, $11),
                    hyb_mapchar(ctx, @7, $7, $9)); }
    | REPLACE_TERRAIN ':' regionish ',' mapchar ',' mapchar ',' PERCENT
        { lev_expr *p = E(PERCENT, @9); p->ival = $9;
          $$ = args(S(REPLACE_TERRAIN, @$), 4, $3, $5, $7, p); }
    | REPLACE_TERRAIN ':' regionish ',' mapchar ',' mapchar ',' light ','
      PERCENT
        { /* UnNetHack 3.5: the light of the new terrain */
          lev_expr *p = E(PERCENT, @11); p->ival = $11;
          $$ = args(S(REPLACE_TERRAIN, @$), 4, $3, $5, hyb_lit(ctx, $7, $9),
                    p); }
    | NON_DIGGABLE ':' regionish
        { $$ = args(S(NON_DIGGABLE, @$), 1, $3); }
    | NON_PASSWALL ':' regionish
        { $$ = args(S(NON_PASSWALL, @$), 1, $3); }
    | GOLD ':' expr ',' coordish
        { $$ = args(S(GOLD, @$), 2, $3, $5); }
    | ENGRAVING ':' coordish ',' engr_type ',' expr
        { $$ = args(S(ENGRAVING, @$), 3, $3, $5, $7); }
    | GRAVE ':' coordish        { $$ = args(S(GRAVE, @$), 2, $3, NULL); }
    | GRAVE ':' coordish ',' expr
        { $$ = args(S(GRAVE, @$), 2, $3, $5); }
    | GRAVE ':' coordish ',' RANDOM
        { $$ = args(S(GRAVE, @$), 2, $3, E(RANDOM, @5)); }
    | MINERALIZE
        { $$ = args(S(MINERALIZE, @$), 4, NULL, NULL, NULL, NULL); }
    | MINERALIZE ':' expr ',' expr ',' expr ',' expr
        { $$ = args(S(MINERALIZE, @$), 4, $3, $5, $7, $9); }
    | RANDOM_CORRIDORS
        { $$ = args(S(RANDOM_CORRIDORS, @$), 1, NULL); }
    | RANDOM_CORRIDORS ':' expr
        { $$ = args(S(RANDOM_CORRIDORS, @$), 1, $3); }
    | RANDOM_CORRIDORS ':' RANDOM
        { $$ = args(S(RANDOM_CORRIDORS, @$), 1, E(RANDOM, @3)); }
    | CORRIDOR ':' tuple ',' tuple
        { $$ = args(S(CORRIDOR, @$), 2, $3, $5); }
    | CORRIDOR ':' tuple ',' expr
        { $$ = args(S(CORRIDOR, @$), 2, $3, $5); }
    | SPILL ':' coordish ',' mapchar ',' W_DIRECTION ',' expr
        { $$ = args(S(SPILL, @$), 4, $3, $5, lev_expr_word(P(@7), (int)$7),
                    $9); }
    | SPILL ':' coordish ',' mapchar ',' W_DIRECTION ',' expr ',' light
        { /* UnNetHack 3.5.1-3.5.2: the light last */
          $$ = args(S(SPILL, @$), 4, $3, hyb_lit(ctx, $5, $11),
                    lev_expr_word(P(@7), (int)$7), $9); }
    | wallwalk                  { $$ = $1; $$->pos = P(@$); }
    | SOUNDS ':' expr ',' tuple_list
        { $$ = args(S(SOUNDS, @$), 2, $3, $5); }
    | MON_GENERATION ':' PERCENT ',' tuple_list
        { lev_expr *p = E(PERCENT, @3); p->ival = $3;
          $$ = args(S(MON_GENERATION, @$), 2, p, $5); }
    | VAULTGEN ':' expr         { $$ = args(S(VAULTGEN, @$), 1, $3); }
    | EXIT                      { $$ = S(EXIT, @$); }
    | SHUFFLE ':' var_ref       { $$ = args(S(SHUFFLE, @$), 1, $3); }
    | VAR '=' value
        { lev_expr *v = mk_var(P(@1), $1, NULL);
          vevent(ctx, LEV_VE_SET, v);
          $$ = args(S(ASSIGN, @$), 2, v, $3); }
    | IF '[' cond ']' '{' stmts '}'
        { $$ = args(S(IF, @$), 1, $3); $$->body = *take_block($6);
          $$->has_body = 1; }
    | IF '[' cond ']' '{' stmts '}' ELSE '{' stmts '}'
        { $$ = args(S(IF, @$), 1, $3); $$->body = *take_block($6);
          $$->else_body = *take_block($10);
          $$->has_body = $$->has_else = 1; }
    | LOOP '[' expr ']' '{' stmts '}'
        { $$ = args(S(LOOP, @$), 1, $3); $$->body = *take_block($6);
          $$->has_body = 1; }
    | SWITCH '[' expr ']' '{' cases '}'
        { $$ = args(S(SWITCH, @$), 1, $3); $$->body = *take_block($6);
          $$->has_body = 1; }
    | BREAK                     { $$ = S(BREAK, @$); }
    /* (no mid-rule actions: an extra step would change which tokens
     * a syntax error says were expected) */
    | FOR VAR '=' expr TO expr '{' stmts '}'
        { lev_expr *v = mk_var(P(@2), $2, NULL);
          /* the loop variable is set after its bounds, before the body */
          vevent_before(ctx, LEV_VE_SET, v, @7);
          $$ = args(S(FOR, @$), 3, v, $4, $6);
          $$->body = *take_block($8); $$->has_body = 1; }
    | FUNCTION IDENT '(' params ')' '{' stmts '}'
        { /* the body sees its parameters only */
          vevent_before(ctx, LEV_VE_FUNC, $4, @6);
          vevent(ctx, LEV_VE_END, $4);
          $$ = args(S(FUNCTION, @$), 1, $4); $$->name = $2;
          $$->body = *take_block($7); $$->has_body = 1; }
    | IDENT '(' arglist ')'
        { $$ = args(S(CALL, @$), 1, $3); $$->name = $1;
          note_call(ctx, @1, $1); }
    | IDENT TUPLE_LIT
        { $$ = args(S(CALL, @$), 1, lit_args($2)); $$->name = $1;
          note_call(ctx, @1, $1); }
    /* ---- variant profiles (doc/variants.md) ---- */
    | VSTMT_SEL ':' sel
        { $$ = variant_terrain_stmt(ctx, @$, @1, (unsigned)$1, $3); }
    | MINDEPTH ':' expr
        { variant_need(ctx, @1, SPLEV_VF_MINDEPTH, "MINDEPTH");
          $$ = args(S(MINDEPTH, @$), 1, $3); }
    | VSTMT_LINE
        { const char *w = splev_variant_noted_stmt((int)$1);
          variant_need(ctx, @1, SPLEV_VF_GNOLL_STMTS, w ? w : "?");
          $$ = S(NOTED, @$); }
    /* ---- end of variant profiles ---- */
    | INCLUDE STRING
        { $$ = args(S(INCLUDE, @$), 1,
                    lev_expr_str(LEV_E_STRING, P(@2), $2));
          $$->name = lev_arena_strndup(ctx->arena, $$->args[0]->sval,
                                       strlen($$->args[0]->sval)); }
    ;

init_map
    : INIT_MAP ':' W_INITSTYLE
        { $$ = args(S(INIT_MAP, @$), 1, lev_expr_word(P(@3), (int)$3)); }
    | INIT_MAP ':' W_INITSTYLE ',' mapchar
        { $$ = args(S(INIT_MAP, @$), 2, lev_expr_word(P(@3), (int)$3), $5); }
    | INIT_MAP ':' W_INITSTYLE ',' mapchar ',' mapchar ',' W_BOOL ','
      W_BOOL ',' light ',' boolr mapchar_opt
        { $$ = args(S(INIT_MAP, @$), 8, lev_expr_word(P(@3), (int)$3), $5, $7,
                    lev_expr_word(P(@9), (int)$9),
                    lev_expr_word(P(@11), (int)$11), $13, $15, $16); }
    ;

/* xNetHack's door flags, "locked&irondoor": the first word is the door
 * state kept; trapped and irondoor are not (doc/variants.md). */
door_flags
    : W_DOORSTATE '&' door_flag { $$ = $1; }
    | door_flags '&' door_flag  { $$ = $1; }
    ;

door_flag
    : W_DOORSTATE
    | W_TRAPPED
    | IRONDOOR
    ;

mapchar_opt
    : %empty                    { $$ = NULL; }
    | ',' mapchar               { $$ = $2; }
    ;

geometry
    : GEOMETRY ':' halign ',' valign opt_keep MAPBLOCK
        { $$ = args(S(MAP, @$), 4, $3, $5, NULL, $6); $$->map = $7; }
    | GEOMETRY ':' coordish opt_keep MAPBLOCK
        { $$ = args(S(MAP, @$), 4, NULL, NULL, $3, $4); $$->map = $5; }
    ;

halign
    : W_HALIGN                  { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_CENTER                  { $$ = lev_expr_word(P(@1), (int)$1); }
    ;

valign
    : W_VALIGN                  { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_CENTER                  { $$ = lev_expr_word(P(@1), (int)$1); }
    ;

opt_keep
    : %empty                    { $$ = NULL; }
    | ',' W_BOOL                { $$ = lev_expr_word(P(@2), (int)$2); }
    ;

wallwalk
    : WALLWALK ':' coordish ',' mapchar
        { $$ = args(S(WALLWALK, @$), 4, $3, $5, NULL, NULL); }
    | WALLWALK ':' coordish ',' mapchar ',' PERCENT
        { lev_expr *p = E(PERCENT, @7); p->ival = $7;
          $$ = args(S(WALLWALK, @$), 4, $3, $5, NULL, p); }
    | WALLWALK ':' coordish ',' mapchar ',' mapchar
        { $$ = args(S(WALLWALK, @$), 4, $3, $5, $7, NULL); }
    | WALLWALK ':' coordish ',' mapchar ',' mapchar ',' PERCENT
        { lev_expr *p = E(PERCENT, @9); p->ival = $9;
          $$ = args(S(WALLWALK, @$), 4, $3, $5, $7, p); }
    ;

flag_list
    : W_FLAG
        { $$ = E(ARRAY, @$); lev_expr_add($$, lev_expr_word(P(@1), (int)$1)); }
    | flag_list ',' W_FLAG
        { $$ = $1; $$->pos = P(@$);
          lev_expr_add($$, lev_expr_word(P(@3), (int)$3)); }
    ;

cases
    : %empty                    { $$ = new_block(ctx); }
    | cases CASE caseval ':' stmts
        { $$ = $1; lev_stmt *c = args(S(CASE, @2), 1, $3);
          c->pos = P(@$); c->pos.line = @2.first_line;
          c->pos.col = @2.first_column;
          c->body = *take_block($5); c->has_body = 1;
          lev_block_add($$, c); }
    | cases DEFAULT ':' stmts
        { $$ = $1; lev_stmt *c = S(DEFAULT, @2);
          c->pos.end_line = @$.last_line; c->pos.end_col = @$.last_column;
          c->body = *take_block($4); c->has_body = 1;
          lev_block_add($$, c); }
    ;

caseval
    : INTEGER                   { $$ = lev_expr_int(P(@$), $1); }
    | '-' INTEGER               { $$ = lev_expr_int(P(@$), -$2); }
    | '+' INTEGER               { $$ = lev_expr_int(P(@$), $2); }
    ;

params
    : %empty                    { $$ = E(ARRAY, @$); }
    | param_list                { $$ = $1; }
    ;

param_list
    : param                     { $$ = E(ARRAY, @$); lev_expr_add($$, $1); }
    | param_list ',' param      { $$ = $1; $$->pos = P(@$);
                                  lev_expr_add($$, $3); }
    ;

param
    : VAR ':' IDENT
        { $$ = lev_expr_str(LEV_E_VAR, P(@$), $1); $$->sval2 = $3; }
    ;

/* ---- MONSTER / OBJECT attributes ---- */
/* The first attribute makes the statement, which the rule above fills. */
/* MONSTER: monster, coordinate, then attributes.  The commonest forms
 * of the first two are spelt out (one step for both, not one for each
 * and one for the statement), and so are the commonest attributes (a
 * MONSTER's attitude, an OBJECT's place, in obj_attrs): one step each,
 * not two. */
mon_stmt
    : MONSTER ':' TUPLE_LIT ',' TUPLE_LIT
        { $$ = mon_new(ctx, @$, $3, $5); }
    | MONSTER ':' TUPLE_LIT ',' RANDOM
        { $$ = mon_new(ctx, @$, $3, E(RANDOM, @5)); }
    | MONSTER ':' TUPLE_LIT ',' coord_other
        { $$ = mon_new(ctx, @$, $3, $5); }
    | MONSTER ':' CHAR ',' TUPLE_LIT
        { $$ = mon_new(ctx, @$, mk_char(P(@3), $3), $5); }
    | MONSTER ':' CHAR ',' RANDOM
        { $$ = mon_new(ctx, @$, mk_char(P(@3), $3), E(RANDOM, @5)); }
    | MONSTER ':' CHAR ',' coord_other
        { $$ = mon_new(ctx, @$, mk_char(P(@3), $3), $5); }
    | MONSTER ':' RANDOM ',' TUPLE_LIT
        { $$ = mon_new(ctx, @$, E(RANDOM, @3), $5); }
    | MONSTER ':' RANDOM ',' RANDOM
        { $$ = mon_new(ctx, @$, E(RANDOM, @3), E(RANDOM, @5)); }
    | MONSTER ':' RANDOM ',' coord_other
        { $$ = mon_new(ctx, @$, E(RANDOM, @3), $5); }
    | MONSTER ':' monobj_other ',' coordish
        { $$ = mon_new(ctx, @$, $3, $5); }
    | mon_stmt ',' mon_attr     { $$ = $1; lev_stmt_attr($$, $3); }
    | mon_stmt ',' W_ATTITUDE
        { $$ = $1; lev_stmt_attr($$, word_attr(ctx, @3, LEV_A_ATTITUDE, $3)); }
    ;

/* monobj but the forms mon_stmt and OBJECT spell out */
monobj_other
    : STRING                    { $$ = lev_expr_str(LEV_E_STRING, P(@$), $1); }
    | ptuple                    { $$ = $1; }
    | var_ref                   { $$ = $1; }
    ;

mon_attr
    : expr                      { $$ = mk_attr(P(@$), LEV_A_NAME, $1, NULL); }
    | W_ALERTNESS
        { $$ = mk_attr(P(@$), LEV_A_ALERTNESS, lev_expr_word(P(@1), (int)$1),
                       NULL); }
    | altar_align               { $$ = mk_attr(P(@$), LEV_A_ALIGN, $1, NULL); }
    | ALIGN ':' RANDOM
        { $$ = mk_attr(P(@$), LEV_A_ALIGN, E(RANDOM, @3), NULL); }
    | W_APPEARANCE expr
        { $$ = mk_attr(P(@$), LEV_A_APPEARANCE, lev_expr_word(P(@1), (int)$1),
                       $2); }
    | ATTRFLAG                  { $$ = mk_attr(P(@$), (int)$1, NULL, NULL); }
    | ATTRKEY ':' expr          { $$ = mk_attr(P(@$), (int)$1, $3, NULL); }
    | SEEN_TRAPS ':' ALL
        { $$ = mk_attr(P(@$), LEV_A_SEEN_TRAPS, E(WORD, @3), NULL);
          $$->args[0]->kind = LEV_E_STRLIST; }
    | SEEN_TRAPS ':' strlist
        { $$ = mk_attr(P(@$), LEV_A_SEEN_TRAPS, $3, NULL); }
    ;

strlist
    : STRING
        { $$ = E(STRLIST, @$);
          lev_expr_add($$, lev_expr_str(LEV_E_STRING, P(@1), $1)); }
    | strlist '|' STRING
        { $$ = $1; $$->pos = P(@$);
          lev_expr_add($$, lev_expr_str(LEV_E_STRING, P(@3), $3)); }
    ;

obj_attrs
    : ',' obj_attr              { $$ = attrs_new(LEV_S_OBJECT, $2); }
    | ',' TUPLE_LIT
        { $$ = attrs_new(LEV_S_OBJECT,
                         mk_attr(P(@2), LEV_A_COORD, $2, NULL)); }
    | ',' RANDOM
        { $$ = attrs_new(LEV_S_OBJECT, random_coord_attr(ctx, @2)); }
    | obj_attrs ',' obj_attr    { $$ = $1; lev_stmt_attr($$, $3); }
    | obj_attrs ',' TUPLE_LIT
        { $$ = $1; lev_stmt_attr($$, mk_attr(P(@3), LEV_A_COORD, $3, NULL)); }
    | obj_attrs ',' RANDOM
        { $$ = $1; lev_stmt_attr($$, random_coord_attr(ctx, @3)); }
    ;

obj_attr
    : W_CURSE
        { $$ = mk_attr(P(@$), LEV_A_CURSE, lev_expr_word(P(@1), (int)$1),
                       NULL); }
    | MONTYPE ':' monobj        { $$ = mk_attr(P(@$), LEV_A_MONTYPE, $3, NULL); }
    | INTEGER
        { $$ = mk_attr(P(@$), LEV_A_SPE, lev_expr_int(P(@1), $1), NULL); }
    | '+' INTEGER
        { $$ = mk_attr(P(@$), LEV_A_SPE, lev_expr_int(P(@$), $2), NULL); }
    | '-' INTEGER
        { $$ = mk_attr(P(@$), LEV_A_SPE, lev_expr_int(P(@$), -$2), NULL); }
    | DICE
        { lev_expr *d = E(DICE, @1); d->ival = $1.n; d->ival2 = $1.sides;
          $$ = mk_attr(P(@$), LEV_A_SPE, d, NULL); }
    | NAME ':' expr             { $$ = mk_attr(P(@$), LEV_A_NAME, $3, NULL); }
    | ATTRKEY ':' expr          { $$ = mk_attr(P(@$), (int)$1, $3, NULL); }
    | ATTRFLAG                  { $$ = mk_attr(P(@$), (int)$1, NULL, NULL); }
    | W_LIGHT
        { $$ = mk_attr(P(@$), LEV_A_LIGHT, lev_expr_word(P(@1), (int)$1),
                       NULL); }
    | W_DOORSTATE
        { $$ = mk_attr(P(@$), LEV_A_LOCK, lev_expr_word(P(@1), (int)$1),
                       NULL); }
    | W_TRAPPED
        { $$ = mk_attr(P(@$), LEV_A_TRAPPED, lev_expr_word(P(@1), (int)$1),
                       NULL); }
    /* the other coordinates (obj_attrs has a tuple and random) */
    | coord_other               { $$ = mk_attr(P(@$), LEV_A_COORD, $1, NULL); }
    ;

/* ---- statement argument forms ---- */
monobj
    : CHAR                      { $$ = E(CHAR, @$); $$->ival = $1; }
    | STRING                    { $$ = lev_expr_str(LEV_E_STRING, P(@$), $1); }
    | TUPLE_LIT                 { $$ = $1; }
    | ptuple                    { $$ = $1; }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    | var_ref                   { $$ = $1; }
    ;

mapchar
    : CHAR                      { $$ = E(CHAR, @$); $$->ival = $1; }
    | tuple                     { $$ = $1; }
    | var_ref                   { $$ = $1; }
    ;

trap_type
    : expr                      { $$ = $1; }
    ;

doorstate
    : W_DOORSTATE               { $$ = lev_expr_word(P(@1), (int)$1); }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

boolr
    : W_BOOL                    { $$ = lev_expr_word(P(@1), (int)$1); }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

walls
    : dirs                      { $$ = $1; }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

dirs
    : W_DIRECTION
        { $$ = E(DIRS, @$); lev_expr_add($$, lev_expr_word(P(@1), (int)$1)); }
    | dirs '|' W_DIRECTION
        { $$ = $1; $$->pos = P(@$);
          lev_expr_add($$, lev_expr_word(P(@3), (int)$3)); }
    ;

intr
    : expr                      { $$ = $1; }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

light
    : W_LIGHT                   { $$ = lev_expr_word(P(@1), (int)$1); }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

roomtype
    : expr                      { $$ = $1; }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

room_chance
    : %empty                    { $$ = NULL; }
    | '[' PERCENT ']'           { $$ = E(PERCENT, @$); $$->ival = $2; }
    ;

aroom
    : tuple                     { $$ = $1; }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

room_flags
    : %empty                    { $$ = NULL; }
    | room_flags ',' room_flag
        { $$ = $1 ? $1 : E(ARRAY, @3); lev_expr_add($$, $3);
          $$->pos.end_line = @3.last_line; $$->pos.end_col = @3.last_column; }
    ;

room_flag
    : W_FILLING                 { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_IRREGULAR               { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_JOINED                  { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_BOOL                    { $$ = lev_expr_word(P(@1), (int)$1); }
    ;

altar_align
    : W_ALIGNMENT               { $$ = lev_expr_word(P(@1), (int)$1); }
    | ALIGN '[' expr ']'        { $$ = E(ALIGNREG, @$); lev_expr_add($$, $3); }
    ;

/* GnollHack's altar: the monster it is for (checked, not kept). */
altar_montype
    : %empty
    | ',' MONTYPE ':' monobj
        { variant_word_need(ctx, @2, SPLEV_VF_GNOLL_STMTS,
                            "an altar's montype: is one of the"); }
    ;

altar_type
    : W_ALTARTYPE               { $$ = lev_expr_word(P(@1), (int)$1); }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

engr_type
    : W_ENGRAVING               { $$ = lev_expr_word(P(@1), (int)$1); }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

place
    : TUPLE_LIT                 { $$ = $1; }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    | coord_other               { $$ = $1; }
    | LEVREGION '(' expr ',' expr ',' expr ',' expr ')'
        { $$ = E(LEVREGION, @$); lev_expr_add($$, $3); lev_expr_add($$, $5);
          lev_expr_add($$, $7); lev_expr_add($$, $9); }
    | LEVREGION TUPLE_LIT
        { if ($2->kind != LEV_E_REGION) {
              ctx->retry = 1;     /* an error: parse token by token */
              YYABORT;
          }
          $$ = $2; $$->kind = LEV_E_LEVREGION; $$->pos = P(@$); }
    ;

/* A literal tuple and random, the commonest coordinates, are spelt out
 * where a coordinate is the commonest argument (obj_attr, place, sel):
 * one step for them there, not two or three. */
coordish
    : TUPLE_LIT                 { $$ = $1; }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    | coord_other               { $$ = $1; }
    ;

coord_other
    : ptuple                    { $$ = $1; }
    | var_ref                   { $$ = $1; }
    | call                      { $$ = $1; }
    | RANDOM_BRACKET hum_list ']' { $$ = $2; $$->pos = P(@$); }
    | RNDCOORD '(' sel ')'
        { $$ = limit_depth(ctx, mk_sel(P(@$), LEV_SEL_RNDCOORD, $3, NULL,
                                       NULL)); }
    ;

hum_list
    : W_HUMIDITY
        { $$ = E(RANDOM, @$); lev_expr_add($$, lev_expr_word(P(@1), (int)$1)); }
    | hum_list ',' W_HUMIDITY
        { $$ = $1; lev_expr_add($$, lev_expr_word(P(@3), (int)$3)); }
    ;

regionish
    : TUPLE_LIT                 { $$ = $1; }
    | ptuple                    { $$ = $1; }
    | var_ref                   { $$ = $1; }
    | call                      { $$ = $1; }
    ;

/* ---- selections ---- */
sel
    : TUPLE_LIT                 { $$ = $1; }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    | coord_other               { $$ = $1; }
    | sel_fn                    { $$ = $1; }
    | sel '&' sel_x
        { $$ = limit_depth(ctx, mk_sel(P(@$), LEV_SEL_UNION, $1, $3, NULL)); }
    ;

sel_x
    : coordish                  { $$ = $1; }
    | sel_fn                    { $$ = $1; }
    ;

/* A selection in parentheses must start with a selection word, which keeps
 * it apart from a coordinate (x,y). */
sel_paren
    : sel_fn                    { $$ = $1; }
    | sel_paren '&' sel_x
        { $$ = limit_depth(ctx, mk_sel(P(@$), LEV_SEL_UNION, $1, $3, NULL)); }
    ;

sel_fn
    : '(' sel_paren ')'         { $$ = $2; }
    | RECT regionish
        { $$ = mk_sel(P(@$), LEV_SEL_RECT, $2, NULL, NULL); }
    | FILLRECT regionish
        { $$ = mk_sel(P(@$), LEV_SEL_FILLRECT, $2, NULL, NULL); }
    | LINE coordish line_sep coordish
        { $$ = mk_sel(P(@$), LEV_SEL_LINE, $2, $4, NULL); }
    | RANDLINE coordish line_sep coordish ',' expr
        { $$ = mk_sel(P(@$), LEV_SEL_RANDLINE, $2, $4, $6); }
    | GROW '(' sel ')'
        { $$ = limit_depth(ctx, mk_sel(P(@$), LEV_SEL_GROW, $3, NULL, NULL)); }
    | GROW '(' dirs ',' sel ')'
        { $$ = limit_depth(ctx, mk_sel(P(@$), LEV_SEL_GROW, $5, $3, NULL));
          lev_ctx_dialect(ctx, lev_span_srcpos(@3), LEV_DN_GROW,
                          "grow with directions"); }
    | FILTER '(' PERCENT ',' sel ')'
        { lev_expr *p = E(PERCENT, @3); p->ival = $3;
          $$ = limit_depth(ctx, mk_sel(P(@$), LEV_SEL_FILTER, p, $5, NULL)); }
    | FILTER '(' CHAR ',' sel ')'
        { lev_expr *c = E(CHAR, @3); c->ival = $3;
          $$ = limit_depth(ctx, mk_sel(P(@$), LEV_SEL_FILTER, c, $5, NULL)); }
    | FILTER '(' sel ',' sel ')'
        { $$ = limit_depth(ctx, mk_sel(P(@$), LEV_SEL_FILTER, $3, $5, NULL)); }
    | FLOODFILL coordish
        { $$ = mk_sel(P(@$), LEV_SEL_FLOODFILL, $2, NULL, NULL); }
    | CIRCLE '(' coordish ',' expr ')'
        { $$ = mk_sel(P(@$), LEV_SEL_CIRCLE, $3, $5, NULL); lev_expr_add($$, NULL); }
    | CIRCLE '(' coordish ',' expr ',' W_FILLING ')'
        { $$ = mk_sel(P(@$), LEV_SEL_CIRCLE, $3, $5,
                      lev_expr_word(P(@7), (int)$7)); }
    | ELLIPSE '(' coordish ',' expr ',' expr ')'
        { $$ = mk_sel(P(@$), LEV_SEL_ELLIPSE, $3, $5, $7);
          lev_expr_add($$, NULL); }
    | ELLIPSE '(' coordish ',' expr ',' expr ',' W_FILLING ')'
        { $$ = mk_sel(P(@$), LEV_SEL_ELLIPSE, $3, $5, $7);
          lev_expr_add($$, lev_expr_word(P(@9), (int)$9)); }
    | GRADIENT '(' W_GRADTYPE ',' '(' gbound gsep gbound opt_limited ')' ','
      coordish opt_coord ')'
        { $$ = mk_sel(P(@$), LEV_SEL_GRADIENT, lev_expr_word(P(@3), (int)$3),
                      $6, $8);
          lev_expr_add($$, $9); lev_expr_add($$, $12); lev_expr_add($$, $13); }
    | COMPLEMENT sel_x
        { $$ = limit_depth(ctx, mk_sel(P(@$), LEV_SEL_COMPLEMENT, $2, NULL,
                                       NULL)); }
    ;

/* The ends of a line: UnNetHack writes a '-' between them, NetHack 3.6
 * a ','.  Either is taken in both dialects (the other one's with a
 * -Wdialect warning): after "line (x,y)" a ',' can only go on with the
 * second end, so no conflict arises. */
line_sep
    : '-'
        { lev_ctx_dialect(ctx, lev_span_srcpos(@1), LEV_DN_UN,
                          "'-' between the ends of a line"); }
    | ','
        { lev_ctx_dialect(ctx, lev_span_srcpos(@1), LEV_DN_NH,
                          "',' between the ends of a line"); }
    ;

/* A gradient's bounds: (1 - 5), or xNetHack's (1, 5). */
gsep
    : '-'
    | ','
        { variant_word_need(ctx, @1, SPLEV_VF_GRADIENT_COMMA,
                            "gradient bounds joined by ',' are"); }
    ;

gbound
    : INTEGER                   { $$ = lev_expr_int(P(@$), $1); }
    | var_ref                   { $$ = $1; }
    | call                      { $$ = $1; }
    | '(' expr ')'              { $$ = $2; }
    ;

opt_limited
    : %empty                    { $$ = NULL; }
    | ',' W_LIMITED             { $$ = lev_expr_word(P(@2), (int)$2); }
    ;

opt_coord
    : %empty                    { $$ = NULL; }
    | ',' coordish              { $$ = $2; }
    ;

/* ---- parenthesised lists: coordinates, regions, ('c', "name"), ... ---- */
/* A literal tuple goes straight to the commonest slots (coordish,
 * regionish, monobj): one reduction fewer than through tuple. */
tuple
    : TUPLE_LIT                 { $$ = $1; }
    | ptuple                    { $$ = $1; }
    ;

ptuple
    : '(' telem ',' telem_list ')'
        { $$ = $4; $$->pos = P(@$);
          /* telem_list was built without the first element: put it first */
          lev_expr_add($$, NULL);
          memmove($$->args + 1, $$->args, ($$->nargs - 1) * sizeof *$$->args);
          $$->args[0] = $2;
          if ($2->depth + 1 > $$->depth)
              $$->depth = $2->depth + 1;
          $$ = mk_tuple(ctx, $$); }
    ;

tuple_list
    : tuple                     { $$ = E(ARRAY, @$); lev_expr_add($$, $1); }
    | tuple_list ',' tuple      { $$ = $1; $$->pos = P(@$);
                                  lev_expr_add($$, $3); }
    ;

telem_list
    : telem                     { $$ = E(TUPLE, @$); lev_expr_add($$, $1); }
    | telem_list ',' telem      { $$ = $1; lev_expr_add($$, $3); }
    ;

telem
    : expr                      { $$ = $1; }
    | CHAR                      { $$ = E(CHAR, @$); $$->ival = $1; }
    | word                      { $$ = $1; }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    ;

word
    : W_LIGHT                   { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_BOOL                    { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_DOORSTATE               { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_DIRECTION               { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_HALIGN                  { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_CENTER                  { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_VALIGN                  { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_ALIGNMENT               { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_MSGOUT                  { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_FILLING                 { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_HUMIDITY                { $$ = lev_expr_word(P(@1), (int)$1); }
    | W_NONE                    { $$ = lev_expr_word(P(@1), (int)$1); }
    ;

/* ---- values: what a variable can hold ---- */
value
    : expr                      { $$ = $1; }
    | CHAR                      { $$ = E(CHAR, @$); $$->ival = $1; }
    | tuple                     { $$ = $1; }
    | RANDOM                    { $$ = E(RANDOM, @$); }
    | RANDOM_BRACKET hum_list ']' { $$ = $2; $$->pos = P(@$); }
    | RNDCOORD '(' sel ')'
        { $$ = limit_depth(ctx, mk_sel(P(@$), LEV_SEL_RNDCOORD, $3, NULL,
                                       NULL)); }
    | LEVREGION '(' expr ',' expr ',' expr ',' expr ')'
        { $$ = E(LEVREGION, @$); lev_expr_add($$, $3); lev_expr_add($$, $5);
          lev_expr_add($$, $7); lev_expr_add($$, $9); }
    | LEVREGION TUPLE_LIT
        { if ($2->kind != LEV_E_REGION) {
              ctx->retry = 1;     /* an error: parse token by token */
              YYABORT;
          }
          $$ = $2; $$->kind = LEV_E_LEVREGION; $$->pos = P(@$); }
    | '{' value_list '}'        { $$ = $2; $$->pos = P(@$); }
    | typed_value               { $$ = $1; }
    ;

value_list
    : value                     { $$ = E(ARRAY, @$); lev_expr_add($$, $1); }
    | value_list ',' value      { $$ = $1; lev_expr_add($$, $3); }
    ;

typed_value
    : SELECTION ':' sel
        { $$ = E(TYPED, @$); $$->ival = LEV_T_SELECTION; lev_expr_add($$, $3); }
    | typed_kw ':' monobj
        { $$ = E(TYPED, @$); $$->ival = $1; lev_expr_add($$, $3); }
    | typed_kw ':' '{' value_list '}'
        { $4->pos = P(@3); $4->pos.end_line = @5.last_line;
          $4->pos.end_col = @5.last_column;
          $$ = E(TYPED, @$); $$->ival = $1; lev_expr_add($$, $4); }
    ;

typed_kw
    : TERRAIN                   { $$ = LEV_T_TERRAIN; }
    | TERRAIN_T                 { $$ = LEV_T_TERRAIN; }
    | MONSTER                   { $$ = LEV_T_MONSTER; }
    | MONSTER_T                 { $$ = LEV_T_MONSTER; }
    | OBJECT                    { $$ = LEV_T_OBJECT; }
    | OBJECT_T                  { $$ = LEV_T_OBJECT; }
    ;

/* ---- integer and string expressions ---- */
/* The primaries (numbers, strings, variables, calls, parentheses) are
 * alternatives of expr itself: no unit reduction for each. */
expr
    : INTEGER                   { $$ = lev_expr_int(P(@$), $1); }
    | STRING                    { $$ = lev_expr_str(LEV_E_STRING, P(@$), $1); }
    | DICE
        { $$ = E(DICE, @$); $$->ival = $1.n; $$->ival2 = $1.sides; }
    | var_ref                   { $$ = $1; }
    | call                      { $$ = $1; }
    | '(' expr ')'              { $$ = $2; }
    | expr '+' expr
        { $$ = limit_depth(ctx, lev_expr_op(LEV_E_BINOP, '+', P(@$), $1, $3)); }
    | expr '-' expr
        { $$ = limit_depth(ctx, lev_expr_op(LEV_E_BINOP, '-', P(@$), $1, $3)); }
    | expr '*' expr
        { $$ = limit_depth(ctx, lev_expr_op(LEV_E_BINOP, '*', P(@$), $1, $3)); }
    | expr '/' expr
        { $$ = limit_depth(ctx, lev_expr_op(LEV_E_BINOP, '/', P(@$), $1, $3)); }
    | expr '%' expr
        { $$ = limit_depth(ctx, lev_expr_op(LEV_E_BINOP, '%', P(@$), $1, $3)); }
    | expr '.' expr
        { $$ = limit_depth(ctx, lev_expr_op(LEV_E_BINOP, '.', P(@$), $1, $3)); }
    | '-' expr %prec UMINUS
        { $$ = limit_depth(ctx, lev_expr_op(LEV_E_NEG, 0, P(@$), $2, NULL)); }
    ;

/* A use is noted where the walk of the tree meets it: $a[i] before the
 * variables in i. */
var_ref
    : VAR
        { $$ = mk_var(P(@$), $1, NULL); vevent(ctx, LEV_VE_USE, $$); }
    | VARIDX expr ']'
        { $$ = mk_var(P(@$), $1, $2); vevent_before(ctx, LEV_VE_USE, $$, @2); }
    ;

call
    : IDENT
        { $$ = lev_expr_str(LEV_E_CALL, P(@$), $1); note_call(ctx, @1, $1); }
    | IDENT '(' arglist ')'
        { $$ = $3; $$->kind = LEV_E_CALL; $$->sval = $1; $$->ival = 1;
          $$->pos = P(@$); note_call(ctx, @1, $1); }
    | IDENT TUPLE_LIT
        { $$ = relabel($2, LEV_E_CALL, P(@$)); $$->sval = $1; $$->ival = 1;
          note_call(ctx, @1, $1); }
    ;

arglist
    : %empty                    { $$ = E(ARRAY, @$); }
    | args                      { $$ = $1; }
    ;

args
    : value                     { $$ = E(ARRAY, @$); lev_expr_add($$, $1); }
    | args ',' value            { $$ = $1; lev_expr_add($$, $3); }
    ;

%%

/* ---- tree helpers ---- */

/* A tree deeper than the documented limit is replaced by 0 (one error per
 * file), which keeps every later recursive walk bounded. */
static lev_expr *limit_depth(lev_ctx *ctx, lev_expr *e)
{
    if (e->depth <= LEV_MAX_EXPR_DEPTH)
        return e;
    if (!ctx->depth_reported)
        diag_error(ctx->d, lev_srcpos(e->pos),
                   "expression nested more than %d deep; this is the limit",
                   LEV_MAX_EXPR_DEPTH);
    ctx->depth_reported = 1;
    lev_pos p = e->pos;
    lev_expr_free(e);
    return lev_expr_int(p, 0);
}

/* Name a parenthesised list by its shape. */
static lev_expr *mk_tuple(lev_ctx *ctx, lev_expr *t)
{
    (void)ctx;
    int chars = 0, words = 0;
    for (size_t i = 0; i < t->nargs; i++) {
        chars += t->args[i]->kind == LEV_E_CHAR;
        words += t->args[i]->kind == LEV_E_WORD ||
                 t->args[i]->kind == LEV_E_RANDOM;
    }
    if (t->nargs == 2 && t->args[0]->kind == LEV_E_CHAR) {
        enum lev_expr_kind k1 = t->args[1]->kind;
        if (k1 == LEV_E_WORD || k1 == LEV_E_RANDOM)
            t->kind = LEV_E_MAPCHAR;
        else if (k1 != LEV_E_CHAR)
            t->kind = LEV_E_CLASSNAME;
    } else if (chars == 0 && words == 0) {
        if (t->nargs == 2)
            t->kind = LEV_E_COORD;
        else if (t->nargs == 4)
            t->kind = LEV_E_REGION;
    }
    return t;
}

/* The arguments of a call f(a,b) written as a literal tuple: the ARRAY
 * that arglist makes, which spans its first to its last argument. */
static lev_expr *lit_args(lev_expr *t)
{
    lev_pos p = t->pos;
    p.line = t->args[0]->pos.line;
    p.col = t->args[0]->pos.col;
    p.end_line = t->args[t->nargs - 1]->pos.end_line;
    p.end_col = t->args[t->nargs - 1]->pos.end_col;
    return relabel(t, LEV_E_ARRAY, p);
}

/* A node like t (its arguments) of another kind, which may need the
 * fields t was allocated without (ast.h). */
static lev_expr *relabel(lev_expr *t, enum lev_expr_kind kind, lev_pos pos)
{
    lev_expr *e = lev_expr_new(kind, pos);
    e->depth = t->depth;
    e->nargs = t->nargs;
    e->ival = t->ival;
    e->args = t->args;
    return e;
}

/* "$v.method" keeps the method apart from the name. */
static lev_expr *mk_var(lev_pos pos, char *name, lev_expr *index)
{
    lev_expr *e = lev_expr_new(LEV_E_VAR, pos);
    char *dot = strchr(name, '.');
    if (dot) {
        *dot = '\0';
        e->sval2 = dot + 1;     /* the tail of the same arena string */
    }
    e->sval = name;
    if (index)
        lev_expr_add(e, index);
    return e;
}

static lev_expr *mk_attr(lev_pos pos, int key, lev_expr *a, lev_expr *b)
{
    lev_expr *e = lev_expr_new(LEV_E_ATTR, pos);
    e->ival = key;
    if (a)
        lev_expr_add(e, a);
    if (b)
        lev_expr_add(e, b);
    return e;
}

static lev_expr *mk_sel(lev_pos pos, int op, lev_expr *a, lev_expr *b,
                        lev_expr *c)
{
    lev_expr *e = lev_expr_new(LEV_E_SEL, pos);
    e->ival = op;
    lev_expr_add(e, a);
    if (b || c)
        lev_expr_add(e, b);
    if (c)
        lev_expr_add(e, c);
    return e;
}

/* The n slots of a new statement, in one allocation. */
static lev_stmt *args_of(lev_stmt *s, int n, lev_expr *const *v)
{
    if (s->nargs == 0 && n > 0) {
        s->args = (lev_expr **)lev_ptr_array((size_t)n);
        memcpy(s->args, v, (size_t)n * sizeof *v);
        s->nargs = (unsigned)n;
    } else {
        for (int i = 0; i < n; i++)
            lev_stmt_arg(s, v[i]);
    }
    return s;
}

/* An OBJECT statement made by its first attribute (obj_attrs): its slot
 * is filled and its place set by the rule that ends it. */
static lev_stmt *attrs_new(enum lev_stmt_kind kind, lev_expr *attr)
{
    lev_stmt *s = args(lev_stmt_new(kind, attr->pos), 1, NULL);
    lev_stmt_attr(s, attr);
    return s;
}

/* A MONSTER statement from its first two arguments (mon_stmt); its place
 * is set by the rule that ends it. */
static lev_stmt *mon_new(lev_ctx *ctx, LEV_LTYPE at, lev_expr *mon,
                         lev_expr *coord)
{
    return args(lev_stmt_new(LEV_S_MONSTER, P(at)), 2, mon, coord);
}

static lev_expr *mk_char(lev_pos pos, long c)
{
    lev_expr *e = lev_expr_new(LEV_E_CHAR, pos);
    e->ival = (int)c;
    return e;
}

/* An attribute that is a value word (peaceful), at the word. */
static lev_expr *word_attr(lev_ctx *ctx, LEV_LTYPE at, int key, long word)
{
    return mk_attr(P(at), key, lev_expr_word(P(at), (int)word), NULL);
}

/* An OBJECT's place written random. */
static lev_expr *random_coord_attr(lev_ctx *ctx, LEV_LTYPE at)
{
    return mk_attr(P(at), LEV_A_COORD, lev_expr_new(LEV_E_RANDOM, P(at)),
                   NULL);
}

static lev_block *take_block(lev_block *b)
{
    return b;
}

static lev_block *new_block(lev_ctx *ctx)
{
    return lev_arena_zalloc(ctx->arena, sizeof(lev_block));
}

/* A statement inside { }: FLAGS, LEVEL-level things are misplaced. */
static void block_item(lev_ctx *ctx, lev_block *b, lev_stmt *s)
{
    if (!s)
        return;
    if (s->kind == LEV_S_FLAGS || s->kind == LEV_S_INCLUDE) {
        diag_error(ctx->d, lev_srcpos(s->pos),
                   "%s is not allowed inside a block",
                   lev_stmt_name(s->kind));
        lev_stmt_free(s);
        return;
    }
    push_stmt(b, s);
}

/* LEVEL:"name" (or MAZE:"name",fill): statements go to it from now on. */
static void new_level(lev_ctx *ctx, lev_pos pos, char *name, lev_pos at,
                      lev_expr *maze_fill)
{
    lev_level *l = lev_level_new(pos, name, at);
    l->maze_fill = maze_fill;
    /* a level body has tens of statements: room for 32 from the start
     * (an inner block, mostly one or two, grows from 2) */
    l->body.v = lev_arena_alloc(ctx->arena, 32 * sizeof *l->body.v);
    l->body.cap = 32;
    lev_file_add_level(ctx->file, l);
    ctx->level = l;
    vevent(ctx, LEV_VE_LEVEL, NULL);
}

/* Note an event for the check of variables (lev_ctx.h). */
static void vevent(lev_ctx *ctx, int kind, const lev_expr *e)
{
    if (ctx->nvlog == ctx->capvlog) {
        ctx->capvlog = ctx->capvlog ? 2 * ctx->capvlog : 64;
        ctx->vlog = xrealloc(ctx->vlog, ctx->capvlog * sizeof *ctx->vlog);
    }
    ctx->vlog[ctx->nvlog++] = (lev_vevent){kind, e};
}

/* The same, before the events of the text from `at` on (the last ones:
 * an index, a block).  An event's place is its node's: a function's end
 * has its parameters, in the text of any block around it. */
static void vevent_before(lev_ctx *ctx, int kind, const lev_expr *e,
                          LEV_LTYPE at)
{
    vevent(ctx, kind, e);
    size_t i = ctx->nvlog - 1;
    while (i > 0) {
        const lev_expr *p = ctx->vlog[i - 1].e;
        if (!p || p->pos.line < at.first_line ||
            (p->pos.line == at.first_line && p->pos.col < at.first_column))
            break;
        ctx->vlog[i] = ctx->vlog[i - 1];
        i--;
    }
    ctx->vlog[i] = (lev_vevent){kind, e};
}

/* A statement outside any block: it goes to the current level, or to the
 * file header before the first LEVEL. */
static void top_item_rest(lev_ctx *ctx, lev_stmt *s)
{
    if (!s)
        return;
    lev_level *l = ctx->level;
    if (s->kind == LEV_S_FLAGS) {
        if (l && !l->flags && l->body.n == 0 && !s->chance) {
            l->flags = s;
            return;
        }
        diag_error(ctx->d, lev_srcpos(s->pos),
                   l && l->flags ? "a second FLAGS line in this level"
                                 : "FLAGS must come right after LEVEL");
        lev_stmt_free(s);
        return;
    }
    if (s->kind == LEV_S_INCLUDE) {
        if (l || s->chance) {
            diag_error(ctx->d, lev_srcpos(s->pos),
                       "INCLUDE is allowed only before the first LEVEL");
            lev_stmt_free(s);
            return;
        }
        lev_ctx_include(ctx, s);
        lev_block_add(&ctx->file->header, s);
        return;
    }
    if (l) {
        lev_block_add(&l->body, s);
        return;
    }
    if (s->kind == LEV_S_FUNCTION && !s->chance) {
        lev_block_add(&ctx->file->header, s);
        return;
    }
    diag_error(ctx->d, lev_srcpos(s->pos),
               "%s before the first LEVEL; only FUNCTION and INCLUDE may "
               "come first", lev_stmt_name(s->kind));
    lev_stmt_free(s);
}

/* REGION's "filled, true": the boolean after the filling says whether
 * the region is irregular (3.4.3's prefilled, kept by 3.6), in every
 * dialect. */
static lev_expr *region_flags(lev_expr *flags)
{
    for (size_t i = 1; flags && i < flags->nargs; i++) {
        lev_expr *f = flags->args[i], *before = flags->args[i - 1];
        if (f->kind == LEV_E_WORD &&
            (f->ival == LEV_W_TRUE || f->ival == LEV_W_FALSE) &&
            before->kind == LEV_E_WORD &&
            (before->ival == LEV_W_FILLED || before->ival == LEV_W_UNFILLED))
            f->ival = f->ival == LEV_W_TRUE ? LEV_W_IRREGULAR : LEV_W_REGULAR;
    }
    return flags;
}

/* ---- NetHack 3.4.3's dialect: the tree of its positional forms ---- */

/* A 3.4.3 ROOM's or SUBROOM's last field: a boolean, whether the room
 * is filled (roomfill). */
static lev_expr *old_room_flags(lev_expr *flags)
{
    if (flags && flags->nargs == 1 && flags->args[0]->kind == LEV_E_WORD &&
        (flags->args[0]->ival == LEV_W_TRUE ||
         flags->args[0]->ival == LEV_W_FALSE))
        flags->args[0]->ival = flags->args[0]->ival == LEV_W_TRUE
                                   ? LEV_W_FILLED : LEV_W_UNFILLED;
    return flags;
}

/* A class ('d', random, monster[0]) and a name ("jackal", random): one
 * monster or object as the other dialects write it. */
static lev_expr *old_thing(lev_expr *cls, lev_expr *name, lev_pos pos)
{
    if (name->kind == LEV_E_RANDOM)
        return cls;
    if (cls->kind != LEV_E_CHAR)
        return name;
    lev_expr *t = lev_expr_new(LEV_E_CLASSNAME, pos);
    t->pos.end_line = name->pos.end_line;
    t->pos.end_col = name->pos.end_col;
    lev_expr_add(t, cls);
    lev_expr_add(t, name);
    return t;
}

/* UnNetHack 3.5.1-3.5.2: a terrain character with its light. */
static lev_expr *hyb_mapchar(lev_ctx *ctx, LEV_LTYPE at, long c,
                             lev_expr *light)
{
    lev_expr *m = lev_expr_new(LEV_E_MAPCHAR, P(at));
    lev_expr_add(m, mk_char(P(at), c));
    lev_expr_add(m, light);
    return m;
}

/* A written character and a light after it: the terrain with that
 * light; a terrain already with its light cannot take another. */
static lev_expr *hyb_lit(lev_ctx *ctx, lev_expr *mc, lev_expr *light)
{
    if (mc->kind != LEV_E_CHAR) {
        diag_error(ctx->d, lev_srcpos(light->pos), "a light after the "
                   "terrain needs the terrain written as a character");
        return mc;
    }
    lev_expr *m = lev_expr_new(LEV_E_MAPCHAR, mc->pos);
    lev_expr_add(m, mc);
    lev_expr_add(m, light);
    return m;
}

/* TERRAIN: (x,y), horizontal, n: the n cells from (x,y) rightwards (or
 * downwards), a line selection; the place must be written as numbers. */
static lev_expr *hyb_line(lev_ctx *ctx, LEV_LTYPE at, lev_expr *from,
                          int horizontal, long n)
{
    if (from->kind != LEV_E_COORD || from->nargs != 2 ||
        from->args[0]->kind != LEV_E_INT || from->args[1]->kind != LEV_E_INT) {
        diag_error(ctx->d, lev_srcpos(P(at)), "a TERRAIN line needs a place "
                   "written as (x,y)");
        return from;
    }
    if (n < 1 || n > 80) {
        diag_error(ctx->d, lev_srcpos(P(at)), "a TERRAIN line has 1 to 80 "
                   "cells, not %ld", n);
        return from;
    }
    long x = from->args[0]->ival, y = from->args[1]->ival;
    lev_expr *to = lev_expr_new(LEV_E_COORD, from->pos);
    lev_expr_add(to, lev_expr_int(from->pos, horizontal ? x + n - 1 : x));
    lev_expr_add(to, lev_expr_int(from->pos, horizontal ? y : y + n - 1));
    return mk_sel(from->pos, LEV_SEL_LINE, from, to, NULL);
}

/* A corpse's or statue's monster; "random" is a random one. */
static void old_montype(lev_ctx *ctx, lev_stmt *s, LEV_LTYPE at, char *name)
{
    if (strcmp(name, "random") == 0)
        return;
    lev_stmt_attr(s, mk_attr(P(at), LEV_A_MONTYPE,
                             lev_expr_str(LEV_E_STRING, P(at), name), NULL));
}

static void old_spe_attr(lev_stmt *s, lev_expr *spe)
{
    if (spe)
        lev_stmt_attr(s, mk_attr(spe->pos, LEV_A_SPE, spe, NULL));
}

static void old_oname_attr(lev_stmt *s, lev_expr *name)
{
    if (name)
        lev_stmt_attr(s, mk_attr(name->pos, LEV_A_NAME, name, NULL));
}

/* DOOR's fields: 2 a map door, 3 SLASH'EM's map door with a key name
 * (which the model has no use for), 4 a room door. */
static lev_stmt *old_door_stmt(lev_ctx *ctx, LEV_LTYPE at, lev_expr *f)
{
    lev_expr **a = f->args;
    /* SLASH'EM's artifact key names after either form: not kept */
    unsigned n = f->nargs;
    while (n > 2 && a[n - 1]->kind == LEV_E_STRING)
        n--;
    if (n == 2)
        return args(S(DOOR, at), 2, a[0], a[1]);
    if (n == 4)
        return args(S(ROOMDOOR, at), 4, a[0], a[1], a[2], a[3]);
    diag_error(ctx->d, lev_srcpos(P(at)), "DOOR takes a state and a place, "
               "or a room door's secret, state, wall and position (each "
               "with SLASH'EM's key names)");
    return NULL;
}

/* ---- the scanner, seen through recovery and bookkeeping ---- */

/* ---- variant profiles (doc/variants.md) ---- */

/* The statement "word" of feature f: an error naming the profiles that
 * have it when the chosen one has not.  Returns whether it has. */
static int variant_need(lev_ctx *ctx, LEV_LTYPE at, unsigned f,
                        const char *word)
{
    if (splev_variant_has_feature(ctx->opt->variant, f))
        return 1;
    const char *first, *who = splev_variant_who_feature(f, &first);
    diag_error(ctx->d, lev_srcpos(P(at)), "%s is %s %s statement; use "
               "--variant %s", word, strchr("AEIOUx", who[0]) ? "an" : "a",
               who, first ? first : "?");
    return 0;
}

/* Words of feature f (xNetHack's door flags joined by '&', EvilHack's
 * door materials): the error naming the profiles that have them. */
static void variant_word_need(lev_ctx *ctx, LEV_LTYPE at, unsigned f,
                              const char *what)
{
    if (splev_variant_has_feature(ctx->opt->variant, f))
        return;
    const char *first, *who = splev_variant_who_feature(f, &first);
    diag_error(ctx->d, lev_srcpos(P(at)), "%s %s words; use --variant %s",
               what, who, first ? first : "?");
}

/* FORGE, MAGIC_CHEST and TREE set the terrain of their selection: a
 * TERRAIN statement with the profile's own map character for it. */
/* The keyword of a variant terrain statement (VSTMT_SEL's value). */
static const char *variant_stmt_word(unsigned f)
{
    return f == SPLEV_VF_FORGE         ? "FORGE"
           : f == SPLEV_VF_MAGIC_CHEST ? "MAGIC_CHEST"
                                       : "TREE";
}

static lev_stmt *variant_terrain_stmt(lev_ctx *ctx, LEV_LTYPE all,
                                      LEV_LTYPE kw, unsigned f, lev_expr *sel)
{
    const char *word = variant_stmt_word(f);
    int terrain = f == SPLEV_VF_FORGE         ? SPLEV_FORGE
                  : f == SPLEV_VF_MAGIC_CHEST ? SPLEV_MAGIC_CHEST
                                              : SPLEV_TREE;
    long ch = '.';
    if (variant_need(ctx, kw, f, word)) {
        const splev_variant *v = splev_variant_get(ctx->opt->variant);
        ch = terrain == SPLEV_TREE ? 'T' : '.';
        for (const char *p = v->mapchars; *p; p++)
            if (v->mapterrain[p - v->mapchars] == terrain)
                ch = (unsigned char)*p;
    }
    return args(S(TERRAIN, all), 2, sel, mk_char(P(kw), ch));
}
/* WALLIFY: (x1,y1,x2,y2), a plain region as the variants write it (every
 * profile): the region's cells, as fillrect would select them. */
static lev_expr *wallify_area(lev_expr *e)
{
    if (e && e->kind == LEV_E_REGION)
        return mk_sel(e->pos, LEV_SEL_FILLRECT, e, NULL, NULL);
    return e;
}
/* ---- end of variant profiles ---- */

static int stmt_kind_of(int tok)
{
    switch (tok) {
    case MESSAGE: return LEV_S_MESSAGE;
    case INIT_MAP: return LEV_S_INIT_MAP;
    case FLAGS: return LEV_S_FLAGS;
    case GEOMETRY: return LEV_S_MAP;
    case OBJECT: case H_OBJECT: return LEV_S_OBJECT;
    case CONTAINER: case H_CONTAINER: return LEV_S_CONTAINER;
    case MONSTER: case H_MONSTER: return LEV_S_MONSTER;
    case TRAP: return LEV_S_TRAP;
    case DOOR: return LEV_S_DOOR;
    case ROOMDOOR: return LEV_S_ROOMDOOR;
    case DRAWBRIDGE: return LEV_S_DRAWBRIDGE;
    case MAZEWALK: return LEV_S_MAZEWALK;
    case WALLIFY: return LEV_S_WALLIFY;
    case REGION: return LEV_S_REGION;
    case ROOM: return LEV_S_ROOM;
    case SUBROOM: return LEV_S_SUBROOM;
    case ALTAR: return LEV_S_ALTAR;
    case LADDER: return LEV_S_LADDER;
    case STAIR: return LEV_S_STAIR;
    case PORTAL: return LEV_S_PORTAL;
    case TELEPORT_REGION: return LEV_S_TELEPORT_REGION;
    case BRANCH: return LEV_S_BRANCH;
    case FOUNTAIN: return LEV_S_FOUNTAIN;
    case SINK: return LEV_S_SINK;
    case POOL: return LEV_S_POOL;
    case TERRAIN: return LEV_S_TERRAIN;
    case REPLACE_TERRAIN: return LEV_S_REPLACE_TERRAIN;
    case NON_DIGGABLE: return LEV_S_NON_DIGGABLE;
    case NON_PASSWALL: return LEV_S_NON_PASSWALL;
    case GOLD: return LEV_S_GOLD;
    case ENGRAVING: return LEV_S_ENGRAVING;
    case GRAVE: return LEV_S_GRAVE;
    case MINERALIZE: return LEV_S_MINERALIZE;
    case CORRIDOR: return LEV_S_CORRIDOR;
    case SPILL: return LEV_S_SPILL;
    case WALLWALK: return LEV_S_WALLWALK;
    case SOUNDS: return LEV_S_SOUNDS;
    case MON_GENERATION: return LEV_S_MON_GENERATION;
    case MINDEPTH: return LEV_S_MINDEPTH;
    case VSTMT_LINE: return LEV_S_NOTED;
    default: return -1;
    }
}

/* The value of a token to give again: strings and maps stay in the arena
 * and the dropped original is never used, so the copy shares them. */
static void copy_value(const LEV_STYPE *from, LEV_STYPE *to)
{
    *to = *from;
}

/* Tokens read ahead of the parser, given before the scanner's next. */
typedef struct kqueue {
    int n, i;
    int tok[6];
    LEV_LTYPE loc[6];
    LEV_STYPE val[6];
} kqueue;

/* The scanner's next token; in NetHack 3.4.3's dialect its own words,
 * which the other dialects read as names. */
static int scan1(LEV_STYPE *lval, LEV_LTYPE *lloc, void *scanner,
                 lev_ctx *ctx)
{
    int t = levyylex(lval, lloc, scanner);
    if (ctx->hybrid && (t == MONSTER || t == OBJECT || t == CONTAINER))
        return t == MONSTER ? H_MONSTER : t == OBJECT ? H_OBJECT : H_CONTAINER;
    if (t != IDENT || !(ctx->old343 || ctx->hybrid))
        return t;
    static const struct { const char *w; int tok; } words[] = {
        {"RANDOM_PLACES", O_RANDOM_PLACES}, {"RANDOM_OBJECTS", O_RANDOM_OBJECTS},
        {"RANDOM_MONSTERS", O_RANDOM_MONSTERS}, {"place", O_PLACE},
        {"contained", O_CONTAINED}, {"HALLUMSG", O_HALLUMSG},
        {"RANDLINE", O_RANDLINE},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(lval->str, words[i].w) == 0)
            return words[i].tok;
    return t;
}

static void kq_put(kqueue *q, int tok, const LEV_LTYPE *loc,
                   const LEV_STYPE *val)
{
    q->tok[q->n] = tok;
    q->loc[q->n] = *loc;
    q->val[q->n++] = *val;
}

/* "KEYWORD[50%]:" (the chance after the keyword, NetHack 3.4.3's and its
 * lineage's way, taken in every dialect) is given as the prefix form
 * "[50%]: KEYWORD:" that the grammar knows; anything else as it came. */
static int keyword_chance(int kw, LEV_STYPE *lval, LEV_LTYPE *lloc,
                          void *scanner, lev_ctx *ctx)
{
    if (!ctx->kq)
        ctx->kq = xmalloc(sizeof(kqueue));
    kqueue *q = ctx->kq;
    static const int want[] = {'[', PERCENT, ']', ':'};
    LEV_STYPE kv = *lval, v;
    LEV_LTYPE kl = *lloc, l;
    q->n = q->i = 0;
    for (int k = 0; k < 4; k++) {
        int t = scan1(&v, &l, scanner, ctx);
        kq_put(q, t, &l, &v);
        if (t != want[k]) {
            *lval = kv;
            *lloc = kl;
            return kw;
        }
    }
    /* [ 50% ] : KEYWORD : -- the '[' where the keyword is */
    LEV_LTYPE colon = q->loc[3];
    q->n = 1;
    q->i = 0;
    q->tok[0] = PERCENT;
    q->loc[0] = q->loc[1];
    q->val[0] = q->val[1];
    kq_put(q, ']', &q->loc[2], &v);
    kq_put(q, ':', &colon, &v);
    kq_put(q, kw, &kl, &kv);
    kq_put(q, ':', &colon, &v);
    *lloc = kl;
    lloc->last_line = kl.first_line;
    lloc->last_column = kl.first_column;
    return '[';
}

static int next_token(LEV_STYPE *lval, LEV_LTYPE *lloc, void *scanner,
                      lev_ctx *ctx)
{
    kqueue *q = ctx->kq;
    if (q && q->i < q->n) {
        *lval = q->val[q->i];
        *lloc = q->loc[q->i];
        return q->tok[q->i++];
    }
    if (ctx->old343 && !ctx->old343_started) {
        ctx->old343_started = 1;
        *lloc = (LEV_LTYPE){1, 1, 1, 1};
        return OLD343;
    }
    int t = scan1(lval, lloc, scanner, ctx);
    if (stmt_kind_of(t) < 0 || ctx->stop)
        return t;
    return keyword_chance(t, lval, lloc, scanner, ctx);
}

static int lev_lex(LEV_STYPE *lval, LEV_LTYPE *lloc, void *scanner,
                   lev_ctx *ctx)
{
    int t;
    if (ctx->literals) {
        /* The literals pass (parse.c) stops at its first syntax error,
         * unreported: it needs none of the bookkeeping below, which only
         * error recovery and messages read (nor the place of the end of
         * the file, which only messages read). */
        return ctx->stop ? 0 : next_token(lval, lloc, scanner, ctx);
    }
    if (ctx->replay) {                  /* after a syntax error */
        if (ctx->replay == 2) {
            ctx->replay = 1;
            lev_span r = ctx->replay_loc;
            *lloc = (LEV_LTYPE){r.first_line, r.first_column, r.first_line,
                                r.first_column};
            return ERRSYNC;
        }
        ctx->replay = 0;
        *lval = *(LEV_STYPE *)ctx->replay_val;
        free(ctx->replay_val);
        ctx->replay_val = NULL;
        *lloc = ctx->replay_loc;
        t = ctx->replay_tok;
        ctx->replayed = 1;
    } else if (ctx->stop) {
        t = 0;
        ctx->replayed = 0;
    } else {
        t = next_token(lval, lloc, scanner, ctx);
        ctx->replayed = 0;
    }
    if (t == 0)
        *lloc = (LEV_LTYPE){ctx->line, ctx->col, ctx->line, ctx->col};

    ctx->prev_ident = ctx->cur_ident;
    ctx->cur_ident = t == IDENT ? lval->str : NULL;    /* arena: no copy */
    ctx->prev_tok = ctx->tok;
    ctx->prev_loc = ctx->tok_loc;
    ctx->tok = t;
    ctx->tok_val = lval;
    ctx->tok_loc = *lloc;
    int k = stmt_kind_of(t);
    if (k >= 0) {
        ctx->stmt_kw = k;
        ctx->stmt_commas = 0;
        ctx->stmt_nesting = ctx->nesting;
    } else if (t == ',' && ctx->nesting == ctx->stmt_nesting) {
        ctx->stmt_commas++;
    }
    return t;
}

/* ---- syntax error messages in a level designer's words ---- */

/* A token's name as bison spells it, without its quotes. */
static void token_words(int tok, char *buf, size_t n)
{
    if (tok == 0) {
        snprintf(buf, n, "the end of the file");
        return;
    }
    if (tok > 0 && tok < 256) {
        snprintf(buf, n, "'%c'", tok);
        return;
    }
    const char *s = yysymbol_name(YYTRANSLATE(tok));
    size_t len = strlen(s);
    if (len >= 2 && s[0] == '"' && s[len - 1] == '"') {
        s++;
        len -= 2;
    }
    size_t j = 0;
    for (size_t i = 0; i < len && j + 1 < n; i++) {
        if (s[i] == '\\' && i + 1 < len)
            i++;
        buf[j++] = s[i];
    }
    buf[j] = '\0';
}

/* Remove bison's quotes around each name in "a or b or c". */
static void clean_names(const char *in, char *out, size_t n)
{
    size_t j = 0;
    for (size_t i = 0; in[i] && j + 1 < n; i++) {
        if (in[i] == '"')
            continue;
        if (in[i] == '\\' && in[i + 1])
            i++;
        out[j++] = in[i];
    }
    out[j] = '\0';
}

static const char *slot_words(const char *slot)
{
    static const struct { const char *slot, *words; } t[] = {
        {"coord", "a coordinate like (x,y)"},
        {"region", "a region like (x1,y1,x2,y2)"},
        {"exclude", "a region like (x1,y1,x2,y2)"},
        {"selection", "a selection"},
        {"monster", "a monster like 'd' or \"name\""},
        {"object", "an object like '?' or \"name\""},
        {"terrain", "a map character like '.'"},
        {"fill", "a map character like '.'"},
        {"from", "a map character like '.'"},
        {"to", "a map character like '.'"},
        {"fg", "a map character like '.'"},
        {"bg", "a map character like '.'"},
        {"dir", "a direction"},
        {"state", "a door state"},
        {"light", "lit, unlit or random"},
        {"text", "a string"},
        {"amount", "a number"},
        {"frequency", "a number"},
        {"length", "a number"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strcmp(t[i].slot, slot) == 0)
            return t[i].words;
    return NULL;
}

/* The name of slot number i of a statement kind, into buf. */
static int slot_name(int kind, int i, char *buf, size_t n)
{
    const char *s = lev_stmt_slots((enum lev_stmt_kind)kind);
    for (; i > 0 && s; i--) {
        s = strchr(s, ',');
        if (s)
            s++;
    }
    if (!s || !*s)
        return 0;
    size_t len = strcspn(s, ",");
    snprintf(buf, n, "%.*s", (int)len, s);
    return 1;
}

/* Every word of the scanner, keywords and value words alike, from its
 * rules (build/gen/lev_words.h, made by grammar/keywords.sh): a
 * misspelt value word gets its suggestion as a keyword does. */
static const char *const keyword_list[] = {
#include "lev_words.h"
    NULL,
};

/* Words of the other languages a designer may reach for, and what this
 * one calls them (the dungeon language and levgen say "lawful"). */
static const char *const alias_from[] = {"lawful", "chaotic", "neutrality",
                                         "chaotical", NULL};
static const char *const alias_to[] = {"law", "chaos", "neutral", "chaos"};

static const char *suggest_keyword(const char *w)
{
    const char *s = suggest_word(w, keyword_list);
    if (s)
        return s;
    s = suggest_word(w, alias_from);
    for (int i = 0; s && alias_from[i]; i++)
        if (alias_from[i] == s)
            return alias_to[i];
    return NULL;
}

static void unknown_word(lev_ctx *ctx, const char *w, lev_span loc)
{
    srcpos pos = lev_span_srcpos(loc);
    const char *s = suggest_keyword(w);
    if (s)
        diag_error(ctx->d, pos, "unknown word '%.60s' (did you mean %s?)", w,
                   s);
    else
        diag_error(ctx->d, pos, "unknown word '%.60s'", w);
}

/* The statements written "KEYWORD: ..." in either dialect. */
static const char *const colon_statements[] = {
    "MESSAGE", "LEVEL", "MAZE", "INIT_MAP", "FLAGS", "GEOMETRY", "OBJECT",
    "CONTAINER", "MONSTER", "TRAP", "DOOR", "ROOMDOOR", "DRAWBRIDGE",
    "MAZEWALK", "WALLIFY", "REGION", "ALTAR", "LADDER", "STAIR", "PORTAL",
    "TELEPORT_REGION", "BRANCH", "FOUNTAIN", "SINK", "POOL", "WALLWALK",
    "NON_DIGGABLE", "NON_PASSWALL", "ROOM", "SUBROOM", "RANDOM_CORRIDORS",
    "CORRIDOR", "SPILL", "TERRAIN", "REPLACE_TERRAIN", "MON_GENERATION",
    "GOLD", "GRAVE", "ENGRAVING", "MINERALIZE", "SOUNDS", "SHUFFLE",
    "VAULTGEN", NULL,
};

/* "WORD:" at the start of a line: close to a statement keyword, a
 * misspelling; else a statement neither dialect has. */
static void unknown_statement(lev_ctx *ctx, const char *w, lev_span loc)
{
    const char *s = suggest_word(w, colon_statements);
    if (s)
        diag_error(ctx->d, lev_span_srcpos(loc),
                   "unknown word '%.60s' (did you mean %s?)", w, s);
    else
        diag_error(ctx->d, lev_span_srcpos(loc), "unknown statement '%.60s' "
                   "(not part of the UnNetHack or NetHack 3.6 language)", w);
}

/* The end of the file with a block still open: said at its '{' (the
 * innermost one, where the missing '}' belongs). */
static int report_unclosed(lev_ctx *ctx)
{
    for (int i = ctx->nesting - 1; i >= 0; i--)
        if (i < LEV_MAX_NESTING && ctx->open_kind[i] == '{' &&
            ctx->open_pos[i].file == ctx->file_id) {
            diag_error(ctx->d, lev_srcpos(ctx->open_pos[i]),
                       "this '{' is never closed");
            return 1;
        }
    return 0;
}

/* The message bison's "verbose" errors would give, without the literal
 * tuple token (which stands where '(' does): "syntax error, unexpected X"
 * and ", expecting A or B" for one to four expected tokens. */
static int yyreport_syntax_error(const yypcontext_t *pc, void *scanner,
                                 lev_ctx *ctx)
{
    char msg[600] = "syntax error";
    yysymbol_kind_t found = yypcontext_token(pc);
    if (found != YYSYMBOL_YYEMPTY) {
        yysymbol_kind_t exp[YYNTOKENS];
        int n = yypcontext_expected_tokens(pc, exp, YYNTOKENS), k = 0;
        for (int i = 0; i < n; i++)
            if (exp[i] != YYSYMBOL_TUPLE_LIT)
                exp[k++] = exp[i];
        size_t len = strlen(msg);
        len += (size_t)snprintf(msg + len, sizeof msg - len,
                                ", unexpected %s", yysymbol_name(found));
        for (int i = 0; k <= 4 && i < k && len < sizeof msg; i++)
            len += (size_t)snprintf(msg + len, sizeof msg - len, "%s%s",
                                    i ? " or " : ", expecting ",
                                    yysymbol_name(exp[i]));
    }
    lev_error(yypcontext_location(pc), scanner, ctx, msg);
    return 0;
}

/* NetHack 3.4.3's dialect has no names at the start of a line, and its
 * statements end with their line: an error on the first token of a line
 * is a statement that ended too early (said at its last token) or an
 * unknown statement.  1 when reported. */
static int old343_error(lev_ctx *ctx, const char *msg, int tok_first)
{
    /* a token given back after an error starts its line; its own error
     * was said already when it is the one reported below */
    if (ctx->replayed && ctx->tok_loc.first_line == ctx->old_err_line &&
        ctx->tok_loc.first_column == ctx->old_err_col)
        return 1;
    int prev_ok = !ctx->replayed && ctx->prev_tok != 0 &&
                  ctx->prev_tok != ERRSYNC && ctx->prev_tok != ERRSYNC_OPEN;
    if ((!tok_first && !ctx->replayed && prev_ok) || ctx->tok <= 0)
        return 0;
    /* a few tokens expected, none a statement's first: the statement
     * before this line was not complete */
    const char *exp = strstr(msg, ", expecting ");
    if (prev_ok && exp && !strstr(exp, "\"")) {
        char prev[120], expected[400];
        token_words(ctx->prev_tok, prev, sizeof prev);
        clean_names(exp + 12, expected, sizeof expected);
        diag_error(ctx->d, lev_span_srcpos(ctx->prev_loc), "the line ends "
                   "after %s; expected %s", prev, expected);
        return 1;
    }
    static const char *const old_statements[] = {
        "MESSAGE", "LEVEL", "MAZE", "INIT_MAP", "FLAGS", "GEOMETRY",
        "OBJECT", "CONTAINER", "MONSTER", "TRAP", "DOOR", "DRAWBRIDGE",
        "MAZEWALK", "WALLIFY", "REGION", "ALTAR", "LADDER", "STAIR",
        "PORTAL", "TELEPORT_REGION", "BRANCH", "FOUNTAIN", "SINK", "POOL",
        "NON_DIGGABLE", "NON_PASSWALL", "ROOM", "SUBROOM", "NAME", "CHANCE",
        "RANDOM_CORRIDORS", "CORRIDOR", "GOLD", "ENGRAVING", "RANDOM_PLACES",
        "RANDOM_OBJECTS", "RANDOM_MONSTERS", "REPLACE_TERRAIN", NULL,
    };
    /* a later variant's statement keyword is an unknown word here */
    const char *w = ctx->tok == IDENT ? ctx->cur_ident
                    : ctx->tok == MINDEPTH ? "MINDEPTH"
                    : ctx->tok == VSTMT_LINE && ctx->tok_val
                        ? splev_variant_noted_stmt(
                              (int)((LEV_STYPE *)ctx->tok_val)->num)
                    : ctx->tok == VSTMT_SEL && ctx->tok_val
                        ? variant_stmt_word(
                              (unsigned)((LEV_STYPE *)ctx->tok_val)->num)
                        : NULL;
    if (w) {
        ctx->old_err_line = ctx->tok_loc.first_line;
        ctx->old_err_col = ctx->tok_loc.first_column;
        const char *s = suggest_word(w, old_statements);
        if (s)
            diag_error(ctx->d, lev_span_srcpos(ctx->tok_loc), "unknown word "
                       "'%.60s' (did you mean %s?)", w, s);
        else
            diag_error(ctx->d, lev_span_srcpos(ctx->tok_loc), "unknown "
                       "statement '%.60s' (not part of the NetHack 3.4.3 "
                       "language)", w);
        return 1;
    }
    return 0;
}

static void lev_error(LEV_LTYPE *loc, void *scanner, lev_ctx *ctx,
                      const char *msg)
{
    (void)scanner;
    (void)loc;
    if (ctx->literals) {
        /* the literals pass (parse.c) stops; the token pass reports */
        ctx->retry = 1;
        ctx->stop = 1;
        return;
    }
    if (strcmp(msg, "memory exhausted") == 0) {
        diag_error(ctx->d, lev_span_srcpos(ctx->tok_loc),
                   "the text is nested too deeply to parse");
        return;
    }
    /* The scanner gave up (and said why): no second message. */
    if (ctx->stop && ctx->tok == 0)
        return;
    if (ctx->tok == 0 && report_unclosed(ctx))
        return;
    /* A '}' given back after a bad line and wrong again (no block is
     * open): it has been reported, so drop it; giving it back once more
     * would go on for ever. */
    if (ctx->replayed && ctx->tok == '}') {
        ctx->sync = 1;
        ctx->sync_braces = 0;
        return;
    }
    /* Recovery: the parser will drop this token; give it back after
     * ERRSYNC when it starts a line or closes a block, or else drop the
     * rest of the line. */
    int tok_first = ctx->prev_tok == 0 ||
                    ctx->tok_loc.first_line > ctx->prev_loc.last_line;
    if (ctx->tok > 0 && (tok_first || ctx->tok == '}')) {
        LEV_STYPE *v = xmalloc(sizeof *v);
        copy_value((LEV_STYPE *)ctx->tok_val, v);
        free(ctx->replay_val);
        ctx->replay_val = v;
        ctx->replay_tok = ctx->tok;
        ctx->replay_loc = ctx->tok_loc;
        ctx->replay = 2;
    } else if (ctx->tok > 0) {
        ctx->sync = 1;
        ctx->sync_braces = ctx->tok == '{';
    }

    if (ctx->old343 && old343_error(ctx, msg, tok_first))
        return;
    /* An unknown word at the start of a statement: a misspelt keyword
     * ("MONSTR: ...") or a statement of some other variant ("FORGE: ..."). */
    if (ctx->prev_tok == IDENT && ctx->tok == ':' && ctx->prev_ident) {
        if (ctx->ident_first)
            unknown_statement(ctx, ctx->prev_ident, ctx->prev_loc);
        else
            unknown_word(ctx, ctx->prev_ident, ctx->prev_loc);
        return;
    }
    if (ctx->tok == IDENT && ctx->cur_ident) {
        unknown_word(ctx, ctx->cur_ident, ctx->tok_loc);
        return;
    }
    char found[120], prev[120], expected[400];
    token_words(ctx->tok, found, sizeof found);
    token_words(ctx->prev_tok, prev, sizeof prev);
    int have_prev = ctx->prev_tok != 0 && ctx->prev_tok != ERRSYNC &&
                    ctx->prev_tok != ERRSYNC_OPEN;
    const char *exp = strstr(msg, ", expecting ");
    if (exp) {
        clean_names(exp + 12, expected, sizeof expected);
        if (have_prev)
            diag_error(ctx->d, lev_span_srcpos(ctx->tok_loc),
                       "expected %s after %s, found %s", expected, prev,
                       found);
        else
            diag_error(ctx->d, lev_span_srcpos(ctx->tok_loc),
                       "expected %s, found %s", expected, found);
        return;
    }
    char slot[60];
    const char *words = NULL;
    int commas = ctx->stmt_commas - (ctx->tok == ',');
    if (have_prev && (ctx->prev_tok == ',' || ctx->prev_tok == ':') &&
        ctx->nesting == ctx->stmt_nesting &&
        slot_name(ctx->stmt_kw, commas, slot, sizeof slot))
        words = slot_words(slot);
    if (words)
        diag_error(ctx->d, lev_span_srcpos(ctx->tok_loc),
                   "expected %s after %s, found %s", words, prev, found);
    else if (have_prev)
        diag_error(ctx->d, lev_span_srcpos(ctx->tok_loc),
                   "%s is not expected after %s", found, prev);
    else
        diag_error(ctx->d, lev_span_srcpos(ctx->tok_loc), "unexpected %s", found);
}

/* Run one parse; called by parse.c. */
int lev_run_parser(lev_ctx *ctx, const char *text, size_t len);
int lev_run_parser(lev_ctx *ctx, const char *text, size_t len)
{
    yyscan_t scanner;
    if (levyylex_init_extra(ctx, &scanner) != 0)
        return -1;
    /* The scanner reads ctx->src in place (lev.l). */
    ctx->src = text;
    ctx->src_len = len;
    int r = lev_parse(scanner, ctx);
    levyylex_destroy(scanner);
    ctx->map = NULL;            /* unfinished MAP: in the arena */
    free(ctx->replay_val);
    ctx->replay_val = NULL;
    free(ctx->kq);
    ctx->kq = NULL;
    ctx->prev_ident = ctx->cur_ident = NULL;
    return r;
}
