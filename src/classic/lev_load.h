/* lev_load.h - the games' compiled level files (.lev written by their
 * lev_comp): recognised by their version record, decoded and verified
 * without trusting any byte.  Internal to the project. */
#ifndef SPLEV_LEV_LOAD_H
#define SPLEV_LEV_LOAD_H

#include "classic/classic.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Opcodes by meaning; the numbers in a file differ between the games
 * (lev_load.c maps them). */
#define CLASSIC_LEV_OPS(OP)                                                  \
    OP(NULL) OP(MESSAGE) OP(MONSTER) OP(OBJECT) OP(ENGRAVING) OP(ROOM)       \
    OP(SUBROOM) OP(DOOR) OP(STAIR) OP(LADDER) OP(ALTAR) OP(FOUNTAIN)         \
    OP(SINK) OP(POOL) OP(TRAP) OP(GOLD) OP(CORRIDOR) OP(LEVREGION)           \
    OP(DRAWBRIDGE) OP(MAZEWALK) OP(NON_DIGGABLE) OP(NON_PASSWALL)            \
    OP(WALLIFY) OP(MAP) OP(ROOM_DOOR) OP(REGION) OP(MINERALIZE) OP(CMP)      \
    OP(JMP) OP(JL) OP(JLE) OP(JG) OP(JGE) OP(JE) OP(JNE) OP(SPILL)           \
    OP(TERRAIN) OP(REPLACETERRAIN) OP(EXIT) OP(ENDROOM) OP(POP_CONTAINER)    \
    OP(PUSH) OP(POP) OP(RN2) OP(DEC) OP(INC) OP(MATH_ADD) OP(MATH_SUB)       \
    OP(MATH_MUL) OP(MATH_DIV) OP(MATH_MOD) OP(MATH_SIGN) OP(COPY)            \
    OP(MON_GENERATION) OP(END_MONINVENT) OP(GRAVE) OP(FRAME_PUSH)            \
    OP(FRAME_POP) OP(CALL) OP(RETURN) OP(INITLEVEL) OP(LEVEL_FLAGS)          \
    OP(LEVEL_SOUNDS) OP(WALLWALK) OP(VAR_INIT) OP(SHUFFLE_ARRAY) OP(DICE)    \
    OP(COREFUNC) OP(SEL_ADD) OP(SEL_POINT) OP(SEL_RECT) OP(SEL_FILLRECT)     \
    OP(SEL_LINE) OP(SEL_RNDLINE) OP(SEL_GROW) OP(SEL_FLOOD) OP(SEL_RNDCOORD) \
    OP(SEL_ELLIPSE) OP(SEL_FILTER) OP(SEL_GRADIENT) OP(SEL_COMPLEMENT)

#define CLASSIC_OP_ENUM(name) COP_##name,
typedef enum { CLASSIC_LEV_OPS(CLASSIC_OP_ENUM) COP_COUNT_ } classic_op;
#undef CLASSIC_OP_ENUM

/* Operand tags of PUSH records. */
enum {
    CTAG_NULL = 0, CTAG_INT, CTAG_STRING, CTAG_VARIABLE, CTAG_COORD,
    CTAG_REGION, CTAG_MAPCHAR, CTAG_MONST, CTAG_OBJ, CTAG_SEL
};

typedef struct classic_rec {
    classic_op op;
    int tag;                /* PUSH: CTAG_*; otherwise 0 */
    int64_t value;          /* INT and the packed kinds */
    const char *str;        /* STRING / VARIABLE: len bytes (not NUL-ended) */
    uint32_t len;
    size_t offset;          /* of the record in the file */
} classic_rec;

typedef struct classic_lev {
    classic_game game;
    classic_version version;
    size_t n;
    classic_rec *recs;
    size_t tail;            /* bytes after the last record (never read) */
    unsigned char *bytes;   /* owns the strings */
} classic_lev;

/* The game whose version record opens buf, or CLASSIC_NONE. */
classic_game classic_lev_sniff(const unsigned char *buf, size_t len);

/* Decode and verify a classic level file.  game CLASSIC_NONE recognises
 * it by its version record.  On failure returns NULL with the reason in
 * err.  buf is copied. */
classic_lev *classic_lev_decode(const unsigned char *buf, size_t len,
                                classic_game game, char *err, size_t errlen);
void classic_lev_free(classic_lev *l);

const char *classic_op_name(classic_op op);

/* One record a line: index, name, operand. */
void classic_lev_disasm(FILE *f, const classic_lev *l);

#endif
