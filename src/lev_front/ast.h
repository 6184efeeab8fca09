/* ast.h - the des-file syntax tree built by the lev_comp front end.
 *
 * Every node carries the exact position of its first and last character
 * (lev_pos: the file as a number, lev_pos_file gives its name; 1-based line
 * and byte column).  Nodes are plain structs with a kind; optional parts
 * are NULL.  The tree keeps what was
 * written, not what it means: a coordinate literal, a variable and a core
 * function call are all expressions, and the checker decides whether an
 * expression fits the slot it is in.  Slots of every statement kind are
 * listed in the table LEV_STMT_KINDS below (the dump prints the slot names).
 *
 * Ownership: a lev_file owns its levels, statements, expressions, maps,
 * strings and arrays, all held in one arena (src/lev_front/arena.h); the
 * lev_file of an INCLUDE belongs to the including file.  lev_file_free
 * frees all of it at once, and is the only free: the lev_*_free functions
 * below free nothing (they stay for the callers that dropped subtrees).
 * The constructors allocate from the newest lev_file still alive on this
 * thread (lev_file_new makes a file the newest), so make the lev_file
 * first; a node made when none is alive is a fatal error.  Arrays of
 * args/attrs grow only through lev_expr_add / lev_stmt_arg / lev_stmt_attr,
 * blocks through lev_block_add, rows through lev_map_add_row. */
#ifndef SPLEV_LEV_AST_H
#define SPLEV_LEV_AST_H

#include <stddef.h>

/* 20 bytes, no pointer: a big level has millions of positions.  The file
 * is a small number that lev_pos_file turns into its path. */
typedef struct lev_pos {
    unsigned file;               /* see lev_pos_file; 0 for none */
    int line, col;               /* first character */
    int end_line, end_col;       /* last character */
} lev_pos;

/* The path of the file a position is in (the lev_file's path, alive as
 * long as the lev_file), or NULL for a position in no file.  File numbers
 * are given by lev_file_new on this thread. */
const char *lev_pos_file(lev_pos p);

/* ---- keywords that stand for values (lit, north, random, ...) ----
 * X(enum suffix, spelling, category).  The category names the token kind
 * the scanner gives the word. */
