/* opcodes.h - THE opcode table of level scripts.
 *
 * One X-macro list is the single source of the opcode enum, the names the
 * disassembler prints, and the operand kinds and stack effects the
 * verifier checks, the interpreter's dispatch and the work it charges.
 * OP(name, arg, pops, pops_per_n, pushes, work, run):
 *   arg         what the instruction's 32-bit operand means (OPARG_*)
 *   pops        values taken from the operand stack ...
 *   pops_per_n  ... plus this many times the instruction's count field n
 *   pushes      values left on the stack
 *   work        steps charged on top of the instruction's one, in whole
 *               maps (its cells): 1 for a statement that walks the map or
 *               a selection of it, 4 for INIT_MAP's cave styles
 *   run         who runs it (OPRUN_*): the VM itself (values, jumps,
 *               calls), the selection code, the generator stage, or the
 *               statement code
 * Operands are listed in PUSH order (bottom of the stack first); the
 * interpreter pops them in reverse.  doc/formats.md describes each one.
 *
 * Instruction layout: { u8 op; u8 a; u16 n; i32 arg }.  `a` is a small
 * flag, `n` a count, `arg` the operand. */
#ifndef SPLEV_OPCODES_H
#define SPLEV_OPCODES_H

enum {
    OPARG_NONE,      /* arg is 0 */
    OPARG_INT,       /* an immediate integer */
    OPARG_CONST,     /* index into the constant pool */
    OPARG_JUMP,      /* target = this instruction's index + arg */
    OPARG_SLOT,      /* variable slot in the current function's frame */
    OPARG_FUNC,      /* function index */
    OPARG_CORE,      /* core function number (CORE_*) */
};

enum {
    OPRUN_VM,        /* the run loop itself: values, jumps, calls */
    OPRUN_SEL,       /* the selection code (interp/sel.c) */
    OPRUN_GEN,       /* the generator stage (interp/genops.c) */
    OPRUN_STMT,      /* the statement code (interp/stmt.c) */
};

#define SPLEV_OPCODES(OP)                                                    \
    /* ---- values and variables ---- */                                     \
    OP(NOP,              NONE,  0, 0, 0, 0, VM  ) /* */                      \
    OP(PUSH_INT,         INT,   0, 0, 1, 0, VM  ) /* -> INT arg */           \
    OP(PUSH_CONST,       CONST, 0, 0, 1, 0, VM  ) /* -> constant arg */      \
    OP(PUSH_NULL,        NONE,  0, 0, 1, 0, VM  ) /* -> NULL */              \
    OP(POP,              NONE,  1, 0, 0, 0, VM  ) /* v */                    \
    OP(COPY,             NONE,  1, 0, 2, 0, VM  ) /* v -> v v */             \
    OP(GET,              SLOT,  0, 0, 1, 0, VM  ) /* -> value of slot arg */ \
    OP(GET_ELEM,         SLOT,  1, 0, 1, 0, VM  ) /* index -> element of     \
        array slot */                                                        \
    OP(SET,              SLOT,  1, 0, 0, 0, VM  ) /* v: store in slot arg */ \
    OP(SET_ARRAY,        SLOT,  0, 1, 0, 0, VM  ) /* v1..vn: slot arg =      \
        array */                                                             \
    OP(LENGTH,           SLOT,  0, 0, 1, 0, VM  ) /* -> INT length of array  \
        slot */                                                              \
    OP(SHUFFLE,          SLOT,  0, 0, 0, 0, VM  ) /* shuffle array slot in   \
        place */                                                             \
    /* ---- arithmetic and comparison ---- */                                \
    OP(ADD,              NONE,  2, 0, 1, 0, VM  ) /* a b -> a+b (strings:    \
        a.b) */                                                              \
    OP(SUB,              NONE,  2, 0, 1, 0, VM  ) /* a b -> a-b */           \
    OP(MUL,              NONE,  2, 0, 1, 0, VM  ) /* a b -> a*b */           \
    OP(DIV,              NONE,  2, 0, 1, 0, VM  ) /* a b -> a/b (0 if b <    \
        1) */                                                                \
    OP(MOD,              NONE,  2, 0, 1, 0, VM  ) /* a b -> a%b (0 if b <    \
        1) */                                                                \
    OP(SIGN,             NONE,  1, 0, 1, 0, VM  ) /* a -> -1, 0 or 1 */      \
    OP(DICE,             NONE,  2, 0, 1, 0, VM  ) /* count sides -> dice     \
        roll */                                                              \
    OP(RN2,              NONE,  1, 0, 1, 0, VM  ) /* n -> rn2(n), 0 if n <   \
        2 */                                                                 \
    OP(INC,              NONE,  1, 0, 1, 0, VM  ) /* n -> n+1 */             \
    OP(DEC,              NONE,  1, 0, 1, 0, VM  ) /* n -> n-1 */             \
    OP(CMP,              NONE,  2, 0, 1, 0, VM  ) /* a b -> flags LT 1, GT   \
        2, EQ 4 */                                                           \
    OP(JMP,              JUMP,  0, 0, 0, 0, VM  ) /* */                      \
    OP(JL,               JUMP,  1, 0, 0, 0, VM  ) /* flags */                \
    OP(JLE,              JUMP,  1, 0, 0, 0, VM  ) /* flags */                \
    OP(JG,               JUMP,  1, 0, 0, 0, VM  ) /* flags */                \
    OP(JGE,              JUMP,  1, 0, 0, 0, VM  ) /* flags */                \
    OP(JE,               JUMP,  1, 0, 0, 0, VM  ) /* flags */                \
    OP(JNE,              JUMP,  1, 0, 0, 0, VM  ) /* flags */                \
    OP(CALL,             FUNC,  0, 1, 0, 0, VM  ) /* arg1..argn: call        \
        function arg */                                                      \
    OP(RETURN,           NONE,  0, 0, 0, 0, VM  ) /* */                      \
    OP(EXIT,             NONE,  0, 0, 0, 0, VM  ) /* stop the script */      \
    OP(CORE,             CORE,  0, 1, 1, 0, VM  ) /* arg1..argn -> core      \
        function */                                                          \
    /* ---- level set-up ---- */                                             \
    OP(LEVEL_FLAGS,      INT,   0, 0, 0, 0, STMT) /* arg = SPLEV_F_* bits */ \
    OP(INIT_MAP,         INT,   7, 0, 0, 4, GEN ) /* fg bg smoothed joined   \
        lit walled fill; arg = style */                                      \
    OP(MAP,              CONST, 1, 0, 0, 1, STMT) /* coord|NULL; arg = MAP   \
        constant, a = 0 none 1 align 2 coord, n = keep */                    \
    OP(MESSAGE,          NONE,  1, 0, 0, 0, STMT) /* str */                  \
    OP(MINERALIZE,       NONE,  4, 0, 0, 1, STMT) /* kelp_pool kelp_moat     \
        gold gem */                                                          \
    OP(MON_GENERATION,   NONE,  1, 2, 0, 0, STMT) /* percent (freq           \
        monst)*n */                                                          \
    OP(SOUNDS,           NONE,  1, 2, 0, 0, STMT) /* freq (kind str)*n */    \
    /* ---- rooms and regions ---- */                                        \
    OP(ROOM,             NONE, 10, 0, 0, 1, GEN ) /* type chance lit flags   \
        xalign yalign x y w h; a = 1 subroom */                              \
    OP(ENDROOM,          NONE,  0, 0, 0, 0, STMT) /* */                      \
    OP(REGION,           NONE,  4, 0, 0, 1, STMT) /* region lit type flags;  \
        a = 1 has a block */                                                 \
    OP(ROOMDOOR,         NONE,  4, 0, 0, 0, GEN ) /* secret state walls      \
        pos */                                                               \
    OP(CORRIDOR,         NONE,  6, 0, 0, 1, GEN ) /* r1 door1 dir1 r2 door2  \
        dir2 */                                                              \
    OP(RANDOM_CORRIDORS, NONE,  1, 0, 0, 1, GEN ) /* style */                \
    /* ---- terrain ---- */                                                  \
    OP(TERRAIN,          NONE,  2, 0, 0, 1, STMT) /* sel mapchar */          \
    OP(REPLACE_TERRAIN,  NONE,  4, 0, 0, 1, STMT) /* region from to          \
        chance */                                                            \
    OP(FEATURE,          INT,   1, 0, 0, 1, STMT) /* sel; arg = terrain      \
        (fountain, sink, pool) */                                            \
    OP(SPILL,            NONE,  4, 0, 0, 0, STMT) /* coord mapchar count     \
        dir */                                                               \
    OP(WALLWALK,         NONE,  4, 0, 0, 0, STMT) /* coord fg bg chance */   \
    OP(MAZEWALK,         NONE,  4, 0, 0, 1, GEN ) /* coord dir stocked       \
        fill */                                                              \
    OP(WALLIFY,          NONE,  0, 0, 0, 1, STMT) /* whole map */            \
    OP(WALLIFY_SEL,      NONE,  1, 0, 0, 1, STMT) /* sel */                  \
    OP(NON_DIGGABLE,     NONE,  1, 0, 0, 1, STMT) /* region */               \
    OP(NON_PASSWALL,     NONE,  1, 0, 0, 1, STMT) /* region */               \
    OP(DRAWBRIDGE,       NONE,  3, 0, 0, 0, STMT) /* coord state dir */      \
    OP(DOOR,             NONE,  2, 0, 0, 1, STMT) /* sel state */            \
    /* ---- things ---- */                                                   \
    OP(STAIR,            NONE,  2, 0, 0, 0, STMT) /* coord up; a = 1         \
        ladder */                                                            \
    OP(LEVREGION,        NONE, 12, 0, 0, 0, STMT) /* x1 y1 x2 y2 abs dx1 dy1 \
        dx2 dy2 dabs type dest|NULL */                                       \
    OP(ALTAR,            NONE,  3, 0, 0, 0, STMT) /* coord align shrine */   \
    OP(GRAVE,            NONE,  2, 0, 0, 0, STMT) /* coord text|NULL; a = 1  \
        random */                                                            \
    OP(ENGRAVING,        NONE,  3, 0, 0, 0, STMT) /* coord text type */      \
    OP(GOLD,             NONE,  2, 0, 0, 0, STMT) /* amount coord */         \
    OP(TRAP,             NONE,  2, 0, 0, 0, STMT) /* coord type */           \
    OP(MONSTER,          NONE,  2, 2, 0, 0, STMT) /* monst coord (value      \
        key)*n; a = 1 inventory block follows */                             \
    OP(END_MONINVENT,    NONE,  0, 0, 0, 0, STMT) /* */                      \
    OP(OBJECT,           NONE,  1, 2, 0, 0, STMT) /* obj (value key)*n; a =  \
        1 content, a|2 container block follows */                            \
    OP(POP_CONTAINER,    NONE,  0, 0, 0, 0, STMT) /* */                      \
    /* ---- selections ---- */                                               \
    OP(SEL_ADD,          NONE,  2, 0, 1, 1, SEL ) /* sel sel -> union */     \
    OP(SEL_POINT,        NONE,  1, 0, 1, 1, SEL ) /* coord -> sel */         \
    OP(SEL_RECT,         NONE,  1, 0, 1, 1, SEL ) /* region -> sel */        \
    OP(SEL_FILLRECT,     NONE,  1, 0, 1, 1, SEL ) /* region -> sel */        \
    OP(SEL_LINE,         NONE,  2, 0, 1, 1, SEL ) /* c1 c2 -> sel */         \
    OP(SEL_RNDLINE,      NONE,  3, 0, 1, 1, SEL ) /* c1 c2 roughness ->      \
        sel */                                                               \
    OP(SEL_GROW,         NONE,  2, 0, 1, 1, SEL ) /* sel dirs -> sel */      \
    OP(SEL_FLOOD,        NONE,  1, 0, 1, 1, SEL ) /* coord -> sel */         \
    OP(SEL_RNDCOORD,     NONE,  1, 0, 1, 1, SEL ) /* sel -> coord */         \
    OP(SEL_ELLIPSE,      NONE,  4, 0, 1, 1, SEL ) /* coord a b filled ->     \
        sel */                                                               \
    OP(SEL_FILTER_PCT,   NONE,  2, 0, 1, 1, SEL ) /* percent sel -> sel */   \
    OP(SEL_FILTER_SEL,   NONE,  2, 0, 1, 1, SEL ) /* sel sel ->              \
        intersection */                                                      \
    OP(SEL_FILTER_MAP,   NONE,  2, 0, 1, 1, SEL ) /* mapchar sel -> sel */   \
    OP(SEL_GRADIENT,     NONE,  6, 0, 1, 1, SEL ) /* min max c1 c2 limited   \
        type -> sel */                                                       \
    OP(SEL_COMPLEMENT,   NONE,  1, 0, 1, 1, SEL ) /* sel -> sel */