#define LEV_VALUE_WORDS(X)                                                   \
    X(LIT, "lit", LIGHT)             X(UNLIT, "unlit", LIGHT)                \
    X(TRUE, "true", BOOL)            X(FALSE, "false", BOOL)                 \
    X(OPEN, "open", DOORSTATE)       X(CLOSED, "closed", DOORSTATE)          \
    X(LOCKED, "locked", DOORSTATE)   X(NODOOR, "nodoor", DOORSTATE)          \
    X(BROKEN, "broken", DOORSTATE)   X(SECRET, "secret", DOORSTATE)          \
    X(NORTH, "north", DIRECTION)     X(EAST, "east", DIRECTION)              \
    X(SOUTH, "south", DIRECTION)     X(WEST, "west", DIRECTION)              \
    X(LEFT, "left", HALIGN)          X(HALF_LEFT, "half-left", HALIGN)       \
    X(HALF_RIGHT, "half-right", HALIGN) X(RIGHT, "right", HALIGN)            \
    X(CENTER, "center", CENTER)                                              \
    X(TOP, "top", VALIGN)            X(BOTTOM, "bottom", VALIGN)             \
    X(NOALIGN, "noalign", ALIGNMENT) X(LAW, "law", ALIGNMENT)                \
    X(NEUTRAL, "neutral", ALIGNMENT) X(CHAOS, "chaos", ALIGNMENT)            \
    X(COALIGNED, "coaligned", ALIGNMENT)                                     \
    X(NONCOALIGNED, "noncoaligned", ALIGNMENT)                               \
    X(PEACEFUL, "peaceful", ATTITUDE) X(HOSTILE, "hostile", ATTITUDE)        \
    X(ASLEEP, "asleep", ALERTNESS)   X(AWAKE, "awake", ALERTNESS)            \
    X(M_FEATURE, "m_feature", APPEARANCE)                                    \
    X(M_MONSTER, "m_monster", APPEARANCE)                                    \
    X(M_OBJECT, "m_object", APPEARANCE)                                      \
    X(SANCTUM, "sanctum", ALTARTYPE) X(SHRINE, "shrine", ALTARTYPE)          \
    X(ALTAR, "altar", ALTARTYPE)                                             \
    X(UP, "up", UPDOWN)              X(DOWN, "down", UPDOWN)                 \
    X(DUST, "dust", ENGRAVING)       X(ENGRAVE, "engrave", ENGRAVING)        \
    X(BURN, "burn", ENGRAVING)       X(MARK, "mark", ENGRAVING)              \
    X(BLOOD, "blood", ENGRAVING)                                             \
    X(BLESSED, "blessed", CURSE)     X(UNCURSED, "uncursed", CURSE)          \
    X(CURSED, "cursed", CURSE)                                               \
    X(FILLED, "filled", FILLING)     X(UNFILLED, "unfilled", FILLING)        \
    X(REGULAR, "regular", IRREGULAR) X(IRREGULAR, "irregular", IRREGULAR)    \
    X(JOINED, "joined", JOINED)      X(UNJOINED, "unjoined", JOINED)         \
    X(LIMITED, "limited", LIMITED)   X(UNLIMITED, "unlimited", LIMITED)      \
    X(RADIAL, "radial", GRADTYPE)    X(SQUARE, "square", GRADTYPE)           \
    X(DRY, "dry", HUMIDITY)          X(WET, "wet", HUMIDITY)                 \
    X(HOT, "hot", HUMIDITY)          X(SOLID, "solid", HUMIDITY)             \
    X(ANY, "any", HUMIDITY)                                                  \
    X(HEAR, "hear", MSGOUT)          X(PLINE, "pline", MSGOUT)               \
    X(VERBAL, "verbal", MSGOUT)      X(FEEL, "feel", MSGOUT)                 \
    X(TRAPPED, "trapped", TRAPPED)   X(NOT_TRAPPED, "not_trapped", TRAPPED)  \
    X(HORIZONTAL, "horizontal", HORIZVERT)                                   \
    X(VERTICAL, "vertical", HORIZVERT)                                       \
    X(NONE, "none", NONE)                                                    \
    X(SOLIDFILL, "solidfill", INITSTYLE) X(MAZEGRID, "mazegrid", INITSTYLE)  \
    X(MINES, "mines", INITSTYLE)     X(ROGUE, "rogue", INITSTYLE)            \
    X(SHEOLLEV, "sheollev", INITSTYLE)                                       \
    X(NOTELEPORT, "noteleport", FLAG) X(HARDFLOOR, "hardfloor", FLAG)        \
    X(NOMMAP, "nommap", FLAG)        X(SHORTSIGHTED, "shortsighted", FLAG)   \
    X(ARBOREAL, "arboreal", FLAG)    X(NOFLIPX, "noflipx", FLAG)             \
    X(NOFLIPY, "noflipy", FLAG)      X(NOFLIP, "noflip", FLAG)               \
    X(MAZELEVEL, "mazelevel", FLAG)  X(PREMAPPED, "premapped", FLAG)         \
    X(SHROUD, "shroud", FLAG)        X(STORMY, "stormy", FLAG)               \
    X(GRAVEYARD, "graveyard", FLAG)  X(ICEDPOOLS, "icedpools", FLAG)         \
    X(SOLIDIFY, "solidify", FLAG)    X(CORRMAZE, "corrmaze", FLAG)           \
    X(INACCESSIBLES, "inaccessibles", FLAG) X(SKY, "sky", FLAG)              \
    X(SHEOL, "sheol", FLAG)          X(RNDVAULT, "rndvault", FLAG)        \
    X(OUTDOORS, "outdoors", FLAG)    X(SPOOKY, "spooky", FLAG)             \
    X(SWAMPY, "swampy", FLAG)        X(DESERT, "desert", FLAG)             \
    X(THRONE_ON_GROUND, "throne_on_ground", FLAG)                            \
    X(FOUNTAIN_ON_GRASS, "fountain_on_grass", FLAG)                          \
    X(FOUNTAIN_ON_GROUND, "fountain_on_ground", FLAG)                        \
    X(TREE_ON_GROUND, "tree_on_ground", FLAG)                                \
    X(MAPPING_DOES_NOT_REVEAL_SPECIAL, "mapping_does_not_reveal_special",    \
      FLAG)                                                                  \
    X(NO_MAP_PADDING, "no_map_padding", FLAG)                                \
    X(MINESLIGHT, "mineslight", LIGHT)