#define SPLEV_OP_ENUM(name, arg, pops, per_n, pushes, work, run) OP_##name,
enum { SPLEV_OPCODES(SPLEV_OP_ENUM) OP_COUNT_ };
#undef SPLEV_OP_ENUM

typedef struct splev_opinfo {
    const char *name;
    int arg;          /* OPARG_* */
    int pops, pops_per_n, pushes;
    int work;         /* whole maps of steps charged on top */
    int run;          /* OPRUN_* */
} splev_opinfo;

/* The table, indexed by opcode (levcode.c). */
extern const splev_opinfo splev_ops[OP_COUNT_];


/* ---- core functions: CORE(name, spelling, arguments, result, type of
 * the first argument, type of the others) ----
 * Arguments are pushed in source order; the number is the instruction's
 * n.  Result types are value types (SPLEV_V_*). */
#define SPLEV_CORE_FUNCS(CORE)                                               \
    CORE(LEVEL_DIFFICULTY, "level.difficulty",       0, INT, INT, INT)       \
    CORE(LEVEL_DEPTH,      "level.depth",            0, INT, INT, INT)       \
    CORE(DISCORDIAN,       "time.discordian_holiday", 0, INT, INT, INT)      \
    CORE(PIRATEDAY,        "time.pirateday",         0, INT, INT, INT)       \
    CORE(APRILFOOLS,       "time.aprilfoolsday",     0, INT, INT, INT)       \
    CORE(PIDAY,            "time.piday",             0, INT, INT, INT)       \
    CORE(TOWELDAY,         "time.towelday",          0, INT, INT, INT)       \
    CORE(MIDNIGHT,         "time.midnight",          0, INT, INT, INT)       \
    CORE(NIGHT,            "time.night",             0, INT, INT, INT)       \
    CORE(FRIDAY13,         "time.friday_13th",       0, INT, INT, INT)       \
    CORE(MOON_PHASE,       "time.phase_of_the_moon", 0, INT, INT, INT)       \
    CORE(YYYYMMDD,         "time.yyyymmdd",          0, INT, INT, INT)       \
    CORE(HERO_NAME,        "hero.name",              0, STR, INT, INT)       \
    CORE(HERO_ROLE,        "hero.role",              0, STR, INT, INT)       \
    CORE(HERO_RACE,        "hero.race",              0, STR, INT, INT)       \
    CORE(STRING,           "string",                 1, STR, INT, INT)       \
    CORE(INTEGER,          "integer",                1, INT, STR, STR)       \
    CORE(COORD,            "coord",                  2, COORD, INT, INT)     \
    CORE(REGION,           "region",                 4, REGION, INT, INT)    \
    CORE(RND,              "rnd",                    1, INT, INT, INT)       \
    CORE(OBJ_AT,           "level.obj_at",           2, INT, OBJ, COORD)     \
    CORE(MON_AT,           "level.mon_at",           2, INT, MONST, COORD)   \
    CORE(CARRYING,         "hero.carrying",          1, INT, OBJ, OBJ)       \
    CORE(ROOM_WIDTH,       "room.width",             0, INT, INT, INT)       \
    CORE(ROOM_HEIGHT,      "room.height",            0, INT, INT, INT)       \
    CORE(ROOM_X,           "room.x",                 0, INT, INT, INT)       \
    CORE(ROOM_Y,           "room.y",                 0, INT, INT, INT)       \
    CORE(COORD_X,          ".x",                     1, INT, COORD, COORD)   \
    CORE(COORD_Y,          ".y",                     1, INT, COORD, COORD)