enum lev_word {
    LEV_W_NOWORD = 0,
#define X(e, s, c) LEV_W_##e,
    LEV_VALUE_WORDS(X)
#undef X
    LEV_W_COUNT
};
/* Spelling of a value word ("lit"), or "?" for an unknown code. */
const char *lev_word_name(int w);

/* ---- attribute keys of MONSTER / OBJECT / CONTAINER ---- */
#define LEV_ATTR_KEYS(X)                                                     \
    X(NAME, "name")           X(ATTITUDE, "attitude")                        \
    X(ALERTNESS, "alertness") X(ALIGN, "align")                              \
    X(APPEARANCE, "appearance") X(FEMALE, "female")                          \
    X(INVISIBLE, "invisible") X(CANCELLED, "cancelled")                      \
    X(REVIVED, "revived")     X(AVENGE, "avenge")                            \
    X(FLEEING, "fleeing")     X(BLINDED, "blinded")                          \
    X(PARALYZED, "paralyzed") X(STUNNED, "stunned")                          \
    X(CONFUSED, "confused")   X(SEEN_TRAPS, "seen_traps")                    \
    X(CURSE, "curse")         X(MONTYPE, "montype")                          \
    X(SPE, "enchantment")     X(QUANTITY, "quantity")                        \
    X(BURIED, "buried")       X(LIGHT, "light")                              \
    X(ERODED, "eroded")       X(ERODEPROOF, "erodeproof")                    \
    X(LOCK, "lock")           X(TRAPPED, "trapped")                          \
    X(RECHARGED, "recharged") X(GREASED, "greased")                          \
    X(COORD, "coord")                                                        \
    X(DEAD, "dead")           X(PRIZE, "prize")

enum lev_attr_key {
#define X(e, s) LEV_A_##e,
    LEV_ATTR_KEYS(X)
#undef X
    LEV_A_COUNT
};

/* ---- expressions ----
 * kind            fields used
 * INT             ival
 * STRING          sval (bytes as written, without the quotes)
 * CHAR            ival (the character)
 * DICE            ival = count, ival2 = sides       (3d6)
 * PERCENT         ival                              (50%)
 * RANDOM          args = humidity words of random[dry,wet] (none: plain)
 * WORD            ival = enum lev_word              (lit, north, ...)
 * VAR             sval = name with '$', sval2 = method after the first dot
 *                 or NULL, args[0] = index of $v[i] (nargs 0 without one)
 * CALL            sval = name, args, ival = 1 when written with ()
 * BINOP           ival = '+' '-' '*' '/' '%' '.', args[0], args[1]
 * NEG             args[0]                           (unary minus)
 * CMP             ival = LEV_CMP_*, args[0], args[1] (only in conditions)
 * COORD           args[0..1]                        ((x,y))
 * REGION          args[0..3]                        ((x1,y1,x2,y2))
 * MAPCHAR         args[0] = CHAR, args[1] = light   (('c', lit))
 * CLASSNAME       args[0] = CHAR, args[1] = name    (('c', "name"))
 * TUPLE           args: any other parenthesised list (corridor ends,
 *                 sounds, monster-generation entries)
 * LEVREGION       args[0..3]                        (levregion(...))
 * ARRAY           args                              ({ a, b, ... })
 * TYPED           ival = LEV_T_*, args[0]           (selection: x, ...)
 * DIRS            args = DIRECTION words            (north|west)
 * ALIGNREG        args[0] = index                   (align[n])
 * STRLIST         args = strings                    ("a"|"b")
 * SEL             ival = LEV_SEL_*, args as listed by LEV_SEL_OPS
 * ATTR            ival = enum lev_attr_key, args[0] = value or nargs 0 */
#define LEV_EXPR_KINDS(X)                                                    \
    X(INT, "int") X(STRING, "string") X(CHAR, "char") X(DICE, "dice")        \
    X(PERCENT, "percent") X(RANDOM, "random") X(WORD, "word")                \
    X(VAR, "var") X(CALL, "call") X(BINOP, "binop") X(NEG, "neg")            \
    X(CMP, "cmp") X(COORD, "coord") X(REGION, "region")                      \
    X(MAPCHAR, "mapchar") X(CLASSNAME, "classname") X(TUPLE, "tuple")        \
    X(LEVREGION, "levregion") X(ARRAY, "array") X(TYPED, "typed")            \
    X(DIRS, "dirs") X(ALIGNREG, "alignreg") X(STRLIST, "strlist")            \
    X(SEL, "sel") X(ATTR, "attr")

enum lev_expr_kind {
#define X(e, s) LEV_E_##e,
    LEV_EXPR_KINDS(X)
#undef X
    LEV_E_COUNT
};

enum lev_cmp { LEV_CMP_EQ, LEV_CMP_NE, LEV_CMP_LT, LEV_CMP_LE, LEV_CMP_GT,
               LEV_CMP_GE };
enum lev_typed { LEV_T_SELECTION, LEV_T_TERRAIN, LEV_T_MONSTER,
                 LEV_T_OBJECT };

/* Selection operators: X(enum, name, argument slots). */
#define LEV_SEL_OPS(X)                                                       \
    X(UNION, "union", "left,right")                                          \
    X(RECT, "rect", "region")                                                \
    X(FILLRECT, "fillrect", "region")                                        \
    X(LINE, "line", "from,to")                                               \
    X(RANDLINE, "randline", "from,to,roughness")                             \
    X(GROW, "grow", "selection,directions")                                  \
    X(FILTER, "filter", "filter,selection")                                  \
    X(FLOODFILL, "floodfill", "coord")                                       \
    X(CIRCLE, "circle", "center,radius,fill")                                \
    X(ELLIPSE, "ellipse", "center,xradius,yradius,fill")                     \
    X(GRADIENT, "gradient", "type,min,max,limited,from,to")                  \
    X(COMPLEMENT, "complement", "selection")                                 \
    X(RNDCOORD, "rndcoord", "selection")

enum lev_sel_op {
#define X(e, s, a) LEV_SEL_##e,
    LEV_SEL_OPS(X)
#undef X
    LEV_SEL_COUNT
};

/* The deepest expression tree accepted (documented limit, then an error). */
#define LEV_MAX_EXPR_DEPTH 1000
/* The deepest nesting of (), [] and {} accepted by the scanner. */
#define LEV_MAX_NESTING 256
/* INCLUDE files nested deeper than this are refused. */
#define LEV_MAX_INCLUDE_DEPTH 16

/* 56 bytes a node (a 10 MB level has millions): the kind and depth share
 * a word, numbers are ints (the scanner refuses larger ones), and sval2
 * (VAR, parameters) shares its place with ival2 (DICE only).
 * Only the kinds that LEV_EXPR_HAS_STRINGS names have the last two fields
 * (sval, sval2 / ival2): every other node is allocated without them, 40
 * bytes, so never read them without knowing the kind (most nodes are
 * numbers, coordinates, words and attributes). */
typedef struct lev_expr lev_expr;
struct lev_expr {
    enum lev_expr_kind kind : 8;
    unsigned depth : 16;        /* 1 + depth of the deepest argument
                                   (saturates; LEV_MAX_EXPR_DEPTH is less) */
    unsigned nargs;
    lev_pos pos;
    int ival;
    lev_expr **args;            /* NULL entries allowed for absent parts */
    /* ---- STRING, VAR, CALL, DICE and ARRAY (a call's arguments) only */
    char *sval;
    union {
        int ival2;              /* DICE */
        char *sval2;            /* VAR, parameters */
    };
};
#define LEV_EXPR_HAS_STRINGS(k)                                              \
    ((k) == LEV_E_STRING || (k) == LEV_E_VAR || (k) == LEV_E_CALL ||          \
     (k) == LEV_E_DICE || (k) == LEV_E_ARRAY)

/* ---- statements ----
 * X(enum, name, argument slots in order; a slot may be NULL).
 * Statements with a block use `body`; IF also `else_body`.  SWITCH's body
 * holds CASE / DEFAULT statements, whose bodies hold the case code. */