#define SPLEV_CORE_ENUM(name, spelling, nargs, result, first, rest) CORE_##name,
enum { SPLEV_CORE_FUNCS(SPLEV_CORE_ENUM) CORE_COUNT_ };
#undef SPLEV_CORE_ENUM

typedef struct splev_coreinfo {
    const char *spelling;
    int nargs;
    int result;       /* SPLEV_V_* */
    int arg_first, arg_rest;   /* SPLEV_V_* of the arguments */
} splev_coreinfo;

extern const splev_coreinfo splev_cores[CORE_COUNT_];

/* The type of argument i of core function fn: the checker, the code
 * generator and the VM all ask here. */
static inline int splev_core_arg_type(int fn, int i)
{
    return i == 0 ? splev_cores[fn].arg_first : splev_cores[fn].arg_rest;
}

/* MONSTER attribute keys (the value is pushed before its key). */
enum {
    MK_PEACEFUL, MK_ALIGN, MK_ASLEEP, MK_APPEAR_FEATURE, MK_APPEAR_MONSTER,
    MK_APPEAR_OBJECT, MK_NAME, MK_FEMALE, MK_INVISIBLE, MK_CANCELLED,
    MK_REVIVED, MK_AVENGE, MK_FLEEING, MK_BLINDED, MK_PARALYZED, MK_STUNNED,
    MK_CONFUSED, MK_SEENTRAPS, MK_COUNT_
};

/* OBJECT attribute keys. */
enum {
    OK_SPE, OK_CURSE, OK_MONTYPE, OK_NAME, OK_QUANTITY, OK_BURIED, OK_LIT,
    OK_ERODED, OK_LOCKED, OK_TRAPPED, OK_RECHARGED, OK_INVISIBLE, OK_GREASED,
    OK_BROKEN, OK_COORD, OK_ERODEPROOF, OK_COUNT_
};

/* Coordinate constant flags (splev_const.c of a COORD). */
enum {
    CF_DRY = 1, CF_WET = 2, CF_HOT = 4, CF_SOLID = 8, CF_ANY = 16,
    CF_RANDOM = 256
};

#endif