#define LEV_STMT_KINDS(X)                                                    \
    X(MESSAGE, "MESSAGE", "text")                                            \
    X(INIT_MAP, "INIT_MAP", "style,fill,bg,smoothed,joined,light,walled,filling") \
    X(FLAGS, "FLAGS", "flags")                                               \
    X(MAP, "MAP", "halign,valign,coord,keep")                                \
    X(NOMAP, "NOMAP", "")                                                    \
    X(OBJECT, "OBJECT", "object")                                            \
    X(CONTAINER, "CONTAINER", "object")                                      \
    X(MONSTER, "MONSTER", "monster,coord")                                   \
    X(TRAP, "TRAP", "type,coord")                                            \
    X(DOOR, "DOOR", "state,selection")                                       \
    X(ROOMDOOR, "ROOMDOOR", "secret,state,walls,pos")                        \
    X(DRAWBRIDGE, "DRAWBRIDGE", "coord,dir,state")                           \
    X(MAZEWALK, "MAZEWALK", "coord,dir,stocked,fill")                        \
    X(WALLIFY, "WALLIFY", "selection")                                       \
    X(REGION, "REGION", "region,light,type,flags")                           \
    X(ROOM, "ROOM", "type,chance,light,pos,align,size,flags")                \
    X(SUBROOM, "SUBROOM", "type,chance,light,pos,size,flags")                \
    X(ALTAR, "ALTAR", "coord,align,type")                                    \
    X(LADDER, "LADDER", "coord,dir")                                         \
    X(STAIR, "STAIR", "coord,dir")                                           \
    X(STAIR_REGION, "STAIR", "region,exclude,dir")                           \
    X(PORTAL, "PORTAL", "region,exclude,destination")                        \
    X(TELEPORT_REGION, "TELEPORT_REGION", "region,exclude,dir")              \
    X(BRANCH, "BRANCH", "region,exclude")                                    \
    X(FOUNTAIN, "FOUNTAIN", "selection")                                     \
    X(SINK, "SINK", "selection")                                             \
    X(POOL, "POOL", "selection")                                             \
    X(TERRAIN, "TERRAIN", "selection,terrain")                               \
    X(REPLACE_TERRAIN, "REPLACE_TERRAIN", "region,from,to,chance")           \
    X(NON_DIGGABLE, "NON_DIGGABLE", "region")                                \
    X(NON_PASSWALL, "NON_PASSWALL", "region")                                \
    X(GOLD, "GOLD", "amount,coord")                                          \
    X(ENGRAVING, "ENGRAVING", "coord,type,text")                             \
    X(GRAVE, "GRAVE", "coord,text")                                          \
    X(MINERALIZE, "MINERALIZE", "kelp_pool,kelp_moat,gold,gems")             \
    X(RANDOM_CORRIDORS, "RANDOM_CORRIDORS", "style")                         \
    X(CORRIDOR, "CORRIDOR", "from,to")                                       \
    X(SPILL, "SPILL", "coord,terrain,dir,length")                            \
    X(WALLWALK, "WALLWALK", "coord,fg,bg,chance")                            \
    X(SOUNDS, "SOUNDS", "frequency,sounds")                                  \
    X(MON_GENERATION, "MON_GENERATION", "chance,entries")                    \
    X(VAULTGEN, "VAULTGEN", "frequency")                                     \
    X(MINDEPTH, "MINDEPTH", "depth")                                         \
    X(NOTED, "NOTED", "")                                                    \
    X(EXIT, "EXIT", "")                                                      \
    X(SHUFFLE, "SHUFFLE", "array")                                           \
    X(ASSIGN, "ASSIGN", "var,value")                                         \
    X(IF, "IF", "cond")                                                      \
    X(LOOP, "LOOP", "count")                                                 \
    X(SWITCH, "SWITCH", "value")                                             \
    X(CASE, "CASE", "value")                                                 \
    X(DEFAULT, "DEFAULT", "")                                                \
    X(BREAK, "BREAK", "")                                                    \
    X(FOR, "FOR", "var,from,to")                                             \
    X(FUNCTION, "FUNCTION", "params")                                        \
    X(CALL, "CALL", "args")                                                  \
    X(INCLUDE, "INCLUDE", "file")

enum lev_stmt_kind {
#define X(e, s, a) LEV_S_##e,
    LEV_STMT_KINDS(X)
#undef X
    LEV_S_COUNT
};

typedef struct lev_stmt lev_stmt;
typedef struct lev_block {
    lev_stmt **v;
    unsigned n, cap;
} lev_block;

/* A MAP ... ENDMAP block: rows exactly as written (a CR before the newline
 * removed), and the same rows with the margin digits deleted. */
typedef struct lev_map_row {
    char *text;             /* raw row */
    char *cells;            /* row without digits */
    size_t len, ncells;     /* strlen(text), strlen(cells) */
    int line;               /* source line of the row */
} lev_map_row;

typedef struct lev_map {
    lev_pos pos;            /* the MAP line to the ENDMAP line */
    lev_map_row *rows;
    size_t nrows, cap;
    size_t width;           /* longest row after digit removal */
} lev_map;

typedef struct lev_file lev_file;

struct lev_stmt {
    enum lev_stmt_kind kind : 8;
    unsigned has_body : 1;  /* a { } block was written (MONSTER, REGION) */
    unsigned has_else : 1;
    unsigned nargs;
    lev_pos pos;            /* the keyword through the end of the statement */
    unsigned nattrs;
    lev_expr *chance;       /* "[50%]:" / "[expr]:" prefix, or NULL */
    lev_expr **args;        /* slots as in LEV_STMT_KINDS */
    lev_expr **attrs;       /* MONSTER/OBJECT/CONTAINER attributes (ATTR) */
    char *name;             /* FUNCTION / CALL name, INCLUDE file */
    lev_block body, else_body;
    union {                 /* read them for their kind only */
        lev_map *map;       /* MAP */
        lev_file *included; /* INCLUDE: the parsed file, or NULL */
    };
};

typedef struct lev_level {
    lev_pos pos;
    char *name;             /* LEVEL:"name" */
    lev_pos name_pos;
    lev_stmt *flags;        /* the FLAGS line, or NULL */
    lev_expr *maze_fill;    /* NetHack 3.6 header MAZE:"name",fill: the
                               fill (CHAR or RANDOM); NULL after LEVEL */
    lev_block body;
} lev_level;

struct lev_file {
    char *path;             /* name used in positions and messages */
    unsigned id;            /* its number in positions (lev_pos.file) */
    lev_block header;       /* FUNCTION / INCLUDE before the first LEVEL */
    lev_level **levels;
    size_t nlevels, cap;
    int errors, warnings;   /* diagnostics reported for this file and its
                               includes */
    char *src;              /* the source text (for later stages' quoted
                               lines), or NULL */
    int dialect;            /* SPLEV_DIALECT_* the file is read in: forced
                               by the options, else NetHack 3.6 when a
                               level has a MAZE header */
    int variant;            /* SPLEV_VARIANT_* (splev/variant.h), 0 none */
    size_t src_len;
};

/* The -Wdialect warnings (doc/dialects.md), for a construct (%s) only
 * UnNetHack or only NetHack 3.6 has, in a file of the other dialect. */
#define LEV_WDIALECT_UN "%s is UnNetHack, not NetHack 3.6 [-Wdialect]"
#define LEV_WDIALECT_NH "%s is NetHack 3.6, not UnNetHack [-Wdialect]"

/* ---- constructors (ast.c) ---- */
lev_expr *lev_expr_new(enum lev_expr_kind kind, lev_pos pos);
/* Appends an argument (NULL allowed) and keeps depth up to date. */
void lev_expr_add(lev_expr *e, lev_expr *arg);
lev_expr *lev_expr_int(lev_pos pos, long v);
lev_expr *lev_expr_word(lev_pos pos, int word);
lev_expr *lev_expr_str(enum lev_expr_kind kind, lev_pos pos, char *s);
lev_expr *lev_expr_op(enum lev_expr_kind kind, long op, lev_pos pos,
                      lev_expr *a, lev_expr *b);
void lev_expr_free(lev_expr *e);

lev_stmt *lev_stmt_new(enum lev_stmt_kind kind, lev_pos pos);
void lev_stmt_arg(lev_stmt *s, lev_expr *arg);
void lev_stmt_attr(lev_stmt *s, lev_expr *attr);
void lev_stmt_free(lev_stmt *s);

void lev_block_add(lev_block *b, lev_stmt *s);
void lev_block_free(lev_block *b);

lev_map *lev_map_new(void);
void lev_map_add_row(lev_map *m, const char *text, size_t len, int line);
/* The same, when the caller has already looked for digits in the row. */
void lev_map_add_row_known(lev_map *m, const char *text, size_t len,
                           int line, int digits);
void lev_map_free(lev_map *m);

lev_level *lev_level_new(lev_pos pos, char *name, lev_pos name_pos);
void lev_level_free(lev_level *l);
lev_file *lev_file_new(const char *path);
void lev_file_add_level(lev_file *f, lev_level *l);
void lev_file_free(lev_file *f);

/* Names for messages and dumps. */
const char *lev_stmt_name(enum lev_stmt_kind k);
const char *lev_stmt_slots(enum lev_stmt_kind k);
const char *lev_expr_kind_name(enum lev_expr_kind k);
const char *lev_sel_name(int op);
const char *lev_sel_slots(int op);
const char *lev_attr_name(int key);

#endif
